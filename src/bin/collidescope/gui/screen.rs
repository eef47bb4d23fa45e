//! The screen's size (X11), so that a window asked larger than the screen opens fitted
//! to it: without a window manager (a projector laptop, Xvfb) nothing else shrinks it,
//! and the window's bottom (the lesson strip's last lines, the status bar) would lie
//! off-screen. libX11 is opened at run time (`dlopen`, as miniquad itself does), so
//! nothing is linked; without X the size is unknown and the window opens as asked.

use macroquad::miniquad::native::module::linux::Module;
use std::ffi::{c_char, c_int, c_void};

type Display = c_void;
type XOpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut Display;
type XDefaultScreen = unsafe extern "C" fn(*mut Display) -> c_int;
type XDisplaySize = unsafe extern "C" fn(*mut Display, c_int) -> c_int;
type XCloseDisplay = unsafe extern "C" fn(*mut Display) -> c_int;

/// The default screen's width and height in pixels, from `$DISPLAY`; None without X.
pub fn size() -> Option<(i32, i32)> {
    let lib = Module::load("libX11.so.6")
        .or_else(|_| Module::load("libX11.so"))
        .ok()?;
    let open: XOpenDisplay = lib.get_symbol("XOpenDisplay").ok()?;
    let default_screen: XDefaultScreen = lib.get_symbol("XDefaultScreen").ok()?;
    let width: XDisplaySize = lib.get_symbol("XDisplayWidth").ok()?;
    let height: XDisplaySize = lib.get_symbol("XDisplayHeight").ok()?;
    let close: XCloseDisplay = lib.get_symbol("XCloseDisplay").ok()?;
    // SAFETY: plain Xlib calls on a connection checked for null, closed before return.
    unsafe {
        let display = open(std::ptr::null());
        if display.is_null() {
            return None;
        }
        let screen = default_screen(display);
        let size = (width(display, screen), height(display, screen));
        close(display);
        (size.0 > 0 && size.1 > 0).then_some(size)
    }
}

/// The window's size for `asked` on a screen of `screen` pixels: each side at most
/// the screen's; with the note the status bar says when it was shrunk.
pub fn fit(asked: (i32, i32), screen: Option<(i32, i32)>) -> ((i32, i32), Option<String>) {
    let Some((sw, sh)) = screen else {
        return (asked, None);
    };
    let fitted = (asked.0.min(sw), asked.1.min(sh));
    if fitted == asked {
        return (asked, None);
    }
    let note = format!(
        "The window was made {}×{} to fit the screen ({}×{} was asked).",
        fitted.0, fitted.1, asked.0, asked.1
    );
    (fitted, Some(note))
}

#[cfg(test)]
mod tests {
    use super::fit;

    #[test]
    fn a_window_larger_than_the_screen_is_fitted_and_said() {
        let (size, note) = fit((1280, 800), Some((1280, 720)));
        assert_eq!(size, (1280, 720));
        let note = note.expect("a shrunk window is said");
        assert!(
            note.contains("1280×720") && note.contains("1280×800"),
            "{note}"
        );
        assert_eq!(fit((900, 600), Some((1280, 720))), ((900, 600), None));
        assert_eq!(fit((1600, 1000), None), ((1600, 1000), None));
        assert_eq!(fit((2000, 600), Some((1280, 720))).0, (1280, 600));
    }
}
