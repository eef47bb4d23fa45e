//! A world file ([`World`]) as a Box2D world, and a recording of it: the world is
//! built, Box2D starts recording (the seed snapshot holds every body), steps it, and
//! hands back the recorded bytes.

use super::worlds_lock;
use crate::scene::world::{BodyType, World, WorldBody, WorldGeometry, WorldShape};
use boxdd_sys::ffi as b2;
use glam::Vec2;

/// Box2D's linear slop: a segment must be longer (`b2CreateSegmentShape` asserts).
const LINEAR_SLOP: f32 = 0.005;

fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

/// A live Box2D world built from a world file; destroyed on drop.
pub struct LiveWorld {
    pub(crate) id: b2::b2WorldId,
    pub(crate) bodies: Vec<b2::b2BodyId>,
    time_step: f32,
    substeps: i32,
}

impl LiveWorld {
    /// Builds the world. Fails (before Box2D is called for it) on a shape Box2D would
    /// assert on: a polygon whose hull Box2D refuses, a segment shorter than its
    /// linear slop.
    pub fn new(world: &World) -> Result<LiveWorld, String> {
        for (i, b) in world.bodies.iter().enumerate() {
            for (k, s) in b.shapes.iter().enumerate() {
                check_for_box2d(&s.geometry)
                    .map_err(|m| format!("body {i} \"{}\", shape {k}: {m}", b.name))?;
            }
        }
        let _lock = worlds_lock();
        // SAFETY: a default definition with the world file's checked gravity.
        let id = unsafe {
            let mut def = b2::b2DefaultWorldDef();
            def.gravity = v(world.gravity);
            def.enableSleep = world.sleep;
            b2::b2CreateWorld(&def)
        };
        let mut live = LiveWorld {
            id,
            bodies: Vec::with_capacity(world.bodies.len()),
            time_step: world.time_step,
            substeps: world.substeps as i32,
        };
        for b in &world.bodies {
            let body = live.add_body(b, world.contact_recycling);
            live.bodies.push(body);
        }
        Ok(live)
    }

    fn add_body(&mut self, b: &WorldBody, contact_recycling: bool) -> b2::b2BodyId {
        let name = std::ffi::CString::new(b.name.as_str()).unwrap_or_default();
        // SAFETY: every value was checked by the world file's reader (finite, within
        // limits, a unit rotation); the name outlives the call (Box2D copies it).
        let body = unsafe {
            let mut def = b2::b2DefaultBodyDef();
            def.type_ = match b.body_type {
                BodyType::Static => b2::b2BodyType_b2_staticBody,
                BodyType::Kinematic => b2::b2BodyType_b2_kinematicBody,
                BodyType::Dynamic => b2::b2BodyType_b2_dynamicBody,
            };
            def.position = v(b.position);
            def.rotation = b2::b2Rot {
                c: b.rotation.c,
                s: b.rotation.s,
            };
            def.linearVelocity = v(b.linear_velocity);
            def.angularVelocity = b.angular_velocity;
            def.isBullet = b.bullet;
            def.enableContactRecycling = contact_recycling;
            def.name = name.as_ptr();
            b2::b2CreateBody(self.id, &def)
        };
        for s in &b.shapes {
            add_shape(body, s);
        }
        body
    }

    /// The world file's time step, seconds.
    pub fn time_step(&self) -> f32 {
        self.time_step
    }

    /// One step of the world's time step and substeps.
    pub fn step(&mut self) {
        // SAFETY: a live world, not locked (no callbacks run here).
        unsafe { b2::b2World_Step(self.id, self.time_step, self.substeps) }
    }
}

impl Drop for LiveWorld {
    fn drop(&mut self) {
        let _lock = worlds_lock();
        // SAFETY: the world is live and destroyed once.
        unsafe { b2::b2DestroyWorld(self.id) }
    }
}

/// What Box2D would assert on, refused first.
fn check_for_box2d(g: &WorldGeometry) -> Result<(), String> {
    match g {
        WorldGeometry::Segment { a, b } if a.distance(*b) <= LINEAR_SLOP => Err(format!(
            "a segment of length {} (Box2D's segments are longer than its linear slop, {LINEAR_SLOP})",
            a.distance(*b)
        )),
        WorldGeometry::Polygon { points, .. } => hull(points).map(|_| ()),
        _ => Ok(()),
    }
}

