//! Shapes: the serialisable [`Geometry`] a scene file holds, and the validated
//! [`Shape`] the algorithms run on.
//!
//! Every shape is stored the way Box2D's distance proxy sees it: a convex **core**
//! (1 to [`MAX_POLYGON_VERTICES`] vertices, counter-clockwise) grown by a **radius**.
//! A circle is one vertex plus its radius, a capsule two vertices plus a radius, a
//! segment two vertices, a box four, a rounded polygon its vertices plus a radius.
//! All geometry is in the shape's local frame; a [`Pose`] places it in the world.

use crate::consts::{COLLINEAR_SINE, MAX_COORDINATE, MAX_POLYGON_VERTICES};
use crate::math::{cross, right_perp, Transform};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::fmt;

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
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pose {
    pub position: Vec2,
    pub angle: f32,
}

impl Pose {
    pub const IDENTITY: Pose = Pose {
        position: Vec2::ZERO,
        angle: 0.0,
    };

    pub fn new(position: Vec2, angle: f32) -> Pose {
        Pose { position, angle }
    }

    pub fn transform(&self) -> Transform {
        Transform::new(self.position, self.angle)
    }
}

/// Why a geometry was refused. Vertex numbers are those of the input, from 0.
#[derive(Clone, Debug, PartialEq)]
pub enum ShapeError {
    /// A polygon with no points.
    NoVertices,
    /// More vertices than [`MAX_POLYGON_VERTICES`].
    TooManyVertices { count: usize },
    /// A vertex coordinate is NaN or infinite.
    NonFiniteVertex { vertex: usize },
    /// A vertex coordinate is beyond [`MAX_COORDINATE`].
    HugeVertex { vertex: usize, point: Vec2 },
    /// A scalar field (radius, half extent) is NaN, infinite, negative or huge.
    BadValue { field: &'static str, value: f32 },
    /// Two consecutive vertices coincide.
    DuplicateVertex {
        vertex: usize,
        previous: usize,
        point: Vec2,
    },
    /// All vertices lie on one line: the polygon has no area.
    AllCollinear,
    /// A vertex lies on the line through its neighbours (no corner there).
    CollinearVertex { vertex: usize, point: Vec2 },
    /// The outline turns the wrong way at this vertex.
    NonConvex { vertex: usize, point: Vec2 },
    /// Every turn has the same sign but the outline winds around more than once.
    SelfIntersecting { vertex: usize, point: Vec2 },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::NoVertices => write!(f, "the polygon has no vertices"),
            ShapeError::TooManyVertices { count } => write!(
                f,
                "the polygon has {count} vertices; at most {MAX_POLYGON_VERTICES} are allowed"
            ),
            ShapeError::NonFiniteVertex { vertex } => {
                write!(f, "vertex {vertex} has a NaN or infinite coordinate")
            }
            ShapeError::HugeVertex { vertex, point } => write!(
                f,
                "vertex {vertex} ({}, {}) is beyond the coordinate limit of {MAX_COORDINATE:e}",
                point.x, point.y
            ),
            ShapeError::BadValue { field, value } => write!(
                f,
                "{field} is {value}; it must be a finite number from 0 to {MAX_COORDINATE:e}"
            ),
            ShapeError::DuplicateVertex {
                vertex,
                previous,
                point,
            } => write!(
                f,
                "vertex {vertex} ({}, {}) repeats vertex {previous}",
                point.x, point.y
            ),
            ShapeError::AllCollinear => {
                write!(f, "all vertices lie on one line: the polygon has no area")
            }
            ShapeError::CollinearVertex { vertex, point } => write!(
                f,
                "vertex {vertex} ({}, {}) lies on the line through its neighbours; remove it (or use make convex)",
                point.x, point.y
            ),
            ShapeError::NonConvex { vertex, point } => write!(
                f,
                "the polygon is not convex: it turns the wrong way at vertex {vertex} ({}, {}) (use make convex)",
                point.x, point.y
            ),
            ShapeError::SelfIntersecting { vertex, point } => write!(
                f,
                "the polygon intersects itself: its outline winds around a second time at vertex {vertex} ({}, {})",
                point.x, point.y
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// A validated convex shape: a counter-clockwise core polygon grown by a radius.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    geometry: Geometry,
    vertices: Vec<Vec2>,
    normals: Vec<Vec2>,
    radius: f32,
}

impl Shape {
    /// Validates `geometry` and builds the core.
    pub fn new(geometry: Geometry) -> Result<Shape, ShapeError> {
        let radius = geometry.radius();
        check_scalar("radius", radius)?;
        let vertices = match &geometry {
            Geometry::Circle { .. } => vec![Vec2::ZERO],
            Geometry::Polygon { points, .. } => validate_polygon(points)?,
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
                vec![
                    Vec2::new(-hx, -hy),
                    Vec2::new(hx, -hy),
                    Vec2::new(hx, hy),
                    Vec2::new(-hx, hy),
                ]
            }
            Geometry::Capsule { a, b, .. } | Geometry::Segment { a, b } => {
                validate_polygon(&[*a, *b])?
            }
        };
        let normals = edge_normals(&vertices);
        Ok(Shape {
            geometry,
            vertices,
            normals,
            radius,
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
    pub fn bounding_radius(&self) -> f32 {
        self.vertices.iter().map(|v| v.length()).fold(0.0, f32::max) + self.radius
    }
}

/// Index of the vertex of `vertices` farthest along `dir`; ties go to the lowest index.
#[inline]
pub fn support_index(vertices: &[Vec2], dir: Vec2) -> usize {
    let mut best = 0;
    let mut best_value = vertices[0].dot(dir);
    for (i, v) in vertices.iter().enumerate().skip(1) {
        let value = v.dot(dir);
        if value > best_value {
            best = i;
            best_value = value;
        }
    }
    best
}

fn check_scalar(field: &'static str, value: f32) -> Result<(), ShapeError> {
    if !value.is_finite() || !(0.0..=MAX_COORDINATE).contains(&value) {
        return Err(ShapeError::BadValue { field, value });
    }
    Ok(())
}

fn edge_normals(vertices: &[Vec2]) -> Vec<Vec2> {
    let n = vertices.len();
    if n < 2 {
        return Vec::new();
    }
    (0..n)
        .map(|i| right_perp(vertices[(i + 1) % n] - vertices[i]).normalize_or_zero())
        .collect()
}

/// Checks a polygon outline and returns it counter-clockwise.
///
/// Accepts 1 vertex (a point), 2 distinct vertices (a segment), or 3 or more that form
/// a strictly convex, simple outline in either winding.
pub fn validate_polygon(points: &[Vec2]) -> Result<Vec<Vec2>, ShapeError> {
    let n = points.len();
    if n == 0 {
        return Err(ShapeError::NoVertices);
    }
    if n > MAX_POLYGON_VERTICES {
        return Err(ShapeError::TooManyVertices { count: n });
    }
    for (i, p) in points.iter().enumerate() {
        if !p.is_finite() {
            return Err(ShapeError::NonFiniteVertex { vertex: i });
        }
        if p.x.abs() > MAX_COORDINATE || p.y.abs() > MAX_COORDINATE {
            return Err(ShapeError::HugeVertex {
                vertex: i,
                point: *p,
            });
        }
    }
    // Size of the outline, for relative tolerances.
    let (lo, hi) = points.iter().fold((points[0], points[0]), |(lo, hi), p| {
        (lo.min(*p), hi.max(*p))
    });
    let scale = (hi - lo).max_element();
    let weld = scale * 1.0e-6;
    if n >= 2 {
        for i in 0..n {
            let prev = (i + n - 1) % n;
            if n == 2 && i == 0 {
                continue; // a segment has one edge; it is checked once, at i = 1
            }
            if points[i].distance(points[prev]) <= weld {
                return Err(ShapeError::DuplicateVertex {
                    vertex: i,
                    previous: prev,
                    point: points[i],
                });
            }
        }
    }
    if n <= 2 {
        return Ok(points.to_vec());
    }
    // Winding from the signed area (shoelace). Zero area: all on one line.
    let mut twice_area = 0.0f64;
    for i in 0..n {
        let a = points[i].as_dvec2() - points[0].as_dvec2();
        let b = points[(i + 1) % n].as_dvec2() - points[0].as_dvec2();
        twice_area += a.x * b.y - a.y * b.x;
    }
    if twice_area.abs() <= (scale as f64).powi(2) * 1.0e-9 {
        return Err(ShapeError::AllCollinear);
    }
    let orientation = twice_area.signum() as f32;
    // Every corner must turn the same way as the whole outline, and by more than
    // COLLINEAR_SINE. The total turning of a simple convex outline is exactly 2π; a
    // star (every turn left, but winding twice) reaches 4π.
    let mut turning = 0.0f32;
    for i in 0..n {
        let prev = points[(i + n - 1) % n];
        let next = points[(i + 1) % n];
        let e1 = points[i] - prev;
        let e2 = next - points[i];
        let sine = orientation * cross(e1, e2) / (e1.length() * e2.length());
        if sine < -COLLINEAR_SINE {
            return Err(ShapeError::NonConvex {
                vertex: i,
                point: points[i],
            });
        }
        if sine <= COLLINEAR_SINE {
            return Err(ShapeError::CollinearVertex {
                vertex: i,
                point: points[i],
            });
        }
        turning += (orientation * cross(e1, e2)).atan2(e1.dot(e2));
        if turning > std::f32::consts::TAU + 1.0e-3 {
            return Err(ShapeError::SelfIntersecting {
                vertex: i,
                point: points[i],
            });
        }
    }
    let mut ccw = points.to_vec();
    if orientation < 0.0 {
        ccw.reverse();
    }
    Ok(ccw)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn non_convex_names_the_vertex() {
        let err = Shape::polygon(
            &[
                v(0.0, 0.0),
                v(2.0, 0.0),
                v(1.0, 0.5),
                v(2.0, 2.0),
                v(0.0, 2.0),
            ],
            0.0,
        )
        .unwrap_err();
        assert_eq!(
            err,
            ShapeError::NonConvex {
                vertex: 2,
                point: v(1.0, 0.5)
            }
        );
        assert!(err.to_string().contains("vertex 2 (1, 0.5)"), "{err}");
    }

    #[test]
    fn pentagram_is_self_intersecting() {
        let star: Vec<Vec2> = (0..5)
            .map(|i| {
                let a = std::f32::consts::TAU * (2 * i) as f32 / 5.0;
                v(a.cos(), a.sin())
            })
            .collect();
        let err = Shape::polygon(&star, 0.0).unwrap_err();
        assert!(
            matches!(err, ShapeError::SelfIntersecting { .. }),
            "{err:?}"
        );
    }

    #[test]
    fn degenerate_polygons_are_refused() {
        assert_eq!(
            Shape::polygon(&[], 0.0).unwrap_err(),
            ShapeError::NoVertices
        );
        assert_eq!(
            Shape::polygon(&[v(0.0, 0.0), v(1.0, 1.0), v(2.0, 2.0)], 0.0).unwrap_err(),
            ShapeError::AllCollinear
        );
        assert!(matches!(
            Shape::polygon(&[v(0.0, 0.0), v(1.0, 0.0), v(2.0, 0.0), v(1.0, 1.0)], 0.0).unwrap_err(),
            ShapeError::CollinearVertex { vertex: 1, .. }
        ));
        assert!(matches!(
            Shape::polygon(&[v(0.0, 0.0), v(1.0, 0.0), v(1.0, 0.0), v(1.0, 1.0)], 0.0).unwrap_err(),
            ShapeError::DuplicateVertex {
                vertex: 2,
                previous: 1,
                ..
            }
        ));
        assert_eq!(
            Shape::polygon(&[v(0.0, 0.0), v(f32::NAN, 0.0), v(1.0, 1.0)], 0.0).unwrap_err(),
            ShapeError::NonFiniteVertex { vertex: 1 }
        );
        assert!(matches!(
            Shape::polygon(&[v(0.0, 0.0), v(1e9, 0.0), v(1.0, 1.0)], 0.0).unwrap_err(),
            ShapeError::HugeVertex { vertex: 1, .. }
        ));
        let many: Vec<Vec2> = (0..65).map(|i| v(i as f32, 0.0)).collect();
        assert_eq!(
            Shape::polygon(&many, 0.0).unwrap_err(),
            ShapeError::TooManyVertices { count: 65 }
        );
        assert!(matches!(
            Shape::circle(-1.0).unwrap_err(),
            ShapeError::BadValue {
                field: "radius",
                ..
            }
        ));
        assert!(matches!(
            Shape::cuboid(v(0.0, 1.0)).unwrap_err(),
            ShapeError::BadValue {
                field: "half extent x",
                ..
            }
        ));
        assert!(matches!(
            Shape::segment(v(1.0, 1.0), v(1.0, 1.0)).unwrap_err(),
            ShapeError::DuplicateVertex { .. }
        ));
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
