//! The canvas: two views (world, configuration space) that paint the draw list through
//! the one painter (`render::paint_view`, drawn by [`WindowPainter`]), and turn mouse
//! input into edits of the app state.

use super::painter::WindowPainter;
use collidescope::app::AppState;
use collidescope::render::{paint_view, Painter, Themed, ViewFrame};
use collidescope::view::camera::{Camera, Viewport, MAX_ZOOM, MIN_ZOOM};
use collidescope::view::draw::handles::handle_prims;
use collidescope::view::draw::{
    action_bounds, bounds, shape_outline, DrawList, LayerId, Prim, Space,
};
use collidescope::view::palette;
use macroquad::prelude::{
    get_time, is_key_down, is_mouse_button_down, is_mouse_button_pressed, is_mouse_button_released,
    load_ttf_font_from_bytes, mouse_position, mouse_wheel, Color, Font, KeyCode, MouseButton,
};

/// The canvas background in `theme`: the palette's, so pictures match the app.
pub fn background(theme: palette::Theme) -> Color {
    let c = theme.apply(palette::BACKGROUND);
    Color::from_rgba(c.0, c.1, c.2, 255)
}

/// What the left mouse button is doing on the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drag {
    None,
    /// Moving shape `i`; `grab` = shape position − cursor (world).
    Move {
        i: usize,
        grab: glam::Vec2,
    },
    /// Rotating shape `i` about its position; angle offset to the cursor direction.
    Rotate {
        i: usize,
        offset: f32,
    },
    /// Setting shape `i`'s turn per step by winding the spin handle around it;
    /// `last` the cursor's direction angle at the previous frame (turns accumulate).
    Spin {
        i: usize,
        last: f32,
    },
    /// Moving vertex `k` of shape `i`.
    Vertex {
        i: usize,
        k: usize,
    },
    /// Moving B by dragging in configuration space (B − A moves with B).
    ConfigMoveB {
        b: usize,
        last: glam::Vec2,
    },
    /// Moving ray `r`'s tip (`tip`) or its origin.
    RayEnd {
        r: usize,
        tip: bool,
    },
    /// Moving point `i` of chain `c`.
    ChainPoint {
        c: usize,
        i: usize,
    },
    /// Panning view `space`.
    Pan {
        space: Space,
        last: glam::Vec2,
    },
}

/// The canvas' own state: view rectangles, the drag, the cached draw list.
pub struct Canvas {
    pub world_vp: Viewport,
    pub config_vp: Viewport,
    pub drag: Drag,
    list: DrawList,
    list_revision: Option<u64>,
    /// Hack (the monospace font egui ships): crisp at small sizes, unlike the
    /// default bitmap font, which drops thin glyphs at fractional positions.
    font: Option<Font>,
    /// Refit the configuration view when its content leaves it.
    pub follow_config: bool,
    /// Draw the engines' overlays (the Peers section is open).
    pub show_engines: bool,
    /// Text sizes and line widths on the views (1; larger with the presenter setting).
    pub scale: f32,
    /// The presenter setting the views were laid out for.
    pub presenter: bool,
    /// The cameras before and after the last switch of the presenter setting.
    switched: Option<[[Camera; 2]; 2]>,
    /// `show_engines` when the list was built.
    list_engines: bool,
    /// Layers whose labels are left out (a lesson's question not yet answered: the
    /// labels that write its answer), and these when the list was built.
    pub hidden_labels: Vec<LayerId>,
    list_hidden_labels: Vec<LayerId>,
    /// Marks drawn with a view's layers and placed around by its labels (a lesson's
    /// answer rings).
    pub marks: Vec<(Space, Prim)>,
    /// The last click on the world view with nothing else under it (time, pixels):
    /// a second one there soon after is a double click (`chain_handles.rs`).
    pub last_click: Option<(f64, glam::Vec2)>,
}

/// The engines' overlay layers.
fn is_engine_layer(id: LayerId) -> bool {
    matches!(
        id,
        LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex
    )
}

/// Handle sizes, pixels.
const VERTEX_PICK: f32 = 9.0;
const ROTATE_PICK: f32 = 9.0;

