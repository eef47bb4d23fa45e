//! The world at a frame, drawn into the views' rectangle: every shape at its body's
//! pose (static grey, kinematic blue, dynamic orange; asleep dimmed), the selected or
//! hovered pair and the shape clicked first in yellow, each contact point with its
//! normal; in a live world, the line from a held body's grab point to the cursor.
//!
//! The mouse: in a recording, a click on a shape picks it and a click on another opens
//! the pair at this frame in the debugger (Escape forgets the first); in a live world,
//! pressing on a dynamic body holds it until the button is let go, and Shift or Ctrl +
//! click picks shapes for a pair as a plain click does in a recording. The wheel zooms
//! about the cursor, a right or middle drag pans, F fits the world again; picking
//! uses the camera as drawn.

use super::{Phase, Recording};
use collidescope::app::AppState;
use collidescope::core::math::Transform;
use collidescope::peers::recording::pick::shape_at;
use collidescope::scene::world::{BodyType, WorldGeometry};
use collidescope::trace::world_frame::{BodyState, FrameState};
use collidescope::view::camera::Viewport;
use collidescope::view::draw::LayerId;
use collidescope::view::palette::{Rgba, ADDED, KEPT, SHAPE_A, SHAPE_B, SHAPE_OTHER};
use glam::Vec2;
use macroquad::prelude::{
    draw_circle, draw_circle_lines, draw_line, is_mouse_button_down, is_mouse_button_pressed,
    mouse_position, mouse_wheel, Color, MouseButton,
};

/// The world view's own zoom and pan on top of the fitted box: `zoom` multiplies the
/// fitted scale, `pan` moves the centre (world units). F resets it.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) struct ViewZoom {
    pub zoom: f32,
    pub pan: Vec2,
    /// The cursor where a pan drag was last seen (pixels).
    dragging: Option<Vec2>,
}

impl Default for ViewZoom {
    fn default() -> ViewZoom {
        ViewZoom {
            zoom: 1.0,
            pan: Vec2::ZERO,
            dragging: None,
        }
    }
}

/// Zoom per wheel notch, and how far the view may zoom from the fitted box.
const WHEEL_FACTOR: f32 = 1.15;
const ZOOM_RANGE: (f32, f32) = (0.02, 5.0e4);

/// Where a body's origin was drawn.
#[derive(Clone, PartialEq)]
pub(super) struct ScreenBody {
    pub name: String,
    pub screen: [f32; 2],
    pub world: [f32; 2],
}

/// The world's box fitted into the views' rectangle, y up.
#[derive(Clone, Copy)]
struct Camera {
    center: Vec2,
    scale: f32,
    screen_center: Vec2,
}

impl Camera {
    fn fit(bounds: [[f32; 2]; 2], area: Viewport) -> Camera {
        let (lo, hi) = (Vec2::from(bounds[0]), Vec2::from(bounds[1]));
        let size = (hi - lo).max(Vec2::splat(1e-3));
        let scale = ((area.w - 40.0) / size.x)
            .min((area.h - 40.0) / size.y)
            .max(1e-6);
        Camera {
            center: (lo + hi) * 0.5,
            scale,
            screen_center: Vec2::new(area.x + area.w * 0.5, area.y + area.h * 0.5),
        }
    }

    fn to_screen(self, p: Vec2) -> Vec2 {
        let d = (p - self.center) * self.scale;
        Vec2::new(self.screen_center.x + d.x, self.screen_center.y - d.y)
    }

    fn to_world(self, s: Vec2) -> Vec2 {
        let d = s - self.screen_center;
        self.center + Vec2::new(d.x, -d.y) / self.scale
    }

    /// The fitted camera zoomed and panned by `z`.
    fn zoomed(mut self, z: &ViewZoom) -> Camera {
        self.scale *= z.zoom;
        self.center += z.pan;
        self
    }
}

