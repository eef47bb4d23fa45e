//! Image export: the picture of any algorithm step as SVG (vector, for slides) or PNG
//! (rendered in software, so it needs no display), from the same draw list the app draws.
//!
//! A picture of `width × height` pixels has three bands, top to bottom:
//! - the header: one title line (scene title · algorithm · pair · "step k of n");
//! - the two views side by side, the world on the left and configuration space B − A on
//!   the right, each with its grid, axis labels and title, drawn as the app's canvas draws
//!   them (`src/gui/canvas.rs`: same colours, pixel widths, dashes, arrow heads, labels);
//! - the legend: a swatch and a label for shape A, shape B and every layer drawn.
//!
//! Both formats come from one walk over the layout ([`paint`]) into a `Painter`, so the
//! SVG and the PNG cannot disagree: the SVG painter writes one element per call, the PNG
//! painter rasterises with tiny-skia (anti-aliased) and fontdue (text in Hack, the font
//! the app's canvas uses).
//!
//! Structure of the SVG (tests rely on it):
//! - `<g id="view-world">` / `<g id="view-config">`, each clipped to its view
//!   (`clip-path="url(#clip-world)"`), holding `<g id="grid-world">` and then one
//!   `<g id="layer-NAME" class="layer" data-label="...">` per layer of the draw list
//!   (`NAME` is the [`LayerId`] variant, e.g. `layer-GjkSimplex`), in draw-list order;
//! - in a layer, exactly one element per primitive, one per line: `Polyline` → `<polyline
//!   class="line">` (open) or `<polygon class="outline">` (closed), `Fill` → `<polygon
//!   class="fill">`, `Dot` → `<circle class="dot">`, `Arrow` → `<g class="arrow">` (a
//!   `<line>` and a head `<polygon>`), `Label` → `<g class="label">` (a `<rect>` and a
//!   `<text>`), `Cross` → `<path class="cross">`. A primitive with a non-finite screen
//!   coordinate, a fill of fewer than 3 points or a line of fewer than 2 is not drawn
//!   (the app's canvas draws nothing for those either);
//! - `<g id="legend">` with a `<g class="legend-item">` per entry.
//!
//! Coordinates: a layer's point `p` is drawn at `camera.to_screen(p, viewport)` of its
//! view ([`layout`] gives both), written with two decimals.

use crate::app::{AppState, DEFAULT_SPLIT};
use crate::core::gjk::SimplexCache;
use crate::scene::Scene;
use crate::trace::analysis::{Algorithm, Analysis};
use crate::view::camera::{Camera, Viewport};
use crate::view::draw::{
    bounds, build_draw_list, DrawList, Highlight, LayerId, Prim, Rgba, Space, SHAPE_A, SHAPE_B,
};
use glam::Vec2;
use std::fmt;
use std::fmt::Write as _;
use std::path::Path;
use std::sync::OnceLock;

/// The views' background: the app's canvas colour (0.075, 0.08, 0.10).
pub const BACKGROUND: Rgba = Rgba(19, 20, 26, 255);
/// The header and legend bands.
pub const BAND: Rgba = Rgba(28, 29, 36, 255);
/// Grid lines, the axes, grid labels, view titles: white at the canvas' alphas.
const GRID: Rgba = Rgba(255, 255, 255, 15);
const AXES: Rgba = Rgba(255, 255, 255, 56);
const GRID_LABEL: Rgba = Rgba(255, 255, 255, 89);
const VIEW_TITLE: Rgba = Rgba(255, 255, 255, 153);
const LABEL_BACK: Rgba = Rgba(0, 0, 0, 128);
const SEPARATOR: Rgba = Rgba(255, 255, 255, 64);

/// Band and legend geometry, pixels.
const HEADER_H: f32 = 32.0;
const TITLE_SIZE: f32 = 15.0;
const VIEW_TITLE_SIZE: f32 = 17.0;
const GRID_LABEL_SIZE: f32 = 12.0;
/// Grid lines about this many pixels apart (as the app).
const GRID_PX: f32 = 60.0;
const LEGEND_TEXT: f32 = 13.0;
const LEGEND_ROW: f32 = 22.0;
const LEGEND_PAD: f32 = 8.0;
const LEGEND_GAP: f32 = 22.0;
const SWATCH: f32 = 12.0;
/// Dashes of dashed lines: on, off (pixels), as the canvas draws them.
const DASH: [f32; 2] = [7.0, 5.0];
/// The canvas draws labels at 0.85 of their nominal size.
const LABEL_SCALE: f32 = 0.85;
/// Grid lines drawn at most per axis (the canvas' guard).
const MAX_GRID_LINES: usize = 400;

/// Picture size limits, pixels (the same as the window size on the command line).
pub const MIN_SIZE: (u32, u32) = (320, 240);
pub const MAX_SIDE: u32 = 8192;
/// The size used when none is given: the app's default window.
pub const DEFAULT_SIZE: (u32, u32) = (1280, 800);

/// Why a picture could not be made or written.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportError {
    /// The step is past the end of the algorithm's trace.
    StepOutOfRange {
        algorithm: Algorithm,
        step: usize,
        count: usize,
    },
    /// The size is outside [`MIN_SIZE`]..=[`MAX_SIDE`].
    BadSize { width: u32, height: u32 },
    /// The PNG encoder failed.
    Encode(String),
    /// The file could not be written.
    Io { path: String, message: String },
}

impl fmt::Display for ExportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExportError::StepOutOfRange {
                algorithm,
                step,
                count,
            } => write!(
                f,
                "step {step} is out of range: {} has {count} step{} on this scene (0 to {})",
                algorithm.name(),
                if *count == 1 { "" } else { "s" },
                count.saturating_sub(1)
            ),
            ExportError::BadSize { width, height } => write!(
                f,
                "image size {width}x{height}: the size must be from {}x{} to {MAX_SIDE}x{MAX_SIDE}",
                MIN_SIZE.0, MIN_SIZE.1
            ),
            ExportError::Encode(e) => write!(f, "cannot encode the PNG: {e}"),
            ExportError::Io { path, message } => write!(f, "{path}: {message}"),
        }
    }
}

impl std::error::Error for ExportError {}

/// The two file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    /// From a name: `svg` or `png` (any case).
    pub fn from_name(name: &str) -> Option<Format> {
        match name.to_ascii_lowercase().as_str() {
            "svg" => Some(Format::Svg),
            "png" => Some(Format::Png),
            _ => None,
        }
    }

    /// From a file name's extension (`.svg`, `.png`, any case).
    pub fn from_path(path: &Path) -> Option<Format> {
        path.extension()
            .and_then(|e| e.to_str())
            .and_then(Format::from_name)
    }

    pub fn extension(self) -> &'static str {
        match self {
            Format::Svg => "svg",
            Format::Png => "png",
        }
    }
}

