//! The "Sweep" section: one parameter of the pair moved in N steps (B's angle, an
//! offset, a radius, a scale, the distance from the origin, a vertex, the speculative
//! distance, the time) and the curves of the algorithm shown — ours, Box2D v3's,
//! parry2d's and the exact answer — with the jumps marked and listed. The app computes
//! the sweep in the background (a progress bar meanwhile); a click on a curve or on a
//! listed jump sets the parameter there (one undoable edit), and the views show that
//! pose.

use super::plot::show_plot;
use super::widgets::Tone;
use super::Panel;
use collidescope::app::AppState;
use collidescope::verify::sweep::{Param, Quantity, Side, Sweep, MAX_STEPS, PARAM_KINDS};
use collidescope::view::palette::ERROR;
use collidescope::view::plot::Plot;
use collidescope::view::plot::Series;
use collidescope::view::sweep_plot::{param_of_plot_x, plot_x, sweep_plots, thinned};
use egui_macroquad::egui::{self, RichText};

/// Jumps listed at most.
const LISTED: usize = 30;

/// A sweep's plots as the panel draws them, kept while that sweep is shown: building
/// and drawing every sample of a 10,000-step sweep each frame took ~90 ms a frame.
#[derive(Default)]
pub(super) struct PlotCache {
    /// The sweep's samples (their buffer's address: a new sweep has a new one) and
    /// the columns its curves were thinned to.
    key: (usize, usize),
    plots: Vec<Plot>,
}

impl PlotCache {
    /// The plots of `sweep`, each curve thinned to a point or so per column of a plot
    /// `width` points wide (in steps of 50, so a resize rarely rebuilds them).
    fn plots(&mut self, sweep: &Sweep, width: f32) -> &[Plot] {
        let columns = (width.max(100.0) / 50.0).ceil() as usize * 50;
        let key = (sweep.samples.as_ptr() as usize, columns);
        if key != self.key || self.plots.is_empty() {
            self.plots = sweep_plots(sweep)
                .iter()
                .map(|p| thinned(p, columns))
                .collect();
            self.key = key;
        }
        &self.plots
    }
}

impl Panel {
    pub(super) fn ui_pair_sweep(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let Some((a, b)) = app.pair else {
            ui.label("Needs two shapes.");
            return;
        };
        app.sweep_defaults(false);
        let names = (
            app.scene.shapes[a].name.clone(),
            app.scene.shapes[b].name.clone(),
        );
        ui.label(format!(
            "Sweeps {} on {} and {}: the curves of ours{}, the exact answer dashed, jumps in red.",
            app.sweep_algorithm().name(),
            names.0,
            names.1,
            if cfg!(feature = "peers") {
                ", Box2D v3, parry2d"
            } else {
                ""
            }
        ));
        choose(ui, app, &names);
        run_row(ui, app);
        let mut click = None;
        if let Some((sweep, stale)) = app.last_sweep() {
            if stale {
                ui.label(
                    RichText::new("The scene changed since this sweep: Run again.")
                        .color(Tone::Quiet.color(ui)),
                );
            }
            let clicked = app.sweep.clicked.as_ref().map(|c| c.0);
            let plots = self.sweep_plots.plots(sweep, ui.available_width());
            click = show(ui, sweep, plots, clicked);
        }
        if let Some(x) = click {
            if let Err(e) = app.set_sweep_value(x) {
                app.error(e);
            }
        }
    }
}

