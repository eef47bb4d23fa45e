//! The chain selection in the panel: which chain, segment and point are selected on
//! the canvas, how to edit them there, and the same edits as buttons (insert a point
//! at the selected segment's middle, delete the selected point).

use super::widgets::Tip;
use super::Panel;
use collidescope::app::AppState;
use collidescope::view::narrate::chain::chain_decisions;
use egui_macroquad::egui;

/// A segment's decisions against each shape (shape name, sentences), with the revision
/// and (chain, segment) they were told for.
pub(super) type ChainStory = (u64, (usize, usize), Vec<(String, Vec<String>)>);

impl Panel {
    pub(super) fn ui_chain_edit(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let Some(sel) = app.chain_selection() else {
            ui.label("Click a chain segment to select it, a chain point to select it and drag it; double-click a segment to insert a point; Delete removes the selected point. Each edit is one undo step.");
            return;
        };
        let chain = &app.scene.chains[sel.chain];
        let mut what = format!("Chain \"{}\"", chain.name);
        if let Some(s) = sel.segment {
            what.push_str(&format!(", segment {s}"));
        }
        if let Some(i) = sel.point {
            let p = chain.pose.transform().apply(chain.points[i]);
            what.push_str(&format!(", point {i} at ({:.4}, {:.4})", p.x, p.y));
        }
        ui.label(what);
        let middle = sel.segment.and_then(|s| {
            let (a, b) = chain.segment_points(s)?;
            let xf = chain.pose.transform();
            Some((s, xf.apply(chain.points[a].lerp(chain.points[b], 0.5))))
        });
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(middle.is_some(), egui::Button::new("Insert point"))
                .tip("a point at the middle of the selected segment")
                .clicked()
            {
                if let Some((s, at)) = middle {
                    if let Err(e) = app.insert_chain_point(sel.chain, s, at) {
                        app.error(e);
                    }
                }
            }
            if ui
                .add_enabled(sel.point.is_some(), egui::Button::new("Delete point"))
                .tip("the selected point (key: Delete)")
                .clicked()
            {
                if let Some(i) = sel.point {
                    if let Err(e) = app.delete_chain_point(sel.chain, i) {
                        app.error(e);
                    }
                }
            }
        });
        if let Some(s) = sel.segment {
            self.ui_chain_story(ui, app, (sel.chain, s));
        }
        ui.separator();
    }

    /// The selected segment's query against each shape, decision by decision, in words.
    fn ui_chain_story(&mut self, ui: &mut egui::Ui, app: &AppState, seg: (usize, usize)) {
        let revision = app.revision();
        if !matches!(&self.chain_story, Some((r, s, _)) if *r == revision && *s == seg) {
            let story = (0..app.scene.shapes.len())
                .map(|s| {
                    let lines = chain_decisions(&app.scene, seg.0, seg.1, s);
                    (app.scene.shapes[s].name.clone(), lines)
                })
                .collect();
            self.chain_story = Some((revision, seg, story));
        }
        let Some((_, _, story)) = &self.chain_story else {
            return;
        };
        if app.scene.settings.chain_mode == collidescope::core::settings::ChainMode::Naive {
            ui.label(
                egui::RichText::new(
                    "The chain query's decisions (smooth); the naive mode collides each segment as a lone two-sided segment instead.",
                )
                .small(),
            );
        }
        for (name, lines) in story {
            let outcome = lines.last().map(String::as_str).unwrap_or("");
            egui::CollapsingHeader::new(format!("Segment {} × {name}: {outcome}", seg.1))
                .id_salt(("chain_story", name))
                .default_open(false)
                .show(ui, |ui| {
                    for (k, line) in lines.iter().enumerate() {
                        ui.label(format!("{}. {line}", k + 1));
                    }
                });
        }
    }
}
