//! `manifold_poly_poly_sat` and `manifold_poly_poly_epa`: two overlapping 8-gons.

use super::octagon::random_octagon;
use super::*;

pub(crate) fn parry_polygon(points: &[Vec2]) -> ConvexPolygon {
    let pts = points.iter().map(|p| Point::new(p.x, p.y)).collect();
    ConvexPolygon::from_convex_polyline(pts).expect("an 8-gon on an ellipse is convex")
}

/// Polygon A, polygon B (boxes too): `b2CollidePolygons`, B's pose in A's frame.
#[derive(Clone, Copy)]
pub(crate) struct Polygons {
    a: b2::b2Polygon,
    b: b2::b2Polygon,
    xf: b2::b2Transform,
}

impl Box2dCollide for Polygons {
    const SWAPPED: bool = false;

    fn new(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> Self {
        Polygons {
            a: box2d::polygon(a),
            b: box2d::polygon(b),
            xf: box2d::relative_transform(xf_a, xf_b),
        }
    }

    #[inline]
    fn collide(&self) -> b2::b2LocalManifold {
        // SAFETY: plain values; the polygons come from hulls b2ValidateHull accepted.
        unsafe { b2::b2CollidePolygons(&self.a, &self.b, self.xf) }
    }
}

pub(crate) fn octagon(rng: &mut Rng) -> (Shape, ConvexPolygon) {
    loop {
        let pts = random_octagon(rng);
        if let Ok(s) = Shape::polygon(&pts, 0.0) {
            return (s, parry_polygon(&pts));
        }
    }
}

/// `b2CollidePolygons`' typed entry, as the polygon groups time it.
pub(crate) fn polygons(first: &Shape, xf: Transform, second: &Shape) -> Box2dLocalManifold {
    box2d_collide_polygons(first, xf, second, PREDICTION)
}

/// The polygon pairs, both polygon groups'.
pub(crate) fn pair_set() -> Vec<Pair<ConvexPolygon, ConvexPolygon, Polygons>> {
    pairs(
        "manifold_poly_poly",
        SEED,
        (1.0, 2.4),
        octagon,
        octagon,
        ours_sat,
        false,
    )
}
