//! The pair as a scene file with every float as a hex float (C's `%a`), so the file
//! carries the exact bits to whoever opens it next.

use crate::scene::hexfloat::format_f32;
use crate::scene::{scene_to_string, Scene, View};

/// Shapes `a` and `b` of `scene` (with its settings), numbers in hex.
pub fn scene(scene: &Scene, a: usize, b: usize) -> String {
    let mut pair = scene.clone();
    pair.shapes = vec![scene.shapes[a].clone(), scene.shapes[b].clone()];
    pair.view = View {
        a: scene.shapes[a].name.clone(),
        b: scene.shapes[b].name.clone(),
        ..scene.view.clone()
    };
    let text = scene_to_string(&pair);
    floats_to_hex(&text)
}

/// Every float literal of RON text (outside strings and comments) in `%a` form.
/// Integers (no `.` or exponent) stay as they are: they are counts and versions.
pub fn floats_to_hex(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            out.push_str(&text[i..end]);
            i = end;
            continue;
        }
        let starts_number =
            c.is_ascii_digit() || (c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        let glued = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if starts_number && !glued {
            let mut j = i + 1;
            while j < b.len()
                && (b[j].is_ascii_digit()
                    || b[j] == b'.'
                    || b[j] == b'e'
                    || b[j] == b'E'
                    || ((b[j] == b'-' || b[j] == b'+') && matches!(b[j - 1], b'e' | b'E')))
            {
                j += 1;
            }
            let token = &text[i..j];
            let is_float = token.contains(['.', 'e', 'E']);
            match token.parse::<f32>() {
                Ok(v) if is_float => out.push_str(&format_f32(v)),
                _ => out.push_str(token),
            }
            i = j;
            continue;
        }
        let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[i..i + ch_len]);
        i += ch_len;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;

    #[test]
    fn a_hex_scene_reads_back_to_the_same_bits() {
        let s = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        let text = scene(&s, 0, 1);
        assert!(text.contains("0x"), "{text}");
        assert!(text.contains("version: 1"), "integers stay integers");
        let back = parse_scene(&text, "hex").unwrap();
        for k in 0..2 {
            let (x, y) = (&s.shapes[k], &back.shapes[k]);
            assert_eq!(x.name, y.name);
            assert_eq!(x.pose.position.x.to_bits(), y.pose.position.x.to_bits());
            assert_eq!(x.pose.angle.to_bits(), y.pose.angle.to_bits());
            assert_eq!(x.shape.vertices(), y.shape.vertices());
        }
        assert_eq!(back.settings, s.settings);
    }
}
