//! The manifold's trace, world space: the normal and where it came from, both
//! features, the reference and incident features, every clip step and the points.
//! The records are filled only when a trace is asked for (no allocation without).

use super::{ManifoldCase, ManifoldPoint, ManifoldSource, ManifoldTermination, NormalSource};
use crate::core::sat::Owner;
use glam::Vec2;
use serde::Serialize;

/// A feature as the trace shows it: core endpoints in world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FeatureRecord {
    pub owner: Owner,
    /// First core endpoint.
    pub a: Vec2,
    /// Second core endpoint (equal to `a` for a point feature).
    pub b: Vec2,
    pub index_a: usize,
    pub index_b: usize,
    /// Outward unit normal of the edge (the query direction for a point).
    pub normal: Vec2,
    pub radius: f32,
    pub is_point: bool,
}

/// Which plane a clip step used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClipPlane {
    /// The side plane through the reference edge's first vertex.
    Side1,
    /// The side plane through its second vertex.
    Side2,
    /// The reference face, moved out by the radii and the speculative distance.
    ReferenceFace,
    /// Two segment cores (Box2D v3's capsule rule): the plane at the closest
    /// distance plus linear slop; both clipped points stay if either lies within it,
    /// else both go and one point is made at the closest points.
    ClosestDistance,
}

impl ClipPlane {
    pub fn as_str(self) -> &'static str {
        match self {
            ClipPlane::Side1 => "side_1",
            ClipPlane::Side2 => "side_2",
            ClipPlane::ReferenceFace => "reference_face",
            ClipPlane::ClosestDistance => "closest_distance",
        }
    }
}

/// One clip, world space: the plane (a point on it and its normal, which points to
/// the side that is cut), the points that went in, those kept, those cut, and the
/// crossing point added.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClipStep {
    pub plane: ClipPlane,
    pub plane_point: Vec2,
    pub plane_normal: Vec2,
    pub input: Vec<Vec2>,
    pub kept: Vec<Vec2>,
    pub cut: Vec<Vec2>,
    pub added: Option<Vec2>,
    pub output: Vec<Vec2>,
}

/// The manifold trace, world space.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ManifoldTrace {
    pub source: Option<ManifoldSource>,
    pub normal_source: Option<NormalSource>,
    /// The normal that selected the features (A to B).
    pub normal: Option<Vec2>,
    /// The separation that came with it (radii subtracted; negative = depth).
    pub separation: Option<f32>,
    /// Core distance under which the cores count as touching.
    pub touching_tolerance: f32,
    pub feature_a: Option<FeatureRecord>,
    pub feature_b: Option<FeatureRecord>,
    pub case: Option<ManifoldCase>,
    pub reference: Option<FeatureRecord>,
    pub incident: Option<FeatureRecord>,
    pub clips: Vec<ClipStep>,
    pub points: Vec<ManifoldPoint>,
    #[serde(rename = "outcome")]
    pub termination: Option<ManifoldTermination>,
}
