//! Validation: why a geometry is refused ([`ShapeError`], with messages naming the
//! vertex) and the checks a polygon outline passes ([`validate_polygon`]): count,
//! finite and bounded coordinates, no repeated vertex, an area, strictly convex
//! corners, one turn around.

use crate::core::consts::{COLLINEAR_SINE, MAX_COORDINATE, MAX_POLYGON_VERTICES};
use crate::core::math::cross;
use glam::Vec2;
use std::fmt;

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
    /// An edge so short that f32 measures it as no length (its squared length
    /// underflows): the shape is too small to have a direction along it. The same rule
    /// for every shape with edges (polygon, box, capsule, segment).
    TooSmall {
        vertex: usize,
        previous: usize,
        length: f64,
    },
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
            ShapeError::BadValue { field, value } if field.starts_with("half extent") => write!(
                f,
                "{field} is {value}; it must be greater than 0 and at most {MAX_COORDINATE:e}"
            ),
            ShapeError::BadValue { field, value } => write!(
                f,
                "{field} is {value}; it must be a finite number from 0 to {MAX_COORDINATE:e}"
            ),
            ShapeError::TooSmall {
                vertex,
                previous,
                length,
            } => write!(
                f,
                "the edge from vertex {previous} to vertex {vertex} is {length:.1e} long, too short \
                 for f32 to give it a direction (edges must be longer than about 1e-22): \
                 the shape is too small"
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
                "the polygon intersects itself: its outline crosses itself (a bow-tie) or winds around twice, first seen at vertex {vertex} ({}, {})",
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

/// A radius or half extent: finite, from 0 to [`MAX_COORDINATE`].
pub(super) fn check_scalar(field: &'static str, value: f32) -> Result<(), ShapeError> {
    if !value.is_finite() || !(0.0..=MAX_COORDINATE).contains(&value) {
        return Err(ShapeError::BadValue { field, value });
    }
    Ok(())
}

/// Checks a polygon outline and returns it counter-clockwise.
///
/// Accepts 1 vertex (a point), 2 distinct vertices (a segment), or 3 or more that form
/// a strictly convex, simple outline in either winding.
pub fn validate_polygon(points: &[Vec2]) -> Result<Vec<Vec2>, ShapeError> {
    validate_polygon_with(points, false)
}

/// [`validate_polygon`], and with `keep_flat` also accepting vertices that lie on the
/// line through their neighbours (turning by less than [`COLLINEAR_SINE`] either way),
/// as an engine's raw points may: their two edges share a normal, which every query
/// handles (GJK and SAT see the same support, clipping picks either edge).
/// Duplicates, real dents and self-intersections are refused all the same.
pub fn validate_polygon_with(points: &[Vec2], keep_flat: bool) -> Result<Vec<Vec2>, ShapeError> {
    check_count(points.len())?;
    check_coordinates(points)?;
    let scale = outline_scale(points);
    check_repeats(points, scale * 1.0e-6)?;
    if points.len() <= 2 {
        return Ok(points.to_vec());
    }
    let orientation = orientation(points, scale)?;
    check_corners(points, orientation, keep_flat)?;
    let mut ccw = points.to_vec();
    if orientation < 0.0 {
        ccw.reverse();
    }
    Ok(ccw)
}

/// At least one vertex, at most [`MAX_POLYGON_VERTICES`].
fn check_count(n: usize) -> Result<(), ShapeError> {
    if n == 0 {
        return Err(ShapeError::NoVertices);
    }
    if n > MAX_POLYGON_VERTICES {
        return Err(ShapeError::TooManyVertices { count: n });
    }
    Ok(())
}

/// Every coordinate finite and within [`MAX_COORDINATE`].
fn check_coordinates(points: &[Vec2]) -> Result<(), ShapeError> {
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
    Ok(())
}

/// Size of the outline (the larger side of its bounding box), for relative tolerances.
fn outline_scale(points: &[Vec2]) -> f32 {
    let (lo, hi) = points.iter().fold((points[0], points[0]), |(lo, hi), p| {
        (lo.min(*p), hi.max(*p))
    });
    (hi - lo).max_element()
}

/// No vertex within `weld` of the one before it.
fn check_repeats(points: &[Vec2], weld: f32) -> Result<(), ShapeError> {
    let n = points.len();
    if n >= 2 {
        for i in 0..n {
            let prev = (i + n - 1) % n;
            if n == 2 && i == 0 {
                continue; // a segment has one edge; it is checked once, at i = 1
            }
            if points[i].distance(points[prev]) <= weld {
                // Apart in exact arithmetic but no length in f32: too small, not repeated.
                let exact = (points[i].as_dvec2() - points[prev].as_dvec2()).length();
                if exact > f64::from(weld) && points[i] != points[prev] {
                    return Err(ShapeError::TooSmall {
                        vertex: i,
                        previous: prev,
                        length: exact,
                    });
                }
                return Err(ShapeError::DuplicateVertex {
                    vertex: i,
                    previous: prev,
                    point: points[i],
                });
            }
        }
    }
    Ok(())
}

/// The winding of 3 or more points: 1 counter-clockwise, -1 clockwise.
fn orientation(points: &[Vec2], scale: f32) -> Result<f32, ShapeError> {
    let n = points.len();
    // Winding from the signed area (shoelace). Zero area: all on one line.
    let mut twice_area = 0.0f64;
    for i in 0..n {
        let a = points[i].as_dvec2() - points[0].as_dvec2();
        let b = points[(i + 1) % n].as_dvec2() - points[0].as_dvec2();
        twice_area += a.x * b.y - a.y * b.x;
    }
    if twice_area.abs() <= (scale as f64).powi(2) * 1.0e-9 {
        // No area: all on one line — or an outline that crosses itself so that its
        // lobes cancel (a bow-tie). Tell them apart by the points' spread off the line
        // from the first point to the farthest one.
        let p0 = points[0].as_dvec2();
        let far = points
            .iter()
            .map(|p| p.as_dvec2())
            .max_by(|a, b| a.distance_squared(p0).total_cmp(&b.distance_squared(p0)))
            .unwrap_or(p0);
        let dir = (far - p0).normalize_or_zero();
        let off = points
            .iter()
            .map(|p| (p.as_dvec2() - p0).perp_dot(dir).abs())
            .fold(0.0f64, f64::max);
        if off > scale as f64 * 1.0e-6 {
            // The first corner that turns against the one before it.
            let turn = |i: usize| {
                let (a, b, c) = (points[(i + n - 1) % n], points[i], points[(i + 1) % n]);
                cross(b - a, c - b)
            };
            let vertex = (1..n).find(|&i| turn(i) * turn(i - 1) < 0.0).unwrap_or(0);
            return Err(ShapeError::SelfIntersecting {
                vertex,
                point: points[vertex],
            });
        }
        return Err(ShapeError::AllCollinear);
    }
    Ok(twice_area.signum() as f32)
}

/// Every corner turns the outline's way (`orientation`), strictly, and the outline
/// goes around once.
fn check_corners(points: &[Vec2], orientation: f32, keep_flat: bool) -> Result<(), ShapeError> {
    let n = points.len();
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
        if sine <= COLLINEAR_SINE && !keep_flat {
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
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::core::shape::{Shape, ShapeError};
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
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
}
