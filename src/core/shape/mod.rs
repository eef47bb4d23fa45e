//! Shapes: the serialisable [`Geometry`] a scene file holds, and the validated
//! [`Shape`] the algorithms run on.
//!
//! Every shape is stored the way Box2D's distance proxy sees it: a convex **core**
//! (1 to [`MAX_POLYGON_VERTICES`](crate::core::consts::MAX_POLYGON_VERTICES) vertices,
//! counter-clockwise) grown by a **radius**.
//! A circle is one vertex plus its radius, a capsule two vertices plus a radius, a
//! segment two vertices, a box four, a rounded polygon its vertices plus a radius.
//! All geometry is in the shape's local frame; a [`Pose`] places it in the world.

use crate::core::math::{cross, right_perp, Rot, Transform};
use glam::Vec2;
use serde::{Deserialize, Serialize};

mod support_index;
mod validate;

pub use self::support_index::support_index;
pub use self::validate::{validate_polygon, validate_polygon_with, ShapeError};

use self::validate::check_scalar;

/// The geometry of a shape as written in a scene file (local frame).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Geometry {
    /// A disc centred on the local origin.
    Circle { radius: f32 },
    /// A convex polygon (either winding; stored counter-clockwise), grown by `radius`.
    Polygon {
        points: Vec<Vec2>,
        #[serde(default)]
        radius: f32,
    },
    /// An axis-aligned box (in its local frame) centred on the origin, grown by `radius`.
    Box {
        half_extents: Vec2,
        #[serde(default)]
        radius: f32,
    },
    /// The segment `a`–`b` grown by `radius`.
    Capsule { a: Vec2, b: Vec2, radius: f32 },
    /// The segment `a`–`b` (no thickness).
    Segment { a: Vec2, b: Vec2 },
}

impl Geometry {
    /// The kind, as a word for messages and the UI.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Geometry::Circle { .. } => "circle",
            // One point is a point (rounded: a circle), two a segment (rounded: a
            // capsule), as the engines and the exports name them.
            Geometry::Polygon { points, radius } if points.len() == 1 && *radius > 0.0 => "circle",
            Geometry::Polygon { points, .. } if points.len() == 1 => "point",
            Geometry::Polygon { points, radius } if points.len() == 2 && *radius > 0.0 => "capsule",
            Geometry::Polygon { points, .. } if points.len() == 2 => "segment",
            Geometry::Polygon { radius, .. } if *radius > 0.0 => "rounded polygon",
            Geometry::Polygon { .. } => "polygon",
            Geometry::Box { radius, .. } if *radius > 0.0 => "rounded box",
            Geometry::Box { .. } => "box",
            Geometry::Capsule { .. } => "capsule",
            Geometry::Segment { .. } => "segment",
        }
    }

    /// The rounding radius (0 for sharp shapes).
    pub fn radius(&self) -> f32 {
        match self {
            Geometry::Circle { radius }
            | Geometry::Polygon { radius, .. }
            | Geometry::Box { radius, .. }
            | Geometry::Capsule { radius, .. } => *radius,
            Geometry::Segment { .. } => 0.0,
        }
    }
}

/// Where a shape is: position of its local origin and rotation (radians, CCW).
///
/// The rotation is `angle`'s cosine and sine, unless the pose holds an exact one: a
/// rotation `(c, s)` given as such (an engine's pose, kept to the bit), valid while
/// `angle` is still the angle it was given with — editing the angle drops it. With
/// [`AngleFrom::Box2dMakeRot`] the angle's rotation is Box2D's `b2MakeRot(angle)`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    pub position: Vec2,
    pub angle: f32,
    /// The exact rotation and the angle it stands for.
    #[serde(skip)]
    pub exact: Option<(Rot, f32)>,
    /// How an angle becomes a rotation.
    #[serde(skip)]
    pub angle_from: AngleFrom,
}

/// How an angle becomes a rotation `(c, s)`: the scene setting `angle_from`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum AngleFrom {
    /// `sin` and `cos` (Rust's, correctly rounded in practice).
    #[default]
    SinCos,
    /// Box2D's `b2MakeRot`: `b2ComputeCosSin`'s approximation, for angles copied from
    /// Box2D code ([`crate::core::box2d_rot`]).
    Box2dMakeRot,
}

impl AngleFrom {
    pub fn is_default(&self) -> bool {
        *self == AngleFrom::SinCos
    }

    /// The rotation of `angle`.
    pub fn rotation(self, angle: f32) -> Rot {
        match self {
            AngleFrom::SinCos => Rot::from_angle(angle),
            AngleFrom::Box2dMakeRot => crate::core::box2d_rot::box2d_make_rot(angle),
        }
    }
}

impl Pose {
    pub const IDENTITY: Pose = Pose {
        position: Vec2::ZERO,
        angle: 0.0,
        exact: None,
        angle_from: AngleFrom::SinCos,
    };

