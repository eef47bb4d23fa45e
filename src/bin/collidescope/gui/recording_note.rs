//! What the panel's head and the status bar say while a Box2D recording or a live
//! world is open: what the views show (the file, the frame, the counts), what the
//! debugger's sections below hold (the last pair opened, or no pair yet), and the
//! keys of the view shown. The recording sets it each frame before the panel is
//! drawn (`Recording::ui`); the panel's head and status bar read it.

use egui_macroquad::egui::{self, RichText};

/// The note of one frame.
#[derive(Clone, Default)]
#[cfg_attr(
    not(all(feature = "peers", not(target_arch = "wasm32"))),
    allow(dead_code)
)]
pub struct WorldNote {
    /// What the views show, one line.
    pub shown: String,
    /// What the debugger's sections below the head hold.
    pub below: String,
    /// The keys of the view shown, for the status bar.
    pub keys: String,
}

fn id() -> egui::Id {
    egui::Id::new("collidescope-world-note")
}

impl WorldNote {
    /// Sets (or clears) this frame's note.
    #[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
    pub fn put(ctx: &egui::Context, note: Option<WorldNote>) {
        ctx.data_mut(|d| match note {
            Some(n) => d.insert_temp(id(), n),
            None => d.remove::<WorldNote>(id()),
        });
    }

    /// No note: no recording or live world is open (any more).
    pub fn clear(ctx: &egui::Context) {
        ctx.data_mut(|d| d.remove::<WorldNote>(id()));
    }

    /// This frame's note, if a recording or a live world is open.
    pub fn get(ctx: &egui::Context) -> Option<WorldNote> {
        ctx.data(|d| d.get_temp::<WorldNote>(id()))
    }

    /// The note as the panel's head shows it: a framed box above the scene's title.
    pub fn ui(&self, ui: &mut egui::Ui) {
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(&self.shown).strong());
            if !self.below.is_empty() {
                ui.label(RichText::new(&self.below).italics());
            }
        });
    }
}
