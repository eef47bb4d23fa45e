//! Scene files (RON): the contract between the app, the command line and users.
//!
//! ```ron
//! (
//!     version: 1,
//!     title: "Box against triangle",
//!     notes: "What this scene shows.",
//!     shapes: [
//!         (name: "A", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 1.5)], radius: 0.0),
//!          position: (0.0, 0.0), angle: 0.0),
//!         (name: "B", geometry: Circle(radius: 0.5), position: (1.0, 2.0), angle: 0.0),
//!     ],
//!     settings: (speculative_distance: 0.0, gjk_max_iterations: 20),
//! )
//! ```
//! Every number may be written as a hex float, as C's `printf("%a")` prints it
//! (`0x1.8p+1`, `-0x1.99999ap-4`): it reads to exactly that f32, the value an engine
//! stored ([`hexfloat`]). All values are f32, the engines' precision.
//!
//! Optional, with defaults: `title`, `notes` (empty), a shape's `velocity` (zero),
//! `settings` and each of its fields (see [`Settings`]). Fields may be added later
//! with defaults; none is renamed.
//!
//! Loading never panics: every problem is one [`SceneError`] naming the file, the
//! line and column where there is one, and what is wrong. Saving writes a temporary
//! file beside the target and renames it over, so a failed save leaves the old file.

use crate::core::consts::*;
use crate::core::shape::{Geometry, Pose, Shape, ShapeError};
use glam::Vec2;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::path::Path;
use view_state::{Algorithm, Camera, LayerId};

/// The built-in scene: what the debugger opens without a file (`assets/default.ron`).
pub const DEFAULT_SCENE: &str = include_str!("../../assets/default.ron");

/// The only scene format version so far.
pub const SCENE_VERSION: u32 = 1;

pub mod build;
pub mod fs;
pub mod hexfloat;
pub mod import;
pub mod view_state;

pub use crate::core::settings::Settings;

/// A named shape placed in the scene.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "ShapeEntry", into = "ShapeEntry")]
pub struct SceneShape {
    pub name: String,
    pub shape: Shape,
    pub pose: Pose,
    /// Velocity over one unit of time (for time of impact).
    pub velocity: Vec2,
    /// What loading changed, when the file's polygon was an engine's hull the core
    /// refuses as given (see [`engine_hull`]); shown as a warning, never saved.
    pub load_note: Option<String>,
}

/// Two shapes are equal when their data are; how they were loaded does not count.
impl PartialEq for SceneShape {
    fn eq(&self, o: &Self) -> bool {
        self.name == o.name
            && self.shape == o.shape
            && self.pose == o.pose
            && self.velocity == o.velocity
    }
}

/// A polygon the core refuses as nearly degenerate (a vertex on the line through its
/// neighbours, or two vertices on top of each other) but that an engine accepts: the
/// hull Box2D's builder makes of its points ([`quickhull`], linear slop 0.005), when
/// that changes the shape by at most 4 × slop. `None` otherwise (the refusal stands).
pub fn engine_hull(points: &[Vec2], radius: f32, name: &str) -> Option<(Shape, String)> {
    use crate::core::quickhull::{largest_change, quickhull, BOX2D_LINEAR_SLOP};
    let hull = quickhull(points, BOX2D_LINEAR_SLOP).hull.ok()?;
    let change = largest_change(points, &hull);
    if change > 4.0 * BOX2D_LINEAR_SLOP {
        return None;
    }
    let shape = Shape::new(Geometry::Polygon {
        points: hull.clone(),
        radius,
    })
    .ok()?;
    let dropped: Vec<String> = points
        .iter()
        .filter(|p| !hull.contains(p))
        .map(|p| format!("({}, {})", p.x, p.y))
        .collect();
    Some((
        shape,
        format!(
            "shape \"{name}\": built as Box2D's b2ComputeHull does (linear slop 0.005): \
             {} of {} vertices kept, dropped {} (the shape moved by at most {change:.2e})",
            hull.len(),
            points.len(),
            dropped.join(", ")
        ),
    ))
}

