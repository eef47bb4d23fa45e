//! The shape-cast trace: the poses at the start, at each step, at the impact and at
//! the end of the step, each step's distance query and advance, in world space.

use super::faces::FaceStep;
use super::frame::{CastFrame, Probe};
use crate::core::gjk::GjkTermination;
use crate::core::math::Transform;
use crate::core::record::Record;
use crate::core::shape::Pose;
use glam::Vec2;
use serde::Serialize;

/// One advancement step, world space, drawable on its own.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CastStep {
    pub iteration: u32,
    /// The time of this pose.
    pub t: f32,
    /// A's and B's poses at `t` (angles constant).
    pub pose_a: Pose,
    pub pose_b: Pose,
    /// Surface separation at `t` (negative: overlap through the radii).
    pub distance: f32,
    /// Unit normal from A to B, when the cores are apart.
    pub normal: Option<Vec2>,
    /// Closest surface points on A and B.
    pub point_a: Vec2,
    pub point_b: Vec2,
    /// Closing speed along the normal, `−(vB − vA)·n`, when computed.
    pub closing_speed: Option<f32>,
    /// The time advanced from this pose, when the loop went on (or, at the last
    /// step of a hit, the final linear step that closes the remaining gap).
    pub advance: Option<f32>,
    /// Set when the advance came from a face's separating axis (longer than CA's
    /// `distance / closing_speed`; see the module docs).
    pub face_step: Option<FaceStep>,
    /// The GJK query of this step.
    pub gjk_iterations: u32,
    pub gjk_termination: GjkTermination,
}

/// The shape-cast trace: the poses at the start, at each step, at the impact, and at
/// the end of the step, so every stage can be drawn.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CastTrace {
    /// Poses at t = 0.
    pub start_a: Option<Pose>,
    pub start_b: Option<Pose>,
    /// Poses at t = 1.
    pub end_a: Option<Pose>,
    pub end_b: Option<Pose>,
    /// Poses at the impact (hits only, including t = 0 for initial overlap).
    pub impact_a: Option<Pose>,
    pub impact_b: Option<Pose>,
    /// The stop tolerance on the surface separation, in length units.
    pub tolerance: f32,
    /// Set when, before any distance query, a face at the corners facing each other
    /// proved the shapes apart until `start_time`: the first query is made there.
    pub start_face_step: Option<FaceStep>,
    /// The time of the first distance query (0 without a start face step).
    pub start_time: f32,
    pub steps: Vec<CastStep>,
}

#[inline]
fn pose_at(xf: &Transform, velocity: Vec2, t: f32) -> Pose {
    Pose::new(xf.p + velocity * t, xf.q.angle())
}

impl CastTrace {
    /// Clears the trace and records the poses at t = 0 and t = 1 and the stop
    /// tolerance.
    pub(super) fn begin(&mut self, frame: &CastFrame) {
        let input = frame.input;
        let (xf_a, xf_b) = (input.pair.transform_a, input.pair.transform_b);
        self.start_a = Some(pose_at(&xf_a, input.velocity_a, 0.0));
        self.start_b = Some(pose_at(&xf_b, input.velocity_b, 0.0));
        self.end_a = Some(pose_at(&xf_a, input.velocity_a, 1.0));
        self.end_b = Some(pose_at(&xf_b, input.velocity_b, 1.0));
        self.impact_a = None;
        self.impact_b = None;
        self.tolerance = frame.tolerance;
        self.start_face_step = None;
        self.start_time = 0.0;
        self.steps.clear();
    }

    /// Records the poses at the impact, time `t`.
    pub(super) fn set_impact(&mut self, frame: &CastFrame, t: f32) {
        let input = frame.input;
        self.impact_a = Some(pose_at(&input.pair.transform_a, input.velocity_a, t));
        self.impact_b = Some(pose_at(&input.pair.transform_b, input.velocity_b, t));
    }
}

impl CastStep {
    /// The record of the distance query `probe` made at time `t` (step number
    /// `iteration`), before the loop decides what follows.
    #[inline]
    pub(super) fn of_probe(frame: &CastFrame, probe: &Probe, iteration: u32, t: f32) -> CastStep {
        let input = frame.input;
        let q = input.pair.transform_a.q;
        CastStep {
            iteration,
            t,
            pose_a: pose_at(&input.pair.transform_a, input.velocity_a, t),
            pose_b: pose_at(&input.pair.transform_b, input.velocity_b, t),
            distance: probe.d,
            normal: probe.normal.map(|n| q.apply(n)),
            point_a: frame.world_point(probe.pa, t),
            point_b: frame.world_point(probe.pb, t),
            closing_speed: None,
            advance: None,
            face_step: None,
            gjk_iterations: probe.gjk_iterations,
            gjk_termination: probe.gjk_termination,
        }
    }
}

/// Appends `step` (built only when tracing) with the closing speed and the advance
/// the loop decided on.
#[inline]
pub(super) fn push_step(
    mut trace: Option<&mut CastTrace>,
    step: Option<CastStep>,
    closing: Option<f32>,
    advance: Option<f32>,
) {
    if let Some(mut s) = step {
        s.closing_speed = closing;
        s.advance = advance;
        trace.record(|t| t.steps.push(s));
    }
}
