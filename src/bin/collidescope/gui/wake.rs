//! Waking the idle window from another thread (X11).
//!
//! With miniquad's blocking event loop the main thread sleeps in `XNextEvent` until
//! the X server sends an event. `schedule_update` from another thread only queues a
//! request on a channel the loop reads when it wakes — it does not wake it. So the slow
//! tick (a frame a second for `--quit-after` and for the unsaved-changes question on
//! close) also sends an X event: a `ClientMessage` of a type miniquad ignores, to every
//! top-level window named "Collidescope" (several instances may run; a woken window
//! without a queued request of its own goes back to sleep without drawing). libX11 is
//! opened at run time (`dlopen`, as miniquad itself does), so nothing is linked.
//! Without X (Wayland, no libX11) the wake is skipped and the tick falls back to the
//! queued request, answered at the next input.

use macroquad::miniquad::native::module::linux::Module;
use std::ffi::{c_char, c_int, c_long, c_uint, c_ulong, c_void, CStr, CString};

type Display = c_void;
type Window = c_ulong;

type XOpenDisplay = unsafe extern "C" fn(*const c_char) -> *mut Display;
type XDefaultRootWindow = unsafe extern "C" fn(*mut Display) -> Window;
type XQueryTree = unsafe extern "C" fn(
    *mut Display,
    Window,
    *mut Window,
    *mut Window,
    *mut *mut Window,
    *mut c_uint,
) -> c_int;
type XFetchName = unsafe extern "C" fn(*mut Display, Window, *mut *mut c_char) -> c_int;
type XFree = unsafe extern "C" fn(*mut c_void) -> c_int;
type XInternAtom = unsafe extern "C" fn(*mut Display, *const c_char, c_int) -> c_ulong;
type XSendEvent = unsafe extern "C" fn(*mut Display, Window, c_int, c_long, *mut XEvent) -> c_int;
type XFlush = unsafe extern "C" fn(*mut Display) -> c_int;

/// Xlib's `XClientMessageEvent`.
#[repr(C)]
#[derive(Clone, Copy)]
struct ClientMessage {
    kind: c_int,
    serial: c_ulong,
    send_event: c_int,
    display: *mut Display,
    window: Window,
    message_type: c_ulong,
    format: c_int,
    data: [c_long; 5],
}

/// Xlib's `XEvent` (a union padded to 24 longs).
#[repr(C)]
union XEvent {
    message: ClientMessage,
    pad: [c_long; 24],
}

/// X's `ClientMessage` event type.
const CLIENT_MESSAGE: c_int = 33;
/// How deep under the root a top-level window may sit (a window manager's frames).
const MAX_DEPTH: u32 = 3;
/// At most this many windows are looked at per wake.
const MAX_WINDOWS: usize = 4096;

/// An open connection to the X server, and the functions used. Made and used by one
/// thread (the waking one); Xlib connections are not shared between threads here.
pub struct Waker {
    _lib: Module,
    display: *mut Display,
    atom: c_ulong,
    root: XDefaultRootWindow,
    query_tree: XQueryTree,
    fetch_name: XFetchName,
    free: XFree,
    send: XSendEvent,
    flush: XFlush,
}

impl Waker {
    /// Opens libX11 and a connection to `$DISPLAY`; None without X.
    pub fn open() -> Option<Waker> {
        let lib = Module::load("libX11.so.6")
            .or_else(|_| Module::load("libX11.so"))
            .ok()?;
        let open: XOpenDisplay = lib.get_symbol("XOpenDisplay").ok()?;
        let intern: XInternAtom = lib.get_symbol("XInternAtom").ok()?;
        let mut w = Waker {
            root: lib.get_symbol("XDefaultRootWindow").ok()?,
            query_tree: lib.get_symbol("XQueryTree").ok()?,
            fetch_name: lib.get_symbol("XFetchName").ok()?,
            free: lib.get_symbol("XFree").ok()?,
            send: lib.get_symbol("XSendEvent").ok()?,
            flush: lib.get_symbol("XFlush").ok()?,
            display: std::ptr::null_mut(),
            atom: 0,
            _lib: lib,
        };
        // SAFETY: plain Xlib calls on a connection checked for null.
        unsafe {
            w.display = open(std::ptr::null());
            if w.display.is_null() {
                return None;
            }
            let name = CString::new("COLLIDESCOPE_WAKE").ok()?;
            w.atom = intern(w.display, name.as_ptr(), 0);
        }
        Some(w)
    }

    /// Sends the wake message to every window named `title`; how many were found.
    pub fn wake(&self, title: &str) -> usize {
        let mut found = Vec::new();
        // SAFETY: the display is open; the tree walk frees what Xlib allocates.
        unsafe {
            let root = (self.root)(self.display);
            self.collect(root, title, 0, &mut found, &mut 0);
            for &window in &found {
                let mut ev = XEvent { pad: [0; 24] };
                ev.message = ClientMessage {
                    kind: CLIENT_MESSAGE,
                    serial: 0,
                    send_event: 1,
                    display: self.display,
                    window,
                    message_type: self.atom,
                    format: 32,
                    data: [0; 5],
                };
                (self.send)(self.display, window, 0, 0, &mut ev);
            }
            (self.flush)(self.display);
        }
        found.len()
    }

    /// Windows named `title` under `w`, to [`MAX_DEPTH`] levels, [`MAX_WINDOWS`] in all.
    unsafe fn collect(
        &self,
        w: Window,
        title: &str,
        depth: u32,
        found: &mut Vec<Window>,
        seen: &mut usize,
    ) {
        let (mut root, mut parent) = (0, 0);
        let mut children: *mut Window = std::ptr::null_mut();
        let mut count: c_uint = 0;
        let ok = (self.query_tree)(
            self.display,
            w,
            &mut root,
            &mut parent,
            &mut children,
            &mut count,
        );
        if ok == 0 || children.is_null() {
            return;
        }
        let list = std::slice::from_raw_parts(children, count as usize).to_vec();
        (self.free)(children.cast());
        for child in list {
            *seen += 1;
            if *seen > MAX_WINDOWS {
                return;
            }
            let mut name: *mut c_char = std::ptr::null_mut();
            if (self.fetch_name)(self.display, child, &mut name) != 0 && !name.is_null() {
                let matches = CStr::from_ptr(name).to_bytes() == title.as_bytes();
                (self.free)(name.cast());
                if matches {
                    found.push(child);
                    continue;
                }
            }
            if depth + 1 < MAX_DEPTH {
                self.collect(child, title, depth + 1, found, seen);
            }
        }
    }
}