/// Everything one picture shows: what the app would draw with these cameras.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    /// The draw list, hidden layers already removed (as `AppState::draw_list` does).
    pub list: DrawList,
    /// The views' cameras; a zoom ≤ 0 (or not finite) means "fit to the content", as
    /// the app does when a scene is opened.
    pub world_camera: Camera,
    pub config_camera: Camera,
    /// Fraction of the width given to the world view (≤ 0: the app's default split;
    /// 1: the world view only).
    pub split: f32,
    /// The header line (see [`title_line`]); cut with "…" when it does not fit.
    pub title: String,
    /// (step, number of steps), the step counted from 0; written right-aligned in the
    /// header as "step k+1 of n", as the panel shows it (`None`: not written).
    pub step: Option<(usize, usize)>,
    /// Names of shapes A and B for the legend (`None`: no pair).
    pub shape_a: Option<String>,
    pub shape_b: Option<String>,
}

/// The pair (A, B) the app shows for a scene: the shapes named by its `view` section,
/// else the first two; `None` with fewer than two shapes.
pub fn scene_pair(scene: &Scene) -> Option<(usize, usize)> {
    let n = scene.shapes.len();
    let a = scene.shape_index(&scene.view.a).unwrap_or(0);
    let b = scene
        .shape_index(&scene.view.b)
        .unwrap_or(if a == 1 { 0 } else { 1 });
    (n >= 2 && a != b && a < n && b < n).then_some((a, b))
}

/// The header line: scene title · algorithm (for the manifold, which normal it
/// clips along) · pair.
pub fn title_line(
    scene_title: &str,
    algorithm: Algorithm,
    manifold_via_sat: bool,
    pair: Option<(&str, &str)>,
) -> String {
    let mut parts: Vec<String> = Vec::new();
    if !scene_title.trim().is_empty() {
        parts.push(scene_title.trim().to_string());
    }
    match algorithm {
        Algorithm::Manifold => parts.push(format!(
            "{}, {} normal",
            algorithm.label(),
            if manifold_via_sat { "SAT" } else { "EPA" }
        )),
        _ => parts.push(algorithm.label().to_string()),
    }
    match pair {
        Some((a, b)) => parts.push(format!("A = {a}, B = {b}")),
        None => parts.push("no pair (fewer than two shapes)".to_string()),
    }
    parts.join("  ·  ")
}

/// "step k of n", counted from 1 as the panel shows it.
pub fn step_text(step: usize, count: usize) -> String {
    format!("step {} of {}", step + 1, count.max(1))
}

/// One scene and one algorithm, analysed once, ready to picture any step.
pub struct SceneExport<'a> {
    scene: &'a Scene,
    algorithm: Algorithm,
    analysis: Option<Analysis>,
}

impl<'a> SceneExport<'a> {
    /// Runs every algorithm on the scene's pair (see [`scene_pair`]) with traces on,
    /// starting from an empty simplex cache, as the app does when it opens the scene.
    pub fn new(scene: &'a Scene, algorithm: Algorithm) -> SceneExport<'a> {
        let analysis = scene_pair(scene)
            .map(|(a, b)| Analysis::compute(scene, a, b, &mut SimplexCache::default()));
        SceneExport {
            scene,
            algorithm,
            analysis,
        }
    }

    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// Steps of the algorithm on this scene (at least 1; 1 with no pair).
    pub fn step_count(&self) -> usize {
        self.analysis
            .as_ref()
            .map(|an| an.step_count(self.algorithm))
            .unwrap_or(1)
    }

    /// The step the scene's `view` section names, clamped to the trace (as the app).
    pub fn view_step(&self) -> usize {
        self.scene.view.step.min(self.step_count() - 1)
    }

    /// The picture of `step` (counted from 0): the draw list with the scene's hidden
    /// layers removed and its manifold normal source, the scene's view cameras, no
    /// selection.
    pub fn picture(&self, step: usize) -> Result<Picture, ExportError> {
        let count = self.step_count();
        if step >= count {
            return Err(ExportError::StepOutOfRange {
                algorithm: self.algorithm,
                step,
                count,
            });
        }
        let view = &self.scene.view;
        // As `AppState::install` reads the view section.
        let manifold_via_sat = view.manifold_source == "sat";
        let mut list = build_draw_list(
            self.scene,
            self.analysis.as_ref(),
            self.algorithm,
            step,
            &Highlight {
                manifold_via_sat,
                ..Highlight::default()
            },
        );
        list.layers.retain(|l| !view.hidden_layers.contains(&l.id));
        let names = self.analysis.as_ref().map(|an| {
            (
                self.scene.shapes[an.a].name.clone(),
                self.scene.shapes[an.b].name.clone(),
            )
        });
        let title = title_line(
            &self.scene.title,
            self.algorithm,
            manifold_via_sat,
            names.as_ref().map(|(a, b)| (a.as_str(), b.as_str())),
        );
        let (shape_a, shape_b) = match names {
            Some((a, b)) => (Some(a), Some(b)),
            None => (None, None),
        };
        Ok(Picture {
            list,
            world_camera: view.world_camera,
            config_camera: view.config_camera,
            split: view.split,
            title,
            step: Some((step, count)),
            shape_a,
            shape_b,
        })
    }
}

/// The picture of what the app shows now, for the panel's "export this step": its
/// draw list (hidden layers, selection, manifold normal source), its cameras and split
/// (a camera not fitted yet, zoom 0, is fitted to the picture), its algorithm and step.
pub fn app_picture(app: &mut AppState) -> Picture {
    let list = app.draw_list();
    let count = app.step_count();
    let names = app.pair.and_then(|(a, b)| {
        let shapes = &app.scene.shapes;
        Some((shapes.get(a)?.name.clone(), shapes.get(b)?.name.clone()))
    });
    let title = title_line(
        &app.scene.title,
        app.algorithm,
        app.manifold_via_sat,
        names.as_ref().map(|(a, b)| (a.as_str(), b.as_str())),
    );
    let (shape_a, shape_b) = match names {
        Some((a, b)) => (Some(a), Some(b)),
        None => (None, None),
    };
    Picture {
        list,
        world_camera: app.world_camera,
        config_camera: app.config_camera,
        split: app.split,
        title,
        step: Some((app.step.min(count - 1), count)),
        shape_a,
        shape_b,
    }
}

/// What to export from a scene.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExportOptions {
    pub algorithm: Algorithm,
    /// Counted from 0; past the trace is an error.
    pub step: usize,
    pub width: u32,
    pub height: u32,
}

impl ExportOptions {
    /// Step `step` of `algorithm` at the default size.
    pub fn new(algorithm: Algorithm, step: usize) -> ExportOptions {
        ExportOptions {
            algorithm,
            step,
            width: DEFAULT_SIZE.0,
            height: DEFAULT_SIZE.1,
        }
    }
}

