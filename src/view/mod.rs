//! What the debugger shows, independent of any backend: draw lists of primitives with
//! roles ([`draw`], [`draw_contact`]), plain-words narration ([`narrate`],
//! [`narrate_contact`]) and the world↔screen [`camera`].

pub mod camera;
pub mod draw;
pub mod narrate;
pub mod palette;
pub mod text;
