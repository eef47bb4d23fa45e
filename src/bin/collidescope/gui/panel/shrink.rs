//! "Shrink this pair", beside the peers table: the checks the pair fails (a fuzzer
//! check, an engine wrong against the exact answer), shrinking on the one chosen in
//! the background with a progress bar, then the shrunk pair in the scene (one
//! undoable edit) and the steps it took.

use super::widgets::Tone;
use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};

impl Panel {
    pub(super) fn ui_shrink(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        if app.pair.is_none() {
            return;
        }
        ui.separator();
        if let Some((done, total)) = app.shrink.progress {
            ui.horizontal(|ui| {
                if ui.button("Cancel").clicked() {
                    app.cancel_shrink();
                }
                let f = done as f32 / total.max(1) as f32;
                ui.add(egui::ProgressBar::new(f).text(format!("shrinking: {done} checks")));
            });
            return;
        }
        let failing: Vec<String> = app.failing_checks().iter().map(|k| k.name()).collect();
        if failing.is_empty() {
            ui.label(
                RichText::new("Shrink this pair: it fails no check.").color(Tone::Quiet.color(ui)),
            );
        } else {
            let mut choice = app.shrink.choice.min(failing.len() - 1);
            ui.horizontal_wrapped(|ui| {
                let button = ui.button("Shrink this pair");
                super::widgets::mark(ui, "shrink_pair", &button);
                let clicked = button.clicked();
                ui.label("keeping");
                egui::ComboBox::from_id_salt("shrink_keep")
                    .selected_text(failing[choice].as_str())
                    .show_ui(ui, |ui| {
                        for (i, name) in failing.iter().enumerate() {
                            ui.selectable_value(&mut choice, i, name.as_str());
                        }
                    });
                app.shrink.choice = choice;
                if clicked {
                    if let Err(e) = app.start_shrink() {
                        app.error(e);
                    }
                }
            });
        }
        if let Some((s, applied)) = &app.shrink.last {
            // The summary wraps; a header does not (it would widen the panel).
            ui.label(if *applied {
                format!("Shrunk on {}: {}.", s.keep, s.summary())
            } else {
                format!("Shrunk on {} (not put in: the scene changed).", s.keep)
            });
            egui::CollapsingHeader::new(format!("The steps it took ({})", s.steps.len()))
                .id_salt("shrink_steps")
                .default_open(false)
                .show(ui, |ui| {
                    for step in &s.steps {
                        ui.label(RichText::new(step).small());
                    }
                });
        }
    }
}
