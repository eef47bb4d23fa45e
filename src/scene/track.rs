//! Pair tracks (RON): one pair of shapes over time, written by any engine — per frame
//! the two shapes' exact poses and, optionally, the engine's manifold — and opened like
//! a Box2D recording (the pair's timeline, the pair at a frame).
//!
//! ```ron
//! (
//!     version: 1,
//!     engine: "parry2d 0.31",
//!     a: (name: "box", geometry: Polygon(points: [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)], radius: 0.0)),
//!     b: (name: "ball", geometry: Circle(radius: 0.25)),
//!     frames: [
//!         (a: ((0.0, 0.0), (1.0, 0.0)), b: ((0.0, 0.8), (1.0, 0.0))),
//!         (a: ((0.0, 0.0), (1.0, 0.0)), b: ((0.0, 0.74), (1.0, 0.0)),
//!          manifold: (normal: (0.0, 1.0), points: [(point: (0.0, 0.495), separation: -0.01, id: 2)])),
//!     ],
//! )
//! ```
//!
//! A pose is `(position, (c, s))`: the rotation exactly as the engine keeps it (within
//! 1e-4 of unit length). Numbers may be hex floats (what the writers here write). The
//! manifold is the engine's: normal from A to B, points in the world with their
//! separations and (optional) ids. Limits: [`MAX_TRACK_FRAMES`] frames, 2 points a
//! frame; every problem is one error with the file, line and column.
//!
//! [`Writer`] writes one, a frame at a call, with nothing but the scene format
//! (`collidescope::track::Writer`, no window, no engines); `tools/collidescope_track.h`
//! is the same for C.

use super::pose_entry::check_rotation;
use super::{hexfloat, SceneError, SceneErrorKind};
use crate::core::math::Rot;
use crate::core::shape::{Geometry, Shape};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The only track version so far.
pub const TRACK_VERSION: u32 = 1;
/// Most frames a track may hold.
pub const MAX_TRACK_FRAMES: usize = 1_000_000;

/// A shape of the track: its name and geometry (the scene's kinds, local frame).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackShape {
    pub name: String,
    pub geometry: Geometry,
}

/// A pose: position and the rotation's `(c, s)`.
pub type TrackPose = ([f32; 2], [f32; 2]);

/// One point of an engine's manifold, world frame.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackPoint {
    pub point: [f32; 2],
    pub separation: f32,
    #[serde(default)]
    pub id: Option<u32>,
}

/// The engine's manifold at a frame: normal from A to B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackManifold {
    pub normal: [f32; 2],
    pub points: Vec<TrackPoint>,
}

/// One frame: the two poses and, if the engine gave it, its manifold.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrackFrame {
    pub a: TrackPose,
    pub b: TrackPose,
    #[serde(default)]
    pub manifold: Option<TrackManifold>,
}

/// A pair track, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Track {
    pub engine: String,
    pub a: TrackShape,
    pub b: TrackShape,
    pub frames: Vec<TrackFrame>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Track")]
struct TrackFile {
    version: u32,
    #[serde(default)]
    engine: String,
    a: TrackShape,
    b: TrackShape,
    frames: Vec<TrackFrame>,
}

/// Reads a track file in bounded memory (the input limit of `scene::fs`).
pub fn load_track(path: &Path) -> Result<Track, SceneError> {
    let (text, label) = super::read_labelled(path)?;
    parse_track(&text, &label)
}

/// Whether `text` is a pair track (not a scene): its first field after `(` is
/// `version` followed by `engine:` or `a:` — tracks have no `shapes`.
pub fn looks_like_track(text: &str) -> bool {
    let t: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    t.contains("frames:") && !t.contains("shapes:")
}