impl SceneShape {
    pub fn new(
        name: &str,
        geometry: Geometry,
        position: Vec2,
        angle: f32,
    ) -> Result<SceneShape, String> {
        SceneShape::try_from(ShapeEntry {
            name: name.to_string(),
            geometry,
            position,
            angle,
            velocity: Vec2::ZERO,
        })
    }
}

/// A shape as written in the file.
#[derive(Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Shape")]
pub(crate) struct ShapeEntry {
    name: String,
    geometry: Geometry,
    position: Vec2,
    angle: f32,
    #[serde(default, skip_serializing_if = "is_zero")]
    velocity: Vec2,
}

fn is_zero(v: &Vec2) -> bool {
    *v == Vec2::ZERO
}

fn check_vec(name: &str, field: &str, v: Vec2) -> Result<(), String> {
    if !v.is_finite() {
        return Err(format!(
            "shape \"{name}\": {field} ({}, {}) is not a finite number",
            v.x, v.y
        ));
    }
    if v.abs().max_element() > MAX_COORDINATE {
        return Err(format!(
            "shape \"{name}\": {field} ({}, {}) is beyond the coordinate limit of {MAX_COORDINATE:e}",
            v.x, v.y
        ));
    }
    Ok(())
}

impl TryFrom<ShapeEntry> for SceneShape {
    type Error = String;
    fn try_from(e: ShapeEntry) -> Result<Self, String> {
        if e.name.trim().is_empty() {
            return Err("a shape has an empty name".to_string());
        }
        let name = &e.name;
        check_vec(name, "position", e.position)?;
        check_vec(name, "velocity", e.velocity)?;
        if !e.angle.is_finite() {
            return Err(format!(
                "shape \"{name}\": angle {} is not a finite number",
                e.angle
            ));
        }
        let kind = e.geometry.kind_name();
        let (shape, load_note) = match Shape::new(e.geometry.clone()) {
            Ok(shape) => (shape, None),
            Err(
                err @ (ShapeError::CollinearVertex { .. } | ShapeError::DuplicateVertex { .. }),
            ) => {
                let Geometry::Polygon { points, radius } = &e.geometry else {
                    return Err(format!("shape \"{name}\" ({kind}): {err}"));
                };
                match engine_hull(points, *radius, name) {
                    Some((shape, note)) => (shape, Some(note)),
                    None => return Err(format!("shape \"{name}\" ({kind}): {err}")),
                }
            }
            Err(err) => return Err(format!("shape \"{name}\" ({kind}): {err}")),
        };
        Ok(SceneShape {
            name: e.name,
            shape,
            pose: Pose::new(e.position, e.angle),
            velocity: e.velocity,
            load_note,
        })
    }
}

impl From<SceneShape> for ShapeEntry {
    fn from(s: SceneShape) -> Self {
        ShapeEntry {
            name: s.name,
            geometry: s.shape.geometry().clone(),
            position: s.pose.position,
            angle: s.pose.angle,
            velocity: s.velocity,
        }
    }
}

/// A scene: shapes and the settings the algorithms run with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scene {
    #[serde(deserialize_with = "version_one")]
    pub version: u32,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub notes: String,
    /// The heading the scene is listed under in the panel (e.g. "GJK", "Public cases").
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub group: String,
    pub shapes: Vec<SceneShape>,
    #[serde(default)]
    pub settings: Settings,
    /// What the debugger was showing (written by the app; optional).
    #[serde(default, skip_serializing_if = "View::is_default")]
    pub view: View,
    /// What the algorithms should conclude on this scene's pair (optional; checked
    /// by the scene-library test).
    #[serde(default, skip_serializing_if = "Expect::is_empty")]
    pub expect: Expect,
}

/// A scene's declared outcome for its pair (the view's A and B, else the first two
/// shapes): per algorithm name, the expected termination name
/// (the analysis' `termination`); with `manifold_source` "sat" the
/// manifold entry is checked on the SAT path. Optionally whether the pair overlaps.
///
/// ```ron
/// expect: (terminations: {"gjk": "duplicate_support", "epa": "none"}, overlap: "no"),
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct Expect {
    pub terminations: std::collections::BTreeMap<String, String>,
    /// "yes", "no" or empty (not checked).
    pub overlap: String,
}

