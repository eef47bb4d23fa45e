//! A ray against a chain, as Box2D casts it: each segment is a one-sided segment
//! (`b2RayCastSegment(…, oneSided = true)` through `b2RayCastShape`), and the answer is
//! the closest hit.
//!
//! ## Derivation
//! Box2D casts in the chain's local frame: the ray's origin `o = q^T (o_w − p)` and
//! translation `d = q^T d_w`. For segment `v1 → v2`:
//!
//! 1. **One-sided.** `offset = cross(o − v1, v2 − v1)`. The segment's normal is the
//!    right perpendicular of `v2 − v1` (the side shapes collide from); the material is on
//!    the left. `offset < 0` puts the origin on the left, in the material: the segment is
//!    skipped, so a ray starting inside a closed chain passes out through its walls.
//! 2. **The segment's line.** `ê = unit(v2 − v1)` (a segment shorter than `f32::EPSILON`
//!    is skipped), `n = right_perp(ê)`; the ray meets the line at
//!    `t = n·(v1 − o) / n·d` (`n·d = 0`: parallel, no hit), kept when
//!    `0 ≤ t ≤ max_fraction`.
//! 3. **On the segment.** `p = o + t·d`, `s = (p − v1)·ê`, kept when `0 ≤ s ≤ |v2 − v1|`.
//! 4. The normal is `n`, reversed when the numerator is positive (the origin on the left:
//!    only a ray lying exactly on the line's left side can get here, `offset = 0` counts
//!    as the front). Point and normal go back to the world with the chain's transform.
//!
//! Each segment is cast with the whole ray; the closest hit wins (on an exact tie, the
//! segment first in chain order).

use super::segments::ChainSegment;
use crate::core::math::{cross, Transform};
use crate::core::raycast::RayInput;
use crate::core::record::Record;
use glam::Vec2;
use serde::Serialize;

/// A ray against one chain's segments.
#[derive(Clone, Copy, Debug)]
pub struct ChainRayInput<'a> {
    /// The segments, in the chain's local frame and order.
    pub segments: &'a [ChainSegment],
    /// The chain's pose (local → world).
    pub transform: Transform,
    /// The ray, world space.
    pub ray: RayInput,
}

/// What one segment made of the ray.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SegmentRayVerdict {
    /// The origin is on the segment's solid side (left of `a → b`): skipped.
    SolidSide,
    /// The segment is shorter than `f32::EPSILON`: skipped.
    Degenerate,
    /// The ray runs parallel to the segment's line: no crossing.
    Parallel,
    /// The line is crossed behind the origin or beyond `max_fraction`.
    OutOfRange,
    /// The line is crossed outside the segment.
    OffSegment,
    /// The ray hits the segment.
    Hit,
}

/// One segment's record.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SegmentRayRecord {
    /// The segment's index in the chain.
    pub segment: usize,
    /// Its ends, world space.
    pub a: Vec2,
    pub b: Vec2,
    /// `cross(o − a, b − a)` in the chain's frame: negative on the solid side.
    pub offset: f32,
    /// `n·(a − o)` and `n·d` (None when skipped before them).
    pub numerator: Option<f32>,
    pub denominator: Option<f32>,
    /// The fraction where the ray meets the line, and where that lies along the segment
    /// from `a` (world length).
    pub fraction: Option<f32>,
    pub along: Option<f32>,
    pub length: f32,
    pub verdict: SegmentRayVerdict,
    /// At a hit: the point and the normal (world).
    pub point: Option<Vec2>,
    pub normal: Option<Vec2>,
}

/// How the cast ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainRayTermination {
    /// A segment was hit (the closest is the answer).
    Hit,
    /// No segment was hit.
    Missed,
    /// The ray or the chain's pose is not finite: nothing was cast.
    NonFiniteInput,
}

impl ChainRayTermination {
    pub fn as_str(self) -> &'static str {
        match self {
            ChainRayTermination::Hit => "hit",
            ChainRayTermination::Missed => "missed",
            ChainRayTermination::NonFiniteInput => "non_finite_input",
        }
    }
}

