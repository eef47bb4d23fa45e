//! The segment's normals and the convexity of its ends ([`SegmentNormals`]), and the
//! classification of a candidate contact normal on the Gauss map ([`classify_normal`],
//! Box2D's `b2ClassifyNormal`).
//!
//! ## Derivation
//! On the Gauss map (the circle of directions) each feature of the chain owns the
//! normals of its contacts: a segment owns one direction, its normal; a **convex**
//! vertex owns the arc between the normals of the two segments that meet there; a
//! **concave** vertex owns none (a shape touching it touches both segments, each
//! along its own normal).
//!
//! Take a candidate normal `n` (from the segment towards the shape) and the segment
//! `a → b` with unit direction `e1`. `n·e1 ≤ 0` leans towards the tail `a`, else
//! towards the head `b`; the end it leans to decides:
//! - **convex tail** (`cross(e0, e1) ≥ 0.01`): `a`'s arc runs from the previous
//!   segment's normal `n0` to `n1`. A normal turned past `n0`, `cross(n, n0) > 0.01`,
//!   lies in the previous segment's territory: **skip** (that segment makes the
//!   contact, and this one would make a ghost contact against a face that is not
//!   there). Otherwise **admit** `n`: it is the vertex's own normal.
//! - **convex head**: the same with the next segment's normal `n2`, turned the other
//!   way: skip when `cross(n2, n) > 0.01`.
//! - **not convex** (concave, or straight within the tolerance): the end owns no
//!   normal; the contact belongs to this segment's face: **snap** `n` to `n1`.
//!
//! The tolerance is a sine ([`CHAIN_SINE_TOLERANCE`]): a normal up to ~0.57° past the
//! neighbour's is still admitted, so rounding never drops a contact on both sides.

use super::segments::ChainSegment;
use crate::core::consts::{CHAIN_CONVEX_SINE, CHAIN_SINE_TOLERANCE};
use crate::core::math::{cross, right_perp, Rot};
use glam::Vec2;
use serde::Serialize;

/// Box2D's `b2Normalize`: the unit vector, or zero when shorter than `f32::EPSILON`
/// (so a ghost on its segment end gives a zero neighbour normal, never a NaN).
#[inline]
pub(crate) fn unit_or_zero(v: Vec2) -> Vec2 {
    let length = v.length();
    if length < f32::EPSILON {
        return Vec2::ZERO;
    }
    let inv = 1.0 / length;
    Vec2::new(inv * v.x, inv * v.y)
}

/// A segment's unit direction and normals, and whether each end is a convex corner.
/// Frame: the segment's (local, or world after [`SegmentNormals::rotated`]).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SegmentNormals {
    /// Unit direction `a → b` (`e1`).
    pub edge1: Vec2,
    /// The segment's normal, `right_perp(e1)`: the side shapes collide from.
    pub normal1: Vec2,
    /// The previous segment's normal, `right_perp(unit(a − ghost1))` (zero when the
    /// ghost lies on `a`).
    pub normal0: Vec2,
    /// The next segment's normal, `right_perp(unit(ghost2 − b))`.
    pub normal2: Vec2,
    /// `cross(e0, e1)`: the sine of the chain's turn at `a` (left turns positive).
    pub turn1: f32,
    /// `cross(e1, e2)`: the sine of the turn at `b`.
    pub turn2: f32,
    /// `turn1 ≥` [`CHAIN_CONVEX_SINE`]: `a` is a convex corner of the solid.
    pub convex1: bool,
    /// `turn2 ≥` [`CHAIN_CONVEX_SINE`].
    pub convex2: bool,
}

impl SegmentNormals {
    /// The normals of `segment` in its own frame. A zero-length segment gives a zero
    /// `edge1` (callers refuse it first).
    pub fn new(segment: &ChainSegment) -> SegmentNormals {
        let edge1 = unit_or_zero(segment.b - segment.a);
        let edge0 = unit_or_zero(segment.a - segment.ghost1);
        let edge2 = unit_or_zero(segment.ghost2 - segment.b);
        let (turn1, turn2) = (cross(edge0, edge1), cross(edge1, edge2));
        SegmentNormals {
            edge1,
            normal1: right_perp(edge1),
            normal0: right_perp(edge0),
            normal2: right_perp(edge2),
            turn1,
            turn2,
            convex1: turn1 >= CHAIN_CONVEX_SINE,
            convex2: turn2 >= CHAIN_CONVEX_SINE,
        }
    }

