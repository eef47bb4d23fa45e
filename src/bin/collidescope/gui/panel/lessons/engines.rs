//! Presenter mode's summary of the engines' answers: on a page that shows the Peers
//! section (the side panel is hidden in presenter mode), the strip puts Box2D v3's
//! and parry2d's answers beside ours and the exact one, large enough for a projector:
//! distance (red when off the exact value by more than the Peers table's tolerance),
//! the distance's normal, and the number of contact points.

use crate::gui::panel::widgets::{mark_rect, Tone};
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};

/// One engine's answer in the summary.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Line {
    pub name: String,
    pub distance: Option<f64>,
    /// Off the exact distance by more than the Peers table's tolerance.
    pub off: bool,
    /// The distance query's normal, A to B (none when the shapes touch or overlap).
    pub normal: Option<[f32; 2]>,
    /// Contact points of the manifold (None: the engine gave none).
    pub points: Option<usize>,
}

/// The summary: ours, then each engine's answer; the exact distance and the tolerance
/// a distance is held to.
pub(super) struct Summary {
    pub lines: Vec<Line>,
    pub exact: f64,
    pub tol: f64,
}

/// The summary of the pair shown (`None` without a pair).
pub(super) fn summary(app: &mut AppState) -> Option<Summary> {
    let exact = app.exact()?.clone();
    let tol = exact.length_tolerance;
    let off = |d: Option<f64>| d.is_none_or(|d| (d - exact.distance).abs() > tol);
    let mut lines = Vec::new();
    if let Some(st) = app.studies() {
        let (d, m) = (&st.basics.distance, &st.manifold.sat);
        let distance = Some(d.distance as f64);
        lines.push(Line {
            name: "Collidescope".into(),
            distance,
            off: off(distance),
            normal: d.normal.map(|n| [n.x, n.y]),
            points: Some(if m.is_separated() {
                0
            } else {
                m.points().len()
            }),
        });
    }
    for (engine, a) in app.peer_answers() {
        let distance = a.distance.as_ref().map(|d| d.distance as f64);
        lines.push(Line {
            name: engine.label().to_string(),
            distance,
            off: off(distance),
            normal: a.distance.as_ref().and_then(|d| d.normal),
            points: a.manifold.as_ref().map(|m| m.points.len()),
        });
    }
    Some(Summary {
        lines,
        exact: exact.distance,
        tol,
    })
}

/// The summary, a row per engine, under the page's title in the strip.
pub(super) fn ui_engines(ui: &mut egui::Ui, app: &mut AppState, size: f32) {
    let Some(Summary { lines, exact, tol }) = summary(app) else {
        return;
    };
    // The numbers at full strength, for a projector.
    let strong = ui.visuals().strong_text_color();
    let text = |s: String| RichText::new(s).size(size * 0.9);
    let mono = |s: String| RichText::new(s).size(size * 0.9).monospace().color(strong);
    let quiet = Tone::Quiet.color(ui);
    let top = ui.cursor().top();
    egui::Grid::new("strip_engines")
        .num_columns(4)
        .spacing([size * 1.2, size * 0.2])
        .striped(true)
        .show(ui, |ui| {
            for head in ["", "distance", "normal (A to B)", "contact points"] {
                ui.label(text(head.into()).color(quiet));
            }
            ui.end_row();
            for l in &lines {
                ui.label(text(l.name.clone()).strong());
                let d = mono(l.distance.map_or("—".into(), |d| format!("{d:.6}")));
                ui.label(if l.off {
                    d.color(Tone::Alarm.color(ui))
                } else {
                    d
                });
                ui.label(mono(normal_text(l)));
                ui.label(mono(l.points.map_or("—".into(), |n| n.to_string())));
                ui.end_row();
            }
            ui.label(text("exact (f64)".into()).strong());
            ui.label(mono(format!("{exact:.6}")));
            ui.end_row();
        });
    let bottom = ui.min_rect().bottom();
    ui.label(
        RichText::new(format!(
            "Red: further from the exact distance than {tol:.1e}, the Peers table's tolerance."
        ))
        .size(size * 0.7)
        .color(quiet),
    );
    // Where the summary is, for the scripted test.
    let r = ui.min_rect();
    mark_rect(
        ui,
        "lesson_engines_summary",
        egui::Rect::from_x_y_ranges(r.x_range(), top..=bottom),
    );
}

/// The normal's cell: its components; none where the engine gave no distance, or
/// gave one without a direction (at distance 0, touching or overlapping).
fn normal_text(l: &Line) -> String {
    match (l.distance, l.normal) {
        (None, _) => "—".into(),
        (_, Some(n)) => format!("({:.3}, {:.3})", n[0], n[1]),
        (Some(0.0), None) => "none at distance 0".into(),
        (Some(_), None) => "none".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::lesson::LessonMode;
    use collidescope::scene::Scene;

    #[test]
    fn the_peers_page_summary_has_box2d_false_overlap_and_parry_right() {
        let mut app = AppState::new(Scene::default(), None);
        let engines = collidescope::lesson::library::lesson("engines").unwrap();
        let page = engines.pages.iter().position(|p| p.peers).unwrap();
        let _mode = LessonMode::open("engines", Some(page), &mut app).unwrap();
        let Summary { lines, exact, tol } = summary(&mut app).unwrap();
        assert!(tol > 0.0 && tol < 1e-3, "tolerance {tol}");
        // The plank and the point: 0.505 − 0.5 along the centre line.
        assert!((exact - 0.005).abs() < 1e-6, "exact {exact}");
        let find = |n: &str| lines.iter().find(|l| l.name == n).unwrap().clone();
        let ours = find("Collidescope");
        assert!((ours.distance.unwrap() - 0.005).abs() < 1e-5, "{ours:?}");
        assert!(!ours.off);
        let n = ours.normal.unwrap();
        assert!((n[0] - 1.0).abs() < 1e-3 && n[1].abs() < 1e-3, "{ours:?}");
        if cfg!(feature = "peers") {
            // Box2D's false overlap, as the page says: distance 0, no normal, red.
            let b = find("Box2D v3");
            assert!(
                b.distance.unwrap() < 1e-6 && b.off && b.normal.is_none(),
                "{b:?}"
            );
            let p = find("parry2d");
            assert!(
                (p.distance.unwrap() - 0.005).abs() < 1e-5 && !p.off,
                "{p:?}"
            );
        }
    }
}
