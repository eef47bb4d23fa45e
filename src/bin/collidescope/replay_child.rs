//! A replay in a child process: this program again, marked by [`CHILD_ENV`], whose
//! JSON lines the parent reads. Box2D's assertions stop a process and a damaged
//! recording can make one step run for ever (a substep count of a billion), so the
//! parent watches: the child reports progress on standard error
//! ([`heartbeat`]) and is ended when it makes none for the stall limit.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{ChildStderr, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Set in the environment of the child process that replays.
pub const CHILD_ENV: &str = "COLLIDESCOPE_REPLAY_CHILD";
/// What the child writes on standard error to say it is still going.
const PROGRESS: &str = "progress";

/// Whether this process is the child.
pub fn in_child() -> bool {
    std::env::var_os(CHILD_ENV).is_some()
}

/// In the child: says "still going" to the parent, at most every 200 ms.
pub fn heartbeat() {
    use std::sync::Mutex;
    static LAST: Mutex<Option<Instant>> = Mutex::new(None);
    let mut last = LAST.lock().unwrap_or_else(|p| p.into_inner());
    if last.is_none_or(|t| t.elapsed() >= Duration::from_millis(200)) {
        *last = Some(Instant::now());
        let _ = writeln!(std::io::stderr(), "{PROGRESS}");
    }
}

/// How the child ended.
pub struct ChildEnd {
    pub status: Option<ExitStatus>,
    /// Its standard error without the progress lines (at most 64 KiB).
    pub errors: String,
    /// Ended by the parent after making no progress for the stall limit.
    pub stalled: bool,
    /// Ended by the parent because its lines were no longer wanted (`on_line` said so).
    pub stopped: bool,
}

/// Runs this program with `args` in a child process, handing each line of its
/// standard output to `on_line` (false: stop reading), and ends it when it makes no
/// progress (a line or a heartbeat) for `stall`.
pub fn run(
    args: &[OsString],
    stall: Duration,
    mut on_line: impl FnMut(&str) -> bool,
) -> Result<ChildEnd, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let mut child = Command::new(exe)
        .args(args)
        .env(CHILD_ENV, "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start the replay: {e}"))?;
    let start = Instant::now();
    let progress = Arc::new(AtomicU64::new(0));
    let errors = read_errors(child.stderr.take(), start, Arc::clone(&progress));
    let rx = read_lines(child.stdout.take());
    let mut stalled = false;
    let mut stopped = false;
    loop {
        match rx.recv_timeout(Duration::from_millis(100)) {
            Ok(line) => {
                progress.store(start.elapsed().as_millis() as u64, Ordering::Relaxed);
                if !on_line(&line) {
                    stopped = true;
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let quiet = start.elapsed().as_millis() as u64 - progress.load(Ordering::Relaxed);
                if quiet > stall.as_millis() as u64 {
                    stalled = true;
                    break;
                }
            }
        }
    }
    // Stalled, or no one reads its lines any more: the child is ended.
    if stalled || stopped {
        let _ = child.kill();
    }
    let status = child.wait().ok();
    let errors = errors.join().unwrap_or_default();
    Ok(ChildEnd {
        status,
        errors,
        stalled,
        stopped,
    })
}

/// A thread that reads the child's standard error: each line is progress (the time
/// since `start` goes to `progress`), and all but the heartbeats are kept, at most
/// 64 KiB, for its answer.
fn read_errors(
    stderr: Option<ChildStderr>,
    start: Instant,
    progress: Arc<AtomicU64>,
) -> JoinHandle<String> {
    std::thread::spawn(move || {
        let mut text = String::new();
        let Some(s) = stderr else { return text };
        for line in BufReader::new(s).lines() {
            let Ok(line) = line else { break };
            progress.store(start.elapsed().as_millis() as u64, Ordering::Relaxed);
            if line != PROGRESS && text.len() < 64 << 10 {
                text.push_str(&line);
                text.push('\n');
            }
        }
        text
    })
}

/// The child's lines of standard output, read by a thread (none without a pipe).
fn read_lines(stdout: Option<ChildStdout>) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel::<String>();
    if let Some(stdout) = stdout {
        std::thread::spawn(move || {
            // Lines are bounded too: a hostile child cannot fill the parent's memory.
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match (&mut reader).take(16 << 20).read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line.trim_end().to_string()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
    } else {
        drop(tx);
    }
    rx
}
