//! Types the box-box steps share: the clip vertex and the incident-face case.

use glam::Vec2;
use serde::Serialize;

/// A clip vertex (A's frame) with its feature tags.
#[derive(Clone, Copy)]
pub(super) struct Cv {
    pub(super) p: Vec2,
    /// Tags of the reference box (in, out) and the incident box (in, out).
    pub(super) fp: [u8; 4],
}

/// Which face of the incident box the four-case comparison picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IncidentCase {
    /// `|n.x| > |n.y|`, `n.x > 0`: the +x face (edge 1).
    PosX,
    /// `|n.x| > |n.y|`, `n.x ≤ 0`: the −x face (edge 3).
    NegX,
    /// `|n.x| ≤ |n.y|`, `n.y > 0`: the +y face (edge 2).
    PosY,
    /// `|n.x| ≤ |n.y|`, `n.y ≤ 0`: the −y face (edge 0).
    NegY,
}

impl IncidentCase {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }

    pub(super) fn edge(self) -> usize {
        match self {
            IncidentCase::NegY => 0,
            IncidentCase::PosX => 1,
            IncidentCase::PosY => 2,
            IncidentCase::NegX => 3,
        }
    }
}
