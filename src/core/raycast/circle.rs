//! A ray against a circle (as Box2D's `b2RayCastCircle`): the closest approach of
//! the ray's line to the centre, then the two roots of the quadratic in a
//! numerically stable form. The same crossing serves the capsule's caps and the
//! rounded polygon's corners.
//!
//! ## Derivation
//! In fractions of the translation `d`, with `s = o − c` the origin relative to the
//! centre, the line is `s + f·d` and meets the circle where
//! `|d|²f² + 2(s·d)f + |s|² − r² = 0`. The textbook discriminant
//! `(s·d)² − |d|²(|s|² − r²)` subtracts two numbers of size `|s|²|d|²` to get one of
//! size `r²|d|²`: from an origin 1e4 radii away, f32 keeps nothing of it (the ulp of
//! `|s|²` is then ~8 r²).
//!
//! The stable form goes through the closest approach instead: the line passes
//! nearest the centre at `f* = −s·d / |d|²`, at the offset `p* = s + f*·d` from the
//! centre, whose squared length `cc` is computed from the point itself (as Box2D
//! does) — not as `|s|² − f*²|d|²`, the same cancellation again. If `cc > r²` the
//! line misses. Otherwise the half chord is `h = √((r² − cc)/|d|²)` (a difference of
//! two numbers of size `r²`) and the line is in the disc for `f ∈ [f* − h, f* + h]`.
//!
//! The roots themselves are `f* ∓ h`. When the origin is near the circle, `f* − h`
//! is a small difference of large numbers, but its absolute error (~ε·|s|/|d|) is the
//! precision of the origin itself; Vieta's form `(|s|² − r²)/(|d|²(f* + h))`, the
//! usual cure for a cancelling root, would bring back `|s|² − r²` and be worse (its
//! error is ε·(|s|² + r²)/(|d|²(f* + h)), large for a grazing ray near the surface).
//! So, as in `b2RayCastCircle`, the roots are taken directly. The origin's side is the
//! sign of `|s|² − r²` (Box2D's inside test).
//!
//! **The normal** at a root is the crossing's offset from the centre divided by `r`,
//! and the decomposition gives that offset directly: `p* ∓ h·d`, with `p* ⊥ d`, so
//! its squared length is `cc + h²|d|² = r²` up to rounding of the inputs' size. No
//! normalisation (a square root and a division, which Box2D spends) and no rounding
//! of the far-away origin enters it, as it would in `(o + f·d − c) / |o + f·d − c|`.
//!
//! **Tangent** (`cc = r²`): `h = 0`, one crossing, the normal perpendicular to the
//! ray. **Radius 0** (a point shape): only a line through the centre meets it; the
//! normal is then `−d̂`, facing the ray.

use super::local::{Crossing, LineSpan, LocalRay, Normal};
use super::point::Side;
use super::trace::CircleRecord;
use super::types::{RayCastOutput, RayFeature};
use crate::core::record::Record;
use crate::core::shape::Shape;
use glam::Vec2;

/// The line of `ray` against the circle of centre `c` and radius `r` (local frame):
/// its entry and exit crossings (`feature` on both), or `None` when it misses.
/// Records the closest approach and the roots when `record` is given.
#[inline(always)]
pub(super) fn circle_span(
    ray: &LocalRay,
    c: Vec2,
    r: f32,
    feature: RayFeature,
    mut record: Option<&mut Vec<CircleRecord>>,
) -> Option<(Crossing, Crossing)> {
    let d = ray.translation;
    let dd = ray.length_squared;
    let inv_dd = 1.0 / dd;
    let s = ray.origin - c;
    let f_star = -s.dot(d) * inv_dd;
    let closest = s + f_star * d;
    let cc = closest.length_squared();
    let rr = r * r;
    let roots = (cc <= rr).then(|| {
        let hh = (rr - cc) * inv_dd;
        // A translation tiny against the radius can overflow (r² − cc)/|d|²: take
        // the root of each factor then.
        let h = if hh < f32::MAX {
            hh.sqrt()
        } else {
            (rr - cc).sqrt() * inv_dd.sqrt()
        };
        (f_star - h, f_star + h, h)
    });
    record.record(|rec| {
        let xf = &ray.input.transform;
        rec.push(CircleRecord {
            feature,
            center: xf.apply(c),
            radius: r,
            closest_fraction: f_star,
            closest_point: xf.apply(c + closest),
            closest_distance: cc.sqrt(),
            enter: roots.map(|(f, _, _)| f),
            exit: roots.map(|(_, f, _)| f),
        });
    });
    let (f_in, f_out, h) = roots?;
    // The offsets from the centre, of length r (see the module docs); the normals
    // are formed later, for the crossing the answer uses.
    let crossing = |f: f32, offset: Vec2| Crossing {
        fraction: f,
        feature,
        normal: Normal::Arc {
            center: c,
            radius: r,
            offset,
        },
    };
    Some((
        crossing(f_in, closest - h * d),
        crossing(f_out, closest + h * d),
    ))
}

