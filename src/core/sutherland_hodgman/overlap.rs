//! The overlap-region manifold: the vertices of the cores' intersection that lie on
//! B's boundary deep inside A, as an alternative to reference-face clipping.

use super::{clip_polygon, size_of, twice_area, ClipTermination, ClipTrace};
use crate::core::consts::{CLIP_WELD_TOLERANCE, MAX_MANIFOLD_POINTS};
use crate::core::math::{right_perp, Transform};
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// A contact point of the overlap-region manifold. World space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct OverlapPoint {
    /// The point on A's boundary: where the ray from `point_b` along the normal leaves
    /// the overlap region.
    pub point_a: Vec2,
    /// An overlap-region vertex, on B's boundary, deep inside A.
    pub point_b: Vec2,
    /// `(point_b − point_a)·normal` (≤ 0).
    pub separation: f32,
    /// Index of `point_b` in the overlap polygon (not a stable feature id: the overlap
    /// polygon's numbering changes with the configuration).
    pub vertex: usize,
}

/// Output of [`overlap_manifold`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OverlapManifold {
    /// The overlap region of the cores (world space, counter-clockwise).
    pub polygon: Vec<Vec2>,
    #[serde(rename = "outcome")]
    pub termination: ClipTermination,
    /// The unit normal used (from A to B).
    pub normal: Vec2,
    pub points: Vec<OverlapPoint>,
}

/// The overlap region of A's and B's cores (radii ignored; both need ≥ 3 vertices)
/// and, as an alternative manifold, its vertices on B's boundary that lie deep in A
/// along `normal` (from A to B): for each overlap vertex `v`, the ray `v + t·n` leaves
/// the region at `t = h(v)`; vertices with `h > 0` (beyond the weld tolerance) are B's
/// points pushed into A, with `point_a = v + h·n` on A's boundary and separation
/// `−h`. Of those, the two extreme along the tangent are kept (a 2D manifold has at
/// most two points). `trace` receives the Sutherland–Hodgman walk.
pub fn overlap_manifold(
    shape_a: &Shape,
    xf_a: &Transform,
    shape_b: &Shape,
    xf_b: &Transform,
    normal: Vec2,
    trace: Option<&mut ClipTrace>,
) -> OverlapManifold {
    let pa: Vec<Vec2> = shape_a.vertices().iter().map(|v| xf_a.apply(*v)).collect();
    let pb: Vec<Vec2> = shape_b.vertices().iter().map(|v| xf_b.apply(*v)).collect();
    let n = normal.normalize_or_zero();
    let clipped = clip_polygon(&pa, &pb, trace);
    let mut out = OverlapManifold {
        polygon: clipped.polygon,
        termination: clipped.termination,
        normal: n,
        points: Vec::new(),
    };
    if out.termination != ClipTermination::Overlap || n == Vec2::ZERO {
        return out;
    }
    let poly = &out.polygon;
    let size = size_of(&[poly]);
    let weld = CLIP_WELD_TOLERANCE * size;
    let ccw = twice_area(poly) > 0.0;
    let k = poly.len();
    // Exit parameter of the ray v + t·n from the convex region. Edges within
    // EXIT_PARALLEL (a sine) of the ray's direction are skipped: the ray runs along
    // them, and rounding would make a vertex on such an edge "exit" at once.
    const EXIT_PARALLEL: f32 = 1.0e-4;
    let exit = |v: Vec2| -> f32 {
        let mut h = f32::INFINITY;
        for i in 0..k {
            let a = poly[i];
            let e = poly[(i + 1) % k] - a;
            let out_n = if ccw { right_perp(e) } else { -right_perp(e) }.normalize_or_zero();
            let denom = n.dot(out_n);
            if denom > EXIT_PARALLEL {
                h = h.min((a - v).dot(out_n) / denom);
            }
        }
        if h.is_finite() {
            h.max(0.0)
        } else {
            0.0
        }
    };
    let tangent = Vec2::new(-n.y, n.x);
    let mut lo: Option<(f32, OverlapPoint)> = None;
    let mut hi: Option<(f32, OverlapPoint)> = None;
    for (i, v) in poly.iter().enumerate() {
        let h = exit(*v);
        if h <= weld {
            continue;
        }
        let p = OverlapPoint {
            point_a: *v + h * n,
            point_b: *v,
            separation: -h,
            vertex: i,
        };
        let s = v.dot(tangent);
        if lo.is_none_or(|(l, _)| s < l) {
            lo = Some((s, p));
        }
        if hi.is_none_or(|(u, _)| s > u) {
            hi = Some((s, p));
        }
    }
    if let Some((_, p)) = lo {
        out.points.push(p);
    }
    if let Some((_, p)) = hi {
        if out.points.first().is_none_or(|q| q.vertex != p.vertex) {
            out.points.push(p);
        }
    }
    debug_assert!(out.points.len() <= MAX_MANIFOLD_POINTS);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn overlap_manifold_of_box_on_box() {
        let ground = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let m = overlap_manifold(
            &ground,
            &Transform::IDENTITY,
            &b,
            &Transform::new(v(0.3, 0.95), 0.0),
            v(0.0, 1.0),
            None,
        );
        assert_eq!(m.termination, ClipTermination::Overlap);
        assert_eq!(m.points.len(), 2, "{m:?}");
        for p in &m.points {
            assert!((p.separation + 0.05).abs() < 1e-5, "{p:?}");
            assert!((p.point_b.y - 0.45).abs() < 1e-5);
            assert!((p.point_a.y - 0.5).abs() < 1e-5);
        }
        // A tilted box with one corner in: one point, the corner.
        let m = overlap_manifold(
            &ground,
            &Transform::IDENTITY,
            &b,
            &Transform::new(v(0.0, 1.1), 0.3),
            v(0.0, 1.0),
            None,
        );
        assert_eq!(m.points.len(), 1, "{m:?}");
        let corner_y = 1.1 - 0.5 * (0.3f32.cos() + 0.3f32.sin());
        assert!((m.points[0].point_b.y - corner_y).abs() < 1e-5);
        assert!((m.points[0].separation - (corner_y - 0.5)).abs() < 1e-5);
    }
}
