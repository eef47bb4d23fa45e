//! Steps 1–2: the separations of the four faces that face the other box (one per
//! axis of each box, Box2D-Lite's `faceA` / `faceB`), then the reference face: the
//! larger of each box's two, then the SAT module's rule with the reference-face bias
//! ([`choose_owner`]).

use super::normal_of;
use super::trace::{BoxAxisRecord, BoxBoxTrace};
use crate::core::math::Transform;
use crate::core::sat::{bias_threshold, choose_owner, Owner, SatChoice};
use glam::Vec2;

/// Step 1: the separation of each box's face facing the other along each of its
/// axes, radii subtracted, and that face's edge. A's frame.
pub(super) struct FaceSeparations {
    /// A's x and y faces.
    face_a: Vec2,
    /// B's x and y faces.
    face_b: Vec2,
    a_x: usize,
    a_y: usize,
    b_x: usize,
    b_y: usize,
}

/// Step 2: the reference face.
pub(super) struct ReferenceChoice {
    /// The reference box.
    pub(super) owner: Owner,
    pub(super) choice: SatChoice,
    /// The reference face (edge of the reference box).
    pub(super) edge: usize,
    /// Its separation, radii subtracted.
    pub(super) separation: f32,
    /// A's best separation and B's face scale, for the trace's bias threshold.
    sep_a: f32,
    h_b: f32,
}

impl FaceSeparations {
    /// `ha`, `hb` the half extents; `xb` places B in A's frame (rotation C, position d).
    /// With `d = pB − pA` in A's frame, `dB = Cᵀ·d` and `|C|` the element-wise absolute
    /// rotation: `faceA = |d| − hA − |C|·hB`, `faceB = |dB| − |C|ᵀ·hA − hB`.
    #[inline]
    pub(super) fn new(ha: Vec2, hb: Vec2, xb: &Transform, radii: f32) -> FaceSeparations {
        let (c, s) = (xb.q.c, xb.q.s);
        let d = xb.p;
        let d_b = xb.q.apply_inv(d);
        let (ac, as_) = (c.abs(), s.abs());
        // Separations of the faces facing the other box, radii subtracted.
        let face_a = Vec2::new(
            d.x.abs() - ha.x - (ac * hb.x + as_ * hb.y),
            d.y.abs() - ha.y - (as_ * hb.x + ac * hb.y),
        ) - Vec2::splat(radii);
        let face_b = Vec2::new(
            d_b.x.abs() - (ac * ha.x + as_ * ha.y) - hb.x,
            d_b.y.abs() - (as_ * ha.x + ac * ha.y) - hb.y,
        ) - Vec2::splat(radii);
        // Edge of each axis facing the other box; on an exact tie of both faces of an
        // axis, the lower index (as the general SAT's scan).
        FaceSeparations {
            face_a,
            face_b,
            a_x: if d.x >= 0.0 { 1 } else { 3 },
            a_y: if d.y > 0.0 { 2 } else { 0 },
            b_x: if d_b.x > 0.0 { 3 } else { 1 },
            b_y: if d_b.y >= 0.0 { 0 } else { 2 },
        }
    }

    /// Step 2: the larger of A's two faces, the larger of B's two (the lower edge on
    /// ties), then [`choose_owner`] with `h_B` B's half extent along its face normal
    /// plus its radius `rb`.
    #[inline]
    pub(super) fn choose(&self, hb: Vec2, rb: f32) -> ReferenceChoice {
        // (edge, separation, whether it is the y axis)
        let pick = |sx: f32, ex: usize, sy: f32, ey: usize| -> (usize, f32, bool) {
            if sy > sx || (sy == sx && ey < ex) {
                (ey, sy, true)
            } else {
                (ex, sx, false)
            }
        };
        let (ea, sep_a, _) = pick(self.face_a.x, self.a_x, self.face_a.y, self.a_y);
        let (eb, sep_b, b_is_y) = pick(self.face_b.x, self.b_x, self.face_b.y, self.b_y);
        let h_b = if b_is_y { hb.y } else { hb.x } + rb;
        let (owner, choice) = choose_owner(sep_a, sep_b, h_b);
        let (edge, separation) = if owner == Owner::A {
            (ea, sep_a)
        } else {
            (eb, sep_b)
        };
        ReferenceChoice {
            owner,
            choice,
            edge,
            separation,
            sep_a,
            h_b,
        }
    }

    /// The trace of steps 1–2: the four axes (world), the choice, the bias threshold
    /// when the bias applied.
    pub(super) fn record(
        &self,
        t: &mut BoxBoxTrace,
        rc: &ReferenceChoice,
        xb: &Transform,
        xf_a: &Transform,
    ) {
        let rec =
            |o: Owner, axis: &'static str, e: usize, sep: f32, xf: &Transform| BoxAxisRecord {
                owner: o,
                axis,
                edge: e,
                normal: xf_a.q.apply(xf.q.apply(normal_of(e))),
                separation: sep,
            };
        let id = Transform::IDENTITY;
        t.axes
            .push(rec(Owner::A, "x", self.a_x, self.face_a.x, &id));
        t.axes
            .push(rec(Owner::A, "y", self.a_y, self.face_a.y, &id));
        t.axes.push(rec(Owner::B, "x", self.b_x, self.face_b.x, xb));
        t.axes.push(rec(Owner::B, "y", self.b_y, self.face_b.y, xb));
        t.choice = Some(rc.choice);
        if rc.choice != SatChoice::LargestSeparation {
            t.bias_threshold = Some(bias_threshold(rc.sep_a, rc.h_b));
        }
    }
}
