//! Where a point lies against a shape (local frame): outside, on the boundary or
//! strictly inside, with the nearest boundary feature and its outward normal. A ray
//! of zero length is this query; a ray starting on the boundary takes its feature
//! and normal from it.
//!
//! The tests are exact signs, no tolerance: a polygon's largest edge separation
//! `max nᵢ·(p − vᵢ)` against 0, a rounded shape's squared core distance against
//! `r²`. A bare segment has no interior: a point on it is on the boundary.

use super::types::RayFeature;
use crate::core::shape::Shape;
use glam::Vec2;

/// Where the ray's origin lies, by the shape's own exact test (its sign, not a
/// tolerance).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Outside,
    Boundary,
    Inside,
}

/// A point against a shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Located {
    pub side: Side,
    /// The nearest boundary feature.
    pub feature: RayFeature,
    /// Its outward unit normal (at the point nearest `p`).
    pub normal: Vec2,
}

/// Where `p` (local frame) lies against `shape`.
pub(super) fn locate(shape: &Shape, p: Vec2) -> Located {
    let v = shape.vertices();
    let r = shape.radius();
    match v.len() {
        1 => {
            let q = p - v[0];
            // A point on the centre of a circle: every direction is outward; +x.
            let normal = q.try_normalize().unwrap_or(Vec2::X);
            Located {
                side: side_of(q.length_squared(), r),
                feature: RayFeature::Circle,
                normal,
            }
        }
        2 => locate_stick(shape, p),
        _ => locate_polygon(shape, p),
    }
}

/// Outside, boundary or inside from the squared core distance `dd` and the radius.
fn side_of(dd: f32, r: f32) -> Side {
    let rr = r * r;
    if dd > rr {
        Side::Outside
    } else if dd == rr {
        Side::Boundary
    } else {
        Side::Inside
    }
}

/// A capsule or a bare segment: the distance to the core segment. Off the ends
/// the distance is to the nearer end; between them it is the distance across,
/// `h = n₀·(p − v₀)`, taken directly (a difference of the point and its projection
/// would carry the projection's rounding).
fn locate_stick(shape: &Shape, p: Vec2) -> Located {
    let (v, n, r) = (shape.vertices(), shape.normals(), shape.radius());
    let e = v[1] - v[0];
    let t = (p - v[0]).dot(e) / e.length_squared();
    let h = n[0].dot(p - v[0]);
    // Which side of the core line `p` is on (side 0 on the line itself).
    let k = usize::from(h < 0.0);
    let (q, end) = if t <= 0.0 {
        (p - v[0], Some(0))
    } else if t >= 1.0 {
        (p - v[1], Some(1))
    } else {
        (h * n[0], None)
    };
    let feature = match (end, r > 0.0) {
        (Some(i), true) => RayFeature::Cap(i),
        (Some(i), false) => RayFeature::Vertex(i),
        (None, _) => RayFeature::Side(k),
    };
    // On the core: the side's normal; at a bare end: along the segment, outward.
    let fallback = match end {
        Some(0) if r == 0.0 => -e.normalize_or_zero(),
        Some(_) if r == 0.0 => e.normalize_or_zero(),
        _ => n[k],
    };
    let side = if r > 0.0 {
        side_of(q.length_squared(), r)
    } else if h == 0.0 && (0.0..=1.0).contains(&t) {
        // A bare segment: on it exactly when on its line and between its ends.
        Side::Boundary
    } else {
        Side::Outside
    };
    Located {
        side,
        feature,
        normal: q.try_normalize().unwrap_or(fallback),
    }
}

