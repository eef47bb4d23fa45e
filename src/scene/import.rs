//! Import a failing pair from elsewhere: the vertex lists, radii and poses of two
//! shapes, pasted as plain text or JSON the way an engine prints them, into a scene.
//!
//! Plain text: one block per shape. A block starts at a line `NAME:` (or `NAME =`),
//! or after a blank line; its points are every x, y pair in it (any notation:
//! `(1, 2)`, `[1, 2]`, `b2Vec2(1.0f, 2.0f)`, `1 2`); optional lines `radius R`,
//! `position X Y`, `angle A` (radians; `angle 30deg` for degrees), `rotation C S` (an
//! exact rotation, its cosine and sine, kept to the bit), `velocity X Y`.
//! JSON: `{"a": SHAPE, "b": SHAPE}`, `{"shapes": [SHAPE, …]}` or `[SHAPE, …]` with
//! `SHAPE = {"name"?, "points" | "vertices", "radius"?, "position"?, "angle"?,
//! "rotation"? ([c, s] or {"c", "s"}; a number is an angle), "q"? ({"c", "s"}),
//! "velocity"?}`; a point is `[x, y]` or `{"x": x, "y": y}`.
//!
//! Frames: with a `position` the points are in the shape's local frame; without one
//! they are world coordinates and the shape is placed at their centroid. One point
//! is a point (a circle with the radius), two a segment (a capsule with a radius),
//! more a polygon; a polygon is checked like any other (non-convex input is
//! refused with the reason).

use crate::core::consts::MAX_COORDINATE;
use crate::core::shape::Geometry;
use crate::scene::user_text::shown;
use crate::scene::{Scene, SceneShape, SCENE_VERSION};
use glam::Vec2;
use serde_json::Value;

/// One shape as read, before validation.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ImportedShape {
    pub name: Option<String>,
    pub points: Vec<Vec2>,
    pub radius: f32,
    pub position: Option<Vec2>,
    pub angle: f32,
    /// An exact rotation `(c, s)` (`rotation C S`; JSON `"rotation": [c, s]` or
    /// `"q": {"c": c, "s": s}`), kept as given instead of the angle's.
    pub rotation: Option<(f32, f32)>,
    pub velocity: Vec2,
}

/// The numbers of pasted text as Rust reads them: hex floats (`0x1.8p+1`, as C's `%a`
/// prints) written as decimals of exactly the f32 they read to (the scene reader's
/// [`parse_f32`](super::hexfloat::parse_f32)), and the Unicode minus sign (−, as
/// documents and some consoles print it) as `-`. A hex literal that does not read is
/// an error naming its line and column.
pub fn normalize_numbers(text: &str) -> Result<String, String> {
    super::hexfloat::replace_in_ron(&text.replace('\u{2212}', "-"))
        .map(|(t, _)| t)
        .map_err(|e| format!("line {}, column {}: {}", e.line, e.column, e.message))
}

/// Reads shapes from pasted text (JSON if it parses as JSON, plain text otherwise).
/// Numbers may be hex floats or use the Unicode minus ([`normalize_numbers`]).
pub fn read_shapes(text: &str) -> Result<Vec<ImportedShape>, String> {
    let normalized = normalize_numbers(text)?;
    let text = normalized.as_str();
    let trimmed = text.trim_start();
    if trimmed.starts_with('{')
        || trimmed.starts_with("[{")
        || trimmed.starts_with("[ {")
        || trimmed.starts_with("[\n")
    {
        if let Ok(v) = serde_json::from_str::<Value>(text) {
            return read_json(&v);
        }
        if trimmed.starts_with('{') {
            return Err(serde_json::from_str::<Value>(text)
                .err()
                .map(|e| format!("not valid JSON: {e}"))
                .unwrap_or_default());
        }
    }
    read_text(text)
}

