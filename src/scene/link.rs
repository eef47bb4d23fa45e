//! The scene in a link: the web page keeps the scene it shows (shapes, poses,
//! velocities, and the view: algorithm, step, pair, cameras, layers) in the URL's
//! hash, `#scene=<text>`, so a link reproduces exactly what the sender saw.
//!
//! The text is the scene file itself — RON, written compactly — percent-encoded: a
//! reader of the link still sees the names and numbers. Floats are written as Rust
//! prints them, the shortest decimal that reads back to the same f32, so the link is
//! bit-exact (tested below on random bit patterns). Only ASCII letters, digits and
//! `-._~(),:!*` stay as they are; everything else (quotes, spaces, brackets, `#`, `%`,
//! non-ASCII bytes) is `%XX`, which survives chat programs, bug trackers and e-mail.
//!
//! A link made to show what the engines answered (`report --link`, `fuzz --link`) starts
//! `#peers&scene=`: the page opens its Peers section once ([`OPEN_PEERS`]).

use super::{parse_scene, Scene, SceneError, SceneErrorKind};

/// What precedes the scene text in the hash.
pub const KEY: &str = "scene=";

/// Before [`KEY`]: the page opens the Peers section (the engines' answers) once.
pub const OPEN_PEERS: &str = "peers&";

/// The largest link text read (a scene in a link is a few kilobytes).
pub const MAX_LINK_BYTES: usize = 1 << 20;

/// The hash (without `#`) that holds `scene`.
pub fn to_fragment(scene: &Scene) -> String {
    // Serialising plain data (numbers, strings, enums) into a String cannot fail.
    let text = ron::ser::to_string(scene).unwrap_or_default();
    let mut out = String::with_capacity(KEY.len() + text.len() * 5 / 4);
    out.push_str(KEY);
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~(),:!*".contains(&b) {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(b >> 4)]));
            out.push(char::from(HEX[usize::from(b & 15)]));
        }
    }
    out
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// The scene of a hash (with or without its `#`). `Ok(None)` when the hash holds no
/// scene (empty, or something else); an error when it holds a scene that does not
/// read, said as for a file named "the link".
pub fn from_fragment(hash: &str) -> Result<Option<Scene>, SceneError> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let hash = hash.strip_prefix(OPEN_PEERS).unwrap_or(hash);
    let Some(encoded) = hash.strip_prefix(KEY) else {
        return Ok(None);
    };
    let fail = |message: String| SceneError {
        path: "the link".to_string(),
        line: None,
        column: None,
        kind: SceneErrorKind::Invalid,
        message,
    };
    if encoded.len() > MAX_LINK_BYTES {
        return Err(fail(format!(
            "the scene in the link is {} bytes long; at most {MAX_LINK_BYTES} are read",
            encoded.len()
        )));
    }
    let bytes = percent_decode(encoded).map_err(fail)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| fail("the scene in the link is not UTF-8 text".to_string()))?;
    parse_scene(&text, "the link").map(Some)
}

/// `%XX` to its byte; every other character as it is (a browser may have decoded
/// some, or encoded more).
fn percent_decode(s: &str) -> Result<Vec<u8>, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let digit = |k: usize| b.get(k).and_then(|c| (*c as char).to_digit(16));
            match (digit(i + 1), digit(i + 2)) {
                (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                _ => {
                    return Err(format!(
                    "the link breaks off at character {}: '%' is not followed by two hex digits",
                    i + 1
                ))
                }
            }
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::library::FILES;

    /// Every scene of the library survives the link, view included.
    #[test]
    fn library_round_trips() {
        for (name, text) in FILES {
            let scene = parse_scene(text, name).unwrap();
            let hash = to_fragment(&scene);
            assert!(hash
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-._~(),:!*%=".contains(&b)));
            let back = from_fragment(&format!("#{hash}")).unwrap().unwrap();
            assert_eq!(back, scene, "{name}");
        }
    }

    /// Positions, angles and velocities come back bit for bit, whatever the bits.
    #[test]
    fn floats_are_bit_exact() {
        let mut scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        // xorshift32: the scene layer's tests use nothing above it.
        let mut state = 0x9e37_79b9u32;
        for _ in 0..2000 {
            // Random finite bit patterns within the coordinate limit.
            let mut draw = |limit: f32| loop {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                let v = f32::from_bits(state);
                if v.is_finite() && v.abs() <= limit {
                    return v;
                }
            };
            let (x, y, a) = (draw(1e6), draw(1e6), draw(1e3));
            let (vx, vy) = (draw(1e6), draw(1e6));
            let s = &mut scene.shapes[1];
            s.pose.position = glam::Vec2::new(x, y);
            s.pose.angle = a;
            s.velocity = glam::Vec2::new(vx, vy);
            let back = from_fragment(&to_fragment(&scene)).unwrap().unwrap();
            let t = &back.shapes[1];
            for (got, want) in [
                (t.pose.position.x, x),
                (t.pose.position.y, y),
                (t.pose.angle, a),
                (t.velocity.x, vx),
                (t.velocity.y, vy),
            ] {
                assert_eq!(got.to_bits(), want.to_bits());
            }
        }
    }

    #[test]
    fn other_hashes_and_bad_links() {
        assert!(from_fragment("").unwrap().is_none());
        assert!(from_fragment("#top").unwrap().is_none());
        let e = from_fragment("#scene=(version%2").unwrap_err().to_string();
        assert!(e.contains("two hex digits"), "{e}");
        let e = from_fragment("#scene=(version:1,shapes:[").unwrap_err();
        assert!(e.to_string().starts_with("the link"), "{e}");
        assert!(from_fragment("#scene=%FF").is_err());
    }
}