/// A polygon, sharp or rounded: the largest edge separation, then (outside the core
/// of a rounded one) the distance to the nearest edge — across it (its separation)
/// when the point projects inside it, else to the nearer end.
fn locate_polygon(shape: &Shape, p: Vec2) -> Located {
    let (v, n, r) = (shape.vertices(), shape.normals(), shape.radius());
    let (mut best, mut s_max) = (0, f32::NEG_INFINITY);
    for i in 0..v.len() {
        let s = n[i].dot(p - v[i]);
        if s > s_max {
            (best, s_max) = (i, s);
        }
    }
    let face = Located {
        side: Side::Inside,
        feature: RayFeature::Edge(best),
        normal: n[best],
    };
    if r == 0.0 {
        let side = if s_max > 0.0 {
            Side::Outside
        } else if s_max == 0.0 {
            Side::Boundary
        } else {
            Side::Inside
        };
        return Located { side, ..face };
    }
    if s_max <= 0.0 {
        // In the core: at least r deep.
        return face;
    }
    // Outside the convex core: its distance is the nearest edge's.
    let (mut dd_min, mut q_min, mut feature) = (f32::INFINITY, Vec2::ZERO, face.feature);
    for i in 0..v.len() {
        let j = (i + 1) % v.len();
        let e = v[j] - v[i];
        let t = (p - v[i]).dot(e) / e.length_squared();
        let (q, f) = if t <= 0.0 {
            (p - v[i], RayFeature::Vertex(i))
        } else if t >= 1.0 {
            (p - v[j], RayFeature::Vertex(j))
        } else {
            (n[i].dot(p - v[i]) * n[i], RayFeature::Edge(i))
        };
        let dd = q.length_squared();
        if dd < dd_min {
            (dd_min, q_min, feature) = (dd, q, f);
        }
    }
    Located {
        side: side_of(dd_min, r),
        feature,
        normal: q_min.try_normalize().unwrap_or(face.normal),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn circle_sides() {
        let c = Shape::circle(1.0).unwrap();
        assert_eq!(locate(&c, v(2.0, 0.0)).side, Side::Outside);
        assert_eq!(locate(&c, v(0.0, 1.0)).side, Side::Boundary);
        let at = locate(&c, v(0.0, 0.5));
        assert_eq!((at.side, at.normal), (Side::Inside, v(0.0, 1.0)));
        assert_eq!(locate(&c, Vec2::ZERO).normal, Vec2::X);
    }

    #[test]
    fn box_sides_and_features() {
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let at = locate(&b, v(1.0, 0.3));
        assert_eq!(at.side, Side::Boundary);
        assert_eq!(at.feature, RayFeature::Edge(1));
        assert_eq!(at.normal, v(1.0, 0.0));
        assert_eq!(locate(&b, v(0.2, 0.3)).side, Side::Inside);
        assert_eq!(locate(&b, v(1.2, 0.3)).side, Side::Outside);
    }

    #[test]
    fn rounded_box_corner() {
        let b = Shape::new(crate::core::shape::Geometry::Box {
            half_extents: v(1.0, 1.0),
            radius: 5.0,
        })
        .unwrap();
        // (4, 5) is 5 from the corner (1, 1): on the arc of vertex 2.
        let at = locate(&b, v(4.0, 5.0));
        assert_eq!(at.side, Side::Boundary);
        assert_eq!(at.feature, RayFeature::Vertex(2));
        assert!((at.normal - v(0.6, 0.8)).length() < 1e-6);
        assert_eq!(locate(&b, v(5.5, 0.0)).side, Side::Inside);
        assert_eq!(locate(&b, v(6.0, 0.5)).side, Side::Boundary);
        assert_eq!(locate(&b, v(0.0, 0.0)).feature, RayFeature::Edge(0));
        assert_eq!(locate(&b, v(6.5, 0.0)).side, Side::Outside);
    }

    #[test]
    fn sticks() {
        let cap = Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5).unwrap();
        let at = locate(&cap, v(0.0, 0.5));
        assert_eq!((at.side, at.feature), (Side::Boundary, RayFeature::Side(1)));
        assert_eq!(locate(&cap, v(0.0, -0.5)).feature, RayFeature::Side(0));
        assert_eq!(locate(&cap, v(1.5, 0.0)).feature, RayFeature::Cap(1));
        assert_eq!(locate(&cap, v(0.2, 0.1)).side, Side::Inside);
        let seg = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        assert_eq!(locate(&seg, v(0.3, 0.0)).side, Side::Boundary);
        assert_eq!(locate(&seg, v(0.3, 0.1)).side, Side::Outside);
        let end = locate(&seg, v(-1.0, 0.0));
        assert_eq!(
            (end.feature, end.normal),
            (RayFeature::Vertex(0), v(-1.0, 0.0))
        );
    }
}
