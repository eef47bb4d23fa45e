//! A ray against a capsule (as Box2D's `b2RayCastCapsule`): the two sides first,
//! then a cap when the line meets the sides' band beyond an end of the core.
//!
//! ## Derivation
//! Core `v0 → v1` (length `ℓ`, unit axis `a`, side-0 normal `n = right_perp(a)`),
//! radius `r`. In the core's coordinates the origin is at `h0 = n·(o − v0)` across
//! and `a0 = a·(o − v0)` along; the ray moves by `dn = n·d` across and `da = a·d`
//! along per unit fraction. The capsule lies in the band `|h| ≤ r` (the infinite
//! capsule); the line is in the band for `f` between the crossings of the two side
//! lines, `(±r − h0)/dn` — entering through side 0 (`h = +r`) when `dn < 0`,
//! through side 1 when `dn > 0`. Parallel (`dn = 0`): the whole line is in the band
//! if `|h0| ≤ r`, else it misses.
//!
//! Where the line enters the band, its position along the axis is
//! `a_in = a0 + f_in·da`:
//! - `0 ≤ a_in ≤ ℓ`: that point is on the capsule's side, and every earlier point of
//!   the line is outside the band: the entry is there (feature `Side(k)`);
//! - `a_in < 0`: the line enters the band behind `v0`. The capsule's part of the band
//!   behind `v0` is cap 0's half-disc, and the line cannot reach the straight part
//!   without first crossing the segment `a = 0, |h| ≤ r`, which lies inside cap 0's
//!   disc. So the entry is cap 0's (`b2RayCastCircle` on `v0`), and if the line
//!   misses that disc it misses the capsule;
//! - `a_in > ℓ`: the same with cap 1.
//!
//! A parallel line in the band enters through the cap it comes from (cap 0 when
//! `da > 0`). The exit is the same reasoning run backwards (where the line leaves the
//! band), so a ray starting inside learns where it leaves; from outside, with the
//! entry ahead, it is not needed and not computed (unless tracing). The origin's side
//! comes from the same coordinates: `|h0|` between the ends, the distance to the
//! nearer end's centre beyond them, against `r`. Box2D gives up on a ray
//! within `FLT_EPSILON` of parallel that starts outside the band; here the band's
//! crossings are computed for any `dn ≠ 0` (they may be far away, or infinite, and
//! are then compared, never used as points).

use super::circle::circle_span;
use super::local::{Crossing, LineSpan, LocalRay, Normal};
use super::point::Side;
use super::trace::{CircleRecord, FlatRecord};
use super::types::{RayCastOutput, RayFeature};
use crate::core::record::Record;
use crate::core::shape::Shape;
use glam::Vec2;

/// The trace lists a capsule fills.
pub(super) type CapsuleRecords<'t> = Option<(&'t mut Vec<CircleRecord>, &'t mut Vec<FlatRecord>)>;

/// Which end of the band crossing: the entry or the exit.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    Enter,
    Exit,
}

/// A ray against a capsule (a two-vertex core grown by a radius > 0).
#[inline(never)]
pub(super) fn ray_capsule(ray: &LocalRay, shape: &Shape, records: CapsuleRecords) -> RayCastOutput {
    let (mut circles, mut flats) = records.unzip();
    let band = Band::new(ray, shape);
    if band.dn == 0.0 && band.h0.abs() > band.r {
        // Parallel to the axis, outside the band: no point of the line is in it.
        return ray.missed();
    }
    let side = band.side();
    let Some(enter) = band_end(ray, &band, End::Enter, &mut circles, &mut flats) else {
        // A cap missed: the line misses the capsule.
        return ray.missed();
    };
    // From outside, an entry ahead is the answer: the exit is not needed. A trace
    // still records where the line leaves, but the answer must not depend on it:
    // for a line nearly along the axis, the far cap's circle can be judged missed by
    // rounding, and the traced cast would then say "miss" where the untraced one hits.
    let exit = if side == Side::Outside && enter.fraction >= 0.0 {
        if flats.is_some() {
            let _recorded = band_end(ray, &band, End::Exit, &mut circles, &mut flats);
        }
        Some(enter)
    } else {
        band_end(ray, &band, End::Exit, &mut circles, &mut flats)
    };
    let span = LineSpan {
        enter: Some(enter),
        exit,
    };
    ray.finish(side, &span)
}

