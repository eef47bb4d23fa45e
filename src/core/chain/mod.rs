//! Chain segments with ghost vertices: Box2D v3's smooth, one-sided contact manifold
//! (`b2CollideChainSegmentAndCircle`, `…AndCapsule`, `…AndPolygon`).
//!
//! A chain is a polyline cut into [`ChainSegment`]s ([`chain_segments`]); each segment
//! `a → b` keeps its neighbours' far points as ghost vertices. A shape sliding along a
//! chain of collinear segments would catch on every seam if each segment were a plain
//! two-sided segment: at the seam the closest feature is a vertex, and the normal from
//! a vertex tilts (the *ghost collision*). The ghosts let each segment decide whether
//! a normal is really its own.
//!
//! ## One-sided
//! The segment's normal is the **right** perpendicular of its direction,
//! `n1 = right_perp(unit(b − a))`, exactly as Box2D (`b2RightPerp(edge1)`). Shapes
//! collide with it from that side, the **front**; the material is on the left. A
//! counter-clockwise closed chain is therefore solid inside, like a polygon, and a
//! ground chain runs from right to left to have its normal up.
//!
//! The shape is rejected when its centre (a circle's centre, a polygon's area
//! centroid) lies strictly behind the segment's line, `n1·(c − a) < 0`, **and** behind
//! the line of each convex neighbour (`n0·(c − a) < 0`, `n2·(c − b) < 0`): around a
//! convex corner the front wraps onto the neighbour's side. A circle has no neighbour
//! test here: behind the segment's line is enough ([`ChainTermination::Behind`]).
//!
//! ## Classification ([`classify_normal`])
//! A candidate normal is classified on the Gauss map against the segment's and its
//! neighbours' normals: **skip** (it belongs to a convex neighbour), **admit** (the
//! segment's own, or its convex vertex's), or **snap** (it leans to a concave or flat
//! end: the segment's normal is used instead). The derivation is in `classify`.
//!
//! ## Against a circle (`circle`)
//! No classification: Voronoi regions. The centre projects before `a`, between, or
//! beyond `b`. Beyond an end, the neighbour owns the centre when it projects onto the
//! neighbour's extent (`(a − ghost1)·(c − a) > 0` keeps it here at the tail); then no
//! contact ([`ChainTermination::NeighbourRegion`]). Otherwise one point at the closest
//! point, Box2D's `b2CollideChainSegmentAndCircle`.
//!
//! ## Against a polygon (`polygon`; capsules, bare segments and boxes are polygons)
//! 1. The one-sided test.
//! 2. The closest points of the cores (our GJK, cold): farther than the shape's
//!    radius plus the speculative distance ([`DEFAULT_SPECULATIVE_DISTANCE`] = 4 ·
//!    linear slop): separated.
//! 3. With the centre in front and the cores more than
//!    [`CHAIN_CLOSEST_FEATURES_DISTANCE`] apart, the **closest features** give the
//!    candidate normal: two vertices (the direction between them, classified: skip,
//!    admit as one point, or snap to the segment's face), or the segment's vertex
//!    against the shape's edge (that edge's reversed normal, classified: skip, admit
//!    with the shape's edge as reference, or snap), or the segment's edge against a
//!    shape vertex (the segment's face).
//! 4. Otherwise a **separating-axis search**: the segment's normal, the convex
//!    neighbours' normals (a neighbour winning ends the query: it owns the contact),
//!    and every shape edge whose reversed normal is admitted. The shape's edge is the
//!    reference when it separates strictly more than the segment's normal.
//! 5. **Reference the shape's edge**: unless the neighbour at the deeper end of the
//!    segment is more anti-parallel to that face than the segment (the neighbour is
//!    the incident feature), the segment is clipped to the face's extent: two points.
//! 6. **Reference the segment** (its normal, snapped or found): the incident edge is
//!    the shape's edge at the deepest vertex more anti-parallel to `n1`; clipped to the
//!    segment's extent: two points, whatever their separation (`clip`).
//!
//! Every point is midway between the surfaces; the normal runs from the chain to the
//! shape. Each decision is a [`ChainStep`] of the [`ChainTrace`].
//!
//! ## Robustness
//! Non-finite input and a zero-length segment are refused up front
//! ([`ChainTermination::Invalid`]); every loop runs over the shape's vertices or is GJK's
//! bounded loop; no index is taken from a computed value without a check; a result
//! whose numbers overflowed is reported as [`InvalidInput::Overflow`], never returned.
//!
//! ## Where each step lives
//! - this module: the entry, [`collide_chain_segment`], the pair in the chain's frame
//!   and the conversion of the result to the world;
//! - `segments`: [`ChainSegment`], [`chain_segments`], the conventions and errors;
//! - `classify`: [`SegmentNormals`], [`classify_normal`];
//! - `circle`, `polygon` (steps 1–3), `sat` (step 4), `reference` (steps 5–6) and
//!   `clip` (their clip);
//! - `types`: inputs and outputs, and the shape's core in the chain's frame the
//!   polygon steps share; `trace`: [`ChainTrace`] and its steps.
//!
//! [`DEFAULT_SPECULATIVE_DISTANCE`]: crate::core::consts::DEFAULT_SPECULATIVE_DISTANCE
//! [`CHAIN_CLOSEST_FEATURES_DISTANCE`]: crate::core::consts::CHAIN_CLOSEST_FEATURES_DISTANCE