/// The wheel zooms about the cursor (the world point under it stays put); a right or
/// middle drag pans. `fit` is the camera with no zoom or pan.
fn zoom_and_pan(z: &mut ViewZoom, fit: &Camera, area: Viewport, over_ui: bool) {
    let (x, y) = mouse_position();
    let mouse = Vec2::new(x, y);
    let panning =
        is_mouse_button_down(MouseButton::Right) || is_mouse_button_down(MouseButton::Middle);
    match (z.dragging, panning) {
        (Some(from), true) => {
            let cam = fit.zoomed(z);
            let d = mouse - from;
            z.pan -= Vec2::new(d.x, -d.y) / cam.scale;
            z.dragging = Some(mouse);
        }
        (None, true) if !over_ui && area.contains(mouse) => z.dragging = Some(mouse),
        (_, false) => z.dragging = None,
        _ => {}
    }
    let (_, wheel) = mouse_wheel();
    if wheel == 0.0 || over_ui || !area.contains(mouse) {
        return;
    }
    let before = fit.zoomed(z);
    let under = before.to_world(mouse);
    let factor = if wheel > 0.0 {
        WHEEL_FACTOR
    } else {
        1.0 / WHEEL_FACTOR
    };
    z.zoom = (z.zoom * factor).clamp(ZOOM_RANGE.0, ZOOM_RANGE.1);
    let scale = fit.scale * z.zoom;
    let d = mouse - fit.screen_center;
    // The centre that keeps `under` beneath the cursor at the new scale.
    let center = under - Vec2::new(d.x, -d.y) / scale;
    z.pan = center - fit.center;
}

/// The box a recording is framed by: for one made here, the live world's (the same
/// camera); else the recorded bounds, or when those are empty (a truncated file has
/// none) the box of the shapes at the frame shown, with a margin.
fn recording_bounds(rec: &Recording, state: &FrameState) -> [[f32; 2]; 2] {
    if let Some(b) = rec.from_live.as_ref().and_then(|f| f.bounds()) {
        return b;
    }
    if let Phase::Ready(player) = &rec.phase {
        let [lo, hi] = player.info().bounds;
        let ok = |v: f32| v.is_finite();
        if lo.iter().chain(&hi).all(|v| ok(*v)) && hi[0] - lo[0] > 1e-6 && hi[1] - lo[1] > 1e-6 {
            return [lo, hi];
        }
    }
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    if let Some(shapes) = rec.shapes() {
        for body in &state.bodies {
            let xf = body.transform();
            for id in &body.shapes {
                let Some(shape) = shapes.get(*id) else {
                    continue;
                };
                for (p, r) in outline(&shape.geometry) {
                    let p = xf.apply(p);
                    lo = lo.min(p - Vec2::splat(r));
                    hi = hi.max(p + Vec2::splat(r));
                }
            }
        }
    }
    if !(lo.is_finite() && hi.is_finite()) {
        return [[-10.0, -10.0], [10.0, 10.0]];
    }
    let margin = (hi - lo).max(Vec2::splat(1.0)) * 0.1;
    [(lo - margin).to_array(), (hi + margin).to_array()]
}

/// Points of a shape in its body's frame, each with the radius around it.
fn outline(g: &WorldGeometry) -> Vec<(Vec2, f32)> {
    match g {
        WorldGeometry::Circle { center, radius } => vec![(*center, *radius)],
        WorldGeometry::Capsule { a, b, radius } => vec![(*a, *radius), (*b, *radius)],
        WorldGeometry::Segment { a, b } => vec![(*a, 0.0), (*b, 0.0)],
        WorldGeometry::Chain { points, .. } => points.iter().map(|p| (*p, 0.0)).collect(),
        WorldGeometry::Polygon { points, radius } => points.iter().map(|p| (*p, *radius)).collect(),
        WorldGeometry::Box { .. } => Vec::new(),
    }
}