/// The answer, world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChainRayOutput {
    pub hit: bool,
    /// The fraction of the translation at the hit (0 on a miss).
    pub fraction: f32,
    pub point: Vec2,
    /// The segment's normal at the hit, facing the ray's origin.
    pub normal: Vec2,
    /// The segment hit.
    pub segment: Option<usize>,
    pub termination: ChainRayTermination,
}

impl ChainRayOutput {
    fn miss(termination: ChainRayTermination) -> ChainRayOutput {
        ChainRayOutput {
            hit: false,
            fraction: 0.0,
            point: Vec2::ZERO,
            normal: Vec2::ZERO,
            segment: None,
            termination,
        }
    }
}

/// The record of every segment, in chain order.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ChainRayTrace {
    pub segments: Vec<SegmentRayRecord>,
}

/// The ray against every segment of the chain; the closest hit.
pub fn ray_cast_chain(
    input: &ChainRayInput,
    mut trace: Option<&mut ChainRayTrace>,
) -> ChainRayOutput {
    let ray = &input.ray;
    let xf = &input.transform;
    if !ray.is_finite_in(xf) {
        return ChainRayOutput::miss(ChainRayTermination::NonFiniteInput);
    }
    // b2RayCastShape: the ray in the chain's frame.
    let origin = xf.apply_inv(ray.origin);
    let translation = xf.q.apply_inv(ray.translation);
    let mut best = ChainRayOutput::miss(ChainRayTermination::Missed);
    trace.record(|t| t.segments.clear());
    for (i, seg) in input.segments.iter().enumerate() {
        let r = cast_segment(seg, origin, translation, ray.max_fraction);
        if let (Some(t), true) = (r.t, r.verdict == SegmentRayVerdict::Hit) {
            if !best.hit || t < best.fraction {
                best = ChainRayOutput {
                    hit: true,
                    fraction: t,
                    point: xf.apply(r.p),
                    normal: xf.q.apply(r.normal),
                    segment: Some(i),
                    termination: ChainRayTermination::Hit,
                };
            }
        }
        trace.record(|t| {
            let hit = r.verdict == SegmentRayVerdict::Hit;
            t.segments.push(SegmentRayRecord {
                segment: i,
                a: xf.apply(seg.a),
                b: xf.apply(seg.b),
                offset: r.offset,
                numerator: r.numerator,
                denominator: r.denominator,
                fraction: r.t,
                along: r.s,
                length: r.length,
                verdict: r.verdict,
                point: hit.then(|| xf.apply(r.p)),
                normal: hit.then(|| xf.q.apply(r.normal)),
            });
        });
    }
    best
}

/// One segment, local frame: `b2RayCastSegment(…, oneSided = true)`.
struct SegmentCast {
    offset: f32,
    numerator: Option<f32>,
    denominator: Option<f32>,
    t: Option<f32>,
    s: Option<f32>,
    length: f32,
    verdict: SegmentRayVerdict,
    p: Vec2,
    normal: Vec2,
}

