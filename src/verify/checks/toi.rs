//! Time of impact (swept SAT and the shape cast) against the exact time.

use super::*;

use crate::core::consts::{CAST_TOLERANCE, TOI_VELOCITY_EPSILON};
use crate::core::shape::Shape;
use crate::core::toi::shape_cast::CastTermination;
use crate::core::toi::swept_sat::SweptTermination;
use glam::DVec2;

/// Error of a reported impact time `t` against the exact sweep: the shapes must not
/// pass through each other before `t` (least gap on [0, t] ≥ −tol) and must touch at
/// `t` (gap ≤ `touch`).
pub(in crate::verify) fn toi_error(toi: &ExactToi, t: f64, touch: f64) -> f64 {
    let before = (-toi.min_until(t)).max(0.0);
    let at = (toi.f(t) - touch).max(0.0);
    before.max(at)
}

/// The largest gap between the projection intervals of A and of B (moved by `v·t`),
/// over the axes swept SAT always tests: every edge normal of both cores, the
/// direction of a 2-vertex core, and, when the relative motion is well above
/// [`TOI_VELOCITY_EPSILON`], the axes across and along it (along only for curved
/// shapes). Radii included. Positive: some axis still separates at `t`.
pub(in crate::verify) fn swept_axes_gap(ex: &Reference, toi: &ExactToi, t: f64) -> f64 {
    let r = ex.ra + ex.rb;
    let mut axes: Vec<DVec2> = ex.na.iter().chain(&ex.nb).copied().collect();
    for core in [&ex.a, &ex.b] {
        if core.len() == 2 {
            axes.push((core[1] - core[0]).normalize_or_zero());
        }
    }
    let speed = toi.v.length();
    if speed > 10.0 * TOI_VELOCITY_EPSILON as f64 * (ex.scale + ex.scale) {
        let u = toi.v / speed;
        axes.push(DVec2::new(-u.y, u.x));
        let curved = r > 0.0 || ex.a.len() == 1 || ex.b.len() == 1;
        if curved {
            axes.push(u);
        }
    }
    let shift = toi.v * t;
    axes.iter()
        .filter(|n| **n != DVec2::ZERO)
        .map(|n| {
            let (a0, a1) =
                ex.a.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        (lo.min(p.dot(*n)), hi.max(p.dot(*n)))
                    });
            let (b0, b1) =
                ex.b.iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                        let d = (*p + shift).dot(*n);
                        (lo.min(d), hi.max(d))
                    });
            (b0 - a1).max(a0 - b1) - r
        })
        .fold(f64::NEG_INFINITY, f64::max)
}

/// The shape cast's size, as `cast.rs` defines it: B's offset in A's frame, both
/// cores' extents (largest coordinate) and the radii.
pub(in crate::verify) fn cast_size(pair: &FuzzPair) -> f64 {
    let extent = |s: &Shape| {
        s.vertices()
            .iter()
            .fold(0.0f32, |m, p| m.max(p.abs().max_element()))
    };
    let b0 = pair.transform_a().inv_mul(&pair.transform_b());
    (b0.p.abs().max_element()
        + extent(&pair.shape_a)
        + extent(&pair.shape_b)
        + pair.shape_a.radius()
        + pair.shape_b.radius()) as f64
}

pub(in crate::verify) fn check_toi(
    sink: &mut Sink,
    pair: &FuzzPair,
    ex: &Reference,
    toi: &ExactToi,
    r: &CoreResults,
) {
    let tol = toi.tolerance;
    let describe = |what: &str, t: f32, term: &str| {
        format!(
            "{what} says {term} at t = {t:.9e}; exact: gap at t = 0 {:.9e}, least gap {:.9e} at \
             t = {:.9e}, first contact {:?}; relative velocity {}",
            toi.f0,
            toi.f_min,
            toi.t_min,
            toi.t_hit,
            fmt_v(toi.v)
        )
    };
    // The shape cast: a hit is "the surfaces came within CAST_TOLERANCE of the cast's
    // size" (its documented stop, 1e-5 of the size; then one conservative linear
    // step), so touching at `t` means a gap up to that (a graze that bottoms out 2.3e-5
    // apart at size 3 is a hit).
    let c = &r.cast;
    let cast_touch = CAST_TOLERANCE as f64 * cast_size(pair);
    let err = match c.termination {
        CastTermination::InitiallyOverlapping => toi.f0.max(0.0),
        CastTermination::Hit => toi_error(toi, c.t as f64, cast_touch),
        CastTermination::MovingApart | CastTermination::SeparatedAtEnd => (-toi.f_min).max(0.0),
        CastTermination::MaxIterations => (-toi.min_until(c.t as f64)).max(0.0),
    };
    sink.record(Check::CastToi, err, tol, || {
        describe("the shape cast", c.t, c.termination.as_str())
    });
    // Swept SAT: exact for sharp shapes with edges. For rounded shapes and points it
    // tests a finite set of axes, which see each arc as a circumscribed polygon, so it
    // may report contact early (by the corner gap, unbounded at a sliver's tip) but
    // never late: there the reference is its own axis set in f64, and at the time it
    // reports every one of those axes must show the intervals meeting.
    let s = &r.swept;
    let sharp = ex.ra == 0.0 && ex.rb == 0.0 && ex.a.len() >= 2 && ex.b.len() >= 2;
    let err = match (s.termination, sharp) {
        (SweptTermination::AlreadyOverlapping, true) => toi.f0.max(0.0),
        (SweptTermination::AlreadyOverlapping, false) => swept_axes_gap(ex, toi, 0.0).max(0.0),
        (SweptTermination::Hit, true) => toi_error(toi, s.t as f64, 0.0),
        (SweptTermination::Hit, false) => {
            let t = s.t as f64;
            (-toi.min_until(t)).max(0.0).max(swept_axes_gap(ex, toi, t))
        }
        (SweptTermination::Miss | SweptTermination::NoRelativeMotion, _) => (-toi.f_min).max(0.0),
    };
    sink.record(Check::SweptToi, err, tol, || {
        describe("swept SAT", s.t, s.termination.as_str())
    });
    // Swept SAT against the cast: sharp moving pairs that both hit after t = 0.
    if sharp
        && toi.v != DVec2::ZERO
        && s.termination == SweptTermination::Hit
        && c.termination == CastTermination::Hit
    {
        let (ts, tc) = (s.t as f64, c.t as f64);
        let apart = (ts - tc).abs() * toi.v.length();
        // The same first contact: close in position, or both touching with no
        // passage through each other between the two times (a grazing contact).
        let grazing = toi
            .f(ts)
            .abs()
            .max((toi.f(tc).abs() - cast_touch).max(0.0))
            .max((-toi.min_between(ts, tc)).max(0.0));
        sink.record(Check::SweptVsCast, apart.min(grazing), tol, || {
            format!(
                "swept SAT hits at t = {ts:.9e}, the shape cast at t = {tc:.9e} ({apart:.3e} \
                 apart along the path); exact gaps there {:.3e} and {:.3e}, first contact {:?}",
                toi.f(ts),
                toi.f(tc),
                toi.t_hit
            )
        });
    }
}
