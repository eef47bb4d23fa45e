//! Text metrics in Hack (the font the window's canvas uses), from fontdue.

use std::sync::OnceLock;

pub(super) fn font() -> Option<&'static fontdue::Font> {
    static FONT: OnceLock<Option<fontdue::Font>> = OnceLock::new();
    FONT.get_or_init(|| {
        fontdue::Font::from_bytes(
            epaint_default_fonts::HACK_REGULAR,
            fontdue::FontSettings::default(),
        )
        .ok()
    })
    .as_ref()
}

/// Advance width of `s` at `size` pixels. Hack is monospaced (0.602 em); the fallback
/// is used only if the embedded font fails to parse.
pub fn text_width(s: &str, size: f32) -> f32 {
    match font() {
        Some(f) => s.chars().map(|c| f.metrics(c, size).advance_width).sum(),
        None => s.chars().count() as f32 * 0.602 * size,
    }
}

/// Extent of `s` above and below its baseline (both ≥ 0), from its glyphs, as
/// macroquad's `measure_text` reports them for the canvas' label backgrounds.
pub(super) fn text_extent(s: &str, size: f32) -> (f32, f32) {
    let Some(f) = font() else {
        return (0.75 * size, 0.2 * size);
    };
    let (mut above, mut below) = (0.0f32, 0.0f32);
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        let m = f.metrics(c, size);
        above = above.max((m.ymin + m.height as i32) as f32);
        below = below.max(-(m.ymin as f32));
    }
    (above, below)
}
