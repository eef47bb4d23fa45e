//! Reading a scene from text: RON (hex floats mapped back to the user's columns), then
//! the checks the types cannot make (unique names, the view's pair, cameras and split,
//! the expected outcome's names), each a named function giving the line it concerns;
//! and "make convex", which mends refused polygons before parsing.

use super::chains::EntryGeometry;
use super::entries::SceneFile;
use super::errors::friendly;
use super::format::{Expect, Scene, View};
use super::spans::{self, Step, Step::Field, Step::Index, Step::Key};
use super::user_text::shown;
use super::view_state::Algorithm;
use super::{hexfloat, SceneError, SceneErrorKind, ShapeEntry};
use crate::core::shape::Geometry;

/// Parses a scene from text. `path` only labels errors.
pub fn parse_scene(text: &str, path: &str) -> Result<Scene, SceneError> {
    if text.trim().is_empty() {
        return Err(Problem {
            at: None,
            kind: SceneErrorKind::Empty,
            message: "the file is empty".to_string(),
        }
        .in_file(path));
    }
    let scene = read_ron(text, path)?;
    check_scene(&scene, text).map_err(|p| p.in_file(path))?;
    Ok(scene)
}

/// The RON text as a scene (types, fields and shapes checked by deserialisation).
fn read_ron(text: &str, path: &str) -> Result<Scene, SceneError> {
    // Hex floats (`0x1.8p+1`) become the decimals RON reads to the same f32; error
    // columns are mapped back to the user's text.
    let (converted, replaced) = hexfloat::replace_in_ron(text).map_err(|e| SceneError {
        path: path.to_string(),
        line: Some(e.line),
        column: Some(e.column),
        kind: SceneErrorKind::Invalid,
        message: e.message,
    })?;
    ron::from_str(&converted).map_err(|e| {
        let line = e.position.line;
        let line_text = converted.lines().nth(line.saturating_sub(1)).unwrap_or("");
        let column = hexfloat::original_column(&replaced, line, e.position.col);
        let (line, column) = match &e.code {
            ron::Error::Message(m) => super::entry_place::entry_field_place(text, m, line, column),
            _ => (line, column),
        };
        SceneError {
            path: path.to_string(),
            line: Some(line),
            column: Some(column),
            kind: SceneErrorKind::Invalid,
            message: super::errors::not_whole(&e.code, line_text, e.position.col)
                .unwrap_or_else(|| friendly(&e.code)),
        }
    })
}

/// A problem a check found: where it is (1-based line and column, from the text's
/// structure: [`spans::locate`]), its kind and message; [`Problem::in_file`] names the
/// file.
struct Problem {
    at: Option<(usize, usize)>,
    kind: SceneErrorKind,
    message: String,
}

impl Problem {
    /// An invalid scene, at the value `path` leads to in `text`.
    fn invalid(text: &str, path: &[Step], message: String) -> Problem {
        Problem {
            at: spans::locate(text, path),
            kind: SceneErrorKind::Invalid,
            message,
        }
    }

    fn in_file(self, path: &str) -> SceneError {
        SceneError {
            path: path.to_string(),
            line: self.at.map(|a| a.0),
            column: self.at.map(|a| a.1),
            kind: self.kind,
            message: self.message,
        }
    }
}

/// The checks of a parsed scene, in order; the first problem found.
fn check_scene(scene: &Scene, text: &str) -> Result<(), Problem> {
    check_unique_names(scene, text)?;
    super::rays::first_bad_ray(&scene.rays)
        .map_err(|(k, m)| Problem::invalid(text, &[Field("rays"), Index(k)], m))?;
    check_view_pair(scene, text)?;
    check_cameras(&scene.view, text)?;
    check_manifold_source(&scene.view, text)?;
    check_view_ray(scene, text)?;
    check_terminations(&scene.expect, text)?;
    check_overlap(&scene.expect, text)?;
    super::chain_expect::check_chain_expectations(scene).map_err(|(k, m)| {
        Problem::invalid(text, &[Field("expect"), Field("chains"), Index(k)], m)
    })?;
    check_split(&scene.view, text)
}

/// The index of a shape (`chain` false) or chain in the file's shape list, where
/// shapes and chains are entries in file order.
fn entry_index(scene: &Scene, chain: bool, i: usize) -> usize {
    if chain {
        scene.chains[i].order + i
    } else {
        i + scene.chains.iter().filter(|c| c.order <= i).count()
    }
}

