//! Small widget helpers shared by the sections: numeric drags that are one undo step.

use collidescope::app::AppState;
use egui_macroquad::egui;

/// Makes a numeric drag one undo step (begin on drag start, end on release).
pub(super) fn track(app: &mut AppState, r: &egui::Response) {
    if r.drag_started() {
        app.begin_drag();
    }
    if r.drag_stopped() {
        app.end_drag();
    }
}

/// A number dragged at `speed` (five decimals), tracked as one undo step.
/// True when it changed.
pub(super) fn drag(ui: &mut egui::Ui, app: &mut AppState, v: &mut f32, speed: f64) -> bool {
    let r = ui.add(egui::DragValue::new(v).speed(speed).max_decimals(5));
    track(app, &r);
    r.changed()
}
