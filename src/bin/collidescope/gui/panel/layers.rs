//! The "Layers" section: the colour theme and the presenter setting (the user's
//! preferences, saved between sessions), one checkbox per drawing layer with its
//! colour swatch — the stepped algorithm's own layers first, in bold — and the colours
//! of shapes A and B.

use super::widgets::Tip;
use super::Panel;
use collidescope::app::AppState;
use collidescope::view::draw::{LayerId, Rgba};
use collidescope::view::palette::Theme;
use egui_macroquad::egui::{self, Color32};

/// The panel's own look follows the canvas' theme. The text cursor does not blink: a
/// blinking cursor asks for a frame every half second, and the window repaints on
/// change only (a focused text box would otherwise keep it drawing for ever).
pub(crate) fn set_visuals(ctx: &egui::Context, theme: Theme) {
    let mut visuals = match theme {
        Theme::Dark => egui::Visuals::dark(),
        Theme::Light => egui::Visuals::light(),
    };
    visuals.text_cursor.blink = false;
    ctx.set_visuals(visuals);
}

fn rgba(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

impl Panel {
    /// The window's own settings: the theme and the presenter setting (kept for the
    /// next session).
    pub(super) fn ui_window(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut super::PanelOutput,
    ) {
        // Wrapped rows: a row wider than the panel would widen it for good.
        ui.horizontal_wrapped(|ui| {
            ui.label("theme");
            ui.radio_value(&mut app.theme, Theme::Dark, "dark");
            ui.radio_value(&mut app.theme, Theme::Light, "light (slides, print)");
        });
        let presenter = ui
            .checkbox(
                &mut self.prefs.presenter,
                "presenter: larger text and lines",
            )
            .tip("for a projector: larger labels, lines and panel text, a narrower panel");
        super::widgets::mark(ui, "presenter", &presenter);
        if app.theme != self.prefs.theme || presenter.changed() {
            self.prefs.theme = app.theme;
            out.prefs_changed = true;
        }
    }

    pub(super) fn ui_layers(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut super::PanelOutput,
    ) {
        self.ui_window(ui, app, out);
        let theme = app.theme;
        // The stepped algorithm's own layers first (its study names them), then the rest.
        let algorithm = app.algorithm;
        let own: Vec<LayerId> = app
            .studies()
            .map(|s| s.get(algorithm).layers().to_vec())
            .unwrap_or_default();
        let order = own
            .iter()
            .copied()
            .chain(LayerId::ALL.into_iter().filter(|l| !own.contains(l)));
        for id in order {
            // The swatch and its checkbox on one row, the label wrapping beside the
            // swatch (a wrapped row would put a long checkbox under its swatch).
            ui.horizontal(|ui| {
                ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Wrap);
                let mut on = !app.hidden_layers.contains(&id);
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                ui.painter()
                    .rect_filled(rect, 2.0, rgba(theme.apply(id.color())));
                // The engines' layers draw only while their table is open (they are
                // computed for it): a ticked box that draws nothing says why.
                let engine = matches!(
                    id,
                    LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex
                );
                let label = if engine && !self.engines_shown {
                    format!("{} (drawn while Peers is open)", id.label())
                } else {
                    id.label().to_string()
                };
                let text = egui::RichText::new(label);
                let text = if own.contains(&id) {
                    text.strong()
                } else {
                    text
                };
                if ui.checkbox(&mut on, text).changed() {
                    app.toggle_layer(id);
                }
            });
        }
        ui.horizontal_wrapped(|ui| {
            ui.label("shape A");
            let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(r, 2.0, rgba(theme.apply(collidescope::view::draw::SHAPE_A)));
            ui.label("shape B");
            let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(r, 2.0, rgba(theme.apply(collidescope::view::draw::SHAPE_B)));
        });
    }
}
