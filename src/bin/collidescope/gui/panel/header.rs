//! The panel's head: the scene's title (with a dot when unsaved), its file, its notes,
//! the "make convex" offer for a refused file, and the last message.

use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, Color32, RichText};

impl Panel {
    pub(super) fn ui_header(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let title = if app.scene.title.is_empty() {
            "Untitled scene"
        } else {
            &app.scene.title
        };
        ui.heading(format!("{}{}", title, if app.dirty { "  •" } else { "" }));
        let file = app
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "built-in scene (not saved to a file)".into());
        ui.label(RichText::new(file).small().weak());
        if !app.scene.notes.is_empty() {
            ui.label(RichText::new(&app.scene.notes).italics());
        }
        if let Some(p) = app.convex_fix_available.clone() {
            if ui
                .button("Make convex and open")
                .on_hover_text(
                    "open the file with each refused polygon replaced by its convex hull",
                )
                .clicked()
            {
                let _ = app.open_making_convex(&p);
                app.convex_fix_available = None;
            }
        }
        ui.separator();
    }
}

/// The status bar's height, points: always there, so a message
/// never moves the panel or resizes the views.
pub(super) const STATUS_H: f32 = 40.0;

/// The status bar along the bottom of the window: the last message (red for an error;
/// one line, the whole text on hover), else the main keys.
pub(super) fn ui_status(ui: &mut egui::Ui, app: &AppState) {
    match &app.message {
        Some(m) => {
            let c = if m.is_error {
                Color32::from_rgb(230, 80, 80)
            } else {
                Color32::from_rgb(60, 170, 90)
            };
            let label = egui::Label::new(RichText::new(&m.text).color(c)).truncate();
            ui.add(label).on_hover_text(&m.text);
        }
        None => {
            ui.label(
                RichText::new(
                    "←/→ step · Space play · 1–9, 0, R algorithm · F fit · Z zoom to action · \
                     X zoom to selection · wheel zoom · right drag pan · Ctrl+Z undo",
                )
                .weak(),
            );
        }
    }
}