mod circle;
mod classify;
mod clip;
mod polygon;
mod ray;
mod reference;
mod sat;
mod segments;
mod trace;
mod types;

pub use self::classify::{
    classify_normal, NormalClass, NormalDecision, SegmentEnd, SegmentNormals,
};
pub use self::ray::{
    ray_cast_chain, ChainRayInput, ChainRayOutput, ChainRayTermination, ChainRayTrace,
    SegmentRayRecord, SegmentRayVerdict,
};
pub use self::segments::{chain_segments, ChainConvention, ChainError, ChainSegment};
pub use self::trace::{Candidate, ChainStep, ChainTrace, CircleRegion, OneSidedTest, SatAxis};
pub use self::types::{
    ChainManifold, ChainPoint, ChainSegmentInput, ChainTermination, InvalidInput,
};

use self::classify::unit_or_zero;
use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::manifold::ContactId;
use crate::core::math::Transform;
use crate::core::record::Record;
use crate::core::shape::Shape;
use glam::Vec2;

/// The contact manifold of a chain segment and a shape. `trace`, when given, is
/// cleared and filled.
pub fn collide_chain_segment(
    input: &ChainSegmentInput,
    mut trace: Option<&mut ChainTrace>,
) -> ChainManifold {
    trace.record(|t| {
        *t = ChainTrace::default();
    });
    let frame = match Frame::new(input) {
        Ok(f) => f,
        Err(why) => return finish_empty(ChainTermination::Invalid(why), trace),
    };
    trace.record(|t| {
        let xf = frame.xf_a;
        t.steps.push(ChainStep::Segment {
            a: xf.apply(frame.segment.a),
            b: xf.apply(frame.segment.b),
            ghost1: xf.apply(frame.segment.ghost1),
            ghost2: xf.apply(frame.segment.ghost2),
            normals: frame.normals.rotated(xf.q),
        })
    });
    let local = if input.pair.shape_b.vertices().len() == 1 {
        circle::collide_circle(&frame, trace.as_deref_mut())
    } else {
        polygon::collide_polygon(&frame, trace.as_deref_mut())
    };
    frame.finish(&local, trace)
}

/// The pair in the chain's frame (A's): where every test runs, as in Box2D.
pub(super) struct Frame<'a> {
    pub(super) segment: ChainSegment,
    pub(super) normals: SegmentNormals,
    pub(super) shape: &'a Shape,
    pub(super) xf_a: Transform,
    /// The shape's frame to the chain's.
    pub(super) b_to_a: Transform,
    /// `pA − pB`: the chain's origin seen from the shape's (for the anchors).
    origin_delta: Vec2,
    pub(super) speculative_distance: f32,
    pub(super) gjk_max_iterations: u32,
}

