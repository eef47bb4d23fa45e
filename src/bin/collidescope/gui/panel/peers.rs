//! The "Peers" section: Box2D v3's and parry2d's answers on the pair beside ours and
//! the exact f64 answer, one row each; a value further from the exact one than the
//! engines' tolerance is shown in red. "Copy as …" puts the pair on the clipboard as
//! a regression test in an engine's language (or as a hex scene).

use super::widgets::{Tip, Tone};
use super::Panel;
use collidescope::app::AppState;
use collidescope::core::consts::LINEAR_SLOP;
use collidescope::core::gjk::{Box2dDistanceReport, CacheUse};
use collidescope::core::toi::rotating::ToiTermination;
use collidescope::repro::Expected;
use collidescope::trace::peer_answer::{Engine, EngineAnswer};
use collidescope::view::text::describe_contact_id;
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
    /// The manifold points' ids (Box2D's `B2_MAKE_ID` for Box2D and for ours under
    /// the `Box2dV3` preset), in order.
    ids: Option<Vec<u32>>,
    /// Ours only: each point's features in words.
    features: Vec<String>,
    /// The distance query's iterations and simplex cache as Box2D reports them (a
    /// cold start), when known.
    gjk: Option<Box2dDistanceReport>,
    /// Ours only: our GJK's iterations and simplex as it ran, where Box2D's rule
    /// returns early on the same run (and would report 0 and no cache, `gjk`): the row
    /// shows what ours did, and a note says where Box2D stops.
    gjk_ran: Option<Box2dDistanceReport>,
    /// The queries the engine stopped on (an assertion, a panic), with the stop in words.
    stopped: Vec<(&'static str, String)>,
}

impl Row {
    /// What the engine stopped on for `query`, if it did.
    fn stop(&self, query: &str) -> Option<&str> {
        self.stopped
            .iter()
            .find(|(q, _)| *q == query || (query == "toi" && *q == "toi_rotating"))
            .map(|(_, why)| why.as_str())
    }
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
                .filter(|r| r.state != ToiTermination::Hit)
                .map(|r| match (r.state, a.toi.as_ref()) {
                    (ToiTermination::Failed, Some(t)) => format!("failed at {:.4}", t.t),
                    (s, _) => s.as_str().to_string(),
                }),
            toi_note: a.toi_rotating.as_ref().and_then(|r| r.note.clone()),
            lacks_depth: a.missing.iter().any(|m| m.starts_with("penetration")),
            note: a.missing.join("; "),
            ids: a
                .manifold
                .as_ref()
                .map(|m| m.points.iter().filter_map(|p| p.id).collect()),
            features: Vec::new(),
            gjk: a.distance.as_ref().and_then(|d| {
                let (iterations, cache) = (d.iterations?, d.cache.as_ref()?);
                Some(Box2dDistanceReport {
                    iterations,
                    index_a: cache.index_a.clone(),
                    index_b: cache.index_b.clone(),
                })
            }),
            gjk_ran: None,
            stopped: a.faults.iter().map(|f| (f.query, f.to_string())).collect(),
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
        // The actions first: below the table and its notes they wrap out of sight in a
        // narrow panel.
        super::copy_as::copy_as_buttons(ui, app, a, b);
        let (off, tooltip) = peers_table(ui, &rows, &exact);
        self.peers_off = off;
        self.tooltip = tooltip;
        if let Some(ours) = rows.first().filter(|r| !r.features.is_empty()) {
            let ids = ours.ids.as_deref().unwrap_or(&[]);
            let words: Vec<String> = ours
                .features
                .iter()
                .zip(ids)
                .map(|(f, id)| format!("{f} (id {id:#06x})"))
                .collect();
            ui.label(RichText::new(format!("Our points' features: {}.", words.join("; "))).small());
        }
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
                "Red: further from the exact value than {:.1e} (1e-4 of the pair's size: the radius around A's centre that holds both shapes).{engines_hint}",
                exact.length_tolerance
            ))
            .small(),
        );
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
                Some(_) => (st.rotating.output.termination == ToiTermination::Hit)
                    .then_some(st.rotating.output.t as f64),
                None => st.cast.output.hit.then_some(st.cast.output.t as f64),
            },
            toi_state: (exact.turning.is_some()
                && st.rotating.output.termination != ToiTermination::Hit)
                .then(|| st.rotating.output.termination.as_str().to_string()),
            toi_note: None,
            lacks_depth: false,
            note: String::new(),
            ids: Some(m.points().iter().map(|p| p.id).collect()),
            features: m
                .points()
                .iter()
                .map(|p| describe_contact_id(p.features))
                .collect(),
            // Box2D's distance starts cold: compared only when ours did too.
            gjk: (an.distance.cache_use == CacheUse::Cold).then(|| an.distance.box2d_report()),
            gjk_ran: (an.distance.cache_use == CacheUse::Cold && an.distance.box2d_early_return)
                .then(|| an.distance.report_as_run()),
            stopped: Vec::new(),
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