/// Handles the mouse over the world view, then draws the world (recorded at its
/// frame, or live) into `area` (pixels).
pub fn draw_world(rec: &mut Recording, area: Viewport, over_ui: bool, app: &mut AppState) {
    let Some(state) = rec.state(rec.frame) else {
        return;
    };
    let bounds = match &rec.phase {
        Phase::Live(run) => run.bounds,
        Phase::Ready(_) => match rec.view_bounds {
            Some(b) => b,
            None => {
                let b = recording_bounds(rec, &state);
                rec.view_bounds = Some(b);
                b
            }
        },
        _ => return,
    };
    rec.view_px = [area.x, area.y, area.w, area.h];
    let fit = Camera::fit(bounds, area);
    zoom_and_pan(&mut rec.zoom, &fit, area, over_ui);
    let cam = fit.zoomed(&rec.zoom);
    pointer(rec, &cam, &state, area, over_ui, app);
    // A held body moved with the mouse: draw the world as it is now.
    let state = rec.state(rec.frame).unwrap_or(state);
    let Some(shapes) = rec.shapes() else {
        return;
    };
    let highlight = rec.hovered.or(rec.selected);
    let lit = |id: u32| rec.pick == Some(id) || highlight.is_some_and(|(a, b)| a == id || b == id);
    let mut screen = Vec::with_capacity(state.bodies.len());
    // The palette's roles in the window's theme (fixed dark-theme colours were faint
    // on the light background): static bodies as other shapes, kinematic as A,
    // dynamic as B, the picked pair as the "added" highlight, contacts as contacts.
    let theme = app.theme;
    let role = |c: Rgba| crate::gui::painter::color(theme.apply(c));
    for body in &state.bodies {
        let xf = body.transform();
        let base = match body.body_type {
            BodyType::Static => SHAPE_OTHER,
            BodyType::Kinematic => SHAPE_A,
            BodyType::Dynamic => SHAPE_B,
        };
        // A sleeping body is drawn faded.
        let asleep = !body.awake && body.body_type != BodyType::Static;
        let base = if asleep { base.with_alpha(110) } else { base };
        for id in &body.shapes {
            let Some(shape) = shapes.get(*id) else {
                continue;
            };
            let (color, width) = if lit(*id) {
                (role(ADDED), 3.0)
            } else {
                (role(base), 1.5)
            };
            draw_shape(&shape.geometry, &xf, &cam, color, width);
        }
        let name = shown_name(body);
        let s = cam.to_screen(xf.p);
        screen.push(ScreenBody {
            name,
            screen: [s.x.round(), s.y.round()],
            world: body.position,
        });
    }
    let point = role(KEPT);
    for c in &state.contacts {
        let n = Vec2::from(c.normal);
        for p in &c.points {
            let s = cam.to_screen(Vec2::from(p.point));
            draw_circle(s.x, s.y, 3.0, point);
            let tip = s + Vec2::new(n.x, -n.y) * 18.0;
            draw_line(s.x, s.y, tip.x, tip.y, 1.5, point);
        }
    }
    let names = wanted_names(rec, &state, &cam, area, over_ui);
    super::body_labels::draw(&names, area, theme);
    if let Phase::Live(run) = &rec.phase {
        if let (Some(from), Some(to)) = (run.live.grab_point(), run.cursor) {
            let (a, b) = (cam.to_screen(from), cam.to_screen(to));
            let pull = role(LayerId::Witness.color());
            draw_line(a.x, a.y, b.x, b.y, 2.0, pull);
            draw_circle(a.x, a.y, 3.5, pull);
            draw_circle_lines(b.x, b.y, 5.0, 1.5, pull);
        }
    }
    rec.redraw = screen != rec.screen;
    rec.screen = screen;
}

/// The bodies to name (see `body_labels`): the shape under the pointer, the shape
/// clicked first, the pair hovered or picked in the contact list; each with its body's
/// name and its box on screen.
fn wanted_names(
    rec: &Recording,
    state: &FrameState,
    cam: &Camera,
    area: Viewport,
    over_ui: bool,
) -> Vec<super::body_labels::Wanted> {
    let Some(shapes) = rec.shapes() else {
        return Vec::new();
    };
    let (x, y) = mouse_position();
    let mouse = Vec2::new(x, y);
    let under = (!over_ui && area.contains(mouse))
        .then(|| shape_at(state, shapes, cam.to_world(mouse), 4.0 / cam.scale))
        .flatten()
        .map(|hit| hit.shape);
    let pair = rec.hovered.or(rec.selected);
    let ids = [under, rec.pick, pair.map(|p| p.0), pair.map(|p| p.1)];
    ids.into_iter()
        .flatten()
        .filter_map(|id| {
            let body = state.bodies.iter().find(|b| b.shapes.contains(&id))?;
            let xf = body.transform();
            let mut lo = Vec2::splat(f32::INFINITY);
            let mut hi = Vec2::splat(f32::NEG_INFINITY);
            let shape = shapes.get(id)?;
            for (p, r) in outline(&shape.geometry) {
                let s = cam.to_screen(xf.apply(p));
                let r = Vec2::splat(r * cam.scale);
                (lo, hi) = (lo.min(s - r), hi.max(s + r));
            }
            if !(lo.is_finite() && hi.is_finite()) {
                // No outline to frame: the body's origin.
                lo = cam.to_screen(xf.p);
                hi = lo;
            }
            let name = shown_name(body);
            Some(super::body_labels::Wanted {
                size: super::body_labels::text_size(&name),
                name,
                shape: (lo, hi),
            })
        })
        .collect()
}