impl Expect {
    pub fn is_empty(&self) -> bool {
        self.terminations.is_empty() && self.overlap.is_empty()
    }
}

/// The debugger's view of a scene: cameras, the pair, the algorithm, the step, the layers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Default)]
#[serde(default, deny_unknown_fields)]
pub struct View {
    /// Camera of the world view (zoom 0: fit on open).
    pub world_camera: Camera,
    /// Camera of the configuration-space view (zoom 0: fit on open).
    pub config_camera: Camera,
    /// Names of shapes A and B (empty: the first two shapes).
    pub a: String,
    pub b: String,
    /// Algorithm name: gjk, epa, sat, manifold, clip, box-box, toi, cast.
    pub algorithm: Algorithm,
    /// The manifold algorithm's normal: "epa" (default, also when empty) or "sat".
    pub manifold_source: String,
    /// Step shown (clamped to the trace).
    pub step: usize,
    /// Layers switched off.
    pub hidden_layers: Vec<LayerId>,
    /// Fraction of the canvas width given to the world view (0 or 1: one view only;
    /// 0 means the default split).
    pub split: f32,
}

impl View {
    pub fn is_default(&self) -> bool {
        *self == View::default()
    }
}

fn version_one<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let v = u32::deserialize(d)?;
    if v != SCENE_VERSION {
        return Err(serde::de::Error::custom(format!(
            "unknown scene version {v}; this build reads version {SCENE_VERSION}"
        )));
    }
    Ok(v)
}

impl Default for Scene {
    fn default() -> Self {
        Scene {
            version: SCENE_VERSION,
            title: String::new(),
            notes: String::new(),
            group: String::new(),
            shapes: Vec::new(),
            settings: Settings::default(),
            view: View::default(),
            expect: Expect::default(),
        }
    }
}

impl Scene {
    /// The warnings of loading (engine hulls rebuilt), one per shape concerned.
    pub fn load_notes(&self) -> Vec<String> {
        self.shapes
            .iter()
            .filter_map(|s| s.load_note.clone())
            .collect()
    }

    pub fn shape_index(&self, name: &str) -> Option<usize> {
        self.shapes.iter().position(|s| s.name == name)
    }
}

/// What kind of problem a scene file has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneErrorKind {
    /// The file could not be read (missing, a directory, no permission) or written.
    Io,
    /// The file is empty.
    Empty,
    /// RON syntax, a missing or unknown field, a wrong type, an unknown version, an
    /// invalid shape or setting: anything found while parsing.
    Invalid,
    /// Two shapes share a name.
    DuplicateName,
}

/// A scene that could not be loaded or saved.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneError {
    pub path: String,
    /// 1-based line and column, where known.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub kind: SceneErrorKind,
    pub message: String,
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{l}:{c}: {}", self.path, self.message),
            (Some(l), None) => write!(f, "{}:{l}: {}", self.path, self.message),
            _ => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

impl std::error::Error for SceneError {}

/// Turns RON's wording into ours where it names internal types.
fn friendly(code: &ron::Error) -> String {
    use ron::Error as E;
    match code {
        E::Message(m) => m.clone(),
        E::MissingStructField { field, outer } => match outer {
            Some(o) => format!("missing field `{field}` in {}", describe(o)),
            None => format!("missing field `{field}`"),
        },
        E::NoSuchStructField {
            found: field,
            expected,
            outer,
        } => format!(
            "unknown field `{field}` in {}; expected one of: {}",
            outer
                .as_deref()
                .map(describe)
                .unwrap_or_else(|| "a struct".into()),
            expected.join(", ")
        ),
        E::NoSuchEnumVariant {
            found, expected, ..
        } => format!(
            "unknown shape kind `{found}`; expected one of: {}",
            expected.join(", ")
        ),
        E::Eof => "the file ends too early (an unclosed bracket?)".to_string(),
        other => other.to_string(),
    }
}

fn describe(outer: &str) -> String {
    match outer {
        "Scene" => "the scene".to_string(),
        "Shape" => "a shape".to_string(),
        "Settings" => "settings".to_string(),
        other => format!("`{other}`"),
    }
}

