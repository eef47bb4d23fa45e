//! Swept SAT: when two convex shapes moving by constant velocities first touch.
//!
//! Frame convention: shapes in their local frames placed by a [`Transform`] at
//! t = 0; each moves by its world `velocity` per unit time over the step t ∈ [0, 1],
//! **without rotating**. The solver works in A's local frame (B brought into it), so
//! large world coordinates cost no precision; every output and trace record is in
//! **world** space. Normals point from A to B.
//!
//! ## The method (digest §3, after the "swept SAT" post, with exit times added)
//! Static SAT tests each candidate axis once; a fast shape can be apart at t = 0 and
//! at t = 1 and still have passed through the other in between. Swept SAT projects
//! both shapes on each axis `n` at t = 0, intervals `[minA, maxA]` and `[minB, maxB]`
//! (radii added), and moves B's interval by `s = (vB − vA)·n` per unit time. The
//! intervals overlap while
//!
//! ```text
//! minB + s·t ≤ maxA   and   maxB + s·t ≥ minA
//! ```
//!
//! so for `s > 0`: entry `(minA − maxB)/s`, exit `(maxA − minB)/s`; for `s < 0` the two
//! swap: entry `(maxA − minB)/s`, exit `(minA − maxB)/s`. An axis with `s ≈ 0` is
//! static: overlapping for all time (entry −∞, exit +∞) or never (a separating axis
//! for the whole step). The shapes overlap at time t iff every axis overlaps, so
//! they touch during the step iff
//!
//! ```text
//! latest entry ≤ earliest exit   and   the interval [latest entry, earliest exit] meets [0, 1].
//! ```
//!
//! The source post takes the largest entry time alone; that is the trap the digest
//! lists: an axis may have *separated again* before the last one starts to overlap
//! (the shapes pass by each other diagonally). Tracking exits fixes it.
//!
//! Candidate axes: every edge normal of A and of B, and the axis perpendicular to
//! the relative velocity (when the relative motion is not negligible, see
//! [`TOI_VELOCITY_EPSILON`]). For curved shapes (a radius, or a one-vertex core) the
//! relative-velocity direction is added, for a two-vertex core (segment, capsule)
//! the segment's own direction (the slab of its ends: when two parallel segments
//! meet end to end, B − A is a segment and these are its edge normals), and for a
//! one-vertex core (circle) the axis between the cores' centroids at t = 0.
//!
//! ## Exact and approximate
//! - Two sharp polygons (radius 0, including segments): **exact**. The slab of every
//!   edge normal holds B − A, and the intersection of the edge half-planes *is* B − A,
//!   so the slab test is the exact segment–polygon test of the relative motion. (The
//!   velocity-perpendicular axis is then redundant, but harmless.)
//! - Rounded shapes, circles, capsules: **approximate, conservative**. Intervals grow
//!   by the radius, which is exact on every axis, but a finite set of axes sees each
//!   rounded shape as a circumscribing polygon, so the answer is exact when the first
//!   contact is along one of the axes (a face against anything, or the head-on
//!   direction) and *early* otherwise (two arcs meeting obliquely: a corner of the
//!   circumscribing polygons touches first). The reported time is never later than
//!   the true one, and "already overlapping" may be reported for shapes apart by less
//!   than the corner gap. Use [`crate::core::toi::shape_cast`] for an exact time on any pair.
//!
//! ## Outputs
//! [`SweptTermination::Hit`] with the time of impact, the normal (the axis that
//! entered last, oriented A → B) and a contact point; [`SweptTermination::AlreadyOverlapping`]
//! with the minimum translation instead (depth and normal over the same axes, at
//! t = 0); [`SweptTermination::Miss`] with the axis that separates the shapes for the
//! whole step and why ([`MissReason`]); [`SweptTermination::NoRelativeMotion`] when
//! the shapes are apart and not moving relative to each other.
//!
//! ## Files
//! - `axes.rs`: the frame, the candidate axes, each axis's entry and exit times;
//! - `choice.rs`: which axis decides, the outputs, the contact point;
//! - `trace.rs`: the trace records ([`SweptTrace`], [`SweptAxisRecord`]).
//!
//! [`TOI_VELOCITY_EPSILON`]: crate::core::consts::TOI_VELOCITY_EPSILON

mod axes;
mod choice;
mod trace;

