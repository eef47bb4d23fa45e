//! Random shapes of every kind for the differential tests against parry2d
//! (`differential_parry`, `differential_cast`), built for both libraries from the same
//! numbers; each test draws them in its own [`Sizes`].

use collidescope::core::hull::convex_hull;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::verify::Rng;
use glam::Vec2;
use parry2d::math::{Point, Real, Vector};
use parry2d::shape as ps;
use std::f64::consts::PI;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Circle,
    Polygon,
    Box,
    Capsule,
    Segment,
    RoundedPolygon,
    RoundedBox,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Circle => "circle",
            Kind::Polygon => "polygon",
            Kind::Box => "box",
            Kind::Capsule => "capsule",
            Kind::Segment => "segment",
            Kind::RoundedPolygon => "rounded polygon",
            Kind::RoundedBox => "rounded box",
        }
    }
}

pub struct Sample {
    pub shape: Shape,
    pub parry: Box<dyn ps::Shape>,
}

/// The ranges a test draws its shapes from: each `(lo, hi)` pair goes to
/// [`Rng::range`] (or [`Rng::vec`], [`Rng::int`]) as it is.
pub struct Sizes {
    /// Polygons: with `ellipses`, half of them (a coin decides) are 3 to
    /// `max_vertices` points on a random ellipse (random angles, so edges of very
    /// different lengths), the other half the convex hull of a random cloud; without,
    /// all are hulls of clouds. A hull of more than `max_vertices` is drawn again.
    pub ellipses: bool,
    pub max_vertices: usize,
    /// How many points a cloud has.
    pub cloud_points: (usize, usize),
    /// The half-widths of a cloud's box (an ellipse's half-axes).
    pub spread: (f64, f64),
    /// The coordinates of a cloud's (an ellipse's) centre.
    pub centre: (f64, f64),
    pub circle_radius: (f64, f64),
    /// The radius of rounded polygons and rounded boxes.
    pub rounding: (f64, f64),
    pub half_extents: (f64, f64),
    pub capsule_radius: (f64, f64),
    /// Capsule and segment end points: coordinates in `ends`, the two points more than
    /// `min_length` apart.
    pub ends: (f64, f64),
    pub min_length: f32,
}

/// A convex polygon in `sizes` (see [`Sizes::ellipses`]).
pub fn random_polygon_points(rng: &mut Rng, sizes: &Sizes) -> Vec<Vec2> {
    let (lo, hi) = sizes.spread;
    loop {
        let pts: Vec<Vec2> = if sizes.ellipses && rng.coin() {
            let n = rng.int(3, sizes.max_vertices);
            let mut angles: Vec<f64> = (0..n).map(|_| rng.range(0.0, 2.0 * PI)).collect();
            angles.sort_by(f64::total_cmp);
            let (ax, ay) = (rng.range(lo, hi), rng.range(lo, hi));
            let (c, phi) = (
                rng.vec(sizes.centre.0, sizes.centre.1),
                rng.range(0.0, 2.0 * PI),
            );
            let (s, co) = phi.sin_cos();
            angles
                .iter()
                .map(|t| {
                    let (x, y) = (ax * t.cos(), ay * t.sin());
                    c + Vec2::new((co * x - s * y) as f32, (s * x + co * y) as f32)
                })
                .collect()
        } else {
            let k = rng.int(sizes.cloud_points.0, sizes.cloud_points.1);
            let (sx, sy) = (rng.range(lo, hi), rng.range(lo, hi));
            let c = rng.vec(sizes.centre.0, sizes.centre.1);
            let cloud: Vec<Vec2> = (0..k)
                .map(|_| c + Vec2::new(rng.range(-sx, sx) as f32, rng.range(-sy, sy) as f32))
                .collect();
            match convex_hull(&cloud) {
                Ok(h) => h,
                Err(_) => continue,
            }
        };
        if (3..=sizes.max_vertices).contains(&pts.len()) && Shape::polygon(&pts, 0.0).is_ok() {
            return pts;
        }
    }
}

pub fn pt(v: Vec2) -> Point<Real> {
    Point::new(v.x, v.y)
}

pub fn parry_polygon(shape: &Shape) -> ps::ConvexPolygon {
    // `from_convex_polyline` would drop vertices whose turn is below ~1.5°; keep the
    // geometry identical to Collidescope's instead.
    ps::ConvexPolygon::from_convex_polyline_unmodified(
        shape.vertices().iter().map(|v| pt(*v)).collect(),
    )
    .expect("a validated polygon has at least 3 distinct vertices")
}

/// A shape of `kind` in `sizes`, for both libraries.
pub fn random_sample(rng: &mut Rng, kind: Kind, sizes: &Sizes) -> Sample {
    let two_points = |rng: &mut Rng| loop {
        let (a, b) = (
            rng.vec(sizes.ends.0, sizes.ends.1),
            rng.vec(sizes.ends.0, sizes.ends.1),
        );
        if a.distance(b) > sizes.min_length {
            return (a, b);
        }
    };
    let range = |rng: &mut Rng, (lo, hi): (f64, f64)| rng.range(lo, hi) as f32;
    let geometry = match kind {
        Kind::Circle => Geometry::Circle {
            radius: range(rng, sizes.circle_radius),
        },
        Kind::Polygon => Geometry::Polygon {
            points: random_polygon_points(rng, sizes),
            radius: 0.0,
        },
        Kind::RoundedPolygon => Geometry::Polygon {
            points: random_polygon_points(rng, sizes),
            radius: range(rng, sizes.rounding),
        },
        Kind::Box => Geometry::Box {
            half_extents: rng.vec(sizes.half_extents.0, sizes.half_extents.1),
            radius: 0.0,
        },
        Kind::RoundedBox => Geometry::Box {
            half_extents: rng.vec(sizes.half_extents.0, sizes.half_extents.1),
            radius: range(rng, sizes.rounding),
        },
        Kind::Capsule => {
            let (a, b) = two_points(rng);
            Geometry::Capsule {
                a,
                b,
                radius: range(rng, sizes.capsule_radius),
            }
        }
        Kind::Segment => {
            let (a, b) = two_points(rng);
            Geometry::Segment { a, b }
        }
    };
    let shape = Shape::new(geometry.clone()).expect("generated shapes are valid");
    let parry = parry_shape(&geometry, &shape);
    Sample { shape, parry }
}

/// parry2d's shape of the same geometry (`shape` is it validated).
fn parry_shape(geometry: &Geometry, shape: &Shape) -> Box<dyn ps::Shape> {
    match *geometry {
        Geometry::Circle { radius } => Box::new(ps::Ball::new(radius)),
        Geometry::Polygon { radius, .. } if radius > 0.0 => Box::new(ps::RoundShape {
            inner_shape: parry_polygon(shape),
            border_radius: radius,
        }),
        Geometry::Polygon { .. } => Box::new(parry_polygon(shape)),
        Geometry::Box {
            half_extents,
            radius,
        } => {
            let cuboid = ps::Cuboid::new(Vector::new(half_extents.x, half_extents.y));
            if radius > 0.0 {
                Box::new(ps::RoundShape {
                    inner_shape: cuboid,
                    border_radius: radius,
                })
            } else {
                Box::new(cuboid)
            }
        }
        Geometry::Capsule { a, b, radius } => Box::new(ps::Capsule::new(pt(a), pt(b), radius)),
        Geometry::Segment { a, b } => Box::new(ps::Segment::new(pt(a), pt(b))),
    }
}
