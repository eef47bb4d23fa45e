//! The canvas' mouse input: the wheel zooms, the right or middle button pans, the left
//! button picks and drags a shape, its vertices, its rotation and spin handles, B in
//! configuration space, a ray's ends or a chain's points (one undo step per drag).

use super::canvas::{Canvas, Drag};
use collidescope::app::AppState;
use collidescope::view::draw::Space;
use macroquad::prelude::{
    get_time, is_key_down, is_mouse_button_down, is_mouse_button_pressed, is_mouse_button_released,
    mouse_position, mouse_wheel, KeyCode, MouseButton,
};

/// Handle sizes, pixels.
const VERTEX_PICK: f32 = 9.0;
const ROTATE_PICK: f32 = 9.0;

impl Canvas {
    /// Mouse input. `over_ui`: egui wants the pointer; a drag already under way
    /// continues over the panel, but nothing starts there.
    pub fn handle_mouse(&mut self, app: &mut AppState, over_ui: bool) {
        let (mx, my) = mouse_position();
        let mouse = glam::Vec2::new(mx, my);
        if !over_ui {
            self.wheel_zoom(app, mouse);
            let pan_pressed = is_mouse_button_pressed(MouseButton::Middle)
                || is_mouse_button_pressed(MouseButton::Right);
            if pan_pressed {
                if let Some(space) = self.view_at(mouse) {
                    self.drag = Drag::Pan { space, last: mouse };
                }
            }
            if is_mouse_button_pressed(MouseButton::Left) {
                self.press(app, mouse);
            }
        }
        self.drag_to(app, mouse);
        self.release(app);
    }

    /// The wheel zooms the view under the cursor about the cursor.
    fn wheel_zoom(&mut self, app: &mut AppState, mouse: glam::Vec2) {
        let (wvp, cvp) = (self.world_vp, self.config_vp);
        let (_, wheel) = mouse_wheel();
        if wheel != 0.0 {
            let factor = if wheel > 0.0 { 1.15 } else { 1.0 / 1.15 };
            match self.view_at(mouse) {
                Some(Space::World) => app.world_camera.zoom_at(mouse, factor, &wvp),
                Some(Space::Config) => app.config_camera.zoom_at(mouse, factor, &cvp),
                None => {}
            }
        }
    }

    /// Carries the drag under way to the cursor at `mouse`.
    fn drag_to(&mut self, app: &mut AppState, mouse: glam::Vec2) {
        match self.drag {
            Drag::None => {}
            Drag::Pan { space, last } => self.drag_pan(app, space, last, mouse),
            Drag::Move { i, grab } => {
                if is_mouse_button_down(MouseButton::Left) {
                    let w = app.world_camera.to_world(mouse, &self.world_vp);
                    let target = w + grab;
                    if app
                        .scene
                        .shapes
                        .get(i)
                        .is_some_and(|s| s.pose.position != target)
                    {
                        app.move_shape(i, target);
                    }
                }
            }
            Drag::Rotate { i, offset } => {
                if is_mouse_button_down(MouseButton::Left) {
                    self.drag_rotate(app, i, offset, mouse);
                }
            }
            Drag::Spin { i, last } => {
                if is_mouse_button_down(MouseButton::Left) {
                    self.drag_spin(app, i, last, mouse);
                }
            }
            Drag::Vertex { i, k } => {
                if is_mouse_button_down(MouseButton::Left) {
                    let w = app.world_camera.to_world(mouse, &self.world_vp);
                    // A refused move keeps the polygon as it was and flags the vertex.
                    let _ = app.move_vertex(i, k, w);
                }
            }
            Drag::ConfigMoveB { b, last } => {
                if is_mouse_button_down(MouseButton::Left) {
                    self.drag_config_b(app, b, last, mouse);
                }
            }
            Drag::RayEnd { r, tip } => {
                if is_mouse_button_down(MouseButton::Left) {
                    self.drag_ray(app, r, tip, mouse);
                }
            }
            Drag::ChainPoint { c, i } => {
                if is_mouse_button_down(MouseButton::Left) {
                    self.drag_chain_point(app, c, i, mouse);
                }
            }
        }
    }

