//! Box2D v3's recordings: made from a world file ([`build::record`]), checked before
//! Box2D sees them ([`check`]), replayed frame by frame ([`Player`], Box2D's
//! `b2RecPlayer`), and read into our terms ([`read`]: bodies, shapes, contacts;
//! [`pair`]: one pair's state per frame and the exact pair at a frame).
//!
//! The file (Box2D's `recording.h`): a 32-byte little-endian header — magic `B2RC`,
//! format version `major.minor` (Box2D refuses any other than its own), the length
//! scale, the pointer width, the byte order, the size of the seed snapshot — then the
//! seed snapshot (the world when recording began) and the stream of recorded calls,
//! with state hashes that tell when a replay diverges.
//!
//! Box2D's assertions stop the process, and a replay runs whatever calls the file
//! holds. [`check`] refuses what can be refused without Box2D — a short file, a bad
//! header, a snapshot boxdd-sys' own validator rejects — with one sentence; a file that
//! passes can still make Box2D assert on a later call, so the command line and the
//! window replay files in a child process. The recordings made here pass.

pub mod build;
pub mod live;
pub mod pair;
pub mod pair_at;
pub mod pick;
pub mod read;
pub mod timeline;
pub mod tunnel;

use crate::trace::world_frame::RecordingInfo;
use boxdd_sys::ffi as b2;
use std::sync::Mutex;

/// Box2D's ceiling on a recording's size (`B2_REC_MAX_BUFFER_BYTES`): 256 MiB.
pub const MAX_RECORDING_BYTES: u64 = 256 << 20;
/// Magic of a recording, `B2RC` little-endian.
const MAGIC: u32 = 0x4352_3242;
/// The header's size.
const HEADER_BYTES: usize = 32;

/// Creating and destroying worlds touches Box2D's global table of worlds (and a
/// player sets the global length scale): one at a time across threads.
pub(crate) static WORLDS: Mutex<()> = Mutex::new(());

fn worlds_lock() -> std::sync::MutexGuard<'static, ()> {
    WORLDS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The fixed header of a recording.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Header {
    pub major: u16,
    pub minor: u16,
    pub length_scale: f32,
    pub pointer_width: u8,
    pub big_endian: bool,
    pub snapshot_bytes: u64,
}

/// The recording format this build replays, `(major, minor)`.
pub fn format_read() -> (u16, u16) {
    match boxdd_sys::adapter::runtime_identity() {
        Some(id) => (
            id.recording_version_major as u16,
            id.recording_version_minor as u16,
        ),
        None => (0, 0),
    }
}

