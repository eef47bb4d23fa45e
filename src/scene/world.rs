//! World files (RON): a small Box2D world to record — gravity, the time step, the
//! substeps, and bodies with their shapes — for `collidescope record`.
//!
//! ```ron
//! (
//!     version: 1,
//!     title: "A box slides over a chain",
//!     gravity: (0.0, -10.0),
//!     time_step: 0.016666668,
//!     substeps: 4,
//!     sleep: true,
//!     bodies: [
//!         (name: "ground", type: Static, position: (0.0, 0.0), angle: 0.0,
//!          shapes: [(geometry: Chain(points: [(-9.0, 0.0), (9.0, 0.0)], loop: false))]),
//!         (name: "box", type: Dynamic, position: (-6.0, 0.5), rotation: (1.0, 0.0),
//!          linear_velocity: (4.0, 0.0), bullet: false,
//!          shapes: [(geometry: Box(half_extents: (0.5, 0.5)), friction: 0.0, density: 1.0)]),
//!     ],
//! )
//! ```
//!
//! A body's pose is `position` and either `angle` (radians, turned into a rotation as
//! Box2D's `b2MakeRot` does, so the world is the one Box2D code with that angle makes)
//! or the exact `rotation: (c, s)`. A shape is one of the scene's geometries (and
//! `Chain`), in the body's frame, moved by `offset`; `friction` (default 0.6),
//! `restitution` (0), `density` (1). `sleep: false` keeps every body awake (Box2D's
//! `enableSleep`, default true); `contact_recycling: false` makes Box2D compute every
//! contact's manifold afresh each step (every body's `enableContactRecycling`, default
//! true: a contact whose bodies barely moved keeps its manifold and updates only its
//! separations). Numbers may be hex floats. Every problem is one
//! [`SceneError`] with the file, the line and what is wrong. The engine side (building
//! Box2D's world from this) is `peers::recording`.

use super::errors::{friendly, not_whole};
use super::user_text::shown;
use super::world_bodies::{check_body, BodyEntry};
use super::{hexfloat, SceneError, SceneErrorKind};
use crate::core::math::Rot;
use glam::Vec2;
use serde::Deserialize;

/// The only world file version so far.
pub const WORLD_VERSION: u32 = 1;
/// Most bodies a world file may hold.
pub const MAX_BODIES: usize = 100_000;
/// Most shapes on one body.
pub const MAX_SHAPES_PER_BODY: usize = 1_000;
/// Most characters of a body name (Box2D keeps 31 bytes of a body's name).
pub const MAX_BODY_NAME: usize = 31;
/// Box2D's polygons hold at most this many vertices.
pub(super) const BOX2D_MAX_POLYGON_VERTICES: usize = 8;

/// How a body moves (Box2D's `b2BodyType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum BodyType {
    Static,
    Kinematic,
    Dynamic,
}

impl BodyType {
    pub fn name(self) -> &'static str {
        match self {
            BodyType::Static => "static",
            BodyType::Kinematic => "kinematic",
            BodyType::Dynamic => "dynamic",
        }
    }
}

/// A world to record, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct World {
    pub title: String,
    pub notes: String,
    pub gravity: Vec2,
    /// Seconds per step.
    pub time_step: f32,
    pub substeps: u32,
    /// Whether bodies at rest fall asleep (Box2D's `enableSleep`, default true).
    pub sleep: bool,
    /// Whether Box2D may keep a contact's manifold while the bodies barely move and
    /// update only its separations (every body's `enableContactRecycling`, default
    /// true). Off, every step computes every manifold afresh.
    pub contact_recycling: bool,
    pub bodies: Vec<WorldBody>,
}

/// A body and its shapes.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldBody {
    pub name: String,
    pub body_type: BodyType,
    pub position: Vec2,
    /// The rotation Box2D is given: the file's `rotation`, or `b2MakeRot(angle)`.
    pub rotation: Rot,
    pub linear_velocity: Vec2,
    pub angular_velocity: f32,
    pub bullet: bool,
    pub shapes: Vec<WorldShape>,
}

/// A shape on a body, in the body's frame.
#[derive(Clone, Debug, PartialEq)]
pub struct WorldShape {
    pub geometry: WorldGeometry,
    pub friction: f32,
    pub restitution: f32,
    pub density: f32,
}