/// The SVG of one step of a scene.
pub fn export_svg(scene: &Scene, options: &ExportOptions) -> Result<String, ExportError> {
    let p = SceneExport::new(scene, options.algorithm).picture(options.step)?;
    render_svg(&p, options.width, options.height)
}

/// The PNG (encoded bytes) of one step of a scene.
pub fn export_png(scene: &Scene, options: &ExportOptions) -> Result<Vec<u8>, ExportError> {
    let p = SceneExport::new(scene, options.algorithm).picture(options.step)?;
    render_png(&p, options.width, options.height)
}

/// The picture in `format`, as file bytes.
pub fn render(
    picture: &Picture,
    format: Format,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, ExportError> {
    match format {
        Format::Svg => render_svg(picture, width, height).map(String::into_bytes),
        Format::Png => render_png(picture, width, height),
    }
}

/// Writes `bytes` to `path` atomically ([`crate::scene::fs::write_atomic`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    crate::scene::fs::write_atomic(path, bytes).map_err(|message| ExportError::Io {
        path: path.display().to_string(),
        message,
    })
}

// ----- layout -----

/// One view of the picture: where it is and how it looks at the world.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewFrame {
    pub space: Space,
    pub viewport: Viewport,
    /// The camera used (fitted if the picture's had no zoom).
    pub camera: Camera,
}

impl ViewFrame {
    /// Where a point of this view's space lands in the picture, pixels.
    pub fn to_screen(&self, p: Vec2) -> Vec2 {
        self.camera.to_screen(p, &self.viewport)
    }
}

/// A legend entry: a swatch and its text, placed.
#[derive(Clone, Debug, PartialEq)]
pub struct LegendItem {
    pub color: Rgba,
    pub text: String,
    /// Top-left of the swatch, pixels.
    pub at: Vec2,
}

/// Where everything goes in a picture.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: u32,
    pub height: u32,
    pub header: Viewport,
    /// The views shown (world first), each at least one pixel wide.
    pub views: Vec<ViewFrame>,
    pub legend: Viewport,
    pub legend_items: Vec<LegendItem>,
}

impl Layout {
    pub fn view(&self, space: Space) -> Option<&ViewFrame> {
        self.views.iter().find(|v| v.space == space)
    }
}

fn check_size(width: u32, height: u32) -> Result<(), ExportError> {
    if width < MIN_SIZE.0 || height < MIN_SIZE.1 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(ExportError::BadSize { width, height });
    }
    Ok(())
}

/// The legend entries of a picture: shapes A and B, then every layer drawn in a view
/// that is shown, in the panel's layer order.
fn legend_entries(p: &Picture, spaces: &[Space]) -> Vec<(Rgba, String)> {
    let mut out = Vec::new();
    if let Some(a) = &p.shape_a {
        out.push((SHAPE_A, format!("shape A: {a}")));
    }
    if let Some(b) = &p.shape_b {
        out.push((SHAPE_B, format!("shape B: {b}")));
    }
    for id in LayerId::ALL {
        if p.list.layer(id).is_some() && spaces.contains(&id.space()) {
            out.push((id.color(), id.label().to_string()));
        }
    }
    out
}

/// A camera that shows the content: the picture's when it has a zoom, else fitted to
/// the view's layers as the app's `F` does (configuration space keeps the origin in view).
fn resolve_camera(cam: Camera, list: &DrawList, space: Space, vp: &Viewport) -> Camera {
    if cam.zoom > 0.0 && cam.zoom.is_finite() && cam.center.is_finite() {
        return cam;
    }
    let mut fitted = Camera::default();
    match bounds(list, space) {
        Some((lo, hi)) if lo.is_finite() && hi.is_finite() => {
            let (lo, hi) = match space {
                Space::World => (lo, hi),
                Space::Config => (lo.min(Vec2::ZERO), hi.max(Vec2::ZERO)),
            };
            fitted.fit(lo, hi, vp);
        }
        _ => {
            fitted = Camera {
                center: Vec2::ZERO,
                zoom: 50.0,
            }
        }
    }
    fitted
}

/// Lays a picture out at `width × height` pixels.
pub fn layout(p: &Picture, width: u32, height: u32) -> Result<Layout, ExportError> {
    check_size(width, height)?;
    let (w, h) = (width as f32, height as f32);
    let split = if p.split > 0.0 && p.split.is_finite() {
        p.split.min(1.0)
    } else {
        DEFAULT_SPLIT
    };
    let w_world = (w * split).round();
    let mut spaces = Vec::new();
    if w_world >= 1.0 {
        spaces.push(Space::World);
    }
    if w - w_world >= 1.0 {
        spaces.push(Space::Config);
    }

    // The legend flows left to right and wraps.
    let mut legend_items = Vec::new();
    let (x0, x1) = (LEGEND_PAD + 4.0, w - LEGEND_PAD);
    let (mut x, mut row) = (x0, 0usize);
    for (color, text) in legend_entries(p, &spaces) {
        let item_w = SWATCH + 6.0 + text_width(&text, LEGEND_TEXT);
        if x > x0 && x + item_w > x1 {
            x = x0;
            row += 1;
        }
        legend_items.push(LegendItem {
            color,
            text,
            // Placed relative to the legend's top; shifted below once its height is known.
            at: Vec2::new(x, LEGEND_PAD + row as f32 * LEGEND_ROW + 4.0),
        });
        x += item_w + LEGEND_GAP;
    }
    let rows = if legend_items.is_empty() { 0 } else { row + 1 };
    let legend_h = (rows as f32 * LEGEND_ROW + 2.0 * LEGEND_PAD).round();
    let legend = Viewport {
        x: 0.0,
        y: h - legend_h,
        w,
        h: legend_h,
    };
    for item in &mut legend_items {
        item.at.y += legend.y;
    }

    let header = Viewport {
        x: 0.0,
        y: 0.0,
        w,
        h: HEADER_H,
    };
    let area_h = (legend.y - HEADER_H).max(1.0);
    let mut views = Vec::new();
    for space in spaces {
        let viewport = match space {
            Space::World => Viewport {
                x: 0.0,
                y: HEADER_H,
                w: w_world,
                h: area_h,
            },
            Space::Config => Viewport {
                x: w_world,
                y: HEADER_H,
                w: w - w_world,
                h: area_h,
            },
        };
        let cam = match space {
            Space::World => p.world_camera,
            Space::Config => p.config_camera,
        };
        views.push(ViewFrame {
            space,
            viewport,
            camera: resolve_camera(cam, &p.list, space, &viewport),
        });
    }
    Ok(Layout {
        width,
        height,
        header,
        views,
        legend,
        legend_items,
    })
}

// ----- text metrics (Hack, as the canvas) -----

