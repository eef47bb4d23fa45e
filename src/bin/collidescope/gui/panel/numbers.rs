//! The "Numbers" section: the values of the current step as a two-column table,
//! with "Copy as text".

use super::widgets::Tip;
use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};

/// The names' column takes at most this share of the panel's width; the values have
/// the rest.
const NAME_SHARE: f32 = 0.42;

impl Panel {
    pub(super) fn ui_numbers(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let rows = app.numbers();
        // Two columns that fit the panel at any width and text size: a name or value
        // longer than its column wraps onto more lines (never cut at the panel's edge,
        // never widening the panel).
        let gap = ui.spacing().item_spacing.x;
        let width = ui.available_width();
        let names = (width * NAME_SHARE).floor();
        let values = (width - names - gap).max(40.0);
        let stripe = ui.visuals().faint_bg_color;
        for (i, (k, v)) in rows.iter().enumerate() {
            // A contact's packed feature id is shown on hover only: the row names the
            // features in words.
            let (shown, id) = match v.rfind(" (id ") {
                Some(i) if v.ends_with(')') => (&v[..i], Some(&v[i + 1..])),
                _ => (v.as_str(), None),
            };
            // The stripe goes under the row: its place in the paint order is kept first.
            let under = ui.painter().add(egui::Shape::Noop);
            let row = ui.horizontal_top(|ui| {
                column(
                    ui,
                    names,
                    egui::Label::new(RichText::new(k).strong()).wrap(),
                );
                let value = column(
                    ui,
                    values,
                    egui::Label::new(RichText::new(shown).monospace()).wrap(),
                );
                if let Some(id) = id {
                    value.tip(id);
                }
            });
            if i % 2 == 1 {
                // Every other row on a faint stripe, as a striped grid.
                let r = row.response.rect.expand2(egui::vec2(2.0, 1.0));
                ui.painter()
                    .set(under, egui::Shape::rect_filled(r, 2.0, stripe));
            }
        }
        if ui.button("Copy as text").clicked() {
            let text: String = rows.iter().map(|(k, v)| format!("{k}: {v}\n")).collect();
            ui.ctx().copy_text(text);
        }
    }
}

/// One cell `width` points wide holding `label` (wrapped in it).
fn column(ui: &mut egui::Ui, width: f32, label: egui::Label) -> egui::Response {
    ui.allocate_ui_with_layout(
        egui::vec2(width, 0.0),
        egui::Layout::top_down(egui::Align::Min),
        |ui| {
            ui.set_width(width);
            ui.add(label)
        },
    )
    .inner
}