fn read_json(v: &Value) -> Result<Vec<ImportedShape>, String> {
    let shapes: Vec<(Option<String>, &Value)> = match v {
        Value::Array(items) => items.iter().map(|s| (None, s)).collect(),
        Value::Object(map) => {
            if let Some(Value::Array(items)) = map.get("shapes") {
                items.iter().map(|s| (None, s)).collect()
            } else {
                let mut out = Vec::new();
                for key in ["a", "A", "b", "B"] {
                    if let Some(s) = map.get(key) {
                        out.push((Some(key.to_uppercase()), s));
                    }
                }
                if out.is_empty() {
                    return Err("JSON: expected {\"a\": shape, \"b\": shape}, {\"shapes\": [...]} or [shape, shape]".into());
                }
                out
            }
        }
        _ => return Err("JSON: expected an object or an array of shapes".into()),
    };
    shapes
        .into_iter()
        .enumerate()
        .map(|(i, (key, s))| {
            json_shape(s, i).map(|mut sh| {
                if sh.name.is_none() {
                    sh.name = key;
                }
                sh
            })
        })
        .collect()
}

fn json_number(v: &Value, what: &str) -> Result<f32, String> {
    v.as_f64()
        .map(|x| x as f32)
        .ok_or_else(|| format!("{what}: expected a number, found {v}"))
}

fn json_point(v: &Value, what: &str) -> Result<Vec2, String> {
    match v {
        Value::Array(xy) if xy.len() == 2 => Ok(Vec2::new(
            json_number(&xy[0], what)?,
            json_number(&xy[1], what)?,
        )),
        Value::Object(m) => match (m.get("x"), m.get("y")) {
            (Some(x), Some(y)) => Ok(Vec2::new(json_number(x, what)?, json_number(y, what)?)),
            _ => Err(format!("{what}: expected {{\"x\": .., \"y\": ..}}")),
        },
        _ => Err(format!("{what}: expected a point [x, y], found {v}")),
    }
}

fn json_shape(v: &Value, i: usize) -> Result<ImportedShape, String> {
    let Value::Object(m) = v else {
        return Err(format!("shape {i}: expected an object with \"points\""));
    };
    let what = |f: &str| format!("shape {i}: {f}");
    let points = json_shape_points(m, i)?;
    let get_point = |keys: &[&str]| -> Result<Option<Vec2>, String> {
        for k in keys {
            if let Some(p) = m.get(*k) {
                return json_point(p, &what(k)).map(Some);
            }
        }
        Ok(None)
    };
    let position = get_point(&["position", "translation", "p"])?;
    let velocity = get_point(&["velocity", "v"])?.unwrap_or(Vec2::ZERO);
    let radius = m
        .get("radius")
        .map(|r| json_number(r, &what("radius")))
        .transpose()?
        .unwrap_or(0.0);
    let rotation = json_rotation(m, i)?;
    let angle_value = m
        .get("angle")
        .or_else(|| m.get("rotation").filter(|r| r.is_number()));
    let angle = match (angle_value, m.get("angle_degrees")) {
        (Some(a), _) => json_number(a, &what("angle"))?,
        (None, Some(d)) => json_number(d, &what("angle_degrees"))?.to_radians(),
        _ => 0.0,
    };
    let name = m.get("name").and_then(|n| n.as_str()).map(str::to_string);
    Ok(ImportedShape {
        name,
        points,
        radius,
        position,
        angle,
        rotation,
        velocity,
    })
}

/// Shape `i`'s core points: its "points" (or "vertices"), else a circle's centre.
fn json_shape_points(m: &serde_json::Map<String, Value>, i: usize) -> Result<Vec<Vec2>, String> {
    let what = |f: &str| format!("shape {i}: {f}");
    Ok(match m.get("points").or_else(|| m.get("vertices")) {
        Some(Value::Array(ps)) => ps
            .iter()
            .enumerate()
            .map(|(k, p)| json_point(p, &what(&format!("point {k}"))))
            .collect::<Result<Vec<_>, _>>()?,
        Some(other) => {
            return Err(format!(
                "shape {i}: \"points\" must be an array of [x, y], found {other}"
            ))
        }
        None => match (m.get("radius"), m.get("center").or_else(|| m.get("centre"))) {
            // A circle given as a centre and a radius.
            (Some(_), Some(c)) => vec![json_point(c, &what("center"))?],
            (Some(_), None) => vec![Vec2::ZERO],
            _ => {
                return Err(format!(
                    "shape {i}: expected \"points\" (a list of [x, y]) or a \"radius\""
                ))
            }
        },
    })
}

