//! The one output writer: every file the program writes (scenes, pictures, regression
//! tests, fuzz scenes, frame statistics, screenshots, `--out` of every command) goes
//! through [`write_output`], and everything printed on standard output through
//! [`write_stdout`].
//!
//! - `-` is standard output.
//! - A regular file (or a new one) is replaced atomically: the bytes go to a temporary
//!   file beside it (`.NAME.collidescope-PID.tmp`), flushed to disk, which is renamed
//!   over it. A failed or interrupted write leaves the old file as it was and no
//!   temporary (SIGINT, SIGTERM and SIGHUP remove it: `temporaries`; one left by a
//!   killed process is removed by the next write into the same folder: `stale`).
//! - A device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe with a reader) is
//!   written through, never renamed over; a FIFO nobody reads is refused at once.
//! - A symlink is followed to its target (the link stays); a loop is refused with the
//!   operating system's own words.
//! - A name ending in `/`, or a folder, is refused as a folder.
//!
//! Errors are one sentence without the path (callers name the file): "cannot write: no
//! space left on the device".

use super::stale::remove_stale_temporaries;
#[cfg(test)]
use super::stale::temporary_pid;
use super::temporaries::{stdout_was_closed, Temporary};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` as the module docs say.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if path.as_os_str() == "-" {
        return write_stdout(bytes);
    }
    if names_a_folder(path) {
        return Err("names a folder, not a file (give a file name inside it)".into());
    }
    let target = follow_links(path)?;
    match std::fs::metadata(&target) {
        Ok(m) if m.is_dir() => Err("is a folder, not a file (give a file name inside it)".into()),
        Ok(m) if m.is_file() => replace(&target, bytes, Some(m.permissions())),
        Ok(m) => write_through(&target, &m, bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => replace(&target, bytes, None),
        Err(e) => Err(format!("cannot write: {}", reason(&e))),
    }
}

/// Writes `bytes` to standard output, flushed. A closed standard output (`>&-`), a
/// reader that went away (a broken pipe) or a full disk is an error.
pub fn write_stdout(bytes: &[u8]) -> Result<(), String> {
    if stdout_was_closed() {
        return Err("cannot write to standard output: it is closed".into());
    }
    let result = {
        #[cfg(unix)]
        {
            use std::os::unix::io::FromRawFd;
            // SAFETY: descriptor 1 is open (checked at start, see `temporaries`); the
            // File is never dropped, so it is not closed here.
            let mut out = std::mem::ManuallyDrop::new(unsafe { std::fs::File::from_raw_fd(1) });
            out.write_all(bytes).and_then(|()| out.flush())
        }
        #[cfg(not(unix))]
        {
            let mut out = std::io::stdout().lock();
            out.write_all(bytes).and_then(|()| out.flush())
        }
    };
    result.map_err(|e| format!("cannot write to standard output: {}", reason(&e)))
}

/// A writer on standard output for output written piece by piece (a long report):
/// buffered, each error reported by [`write_stdout`]'s rules.
pub struct Stdout {
    buffer: Vec<u8>,
}

impl Stdout {
    pub fn new() -> Stdout {
        Stdout {
            buffer: Vec::with_capacity(1 << 16),
        }
    }
}

impl Default for Stdout {
    fn default() -> Self {
        Stdout::new()
    }
}

impl Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buffer.extend_from_slice(bytes);
        if self.buffer.len() >= 1 << 16 {
            self.flush()?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let pending = std::mem::take(&mut self.buffer);
        write_stdout(&pending).map_err(std::io::Error::other)
    }
}

/// `DIR/`, `.`, `..`: a name that can only be a folder.
fn names_a_folder(path: &Path) -> bool {
    let s = path.as_os_str().to_string_lossy();
    s.ends_with('/') || s.ends_with(std::path::MAIN_SEPARATOR) || path.file_name().is_none()
}

/// The file `path` names once every symlink is followed (it may not exist yet); a
/// loop is the operating system's error.
fn follow_links(path: &Path) -> Result<PathBuf, String> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p)
                    .map_err(|e| format!("cannot follow the link: {}", reason(&e)))?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    // Too many links to be anything but a loop: the OS says it in its words.
    let os = std::fs::metadata(path).err().map_or_else(
        || "too many levels of symbolic links".into(),
        |e| e.to_string(),
    );
    Err(format!("cannot follow the link: {os}"))
}

/// The temporary beside `target`: `.NAME.collidescope-PID.tmp`, the name cut to keep
/// within the file system's 255 bytes.
fn temporary_for(target: &Path) -> Option<PathBuf> {
    let name = target.file_name()?.to_string_lossy();
    let suffix = format!(".collidescope-{}.tmp", std::process::id());
    let mut cut = 255usize.saturating_sub(suffix.len() + 1).min(name.len());
    while !name.is_char_boundary(cut) {
        cut -= 1;
    }
    Some(target.with_file_name(format!(".{}{suffix}", &name[..cut])))
}

/// The folder `target` is in ("." for a bare name).
fn folder_of(target: &Path) -> &Path {
    match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// Atomic replacement of a regular (or new) file.
fn replace(
    target: &Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> Result<(), String> {
    let tmp = temporary_for(target).ok_or("is not a file path")?;
    let dir = folder_of(target);
    remove_stale_temporaries(dir);
    let temporary = Temporary::register(&tmp);
    let write = || -> std::io::Result<()> {
        // A temporary of ours from an earlier write that failed to remove it.
        let _ = std::fs::remove_file(&tmp);
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        if let Some(p) = &permissions {
            std::fs::set_permissions(&tmp, p.clone())?;
        }
        std::fs::rename(&tmp, target)
    };
    write().map_err(|e| format!("cannot write: {}", reason(&e)))?;
    temporary.kept();
    // The rename itself on disk (best effort: some file systems refuse to sync a folder).
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// A device, FIFO or socket: written in place (no temporary, no rename).
fn write_through(target: &Path, meta: &std::fs::Metadata, bytes: &[u8]) -> Result<(), String> {
    let failed = |e: std::io::Error| format!("cannot write: {}", reason(&e));
    #[cfg(unix)]
    let mut f = if std::os::unix::fs::FileTypeExt::is_fifo(&meta.file_type()) {
        open_fifo(target)?
    } else {
        std::fs::OpenOptions::new()
            .write(true)
            .open(target)
            .map_err(failed)?
    };
    #[cfg(not(unix))]
    let mut f = {
        let _ = meta;
        std::fs::OpenOptions::new()
            .write(true)
            .open(target)
            .map_err(failed)?
    };
    f.write_all(bytes).and_then(|()| f.flush()).map_err(failed)
}

/// A FIFO opened for writing without waiting: a FIFO no process reads is refused now
/// (opening it would wait for a reader), and the descriptor that found the reader is
/// the one written — closing a probe and opening again would hand the reader an end of
/// file in between.
#[cfg(unix)]
fn open_fifo(target: &Path) -> Result<std::fs::File, String> {
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    let f = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(target)
        .map_err(|e| {
            if e.raw_os_error() == Some(libc::ENXIO) {
                "cannot write: it is a FIFO (named pipe) that no process is reading".to_string()
            } else {
                format!("cannot write: {}", reason(&e))
            }
        })?;
    // Blocking writes from here on: a full pipe waits for its reader.
    let fd = f.as_raw_fd();
    // SAFETY: fcntl on a descriptor this function owns.
    let flags = unsafe { libc::fcntl(fd, libc::F_GETFL) };
    if flags < 0 || unsafe { libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK) } < 0 {
        return Err(format!(
            "cannot write: {}",
            reason(&std::io::Error::last_os_error())
        ));
    }
    Ok(f)
}

/// An I/O error in words, for a sentence after "cannot write: ".
pub fn reason(e: &std::io::Error) -> String {
    #[cfg(unix)]
    {
        let words = match e.raw_os_error() {
            Some(libc::ENOSPC) => Some("no space left on the device"),
            Some(libc::EPIPE) => Some("the reader went away (a broken pipe)"),
            Some(libc::EBADF) => Some("it is closed"),
            Some(libc::EACCES) | Some(libc::EPERM) => Some("permission denied"),
            Some(libc::EROFS) => Some("the file system is read-only"),
            Some(libc::ENOENT) => Some("the folder does not exist"),
            Some(libc::ENOTDIR) => Some("a part of the path is not a folder"),
            Some(libc::EISDIR) => Some("it is a folder"),
            Some(libc::EDQUOT) => Some("the disk quota is exceeded"),
            _ => None,
        };
        if let Some(w) = words {
            return w.to_string();
        }
    }
    e.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("cs-out-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_regular_file_is_replaced_and_no_temporary_stays() {
        let dir = scratch("regular");
        let path = dir.join("a.txt");
        write_output(&path, b"old").unwrap();
        write_output(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn devices_are_written_through_and_full_ones_refused() {
        write_output(Path::new("/dev/null"), b"nothing").unwrap();
        let meta = std::fs::symlink_metadata("/dev/null").unwrap();
        use std::os::unix::fs::FileTypeExt;
        assert!(
            meta.file_type().is_char_device(),
            "/dev/null is still a device"
        );
        if Path::new("/dev/full").exists() {
            let e = write_output(Path::new("/dev/full"), b"x").unwrap_err();
            assert_eq!(e, "cannot write: no space left on the device");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_without_a_reader_is_refused_at_once() {
        let dir = scratch("fifo");
        let fifo = dir.join("pipe");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let e = write_output(&fifo, b"x").unwrap_err();
        assert!(e.contains("no process is reading"), "{e}");
        use std::os::unix::fs::FileTypeExt;
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn links_are_followed_loops_refused_and_dead_temporaries_cleared() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let dir = scratch("links");
        let real = dir.join("real.svg");
        write_output(&real, b"one").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.svg");
        symlink("real.svg", &link).unwrap();
        // A temporary of a process that cannot exist (a pid beyond the kernel's limit).
        let dead = dir.join(".other.ron.collidescope-4294967295.tmp");
        std::fs::write(&dead, b"half").unwrap();
        // Somebody else's file that merely looks similar stays.
        let theirs = dir.join(".notes.tmp123");
        std::fs::write(&theirs, b"keep").unwrap();
        write_output(&link, b"two").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"two");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert!(!dead.exists(), "the dead write's temporary is gone");
        assert!(theirs.exists());
        // A dangling link: the file is created where it points.
        let dangling = dir.join("dangling.svg");
        symlink(dir.join("made.svg"), &dangling).unwrap();
        write_output(&dangling, b"three").unwrap();
        assert_eq!(std::fs::read(dir.join("made.svg")).unwrap(), b"three");
        // A loop.
        let (l1, l2) = (dir.join("l1"), dir.join("l2"));
        symlink(&l2, &l1).unwrap();
        symlink(&l1, &l2).unwrap();
        let e = write_output(&l1, b"x").unwrap_err();
        assert!(e.contains("symbolic links"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn folders_and_missing_folders_are_said_plainly() {
        let dir = scratch("folders");
        let e = write_output(&dir, b"x").unwrap_err();
        assert!(e.contains("is a folder"), "{e}");
        let slash = PathBuf::from(format!("{}/", dir.display()));
        let e = write_output(&slash, b"x").unwrap_err();
        assert!(e.contains("names a folder"), "{e}");
        let e = write_output(&dir.join("none").join("a.txt"), b"x").unwrap_err();
        assert_eq!(e, "cannot write: the folder does not exist");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn temporary_names_carry_the_pid_and_fit_the_file_system() {
        let t = temporary_for(Path::new("d/scene.ron")).unwrap();
        let name = t.file_name().unwrap().to_str().unwrap();
        assert_eq!(temporary_pid(name), Some(std::process::id()));
        let long = "é".repeat(127); // 254 bytes
        let t = temporary_for(Path::new(&long)).unwrap();
        assert!(t.file_name().unwrap().len() <= 255);
        assert_eq!(temporary_pid(".x.tmp12"), None);
    }
}
