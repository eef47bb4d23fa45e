//! The entries in the first shape's frame, as an engine calls Box2D's functions: the
//! second shape's pose in the first's frame in, Box2D's `b2LocalManifold` out (no world
//! pose, no trace, no words of ours).

use super::{circles, function_of, polygons, Call};
use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::math::Transform;
use crate::core::shape::Shape;
use glam::Vec2;

/// One point of a [`Box2dLocalManifold`] (`b2LocalManifoldPoint`): midway between the
/// surfaces, in the first shape's frame, its separation and Box2D's id.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Box2dLocalPoint {
    pub point: Vec2,
    pub separation: f32,
    pub id: u16,
}

/// A manifold as Box2D's contact functions return it (`b2LocalManifold`): in the first
/// shape's frame, the normal from the first shape to the second, up to two points.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Box2dLocalManifold {
    pub normal: Vec2,
    pub points: [Box2dLocalPoint; MAX_MANIFOLD_POINTS],
    pub point_count: usize,
}

impl Box2dLocalManifold {
    /// The points in use.
    pub fn points(&self) -> &[Box2dLocalPoint] {
        &self.points[..self.point_count]
    }
}

/// The `Box2dV3` preset's manifold (the SAT source's) as a Box2D contact function takes
/// and answers it: `second`'s pose in `first`'s frame, the manifold in `first`'s frame
/// (`b2CollidePolygons(first, second, xf)` and its siblings, Box2D's
/// `B2_SPECULATIVE_DISTANCE` given as `speculative_distance`). No world pose and no
/// trace: for a caller that keeps its pairs in a frame of its own, as an engine does.
///
/// A pair in the order Box2D has a function for (a polygon before a circle, …) is that
/// function's arithmetic, bit for bit what [`contact_manifold`](super::contact_manifold)
/// computes in the first shape's frame before it turns to the world. A pair in the other
/// order is handed over as (second, first) with the inverse pose and its answer brought
/// back into `first`'s frame (`xf·point`, the normal negated and turned).
pub fn box2d_local_manifold(
    first: &Shape,
    second: &Shape,
    xf: Transform,
    speculative_distance: f32,
) -> Box2dLocalManifold {
    let (function, swapped) = function_of(first, second);
    if !swapped {
        let call = Call::local(first, second, speculative_distance);
        return call.run(function, xf, None, |local, _| local.box2d());
    }
    let call = Call {
        first: second,
        second: first,
        frame: xf,
        swapped,
        spec: speculative_distance,
    };
    let b_in_a = Transform::IDENTITY.inv_mul(&xf);
    call.run(function, b_in_a, None, |local, _| {
        let mut out = local.box2d();
        for p in out.points.iter_mut().take(local.count) {
            p.point = xf.apply(p.point);
        }
        out.normal = -xf.q.apply(out.normal);
        out
    })
}

/// `b2CollidePolygonAndCircle(polygon, circle, xf)`: [`box2d_local_manifold`] for a
/// polygon (three or more vertices, rounded or not) and a circle in this order, Box2D's
/// function without the choice of a function. `xf` is the circle's pose in the polygon's
/// frame; the answer is in the polygon's frame, the normal from the polygon to the
/// circle, bit for bit Box2D's (its points beyond `point_count` zero). Shapes of other
/// kinds are handed to [`box2d_local_manifold`].
pub fn box2d_collide_polygon_circle(
    polygon: &Shape,
    xf: Transform,
    circle: &Shape,
    speculative_distance: f32,
) -> Box2dLocalManifold {
    if polygon.vertices().len() < 3 || circle.vertices().len() != 1 {
        return box2d_local_manifold(polygon, circle, xf, speculative_distance);
    }
    let call = Call::local(polygon, circle, speculative_distance);
    circles::polygon_and_circle(&call, xf, None).box2d()
}

/// `b2CollidePolygons(first, second, xf)`: [`box2d_local_manifold`] for two polygons
/// (three or more vertices each, rounded or not), Box2D's function without the choice
/// of a function. `xf` is `second`'s pose in `first`'s frame; the answer is in
/// `first`'s frame, bit for bit Box2D's (its points beyond `point_count` zero). Shapes
/// of other kinds are handed to [`box2d_local_manifold`].
pub fn box2d_collide_polygons(
    first: &Shape,
    xf: Transform,
    second: &Shape,
    speculative_distance: f32,
) -> Box2dLocalManifold {
    if first.vertices().len() < 3 || second.vertices().len() < 3 {
        return box2d_local_manifold(first, second, xf, speculative_distance);
    }
    let call = Call::local(first, second, speculative_distance);
    polygons::polygons(&call, xf, None).box2d()
}