fn cast_segment(seg: &ChainSegment, p1: Vec2, d: Vec2, max_fraction: f32) -> SegmentCast {
    let (v1, v2) = (seg.a, seg.b);
    let e = v2 - v1;
    let offset = cross(p1 - v1, e);
    let mut out = SegmentCast {
        offset,
        numerator: None,
        denominator: None,
        t: None,
        s: None,
        length: 0.0,
        verdict: SegmentRayVerdict::SolidSide,
        p: Vec2::ZERO,
        normal: Vec2::ZERO,
    };
    if offset < 0.0 {
        return out;
    }
    // b2GetLengthAndNormalize.
    let length = (e.x * e.x + e.y * e.y).sqrt();
    out.length = length;
    if length < f32::EPSILON || length == 0.0 {
        out.verdict = SegmentRayVerdict::Degenerate;
        return out;
    }
    let inv = 1.0 / length;
    let unit = Vec2::new(inv * e.x, inv * e.y);
    // b2RightPerp.
    let normal = Vec2::new(unit.y, -unit.x);
    let numerator = normal.dot(v1 - p1);
    let denominator = normal.dot(d);
    out.numerator = Some(numerator);
    out.denominator = Some(denominator);
    if denominator == 0.0 {
        out.verdict = SegmentRayVerdict::Parallel;
        return out;
    }
    let t = numerator / denominator;
    out.t = Some(t);
    if t < 0.0 || max_fraction < t {
        out.verdict = SegmentRayVerdict::OutOfRange;
        return out;
    }
    // b2MulAdd.
    let p = Vec2::new(p1.x + t * d.x, p1.y + t * d.y);
    let s = (p - v1).dot(unit);
    out.s = Some(s);
    if s < 0.0 || length < s {
        out.verdict = SegmentRayVerdict::OffSegment;
        return out;
    }
    out.verdict = SegmentRayVerdict::Hit;
    out.p = p;
    out.normal = if numerator > 0.0 { -normal } else { normal };
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn floor() -> Vec<ChainSegment> {
        // A ground chain right to left: its normal points up.
        let pts = [
            Vec2::new(4.0, 0.0),
            Vec2::new(0.0, 0.0),
            Vec2::new(-4.0, 0.0),
        ];
        pts.windows(2)
            .map(|w| ChainSegment {
                ghost1: w[0] + (w[0] - w[1]),
                a: w[0],
                b: w[1],
                ghost2: w[1] + (w[1] - w[0]),
            })
            .collect()
    }

    fn cast(origin: Vec2, translation: Vec2) -> (ChainRayOutput, ChainRayTrace) {
        let segs = floor();
        let mut trace = ChainRayTrace::default();
        let input = ChainRayInput {
            segments: &segs,
            transform: Transform::IDENTITY,
            ray: RayInput::new(origin, translation),
        };
        (ray_cast_chain(&input, Some(&mut trace)), trace)
    }

    #[test]
    fn a_ray_from_above_hits_the_floor_with_its_normal_up() {
        let (o, t) = cast(Vec2::new(1.0, 2.0), Vec2::new(0.0, -4.0));
        assert!(o.hit);
        assert_eq!(o.segment, Some(0));
        assert!((o.fraction - 0.5).abs() < 1e-6);
        assert_eq!(o.normal, Vec2::new(0.0, 1.0));
        assert_eq!(t.segments[0].verdict, SegmentRayVerdict::Hit);
        assert_eq!(t.segments[1].verdict, SegmentRayVerdict::OffSegment);
    }

    #[test]
    fn a_ray_from_the_solid_side_passes_through() {
        let (o, t) = cast(Vec2::new(1.0, -2.0), Vec2::new(0.0, 4.0));
        assert!(!o.hit);
        assert_eq!(o.termination, ChainRayTermination::Missed);
        assert!(t
            .segments
            .iter()
            .all(|s| s.verdict == SegmentRayVerdict::SolidSide));
    }

    #[test]
    fn the_closest_segment_wins_and_bad_input_is_refused() {
        // Along the floor's line, just above it: parallel to both segments.
        let (o, t) = cast(Vec2::new(-6.0, 1.0), Vec2::new(12.0, 0.0));
        assert!(!o.hit);
        assert!(t
            .segments
            .iter()
            .all(|s| s.verdict == SegmentRayVerdict::Parallel));
        let (o, _) = cast(Vec2::new(f32::NAN, 1.0), Vec2::new(0.0, -4.0));
        assert_eq!(o.termination, ChainRayTermination::NonFiniteInput);
        // Downward at the seam x = 0: segment 0 ends there, segment 1 starts there, both
        // hit at the same fraction: the first in chain order answers.
        let (o, _) = cast(Vec2::new(0.0, 1.0), Vec2::new(0.0, -2.0));
        assert_eq!(o.segment, Some(0));
    }
}
