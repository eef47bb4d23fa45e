//! The writer's temporary files, removed when the process is stopped by SIGINT, SIGTERM
//! or SIGHUP before it could rename them, and the standard streams checked at start.
//!
//! A live temporary's path sits in a fixed slot (no allocation, no lock), which the
//! signal handler reads and `unlink`s — both safe inside a signal handler. The handler
//! then says so on stderr and lets the signal end the process as it would have
//! (default action, re-raised), so a shell sees the usual status (130 for Ctrl+C).

use std::path::Path;

/// A temporary file registered for removal on a stopping signal while it lives.
/// Dropping it removes the file unless [`Temporary::kept`] was called (it was renamed).
pub struct Temporary<'a> {
    path: &'a Path,
    slot: Option<usize>,
    kept: bool,
}

impl<'a> Temporary<'a> {
    /// Registers `path` (the file need not exist yet).
    pub fn register(path: &'a Path) -> Temporary<'a> {
        Temporary {
            path,
            slot: imp::claim(path),
            kept: false,
        }
    }

    /// The file was renamed into place: nothing to remove.
    pub fn kept(mut self) {
        self.kept = true;
    }
}

impl Drop for Temporary<'_> {
    fn drop(&mut self) {
        if let Some(slot) = self.slot {
            imp::release(slot);
        }
        if !self.kept {
            let _ = std::fs::remove_file(self.path);
        }
    }
}

/// Installs the signal handler (once), and makes sure standard input, output and
/// error are open: a closed one points at `/dev/null` so that no file opened later
/// takes its number (a report would then be written into the scene file it read), and
/// a closed standard output is remembered ([`stdout_was_closed`]) so that writing to
/// it is an error rather than a silent success. Call at the start of `main`.
pub fn prepare_process() {
    imp::prepare();
    // A write killed with SIGKILL before its rename left its temporary: the next start
    // in that folder removes it (its process no longer runs).
    super::stale::remove_stale_temporaries(std::path::Path::new("."));
}

/// Whether standard output was closed when the process started (`>&-`).
pub fn stdout_was_closed() -> bool {
    imp::stdout_closed()
}

#[cfg(unix)]
mod imp {
    use std::cell::UnsafeCell;
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
    use std::sync::Once;

    const SLOTS: usize = 64;
    const PATH_BYTES: usize = 4096;
    const FREE: u8 = 0;
    const FILLING: u8 = 1;
    const LIVE: u8 = 2;

    struct Slot {
        state: AtomicU8,
        /// A NUL-terminated path; written only by the thread that moved `state` from
        /// FREE to FILLING, read by the handler only in LIVE.
        path: UnsafeCell<[u8; PATH_BYTES]>,
    }

    // SAFETY: `path` is written only under the FILLING state its writer owns and read
    // only in the LIVE state (see `claim`, `release`, `on_signal`).
    unsafe impl Sync for Slot {}

    static SLOTS_: [Slot; SLOTS] = [const {
        Slot {
            state: AtomicU8::new(FREE),
            path: UnsafeCell::new([0; PATH_BYTES]),
        }
    }; SLOTS];
    static INSTALL: Once = Once::new();
    static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

    pub fn claim(path: &Path) -> Option<usize> {
        install();
        let bytes = path.as_os_str().as_bytes();
        if bytes.len() >= PATH_BYTES || bytes.contains(&0) {
            return None;
        }
        for (k, slot) in SLOTS_.iter().enumerate() {
            if slot
                .state
                .compare_exchange(FREE, FILLING, Ordering::Acquire, Ordering::Relaxed)
                .is_ok()
            {
                // SAFETY: this thread owns the slot (FILLING); the handler does not read it.
                let buf = unsafe { &mut *slot.path.get() };
                buf[..bytes.len()].copy_from_slice(bytes);
                buf[bytes.len()] = 0;
                slot.state.store(LIVE, Ordering::Release);
                return Some(k);
            }
        }
        None
    }

    pub fn release(k: usize) {
        SLOTS_[k].state.store(FREE, Ordering::Release);
    }

