//! The "s(t)" section of the rotating time of impact: the current separation
//! function's curve over `[t1, 1]` (the deepest pair's separation along its axis),
//! the core distance beside it, the target and its band, the interval searched, the
//! root finder's bracket and iterates — the picture that explains why a time of
//! impact was found or missed. Curves are sampled once per change of scene or step.

use super::Panel;
use collidescope::app::AppState;
use collidescope::core::toi::rotating::{distance_curve, separation_curve};
use collidescope::study::rotating::rotating_steps;
use collidescope::study::Algorithm;
use collidescope::view::draw::LayerId;
use egui_macroquad::egui::{self, Color32};
use egui_plot::{HLine, Line, LineStyle, Plot, PlotPoints, Points, VLine};

/// Samples per curve.
const SAMPLES: usize = 160;

/// What the plot shows for one step (cached by revision and step).
#[derive(Clone, Default)]
pub struct CurveCache {
    key: Option<(u64, usize, bool)>,
    /// Show all of `[t1, 1]` rather than the interval being searched.
    pub whole_step: bool,
    separation: Vec<[f64; 2]>,
    distance: Vec<[f64; 2]>,
    target: f64,
    tolerance: f64,
    t1: f64,
    t_end: f64,
    roots: Vec<[f64; 2]>,
    bracket: Option<(f64, f64)>,
    kind: String,
}

fn pts(v: &[(f32, f32)]) -> Vec<[f64; 2]> {
    v.iter().map(|(t, s)| [*t as f64, *s as f64]).collect()
}

impl Panel {
    pub(super) fn ui_plot(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        if app.algorithm != Algorithm::Rotating {
            return;
        }
        let mut whole = self.curves.whole_step;
        ui.checkbox(
            &mut whole,
            "whole step (else the interval searched and a little beyond)",
        );
        let key = (app.revision(), app.step, whole);
        if self.curves.key != Some(key) {
            self.curves = sample(app, key);
            self.curves.whole_step = whole;
        }
        let c = &self.curves;
        if c.key.is_none() {
            ui.label("No pair.");
            return;
        }
        if c.separation.is_empty() {
            ui.label("This step has no separation function (the answer came from the distance alone); the curve shows the core distance.");
        } else {
            ui.label(format!(
                "Pink: s(t), the separation along the {} axis from t1 = {:.4} (the deepest pair at each t). Grey: the core distance d(t), never below s. Green: the target and its band. White: t1 and the end of the interval searched. Yellow: the root finder's bracket and iterates.",
                c.kind, c.t1
            ));
        }
        let toi = LayerId::Toi.color();
        let toi = Color32::from_rgb(toi.0, toi.1, toi.2);
        Plot::new("separation_curve")
            .height(190.0)
            .allow_scroll(false)
            .show(ui, |p| {
                p.line(
                    Line::new(PlotPoints::from(c.distance.clone()))
                        .color(Color32::from_gray(170))
                        .name("core distance d(t)"),
                );
                if !c.separation.is_empty() {
                    p.line(
                        Line::new(PlotPoints::from(c.separation.clone()))
                            .color(toi)
                            .width(2.0)
                            .name("s(t)"),
                    );
                }
                p.hline(
                    HLine::new(c.target)
                        .color(Color32::from_rgb(120, 230, 120))
                        .name("target"),
                );
                for y in [c.target - c.tolerance, c.target + c.tolerance] {
                    p.hline(
                        HLine::new(y)
                            .color(Color32::from_rgb(120, 230, 120))
                            .style(LineStyle::dashed_dense())
                            .name("band"),
                    );
                }
                p.vline(VLine::new(c.t1).color(Color32::from_gray(200)).name("t1"));
                if c.t_end < 1.0 {
                    p.vline(
                        VLine::new(c.t_end)
                            .color(Color32::from_gray(200))
                            .style(LineStyle::dashed_loose())
                            .name("interval end"),
                    );
                }
                if let Some((a1, a2)) = c.bracket {
                    for x in [a1, a2] {
                        p.vline(
                            VLine::new(x)
                                .color(Color32::from_rgb(250, 220, 80))
                                .style(LineStyle::dashed_dense())
                                .name("bracket"),
                        );
                    }
                }
                if !c.roots.is_empty() {
                    p.points(
                        Points::new(PlotPoints::from(c.roots.clone()))
                            .radius(3.5)
                            .color(Color32::from_rgb(250, 220, 80))
                            .name("root iterates"),
                    );
                }
            });
    }
}

/// The curves of the current step.
fn sample(app: &mut AppState, key: (u64, usize, bool)) -> CurveCache {
    let Some((a, b)) = app.pair else {
        return CurveCache::default();
    };
    let Some(tr) = app.studies().map(|s| s.rotating.trace.clone()) else {
        return CurveCache::default();
    };
    let tr = &tr;
    let input = app.scene.pair(a, b).rotating_toi();
    let steps = rotating_steps(tr);
    // The answer step shows the last iteration's function.
    let step = steps.get(key.1).or(steps.last()).copied();
    let it = step.and_then(|s| tr.iterations.get(s.iteration));
    let t1 = it.map(|i| i.t1).unwrap_or(0.0);
    let push = step
        .and_then(|s| s.push)
        .and_then(|p| it.and_then(|i| i.pushes.get(p)));
    let t_end = it.map(|i| i.t_end).unwrap_or(1.0);
    // The interval searched, and as much again twice (where the curve goes next).
    let to = if key.2 {
        1.0
    } else {
        (t1 + 3.0 * (t_end - t1).max(0.01)).min(1.0)
    };
    let roots: Vec<[f64; 2]> = push
        .map(|p| p.roots.iter().map(|r| [r.t as f64, r.s as f64]).collect())
        .unwrap_or_default();
    CurveCache {
        key: Some(key),
        whole_step: key.2,
        separation: it
            .and_then(|i| i.function)
            .map(|f| pts(&separation_curve(&input, &f, t1, to, SAMPLES)))
            .unwrap_or_default(),
        distance: pts(&distance_curve(&input, t1, to, SAMPLES)),
        target: tr.target as f64,
        tolerance: tr.tolerance as f64,
        t1: t1 as f64,
        t_end: t_end as f64,
        bracket: push
            .and_then(|p| p.roots.last())
            .map(|r| (r.a1 as f64, r.a2 as f64)),
        roots,
        kind: it
            .and_then(|i| i.function)
            .map(|f| f.kind.as_str().replace('_', " "))
            .unwrap_or_default(),
    }
}