    /// The tail neighbour's normal where it counts, else the segment's: Box2D's `n0`,
    /// "snap concave normals".
    #[inline]
    pub fn tail_normal(&self) -> Vec2 {
        if self.convex1 {
            self.normal0
        } else {
            self.normal1
        }
    }

    /// The head neighbour's normal where it counts, else the segment's (`n2`).
    #[inline]
    pub fn head_normal(&self) -> Vec2 {
        if self.convex2 {
            self.normal2
        } else {
            self.normal1
        }
    }

    /// The same normals turned by `q` (to the world, for the trace).
    pub fn rotated(&self, q: Rot) -> SegmentNormals {
        SegmentNormals {
            edge1: q.apply(self.edge1),
            normal1: q.apply(self.normal1),
            normal0: q.apply(self.normal0),
            normal2: q.apply(self.normal2),
            ..*self
        }
    }
}

/// What the classification decided for a candidate normal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NormalDecision {
    /// The normal belongs to a convex neighbour's territory: no contact here.
    Skip,
    /// The normal is this segment's (or its convex vertex's): use it.
    Admit,
    /// The normal leans to a concave or flat end: use the segment's normal instead.
    Snap,
}

impl NormalDecision {
    /// The decision as a word for the trace and the UI.
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// An end of a segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SegmentEnd {
    /// `a`, towards `ghost1`.
    Tail,
    /// `b`, towards `ghost2`.
    Head,
}

/// A classified normal with every number the decision used, for a Gauss-map drawing.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NormalClass {
    /// Skip, admit or snap.
    pub decision: NormalDecision,
    /// The candidate normal (segment towards shape).
    pub candidate: Vec2,
    /// The segment's normal and its neighbours', and the ends' convexity.
    pub normals: SegmentNormals,
    /// `candidate·e1`: `≤ 0` leans to the tail.
    pub along_edge: f32,
    /// The end the candidate leans to.
    pub end: SegmentEnd,
    /// At a convex end, the cross product compared with [`CHAIN_SINE_TOLERANCE`]:
    /// `cross(n, n0)` at the tail, `cross(n2, n)` at the head. None at a concave or
    /// flat end (no comparison: snap).
    pub cross: Option<f32>,
    /// [`CHAIN_SINE_TOLERANCE`], the bound `cross` is compared with.
    pub tolerance: f32,
}

impl NormalClass {
    /// The same record with its vectors turned by `q` (to the world).
    pub fn rotated(&self, q: Rot) -> NormalClass {
        NormalClass {
            candidate: q.apply(self.candidate),
            normals: self.normals.rotated(q),
            ..*self
        }
    }
}

