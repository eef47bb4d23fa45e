//! The "Controls" list at the bottom of the panel (mouse and keys).

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
    "1 to 9, then 0: pick the algorithm (in the picker's order). R: step a ray against A.",
    "Drag a ray's origin dot or its arrow head: move that end (Rays section: add, edit, delete).",
    LAST_LINE,
];

/// Files and quitting: the web page downloads, and is closed by its tab.
const LAST_LINE: &str = if cfg!(target_arch = "wasm32") {
    "Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S download the scene, P screenshot (a download)."
} else {
    "Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, P screenshot, Ctrl+Q quit."
};

impl Panel {
    pub(super) fn ui_help(&self, ui: &mut egui::Ui) {
        egui::CollapsingHeader::new("Controls")
            .default_open(false)
            .show(ui, |ui| {
                for line in CONTROLS {
                    ui.label(*line);
                }
            });
    }
}