/// The capsule's geometry in the core's coordinates, and the ray's in them.
struct Band {
    v: [Vec2; 2],
    n: [Vec2; 2],
    r: f32,
    len: f32,
    /// Origin across (`h0`) and along (`a0`); motion across (`dn`) and along (`da`).
    h0: f32,
    a0: f32,
    dn: f32,
    da: f32,
}

impl Band {
    fn new(ray: &LocalRay, shape: &Shape) -> Band {
        let (v, n) = (shape.vertices(), shape.normals());
        let e = v[1] - v[0];
        let len = e.length();
        let axis = e / len;
        let q = ray.origin - v[0];
        Band {
            v: [v[0], v[1]],
            n: [n[0], n[1]],
            r: shape.radius(),
            len,
            h0: n[0].dot(q),
            a0: axis.dot(q),
            dn: n[0].dot(ray.translation),
            da: axis.dot(ray.translation),
        }
    }

    /// The origin's side, from the coordinates already at hand: its distance across
    /// (`|h0|`) between the ends, to the nearer end's centre beyond them (the point
    /// query's test, `point.rs`, without its division).
    fn side(&self) -> Side {
        let dd = if self.a0 < 0.0 {
            self.h0 * self.h0 + self.a0 * self.a0
        } else if self.a0 > self.len {
            let beyond = self.a0 - self.len;
            self.h0 * self.h0 + beyond * beyond
        } else {
            self.h0 * self.h0
        };
        let rr = self.r * self.r;
        if dd > rr {
            Side::Outside
        } else if dd == rr {
            Side::Boundary
        } else {
            Side::Inside
        }
    }

    /// The side line crossed at `end` and the fraction there (`None` when parallel).
    fn side_crossing(&self, end: End) -> Option<(usize, f32)> {
        if self.dn == 0.0 {
            return None;
        }
        // Entering through side 0 (h = +r) when moving against n, through side 1
        // (h = −r) otherwise; leaving through the other one.
        let k = usize::from((self.dn > 0.0) == (end == End::Enter));
        let h = if k == 0 { self.r } else { -self.r };
        Some((k, (h - self.h0) / self.dn))
    }
}

/// Where the line enters (or leaves) the capsule: on a side, or through a cap.
fn band_end(
    ray: &LocalRay,
    band: &Band,
    end: End,
    circles: &mut Option<&mut Vec<CircleRecord>>,
    flats: &mut Option<&mut Vec<FlatRecord>>,
) -> Option<Crossing> {
    let crossing = band.side_crossing(end);
    // Position along the axis where the line crosses the band's edge (the whole line
    // is in the band when parallel: it comes from the far end of the motion).
    let along = match crossing {
        Some((_, f)) => band.a0 + f * band.da,
        None if (band.da > 0.0) == (end == End::Enter) => f32::NEG_INFINITY,
        None => f32::INFINITY,
    };
    if let Some((k, f)) = crossing {
        flats.record(|rec| record_side(ray, band, k, f, along, rec));
    }
    let cap = if along < 0.0 {
        0
    } else if along > band.len {
        1
    } else {
        // On the side: crossing is Some here (a parallel line's `along` is infinite).
        let (k, f) = crossing?;
        return Some(Crossing {
            fraction: f,
            feature: RayFeature::Side(k),
            normal: Normal::Flat(band.n[k]),
        });
    };
    let (c_in, c_out) = circle_span(
        ray,
        band.v[cap],
        band.r,
        RayFeature::Cap(cap),
        circles.as_deref_mut(),
    )?;
    Some(if end == End::Enter { c_in } else { c_out })
}

