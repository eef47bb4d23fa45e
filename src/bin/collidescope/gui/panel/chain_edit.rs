//! The chain selection in the panel: which chain, segment and point are selected on
//! the canvas, how to edit them there, and the same edits as buttons (insert a point
//! at the selected segment's middle, delete the selected point).

use super::Panel;
use collidescope::app::AppState;
use egui_macroquad::egui;

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
        ui.horizontal(|ui| {
            if ui
                .add_enabled(middle.is_some(), egui::Button::new("Insert point"))
                .on_hover_text("a point at the middle of the selected segment")
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
                .on_hover_text("the selected point (key: Delete)")
                .clicked()
            {
                if let Some(i) = sel.point {
                    if let Err(e) = app.delete_chain_point(sel.chain, i) {
                        app.error(e);
                    }
                }
            }
        });
        ui.separator();
    }
}
