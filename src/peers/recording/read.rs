//! Reading the replayed world into our terms ([`crate::trace::world_frame`]): its
//! bodies, its shapes (geometry read once per shape and kept), its touching contacts.
//!
//! A contact point's world position is the body's centre of mass now plus Box2D's
//! anchor, as Box2D's own debug drawing places it; the anchor was computed from the
//! poses the step began with (see the module docs of `world_frame`).

use super::Player;
use crate::scene::world::{BodyType, WorldGeometry};
use crate::trace::world_frame::{
    shape_label, BodyState, ContactPoint, ContactState, FrameState, ShapeInfo,
};
use boxdd_sys::ffi as b2;
use glam::Vec2;
use std::collections::HashMap;

fn g(p: b2::b2Vec2) -> Vec2 {
    Vec2::new(p.x, p.y)
}

/// The shapes read so far, by Box2D shape id (index), with the generation read.
#[derive(Default)]
pub struct ShapeCache {
    by_id: HashMap<u32, (u16, ShapeInfo)>,
}

impl ShapeCache {
    pub fn get(&self, id: u32) -> Option<&ShapeInfo> {
        self.by_id.get(&id).map(|(_, s)| s)
    }

    /// The shape a label names (or its id written as a number).
    pub fn find(&self, label: &str) -> Option<&ShapeInfo> {
        let by_label = self
            .by_id
            .values()
            .map(|(_, s)| s)
            .find(|s| s.label == label);
        by_label.or_else(|| label.parse::<u32>().ok().and_then(|id| self.get(id)))
    }

    pub fn all(&self) -> impl Iterator<Item = &ShapeInfo> {
        self.by_id.values().map(|(_, s)| s)
    }
}

/// The geometry of a live shape, in its body's frame.
fn geometry(id: b2::b2ShapeId) -> WorldGeometry {
    // SAFETY (every call): a shape id Box2D just listed on a valid body.
    unsafe {
        match b2::b2Shape_GetType(id) {
            b2::b2ShapeType_b2_circleShape => {
                let c = b2::b2Shape_GetCircle(id);
                WorldGeometry::Circle {
                    center: g(c.center),
                    radius: c.radius,
                }
            }
            b2::b2ShapeType_b2_capsuleShape => {
                let c = b2::b2Shape_GetCapsule(id);
                WorldGeometry::Capsule {
                    a: g(c.center1),
                    b: g(c.center2),
                    radius: c.radius,
                }
            }
            b2::b2ShapeType_b2_segmentShape => {
                let s = b2::b2Shape_GetSegment(id);
                WorldGeometry::Segment {
                    a: g(s.point1),
                    b: g(s.point2),
                }
            }
            b2::b2ShapeType_b2_chainSegmentShape => {
                let s = b2::b2Shape_GetChainSegment(id);
                WorldGeometry::Chain {
                    points: vec![
                        g(s.ghost1),
                        g(s.segment.point1),
                        g(s.segment.point2),
                        g(s.ghost2),
                    ],
                    closed: false,
                }
            }
            _ => {
                let p = b2::b2Shape_GetPolygon(id);
                let n = p.count.clamp(0, 8) as usize;
                WorldGeometry::Polygon {
                    points: p.vertices[..n].iter().map(|v| g(*v)).collect(),
                    radius: p.radius,
                }
            }
        }
    }
}

fn body_type(t: b2::b2BodyType) -> BodyType {
    match t {
        b2::b2BodyType_b2_staticBody => BodyType::Static,
        b2::b2BodyType_b2_kinematicBody => BodyType::Kinematic,
        _ => BodyType::Dynamic,
    }
}

fn body_name(id: b2::b2BodyId) -> String {
    // SAFETY: a valid body; Box2D answers a NUL-terminated name it owns, or null.
    let p = unsafe { b2::b2Body_GetName(id) };
    if p.is_null() {
        return String::new();
    }
    // SAFETY: NUL-terminated (Box2D copies at most 31 bytes and terminates).
    unsafe { std::ffi::CStr::from_ptr(p) }
        .to_string_lossy()
        .chars()
        .filter(|c| !c.is_control())
        .collect()
}

impl Player {
    /// The shapes read so far ([`Player::frame_state`] reads new ones).
    pub fn shapes(&self) -> &ShapeCache {
        &self.shapes
    }

    /// The world at the current frame: bodies (in creation order), touching contacts.
    pub fn frame_state(&mut self) -> FrameState {
        let ids: Vec<(u32, b2::b2BodyId)> = (0..self.body_slots().max(0))
            .map(|index| (index as u32, self.body_id(index)))
            .collect();
        read_frame(self.frame(), &ids, &mut self.shapes)
    }
}

/// The world of `bodies` (creation ordinal, Box2D id) as it is now: the valid bodies
/// in the order given, their shapes (new ones read into `shapes`), the touching
/// contacts. Shared by the replay ([`Player::frame_state`]) and the live world.
pub(crate) fn read_frame(
    frame: u32,
    bodies: &[(u32, b2::b2BodyId)],
    shapes: &mut ShapeCache,
) -> FrameState {
    let mut states = Vec::with_capacity(bodies.len());
    let mut contacts = Vec::new();
    let mut buffer: Vec<b2::b2ContactData> = Vec::new();
    for &(index, id) in bodies {
        // SAFETY: Box2D checks any id, the null one included.
        if !unsafe { b2::b2Body_IsValid(id) } {
            continue;
        }
        let body = read_body(shapes, index, id);
        if body.body_type != BodyType::Static {
            read_contacts(id, &mut buffer, &mut contacts);
        }
        states.push(body);
    }
    contacts.sort_by_key(|c: &ContactState| (c.shape_a, c.shape_b));
    contacts.dedup_by_key(|c| (c.shape_a, c.shape_b));
    FrameState {
        frame,
        bodies: states,
        contacts,
    }
}