/// No two shapes or chains share a name (the second one's `name` located). A sorted
/// pass: O(n log n), so a scene of a hundred thousand shapes is checked at once.
fn check_unique_names(scene: &Scene, text: &str) -> Result<(), Problem> {
    // (name, is a chain, index): shapes then chains.
    let mut all: Vec<(&str, bool, usize)> = scene
        .shapes
        .iter()
        .enumerate()
        .map(|(i, s)| (s.name.as_str(), false, i))
        .collect();
    all.extend(
        scene
            .chains
            .iter()
            .enumerate()
            .map(|(i, c)| (c.name.as_str(), true, i)),
    );
    // Stable: equal names keep shapes-then-chains order, so the pair found is (first, second).
    all.sort_by(|x, y| x.0.cmp(y.0));
    let dup = all
        .windows(2)
        .filter(|w| w[0].0 == w[1].0)
        .min_by_key(|w| (w[1].1, w[1].2));
    let Some([first, second]) = dup else {
        return Ok(());
    };
    let name = shown(first.0);
    let what = |(_, chain, i): (&str, bool, usize)| {
        format!("{} {i}", if chain { "chain" } else { "shape" })
    };
    let message = if !first.1 && !second.1 {
        format!(
            "shape name \"{name}\" is used twice (shapes {} and {}); names must be unique",
            first.2, second.2
        )
    } else {
        format!(
            "name \"{name}\" is used twice ({} and {}); shape and chain names must be unique",
            what(*first),
            what(*second)
        )
    };
    let later = if entry_index(scene, first.1, first.2) > entry_index(scene, second.1, second.2) {
        first
    } else {
        second
    };
    let entry = entry_index(scene, later.1, later.2);
    Err(Problem {
        at: spans::locate(text, &[Field("shapes"), Index(entry), Field("name")]),
        kind: SceneErrorKind::DuplicateName,
        message,
    })
}

/// The view's A and B, when named, are shapes of the scene, and two different ones.
fn check_view_pair(scene: &Scene, text: &str) -> Result<(), Problem> {
    let v = &scene.view;
    if !v.a.is_empty() && v.a == v.b {
        return Err(Problem::invalid(
            text,
            &[Field("view"), Field("b")],
            format!(
                "view names shape \"{}\" as both a and b; a pair needs two different shapes",
                shown(&v.a)
            ),
        ));
    }
    for (field, name) in [("a", &scene.view.a), ("b", &scene.view.b)] {
        if !name.is_empty() && scene.shape_index(name).is_none() {
            return Err(Problem::invalid(
                text,
                &[Field("view"), Field(field)],
                format!(
                    "view.{field} names shape \"{}\", which the scene does not have",
                    shown(name)
                ),
            ));
        }
    }
    Ok(())
}

/// Both cameras have a finite centre and a zoom ≥ 0.
fn check_cameras(v: &View, text: &str) -> Result<(), Problem> {
    for (field, cam) in [
        ("world_camera", &v.world_camera),
        ("config_camera", &v.config_camera),
    ] {
        if !cam.center.is_finite() || !cam.zoom.is_finite() || cam.zoom < 0.0 {
            return Err(Problem::invalid(
                text,
                &[Field("view"), Field(field)],
                format!("view.{field} must have a finite centre and a zoom ≥ 0"),
            ));
        }
    }
    Ok(())
}

/// The manifold source is empty, "epa" or "sat".
fn check_manifold_source(v: &View, text: &str) -> Result<(), Problem> {
    if !matches!(v.manifold_source.as_str(), "" | "epa" | "sat") {
        return Err(Problem::invalid(
            text,
            &[Field("view"), Field("manifold_source")],
            format!(
                "view.manifold_source is \"{}\"; it must be \"epa\" or \"sat\"",
                shown(&v.manifold_source)
            ),
        ));
    }
    Ok(())
}

