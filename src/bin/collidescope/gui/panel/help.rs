//! The "Controls" list at the bottom of the panel (mouse and keys), with a link to the
//! manual.

use super::Panel;
use egui_macroquad::egui;

/// The controls, as listed in the panel and the README.
pub const CONTROLS: &[&str] = &[
    "Left drag a shape: move it. Click: select.",
    "Drag the round white handle of the selection: rotate (Shift: 15° steps). Q / E: rotate by 5°.",
    "Drag a white vertex dot of the selection: reshape (non-convex is refused, the dot turns red).",
    "Left drag in configuration space: move B (B − A moves with it).",
    "Right or middle drag: pan. Wheel: zoom at the cursor. F: fit the views.",
    "Left / Right arrows, Home, End: step. Space: play / pause.",
    "A / B: make the selected shape A or B. Delete: delete the selection.",
    "1 to 9, then 0: pick the algorithm (in the picker's order). R: step a ray against A, C: against the chains.",
    "Drag a ray's origin dot or its arrow head: move that end (Rays section: add, edit, delete).",
    LAST_LINE,
];

/// Files and quitting: the web page downloads, and is closed by its tab.
const LAST_LINE: &str = if cfg!(target_arch = "wasm32") {
    "Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S download the scene, P screenshot (a download)."
} else {
    "Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, P screenshot, Ctrl+Q quit."
};

/// The built manual beside the working directory, as `mdbook build docs` writes it (the
/// scene library is found the same way, `scenes/`).
#[cfg(not(target_arch = "wasm32"))]
const BOOK_INDEX: &str = "docs/book/index.html";

impl Panel {
    pub(super) fn ui_help(&self, ui: &mut egui::Ui) {
        egui::CollapsingHeader::new("Controls")
            .default_open(false)
            .show(ui, |ui| {
                for line in CONTROLS {
                    ui.label(*line);
                }
                ui_manual(ui);
            });
    }
}

/// The web page: the manual is built beside the page (`web/build.sh` writes
/// `dist/book/`), so a link relative to the page opens it, in a new tab.
#[cfg(target_arch = "wasm32")]
fn ui_manual(ui: &mut egui::Ui) {
    ui.add(egui::Hyperlink::from_label_and_url("Manual", "book/index.html").open_in_new_tab(true));
}

/// The desktop: a link to the built manual when it is there (the system's browser opens
/// it), its path either way, and how to build it when it is not.
#[cfg(not(target_arch = "wasm32"))]
fn ui_manual(ui: &mut egui::Ui) {
    let built = std::path::Path::new(BOOK_INDEX);
    match std::fs::canonicalize(built) {
        Ok(path) if path.is_file() => {
            ui.horizontal(|ui| {
                ui.hyperlink_to("Manual", format!("file://{}", path.display()));
                ui.label(
                    egui::RichText::new(BOOK_INDEX).color(super::widgets::Tone::Quiet.color(ui)),
                );
            });
        }
        _ => {
            ui.label("Manual: docs/ (Markdown). Build it with `mdbook build docs`, then open docs/book/index.html.");
        }
    }
}
