//! Scene files (RON): the contract between the app, the command line and users.
//!
//! ```ron
//! (
//!     version: 1,
//!     title: "Box against triangle",
//!     notes: "What this scene shows.",
//!     shapes: [
//!         (name: "A", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 1.5)], radius: 0.0),
//!          position: (0.0, 0.0), angle: 0.0),
//!         (name: "B", geometry: Circle(radius: 0.5), position: (1.0, 2.0), angle: 0.0),
//!     ],
//!     settings: (speculative_distance: 0.0, gjk_max_iterations: 20),
//! )
//! ```
//! Every number may be written as a hex float, as C's `printf("%a")` prints it
//! (`0x1.8p+1`, `-0x1.99999ap-4`): it reads to exactly that f32, the value an engine
//! stored ([`hexfloat`]). All values are f32, the engines' precision.
//!
//! Optional, with defaults: `title`, `notes` (empty), a shape's `velocity` (zero),
//! `settings` and each of its fields (see [`Settings`]). Fields may be added later
//! with defaults; none is renamed.
//!
//! Loading never panics: every problem is one [`SceneError`] naming the file, the
//! line and column where there is one, and what is wrong. Saving writes a temporary
//! file beside the target and renames it over, so a failed save leaves the old file.
//!
//! Here: loading and saving files. The types and their (de)serialisation are in
//! `format`, an entry's pose (angle or exact rotation) and coordinate checks in
//! `pose_entry`, the name rule every entry checks in `names`, reading text and the checks
//! beyond the types in `parse`, the error type and its wording in `errors`; all
//! re-exported here.

use std::path::Path;

/// The built-in scene: what the debugger opens without a file (`assets/default.ron`).
pub const DEFAULT_SCENE: &str = include_str!("../../assets/default.ron");

/// The only scene format version so far.
pub const SCENE_VERSION: u32 = 1;

pub mod build;
pub mod chain_expect;
pub mod chains;
mod entries;
mod entry_place;
mod errors;
mod format;
pub mod fs;
pub mod hexfloat;
pub mod import;
pub mod library;
pub mod link;
mod names;
mod parse;
pub mod points;
mod pose_entry;
pub mod rays;
pub(crate) mod spans;
pub mod track;
pub mod user_text;
pub mod view_state;
pub mod world;
mod world_bodies;

pub use crate::core::settings::Settings;
pub use chains::SceneChain;
pub use errors::{SceneError, SceneErrorKind};
pub(crate) use format::ShapeEntry;
pub use format::{engine_hull, Expect, Precision, Scene, SceneShape, View};
pub use parse::{error_is_fixable_by_hull, parse_scene, parse_scene_making_convex};

/// Reads and parses a scene file.
pub fn load_scene(path: &Path) -> Result<Scene, SceneError> {
    let (text, label) = read_labelled(path)?;
    parse_scene(&text, &label)
}

/// A file's text (in bounded memory: the input limit of [`fs::read_text`]) and the
/// label its errors carry.
pub(crate) fn read_labelled(path: &Path) -> Result<(String, String), SceneError> {
    let label = path.display().to_string();
    if path.is_dir() {
        return Err(SceneError::io(&label, "is a directory, not a file".into()));
    }
    let text = fs::read_text(path).map_err(|m| SceneError::io(&label, m))?;
    Ok((text, label))
}

/// The scene as RON text, in the documented format.
pub fn scene_to_string(scene: &Scene) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .depth_limit(3)
        .separate_tuple_members(false)
        .indentor("    ".to_string());
    // Serialising plain data (numbers, strings, enums) into a String cannot fail.
    ron::ser::to_string_pretty(scene, config)
        .unwrap_or_else(|e| format!("// serialisation failed: {e}\n"))
}

/// Saves through the one output writer ([`fs::write_output`]): a file is replaced
/// atomically (a temporary beside it, flushed, renamed over it), so on any failure the
/// old file (if any) is untouched; `-` is standard output.
pub fn save_scene(scene: &Scene, path: &Path) -> Result<(), SceneError> {
    fs::write_output(path, scene_to_string(scene).as_bytes()).map_err(|message| {
        let message = message.replacen("cannot write", "cannot save", 1);
        SceneError::io(&path.display().to_string(), message)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(super) const EXAMPLE: &str = r#"(
    version: 1,
    title: "Box against triangle",
    notes: "What this scene shows, in a sentence or two.",
    shapes: [
        (name: "A", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 1.5)], radius: 0.0),
         position: (0.0, 0.0), angle: 0.0),
        (name: "B", geometry: Circle(radius: 0.5), position: (1.0, 2.0), angle: 0.0),
        (name: "C", geometry: Capsule(a: (-1.0, 0.0), b: (1.0, 0.0), radius: 0.25),
         position: (3.0, 0.0), angle: 0.5, velocity: (-2.0, 0.0)),
        (name: "D", geometry: Box(half_extents: (1.0, 0.5), radius: 0.0), position: (0.0, -3.0), angle: 0.0),
        (name: "E", geometry: Segment(a: (-1.0, 0.0), b: (1.0, 0.0)), position: (0.0, 4.0), angle: 0.0),
    ],
    settings: (speculative_distance: 0.0, gjk_max_iterations: 20, epa_tolerance: 0.0001,
               epa_max_iterations: 64, use_cache: false),
)"#;

    #[test]
    fn io_errors() {
        let e = load_scene(Path::new("/nonexistent/x.ron")).unwrap_err();
        assert_eq!(e.kind, SceneErrorKind::Io);
        assert_eq!(e.to_string(), "/nonexistent/x.ron: no such file");
        let dir = std::env::temp_dir();
        let e = load_scene(&dir).unwrap_err();
        assert!(e.message.contains("is a directory"), "{e}");
    }

    #[test]
    fn save_is_atomic_and_failed_save_keeps_old_file() {
        let dir =
            std::env::temp_dir().join(format!("collidescope-scene-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.ron");
        let scene = parse_scene(EXAMPLE, "example.ron").unwrap();
        save_scene(&scene, &path).unwrap();
        assert_eq!(load_scene(&path).unwrap(), scene);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        // Saving into a missing directory fails and touches nothing.
        let e = save_scene(&scene, &dir.join("missing").join("s.ron")).unwrap_err();
        assert_eq!(e.kind, SceneErrorKind::Io);
        assert_eq!(load_scene(&path).unwrap(), scene);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