/// The view's ray names a ray of the scene; its method is empty, "exact" or "gjk".
fn check_view_ray(scene: &Scene, text: &str) -> Result<(), Problem> {
    let v = &scene.view;
    if !v.ray.is_empty() && !scene.rays.iter().any(|r| r.name == v.ray) {
        return Err(Problem::invalid(
            text,
            &[Field("view"), Field("ray")],
            format!(
                "view.ray is \"{}\", but no ray has that name",
                shown(&v.ray)
            ),
        ));
    }
    if !matches!(v.ray_method.as_str(), "" | "exact" | "gjk") {
        return Err(Problem::invalid(
            text,
            &[Field("view"), Field("ray_method")],
            format!(
                "view.ray_method is \"{}\"; it must be \"exact\" or \"gjk\"",
                shown(&v.ray_method)
            ),
        ));
    }
    Ok(())
}

/// The expected terminations name algorithms.
fn check_terminations(expect: &Expect, text: &str) -> Result<(), Problem> {
    for name in expect.terminations.keys() {
        if Algorithm::from_name(name).is_none() {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            return Err(Problem::invalid(
                text,
                &[Field("expect"), Field("terminations"), Key(name)],
                format!(
                    "expect.terminations names algorithm \"{}\"; expected one of: {}",
                    shown(name),
                    names.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// The expected overlap is empty, "yes" or "no".
fn check_overlap(expect: &Expect, text: &str) -> Result<(), Problem> {
    if !matches!(expect.overlap.as_str(), "" | "yes" | "no") {
        return Err(Problem::invalid(
            text,
            &[Field("expect"), Field("overlap")],
            format!(
                "expect.overlap is \"{}\"; it must be \"yes\" or \"no\"",
                shown(&expect.overlap)
            ),
        ));
    }
    Ok(())
}

/// The view's split is from 0 to 1.
fn check_split(v: &View, text: &str) -> Result<(), Problem> {
    if !(0.0..=1.0).contains(&v.split) {
        return Err(Problem::invalid(
            text,
            &[Field("view"), Field("split")],
            format!("view.split is {}; it must be from 0 to 1", v.split),
        ));
    }
    Ok(())
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
    // The file's layout with its entries unchecked, so a refused polygon can be mended.
    let lenient = hexfloat::replace_in_ron(text)
        .map_err(|e| e.message)
        .and_then(|(t, _)| ron::from_str::<SceneFile<ShapeEntry>>(&t).map_err(|e| e.to_string()));
    let Ok(mut lenient) = lenient else {
        return parse_scene(text, path).map(|s| (s, Vec::new()));
    };
    let mut changed = Vec::new();
    for shape in &mut lenient.shapes {
        if let EntryGeometry::Convex(Geometry::Polygon { points, radius }) = &shape.geometry {
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
                        shown(&shape.name),
                        hull.len()
                    ));
                    shape.geometry = EntryGeometry::Convex(Geometry::Polygon {
                        points: hull,
                        radius: *radius,
                    });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::scene_to_string;
    use glam::Vec2;

    fn error_of(text: &str) -> SceneError {
        parse_scene(text, "bad.ron").unwrap_err()
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
        // The rest of the file comes through: its precision line, a chain, rays (a lenient
        // reader of its own once refused them all).
        let with_rest = "(version: 1, precision: f32, shapes: [\n (name: \"Dart\", geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.5), (2.0, 2.0), (0.0, 2.0)], radius: 0.0), position: (1.0, 1.0), angle: 0.0),\n (name: \"Floor\", geometry: Chain(points: [(2.0, 0.0), (0.0, 0.0), (-2.0, 0.0)], loop: false), position: (0.0, -1.0), angle: 0.0),\n (name: \"C\", geometry: Circle(radius: 1.0), position: (4.0, 0.0), angle: 0.0)],\n rays: [(name: \"R\", origin: (-3.0, 0.0), translation: (6.0, 0.0))])";
        let (scene, changed) = parse_scene_making_convex(with_rest, "rest.ron").unwrap();
        assert_eq!(changed.len(), 1, "{changed:?}");
        assert_eq!(scene.rays.len(), 1);
        assert_eq!(scene.chains.len(), 1);
        assert_eq!(scene.chains[0].order, 1);
        assert_eq!(scene.shapes.len(), 2);
        // Other errors are not mended.
        let e = parse_scene_making_convex("(version: 2, shapes: [])", "v.ron").unwrap_err();
        assert!(e.message.contains("unknown scene version"));
        assert!(!error_is_fixable_by_hull(&e));
    }
}
