//! The translational cast as a ray in configuration space: van den Bergen's GJK ray
//! cast run on the Minkowski difference B − A itself, traced, for the configuration
//! picture of the time of impact and the shape cast.
//!
//! ## Why a ray
//! With A moving by `v_A` and B by `v_B` over t ∈ [0, 1], B(t) − A(t) = (B − A) + t·v,
//! `v = v_B − v_A`. The shapes touch when that set reaches the origin, i.e. when `−t·v`
//! enters B − A: the ray `origin 0, translation −v` cast against B − A, fraction = time
//! of impact. The GJK ray cast (`core::raycast::ray_cast_gjk`) marches along that ray
//! with support planes of B − A (each support point a difference `b_j − a_i` of the two
//! cores, grown by `r_A + r_B`): its iterations are what the picture shows, and its
//! fraction is a second answer beside the cast's conservative advancement.
//!
//! B − A is built explicitly (the core difference as one convex shape, at the pair's
//! poses at t = 0). Refused, with the reason, when there is no relative motion, when
//! the core difference is a single sharp point, or when it has more vertices than a
//! polygon may (two 64-gons).

use crate::core::math::{Rot, Transform};
use crate::core::minkowski::MinkowskiOutline;
use crate::core::raycast::{ray_cast_gjk, RayCastInput, RayCastOutput, RayInput, RayTrace};
use crate::core::shape::Shape;
use glam::Vec2;

/// The GJK ray cast on B − A: its input, answer and iterations (configuration space).
#[derive(Clone, Debug)]
pub struct CastRay {
    /// `v = v_B − v_A`.
    pub velocity: Vec2,
    /// The ray from the origin along `−v`.
    pub input: RayInput,
    /// B − A as the shape cast against (its core and `r_A + r_B`).
    pub radius: f32,
    pub output: RayCastOutput,
    pub trace: RayTrace,
}

/// Why the GJK ray cast on B − A was not run.
#[derive(Clone, Debug, PartialEq)]
pub enum CastRayRefusal {
    /// `v_B = v_A` (or not finite): B − A does not move.
    NoRelativeMotion,
    /// Two points: B − A is one sharp point, met only by a ray through it.
    SinglePoint,
    /// The core difference could not be made a shape (too many vertices, too large…).
    Shape(String),
}

impl CastRayRefusal {
    /// The reason in words.
    pub fn words(&self) -> String {
        match self {
            CastRayRefusal::NoRelativeMotion => "no relative motion: B − A stays put".into(),
            CastRayRefusal::SinglePoint => "B − A is a single point".into(),
            CastRayRefusal::Shape(why) => format!("B − A as one shape: {why}"),
        }
    }
}

