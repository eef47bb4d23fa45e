//! The Minkowski difference B − A, exactly, in world space.
//!
//! For the cores (convex polygons of 1 to 64 vertices, counter-clockwise) the
//! difference is the Minkowski *sum* of B and −A (A reflected through the origin,
//! still counter-clockwise). The sum of two convex polygons is the convex polygon
//! whose edges are the edges of both, merged in order of angle: O(n + m), no hull
//! of the n·m pairwise differences. Rounded shapes add `rA + rB` all around: each
//! core edge moves out along its normal and each core vertex becomes an arc.

use crate::core::math::{cross, Transform};
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;
use std::f32::consts::TAU;

/// The outline of B − A.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MinkowskiOutline {
    /// The core difference: a convex polygon, counter-clockwise (1 vertex for two
    /// points, 2 for parallel segments).
    pub core: Vec<Vec2>,
    /// `rA + rB`: how far the outline stands off the core.
    pub radius: f32,
    /// The closed outline as a polyline (the core itself when `radius` is 0).
    pub points: Vec<Vec2>,
    /// For each point of `points`: the core vertex whose arc (rounded corner) it lies
    /// on, or `None` for a sharp outline. The segment from point `i` to `i + 1` is an
    /// arc chord when both carry the same corner, a straight edge otherwise.
    pub arc_of: Vec<Option<usize>>,
}

/// Bottom-most vertex (least y, then least x): the first edge from it has the
/// smallest polar angle of a counter-clockwise polygon.
fn lowest(points: &[Vec2]) -> usize {
    let mut best = 0;
    for (i, p) in points.iter().enumerate() {
        let b = points[best];
        if p.y < b.y || (p.y == b.y && p.x < b.x) {
            best = i;
        }
    }
    best
}

/// Polar angle of `e` in [0, 2π).
fn angle(e: Vec2) -> f32 {
    let a = e.y.atan2(e.x);
    if a < 0.0 {
        a + TAU
    } else {
        a
    }
}

/// Minkowski sum of two convex counter-clockwise polygons (1 or more vertices each).
pub fn minkowski_sum(p: &[Vec2], q: &[Vec2]) -> Vec<Vec2> {
    let (n, m) = (p.len(), q.len());
    if n == 0 || m == 0 {
        return Vec::new();
    }
    let (ip, iq) = (lowest(p), lowest(q));
    let pv = |k: usize| p[(ip + k) % n];
    let qv = |k: usize| q[(iq + k) % m];
    // A single point has no edges; its edge list is empty.
    let (np, nq) = (if n == 1 { 0 } else { n }, if m == 1 { 0 } else { m });
    let mut out = Vec::with_capacity(n + m);
    let (mut i, mut j) = (0, 0);
    out.push(pv(0) + qv(0));
    while i < np || j < nq {
        let ap = if i < np {
            angle(pv(i + 1) - pv(i))
        } else {
            f32::INFINITY
        };
        let aq = if j < nq {
            angle(qv(j + 1) - qv(j))
        } else {
            f32::INFINITY
        };
        // Both edges at the same angle are one edge of the sum: take both.
        if ap <= aq {
            i += 1;
        }
        if aq <= ap {
            j += 1;
        }
        out.push(pv(i) + qv(j));
    }
    if np + nq > 0 {
        out.pop(); // back at the start
    }
    remove_collinear(out)
}

/// Drops repeated points and points on the line through their neighbours (parallel
/// edges of the two inputs met at slightly different angles by rounding).
fn remove_collinear(mut pts: Vec<Vec2>) -> Vec<Vec2> {
    let scale = pts
        .iter()
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()))
        .max(f32::MIN_POSITIVE);
    let eps = scale * 1.0e-6;
    let mut changed = true;
    while changed && pts.len() > 2 {
        changed = false;
        let n = pts.len();
        for i in 0..n {
            let prev = pts[(i + n - 1) % n];
            let next = pts[(i + 1) % n];
            let e = next - prev;
            let len = e.length();
            let off = if len > 0.0 {
                cross(e, pts[i] - prev).abs() / len
            } else {
                0.0
            };
            let between = (pts[i] - prev).dot(e) >= 0.0 && (next - pts[i]).dot(e) >= 0.0;
            if off <= eps && between {
                pts.remove(i);
                changed = true;
                break;
            }
        }
    }
    pts.dedup_by(|a, b| a.distance(*b) <= eps);
    if pts.len() > 1 && pts[0].distance(pts[pts.len() - 1]) <= eps {
        pts.pop();
    }
    pts
}

/// The exact outline of B − A (world space). Arcs are turned into polylines whose
/// chord deviates from the true arc by at most `arc_tolerance` (length units).
pub fn minkowski_difference(
    a: &Shape,
    xf_a: &Transform,
    b: &Shape,
    xf_b: &Transform,
    arc_tolerance: f32,
) -> MinkowskiOutline {
    // −A: negating every point is a rotation by π, so the winding stays CCW.
    let neg_a: Vec<Vec2> = a.vertices().iter().map(|v| -xf_a.apply(*v)).collect();
    let world_b: Vec<Vec2> = b.vertices().iter().map(|v| xf_b.apply(*v)).collect();
    let core = minkowski_sum(&world_b, &neg_a);
    let radius = a.radius() + b.radius();
    let (points, arc_of) = round_outline(&core, radius, arc_tolerance);
    MinkowskiOutline {
        core,
        radius,
        points,
        arc_of,
    }
}

