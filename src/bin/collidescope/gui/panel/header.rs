//! The panel's head: the scene's title (with a dot when unsaved), its file, its notes,
//! the "make convex" offer for a refused file, and the last message.

use super::widgets::Tip;
use super::widgets::Tone;
use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};

/// Said instead of the scene's file when it has none: the built-in scene, or one made
/// here (an import) that no file holds yet.
fn no_file(built_in: bool) -> &'static str {
    match (cfg!(target_arch = "wasm32"), built_in) {
        (true, _) => "not saved to a file: the page's address holds it",
        (false, true) => "built-in scene (not saved to a file)",
        (false, false) => "not saved to a file yet: Save as writes one",
    }
}

/// Lines of the scene's notes shown before "more…".
const NOTES_LINES: usize = 3;

impl Panel {
    pub(super) fn ui_header(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut super::PanelOutput,
        panel_for: super::PanelFor,
    ) {
        // A recording or a live world open: what the views show, above the scene.
        if let Some(note) = crate::gui::recording_note::WorldNote::get(ui.ctx()) {
            note.ui(ui);
        }
        if panel_for == super::PanelFor::World {
            // The debugger's scene is not the world's: its title, file and notes wait
            // until a pair is opened.
            return;
        }
        let title = if app.scene.title.is_empty() {
            "Untitled scene"
        } else {
            &app.scene.title
        };
        ui.heading(format!("{}{}", title, if app.dirty { "  •" } else { "" }));
        let built_in = app.scene.title == self.default_scene.title;
        let file = app
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| no_file(built_in).into());
        ui.label(RichText::new(file).color(Tone::Quiet.color(ui)));
        #[cfg(target_arch = "wasm32")]
        self.ui_link(ui, out);
        #[cfg(not(target_arch = "wasm32"))]
        let _ = out;
        if !app.scene.notes.is_empty() {
            self.ui_notes(ui, &app.scene.notes);
        }
        self.ui_convex_offer(ui.ctx(), app);
        ui.separator();
    }
}

impl Panel {
    /// The scene's notes, folded after [`NOTES_LINES`] lines; a click unfolds or folds
    /// them (unfolded notes stay so until another scene's notes show).
    fn ui_notes(&mut self, ui: &mut egui::Ui, notes: &str) {
        let open = self.notes_open.as_deref() == Some(notes);
        let mut job = egui::WidgetText::from(RichText::new(notes).italics()).into_layout_job(
            ui.style(),
            egui::FontSelection::Default,
            egui::Align::LEFT,
        );
        job.wrap.max_width = ui.available_width();
        if !open {
            job.wrap.max_rows = NOTES_LINES;
        }
        let galley = ui.fonts(|f| f.layout_job(job));
        let folded = !open && galley.elided;
        let r = ui.add(egui::Label::new(galley).sense(egui::Sense::click()));
        super::widgets::mark(ui, "notes", &r);
        let hint = if open {
            "fold the notes"
        } else {
            "show the whole notes"
        };
        let toggle = if folded || open {
            let more = ui.add(
                egui::Label::new(
                    RichText::new(if open { "less" } else { "more…" })
                        .color(ui.visuals().hyperlink_color),
                )
                .sense(egui::Sense::click()),
            );
            more.clicked()
        } else {
            false
        };
        if (r.tip(hint).clicked() && (folded || open)) || toggle {
            self.notes_open = if open { None } else { Some(notes.to_string()) };
        }
    }

    /// "Make convex and open" for a refused file: a small window over the canvas, so
    /// the panel's controls never move under the pointer when the offer appears.
    fn ui_convex_offer(&mut self, ctx: &egui::Context, app: &mut AppState) {
        let Some(p) = app.convex_fix_available.clone() else {
            return;
        };
        egui::Window::new("A polygon was refused")
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_TOP, [0.0, 60.0])
            .show(ctx, |ui| {
                ui.label(format!(
                    "{} has a polygon that is not convex (the status bar says which).",
                    p.display()
                ));
                ui.horizontal(|ui| {
                    let fix = ui
                        .button("Make convex and open")
                        .tip("open the file with each refused polygon replaced by its convex hull");
                    super::widgets::mark(ui, "make_convex", &fix);
                    if fix.clicked() {
                        let _ = app.open_making_convex(&p);
                        app.convex_fix_available = None;
                    }
                    if ui.button("Dismiss").clicked() {
                        app.convex_fix_available = None;
                    }
                });
            });
    }
}

/// The status bar's height, points: always there, so a message
/// never moves the panel or resizes the views.
pub(super) const STATUS_H: f32 = 40.0;

/// The keys the status bar lists: those of the window, or in a lesson (`Some`, with
/// the presenter setting) those that work there: the arrows turn pages (`lesson::input`),
/// the algorithm keys do nothing (the page picks the algorithm), Esc leaves presenter
/// mode (`keys::keyboard`).
pub(super) fn status_keys(lesson: Option<bool>) -> &'static str {
    match lesson {
        None => {
            "←/→ step · Space play · 1–9, 0, R algorithm · F fit · Z zoom to action · \
             X zoom to selection · wheel zoom · right drag pan · Ctrl+Z undo"
        }
        Some(false) => {
            "←/→ page · Home/End first/last step · Space play · F fit · Z zoom to action · \
             wheel zoom · right drag pan · P screenshot"
        }
        Some(true) => {
            "←/→ page · Esc leave presenter · Home/End first/last step · Space play · F fit · \
             Z zoom to action · wheel zoom · P screenshot"
        }
    }
}

/// The status bar along the bottom of the window: the last message (red for an error;
/// one line, the whole text on hover), else the main keys (`lesson`: see
/// [`status_keys`]).
pub(super) fn ui_status(ui: &mut egui::Ui, app: &AppState, lesson: Option<bool>) {
    // Where the bar is, for the scripted test (is it on the screen).
    super::widgets::mark_rect(ui, "status_bar", ui.max_rect());
    match &app.message {
        Some(m) => {
            let c = if m.is_error {
                Tone::Alarm.color(ui)
            } else {
                Tone::Success.color(ui)
            };
            // One line: a longer message is cut with "…", and egui then shows the whole
            // text on hover itself (a second tip of ours would stack under it).
            let label = egui::Label::new(RichText::new(&m.text).color(c)).truncate();
            ui.add(label);
        }
        None => {
            // A recording or a live world open: the keys of the view shown.
            let world = crate::gui::recording_note::WorldNote::get(ui.ctx()).map(|n| n.keys);
            ui.label(
                RichText::new(world.as_deref().unwrap_or(status_keys(lesson)))
                    .color(Tone::Quiet.color(ui)),
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
                .tip("a link to this scene, view and step (it is the page's address)");
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

#[cfg(test)]
mod tests {
    use super::status_keys;

    /// In a lesson the arrows turn pages and the algorithm keys are off; the status
    /// bar says so, and Esc in presenter mode.
    #[test]
    fn the_status_bar_names_the_keys_of_lesson_mode() {
        assert!(status_keys(None).contains("←/→ step"));
        for presenter in [false, true] {
            let keys = status_keys(Some(presenter));
            assert!(keys.contains("←/→ page"), "{keys}");
            assert!(
                !keys.contains("←/→ step") && !keys.contains("algorithm"),
                "{keys}"
            );
            assert_eq!(keys.contains("Esc"), presenter, "{keys}");
        }
    }
}
