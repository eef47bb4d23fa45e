//! The panel's head: the scene's title (with a dot when unsaved), its file, its notes,
//! the "make convex" offer for a refused file, and the last message.

use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, Color32, RichText};

/// Said instead of the scene's file when it has none.
const NO_FILE: &str = if cfg!(target_arch = "wasm32") {
    "not saved to a file: the page's address holds it"
} else {
    "built-in scene (not saved to a file)"
};

impl Panel {
    pub(super) fn ui_header(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut super::PanelOutput,
    ) {
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
            .unwrap_or_else(|| NO_FILE.into());
        ui.label(RichText::new(file).small().weak());
        #[cfg(target_arch = "wasm32")]
        self.ui_link(ui, out);
        #[cfg(not(target_arch = "wasm32"))]
        let _ = out;
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

impl Panel {
    /// "Copy link" (the web page): the address holds the scene; the link last copied
    /// stays in a box to select by hand, should the browser refuse the clipboard.
    #[cfg(target_arch = "wasm32")]
    fn ui_link(&mut self, ui: &mut egui::Ui, out: &mut super::PanelOutput) {
        ui.horizontal(|ui| {
            let copy = ui
                .button("Copy link")
                .on_hover_text("a link to this scene, view and step (it is the page's address)");
            super::widgets::mark(ui, "copy_link", &copy);
            if copy.clicked() {
                out.copy_link = true;
            }
            if let Some(link) = &mut self.link {
                ui.add(egui::TextEdit::singleline(link).desired_width(f32::INFINITY));
            }
        });
    }
}