/// Parses a scene from text. `path` only labels errors.
pub fn parse_scene(text: &str, path: &str) -> Result<Scene, SceneError> {
    let err = |line, column, kind, message: String| SceneError {
        path: path.to_string(),
        line,
        column,
        kind,
        message,
    };
    if text.trim().is_empty() {
        return Err(err(
            None,
            None,
            SceneErrorKind::Empty,
            "the file is empty".to_string(),
        ));
    }
    // Hex floats (`0x1.8p+1`) become the decimals RON reads to the same f32; error
    // columns are mapped back to the user's text.
    let (converted, replaced) = hexfloat::replace_in_ron(text);
    let scene: Scene = ron::from_str(&converted).map_err(|e| {
        let line = e.position.line;
        err(
            Some(line),
            Some(hexfloat::original_column(&replaced, line, e.position.col)),
            SceneErrorKind::Invalid,
            friendly(&e.code),
        )
    })?;
    for (i, s) in scene.shapes.iter().enumerate() {
        if let Some(first) = scene.shapes[..i].iter().position(|o| o.name == s.name) {
            let line = nth_name_line(text, &s.name, 1);
            return Err(err(
                line,
                None,
                SceneErrorKind::DuplicateName,
                format!(
                    "shape name \"{}\" is used twice (shapes {} and {}); names must be unique",
                    s.name, first, i
                ),
            ));
        }
    }
    for (field, name) in [("a", &scene.view.a), ("b", &scene.view.b)] {
        if !name.is_empty() && scene.shape_index(name).is_none() {
            let line = text.lines().position(|l| l.contains("view")).map(|i| i + 1);
            return Err(err(
                line,
                None,
                SceneErrorKind::Invalid,
                format!("view.{field} names shape \"{name}\", which the scene does not have"),
            ));
        }
    }
    let v = &scene.view;
    for (field, cam) in [
        ("world_camera", &v.world_camera),
        ("config_camera", &v.config_camera),
    ] {
        if !cam.center.is_finite() || !cam.zoom.is_finite() || cam.zoom < 0.0 {
            let line = text.lines().position(|l| l.contains(field)).map(|i| i + 1);
            return Err(err(
                line,
                None,
                SceneErrorKind::Invalid,
                format!("view.{field} must have a finite centre and a zoom ≥ 0"),
            ));
        }
    }
    if !matches!(v.manifold_source.as_str(), "" | "epa" | "sat") {
        let line = text
            .lines()
            .position(|l| l.contains("manifold_source"))
            .map(|i| i + 1);
        return Err(err(
            line,
            None,
            SceneErrorKind::Invalid,
            format!(
                "view.manifold_source is \"{}\"; it must be \"epa\" or \"sat\"",
                v.manifold_source
            ),
        ));
    }
    for name in scene.expect.terminations.keys() {
        if Algorithm::from_name(name).is_none() {
            let line = text
                .lines()
                .position(|l| l.contains("terminations"))
                .map(|i| i + 1);
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            return Err(err(
                line,
                None,
                SceneErrorKind::Invalid,
                format!(
                    "expect.terminations names algorithm \"{name}\"; expected one of: {}",
                    names.join(", ")
                ),
            ));
        }
    }
    if !matches!(scene.expect.overlap.as_str(), "" | "yes" | "no") {
        return Err(err(
            None,
            None,
            SceneErrorKind::Invalid,
            format!(
                "expect.overlap is \"{}\"; it must be \"yes\" or \"no\"",
                scene.expect.overlap
            ),
        ));
    }
    if !(0.0..=1.0).contains(&v.split) {
        return Err(err(
            None,
            None,
            SceneErrorKind::Invalid,
            format!("view.split is {}; it must be from 0 to 1", v.split),
        ));
    }
    Ok(scene)
}

/// Line (1-based) of the `k`-th (0-based) `name: "NAME"` in the text.
fn nth_name_line(text: &str, name: &str, k: usize) -> Option<usize> {
    let quoted = format!("\"{name}\"");
    let mut seen = 0;
    for (i, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("name") {
            let after = rest[at + 4..].trim_start();
            if let Some(after) = after.strip_prefix(':') {
                if after.trim_start().starts_with(&quoted) {
                    if seen == k {
                        return Some(i + 1);
                    }
                    seen += 1;
                }
            }
            rest = &rest[at + 4..];
        }
    }
    None
}

