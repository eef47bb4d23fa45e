//! `collidescope report`: every pair's results as JSON, streamed pair by pair.

use crate::cli::{load_or_default, split_pair, NO_PEERS};
use std::path::PathBuf;

/// `collidescope report`: the report written to stdout pair by pair (see
/// `trace::stream`), progress on stderr when there are many pairs.
pub fn run_report(
    scene_path: &PathBuf,
    pair: Option<&str>,
    near: Option<f32>,
    trace: bool,
    peers: bool,
    link: Option<&str>,
) -> Result<(), String> {
    use collidescope::trace::stream::{selected_pairs, write_report, PairSelection};
    use std::io::Write;
    if peers && !cfg!(feature = "peers") {
        return Err(NO_PEERS.into());
    }
    if let Some(base) = link {
        crate::page_link::check_base(base)?;
    }
    let (scene, label) = load_or_default(Some(scene_path))?;
    let split = match pair {
        Some(p) => Some(split_pair(p)?),
        None => None,
    };
    let selection = match (split, near) {
        (Some((a, b)), _) => PairSelection::One(a, b),
        (None, Some(d)) => PairSelection::Near(d),
        (None, None) => PairSelection::All,
    };
    let pairs = selected_pairs(&scene, &label, selection)?;
    let decorate = |i: usize, j: usize, p: &mut collidescope::trace::report::PairReport| {
        if peers {
            add_peers(&scene, i, j, p);
        }
        if let Some(base) = link {
            p.link = Some(crate::page_link::pair_link(base, &scene, i, j));
        }
    };
    let started = std::time::Instant::now();
    let mut last = started;
    let mut progress = |done: usize, total: usize| {
        let now = std::time::Instant::now();
        if total >= 10_000 && (now - last).as_secs_f32() >= 1.0 {
            last = now;
            eprintln!(
                "report: {done}/{total} pairs ({:.1} %), {:.0} s",
                100.0 * done as f64 / total as f64,
                (now - started).as_secs_f32()
            );
        }
    };
    if collidescope::scene::fs::stdout_was_closed() {
        return Err("cannot write the report: standard output is closed".into());
    }
    let mut out = collidescope::scene::fs::Stdout::new();
    write_report(
        &scene,
        &label,
        &pairs,
        trace,
        &decorate,
        &mut progress,
        &mut out,
    )
    .map_err(|e| {
        e.replace(
            "report: cannot write to standard output:",
            "report to standard output:",
        )
    })?;
    writeln!(out)
        .and_then(|_| out.flush())
        .map_err(|e| format!("cannot write the report: {e}"))
        .map_err(|e| {
            e.replace(
                "report: cannot write to standard output:",
                "report to standard output:",
            )
        })
}

/// Fills a pair's `"peers"` with the engines' answers.
#[cfg(feature = "peers")]
fn add_peers(
    scene: &collidescope::scene::Scene,
    i: usize,
    j: usize,
    p: &mut collidescope::trace::report::PairReport,
) {
    let answers = collidescope::peers::ask_all(&scene.pair(i, j));
    p.peers = Some(answers.into_iter().map(|(e, a)| (e.key(), a)).collect());
}

#[cfg(not(feature = "peers"))]
fn add_peers(
    _scene: &collidescope::scene::Scene,
    _i: usize,
    _j: usize,
    _p: &mut collidescope::trace::report::PairReport,
) {
}
