//! Files written atomically: the one place that writes a file the user may be
//! relying on (scenes, exported pictures, fuzz scenes, regression tests).

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically: `.<name>.tmp<pid>` beside it, flushed to disk,
/// then renamed over `path`. On any failure the temporary file is removed and the old
/// file (if any) is untouched, so a failed write never leaves half a file. The error
/// is a sentence without the path (callers name the file).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let file_name = path
        .file_name()
        .ok_or_else(|| "is not a file path".to_string())?
        .to_string_lossy()
        .to_string();
    let tmp = path.with_file_name(format!(".{file_name}.tmp{}", std::process::id()));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write: {e}")
    })
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
    fn a_failed_write_keeps_the_old_file() {
        let dir = std::env::temp_dir().join(format!("cs-fs-missing-{}", std::process::id()));
        let path = dir.join("no-such-folder").join("a.txt");
        let e = write_atomic(&path, b"x").unwrap_err();
        assert!(e.starts_with("cannot write:"), "{e}");
        assert!(!path.exists());
    }
}