/// Shape `i`'s rotation given as (c, s) — `[c, s]` or `{"c": c, "s": s}` under
/// "rotation" or "q" — kept exactly; None when there is none, or when "rotation" is a
/// number (an angle).
fn json_rotation(
    m: &serde_json::Map<String, Value>,
    i: usize,
) -> Result<Option<(f32, f32)>, String> {
    let what = |f: &str| format!("shape {i}: {f}");
    let pair = |v: &Value, key: &str| -> Result<Option<(f32, f32)>, String> {
        if v.is_number() {
            return Ok(None);
        }
        let (c, s) = match v {
            Value::Object(o) => (o.get("c"), o.get("s")),
            Value::Array(a) if a.len() == 2 => (a.first(), a.get(1)),
            _ => (None, None),
        };
        match (c, s) {
            (Some(c), Some(s)) => Ok(Some((
                json_number(c, &what(key))?,
                json_number(s, &what(key))?,
            ))),
            _ => Err(format!(
                "{}: expected (c, s) as [c, s] or {{\"c\": c, \"s\": s}}",
                what(key)
            )),
        }
    };
    Ok(match (m.get("rotation"), m.get("q")) {
        (Some(r), _) => pair(r, "rotation")?,
        (None, Some(q)) => pair(q, "q")?,
        _ => None,
    })
}

fn keyword_numbers(line: &str, keyword: &str) -> Option<Result<Vec<f32>, String>> {
    let lower = line.trim().to_lowercase();
    let rest = lower.strip_prefix(keyword)?;
    // The keyword must end there (`radius 0.5`, `radius: 0.5`, `radius=0.5`).
    if rest.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return None;
    }
    let degrees = rest.contains("deg");
    let body = rest.replace("deg", " ").replace("rees", " ");
    let nums: Result<Vec<f32>, String> = body
        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+' || c == 'e'))
        .filter(|t| !t.is_empty() && *t != "e")
        .map(|t| {
            t.parse::<f32>()
                .map_err(|_| format!("`{}`: \"{t}\" is not a number", line.trim()))
        })
        .collect();
    Some(nums.map(|mut v| {
        if degrees {
            for x in v.iter_mut() {
                *x = x.to_radians();
            }
        }
        v
    }))
}

/// Reads plain text: blocks of points with their keyword lines (see the module doc).
fn read_text(text: &str) -> Result<Vec<ImportedShape>, String> {
    let mut blocks = TextBlocks::default();
    for (n, raw) in text.lines().enumerate() {
        blocks.line(n, raw)?;
    }
    blocks.finish()?;
    if blocks.shapes.is_empty() {
        return Err("no shapes found: paste the points of two shapes, e.g.\nA: (0, 0), (2, 0), (1, 1.5)\nB: (1, 1), (3, 1), (2, 3)\nradius 0.1".into());
    }
    Ok(blocks.shapes)
}

/// The plain-text reader's state: the shapes read so far, and the block being read
/// (its shape and the text of its points, parsed when the block ends).
#[derive(Default)]
struct TextBlocks {
    shapes: Vec<ImportedShape>,
    current: Option<(ImportedShape, String)>,
}

impl TextBlocks {
    /// Ends the current block: its points parsed; kept if it has any, an error if a
    /// named block has none.
    fn finish(&mut self) -> Result<(), String> {
        if let Some((mut s, pts)) = self.current.take() {
            if !pts.trim().is_empty() {
                s.points = parse_points(&pts).map_err(|e| match &s.name {
                    Some(n) => format!("shape {n}: {e}"),
                    None => format!("shape {}: {e}", self.shapes.len()),
                })?;
            }
            if !s.points.is_empty() {
                self.shapes.push(s);
            } else if s.name.is_some() {
                return Err(format!("shape {}: no points", s.name.unwrap_or_default()));
            }
        }
        Ok(())
    }