/// Box2D's hull of the points, or why it has none.
fn hull(points: &[Vec2]) -> Result<b2::b2Hull, String> {
    let pts: Vec<b2::b2Vec2> = points.iter().map(|p| v(*p)).collect();
    // SAFETY: at most 8 points (the world file's reader checked).
    let h = unsafe { b2::b2ComputeHull(pts.as_ptr(), pts.len() as i32) };
    // SAFETY: a plain value.
    if h.count < 3 || !unsafe { b2::b2ValidateHull(&h) } {
        return Err("Box2D's hull builder (b2ComputeHull) makes no polygon of these points".into());
    }
    Ok(h)
}

fn add_shape(body: b2::b2BodyId, s: &WorldShape) {
    // SAFETY (every call): a live body; geometry checked by the reader and by
    // `check_for_box2d`.
    unsafe {
        let mut def = b2::b2DefaultShapeDef();
        def.material.friction = s.friction;
        def.material.restitution = s.restitution;
        def.density = s.density;
        match &s.geometry {
            WorldGeometry::Circle { center, radius } => {
                let c = b2::b2Circle {
                    center: v(*center),
                    radius: *radius,
                };
                b2::b2CreateCircleShape(body, &def, &c);
            }
            WorldGeometry::Box {
                half_extents,
                center,
                radius,
            } => {
                let q = b2::b2Rot { c: 1.0, s: 0.0 };
                let p = b2::b2MakeOffsetRoundedBox(
                    half_extents.x,
                    half_extents.y,
                    v(*center),
                    q,
                    *radius,
                );
                b2::b2CreatePolygonShape(body, &def, &p);
            }
            WorldGeometry::Polygon { points, radius } => {
                if let Ok(h) = hull(points) {
                    let p = b2::b2MakePolygon(&h, *radius);
                    b2::b2CreatePolygonShape(body, &def, &p);
                }
            }
            WorldGeometry::Capsule { a, b, radius } => {
                let c = b2::b2Capsule {
                    center1: v(*a),
                    center2: v(*b),
                    radius: *radius,
                };
                b2::b2CreateCapsuleShape(body, &def, &c);
            }
            WorldGeometry::Segment { a, b } => {
                let seg = b2::b2Segment {
                    point1: v(*a),
                    point2: v(*b),
                };
                b2::b2CreateSegmentShape(body, &def, &seg);
            }
            WorldGeometry::Chain { points, closed } => {
                let pts: Vec<b2::b2Vec2> = points.iter().map(|p| v(*p)).collect();
                let mut chain = b2::b2DefaultChainDef();
                chain.points = pts.as_ptr();
                chain.count = pts.len() as i32;
                chain.materials = &def.material;
                chain.materialCount = 1;
                chain.isLoop = *closed;
                b2::b2CreateChain(body, &chain);
            }
        }
    }
}

/// Builds the world, records `frames` steps of it, and answers the recording's bytes.
/// `progress` is called after each step with the number of steps done.
pub fn record(
    world: &World,
    frames: u32,
    mut progress: impl FnMut(u32),
) -> Result<Vec<u8>, String> {
    let mut live = super::live::Live::new(world)?;
    live.start_recording()?;
    for k in 0..frames {
        live.step();
        progress(k + 1);
    }
    live.stop_recording()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::world::parse_world;

    const WORLD: &str = r#"(version: 1, bodies: [
        (name: "ground", type: Static, position: (0.0, 0.0), angle: 0.0,
         shapes: [(geometry: Box(half_extents: (10.0, 0.5)))]),
        (name: "box", type: Dynamic, position: (0.0, 2.0), angle: 0.3,
         shapes: [(geometry: Box(half_extents: (0.5, 0.5)))]),
    ])"#;

    #[test]
    fn a_recording_replays_without_divergence() {
        let w = parse_world(WORLD, "w.ron").unwrap();
        let mut steps = 0;
        let bytes = record(&w, 90, |k| steps = k).unwrap();
        assert_eq!(steps, 90);
        let mut p = super::super::Player::open(&bytes).unwrap();
        assert_eq!(p.info().frames, 90);
        assert_eq!(p.info().substeps, 4);
        assert_eq!(p.info().time_step, 1.0 / 60.0);
        while p.step() {}
        assert_eq!(p.frame(), 90);
        assert_eq!(p.diverged_at(), None);
        assert!(p.healthy());
    }

    #[test]
    fn a_short_segment_is_refused_before_box2d() {
        let text = WORLD.replace(
            "Box(half_extents: (0.5, 0.5))",
            "Segment(a: (0.0, 0.0), b: (0.001, 0.0))",
        );
        let w = parse_world(&text, "w.ron").unwrap();
        let e = record(&w, 1, |_| {}).unwrap_err();
        assert!(
            e.contains("body 1 \"box\", shape 0: a segment of length"),
            "{e}"
        );
    }
}
