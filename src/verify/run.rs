//! The run loop: pairs spread over threads, each generated, run and checked.

use super::*;
use crate::core::epa::EpaTermination;
use crate::core::gjk::GjkTermination;
use crate::core::toi::shape_cast::CastTermination;
use crate::scene::Settings;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;
/// A run: pairs `start .. start + count` of `seed`.
#[derive(Clone, Copy, Debug)]
pub struct FuzzConfig {
    pub seed: u64,
    pub start: u64,
    pub count: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Disagreements kept with their details (the count includes all).
    pub keep: usize,
    /// Only pairs of this family (each pair drawn as usual, its family replaced: see
    /// [`generate_pair_in`]).
    pub family: Option<Family>,
}

impl FuzzConfig {
    pub fn new(seed: u64, count: u64) -> FuzzConfig {
        FuzzConfig {
            seed,
            start: 0,
            count,
            threads: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1),
            keep: DEFAULT_KEEP,
            family: None,
        }
    }
}

/// Generates (of `family` when given), runs and checks one pair; adds it to `report`.
pub fn fuzz_one(
    seed: u64,
    index: u64,
    family: Option<Family>,
    settings: &Settings,
    report: &mut FuzzReport,
    keep: usize,
) {
    let pair = generate_pair_in(seed, index, family);
    let reference = Reference::new(&pair);
    let toi = ExactToi::new(&pair, &reference);
    let results = run_core(&pair, settings);
    let mut measures = check_pair(&pair, &reference, &toi, &results, settings);
    measures.extend(check_rays(&pair, &mut report.rays));
    report.count += 1;
    let fam = &mut report.families[pair.family.index()].1;
    fam.pairs += 1;
    let gjk_max = [&results.distance, &results.distance_swapped]
        .iter()
        .any(|d| d.termination == GjkTermination::MaxIterations);
    fam.gjk_max_iterations += gjk_max as u64;
    let pens = [&results.penetration, &results.penetration_swapped];
    fam.epa_max_iterations += pens
        .iter()
        .any(|p| p.is_some_and(|p| p.termination == EpaTermination::MaxIterations))
        as u64;
    fam.epa_stalled +=
        pens.iter()
            .any(|p| p.is_some_and(|p| p.termination == EpaTermination::Stalled)) as u64;
    fam.cast_max_iterations += (results.cast.termination == CastTermination::MaxIterations) as u64;
    let mut any = false;
    for m in &measures {
        report.checks[m.check.index()].1.add(m, index);
        if m.failed() {
            any = true;
            report.disagreement_count += 1;
            if report.disagreements.len() < keep {
                report.disagreements.push(Disagreement {
                    seed,
                    index,
                    family: pair.family,
                    check: m.check,
                    error: m.error,
                    tolerance: m.tolerance,
                    detail: m.detail.clone().unwrap_or_default(),
                    manifold_source: m.manifold_source,
                });
            }
        }
    }
    report.families[pair.family.index()].1.failed_pairs += any as u64;
}

/// Runs pairs `start .. start + count` on `threads` workers with the default
/// settings. `progress(done, disagreements)` is called from the calling thread about
/// every 100 ms and once at the end. Deterministic: the report does not depend on the
/// number of threads.
pub fn run(config: &FuzzConfig, progress: &mut dyn FnMut(u64, u64)) -> FuzzReport {
    let settings = Settings::default();
    let parts = run_parallel(
        config,
        || FuzzReport::empty(config),
        |report, index| {
            fuzz_one(
                config.seed,
                index,
                config.family,
                &settings,
                report,
                config.keep,
            )
        },
        |report| report.disagreement_count,
        progress,
    );
    let mut total = FuzzReport::empty(config);
    for part in parts {
        total.merge(part, config.keep);
    }
    progress(total.count, total.disagreement_count);
    total
}

/// Cases `start .. start + count` of `config` in chunks of 64 on its threads: each
/// worker starts from `empty()` and adds case after case with `one(report, index)`;
/// the workers' reports are returned (in no particular order) for the caller to
/// merge. `progress(done, failures)` as for [`run`], `failures` read with
/// `failures_of` (a count that only grows).
pub(super) fn run_parallel<R: Send>(
    config: &FuzzConfig,
    empty: impl Fn() -> R + Sync,
    one: impl Fn(&mut R, u64) + Sync,
    failures_of: impl Fn(&R) -> u64 + Sync,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<R> {
    let threads = config.threads.max(1);
    const CHUNK: u64 = 64;
    let next = AtomicU64::new(0);
    let done = AtomicU64::new(0);
    let failures = AtomicU64::new(0);
    let finished = AtomicU64::new(0);
    let reports: Mutex<Vec<R>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut report = empty();
                loop {
                    let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if first >= config.count {
                        break;
                    }
                    let last = (first + CHUNK).min(config.count);
                    let before = failures_of(&report);
                    for k in first..last {
                        one(&mut report, config.start + k);
                    }
                    failures.fetch_add(failures_of(&report) - before, Ordering::Relaxed);
                    done.fetch_add(last - first, Ordering::Relaxed);
                }
                if let Ok(mut all) = reports.lock() {
                    all.push(report);
                }
                finished.fetch_add(1, Ordering::Release);
            });
        }
        while finished.load(Ordering::Acquire) < threads as u64 {
            std::thread::sleep(Duration::from_millis(100));
            progress(
                done.load(Ordering::Relaxed),
                failures.load(Ordering::Relaxed),
            );
        }
    });
    reports.into_inner().unwrap_or_default()
}
