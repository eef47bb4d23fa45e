//! The web page's side of the window (wasm32 only): what the desktop does with files
//! and the command line, done through the page. The JavaScript half is
//! `web/collidescope.js`, a miniquad plugin that gives the module these imports:
//!
//! - the URL hash, read on start and written when the scene changes ([`HashSync`]);
//! - the clipboard (egui's "copy" goes to the page's, not only to miniquad's);
//! - downloads (save the scene, export a step, screenshot) and the file picker (open);
//! - a few values for the browser test (`window.collidescope`: first frame, layout,
//!   the engines' answers).
//!
//! Strings cross as (pointer, length) of UTF-8 in the module's memory; a string coming
//! from the page is asked for its length first, then copied into a buffer made here.

use collidescope::app::AppState;
use collidescope::scene::{link, Scene};

extern "C" {
    fn cs_location_len(full: u32) -> u32;
    fn cs_location_read(full: u32, ptr: *mut u8, len: u32);
    fn cs_set_hash(ptr: *const u8, len: u32);
    fn cs_copy_text(ptr: *const u8, len: u32);
    fn cs_download(
        name: *const u8,
        name_len: u32,
        mime: *const u8,
        mime_len: u32,
        data: *const u8,
        data_len: u32,
    );
    fn cs_open_file();
    fn cs_opened_len() -> i32;
    fn cs_opened_read(ptr: *mut u8, len: u32);
    fn cs_first_frame();
    fn cs_set_layout(ptr: *const u8, len: u32);
    fn cs_storage_len(key: *const u8, key_len: u32) -> u32;
    fn cs_storage_read(key: *const u8, key_len: u32, ptr: *mut u8, len: u32);
    fn cs_storage_set(key: *const u8, key_len: u32, value: *const u8, value_len: u32);
    fn cs_set_peers(ptr: *const u8, len: u32);
}

/// The page's address (`full`) or its hash without the `#` (empty when none).
fn location(full: bool) -> String {
    // SAFETY: the page writes exactly `len` bytes into the buffer made for them.
    let len = unsafe { cs_location_len(u32::from(full)) };
    let mut buf = vec![0u8; len as usize];
    unsafe { cs_location_read(u32::from(full), buf.as_mut_ptr(), len) };
    String::from_utf8_lossy(&buf).into_owned()
}

/// The URL hash, without its `#` (empty when there is none).
pub fn hash() -> String {
    location(false)
}

/// The page's whole address, hash included: the link to what is shown.
pub fn href() -> String {
    location(true)
}

/// Puts `text` on the page's clipboard.
pub fn copy_text(text: &str) {
    // SAFETY: the page only reads the bytes given.
    unsafe { cs_copy_text(text.as_ptr(), text.len() as u32) }
}

/// Offers `bytes` to the user as a file download named `name`.
pub fn download(name: &str, mime: &str, bytes: &[u8]) {
    // SAFETY: the page only reads the bytes given (and copies them into a Blob).
    unsafe {
        cs_download(
            name.as_ptr(),
            name.len() as u32,
            mime.as_ptr(),
            mime.len() as u32,
            bytes.as_ptr(),
            bytes.len() as u32,
        )
    }
}

/// Opens the page's file picker; the file chosen arrives later ([`take_opened`]).
pub fn open_file_picker() {
    // SAFETY: no arguments.
    unsafe { cs_open_file() }
}

/// A file the picker delivered since the last call: (its name, its text).
pub fn take_opened() -> Option<(String, String)> {
    // SAFETY: as `hash`: the page fills the buffer of the length it said, and forgets
    // the file once read.
    let len = unsafe { cs_opened_len() };
    let len = u32::try_from(len).ok()?;
    let mut buf = vec![0u8; len as usize];
    unsafe { cs_opened_read(buf.as_mut_ptr(), len) };
    let text = String::from_utf8_lossy(&buf).into_owned();
    // The page sends the name, a line break, then the contents.
    let (name, body) = text.split_once('\n').unwrap_or(("file", &text));
    Some((name.to_string(), body.to_string()))
}

