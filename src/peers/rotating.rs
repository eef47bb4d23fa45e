//! The engines' time of impact when a shape turns: Box2D v3's `b2TimeOfImpact` (raw
//! FFI) and parry2d's `cast_shapes_nonlinear`, answers in our terms (world frame,
//! normal from A to B, Box2D's state names). [`answer`] replaces an engine's linear
//! `toi` with this one when the pair turns.
//!
//! ## Box2D: its sweep cannot turn more than half a turn
//! `b2Sweep` holds the rotations at both ends (`q1`, `q2`) and `b2GetSweepTransform`
//! interpolates their cosine and sine linearly, then normalises (nlerp). So Box2D turns
//! the short way from `q1` to `q2`: a turn of `ω` per step with `|ω| ≥ π` is seen as
//! `ω` wrapped into (−π, π] — a full turn as none at all — and even under half a turn
//! the angle runs at a varying rate (fastest, `2·tan(ω/2)`, at mid-step). The sweeps
//! here are built as a Box2D user would: `c1` the position, `c2` the position plus the
//! velocity, `q1` the pose's rotation, `q2` the rotation `ω` later, `localCenter` 0
//! (turning about the position, as the scene does). [`box2d_sweeps`] gives them to the
//! fuzzer's oracle, which follows Box2D's own motion to judge its answers. Box2D aims
//! at `max(slop, radii − slop)`, slop deeper than touching.
//!
//! ## parry2d: the scene's motion, surfaces touching
//! `NonlinearRigidMotion` with `local_center` 0, `linvel` the velocity and `angvel` the
//! turn per step runs the pose exactly as the scene does (angle linear in time,
//! turning about the position). `cast_shapes_nonlinear` (with `stop_at_penetration`)
//! advances until the rounded shapes' separation along the current axis is within
//! `eps_tol` (1.2e-6): its target is the radii, touching, approached from outside.
//! Its statuses map to ours: `Converged` hit; `PenetratingOrWithinTargetDist` at t = 0
//! overlapped (the rounded shapes, not the cores); `Failed` and `OutOfIterations`
//! failed; no hit separated.

use super::b2;
use super::box2d::{proxy, MAX_POLYGON_VERTICES};
use super::parry::shape;
use crate::core::math::{arr, Rot, Transform};
use crate::core::toi::rotating::{ToiTarget, ToiTermination};
use crate::scene::build::PairInputs;
use crate::trace::peer_answer::{Engine, EngineAnswer, PeerRotatingToi, PeerToi};
use glam::Vec2;
use parry::math::{Pose, Rot2, Vector};
use parry::query::{self as pq, NonlinearRigidMotion, ShapeCastStatus};

/// A shape's motion as Box2D's sweep holds it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Box2dSweep {
    pub c1: Vec2,
    pub c2: Vec2,
    pub q1: Rot,
    pub q2: Rot,
}

/// Replaces `out.toi` with the engine's rotating time of impact (or names it missing).
pub fn answer(engine: Engine, pair: &PairInputs, out: &mut EngineAnswer) {
    let found = match engine {
        Engine::Box2d => super::guard::box2d("toi_rotating", || box2d(pair)),
        Engine::Parry => super::guard::parry("toi_rotating", || parry_toi(pair)),
    };
    match found {
        Ok(Ok((toi, rotating))) => {
            out.toi = Some(toi);
            out.toi_rotating = Some(rotating);
        }
        Ok(Err(why)) => {
            out.toi = None;
            out.missing.push(format!("toi (turning): {why}"));
        }
        Err(fault) => {
            out.toi = None;
            out.stopped(fault);
        }
    }
}

/// Whether Box2D's sweep represents the pair's turns: under half a turn each.
pub fn box2d_represents(pair: &PairInputs) -> bool {
    let half = std::f32::consts::PI;
    pair.angular_velocity_a.abs() < half && pair.angular_velocity_b.abs() < half
}

/// Both shapes' sweeps as Box2D gets them (module docs).
pub fn box2d_sweeps(pair: &PairInputs) -> (Box2dSweep, Box2dSweep) {
    let (sa, sb) = pair.sweeps();
    let sweep = |xf: &Transform, s: &crate::core::toi::rotating::Sweep| Box2dSweep {
        c1: s.c1,
        c2: s.c2,
        q1: xf.q,
        q2: s.transform(1.0).q,
    };
    (
        sweep(&pair.pair.transform_a, &sa),
        sweep(&pair.pair.transform_b, &sb),
    )
}

fn bv(p: Vec2) -> b2::b2Vec2 {
    b2::b2Vec2 { x: p.x, y: p.y }
}

fn b2_sweep(s: &Box2dSweep) -> b2::b2Sweep {
    let rot = |q: Rot| b2::b2Rot { c: q.c, s: q.s };
    b2::b2Sweep {
        localCenter: bv(Vec2::ZERO),
        c1: bv(s.c1),
        c2: bv(s.c2),
        q1: rot(s.q1),
        q2: rot(s.q2),
    }
}

fn state_of_box2d(s: b2::b2TOIState) -> ToiTermination {
    match s {
        b2::b2TOIState_b2_toiStateHit => ToiTermination::Hit,
        b2::b2TOIState_b2_toiStateSeparated => ToiTermination::Separated,
        b2::b2TOIState_b2_toiStateOverlapped => ToiTermination::Overlapped,
        _ => ToiTermination::Failed,
    }
}