impl Canvas {
    pub fn new() -> Canvas {
        let vp = Viewport {
            x: 0.0,
            y: 0.0,
            w: 1.0,
            h: 1.0,
        };
        Canvas {
            world_vp: vp,
            config_vp: vp,
            drag: Drag::None,
            list: DrawList::default(),
            list_revision: None,
            font: load_ttf_font_from_bytes(epaint_default_fonts::HACK_REGULAR).ok(),
            follow_config: true,
            show_engines: false,
            scale: 1.0,
            presenter: false,
            switched: None,
            list_engines: false,
            hidden_labels: Vec::new(),
            list_hidden_labels: Vec::new(),
            marks: Vec::new(),
            last_click: None,
        }
    }

    /// Lays the views out in the free rectangle left by the panel.
    pub fn layout(&mut self, area: Viewport, split: f32) {
        let w_world = (area.w * split.clamp(0.0, 1.0)).round();
        self.world_vp = Viewport { w: w_world, ..area };
        self.config_vp = Viewport {
            x: area.x + w_world,
            w: area.w - w_world,
            ..area
        };
    }

    /// The draw list, rebuilt only when the app state changed.
    pub fn list(&mut self, app: &mut AppState) -> &DrawList {
        if self.list_revision != Some(app.revision())
            || self.list_engines != self.show_engines
            || self.list_hidden_labels != self.hidden_labels
        {
            self.list = app.draw_list();
            if !self.show_engines {
                // A teaching view starts without the engines' overlays.
                self.list.layers.retain(|l| !is_engine_layer(l.id));
            }
            for l in self.list.layers.iter_mut() {
                if self.hidden_labels.contains(&l.id) {
                    l.prims.retain(|p| !matches!(p, Prim::Label { .. }));
                }
            }
            self.list_engines = self.show_engines;
            self.list_hidden_labels = self.hidden_labels.clone();
            self.list_revision = Some(app.revision());
            self.follow(app);
        }
        &self.list
    }

    /// Keeps B − A and the origin in the configuration view while shapes move
    /// (not while the user drags in that view, where it would fight the mouse).
    fn follow(&mut self, app: &mut AppState) {
        let vp = self.config_vp;
        if !self.follow_config
            || vp.w < 1.0
            || matches!(self.drag, Drag::ConfigMoveB { .. } | Drag::Pan { .. })
        {
            return;
        }
        // B − A and the origin only: a step's own picture (an axis, an interval) must
        // not re-zoom the view from one step to the next.
        let mut shape = DrawList::default();
        shape.layers.extend(
            self.list
                .layers
                .iter()
                .filter(|l| l.id == LayerId::Minkowski)
                .cloned(),
        );
        let source = if shape.layers.is_empty() {
            &self.list
        } else {
            &shape
        };
        let Some((lo, hi)) = bounds(source, Space::Config) else {
            return;
        };
        let (lo, hi) = padded(lo.min(glam::Vec2::ZERO), hi.max(glam::Vec2::ZERO));
        let cam = &app.config_camera;
        let a = cam.to_screen(lo, &vp);
        let b = cam.to_screen(hi, &vp);
        let inside =
            |p: glam::Vec2| p.x >= vp.x && p.x <= vp.x + vp.w && p.y >= vp.y && p.y <= vp.y + vp.h;
        if cam.zoom > 0.0 && !(inside(a) && inside(b)) {
            app.config_camera.fit(lo, hi, &vp);
        }
    }

    /// Fits each view to its content (the `F` key; also on first show or when a
    /// camera has no zoom yet).
    ///
    /// A view too small to show anything (no width, or no height while a panel takes
    /// the window for a frame) keeps its camera: a fit on it would zoom out to the
    /// smallest zoom, and the shapes would be a speck once the view has its size again.
    /// A camera without zoom is fitted once its view has a size.
    pub fn fit(&mut self, app: &mut AppState, force: bool) {
        let (wvp, cvp) = (self.world_vp, self.config_vp);
        let list = self.list(app).clone();
        if usable(&wvp) && (force || app.world_camera.zoom <= 0.0) {
            if let Some((lo, hi)) = bounds(&list, Space::World) {
                app.world_camera.fit(lo, hi, &wvp);
            } else {
                app.world_camera = Camera {
                    center: glam::Vec2::ZERO,
                    zoom: 50.0,
                };
            }
        }
        if usable(&cvp) && (force || app.config_camera.zoom <= 0.0) {
            match bounds(&list, Space::Config) {
                Some((lo, hi)) => {
                    // Keep the origin in view: it is what configuration space is about.
                    let (lo, hi) = padded(lo.min(glam::Vec2::ZERO), hi.max(glam::Vec2::ZERO));
                    app.config_camera.fit(lo, hi, &cvp);
                }
                None => {
                    app.config_camera = Camera {
                        center: glam::Vec2::ZERO,
                        zoom: 50.0,
                    }
                }
            }
        }
    }

