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

use crate::core::consts::{MAX_POLYGON_VERTICES, TOI_FEATURE_TOLERANCE, TOI_VELOCITY_EPSILON};
use crate::core::math::{left_perp, Transform};
use crate::core::shape::{Pose, Shape};
use glam::Vec2;
use serde::Serialize;

/// Input of [`swept_sat`].
#[derive(Clone, Copy, Debug)]
pub struct SweptInput<'a> {
    pub shape_a: &'a Shape,
    /// A's pose at t = 0.
    pub transform_a: Transform,
    /// A's world displacement per unit time (the step runs from t = 0 to t = 1).
    pub velocity_a: Vec2,
    pub shape_b: &'a Shape,
    /// B's pose at t = 0.
    pub transform_b: Transform,
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
    NoRelativeMotion,
}

impl SweptTermination {
    pub fn as_str(self) -> &'static str {
        match self {
            SweptTermination::Hit => "hit",
            SweptTermination::Miss => "miss",
            SweptTermination::AlreadyOverlapping => "already_overlapping",
            SweptTermination::NoRelativeMotion => "no_relative_motion",
        }
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
        match self {
            MissReason::StaticGap => "static_gap",
            MissReason::ClosesTooLate => "closes_too_late",
            MissReason::MovingApart => "moving_apart",
            MissReason::ExitsBeforeEntry => "exits_before_entry",
        }
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
    /// overlap on the normal at t = 0 (see [`contact_point`] in the source). `None`
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
    pub decided_by: Option<usize>,
}

/// Per-axis numbers, A's local frame.
#[derive(Clone, Copy)]
struct AxisEval {
    axis: SweptAxis,
    n: Vec2,
    a: (f32, f32),
    b: (f32, f32),
    s: f32,
    entry: f32,
    exit: f32,
    is_static: bool,
    separates: Option<MissReason>,
}

impl AxisEval {
    /// Overlap at t = 0 (negative: gap), and the direction (+1 or −1 along `n`) in
    /// which B moves by the smaller push to separate.
    #[inline]
    fn overlap(&self) -> (f32, f32) {
        let push_plus = self.a.1 - self.b.0; // move B along +n by this
        let push_minus = self.b.1 - self.a.0; // or along −n by this
        if push_plus <= push_minus {
            (push_plus, 1.0)
        } else {
            (push_minus, -1.0)
        }
    }
}

#[inline]
fn project(points: &[Vec2], n: Vec2) -> (f32, f32) {
    let first = points[0].dot(n);
    points[1..].iter().fold((first, first), |(lo, hi), p| {
        let d = p.dot(n);
        (lo.min(d), hi.max(d))
    })
}

#[inline]
fn pose_at(xf: &Transform, velocity: Vec2, t: f32) -> Pose {
    Pose::new(xf.p + velocity * t, xf.q.angle())
}