/// The parameter, its range, steps and quantities.
fn choose(ui: &mut egui::Ui, app: &mut AppState, names: &(String, String)) {
    let mut c = app.sweep.choice.clone();
    ui.horizontal_wrapped(|ui| {
        ui.label("move");
        egui::ComboBox::from_id_salt("sweep_kind")
            .selected_text(PARAM_KINDS[c.kind])
            .show_ui(ui, |ui| {
                for (i, k) in PARAM_KINDS.iter().enumerate() {
                    ui.selectable_value(&mut c.kind, i, *k);
                }
            });
        if c.param().side().is_some() {
            egui::ComboBox::from_id_salt("sweep_side")
                .selected_text(match c.side {
                    Side::A => names.0.as_str(),
                    Side::B => names.1.as_str(),
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(&mut c.side, Side::A, names.0.as_str());
                    ui.selectable_value(&mut c.side, Side::B, names.1.as_str());
                });
        }
        if matches!(c.param(), Param::Vertex { .. }) {
            ui.label("vertex");
            ui.add(egui::DragValue::new(&mut c.vertex).range(0..=15));
        }
        if matches!(c.param(), Param::Offset { .. } | Param::Vertex { .. }) {
            ui.label("along °");
            ui.add(
                egui::DragValue::new(&mut c.direction_deg)
                    .speed(1.0)
                    .range(-360.0..=360.0),
            );
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("from");
        ui.add(
            egui::DragValue::new(&mut c.from)
                .speed(0.01)
                .max_decimals(6),
        );
        ui.label("to");
        ui.add(egui::DragValue::new(&mut c.to).speed(0.01).max_decimals(6));
        ui.label("steps");
        ui.add(egui::DragValue::new(&mut c.steps).range(1..=MAX_STEPS));
    });
    ui.horizontal_wrapped(|ui| {
        for q in Quantity::ALL {
            let mut on = c.what.contains(&q);
            if ui.checkbox(&mut on, q.name()).changed() {
                if on {
                    c.what.push(q);
                } else {
                    c.what.retain(|x| *x != q);
                }
            }
        }
    });
    if cfg!(feature = "peers") {
        ui.checkbox(&mut c.peers, "Box2D v3 and parry2d at every step");
    }
    let reset = ui.small_button("Default range").clicked();
    app.sweep.choice = c;
    if reset {
        app.sweep_defaults(true);
    }
}

/// Run or cancel, and the progress bar.
fn run_row(ui: &mut egui::Ui, app: &mut AppState) {
    ui.horizontal(|ui| match app.sweep.progress {
        Some((done, total)) => {
            if ui.button("Cancel").clicked() {
                app.cancel_sweep();
            }
            let f = done as f32 / total.max(1) as f32;
            ui.add(egui::ProgressBar::new(f).text(format!("{done} / {total}")));
        }
        None => {
            let run = ui.button("Run the sweep");
            super::widgets::mark(ui, "run_sweep", &run);
            if run.clicked() {
                if let Err(e) = app.start_sweep() {
                    app.error(e);
                }
            }
        }
    });
}

/// The plots and the jumps of `sweep`; the parameter value clicked, if any.
fn show(ui: &mut egui::Ui, sweep: &Sweep, plots: &[Plot], clicked: Option<f64>) -> Option<f64> {
    let mut click = None;
    for (i, plot) in plots.iter().enumerate() {
        let mut marked;
        let plot = match clicked {
            Some(x) => {
                marked = plot.clone();
                marked
                    .series
                    .push(Series::vline("set here", ERROR, plot_x(sweep, x), true));
                &marked
            }
            None => plot,
        };
        if i == 0 {
            ui.label(RichText::new(&plot.caption).small());
        }
        // The ids' bands: room for each band's name (a name is drawn only where the
        // grid has a line, and the grid thins out when the lines are close).
        let height = if plot.y_names.is_empty() {
            140.0
        } else {
            50.0 + 32.0 * plot.y_names.len() as f32
        };
        if let Some(x) = show_plot(ui, &format!("pair_sweep_{i}"), plot, height) {
            click = Some(param_of_plot_x(sweep, x));
        }
    }
    ui.label(RichText::new("Click a curve to set the parameter there (Ctrl+Z undoes it).").small());
    if sweep.jumps.is_empty() {
        ui.label("No jumps, no changes.");
        return click;
    }
    egui::CollapsingHeader::new(format!("Jumps and changes ({})", sweep.jumps.len()))
        .id_salt("sweep_jumps")
        .default_open(true)
        .show(ui, |ui| {
            for j in sweep.jumps.iter().take(LISTED) {
                let text = format!(
                    "{} {} {} at {:.5}: {} → {}",
                    j.source.key(),
                    j.quantity.name(),
                    j.kind,
                    j.x,
                    j.before,
                    j.after
                );
                let t = RichText::new(text).monospace().small();
                let t = if j.kind == "jump" { t.strong() } else { t };
                if ui.link(t).clicked() {
                    click = Some(j.x);
                }
            }
            if sweep.jumps.len() > LISTED {
                ui.label(format!("… {} more", sweep.jumps.len() - LISTED));
            }
        });
    click
}
