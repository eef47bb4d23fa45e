//! Box2D v3's own shape makers, through its C library: shapes exactly as a Box2D
//! program builds them (`b2MakeBox`, `b2MakeOffsetBox`, `b2MakeRoundedBox`,
//! `b2ComputeHull` then `b2MakePolygon`), turned into our [`Shape`]s bit for bit. The
//! degenerate families of the fuzzer draw their pairs from these, posed by
//! `b2MakeRot` ([`crate::core::box2d_rot`]).
//!
//! A polygon becomes our polygon of the same vertices in the same order (counter-
//! clockwise, as Box2D keeps them) and radius. Our edge normals are computed from the
//! vertices as `b2MakePolygon` computes them; `b2MakeBox`'s are exact axes, which
//! that computation gives too; `b2MakeOffsetBox` turns the axes by the rotation
//! instead, which may differ in the last bit — the engine peer rebuilds Box2D's
//! polygon from the vertices (`b2MakePolygon`), so both sides see the same normals.

use super::box2d::{g, v, MAX_POLYGON_VERTICES};
use crate::core::math::Rot;
use crate::core::shape::{Geometry, Shape};
use boxdd_sys::ffi as b2;
use glam::Vec2;

/// Our polygon of a Box2D polygon's vertices and radius.
fn shape_of(p: &b2::b2Polygon) -> Result<Shape, String> {
    let n = (p.count.max(0) as usize).min(MAX_POLYGON_VERTICES);
    let points: Vec<Vec2> = p.vertices[..n].iter().map(|q| g(*q)).collect();
    Shape::new(Geometry::Polygon {
        points,
        radius: p.radius,
    })
    .map_err(|e| format!("Box2D's polygon is not one of ours: {e}"))
}

/// Box2D asserts on a half extent that is not finite and positive.
fn check_extents(hx: f32, hy: f32) -> Result<(), String> {
    if hx.is_finite() && hy.is_finite() && hx > 0.0 && hy > 0.0 {
        Ok(())
    } else {
        Err(format!(
            "half extents {hx}, {hy}: Box2D asks for finite positive values"
        ))
    }
}

/// `b2MakeBox(hx, hy)`.
pub fn make_box(hx: f32, hy: f32) -> Result<Shape, String> {
    check_extents(hx, hy)?;
    // SAFETY: plain values, checked as Box2D asserts them.
    shape_of(&unsafe { b2::b2MakeBox(hx, hy) })
}

/// `b2MakeRoundedBox(hx, hy, radius)`.
pub fn make_rounded_box(hx: f32, hy: f32, radius: f32) -> Result<Shape, String> {
    check_extents(hx, hy)?;
    if !(radius.is_finite() && radius >= 0.0) {
        return Err(format!(
            "radius {radius}: Box2D asks for a finite value ≥ 0"
        ));
    }
    // SAFETY: plain values, checked as Box2D asserts them.
    shape_of(&unsafe { b2::b2MakeRoundedBox(hx, hy, radius) })
}

/// `b2MakeOffsetBox(hx, hy, center, rotation)`: the box's vertices placed by the
/// rotation and centre (`b2TransformPoint`).
pub fn make_offset_box(hx: f32, hy: f32, center: Vec2, rotation: Rot) -> Result<Shape, String> {
    check_extents(hx, hy)?;
    let q = b2::b2Rot {
        c: rotation.c,
        s: rotation.s,
    };
    // SAFETY: plain values, checked as Box2D asserts them.
    shape_of(&unsafe { b2::b2MakeOffsetBox(hx, hy, v(center), q) })
}

/// `b2ComputeHull(points)` then `b2MakePolygon(hull, radius)`: the hull Box2D builds
/// (collinear points within linear slop dropped); `Err` when it makes none (fewer than
/// three points left, or more than 8 given).
pub fn compute_hull(points: &[Vec2], radius: f32) -> Result<Shape, String> {
    if points.len() > MAX_POLYGON_VERTICES || points.iter().any(|p| !p.is_finite()) {
        return Err("b2ComputeHull takes at most 8 finite points".into());
    }
    if !(radius.is_finite() && radius >= 0.0) {
        return Err(format!(
            "radius {radius}: Box2D asks for a finite value ≥ 0"
        ));
    }
    let pts: Vec<b2::b2Vec2> = points.iter().map(|p| v(*p)).collect();
    // SAFETY: `pts` holds `len` ≤ 8 finite points; the hull is a plain value.
    let hull = unsafe { b2::b2ComputeHull(pts.as_ptr(), pts.len() as i32) };
    if hull.count < 3 {
        return Err(
            "b2ComputeHull made no hull (the points are collinear within linear slop)".into(),
        );
    }
    // SAFETY: a hull b2ComputeHull made (b2MakePolygon asserts b2ValidateHull, which
    // such a hull passes).
    shape_of(&unsafe { b2::b2MakePolygon(&hull, radius) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn makers_give_box2d_s_vertices() {
        let b = make_box(0.5, 0.25).unwrap();
        assert_eq!(
            b.vertices(),
            &[
                Vec2::new(-0.5, -0.25),
                Vec2::new(0.5, -0.25),
                Vec2::new(0.5, 0.25),
                Vec2::new(-0.5, 0.25)
            ]
        );
        assert_eq!(b.normals()[1], Vec2::X);
        assert_eq!(make_rounded_box(1.0, 1.0, 0.1).unwrap().radius(), 0.1);
        let o = make_offset_box(1.0, 0.5, Vec2::new(2.0, 0.0), Rot { c: 0.0, s: 1.0 }).unwrap();
        assert_eq!(o.vertices()[0], Vec2::new(2.5, -1.0));
        let h = compute_hull(
            &[
                Vec2::ZERO,
                Vec2::new(1.0, 0.0),
                Vec2::new(0.5, 0.0),
                Vec2::new(0.0, 1.0),
            ],
            0.0,
        )
        .unwrap();
        assert_eq!(h.vertices().len(), 3);
        assert!(compute_hull(&[Vec2::ZERO, Vec2::X, Vec2::new(2.0, 0.0)], 0.0).is_err());
    }
}