/// Records side `k`'s crossing at fraction `f`, `along` the axis.
fn record_side(
    ray: &LocalRay,
    band: &Band,
    k: usize,
    f: f32,
    along: f32,
    rec: &mut Vec<FlatRecord>,
) {
    let xf = &ray.input.transform;
    let offset = band.r * band.n[k];
    let t = along / band.len;
    rec.push(FlatRecord {
        feature: RayFeature::Side(k),
        a: xf.apply(band.v[0] + offset),
        b: xf.apply(band.v[1] + offset),
        normal: xf.q.apply(band.n[k]),
        denominator: band.n[k].dot(ray.translation),
        fraction: Some(f),
        along: Some(t),
        counts: (0.0..=1.0).contains(&t),
    });
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{
        ray_cast, RayCastInput, RayCastOutput, RayFeature, RayInput, RayMethod, RayTermination,
        RayTrace,
    };
    use crate::core::shape::Shape;
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn cap() -> Shape {
        Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5).unwrap()
    }

    fn cast(o: Vec2, d: Vec2) -> RayCastOutput {
        ray_cast(
            &RayCastInput::new(&cap(), Transform::IDENTITY, RayInput::new(o, d)),
            None,
        )
    }

    #[test]
    fn sides() {
        let top = cast(v(0.3, 2.0), v(0.0, -2.0));
        assert_eq!(
            (top.termination, top.feature),
            (RayTermination::Hit, RayFeature::Side(1))
        );
        assert!((top.fraction - 0.75).abs() < 1e-6 && top.normal == v(0.0, 1.0));
        let bottom = cast(v(0.3, -2.0), v(0.0, 2.0));
        assert_eq!(bottom.feature, RayFeature::Side(0));
        assert!((bottom.point - v(0.3, -0.5)).length() < 1e-6);
    }

    #[test]
    fn caps() {
        // Along the axis: cap 1 at x = 1.5.
        let end = cast(v(3.0, 0.0), v(-2.0, 0.0));
        assert_eq!(end.feature, RayFeature::Cap(1));
        assert!((end.fraction - 0.75).abs() < 1e-6 && end.normal == v(1.0, 0.0));
        // Down onto cap 0, off the side's range: x = −1.3, the cap's y = 0.4.
        let corner = cast(v(-1.3, 2.0), v(0.0, -2.0));
        assert_eq!(corner.feature, RayFeature::Cap(0));
        assert!((corner.point - v(-1.3, 0.4)).length() < 1e-6, "{corner:?}");
        assert!((corner.normal - v(-0.6, 0.8)).length() < 1e-6);
    }

    #[test]
    fn in_the_band_behind_a_cap_missing_it() {
        // Starts in the band behind v0 and runs away: misses.
        let away = cast(v(-3.0, 0.2), v(-1.0, 0.3));
        assert_eq!(away.termination, RayTermination::Missed);
        // Parallel to the axis, just outside the band: misses; just inside: cap 0.
        assert_eq!(
            cast(v(-3.0, 0.5001), v(6.0, 0.0)).termination,
            RayTermination::Missed
        );
        let grazing = cast(v(-3.0, 0.4), v(6.0, 0.0));
        assert_eq!(grazing.feature, RayFeature::Cap(0));
    }

    #[test]
    fn nearly_parallel_from_outside_the_band() {
        // dn = 6e-8 per unit fraction: the band is entered at f = 0.1/6e-8 ≈ 1.7e6,
        // far beyond the ray, behind cap 1, whose disc the line misses.
        assert_eq!(
            cast(v(-3.0, 0.6), v(6.0, -6.0e-8)).termination,
            RayTermination::Missed
        );
        // From 1e6 away the direction is within 1e-7 of the axis: Box2D calls that
        // parallel (|den| < FLT_EPSILON) and misses; the line enters the band at
        // f = 1, x = 0, on the top side.
        let mut ray = RayInput::new(v(-1.0e6, 0.6), v(1.0e6, -1.0e-1));
        ray.max_fraction = 2.0;
        let out = ray_cast(&RayCastInput::new(&cap(), Transform::IDENTITY, ray), None);
        assert_eq!(out.termination, RayTermination::Hit, "{out:?}");
        assert_eq!(out.feature, RayFeature::Side(1));
    }

    #[test]
    fn inside_leaves_through_a_cap() {
        let out = cast(v(0.0, 0.0), v(4.0, 0.0));
        assert_eq!(out.termination, RayTermination::Inside);
        assert!((out.exit_fraction.unwrap() - 0.375).abs() < 1e-6);
    }

    #[test]
    fn trace_shows_sides_and_caps() {
        let mut trace = RayTrace::default();
        let s = cap();
        let input = RayCastInput::new(
            &s,
            Transform::IDENTITY,
            RayInput::new(v(-1.3, 2.0), v(0.0, -4.0)),
        );
        ray_cast(&input, Some(&mut trace));
        assert_eq!(trace.method, RayMethod::Capsule);
        assert_eq!(trace.flats.len(), 2);
        assert!(trace.flats.iter().all(|f| !f.counts));
        assert_eq!(trace.circles.len(), 2);
        assert_eq!(trace.circles[0].feature, RayFeature::Cap(0));
    }
}