/// "asserted" (or "panicked") in red in place of a value, the stop on hover.
fn stopped_cell(ui: &mut egui::Ui, why: &str) {
    let word = if why.contains(" panicked ") {
        "panicked"
    } else {
        "asserted"
    };
    ui.label(RichText::new(word).monospace().color(Tone::Alarm.color(ui)))
        .tip(why);
}

/// A number, red when further than `tol` from `want` (or present where `want` is not).
/// The centre of a red one, in pixels.
fn cell(ui: &mut egui::Ui, v: Option<f64>, want: Option<f64>, tol: f64) -> Option<[f32; 2]> {
    let text = v.map_or("—".to_string(), |x| format!("{x:.6}"));
    let off = match (v, want) {
        (Some(x), Some(w)) => (x - w).abs() > tol,
        (None, Some(_)) => true,
        (Some(_), None) | (None, None) => false,
    };
    let t = RichText::new(text).monospace();
    let r = ui.label(if off {
        t.color(Tone::Alarm.color(ui))
    } else {
        t
    });
    off.then(|| centre(ui, &r))
}

/// Where `r` was drawn, in canvas pixels (the page's test reads it).
fn centre(ui: &egui::Ui, r: &egui::Response) -> [f32; 2] {
    let ppp = super::widgets::canvas_px_per_point(ui.ctx());
    [r.rect.center().x * ppp, r.rect.center().y * ppp]
}

/// A red cell of the table ("engine/column") and where it was drawn.
type OffCell = (String, [f32; 2]);

/// What the table holds each row against: the exact answers with their tolerances,
/// and whether our ids and GJK report differ from Box2D's.
struct Targets {
    /// The length tolerance (distance, depth).
    tol: f64,
    toi_exact: Option<f64>,
    toi_tol: f64,
    /// Ours and Box2D's both known and different: red in both rows.
    ids_differ: bool,
    gjk_differ: bool,
}

impl Targets {
    fn new(rows: &[Row], exact: &Expected) -> Targets {
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
        // Ids and GJK's iterations are compared with Box2D's (ours under the Box2dV3
        // preset are Box2D's own): a difference is red in both rows.
        let box2d = rows.iter().find(|r| r.name == Engine::Box2d.label());
        let ours = rows.first();
        Targets {
            tol,
            toi_exact,
            toi_tol,
            ids_differ: known_and_different(
                ours.and_then(|r| r.ids.as_ref()),
                box2d.and_then(|r| r.ids.as_ref()),
            ),
            gjk_differ: known_and_different(
                ours.and_then(|r| r.gjk.as_ref()),
                box2d.and_then(|r| r.gjk.as_ref()),
            ),
        }
    }
}

/// Both known, and not the same.
fn known_and_different<T: PartialEq>(a: Option<T>, b: Option<T>) -> bool {
    matches!((a, b), (Some(a), Some(b)) if a != b)
}

/// The red cells of one engine's block, each kept as "engine/column" with where it
/// was drawn.
struct RedCells<'a> {
    engine: &'a str,
    off: &'a mut Vec<OffCell>,
}

impl RedCells<'_> {
    fn mark(&mut self, column: &str, at: Option<[f32; 2]>) {
        if let Some(at) = at {
            self.off.push((format!("{}/{column}", self.engine), at));
        }
    }
}

