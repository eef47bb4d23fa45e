//! The "Layers" section: one checkbox per drawing layer with its colour swatch, and
//! the colours of shapes A and B.

use super::Panel;
use collidescope::app::AppState;
use collidescope::view::draw::{LayerId, Rgba};
use egui_macroquad::egui::{self, Color32};

fn rgba(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

impl Panel {
    pub(super) fn ui_layers(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        for id in LayerId::ALL {
            ui.horizontal(|ui| {
                let mut on = !app.hidden_layers.contains(&id);
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, rgba(id.color()));
                if ui.checkbox(&mut on, id.label()).changed() {
                    app.toggle_layer(id);
                }
            });
        }
        ui.horizontal(|ui| {
            ui.label("shape A");
            let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(r, 2.0, rgba(collidescope::view::draw::SHAPE_A));
            ui.label("shape B");
            let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(r, 2.0, rgba(collidescope::view::draw::SHAPE_B));
        });
    }
}
