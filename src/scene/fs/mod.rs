//! Files: text read in bounded memory ([`read_text`]), and the one output writer
//! ([`write_output`], [`write_stdout`]; see `output`) with its temporaries removed on a
//! stopping signal (`temporaries`).

use std::io::Read;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

mod output;
mod stale;
mod temporaries;

pub use output::{reason, write_output, write_stdout, Stdout};
pub use stale::remove_stale_temporaries;
pub use temporaries::{prepare_process, stdout_was_closed, Temporary};

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
