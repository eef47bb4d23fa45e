//! The general ray cast, for any shape with a support map: Gino van den Bergen's
//! GJK ray cast ("Ray Casting against General Convex Objects with Application to
//! Continuous Collision Detection", 2004) — conservative advancement of the point
//! `x = o + λ·d` along the ray, with a GJK simplex of the shape's core points. It is
//! what parry's `ray_toi_with_support_map` runs, and what Box2D's `b2ShapeCast` does
//! with a point as the second shape (Box2D's ray cast against a rounded polygon).
//!
//! ## Derivation
//! Keep a simplex `P` (1 to 3 core points). Each iteration:
//! 1. Reduce `P` to the feature nearest `x` (GJK's Solve2/Solve3 on the points
//!    `x − p`), giving the closest point `c` and `v = x − c`. A triangle around `x`:
//!    `x` is in the core. `|v| ≤ r + ε`: `x` is in the shape to within the tolerance
//!    ε — stop: a hit at λ (or, at λ = 0, an origin in the shape).
//! 2. Take the core's support point `p` along `v̂` (towards `x`). The shape's support
//!    line along `v̂` is `v̂·y = v̂·p + r`: the whole shape lies behind it. `x` lies in
//!    front of it by `gap = v̂·(x − p) − r`.
//! 3. If `gap > 0` the line separates `x` from the shape. If the ray runs parallel to
//!    it or away (`v̂·d ≥ 0`) it never crosses it: a miss. Otherwise it crosses it at
//!    `λ' = λ + gap / (−v̂·d)`; no point of the ray before `λ'` can be in the shape (it
//!    is in front of the line): advance `λ` to `λ'` (past the ray's end: a miss). The
//!    line's normal `v̂` is the normal at the hit if the march stops there.
//! 4. Add `p` to `P`. If `p` is already in `P` and nothing advanced, the distance
//!    cannot shrink any further: a hit here (rounding has stopped the march within a
//!    few ulps of the surface).
//!
//! Every advance is safe, so the march never passes the surface; the distance
//! `|v|` from `x` to the core shrinks to `r` (a face is reached in one advance, its
//! plane being the last support line; an arc to within ε, converging fast except for
//! a ray that grazes it). The radius enters only through the support line's offset,
//! so a rounded shape costs no more than its core. When the march stops on a rounded
//! corner, the last gap (under ε) is closed exactly on that corner's circle
//! (`march.rs`, `Marcher::polish`).
//!
//! ## An origin in the shape
//! When the march stops at λ = 0 the origin is in the shape (to within ε). Two more
//! marches then tell where the line leaves and enters it, as parry's `solid = false`
//! does: the ray reversed from its end (`GjkMarch::Exit`: the exit is the end minus
//! that march's λ; none if the end is in the shape too) and the line from beyond the
//! bounding disc behind the origin (`GjkMarch::Entry`). With the lengths along the
//! ray measured against ε:
//! - the ray leaves within ε: the origin is on the boundary and the ray leaves at
//!   once: a miss;
//! - the line enters within ε of the origin: on the boundary, running in: a hit at 0,
//!   with the entry march's normal and feature;
//! - otherwise the origin is inside: no hit, the exit fraction.

use super::local::LocalRay;
use super::march::{march, Recorder};
use super::trace::{GjkMarch, GjkRayStep, GjkRayStop};
use super::types::{RayCastOutput, RayTermination};
use crate::core::consts::{RAY_GJK_TOLERANCE, RAY_REACH_MARGIN};

/// The GJK ray cast of a (moving) ray.
pub(super) fn ray_gjk(ray: &LocalRay, mut rec: Option<&mut Vec<GjkRayStep>>) -> RayCastOutput {
    let shape = ray.input.shape;
    let xf = ray.input.transform;
    let tol = RAY_GJK_TOLERANCE * (shape.bounding_radius() + ray.origin.length());
    let max = ray.input.max_iterations.max(1);
    let (o, d, end) = (ray.origin, ray.translation, ray.end());
    let fwd = march(
        shape,
        GjkMarch::Forward,
        o,
        d,
        end,
        tol,
        max,
        rec.as_deref_mut().map(|r| (r, xf)),
    );
    let mut out = match fwd.stop {
        GjkRayStop::MovingAway | GjkRayStop::PastEnd => ray.missed(),
        GjkRayStop::MaxIterations => ray.stopped(fwd.lambda, RayTermination::MaxIterations),
        _ if fwd.lambda > 0.0 => ray.hit(fwd.lambda, fwd.feature, fwd.normal, None),
        _ => return in_shape(ray, end, tol, max, fwd.iterations, rec.map(|r| (r, xf))),
    };
    out.iterations = fwd.iterations;
    out
}