fn font() -> Option<&'static fontdue::Font> {
    static FONT: OnceLock<Option<fontdue::Font>> = OnceLock::new();
    FONT.get_or_init(|| {
        fontdue::Font::from_bytes(
            epaint_default_fonts::HACK_REGULAR,
            fontdue::FontSettings::default(),
        )
        .ok()
    })
    .as_ref()
}

/// Advance width of `s` at `size` pixels. Hack is monospaced (0.602 em); the fallback
/// is used only if the embedded font fails to parse.
pub fn text_width(s: &str, size: f32) -> f32 {
    match font() {
        Some(f) => s.chars().map(|c| f.metrics(c, size).advance_width).sum(),
        None => s.chars().count() as f32 * 0.602 * size,
    }
}

/// Extent of `s` above and below its baseline (both ≥ 0), from its glyphs, as
/// macroquad's `measure_text` reports them for the canvas' label backgrounds.
fn text_extent(s: &str, size: f32) -> (f32, f32) {
    let Some(f) = font() else {
        return (0.75 * size, 0.2 * size);
    };
    let (mut above, mut below) = (0.0f32, 0.0f32);
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        let m = f.metrics(c, size);
        above = above.max((m.ymin + m.height as i32) as f32);
        below = below.max(-(m.ymin as f32));
    }
    (above, below)
}

/// `s` shortened with "…" to fit `max_w` pixels.
fn fit_text(s: &str, size: f32, max_w: f32) -> String {
    if text_width(s, size) <= max_w {
        return s.to_string();
    }
    let mut out: String = s.to_string();
    while !out.is_empty() && text_width(&out, size) + text_width("…", size) > max_w {
        out.pop();
    }
    out.push('…');
    out
}

// ----- painting -----

/// Screen-space drawing operations; one implementation writes SVG, one rasterises.
trait Painter {
    /// A group: `id`, optional class and label, optional clip rectangle.
    fn begin_group(
        &mut self,
        id: Option<&str>,
        class: Option<&str>,
        label: Option<&str>,
        clip: Option<&Viewport>,
    );
    fn end_group(&mut self);
    fn rect(&mut self, r: &Viewport, c: Rgba);
    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool);
    fn fill(&mut self, pts: &[Vec2], c: Rgba);
    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba);
    /// A shaft and, when long enough, a head triangle.
    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba);
    /// Text with a dark box behind it; `at` is the baseline start.
    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, back: &Viewport);
    /// Plain text; `at` is the baseline start.
    fn text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba);
    fn cross(&mut self, at: Vec2, size: f32, c: Rgba);
    /// A legend entry: a swatch square and its text.
    fn legend_item(&mut self, swatch: &Viewport, c: Rgba, at: Vec2, text: &str);
}

/// The arrow head the canvas draws: 10 px (at most half the arrow), 0.45 as wide.
fn arrow_head(a: Vec2, b: Vec2) -> Option<[Vec2; 3]> {
    let len = a.distance(b);
    if len <= 1.0 {
        return None;
    }
    let dir = (b - a) / len;
    let head = 10.0f32.min(len * 0.5);
    let side = Vec2::new(-dir.y, dir.x);
    Some([
        b,
        b - dir * head + side * head * 0.45,
        b - dir * head - side * head * 0.45,
    ])
}

fn finite(pts: &[Vec2]) -> bool {
    pts.iter().all(|p| p.is_finite())
}

/// Draws one primitive of a view, as the canvas' `draw_prim` does.
fn paint_prim(prim: &Prim, view: &ViewFrame, out: &mut impl Painter) {
    let s = |p: Vec2| view.to_screen(p);
    match prim {
        Prim::Polyline {
            points,
            closed,
            width,
            color,
            dashed,
        } => {
            let pts: Vec<Vec2> = points.iter().map(|p| s(*p)).collect();
            if pts.len() >= 2 && finite(&pts) {
                out.polyline(&pts, *closed, *width, *color, *dashed);
            }
        }
        Prim::Fill { points, color } => {
            let pts: Vec<Vec2> = points.iter().map(|p| s(*p)).collect();
            if pts.len() >= 3 && finite(&pts) {
                out.fill(&pts, *color);
            }
        }
        Prim::Dot { at, radius, color } => {
            let p = s(*at);
            if p.is_finite() {
                out.dot(p, *radius, *color);
            }
        }
        Prim::Arrow {
            from,
            to,
            width,
            color,
        } => {
            let (a, b) = (s(*from), s(*to));
            if a.is_finite() && b.is_finite() {
                out.arrow(a, b, *width, arrow_head(a, b), *color);
            }
        }
        Prim::Label {
            at,
            offset,
            text,
            color,
            size,
        } => {
            let p = (s(*at) + *offset).round();
            if p.is_finite() {
                let size = (*size * LABEL_SCALE).round();
                let (above, below) = text_extent(text, size);
                let back = Viewport {
                    x: p.x - 2.0,
                    y: p.y - above - 1.0,
                    w: text_width(text, size) + 4.0,
                    h: above + below + 3.0,
                };
                out.label(p, text, size, *color, &back);
            }
        }
        Prim::Cross { at, size, color } => {
            let p = s(*at);
            if p.is_finite() {
                out.cross(p, *size, *color);
            }
        }
    }
}

/// A grid value with `decimals` decimals, without a "-0".
fn grid_value(v: f32, step: f32, decimals: usize) -> String {
    let v = if v.abs() < step * 1.0e-3 { 0.0 } else { v };
    format!("{v:.decimals$}")
}

/// The grid with axis labels, as the canvas' `draw_grid`.
fn paint_grid(view: &ViewFrame, out: &mut impl Painter) {
    let (cam, vp) = (&view.camera, &view.viewport);
    let step = cam.grid_step(GRID_PX);
    if !(step.is_finite() && step > 0.0) {
        return;
    }
    let lo = cam.to_world(Vec2::new(vp.x, vp.y + vp.h), vp);
    let hi = cam.to_world(Vec2::new(vp.x + vp.w, vp.y), vp);
    let decimals = (-step.log10().floor()).clamp(0.0, 9.0) as usize;
    let first = (lo.x / step).floor();
    for k in 0..MAX_GRID_LINES {
        let x = (first + k as f32) * step;
        if x > hi.x {
            break;
        }
        let sx = cam.to_screen(Vec2::new(x, 0.0), vp).x;
        let c = if x.abs() < step * 1e-3 { AXES } else { GRID };
        out.polyline(
            &[Vec2::new(sx, vp.y), Vec2::new(sx, vp.y + vp.h)],
            false,
            1.0,
            c,
            false,
        );
        out.text(
            Vec2::new(sx + 2.0, vp.y + vp.h - 4.0).round(),
            &grid_value(x, step, decimals),
            GRID_LABEL_SIZE,
            GRID_LABEL,
        );
    }
    let first = (lo.y / step).floor();
    for k in 0..MAX_GRID_LINES {
        let y = (first + k as f32) * step;
        if y > hi.y {
            break;
        }
        let sy = cam.to_screen(Vec2::new(0.0, y), vp).y;
        let c = if y.abs() < step * 1e-3 { AXES } else { GRID };
        out.polyline(
            &[Vec2::new(vp.x, sy), Vec2::new(vp.x + vp.w, sy)],
            false,
            1.0,
            c,
            false,
        );
        out.text(
            Vec2::new(vp.x + 3.0, sy - 2.0).round(),
            &grid_value(y, step, decimals),
            GRID_LABEL_SIZE,
            GRID_LABEL,
        );
    }
}