/// The outline of a convex polygon grown by `radius`: each edge moved out along its
/// normal, each vertex an arc from the normal of the edge before to the normal of
/// the edge after.
pub fn round_outline(
    core: &[Vec2],
    radius: f32,
    arc_tolerance: f32,
) -> (Vec<Vec2>, Vec<Option<usize>>) {
    if radius <= 0.0 {
        return (core.to_vec(), vec![None; core.len()]);
    }
    let n = core.len();
    // Angle step so that the sagitta r(1 − cos(step/2)) stays within the tolerance.
    let tol = arc_tolerance.max(radius * 1.0e-5).min(radius);
    let step = (2.0 * (1.0 - tol / radius).acos()).clamp(TAU / 1024.0, TAU / 8.0);
    let mut points = Vec::new();
    let mut arc_of = Vec::new();
    let normal_of = |i: usize| -> Vec2 {
        let e = core[(i + 1) % n] - core[i];
        Vec2::new(e.y, -e.x).normalize_or_zero()
    };
    for (i, &corner) in core.iter().enumerate() {
        // Arc around vertex i from the normal of the incoming edge to the outgoing one.
        let (start, sweep) = if n == 1 {
            (0.0, TAU)
        } else {
            let n_in = normal_of((i + n - 1) % n);
            let n_out = normal_of(i);
            let a0 = n_in.y.atan2(n_in.x);
            let mut sweep = n_out.y.atan2(n_out.x) - a0;
            while sweep < 0.0 {
                sweep += TAU;
            }
            (a0, sweep)
        };
        let segments = ((sweep / step).ceil() as usize).max(1);
        let last = if n == 1 { segments - 1 } else { segments };
        for k in 0..=last {
            let t = start + sweep * k as f32 / segments as f32;
            points.push(corner + radius * Vec2::new(t.cos(), t.sin()));
            arc_of.push(Some(i));
        }
    }
    (points, arc_of)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::support::SupportMap;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn boxes_make_a_box() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let out = minkowski_difference(
            &a,
            &Transform::IDENTITY,
            &b,
            &Transform::new(v(5.0, 0.0), 0.0),
            0.01,
        );
        assert_eq!(out.core.len(), 4, "{:?}", out.core);
        for corner in [v(2.0, -1.5), v(8.0, -1.5), v(8.0, 1.5), v(2.0, 1.5)] {
            assert!(
                out.core.iter().any(|p| p.distance(corner) < 1e-5),
                "{corner} missing"
            );
        }
    }

    #[test]
    fn support_function_matches_shapes() {
        // h_{B−A}(d) = h_B(d) + h_A(−d) for every direction.
        let a = Shape::polygon(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 1.5)], 0.25).unwrap();
        let b = Shape::capsule(v(-1.0, 0.0), v(1.0, 0.5), 0.5).unwrap();
        let xa = Transform::new(v(0.3, -0.2), 0.4);
        let xb = Transform::new(v(2.0, 1.0), -1.0);
        let out = minkowski_difference(&a, &xa, &b, &xb, 1e-4);
        assert!(out.core.len() <= 3 + 2);
        for k in 0..72 {
            let t = TAU * k as f32 / 72.0;
            let d = v(t.cos(), t.sin());
            let expected = b.world_extent(&xb, d) + a.world_extent(&xa, -d);
            let got = out.points.iter().map(|p| p.dot(d)).fold(f32::MIN, f32::max);
            assert!(
                (got - expected).abs() < 2e-3,
                "dir {d}: {got} vs {expected}"
            );
        }
        assert!(out.arc_of.iter().all(|f| f.is_some()));
    }

    #[test]
    fn circles_make_a_circle() {
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::circle(0.5).unwrap();
        let out = minkowski_difference(
            &a,
            &Transform::IDENTITY,
            &b,
            &Transform::new(v(3.0, 0.0), 0.0),
            1e-3,
        );
        assert_eq!(out.core, vec![v(3.0, 0.0)]);
        for p in &out.points {
            assert!((p.distance(v(3.0, 0.0)) - 1.5).abs() < 1e-5);
        }
        assert!(out.points.len() > 16);
    }

    #[test]
    fn segment_minus_segment_is_parallelogram() {
        let a = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        let b = Shape::segment(v(0.0, -1.0), v(0.0, 1.0)).unwrap();
        let out = minkowski_difference(&a, &Transform::IDENTITY, &b, &Transform::IDENTITY, 1e-3);
        assert_eq!(out.core.len(), 4, "{:?}", out.core);
        let parallel = Shape::segment(v(-2.0, 0.0), v(2.0, 0.0)).unwrap();
        let out = minkowski_difference(
            &a,
            &Transform::IDENTITY,
            &parallel,
            &Transform::IDENTITY,
            1e-3,
        );
        assert_eq!(out.core.len(), 2, "{:?}", out.core);
    }

    #[test]
    fn sum_has_at_most_n_plus_m_vertices() {
        let p: Vec<Vec2> = (0..8)
            .map(|i| {
                let t = TAU * i as f32 / 8.0;
                v(t.cos(), t.sin())
            })
            .collect();
        let q: Vec<Vec2> = (0..7)
            .map(|i| {
                let t = TAU * i as f32 / 7.0 + 0.1;
                v(2.0 * t.cos(), t.sin())
            })
            .collect();
        let s = minkowski_sum(&p, &q);
        assert!(s.len() <= 15 && s.len() >= 8);
        crate::core::shape::validate_polygon(&s).unwrap();
    }
}
