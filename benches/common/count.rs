//! Two measurements beside criterion, chosen from the environment (see
//! [`request`]):
//! - `COLLIDESCOPE_COUNT=group/function/calls`: a bench binary runs that one function
//!   `calls` times (stepping through its pairs exactly as criterion's loop does) instead
//!   of criterion, so that `valgrind --tool=cachegrind` counts its instructions
//!   (`benches/common/instructions.sh` turns two such runs into instructions per call);
//! - `COLLIDESCOPE_TIME=group/rounds`: the group's functions timed **interleaved**, one
//!   chunk of calls of each in turn, `rounds` times; each function's fastest chunk, per
//!   call, less the empty loop's fastest. On a shared machine whose load moves by the
//!   second, the functions then meet the same load, and the fastest chunk is the one no
//!   other process interrupted: a ratio that criterion's one-function-after-another
//!   runs cannot give there.
//!
//! Every group also has a function `empty` in these modes, never in criterion: the same
//! loop with the same indexing and `black_box` of the input, but no call, the baseline
//! subtracted.

use criterion::measurement::WallTime;
use criterion::{black_box, BenchmarkGroup, Criterion};
use std::time::{Duration, Instant};

/// Calls per timed chunk (about 10–100 µs of work per chunk).
const CHUNK: usize = 512;

/// What to measure instead of criterion.
pub struct Request {
    group: String,
    /// `Some(function)`: count that one's instructions; `None`: time the group.
    function: Option<String>,
    /// Calls (counting) or rounds (timing).
    n: usize,
}

/// The request in `COLLIDESCOPE_COUNT` or `COLLIDESCOPE_TIME`, if any; a malformed one
/// is refused with what is wrong.
pub fn request() -> Option<Request> {
    let parse_n = |spec: &str, n: &str| -> usize {
        n.parse()
            .unwrap_or_else(|_| panic!("{spec}: the last field is not a count"))
    };
    if let Ok(spec) = std::env::var("COLLIDESCOPE_COUNT") {
        let parts: Vec<&str> = spec.split('/').collect();
        let [group, function, calls] = parts[..] else {
            panic!("COLLIDESCOPE_COUNT={spec}: expected group/function/calls");
        };
        return Some(Request {
            group: group.to_string(),
            function: Some(function.to_string()),
            n: parse_n(&spec, calls),
        });
    }
    let spec = std::env::var("COLLIDESCOPE_TIME").ok()?;
    let parts: Vec<&str> = spec.split('/').collect();
    let [group, rounds] = parts[..] else {
        panic!("COLLIDESCOPE_TIME={spec}: expected group/rounds");
    };
    Some(Request {
        group: group.to_string(),
        function: None,
        n: parse_n(&spec, rounds),
    })
}

/// The answer of a call kept (the compiler must assume it is read) where the call
/// left it: `black_box` of the answer itself moves it, a copy that for an answer of
/// many small fields (the distance's: bytes, flags, an option) cost more instructions
/// than some of the calls' differences measured here.
#[inline(always)]
fn observe<R>(answer: &R) {
    black_box(answer);
}

/// A function kept for the interleaved timing: runs its call `n` times.
type Timed<'f> = (String, Box<dyn FnMut(usize) + 'f>);

/// Where a bench group's functions go: criterion, the counted loop of one of them, or
/// the interleaved timing of all.
pub enum Runner<'a, 'c, 'f> {
    Criterion(BenchmarkGroup<'c, WallTime>),
    Count(&'a Request, String),
    Time(&'a Request, String, Vec<Timed<'f>>),
}

/// Group `name`: criterion's, or the measured one when `request` is given.
pub fn group<'a, 'c, 'f>(
    c: &'c mut Criterion,
    request: Option<&'a Request>,
    name: &str,
) -> Runner<'a, 'c, 'f> {
    match request {
        None => Runner::Criterion(c.benchmark_group(name)),
        Some(r) if r.function.is_some() => Runner::Count(r, name.to_string()),
        Some(r) => Runner::Time(r, name.to_string(), Vec::new()),
    }
}

impl<'f> Runner<'_, '_, 'f> {
    /// Whether this group is the one measured (in criterion mode, every group runs).
    pub fn wanted(&self) -> bool {
        match self {
            Runner::Criterion(_) => true,
            Runner::Count(r, group) | Runner::Time(r, group, _) => r.group == *group,
        }
    }

    /// Function `name` of the group: one call per call of `f`.
    pub fn bench<R>(&mut self, name: &str, mut f: impl FnMut() -> R + 'f) {
        match self {
            Runner::Criterion(g) => {
                // The answer is kept where the call left it, as in the other modes
                // (criterion's `iter` would move it into its `black_box`).
                g.bench_function(name, |b| b.iter(|| observe(&f())));
            }
            Runner::Count(r, group) => {
                if r.group == *group && r.function.as_deref() == Some(name) {
                    for _ in 0..r.n {
                        observe(&f());
                    }
                }
            }
            Runner::Time(_, _, timed) => {
                let run = move |n: usize| {
                    for _ in 0..n {
                        observe(&f());
                    }
                };
                timed.push((name.to_string(), Box::new(run)));
            }
        }
    }

    /// The measured baseline: `f` is the loop's indexing and `black_box` without the
    /// call (not run by criterion).
    pub fn empty<R>(&mut self, f: impl FnMut() -> R + 'f) {
        if !matches!(self, Runner::Criterion(_)) {
            self.bench("empty", f);
        }
    }

    pub fn finish(self) {
        match self {
            Runner::Criterion(g) => g.finish(),
            Runner::Count(..) => {}
            Runner::Time(r, group, mut timed) => {
                if r.group != group {
                    return;
                }
                let mut best = vec![f64::INFINITY; timed.len()];
                for _ in 0..r.n {
                    for (k, (_, run)) in timed.iter_mut().enumerate() {
                        let t0 = Instant::now();
                        run(CHUNK);
                        let ns = t0.elapsed().as_nanos() as f64 / CHUNK as f64;
                        best[k] = best[k].min(ns);
                    }
                }
                let empty = timed
                    .iter()
                    .position(|(name, _)| name == "empty")
                    .map_or(0.0, |k| best[k]);
                for ((name, _), ns) in timed.iter().zip(&best) {
                    if name != "empty" {
                        println!("{group}/{name} {:.1} ns", ns - empty);
                    }
                }
            }
        }
    }
}

/// `criterion_main!`'s body, which the counting mode (`COLLIDESCOPE_COUNT`) shares:
/// `benches` under [`config`] and the command line's criterion flags.
pub fn main(benches: fn(&mut Criterion)) {
    let mut c = config().configure_from_args();
    benches(&mut c);
    c.final_summary();
}

fn config() -> Criterion {
    // A shared, noisy 2-core machine: short runs, compare ratios within one run.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(60)
}
