//! The "Files" section: save, save as, open by path, import a pair pasted from an
//! engine, and the scene library (`scenes/*.ron`, grouped in teaching order).

use super::{Panel, Pending};
use collidescope::app::AppState;
use collidescope::scene::load_scene;
use egui_macroquad::egui::{self, RichText};
use std::path::{Path, PathBuf};

/// A scene file found in `scenes/`.
pub struct SceneEntry {
    pub path: PathBuf,
    pub title: String,
    pub group: String,
}

/// The scenes folder: `scenes/` beside the working directory.
pub fn scenes_dir() -> PathBuf {
    Path::new("scenes").to_path_buf()
}

impl Panel {
    /// Lists `scenes/*.ron` by title (files that fail to load are listed by name
    /// with their error shown when opened).
    pub fn rescan(&mut self) {
        let mut entries = Vec::new();
        if let Ok(dir) = std::fs::read_dir(&self.scenes_dir) {
            for e in dir.flatten() {
                let path = e.path();
                if path.extension().and_then(|x| x.to_str()) == Some("ron") {
                    let file = path
                        .file_name()
                        .map(|n| n.to_string_lossy().to_string())
                        .unwrap_or_default();
                    let (title, group) = match load_scene(&path) {
                        Ok(s) => (if s.title.is_empty() { file } else { s.title }, s.group),
                        // Listed by file name; opening it shows the error.
                        Err(_) => (file, "Files with errors".to_string()),
                    };
                    entries.push(SceneEntry { path, title, group });
                }
            }
        }
        // Groups in teaching order, then any others alphabetically; inside a group, by
        // file name (the library names its files in teaching order).
        const ORDER: [&str; 8] = [
            "Start here",
            "GJK",
            "EPA",
            "SAT and clipping",
            "Time of impact",
            "Engines",
            "Public cases",
            "Stress",
        ];
        let rank = |g: &str| ORDER.iter().position(|o| *o == g).unwrap_or(ORDER.len());
        entries.sort_by(|a, b| {
            (rank(&a.group), &a.group, &a.path).cmp(&(rank(&b.group), &b.group, &b.path))
        });
        self.scenes = entries;
    }

    pub(super) fn ui_files(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        self.ui_save_and_open(ui, app);
        self.ui_import(ui, app);
        self.ui_scene_library(ui, app);
    }

    /// Save, built-in scene, rescan; save as and open by a typed path.
    fn ui_save_and_open(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal(|ui| {
            if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                let _ = app.save();
            }
            if ui.button("Built-in scene").clicked() {
                self.request(app, Pending::OpenDefault);
            }
            if ui.button("Rescan scenes/").clicked() {
                self.rescan();
            }
        });
        self.ui_save_as(ui, app);
        ui.horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.open_path)
                    .hint_text("open a .ron file")
                    .desired_width(200.0),
            );
            // Enter in the box opens, as the button does.
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Open").clicked() || entered) && !self.open_path.trim().is_empty() {
                let p = PathBuf::from(self.open_path.trim());
                self.request(app, Pending::Open(p));
            }
        });
    }

    /// A failing pair pasted from an engine, opened as a new scene.
    fn ui_import(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.label(RichText::new("Import a pair (text or JSON, as an engine prints it)").strong());
        ui.add(
            egui::TextEdit::multiline(&mut self.import_text)
                .desired_rows(3)
                .desired_width(f32::INFINITY)
                .hint_text("A: (0, 0), (2, 0), (1, 1.5)\nradius 0.1\nB: (1, 1), (3, 1), (2, 3)\nposition 0.5 0.2"),
        );
        if ui.button("Import as a new scene").clicked() {
            match collidescope::scene::import::import(&self.import_text, "Imported pair") {
                Ok(scene) => {
                    self.request(app, Pending::OpenScene(Box::new(scene)));
                }
                Err(e) => {
                    app.message = Some(collidescope::app::Message {
                        text: format!("Import: {e}"),
                        is_error: true,
                    })
                }
            }
        }
    }

    /// The scenes of `scenes/`, under their group headings; a click opens one.
    fn ui_scene_library(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.label(RichText::new(format!("Scenes in {}:", self.scenes_dir.display())).strong());
        if self.scenes.is_empty() {
            ui.label(RichText::new("(none found)").weak());
        }
        let mut open = None;
        let mut group: Option<&str> = None;
        for e in &self.scenes {
            if group != Some(e.group.as_str()) {
                group = Some(e.group.as_str());
                let heading = if e.group.is_empty() {
                    "Other"
                } else {
                    &e.group
                };
                ui.label(RichText::new(heading).italics().weak());
            }
            let current = app.path.as_deref() == Some(e.path.as_path());
            if ui
                .selectable_label(current, &e.title)
                .on_hover_text(e.path.display().to_string())
                .clicked()
            {
                open = Some(e.path.clone());
            }
        }
        if let Some(p) = open {
            self.request(app, Pending::Open(p));
        }
    }
}

impl Panel {
    /// "Save as": a path that exists (and is not the scene's own file) is overwritten
    /// only once the user says so; the box empties after a save.
    fn ui_save_as(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.save_as_path)
                    .hint_text("path/to/scene.ron")
                    .desired_width(200.0),
            );
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Save as").clicked() || entered) && !self.save_as_path.trim().is_empty() {
                let p = PathBuf::from(self.save_as_path.trim());
                if p.exists() && app.path.as_deref() != Some(p.as_path()) {
                    self.overwrite = Some(p);
                } else {
                    self.save_to(app, &p);
                }
            }
        });
        if let Some(p) = self.overwrite.clone() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{} exists. Replace it?", p.display()))
                        .color(egui::Color32::from_rgb(255, 200, 90)),
                );
                if ui.button("Replace").clicked() {
                    self.overwrite = None;
                    self.save_to(app, &p);
                }
                if ui.button("Cancel").clicked() {
                    self.overwrite = None;
                }
            });
        }
    }

    fn save_to(&mut self, app: &mut AppState, p: &std::path::Path) {
        if app.save_as(p).is_ok() {
            self.save_as_path.clear();
            self.rescan();
        }
    }
}