/// Parses a track's text; `path` labels errors.
pub fn parse_track(text: &str, path: &str) -> Result<Track, SceneError> {
    let error = |line: Option<usize>, column: Option<usize>, message: String| SceneError {
        path: path.to_string(),
        line,
        column,
        kind: SceneErrorKind::Invalid,
        message,
    };
    if text.trim().is_empty() {
        return Err(SceneError {
            kind: SceneErrorKind::Empty,
            ..error(None, None, "the file is empty".into())
        });
    }
    let (converted, replaced) = hexfloat::replace_in_ron(text)
        .map_err(|e| error(Some(e.line), Some(e.column), e.message))?;
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let file: TrackFile = options.from_str(&converted).map_err(|e| {
        let line = e.position.line;
        let line_text = converted.lines().nth(line.saturating_sub(1)).unwrap_or("");
        error(
            Some(line),
            Some(hexfloat::original_column(&replaced, line, e.position.col)),
            super::errors::not_whole(&e.code, line_text, e.position.col)
                .unwrap_or_else(|| super::errors::friendly(&e.code)),
        )
    })?;
    // The line of frame k: the k-th line holding "a: (" after "frames:".
    let frames_at = text.find("frames:").unwrap_or(0);
    let frame_line = |k: usize| {
        text[frames_at..]
            .match_indices("a:")
            .nth(k)
            .map(|(i, _)| text[..frames_at + i].lines().count())
    };
    if file.version != TRACK_VERSION {
        return Err(error(
            text.lines()
                .position(|l| l.contains("version"))
                .map(|i| i + 1),
            None,
            format!(
                "unknown track version {}; this build reads version {TRACK_VERSION}",
                file.version
            ),
        ));
    }
    if file.frames.len() > MAX_TRACK_FRAMES {
        return Err(error(
            frame_line(0),
            None,
            format!(
                "{} frames; a track holds at most {MAX_TRACK_FRAMES}",
                file.frames.len()
            ),
        ));
    }
    for s in [&file.a, &file.b] {
        super::names::check_name(&s.name, "shape").map_err(|m| error(None, None, m))?;
        Shape::new(s.geometry.clone())
            .map_err(|e| error(None, None, format!("shape \"{}\": {e}", s.name)))?;
    }
    if file.a.name == file.b.name {
        return Err(error(
            None,
            None,
            format!("both shapes are named \"{}\"", file.a.name),
        ));
    }
    for (k, f) in file.frames.iter().enumerate() {
        check_frame(f).map_err(|m| error(frame_line(k), None, format!("frame {k}: {m}")))?;
    }
    Ok(Track {
        engine: file.engine,
        a: file.a,
        b: file.b,
        frames: file.frames,
    })
}

fn check_frame(f: &TrackFrame) -> Result<(), String> {
    use crate::core::consts::MAX_COORDINATE;
    let finite = |v: [f32; 2]| v.iter().all(|x| x.is_finite() && x.abs() <= MAX_COORDINATE);
    for (which, (p, q)) in [("a", f.a), ("b", f.b)] {
        if !finite(p) {
            return Err(format!(
                "{which}'s position ({}, {}) is not a finite number within ±{MAX_COORDINATE:e}",
                p[0], p[1]
            ));
        }
        check_rotation(q[0], q[1]).map_err(|m| format!("{which}'s {m}"))?;
    }
    if let Some(m) = &f.manifold {
        if m.points.len() > 2 {
            return Err(format!(
                "a manifold of {} points; at most 2",
                m.points.len()
            ));
        }
        let n = Vec2::from(m.normal);
        if !(n.is_finite() && (n.length() - 1.0).abs() <= 1e-3) {
            return Err(format!(
                "the normal ({}, {}) is not a unit vector",
                n.x, n.y
            ));
        }
        for p in &m.points {
            if !finite(p.point) || !p.separation.is_finite() {
                return Err("a manifold point or separation is not a finite number".into());
            }
        }
    }
    Ok(())
}

impl TrackFrame {
    /// The two rotations as the core's.
    pub fn rotations(&self) -> (Rot, Rot) {
        let r = |q: [f32; 2]| Rot { c: q[0], s: q[1] };
        (r(self.a.1), r(self.b.1))
    }
}

