//! Which shape of a frame lies under a point: clicking shapes in the world view (two
//! shapes open their pair; a dynamic body is dragged). Our geometry only, no engine
//! call, so that it answers for a frame read earlier as for the world now.

use super::read::ShapeCache;
use crate::core::math::{cross, point_segment_distance};
use crate::scene::world::{BodyType, WorldGeometry};
use crate::trace::world_frame::FrameState;
use glam::Vec2;

/// A shape under the point, and its body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The engine's shape id.
    pub shape: u32,
    /// The body's creation ordinal ([`crate::trace::world_frame::BodyState::index`]).
    pub body: u32,
    pub body_type: BodyType,
}

/// The shape under world point `p`, allowing `slack` (world units) around thin shapes:
/// a shape containing the point before one merely near it, a moving body before a
/// static one, then the nearest.
pub fn shape_at(state: &FrameState, shapes: &ShapeCache, p: Vec2, slack: f32) -> Option<Hit> {
    let mut best: Option<((bool, bool, f32), Hit)> = None;
    for body in &state.bodies {
        let xf = body.transform();
        let local = xf.apply_inv(p);
        for id in &body.shapes {
            let Some(shape) = shapes.get(*id) else {
                continue;
            };
            let d = distance(&shape.geometry, local);
            if d.is_nan() || d > slack {
                continue;
            }
            let key = (d > 0.0, body.body_type == BodyType::Static, d);
            let hit = Hit {
                shape: *id,
                body: body.index,
                body_type: body.body_type,
            };
            if best.as_ref().is_none_or(|(k, _)| key < *k) {
                best = Some((key, hit));
            }
        }
    }
    best.map(|(_, h)| h)
}

/// The distance from `q` to the shape (its body's frame), 0 or less inside.
fn distance(g: &WorldGeometry, q: Vec2) -> f32 {
    match g {
        WorldGeometry::Circle { center, radius } => q.distance(*center) - radius,
        WorldGeometry::Capsule { a, b, radius } => point_segment_distance(q, *a, *b) - radius,
        WorldGeometry::Segment { a, b } => point_segment_distance(q, *a, *b),
        WorldGeometry::Chain { points, .. } if points.len() == 4 => {
            point_segment_distance(q, points[1], points[2])
        }
        WorldGeometry::Chain { points, closed } => {
            let open = points.windows(2).map(|w| (w[0], w[1]));
            let close = closed
                .then(|| Some((*points.last()?, *points.first()?)))
                .flatten();
            open.chain(close)
                .map(|(a, b)| point_segment_distance(q, a, b))
                .fold(f32::INFINITY, f32::min)
        }
        WorldGeometry::Polygon { points, radius } => polygon_distance(points, q) - radius,
        WorldGeometry::Box {
            half_extents,
            center,
            radius,
        } => {
            let d = (q - *center).abs() - *half_extents;
            d.max(Vec2::ZERO).length() + d.max_element().min(0.0) - radius
        }
    }
}

/// Distance to a convex polygon, 0 inside (either winding).
fn polygon_distance(points: &[Vec2], q: Vec2) -> f32 {
    let n = points.len();
    if n == 0 {
        return f32::INFINITY;
    }
    let edges = (0..n).map(|i| (points[i], points[(i + 1) % n]));
    let sides: Vec<f32> = edges.clone().map(|(a, b)| cross(b - a, q - a)).collect();
    let inside = n >= 3 && (sides.iter().all(|s| *s >= 0.0) || sides.iter().all(|s| *s <= 0.0));
    if inside {
        return 0.0;
    }
    edges
        .map(|(a, b)| point_segment_distance(q, a, b))
        .fold(f32::INFINITY, f32::min)
}

#[cfg(test)]
mod tests {
    use super::super::build::record;
    use super::super::Player;
    use super::*;
    use crate::scene::world::parse_world;

    #[test]
    fn the_shape_under_a_point_prefers_the_one_containing_it_and_moving_bodies() {
        let text = r#"(version: 1, bodies: [
            (name: "ground", type: Static, position: (0.0, 0.0), angle: 0.0,
             shapes: [(geometry: Box(half_extents: (10.0, 0.5)))]),
            (name: "box", type: Dynamic, position: (0.0, 1.0), angle: 0.5,
             shapes: [(geometry: Box(half_extents: (0.5, 0.5)))]),
            (name: "ball", type: Dynamic, position: (4.0, 1.0), angle: 0.0,
             shapes: [(geometry: Circle(radius: 0.5))]),
            (name: "rail", type: Static, position: (-5.0, 3.0), angle: 0.0,
             shapes: [(geometry: Segment(a: (0.0, 0.0), b: (2.0, 0.0)))]),
        ])"#;
        let bytes = record(&parse_world(text, "w.ron").unwrap(), 1, |_| {}).unwrap();
        let mut p = Player::open(&bytes).unwrap();
        let f = p.frame_state();
        let label = |h: Option<Hit>| h.map(|h| p.shapes().get(h.shape).unwrap().label.clone());
        let at = |x: f32, y: f32, slack: f32| shape_at(&f, p.shapes(), Vec2::new(x, y), slack);
        assert_eq!(label(at(0.0, 1.0, 0.0)).as_deref(), Some("box"));
        // The box (turned half a radian) reaches below y = 0.5 (to 0.32) into the ground: the
        // point inside both is the moving box's.
        assert_eq!(label(at(0.0, 0.45, 0.0)).as_deref(), Some("box"));
        assert_eq!(label(at(-3.0, 0.0, 0.0)).as_deref(), Some("ground"));
        assert_eq!(label(at(4.3, 1.3, 0.0)).as_deref(), Some("ball"));
        // 0.6 from the ball's centre: outside it, inside with slack.
        assert_eq!(at(4.6, 1.0, 0.05), None);
        assert_eq!(label(at(4.6, 1.0, 0.15)).as_deref(), Some("ball"));
        assert_eq!(label(at(-4.0, 3.05, 0.1)).as_deref(), Some("rail"));
        assert_eq!(at(-4.0, 3.5, 0.1), None);
        let hit = at(0.0, 1.0, 0.0).unwrap();
        assert_eq!((hit.body, hit.body_type), (1, BodyType::Dynamic));
    }
}
