//! Shapes of every kind, built for both libraries from the same numbers.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Circle,
    Polygon,
    Box,
    Capsule,
    Segment,
    RoundedPolygon,
    RoundedBox,
}

pub(crate) const KINDS: [Kind; 7] = [
    Kind::Circle,
    Kind::Polygon,
    Kind::Box,
    Kind::Capsule,
    Kind::Segment,
    Kind::RoundedPolygon,
    Kind::RoundedBox,
];

impl Kind {
    pub(crate) fn name(self) -> &'static str {
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

pub(crate) struct Sample {
    pub(crate) shape: Shape,
    pub(crate) parry: Box<dyn ps::Shape>,
}

/// A convex polygon of 3 to 12 vertices: either points on a random ellipse (random
/// angles, so edges of very different lengths) or the convex hull of a random cloud.
pub(crate) fn random_polygon_points(rng: &mut Rng) -> Vec<Vec2> {
    loop {
        let pts: Vec<Vec2> = if rng.coin() {
            let n = rng.int(3, 12);
            let mut angles: Vec<f64> = (0..n).map(|_| rng.range(0.0, 2.0 * PI)).collect();
            angles.sort_by(f64::total_cmp);
            let (ax, ay) = (rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let (c, phi) = (rng.vec(-1.0, 1.0), rng.range(0.0, 2.0 * PI));
            let (s, co) = phi.sin_cos();
            angles
                .iter()
                .map(|t| {
                    let (x, y) = (ax * t.cos(), ay * t.sin());
                    c + Vec2::new((co * x - s * y) as f32, (s * x + co * y) as f32)
                })
                .collect()
        } else {
            let k = rng.int(3, 24);
            let (sx, sy) = (rng.range(0.2, 2.0), rng.range(0.2, 2.0));
            let c = rng.vec(-1.0, 1.0);
            let cloud: Vec<Vec2> = (0..k)
                .map(|_| c + Vec2::new(rng.range(-sx, sx) as f32, rng.range(-sy, sy) as f32))
                .collect();
            match convex_hull(&cloud) {
                Ok(h) => h,
                Err(_) => continue,
            }
        };
        if (3..=12).contains(&pts.len()) && Shape::polygon(&pts, 0.0).is_ok() {
            return pts;
        }
    }
}

pub(crate) fn pt(v: Vec2) -> Point<Real> {
    Point::new(v.x, v.y)
}

pub(crate) fn parry_polygon(shape: &Shape) -> ps::ConvexPolygon {
    // `from_convex_polyline` would drop vertices whose turn is below ~1.5°; keep the
    // geometry identical to Collidescope's instead.
    ps::ConvexPolygon::from_convex_polyline_unmodified(
        shape.vertices().iter().map(|v| pt(*v)).collect(),
    )
    .expect("a validated polygon has at least 3 distinct vertices")
}

pub(crate) fn random_sample(rng: &mut Rng, kind: Kind) -> Sample {
    let two_points = |rng: &mut Rng| loop {
        let (a, b) = (rng.vec(-1.5, 1.5), rng.vec(-1.5, 1.5));
        if a.distance(b) > 0.05 {
            return (a, b);
        }
    };
    let geometry = match kind {
        Kind::Circle => Geometry::Circle {
            radius: rng.range(0.1, 2.0) as f32,
        },
        Kind::Polygon => Geometry::Polygon {
            points: random_polygon_points(rng),
            radius: 0.0,
        },
        Kind::RoundedPolygon => Geometry::Polygon {
            points: random_polygon_points(rng),
            radius: rng.range(0.05, 0.6) as f32,
        },
        Kind::Box => Geometry::Box {
            half_extents: rng.vec(0.1, 2.0),
            radius: 0.0,
        },
        Kind::RoundedBox => Geometry::Box {
            half_extents: rng.vec(0.1, 2.0),
            radius: rng.range(0.05, 0.6) as f32,
        },
        Kind::Capsule => {
            let (a, b) = two_points(rng);
            Geometry::Capsule {
                a,
                b,
                radius: rng.range(0.05, 1.0) as f32,
            }
        }
        Kind::Segment => {
            let (a, b) = two_points(rng);
            Geometry::Segment { a, b }
        }
    };
    let shape = Shape::new(geometry.clone()).expect("generated shapes are valid");
    let parry: Box<dyn ps::Shape> = match geometry {
        Geometry::Circle { radius } => Box::new(ps::Ball::new(radius)),
        Geometry::Polygon { radius, .. } if radius > 0.0 => Box::new(ps::RoundShape {
            inner_shape: parry_polygon(&shape),
            border_radius: radius,
        }),
        Geometry::Polygon { .. } => Box::new(parry_polygon(&shape)),
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
    };
    Sample { shape, parry }
}