fn space_name(space: Space) -> &'static str {
    match space {
        Space::World => "world",
        Space::Config => "config",
    }
}

/// Paints the whole picture: background, header, views (grid, layers, title), legend.
fn paint(p: &Picture, l: &Layout, out: &mut impl Painter) {
    let full = Viewport {
        x: 0.0,
        y: 0.0,
        w: l.width as f32,
        h: l.height as f32,
    };
    out.rect(&full, BACKGROUND);

    out.begin_group(Some("header"), None, None, Some(&l.header));
    out.rect(&l.header, BAND);
    // The step right-aligned; the title cut to leave room for it.
    let mut title_w = l.header.w - 20.0;
    if let Some((step, count)) = p.step {
        let s = step_text(step, count);
        let w = text_width(&s, TITLE_SIZE);
        out.text(
            Vec2::new((l.header.w - 10.0 - w).round(), 21.0),
            &s,
            TITLE_SIZE,
            Rgba::WHITE,
        );
        title_w -= w + 24.0;
    }
    let title = fit_text(&p.title, TITLE_SIZE, title_w);
    out.text(Vec2::new(10.0, 21.0), &title, TITLE_SIZE, Rgba::WHITE);
    out.end_group();

    for view in &l.views {
        let name = space_name(view.space);
        out.begin_group(
            Some(&format!("view-{name}")),
            Some("view"),
            None,
            Some(&view.viewport),
        );
        out.begin_group(Some(&format!("grid-{name}")), Some("grid"), None, None);
        paint_grid(view, out);
        out.end_group();
        for layer in p.list.layers.iter().filter(|x| x.space == view.space) {
            out.begin_group(
                Some(&format!("layer-{:?}", layer.id)),
                Some("layer"),
                Some(layer.id.label()),
                None,
            );
            for prim in &layer.prims {
                paint_prim(prim, view, out);
            }
            out.end_group();
        }
        let title = match view.space {
            Space::World => "world",
            Space::Config => "configuration space: B - A",
        };
        let vp = &view.viewport;
        out.text(
            Vec2::new(vp.x + 10.0, vp.y + 22.0),
            title,
            VIEW_TITLE_SIZE,
            VIEW_TITLE,
        );
        out.end_group();
    }
    // The line between the views.
    if let (Some(_), Some(c)) = (l.view(Space::World), l.view(Space::Config)) {
        let x = c.viewport.x;
        out.polyline(
            &[
                Vec2::new(x, c.viewport.y),
                Vec2::new(x, c.viewport.y + c.viewport.h),
            ],
            false,
            2.0,
            SEPARATOR,
            false,
        );
    }

    out.begin_group(Some("legend"), None, None, Some(&l.legend));
    out.rect(&l.legend, BAND);
    for item in &l.legend_items {
        let swatch = Viewport {
            x: item.at.x,
            y: item.at.y,
            w: SWATCH,
            h: SWATCH,
        };
        let text_at = Vec2::new(item.at.x + SWATCH + 6.0, item.at.y + SWATCH - 1.0);
        out.legend_item(&swatch, item.color, text_at, &item.text);
    }
    out.end_group();
}

// ----- SVG -----

/// A coordinate with two decimals, trailing zeros dropped, never "-0".
fn num(v: f32) -> String {
    let mut s = format!("{v:.2}");
    if s.contains('.') {
        while s.ends_with('0') {
            s.pop();
        }
        if s.ends_with('.') {
            s.pop();
        }
    }
    if s == "-0" {
        s = "0".to_string();
    }
    s
}

/// Escapes text for XML content and attribute values.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

fn alpha(a: u8) -> String {
    num(a as f32 / 255.0)
}

