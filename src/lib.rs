//! Collidescope: 2D narrow-phase collision algorithms that record every step, and
//! the debugger built on them.
//!
//! Data flows one way, from the bottom of this list to the top of the next:
//!
//! ```text
//! core    pure queries (GJK, EPA, SAT, manifolds, clipping, box-box, TOI), their settings
//! scene   the RON scene format, validation, import, atomic saves; one builder → query inputs
//! trace   the JSON report, the scene's rays and chains against its shapes, engines' answers
//! peers   Box2D v3 and parry2d on the same pair, answers in our terms (feature `peers`)
//! verify  the fuzzer: generation, exact f64 oracle, checks, run loop, scene writer
//! repro   a pair as a regression test in an engine's language (Box2D C, parry Rust, hex scene)
//! view    draw lists (primitives with roles), shared layers, palette, words, camera
//! study   one study per algorithm: its run on the pair, steps, drawing, narration, numbers
//! app     the debugger's state (selection, drag, layers) shared by window and export
//! lesson  guided tours: lesson files, questions answered from the trace, `lesson check`
//! render  backends without a window: SVG and PNG export
//! ```
//!
//! No module imports from a layer above it (`tests/layers.rs` checks this; `core` uses
//! nothing outside `core`). The window itself lives in the binary (`src/bin/collidescope`),
//! behind the default-on `gui` feature.
//!
//! Frame convention: shapes are defined in their local frame and placed by a
//! [`core::math::Transform`]; every query result is in world space with normals from A to B.

pub mod app;
pub mod core;
pub mod lesson;
#[cfg(feature = "peers")]
pub mod peers;
pub mod render;
pub mod repro;
pub mod scene;
pub mod study;
pub mod trace;
/// Pair tracks: one pair of shapes over time from any engine (`scene::track`), and
/// their [`Writer`](track::Writer) — nothing but the scene format, no window, no engines.
pub mod track {
    pub use crate::scene::track::*;
}
pub mod verify;
pub mod view;

pub use glam::Vec2;