/// Casts the ray `0 → −v` against `minkowski` (B − A at t = 0), traced.
pub fn cast_ray(minkowski: &MinkowskiOutline, velocity: Vec2) -> Result<CastRay, CastRayRefusal> {
    if velocity == Vec2::ZERO || !velocity.is_finite() {
        return Err(CastRayRefusal::NoRelativeMotion);
    }
    let core = &minkowski.core;
    let r = minkowski.radius;
    // The shape in its own frame and where it sits: a circle is centred on its local
    // origin, so a one-point core with a radius becomes a circle moved to that point.
    let (shape, at) = match core.len() {
        0 => return Err(CastRayRefusal::Shape("empty".into())),
        1 if r > 0.0 => (Shape::circle(r), core[0]),
        1 => return Err(CastRayRefusal::SinglePoint),
        2 if r > 0.0 => (Shape::capsule(core[0], core[1], r), Vec2::ZERO),
        2 => (Shape::segment(core[0], core[1]), Vec2::ZERO),
        _ => (Shape::polygon(core, r), Vec2::ZERO),
    };
    let shape = shape.map_err(|e| CastRayRefusal::Shape(e.to_string()))?;
    let input = RayInput::new(Vec2::ZERO, -velocity);
    let transform = Transform {
        p: at,
        q: Rot::IDENTITY,
    };
    let mut trace = RayTrace::default();
    let output = ray_cast_gjk(
        &RayCastInput::new(&shape, transform, input),
        Some(&mut trace),
    );
    Ok(CastRay {
        velocity,
        input,
        radius: r,
        output,
        trace,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::minkowski::minkowski_difference;
    use crate::core::pair::PosedPair;
    use crate::core::toi::shape_cast::{shape_cast, CastInput};

    fn outline(a: &Shape, xa: &Transform, b: &Shape, xb: &Transform) -> MinkowskiOutline {
        minkowski_difference(a, xa, b, xb, 1.0e-3)
    }

    fn at(x: f32, y: f32, angle: f32) -> Transform {
        crate::core::shape::Pose::new(Vec2::new(x, y), angle).transform()
    }

    #[test]
    fn the_ray_on_b_minus_a_hits_at_the_casts_time_of_impact() {
        // A box at rest, a rounded triangle coming at it from the right and a bit above.
        let a = Shape::cuboid(Vec2::new(1.0, 0.5)).unwrap();
        let b = Shape::polygon(
            &[
                Vec2::new(-0.5, -0.4),
                Vec2::new(0.6, 0.0),
                Vec2::new(-0.3, 0.7),
            ],
            0.1,
        )
        .unwrap();
        let (xa, xb) = (at(0.0, 0.0, 0.3), at(4.0, 0.6, -0.7));
        let (va, vb) = (Vec2::new(0.5, 0.0), Vec2::new(-3.0, -0.4));
        let study = cast_ray(&outline(&a, &xa, &b, &xb), vb - va).unwrap();
        let cast = shape_cast(
            &CastInput::new(PosedPair::new(&a, xa, &b, xb), va, vb),
            None,
        );
        assert!(cast.hit && study.output.hit, "{cast:?} {:?}", study.output);
        assert!(
            (cast.t - study.output.fraction).abs() <= 1.0e-4,
            "cast {} ray {}",
            cast.t,
            study.output.fraction
        );
        // At the hit the origin is on B − A's boundary and B − A lies on the A → B side
        // of it, so B − A's outward normal there is the contact normal A → B reversed.
        assert!(
            (-study.output.normal - cast.normal).length() <= 1.0e-3,
            "cast {:?} ray {:?}",
            cast.normal,
            study.output.normal
        );
        // The iterations walk the ray forward and end on B − A's boundary.
        let lambdas: Vec<f32> = study.trace.gjk.iter().map(|s| s.lambda).collect();
        assert!(lambdas.windows(2).all(|w| w[0] <= w[1]), "{lambdas:?}");
        assert!(study.trace.gjk.len() >= 2, "{:?}", study.trace.gjk.len());
    }

    #[test]
    fn refusals_say_why() {
        let p = Shape::polygon(&[Vec2::ZERO], 0.0).unwrap();
        let c = Shape::circle(0.5).unwrap();
        let x = at(0.0, 0.0, 0.0);
        let m = outline(&c, &x, &c, &at(3.0, 0.0, 0.0));
        assert_eq!(
            cast_ray(&m, Vec2::ZERO).unwrap_err(),
            CastRayRefusal::NoRelativeMotion
        );
        // Two circles: B − A is a disc of radius 1 at (3, 0): hit at t = 2/3 with v = (−3, 0).
        let s = cast_ray(&m, Vec2::new(-3.0, 0.0)).unwrap();
        assert!(s.output.hit && (s.output.fraction - 2.0 / 3.0).abs() < 1.0e-4);
        // Two bare points: B − A is one sharp point.
        let m = outline(&p, &x, &p, &at(1.0, 0.0, 0.0));
        assert_eq!(
            cast_ray(&m, Vec2::new(-1.0, 0.0)).unwrap_err(),
            CastRayRefusal::SinglePoint
        );
    }
}
