//! The Sutherland–Hodgman trace: for each clip edge the polygon before and after,
//! and each subject vertex's case of the walk.

use super::ClipTermination;
use glam::Vec2;
use serde::Serialize;

/// The four cases of the walk, for one subject vertex (the edge from the previous
/// vertex to it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VertexCase {
    /// Outside → inside: keep the crossing and the current vertex.
    OutToIn,
    /// Inside → outside: keep the crossing.
    InToOut,
    /// Outside → outside: keep nothing.
    OutToOut,
    /// Inside → inside: keep the current vertex.
    InToIn,
}

impl VertexCase {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// One subject vertex as one clip edge saw it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct VertexRecord {
    pub previous: Vec2,
    pub current: Vec2,
    /// Signed distances from the clip line (inside ≥ 0).
    pub d_previous: f32,
    pub d_current: f32,
    pub case: VertexCase,
    /// The crossing point, in cases 1 and 2.
    pub crossing: Option<Vec2>,
    /// What this vertex added to the output, in order.
    pub emitted: Vec<Vec2>,
}

/// One clip edge: the polygon before and after, and each vertex's case.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClipEdgeRecord {
    /// Clip polygon edge index (edge `i` runs from vertex `i` to `i + 1`; the last is
    /// the closing edge).
    pub edge: usize,
    pub a: Vec2,
    pub b: Vec2,
    /// Unit normal pointing into the kept side.
    pub inward: Vec2,
    pub before: Vec<Vec2>,
    pub after: Vec<Vec2>,
    pub vertices: Vec<VertexRecord>,
}

/// The Sutherland–Hodgman trace: one record per clip edge.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ClipTrace {
    /// True when the clip polygon winds counter-clockwise.
    pub clip_ccw: Option<bool>,
    pub edges: Vec<ClipEdgeRecord>,
    /// The output after welding.
    pub polygon: Vec<Vec2>,
    #[serde(rename = "outcome")]
    pub termination: Option<ClipTermination>,
}
