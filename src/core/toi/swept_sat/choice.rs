//! The choice among the axes: the first that separates for the whole step, else the
//! latest entry against the earliest exit (the trap: shapes that pass each other),
//! else already overlapping (least overlap) or a hit at the latest entry; and the
//! contact point on the chosen normal.

use super::axes::{AxisEval, SweptFrame};
use super::trace::SweptTrace;
use super::{MissReason, SweptAxis, SweptOutput, SweptTermination};
use crate::core::math::left_perp;
use crate::core::record::Record;
use glam::Vec2;

/// The axes that can decide, each with its index in the order tested.
#[derive(Default)]
pub(super) struct Picks {
    /// The first axis that separates the shapes for the whole step.
    pub(super) first_separating: Option<(usize, AxisEval)>,
    /// Of the axes that overlap at some time: the latest entry, the earliest exit.
    latest: Option<(usize, AxisEval)>,
    earliest: Option<(usize, AxisEval)>,
    /// The least overlap at t = 0, with the overlap and the side B leaves by.
    least_overlap: Option<(usize, AxisEval, f32, f32)>,
}

impl Picks {
    /// Takes axis `k` into account (`ov`, `sign`: its overlap at t = 0 and the side
    /// of the smaller push, from [`AxisEval::overlap`]).
    #[inline]
    pub(super) fn consider(&mut self, k: usize, e: AxisEval, ov: f32, sign: f32) {
        if self.least_overlap.is_none_or(|(_, _, best, _)| ov < best) {
            self.least_overlap = Some((k, e, ov, sign));
        }
        if e.separates.is_some() && self.first_separating.is_none() {
            self.first_separating = Some((k, e));
        }
        if e.separates.is_none() {
            if self.latest.is_none_or(|(_, l)| e.entry > l.entry) {
                self.latest = Some((k, e));
            }
            if self.earliest.is_none_or(|(_, l)| e.exit < l.exit) {
                self.earliest = Some((k, e));
            }
        }
    }

    /// The answer, once every axis (or, without a trace, every axis up to the first
    /// separating one) was considered. Records the decision in `trace`.
    #[inline]
    pub(super) fn decide(
        &self,
        frame: &SweptFrame,
        mut trace: Option<&mut SweptTrace>,
    ) -> SweptOutput {
        let mut record_decision = |decided: usize, impact: Option<f32>| {
            trace.record(|tr| {
                tr.set_decision(
                    frame.input,
                    self.latest.map(|(k, _)| k),
                    self.earliest.map(|(k, _)| k),
                    decided,
                    impact,
                );
            });
        };

        // 1. An axis separates the shapes for the whole step.
        if let Some((k, e)) = self.first_separating {
            record_decision(k, None);
            return frame.separated(&e);
        }

        // Every axis overlaps at some time of the step; there is at least one axis
        // (every shape has one: edges, or the centre axis for point cores).
        let (Some((kl, l)), Some((ke, ex)), Some((ko, o, depth, sign))) =
            (self.latest, self.earliest, self.least_overlap)
        else {
            return frame.no_axis();
        };

        // 2. The trap: the last axis to start overlapping does so after another has
        //    already stopped. They pass each other.
        if l.entry > ex.exit {
            record_decision(ke, None);
            return frame.passes_by(&ex);
        }

        // 3. Overlapping (or touching and separating) at t = 0: the minimum translation.
        //    Touching and approaching (latest entry exactly 0) is a hit at t = 0 below.
        if l.entry < 0.0 {
            record_decision(ko, None);
            return frame.already_overlapping(&o, depth, sign);
        }

        // 4. A hit at the latest entry, l.entry ∈ [0, 1] (entries above 1 were caught
        //    as separating, and l.entry ≤ earliest exit).
        record_decision(kl, Some(l.entry));
        frame.hit(&l)
    }
}

