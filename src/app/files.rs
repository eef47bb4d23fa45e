//! Opening and saving scene files; a failed open keeps the current scene, a save is
//! atomic.

use super::*;
use crate::scene::{load_scene, save_scene, Scene};
use std::path::{Path, PathBuf};

impl AppState {
    /// Opens a scene file. On error the current scene stays and the error is returned
    /// (and shown as the message); when the error is a refused polygon,
    /// `convex_fix_available` names the file so the UI can offer "make convex".
    pub fn open(&mut self, path: &Path) -> Result<(), String> {
        self.convex_fix_available = None;
        match load_scene(path) {
            Ok(scene) => {
                let notes = scene.load_notes();
                self.install(scene);
                self.path = Some(path.to_path_buf());
                if notes.is_empty() {
                    self.info(format!("Opened {}", path.display()));
                } else {
                    // An engine hull was rebuilt: say what changed (a warning, not an error).
                    self.info(format!("Opened {} — {}", path.display(), notes.join("; ")));
                }
                self.revision += 1;
                Ok(())
            }
            Err(e) => {
                if crate::scene::error_is_fixable_by_hull(&e) {
                    self.convex_fix_available = Some(path.to_path_buf());
                }
                let text = e.to_string();
                self.error(text.clone());
                Err(text)
            }
        }
    }

    /// Opens a scene file whose refused polygons are replaced by their convex hulls.
    /// The scene is marked unsaved (it differs from the file).
    pub fn open_making_convex(&mut self, path: &Path) -> Result<(), String> {
        let label = path.display().to_string();
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("{label}: cannot read: {e}"))?;
        match crate::scene::parse_scene_making_convex(&text, &label) {
            Ok((scene, changed)) => {
                self.install(scene);
                self.path = Some(path.to_path_buf());
                self.dirty = !changed.is_empty();
                self.info(format!(
                    "Opened {label}. Made convex: {}",
                    changed.join("; ")
                ));
                Ok(())
            }
            Err(e) => {
                let text = e.to_string();
                self.error(text.clone());
                Err(text)
            }
        }
    }

    /// Replaces the scene by one already parsed (the built-in default, a new scene).
    pub fn open_scene(&mut self, scene: Scene, path: Option<PathBuf>) {
        self.install(scene);
        self.path = path;
    }

    /// Saves to the current path.
    pub fn save(&mut self) -> Result<PathBuf, String> {
        match self.path.clone() {
            Some(p) => self.save_as(&p),
            None => {
                let e = "this scene has no file yet: use Save as".to_string();
                self.error(e.clone());
                Err(e)
            }
        }
    }

    pub fn save_as(&mut self, path: &Path) -> Result<PathBuf, String> {
        let scene = self.scene_for_save();
        match save_scene(&scene, path) {
            Ok(()) => {
                self.path = Some(path.to_path_buf());
                self.dirty = false;
                self.info(format!("Saved {}", path.display()));
                Ok(path.to_path_buf())
            }
            Err(e) => {
                let text = e.to_string();
                self.error(text.clone());
                Err(text)
            }
        }
    }
}
