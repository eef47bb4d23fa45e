//! The chains on the canvas: a click on a chain point grabs it (dragged like a
//! shape's vertex, one undo step per drag) and selects it; a click on a segment where
//! no shape is selects the segment; a double click on a segment inserts a point there
//! (one undo step); Delete removes the selected point (see `mod.rs`). The selection
//! is drawn over the views: the segment thick, the point ringed.

use super::canvas::{Canvas, Drag};
use collidescope::app::{AppState, ChainSelection};
use collidescope::core::math::point_segment_distance;
use collidescope::render::{Painter, ViewFrame};
use collidescope::view::palette;
use glam::Vec2;

/// How near (pixels) the cursor must be to a chain point to grab it.
const POINT_PICK: f32 = 8.0;
/// How near (pixels) to a segment a click selects it.
const SEGMENT_PICK: f32 = 6.0;
/// Two clicks within this time (seconds) and distance (pixels) are a double click.
const DOUBLE_CLICK_TIME: f64 = 0.4;
const DOUBLE_CLICK_DISTANCE: f32 = 6.0;

/// The chain point under `mouse` (screen pixels): (chain, point).
fn point_at(canvas: &Canvas, app: &AppState, mouse: Vec2) -> Option<(usize, usize)> {
    let cam = app.world_camera;
    app.scene.chains.iter().enumerate().find_map(|(c, chain)| {
        let xf = chain.pose.transform();
        chain
            .points
            .iter()
            .position(|p| {
                cam.to_screen(xf.apply(*p), &canvas.world_vp)
                    .distance(mouse)
                    <= POINT_PICK
            })
            .map(|i| (c, i))
    })
}

/// The chain segment under `mouse`: (chain, segment).
fn segment_at(canvas: &Canvas, app: &AppState, mouse: Vec2) -> Option<(usize, usize)> {
    let cam = app.world_camera;
    app.scene.chains.iter().enumerate().find_map(|(c, chain)| {
        let xf = chain.pose.transform();
        (0..chain.segments().len()).find_map(|s| {
            let (a, b) = chain.segment_points(s)?;
            let to = |i: usize| cam.to_screen(xf.apply(chain.points[i]), &canvas.world_vp);
            (point_segment_distance(mouse, to(a), to(b)) <= SEGMENT_PICK).then_some((c, s))
        })
    })
}

impl Canvas {
    /// A press on a chain point: grabs and selects it. True when one was.
    pub fn press_chain_point(&mut self, app: &mut AppState, mouse: Vec2) -> bool {
        let Some((c, i)) = point_at(self, app, mouse) else {
            return false;
        };
        let segment = app.chain_selection().and_then(|s| s.segment);
        app.select_chain(Some(ChainSelection {
            chain: c,
            segment,
            point: Some(i),
        }));
        app.begin_drag();
        self.drag = Drag::ChainPoint { c, i };
        true
    }

    /// A press on a chain segment (nothing else under the cursor): selects it, or
    /// on a double click inserts a point there. True when it was on a segment.
    pub fn press_chain_segment(&mut self, app: &mut AppState, mouse: Vec2, now: f64) -> bool {
        let double = self.last_click.is_some_and(|(t, at)| {
            now - t <= DOUBLE_CLICK_TIME && at.distance(mouse) <= DOUBLE_CLICK_DISTANCE
        });
        self.last_click = Some((now, mouse));
        let Some((c, s)) = segment_at(self, app, mouse) else {
            return false;
        };
        if double {
            let w = app.world_camera.to_world(mouse, &self.world_vp);
            if let Err(e) = app.insert_chain_point(c, s, w) {
                app.error(e);
            }
            self.last_click = None;
        } else {
            app.select_chain(Some(ChainSelection {
                chain: c,
                segment: Some(s),
                point: None,
            }));
        }
        true
    }

    /// Carries a chain point to the cursor (a refused position leaves the chain).
    pub fn drag_chain_point(&mut self, app: &mut AppState, c: usize, i: usize, mouse: Vec2) {
        let w = app.world_camera.to_world(mouse, &self.world_vp);
        if let Err(e) = app.move_chain_point(c, i, w) {
            app.error(e);
        }
    }

    /// The selected segment (thick) and point (ringed), over the world view.
    pub fn draw_chain_selection(&self, app: &AppState, view: &ViewFrame, out: &mut impl Painter) {
        let Some(sel) = app.chain_selection() else {
            return;
        };
        let chain = &app.scene.chains[sel.chain];
        let xf = chain.pose.transform();
        let at = |i: usize| view.to_screen(xf.apply(chain.points[i]));
        out.begin_group(None, None, None, Some(&view.viewport));
        if let Some((a, b)) = sel.segment.and_then(|s| chain.segment_points(s)) {
            out.polyline(&[at(a), at(b)], false, 5.0, palette::HANDLE_TETHER, false);
        }
        if let Some(i) = sel.point {
            out.dot(at(i), 7.0, palette::HANDLE);
            out.dot(at(i), 4.0, palette::BACKGROUND);
        }
        out.end_group();
    }
}