    /// Zooms both views to the points this step is about ([`action_bounds`]); a view with
    /// no such point keeps its camera. The box may be 1e-4 wide: the scale bar tells.
    pub fn zoom_to_action(&mut self, app: &mut AppState) -> bool {
        let list = self.list(app).clone();
        let mut any = false;
        if let Some((lo, hi)) = action_bounds(&list, Space::World) {
            app.world_camera.fit_at_least(lo, hi, 0.0, &self.world_vp);
            any = true;
        }
        if let Some((lo, hi)) = action_bounds(&list, Space::Config) {
            app.config_camera.fit_at_least(lo, hi, 0.0, &self.config_vp);
            any = true;
        }
        any
    }

    /// Zooms the world view to the selected shape; false with no selection.
    pub fn zoom_to_selection(&mut self, app: &mut AppState) -> bool {
        let Some(i) = app.selected.filter(|i| *i < app.scene.shapes.len()) else {
            return false;
        };
        let outline = shape_outline(&app.scene, i);
        let lo = outline.iter().fold(glam::Vec2::INFINITY, |m, p| m.min(*p));
        let hi = outline
            .iter()
            .fold(glam::Vec2::NEG_INFINITY, |m, p| m.max(*p));
        if !(lo.is_finite() && hi.is_finite()) {
            return false;
        }
        app.world_camera.fit_at_least(lo, hi, 0.0, &self.world_vp);
        true
    }

    /// After the views changed size (the presenter setting moved the panel or put the
    /// lesson's strip under them): each camera keeps showing what the view showed in
    /// `old` (world, configuration), about the same centre. Switching back with the
    /// cameras untouched gives the cameras from before the switch back.
    pub fn keep_visible(&mut self, app: &mut AppState, old: (Viewport, Viewport)) {
        let now = [app.world_camera, app.config_camera];
        if let Some([before, after]) = self.switched.take() {
            if after == now {
                [app.world_camera, app.config_camera] = before;
                return;
            }
        }
        for (camera, was, now) in [
            (&mut app.world_camera, old.0, self.world_vp),
            (&mut app.config_camera, old.1, self.config_vp),
        ] {
            if camera.zoom > 0.0 && usable(&was) && usable(&now) {
                let k = (now.w / was.w).min(now.h / was.h);
                camera.zoom = (camera.zoom * k).clamp(MIN_ZOOM, MAX_ZOOM);
            }
        }
        self.switched = Some([now, [app.world_camera, app.config_camera]]);
    }

    /// Fits a camera that has no zoom yet (a new scene, a view section without one).
    pub fn ensure_fitted(&mut self, app: &mut AppState) {
        if (app.world_camera.zoom <= 0.0 && usable(&self.world_vp))
            || (app.config_camera.zoom <= 0.0 && usable(&self.config_vp))
        {
            self.fit(app, false);
        }
    }

    fn view_at(&self, p: glam::Vec2) -> Option<Space> {
        if self.world_vp.w >= 1.0 && self.world_vp.contains(p) {
            Some(Space::World)
        } else if self.config_vp.w >= 1.0 && self.config_vp.contains(p) {
            Some(Space::Config)
        } else {
            None
        }
    }

    /// Mouse input. `over_ui`: egui wants the pointer; a drag already under way
    /// continues over the panel, but nothing starts there.
    /// Pixels per world unit of the world view (its camera, fitted or not yet).
    pub fn world_zoom(&self, app: &AppState) -> f32 {
        if app.world_camera.zoom > 0.0 {
            app.world_camera.zoom
        } else {
            50.0
        }
    }