/// A ray against a circle shape (a one-vertex core grown by its radius).
#[inline(never)]
pub(super) fn ray_circle(
    ray: &LocalRay,
    shape: &Shape,
    record: Option<&mut Vec<CircleRecord>>,
) -> RayCastOutput {
    let c = shape.vertices()[0];
    let r = shape.radius();
    let span = circle_span(ray, c, r, RayFeature::Circle, record);
    // The origin's side: the sign of |s|² − r².
    let product = (ray.origin - c).length_squared() - r * r;
    let side = if product > 0.0 {
        Side::Outside
    } else if product == 0.0 {
        Side::Boundary
    } else {
        Side::Inside
    };
    let (enter, exit) = span.unzip();
    ray.finish(side, &LineSpan { enter, exit })
}

#[cfg(test)]
mod tests {
    use crate::core::math::Transform;
    use crate::core::raycast::{ray_cast, RayCastInput, RayFeature, RayInput, RayTermination};
    use crate::core::shape::Shape;
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn cast(s: &Shape, xf: Transform, o: Vec2, d: Vec2) -> crate::core::raycast::RayCastOutput {
        ray_cast(&RayCastInput::new(s, xf, RayInput::new(o, d)), None)
    }

    #[test]
    fn head_on() {
        let c = Shape::circle(1.0).unwrap();
        let out = cast(
            &c,
            Transform::new(v(5.0, 2.0), 0.3),
            v(0.0, 2.0),
            v(10.0, 0.0),
        );
        assert_eq!(out.termination, RayTermination::Hit);
        assert!((out.fraction - 0.4).abs() < 1e-6, "{out:?}");
        assert!((out.point - v(4.0, 2.0)).length() < 1e-5);
        assert!((out.normal - v(-1.0, 0.0)).length() < 1e-6);
        assert_eq!(out.feature, RayFeature::Circle);
    }

    #[test]
    fn off_centre_chord() {
        // The line y = 0.6 meets the unit circle at x = ±0.8.
        let c = Shape::circle(1.0).unwrap();
        let out = cast(&c, Transform::IDENTITY, v(-2.0, 0.6), v(4.0, 0.0));
        assert!((out.fraction - 0.3).abs() < 1e-6, "{out:?}");
        assert!((out.normal - v(-0.8, 0.6)).length() < 1e-6);
    }

    #[test]
    fn tangent_is_a_hit_and_a_hair_off_is_a_miss() {
        let c = Shape::circle(1.0).unwrap();
        let out = cast(&c, Transform::IDENTITY, v(-2.0, 1.0), v(4.0, 0.0));
        assert_eq!(out.termination, RayTermination::Hit);
        assert!((out.fraction - 0.5).abs() < 1e-6);
        assert_eq!(out.normal, v(0.0, 1.0));
        let out = cast(&c, Transform::IDENTITY, v(-2.0, 1.000001), v(4.0, 0.0));
        assert_eq!(out.termination, RayTermination::Missed);
    }

    #[test]
    fn stable_from_far_away() {
        // Origin 2e4 radii away, the line 0.6 off the centre: the textbook
        // discriminant (s·u)² − (|s|² − r²) = 0.64 is lost in |s|² = 4e8 (ulp 32);
        // the closest approach keeps it. Exact entry x = −0.8.
        let c = Shape::circle(1.0).unwrap();
        let out = cast(&c, Transform::IDENTITY, v(-2.0e4, 0.6), v(4.0e4, 0.0));
        assert_eq!(out.termination, RayTermination::Hit);
        let exact = (2.0e4f64 - 0.8) / 4.0e4;
        assert!(
            (out.fraction as f64 - exact).abs() < 1e-7,
            "{}",
            out.fraction
        );
        assert!(
            (out.normal - v(-0.8, 0.6)).length() < 1e-3,
            "{:?}",
            out.normal
        );
        let textbook = {
            let (s, u) = (v(-2.0e4, 0.6), v(1.0, 0.0));
            s.dot(u) * s.dot(u) - (s.length_squared() - 1.0)
        };
        assert!((textbook - 0.64).abs() > 0.1, "{textbook}");
    }

    #[test]
    fn short_and_behind_and_inside() {
        let c = Shape::circle(1.0).unwrap();
        let short = cast(&c, Transform::IDENTITY, v(-3.0, 0.0), v(1.5, 0.0));
        assert_eq!(short.termination, RayTermination::Missed);
        assert_eq!(short.fraction, 1.0);
        let behind = cast(&c, Transform::IDENTITY, v(3.0, 0.0), v(1.0, 0.0));
        assert_eq!(behind.termination, RayTermination::Missed);
        let inside = cast(&c, Transform::IDENTITY, v(0.5, 0.0), v(1.0, 0.0));
        assert_eq!(inside.termination, RayTermination::Inside);
        assert!(inside.inside && !inside.hit);
        assert!((inside.exit_fraction.unwrap() - 0.5).abs() < 1e-6);
        let stays = cast(&c, Transform::IDENTITY, v(0.5, 0.0), v(0.1, 0.0));
        assert_eq!(stays.exit_fraction, None);
    }

    #[test]
    fn a_point_shape_is_hit_only_through_it() {
        let p = Shape::circle(0.0).unwrap();
        let out = cast(&p, Transform::IDENTITY, v(-1.0, 0.0), v(2.0, 0.0));
        assert_eq!(out.termination, RayTermination::Hit);
        assert_eq!((out.fraction, out.normal), (0.5, v(-1.0, 0.0)));
        let out = cast(&p, Transform::IDENTITY, v(-1.0, 0.1), v(2.0, 0.0));
        assert_eq!(out.termination, RayTermination::Missed);
    }
}
