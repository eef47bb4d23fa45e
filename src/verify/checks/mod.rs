//! The checks: each compares one core result with the exact reference (or with the
//! core itself, for symmetry) and reports its worst error against its tolerance.

use super::*;
use crate::core::consts::{
    DEFAULT_CAST_MAX_ITERATIONS, DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_GJK_MAX_ITERATIONS,
};
use crate::core::epa::{EpaTermination, PenetrationOutput};
use crate::core::gjk::{DistanceOutput, GjkTermination};
use crate::core::manifold::ManifoldSource;
use crate::core::toi::shape_cast::CastTermination;
use crate::scene::Settings;
use glam::{DVec2, Vec2};

mod contacts;
mod queries;
mod rays;
mod toi;
mod toi_rotating;

use contacts::{check_clip, check_manifold};
use queries::{check_distance, check_penetration, check_sat};
pub use rays::{
    check_rays, check_rays_of, empty_ray_stats, judge_ray, RayClassStats, RayJudgement,
    RAY_NORMAL_TOLERANCE,
};
use toi::check_toi;
use toi_rotating::check_toi_rotating;
pub use toi_rotating::{
    describe_rotating, judge_rotating, overlap_tolerance, RotatingAnswer, RotatingClass,
    RotatingVerdict,
};

/// One check's verdict on one pair: the worst error of its conditions, against the
/// tolerance of that condition. `detail` is written only for failures.
#[derive(Clone, Debug)]
pub struct Measure {
    pub check: Check,
    pub error: f64,
    pub tolerance: f64,
    /// Expected and actual numbers, in words (failures only).
    pub detail: Option<String>,
    /// The manifold source, for manifold checks (the scene's view).
    pub manifold_source: Option<ManifoldSource>,
}

impl Measure {
    /// Error over tolerance (∞ for NaN: a NaN error is a failure).
    pub fn ratio(&self) -> f64 {
        let r = self.error / self.tolerance;
        if r.is_nan() {
            f64::INFINITY
        } else {
            r
        }
    }

    pub fn failed(&self) -> bool {
        exceeds(self.error, self.tolerance)
    }
}

/// True when `error` is beyond `tolerance`, or NaN (a NaN error is a failure).
pub(super) fn exceeds(error: f64, tolerance: f64) -> bool {
    error.is_nan() || error > tolerance
}

/// Collects measures, one per check (the worst condition wins).
pub(super) struct Sink {
    pub(super) measures: Vec<Measure>,
    pub(super) source: Option<ManifoldSource>,
}

impl Sink {
    fn record(
        &mut self,
        check: Check,
        error: f64,
        tolerance: f64,
        detail: impl FnOnce() -> String,
    ) {
        let failed = exceeds(error, tolerance);
        let m = Measure {
            check,
            error: if error.is_nan() { f64::INFINITY } else { error },
            tolerance,
            detail: failed.then(detail),
            manifold_source: self.source,
        };
        match self.measures.iter_mut().find(|x| x.check == check) {
            Some(old) => {
                // A failure beats a pass; among equals, the larger ratio.
                if (m.failed() && !old.failed())
                    || (m.failed() == old.failed() && m.ratio() > old.ratio())
                {
                    *old = m;
                }
            }
            None => self.measures.push(m),
        }
    }

    /// A condition that holds or not (error 1 against tolerance 0.5 when it fails).
    fn require(&mut self, check: Check, ok: bool, detail: impl FnOnce() -> String) {
        self.record(check, if ok { 0.0 } else { 1.0 }, 0.5, detail);
    }
}

pub(super) fn f(v: Vec2) -> DVec2 {
    v.as_dvec2()
}

pub(super) fn fmt_v(v: DVec2) -> String {
    format!("({:.9e}, {:.9e})", v.x, v.y)
}