/// A convex shape (its `offset` applied) or a chain.
#[derive(Clone, Debug, PartialEq)]
pub enum WorldGeometry {
    /// A circle around `center`.
    Circle {
        center: Vec2,
        radius: f32,
    },
    /// A box of these half extents around `center` (Box2D's `b2MakeOffsetBox`), rounded.
    Box {
        half_extents: Vec2,
        center: Vec2,
        radius: f32,
    },
    /// A convex polygon's points (Box2D builds its hull), rounded.
    Polygon {
        points: Vec<Vec2>,
        radius: f32,
    },
    Capsule {
        a: Vec2,
        b: Vec2,
        radius: f32,
    },
    Segment {
        a: Vec2,
        b: Vec2,
    },
    /// A chain's points in Box2D's convention (an open chain's first and last points
    /// are ghosts only): a chain written with the default convention gets a ghost at
    /// each end, continuing its end segments.
    Chain {
        points: Vec<Vec2>,
        closed: bool,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "World")]
struct WorldFile {
    version: u32,
    #[serde(default)]
    title: String,
    #[serde(default)]
    notes: String,
    #[serde(default = "default_gravity")]
    gravity: Vec2,
    #[serde(default = "default_time_step")]
    time_step: f32,
    #[serde(default = "default_substeps")]
    substeps: u32,
    #[serde(default = "default_sleep")]
    sleep: bool,
    #[serde(default = "default_sleep")]
    contact_recycling: bool,
    bodies: Vec<BodyEntry>,
}

fn default_gravity() -> Vec2 {
    Vec2::new(0.0, -10.0)
}

fn default_time_step() -> f32 {
    1.0 / 60.0
}

fn default_substeps() -> u32 {
    4
}

/// `sleep` and `contact_recycling` are on unless turned off, as in Box2D.
fn default_sleep() -> bool {
    true
}

/// Reads a world file; `path` labels errors.
pub fn load_world(path: &std::path::Path) -> Result<World, SceneError> {
    let (text, label) = super::read_labelled(path)?;
    parse_world(&text, &label)
}

/// Parses a world file's text; `path` labels errors.
pub fn parse_world(text: &str, path: &str) -> Result<World, SceneError> {
    let error = |line: Option<usize>, message: String| SceneError {
        path: path.to_string(),
        line,
        column: None,
        kind: SceneErrorKind::Invalid,
        message,
    };
    if text.trim().is_empty() {
        return Err(SceneError {
            kind: SceneErrorKind::Empty,
            ..error(None, "the file is empty".into())
        });
    }
    let (converted, replaced) = hexfloat::replace_in_ron(text).map_err(|e| SceneError {
        column: Some(e.column),
        ..error(Some(e.line), e.message)
    })?;
    // `angle` and `rotation` are written bare, not as `Some(...)`.
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let file: WorldFile = options.from_str(&converted).map_err(|e| {
        let line = e.position.line;
        let line_text = converted.lines().nth(line.saturating_sub(1)).unwrap_or("");
        SceneError {
            column: Some(hexfloat::original_column(&replaced, line, e.position.col)),
            ..error(
                Some(line),
                not_whole(&e.code, line_text, e.position.col).unwrap_or_else(|| friendly(&e.code)),
            )
        }
    })?;
    check_world(file, text).map_err(|(line, message)| error(line, message))
}

/// Line (1-based) of the first line of `text` containing `needle`.
fn line_of(text: &str, needle: &str) -> Option<usize> {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1)
}

type Problem = (Option<usize>, String);

