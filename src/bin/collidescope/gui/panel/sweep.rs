//! The "Chains: slide sweep" section: a chain and a shape, the shape moved across the
//! chain in N steps (along its velocity, else along the chain around where it is),
//! and two plots over the steps, naive and smooth together: the most tilted contact
//! normal's angle from its segment's normal (the ghost bump is a spike in the naive
//! curve), and the contact points. Computed by `trace::chain_sweep` once per change
//! of scene, pair or step count.

use super::Panel;
use collidescope::app::AppState;
use collidescope::core::settings::ChainMode;
use collidescope::trace::chain_sweep::{
    chain_sweep, default_sweep_path, ModeSample, Sweep, SweepInput, SweepSample,
    DEFAULT_SWEEP_STEPS, MAX_SWEEP_STEPS,
};
use egui_macroquad::egui::{self, Color32};
use egui_plot::{uniform_grid_spacer, Line, Plot, PlotPoints, Points};

const NAIVE: Color32 = Color32::from_rgb(240, 100, 90);
const SMOOTH: Color32 = Color32::from_rgb(110, 200, 255);

/// The sweep shown, with what it was computed for.
#[derive(Clone)]
pub struct SweepCache {
    /// (scene revision, chain, shape, steps) of `sweep`.
    key: Option<(u64, usize, usize, usize)>,
    pub chain: usize,
    /// The shape swept (None: the selected shape, else the first).
    pub shape: Option<usize>,
    pub steps: usize,
    sweep: Sweep,
    /// The path in words.
    path: String,
}

impl Default for SweepCache {
    fn default() -> Self {
        SweepCache {
            key: None,
            chain: 0,
            shape: None,
            steps: DEFAULT_SWEEP_STEPS,
            sweep: Sweep::default(),
            path: String::new(),
        }
    }
}

impl Panel {
    pub(super) fn ui_sweep(&mut self, ui: &mut egui::Ui, app: &AppState) {
        let scene = &app.scene;
        if scene.chains.is_empty() || scene.shapes.is_empty() {
            ui.label("No chain, or no shape to slide over it.");
            return;
        }
        let c = &mut self.sweep;
        c.chain = c.chain.min(scene.chains.len() - 1);
        let shape = c.choose(ui, app);
        c.update(app, shape);
        ui.label(format!(
            "{} moved {} in {} steps, each segment in reach collided in both modes. Top: the most tilted contact normal's angle from its own segment's normal (degrees; 0 = the segment's face; a gap = no contact). Bottom: contact points. Red: naive (two-sided segments), blue: smooth (ghost vertices).",
            scene.shapes[shape].name, c.path, c.steps
        ));
        tilt_plot(ui, &c.sweep);
        points_plot(ui, &c.sweep);
        ui.label(format!(
            "Largest tilt: naive {:.1}°, smooth {:.1}°.",
            c.sweep.max_tilt(ChainMode::Naive),
            c.sweep.max_tilt(ChainMode::Smooth)
        ));
    }
}

impl SweepCache {
    /// The chain, shape and step count pickers; returns the shape swept.
    fn choose(&mut self, ui: &mut egui::Ui, app: &AppState) -> usize {
        let scene = &app.scene;
        let mut shape = self
            .shape
            .or(app.selected)
            .unwrap_or(0)
            .min(scene.shapes.len() - 1);
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_id_salt("sweep_chain")
                .selected_text(scene.chains[self.chain].name.as_str())
                .show_ui(ui, |ui| {
                    for (i, ch) in scene.chains.iter().enumerate() {
                        ui.selectable_value(&mut self.chain, i, ch.name.as_str());
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
                            self.shape = Some(i);
                        }
                    }
                });
            ui.label("steps");
            ui.add(egui::DragValue::new(&mut self.steps).range(1..=MAX_SWEEP_STEPS));
        });
        shape
    }

    /// Recomputes the sweep when the scene, the pair or the step count changed.
    fn update(&mut self, app: &AppState, shape: usize) {
        let key = (app.revision(), self.chain, shape, self.steps);
        if self.key == Some(key) {
            return;
        }
        let scene = &app.scene;
        let (from, to) = default_sweep_path(scene, self.chain, shape);
        let input = SweepInput {
            chain: self.chain,
            shape,
            from,
            to,
            steps: self.steps,
        };
        self.sweep = chain_sweep(scene, &input);
        self.path = if scene.shapes[shape].velocity != glam::Vec2::ZERO {
            format!("along its velocity ({:.3}, {:.3})", to.x, to.y)
        } else {
            format!(
                "along the chain, from ({:+.3}, {:+.3}) to ({:+.3}, {:+.3}) relative to where it is",
                from.x, from.y, to.x, to.y
            )
        };
        self.key = Some(key);
    }
}

