//! The cast's fixed frame ([`CastFrame`]: B in A's frame at t = 0, the relative
//! velocity, the size-relative tolerances) and its distance query at a time
//! ([`Probe`]).

use super::faces::FacePair;
use super::CastInput;
use crate::core::consts::MAX_POLYGON_VERTICES;
use crate::core::consts::{CAST_TOLERANCE, TOI_VELOCITY_EPSILON};
use crate::core::gjk::{gjk_core, GjkTermination, LocalPair, Simplex, SimplexCache};
use crate::core::math::{left_perp, Rot, Transform};
use crate::core::shape::Shape;
use glam::Vec2;

/// What stays fixed during the cast: B brought into A's frame at t = 0, the relative
/// velocity there, and the size-relative tolerances.
pub(super) struct CastFrame<'a> {
    pub(super) input: &'a CastInput<'a>,
    /// B in A's frame at t = 0.
    pub(super) b0: Transform,
    /// B's velocity relative to A, in A's frame.
    pub(super) v: Vec2,
    pub(super) ra: f32,
    pub(super) rb: f32,
    pub(super) total_radius: f32,
    /// A length typical of the configuration, for the relative tolerances.
    pub(super) size: f32,
    /// The stop tolerance on the surface separation ([`CAST_TOLERANCE`] × size).
    pub(super) tolerance: f32,
    /// Closing speeds up to this are "not approaching".
    pub(super) speed_eps: f32,
    /// B's core in A's frame at t = 0 (the first `nb` entries).
    vb: [Vec2; MAX_POLYGON_VERTICES],
    nb: usize,
}

impl<'a> CastFrame<'a> {
    /// The frame of `input`: the target separation is 0 and the loop stops within
    /// `tolerance` of it (see the module docs).
    #[inline]
    pub(super) fn new(input: &'a CastInput<'a>) -> CastFrame<'a> {
        let (sa, sb) = (input.pair.shape_a, input.pair.shape_b);
        let xf_a = input.pair.transform_a;
        // B in A's frame at t = 0, and its relative velocity there.
        let b0 = input.pair.b_in_a();
        let v = xf_a.q.apply_inv(input.velocity_b - input.velocity_a);
        let total_radius = sa.radius() + sb.radius();
        let size = b0.p.abs().max_element() + extent(sa) + extent(sb) + total_radius;
        let tolerance = CAST_TOLERANCE * size;
        let speed_eps = TOI_VELOCITY_EPSILON * size;

        // B's core in A's frame at t = 0, once, in a fixed array (no allocation): every
        // step then runs GJK on A's core and this one shifted by `v·t` (a translation
        // does not change which vertex is a support point).
        let mut vb = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        let nb = sb.vertices().len().min(MAX_POLYGON_VERTICES);
        for (dst, src) in vb.iter_mut().zip(sb.vertices()) {
            *dst = b0.apply(*src);
        }
        CastFrame {
            input,
            b0,
            v,
            ra: sa.radius(),
            rb: sb.radius(),
            total_radius,
            size,
            tolerance,
            speed_eps,
            vb,
            nb,
        }
    }

    /// B's core in A's frame at t = 0.
    #[inline]
    pub(super) fn vb(&self) -> &[Vec2] {
        &self.vb[..self.nb]
    }

    /// A's core (A's frame).
    #[inline]
    pub(super) fn va(&self) -> &'a [Vec2] {
        self.input.pair.shape_a.vertices()
    }

    /// The two cores for the face bounds.
    pub(super) fn faces(&self) -> FacePair<'_> {
        FacePair {
            a: self.input.pair.shape_a,
            b: self.input.pair.shape_b,
            vb: self.vb(),
            b_rot: self.b0.q,
        }
    }

    /// World point at time t of a point given in A's frame with A fixed: A has moved
    /// by velocity_a·t in the world.
    #[inline]
    pub(super) fn world_point(&self, p: Vec2, t: f32) -> Vec2 {
        self.input.pair.transform_a.apply(p) + self.input.velocity_a * t
    }

    /// The distance query at time `t`, warm-started from `cache`. `have_normal`,
    /// `last_normal`: the direction found so far, which orients an edge normal near
    /// contact.
    #[inline]
    pub(super) fn probe(
        &self,
        t: f32,
        cache: &SimplexCache,
        have_normal: bool,
        last_normal: Vec2,
    ) -> Probe {
        let pair = LocalPair {
            a: self.va(),
            b: self.vb(),
            b_to_a: Transform {
                p: self.v * t,
                q: Rot::IDENTITY,
            },
        };
        let core = gjk_core(
            &pair,
            Some(cache),
            self.input.gjk_max_iterations,
            &Transform::IDENTITY,
            None,
        );
        let (ca, cb) = core.simplex.witness_points();
        let core_distance = if core.termination.is_overlap() {
            0.0
        } else {
            ca.distance(cb)
        };
        let d = core_distance - self.total_radius;
        // The normal from the witness points carries their rounding divided by the
        // distance: near contact (d ~ 1e-7·size) it is noise. When the closest
        // features are a vertex and an edge (a two-point simplex), the edge's own
        // perpendicular is exact at any distance; orient it like the witness normal
        // while that is reliable, else like the previous step's normal.
        let normal = (core_distance > 0.0).then(|| {
            let nw = (cb - ca) / core_distance;
            let reference = if d > self.tolerance || !have_normal {
                nw
            } else {
                last_normal
            };
            simplex_edge_normal(&core.simplex, reference).unwrap_or(nw)
        });
        let (pa, pb) = match normal {
            Some(n) => (ca + self.ra * n, cb - self.rb * n),
            None => (ca, cb),
        };
        Probe {
            simplex: core.simplex,
            gjk_iterations: core.iterations,
            gjk_termination: core.termination,
            ca,
            cb,
            core_distance,
            d,
            normal,
            pa,
            pb,
        }
    }
}

/// One distance query of the cast, A's frame.
pub(super) struct Probe {
    /// GJK's final simplex on the cores.
    pub(super) simplex: Simplex,
    pub(super) gjk_iterations: u32,
    pub(super) gjk_termination: GjkTermination,
    /// The closest points of the cores.
    pub(super) ca: Vec2,
    pub(super) cb: Vec2,
    /// Their distance (0 when the cores touch or overlap).
    pub(super) core_distance: f32,
    /// The surface separation, `core_distance − rA − rB`.
    pub(super) d: f32,
    /// Unit normal from A to B, when the cores are apart.
    pub(super) normal: Option<Vec2>,
    /// The closest surface points.
    pub(super) pa: Vec2,
    pub(super) pb: Vec2,
}

/// Largest absolute core coordinate: a cheap size of a shape (no square roots).
#[inline]
fn extent(shape: &Shape) -> f32 {
    shape
        .vertices()
        .iter()
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()))
}

/// The unit perpendicular of the simplex's edge when GJK ended on an edge of B − A
/// (a vertex against an edge), oriented along `reference`; `None` for a one-point
/// simplex or a degenerate edge.
fn simplex_edge_normal(simplex: &Simplex, reference: Vec2) -> Option<Vec2> {
    if simplex.count != 2 {
        return None;
    }
    let e = simplex.v[1].w - simplex.v[0].w;
    let n = left_perp(e).try_normalize()?;
    Some(if n.dot(reference) >= 0.0 { n } else { -n })
}