impl<'a> Frame<'a> {
    fn new(input: &ChainSegmentInput<'a>) -> Result<Frame<'a>, InvalidInput> {
        let s = input.pair.shape_a;
        let (xa, xb) = (&input.pair.transform_a, &input.pair.transform_b);
        let finite = [s.ghost1, s.a, s.b, s.ghost2, xa.p, xb.p]
            .iter()
            .all(|p| p.is_finite())
            && [xa.q.c, xa.q.s, xb.q.c, xb.q.s, input.speculative_distance]
                .iter()
                .all(|x| x.is_finite());
        if !finite {
            return Err(InvalidInput::NonFinite);
        }
        if unit_or_zero(s.b - s.a) == Vec2::ZERO {
            return Err(InvalidInput::ZeroLengthSegment);
        }
        Ok(Frame {
            segment: *s,
            normals: SegmentNormals::new(s),
            shape: input.pair.shape_b,
            xf_a: *xa,
            b_to_a: input.pair.b_in_a(),
            origin_delta: xa.p - xb.p,
            speculative_distance: input.speculative_distance.max(0.0),
            gjk_max_iterations: input.gjk_max_iterations,
        })
    }

    /// The local manifold in the world: anchors, the points on each surface. A result
    /// with a non-finite number is refused ([`InvalidInput::Overflow`]).
    fn finish(&self, local: &Local, mut trace: Option<&mut ChainTrace>) -> ChainManifold {
        if local.count == 0 {
            return finish_empty(local.termination, trace);
        }
        let q = self.xf_a.q;
        let normal = q.apply(local.normal);
        let mut out = ChainManifold::empty(ChainTermination::Contact);
        out.normal = normal;
        out.point_count = local.count;
        for (dst, src) in out.points.iter_mut().zip(&local.points[..local.count]) {
            let point = self.xf_a.apply(src.point);
            let anchor_a = q.apply(src.point);
            let half = 0.5 * src.separation * normal;
            *dst = ChainPoint {
                point,
                anchor_a,
                anchor_b: anchor_a + self.origin_delta,
                point_a: point - half,
                point_b: point + half,
                separation: src.separation,
                id: src.id,
                key: src.key,
            };
        }
        let finite = normal.is_finite()
            && out.points().iter().all(|p| {
                p.point.is_finite()
                    && p.point_a.is_finite()
                    && p.point_b.is_finite()
                    && p.anchor_b.is_finite()
                    && p.separation.is_finite()
            });
        if !finite {
            return finish_empty(ChainTermination::Invalid(InvalidInput::Overflow), trace);
        }
        trace.record(|t| {
            t.normal = Some(normal);
            t.points = out.points().to_vec();
            t.termination = Some(out.termination);
        });
        out
    }
}

/// An empty manifold, recorded.
fn finish_empty(
    termination: ChainTermination,
    mut trace: Option<&mut ChainTrace>,
) -> ChainManifold {
    trace.record(|t| {
        t.termination = Some(termination);
        t.points.clear();
        t.normal = None;
    });
    ChainManifold::empty(termination)
}

/// A contact point in the chain's frame: midway between the surfaces.
#[derive(Clone, Copy, Debug)]
pub(super) struct LocalPoint {
    pub(super) point: Vec2,
    pub(super) separation: f32,
    pub(super) id: ContactId,
    pub(super) key: u16,
}

/// The manifold in the chain's frame, before [`Frame::finish`].
#[derive(Clone, Copy, Debug)]
pub(super) struct Local {
    pub(super) termination: ChainTermination,
    pub(super) normal: Vec2,
    pub(super) points: [LocalPoint; MAX_MANIFOLD_POINTS],
    pub(super) count: usize,
}

impl Local {
    /// No points, for `termination`.
    pub(super) fn empty(termination: ChainTermination) -> Local {
        let p = LocalPoint {
            point: Vec2::ZERO,
            separation: 0.0,
            id: ChainPoint::EMPTY.id,
            key: 0,
        };
        Local {
            termination,
            normal: Vec2::ZERO,
            points: [p; MAX_MANIFOLD_POINTS],
            count: 0,
        }
    }

    /// Contact points along `normal` (chain to shape).
    pub(super) fn contact(normal: Vec2, points: &[LocalPoint]) -> Local {
        let mut m = Local::empty(ChainTermination::Contact);
        m.normal = normal;
        m.count = points.len().min(MAX_MANIFOLD_POINTS);
        m.points[..m.count].copy_from_slice(&points[..m.count]);
        m
    }
}

/// Box2D's `B2_MAKE_ID(x, y)`: two feature indices in one `u16`.
#[inline]
pub(super) fn make_key(x: usize, y: usize) -> u16 {
    ((x as u8) as u16) << 8 | (y as u8) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::pair::PosedPair;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        let c = Shape::circle(0.5).unwrap();
        let ok = ChainSegment {
            ghost1: v(2.0, 0.0),
            a: v(1.0, 0.0),
            b: v(-1.0, 0.0),
            ghost2: v(-2.0, 0.0),
        };
        let zero = ChainSegment { b: ok.a, ..ok };
        let nan = ChainSegment {
            ghost2: v(f32::NAN, 0.0),
            ..ok
        };
        let xb = Transform::new(v(0.0, 0.4), 0.0);
        let run = |s: &ChainSegment, xb: Transform| {
            let mut t = ChainTrace::default();
            let m = collide_chain_segment(
                &ChainSegmentInput::new(PosedPair::new(s, Transform::IDENTITY, &c, xb)),
                Some(&mut t),
            );
            assert_eq!(t.termination, Some(m.termination));
            m.termination
        };
        assert_eq!(run(&ok, xb), ChainTermination::Contact);
        let zl = ChainTermination::Invalid(InvalidInput::ZeroLengthSegment);
        assert_eq!(run(&zero, xb), zl);
        let nf = ChainTermination::Invalid(InvalidInput::NonFinite);
        assert_eq!(run(&nan, xb), nf);
        assert_eq!(run(&ok, Transform::new(v(f32::INFINITY, 0.0), 0.0)), nf);
    }
}