/// Tells the page the first frame is drawn (it hides the loading message).
pub fn first_frame() {
    // SAFETY: no arguments.
    unsafe { cs_first_frame() }
}

/// Where things are on screen (the desktop's layout file), for the browser test.
pub fn set_layout(json: &str) {
    // SAFETY: the page only reads the bytes given.
    unsafe { cs_set_layout(json.as_ptr(), json.len() as u32) }
}

/// The page's local storage under `key` ("" when never written or refused).
pub fn storage_get(key: &str) -> String {
    // SAFETY: as `location`: the page writes exactly `len` bytes into the buffer.
    let len = unsafe { cs_storage_len(key.as_ptr(), key.len() as u32) };
    let mut buf = vec![0u8; len as usize];
    unsafe { cs_storage_read(key.as_ptr(), key.len() as u32, buf.as_mut_ptr(), len) };
    String::from_utf8_lossy(&buf).into_owned()
}

/// Keeps `value` in the page's local storage under `key`.
pub fn storage_set(key: &str, value: &str) {
    // SAFETY: the page only reads the bytes given.
    unsafe {
        cs_storage_set(
            key.as_ptr(),
            key.len() as u32,
            value.as_ptr(),
            value.len() as u32,
        )
    }
}

/// The engines' answers on the pair shown and the peers table's red cells, for the
/// browser test (`window.collidescope.peers`).
pub fn set_peers(json: &str) {
    // SAFETY: the page only reads the bytes given.
    unsafe { cs_set_peers(json.as_ptr(), json.len() as u32) }
}

/// Whether the page was opened from a link made to show the engines' answers
/// (`#peers&scene=…`, see `link::OPEN_PEERS`).
pub fn link_opens_peers() -> bool {
    hash().starts_with(link::OPEN_PEERS)
}

/// The scene of the URL hash when it holds one; an error message when it holds one
/// that does not read.
pub fn scene_from_hash() -> Result<Option<Scene>, String> {
    link::from_fragment(&hash()).map_err(|e| e.to_string())
}

/// Keeps the URL hash on the scene shown: written when the scene or its view changed,
/// not while the mouse drags (browsers throttle history updates), and at most four
/// times a second.
#[derive(Default)]
pub struct HashSync {
    last: Option<Scene>,
    written_at: f64,
    /// The lesson page written last (empty: the hash holds the scene).
    fragment: String,
}

impl HashSync {
    /// Writes the hash when due; true while a change waits for the throttle, so the
    /// caller keeps frames coming until it is written. While `busy` (a drag) frames come
    /// anyway and the frame after it ends decides: nothing is compared per drag frame.
    pub fn update(&mut self, app: &AppState, busy: bool, now: f64) -> bool {
        if busy {
            return false;
        }
        if now - self.written_at >= 0.25 {
            self.write(app, now);
            return false;
        }
        self.last.as_ref() != Some(&app.scene_for_save())
    }

    /// Writes `fragment` (a lesson's page, `lesson=gjk&page=3`) as the hash when it
    /// changed; the scene's hash is written again once a lesson ends.
    pub fn write_fragment(&mut self, fragment: &str) {
        if self.fragment == fragment {
            return;
        }
        // SAFETY: the page only reads the bytes given.
        unsafe { cs_set_hash(fragment.as_ptr(), fragment.len() as u32) };
        self.fragment = fragment.to_string();
        self.last = None;
    }

    /// Writes the hash now if the scene changed (before a link is copied).
    pub fn write(&mut self, app: &AppState, now: f64) {
        let scene = app.scene_for_save();
        if self.last.as_ref() == Some(&scene) {
            return;
        }
        let fragment = link::to_fragment(&scene);
        // SAFETY: the page only reads the bytes given.
        unsafe { cs_set_hash(fragment.as_ptr(), fragment.len() as u32) };
        self.last = Some(scene);
        self.fragment.clear();
        self.written_at = now;
    }
}