    /// Pans the view while the right or middle button is held; ends the pan otherwise.
    fn drag_pan(&mut self, app: &mut AppState, space: Space, last: glam::Vec2, mouse: glam::Vec2) {
        if is_mouse_button_down(MouseButton::Middle) || is_mouse_button_down(MouseButton::Right) {
            let cam = match space {
                Space::World => &mut app.world_camera,
                Space::Config => &mut app.config_camera,
            };
            cam.pan(mouse - last);
            self.drag = Drag::Pan { space, last: mouse };
        } else {
            self.drag = Drag::None;
        }
    }

    /// Turns shape `i` to follow the cursor (Shift held: in 15° steps).
    fn drag_rotate(&self, app: &mut AppState, i: usize, offset: f32, mouse: glam::Vec2) {
        if let Some(s) = app.scene.shapes.get(i) {
            let w = app.world_camera.to_world(mouse, &self.world_vp);
            let d = w - s.pose.position;
            if d.length_squared() > 0.0 {
                let mut angle = d.y.atan2(d.x) + offset;
                if shift_held() {
                    let snap = std::f32::consts::PI / 12.0; // 15°
                    angle = (angle / snap).round() * snap;
                }
                app.rotate_shape(i, angle);
            }
        }
    }

    /// Winds the turn per step by the cursor's turn about the shape since `last`
    /// (several turns by going round several times; Shift snaps to eighth turns).
    fn drag_spin(&mut self, app: &mut AppState, i: usize, last: f32, mouse: glam::Vec2) {
        let Some(s) = app.scene.shapes.get(i) else {
            return;
        };
        let d = app.world_camera.to_world(mouse, &self.world_vp) - s.pose.position;
        if d.length_squared() == 0.0 {
            return;
        }
        let now = d.y.atan2(d.x);
        let tau = std::f32::consts::TAU;
        // The smallest turn from last to now, so crossing ±π does not jump a turn.
        let step = (now - last + std::f32::consts::PI).rem_euclid(tau) - std::f32::consts::PI;
        let mut w = s.angular_velocity + step;
        self.drag = Drag::Spin { i, last: now };
        if shift_held() {
            let snap = tau / 8.0;
            w = (w / snap).round() * snap;
        }
        if w != s.angular_velocity {
            app.set_angular_velocity(i, w);
        }
    }

    /// Moves B by the cursor's motion in configuration space since `last`.
    fn drag_config_b(&mut self, app: &mut AppState, b: usize, last: glam::Vec2, mouse: glam::Vec2) {
        let cvp = self.config_vp;
        let now = app.config_camera.to_world(mouse, &cvp);
        let then = app.config_camera.to_world(last, &cvp);
        if let Some(s) = app.scene.shapes.get(b) {
            let p = s.pose.position + (now - then);
            app.move_shape(b, p);
        }
        self.drag = Drag::ConfigMoveB { b, last: mouse };
    }

    /// Releasing the left button ends a left drag (one undo step).
    fn release(&mut self, app: &mut AppState) {
        if is_mouse_button_released(MouseButton::Left)
            && matches!(
                self.drag,
                Drag::Move { .. }
                    | Drag::Rotate { .. }
                    | Drag::Spin { .. }
                    | Drag::Vertex { .. }
                    | Drag::ConfigMoveB { .. }
                    | Drag::RayEnd { .. }
                    | Drag::ChainPoint { .. }
            )
        {
            self.drag = Drag::None;
            app.end_drag();
        }
    }

    fn press(&mut self, app: &mut AppState, mouse: glam::Vec2) {
        match self.view_at(mouse) {
            Some(Space::World) => self.press_world(app, mouse),
            Some(Space::Config) => {
                if let Some((_, b)) = app.pair {
                    app.begin_drag();
                    self.drag = Drag::ConfigMoveB { b, last: mouse };
                }
            }
            None => {}
        }
    }