/// Box2D's input for the pair: proxies, sweeps (module docs), `maxFraction` 1; or why
/// Box2D cannot take a shape.
pub fn box2d_input(pair: &PairInputs) -> Result<b2::b2TOIInput, String> {
    for s in [pair.pair.shape_a, pair.pair.shape_b] {
        let n = s.vertices().len();
        if n > MAX_POLYGON_VERTICES {
            return Err(format!(
                "Box2D v3: polygons have at most {MAX_POLYGON_VERTICES} vertices; this one has {n}"
            ));
        }
    }
    let (sa, sb) = box2d_sweeps(pair);
    Ok(b2::b2TOIInput {
        proxyA: proxy(pair.pair.shape_a),
        proxyB: proxy(pair.pair.shape_b),
        sweepA: b2_sweep(&sa),
        sweepB: b2_sweep(&sb),
        maxFraction: 1.0,
    })
}

/// `b2TimeOfImpact` on an input such as [`box2d_input`] makes; `None` for a proxy
/// of no point or more than Box2D holds.
#[inline]
pub fn box2d_call(input: &b2::b2TOIInput) -> Option<b2::b2TOIOutput> {
    let held = 1..=MAX_POLYGON_VERTICES as i32;
    if !(held.contains(&input.proxyA.count) && held.contains(&input.proxyB.count)) {
        return None;
    }
    // SAFETY: plain values; proxies of 1 to 8 points (checked); the rotations the
    // callers pass are the core's unit cosine and sine (b2TimeOfImpact asserts unit).
    Some(unsafe { b2::b2TimeOfImpact(input) })
}

/// `b2TimeOfImpact` over the step (module docs).
pub fn box2d(pair: &PairInputs) -> Result<(PeerToi, PeerRotatingToi), String> {
    let o = box2d_call(&box2d_input(pair)?).ok_or("Box2D v3: a proxy it cannot hold")?;
    let state = state_of_box2d(o.state);
    let note = (!box2d_represents(pair)).then(|| {
        "Box2D's sweep interpolates the rotation's cosine and sine (nlerp): it turns the \
         short way, under half a turn, so a turn of half a turn or more per step is not \
         the scene's motion"
            .to_string()
    });
    let radii = pair.pair.shape_a.radius() + pair.pair.shape_b.radius();
    Ok((
        PeerToi {
            hit: state == ToiTermination::Hit,
            t: o.fraction,
            point: arr(Vec2::new(o.point.x, o.point.y)),
            normal: arr(Vec2::new(o.normal.x, o.normal.y)),
            iterations: None,
        },
        PeerRotatingToi {
            state,
            target: ToiTarget::Box2d.distance(radii),
            note,
        },
    ))
}

fn pv(p: Vec2) -> Vector {
    Vector::new(p.x, p.y)
}

fn motion(xf: &Transform, velocity: Vec2, turn: f32) -> NonlinearRigidMotion {
    let start = Pose::from_parts(pv(xf.p), Rot2::from_cos_sin_unchecked(xf.q.c, xf.q.s));
    NonlinearRigidMotion::new(start, Vector::ZERO, pv(velocity), turn)
}

/// Both shapes' motions as parry's (module docs).
pub fn parry_motions(pair: &PairInputs) -> (NonlinearRigidMotion, NonlinearRigidMotion) {
    (
        motion(
            &pair.pair.transform_a,
            pair.velocity_a,
            pair.angular_velocity_a,
        ),
        motion(
            &pair.pair.transform_b,
            pair.velocity_b,
            pair.angular_velocity_b,
        ),
    )
}

/// `cast_shapes_nonlinear` over the step (module docs).
pub fn parry_toi(pair: &PairInputs) -> Result<(PeerToi, PeerRotatingToi), String> {
    let (ga, gb) = (shape(pair.pair.shape_a), shape(pair.pair.shape_b));
    let (ma, mb) = parry_motions(pair);
    let hit = pq::cast_shapes_nonlinear(&ma, &*ga, &mb, &*gb, 0.0, 1.0, true)
        .map_err(|_| "parry2d: no nonlinear shape cast for this pair of shapes".to_string())?;
    let radii = pair.pair.shape_a.radius() + pair.pair.shape_b.radius();
    let rotating = |state| PeerRotatingToi {
        state,
        target: radii,
        note: None,
    };
    let Some(h) = hit else {
        let toi = PeerToi {
            hit: false,
            t: 1.0,
            point: [f32::NAN; 2],
            normal: [f32::NAN; 2],
            iterations: None,
        };
        return Ok((toi, rotating(ToiTermination::Separated)));
    };
    let t = h.time_of_impact;
    let state = match h.status {
        ShapeCastStatus::Converged => ToiTermination::Hit,
        ShapeCastStatus::PenetratingOrWithinTargetDist if t <= 0.0 => ToiTermination::Overlapped,
        ShapeCastStatus::PenetratingOrWithinTargetDist => ToiTermination::Hit,
        ShapeCastStatus::Failed | ShapeCastStatus::OutOfIterations => ToiTermination::Failed,
    };
    // The witnesses and normal are in each shape's frame at the time of impact.
    let (pa, pb) = (ma.position_at_time(t), mb.position_at_time(t));
    let wa = pa * h.witness1;
    let wb = pb * h.witness2;
    let n = pa.rotation * h.normal1;
    let toi = PeerToi {
        hit: state == ToiTermination::Hit,
        t,
        point: [0.5 * (wa.x + wb.x), 0.5 * (wa.y + wb.y)],
        normal: [n.x, n.y],
        iterations: None,
    };
    Ok((toi, rotating(state)))
}
