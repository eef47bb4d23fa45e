//! The reference face with its side planes, and step 3, the incident edge by
//! Box2D-Lite's four-case comparison (`ComputeIncidentEdge`), its vertices tagged with
//! the incident box's edges that meet there.

use super::trace::{BoxIncidentRecord, BoxReferenceRecord};
use super::types::{Cv, IncidentCase};
use super::{box_vertices, Frame, NO_EDGE};
use crate::core::math::Transform;
use glam::Vec2;

/// The reference face, A's frame.
pub(super) struct ReferenceFace {
    /// Its edge on the reference box.
    pub(super) edge: usize,
    /// Its core endpoints.
    pub(super) r1: Vec2,
    pub(super) r2: Vec2,
    /// Unit direction along the face, `r1` to `r2`.
    pub(super) side_normal: Vec2,
    /// The edges whose planes are the side planes (before, after the face).
    pub(super) neg_edge: u8,
    pub(super) pos_edge: u8,
}

impl ReferenceFace {
    /// Face `edge` of the reference box (half extents `hr`, placed by `xr` in A's frame).
    #[inline]
    pub(super) fn new(hr: Vec2, xr: &Transform, edge: usize) -> ReferenceFace {
        let rv = box_vertices(hr);
        let r1 = xr.apply(rv[edge]);
        let r2 = xr.apply(rv[(edge + 1) % 4]);
        ReferenceFace {
            edge,
            r1,
            r2,
            side_normal: (r2 - r1).normalize_or_zero(),
            neg_edge: ((edge + 3) % 4) as u8,
            pos_edge: ((edge + 1) % 4) as u8,
        }
    }

    /// The trace record (world).
    pub(super) fn record(&self, fr: &Frame) -> BoxReferenceRecord {
        BoxReferenceRecord {
            owner: fr.owner,
            edge: self.edge,
            face: [fr.world(self.r1), fr.world(self.r2)],
            front_normal: fr.xf_a.q.apply(fr.front_normal),
            side_normal: fr.xf_a.q.apply(self.side_normal),
            neg_edge: self.neg_edge,
            pos_edge: self.pos_edge,
        }
    }
}

/// The incident edge, A's frame.
pub(super) struct IncidentEdge {
    /// The reference normal in the incident box's frame, negated.
    n: Vec2,
    case: IncidentCase,
    /// Its edge on the incident box.
    edge: usize,
    /// Its two vertices, tagged with the incident edges arriving and leaving.
    pub(super) v: [Cv; 2],
}

impl IncidentEdge {
    /// The incident box (half extents `hi`, placed by `xi` in A's frame)'s face most
    /// against `front_normal` (A's frame), by the four-case comparison in its frame.
    #[inline]
    pub(super) fn new(hi: Vec2, xi: &Transform, front_normal: Vec2) -> IncidentEdge {
        let n = -xi.q.apply_inv(front_normal);
        let case = if n.x.abs() > n.y.abs() {
            if n.x > 0.0 {
                IncidentCase::PosX
            } else {
                IncidentCase::NegX
            }
        } else if n.y > 0.0 {
            IncidentCase::PosY
        } else {
            IncidentCase::NegY
        };
        let ie = case.edge();
        let iv = box_vertices(hi);
        let k1 = ie;
        let k2 = (ie + 1) % 4;
        let v = [
            Cv {
                p: xi.apply(iv[k1]),
                fp: [NO_EDGE, NO_EDGE, ((ie + 3) % 4) as u8, ie as u8],
            },
            Cv {
                p: xi.apply(iv[k2]),
                fp: [NO_EDGE, NO_EDGE, ie as u8, ((ie + 1) % 4) as u8],
            },
        ];
        IncidentEdge {
            n,
            case,
            edge: ie,
            v,
        }
    }

    /// The trace record (world).
    pub(super) fn record(&self, fr: &Frame) -> BoxIncidentRecord {
        BoxIncidentRecord {
            owner: fr.owner.other(),
            n_local: self.n,
            case: self.case,
            edge: self.edge,
            vertices: [fr.wcv(&self.v[0]), fr.wcv(&self.v[1])],
        }
    }
}