/// The header of `bytes`, or why they are not a recording (pure: Box2D is not called).
pub fn read_header(bytes: &[u8]) -> Result<Header, String> {
    if bytes.len() < HEADER_BYTES {
        return Err(format!(
            "is {} bytes long: too short for a Box2D recording (its header alone is {HEADER_BYTES})",
            bytes.len()
        ));
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at =
        |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let magic = u32_at(0);
    if magic != MAGIC {
        return Err(format!(
            "is not a Box2D recording (it starts with 0x{magic:08x}, a recording with \"B2RC\")"
        ));
    }
    let mut size = [0u8; 8];
    size.copy_from_slice(&bytes[24..32]);
    Ok(Header {
        major: u16_at(4),
        minor: u16_at(6),
        length_scale: f32::from_bits(u32_at(12)),
        pointer_width: bytes[17],
        big_endian: bytes[18] != 0,
        snapshot_bytes: u64::from_le_bytes(size),
    })
}

/// What [`check`] found.
#[derive(Clone, Debug, PartialEq)]
pub enum Checked {
    /// Box2D can replay it.
    Replayable(Header),
    /// Made by another recording format: Box2D refuses to replay its calls. The seed
    /// snapshot (the world as recording began) is readable when `first_frame` is true.
    OtherFormat { header: Header, first_frame: bool },
}

/// Checks a recording before any of it reaches Box2D: the header, then the seed
/// snapshot with boxdd-sys' validator. Errors are one sentence without the path.
pub fn check(bytes: &[u8]) -> Result<Checked, String> {
    if bytes.len() as u64 > MAX_RECORDING_BYTES {
        return Err(format!(
            "is {} bytes: larger than Box2D's limit on a recording ({MAX_RECORDING_BYTES} bytes)",
            bytes.len()
        ));
    }
    let header = read_header(bytes)?;
    if header.big_endian {
        return Err(
            "was recorded on a big-endian machine; Box2D replays little-endian recordings only"
                .into(),
        );
    }
    let width = std::mem::size_of::<usize>() as u8;
    if header.pointer_width != width {
        return Err(format!(
            "was recorded by a {}-bit build; this one is {}-bit and cannot replay it",
            u32::from(header.pointer_width) * 8,
            u32::from(width) * 8
        ));
    }
    if !(header.length_scale.is_finite() && header.length_scale > 0.0) {
        return Err(format!(
            "has a length scale of {} in its header: not a positive number (the file is damaged)",
            header.length_scale
        ));
    }
    let rest = (bytes.len() - HEADER_BYTES) as u64;
    if header.snapshot_bytes == 0 || header.snapshot_bytes > rest {
        return Err(format!(
            "is truncated or damaged: its header announces a world snapshot of {} bytes, and {rest} follow",
            header.snapshot_bytes
        ));
    }
    let snapshot = &bytes[HEADER_BYTES..HEADER_BYTES + header.snapshot_bytes as usize];
    let snapshot_ok = validate_snapshot(snapshot);
    if (header.major, header.minor) != format_read() {
        return Ok(Checked::OtherFormat {
            header,
            first_frame: snapshot_ok.is_ok(),
        });
    }
    snapshot_ok.map(|()| Checked::Replayable(header))
}

/// How a recording's calls end, read from their framing alone (each record is an
/// opcode byte, a 24-bit payload size and the payload), as Box2D's player scans them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Complete step records: the frames Box2D can replay.
    pub frames: u32,
    /// Where the last complete record ends (bytes from the file's start).
    pub complete_bytes: u64,
    /// Whether the last complete record is the end marker Box2D writes when
    /// recording stops (`DestroyWorld`, after the recording's bounds).
    pub end_marker: bool,
}

/// Opcode of a step record (`b2World_Step`).
const OP_STEP: u8 = 0x80;
/// Opcode of the end marker (`DestroyWorld`, written by `b2World_StopRecording`).
const OP_END: u8 = 0x01;

impl Ending {
    /// Why the recording is cut short, or `None` when its calls end as a recording
    /// that was stopped and saved does: the end marker, and nothing after it.
    pub fn damage(&self, total_bytes: u64) -> Option<String> {
        let frames = self.frames;
        if self.complete_bytes < total_bytes {
            Some(format!(
                "is truncated: its last record is cut off at byte {total_bytes} (the complete \
                 records end at byte {}, after {frames} frames) and the end marker Box2D writes \
                 when recording stops is missing",
                self.complete_bytes
            ))
        } else if !self.end_marker {
            Some(format!(
                "is truncated: it ends after {frames} frames without the end marker Box2D writes \
                 when recording stops"
            ))
        } else {
            None
        }
    }
}

/// Scans the records after the seed snapshot (pure: Box2D is not called).
pub fn ending(bytes: &[u8], header: &Header) -> Ending {
    let start = (HEADER_BYTES as u64).saturating_add(header.snapshot_bytes);
    let mut cursor = usize::try_from(start).unwrap_or(usize::MAX);
    let mut end = Ending {
        frames: 0,
        complete_bytes: start.min(bytes.len() as u64),
        end_marker: false,
    };
    while cursor.checked_add(4).is_some_and(|c| c <= bytes.len()) {
        let op = bytes[cursor];
        let size = u32::from_le_bytes([bytes[cursor + 1], bytes[cursor + 2], bytes[cursor + 3], 0]);
        let next = cursor + 4 + size as usize;
        if next > bytes.len() {
            break;
        }
        if op == OP_STEP {
            end.frames = end.frames.saturating_add(1);
        }
        end.end_marker = op == OP_END;
        end.complete_bytes = next as u64;
        cursor = next;
    }
    end
}

/// boxdd-sys' validator on the seed snapshot: every count, index and link checked.
fn validate_snapshot(snapshot: &[u8]) -> Result<(), String> {
    use boxdd_sys::adapter::{validate_snapshot, SnapshotLimits, SnapshotValidationError};
    match validate_snapshot(snapshot, &SnapshotLimits::default()) {
        Ok(_) => Ok(()),
        Err(SnapshotValidationError::Status(status)) => Err(format!(
            "holds a world snapshot Box2D would not load ({})",
            snapshot_status(status)
        )),
        Err(e) => Err(format!(
            "cannot be checked: the linked Box2D does not identify itself ({e})"
        )),
    }
}

