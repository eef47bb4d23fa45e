//! Instruction counting: with `COLLIDESCOPE_COUNT=group/function/calls` in the
//! environment, a bench binary runs that one function `calls` times (stepping through
//! its pairs exactly as criterion's loop does) instead of criterion, so that
//! `valgrind --tool=cachegrind` counts its instructions (`benches/common/instructions.sh`
//! turns two such runs into instructions per call). Every group also has a function
//! `empty` here, never in criterion: the same loop with the same indexing and
//! `black_box` of the input, but no call, the baseline subtracted.

use criterion::measurement::WallTime;
use criterion::{black_box, BenchmarkGroup, Criterion};

/// The function to count, from the environment.
pub struct Request {
    group: String,
    function: String,
    calls: usize,
}

/// `COLLIDESCOPE_COUNT`'s request, if any; a malformed one is refused with what is wrong.
pub fn request() -> Option<Request> {
    let spec = std::env::var("COLLIDESCOPE_COUNT").ok()?;
    let parts: Vec<&str> = spec.split('/').collect();
    let [group, function, calls] = parts[..] else {
        panic!("COLLIDESCOPE_COUNT={spec}: expected group/function/calls");
    };
    let calls = calls
        .parse()
        .unwrap_or_else(|_| panic!("COLLIDESCOPE_COUNT={spec}: calls is not a count"));
    Some(Request {
        group: group.to_string(),
        function: function.to_string(),
        calls,
    })
}

/// Where a bench group's functions go: criterion, or the counted loop of one of them.
pub enum Runner<'a, 'c> {
    Criterion(BenchmarkGroup<'c, WallTime>),
    Count(&'a Request, String),
}

impl Runner<'_, '_> {
    /// Whether this group is the one counted (in criterion mode, every group runs).
    pub fn wanted(&self) -> bool {
        match self {
            Runner::Criterion(_) => true,
            Runner::Count(r, group) => r.group == *group,
        }
    }

    /// Function `name` of the group: one call per iteration of `f`.
    pub fn bench<R>(&mut self, name: &str, mut f: impl FnMut() -> R) {
        match self {
            Runner::Criterion(g) => {
                g.bench_function(name, |b| b.iter(&mut f));
            }
            Runner::Count(r, group) => {
                if r.group == *group && r.function == name {
                    for _ in 0..r.calls {
                        black_box(f());
                    }
                }
            }
        }
    }

    /// The counted baseline: `f` is the loop's indexing and `black_box` without the
    /// call (not run by criterion).
    pub fn empty<R>(&mut self, f: impl FnMut() -> R) {
        if let Runner::Count(..) = self {
            self.bench("empty", f);
        }
    }

    pub fn finish(self) {
        if let Runner::Criterion(g) = self {
            g.finish();
        }
    }
}

/// Group `name`: criterion's, or the counted one when `request` is given.
pub fn group<'a, 'c>(
    c: &'c mut Criterion,
    request: Option<&'a Request>,
    name: &str,
) -> Runner<'a, 'c> {
    match request {
        None => Runner::Criterion(c.benchmark_group(name)),
        Some(r) => Runner::Count(r, name.to_string()),
    }
}