/// Time of impact of two shapes moving by constant velocities, by swept SAT.
///
/// Never panics and never returns NaN for valid shapes and finite inputs. `trace`,
/// when given, is cleared and filled with every axis (no allocation without it;
/// without a trace the loop also stops at the first separating axis).
pub fn swept_sat(input: &SweptInput, mut trace: Option<&mut SweptTrace>) -> SweptOutput {
    let (sa, sb) = (input.shape_a, input.shape_b);
    let xf_a = input.transform_a;
    let b_to_a = xf_a.inv_mul(&input.transform_b);
    let va = sa.vertices();
    // B's core in A's frame, in a fixed array (no allocation).
    let mut vb_buf = [Vec2::ZERO; MAX_POLYGON_VERTICES];
    let nb = sb.vertices().len().min(MAX_POLYGON_VERTICES);
    for (dst, src) in vb_buf.iter_mut().zip(sb.vertices()) {
        *dst = b_to_a.apply(*src);
    }
    let vb = &vb_buf[..nb];
    let (ra, rb) = (sa.radius(), sb.radius());
    let world_v = input.velocity_b - input.velocity_a;
    let v = xf_a.q.apply_inv(world_v);

    // Sizes for the relative tolerances: the configuration's extent, and that plus
    // the displacement (positions at time t carry rounding of both).
    let size = b_to_a.p.length() + sa.bounding_radius() + sb.bounding_radius();
    let speed_eps = TOI_VELOCITY_EPSILON * size;
    let moving = v.length() > speed_eps;
    let curved = ra > 0.0 || rb > 0.0 || va.len() == 1 || vb.len() == 1;
    let point_core = va.len() == 1 || vb.len() == 1;
    let centers_dir = {
        let d = centroid(vb) - centroid(va);
        if d.length() > 0.0 {
            d / d.length()
        } else {
            Vec2::X
        }
    };

    let (na_axes, nb_axes) = (sa.normals().len(), sb.normals().len());
    // The extra axes, in order, each only when it applies.
    let mut extras = [(SweptAxis::Centers, Vec2::X); 5];
    let mut n_extra = 0;
    let mut push = |axis: SweptAxis, n: Vec2| {
        extras[n_extra] = (axis, n);
        n_extra += 1;
    };
    if moving {
        let unit_v = v / v.length();
        push(SweptAxis::VelocityPerp, left_perp(unit_v));
        if curved {
            push(SweptAxis::VelocityDir, unit_v);
        }
    }
    // A two-vertex core's own direction: the slab of its ends. B − A is a segment
    // when two parallel segments (or a point and a segment) meet, and then these
    // are its edge normals.
    if va.len() == 2 {
        push(SweptAxis::SegmentA, (va[1] - va[0]).normalize_or(Vec2::X));
    }
    if vb.len() == 2 {
        push(SweptAxis::SegmentB, (vb[1] - vb[0]).normalize_or(Vec2::X));
    }
    if point_core {
        push(SweptAxis::Centers, centers_dir);
    }
    let total = na_axes + nb_axes + n_extra;

    if let Some(t) = trace.as_deref_mut() {
        t.relative_velocity = world_v;
        t.start_a = Some(pose_at(&xf_a, input.velocity_a, 0.0));
        t.start_b = Some(pose_at(&input.transform_b, input.velocity_b, 0.0));
        t.end_a = Some(pose_at(&xf_a, input.velocity_a, 1.0));
        t.end_b = Some(pose_at(&input.transform_b, input.velocity_b, 1.0));
        t.impact_a = None;
        t.impact_b = None;
        t.axes.clear();
        t.latest_entry = None;
        t.earliest_exit = None;
        t.decided_by = None;
    }

    let axis_at = |k: usize| -> (SweptAxis, Vec2) {
        if k < na_axes {
            (SweptAxis::EdgeA { edge: k }, sa.normals()[k])
        } else if k < na_axes + nb_axes {
            let e = k - na_axes;
            (
                SweptAxis::EdgeB { edge: e },
                b_to_a.q.apply(sb.normals()[e]),
            )
        } else {
            extras[k - na_axes - nb_axes]
        }
    };

    let mut first_separating: Option<(usize, AxisEval)> = None;
    let mut latest: Option<(usize, AxisEval)> = None;
    let mut earliest: Option<(usize, AxisEval)> = None;
    let mut least_overlap: Option<(usize, AxisEval, f32, f32)> = None;

    for k in 0..total {
        let (axis, n) = axis_at(k);
        let (a0, a1) = project(va, n);
        let (b0, b1) = project(vb, n);
        let (a0, a1, b0, b1) = (a0 - ra, a1 + ra, b0 - rb, b1 + rb);
        let s = v.dot(n);
        let mut e = AxisEval {
            axis,
            n,
            a: (a0, a1),
            b: (b0, b1),
            s,
            entry: f32::NEG_INFINITY,
            exit: f32::INFINITY,
            is_static: s.abs() <= speed_eps,
            separates: None,
        };
        if e.is_static {
            // Degenerate: no relative motion on this axis. The overlap at t = 0 holds
            // for the whole step, or the gap does.
            if b0 > a1 || b1 < a0 {
                e.entry = f32::INFINITY;
                e.exit = f32::NEG_INFINITY;
                e.separates = Some(MissReason::StaticGap);
            }
        } else {
            // |s| > speed_eps ≥ 0, so the divisions are finite.
            if s > 0.0 {
                e.entry = (a0 - b1) / s;
                e.exit = (a1 - b0) / s;
            } else {
                e.entry = (a1 - b0) / s;
                e.exit = (a0 - b1) / s;
            }
            if e.exit < 0.0 {
                e.separates = Some(MissReason::MovingApart);
            } else if e.entry > 1.0 {
                e.separates = Some(MissReason::ClosesTooLate);
            }
        }
        let (ov, sign) = e.overlap();
        if least_overlap.is_none_or(|(_, _, best, _)| ov < best) {
            least_overlap = Some((k, e, ov, sign));
        }
        if e.separates.is_some() && first_separating.is_none() {
            first_separating = Some((k, e));
        }
        if e.separates.is_none() {
            if latest.is_none_or(|(_, l)| e.entry > l.entry) {
                latest = Some((k, e));
            }
            if earliest.is_none_or(|(_, l)| e.exit < l.exit) {
                earliest = Some((k, e));
            }
        }
        if let Some(t) = trace.as_deref_mut() {
            let nw = xf_a.q.apply(n);
            let offset = xf_a.p.dot(nw);
            t.axes.push(SweptAxisRecord {
                axis,
                direction: nw,
                interval_a: [a0 + offset, a1 + offset],
                interval_b: [b0 + offset, b1 + offset],
                speed: s,
                overlap: ov,
                entry: e.entry,
                exit: e.exit,
                static_axis: e.is_static,
                separates: e.separates,
            });
        } else if first_separating.is_some() {
            break; // nothing more to learn without a trace
        }
    }

    let to_world = |n: Vec2| xf_a.q.apply(n);
    let scale_t = size + v.length();
    let feature_tol = TOI_FEATURE_TOLERANCE * scale_t;
    let mut record_decision = |decided: usize, impact: Option<f32>| {
        if let Some(tr) = trace.as_deref_mut() {
            tr.latest_entry = latest.map(|(k, _)| k);
            tr.earliest_exit = earliest.map(|(k, _)| k);
            tr.decided_by = Some(decided);
            if let Some(t) = impact {
                tr.impact_a = Some(pose_at(&xf_a, input.velocity_a, t));
                tr.impact_b = Some(pose_at(&input.transform_b, input.velocity_b, t));
            }
        }
    };

    // 1. An axis separates the shapes for the whole step.
    if let Some((k, e)) = first_separating {
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
        record_decision(k, None);
        if !moving {
            return SweptOutput {
                termination: SweptTermination::NoRelativeMotion,
                hit: false,
                t: 1.0,
                normal: to_world(side * e.n),
                point: None,
                depth: 0.0,
                axis: e.axis,
                miss_reason: Some(reason),
            };
        }
        return SweptOutput {
            termination: SweptTermination::Miss,
            hit: false,
            t: 1.0,
            normal: to_world(side * e.n),
            point: None,
            depth: 0.0,
            axis: e.axis,
            miss_reason: Some(reason),
        };
    }

    // Every axis overlaps at some time of the step; there is at least one axis
    // (every shape has one: edges, or the centre axis for point cores).
    let (Some((kl, l)), Some((ke, ex)), Some((ko, o, depth, sign))) =
        (latest, earliest, least_overlap)
    else {
        // No axis at all cannot happen (a point core adds the centre axis); answer
        // "no motion, apart" rather than panic if it ever did.
        return SweptOutput {
            termination: SweptTermination::NoRelativeMotion,
            hit: false,
            t: 1.0,
            normal: to_world(centers_dir),
            point: None,
            depth: 0.0,
            axis: SweptAxis::Centers,
            miss_reason: None,
        };
    };

    // 2. The trap: the last axis to start overlapping does so after another has
    //    already stopped. They pass each other.
    if l.entry > ex.exit {
        record_decision(ke, None);
        return SweptOutput {
            termination: SweptTermination::Miss,
            hit: false,
            t: 1.0,
            normal: to_world(ex.s.signum() * ex.n),
            point: None,
            depth: 0.0,
            axis: ex.axis,
            miss_reason: Some(MissReason::ExitsBeforeEntry),
        };
    }

    // 3. Overlapping (or touching and separating) at t = 0: the minimum translation.
    //    Touching and approaching (latest entry exactly 0) is a hit at t = 0 below.
    if l.entry < 0.0 {
        record_decision(ko, None);
        let n = sign * o.n;
        let p = contact_point(va, ra, vb, Vec2::ZERO, rb, n, feature_tol);
        return SweptOutput {
            termination: SweptTermination::AlreadyOverlapping,
            hit: true,
            t: 0.0,
            normal: to_world(n),
            point: Some(xf_a.apply(p)),
            depth: depth.max(0.0),
            axis: o.axis,
            miss_reason: None,
        };
    }

    // 4. A hit at the latest entry, l.entry ∈ [0, 1] (entries above 1 were caught
    //    as separating, and l.entry ≤ earliest exit). B came in from the side
    //    opposite its motion on this axis.
    let t = l.entry;
    let n = -l.s.signum() * l.n;
    let p = contact_point(va, ra, vb, v * t, rb, n, feature_tol);
    record_decision(kl, Some(t));
    SweptOutput {
        termination: SweptTermination::Hit,
        hit: true,
        t,
        normal: to_world(n),
        point: Some(xf_a.apply(p) + input.velocity_a * t),
        depth: 0.0,
        axis: l.axis,
        miss_reason: None,
    }
}

/// Centroid of a core given as points (the vertex average is enough for an axis).
fn centroid(points: &[Vec2]) -> Vec2 {
    points.iter().copied().sum::<Vec2>() / points.len().max(1) as f32
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

#[cfg(test)]
mod tests {
    use super::*;

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
                shape_a: a,
                transform_a: Transform::new(pa, 0.0),
                velocity_a: va,
                shape_b: b,
                transform_b: Transform::new(pb, 0.0),
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
