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
}

pub(crate) const KINDS: [Kind; 6] = [
    Kind::Circle,
    Kind::Polygon,
    Kind::Box,
    Kind::Capsule,
    Kind::Segment,
    Kind::RoundedPolygon,
];

pub(crate) struct Sample {
    pub(crate) shape: Shape,
    pub(crate) parry: Box<dyn ps::Shape>,
}

pub(crate) fn random_polygon_points(rng: &mut Rng) -> Vec<Vec2> {
    loop {
        let k = rng.int(3, 14);
        let (sx, sy) = (rng.range(0.2, 1.5), rng.range(0.2, 1.5));
        let c = rng.vec(-0.5, 0.5);
        let cloud: Vec<Vec2> = (0..k)
            .map(|_| c + Vec2::new(rng.range(-sx, sx) as f32, rng.range(-sy, sy) as f32))
            .collect();
        if let Ok(h) = convex_hull(&cloud) {
            if (3..=10).contains(&h.len()) && Shape::polygon(&h, 0.0).is_ok() {
                return h;
            }
        }
    }
}

pub(crate) fn pt(v: Vec2) -> Point<Real> {
    Point::new(v.x, v.y)
}

pub(crate) fn parry_polygon(shape: &Shape) -> ps::ConvexPolygon {
    // Keep the geometry identical (`from_convex_polyline` drops flat vertices).
    ps::ConvexPolygon::from_convex_polyline_unmodified(
        shape.vertices().iter().map(|v| pt(*v)).collect(),
    )
    .expect("a validated polygon has at least 3 vertices")
}

pub(crate) fn random_sample(rng: &mut Rng, kind: Kind) -> Sample {
    let two_points = |rng: &mut Rng| loop {
        let (a, b) = (rng.vec(-1.2, 1.2), rng.vec(-1.2, 1.2));
        if a.distance(b) > 0.1 {
            return (a, b);
        }
    };
    let geometry = match kind {
        Kind::Circle => Geometry::Circle {
            radius: rng.range(0.1, 1.2) as f32,
        },
        Kind::Polygon => Geometry::Polygon {
            points: random_polygon_points(rng),
            radius: 0.0,
        },
        Kind::RoundedPolygon => Geometry::Polygon {
            points: random_polygon_points(rng),
            radius: rng.range(0.05, 0.5) as f32,
        },
        Kind::Box => Geometry::Box {
            half_extents: rng.vec(0.1, 1.5),
            radius: 0.0,
        },
        Kind::Capsule => {
            let (a, b) = two_points(rng);
            Geometry::Capsule {
                a,
                b,
                radius: rng.range(0.05, 0.8) as f32,
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
        Geometry::Box { half_extents, .. } => {
            Box::new(ps::Cuboid::new(Vector::new(half_extents.x, half_extents.y)))
        }
        Geometry::Capsule { a, b, radius } => Box::new(ps::Capsule::new(pt(a), pt(b), radius)),
        Geometry::Segment { a, b } => Box::new(ps::Segment::new(pt(a), pt(b))),
    };
    Sample { shape, parry }
}