/// The tilt of each mode over the steps: lines where there is contact, a dot per step.
fn tilt_plot(ui: &mut egui::Ui, sweep: &Sweep) {
    let n = sweep.samples.len().max(1) - 1;
    let tilt = |m: &ModeSample| m.tilt.map(f64::from);
    let naive: Vec<Option<f64>> = sweep.samples.iter().map(|s| tilt(&s.naive)).collect();
    let smooth: Vec<Option<f64>> = sweep.samples.iter().map(|s| tilt(&s.smooth)).collect();
    Plot::new("sweep_tilt")
        .height(150.0)
        .allow_scroll(false)
        .y_axis_label("tilt °")
        .y_grid_spacer(uniform_grid_spacer(|_| [15.0, 45.0, 90.0]))
        .include_y(-90.0)
        .include_y(90.0)
        .include_x(0.0)
        .include_x(n as f64)
        .show(ui, |p| {
            for (values, color, name) in [(&naive, NAIVE, "naive"), (&smooth, SMOOTH, "smooth")] {
                for run in runs(values) {
                    p.line(
                        Line::new(PlotPoints::from(run))
                            .color(color)
                            .width(1.5)
                            .name(name),
                    );
                }
                let dots: Vec<[f64; 2]> = values
                    .iter()
                    .enumerate()
                    .filter_map(|(k, v)| v.map(|y| [k as f64, y]))
                    .collect();
                p.points(
                    Points::new(PlotPoints::from(dots))
                        .radius(1.5)
                        .color(color)
                        .name(name),
                );
            }
        });
}

/// The contact points of each mode over the steps.
fn points_plot(ui: &mut egui::Ui, sweep: &Sweep) {
    let count = |f: fn(&SweepSample) -> usize| {
        sweep
            .samples
            .iter()
            .enumerate()
            .map(|(k, s)| [k as f64, f(s) as f64])
            .collect::<Vec<_>>()
    };
    let (naive, smooth) = (count(|s| s.naive.points), count(|s| s.smooth.points));
    Plot::new("sweep_points")
        .height(100.0)
        .allow_scroll(false)
        .x_axis_label("step")
        .y_axis_label("points")
        .y_grid_spacer(uniform_grid_spacer(|_| [1.0, 2.0, 4.0]))
        .include_y(0.0)
        .include_y(4.0)
        .show(ui, |p| {
            p.line(
                Line::new(PlotPoints::from(naive))
                    .color(NAIVE)
                    .name("naive"),
            );
            p.line(
                Line::new(PlotPoints::from(smooth))
                    .color(SMOOTH)
                    .name("smooth"),
            );
        });
}

/// The runs of consecutive samples with a value, as plot lines.
fn runs(values: &[Option<f64>]) -> Vec<Vec<[f64; 2]>> {
    let mut out: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut current = Vec::new();
    for (k, v) in values.iter().enumerate() {
        match v {
            Some(y) => current.push([k as f64, *y]),
            None if !current.is_empty() => out.push(std::mem::take(&mut current)),
            None => {}
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}
