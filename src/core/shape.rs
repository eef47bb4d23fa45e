//! Shapes: the serialisable [`Geometry`] a scene file holds, and the validated
//! [`Shape`] the algorithms run on.
//!
//! Every shape is stored the way Box2D's distance proxy sees it: a convex **core**
//! (1 to [`MAX_POLYGON_VERTICES`] vertices, counter-clockwise) grown by a **radius**.
//! A circle is one vertex plus its radius, a capsule two vertices plus a radius, a
//! segment two vertices, a box four, a rounded polygon its vertices plus a radius.
//! All geometry is in the shape's local frame; a [`Pose`] places it in the world.

use crate::core::consts::{COLLINEAR_SINE, MAX_COORDINATE, MAX_POLYGON_VERTICES};
use crate::core::math::{cross, right_perp, Transform};
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
                short(point.x), short(point.y)
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
                short(point.x), short(point.y)
            ),
            ShapeError::AllCollinear => {
                write!(f, "all vertices lie on one line: the polygon has no area")
            }
            ShapeError::CollinearVertex { vertex, point } => write!(
                f,
                "vertex {vertex} ({}, {}) lies on the line through its neighbours; remove it (or use make convex)",
                short(point.x), short(point.y)
            ),
            ShapeError::NonConvex { vertex, point } => write!(
                f,
                "the polygon is not convex: it turns the wrong way at vertex {vertex} ({}, {}) (use make convex)",
                short(point.x), short(point.y)
            ),
            ShapeError::SelfIntersecting { vertex, point } => write!(
                f,
                "the polygon intersects itself: its outline winds around a second time at vertex {vertex} ({}, {})",
                short(point.x), short(point.y)
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// A coordinate for a message: rounded to 6 significant digits, no `-0`.
fn short(x: f32) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{}", x + 0.0);
    }
    let digits = (6 - x.abs().log10().ceil() as i32).clamp(0, 12);
    let scale = 10f64.powi(digits);
    format!("{}", ((x as f64) * scale).round() / scale + 0.0)
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
        let bounding_radius = vertices.iter().map(|v| v.length()).fold(0.0, f32::max) + radius;
        Ok(Shape {
            geometry,
            vertices,
            normals,
            radius,
            bounding_radius,
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

/// Index of the vertex of `vertices` farthest along `dir`; ties go to the lowest index.
///
/// The answer is defined by the scalar loop below (a projection `v·dir` wins only if
/// it is strictly greater than the best so far). On x86_64, four or more vertices are
/// searched four at a time with SSE2; that path computes the very same projections
/// (`x·dx + y·dy`, rounded the same way) and returns the first index of their maximum,
/// which is the same index. When a projection is NaN the two rules could differ, so
/// the scalar loop decides.
#[inline]
pub fn support_index(vertices: &[Vec2], dir: Vec2) -> usize {
    #[cfg(target_arch = "x86_64")]
    if vertices.len() >= 4 {
        if let Some(best) = sse2::support_index(vertices, dir) {
            return best;
        }
    }
    support_index_scalar(vertices, dir)
}

/// The reference support search: one vertex at a time.
#[inline]
fn support_index_scalar(vertices: &[Vec2], dir: Vec2) -> usize {
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

/// The support search four vertices at a time (SSE2, part of every x86_64 CPU).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use glam::Vec2;
    use std::arch::x86_64::*;

    /// The projections `v·dir` of `v[i..i + 4]`, as `x·dx + y·dy` per lane.
    #[inline(always)]
    fn dots4(v: &[Vec2], i: usize, dx: __m128, dy: __m128) -> __m128 {
        let c = &v[i..i + 4];
        let p = c.as_ptr().cast::<f32>();
        // SAFETY: `c` is four `Vec2`s, i.e. eight contiguous `f32`s (`Vec2` is
        // `repr(C)` with fields `x`, `y`): the two unaligned 16-byte loads read exactly
        // `c`. SSE2 is in the x86_64 baseline (rustc enables it for every x86_64 target).
        unsafe {
            let p01 = _mm_loadu_ps(p); // x0 y0 x1 y1
            let p23 = _mm_loadu_ps(p.add(4)); // x2 y2 x3 y3
            let xs = _mm_shuffle_ps::<0b10_00_10_00>(p01, p23);
            let ys = _mm_shuffle_ps::<0b11_01_11_01>(p01, p23);
            _mm_add_ps(_mm_mul_ps(xs, dx), _mm_mul_ps(ys, dy))
        }
    }

    /// First index of the largest projection, or `None` if a projection is NaN (or
    /// `v` has fewer than four vertices). The vertices are taken in chunks of four
    /// starting at 0, 4, 8, …; a last partial chunk is read as the last four vertices
    /// (it overlaps the chunk before, which changes neither the maximum nor, since
    /// the chunks are scanned in order, the first index that reaches it).
    #[inline]
    pub(super) fn support_index(v: &[Vec2], dir: Vec2) -> Option<usize> {
        let n = v.len();
        if n < 4 {
            return None;
        }
        let full = n & !3;
        // SAFETY: these intrinsics only compute on values in registers; SSE2 is in
        // the x86_64 baseline.
        unsafe {
            let dx = _mm_set1_ps(dir.x);
            let dy = _mm_set1_ps(dir.y);
            let mut max = dots4(v, 0, dx, dy);
            let mut nan = _mm_cmpunord_ps(max, max);
            let mut i = 4;
            while i < full {
                let d = dots4(v, i, dx, dy);
                max = _mm_max_ps(max, d);
                nan = _mm_or_ps(nan, _mm_cmpunord_ps(d, d));
                i += 4;
            }
            if full != n {
                let d = dots4(v, n - 4, dx, dy);
                max = _mm_max_ps(max, d);
                nan = _mm_or_ps(nan, _mm_cmpunord_ps(d, d));
            }
            if _mm_movemask_ps(nan) != 0 {
                return None;
            }
            // No NaN: `max` is exact; spread its largest lane to all four.
            let max = _mm_max_ps(max, _mm_shuffle_ps::<0b01_00_11_10>(max, max));
            let max = _mm_max_ps(max, _mm_shuffle_ps::<0b10_11_00_01>(max, max));
            let mut i = 0;
            while i < full {
                let hit = _mm_movemask_ps(_mm_cmpeq_ps(dots4(v, i, dx, dy), max));
                if hit != 0 {
                    return Some(i + hit.trailing_zeros() as usize);
                }
                i += 4;
            }
            let hit = _mm_movemask_ps(_mm_cmpeq_ps(dots4(v, n - 4, dx, dy), max));
            (hit != 0).then(|| n - 4 + hit.trailing_zeros() as usize)
        }
    }
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

    /// The four-at-a-time support search returns exactly the scalar loop's index:
    /// random clouds, clouds on a coarse grid (many exact ties, ±0 projections), every
    /// length from 1 to 64 (partial last chunks), and NaN/infinite projections.
    #[test]
    fn support_index_matches_the_scalar_loop() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32
        };
        let mut checked = 0;
        for n in 1..=64usize {
            for trial in 0..60 {
                let grid = trial % 2 == 1;
                let pts: Vec<Vec2> = (0..n)
                    .map(|_| {
                        let p = v(next() * 4.0 - 2.0, next() * 4.0 - 2.0);
                        if grid {
                            p.round() * 0.5
                        } else {
                            p
                        }
                    })
                    .collect();
                let d = match trial % 6 {
                    0 | 1 => v(next() - 0.5, next() - 0.5),
                    2 => v(1.0, 0.0),
                    3 => v(0.0, -1.0),
                    4 => v(-0.0, 0.0),
                    _ => v(1.0, 1.0),
                };
                assert_eq!(
                    support_index(&pts, d),
                    support_index_scalar(&pts, d),
                    "n = {n}, trial {trial}, d = {d}, {pts:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 64 * 60);
        // A NaN projection: the scalar rule (vertex 0 wins if it is NaN; a later NaN
        // never wins) is the answer.
        let mut pts: Vec<Vec2> = (0..9).map(|i| v(i as f32, 0.0)).collect();
        assert_eq!(support_index(&pts, v(1.0, 0.0)), 8);
        pts[3] = v(f32::NAN, 0.0);
        assert_eq!(support_index(&pts, v(1.0, 0.0)), 8);
        pts[0] = v(f32::NAN, 0.0);
        assert_eq!(support_index(&pts, v(1.0, 0.0)), 0);
        assert_eq!(support_index(&pts, v(f32::NAN, 1.0)), 0);
        // Infinite direction: 0·∞ is NaN at the vertex on the axis.
        let pts: Vec<Vec2> = (0..6).map(|i| v(i as f32 - 1.0, 1.0)).collect();
        assert_eq!(
            support_index(&pts, v(f32::INFINITY, 0.0)),
            support_index_scalar(&pts, v(f32::INFINITY, 0.0))
        );
    }
}