/// Checks the core's results for `pair` against the exact reference. Returns one
/// measure per applicable check (pass or fail). `results` may be anything (the tests
/// feed deliberately wrong ones).
pub fn check_pair(
    pair: &FuzzPair,
    reference: &Reference,
    toi: &ExactToi,
    results: &CoreResults,
    settings: &Settings,
) -> Vec<Measure> {
    let mut sink = Sink {
        measures: Vec::with_capacity(Check::ALL.len()),
        source: None,
    };
    let ex = reference;
    check_finite(&mut sink, results);
    check_distance(&mut sink, ex, results);
    check_penetration(&mut sink, ex, results);
    check_sat(&mut sink, pair, ex, &results.sat, settings.sat_bias);
    sink.source = Some(ManifoldSource::Epa);
    check_manifold(&mut sink, ex, &results.manifold_epa, settings, "epa");
    sink.source = Some(ManifoldSource::Sat);
    check_manifold(&mut sink, ex, &results.manifold_sat, settings, "sat");
    sink.source = None;
    if let Some(clip) = &results.clip {
        check_clip(&mut sink, ex, clip);
    }
    check_symmetry(&mut sink, ex, results);
    check_termination(&mut sink, pair, toi, results);
    check_toi(&mut sink, pair, ex, toi, results);
    if let Some(o) = &results.rotating {
        check_toi_rotating(&mut sink, pair, ex, o);
    }
    sink.measures
}

pub(super) fn check_finite(sink: &mut Sink, r: &CoreResults) {
    let mut bad: Vec<&str> = Vec::new();
    let d = &r.distance;
    let ok_v = |v: Vec2| v.is_finite();
    let dist_ok = |d: &DistanceOutput| {
        d.distance.is_finite()
            && ok_v(d.point_a)
            && ok_v(d.point_b)
            && d.normal.is_none_or(ok_v)
            && d.core_distance.is_finite()
    };
    if !dist_ok(d) {
        bad.push("distance");
    }
    if !dist_ok(&r.distance_swapped) {
        bad.push("distance (swapped)");
    }
    let pen_ok = |p: &Option<PenetrationOutput>| {
        p.is_none_or(|p| {
            p.depth.is_finite() && ok_v(p.normal) && ok_v(p.point_a) && ok_v(p.point_b)
        })
    };
    if !pen_ok(&r.penetration) {
        bad.push("penetration");
    }
    if !pen_ok(&r.penetration_swapped) {
        bad.push("penetration (swapped)");
    }
    if !(r.sat.separation.is_finite() && ok_v(r.sat.normal)) {
        bad.push("sat");
    }
    for (name, m) in [
        ("manifold (epa)", &r.manifold_epa),
        ("manifold (sat)", &r.manifold_sat),
    ] {
        let ok = ok_v(m.normal)
            && m.points()
                .iter()
                .all(|p| ok_v(p.point_a) && ok_v(p.point_b) && p.separation.is_finite());
        if !ok {
            bad.push(name);
        }
    }
    if let Some(c) = &r.clip {
        if !(c.area.is_finite() && c.polygon.iter().all(|p| p.is_finite())) {
            bad.push("clip");
        }
    }
    let s = &r.swept;
    if !(s.t.is_finite() && ok_v(s.normal) && s.point.is_none_or(ok_v) && s.depth.is_finite()) {
        bad.push("swept sat");
    }
    let c = &r.cast;
    if !(c.t.is_finite() && ok_v(c.point) && ok_v(c.normal) && c.distance.is_finite()) {
        bad.push("cast");
    }
    if let Some(o) = &r.rotating {
        if !(o.t.is_finite() && ok_v(o.point) && ok_v(o.normal)) {
            bad.push("rotating toi");
        }
    }
    sink.require(Check::Finite, bad.is_empty(), || {
        format!("non-finite numbers in: {}", bad.join(", "))
    });
}