/// ` fill="#rrggbb"` and ` fill-opacity` when not opaque.
fn fill_attr(c: Rgba) -> String {
    if c.3 == 255 {
        format!(r#" fill="{}""#, c.hex())
    } else {
        format!(r#" fill="{}" fill-opacity="{}""#, c.hex(), alpha(c.3))
    }
}

fn stroke_attr(c: Rgba, width: f32) -> String {
    let mut s = format!(r#" stroke="{}" stroke-width="{}""#, c.hex(), num(width));
    if c.3 != 255 {
        let _ = write!(s, r#" stroke-opacity="{}""#, alpha(c.3));
    }
    s
}

fn points_attr(pts: &[Vec2]) -> String {
    let v: Vec<String> = pts
        .iter()
        .map(|p| format!("{},{}", num(p.x), num(p.y)))
        .collect();
    v.join(" ")
}

struct SvgPainter {
    out: String,
    depth: usize,
}

impl SvgPainter {
    fn line(&mut self, s: &str) {
        for _ in 0..self.depth {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn text_element(at: Vec2, text: &str, size: f32, c: Rgba) -> String {
        format!(
            r#"<text x="{}" y="{}" font-size="{}"{}>{}</text>"#,
            num(at.x),
            num(at.y),
            num(size),
            fill_attr(c),
            xml_escape(text)
        )
    }
}

impl Painter for SvgPainter {
    fn begin_group(
        &mut self,
        id: Option<&str>,
        class: Option<&str>,
        label: Option<&str>,
        clip: Option<&Viewport>,
    ) {
        let mut attrs = String::new();
        if let (Some(id), Some(r)) = (id, clip) {
            let clip_id = format!("clip-{}", id.trim_start_matches("view-"));
            self.line(&format!(
                r#"<clipPath id="{clip_id}"><rect x="{}" y="{}" width="{}" height="{}"/></clipPath>"#,
                num(r.x),
                num(r.y),
                num(r.w),
                num(r.h)
            ));
            let _ = write!(attrs, r#" clip-path="url(#{clip_id})""#);
        }
        let mut head = String::from("<g");
        if let Some(id) = id {
            let _ = write!(head, r#" id="{}""#, xml_escape(id));
        }
        if let Some(class) = class {
            let _ = write!(head, r#" class="{class}""#);
        }
        if let Some(label) = label {
            let _ = write!(head, r#" data-label="{}""#, xml_escape(label));
        }
        head.push_str(&attrs);
        head.push('>');
        self.line(&head);
        self.depth += 1;
    }

    fn end_group(&mut self) {
        self.depth = self.depth.saturating_sub(1);
        self.line("</g>");
    }

    fn rect(&mut self, r: &Viewport, c: Rgba) {
        self.line(&format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}"{}/>"#,
            num(r.x),
            num(r.y),
            num(r.w),
            num(r.h),
            fill_attr(c)
        ));
    }

    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool) {
        let (tag, class) = if closed {
            ("polygon", "outline")
        } else {
            ("polyline", "line")
        };
        let dash = if dashed {
            format!(r#" stroke-dasharray="{} {}""#, num(DASH[0]), num(DASH[1]))
        } else {
            String::new()
        };
        self.line(&format!(
            r#"<{tag} class="{class}" points="{}" fill="none"{}{dash} stroke-linejoin="round"/>"#,
            points_attr(pts),
            stroke_attr(c, width)
        ));
    }

    fn fill(&mut self, pts: &[Vec2], c: Rgba) {
        self.line(&format!(
            r#"<polygon class="fill" points="{}"{}/>"#,
            points_attr(pts),
            fill_attr(c)
        ));
    }

    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba) {
        self.line(&format!(
            r#"<circle class="dot" cx="{}" cy="{}" r="{}"{}/>"#,
            num(at.x),
            num(at.y),
            num(radius),
            fill_attr(c)
        ));
    }

    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba) {
        let mut s = format!(
            r#"<g class="arrow"><line x1="{}" y1="{}" x2="{}" y2="{}"{}/>"#,
            num(from.x),
            num(from.y),
            num(to.x),
            num(to.y),
            stroke_attr(c, width)
        );
        if let Some(h) = head {
            let _ = write!(
                s,
                r#"<polygon points="{}"{}/>"#,
                points_attr(&h),
                fill_attr(c)
            );
        }
        s.push_str("</g>");
        self.line(&s);
    }

    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, back: &Viewport) {
        let s = format!(
            r#"<g class="label"><rect x="{}" y="{}" width="{}" height="{}"{}/>{}</g>"#,
            num(back.x),
            num(back.y),
            num(back.w),
            num(back.h),
            fill_attr(LABEL_BACK),
            SvgPainter::text_element(at, text, size, c)
        );
        self.line(&s);
    }

    fn text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        let s = SvgPainter::text_element(at, text, size, c);
        self.line(&s);
    }

    fn cross(&mut self, at: Vec2, size: f32, c: Rgba) {
        self.line(&format!(
            r#"<path class="cross" d="M{} {}H{}M{} {}V{}" fill="none"{}/>"#,
            num(at.x - size),
            num(at.y),
            num(at.x + size),
            num(at.x),
            num(at.y - size),
            num(at.y + size),
            stroke_attr(c, 2.0)
        ));
    }

    fn legend_item(&mut self, swatch: &Viewport, c: Rgba, at: Vec2, text: &str) {
        let s = format!(
            r#"<g class="legend-item"><rect x="{}" y="{}" width="{}" height="{}" rx="2"{}/>{}</g>"#,
            num(swatch.x),
            num(swatch.y),
            num(swatch.w),
            num(swatch.h),
            fill_attr(c),
            SvgPainter::text_element(at, text, LEGEND_TEXT, Rgba::WHITE)
        );
        self.line(&s);
    }
}

/// The picture as an SVG document of `width × height` pixels.
pub fn render_svg(p: &Picture, width: u32, height: u32) -> Result<String, ExportError> {
    let l = layout(p, width, height)?;
    let mut svg = SvgPainter {
        out: String::new(),
        depth: 0,
    };
    svg.line(r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    svg.line(&format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="Hack, 'DejaVu Sans Mono', Menlo, Consolas, monospace" xml:space="preserve">"#
    ));
    svg.depth = 1;
    let mut title = p.title.clone();
    if let Some((step, count)) = p.step {
        title = format!("{title}  ·  {}", step_text(step, count));
    }
    svg.line(&format!("<title>{}</title>", xml_escape(&title)));
    paint(p, &l, &mut svg);
    svg.depth = 0;
    svg.line("</svg>");
    Ok(svg.out)
}

// ----- PNG -----

struct PngPainter {
    pixmap: tiny_skia::Pixmap,
    /// Clip of each open group (a group without one inherits its parent's).
    clips: Vec<Option<(tiny_skia::Mask, Viewport)>>,
}

fn paint_of(c: Rgba) -> tiny_skia::Paint<'static> {
    let mut paint = tiny_skia::Paint::default();
    paint.set_color_rgba8(c.0, c.1, c.2, c.3);
    paint.anti_alias = true;
    paint
}

fn path_of(pts: &[Vec2], closed: bool) -> Option<tiny_skia::Path> {
    let mut pb = tiny_skia::PathBuilder::new();
    let (first, rest) = pts.split_first()?;
    pb.move_to(first.x, first.y);
    for p in rest {
        pb.line_to(p.x, p.y);
    }
    if closed {
        pb.close();
    }
    pb.finish()
}

/// The innermost clip of the open groups.
fn current_clip(
    clips: &[Option<(tiny_skia::Mask, Viewport)>],
) -> Option<&(tiny_skia::Mask, Viewport)> {
    clips.iter().rev().find_map(|c| c.as_ref())
}

impl PngPainter {
    fn fill_path(&mut self, path: &tiny_skia::Path, c: Rgba) {
        self.pixmap.fill_path(
            path,
            &paint_of(c),
            tiny_skia::FillRule::Winding,
            tiny_skia::Transform::identity(),
            current_clip(&self.clips).map(|(m, _)| m),
        );
    }

    fn stroke_path(&mut self, path: &tiny_skia::Path, width: f32, c: Rgba, dashed: bool) {
        let stroke = tiny_skia::Stroke {
            width,
            line_join: tiny_skia::LineJoin::Round,
            dash: if dashed {
                tiny_skia::StrokeDash::new(DASH.to_vec(), 0.0)
            } else {
                None
            },
            ..Default::default()
        };
        self.pixmap.stroke_path(
            path,
            &paint_of(c),
            &stroke,
            tiny_skia::Transform::identity(),
            current_clip(&self.clips).map(|(m, _)| m),
        );
    }

    /// Text in Hack: each glyph's coverage blended over the pixels (source-over, in
    /// premultiplied RGBA as tiny-skia stores them), inside the current clip.
    fn draw_text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        let Some(font) = font() else {
            return;
        };
        let (w, h) = (self.pixmap.width() as i64, self.pixmap.height() as i64);
        let (cx0, cy0, cx1, cy1) = match current_clip(&self.clips) {
            Some((_, r)) => (
                r.x.floor() as i64,
                r.y.floor() as i64,
                (r.x + r.w).ceil() as i64,
                (r.y + r.h).ceil() as i64,
            ),
            None => (0, 0, w, h),
        };
        let (cx0, cy0, cx1, cy1) = (cx0.max(0), cy0.max(0), cx1.min(w), cy1.min(h));
        let baseline = at.y.round() as i64;
        let mut pen = at.x.round();
        let a = c.3 as f32 / 255.0;
        let data = self.pixmap.data_mut();
        for ch in text.chars() {
            let (m, bitmap) = font.rasterize(ch, size);
            let gx = (pen + m.xmin as f32).round() as i64;
            let gy = baseline - m.ymin as i64 - m.height as i64;
            pen += m.advance_width;
            for row in 0..m.height as i64 {
                let y = gy + row;
                if y < cy0 || y >= cy1 {
                    continue;
                }
                for col in 0..m.width as i64 {
                    let x = gx + col;
                    if x < cx0 || x >= cx1 {
                        continue;
                    }
                    let cov = bitmap[(row * m.width as i64 + col) as usize] as f32 / 255.0 * a;
                    if cov <= 0.0 {
                        continue;
                    }
                    let i = ((y * w + x) * 4) as usize;
                    let src = [c.0 as f32, c.1 as f32, c.2 as f32, 255.0];
                    for k in 0..4 {
                        let d = data[i + k] as f32;
                        data[i + k] =
                            (src[k] * cov + d * (1.0 - cov)).round().clamp(0.0, 255.0) as u8;
                    }
                }
            }
        }
    }
}

impl Painter for PngPainter {
    fn begin_group(
        &mut self,
        _id: Option<&str>,
        _class: Option<&str>,
        _label: Option<&str>,
        clip: Option<&Viewport>,
    ) {
        let clip = clip.and_then(|r| {
            let mut mask = tiny_skia::Mask::new(self.pixmap.width(), self.pixmap.height())?;
            let rect = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h)?;
            mask.fill_path(
                &tiny_skia::PathBuilder::from_rect(rect),
                tiny_skia::FillRule::Winding,
                false,
                tiny_skia::Transform::identity(),
            );
            Some((mask, *r))
        });
        self.clips.push(clip);
    }

    fn end_group(&mut self) {
        self.clips.pop();
    }

    fn rect(&mut self, r: &Viewport, c: Rgba) {
        if let Some(rect) = tiny_skia::Rect::from_xywh(r.x, r.y, r.w, r.h) {
            self.fill_path(&tiny_skia::PathBuilder::from_rect(rect), c);
        }
    }

    fn polyline(&mut self, pts: &[Vec2], closed: bool, width: f32, c: Rgba, dashed: bool) {
        if let Some(path) = path_of(pts, closed) {
            self.stroke_path(&path, width, c, dashed);
        }
    }

    fn fill(&mut self, pts: &[Vec2], c: Rgba) {
        if let Some(path) = path_of(pts, true) {
            self.fill_path(&path, c);
        }
    }

    fn dot(&mut self, at: Vec2, radius: f32, c: Rgba) {
        if let Some(path) = tiny_skia::PathBuilder::from_circle(at.x, at.y, radius) {
            self.fill_path(&path, c);
        }
    }

    fn arrow(&mut self, from: Vec2, to: Vec2, width: f32, head: Option<[Vec2; 3]>, c: Rgba) {
        self.polyline(&[from, to], false, width, c, false);
        if let Some(h) = head {
            self.fill(&h, c);
        }
    }

    fn label(&mut self, at: Vec2, text: &str, size: f32, c: Rgba, back: &Viewport) {
        self.rect(back, LABEL_BACK);
        self.draw_text(at, text, size, c);
    }

    fn text(&mut self, at: Vec2, text: &str, size: f32, c: Rgba) {
        self.draw_text(at, text, size, c);
    }

    fn cross(&mut self, at: Vec2, size: f32, c: Rgba) {
        let x = Vec2::new(size, 0.0);
        let y = Vec2::new(0.0, size);
        self.polyline(&[at - x, at + x], false, 2.0, c, false);
        self.polyline(&[at - y, at + y], false, 2.0, c, false);
    }

    fn legend_item(&mut self, swatch: &Viewport, c: Rgba, at: Vec2, text: &str) {
        self.rect(swatch, c);
        self.draw_text(at, text, LEGEND_TEXT, Rgba::WHITE);
    }
}

/// The picture rendered in software (anti-aliased), as an RGBA pixmap.
pub fn render_pixmap(
    p: &Picture,
    width: u32,
    height: u32,
) -> Result<tiny_skia::Pixmap, ExportError> {
    let l = layout(p, width, height)?;
    let pixmap =
        tiny_skia::Pixmap::new(width, height).ok_or(ExportError::BadSize { width, height })?;
    let mut png = PngPainter {
        pixmap,
        clips: Vec::new(),
    };
    paint(p, &l, &mut png);
    Ok(png.pixmap)
}

/// The picture as PNG file bytes.
pub fn render_png(p: &Picture, width: u32, height: u32) -> Result<Vec<u8>, ExportError> {
    render_pixmap(p, width, height)?
        .encode_png()
        .map_err(|e| ExportError::Encode(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;

    fn default_scene() -> Scene {
        parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap()
    }

    #[test]
    fn numbers_and_escapes() {
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(3.0), "3");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(-1.236), "-1.24");
        assert_eq!(
            xml_escape(r#"a<b & "c" 'd'>"#),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(xml_escape("x\u{1}y"), "x y");
        assert_eq!(grid_value(-1.0e-7, 0.5, 1), "0.0");
        assert_eq!(grid_value(-0.5, 0.5, 1), "-0.5");
    }

    #[test]
    fn hack_is_monospaced_and_titles_are_shortened() {
        let w = text_width("abcdefghij", 13.0);
        assert!((w - 10.0 * 0.602 * 13.0).abs() < 0.1, "{w}");
        assert!((text_width("−–·", 13.0) - text_width("abc", 13.0)).abs() < 1e-3);
        let s = fit_text(&"x".repeat(200), 15.0, 300.0);
        assert!(s.ends_with('…'));
        assert!(text_width(&s, 15.0) <= 300.0 + 1e-3);
        assert_eq!(fit_text("short", 15.0, 300.0), "short");
    }

    #[test]
    fn format_from_names_and_paths() {
        assert_eq!(Format::from_path(Path::new("a/b.SVG")), Some(Format::Svg));
        assert_eq!(Format::from_path(Path::new("b.png")), Some(Format::Png));
        assert_eq!(Format::from_path(Path::new("b.jpg")), None);
        assert_eq!(Format::from_path(Path::new("noext")), None);
        assert_eq!(Format::from_name("PNG"), Some(Format::Png));
    }

    #[test]
    fn layout_bands_views_and_fitted_cameras() {
        let scene = default_scene();
        let ex = SceneExport::new(&scene, Algorithm::Gjk);
        let p = ex.picture(0).unwrap();
        let l = layout(&p, 1280, 800).unwrap();
        assert_eq!(l.views.len(), 2);
        let (w, c) = (
            l.view(Space::World).unwrap(),
            l.view(Space::Config).unwrap(),
        );
        // World left at the app's split, configuration space right, no gap or overlap.
        assert_eq!(w.viewport.x, 0.0);
        assert_eq!(w.viewport.w, (1280.0 * DEFAULT_SPLIT).round());
        assert_eq!(c.viewport.x, w.viewport.w);
        assert_eq!(c.viewport.x + c.viewport.w, 1280.0);
        assert_eq!(w.viewport.y, HEADER_H);
        assert_eq!(w.viewport.y + w.viewport.h, l.legend.y);
        assert_eq!(l.legend.y + l.legend.h, 800.0);
        // Fitted: every drawn point of each view is inside its viewport.
        for view in &l.views {
            let (lo, hi) = bounds(&p.list, view.space).unwrap();
            for q in [lo, hi] {
                let s = view.to_screen(q);
                assert!(view.viewport.contains(s), "{:?} {q} -> {s}", view.space);
            }
        }
        // Legend: A, B and one entry per layer; every item inside the legend band.
        assert_eq!(l.legend_items.len(), 2 + p.list.layers.len());
        for it in &l.legend_items {
            assert!(it.at.y >= l.legend.y && it.at.y + SWATCH <= l.legend.y + l.legend.h);
            assert!(it.at.x + SWATCH + 6.0 + text_width(&it.text, LEGEND_TEXT) <= 1280.0);
        }
        // A narrow picture wraps the legend onto more rows.
        let narrow = layout(&p, 400, 800).unwrap();
        assert!(narrow.legend.h > l.legend.h);
    }

    #[test]
    fn split_one_shows_the_world_only_and_bad_sizes_are_refused() {
        let scene = default_scene();
        let mut p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        p.split = 1.0;
        let l = layout(&p, 800, 600).unwrap();
        assert_eq!(l.views.len(), 1);
        assert_eq!(l.views[0].space, Space::World);
        // Configuration-space layers are not in the legend when their view is not shown.
        assert!(!l
            .legend_items
            .iter()
            .any(|i| i.text == LayerId::Minkowski.label()));
        for (w, h) in [(100, 600), (800, 100), (9000, 600)] {
            assert_eq!(
                layout(&p, w, h).unwrap_err(),
                ExportError::BadSize {
                    width: w,
                    height: h
                }
            );
        }
    }

    #[test]
    fn step_out_of_range_names_the_valid_range() {
        let scene = default_scene();
        let ex = SceneExport::new(&scene, Algorithm::Epa);
        let n = ex.step_count();
        assert!(n >= 2);
        assert!(ex.picture(n - 1).is_ok());
        let e = ex.picture(n).unwrap_err();
        assert_eq!(
            e,
            ExportError::StepOutOfRange {
                algorithm: Algorithm::Epa,
                step: n,
                count: n
            }
        );
        assert!(e.to_string().contains(&format!("(0 to {})", n - 1)), "{e}");
    }

    #[test]
    fn no_pair_pictures_the_shapes() {
        let mut scene = default_scene();
        scene.shapes.truncate(1);
        let ex = SceneExport::new(&scene, Algorithm::Gjk);
        assert_eq!(ex.step_count(), 1);
        let p = ex.picture(0).unwrap();
        assert!(p.title.contains("no pair"));
        assert_eq!(p.list.layers.len(), 1);
        let l = layout(&p, 640, 480).unwrap();
        assert_eq!(l.legend_items.len(), 1);
        assert!(render_svg(&p, 640, 480).unwrap().contains("layer-Shapes"));
    }

    #[test]
    fn hidden_layers_of_the_scene_view_are_left_out() {
        let mut scene = default_scene();
        scene.view.hidden_layers = vec![LayerId::Minkowski];
        let p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        assert!(p.list.layer(LayerId::Minkowski).is_none());
        assert!(p.list.layer(LayerId::GjkSimplex).is_some());
    }

    #[test]
    fn the_app_picture_is_the_scene_picture_of_the_opened_scene() {
        let mut scene = default_scene();
        scene.view.algorithm = Algorithm::Manifold;
        scene.view.manifold_source = "sat".to_string();
        scene.view.hidden_layers = vec![LayerId::Minkowski];
        let mut app = AppState::new(scene.clone(), None);
        let from_app = app_picture(&mut app);
        let ex = SceneExport::new(&scene, Algorithm::Manifold);
        let step = ex.view_step();
        let from_scene = ex.picture(step).unwrap();
        assert_eq!(from_app.list, from_scene.list);
        assert_eq!(from_app.title, from_scene.title);
        assert!(from_app.title.contains("SAT normal"), "{}", from_app.title);
        assert_eq!(from_app.step, from_scene.step);
        assert_eq!(from_app.shape_a.as_deref(), Some("A"));
        assert_eq!(from_app.shape_b.as_deref(), Some("B"));
        // The EPA normal draws a different manifold layer on this overlapping pair.
        scene.view.manifold_source = "epa".to_string();
        let epa = SceneExport::new(&scene, Algorithm::Manifold)
            .picture(step)
            .unwrap();
        assert!(epa.title.contains("EPA normal"));
        assert_ne!(
            epa.list.layer(LayerId::Manifold),
            from_scene.list.layer(LayerId::Manifold)
        );
        // The app's cameras once fitted are the picture's.
        app.world_camera = Camera {
            center: Vec2::new(0.5, 0.0),
            zoom: 80.0,
        };
        let p = app_picture(&mut app);
        let l = layout(&p, 900, 600).unwrap();
        assert_eq!(l.view(Space::World).unwrap().camera, app.world_camera);
    }

    #[test]
    fn scene_cameras_are_used_when_they_have_a_zoom() {
        let mut scene = default_scene();
        scene.view.world_camera = Camera {
            center: Vec2::new(1.0, 2.0),
            zoom: 33.0,
        };
        let p = SceneExport::new(&scene, Algorithm::Gjk).picture(0).unwrap();
        let l = layout(&p, 1000, 700).unwrap();
        let w = l.view(Space::World).unwrap();
        assert_eq!(w.camera, scene.view.world_camera);
        assert_eq!(w.to_screen(Vec2::new(1.0, 2.0)), w.viewport.center());
        // The configuration camera had none: fitted, origin in view.
        let c = l.view(Space::Config).unwrap();
        assert!(c.camera.zoom > 0.0);
        assert!(c.viewport.contains(c.to_screen(Vec2::ZERO)));
    }
}
