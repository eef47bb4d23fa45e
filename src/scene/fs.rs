//! Files written atomically: the one place that writes a file the user may be
//! relying on (scenes, exported pictures, fuzz scenes, regression tests).

use std::io::{Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Default limit on any input read as text (a scene, an import, points): 64 MiB.
pub const DEFAULT_INPUT_LIMIT: u64 = 64 << 20;

static INPUT_LIMIT: AtomicU64 = AtomicU64::new(DEFAULT_INPUT_LIMIT);

/// Sets the limit on inputs read as text (the command line's `--max-input-mb`).
pub fn set_input_limit(bytes: u64) {
    INPUT_LIMIT.store(bytes.max(1), Ordering::Relaxed);
}

/// The current limit on inputs read as text, bytes.
pub fn input_limit() -> u64 {
    INPUT_LIMIT.load(Ordering::Relaxed)
}

/// Reads `path` (`-`: standard input) as UTF-8 text, in bounded memory: at most
/// [`input_limit`] bytes are read (a larger input — a huge file, `/dev/zero` — is
/// refused with the limit and the flag that raises it), a leading byte-order mark is
/// dropped, and bytes that are not UTF-8 are reported by line and column. The error is
/// a sentence without the path (callers name the file).
pub fn read_text(path: &Path) -> Result<String, String> {
    let limit = input_limit();
    let mut bytes = Vec::new();
    let read = if path.as_os_str() == "-" {
        std::io::stdin()
            .lock()
            .take(limit + 1)
            .read_to_end(&mut bytes)
    } else {
        if path.is_dir() {
            return Err("is a directory, not a file".to_string());
        }
        let f = std::fs::File::open(path).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => "no such file".to_string(),
            _ => format!("cannot read: {e}"),
        })?;
        f.take(limit + 1).read_to_end(&mut bytes)
    };
    read.map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "is larger than the input limit of {} MiB (raise it with --max-input-mb)",
            limit.div_ceil(1 << 20)
        ));
    }
    text_of(bytes)
}

/// UTF-8 text from `bytes`, without a leading byte-order mark; a bad byte is named by
/// line and column (1-based, columns in characters).
pub fn text_of(bytes: Vec<u8>) -> Result<String, String> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        // The valid prefix is UTF-8 by definition.
        let prefix = std::str::from_utf8(valid).unwrap_or("");
        let line = prefix.matches('\n').count() + 1;
        let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("is not UTF-8 text: line {line}, column {column} holds a byte that is not")
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Writes `bytes` to `path` atomically: `.<name>.tmp<pid>` beside it, flushed to disk,
/// then renamed over `path`. On any failure the temporary file is removed and the old
/// file (if any) is untouched, so a failed write never leaves half a file. A symlink
/// is followed (the file it points to is replaced, the link stays), an existing
/// file's permissions are kept, and temporary files left by a killed earlier write
/// (their process gone) are removed. The error is a sentence without the path
/// (callers name the file).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let path = &resolve_symlink(path);
    let file_name = path
        .file_name()
        .ok_or_else(|| "is not a file path".to_string())?
        .to_string_lossy()
        .to_string();
    remove_stale_temporaries(path, &file_name);
    let tmp = path.with_file_name(format!(".{file_name}.tmp{}", std::process::id()));
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        if let Some(p) = &permissions {
            std::fs::set_permissions(&tmp, p.clone())?;
        }
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write: {e}")
    })
}

/// The file a symlink points to (followed to the end), or `path` itself.
fn resolve_symlink(path: &Path) -> std::path::PathBuf {
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if !is_link {
        return path.to_path_buf();
    }
    // A dangling link: write where it points.
    std::fs::canonicalize(path).unwrap_or_else(|_| match std::fs::read_link(path) {
        Ok(target) if target.is_absolute() => target,
        Ok(target) => path.with_file_name(target),
        Err(_) => path.to_path_buf(),
    })
}

/// Removes `.<name>.tmp<pid>` beside `path` whose process no longer runs (a write
/// killed before its rename). Only where processes can be looked up (`/proc`).
fn remove_stale_temporaries(path: &Path, file_name: &str) {
    let proc_fs = Path::new("/proc/self");
    let Some(dir) = path.parent() else { return };
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    if !proc_fs.exists() {
        return;
    }
    let prefix = format!(".{file_name}.tmp");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(pid) = name.strip_prefix(&prefix) else {
            continue;
        };
        if pid.parse::<u32>().is_ok() && !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_write_replaces_the_file_and_leaves_no_temporary() {
        let dir = std::env::temp_dir().join(format!("cs-fs-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("a.txt");
        write_atomic(&path, b"old").unwrap();
        write_atomic(&path, b"new").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "only the file itself remains");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn inputs_are_bounded_bom_free_and_bad_bytes_located() {
        let dir = std::env::temp_dir().join(format!("cs-fs-read-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("bom.ron");
        std::fs::write(&p, "\u{feff}(version: 1)").unwrap();
        assert_eq!(read_text(&p).unwrap(), "(version: 1)");
        let p = dir.join("bad.ron");
        std::fs::write(&p, b"(\n  ab\xffc)").unwrap();
        let e = read_text(&p).unwrap_err();
        assert!(e.contains("line 2, column 5"), "{e}");
        assert_eq!(read_text(&dir).unwrap_err(), "is a directory, not a file");
        assert_eq!(read_text(&dir.join("none")).unwrap_err(), "no such file");
        // /dev/zero is endless: the limit stops it.
        if Path::new("/dev/zero").exists() {
            let e = read_text(Path::new("/dev/zero")).unwrap_err();
            assert!(e.contains("input limit of 64 MiB"), "{e}");
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_write_keeps_the_mode_follows_a_symlink_and_clears_dead_temporaries() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let dir = std::env::temp_dir().join(format!("cs-fs-mode-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let real = dir.join("real.svg");
        write_atomic(&real, b"one").unwrap();
        std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).unwrap();
        let link = dir.join("link.svg");
        symlink(&real, &link).unwrap();
        // A temporary of a process that cannot exist (pid beyond the kernel's limit).
        let dead = dir.join(".real.svg.tmp4294967295");
        std::fs::write(&dead, b"half").unwrap();
        write_atomic(&link, b"two").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"two");
        let mode = std::fs::metadata(&real).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert!(!dead.exists(), "the dead write's temporary is gone");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = std::env::temp_dir().join(format!("cs-fs-missing-{}", std::process::id()));
        let path = dir.join("no-such-folder").join("a.txt");
        let e = write_atomic(&path, b"x").unwrap_err();
        assert!(e.starts_with("cannot write:"), "{e}");
        assert!(!path.exists());
    }
}
