//! The support-map trait and the feature query.
//!
//! A support map answers one question: the point of the shape farthest along a
//! direction, **in the shape's local frame**. World-space helpers are provided.
//! The feature query answers the clipping question: the *edge* farthest along a
//! direction (a zero-length edge where the surface is an arc).

use crate::core::math::Transform;
use crate::core::shape::Shape;
use glam::Vec2;

/// A convex set described by its support function.
pub trait SupportMap {
    /// The point farthest along `dir` (local frame; `dir` need not be unit length).
    /// For a zero `dir` any point of the shape may be returned.
    fn local_support(&self, dir: Vec2) -> Vec2;

    /// The point farthest along the world direction `dir`, in world space, for the
    /// shape placed by `xf`.
    #[inline]
    fn world_support(&self, xf: &Transform, dir: Vec2) -> Vec2 {
        xf.apply(self.local_support(xf.q.apply_inv(dir)))
    }

    /// How far the shape reaches along the world unit direction `dir` (the support
    /// function value `h(dir)`).
    #[inline]
    fn world_extent(&self, xf: &Transform, dir: Vec2) -> f32 {
        self.world_support(xf, dir).dot(dir)
    }
}

impl SupportMap for Shape {
    /// The surface point: the farthest core vertex pushed out by the radius.
    #[inline]
    fn local_support(&self, dir: Vec2) -> Vec2 {
        let core = self.vertices()[self.support_index(dir)];
        if self.radius() > 0.0 {
            core + self.radius() * dir.normalize_or_zero()
        } else {
            core
        }
    }
}

/// The farthest feature of a shape along a direction: an edge of the core (or a
/// single core point when the surface there is an arc, or the shape is a point).
///
/// The surface feature is the core feature pushed out by `radius` along `normal`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Feature {
    /// First endpoint of the core edge (counter-clockwise order along the shape).
    pub a: Vec2,
    /// Second endpoint; equal to `a` for a point feature.
    pub b: Vec2,
    /// Index of the core vertex at `a`.
    pub index_a: usize,
    /// Index of the core vertex at `b` (equal to `index_a` for a point feature).
    pub index_b: usize,
    /// Outward unit normal of the feature: the edge normal, or the query direction
    /// (normalised) for a point feature.
    pub normal: Vec2,
    /// The shape's radius.
    pub radius: f32,
}

impl Feature {
    /// True when the feature is a single point (a circle, a vertex on an arc).
    #[inline]
    pub fn is_point(&self) -> bool {
        self.index_a == self.index_b
    }

    /// The surface endpoints: the core edge pushed out by the radius.
    #[inline]
    pub fn surface(&self) -> (Vec2, Vec2) {
        let offset = self.radius * self.normal;
        (self.a + offset, self.b + offset)
    }

    /// The same feature in another frame.
    pub fn transformed(&self, xf: &Transform) -> Feature {
        Feature {
            a: xf.apply(self.a),
            b: xf.apply(self.b),
            normal: xf.q.apply(self.normal),
            ..*self
        }
    }
}

impl Shape {
    /// The farthest feature along `dir` (local frame).
    ///
    /// Polygon: the farthest vertex, then of its two edges the one whose normal is
    /// closest to `dir` (the edge *most perpendicular* to `dir`: this compares edge
    /// directions, not the neighbouring vertices' projections, a trap of the source
    /// post). A two-vertex core (segment, capsule) has one edge seen from two sides.
    /// A one-vertex core (circle, point) is a point feature.
    pub fn local_feature(&self, dir: Vec2) -> Feature {
        let v = self.vertices();
        let normals = self.normals();
        let n = v.len();
        let unit = dir.normalize_or_zero();
        if n == 1 {
            return Feature {
                a: v[0],
                b: v[0],
                index_a: 0,
                index_b: 0,
                normal: unit,
                radius: self.radius(),
            };
        }
        let i = self.support_index(dir);
        let prev = (i + n - 1) % n;
        // Edge `prev` runs prev → i, edge `i` runs i → i+1.
        let edge = if normals[prev].dot(dir) > normals[i].dot(dir) {
            prev
        } else {
            i
        };
        let next = (edge + 1) % n;
        Feature {
            a: v[edge],
            b: v[next],
            index_a: edge,
            index_b: next,
            normal: normals[edge],
            radius: self.radius(),
        }
    }

    /// [`Shape::local_feature`] for the shape placed by `xf`, with a world direction;
    /// the result is in world space.
    pub fn world_feature(&self, xf: &Transform, dir: Vec2) -> Feature {
        self.local_feature(xf.q.apply_inv(dir)).transformed(xf)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn circle_support_includes_radius() {
        let c = Shape::circle(2.0).unwrap();
        let p = c.local_support(Vec2::new(3.0, 4.0));
        assert!((p - Vec2::new(1.2, 1.6)).length() < 1e-6);
    }

    #[test]
    fn world_support_rotates_and_translates() {
        let b = Shape::cuboid(Vec2::new(2.0, 1.0)).unwrap();
        let xf = Transform::new(Vec2::new(10.0, 0.0), std::f32::consts::FRAC_PI_2);
        // Rotated by 90°, the box's long axis points along world y.
        let p = b.world_support(&xf, Vec2::new(0.1, 1.0));
        assert!((p.y - 2.0).abs() < 1e-5, "{p}");
        assert!((b.world_extent(&xf, Vec2::X) - 11.0).abs() < 1e-5);
    }

    #[test]
    fn box_feature_is_most_perpendicular_edge() {
        let b = Shape::cuboid(Vec2::new(1.0, 1.0)).unwrap();
        // Slightly tilted from +y: the top edge (vertex 2 → 3), not the right edge.
        let f = b.local_feature(Vec2::new(0.3, 1.0));
        assert_eq!((f.index_a, f.index_b), (2, 3));
        assert_eq!(f.normal, Vec2::Y);
        let f = b.local_feature(Vec2::new(1.0, 0.3));
        assert_eq!((f.index_a, f.index_b), (1, 2));
    }

    #[test]
    fn circle_feature_is_a_point_on_the_surface() {
        let c = Shape::circle(0.5).unwrap();
        let xf = Transform::new(Vec2::new(3.0, 1.0), 0.4);
        let f = c.world_feature(&xf, Vec2::new(0.0, -2.0));
        assert!(f.is_point());
        let (a, b) = f.surface();
        assert!((a - Vec2::new(3.0, 0.5)).length() < 1e-5, "{a}");
        assert_eq!(a, b);
    }

    #[test]
    fn segment_feature_faces_the_query() {
        let s = Shape::segment(Vec2::new(-1.0, 0.0), Vec2::new(1.0, 0.0)).unwrap();
        let up = s.local_feature(Vec2::Y);
        assert_eq!(up.normal, Vec2::Y);
        let down = s.local_feature(-Vec2::Y);
        assert_eq!(down.normal, -Vec2::Y);
    }
}