impl SweptFrame<'_> {
    #[inline]
    fn to_world(&self, n: Vec2) -> Vec2 {
        self.input.pair.transform_a.q.apply(n)
    }

    /// A miss: `e` separates the shapes for the whole step (no relative motion
    /// when the shapes do not move relative to each other at all).
    #[inline]
    fn separated(&self, e: &AxisEval) -> SweptOutput {
        let reason = e.separates.unwrap_or(MissReason::StaticGap);
        let side = match reason {
            // B sits on the side its interval's centre is on.
            MissReason::StaticGap => {
                if e.b.0 + e.b.1 >= e.a.0 + e.a.1 {
                    1.0
                } else {
                    -1.0
                }
            }
            // Moving apart: B leaves towards the side it moves to; closing too late:
            // B comes from the side opposite its motion.
            MissReason::MovingApart => e.s.signum(),
            _ => -e.s.signum(),
        };
        SweptOutput {
            termination: if self.moving {
                SweptTermination::Miss
            } else {
                SweptTermination::NoRelativeMotion
            },
            hit: false,
            t: 1.0,
            normal: self.to_world(side * e.n),
            point: None,
            depth: 0.0,
            axis: e.axis,
            miss_reason: Some(reason),
        }
    }

    /// No axis at all cannot happen (a point core adds the centre axis); answer
    /// "no motion, apart" rather than panic if it ever did.
    fn no_axis(&self) -> SweptOutput {
        SweptOutput {
            termination: SweptTermination::NoRelativeMotion,
            hit: false,
            t: 1.0,
            normal: self.to_world(self.centers_dir),
            point: None,
            depth: 0.0,
            axis: SweptAxis::Centers,
            miss_reason: None,
        }
    }

    /// A miss: the axis of the earliest exit `ex` separates again before the latest
    /// entry.
    fn passes_by(&self, ex: &AxisEval) -> SweptOutput {
        SweptOutput {
            termination: SweptTermination::Miss,
            hit: false,
            t: 1.0,
            normal: self.to_world(ex.s.signum() * ex.n),
            point: None,
            depth: 0.0,
            axis: ex.axis,
            miss_reason: Some(MissReason::ExitsBeforeEntry),
        }
    }

    /// Overlapping at t = 0: the minimum translation along the axis `o` of least
    /// overlap `depth`, B leaving by the side `sign`.
    #[inline]
    fn already_overlapping(&self, o: &AxisEval, depth: f32, sign: f32) -> SweptOutput {
        let n = sign * o.n;
        let (va, vb) = (self.va(), self.vb());
        let p = contact_point(va, self.ra, vb, Vec2::ZERO, self.rb, n, self.feature_tol);
        SweptOutput {
            termination: SweptTermination::AlreadyOverlapping,
            hit: true,
            t: 0.0,
            normal: self.to_world(n),
            point: Some(self.input.pair.transform_a.apply(p)),
            depth: depth.max(0.0),
            axis: o.axis,
            miss_reason: None,
        }
    }

    /// A hit at the latest entry of axis `l`. B came in from the side opposite its
    /// motion on this axis.
    #[inline]
    fn hit(&self, l: &AxisEval) -> SweptOutput {
        let t = l.entry;
        let n = -l.s.signum() * l.n;
        let (va, vb) = (self.va(), self.vb());
        let p = contact_point(va, self.ra, vb, self.v * t, self.rb, n, self.feature_tol);
        SweptOutput {
            termination: SweptTermination::Hit,
            hit: true,
            t,
            normal: self.to_world(n),
            point: Some(self.input.pair.transform_a.apply(p) + self.input.velocity_a * t),
            depth: 0.0,
            axis: l.axis,
            miss_reason: None,
        }
    }
}

/// The contact point on the normal `n` (A → B, unit), A's local frame, for A's core
/// `a` and B's core `b` shifted by `shift` (B's relative displacement at the time).
///
/// The touching features are the core vertices within `tol` of each shape's
/// supporting line on `n` (A's farthest along `n`, B's farthest along `−n`): one
/// vertex, or an edge when a face is (nearly) parallel to the line. Along the
/// tangent, the point is the middle of the overlap of the two features (face–face:
/// the middle of the shared stretch; vertex–face: the vertex); if they do not
/// overlap (a corner meets a corner slightly off, to rounding), the middle of the
/// gap between them. Along the normal, it is halfway between the two surfaces
/// (radii included), which at an impact coincide.
#[inline]
fn contact_point(a: &[Vec2], ra: f32, b: &[Vec2], shift: Vec2, rb: f32, n: Vec2, tol: f32) -> Vec2 {
    let u = left_perp(n);
    let h_a = a.iter().map(|p| p.dot(n)).fold(f32::NEG_INFINITY, f32::max);
    let l_b = b
        .iter()
        .map(|p| (*p + shift).dot(n))
        .fold(f32::INFINITY, f32::min);
    let span = |pts: &mut dyn Iterator<Item = f32>| {
        pts.fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), x| {
            (lo.min(x), hi.max(x))
        })
    };
    let (a0, a1) = span(&mut a.iter().filter(|p| p.dot(n) >= h_a - tol).map(|p| p.dot(u)));
    let (b0, b1) = span(
        &mut b
            .iter()
            .map(|p| *p + shift)
            .filter(|p| p.dot(n) <= l_b + tol)
            .map(|p| p.dot(u)),
    );
    let (lo, hi) = (a0.max(b0), a1.min(b1));
    let tangential = if lo <= hi {
        0.5 * (lo + hi)
    } else if a1 < b0 {
        0.5 * (a1 + b0)
    } else {
        0.5 * (b1 + a0)
    };
    let normal = 0.5 * ((h_a + ra) + (l_b - rb));
    normal * n + tangential * u
}
