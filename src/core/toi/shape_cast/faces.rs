//! Longer safe steps from corners: the faces at the closest vertices as separating
//! axes (one axis of swept SAT each), and the warm-start cache of the face that
//! gave the step.
//!
//! When the closest features are two vertices (how most casts start), the
//! closest-point normal is a corner-to-corner direction and conservative
//! advancement along it stops well short of the face that is hit next. Along a
//! fixed axis `u` the gap between the projections closes linearly, so while it is
//! positive the shapes cannot touch before `gap_u / c_u`: a bound as safe as CA's.

use crate::core::gjk::SimplexCache;
use crate::core::math::Rot;
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// An advance taken along a face's separating axis: the gap between the shapes'
/// projections on the face normal closes linearly, so they cannot touch before
/// `gap / closing_speed`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FaceStep {
    /// The shape the face belongs to: `"A"` or `"B"`.
    pub owner: &'static str,
    /// The face: core edge `edge` (vertex `edge` → `edge + 1`) of its owner.
    pub edge: usize,
    /// The axis, a unit vector from A to B (world): the face normal, negated for B.
    pub axis: Vec2,
    /// Gap between the projections of the two shapes on `axis` at this pose.
    pub gap: f32,
    /// `−(vB − vA)·axis`.
    pub closing_speed: f32,
    /// The vertex of the other shape nearest the face along the axis.
    pub vertex: usize,
}

impl FaceStep {
    /// The same step with its axis turned from A's frame into the world by A's
    /// rotation `q` (for the trace).
    #[inline]
    pub(super) fn in_world(self, q: Rot) -> FaceStep {
        FaceStep {
            axis: q.apply(self.axis),
            ..self
        }
    }
}

/// The simplex GJK converges to if the shapes touch through the face of `f` (its two
/// vertices against the other shape's nearest vertex), as a warm-start cache: after
/// the face step, the confirming query starts at its answer. `va`, `vb`: the cores in
/// A's frame (B at t = 0; the metric, the edge length, does not move).
#[inline]
pub(super) fn face_cache(f: &FaceStep, va: &[Vec2], vb: &[Vec2]) -> SimplexCache {
    let face = if f.owner == "A" { va } else { vb };
    let e1 = (f.edge + 1) % face.len().max(1);
    let edge = [f.edge as u8, e1 as u8, 0];
    let other = [f.vertex as u8; 3];
    let (index_a, index_b) = if f.owner == "A" {
        (edge, other)
    } else {
        (other, edge)
    };
    SimplexCache {
        count: 2,
        index_a,
        index_b,
        metric: face[f.edge].distance(face[e1]),
    }
}

/// The two shapes for [`FacePair::bound`]: A's core, and B's core in A's frame at
/// t = 0 (`vb`, B's rotation into A's frame `b_rot`).
pub(super) struct FacePair<'a> {
    pub(super) a: &'a Shape,
    pub(super) b: &'a Shape,
    pub(super) vb: &'a [Vec2],
    pub(super) b_rot: Rot,
}

impl FacePair<'_> {
    /// A longer safe step than CA's when the closest features are two vertices
    /// (`ia` of A, `ib` of B), which is how most casts start: the closest-point
    /// normal there is a corner-to-corner direction, and stepping along it stops well
    /// short of the face that is hit next.
    ///
    /// Each face meeting at `ia` or `ib` is a separating axis candidate `u` (A → B).
    /// Along a fixed axis the gap between the projections closes linearly,
    /// `sep_u(t + Δ) = sep_u(t) − c_u·Δ` with `c_u = −v·u`, and the shapes are
    /// disjoint while any gap is positive; so while `sep_u > 0` the shapes cannot
    /// touch before `Δ = sep_u / c_u`, a bound as safe as CA's (it is one axis of
    /// swept SAT). On the face's own shape the extreme projection is the vertex
    /// itself; the other shape needs one support query. Returns the largest such
    /// step, or 0. `shift` is B's displacement at the current time, `r` the sum of
    /// the radii. Returns the face of the largest step (axis in A's frame), if any.
    #[inline]
    pub(super) fn bound(
        &self,
        ia: usize,
        ib: usize,
        shift: Vec2,
        v: Vec2,
        r: f32,
        speed_eps: f32,
    ) -> Option<FaceStep> {
        let va = self.a.vertices();
        let vb = self.vb;
        let mut best: Option<FaceStep> = None;
        // Keeps the face with the longest safe step.
        let mut keep =
            |owner: &'static str, edge: usize, u: Vec2, gap: f32, closing: f32, vertex: usize| {
                let longer = best.is_none_or(|b| gap * b.closing_speed > b.gap * closing);
                if gap > 0.0 && longer {
                    best = Some(FaceStep {
                        owner,
                        edge,
                        axis: u,
                        gap,
                        closing_speed: closing,
                        vertex,
                    });
                }
            };
        // Only faces B approaches (closing speed > 0) can bound the step; the
        // projection is computed for those alone.
        let na = va.len();
        if na >= 2 && ia < na {
            for e in [(ia + na - 1) % na, ia] {
                let u = self.a.normals()[e];
                let closing = -v.dot(u);
                if closing > speed_eps {
                    // A reaches exactly to its vertex on this face; B's nearest point.
                    let (lo_b, j) = min_projection(vb, u);
                    let gap = lo_b + shift.dot(u) - va[ia].dot(u) - r;
                    keep("A", e, u, gap, closing, j);
                }
            }
        }
        let nv = vb.len();
        if nv >= 2 && ib < nv {
            for e in [(ib + nv - 1) % nv, ib] {
                // B's outward face normal, turned into A's frame; the axis faces B.
                let u = -self.b_rot.apply(self.b.normals()[e]);
                let closing = -v.dot(u);
                if closing > speed_eps {
                    let (neg_hi_a, i) = min_projection(va, -u);
                    let gap = (vb[ib] + shift).dot(u) + neg_hi_a - r;
                    keep("B", e, u, gap, closing, i);
                }
            }
        }
        best
    }
}

/// `min p·u` over `points` and the first vertex reaching it (one pass).
#[inline]
fn min_projection(points: &[Vec2], u: Vec2) -> (f32, usize) {
    // A plain compare, not `f32::min` (whose NaN handling costs a few instructions
    // per vertex): a NaN projection is skipped either way. Ties keep the first.
    let (mut m, mut at) = (f32::INFINITY, 0);
    for (i, p) in points.iter().enumerate() {
        let d = p.x * u.x + p.y * u.y;
        if d < m {
            m = d;
            at = i;
        }
    }
    (m, at)
}
