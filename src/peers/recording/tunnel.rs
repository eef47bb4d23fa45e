//! Tunnelling over a whole recording, for every pair at once: a screen of the shapes
//! that moved in a step, then Box2D's time of impact on the pairs the screen passes.
//!
//! A pair's own timeline ([`super::pair::pair_state`]) sweeps that pair at every
//! step. Over all pairs that would be a time of impact per pair of shapes per step, so
//! the summary first screens: a shape whose body moved, whose swept bounding box (the
//! union of its boxes before and after the step) meets another shape's swept box,
//! although at neither end of the step its box comes within the tunnelling clearance
//! of the other's. Only those pairs are swept. A shape that passes through another
//! whose boxes still overlap at an end of the step (a long bar turning through a
//! post) is not screened in: the pair's own timeline finds it.

use super::pair::pair_state;
use super::read::ShapeCache;
use crate::scene::world::{BodyType, WorldGeometry};
use crate::trace::series::{Marker, MarkerFinder, TUNNEL_CLEARANCE};
use crate::trace::world_frame::{BodyState, FrameState};
use glam::Vec2;

/// An axis-aligned box, world frame.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Bounds {
    min: Vec2,
    max: Vec2,
}

impl Bounds {
    fn union(self, o: Bounds) -> Bounds {
        Bounds {
            min: self.min.min(o.min),
            max: self.max.max(o.max),
        }
    }

    fn grown(self, by: f32) -> Bounds {
        Bounds {
            min: self.min - Vec2::splat(by),
            max: self.max + Vec2::splat(by),
        }
    }

    fn overlaps(&self, o: &Bounds) -> bool {
        self.min.x <= o.max.x
            && o.min.x <= self.max.x
            && self.min.y <= o.max.y
            && o.min.y <= self.max.y
    }
}

/// The shape's box with its body at `body`; `None` for a shape without points.
fn bounds(g: &WorldGeometry, body: &BodyState) -> Option<Bounds> {
    let xf = super::pair::transform(body);
    let corners;
    let (points, radius): (&[Vec2], f32) = match g {
        WorldGeometry::Circle { center, radius } => (std::slice::from_ref(center), *radius),
        WorldGeometry::Box {
            half_extents: h,
            center: c,
            radius,
        } => {
            corners = [
                *c + Vec2::new(-h.x, -h.y),
                *c + Vec2::new(h.x, -h.y),
                *c + Vec2::new(h.x, h.y),
                *c + Vec2::new(-h.x, h.y),
            ];
            (&corners, *radius)
        }
        WorldGeometry::Polygon { points, radius } => (points, *radius),
        WorldGeometry::Capsule { a, b, radius } => {
            corners = [*a, *b, *a, *b];
            (&corners, *radius)
        }
        WorldGeometry::Segment { a, b } => {
            corners = [*a, *b, *a, *b];
            (&corners, 0.0)
        }
        // A chain segment with its ghosts: the segment itself.
        WorldGeometry::Chain { points, .. } if points.len() == 4 => (&points[1..3], 0.0),
        WorldGeometry::Chain { points, .. } => (points, 0.0),
    };
    let mut it = points.iter().map(|p| xf.apply(*p));
    let first = it.next()?;
    let b = it.fold(
        Bounds {
            min: first,
            max: first,
        },
        |b, p| Bounds {
            min: b.min.min(p),
            max: b.max.max(p),
        },
    );
    Some(b.grown(radius))
}

/// A shape's boxes at both ends of the step.
struct Swept {
    id: u32,
    body: u32,
    moved: bool,
    start: Bounds,
    end: Bounds,
}

impl Swept {
    fn whole(&self) -> Bounds {
        self.start.union(self.end)
    }
}

/// The pairs (lower shape id first) that tunnelled in the step from `before` to
/// `now`, each with its tunnel marker; pairs touching at either end are not here
/// (they have a contact).
pub fn tunnels(
    shapes: &ShapeCache,
    before: &FrameState,
    now: &FrameState,
) -> Vec<((u32, u32), Vec<Marker>)> {
    if before.frame == now.frame {
        return Vec::new();
    }
    let mut swept = Vec::new();
    for body in &now.bodies {
        let Some(b0) = before.body(body.index) else {
            continue;
        };
        let moved = body.body_type != BodyType::Static
            && (b0.position != body.position || b0.rotation != body.rotation);
        for id in &body.shapes {
            let Some(shape) = shapes.get(*id) else {
                continue;
            };
            if let (Some(start), Some(end)) =
                (bounds(&shape.geometry, b0), bounds(&shape.geometry, body))
            {
                swept.push(Swept {
                    id: *id,
                    body: body.index,
                    moved,
                    start,
                    end,
                });
            }
        }
    }
    let touching = |a: u32, b: u32| {
        [before, now]
            .iter()
            .any(|f| f.contact(a, b).is_some_and(|c| !c.points.is_empty()))
    };
    let mut out = Vec::new();
    for (i, s) in swept.iter().enumerate().filter(|(_, s)| s.moved) {
        let whole = s.whole();
        for (j, o) in swept.iter().enumerate() {
            // Each pair once: a moving shape against a still one, or the first of two
            // moving ones; never a body against itself.
            if o.body == s.body || (o.moved && j < i) || !whole.overlaps(&o.whole()) {
                continue;
            }
            let near_at_an_end = s.start.grown(TUNNEL_CLEARANCE).overlaps(&o.start)
                || s.end.grown(TUNNEL_CLEARANCE).overlaps(&o.end);
            if near_at_an_end || touching(s.id, o.id) {
                continue;
            }
            let (a, b) = (s.id.min(o.id), s.id.max(o.id));
            let Some(state) = pair_state(shapes, before, now, a, b) else {
                continue;
            };
            let markers: Vec<Marker> = MarkerFinder::default()
                .next(&state)
                .into_iter()
                .filter(|m| matches!(m, Marker::Tunnel { .. }))
                .collect();
            if !markers.is_empty() {
                out.push(((a, b), markers));
            }
        }
    }
    out
}
