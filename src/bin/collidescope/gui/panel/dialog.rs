//! Actions that throw away unsaved work (open, import, quit): done at once when the
//! scene is saved, otherwise held in [`Panel::pending`] while the "Unsaved changes"
//! window asks the user.

use super::{Panel, PanelOutput};
use collidescope::app::AppState;
use collidescope::scene::Scene;
use egui_macroquad::egui;
use std::path::PathBuf;

/// Something that throws away unsaved work, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    OpenDefault,
    /// A scene made from pasted text (import).
    OpenScene(Box<Scene>),
    /// A file the web page's picker delivered: its name and text.
    #[cfg(target_arch = "wasm32")]
    OpenText(PathBuf, String),
    Quit,
}

impl Panel {
    /// Asks before throwing away unsaved changes.
    pub fn request(&mut self, app: &mut AppState, action: Pending) -> bool {
        if app.dirty {
            self.pending = Some(action);
            false
        } else {
            self.perform(app, action)
        }
    }

    fn perform(&mut self, app: &mut AppState, action: Pending) -> bool {
        self.pending = None;
        match action {
            Pending::Open(p) => {
                self.open_entry(app, &p);
                false
            }
            #[cfg(target_arch = "wasm32")]
            Pending::OpenText(p, text) => {
                let _ = app.open_text(&text, &p);
                false
            }
            Pending::OpenDefault => {
                app.open_scene(self.default_scene.clone(), None);
                app.info("Opened the built-in scene");
                false
            }
            Pending::OpenScene(scene) => {
                let title = scene.title.clone();
                app.open_scene(*scene, None);
                app.dirty = true;
                // The status bar must not go on naming the file open before.
                app.info(format!("Imported \"{title}\": not saved to a file yet"));
                false
            }
            Pending::Quit => true,
        }
    }

    /// The question, while an action waits: save, discard or cancel.
    pub(super) fn ui_unsaved_dialog(
        &mut self,
        ctx: &egui::Context,
        app: &mut AppState,
        out: &mut PanelOutput,
    ) {
        if let Some(p) = self.pending.clone() {
            egui::Window::new("Unsaved changes")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    ui.label("This scene has unsaved changes. Throw them away?");
                    ui.horizontal(|ui| {
                        // The web page saves by a download, with or without a path.
                        let can_save = app.path.is_some() || cfg!(target_arch = "wasm32");
                        if can_save && ui.button("Save, then continue").clicked() && self.save(app)
                        {
                            out.quit |= self.perform(app, p.clone());
                        }
                        if ui.button("Discard changes").clicked() {
                            out.quit |= self.perform(app, p.clone());
                        }
                        if ui.button("Cancel").clicked() {
                            self.pending = None;
                        }
                    });
                });
        }
    }
}
