//! What the debugger shows, independent of any backend and of any one algorithm: draw
//! lists of primitives with roles ([`draw`]), the layers every algorithm shares, words
//! ([`narrate`], [`text`]), the [`palette`], the world↔screen [`camera`] and the user's
//! [`prefs`] (theme, presenter setting).

pub mod camera;
pub mod draw;
pub mod narrate;
pub mod palette;
pub mod plot;
pub mod prefs;
pub mod profile_plot;
pub mod sweep_plot;
pub mod text;
pub mod timeline_plot;