/// The forward march stopped at λ = 0: inside, or on the boundary (see the module
/// docs). `spent`: iterations so far.
fn in_shape(
    ray: &LocalRay,
    end: f32,
    tol: f32,
    max: u32,
    spent: u32,
    mut rec: Recorder,
) -> RayCastOutput {
    let shape = ray.input.shape;
    let (o, d) = (ray.origin, ray.translation);
    let mut iterations = spent;
    // Where the ray leaves: reversed from its end.
    let exit = if end > 0.0 {
        let back = march(
            shape,
            GjkMarch::Exit,
            ray.at(end),
            -d,
            end,
            tol,
            max,
            reborrow(&mut rec),
        );
        iterations += back.iterations;
        match back.stop {
            _ if back.on_shape() && back.lambda == 0.0 => None,
            GjkRayStop::MovingAway | GjkRayStop::PastEnd => Some(0.0),
            _ => Some(end - back.lambda),
        }
    } else {
        Some(0.0)
    };
    let length = ray.length();
    let along = |f: f32| f * length;
    let mut out = if exit.is_some_and(|x| along(x) <= tol) {
        ray.missed()
    } else {
        // Where the line enters: from beyond the bounding disc behind the origin. The
        // entry is at most `behind` (the origin is in the shape); the march may go
        // up to twice as far so that rounding at the origin does not end it.
        let behind = (o.length() + shape.bounding_radius()) / length * (1.0 + RAY_REACH_MARGIN);
        let entry = march(
            shape,
            GjkMarch::Entry,
            o - behind * d,
            d,
            2.0 * behind,
            tol,
            max,
            rec,
        );
        iterations += entry.iterations;
        // Off the shape (only rounding at an origin on the boundary can do that) or
        // entering within the tolerance of the origin: on the boundary, running in.
        if !entry.on_shape() || along(entry.lambda - behind) >= -tol {
            ray.hit(0.0, entry.feature, entry.normal, None)
        } else {
            ray.inside(exit)
        }
    };
    out.iterations = iterations;
    out
}