    /// A press on the world view: a ray's end, the selection's handles, a chain's
    /// point, a shape (selected and dragged) or a chain's segment, in that order.
    fn press_world(&mut self, app: &mut AppState, mouse: glam::Vec2) {
        let w = app.world_camera.to_world(mouse, &self.world_vp);
        if self.press_ray(app, mouse) {
            return;
        }
        if let Some(i) = app.selected {
            if self.press_selection(app, i, mouse) {
                return;
            }
        }
        if self.press_chain_point(app, mouse) {
            return;
        }
        // The topmost shape under the cursor (drawn last = on top).
        let hit = (0..app.scene.shapes.len())
            .rev()
            .find(|&i| contains(app, i, w));
        if hit.is_none() && self.press_chain_segment(app, mouse, get_time()) {
            return;
        }
        app.select_chain(None);
        app.select(hit);
        if let Some(i) = hit {
            app.begin_drag();
            self.drag = Drag::Move {
                i,
                grab: app.scene.shapes[i].pose.position - w,
            };
        }
    }

    /// Starts dragging a handle of the selected shape `i` under the cursor: its spin
    /// handle (turn per step), its rotation handle, a vertex. True when one was grabbed.
    fn press_selection(&mut self, app: &mut AppState, i: usize, mouse: glam::Vec2) -> bool {
        let wvp = self.world_vp;
        let w = app.world_camera.to_world(mouse, &wvp);
        if let Some(h) = self.spin_handle(app, i) {
            if h.distance(mouse) <= ROTATE_PICK {
                let d = w - app.scene.shapes[i].pose.position;
                app.begin_drag();
                self.drag = Drag::Spin {
                    i,
                    last: d.y.atan2(d.x),
                };
                return true;
            }
        }
        if let Some(h) = self.rotate_handle(app, i) {
            if h.distance(mouse) <= ROTATE_PICK {
                let pose = app.scene.shapes[i].pose;
                let d = w - pose.position;
                app.begin_drag();
                self.drag = Drag::Rotate {
                    i,
                    offset: pose.angle - d.y.atan2(d.x),
                };
                return true;
            }
        }
        // Vertex handles (a circle or a box has none).
        let s = &app.scene.shapes[i];
        let xf = s.pose.transform();
        let handles = !matches!(
            s.shape.geometry(),
            collidescope::core::shape::Geometry::Circle { .. }
                | collidescope::core::shape::Geometry::Box { .. }
        );
        if handles {
            for (k, v) in s.shape.vertices().iter().enumerate() {
                let sp = app.world_camera.to_screen(xf.apply(*v), &wvp);
                if sp.distance(mouse) <= VERTEX_PICK {
                    app.begin_drag();
                    self.drag = Drag::Vertex { i, k };
                    return true;
                }
            }
        }
        false
    }
}

/// Is Shift held (snaps rotation to 15° steps)?
fn shift_held() -> bool {
    is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift)
}

/// Is the world point `w` inside shape `i` (with its radius)?
pub fn contains(app: &AppState, i: usize, w: glam::Vec2) -> bool {
    let s = &app.scene.shapes[i];
    let local = s.pose.transform().apply_inv(w);
    let v = s.shape.vertices();
    let r = s.shape.radius();
    // Distance from the point to the core polygon, compared with the radius.
    let inside_core = v.len() >= 3
        && (0..v.len()).all(|k| {
            collidescope::core::math::cross(v[(k + 1) % v.len()] - v[k], local - v[k]) >= 0.0
        });
    if inside_core {
        return true;
    }
    let mut best = f32::INFINITY;
    for k in 0..v.len() {
        let a = v[k];
        let b = v[(k + 1) % v.len()];
        let e = b - a;
        let t = if e.length_squared() > 0.0 {
            ((local - a).dot(e) / e.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        best = best.min(local.distance(a + t * e));
    }
    // Thin shapes (segments) are picked within a few pixels.
    best <= r.max(4.0 / app.world_camera.zoom.max(1e-6))
}
