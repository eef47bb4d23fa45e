//! Draw-list layers of the contact algorithms: SAT axes and projections, the
//! manifold's features, reference/incident edges, clip planes and points,
//! Sutherland–Hodgman's clip edges, and Box2D-Lite's box–box steps. World space.

mod box_box;
mod clip;
mod manifold;
mod sat;

pub use box_box::*;
pub use clip::*;
pub use manifold::*;
pub use sat::*;

use super::prims::{dot, owner_color, plane, seg, size, text};
