//! Plain-words explanations of the contact algorithms' steps: SAT, the clipping
//! manifold, Sutherland–Hodgman and Box2D-Lite's box–box.

mod box_box;
mod clip;
mod manifold;
mod sat;

pub use box_box::*;
pub use clip::*;
pub use manifold::*;
pub use sat::*;
