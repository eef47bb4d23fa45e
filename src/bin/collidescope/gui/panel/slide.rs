//! The "Chains: slide sweep" section: a chain and a shape, the shape moved across the
//! chain in N steps (along its velocity, else along the chain around where it is),
//! and two plots over the steps, naive and smooth together: the most tilted contact
//! normal's angle from its segment's normal (the ghost bump is a spike in the naive
//! curve), and the contact points. The app computes the sweep once per change of
//! scene, pair or step count (`AppState::slide_sweep`); the exports draw the same plots.

use super::plot::show_plot;
use super::Panel;
use collidescope::app::AppState;
use collidescope::core::settings::ChainMode;
use collidescope::trace::chain_sweep::MAX_SWEEP_STEPS;
use collidescope::view::plot::slide_plots;
use egui_macroquad::egui;

impl Panel {
    pub(super) fn ui_slide(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        if app.scene.chains.is_empty() || app.scene.shapes.is_empty() {
            ui.label("No chain, or no shape to slide over it.");
            return;
        }
        choose(ui, app);
        let Some(shape) = app.slide_shape() else {
            return;
        };
        let name = app.scene.shapes[shape].name.clone();
        let steps = app.slide.steps;
        let Some(s) = app.slide_sweep() else {
            return;
        };
        ui.label(collidescope::view::text::tidy_zeros(&format!(
            "{name} moved {} in {steps} steps, each segment in reach collided in both modes. Top: the most tilted contact normal's angle from its own segment's normal (degrees; 0 = the segment's face; a gap = no contact). Bottom: contact points. Red: naive (two-sided segments), blue: smooth (ghost vertices).",
            s.path
        )));
        if !s.sweep.touches() {
            let chain = &app.scene.chains[app.slide.chain].name;
            ui.label(format!(
                "{name} never comes within the speculative distance of {chain} on this path: no contact to plot. Pick a shape that rests on the chain, or drag {name} onto it."
            ));
            return;
        }
        let [tilt, points] = slide_plots(&s.sweep);
        show_plot(ui, "sweep_tilt", &tilt, 150.0);
        show_plot(ui, "sweep_points", &points, 100.0);
        ui.label(format!(
            "Largest tilt: naive {:.1}°, smooth {:.1}°.",
            s.sweep.max_tilt(ChainMode::Naive),
            s.sweep.max_tilt(ChainMode::Smooth)
        ));
    }
}

/// The chain, shape and step count pickers.
fn choose(ui: &mut egui::Ui, app: &mut AppState) {
    let scene = &app.scene;
    let mut choice = app.slide;
    choice.chain = choice.chain.min(scene.chains.len() - 1);
    let mut shape = app.slide_shape().unwrap_or(0);
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("sweep_chain")
            .selected_text(scene.chains[choice.chain].name.as_str())
            .show_ui(ui, |ui| {
                for (i, ch) in scene.chains.iter().enumerate() {
                    ui.selectable_value(&mut choice.chain, i, ch.name.as_str());
                }
            });
        ui.label("×");
        egui::ComboBox::from_id_salt("sweep_shape")
            .selected_text(scene.shapes[shape].name.as_str())
            .show_ui(ui, |ui| {
                for (i, s) in scene.shapes.iter().enumerate() {
                    if ui
                        .selectable_value(&mut shape, i, s.name.as_str())
                        .clicked()
                    {
                        choice.shape = Some(i);
                    }
                }
            });
        ui.label("steps");
        ui.add(egui::DragValue::new(&mut choice.steps).range(1..=MAX_SWEEP_STEPS));
    });
    app.slide = choice;
}