/// The table; returns its red cells and the name of the row whose tooltip is open.
fn peers_table(
    ui: &mut egui::Ui,
    rows: &[Row],
    exact: &Expected,
) -> (Vec<OffCell>, Option<String>) {
    let mut off = Vec::new();
    let mut tooltip = None;
    let targets = Targets::new(rows, exact);
    // A block per engine, a row per quantity: it fits the panel at any width and text
    // size (seven columns side by side did not, and scrolled sideways).
    let row_gap = ui.spacing().item_spacing.y * 2.0;
    // Each column wraps at half the panel: a long value (GJK's cache) wraps instead of
    // widening the panel, which would keep the width for the rest of the session.
    let half = ((ui.available_width() - ui.spacing().item_spacing.x) / 2.0).max(60.0);
    egui::Grid::new("peers")
        .num_columns(2)
        .striped(true)
        .max_col_width(half)
        .show(ui, |ui| {
            for (k, r) in rows.iter().enumerate() {
                if engine_name(ui, k, r) {
                    tooltip = Some(r.name.clone());
                }
                let mut red = RedCells {
                    engine: &r.name,
                    off: &mut off,
                };
                answer_cells(ui, r, exact, &targets, &mut red);
                toi_cell(ui, r, &targets, &mut red);
                // Ours and Box2D's are compared with each other.
                let compared = k == 0 || r.name == Engine::Box2d.label();
                id_cells(ui, r, compared, &targets);
                ui.add_space(row_gap);
                ui.end_row();
            }
            exact_block(ui, exact, targets.toi_exact);
        });
    (off, tooltip)
}

/// The engine's name heading its block (row `k` of the table), what it lacks on hover;
/// whether it is hovered.
fn engine_name(ui: &mut egui::Ui, k: usize, r: &Row) -> bool {
    let hover = if r.note.is_empty() {
        "answers every query"
    } else {
        &r.note
    };
    let name = ui.label(RichText::new(&r.name).strong()).tip(hover);
    match k {
        0 => super::widgets::mark(ui, "peer_name", &name),
        1 => super::widgets::mark(ui, "peer_engine", &name),
        _ => {}
    }
    let hovered = name.hovered();
    ui.end_row();
    hovered
}

/// The distance, depth and number of points of a row, red where off the exact answer.
fn answer_cells(ui: &mut egui::Ui, r: &Row, exact: &Expected, t: &Targets, red: &mut RedCells) {
    quantity(ui, "distance");
    match r.stop("distance") {
        Some(why) => stopped_cell(ui, why),
        None => red.mark(
            "distance",
            cell(ui, r.distance, Some(exact.distance), t.tol),
        ),
    }
    ui.end_row();
    quantity(ui, "depth");
    if let Some(why) = r.stop("penetration") {
        stopped_cell(ui, why);
    } else if r.lacks_depth {
        ui.label(RichText::new("n/a").color(Tone::Quiet.color(ui)))
            .tip("this engine has no penetration-depth query");
    } else {
        let depth_tol = exact.depth_tolerance + t.tol;
        red.mark("depth", cell(ui, r.depth, exact.depth, depth_tol));
    }
    ui.end_row();
    quantity(ui, "points");
    match r.stop("manifold") {
        Some(why) => stopped_cell(ui, why),
        None => {
            ui.label(r.points.map_or("—".into(), |n| n.to_string()));
        }
    }
    ui.end_row();
}

/// The time of impact of a row: a time, or the state said instead (red when the
/// exact answer is a hit).
fn toi_cell(ui: &mut egui::Ui, r: &Row, t: &Targets, red: &mut RedCells) {
    quantity(ui, "TOI t");
    match (r.stop("toi"), &r.toi_state, r.toi) {
        (Some(why), _, _) => stopped_cell(ui, why),
        (None, Some(state), None) => {
            // A state instead of a time: wrong when the exact answer is a hit.
            let text = RichText::new(state).monospace();
            let wrong = t.toi_exact.is_some();
            let l = ui.label(if wrong {
                text.color(Tone::Alarm.color(ui))
            } else {
                text
            });
            red.mark("TOI t", wrong.then(|| centre(ui, &l)));
            if let Some(note) = &r.toi_note {
                l.tip(note);
            }
        }
        (None, _, _) => red.mark("TOI t", cell(ui, r.toi, t.toi_exact, t.toi_tol)),
    }
    ui.end_row();
}

