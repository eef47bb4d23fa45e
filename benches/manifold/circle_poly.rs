//! `manifold_circle_poly`: a circle overlapping an 8-gon.

use super::poly_poly::octagon;
use super::*;

/// Circle A, polygon B: Box2D has only `b2CollidePolygonAndCircle`, so it takes
/// (B, A) with A's pose in B's frame.
#[derive(Clone, Copy)]
pub(crate) struct PolygonCircle {
    polygon: b2::b2Polygon,
    circle: b2::b2Circle,
    xf: b2::b2Transform,
}

impl Box2dCollide for PolygonCircle {
    const SWAPPED: bool = true;

    fn new(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Self {
        let c = a.vertices()[0];
        PolygonCircle {
            polygon: box2d::polygon(b),
            circle: b2::b2Circle {
                center: b2::b2Vec2 { x: c.x, y: c.y },
                radius: a.radius(),
            },
            xf: box2d::relative_transform(xf_b, xf_a),
        }
    }

    #[inline]
    fn collide(&self) -> b2::b2LocalManifold {
        // SAFETY: plain values; the polygon comes from a hull b2ValidateHull accepted.
        unsafe { b2::b2CollidePolygonAndCircle(&self.polygon, &self.circle, self.xf) }
    }
}

pub(crate) fn circle(rng: &mut Rng) -> (Shape, Ball) {
    let r = rng.range_f32(0.25, 1.0);
    (Shape::circle(r).expect("valid radius"), Ball::new(r))
}

pub(crate) fn pair_set() -> Vec<Pair<Ball, ConvexPolygon, PolygonCircle>> {
    pairs(
        "manifold_circle_poly",
        SEED ^ 1,
        (0.8, 2.2),
        circle,
        octagon,
        ours_sat,
        false,
    )
}

/// `b2CollidePolygonAndCircle`'s typed entry, as the group times it.
pub(crate) fn polygon_circle(polygon: &Shape, xf: Transform, circle: &Shape) -> Box2dLocalManifold {
    box2d_collide_polygon_circle(polygon, xf, circle, PREDICTION)
}