    /// A drag is under way: keep frames coming until it ends.
    pub fn busy(&self) -> bool {
        !matches!(self.drag, Drag::None)
    }

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
        let wvp = self.world_vp;
        match self.view_at(mouse) {
            Some(Space::World) => {
                let w = app.world_camera.to_world(mouse, &wvp);
                if self.press_ray(app, mouse) {
                    return;
                }
                if let Some(i) = app.selected {
                    // Spin handle of the selection (its turn per step).
                    if let Some(h) = self.spin_handle(app, i) {
                        if h.distance(mouse) <= ROTATE_PICK {
                            let d = w - app.scene.shapes[i].pose.position;
                            app.begin_drag();
                            self.drag = Drag::Spin {
                                i,
                                last: d.y.atan2(d.x),
                            };
                            return;
                        }
                    }
                    // Rotation handle of the selection.
                    if let Some(h) = self.rotate_handle(app, i) {
                        if h.distance(mouse) <= ROTATE_PICK {
                            let pose = app.scene.shapes[i].pose;
                            let d = w - pose.position;
                            app.begin_drag();
                            self.drag = Drag::Rotate {
                                i,
                                offset: pose.angle - d.y.atan2(d.x),
                            };
                            return;
                        }
                    }
                    // Vertex handles of the selection.
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
                                return;
                            }
                        }
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
            Some(Space::Config) => {
                if let Some((_, b)) = app.pair {
                    app.begin_drag();
                    self.drag = Drag::ConfigMoveB { b, last: mouse };
                }
            }
            None => {}
        }
    }

    /// Draws both views with their grids and the layers of the list.
    pub fn draw(&mut self, app: &mut AppState) {
        self.list(app);
        let world_title = format!("world   {} fps", macroquad::time::get_fps());
        let views = [
            (
                Space::World,
                self.world_vp,
                app.world_camera,
                world_title.as_str(),
            ),
            (
                Space::Config,
                self.config_vp,
                app.config_camera,
                "configuration space: B - A",
            ),
        ];
        let mut window = WindowPainter::new(self.font.as_ref());
        let mut out = Themed {
            theme: app.theme,
            inner: &mut window,
        };
        for (space, viewport, camera, title) in views {
            if viewport.w < 1.0 || viewport.h < 1.0 {
                continue;
            }
            out.rect(&viewport, palette::BACKGROUND);
            let view = ViewFrame {
                space,
                viewport,
                camera,
                scale: self.scale,
            };
            // The selected shape's handles and the lesson's marks are drawn with the
            // view's layers, so the labels are placed around them (the spin label too).
            let mut extra = match (space, app.selected) {
                (Space::World, Some(i)) => handle_prims(&app.scene, i, &camera, &viewport),
                _ => Vec::new(),
            };
            extra.extend(
                self.marks
                    .iter()
                    .filter(|m| m.0 == space)
                    .map(|m| m.1.clone()),
            );
            paint_view(&view, &self.list, &extra, title, &mut out);
            if space == Space::World {
                self.draw_chain_selection(app, &view, &mut out);
            }
        }
        if self.config_vp.w >= 1.0 && self.world_vp.w >= 1.0 {
            let (x, vp) = (self.config_vp.x, self.config_vp);
            let line = [glam::Vec2::new(x, vp.y), glam::Vec2::new(x, vp.y + vp.h)];
            out.polyline(&line, false, 2.0, palette::SEPARATOR, false);
        }
    }
}

/// Is Shift held (snaps rotation to 15° steps)?
/// A view large enough to fit a camera to (a few pixels each way).
fn usable(vp: &Viewport) -> bool {
    vp.w >= MIN_VIEW_PX && vp.h >= MIN_VIEW_PX
}

/// The smallest view, pixels, a camera is fitted or rescaled to.
const MIN_VIEW_PX: f32 = 16.0;

fn shift_held() -> bool {
    is_key_down(KeyCode::LeftShift) || is_key_down(KeyCode::RightShift)
}

/// A box grown by 10 % of its size on each side: room for the origin's label.
fn padded(lo: glam::Vec2, hi: glam::Vec2) -> (glam::Vec2, glam::Vec2) {
    let pad = (hi - lo) * 0.1;
    (lo - pad, hi + pad)
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
