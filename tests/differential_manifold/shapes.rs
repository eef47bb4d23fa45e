//! Shapes.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Kind {
    Circle,
    Box,
    Polygon,
    Rounded,
    Capsule,
    Segment,
}

pub(crate) const KINDS: [Kind; 6] = [
    Kind::Circle,
    Kind::Box,
    Kind::Polygon,
    Kind::Rounded,
    Kind::Capsule,
    Kind::Segment,
];

pub(crate) fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// A convex polygon of 3 to 8 vertices with corners of at least ~25° and no short
/// edges: points on an ellipse at jittered, evenly spaced angles.
pub(crate) fn random_polygon(rng: &mut Rng) -> Vec<Vec2> {
    let n = 3 + rng.below(6);
    let (ax, ay) = (rng.range_f32(0.3, 1.0), rng.range_f32(0.3, 1.0));
    let phase = rng.range_f32(0.0, std::f32::consts::TAU);
    let step = std::f32::consts::TAU / n as f32;
    (0..n)
        .map(|i| {
            let t = phase + step * (i as f32 + rng.range_f32(-0.25, 0.25));
            v(ax * t.cos(), ay * t.sin())
        })
        .collect()
}

pub(crate) fn random_shape(rng: &mut Rng, kind: Kind) -> Shape {
    let g = match kind {
        Kind::Circle => Geometry::Circle {
            radius: rng.range_f32(0.2, 1.0),
        },
        Kind::Box => Geometry::Box {
            half_extents: v(rng.range_f32(0.2, 1.0), rng.range_f32(0.2, 1.0)),
            radius: 0.0,
        },
        Kind::Polygon => Geometry::Polygon {
            points: random_polygon(rng),
            radius: 0.0,
        },
        Kind::Rounded => Geometry::Polygon {
            points: random_polygon(rng),
            radius: rng.range_f32(0.05, 0.3),
        },
        Kind::Capsule => Geometry::Capsule {
            a: v(-rng.range_f32(0.2, 1.0), 0.0),
            b: v(rng.range_f32(0.2, 1.0), 0.0),
            radius: rng.range_f32(0.1, 0.5),
        },
        Kind::Segment => Geometry::Segment {
            a: v(-rng.range_f32(0.3, 1.0), 0.0),
            b: v(rng.range_f32(0.3, 1.0), 0.0),
        },
    };
    Shape::new(g).unwrap_or_else(|_| Shape::cuboid(v(0.5, 0.4)).unwrap())
}

pub(crate) fn pt(p: Vec2) -> Point<Real> {
    Point::new(p.x, p.y)
}

pub(crate) fn to_parry(shape: &Shape) -> Box<dyn ps::Shape> {
    let polygon = || {
        ps::ConvexPolygon::from_convex_polyline_unmodified(
            shape.vertices().iter().map(|p| pt(*p)).collect(),
        )
        .expect("a validated convex polygon")
    };
    match shape.geometry().clone() {
        Geometry::Circle { radius } => Box::new(ps::Ball::new(radius)),
        Geometry::Box {
            half_extents,
            radius: 0.0,
        } => Box::new(ps::Cuboid::new(Vector::new(half_extents.x, half_extents.y))),
        Geometry::Polygon { radius, .. } | Geometry::Box { radius, .. } if radius > 0.0 => {
            Box::new(ps::RoundShape {
                inner_shape: polygon(),
                border_radius: radius,
            })
        }
        Geometry::Polygon { .. } | Geometry::Box { .. } => Box::new(polygon()),
        Geometry::Capsule { a, b, radius } => Box::new(ps::Capsule::new(pt(a), pt(b), radius)),
        Geometry::Segment { a, b } => Box::new(ps::Segment::new(pt(a), pt(b))),
    }
}

pub(crate) fn iso(xf: &Transform) -> Isometry<Real> {
    Isometry::new(Vector::new(xf.p.x, xf.p.y), xf.q.angle())
}
