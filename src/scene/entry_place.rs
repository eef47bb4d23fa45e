//! Where a shape's or chain's own check points. RON reports an error a conversion
//! raises (a non-convex polygon, a NaN position) where the entry closes, lines below
//! the field that is wrong; the entry holding that place is found and the field the
//! message is about located in it.

use super::spans::{self, Step::Field, Step::Index};

/// Where a shape or chain entry's own check (`message`) points: RON reports such an
/// error where the entry closes (`line`, `column`), so the entry holding that place is
/// found and the field the message is about located in it. A place outside the shape
/// list, or a field the entry does not write, keeps RON's place or the entry's start.
pub(super) fn entry_field_place(
    text: &str,
    message: &str,
    line: usize,
    column: usize,
) -> (usize, usize) {
    let ours = [
        "shape \"",
        "chain \"",
        "shape name",
        "chain name",
        "a shape has",
        "a chain has",
    ];
    if !ours.iter().any(|p| message.starts_with(p)) {
        return (line, column); // a value's own error, placed where it is
    }
    let Some(k) = spans::entry_at(text, &[Field("shapes")], line, column) else {
        return (line, column);
    };
    let entry = [Field("shapes"), Index(k)];
    let field = [Field("shapes"), Index(k), Field(entry_field(message))];
    spans::locate(text, &field)
        .or_else(|| spans::locate(text, &entry))
        .unwrap_or((line, column))
}

/// The entry field a shape's or chain's check message is about. The checks write
/// `shape "name": field …`, `shape "name" (kind): …` for the geometry, and
/// `shape name "…"` for the name (`SceneShape`'s and `SceneEntry`'s conversions).
fn entry_field(message: &str) -> &'static str {
    const FIELDS: [&str; 7] = [
        "angular_velocity",
        "velocity",
        "position",
        "rotation",
        "angle",
        "hull_of",
        "raw_points",
    ];
    if message.starts_with("shape name") || message.starts_with("chain name") {
        return "name";
    }
    if message.contains("has an empty name") {
        return "name";
    }
    // The text after the entry's quoted name: `": field …` or `" (kind): …`.
    let after_name = message.split_once("\": ").map_or("", |(_, rest)| rest);
    if after_name.starts_with("missing field") {
        return ""; // not written: the entry itself is located
    }
    if after_name.starts_with("give either angle or rotation") {
        return "rotation";
    }
    if after_name.starts_with("velocity, angular_velocity") {
        return "velocity";
    }
    FIELDS
        .into_iter()
        .find(|f| after_name.starts_with(f))
        .unwrap_or("geometry")
}

#[cfg(test)]
mod tests {
    use crate::scene::{parse_scene, SceneError};

    fn error_of(text: &str) -> SceneError {
        parse_scene(text, "bad.ron").unwrap_err()
    }

    /// A scene of two shapes whose second writes `value` for `field`, one field a line.
    fn second_shape_with(field: &str, value: &str) -> String {
        let mut lines = vec![
            "(".to_string(),
            "    version: 1,".to_string(),
            "    shapes: [".to_string(),
            "        (name: \"A\", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0),".to_string(),
            "        (".to_string(),
            "            name: \"plank\",".to_string(),
            "            geometry: Polygon(points: [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)], radius: 0.0),".to_string(),
            "            position: (3.0, 0.0),".to_string(),
            "            angle: 0.0,".to_string(),
            "            velocity: (1.0, 0.0),".to_string(),
            "        ),".to_string(),
            "    ],".to_string(),
            ")".to_string(),
        ];
        let k = lines
            .iter()
            .position(|l| l.trim_start().starts_with(&format!("{field}:")))
            .expect("the field is in the template");
        lines[k] = format!("            {field}: {value},");
        lines.join("\n")
    }

    #[test]
    fn a_shape_check_points_at_the_field_it_is_about_not_the_entrys_end() {
        // (field, a bad value, the line the field is on); the entry closes on line 11.
        let cases = [
            (
                "geometry",
                "Polygon(points: [(0.0, 0.0), (2.0, 0.0), (1.0, 0.3), (2.0, 2.0), (0.0, 2.0)], radius: 0.0)",
                7,
                "not convex",
            ),
            ("position", "(NaN, 0.0)", 8, "position"),
            ("position", "(1e30, 0.0)", 8, "coordinate limit"),
            ("angle", "inf", 9, "angle"),
            ("velocity", "(NaN, 1.0)", 10, "velocity"),
            ("name", "\"\"", 6, "empty name"),
        ];
        for (field, value, line, says) in cases {
            let e = error_of(&second_shape_with(field, value));
            assert_eq!(
                (e.line, e.column),
                (Some(line), Some(13)),
                "{field} = {value}: {}",
                e.message
            );
            assert!(e.message.contains(says), "{field}: {}", e.message);
        }
        // A check about a field the entry does not write points at the entry.
        let text = second_shape_with("angle", "0.0").replace("            angle: 0.0,\n", "");
        let e = error_of(&text);
        assert!(e.message.contains("missing field `angle`"), "{}", e.message);
        assert_eq!((e.line, e.column), (Some(5), Some(9)));
        // The first shape's error names the first shape's line.
        let text = second_shape_with("angle", "0.0")
            .replace("position: (0.0, 0.0)", "position: (0.0, NaN)");
        let e = error_of(&text);
        assert!(e.message.contains("\"A\""), "{}", e.message);
        assert_eq!(e.line, Some(4));
    }
}
