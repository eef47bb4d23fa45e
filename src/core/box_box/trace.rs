//! The box–box trace, world space, every step: the four face axes, the choice and
//! the bias threshold, the reference face and its side planes, the incident face,
//! the closest points of the separated band, each clip, the front-face test, the
//! points.

use super::types::IncidentCase;
use super::{BoxBoxTermination, BoxContact, FeaturePair};
use crate::core::manifold::ClipPlane;
use crate::core::sat::{Owner, SatChoice};
use glam::Vec2;
use serde::Serialize;

/// One face axis, world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxAxisRecord {
    pub owner: Owner,
    /// `"x"` or `"y"` of the owner's frame.
    pub axis: &'static str,
    /// The face of that axis facing the other box.
    pub edge: usize,
    /// Its outward unit normal.
    pub normal: Vec2,
    pub separation: f32,
}

/// A clip vertex, world space, with its feature pair.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxClipVertex {
    pub point: Vec2,
    pub feature: FeaturePair,
}

/// The reference face and its clip planes, world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxReferenceRecord {
    pub owner: Owner,
    pub edge: usize,
    /// The face's core endpoints.
    pub face: [Vec2; 2],
    pub front_normal: Vec2,
    /// Unit direction along the face (first to second endpoint).
    pub side_normal: Vec2,
    /// The edges whose planes are the side planes (before, after the face).
    pub neg_edge: u8,
    pub pos_edge: u8,
}

/// The incident face, world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxIncidentRecord {
    pub owner: Owner,
    /// The reference normal in the incident box's frame, negated.
    pub n_local: Vec2,
    pub case: IncidentCase,
    pub edge: usize,
    pub vertices: [BoxClipVertex; 2],
}

/// One side-plane clip, world space.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoxClipRecord {
    pub plane: ClipPlane,
    /// The reference box's edge along this plane (the tag given to crossing points).
    pub clip_edge: u8,
    pub plane_point: Vec2,
    /// Points to the side that is cut.
    pub plane_normal: Vec2,
    pub input: Vec<BoxClipVertex>,
    pub output: Vec<BoxClipVertex>,
}

/// The front-face test of one clipped point.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxFaceRecord {
    pub point: Vec2,
    pub separation: f32,
    pub kept: bool,
}

/// The box–box trace, every step.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BoxBoxTrace {
    pub axes: Vec<BoxAxisRecord>,
    pub choice: Option<SatChoice>,
    pub bias_threshold: Option<f32>,
    pub reference: Option<BoxReferenceRecord>,
    pub incident: Option<BoxIncidentRecord>,
    /// The closest points of the reference and incident edges, when the separated-band
    /// vertex–vertex test ran: (point on the reference edge, point on the incident
    /// edge, whether both are corners).
    pub edge_closest: Option<(Vec2, Vec2, bool)>,
    pub clips: Vec<BoxClipRecord>,
    pub front: Vec<BoxFaceRecord>,
    pub points: Vec<BoxContact>,
    #[serde(rename = "outcome")]
    pub termination: Option<BoxBoxTermination>,
}
