//! The selected shape's handles on the canvas: the rotation handle (a white ring on a
//! dashed tether) and the spin handle (the turn per step), where they are and how
//! they are drawn; `canvas.rs` grabs and drags them.

use super::canvas::{Canvas, ROTATE_HANDLE_OFFSET, SPIN_HANDLE_EXTRA};
use collidescope::app::AppState;
use collidescope::render::{Painter, ViewFrame};
use collidescope::view::palette;

impl Canvas {
    /// The spin handle of shape `i` (screen pixels): beyond the rotation handle, in
    /// the direction the shape faces at the end of the step.
    pub fn spin_handle(&self, app: &AppState, i: usize) -> Option<glam::Vec2> {
        let s = app.scene.shapes.get(i)?;
        let cam = &app.world_camera;
        let reach = s.shape.bounding_radius() * cam.zoom + ROTATE_HANDLE_OFFSET + SPIN_HANDLE_EXTRA;
        let a = s.pose.angle + s.angular_velocity;
        let center = cam.to_screen(s.pose.position, &self.world_vp);
        Some(center + glam::Vec2::new(a.cos(), -a.sin()) * reach)
    }

    /// The rotation handle of shape `i`, in screen pixels.
    pub fn rotate_handle(&self, app: &AppState, i: usize) -> Option<glam::Vec2> {
        let s = app.scene.shapes.get(i)?;
        let cam = &app.world_camera;
        let reach = s.shape.bounding_radius() * cam.zoom + ROTATE_HANDLE_OFFSET;
        let dir = glam::Vec2::new(s.pose.angle.cos(), s.pose.angle.sin());
        let center = cam.to_screen(s.pose.position, &self.world_vp);
        Some(center + glam::Vec2::new(dir.x, -dir.y) * reach)
    }

    /// The selected shape's rotate handle: a white ring on a dashed tether.
    pub(super) fn draw_rotate_handle(
        &self,
        app: &AppState,
        view: &ViewFrame,
        out: &mut impl Painter,
    ) {
        let Some(i) = app.selected else { return };
        let Some(h) = self.rotate_handle(app, i) else {
            return;
        };
        let c = view.to_screen(app.scene.shapes[i].pose.position);
        out.begin_group(None, None, None, Some(&view.viewport));
        out.polyline(&[c, h], false, 1.0, palette::HANDLE_TETHER, true);
        out.dot(h, 7.0, palette::HANDLE);
        out.dot(h, 4.0, palette::BACKGROUND);
        self.draw_spin_handle(app, i, c, &mut *out);
        out.end_group();
    }

    /// The spin handle: an arc from the shape's angle through its turn per step (the
    /// first turn drawn, the count written), ending in a ring in the time-of-impact
    /// colour.
    fn draw_spin_handle(&self, app: &AppState, i: usize, c: glam::Vec2, out: &mut impl Painter) {
        let Some(h) = self.spin_handle(app, i) else {
            return;
        };
        let s = &app.scene.shapes[i];
        let color = collidescope::view::draw::LayerId::Toi.color();
        let reach = c.distance(h);
        let w = s.angular_velocity;
        let sweep = w.clamp(-std::f32::consts::TAU, std::f32::consts::TAU);
        let n = ((sweep.abs() / 0.1).ceil() as usize).clamp(2, 64);
        let arc: Vec<glam::Vec2> = (0..=n)
            .map(|k| {
                let a = s.pose.angle + sweep * k as f32 / n as f32;
                c + glam::Vec2::new(a.cos(), -a.sin()) * reach
            })
            .collect();
        if w != 0.0 {
            out.polyline(&arc, false, 1.5, color, false);
        }
        out.dot(h, 7.0, color);
        out.dot(h, 4.0, palette::BACKGROUND);
        let turns = w / std::f32::consts::TAU;
        let label = format!("spin {turns:+.2} turns/step");
        // Right of the handle, or left of it in the view's right half (never clipped):
        // Hack's advance is 0.6 em.
        let width = 0.6 * 13.0 * label.chars().count() as f32;
        let right_half = h.x > self.world_vp.x + 0.5 * self.world_vp.w;
        let dx = if right_half { -9.0 - width } else { 9.0 };
        out.text(h + glam::Vec2::new(dx, -9.0), &label, 13.0, color);
    }
}