fn snapshot_status(status: u32) -> &'static str {
    use boxdd_sys::adapter as a;
    match status {
        a::SNAPSHOT_TRUNCATED => "it is truncated",
        a::SNAPSHOT_BAD_HEADER => "its header is not a snapshot's",
        a::SNAPSHOT_ABI_MISMATCH => "it was made by a build of another memory layout",
        a::SNAPSHOT_OVERFLOW | a::SNAPSHOT_LIMIT_EXCEEDED => "a count in it is beyond the limits",
        a::SNAPSHOT_INVALID_VALUE => "a value in it is invalid",
        a::SNAPSHOT_INVALID_REFERENCE => "it refers to an object that is not there",
        a::SNAPSHOT_DUPLICATE => "it holds an object twice",
        a::SNAPSHOT_TRAILING_BYTES => "bytes follow its end",
        _ => "it is damaged",
    }
}

/// Reads a recording file in bounded memory (at most [`MAX_RECORDING_BYTES`]).
pub fn read_file(path: &std::path::Path) -> Result<Vec<u8>, String> {
    use std::io::Read;
    if path.is_dir() {
        return Err("is a directory, not a recording".into());
    }
    let file = std::fs::File::open(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        _ => format!("cannot read: {e}"),
    })?;
    let mut bytes = Vec::new();
    file.take(MAX_RECORDING_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_RECORDING_BYTES {
        return Err(format!(
            "is larger than Box2D's limit on a recording ({} MiB)",
            MAX_RECORDING_BYTES >> 20
        ));
    }
    Ok(bytes)
}

/// Box2D's `b2RecPlayer` on a recording [`check`] passed as replayable.
pub struct Player {
    raw: *mut b2::b2RecPlayer,
    info: RecordingInfo,
    /// Shapes read so far, by id ([`read`]).
    pub(crate) shapes: read::ShapeCache,
    /// Called after each step a forward seek replays (a child process's heartbeat).
    progress: Option<Box<dyn FnMut(u32) + Send>>,
}

// SAFETY: the player and its world are used from one thread at a time (`&mut self`
// for every call that steps or reads); Box2D keeps no thread-local state for them.
unsafe impl Send for Player {}

impl Player {
    /// Opens a recording for replay, at frame 0 (the seed snapshot). `bytes` must have
    /// passed [`check`] as [`Checked::Replayable`]: Box2D asserts on what it refuses.
    pub fn open(bytes: &[u8]) -> Result<Player, String> {
        match check(bytes)? {
            Checked::Replayable(_) => {}
            Checked::OtherFormat { header, .. } => {
                let (major, minor) = format_read();
                return Err(format!(
                    "was made by recording format {}.{}; this Box2D replays format {major}.{minor}",
                    header.major, header.minor
                ));
            }
        }
        let size = i32::try_from(bytes.len()).map_err(|_| "is too large".to_string())?;
        let raw = {
            let _lock = worlds_lock();
            // SAFETY: bytes checked above (header, snapshot); the player copies them.
            unsafe { b2::b2RecPlayer_Create(bytes.as_ptr().cast(), size, 0) }
        };
        if raw.is_null() {
            return Err("was refused by Box2D's player (a damaged recording)".into());
        }
        // SAFETY: a live player.
        let healthy = unsafe { boxdd_sys::adapter::boxddRecPlayer_IsHealthy(raw) };
        let mut player = Player {
            raw,
            info: RecordingInfo {
                format: String::new(),
                reads: String::new(),
                engine: super::box2d::version(),
                frames: 0,
                time_step: 0.0,
                substeps: 0,
                length_scale: 0.0,
                bounds: [[0.0; 2]; 2],
                bytes: bytes.len() as u64,
                truncated: None,
            },
            shapes: read::ShapeCache::default(),
            progress: None,
        };
        if !healthy {
            return Err(
                "could not be read to its end by Box2D's player (a damaged recording)".into(),
            );
        }
        // SAFETY: a live player.
        let i = unsafe { b2::b2RecPlayer_GetInfo(raw) };
        let (major, minor) = format_read();
        let header = read_header(bytes)?;
        player.info.format = format!("{}.{}", header.major, header.minor);
        player.info.reads = format!("{major}.{minor}");
        player.info.frames = i.frameCount.max(0) as u32;
        player.info.time_step = i.timeStep;
        player.info.substeps = i.subStepCount.max(0) as u32;
        player.info.length_scale = i.lengthScale;
        player.info.bounds = [
            [i.bounds.lowerBound.x, i.bounds.lowerBound.y],
            [i.bounds.upperBound.x, i.bounds.upperBound.y],
        ];
        player.info.truncated = ending(bytes, &header).damage(bytes.len() as u64);
        Ok(player)
    }