pub use self::trace::{SweptAxisRecord, SweptTrace};

use self::axes::{CandidateAxes, SweptFrame};
use self::choice::Picks;
use crate::core::pair::PosedPair;
use crate::core::record::Record;
use glam::Vec2;
use serde::Serialize;

/// Input of [`swept_sat`].
#[derive(Clone, Copy, Debug)]
pub struct SweptInput<'a> {
    /// Shape A and shape B, each with its pose at t = 0.
    pub pair: PosedPair<'a>,
    /// A's world displacement per unit time (the step runs from t = 0 to t = 1).
    pub velocity_a: Vec2,
    /// B's world displacement per unit time.
    pub velocity_b: Vec2,
}

/// How swept SAT ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SweptTermination {
    /// The shapes first touch at `t` ∈ [0, 1].
    Hit,
    /// An axis separates the shapes for the whole step.
    Miss,
    /// The shapes overlap (or touch) at t = 0: the minimum translation is reported.
    AlreadyOverlapping,
    /// The shapes are apart and their relative displacement over the step is
    /// negligible ([`TOI_VELOCITY_EPSILON`]).
    ///
    /// [`TOI_VELOCITY_EPSILON`]: crate::core::consts::TOI_VELOCITY_EPSILON
    NoRelativeMotion,
}

impl SweptTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Why an axis separates the shapes for the whole step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MissReason {
    /// The intervals are apart and do not move relative to each other on this axis.
    StaticGap,
    /// The intervals are apart and approach, but meet only after t = 1.
    ClosesTooLate,
    /// The intervals are apart (or just touching) at t = 0 and move apart.
    MovingApart,
    /// This axis separates again (its exit) before the last axis starts to overlap
    /// (the latest entry): the shapes pass each other without touching.
    ExitsBeforeEntry,
}

impl MissReason {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// A candidate axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum SweptAxis {
    /// The outward normal of A's core edge `edge` (vertex `edge` → `edge + 1`).
    EdgeA { edge: usize },
    /// The outward normal of B's core edge `edge`.
    EdgeB { edge: usize },
    /// Perpendicular to the relative velocity (left of it).
    VelocityPerp,
    /// Along the relative velocity (curved shapes only).
    VelocityDir,
    /// Along A's core when it is a segment (two vertices).
    SegmentA,
    /// Along B's core when it is a segment.
    SegmentB,
    /// From A's core centroid to B's at t = 0 (when a core is a single point).
    Centers,
}

/// Output of [`swept_sat`]. World space, normal from A to B.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SweptOutput {
    pub termination: SweptTermination,
    /// True for [`SweptTermination::Hit`] and [`SweptTermination::AlreadyOverlapping`]:
    /// the shapes touch at some time of the step.
    pub hit: bool,
    /// Hit: the time of impact in [0, 1]. Already overlapping: 0. Otherwise 1 (the
    /// whole step is free).
    pub t: f32,
    /// Hit: the axis that entered last, oriented A → B. Already overlapping: the
    /// minimum-translation direction (B moves along it to separate). Miss: the
    /// separating axis, oriented A → B. No relative motion: the axis of largest gap.
    pub normal: Vec2,
    /// Hit: the contact point at impact; already overlapping: the middle of the
    /// overlap on the normal at t = 0 (see `contact_point` in `choice.rs`). `None`
    /// for misses.
    pub point: Option<Vec2>,
    /// Already overlapping: the minimum translation distance (≥ 0). Otherwise 0.
    pub depth: f32,
    /// The axis that decided: latest entry (hit), least overlap (already
    /// overlapping), the separating one (miss), the largest gap (no motion).
    pub axis: SweptAxis,
    /// Why the deciding axis separates, for misses.
    pub miss_reason: Option<MissReason>,
}

