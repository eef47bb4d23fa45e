//! Closing a recording (or a live world): the button in its bar under the views. The
//! window gives the debugger its scene back (`sources::UserScene`): a pair opened from
//! the world replaced it.

use super::{Phase, Recording};
use egui_macroquad::egui;

impl Recording {
    /// "Close recording" ("Close live world"): back to the debugger with its scene.
    pub(super) fn close_button(&mut self, ui: &mut egui::Ui) {
        let label = match self.phase {
            Phase::Live(_) => "✖ Close live world",
            _ => "✖ Close recording",
        };
        let r = ui.button(label).on_hover_text(
            "back to the debugger with the scene it had before this world was opened",
        );
        self.buttons.push(("close", super::center_px(ui, &r)));
        self.close |= r.clicked();
    }

    /// The close button was pressed (asked once).
    pub fn close_asked(&mut self) -> bool {
        std::mem::take(&mut self.close)
    }

    /// A pair from this world was opened in the debugger (replacing its scene).
    pub fn replaced_scene(&self) -> bool {
        self.last_pair.is_some()
    }
}