fn reborrow<'a>(rec: &'a mut Recorder) -> Recorder<'a> {
    rec.as_mut().map(|(r, xf)| (&mut **r, *xf))
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{
        ray_cast, ray_cast_gjk, GjkMarch, GjkRayStop, RayCastInput, RayFeature, RayInput,
        RayTermination, RayTrace,
    };
    use crate::core::shape::{Geometry, Shape};
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn a_face_is_reached_in_one_advance() {
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let mut trace = RayTrace::default();
        let input = RayCastInput::new(
            &b,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 0.5), v(4.0, 0.0)),
        );
        let out = ray_cast_gjk(&input, Some(&mut trace));
        assert_eq!((out.termination, out.fraction), (RayTermination::Hit, 0.5));
        assert_eq!(
            (out.feature, out.normal),
            (RayFeature::Edge(3), v(-1.0, 0.0))
        );
        // The march's λ never decreases and never passes the hit; the last step stops.
        let steps: Vec<_> = trace.march(GjkMarch::Forward).collect();
        assert!(steps.windows(2).all(|w| w[0].lambda <= w[1].lambda));
        assert!(steps.iter().all(|s| s.lambda <= 0.5));
        assert_eq!(steps.last().unwrap().stop, Some(GjkRayStop::Converged));
        assert_eq!(
            out.iterations as usize,
            steps.iter().filter(|s| s.gap.is_some()).count()
        );
        assert!(out.iterations <= 4, "{out:?}");
    }

    #[test]
    fn a_rounded_corner_converges_to_the_arc() {
        let b = Shape::new(Geometry::Box {
            half_extents: v(1.0, 1.0),
            radius: 0.5,
        })
        .unwrap();
        let input = RayCastInput::new(
            &b,
            Transform::new(v(2.0, 1.0), 0.4),
            RayInput::new(v(3.3, 4.0), v(0.0, -2.0)),
        );
        let exact = ray_cast(&input, None);
        let gjk = ray_cast_gjk(&input, None);
        assert_eq!(exact.feature, gjk.feature);
        assert!(
            (exact.fraction - gjk.fraction).abs() < 1e-5,
            "{exact:?} {gjk:?}"
        );
        assert!(
            (exact.normal - gjk.normal).length() < 1e-3,
            "{exact:?} {gjk:?}"
        );
    }

    #[test]
    fn misses_say_how() {
        let c = Shape::circle(1.0).unwrap();
        let mut trace = RayTrace::default();
        let away = RayCastInput::new(
            &c,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 0.0), v(-1.0, 0.0)),
        );
        assert_eq!(
            ray_cast_gjk(&away, Some(&mut trace)).termination,
            RayTermination::Missed
        );
        assert_eq!(trace.gjk.last().unwrap().stop, Some(GjkRayStop::MovingAway));
        let short = RayCastInput::new(
            &c,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 0.0), v(1.0, 0.0)),
        );
        assert_eq!(
            ray_cast_gjk(&short, Some(&mut trace)).termination,
            RayTermination::Missed
        );
        assert_eq!(trace.gjk.last().unwrap().stop, Some(GjkRayStop::PastEnd));
    }

    #[test]
    fn the_iteration_bound_gives_a_conservative_fraction() {
        let c = Shape::circle(1.0).unwrap();
        let mut input = RayCastInput::new(
            &c,
            Transform::IDENTITY,
            RayInput::new(v(-3.0, 1.0), v(6.0, 0.0)),
        );
        input.max_iterations = 2;
        let out = ray_cast_gjk(&input, None);
        assert_eq!(out.termination, RayTermination::MaxIterations);
        assert!(
            !out.hit && out.fraction < 0.5 && out.iterations == 2,
            "{out:?}"
        );
    }

    #[test]
    fn inside_runs_the_exit_and_entry_marches() {
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let mut trace = RayTrace::default();
        let input = RayCastInput::new(
            &b,
            Transform::new(v(5.0, 5.0), 1.0),
            RayInput::new(v(5.0, 5.0), v(4.0, 0.0)),
        );
        let out = ray_cast_gjk(&input, Some(&mut trace));
        assert_eq!(out.termination, RayTermination::Inside);
        let exact = ray_cast(&input, None);
        assert!((out.exit_fraction.unwrap() - exact.exit_fraction.unwrap()).abs() < 1e-5);
        assert!(trace.march(GjkMarch::Exit).count() > 0);
        assert!(trace.march(GjkMarch::Entry).count() > 0);
        assert_eq!(
            out.iterations as usize,
            trace.gjk.iter().filter(|s| s.gap.is_some()).count()
        );
    }

    #[test]
    fn every_kind_of_core() {
        // One vertex, two, many; sharp and rounded: the feature names follow the core.
        let cases = [
            (Shape::circle(1.0).unwrap(), RayFeature::Circle),
            (
                Shape::capsule(v(0.0, -1.0), v(0.0, 1.0), 0.5).unwrap(),
                RayFeature::Side(1),
            ),
            (
                Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5).unwrap(),
                RayFeature::Cap(0),
            ),
            (
                Shape::segment(v(0.0, -1.0), v(0.0, 1.0)).unwrap(),
                RayFeature::Side(1),
            ),
        ];
        for (s, feature) in cases {
            let input = RayCastInput::new(
                &s,
                Transform::IDENTITY,
                RayInput::new(v(-3.0, 0.0), v(4.0, 0.0)),
            );
            let exact = ray_cast(&input, None);
            let gjk = ray_cast_gjk(&input, None);
            assert_eq!((exact.feature, gjk.feature), (feature, feature), "{s:?}");
            assert!((exact.fraction - gjk.fraction).abs() < 1e-6);
        }
    }
}
