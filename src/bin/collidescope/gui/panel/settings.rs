//! The "Settings" section: the scene's query settings (speculative distance, GJK and
//! EPA limits, the simplex cache).

use super::widgets::track;
use super::widgets::Tip;
use super::widgets::Tone;
use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};

impl Panel {
    pub(super) fn ui_settings(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let mut s = app.scene.settings;
        // A drag on a number is one undo step (begin on drag start, end on release).
        egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
            ui.label("speculative distance");
            let r = ui.add(
                egui::DragValue::new(&mut s.speculative_distance)
                    .speed(0.001)
                    .range(0.0..=100.0),
            );
            track(app, &r);
            ui.end_row();
            ui.label("GJK max iterations");
            let r = ui.add(egui::DragValue::new(&mut s.gjk_max_iterations).range(1..=1000));
            track(app, &r);
            ui.end_row();
            ui.label("EPA tolerance");
            let r = ui.add(
                egui::DragValue::new(&mut s.epa_tolerance)
                    .speed(1e-6)
                    .range(1e-7..=0.1)
                    .max_decimals(7),
            );
            track(app, &r);
            ui.end_row();
            ui.label("EPA max iterations");
            let r = ui.add(egui::DragValue::new(&mut s.epa_max_iterations).range(1..=128));
            track(app, &r);
            ui.end_row();
            ui.label("GJK simplex cache");
            ui.checkbox(&mut s.use_cache, "warm start");
            ui.end_row();
            if !app.scene.chains.is_empty() {
                use collidescope::core::settings::ChainMode;
                ui.label("chains");
                ui.horizontal_wrapped(|ui| {
                    ui.radio_value(&mut s.chain_mode, ChainMode::Smooth, "smooth")
                        .tip("one-sided segments with ghost vertices (Box2D's chains)");
                    ui.radio_value(&mut s.chain_mode, ChainMode::Naive, "naive")
                        .tip("independent two-sided segments: the ghost bump");
                });
                ui.end_row();
            }
        });
        if let Err(e) = app.set_settings(s) {
            ui.label(RichText::new(e).color(Tone::Alarm.color(ui)));
        }
    }
}
