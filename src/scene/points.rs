//! Points pasted as text, as an engine prints them (`(1, 2), (3, 4)`, `[[1,2],[3,4]]`,
//! `b2Vec2(1.0f, 2.0f)`, …): the polygon paste box, the hull command and the import.

use super::import::normalize_numbers;
use glam::Vec2;

/// Words a pasted point list may hold besides numbers: the constructors and field
/// names engines print points with.
const POINT_WORDS: [&str; 22] = [
    "b2Vec2",
    "b2MakeVec2",
    "Vec2",
    "vec2",
    "Vector2",
    "vector2",
    "Vector",
    "Point2",
    "point2",
    "Point",
    "point",
    "new",
    "x",
    "y",
    "f",
    "glam",
    "nalgebra",
    "na",
    "math",
    "points",
    "vertices",
    "B2_LITERAL",
];

/// Reads x, y pairs from text as an engine prints them: `(1, 2), (3, 4)`,
/// `[[1,2],[3,4]]`, `b2Vec2(1.0f, 2.0f)`, one pair per line, … Numbers glued to a
/// letter (the `2` of `b2Vec2`) are not coordinates. Hex floats and the Unicode minus
/// are read too ([`normalize_numbers`]).
pub fn parse_points(text: &str) -> Result<Vec<Vec2>, String> {
    let normalized = normalize_numbers(text)?;
    let text = normalized.as_str();
    let mut numbers = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let starts = c.is_ascii_digit()
            || ((c == b'-' || c == b'+' || c == b'.')
                && i + 1 < bytes.len()
                && (bytes[i + 1].is_ascii_digit() || bytes[i + 1] == b'.'));
        let glued = i > 0 && (bytes[i - 1].is_ascii_alphabetic() || bytes[i - 1] == b'_');
        if starts && !glued {
            let start = i;
            i += 1;
            while i < bytes.len() {
                let d = bytes[i];
                let exp_sign = (d == b'-' || d == b'+') && matches!(bytes[i - 1], b'e' | b'E');
                if d.is_ascii_digit() || d == b'.' || d == b'e' || d == b'E' || exp_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            let token = &text[start..i];
            let value: f32 = token
                .parse()
                .map_err(|_| format!("\"{token}\" is not a number"))?;
            numbers.push(value);
            // Skip a float suffix (1.0f).
            if i < bytes.len() && (bytes[i] == b'f' || bytes[i] == b'F') {
                i += 1;
            }
        } else {
            // Skip a whole identifier so that digits inside it are not read — only the
            // words engines print points with; any other word is refused rather than
            // silently dropped (a "two" among the numbers would shift every pair).
            if c.is_ascii_alphabetic() || c == b'_' {
                let start = i;
                while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                    i += 1;
                }
                let word = &text[start..i];
                if !POINT_WORDS.contains(&word) {
                    return Err(format!(
                        "\"{word}\" is not a number; points are x, y pairs, optionally written as {}",
                        "b2Vec2(x, y), Vec2::new(x, y), Point2::new(x, y) or vec2(x, y)"
                    ));
                }
            } else {
                i += 1;
            }
        }
    }
    if numbers.is_empty() {
        return Err("no numbers found: paste x, y pairs such as (1.0, 2.0), (3.0, 4.0)".into());
    }
    if numbers.len() % 2 != 0 {
        return Err(format!(
            "found {} numbers, an odd count: expected x, y pairs",
            numbers.len()
        ));
    }
    Ok(numbers.chunks(2).map(|c| Vec2::new(c[0], c[1])).collect())
}