    /// Reads line `n` (counted from 0): a blank line ends the block, a comment is
    /// skipped, a label starts a new block, a keyword line sets the pose or radius,
    /// anything else is points.
    fn line(&mut self, n: usize, raw: &str) -> Result<(), String> {
        let line = raw.trim();
        if line.is_empty() {
            return self.finish();
        }
        if line.starts_with('#') || line.starts_with("//") {
            return Ok(());
        }
        let mut body = line;
        if let Some((head, rest)) = shape_label(line) {
            self.finish()?;
            self.current = Some((
                ImportedShape {
                    name: Some(head.trim().to_string()),
                    ..Default::default()
                },
                String::new(),
            ));
            body = rest;
        }
        let cur = self
            .current
            .get_or_insert_with(|| (ImportedShape::default(), String::new()));
        if !read_keyword_line(&mut cur.0, body, n)? {
            cur.1.push_str(body);
            cur.1.push('\n');
        }
        Ok(())
    }
}

/// `NAME:` or `NAME =` starts a new shape; the rest of the line may hold points.
/// (The name, the rest) when `line` starts so (a keyword is not a name).
fn shape_label(line: &str) -> Option<(&str, &str)> {
    line.split_once([':', '=']).filter(|(head, _)| {
        let h = head.trim();
        !h.is_empty()
            && h.len() <= 24
            && h.chars()
                .all(|c| c.is_alphanumeric() || c == '_' || c == ' ')
            && !matches!(
                h.to_lowercase().as_str(),
                "radius" | "position" | "angle" | "rotation" | "velocity" | "r"
            )
    })
}

/// Sets `shape`'s radius, position, angle or velocity from a keyword line (line `n`,
/// counted from 0); false when `body` is no keyword line.
fn read_keyword_line(shape: &mut ImportedShape, body: &str, n: usize) -> Result<bool, String> {
    let mut handled = false;
    for kw in ["radius", "position", "angle", "rotation", "velocity"] {
        if let Some(v) = keyword_numbers(body, kw) {
            let v = v.map_err(|e| format!("line {}: {e}", n + 1))?;
            let want = if kw == "radius" || kw == "angle" {
                1
            } else {
                2
            };
            if v.len() != want {
                return Err(format!(
                    "line {}: `{kw}` takes {want} number{}, found {}",
                    n + 1,
                    if want == 1 { "" } else { "s" },
                    v.len()
                ));
            }
            match kw {
                "radius" => shape.radius = v[0],
                "angle" => shape.angle = v[0],
                "rotation" => shape.rotation = Some((v[0], v[1])),
                "position" => shape.position = Some(Vec2::new(v[0], v[1])),
                _ => shape.velocity = Vec2::new(v[0], v[1]),
            }
            handled = true;
        }
    }
    Ok(handled)
}