/// The mouse over the world view: holding and dragging a live body, or picking the
/// two shapes of a pair to open.
fn pointer(
    rec: &mut Recording,
    cam: &Camera,
    state: &FrameState,
    area: Viewport,
    over_ui: bool,
    app: &mut AppState,
) {
    let (x, y) = mouse_position();
    let at = cam.to_world(Vec2::new(x, y));
    if let Phase::Live(run) = &mut rec.phase {
        if run.cursor.is_some() {
            if is_mouse_button_down(MouseButton::Left) {
                run.drag_to(at);
            } else {
                run.release();
            }
            return;
        }
    }
    let inside = area.contains(glam::Vec2::new(x, y));
    if over_ui || !inside || !is_mouse_button_pressed(MouseButton::Left) {
        return;
    }
    // In a live world a plain press holds a body; Shift or Ctrl + click picks shapes.
    let live = matches!(rec.phase, Phase::Live(_));
    let picking = !live || pick_modifier();
    // Four pixels of slack around thin shapes (segments, chains).
    let Some(hit) = rec
        .shapes()
        .and_then(|shapes| shape_at(state, shapes, at, 4.0 / cam.scale))
    else {
        rec.pick = None;
        return;
    };
    if !picking {
        if let Phase::Live(run) = &mut rec.phase {
            // A static or kinematic body says that only dynamic ones are dragged.
            if let Err(e) = run.grab(hit.body, at) {
                app.error(format!("{}: {e}", hit_name(&run.state, hit.body)));
            }
        }
        return;
    }
    match rec.pick {
        Some(first) if first != hit.shape => {
            rec.pick = None;
            rec.selected = Some((first, hit.shape));
            // The pick's hint is done with; a failure to open says why instead.
            app.message = None;
            rec.open_selected(app);
        }
        Some(_) => rec.pick = None,
        None => {
            rec.pick = Some(hit.shape);
            let name = rec.shapes().and_then(|s| s.get(hit.shape));
            let name = name.map_or(String::new(), |s| s.label.clone());
            let (click, moment) = match &rec.phase {
                Phase::Live(run) => ("Shift+click", format!("step {}", run.live.steps())),
                _ => ("click", format!("frame {}", rec.frame)),
            };
            app.info(format!(
                "{name} picked: {click} another shape to open the pair at {moment} (Esc forgets it)"
            ));
        }
    }
}

/// Shift or Ctrl is held: a click in a live world picks a shape instead of holding it.
/// A key released this frame counts as held: at a low frame rate a quick Shift+click
/// presses and releases Shift within the frame that sees the click.
fn pick_modifier() -> bool {
    use macroquad::prelude::{is_key_down, is_key_released, KeyCode};
    [
        KeyCode::LeftShift,
        KeyCode::RightShift,
        KeyCode::LeftControl,
        KeyCode::RightControl,
    ]
    .into_iter()
    .any(|k| is_key_down(k) || is_key_released(k))
}

fn draw_shape(g: &WorldGeometry, xf: &Transform, cam: &Camera, color: Color, width: f32) {
    let line = |a: Vec2, b: Vec2| {
        let (a, b) = (cam.to_screen(xf.apply(a)), cam.to_screen(xf.apply(b)));
        draw_line(a.x, a.y, b.x, b.y, width, color);
    };
    let circle = |c: Vec2, r: f32| {
        let c = cam.to_screen(xf.apply(c));
        draw_circle_lines(c.x, c.y, (r * cam.scale).max(1.0), width, color);
    };
    // A rounded polygon or a capsule: its outline, the core grown by the radius (arcs
    // within a quarter pixel), not the core with a circle at each corner.
    let rounded = |core: &[Vec2], radius: f32| {
        let tol = 0.25 / cam.scale.max(1e-6);
        let (outline, _) = collidescope::core::minkowski::round_outline(core, radius, tol);
        for (i, p) in outline.iter().enumerate() {
            line(*p, outline[(i + 1) % outline.len()]);
        }
    };
    match g {
        WorldGeometry::Circle { center, radius } => circle(*center, *radius),
        WorldGeometry::Capsule { a, b, radius } => rounded(&[*a, *b], *radius),
        WorldGeometry::Segment { a, b } => line(*a, *b),
        WorldGeometry::Chain { points, .. } if points.len() == 4 => line(points[1], points[2]),
        WorldGeometry::Chain { points, .. } => {
            for w in points.windows(2) {
                line(w[0], w[1]);
            }
        }
        WorldGeometry::Polygon { points, radius } => rounded(points, *radius),
        WorldGeometry::Box { .. } => {}
    }
}

/// The name of body `index` as the world view calls it.
fn hit_name(state: &FrameState, index: u32) -> String {
    state
        .body(index)
        .map_or_else(|| format!("body{index}"), shown_name)
}

pub(super) fn shown_name(body: &BodyState) -> String {
    if body.name.is_empty() {
        format!("body{}", body.index)
    } else {
        body.name.clone()
    }
}
