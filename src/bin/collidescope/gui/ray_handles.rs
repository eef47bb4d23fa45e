//! The rays' handles on the canvas: a ray's origin and its tip are dragged like a
//! shape's vertices (one undo step per drag). The stepped ray's handles win over the
//! others when they overlap.

use super::canvas::{Canvas, Drag};
use collidescope::app::AppState;
use glam::Vec2;

/// How near (pixels) the cursor must be to an end of a ray to grab it.
const RAY_PICK: f32 = 9.0;

impl Canvas {
    /// Starts dragging the ray end under the cursor (`mouse`, screen pixels), if
    /// any. True when one was grabbed.
    pub fn press_ray(&mut self, app: &mut AppState, mouse: Vec2) -> bool {
        let vp = self.world_vp;
        let cam = app.world_camera;
        let mut order: Vec<usize> = (0..app.scene.rays.len()).collect();
        // The stepped ray first.
        order.sort_by_key(|&r| r != app.ray);
        for r in order {
            let ray = &app.scene.rays[r];
            // The tip first: a zero-length ray's two ends coincide, and pulling the
            // tip out of the origin is what gives it a length.
            for (tip, at) in [(true, ray.tip()), (false, ray.origin)] {
                if cam.to_screen(at, &vp).distance(mouse) <= RAY_PICK {
                    app.begin_drag();
                    app.set_ray(r);
                    self.drag = Drag::RayEnd { r, tip };
                    return true;
                }
            }
        }
        false
    }

    /// Carries a ray end to the cursor.
    pub fn drag_ray(&mut self, app: &mut AppState, r: usize, tip: bool, mouse: Vec2) {
        let w = app.world_camera.to_world(mouse, &self.world_vp);
        // A refused position (beyond the scene's limits) leaves the ray as it was.
        if let Err(e) = app.move_ray_end(r, tip, w) {
            app.error(e);
        }
    }
}