/// A scene parsed without validating the shapes, so that refused polygons can be
/// replaced by their convex hulls ("make convex").
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Scene")]
struct LenientScene {
    version: u32,
    #[serde(default)]
    title: String,
    #[serde(default)]
    notes: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    group: String,
    shapes: Vec<ShapeEntry>,
    #[serde(default)]
    settings: Settings,
    #[serde(default, skip_serializing_if = "View::is_default")]
    view: View,
    #[serde(default, skip_serializing_if = "Expect::is_empty")]
    expect: Expect,
}

/// Parses a scene, replacing every polygon that is refused for its outline
/// (non-convex, self-intersecting, collinear or repeated vertices) by the convex hull
/// of its points. Returns the scene and one line per shape that was changed. Other
/// problems are reported as by [`parse_scene`].
pub fn parse_scene_making_convex(
    text: &str,
    path: &str,
) -> Result<(Scene, Vec<String>), SceneError> {
    use crate::core::shape::ShapeError as E;
    let Ok(mut lenient) = ron::from_str::<LenientScene>(&hexfloat::replace_in_ron(text).0) else {
        return parse_scene(text, path).map(|s| (s, Vec::new()));
    };
    let mut changed = Vec::new();
    for shape in &mut lenient.shapes {
        if let Geometry::Polygon { points, radius } = &shape.geometry {
            if let Err(
                e @ (E::NonConvex { .. }
                | E::SelfIntersecting { .. }
                | E::CollinearVertex { .. }
                | E::DuplicateVertex { .. }),
            ) = crate::core::shape::validate_polygon(points)
            {
                if let Ok(hull) = crate::core::hull::convex_hull(points) {
                    changed.push(format!(
                        "shape \"{}\": {e}; replaced by its convex hull ({} vertices)",
                        shape.name,
                        hull.len()
                    ));
                    shape.geometry = Geometry::Polygon {
                        points: hull,
                        radius: *radius,
                    };
                }
            }
        }
    }
    let fixed = ron::ser::to_string(&lenient).map_err(|e| SceneError {
        path: path.to_string(),
        line: None,
        column: None,
        kind: SceneErrorKind::Invalid,
        message: e.to_string(),
    })?;
    parse_scene(&fixed, path).map(|s| (s, changed))
}

/// True when `e` is a shape refused for its outline, which "make convex" can mend.
pub fn error_is_fixable_by_hull(e: &SceneError) -> bool {
    e.kind == SceneErrorKind::Invalid
        && (e.message.contains("is not convex")
            || e.message.contains("intersects itself")
            || e.message
                .contains("lies on the line through its neighbours")
            || e.message.contains("repeats vertex"))
        && e.message.contains("polygon): ")
}

/// Reads and parses a scene file.
pub fn load_scene(path: &Path) -> Result<Scene, SceneError> {
    let label = path.display().to_string();
    let io_err = |message: String| SceneError {
        path: label.clone(),
        line: None,
        column: None,
        kind: SceneErrorKind::Io,
        message,
    };
    if path.is_dir() {
        return Err(io_err("is a directory, not a scene file".to_string()));
    }
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => io_err("no such file".to_string()),
        _ => io_err(format!("cannot read: {e}")),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        io_err(format!(
            "is not UTF-8 text (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))
    })?;
    parse_scene(&text, &label)
}

/// The scene as RON text, in the documented format.
pub fn scene_to_string(scene: &Scene) -> String {
    let config = ron::ser::PrettyConfig::new()
        .struct_names(false)
        .depth_limit(3)
        .separate_tuple_members(false)
        .indentor("    ".to_string());
    // Serialising plain data (numbers, strings, enums) into a String cannot fail.
    ron::ser::to_string_pretty(scene, config)
        .unwrap_or_else(|e| format!("// serialisation failed: {e}\n"))
}