    pub fn new(position: Vec2, angle: f32) -> Pose {
        Pose {
            position,
            angle,
            ..Pose::IDENTITY
        }
    }

    /// A pose with an exact rotation; its angle is `atan2(s, c)`.
    pub fn with_rotation(position: Vec2, rotation: Rot) -> Pose {
        let angle = rotation.angle();
        Pose {
            position,
            angle,
            exact: Some((rotation, angle)),
            angle_from: AngleFrom::SinCos,
        }
    }

    /// The exact rotation, while the angle is the one it was given with.
    pub fn exact_rotation(&self) -> Option<Rot> {
        self.exact
            .filter(|(_, angle)| angle.to_bits() == self.angle.to_bits())
            .map(|(q, _)| q)
    }

    /// The rotation: the exact one, else the angle's.
    pub fn rotation(&self) -> Rot {
        self.exact_rotation()
            .unwrap_or_else(|| self.angle_from.rotation(self.angle))
    }

    pub fn transform(&self) -> Transform {
        Transform {
            p: self.position,
            q: self.rotation(),
        }
    }
}

/// A validated convex shape: a counter-clockwise core polygon grown by a radius.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    geometry: Geometry,
    vertices: Vec<Vec2>,
    normals: Vec<Vec2>,
    radius: f32,
    /// Cached [`Shape::bounding_radius`]: queries use it for relative tolerances.
    bounding_radius: f32,
    /// Built by [`Shape::new_raw_points`]: flat vertices kept as given.
    raw_points: bool,
}

impl Shape {
    /// Validates `geometry` and builds the core.
    pub fn new(geometry: Geometry) -> Result<Shape, ShapeError> {
        Shape::build(geometry, false)
    }

    /// As [`Shape::new`], but a polygon's vertices that lie on the line through their
    /// neighbours are kept as given ([`validate_polygon_with`]): an engine's raw points,
    /// when the user asks for them rather than the hull Box2D's builder would make.
    pub fn new_raw_points(geometry: Geometry) -> Result<Shape, ShapeError> {
        Shape::build(geometry, true)
    }

    /// A new geometry for this shape, built the way this one was (raw points or not).
    pub fn rebuilt(&self, geometry: Geometry) -> Result<Shape, ShapeError> {
        Shape::build(geometry, self.raw_points)
    }

    /// True when built by [`Shape::new_raw_points`].
    pub fn keeps_raw_points(&self) -> bool {
        self.raw_points
    }

    fn build(geometry: Geometry, raw_points: bool) -> Result<Shape, ShapeError> {
        let radius = geometry.radius();
        check_scalar("radius", radius)?;
        let vertices = match &geometry {
            Geometry::Circle { .. } => vec![Vec2::ZERO],
            Geometry::Polygon { points, .. } => validate_polygon_with(points, raw_points)?,
            Geometry::Box { half_extents, .. } => {
                check_scalar("half extent x", half_extents.x)?;
                check_scalar("half extent y", half_extents.y)?;
                for (field, value) in [
                    ("half extent x", half_extents.x),
                    ("half extent y", half_extents.y),
                ] {
                    // A zero half extent would make the box a segment with two coincident corners.
                    if value <= 0.0 {
                        return Err(ShapeError::BadValue { field, value });
                    }
                }
                let (hx, hy) = (half_extents.x, half_extents.y);
                // The corners pass a polygon's checks: the same smallest size (an edge
                // f32 can measure) as any polygon, so no face has a zero normal.
                validate_polygon(&[
                    Vec2::new(-hx, -hy),
                    Vec2::new(hx, -hy),
                    Vec2::new(hx, hy),
                    Vec2::new(-hx, hy),
                ])?
            }
            Geometry::Capsule { a, b, .. } | Geometry::Segment { a, b } => {
                validate_polygon(&[*a, *b])?
            }
        };
        let normals = edge_normals(&vertices);
        let bounding_radius = vertices.iter().map(|v| v.length()).fold(0.0, f32::max) + radius;
        Ok(Shape {
            geometry,
            vertices,
            normals,
            radius,
            bounding_radius,
            raw_points,
        })
    }

