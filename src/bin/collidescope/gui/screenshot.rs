//! The P key's screenshot: the window as an opaque PNG, written into the
//! screenshot folder on the desktop, downloaded on the web.

use collidescope::app::AppState;
use std::path::Path;

/// Writes the window as `collidescope-<unix time>-<n>.png` into `dir` (through the one
/// output writer) and says so, or says why it could not.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn screenshot(dir: &Path, n: u32, app: &mut AppState) {
    use collidescope::app::Message;
    use macroquad::prelude::get_screen_data;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let path = dir.join(format!("collidescope-{stamp}-{n}.png"));
    let image = get_screen_data();
    let written = std::fs::create_dir_all(dir)
        .map_err(|e| {
            format!(
                "cannot create the folder: {}",
                collidescope::scene::fs::reason(&e)
            )
        })
        .and_then(|()| {
            screen_png(
                &image.bytes,
                u32::from(image.width),
                u32::from(image.height),
            )
        })
        .and_then(|png| collidescope::scene::fs::write_output(&path, &png));
    app.message = Some(match written {
        Ok(()) => Message {
            text: format!("Window screenshot written to {}", path.display()),
            is_error: false,
        },
        Err(e) => Message {
            text: format!("Screenshot not written: {}: {e}", path.display()),
            is_error: true,
        },
    });
}

/// The screen's RGBA rows (OpenGL's, bottom row first) as a PNG, top row first,
/// opaque (so the premultiplied pixels tiny-skia wants are the same).
pub(super) fn screen_png(rgba: &[u8], width: u32, height: u32) -> Result<Vec<u8>, String> {
    let row = width as usize * 4;
    if width == 0 || height == 0 || rgba.len() != row * height as usize {
        return Err(format!("the screen ({width} × {height}) is not an image"));
    }
    let mut flipped = Vec::with_capacity(rgba.len());
    for r in rgba.chunks_exact(row).rev() {
        flipped.extend(r.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2], 255]));
    }
    let not_an_image = || format!("the screen ({width} × {height}) is not an image");
    let size = tiny_skia::IntSize::from_wh(width, height).ok_or_else(not_an_image)?;
    tiny_skia::Pixmap::from_vec(flipped, size)
        .ok_or_else(not_an_image)?
        .encode_png()
        .map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// The window as a PNG download, `collidescope-<n>.png` (the web page).
#[cfg(target_arch = "wasm32")]
pub(super) fn screenshot(_dir: &Path, n: u32, app: &mut AppState) {
    super::page::download_screen(&format!("collidescope-{n}.png"), app);
}
