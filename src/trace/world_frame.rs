//! One frame of a recorded world in our terms (no engine types): its bodies with their
//! poses, its shapes in their bodies' frames, and its touching contacts with their
//! manifolds. The engine side that reads a Box2D recording into these is
//! `peers::recording`; the pair's history over the frames is [`super::series`].
//!
//! Frame `k` is the world after `k` steps. Its contacts are what step `k` computed,
//! from the poses the bodies had when that step began (frame `k − 1`'s): Box2D updates
//! its contacts before it moves the bodies. [`FrameState::contacts`] are those.

use crate::scene::world::{BodyType, WorldGeometry};
use serde::Serialize;

/// A body at one frame.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BodyState {
    /// Creation ordinal (Box2D's `b2RecPlayer_GetBodyId` index).
    pub index: u32,
    pub name: String,
    #[serde(rename = "type", serialize_with = "body_type_name")]
    pub body_type: BodyType,
    pub awake: bool,
    pub bullet: bool,
    /// The body origin, world frame.
    pub position: [f32; 2],
    /// `(c, s)` of the body's rotation, exactly as the engine keeps it.
    pub rotation: [f32; 2],
    /// The centre of mass in the body's frame (what the engine's sweeps turn about).
    pub local_center: [f32; 2],
    /// The engine's shape ids on this body, ascending.
    pub shapes: Vec<u32>,
}

impl BodyState {
    /// The body's pose as the core's transform: its origin and its exact `(c, s)`.
    pub fn transform(&self) -> crate::core::math::Transform {
        crate::core::math::Transform {
            p: glam::Vec2::from(self.position),
            q: crate::core::math::Rot {
                c: self.rotation[0],
                s: self.rotation[1],
            },
        }
    }
}

fn body_type_name<S: serde::Serializer>(t: &BodyType, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(t.name())
}

/// A shape: which body it is on, what to call it, its geometry in the body's frame.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeInfo {
    /// The engine's shape id (its index; stable for the shape's life).
    pub id: u32,
    /// [`BodyState::index`] of its body.
    pub body: u32,
    /// What the command line and the window call it ([`shape_label`]).
    pub label: String,
    /// A chain segment is a one-segment Box2D-convention chain: ghost, the segment's two
    /// points, ghost.
    pub geometry: WorldGeometry,
}

/// The name of a shape for people: its body's name, with `/k` (k from 0, in the
/// order of the engine's shape ids) when the body has several shapes; an unnamed body
/// is `body<index>`.
pub fn shape_label(body_name: &str, body_index: u32, k: usize, shapes_on_body: usize) -> String {
    let body = if body_name.is_empty() {
        format!("body{body_index}")
    } else {
        body_name.to_string()
    };
    if shapes_on_body > 1 {
        format!("{body}/{k}")
    } else {
        body
    }
}

/// One point of a contact manifold, world frame.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ContactPoint {
    /// The engine's feature id of the point (Box2D: `B2_MAKE_ID(a, b)`).
    pub id: u16,
    /// The point midway between the two surfaces, world frame.
    pub point: [f32; 2],
    /// Negative when the shapes overlap there.
    pub separation: f32,
    /// The point relative to A's centre of mass, world axes, as the engine keeps it
    /// (Box2D's `anchorA`, from the poses the step began with).
    #[serde(skip)]
    pub anchor_a: [f32; 2],
}

/// A touching contact: two shapes (in the engine's order, A then B) and their
/// manifold, normal from A to B.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContactState {
    pub shape_a: u32,
    pub shape_b: u32,
    pub normal: [f32; 2],
    pub points: Vec<ContactPoint>,
}

impl ContactState {
    /// The least separation of its points (`+∞` without points).
    pub fn least_separation(&self) -> f32 {
        self.points
            .iter()
            .map(|p| p.separation)
            .fold(f32::INFINITY, f32::min)
    }
}

/// The world at one frame.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FrameState {
    pub frame: u32,
    pub bodies: Vec<BodyState>,
    /// Touching contacts, sorted by (shape A, shape B).
    pub contacts: Vec<ContactState>,
}

impl FrameState {
    pub fn body(&self, index: u32) -> Option<&BodyState> {
        self.bodies
            .binary_search_by_key(&index, |b| b.index)
            .ok()
            .map(|i| &self.bodies[i])
    }

    /// The touching contact of two shapes, either order.
    pub fn contact(&self, a: u32, b: u32) -> Option<&ContactState> {
        let key = (a.min(b), a.max(b));
        self.contacts
            .iter()
            .find(|c| (c.shape_a.min(c.shape_b), c.shape_a.max(c.shape_b)) == key)
    }
}

/// The summary of a recording, as read before the first step.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RecordingInfo {
    /// The recording format's version, `major.minor`.
    pub format: String,
    /// The format this build replays.
    pub reads: String,
    /// The engine that replays it (e.g. "Box2D 3.2.0").
    pub engine: String,
    pub frames: u32,
    pub time_step: f32,
    pub substeps: u32,
    pub length_scale: f32,
    /// The world's bounds over the whole recording, `[[min x, min y], [max x, max y]]`.
    pub bounds: [[f32; 2]; 2],
    pub bytes: u64,
    /// Why the recording is cut short (its calls end without Box2D's end marker, or
    /// inside a record); absent for a whole recording. Box2D replays the complete
    /// frames before the cut, and its recorded bounds are then missing (zero).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub truncated: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(shape_label("box", 3, 0, 1), "box");
        assert_eq!(shape_label("ground", 0, 2, 5), "ground/2");
        assert_eq!(shape_label("", 7, 0, 1), "body7");
    }

    #[test]
    fn contact_lookup_either_order() {
        let c = ContactState {
            shape_a: 4,
            shape_b: 2,
            normal: [0.0, 1.0],
            points: vec![
                ContactPoint {
                    id: 1,
                    point: [0.0, 0.0],
                    separation: -0.01,
                    anchor_a: [0.0; 2],
                },
                ContactPoint {
                    id: 2,
                    point: [1.0, 0.0],
                    separation: 0.002,
                    anchor_a: [0.0; 2],
                },
            ],
        };
        let f = FrameState {
            frame: 0,
            bodies: vec![],
            contacts: vec![c],
        };
        assert!(f.contact(2, 4).is_some() && f.contact(4, 2).is_some());
        assert!(f.contact(2, 3).is_none());
        assert_eq!(f.contacts[0].least_separation(), -0.01);
    }
}