    /// Convenience constructors (panic-free: they return the validation result).
    pub fn circle(radius: f32) -> Result<Shape, ShapeError> {
        Shape::new(Geometry::Circle { radius })
    }
    pub fn polygon(points: &[Vec2], radius: f32) -> Result<Shape, ShapeError> {
        Shape::new(Geometry::Polygon {
            points: points.to_vec(),
            radius,
        })
    }
    pub fn cuboid(half_extents: Vec2) -> Result<Shape, ShapeError> {
        Shape::new(Geometry::Box {
            half_extents,
            radius: 0.0,
        })
    }
    pub fn capsule(a: Vec2, b: Vec2, radius: f32) -> Result<Shape, ShapeError> {
        Shape::new(Geometry::Capsule { a, b, radius })
    }
    pub fn segment(a: Vec2, b: Vec2) -> Result<Shape, ShapeError> {
        Shape::new(Geometry::Segment { a, b })
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Core vertices, counter-clockwise, local frame.
    #[inline]
    pub fn vertices(&self) -> &[Vec2] {
        &self.vertices
    }

    /// Outward unit normal of core edge `i` (from vertex `i` to vertex `i + 1`), local
    /// frame. A one-vertex core has no edges; a two-vertex core has two (both sides).
    #[inline]
    pub fn normals(&self) -> &[Vec2] {
        &self.normals
    }

    #[inline]
    pub fn radius(&self) -> f32 {
        self.radius
    }

    /// Index of the core vertex farthest along `dir` (local frame). Ties go to the
    /// lowest index, so the answer is deterministic.
    #[inline]
    pub fn support_index(&self, dir: Vec2) -> usize {
        support_index(&self.vertices, dir)
    }

    /// The core's centroid (area centroid; the midpoint for a segment).
    pub fn centroid(&self) -> Vec2 {
        let v = &self.vertices;
        match v.len() {
            1 => v[0],
            2 => (v[0] + v[1]) * 0.5,
            _ => {
                let origin = v[0];
                let mut area = 0.0;
                let mut c = Vec2::ZERO;
                for i in 1..v.len() - 1 {
                    let e1 = v[i] - origin;
                    let e2 = v[i + 1] - origin;
                    let a = 0.5 * cross(e1, e2);
                    c += a * (e1 + e2) / 3.0;
                    area += a;
                }
                origin + c / area
            }
        }
    }

    /// Radius of the smallest origin-centred disc holding the whole shape (local frame).
    #[inline]
    pub fn bounding_radius(&self) -> f32 {
        self.bounding_radius
    }
}

/// Outward unit normal of each edge `i → i + 1` (none for a point).
fn edge_normals(vertices: &[Vec2]) -> Vec<Vec2> {
    let n = vertices.len();
    if n < 2 {
        return Vec::new();
    }
    (0..n)
        .map(|i| right_perp(vertices[(i + 1) % n] - vertices[i]).normalize_or_zero())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A polygon of one or two points is named as the engines name it: the panel and
    /// the Box2D export say the same word for an imported point.
    #[test]
    fn kind_names_follow_the_point_count() {
        let p = |points: Vec<Vec2>, radius: f32| Geometry::Polygon { points, radius };
        let (a, b, c) = (Vec2::ZERO, Vec2::X, Vec2::Y);
        assert_eq!(p(vec![a], 0.0).kind_name(), "point");
        assert_eq!(p(vec![a], 0.5).kind_name(), "circle");
        assert_eq!(p(vec![a, b], 0.0).kind_name(), "segment");
        assert_eq!(p(vec![a, b], 0.5).kind_name(), "capsule");
        assert_eq!(p(vec![a, b, c], 0.0).kind_name(), "polygon");
        assert_eq!(p(vec![a, b, c], 0.5).kind_name(), "rounded polygon");
    }

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn clockwise_polygon_is_stored_counter_clockwise() {
        let s = Shape::polygon(&[v(0.0, 0.0), v(0.0, 1.0), v(1.0, 0.0)], 0.0).unwrap();
        let p = s.vertices();
        let area = cross(p[1] - p[0], p[2] - p[0]);
        assert!(area > 0.0);
        for (i, n) in s.normals().iter().enumerate() {
            let e = p[(i + 1) % 3] - p[i];
            assert!(n.dot(e).abs() < 1e-6);
            // outward: the centroid lies behind every edge
            assert!(n.dot(s.centroid() - p[i]) < 0.0);
        }
    }

    #[test]
    fn sixty_four_gon_fits() {
        let pts: Vec<Vec2> = (0..64)
            .map(|i| {
                let a = std::f32::consts::TAU * i as f32 / 64.0;
                v(a.cos(), a.sin())
            })
            .collect();
        let s = Shape::polygon(&pts, 0.0).unwrap();
        assert_eq!(s.vertices().len(), 64);
        assert_eq!(s.support_index(v(1.0, 0.0)), 0);
    }

    #[test]
    fn one_and_two_vertex_polygons() {
        let p = Shape::polygon(&[v(1.0, 2.0)], 0.5).unwrap();
        assert_eq!(p.vertices(), &[v(1.0, 2.0)]);
        assert!(p.normals().is_empty());
        let s = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        assert_eq!(s.normals(), &[v(0.0, -1.0), v(0.0, 1.0)]);
    }

    #[test]
    fn box_centroid_and_bounds() {
        let b = Shape::cuboid(v(2.0, 1.0)).unwrap();
        assert!(b.centroid().length() < 1e-6);
        assert!((b.bounding_radius() - 5.0f32.sqrt()).abs() < 1e-5);
    }
}
