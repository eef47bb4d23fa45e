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
    /// Two polygons apart by more than 0.1 × linear slop (Box2D's `b2CollidePolygons`):
    /// the plane at the closest distance of the reference and incident edges plus
    /// 0.1 × linear slop; when every clipped point lies beyond it and the closest
    /// features are two vertices, one point between those vertices replaces them.
    VertexVertex,
}

impl ClipPlane {
    pub fn as_str(self) -> &'static str {
        match self {
            ClipPlane::Side1 => "side_1",
            ClipPlane::Side2 => "side_2",
            ClipPlane::ReferenceFace => "reference_face",
            ClipPlane::ClosestDistance => "closest_distance",
            ClipPlane::VertexVertex => "vertex_vertex",
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

/// The Box2D v3 function that made the manifold (the SAT source with the `Box2dV3`
/// preset computes what it computes, operation for operation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Box2dFunction {
    #[serde(rename = "b2CollideCircles")]
    Circles,
    #[serde(rename = "b2CollideCapsuleAndCircle")]
    CapsuleAndCircle,
    #[serde(rename = "b2CollideSegmentAndCircle")]
    SegmentAndCircle,
    #[serde(rename = "b2CollidePolygonAndCircle")]
    PolygonAndCircle,
    #[serde(rename = "b2CollideCapsules")]
    Capsules,
    #[serde(rename = "b2CollideSegmentAndCapsule")]
    SegmentAndCapsule,
    /// Two bare segments: Box2D has no function for them; `b2CollideCapsules` with
    /// both radii zero, as `b2CollideSegmentAndCapsule` would do it.
    #[serde(rename = "b2CollideCapsules (two segments)")]
    SegmentAndSegment,
    #[serde(rename = "b2CollidePolygonAndCapsule")]
    PolygonAndCapsule,
    #[serde(rename = "b2CollideSegmentAndPolygon")]
    SegmentAndPolygon,
    #[serde(rename = "b2CollidePolygons")]
    Polygons,
}

impl Box2dFunction {
    /// The C function's name.
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Which Box2D function, and whether it took the pair as (B, A): Box2D has one order
/// per pair of kinds (a polygon before a circle, a segment before a polygon, …); the
/// manifold is then computed in B's frame and turned back (normal from A to B).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Box2dCall {
    pub function: Box2dFunction,
    pub swapped: bool,
}

/// A choice Box2D made between candidates that tied exactly (equal f32 values): its
/// loops keep the first they find, its comparisons favour the first shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TieChoice {
    /// `b2FindMaxSeparation` over this shape's faces: the first face found with the
    /// largest separation.
    MaxSeparationFace(Owner),
    /// A's best face against B's: equal separations keep A's (`separationA >=
    /// separationB`).
    ReferenceOwner,
    /// The incident edge of this shape, its normal most anti-parallel to the reference
    /// normal: the first found.
    IncidentEdge(Owner),
    /// `b2CollidePolygonAndCircle`: the first face found farthest from the centre.
    CircleFace(Owner),
    /// `b2CollideCapsules`: both sides of this shape's segment separate equally: the
    /// second side (the segment's right, `−leftPerp`) is taken (`s1p > s1n` is false).
    SegmentSide(Owner),
}

/// One tie: what was chosen, the candidates that tied (face or edge indices; for
/// [`TieChoice::ReferenceOwner`], A's face then B's), the one taken and the value
/// they tied on.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ManifoldTie {
    pub choice: TieChoice,
    pub tied: Vec<usize>,
    pub taken: usize,
    pub value: f32,
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
    /// The Box2D function that made the manifold (the `Box2dV3` preset's SAT source).
    pub box2d: Option<Box2dCall>,
    /// Choices made between exactly equal candidates, and the rule that broke each.
    pub ties: Vec<ManifoldTie>,
}
