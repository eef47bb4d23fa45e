//! The picture of one algorithm step (title, step, draw list, cameras), made from a
//! scene or from the app's state, and the export entry points: SVG or PNG bytes, written
//! atomically.

use super::*;

use crate::app::AppState;
use crate::core::gjk::SimplexCache;
use crate::scene::Scene;
use crate::study::draw::{draw_list, Frame};
use crate::study::{Algorithm, Studies};
use crate::trace::peer_answer::{Engine, EngineAnswer};
use crate::trace::scene_results::SceneResults;
use crate::view::camera::Camera;
use crate::view::draw::{DrawList, Highlight};
use crate::view::palette::Theme;
use std::fmt;
use std::path::Path;

/// Band and legend geometry, pixels.
pub(super) const HEADER_H: f32 = 32.0;
pub(super) const TITLE_SIZE: f32 = 15.0;
pub(super) const VIEW_TITLE_SIZE: f32 = 17.0;
pub(super) const GRID_LABEL_SIZE: f32 = 12.0;
/// Grid lines about this many pixels apart (as the app).
pub(super) const GRID_PX: f32 = 60.0;
pub(super) const LEGEND_TEXT: f32 = 13.0;
pub(super) const LEGEND_ROW: f32 = 22.0;
pub(super) const LEGEND_PAD: f32 = 8.0;
pub(super) const LEGEND_GAP: f32 = 22.0;
pub(super) const SWATCH: f32 = 12.0;
/// Dashes of dashed lines: on, off (pixels), as the canvas draws them.
pub(super) const DASH: [f32; 2] = [7.0, 5.0];
/// The canvas draws labels at 0.85 of their nominal size.
pub(super) const LABEL_SCALE: f32 = 0.85;
/// Grid lines drawn at most per axis (the canvas' guard).
pub(super) const MAX_GRID_LINES: usize = 400;

/// Picture size limits, pixels (the same as the window size on the command line).
pub const MIN_SIZE: (u32, u32) = (320, 240);
pub const MAX_SIDE: u32 = 8192;
/// The size used when none is given: the app's default window.
pub const DEFAULT_SIZE: (u32, u32) = (1280, 800);

/// Why a picture could not be made or written.
#[derive(Clone, Debug, PartialEq)]
pub enum ExportError {
    /// The step is past the end of the algorithm's trace (`step` its index, counted
    /// from 0; the message counts from 1, as the window does).
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
                "step {} is out of range: {} has {count} step{} on this scene (1 to {count})",
                step + 1,
                algorithm.name(),
                if *count == 1 { "" } else { "s" },
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
    /// Dark (the window's look) or light (slides, print).
    pub theme: Theme,
    /// What the step is within its algorithm ("EPA step 1 of 3"), written after
    /// the step in the header.
    pub step_part: Option<String>,
}

/// The pair (A, B) the app shows for a scene: the shapes named by its `view` section,
/// else the first two; `None` with fewer than two shapes.
pub fn scene_pair(scene: &Scene) -> Option<(usize, usize)> {
    scene.view_pair()
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

/// One scene and one algorithm, studied once, ready to picture any step.
pub struct SceneExport<'a> {
    scene: &'a Scene,
    algorithm: Algorithm,
    studies: Option<Studies>,
    results: SceneResults,
    /// The engines' answers on the pair, drawn as the app's overlay layers; empty
    /// unless [`SceneExport::with_peers`] asked them.
    peers: Vec<(Engine, EngineAnswer)>,
}

impl<'a> SceneExport<'a> {
    /// Runs every algorithm on the scene's pair (see [`scene_pair`]) with traces on,
    /// starting from an empty simplex cache, as the app does when it opens the scene.
    pub fn new(scene: &'a Scene, algorithm: Algorithm) -> SceneExport<'a> {
        let studies = scene_pair(scene)
            .map(|(a, b)| Studies::compute(scene, a, b, &mut SimplexCache::default()));
        SceneExport {
            scene,
            algorithm,
            studies,
            results: SceneResults::compute(scene),
            peers: Vec::new(),
        }
    }

    /// Asks the engines (Box2D v3, parry2d) on the pair, as the app does, so that every
    /// picture adds their overlay layers (`PeerBox2d`, `PeerParry`, and for GJK
    /// `PeerBox2dSimplex`) as the app's canvas draws them. Nothing to ask with no pair.
    #[cfg(feature = "peers")]
    pub fn with_peers(mut self) -> SceneExport<'a> {
        let pair = self.studies.as_ref().map(Studies::pair);
        self.peers = crate::app::ask_peers_on(self.scene, pair);
        self
    }

    pub fn studies(&self) -> Option<&Studies> {
        self.studies.as_ref()
    }

    /// The engines' answers asked by [`SceneExport::with_peers`] (empty otherwise).
    pub fn peer_answers(&self) -> &[(Engine, EngineAnswer)] {
        &self.peers
    }

    /// Steps of the algorithm on this scene (at least 1; 1 with no pair).
    pub fn step_count(&self) -> usize {
        let source = self.scene.view.manifold();
        self.studies
            .as_ref()
            .map(|s| s.step_count_for(self.algorithm, source))
            .unwrap_or(1)
    }

    /// The step the scene's `view` section names, clamped to the trace (as the app).
    pub fn view_step(&self) -> usize {
        self.scene.view.step.min(self.step_count() - 1)
    }

    /// The picture of `step` (counted from 0): the draw list (with the engines'
    /// overlays after [`SceneExport::with_peers`]) with the scene's hidden layers removed
    /// and its manifold normal source, the scene's view cameras, no selection.
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
        let manifold_via_sat = view.manifold() == crate::core::manifold::ManifoldSource::Sat;
        let frame = Frame {
            scene: self.scene,
            studies: self.studies.as_ref(),
            results: &self.results,
            peers: &self.peers,
            algorithm: self.algorithm,
            step,
        };
        let mut list = draw_list(
            &frame,
            &Highlight {
                manifold_via_sat,
                ..Highlight::default()
            },
        );
        list.layers.retain(|l| !view.hidden_layers.contains(&l.id));
        let names = self.studies.as_ref().map(|s| {
            let (a, b) = s.pair();
            (
                self.scene.shapes[a].name.clone(),
                self.scene.shapes[b].name.clone(),
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
            theme: Theme::Dark,
            step_part: self.studies.as_ref().map(|s| {
                let source = crate::core::manifold::ManifoldSource::via_sat(manifold_via_sat);
                s.step_part(self.scene, self.algorithm, step, source)
            }),
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
    let step_part = app.step_part();
    Picture {
        list,
        world_camera: app.world_camera,
        config_camera: app.config_camera,
        split: app.split,
        title,
        step: Some((app.step.min(count - 1), count)),
        shape_a,
        shape_b,
        theme: app.theme,
        step_part,
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

/// Writes `bytes` to `path` through the one output writer
/// ([`crate::scene::fs::write_output`]: atomic for files, through for devices, `-` for
/// standard output).
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), ExportError> {
    crate::scene::fs::write_output(path, bytes).map_err(|message| ExportError::Io {
        path: path.display().to_string(),
        message,
    })
}