fn check_world(f: WorldFile, text: &str) -> Result<World, Problem> {
    if f.version != WORLD_VERSION {
        return Err((
            line_of(text, "version"),
            format!(
                "unknown world version {}; this build reads version {WORLD_VERSION}",
                f.version
            ),
        ));
    }
    if !(f.gravity.is_finite() && f.gravity.abs().max_element() <= 1e4) {
        return Err((
            line_of(text, "gravity"),
            format!(
                "gravity ({}, {}) is not a finite number within ±1e4",
                f.gravity.x, f.gravity.y
            ),
        ));
    }
    if !(f.time_step.is_finite() && f.time_step > 0.0 && f.time_step <= 1.0) {
        return Err((
            line_of(text, "time_step"),
            format!(
                "time_step {} is not a number of seconds in (0, 1]",
                f.time_step
            ),
        ));
    }
    if !(1..=64).contains(&f.substeps) {
        return Err((
            line_of(text, "substeps"),
            format!("substeps {} is not between 1 and 64", f.substeps),
        ));
    }
    if f.bodies.len() > MAX_BODIES {
        return Err((
            line_of(text, "bodies"),
            format!(
                "{} bodies; at most {MAX_BODIES} are allowed",
                f.bodies.len()
            ),
        ));
    }
    let mut names: Vec<&str> = f.bodies.iter().map(|b| b.name.as_str()).collect();
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
        let quoted = format!("\"{}\"", w[0]);
        let second = text
            .match_indices(&quoted)
            .nth(1)
            .map(|(i, _)| text[..i].lines().count());
        return Err((second, format!("two bodies are named \"{}\"", shown(w[0]))));
    }
    let mut bodies = Vec::with_capacity(f.bodies.len());
    for b in f.bodies {
        let line = line_of(text, &format!("\"{}\"", b.name));
        bodies.push(check_body(b).map_err(|m| (line, m))?);
    }
    Ok(World {
        title: f.title,
        notes: f.notes,
        gravity: f.gravity,
        time_step: f.time_step,
        substeps: f.substeps,
        sleep: f.sleep,
        contact_recycling: f.contact_recycling,
        bodies,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r#"(
    version: 1,
    title: "slide",
    gravity: (0.0, -10.0),
    substeps: 4,
    bodies: [
        (name: "ground", type: Static, position: (0.0, 0.0), angle: 0.0,
         shapes: [(geometry: Chain(points: [(-9.0, 0.0), (9.0, 0.0)], loop: false))]),
        (name: "box", type: Dynamic, position: (-6.0, 0.5), rotation: (0x1p+0, 0.0),
         linear_velocity: (4.0, 0.0),
         shapes: [(geometry: Box(half_extents: (0.5, 0.5)), offset: (0.0, 0.25), friction: 0.0)]),
    ],
)"#;

    #[test]
    fn reads_bodies_shapes_and_defaults() {
        let w = parse_world(TEXT, "w.ron").unwrap();
        assert_eq!(w.time_step, 1.0 / 60.0);
        assert_eq!(w.bodies.len(), 2);
        let ground = &w.bodies[0];
        assert_eq!(ground.rotation, Rot { c: 1.0, s: 0.0 });
        // The default convention gets a ghost at each end.
        assert_eq!(
            ground.shapes[0].geometry,
            WorldGeometry::Chain {
                points: vec![
                    Vec2::new(-27.0, 0.0),
                    Vec2::new(-9.0, 0.0),
                    Vec2::new(9.0, 0.0),
                    Vec2::new(27.0, 0.0)
                ],
                closed: false
            }
        );
        let b = &w.bodies[1];
        assert_eq!(b.body_type, BodyType::Dynamic);
        assert_eq!(b.shapes[0].friction, 0.0);
        assert_eq!(b.shapes[0].density, 1.0);
        assert_eq!(
            b.shapes[0].geometry,
            WorldGeometry::Box {
                half_extents: Vec2::new(0.5, 0.5),
                center: Vec2::new(0.0, 0.25),
                radius: 0.0
            }
        );
    }

    #[test]
    fn an_angle_is_read_as_box2d_does() {
        let w = parse_world(&TEXT.replace("angle: 0.0", "angle: 0.5"), "w.ron").unwrap();
        assert_eq!(
            w.bodies[0].rotation,
            crate::core::box2d_rot::box2d_make_rot(0.5)
        );
        assert_ne!(w.bodies[0].rotation, Rot::from_angle(0.5));
    }

    #[test]
    fn errors_name_the_line() {
        let bad = TEXT.replace("rotation: (0x1p+0, 0.0)", "rotation: (0.9, 0.0)");
        let e = parse_world(&bad, "w.ron").unwrap_err();
        assert_eq!(e.line, Some(9), "{e}");
        assert!(e.message.contains("body \"box\": rotation (0.9, 0)"), "{e}");

        let e = parse_world(&TEXT.replace("type: Static", "type: Still"), "w.ron").unwrap_err();
        assert_eq!(e.line, Some(7), "{e}");

        let both = TEXT.replace(
            "rotation: (0x1p+0, 0.0)",
            "rotation: (1.0, 0.0), angle: 0.0",
        );
        let e = parse_world(&both, "w.ron").unwrap_err();
        assert!(e.message.contains("either angle or rotation"), "{e}");

        let dup = TEXT.replace("\"box\"", "\"ground\"");
        let e = parse_world(&dup, "w.ron").unwrap_err();
        assert_eq!(e.line, Some(9), "{e}");

        let nine = TEXT.replace(
            "Box(half_extents: (0.5, 0.5))",
            "Polygon(points: [(1.0, 0.0), (0.77, 0.64), (0.17, 0.98), (-0.5, 0.87), (-0.94, 0.34), (-0.94, -0.34), (-0.5, -0.87), (0.17, -0.98), (0.77, -0.64)])",
        );
        let e = parse_world(&nine, "w.ron").unwrap_err();
        assert!(e.message.contains("at most 8"), "{e}");

        assert_eq!(
            parse_world("  ", "w.ron").unwrap_err().kind,
            SceneErrorKind::Empty
        );
    }
}
