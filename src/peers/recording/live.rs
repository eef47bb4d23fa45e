//! A world file running live: stepped on demand, read each frame into our terms (as a
//! replay is: [`super::read::read_frame`]), a dynamic body dragged with the mouse as
//! Box2D's samples do (a motor joint from a static ground body to the grab point, its
//! target moved to the cursor), and recorded on demand (`b2World_StartRecording`)
//! into a recording [`super::Player`] replays.
//!
//! Every value reaching Box2D is checked first: Box2D's assertions end the process.

use super::build::LiveWorld;
use super::read::{read_frame, ShapeCache};
use crate::core::consts::MAX_COORDINATE;
use crate::scene::world::World;
use crate::trace::world_frame::FrameState;
use boxdd_sys::ffi as b2;
use glam::Vec2;

fn v(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

const IDENTITY: b2::b2Rot = b2::b2Rot { c: 1.0, s: 0.0 };

/// The mouse's hold on a body: the motor joint and the body it pulls.
struct Grab {
    joint: b2::b2JointId,
    body: b2::b2BodyId,
    /// The grab point in the body's frame.
    local: b2::b2Vec2,
}

/// A recording being made: Box2D's buffer and the step it began at.
struct Recorder {
    buffer: *mut b2::b2Recording,
    from: u32,
}

/// A world file's Box2D world, running.
pub struct Live {
    world: LiveWorld,
    shapes: ShapeCache,
    steps: u32,
    gravity: f32,
    /// The static body the mouse joint holds on to (made at the first grab).
    ground: Option<b2::b2BodyId>,
    grab: Option<Grab>,
    recorder: Option<Recorder>,
}

// SAFETY: the world and its recording buffer are used from one thread at a time
// (`&mut self` for every call that steps or reads).
unsafe impl Send for Live {}

/// Why a point cannot reach Box2D, if it cannot.
fn check_point(p: Vec2) -> Result<(), String> {
    if p.is_finite() && p.abs().max_element() <= MAX_COORDINATE {
        Ok(())
    } else {
        Err(format!(
            "the point ({}, {}) is not a finite point within ±{MAX_COORDINATE}",
            p.x, p.y
        ))
    }
}

impl Live {
    /// Builds the world of a world file (see [`LiveWorld::new`] for what is refused).
    pub fn new(world: &World) -> Result<Live, String> {
        Ok(Live {
            world: LiveWorld::new(world)?,
            shapes: ShapeCache::default(),
            steps: 0,
            gravity: world.gravity.length(),
            ground: None,
            grab: None,
            recorder: None,
        })
    }

    /// Steps taken since the world was built.
    pub fn steps(&self) -> u32 {
        self.steps
    }

    /// The world's time step, seconds.
    pub fn time_step(&self) -> f32 {
        self.world.time_step()
    }

    /// One step of the world's time step and substeps.
    pub fn step(&mut self) {
        self.world.step();
        self.steps = self.steps.saturating_add(1);
    }

    /// The shapes read so far ([`Live::frame_state`] reads new ones).
    pub fn shapes(&self) -> &ShapeCache {
        &self.shapes
    }

    /// The world now: the world file's bodies (in its order), touching contacts.
    pub fn frame_state(&mut self) -> FrameState {
        let ids: Vec<(u32, b2::b2BodyId)> =
            (0u32..).zip(self.world.bodies.iter().copied()).collect();
        read_frame(self.steps, &ids, &mut self.shapes)
    }

    /// The box around every shape of the world now, or `None` when it has none.
    pub fn bounds(&self) -> Option<[[f32; 2]; 2]> {
        let mut lo = Vec2::splat(f32::INFINITY);
        let mut hi = Vec2::splat(f32::NEG_INFINITY);
        for &body in &self.world.bodies {
            // SAFETY: the world's own bodies; the buffer holds `count` ids.
            let ids = unsafe {
                let count = b2::b2Body_GetShapeCount(body).max(0);
                let mut ids = vec![
                    b2::b2ShapeId {
                        index1: 0,
                        world0: 0,
                        generation: 0
                    };
                    count as usize
                ];
                let n = b2::b2Body_GetShapes(body, ids.as_mut_ptr(), count);
                ids.truncate(n.max(0) as usize);
                ids
            };
            for s in ids {
                // SAFETY: a shape Box2D just listed.
                let b = unsafe { b2::b2Shape_GetAABB(s) };
                lo = lo.min(Vec2::new(b.lowerBound.x, b.lowerBound.y));
                hi = hi.max(Vec2::new(b.upperBound.x, b.upperBound.y));
            }
        }
        (lo.x <= hi.x && lo.y <= hi.y).then(|| [lo.to_array(), hi.to_array()])
    }

    /// Takes hold of body `index` (the world file's order) at world point `at`: a
    /// motor joint from a static ground body pulls the grab point toward the target
    /// ([`Live::drag_to`]), its force bounded by the body's weight as Box2D's samples
    /// bound it. Only a dynamic body with mass can be held.
    pub fn grab(&mut self, index: u32, at: Vec2) -> Result<(), String> {
        self.release();
        check_point(at)?;
        let body = *self
            .world
            .bodies
            .get(index as usize)
            .ok_or_else(|| format!("the world has no body {index}"))?;
        // SAFETY: Box2D checks any body id; the others are called on a valid body.
        let (valid, dynamic, mass) = unsafe {
            let valid = b2::b2Body_IsValid(body);
            let dynamic = valid && b2::b2Body_GetType(body) == b2::b2BodyType_b2_dynamicBody;
            let mass = if dynamic {
                b2::b2Body_GetMassData(body)
            } else {
                b2::b2MassData {
                    mass: 0.0,
                    center: v(Vec2::ZERO),
                    rotationalInertia: 0.0,
                }
            };
            (valid, dynamic, mass)
        };
        if !valid || !dynamic {
            return Err("only a dynamic body can be dragged".into());
        }
        if !(mass.mass.is_finite() && mass.mass > 0.0) {
            return Err(
                "a body without mass cannot be dragged (its shapes have no density)".into(),
            );
        }
        let ground = self.ground();
        // Box2D's samples: a spring of 7.5 Hz, critically damped, up to 100 times the
        // body's weight; some turning resistance from the velocity torque.
        let weight = mass.mass
            * if self.gravity > 0.0 {
                self.gravity
            } else {
                10.0
            };
        let lever = (mass.rotationalInertia.max(0.0) / mass.mass).sqrt();
        // SAFETY: two valid, distinct bodies of this world; finite frames checked above;
        // the world is between steps (not locked).
        let (joint, local) = unsafe {
            let local = b2::b2Body_GetLocalPoint(body, v(at));
            let mut def = b2::b2DefaultMotorJointDef();
            def.base.bodyIdA = ground;
            def.base.bodyIdB = body;
            def.base.localFrameA = b2::b2Transform {
                p: v(at),
                q: IDENTITY,
            };
            def.base.localFrameB = b2::b2Transform {
                p: local,
                q: IDENTITY,
            };
            def.linearHertz = 7.5;
            def.linearDampingRatio = 1.0;
            def.maxSpringForce = 100.0 * weight;
            def.maxVelocityTorque = 0.25 * lever * weight;
            b2::b2Body_SetAwake(body, true);
            (b2::b2CreateMotorJoint(self.world.id, &def), local)
        };
        // SAFETY: Box2D checks any joint id.
        if !unsafe { b2::b2Joint_IsValid(joint) } {
            return Err("Box2D made no joint to drag the body with".into());
        }
        self.grab = Some(Grab { joint, body, local });
        Ok(())
    }

    /// Moves the held body's target to `at` (ignored when nothing is held or `at` is
    /// not a point Box2D takes).
    pub fn drag_to(&mut self, at: Vec2) {
        let Some(g) = &self.grab else { return };
        if check_point(at).is_err() {
            return;
        }
        // SAFETY: a joint of this world, checked valid; a finite frame.
        unsafe {
            if b2::b2Joint_IsValid(g.joint) {
                b2::b2Joint_SetLocalFrameA(
                    g.joint,
                    b2::b2Transform {
                        p: v(at),
                        q: IDENTITY,
                    },
                );
                b2::b2Joint_WakeBodies(g.joint);
            }
        }
    }

    /// The held body's grab point in the world now, if a body is held.
    pub fn grab_point(&self) -> Option<Vec2> {
        let g = self.grab.as_ref()?;
        // SAFETY: Box2D checks the body id first.
        unsafe {
            if !b2::b2Body_IsValid(g.body) {
                return None;
            }
            let p = b2::b2Body_GetWorldPoint(g.body, g.local);
            Some(Vec2::new(p.x, p.y))
        }
    }

    /// Lets go of the held body.
    pub fn release(&mut self) {
        if let Some(g) = self.grab.take() {
            // SAFETY: Box2D checks the joint id first; the world is between steps.
            unsafe {
                if b2::b2Joint_IsValid(g.joint) {
                    b2::b2DestroyJoint(g.joint, true);
                }
            }
        }
    }

    fn ground(&mut self) -> b2::b2BodyId {
        if let Some(g) = self.ground {
            return g;
        }
        // SAFETY: a default static body at the origin in a live world between steps.
        let g = unsafe {
            let def = b2::b2DefaultBodyDef();
            b2::b2CreateBody(self.world.id, &def)
        };
        self.ground = Some(g);
        g
    }

    /// Whether a recording is being made.
    pub fn recording(&self) -> bool {
        self.recorder.is_some()
    }

    /// Steps recorded so far (0 when not recording).
    pub fn recorded_steps(&self) -> u32 {
        self.recorder
            .as_ref()
            .map_or(0, |r| self.steps.saturating_sub(r.from))
    }

    /// Starts recording the world from now (its state now is the recording's seed).
    pub fn start_recording(&mut self) -> Result<(), String> {
        if self.recorder.is_some() {
            return Err("a recording is already being made".into());
        }
        // SAFETY: 0 asks for Box2D's own limit.
        let buffer = unsafe { b2::b2CreateRecording(0) };
        if buffer.is_null() {
            return Err("Box2D could not make a recording buffer".into());
        }
        // SAFETY: a live world between steps, not recording; a live buffer.
        unsafe { b2::b2World_StartRecording(self.world.id, buffer) };
        self.recorder = Some(Recorder {
            buffer,
            from: self.steps,
        });
        Ok(())
    }

    /// Stops recording and answers the recording's bytes.
    pub fn stop_recording(&mut self) -> Result<Vec<u8>, String> {
        let r = self
            .recorder
            .take()
            .ok_or_else(|| "no recording is being made".to_string())?;
        // SAFETY: the world records into the buffer until stopped; the bytes are
        // copied before the buffer is destroyed.
        let bytes = unsafe {
            b2::b2World_StopRecording(self.world.id);
            let data = b2::b2Recording_GetData(r.buffer);
            let size = b2::b2Recording_GetSize(r.buffer);
            let bytes = if data.is_null() || size <= 0 {
                None
            } else {
                Some(std::slice::from_raw_parts(data, size as usize).to_vec())
            };
            b2::b2DestroyRecording(r.buffer);
            bytes
        };
        bytes.ok_or_else(|| {
            "Box2D's recording buffer overflowed (the recording would pass Box2D's 256 MiB \
             limit): record fewer frames"
                .to_string()
        })
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        if let Some(r) = self.recorder.take() {
            // SAFETY: the world is still live (dropped after this); the buffer once.
            unsafe {
                b2::b2World_StopRecording(self.world.id);
                b2::b2DestroyRecording(r.buffer);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::world::parse_world;

    const WORLD: &str = r#"(version: 1, bodies: [
        (name: "ground", type: Static, position: (0.0, 0.0), angle: 0.0,
         shapes: [(geometry: Box(half_extents: (10.0, 0.5)))]),
        (name: "box", type: Dynamic, position: (0.0, 1.0), angle: 0.0,
         shapes: [(geometry: Box(half_extents: (0.5, 0.5)))]),
    ])"#;

    fn live() -> Live {
        Live::new(&parse_world(WORLD, "w.ron").unwrap()).unwrap()
    }

    #[test]
    fn the_live_world_reads_as_a_replayed_one() {
        let mut l = live();
        let first = l.frame_state();
        assert_eq!(first.frame, 0);
        assert_eq!(first.bodies.len(), 2);
        assert_eq!(first.bodies[1].position, [0.0, 1.0]);
        let labels: Vec<&str> = first
            .bodies
            .iter()
            .flat_map(|b| &b.shapes)
            .map(|id| l.shapes().get(*id).unwrap().label.as_str())
            .collect();
        assert_eq!(labels, ["ground", "box"]);
        for _ in 0..30 {
            l.step();
        }
        let f = l.frame_state();
        assert_eq!(f.frame, 30);
        let c = f.contact(first.bodies[0].shapes[0], first.bodies[1].shapes[0]);
        assert_eq!(c.expect("the box rests on the ground").points.len(), 2);
        let b = l.bounds().unwrap();
        assert!(
            (b[0][0] + 10.0).abs() < 0.1 && (b[1][0] - 10.0).abs() < 0.1,
            "{b:?}"
        );
    }

    #[test]
    fn a_dragged_box_follows_the_cursor_and_a_static_one_is_refused() {
        let mut l = live();
        assert!(l
            .grab(0, Vec2::new(0.0, 0.0))
            .unwrap_err()
            .contains("dynamic"));
        assert!(l.grab(1, Vec2::new(f32::NAN, 0.0)).is_err());
        assert!(l.grab(9, Vec2::ZERO).is_err());
        l.grab(1, Vec2::new(0.0, 1.0)).unwrap();
        for _ in 0..120 {
            l.drag_to(Vec2::new(3.0, 4.0));
            l.step();
        }
        let held = l.grab_point().unwrap();
        assert!(held.distance(Vec2::new(3.0, 4.0)) < 0.2, "{held}");
        l.drag_to(Vec2::new(f32::INFINITY, 0.0));
        l.release();
        assert_eq!(l.grab_point(), None);
        for _ in 0..120 {
            l.step();
        }
        let fell = l.frame_state().bodies[1].position;
        assert!(fell[1] < 1.1, "{fell:?}");
    }

    #[test]
    fn a_live_recording_with_a_drag_replays_without_divergence() {
        let mut l = live();
        for _ in 0..10 {
            l.step();
        }
        l.start_recording().unwrap();
        assert!(l.start_recording().is_err());
        l.grab(1, Vec2::new(0.2, 1.0)).unwrap();
        for k in 0..40 {
            l.drag_to(Vec2::new(0.05 * k as f32, 3.0));
            l.step();
        }
        l.release();
        for _ in 0..20 {
            l.step();
        }
        assert_eq!(l.recorded_steps(), 60);
        let bytes = l.stop_recording().unwrap();
        assert!(!l.recording());
        let live_end = l.frame_state().bodies[1].position;
        let mut p = super::super::Player::open(&bytes).unwrap();
        assert_eq!(p.info().frames, 60);
        p.seek(60);
        assert_eq!(p.diverged_at(), None);
        let replayed = p.frame_state();
        let the_box = replayed
            .bodies
            .iter()
            .find(|b| b.name == "box")
            .unwrap()
            .position;
        assert_eq!(the_box, live_end);
    }
}