/// Turns read shapes into a validated scene named `title`.
pub fn to_scene(shapes: &[ImportedShape], title: &str) -> Result<Scene, String> {
    if shapes.len() < 2 {
        return Err(format!(
            "found {} shape{}; a pair needs two (separate them by a blank line or label them `A:` and `B:`)",
            shapes.len(),
            if shapes.len() == 1 { "" } else { "s" }
        ));
    }
    let mut scene = Scene {
        version: SCENE_VERSION,
        title: title.to_string(),
        notes: "Imported pair.".to_string(),
        ..Default::default()
    };
    for (i, s) in shapes.iter().enumerate() {
        let default_name = ((b'A' + (i as u8 % 26)) as char).to_string();
        let mut name = s.name.clone().unwrap_or(default_name);
        if scene.shape_index(&name).is_some() {
            name = format!("{name}{i}");
        }
        let (local, position) = match s.position {
            Some(p) => (s.points.clone(), p),
            None => {
                // World coordinates: check a polygon as the user typed it first, so an
                // error names the points they wrote (not the centroid frame below).
                if s.points.len() >= 3 {
                    if let Err(e) = crate::core::shape::validate_polygon(&s.points) {
                        return Err(format!("shape \"{}\" (polygon): {e}", shown(&name)));
                    }
                }
                // World coordinates: place the shape at the centroid of its points.
                let c = s.points.iter().copied().sum::<Vec2>() / s.points.len() as f32;
                (s.points.iter().map(|p| *p - c).collect(), c)
            }
        };
        let geometry = match local.len() {
            1 if s.position.is_some() && local[0] == Vec2::ZERO => {
                Geometry::Circle { radius: s.radius }
            }
            2 if s.radius > 0.0 => Geometry::Capsule {
                a: local[0],
                b: local[1],
                radius: s.radius,
            },
            2 => Geometry::Segment {
                a: local[0],
                b: local[1],
            },
            _ => Geometry::Polygon {
                points: local,
                radius: s.radius,
            },
        };
        // The scene file's own checks (shape, limits, finiteness, names), with the
        // same messages: what imports is what loads.
        let mut shape = SceneShape::new(&name, geometry, position, s.angle)?;
        if let Some((c, sn)) = s.rotation {
            let q = super::pose_entry::check_rotation(c, sn)
                .map_err(|m| format!("shape \"{}\": {m}", super::user_text::shown(&name)))?;
            shape.pose = crate::core::shape::Pose::with_rotation(position, q);
        }
        if !s.velocity.is_finite() || s.velocity.abs().max_element() > MAX_COORDINATE {
            return Err(format!(
                "shape \"{}\": velocity ({}, {}) is not a finite number within the coordinate limit of {MAX_COORDINATE:e}",
                shown(&name),
                s.velocity.x,
                s.velocity.y
            ));
        }
        shape.velocity = s.velocity;
        scene.shapes.push(shape);
    }
    Ok(scene)
}

/// Reads a pair from text and makes a scene of it.
pub fn import(text: &str, title: &str) -> Result<Scene, String> {
    to_scene(&read_shapes(text)?, title)
}

