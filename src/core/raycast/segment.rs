//! A ray against a bare segment (as Box2D's `b2RayCastSegment`, two-sided): the
//! crossing of the segment's line, kept when it falls on the segment; the normal
//! faces the ray's origin.
//!
//! ## Derivation
//! Segment `v0 → v1` (length `ℓ`, unit direction `ê`, normal `n = right_perp(ê)`,
//! the core's edge-0 normal). The ray's line crosses the segment's line where
//! `n·(o + f·d − v0) = 0`, `f = n·(v0 − o) / n·d` (numerator / denominator), at the
//! distance `s = ê·(o + f·d − v0)` along it; the crossing counts when
//! `0 ≤ s ≤ ℓ`. The normal is `n` when the origin lies on `n`'s side (numerator
//! < 0), else `−n` (feature `Side(0)` or `Side(1)`).
//!
//! A segment has no interior: the line enters and leaves it at the same point. The
//! origin is on the boundary when it lies on the segment (numerator 0, `s` in
//! range); per the module's conventions a ray starting there misses unless it runs
//! along the segment.
//!
//! **Collinear** (`n·d = 0` and numerator 0): Box2D calls every parallel ray a
//! miss. Here the line lies along the segment: it enters at the end it meets first
//! (feature `Vertex(i)`, normal `−d̂`, the end seen head-on) and leaves at the
//! other. Parallel but not collinear: a miss.

use super::local::{Crossing, LineSpan, LocalRay, Normal};
use super::point::Side;
use super::trace::FlatRecord;
use super::types::{RayCastOutput, RayFeature};
use crate::core::record::Record;
use crate::core::shape::Shape;
use glam::Vec2;

/// A ray against a segment (a two-vertex core, radius 0).
#[inline(never)]
pub(super) fn ray_segment(
    ray: &LocalRay,
    shape: &Shape,
    mut record: Option<&mut Vec<FlatRecord>>,
) -> RayCastOutput {
    let (v, n) = (shape.vertices(), shape.normals());
    let (v0, v1) = (v[0], v[1]);
    let e = v1 - v0;
    let len = e.length();
    let unit = e / len;
    let numerator = n[0].dot(v0 - ray.origin);
    let denominator = n[0].dot(ray.translation);
    if denominator == 0.0 {
        return if numerator == 0.0 {
            collinear(ray, v0, v1)
        } else {
            record.record(|rec| {
                push(ray, rec, shape, denominator, None, None);
            });
            ray.missed()
        };
    }
    let f = numerator / denominator;
    let along = unit.dot(ray.at(f) - v0);
    let on = (0.0..=len).contains(&along);
    record.record(|rec| {
        push(ray, rec, shape, denominator, Some(f), Some(along / len));
    });
    if !on {
        return ray.missed();
    }
    let k = usize::from(numerator > 0.0);
    let crossing = Crossing {
        fraction: f,
        feature: RayFeature::Side(k),
        normal: Normal::Flat(n[k]),
    };
    let side = if numerator == 0.0 {
        Side::Boundary
    } else {
        Side::Outside
    };
    let span = LineSpan {
        enter: Some(crossing),
        exit: Some(crossing),
    };
    ray.finish(side, &span)
}

/// The ray's line lies along the segment: in at the nearer end, out at the farther.
fn collinear(ray: &LocalRay, v0: Vec2, v1: Vec2) -> RayCastOutput {
    let dd = ray.translation.length_squared();
    let u = ray.translation / ray.length();
    let f0 = (v0 - ray.origin).dot(ray.translation) / dd;
    let f1 = (v1 - ray.origin).dot(ray.translation) / dd;
    let end = |f: f32, i: usize, n: Vec2| Crossing {
        fraction: f,
        feature: RayFeature::Vertex(i),
        normal: Normal::Flat(n),
    };
    let (enter, exit) = if f0 <= f1 {
        (end(f0, 0, -u), end(f1, 1, u))
    } else {
        (end(f1, 1, -u), end(f0, 0, u))
    };
    let side = if enter.fraction <= 0.0 && exit.fraction >= 0.0 {
        Side::Boundary
    } else {
        Side::Outside
    };
    let span = LineSpan {
        enter: Some(enter),
        exit: Some(exit),
    };
    ray.finish(side, &span)
}

fn push(
    ray: &LocalRay,
    rec: &mut Vec<FlatRecord>,
    shape: &Shape,
    denominator: f32,
    fraction: Option<f32>,
    along: Option<f32>,
) {
    let xf = &ray.input.transform;
    let v = shape.vertices();
    rec.push(FlatRecord {
        feature: RayFeature::Side(0),
        a: xf.apply(v[0]),
        b: xf.apply(v[1]),
        normal: xf.q.apply(shape.normals()[0]),
        denominator,
        fraction,
        along,
        counts: along.is_some_and(|t| (0.0..=1.0).contains(&t)),
    });
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{
        ray_cast, RayCastInput, RayCastOutput, RayFeature, RayInput, RayTermination,
    };
    use crate::core::shape::Shape;
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn cast(o: Vec2, d: Vec2) -> RayCastOutput {
        let s = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        ray_cast(
            &RayCastInput::new(&s, Transform::new(v(0.0, 1.0), 0.0), RayInput::new(o, d)),
            None,
        )
    }

    #[test]
    fn both_sides() {
        let from_above = cast(v(0.5, 3.0), v(0.0, -4.0));
        assert_eq!(from_above.termination, RayTermination::Hit);
        assert_eq!((from_above.fraction, from_above.normal), (0.5, v(0.0, 1.0)));
        assert_eq!(from_above.feature, RayFeature::Side(1));
        let from_below = cast(v(0.5, -1.0), v(0.0, 4.0));
        assert_eq!(
            (from_below.fraction, from_below.normal),
            (0.5, v(0.0, -1.0))
        );
        assert_eq!(from_below.feature, RayFeature::Side(0));
    }

    #[test]
    fn through_an_end_and_past_it() {
        let end = cast(v(1.0, 3.0), v(0.0, -4.0));
        assert_eq!(end.termination, RayTermination::Hit);
        assert_eq!(
            cast(v(1.0001, 3.0), v(0.0, -4.0)).termination,
            RayTermination::Missed
        );
    }

    #[test]
    fn collinear_rays_meet_the_near_end() {
        let out = cast(v(-3.0, 1.0), v(4.0, 0.0));
        assert_eq!(
            (out.termination, out.feature),
            (RayTermination::Hit, RayFeature::Vertex(0))
        );
        assert_eq!((out.fraction, out.normal), (0.5, v(-1.0, 0.0)));
        let back = cast(v(3.0, 1.0), v(-4.0, 0.0));
        assert_eq!(back.feature, RayFeature::Vertex(1));
        // Parallel, off the line: a miss.
        assert_eq!(
            cast(v(-3.0, 1.5), v(4.0, 0.0)).termination,
            RayTermination::Missed
        );
    }

    #[test]
    fn starting_on_the_segment() {
        // Leaving it: a miss (it touches only at its origin).
        let off = cast(v(0.0, 1.0), v(0.0, 1.0));
        assert_eq!(off.termination, RayTermination::Missed);
        assert!(!off.inside);
        // Along it: a hit at 0.
        let along = cast(v(0.0, 1.0), v(1.0, 0.0));
        assert_eq!(
            (along.termination, along.fraction),
            (RayTermination::Hit, 0.0)
        );
    }
}