/// The manifold's ids and GJK's report of a row; when `compared` (ours and Box2D's),
/// red where the two differ.
fn id_cells(ui: &mut egui::Ui, r: &Row, compared: bool, t: &Targets) {
    quantity(ui, "ids");
    let ids = ui.label(red_if(
        ui,
        ids_text(r.ids.as_deref()),
        compared && t.ids_differ,
    ));
    if !r.features.is_empty() {
        ids.tip(format!("features: {}", r.features.join("; ")));
    } else if compared {
        ids.tip("B2_MAKE_ID(a, b) of each point, in Box2D's order");
    } else {
        ids.tip("the engine's own numbering (not Box2D's)");
    }
    ui.end_row();
    // An engine that reports no GJK count (parry2d) has no such row.
    if r.gjk.is_none() && !compared {
        return;
    }
    quantity(ui, "GJK iterations · cache").tip(
        "GJK's support evaluations and its simplex cache, counted the way Box2D's b2ShapeDistance counts them",
    );
    match &r.gjk_ran {
        // Ours went on where Box2D's rule returns early: what ours ran, then a note
        // with what Box2D's rule reports there (compared with Box2D's row).
        Some(ran) => {
            ui.label(RichText::new(gjk_text(Some(ran))).monospace())
                .tip("what our GJK ran, from a cold start");
            ui.end_row();
            quantity(ui, "where Box2D stops").tip(
                "Box2D's rule returns early at a step of this run (its simplex encloses the origin, or its search direction is too short) and then reports 0 iterations and no cache",
            );
            let stop = match r.gjk.as_ref() {
                Some(g) if g.index_a.is_empty() => format!("{} it. · no cache", g.iterations),
                g => gjk_text(g),
            };
            ui.label(red_if(ui, stop, compared && t.gjk_differ));
        }
        None => {
            ui.label(red_if(ui, gjk_text(r.gjk.as_ref()), compared && t.gjk_differ)).tip(
                "support evaluations and the simplex's vertex pairs as b2ShapeDistance reports them from a cold start (0 and none when it returns early: overlap, or its direction test)",
            );
        }
    }
    ui.end_row();
}

/// The exact (f64) answers, the block under the engines'.
fn exact_block(ui: &mut egui::Ui, exact: &Expected, toi_exact: Option<f64>) {
    let fmt = |v: Option<f64>| v.map_or("—".into(), |x| format!("{x:.6}"));
    ui.label(RichText::new("exact (f64)").strong());
    ui.end_row();
    for (what, v) in [
        ("distance", Some(exact.distance)),
        ("depth", exact.depth),
        ("TOI t", toi_exact),
    ] {
        quantity(ui, what);
        ui.label(RichText::new(fmt(v)).monospace());
        ui.end_row();
    }
}

/// The name of a quantity in an engine's block, indented under the engine's name.
fn quantity(ui: &mut egui::Ui, name: &str) -> egui::Response {
    ui.label(format!("  {name}"))
}

/// Monospace text, red when `off`.
fn red_if(ui: &egui::Ui, text: String, off: bool) -> RichText {
    let t = RichText::new(text).monospace();
    if off {
        t.color(Tone::Alarm.color(ui))
    } else {
        t
    }
}

/// Ids in hex ("0x0102 0x0201"), "—" without a manifold.
fn ids_text(ids: Option<&[u32]>) -> String {
    match ids {
        None => "—".into(),
        Some([]) => "none".into(),
        Some(ids) => ids
            .iter()
            .map(|i| format!("{i:#06x}"))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

/// "3 it. · A[1 0] B[1 1]" (the iterations, the cache's vertex indices), "—" when
/// unknown.
fn gjk_text(g: Option<&Box2dDistanceReport>) -> String {
    let list = |v: &[u8]| {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    g.map_or("—".into(), |g| {
        format!(
            "{} it. · A[{}] B[{}]",
            g.iterations,
            list(&g.index_a),
            list(&g.index_b)
        )
    })
}
