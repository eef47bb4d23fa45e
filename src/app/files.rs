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
        self.opened(load_scene(path), path)
    }

    /// Opens a scene from its text, labelled `path` (a file the web page was given, or
    /// one of the built-in library's), as [`AppState::open`] opens a file. "Make
    /// convex" is not offered: it reads the file again.
    pub fn open_text(&mut self, text: &str, path: &Path) -> Result<(), String> {
        let label = path.display().to_string();
        let result = crate::scene::parse_scene(text, &label);
        let r = self.opened(result, path);
        self.convex_fix_available = None;
        r
    }

    fn opened(
        &mut self,
        loaded: Result<Scene, crate::scene::SceneError>,
        path: &Path,
    ) -> Result<(), String> {
        self.convex_fix_available = None;
        match loaded {
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
                if self.dirty {
                    // The scene differs from its file: no undo gets back to the file.
                    self.clean = None;
                }
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
        let (scene, broken) = self.scene_to_save();
        match save_scene(&scene, path) {
            Ok(()) => {
                self.saved(path, "Saved", &broken);
                Ok(path.to_path_buf())
            }
            Err(e) => {
                let text = e.to_string();
                self.error(text.clone());
                Err(text)
            }
        }
    }

    /// The scene file's text for a download named `path` (the web page's "save"): the
    /// scene is saved as far as the app knows once the page has offered it.
    pub fn save_text(&mut self, path: &Path) -> String {
        let (scene, broken) = self.scene_to_save();
        self.saved(path, "Downloaded", &broken);
        crate::scene::scene_to_string(&scene)
    }

    /// The scene as saved, and the expectations it no longer meets. An `expect` block
    /// the edited scene no longer meets would make the saved file fail the scene
    /// tests: it is dropped, and the status line says why.
    fn scene_to_save(&self) -> (Scene, Vec<String>) {
        let mut scene = self.scene_for_save();
        let broken = broken_expectations(&scene);
        if !broken.is_empty() {
            scene.expect = Default::default();
        }
        (scene, broken)
    }

    fn saved(&mut self, path: &Path, verb: &str, broken: &[String]) {
        self.path = Some(path.to_path_buf());
        self.dirty = false;
        self.clean = Some(self.scene.clone());
        if broken.is_empty() {
            self.info(format!("{verb} {}", path.display()));
        } else {
            self.scene.expect = Default::default();
            self.info(format!(
                "{verb} {} — its expect block no longer held ({}) and was removed",
                path.display(),
                broken.join("; ")
            ));
        }
    }
}

/// The expectations of `scene.expect` its pair does not meet now: "gjk: expected
/// converged, now duplicate_support", "overlap: expected no, now yes", a chain pair's
/// segment outcome. The pair is the view's A and B, else the first two shapes (as the
/// scene tests read it).
fn broken_expectations(scene: &Scene) -> Vec<String> {
    let ex = &scene.expect;
    // The chain pairs' outcomes (after a chain edit, say).
    let mut broken = crate::trace::chain_expect::chain_expectation_problems(scene);
    if ex.terminations.is_empty() && ex.overlap.is_empty() || scene.shapes.len() < 2 {
        return broken;
    }
    let a = scene.shape_index(&scene.view.a).unwrap_or(0);
    let b = scene
        .shape_index(&scene.view.b)
        .unwrap_or(if a == 1 { 0 } else { 1 });
    if a == b {
        return broken;
    }
    let an = Studies::compute(scene, a, b, &mut SimplexCache::default());
    let source = scene.view.manifold();
    for (name, want) in &ex.terminations {
        if let Some(algo) = Algorithm::from_name(name) {
            let now = an.termination(scene, algo, source);
            if now != want {
                broken.push(format!("{name}: expected {want}, now {now}"));
            }
        }
    }
    if !ex.overlap.is_empty() {
        let overlap = an.basics.penetration.is_some() || an.basics.distance.distance <= 0.0;
        let now = if overlap { "yes" } else { "no" };
        if now != ex.overlap {
            broken.push(format!("overlap: expected {}, now {now}", ex.overlap));
        }
    }
    broken
}