impl Track {
    /// The pair at frame `k` as a scene: the two shapes at the frame's exact poses,
    /// Box2D's speculative distance, the manifold in view.
    pub fn scene_at(&self, k: usize, source: &str) -> Option<super::Scene> {
        use crate::core::shape::Pose;
        let f = self.frames.get(k)?;
        let shape = |s: &TrackShape, (p, q): TrackPose| {
            let mut shape =
                super::SceneShape::new(&s.name, s.geometry.clone(), Vec2::from(p), 0.0).ok()?;
            shape.pose = Pose::with_rotation(Vec2::from(p), Rot { c: q[0], s: q[1] });
            Some(shape)
        };
        let mut scene = super::parse_scene("(version: 1, shapes: [])", "track").ok()?;
        scene.title = format!(
            "{} against {} at frame {k} of {source}",
            self.a.name, self.b.name
        );
        scene.notes = format!(
            "Frame {k} of a pair track written by {}: poses exactly as the engine kept them.{}",
            if self.engine.is_empty() {
                "an engine"
            } else {
                &self.engine
            },
            f.manifold.as_ref().map_or(String::new(), |m| format!(
                " The engine's manifold: normal ({}, {}), separations {:?}.",
                m.normal[0],
                m.normal[1],
                m.points.iter().map(|p| p.separation).collect::<Vec<f32>>()
            ))
        );
        scene.settings.speculative_distance = 0.02;
        scene.shapes = vec![shape(&self.a, f.a)?, shape(&self.b, f.b)?];
        scene.view.a = self.a.name.clone();
        scene.view.b = self.b.name.clone();
        scene.view.algorithm = super::view_state::Algorithm::Manifold;
        scene.view.manifold_source = "sat".into();
        Some(scene)
    }
}

/// Writes a pair track, a frame at a call: `Writer::create`, `frame` per step,
/// `finish`. The file appears whole when `finish` renames it into place; numbers are
/// hex floats, so the engine's bits arrive unchanged.
pub struct Writer {
    out: std::io::BufWriter<std::fs::File>,
    temp: PathBuf,
    path: PathBuf,
    frames: usize,
}

fn hex(v: f32) -> String {
    hexfloat::format_f32(v)
}

fn pair(v: [f32; 2]) -> String {
    format!("({}, {})", hex(v[0]), hex(v[1]))
}

/// A geometry as the file writes it, numbers in hex.
fn geometry_hex(g: &Geometry) -> String {
    let v = |p: Vec2| pair(p.to_array());
    match g {
        Geometry::Circle { radius } => format!("Circle(radius: {})", hex(*radius)),
        Geometry::Polygon { points, radius } => {
            let pts: Vec<String> = points.iter().map(|p| v(*p)).collect();
            format!(
                "Polygon(points: [{}], radius: {})",
                pts.join(", "),
                hex(*radius)
            )
        }
        Geometry::Box {
            half_extents,
            radius,
        } => {
            format!(
                "Box(half_extents: {}, radius: {})",
                v(*half_extents),
                hex(*radius)
            )
        }
        Geometry::Capsule { a, b, radius } => {
            format!(
                "Capsule(a: {}, b: {}, radius: {})",
                v(*a),
                v(*b),
                hex(*radius)
            )
        }
        Geometry::Segment { a, b } => format!("Segment(a: {}, b: {})", v(*a), v(*b)),
    }
}

impl Writer {
    /// Starts the track at `path` (written beside it, renamed over it by `finish`).
    pub fn create(
        path: &Path,
        engine: &str,
        a: &TrackShape,
        b: &TrackShape,
    ) -> std::io::Result<Writer> {
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("track.ron");
        let temp = path.with_file_name(format!(".{name}.tmp{}", std::process::id()));
        let mut out = std::io::BufWriter::new(std::fs::File::create(&temp)?);
        let shape = |s: &TrackShape| {
            format!(
                "(name: {:?}, geometry: {})",
                s.name,
                geometry_hex(&s.geometry)
            )
        };
        writeln!(
            out,
            "(\n    version: {TRACK_VERSION},\n    engine: {engine:?},\n    a: {},\n    b: {},\n    frames: [",
            shape(a),
            shape(b)
        )?;
        Ok(Writer {
            out,
            temp,
            path: path.to_path_buf(),
            frames: 0,
        })
    }