pub(super) fn check_symmetry(sink: &mut Sink, ex: &Reference, r: &CoreResults) {
    let tol = ex.length_tolerance();
    let (d1, d2) = (&r.distance, &r.distance_swapped);
    // Each order is within the tolerance of the exact value, so the two can differ by
    // twice it (a huge box and a tiny polygon 8.3e-5 apart: 1.75e-4 one way, touching
    // the other, both inside GJK's resolution of 1e-6 of the size).
    sink.record(
        Check::Symmetry,
        (d1.distance as f64 - d2.distance as f64).abs(),
        2.0 * tol,
        || {
            format!(
                "distance(A, B) {:.9e} but distance(B, A) {:.9e}",
                d1.distance, d2.distance
            )
        },
    );
    if ex.core_signed > tol {
        if let (Some(n1), Some(n2), Some((p, q))) = (d1.normal, d2.normal, ex.closest) {
            let atol = 2.0 * (gjk_normal_tolerance() + tol / (q - p).length());
            if atol < 1.0 {
                let err = angle_between(f(n1), -f(n2));
                sink.record(Check::Symmetry, err, atol, || {
                    format!(
                        "GJK normal(A, B) {} is {err:.3e} rad from minus normal(B, A) {}",
                        fmt_v(f(n1)),
                        fmt_v(f(n2))
                    )
                });
            }
        }
    }
    let depth = ex.depth();
    let dtol = ex.depth_tolerance(depth);
    match (&r.penetration, &r.penetration_swapped) {
        (Some(p1), Some(p2)) => {
            sink.record(
                Check::Symmetry,
                (p1.depth as f64 - p2.depth as f64).abs(),
                2.0 * dtol,
                || {
                    format!(
                        "depth(A, B) {:.9e} but depth(B, A) {:.9e} (exact {depth:.9e})",
                        p1.depth, p2.depth
                    )
                },
            );
            if depth > tol && ex.core_signed < -tol {
                if let Some(n0) = ex.normal {
                    if !ex.normal_is_tie(n0, depth + dtol) {
                        let err = angle_between(f(p1.normal), -f(p2.normal));
                        sink.record(Check::Symmetry, err, 2.0 * NORMAL_TOLERANCE, || {
                            format!(
                                "EPA normal(A, B) {} is {err:.3e} rad from minus normal(B, A) {}",
                                fmt_v(f(p1.normal)),
                                fmt_v(f(p2.normal))
                            )
                        });
                    }
                }
            }
        }
        (Some(p), None) | (None, Some(p)) => {
            sink.record(Check::Symmetry, p.depth as f64, dtol, || {
                format!(
                    "one order finds a penetration of depth {:.9e}, the other none (exact \
                     depth {depth:.9e})",
                    p.depth
                )
            });
        }
        (None, None) => {}
    }
}

pub(super) fn check_termination(sink: &mut Sink, pair: &FuzzPair, toi: &ExactToi, r: &CoreResults) {
    let family = pair.family;
    for (name, d) in [
        ("distance", &r.distance),
        ("swapped distance", &r.distance_swapped),
    ] {
        let ok = d.iterations <= DEFAULT_GJK_MAX_ITERATIONS
            && (d.termination != GjkTermination::MaxIterations
                || bound_allowed(family, Bound::GjkMaxIterations));
        sink.require(Check::Termination, ok, || {
            format!(
                "GJK ({name}) stopped on {} after {} iterations (bound {DEFAULT_GJK_MAX_ITERATIONS})",
                d.termination.as_str(),
                d.iterations
            )
        });
    }
    for (name, p) in [("A, B", &r.penetration), ("B, A", &r.penetration_swapped)] {
        if let Some(p) = p {
            let ok = p.iterations <= DEFAULT_EPA_MAX_ITERATIONS
                && (p.termination != EpaTermination::MaxIterations
                    || bound_allowed(family, Bound::EpaMaxIterations))
                && (p.gjk_termination != GjkTermination::MaxIterations
                    || bound_allowed(family, Bound::GjkMaxIterations));
            sink.require(Check::Termination, ok, || {
                format!(
                    "EPA ({name}) stopped on {} after {} iterations (bound \
                     {DEFAULT_EPA_MAX_ITERATIONS}), its GJK on {}",
                    p.termination.as_str(),
                    p.iterations,
                    p.gjk_termination.as_str()
                )
            });
        }
    }
    let c = &r.cast;
    let grazing =
        toi.incidence.is_some_and(|i| i < GRAZING_COSINE) || toi.f_min.abs() <= toi.tolerance;
    let ok = c.iterations <= DEFAULT_CAST_MAX_ITERATIONS
        && (c.termination != CastTermination::MaxIterations
            || grazing
            || bound_allowed(family, Bound::CastMaxIterations));
    sink.require(Check::Termination, ok, || {
        format!(
            "shape cast stopped on {} after {} iterations (bound {DEFAULT_CAST_MAX_ITERATIONS}); \
             exact closing cosine at contact {:?}, least gap {:.3e}",
            c.termination.as_str(),
            c.iterations,
            toi.incidence,
            toi.f_min
        )
    });
}