/// Time of impact of two shapes moving by constant velocities, by swept SAT.
///
/// Never panics and never returns NaN for valid shapes and finite inputs. `trace`,
/// when given, is cleared and filled with every axis (no allocation without it;
/// without a trace the loop also stops at the first separating axis).
pub fn swept_sat(input: &SweptInput, mut trace: Option<&mut SweptTrace>) -> SweptOutput {
    let frame = SweptFrame::new(input);
    let axes = CandidateAxes::new(&frame);
    trace.record(|t| {
        t.begin(input, frame.world_v);
    });
    // Each axis's interval of entry and exit; the ones that can decide are kept.
    let mut picks = Picks::default();
    for k in 0..axes.len() {
        let (axis, n) = axes.at(k);
        let e = frame.evaluate(axis, n);
        let (ov, sign) = e.overlap();
        picks.consider(k, e, ov, sign);
        trace.record(|t| {
            t.axes
                .push(SweptAxisRecord::of(&e, &input.pair.transform_a, ov))
        });
        if trace.is_none() && picks.first_separating.is_some() {
            break; // nothing more to learn without a trace
        }
    }
    picks.decide(&frame, trace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::math::Transform;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn run(
        a: &Shape,
        pa: Vec2,
        va: Vec2,
        b: &Shape,
        pb: Vec2,
        vb: Vec2,
        trace: Option<&mut SweptTrace>,
    ) -> SweptOutput {
        swept_sat(
            &SweptInput {
                pair: PosedPair::new(a, Transform::new(pa, 0.0), b, Transform::new(pb, 0.0)),
                velocity_a: va,
                velocity_b: vb,
            },
            trace,
        )
    }

    #[test]
    fn head_on_boxes() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        // Gap 2 along x, closing at 4 per unit time: t = 0.5.
        let out = run(
            &a,
            v(0.0, 0.0),
            v(2.0, 0.0),
            &b,
            v(4.0, 0.0),
            v(-2.0, 0.0),
            None,
        );
        assert_eq!(out.termination, SweptTermination::Hit);
        assert!((out.t - 0.5).abs() < 1e-6, "{out:?}");
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-6);
        // At t = 0.5 A spans x ∈ [0, 2]: the faces meet at x = 2, the middle y = 0.
        assert!(
            (out.point.unwrap() - v(2.0, 0.0)).length() < 1e-5,
            "{out:?}"
        );
    }

    #[test]
    fn passing_diagonally_is_a_miss() {
        // B slides past A's lower-left corner: on x it overlaps A from t = 0.1 to
        // 0.4, on y only from t = 0.5. The largest entry alone (the source post's
        // rule) would say "hit at 0.5"; the exit times, and the axis perpendicular
        // to the motion (its static gap), both say miss.
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let mut trace = SweptTrace::default();
        let out = run(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(-2.5, -4.0),
            v(10.0, 5.0),
            Some(&mut trace),
        );
        assert_eq!(out.termination, SweptTermination::Miss, "{out:?}");
        assert_eq!(out.axis, SweptAxis::VelocityPerp);
        assert_eq!(out.miss_reason, Some(MissReason::StaticGap));
        let x = &trace.axes[trace.earliest_exit.unwrap()];
        assert!((x.exit - 0.4).abs() < 1e-5, "{x:?}");
        let y = &trace.axes[trace.latest_entry.unwrap()];
        assert!((y.entry - 0.5).abs() < 1e-5, "{y:?}");
        assert_eq!(trace.axes.len(), 4 + 4 + 1);
    }

    #[test]
    fn overlapping_reports_minimum_translation() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = run(
            &a,
            Vec2::ZERO,
            v(1.0, 0.0),
            &b,
            v(0.0, 1.8),
            Vec2::ZERO,
            None,
        );
        assert_eq!(out.termination, SweptTermination::AlreadyOverlapping);
        assert!((out.depth - 0.2).abs() < 1e-5 && (out.normal - v(0.0, 1.0)).length() < 1e-6);
        assert_eq!(out.t, 0.0);
    }

    #[test]
    fn static_apart_is_no_relative_motion() {
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::circle(1.0).unwrap();
        let out = run(
            &a,
            Vec2::ZERO,
            v(1.0, 1.0),
            &b,
            v(3.0, 0.0),
            v(1.0, 1.0),
            None,
        );
        assert_eq!(out.termination, SweptTermination::NoRelativeMotion);
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-6);
        assert!(!out.hit);
    }

    #[test]
    fn circles_head_on_are_exact() {
        // Head-on, the first contact is along the velocity axis: exact.
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::circle(0.5).unwrap();
        let out = run(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(5.0, 0.0),
            v(-7.0, 0.0),
            None,
        );
        assert_eq!(out.termination, SweptTermination::Hit);
        assert!((out.t - 3.5 / 7.0).abs() < 1e-6, "{out:?}");
        assert!((out.point.unwrap() - v(1.0, 0.0)).length() < 1e-5);
    }
}
