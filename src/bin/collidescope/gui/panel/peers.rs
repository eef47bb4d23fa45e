//! The "Peers" section: Box2D v3's and parry2d's answers on the pair beside ours and
//! the exact f64 answer, one row each; a value further from the exact one than the
//! engines' tolerance is shown in red. "Copy as …" puts the pair on the clipboard as
//! a regression test in an engine's language (or as a hex scene).

use super::widgets::Tone;
use super::Panel;
use collidescope::app::AppState;
use collidescope::core::consts::LINEAR_SLOP;
use collidescope::core::toi::rotating::ToiState;
use collidescope::repro::{export, Expected, Language};
use collidescope::trace::peer_answer::EngineAnswer;
use egui_macroquad::egui::{self, RichText};

/// One row of the table: the numbers an engine (or we, or the exact answer) gave.
struct Row {
    name: String,
    distance: Option<f64>,
    depth: Option<f64>,
    points: Option<usize>,
    toi: Option<f64>,
    /// Without a hit: what the time of impact said instead ("separated", "failed at
    /// 0.7256"), and any note of the engine's on it (Box2D's half-turn limit).
    toi_state: Option<String>,
    toi_note: Option<String>,
    /// The engine has no penetration query (its empty depth is not a wrong answer).
    lacks_depth: bool,
    note: String,
}

impl Row {
    fn of_engine(name: &str, a: &EngineAnswer) -> Row {
        Row {
            name: name.to_string(),
            distance: a.distance.as_ref().map(|d| d.distance as f64),
            depth: a.penetration.as_ref().map(|p| p.depth as f64),
            points: a.manifold.as_ref().map(|m| m.points.len()),
            toi: a.toi.as_ref().filter(|t| t.hit).map(|t| t.t as f64),
            toi_state: a
                .toi_rotating
                .as_ref()
                .filter(|r| r.state != ToiState::Hit)
                .map(|r| match (r.state, a.toi.as_ref()) {
                    (ToiState::Failed, Some(t)) => format!("failed at {:.4}", t.t),
                    (s, _) => s.as_str().to_string(),
                }),
            toi_note: a.toi_rotating.as_ref().and_then(|r| r.note.clone()),
            lacks_depth: a.missing.iter().any(|m| m.starts_with("penetration")),
            note: a.missing.join("; "),
        }
    }
}

impl Panel {
    pub(super) fn ui_peers(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let Some((a, b)) = app.pair else {
            ui.label("Needs two shapes.");
            return;
        };
        if app.algorithm == collidescope::study::Algorithm::Ray {
            super::rays::ui_ray_peers(ui, app);
            return;
        }
        if app.algorithm == collidescope::study::Algorithm::ChainRay {
            super::rays::ui_chain_ray_peers(ui, app);
            return;
        }
        let Some(exact) = app.exact().cloned() else {
            return;
        };
        let rows = peer_rows(app, &exact);
        if rows.len() == 1 {
            ui.label(super::NO_ENGINES);
        }
        self.tooltip = peers_table(ui, &rows, &exact);
        let rings = if ui.visuals().dark_mode {
            "Box2D white, parry lime"
        } else {
            "Box2D black, parry dark green"
        };
        let engines_hint = if rows.len() > 1 {
            format!(" Hover an engine for what it lacks. Rings on the canvas: {rings}.")
        } else {
            String::new()
        };
        ui.label(
            RichText::new(format!(
                "Red: further from the exact value than {:.1e} (1e-4 of the pair's size).{engines_hint}",
                exact.length_tolerance
            ))
            .small(),
        );
        copy_as_buttons(ui, app, a, b);
    }
}

/// Ours, then each engine's.
fn peer_rows(app: &mut AppState, exact: &Expected) -> Vec<Row> {
    let mut rows = Vec::new();
    if let Some(st) = app.studies() {
        let (an, m) = (&st.basics, &st.manifold.sat);
        rows.push(Row {
            name: "Collidescope".into(),
            distance: Some(an.distance.distance as f64),
            depth: an.penetration.map(|p| p.depth as f64),
            points: Some(if m.is_separated() {
                0
            } else {
                m.points().len()
            }),
            toi: match exact.turning {
                Some(_) => (st.rotating.output.state == ToiState::Hit)
                    .then_some(st.rotating.output.t as f64),
                None => st.cast.output.hit.then_some(st.cast.output.t as f64),
            },
            toi_state: (exact.turning.is_some() && st.rotating.output.state != ToiState::Hit)
                .then(|| st.rotating.output.state.as_str().to_string()),
            toi_note: None,
            lacks_depth: false,
            note: String::new(),
        });
    }
    for (engine, answer) in app.peer_answers() {
        rows.push(Row::of_engine(engine.label(), answer));
    }
    if !exact.moving && exact.turning.is_none() {
        // Nothing moves: no time of impact to compare.
        for r in &mut rows {
            r.toi = None;
            r.toi_state = None;
        }
    }
    rows
}