/// Classifies the candidate normal `n` (segment towards shape, same frame as
/// `normals`): module docs.
pub fn classify_normal(normals: &SegmentNormals, n: Vec2) -> NormalClass {
    let along_edge = n.dot(normals.edge1);
    let (end, convex, cross_value) = if along_edge <= 0.0 {
        (SegmentEnd::Tail, normals.convex1, cross(n, normals.normal0))
    } else {
        (SegmentEnd::Head, normals.convex2, cross(normals.normal2, n))
    };
    let decision = match convex {
        false => NormalDecision::Snap,
        true if cross_value > CHAIN_SINE_TOLERANCE => NormalDecision::Skip,
        true => NormalDecision::Admit,
    };
    NormalClass {
        decision,
        candidate: n,
        normals: *normals,
        along_edge,
        end,
        cross: convex.then_some(cross_value),
        tolerance: CHAIN_SINE_TOLERANCE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// The top of a counter-clockwise box: runs right to left, normal up; `tail_turn`
    /// and `head_turn` place the ghosts below (convex) or above (concave).
    fn top(ghost1: Vec2, ghost2: Vec2) -> SegmentNormals {
        SegmentNormals::new(&ChainSegment {
            ghost1,
            a: v(1.0, 0.0),
            b: v(-1.0, 0.0),
            ghost2,
        })
    }

    #[test]
    fn normals_point_right_of_travel_and_convexity_follows_the_turn() {
        let s = top(v(1.0, -1.0), v(-1.0, -1.0));
        assert_eq!(s.edge1, v(-1.0, 0.0));
        assert_eq!(s.normal1, v(0.0, 1.0));
        assert_eq!(s.normal0, v(1.0, 0.0));
        assert_eq!(s.normal2, v(-1.0, 0.0));
        assert!(s.convex1 && s.convex2);
        assert!((s.turn1 - 1.0).abs() < 1e-6);
        // Ghosts above: a valley, both ends concave.
        let c = top(v(2.0, 1.0), v(-2.0, 1.0));
        assert!(!c.convex1 && !c.convex2);
        assert!(c.turn1 < 0.0);
        // Straight on: flat, not convex.
        let f = top(v(2.0, 0.0), v(-2.0, 0.0));
        assert!(!f.convex1 && !f.convex2);
        assert_eq!(f.turn1, 0.0);
        // A ghost on its end: zero neighbour normal, not convex, no NaN.
        let g = top(v(1.0, 0.0), v(-2.0, 0.0));
        assert_eq!(g.normal0, Vec2::ZERO);
        assert!(!g.convex1);
    }

    #[test]
    fn convex_corner_admits_its_arc_and_skips_past_the_neighbour() {
        // Square corner at the tail a = (1, 0): the arc from (1, 0) to (0, 1).
        let s = top(v(1.0, -1.0), v(-1.0, -1.0));
        let inside = classify_normal(&s, v(0.6, 0.8));
        assert_eq!(inside.decision, NormalDecision::Admit);
        assert_eq!(inside.end, SegmentEnd::Tail);
        assert!((inside.cross.unwrap() + 0.8).abs() < 1e-6, "{inside:?}");
        // Turned 30° past the neighbour's normal (1, 0): the neighbour's face.
        let past = classify_normal(&s, v(0.866, -0.5));
        assert_eq!(past.decision, NormalDecision::Skip);
        assert!((past.cross.unwrap() - 0.5).abs() < 1e-6);
        // Within the tolerance of the neighbour's normal: still admitted.
        let edge = classify_normal(&s, v(1.0, -0.005).normalize());
        assert_eq!(edge.decision, NormalDecision::Admit);
        // The same on the head side, mirrored.
        assert_eq!(
            classify_normal(&s, v(-0.6, 0.8)).decision,
            NormalDecision::Admit
        );
        assert_eq!(
            classify_normal(&s, v(-0.866, -0.5)).decision,
            NormalDecision::Skip
        );
        // The segment's own normal: along_edge 0 counts as the tail, admitted.
        let own = classify_normal(&s, v(0.0, 1.0));
        assert_eq!(
            (own.decision, own.end),
            (NormalDecision::Admit, SegmentEnd::Tail)
        );
    }

    #[test]
    fn concave_and_flat_ends_snap() {
        let valley = top(v(2.0, 1.0), v(-2.0, 1.0));
        let c = classify_normal(&valley, v(0.6, 0.8));
        assert_eq!(c.decision, NormalDecision::Snap);
        assert_eq!(c.cross, None);
        let flat = top(v(2.0, 0.0), v(-2.0, 0.0));
        assert_eq!(
            classify_normal(&flat, v(-0.6, 0.8)).decision,
            NormalDecision::Snap
        );
        // Mixed: convex tail, concave head.
        let mixed = top(v(1.0, -1.0), v(-2.0, 1.0));
        assert_eq!(
            classify_normal(&mixed, v(0.6, 0.8)).decision,
            NormalDecision::Admit
        );
        assert_eq!(
            classify_normal(&mixed, v(-0.6, 0.8)).decision,
            NormalDecision::Snap
        );
        assert_eq!(mixed.head_normal(), mixed.normal1);
        assert_eq!(mixed.tail_normal(), mixed.normal0);
    }
}
