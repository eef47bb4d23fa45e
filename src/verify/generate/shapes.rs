//! Random shapes: a valid shape of any kind and size, fat or a sliver.

use crate::core::hull::convex_hull;
use crate::core::shape::{Geometry, Shape};
use crate::verify::{Kind, Rng};
use glam::{DVec2, Vec2};

/// An f64 point rounded to f32.
pub(super) fn v2(p: DVec2) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// Points on an ellipse (semi-axes `rx`, `ry`) at jittered angles, counter-clockwise:
/// always in convex position; the jitter keeps consecutive angles ≥ 0.4·2π/n apart.
pub fn ellipse_points(rng: &mut Rng, n: usize, rx: f64, ry: f64, c: DVec2) -> Vec<Vec2> {
    let phase = rng.range(0.0, std::f64::consts::TAU);
    (0..n)
        .map(|k| {
            let t = phase + std::f64::consts::TAU * (k as f64 + rng.range(-0.3, 0.3)) / n as f64;
            v2(c + DVec2::new(rx * t.cos(), ry * t.sin()))
        })
        .collect()
}

/// A random geometry of `kind` and size `size` around a random centre near the origin
/// (`sliver`: aspect 1e-3 and hair-thin rounding).
fn random_geometry(rng: &mut Rng, kind: Kind, size: f64, sliver: bool) -> Geometry {
    let s = size;
    let c = DVec2::new(rng.range(-0.3, 0.3) * s, rng.range(-0.3, 0.3) * s);
    // Aspect: 1e-3 for slivers, else a fat shape.
    let thin = if sliver { 1.0e-3 } else { rng.range(0.3, 1.0) };
    match kind {
        Kind::Circle => Geometry::Circle {
            radius: (s * rng.range(0.3, 1.0)) as f32,
        },
        Kind::Polygon | Kind::RoundedPolygon => {
            let n = rng.int(3, 16);
            let points = ellipse_points(rng, n, s, s * thin, c);
            let radius = if kind == Kind::RoundedPolygon {
                rounding(rng, s, sliver) as f32
            } else {
                0.0
            };
            Geometry::Polygon { points, radius }
        }
        Kind::Hull => hull_geometry(rng, s, thin, c),
        Kind::Box | Kind::RoundedBox => box_geometry(rng, kind, s, sliver),
        Kind::Capsule | Kind::Segment => stick_geometry(rng, kind, s, c, sliver),
        Kind::Point => Geometry::Polygon {
            points: vec![v2(c)],
            radius: 0.0,
        },
    }
}

/// The rounding radius of a rounded shape of size `s`.
fn rounding(rng: &mut Rng, s: f64, sliver: bool) -> f64 {
    if sliver {
        s * 1.0e-3 * rng.range(0.1, 1.0)
    } else {
        s * rng.range(0.02, 0.3)
    }
}

/// The convex hull of 3 to 24 points uniform in a turned ellipse (semi-axes `s`,
/// `s·thin`, centre `c`); a 5-point ellipse polygon when the hull has under 3 or over
/// 16 vertices.
fn hull_geometry(rng: &mut Rng, s: f64, thin: f64, c: DVec2) -> Geometry {
    let m = rng.int(3, 24);
    let angle = rng.range(0.0, std::f64::consts::TAU);
    let (ca, sa) = (angle.cos(), angle.sin());
    let pts: Vec<Vec2> = (0..m)
        .map(|_| {
            // Uniform in the ellipse, turned by `angle`.
            let r = rng.unit().sqrt();
            let t = rng.range(0.0, std::f64::consts::TAU);
            let p = DVec2::new(s * r * t.cos(), s * thin * r * t.sin());
            v2(c + DVec2::new(ca * p.x - sa * p.y, sa * p.x + ca * p.y))
        })
        .collect();
    match convex_hull(&pts) {
        Ok(h) if (3..=16).contains(&h.len()) => Geometry::Polygon {
            points: h,
            radius: 0.0,
        },
        _ => Geometry::Polygon {
            points: ellipse_points(rng, 5, s, s * thin, c),
            radius: 0.0,
        },
    }
}

/// A box (rounded for `Kind::RoundedBox`) of half extents up to `s`.
fn box_geometry(rng: &mut Rng, kind: Kind, s: f64, sliver: bool) -> Geometry {
    let half = if sliver {
        DVec2::new(s, s * 1.0e-3)
    } else {
        DVec2::new(s * rng.range(0.3, 1.0), s * rng.range(0.3, 1.0))
    };
    let radius = if kind == Kind::RoundedBox {
        rounding(rng, s, sliver) as f32
    } else {
        0.0
    };
    Geometry::Box {
        half_extents: v2(half),
        radius,
    }
}

/// A segment or capsule centred on `c`, in a random direction.
fn stick_geometry(rng: &mut Rng, kind: Kind, s: f64, c: DVec2, sliver: bool) -> Geometry {
    let len = s * rng.range(0.4, 2.0);
    let d = rng.unit_vector() * (0.5 * len);
    let (a, b) = (v2(c + d), v2(c - d));
    if kind == Kind::Segment {
        Geometry::Segment { a, b }
    } else {
        let radius = if sliver {
            len * 1.0e-3
        } else {
            s * rng.range(0.05, 0.5)
        };
        Geometry::Capsule {
            a,
            b,
            radius: radius as f32,
        }
    }
}

/// A valid shape of `kind` (validation retried with new random numbers; the last
/// resort, never needed in practice, is a box of the same size).
pub(super) fn make_shape(rng: &mut Rng, kind: Kind, size: f64, sliver: bool) -> Shape {
    for _ in 0..16 {
        if let Ok(s) = Shape::new(random_geometry(rng, kind, size, sliver)) {
            return s;
        }
    }
    let half = Vec2::new(size as f32, 0.5 * size as f32);
    Shape::cuboid(half)
        .or_else(|_| Shape::circle(1.0))
        .expect("a unit circle is a valid shape")
}

/// Any kind, uniformly.
pub(super) fn random_kind(rng: &mut Rng) -> Kind {
    Kind::ALL[rng.int(0, Kind::ALL.len() - 1)]
}

/// A kind with edges (at least a 2-vertex core), uniformly.
pub(super) fn random_edged_kind(rng: &mut Rng) -> Kind {
    Kind::EDGED[rng.int(0, Kind::EDGED.len() - 1)]
}
