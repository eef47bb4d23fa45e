//! The selected shape's handles on the canvas: where they are (the library's
//! `view::draw::handles`, which also draws them with the view's labels); `canvas.rs`
//! grabs and drags them.

use super::canvas::Canvas;
use collidescope::app::AppState;
use collidescope::view::draw::handles::handle_places;

impl Canvas {
    /// The spin handle of shape `i` (screen pixels): beyond the rotation handle, in
    /// the direction the shape faces at the end of the step.
    pub fn spin_handle(&self, app: &AppState, i: usize) -> Option<glam::Vec2> {
        handle_places(&app.scene, i, &app.world_camera, &self.world_vp).map(|h| h.spin)
    }

    /// The rotation handle of shape `i`, in screen pixels.
    pub fn rotate_handle(&self, app: &AppState, i: usize) -> Option<glam::Vec2> {
        handle_places(&app.scene, i, &app.world_camera, &self.world_vp).map(|h| h.rotate)
    }
}