    /// Opens a recording of another minor format version of Box2D's (the same major),
    /// whose seed snapshot this Box2D reads: its header is made this build's format and
    /// Box2D replays what it can. The calls of another minor version may be laid out
    /// otherwise: where the replay parts from the recording, [`Player::diverged_at`] says
    /// (or Box2D stops — replay such a file in a child process). The info keeps the
    /// file's own format.
    pub fn open_other_format(bytes: &[u8]) -> Result<Player, String> {
        let (major, minor) = format_read();
        match check(bytes)? {
            Checked::OtherFormat {
                header,
                first_frame: true,
            } if header.major == major => {
                let mut copy = bytes.to_vec();
                copy[6..8].copy_from_slice(&minor.to_le_bytes());
                let mut player = Player::open(&copy)?;
                player.info.format = format!("{}.{}", header.major, header.minor);
                Ok(player)
            }
            Checked::OtherFormat { header, .. } => Err(format!(
                "was made by recording format {}.{}; this Box2D replays format {major}.{minor} and \
                 cannot read even its first frame",
                header.major, header.minor
            )),
            Checked::Replayable(_) => Player::open(bytes),
        }
    }

    pub fn info(&self) -> &RecordingInfo {
        &self.info
    }

    /// Steps replayed so far: the frame the world is at.
    pub fn frame(&self) -> u32 {
        // SAFETY: a live player.
        unsafe { b2::b2RecPlayer_GetFrame(self.raw) }.max(0) as u32
    }

    /// Replays one step; false at the end.
    pub fn step(&mut self) -> bool {
        // SAFETY: a live player.
        unsafe { b2::b2RecPlayer_StepFrame(self.raw) }
    }

    /// Goes to frame `k` (clamped to the recording). Box2D restores the nearest keyframe
    /// it kept before `k` when that saves replaying (backward, or far forward over frames
    /// already replayed once) and replays the frames after it. With a progress hook
    /// ([`Player::on_progress`]) a forward seek goes step by step, calling it after each.
    pub fn seek(&mut self, k: u32) {
        let k = k.min(self.info.frames).min(i32::MAX as u32);
        if self.progress.is_some() && k >= self.frame() {
            while self.frame() < k && self.step() {
                let frame = self.frame();
                if let Some(f) = self.progress.as_mut() {
                    f(frame);
                }
            }
            return;
        }
        // SAFETY: a live player; Box2D clamps the frame.
        unsafe { b2::b2RecPlayer_SeekFrame(self.raw, k as i32) }
    }

    /// Calls `f` with the frame after each step a forward seek replays.
    pub fn on_progress(&mut self, f: impl FnMut(u32) + Send + 'static) {
        self.progress = Some(Box::new(f));
    }

    /// The first frame whose recorded state hash the replay did not reproduce.
    pub fn diverged_at(&self) -> Option<u32> {
        // SAFETY: a live player.
        let (diverged, frame) = unsafe {
            (
                b2::b2RecPlayer_HasDiverged(self.raw),
                b2::b2RecPlayer_GetDivergeFrame(self.raw),
            )
        };
        diverged.then_some(frame.max(0) as u32)
    }

    /// Whether Box2D's reader has met nothing malformed so far.
    pub fn healthy(&self) -> bool {
        // SAFETY: a live player.
        unsafe { boxdd_sys::adapter::boxddRecPlayer_IsHealthy(self.raw) }
    }

