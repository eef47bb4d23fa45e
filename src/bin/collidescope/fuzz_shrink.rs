//! `collidescope fuzz` shrinks the scenes of its disagreements (unless `--no-shrink`):
//! each written scene read back, cut down to the smallest pair that still fails its
//! check (`verify::shrink`), and written again in its place, its notes saying how it
//! was shrunk and how to draw the raw pair again.

use collidescope::scene::{load_scene, save_scene};
use collidescope::verify::shrink::{shrink, Keep};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// A written scene and what it fails: the pair (A, B) of a pair's scene, or the chain
/// and shape of a chain case's.
pub struct Written {
    pub path: PathBuf,
    pub keep: Keep,
}

/// Shrinks every scene of `written` in place on `threads` threads; returns how many
/// were shrunk (a scene that cannot be is left as drawn, and said on stderr).
pub fn shrink_written(written: Vec<Written>, threads: usize) -> usize {
    if written.is_empty() {
        return 0;
    }
    eprintln!(
        "fuzz: shrinking {} scene{} (--no-shrink keeps them as drawn)",
        written.len(),
        if written.len() == 1 { "" } else { "s" }
    );
    let next = AtomicUsize::new(0);
    let shrunk = AtomicUsize::new(0);
    let notes: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, written.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(w) = written.get(i) else { break };
                match shrink_one(w) {
                    Ok(()) => {
                        shrunk.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(e) => {
                        if let Ok(mut n) = notes.lock() {
                            n.push(format!("{}: not shrunk: {e}", w.path.display()));
                        }
                    }
                }
            });
        }
    });
    for n in notes.into_inner().unwrap_or_default() {
        eprintln!("note: {n}");
    }
    shrunk.into_inner()
}

fn shrink_one(w: &Written) -> Result<(), String> {
    let scene = load_scene(&w.path).map_err(|e| e.to_string())?;
    let pair = if w.keep.on_chain() { (0, 0) } else { (0, 1) };
    let s = shrink(&scene, pair, w.keep)?;
    if !s.proven {
        return Err("the shrunk pair did not fail once written and read back".into());
    }
    let mut out = s.scene.clone();
    out.title = format!("{} (shrunk)", scene.title);
    out.group = scene.group.clone();
    out.notes = format!(
        "Shrunk keeping {} ({}). The pair as drawn: {}",
        s.keep,
        s.summary(),
        scene.notes
    );
    save_scene(&out, &w.path).map_err(|e| e.to_string())
}