pub use super::points::parse_points;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::shape::Pose;
    use crate::scene::{parse_scene, scene_to_string};

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn plain_text_with_labels_and_poses() {
        let text = "A: (0, 0), (2, 0), (1, 1.5)\nradius 0.1\n\nB: b2Vec2(-0.5f, -0.5f), b2Vec2(0.5f, -0.5f), b2Vec2(0.5f, 0.5f), b2Vec2(-0.5f, 0.5f)\nposition 3 4\nangle 30 deg\n";
        let scene = import(text, "t").unwrap();
        assert_eq!(scene.shapes.len(), 2);
        let a = &scene.shapes[0];
        assert_eq!(a.name, "A");
        assert_eq!(a.shape.radius(), 0.1);
        // World points: placed at their centroid.
        assert!((a.pose.position - v(1.0, 0.5)).length() < 1e-6);
        let b = &scene.shapes[1];
        assert_eq!(b.pose.position, v(3.0, 4.0));
        assert!((b.pose.angle - 30f32.to_radians()).abs() < 1e-6);
        assert_eq!(b.shape.vertices().len(), 4);
        // The scene is a valid scene file.
        let again = parse_scene(&scene_to_string(&scene), "x").unwrap();
        assert_eq!(again.shapes, scene.shapes);
    }

    #[test]
    fn an_error_names_the_points_as_typed_not_the_centroid_frame() {
        let e = import(
            "A: (0,0), (2,0), (1,0.3), (2,2), (0,2)\n\nB: (5,5), (6,5), (6,6)",
            "t",
        )
        .unwrap_err();
        assert!(e.contains("shape \"A\""), "{e}");
        assert!(e.contains("vertex 2 (1, 0.3)"), "{e}");
    }

    #[test]
    fn blank_line_separated_blocks_and_shapes_of_every_size() {
        let s = read_shapes("1 2 3 4\n\n5 6\n").unwrap();
        assert_eq!(s.len(), 2);
        assert_eq!(s[0].points, vec![v(1.0, 2.0), v(3.0, 4.0)]);
        let scene = import(
            "0 0, 2 0\nradius 0.5\n\nposition 1 1\n0 0\nradius 0.25",
            "t",
        )
        .unwrap();
        assert!(matches!(
            scene.shapes[0].shape.geometry(),
            Geometry::Capsule { .. }
        ));
        assert!(
            matches!(scene.shapes[1].shape.geometry(), Geometry::Circle { radius } if *radius == 0.25)
        );
    }

    #[test]
    fn json_forms() {
        let j = r#"{"a": {"points": [[0,0],[1,0],[0,1]], "position": [1, 2], "angle": 0.5},
                    "b": {"vertices": [{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 0, "y": 1}], "radius": 0.2}}"#;
        let scene = import(j, "t").unwrap();
        assert_eq!(scene.shapes[0].pose, Pose::new(v(1.0, 2.0), 0.5));
        assert_eq!(scene.shapes[1].shape.radius(), 0.2);
        let arr = r#"[{"radius": 1.0, "center": [3, 3]}, {"points": [[0,0],[1,0]]}]"#;
        let scene = import(arr, "t").unwrap();
        assert!(matches!(
            scene.shapes[0].shape.geometry(),
            Geometry::Polygon { .. } | Geometry::Circle { .. }
        ));
        assert_eq!(scene.shapes[0].pose.position, v(3.0, 3.0));
        let shapes = r#"{"shapes": [{"name": "wall", "points": [[0,0],[4,0],[4,1],[0,1]]}, {"name": "ball", "points": [[2,3]], "radius": 0.5}]}"#;
        let scene = import(shapes, "t").unwrap();
        assert_eq!(scene.shapes[0].name, "wall");
    }

    #[test]
    fn bad_input_says_what_was_expected() {
        assert!(import("", "t").unwrap_err().contains("no shapes found"));
        assert!(import("A: (0,0), (1,0), (0,1)", "t")
            .unwrap_err()
            .contains("a pair needs two"));
        assert!(import("A: 1 2 3\n\nB: 0 0", "t")
            .unwrap_err()
            .contains("odd count"));
        assert!(import("{\"a\": 3}", "t")
            .unwrap_err()
            .contains("expected an object"));
        assert!(import("{\"a\": {\"points\": [[0,0],[2,0],[1,0.5],[2,2],[0,2]]}, \"b\": {\"points\": [[0,0]]}}", "t")
            .unwrap_err()
            .contains("not convex"));
        assert!(import("{\"x\": 1}", "t")
            .unwrap_err()
            .contains("expected {\"a\""));
        assert!(import("{broken", "t")
            .unwrap_err()
            .contains("not valid JSON"));
        assert!(import("A: 0 0, 1 0\nradius one\n\nB: 0 0", "t").is_err());
    }

    /// The public failing cases paste in and give the known answers.
    #[test]
    fn public_case_seven_imports_and_overlaps() {
        let text = "A: (2, 2), (2, 5), (4, 5), (4, 2)\nB: (3, 3), (5, 4), (5, 2)";
        let scene = import(text, "case 7").unwrap();
        let an = crate::study::Studies::compute(&scene, 0, 1, &mut Default::default());
        let p = an.basics.penetration.unwrap();
        assert!((p.depth - 1.0).abs() < 1e-4, "{p:?}");
        assert!((p.normal - v(1.0, 0.0)).length() < 1e-4);
    }

    #[test]
    fn pasted_hex_floats_and_unicode_minus_are_numbers() {
        let pts =
            parse_points("b2Vec2(0x1p+0f, \u{2212}0x1.8p+1f), b2Vec2(0x1.99999ap-4f, 2)").unwrap();
        assert_eq!(pts, vec![Vec2::new(1.0, -3.0), Vec2::new(0.1, 2.0)]);
        assert_eq!(pts[1].x.to_bits(), 0.1f32.to_bits());
    }
}