fn read_body(shapes: &mut ShapeCache, index: u32, id: b2::b2BodyId) -> BodyState {
    // SAFETY (every call): a valid body.
    let (t, awake, bullet, xf, center, count) = unsafe {
        (
            b2::b2Body_GetType(id),
            b2::b2Body_IsAwake(id),
            b2::b2Body_IsBullet(id),
            b2::b2Body_GetTransform(id),
            b2::b2Body_GetLocalCenter(id),
            b2::b2Body_GetShapeCount(id),
        )
    };
    let mut ids = vec![
        b2::b2ShapeId {
            index1: 0,
            world0: 0,
            generation: 0
        };
        count.max(0) as usize
    ];
    // SAFETY: the buffer holds `count` ids.
    let n = unsafe { b2::b2Body_GetShapes(id, ids.as_mut_ptr(), count.max(0)) };
    ids.truncate(n.max(0) as usize);
    ids.sort_by_key(|s| s.index1);
    let name = body_name(id);
    for (k, sid) in ids.iter().enumerate() {
        let key = (sid.index1 - 1) as u32;
        let fresh = shapes
            .by_id
            .get(&key)
            .is_some_and(|(gen, s)| *gen == sid.generation && s.body == index);
        if !fresh {
            let info = ShapeInfo {
                id: key,
                body: index,
                label: shape_label(&name, index, k, ids.len()),
                geometry: geometry(*sid),
            };
            shapes.by_id.insert(key, (sid.generation, info));
        }
    }
    BodyState {
        index,
        name,
        body_type: body_type(t),
        awake,
        bullet,
        position: [xf.p.x, xf.p.y],
        rotation: [xf.q.c, xf.q.s],
        local_center: [center.x, center.y],
        shapes: ids.iter().map(|s| (s.index1 - 1) as u32).collect(),
    }
}

/// The body's touching contacts, in our terms, appended to `out`.
fn read_contacts(
    body: b2::b2BodyId,
    buffer: &mut Vec<b2::b2ContactData>,
    out: &mut Vec<ContactState>,
) {
    // SAFETY: a valid body.
    let capacity = unsafe { b2::b2Body_GetContactCapacity(body) }.max(0);
    if capacity == 0 {
        return;
    }
    buffer.clear();
    buffer.reserve(capacity as usize);
    // SAFETY: the buffer has room for `capacity` entries, which Box2D fills up to the
    // count it answers (at most `capacity`); only those are read.
    let n = unsafe {
        let n = b2::b2Body_GetContactData(body, buffer.as_mut_ptr(), capacity);
        buffer.set_len(n.clamp(0, capacity) as usize);
        n
    };
    if n <= 0 {
        return;
    }
    for c in buffer.iter() {
        // SAFETY: shape ids Box2D just answered for a touching contact.
        let center = unsafe { b2::b2Body_GetWorldCenter(b2::b2Shape_GetBody(c.shapeIdA)) };
        let m = &c.manifold;
        let count = m.pointCount.clamp(0, 2) as usize;
        out.push(ContactState {
            shape_a: (c.shapeIdA.index1 - 1) as u32,
            shape_b: (c.shapeIdB.index1 - 1) as u32,
            normal: [m.normal.x, m.normal.y],
            points: m.points[..count]
                .iter()
                .map(|p| ContactPoint {
                    id: p.id,
                    point: [center.x + p.anchorA.x, center.y + p.anchorA.y],
                    separation: p.separation,
                    anchor_a: [p.anchorA.x, p.anchorA.y],
                })
                .collect(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::build::record;
    use super::super::Player;
    use crate::scene::world::parse_world;

    #[test]
    fn a_box_lands_and_touches_the_ground() {
        let text = r#"(version: 1, bodies: [
            (name: "ground", type: Static, position: (0.0, 0.0), angle: 0.0,
             shapes: [(geometry: Box(half_extents: (10.0, 0.5))),
                      (geometry: Box(half_extents: (0.5, 2.0)), offset: (9.5, 2.0))]),
            (name: "box", type: Dynamic, position: (0.0, 1.5), angle: 0.0,
             shapes: [(geometry: Box(half_extents: (0.5, 0.5)))]),
        ])"#;
        let bytes = record(&parse_world(text, "w.ron").unwrap(), 30, |_| {}).unwrap();
        let mut p = Player::open(&bytes).unwrap();
        let first = p.frame_state();
        assert_eq!(first.frame, 0);
        assert_eq!(first.bodies.len(), 2);
        assert_eq!(first.bodies[1].name, "box");
        assert_eq!(first.bodies[1].position, [0.0, 1.5]);
        let labels: Vec<&str> = first.bodies[0]
            .shapes
            .iter()
            .map(|id| p.shapes().get(*id).unwrap().label.as_str())
            .collect();
        assert_eq!(labels, ["ground/0", "ground/1"]);
        p.seek(30);
        let f = p.frame_state();
        assert_eq!(f.frame, 30);
        let floor = p.shapes().find("ground/0").unwrap().id;
        let the_box = p.shapes().find("box").unwrap().id;
        let c = f
            .contact(floor, the_box)
            .expect("the box rests on the floor");
        assert_eq!(c.points.len(), 2);
        // The normal points from A to B: up when the floor is A.
        let up = if c.shape_a == floor { 1.0 } else { -1.0 };
        assert!((c.normal[1] - up).abs() < 1e-4, "{:?}", c.normal);
        assert!(c.least_separation().abs() < 0.02);
        assert_ne!(c.points[0].id, c.points[1].id);
    }
}