    /// One frame: A's and B's pose (position, `(c, s)`), and the engine's manifold if any.
    pub fn frame(
        &mut self,
        a: TrackPose,
        b: TrackPose,
        manifold: Option<&TrackManifold>,
    ) -> std::io::Result<()> {
        let pose = |(p, q): TrackPose| format!("({}, {})", pair(p), pair(q));
        write!(self.out, "        (a: {}, b: {}", pose(a), pose(b))?;
        if let Some(m) = manifold {
            let points: Vec<String> = m
                .points
                .iter()
                .map(|p| {
                    let id = p.id.map_or(String::new(), |i| format!(", id: {i}"));
                    format!(
                        "(point: {}, separation: {}{id})",
                        pair(p.point),
                        hex(p.separation)
                    )
                })
                .collect();
            write!(
                self.out,
                ", manifold: (normal: {}, points: [{}])",
                pair(m.normal),
                points.join(", ")
            )?;
        }
        writeln!(self.out, "),")?;
        self.frames += 1;
        Ok(())
    }

    /// Closes the track and puts it in place; the number of frames written.
    pub fn finish(mut self) -> std::io::Result<usize> {
        writeln!(self.out, "    ],\n)")?;
        self.out.flush()?;
        self.out.get_ref().sync_all()?;
        std::fs::rename(&self.temp, &self.path)?;
        Ok(self.frames)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shapes() -> (TrackShape, TrackShape) {
        (
            TrackShape {
                name: "box".into(),
                geometry: Geometry::Box {
                    half_extents: Vec2::new(0.5, 0.5),
                    radius: 0.0,
                },
            },
            TrackShape {
                name: "ball".into(),
                geometry: Geometry::Circle { radius: 0.25 },
            },
        )
    }

    #[test]
    fn written_and_read_back_to_the_bit() {
        let dir = std::env::temp_dir().join(format!("collidescope-track-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.ron");
        let (a, b) = shapes();
        let mut w = Writer::create(&path, "test 1.0", &a, &b).unwrap();
        let q = [f32::from_bits(0x3f7fffff), 2f32.powi(-12)];
        for k in 0..10 {
            let y = 1.0 - 0.071 * k as f32;
            let m = (y < 0.76).then(|| TrackManifold {
                normal: [0.0, 1.0],
                points: vec![TrackPoint {
                    point: [0.0, 0.5],
                    separation: y - 0.75,
                    id: Some(7),
                }],
            });
            w.frame(([0.0, 0.0], [1.0, 0.0]), ([0.1, y], q), m.as_ref())
                .unwrap();
        }
        assert_eq!(w.finish().unwrap(), 10);
        let t = load_track(&path).unwrap();
        assert_eq!(t.engine, "test 1.0");
        assert_eq!((t.a.clone(), t.b.clone()), shapes());
        assert_eq!(t.frames.len(), 10);
        assert_eq!(t.frames[3].b.1[0].to_bits(), 0x3f7fffff);
        assert_eq!(t.frames[9].manifold.as_ref().unwrap().points[0].id, Some(7));
        assert!(t.frames[0].manifold.is_none());
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn errors_have_lines() {
        let text = "(version: 1, a: (name: \"A\", geometry: Circle(radius: 0.5)),\n b: (name: \"B\", geometry: Circle(radius: 0.5)),\n frames: [\n (a: ((0.0, 0.0), (1.0, 0.0)), b: ((1.0, 0.0), (1.0, 0.0))),\n (a: ((0.0, 0.0), (1.0, 0.0)), b: ((1.0, 0.0), (0.5, 0.0))),\n])";
        let e = parse_track(text, "t.ron").unwrap_err();
        assert_eq!(e.line, Some(5), "{e}");
        assert!(e.message.contains("frame 1: b's rotation (0.5, 0)"), "{e}");
        let e =
            parse_track(&text.replace("(1.0, 0.0)))", "(1.0, 0.0)), x: 3)"), "t.ron").unwrap_err();
        assert!(e.line.is_some() && e.column.is_some(), "{e}");
        assert!(looks_like_track(text));
        assert!(!looks_like_track("(version: 1, shapes: [])"));
    }
}