/// A number, red when further than `tol` from `want` (or present where `want` is not).
fn cell(ui: &mut egui::Ui, v: Option<f64>, want: Option<f64>, tol: f64) {
    let text = v.map_or("—".to_string(), |x| format!("{x:.6}"));
    let off = match (v, want) {
        (Some(x), Some(w)) => (x - w).abs() > tol,
        (None, Some(_)) => true,
        (Some(_), None) | (None, None) => false,
    };
    let t = RichText::new(text).monospace();
    ui.label(if off {
        t.color(Tone::Alarm.color(ui))
    } else {
        t
    });
}

/// The table; returns the name of the row whose tooltip is open.
fn peers_table(ui: &mut egui::Ui, rows: &[Row], exact: &Expected) -> Option<String> {
    let mut tooltip = None;
    let tol = exact.length_tolerance;
    // Turning: the exact time is when the surfaces touch; the engines aim up to 1.25
    // slop from it (Box2D), ours at slop for sharp shapes: that much at the oracle's
    // bound on the closing speed, plus the fuzzer's 1e-3 of the step.
    let (toi_exact, toi_tol) = match exact.turning {
        Some(t) => (
            t.t,
            1.25 * LINEAR_SLOP as f64 / t.speed.max(1.0e-6) + 1.0e-3,
        ),
        None => (exact.toi, (tol + 1.0e-4) / exact.speed.max(1.0e-6) * 4.0),
    };
    // Wider than a narrow panel (the presenter setting): the table scrolls sideways
    // instead of widening the panel for good.
    egui::ScrollArea::horizontal()
        .id_salt("peers_scroll")
        .show(ui, |ui| {
            egui::Grid::new("peers")
                .num_columns(5)
                .striped(true)
                .show(ui, |ui| {
                    for h in ["", "distance", "depth", "points", "TOI t"] {
                        ui.label(RichText::new(h).strong());
                    }
                    ui.end_row();
                    for (k, r) in rows.iter().enumerate() {
                        let hover = if r.note.is_empty() {
                            "answers every query"
                        } else {
                            &r.note
                        };
                        let name = ui
                            .label(RichText::new(&r.name).strong())
                            .on_hover_text(hover);
                        match k {
                            0 => super::widgets::mark(ui, "peer_name", &name),
                            1 => super::widgets::mark(ui, "peer_engine", &name),
                            _ => {}
                        }
                        if name.is_tooltip_open() {
                            tooltip = Some(r.name.clone());
                        }
                        cell(ui, r.distance, Some(exact.distance), tol);
                        if r.lacks_depth {
                            ui.label(RichText::new("n/a").color(Tone::Quiet.color(ui)))
                                .on_hover_text("this engine has no penetration-depth query");
                        } else {
                            cell(ui, r.depth, exact.depth, exact.depth_tolerance + tol);
                        }
                        ui.label(r.points.map_or("—".into(), |n| n.to_string()));
                        match (&r.toi_state, r.toi) {
                            (Some(state), None) => {
                                // A state instead of a time: wrong when the exact answer is a hit.
                                let t = RichText::new(state).monospace();
                                let t = if toi_exact.is_some() {
                                    t.color(Tone::Alarm.color(ui))
                                } else {
                                    t
                                };
                                let l = ui.label(t);
                                if let Some(note) = &r.toi_note {
                                    l.on_hover_text(note);
                                }
                            }
                            _ => cell(ui, r.toi, toi_exact, toi_tol),
                        }
                        ui.end_row();
                    }
                    ui.label(RichText::new("exact (f64)").strong());
                    let fmt = |v: Option<f64>| v.map_or("—".into(), |x| format!("{x:.6}"));
                    ui.label(RichText::new(fmt(Some(exact.distance))).monospace());
                    ui.label(RichText::new(fmt(exact.depth)).monospace());
                    ui.label("");
                    ui.label(RichText::new(fmt(toi_exact)).monospace());
                    ui.end_row();
                });
        });
    tooltip
}

/// "Copy as …": the pair as a regression test (or hex scene) on the clipboard.
fn copy_as_buttons(ui: &mut egui::Ui, app: &mut AppState, a: usize, b: usize) {
    ui.horizontal_wrapped(|ui| {
        ui.label("Copy as");
        for (label, language) in [
            ("Box2D C test", Language::Box2dC),
            ("parry Rust test", Language::ParryRust),
            ("hex scene", Language::SceneHex),
        ] {
            if ui.button(label).clicked() {
                let source = app
                    .path
                    .as_ref()
                    .map_or(app.scene.title.clone(), |p| p.display().to_string());
                match export(&app.scene, a, b, language, &source) {
                    Ok(text) => {
                        ui.ctx().copy_text(text);
                        app.info(format!("Copied the pair as a {label}"));
                    }
                    Err(e) => app.error(e),
                }
            }
        }
    });
}