    /// Bounds the memory of the keyframes Box2D keeps for seeking backward.
    pub fn set_keyframe_budget(&mut self, bytes: usize, min_interval: u32) {
        // SAFETY: a live player; the ring is rebuilt by the restart.
        unsafe {
            b2::b2RecPlayer_SetKeyframePolicy(self.raw, bytes, min_interval.max(1) as i32);
            b2::b2RecPlayer_Restart(self.raw);
        }
    }

    pub(crate) fn body_slots(&self) -> i32 {
        // SAFETY: a live player.
        unsafe { b2::b2RecPlayer_GetBodyCount(self.raw) }
    }

    pub(crate) fn body_id(&self, index: i32) -> b2::b2BodyId {
        // SAFETY: a live player; Box2D answers the null id out of range.
        unsafe { b2::b2RecPlayer_GetBodyId(self.raw, index) }
    }
}

impl Drop for Player {
    fn drop(&mut self) {
        let _lock = worlds_lock();
        // SAFETY: the player is live and destroyed once.
        unsafe { b2::b2RecPlayer_Destroy(self.raw) }
    }
}

/// Makes Box2D's failed assertions end the process with one line on standard error
/// ("Box2D assertion failed: CONDITION (FILE:LINE)") instead of a trap: for the child
/// process that replays an untrusted recording, whose parent reports the line.
pub fn report_assertions_and_abort() {
    unsafe extern "C" fn on_assert(
        condition: *const std::os::raw::c_char,
        file: *const std::os::raw::c_char,
        line: std::os::raw::c_int,
    ) -> std::os::raw::c_int {
        let text = |p: *const std::os::raw::c_char| {
            if p.is_null() {
                String::new()
            } else {
                // SAFETY: Box2D passes NUL-terminated literals.
                unsafe { std::ffi::CStr::from_ptr(p) }
                    .to_string_lossy()
                    .into_owned()
            }
        };
        let file = text(file);
        let file = file.rsplit('/').next().unwrap_or("");
        eprintln!(
            "Box2D assertion failed: {} ({file}:{line})",
            text(condition)
        );
        std::process::abort()
    }
    // The peers' handler (which lets Box2D go on, for the pure queries it guards) is
    // installed once per process: install it first, so that it never replaces this one.
    super::guard::install();
    // SAFETY: installs a handler with the signature Box2D declares.
    unsafe { b2::b2SetAssertFcn(Some(on_assert)) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(major: u16, minor: u16, snapshot: u64, len: usize) -> Vec<u8> {
        let mut b = vec![0u8; len];
        b[0..4].copy_from_slice(&MAGIC.to_le_bytes());
        b[4..6].copy_from_slice(&major.to_le_bytes());
        b[6..8].copy_from_slice(&minor.to_le_bytes());
        b[12..16].copy_from_slice(&1.0f32.to_le_bytes());
        b[17] = std::mem::size_of::<usize>() as u8;
        b[24..32].copy_from_slice(&snapshot.to_le_bytes());
        b
    }

    #[test]
    fn bad_headers_are_one_sentence() {
        assert!(check(b"B2RC").unwrap_err().contains("too short"));
        assert!(check(&[7u8; 64])
            .unwrap_err()
            .contains("not a Box2D recording"));
        let (major, minor) = format_read();
        assert!(check(&header(major, minor, 100, 64))
            .unwrap_err()
            .contains("truncated"));
        assert!(check(&header(major, minor, 0, 64))
            .unwrap_err()
            .contains("truncated"));
        let e = check(&header(major, minor, 16, 48)).unwrap_err();
        assert!(e.contains("snapshot Box2D would not load"), "{e}");
        let mut wide = header(major, minor, 16, 48);
        wide[17] = 4;
        assert!(check(&wide).unwrap_err().contains("32-bit"));
    }

    #[test]
    fn another_format_is_named_not_refused() {
        let (major, minor) = format_read();
        assert_eq!((major, minor), (3, 2), "the Box2D boxdd-sys builds");
        let c = check(&header(major, minor + 1, 16, 48)).unwrap();
        assert!(
            matches!(
                c,
                Checked::OtherFormat {
                    first_frame: false,
                    ..
                }
            ),
            "{c:?}"
        );
        let e = Player::open(&header(major, minor + 1, 16, 48))
            .err()
            .unwrap();
        assert!(
            e.contains("format 3.3") && e.contains("replays format 3.2"),
            "{e}"
        );
    }
}
