//! The "Numbers" section: the values of the current step as a two-column table,
//! with "Copy as text".

use super::widgets::Tip;
use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};

/// Room kept for the names' column, points.
const NAME_COLUMN: f32 = 150.0;

impl Panel {
    pub(super) fn ui_numbers(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let rows = app.numbers();
        // No column wider than the panel leaves it: a grid is first laid out with its
        // cells at full width (egui's sizing pass), which would widen the panel for good.
        let column = (ui.available_width() - NAME_COLUMN).max(80.0);
        // The grid remembers its columns' widths: a grid of another panel width (the
        // presenter setting switched) starts afresh rather than from wider columns.
        egui::Grid::new(("numbers", column.round() as i32))
            .num_columns(2)
            .max_col_width(column)
            .striped(true)
            .show(ui, |ui| {
                for (k, v) in &rows {
                    ui.label(RichText::new(k).strong());
                    // Long values are cut to the panel (hover shows all; Copy as text
                    // copies all), so the panel never widens under the mouse.
                    // A contact's packed feature id is shown on hover only: the row
                    // names the features in words.
                    let shown = match v.rfind(" (id ") {
                        Some(i) if v.ends_with(')') => &v[..i],
                        _ => v.as_str(),
                    };
                    ui.add(egui::Label::new(RichText::new(shown).monospace()).truncate())
                        .tip(v);
                    ui.end_row();
                }
            });
        if ui.button("Copy as text").clicked() {
            let text: String = rows.iter().map(|(k, v)| format!("{k}: {v}\n")).collect();
            ui.ctx().copy_text(text);
        }
    }
}