    extern "C" fn on_signal(signal: libc::c_int) {
        let mut removed = false;
        for slot in &SLOTS_ {
            if slot.state.load(Ordering::Acquire) == LIVE {
                // SAFETY: a LIVE slot holds a NUL-terminated path; unlink is
                // async-signal-safe.
                removed |= unsafe { libc::unlink(slot.path.get().cast()) } == 0;
            }
        }
        let message: &[u8] = if removed {
            b"\ncollidescope: stopped by a signal; the unfinished output file was removed\n"
        } else {
            b"\ncollidescope: stopped by a signal\n"
        };
        // SAFETY: write, signal and raise are async-signal-safe.
        unsafe {
            libc::write(2, message.as_ptr().cast(), message.len());
            libc::signal(signal, libc::SIG_DFL);
            libc::raise(signal);
        }
    }

    fn install() {
        INSTALL.call_once(|| {
            let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            for s in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
                // SAFETY: installs a handler that only makes async-signal-safe calls;
                // a signal the parent set to be ignored (nohup) stays ignored.
                unsafe {
                    if libc::signal(s, handler) == libc::SIG_IGN {
                        libc::signal(s, libc::SIG_IGN);
                    }
                }
            }
        });
    }

    pub fn prepare() {
        install();
        for fd in 0..=2 {
            // SAFETY: F_GETFD only reads the descriptor's flags.
            let closed = unsafe { libc::fcntl(fd, libc::F_GETFD) } == -1;
            if closed {
                // SAFETY: opens /dev/null; being the lowest free number it takes `fd`.
                unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) };
            }
        }
        if was_closed_at_start(1) {
            STDOUT_CLOSED.store(true, Ordering::Relaxed);
        }
    }

    /// Whether descriptor `fd` was closed when the process started. Rust's runtime
    /// opens `/dev/null` read-write on a closed standard descriptor before `main`; a
    /// shell's `> /dev/null` opens it write-only. So `/dev/null` open read-write is
    /// taken as "it was closed".
    fn was_closed_at_start(fd: libc::c_int) -> bool {
        // SAFETY: fstat, stat and fcntl only read.
        unsafe {
            let mode = libc::fcntl(fd, libc::F_GETFL);
            if mode == -1 {
                return true;
            }
            if mode & libc::O_ACCMODE != libc::O_RDWR {
                return false;
            }
            let mut here: libc::stat = std::mem::zeroed();
            let mut null: libc::stat = std::mem::zeroed();
            libc::fstat(fd, &mut here) == 0
                && libc::stat(c"/dev/null".as_ptr(), &mut null) == 0
                && here.st_rdev == null.st_rdev
                && (here.st_mode & libc::S_IFMT) == libc::S_IFCHR
        }
    }

    pub fn stdout_closed() -> bool {
        STDOUT_CLOSED.load(Ordering::Relaxed)
    }
}

#[cfg(not(unix))]
mod imp {
    use std::path::Path;

    pub fn claim(_path: &Path) -> Option<usize> {
        None
    }

    pub fn release(_k: usize) {}

    pub fn prepare() {}

    pub fn stdout_closed() -> bool {
        false
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// Set in the child this test starts: the temporary to register before the signal.
    const CHILD: &str = "COLLIDESCOPE_TEST_SIGNALLED_TEMPORARY";

    #[test]
    fn a_stopping_signal_removes_the_live_temporary() {
        if let Some(path) = std::env::var_os(CHILD) {
            // The child: a temporary half written, then SIGTERM before its rename.
            let path = std::path::PathBuf::from(path);
            let t = Temporary::register(&path);
            std::fs::write(&path, b"half a scene").unwrap();
            // SAFETY: raising a signal at ourselves.
            unsafe { libc::raise(libc::SIGTERM) };
            drop(t);
            unreachable!("SIGTERM ends the process");
        }
        let dir = std::env::temp_dir().join(format!("cs-signal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let tmp = dir.join(".scene.ron.collidescope-1.tmp");
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "scene::fs::temporaries::tests::a_stopping_signal_removes_the_live_temporary",
                "--nocapture",
            ])
            .env(CHILD, &tmp)
            .output()
            .unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(out.status.signal(), Some(libc::SIGTERM), "{out:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("unfinished output file was removed"));
        assert!(!tmp.exists(), "the signal handler removed the temporary");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