/// Saves atomically: writes `.<name>.tmp` beside `path`, flushes it to disk, then
/// renames it over `path`. On any failure the temporary file is removed and the
/// old file (if any) is untouched.
pub fn save_scene(scene: &Scene, path: &Path) -> Result<(), SceneError> {
    fs::write_atomic(path, scene_to_string(scene).as_bytes()).map_err(|message| SceneError {
        path: path.display().to_string(),
        line: None,
        column: None,
        kind: SceneErrorKind::Io,
        message: message.replacen("cannot write", "cannot save", 1),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_hull_loads_with_a_note_and_real_defects_do_not() {
        // Box2D issue 296: Box2D's builder takes these five points (dropping the last,
        // nearly collinear one); the core alone refuses them.
        let text = "(version: 1, shapes: [\n (name: \"A\", geometry: Polygon(points: [(-1.70082211, -1.43221712), (0.5, -0.5), (0.104992867, 0.97400856), (-0.658002853, 0.926608086), (-0.994554818, 0.165337861)], radius: 0.0), position: (0.0, 0.0), angle: 0.0),\n (name: \"B\", geometry: Circle(radius: 0.5), position: (2.0, 0.0), angle: 0.0)])";
        let s = parse_scene(text, "i296.ron").unwrap();
        assert_eq!(s.shapes[0].shape.vertices().len(), 4);
        let notes = s.load_notes();
        assert_eq!(notes.len(), 1);
        assert!(
            notes[0].contains("b2ComputeHull") && notes[0].contains("-0.9945548"),
            "{notes:?}"
        );
        // A vertex well off the line (a real non-convex polygon) is still refused.
        let bad = text.replace("(-0.994554818, 0.165337861)", "(-0.5, 0.0)");
        assert!(parse_scene(&bad, "bad.ron").is_err());
        // A saved engine hull reloads without a note, as the hull.
        let again = parse_scene(&scene_to_string(&s), "again.ron").unwrap();
        assert!(again.load_notes().is_empty());
        assert_eq!(again.shapes[0], s.shapes[0]);
    }

    #[test]
    fn hex_floats_read_to_the_exact_f32_and_errors_point_at_the_users_column() {
        let text = "(version: 1, shapes: [\n (name: \"A\", geometry: Circle(radius: 0x1.8p-1), position: (-0x1.99999ap-4, 0x0p+0), angle: 0.0),\n (name: \"B\", geometry: Circle(radius: 0x1p+0), position: (0x1p+1, 0.0), angle: 0.0)])";
        let s = parse_scene(text, "hex.ron").unwrap();
        assert_eq!(s.shapes[0].pose.position.x.to_bits(), (-0.1f32).to_bits());
        assert_eq!(s.shapes[0].shape.radius(), 0.75);
        assert_eq!(s.shapes[1].pose.position.x, 2.0);
        // An error after a hex float on the same line: the column is the user's.
        let bad =
            "(version: 1, shapes: [(name: \"A\", geometry: Circle(radius: 0x1p+0), oops: 1)])";
        let e = parse_scene(bad, "bad.ron").unwrap_err();
        // The same text with a decimal of the same width: RON's own column.
        let plain = bad.replace("0x1p+0", "1.0000");
        let expected = parse_scene(&plain, "plain.ron").unwrap_err().column;
        assert!(expected.is_some());
        assert_eq!(e.column, expected, "{e}");
    }

    const EXAMPLE: &str = r#"(
    version: 1,
    title: "Box against triangle",
    notes: "What this scene shows, in a sentence or two.",
    shapes: [
        (name: "A", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 1.5)], radius: 0.0),
         position: (0.0, 0.0), angle: 0.0),
        (name: "B", geometry: Circle(radius: 0.5), position: (1.0, 2.0), angle: 0.0),
        (name: "C", geometry: Capsule(a: (-1.0, 0.0), b: (1.0, 0.0), radius: 0.25),
         position: (3.0, 0.0), angle: 0.5, velocity: (-2.0, 0.0)),
        (name: "D", geometry: Box(half_extents: (1.0, 0.5), radius: 0.0), position: (0.0, -3.0), angle: 0.0),
        (name: "E", geometry: Segment(a: (-1.0, 0.0), b: (1.0, 0.0)), position: (0.0, 4.0), angle: 0.0),
    ],
    settings: (speculative_distance: 0.0, gjk_max_iterations: 20, epa_tolerance: 0.0001,
               epa_max_iterations: 64, use_cache: false),
)"#;

    #[test]
    fn the_documented_example_loads_and_round_trips() {
        let scene = parse_scene(EXAMPLE, "example.ron").unwrap();
        assert_eq!(scene.shapes.len(), 5);
        assert_eq!(scene.shapes[2].velocity, Vec2::new(-2.0, 0.0));
        assert_eq!(scene.settings.speculative_distance, 0.0);
        let text = scene_to_string(&scene);
        let again = parse_scene(&text, "again.ron").unwrap();
        assert_eq!(scene, again, "{text}");
    }

    #[test]
    fn expect_section_loads_and_is_checked() {
        let s = parse_scene(
            r#"(version: 1, shapes: [], expect: (terminations: {"gjk": "converged", "box-box": "not_boxes"}, overlap: "no"))"#,
            "x.ron",
        )
        .unwrap();
        assert_eq!(
            s.expect.terminations.get("box-box").map(String::as_str),
            Some("not_boxes")
        );
        let again = parse_scene(&scene_to_string(&s), "y.ron").unwrap();
        assert_eq!(again.expect, s.expect);
        let e = error_of(r#"(version: 1, shapes: [], expect: (terminations: {"gjkk": "x"}))"#);
        assert!(
            e.message
                .contains("expect.terminations names algorithm \"gjkk\""),
            "{e}"
        );
        let e = error_of(r#"(version: 1, shapes: [], expect: (overlap: "maybe"))"#);
        assert!(e.message.contains("expect.overlap"), "{e}");
    }

    #[test]
    fn optional_fields_default() {
        let s = parse_scene(
            r#"(version: 1, shapes: [(name: "A", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0)])"#,
            "x.ron",
        )
        .unwrap();
        assert_eq!(s.settings, Settings::default());
        assert_eq!(s.title, "");
        assert_eq!(s.shapes[0].velocity, Vec2::ZERO);
        let partial = parse_scene(
            r#"(version: 1, shapes: [], settings: (use_cache: true))"#,
            "x.ron",
        )
        .unwrap();
        assert!(partial.settings.use_cache);
        assert_eq!(partial.settings.gjk_max_iterations, 20);
    }

    fn error_of(text: &str) -> SceneError {
        parse_scene(text, "bad.ron").unwrap_err()
    }

    #[test]
    fn errors_name_file_line_and_problem() {
        let e = error_of("");
        assert_eq!(e.kind, SceneErrorKind::Empty);
        assert_eq!(e.to_string(), "bad.ron: the file is empty");

        let e = error_of("(version: 1,\n shapes: [\n (name: \"A\", geometry: Circle(radius: 1.0) position: (0.0, 0.0), angle: 0.0)])");
        assert_eq!(e.line, Some(3), "{e}");
        assert!(e.to_string().starts_with("bad.ron:3:"), "{e}");

        let e = error_of("(version: 2, shapes: [])");
        assert!(e.message.contains("unknown scene version 2"), "{e}");
        assert_eq!(e.line, Some(1));

        let e = error_of(
            "(version: 1,\n shapes: [(name: \"A\", geometry: Circle(radius: 1.0), angle: 0.0)])",
        );
        assert!(e.message.contains("missing field `position`"), "{e}");
        assert_eq!(e.line, Some(2));

        let e = error_of("(version: 1, shapes: [], colour: 3)");
        assert!(e.message.contains("unknown field `colour`"), "{e}");

        let e = error_of("(version: 1,\n shapes: [(name: \"A\", geometry: Triangle(radius: 1.0), position: (0.0, 0.0), angle: 0.0)])");
        assert!(e.message.contains("unknown shape kind `Triangle`"), "{e}");
        assert_eq!(e.line, Some(2));

        let e = error_of("(version: 1, shapes: [(name: \"A\", geometry: Circle(radius: \"big\"), position: (0.0, 0.0), angle: 0.0)])");
        assert_eq!(e.kind, SceneErrorKind::Invalid);
        assert!(
            e.message.to_lowercase().contains("float") || e.message.contains("f32"),
            "{e}"
        );
    }

    #[test]
    fn invalid_shapes_and_settings_are_refused_with_their_line() {
        let text = "(version: 1,\n shapes: [\n  (name: \"A\", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0),\n  (name: \"Dart\", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (2.0, 2.0), (0.0, 2.0)]),\n   position: (0.0, 0.0), angle: 0.0),\n ])";
        let e = error_of(text);
        assert!(
            e.message
                .contains("shape \"Dart\" (polygon): the polygon is not convex"),
            "{e}"
        );
        assert!(e.message.contains("vertex 2 (1, 0.5)"), "{e}");
        assert!(matches!(e.line, Some(4) | Some(5)), "{e}");

        let e = error_of("(version: 1, shapes: [(name: \"A\", geometry: Circle(radius: NaN), position: (0.0, 0.0), angle: 0.0)])");
        assert!(e.message.contains("radius is NaN"), "{e}");

        let e = error_of("(version: 1, shapes: [(name: \"A\", geometry: Circle(radius: 1.0), position: (1e9, 0.0), angle: 0.0)])");
        assert!(e.message.contains("beyond the coordinate limit"), "{e}");

        let e = error_of("(version: 1, shapes: [], view: (a: \"Q\"))");
        assert!(e.message.contains("view.a names shape \"Q\""), "{e}");
        let e = error_of("(version: 1, shapes: [], view: (algorithm: \"gjkk\"))");
        assert!(e.message.contains("unknown algorithm \"gjkk\""), "{e}");

        let e = error_of("(version: 1, shapes: [],\n settings: (gjk_max_iterations: 0))");
        assert!(
            e.message.contains("settings.gjk_max_iterations is 0"),
            "{e}"
        );
        assert_eq!(e.line, Some(2));

        let text = "(version: 1, shapes: [\n (name: \"A\", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0),\n (name: \"A\", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0)])";
        let e = error_of(text);
        assert_eq!(e.kind, SceneErrorKind::DuplicateName);
        assert_eq!(e.line, Some(3));
        assert!(e.message.contains("\"A\" is used twice"), "{e}");
    }

    #[test]
    fn refused_polygons_can_be_made_convex() {
        let text = "(version: 1, shapes: [\n (name: \"Dart\", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (2.0, 2.0), (0.0, 2.0)], radius: 0.1), position: (1.0, 1.0), angle: 0.0),\n (name: \"C\", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0)])";
        let e = parse_scene(text, "dart.ron").unwrap_err();
        assert!(error_is_fixable_by_hull(&e), "{e}");
        let (scene, changed) = parse_scene_making_convex(text, "dart.ron").unwrap();
        assert_eq!(changed.len(), 1, "{changed:?}");
        assert!(changed[0].contains("Dart"), "{changed:?}");
        assert_eq!(scene.shapes[0].shape.vertices().len(), 4);
        assert_eq!(scene.shapes[0].shape.radius(), 0.1);
        assert_eq!(scene.shapes[0].pose.position, Vec2::new(1.0, 1.0));
        // Other errors are not mended.
        let e = parse_scene_making_convex("(version: 2, shapes: [])", "v.ron").unwrap_err();
        assert!(e.message.contains("unknown scene version"));
        assert!(!error_is_fixable_by_hull(&e));
    }

    #[test]
    fn io_errors() {
        let e = load_scene(Path::new("/nonexistent/x.ron")).unwrap_err();
        assert_eq!(e.kind, SceneErrorKind::Io);
        assert_eq!(e.to_string(), "/nonexistent/x.ron: no such file");
        let dir = std::env::temp_dir();
        let e = load_scene(&dir).unwrap_err();
        assert!(e.message.contains("is a directory"), "{e}");
    }

    #[test]
    fn save_is_atomic_and_failed_save_keeps_old_file() {
        let dir =
            std::env::temp_dir().join(format!("collidescope-scene-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("s.ron");
        let scene = parse_scene(EXAMPLE, "example.ron").unwrap();
        save_scene(&scene, &path).unwrap();
        assert_eq!(load_scene(&path).unwrap(), scene);
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        // Saving into a missing directory fails and touches nothing.
        let e = save_scene(&scene, &dir.join("missing").join("s.ron")).unwrap_err();
        assert_eq!(e.kind, SceneErrorKind::Io);
        assert_eq!(load_scene(&path).unwrap(), scene);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
