//! The swept-SAT trace: every candidate axis with its intervals, entry and exit
//! times, and the axis that decided, in world space.

use super::axes::AxisEval;
use super::{MissReason, SweptAxis, SweptInput};
use crate::core::math::Transform;
use crate::core::shape::Pose;
use glam::Vec2;
use serde::Serialize;

/// One candidate axis, world space, drawable on its own.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SweptAxisRecord {
    pub axis: SweptAxis,
    /// Unit direction of the axis (world).
    pub direction: Vec2,
    /// A's projection interval `[min, max]` on `direction` at t = 0, radius included.
    pub interval_a: [f32; 2],
    /// B's projection interval at t = 0, radius included.
    pub interval_b: [f32; 2],
    /// `(vB − vA)·direction`: how fast B's interval slides along the axis.
    pub speed: f32,
    /// Overlap of the two intervals at t = 0 (negative: the gap between them).
    pub overlap: f32,
    /// When the intervals start overlapping. −∞ for a static overlapping axis, +∞
    /// for a static separated one (JSON `null` for both; see `static_axis`).
    pub entry: f32,
    /// When they stop overlapping. +∞ for a static overlapping axis, −∞ for a static
    /// separated one (JSON `null`).
    pub exit: f32,
    /// `|speed|` is negligible: the intervals do not move relative to each other.
    pub static_axis: bool,
    /// Set when this axis separates the shapes for the whole step.
    pub separates: Option<MissReason>,
}

/// The swept-SAT trace.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SweptTrace {
    /// B's velocity relative to A (world).
    pub relative_velocity: Vec2,
    /// Poses at t = 0.
    pub start_a: Option<Pose>,
    pub start_b: Option<Pose>,
    /// Poses at the impact (hits only).
    pub impact_a: Option<Pose>,
    pub impact_b: Option<Pose>,
    /// Poses at t = 1.
    pub end_a: Option<Pose>,
    pub end_b: Option<Pose>,
    /// Every candidate axis, in the order tested (A's edges, B's edges, then the
    /// velocity axes, the segment axes and the centre axis).
    pub axes: Vec<SweptAxisRecord>,
    /// Index in `axes` of the latest entry, when one was found.
    pub latest_entry: Option<usize>,
    /// Index in `axes` of the earliest exit.
    pub earliest_exit: Option<usize>,
    /// Index in `axes` of the axis that decided (see [`SweptOutput::axis`]).
    ///
    /// [`SweptOutput::axis`]: super::SweptOutput::axis
    pub decided_by: Option<usize>,
}

#[inline]
fn pose_at(xf: &Transform, velocity: Vec2, t: f32) -> Pose {
    Pose::new(xf.p + velocity * t, xf.q.angle())
}

impl SweptAxisRecord {
    /// The record of the evaluated axis `e` with overlap `overlap` at t = 0, turned
    /// into the world by A's transform `xf_a`.
    #[inline]
    pub(super) fn of(e: &AxisEval, xf_a: &Transform, overlap: f32) -> SweptAxisRecord {
        let nw = xf_a.q.apply(e.n);
        let offset = xf_a.p.dot(nw);
        SweptAxisRecord {
            axis: e.axis,
            direction: nw,
            interval_a: [e.a.0 + offset, e.a.1 + offset],
            interval_b: [e.b.0 + offset, e.b.1 + offset],
            speed: e.s,
            overlap,
            entry: e.entry,
            exit: e.exit,
            static_axis: e.is_static,
            separates: e.separates,
        }
    }
}

impl SweptTrace {
    /// Clears the trace and records the relative velocity and the poses at t = 0
    /// and t = 1.
    pub(super) fn begin(&mut self, input: &SweptInput, relative_velocity: Vec2) {
        let xf_a = input.pair.transform_a;
        self.relative_velocity = relative_velocity;
        self.start_a = Some(pose_at(&xf_a, input.velocity_a, 0.0));
        self.start_b = Some(pose_at(&input.pair.transform_b, input.velocity_b, 0.0));
        self.end_a = Some(pose_at(&xf_a, input.velocity_a, 1.0));
        self.end_b = Some(pose_at(&input.pair.transform_b, input.velocity_b, 1.0));
        self.impact_a = None;
        self.impact_b = None;
        self.axes.clear();
        self.latest_entry = None;
        self.earliest_exit = None;
        self.decided_by = None;
    }

    /// Records the axes of the latest entry and earliest exit, the axis that
    /// decided, and the poses at the impact time, if any.
    pub(super) fn set_decision(
        &mut self,
        input: &SweptInput,
        latest: Option<usize>,
        earliest: Option<usize>,
        decided: usize,
        impact: Option<f32>,
    ) {
        self.latest_entry = latest;
        self.earliest_exit = earliest;
        self.decided_by = Some(decided);
        if let Some(t) = impact {
            self.impact_a = Some(pose_at(&input.pair.transform_a, input.velocity_a, t));
            self.impact_b = Some(pose_at(&input.pair.transform_b, input.velocity_b, t));
        }
    }
}
