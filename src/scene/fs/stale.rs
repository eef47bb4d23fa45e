//! Temporaries left by a process that was killed before it could remove them (SIGKILL,
//! a power cut): `.NAME.collidescope-PID.tmp` files whose process no longer runs,
//! removed by the next write into their folder and by the next start. Whether a
//! process runs is asked of the system on every platform: `kill(pid, 0)` on Unix
//! (Linux, macOS, the BSDs: no `/proc` needed), `tasklist` on Windows. When the answer
//! is not known, the temporary stays.

use std::path::Path;

/// Removes `.NAME.collidescope-PID.tmp` files in `dir` whose process no longer runs
/// (a write killed before its rename, a live recording of a killed window). A
/// temporary of this process, or of one that runs or cannot be asked about, stays.
pub fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let me = std::process::id();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        match temporary_pid(&name) {
            Some(pid) if pid != me && process_runs(pid) == Some(false) => {
                let _ = std::fs::remove_file(e.path());
            }
            _ => {}
        }
    }
}

/// The process id in a temporary's name `.NAME.collidescope-PID.tmp`.
pub(super) fn temporary_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, pid) = rest.rsplit_once(".collidescope-")?;
    pid.parse().ok()
}

/// Whether process `pid` runs: `None` when the system cannot say.
#[cfg(unix)]
pub(super) fn process_runs(pid: u32) -> Option<bool> {
    // No process has id 0 or one past pid_t's range (kill(0) and kill(-1) would ask
    // about groups of processes instead).
    let Ok(id) = libc::pid_t::try_from(pid) else {
        return Some(false);
    };
    if id <= 0 {
        return Some(false);
    }
    // SAFETY: signal 0 sends nothing; it only checks that the process exists.
    if unsafe { libc::kill(id, 0) } == 0 {
        return Some(true);
    }
    match std::io::Error::last_os_error().raw_os_error() {
        Some(libc::ESRCH) => Some(false),
        // It exists, but belongs to another user.
        Some(libc::EPERM) => Some(true),
        _ => None,
    }
}

/// Whether process `pid` runs, from Windows' own `tasklist` (no console window):
/// `None` when it cannot be run.
#[cfg(windows)]
pub(super) fn process_runs(pid: u32) -> Option<bool> {
    use std::os::windows::process::CommandExt;
    const CREATE_NO_WINDOW: u32 = 0x0800_0000;
    let out = std::process::Command::new("tasklist")
        .args(["/FI", &format!("PID eq {pid}"), "/FO", "CSV", "/NH"])
        .creation_flags(CREATE_NO_WINDOW)
        .output()
        .ok()
        .filter(|o| o.status.success())?;
    Some(tasklist_lists(&String::from_utf8_lossy(&out.stdout), pid))
}

/// Elsewhere (no processes to ask about): nothing is known, nothing is removed.
#[cfg(not(any(unix, windows)))]
pub(super) fn process_runs(_pid: u32) -> Option<bool> {
    None
}

/// Whether `tasklist /FO CSV /NH` output lists process `pid` (its second column);
/// with no match, tasklist prints a line of information instead of a row.
#[cfg_attr(not(any(windows, test)), allow(dead_code))]
fn tasklist_lists(output: &str, pid: u32) -> bool {
    let quoted = format!("\"{pid}\"");
    output
        .lines()
        .any(|line| line.split(',').nth(1).map(str::trim) == Some(quoted.as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(tag: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("cs-stale-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A process that ran and was reaped: its id names no process now (the system
    /// hands ids out in turn, so it is not reused within the test).
    #[cfg(unix)]
    fn finished_pid() -> u32 {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    }

    #[cfg(unix)]
    #[test]
    fn the_system_says_which_processes_run_without_proc() {
        assert_eq!(process_runs(std::process::id()), Some(true));
        // Process 1 (init) runs, whoever owns it.
        assert_eq!(process_runs(1), Some(true));
        assert_eq!(process_runs(finished_pid()), Some(false));
        // Ids no process can have are not groups of processes.
        assert_eq!(process_runs(0), Some(false));
        assert_eq!(process_runs(u32::MAX), Some(false));
        assert_eq!(process_runs(i32::MAX as u32 + 1), Some(false));
    }

    #[cfg(unix)]
    #[test]
    fn only_the_temporaries_of_processes_gone_are_removed() {
        let dir = scratch("remove");
        let gone = finished_pid();
        let name = |pid: u32| format!(".live-0.b2rec.collidescope-{pid}.tmp");
        let dead = dir.join(name(gone));
        let running = dir.join(name(1));
        let mine = dir.join(name(std::process::id()));
        let theirs = dir.join(".notes.tmp123");
        for f in [&dead, &running, &mine, &theirs] {
            std::fs::write(f, b"x").unwrap();
        }
        remove_stale_temporaries(&dir);
        assert!(
            !dead.exists(),
            "the temporary of process {gone} (gone) stays"
        );
        assert!(running.exists() && mine.exists() && theirs.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn tasklist_rows_are_read_by_their_pid_column() {
        let row = "\"collidescope.exe\",\"4242\",\"Console\",\"1\",\"31,204 K\"\r\n";
        assert!(tasklist_lists(row, 4242));
        assert!(
            !tasklist_lists(row, 424),
            "a prefix of the id is not the id"
        );
        assert!(!tasklist_lists(row, 1), "the session column is not the id");
        let none = "INFO: No tasks are running which match the specified criteria.\r\n";
        assert!(!tasklist_lists(none, 4242));
        assert!(!tasklist_lists("", 4242));
    }
}
