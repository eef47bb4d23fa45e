//! The GJK loop: the simplex solved step by step towards the origin, with Box2D's
//! terminations and the three rules of our own (the module docs of `gjk`), on a
//! simplex the caller keeps.

use super::cache::{read_cache, CacheUse, SimplexCache};
use super::pair::LocalPair;
use super::simplex::{search_direction, Simplex, SimplexVertex};
use super::trace::{record_step, GjkTrace};
use super::GjkTermination;
use crate::core::consts::GJK_DIRECTION_EPSILON;
use crate::core::math::{cross, Transform};
use crate::core::record::Record;
use glam::Vec2;
use std::mem::MaybeUninit;

/// The result of the GJK loop on the cores, in A's frame.
pub(crate) struct GjkCore {
    pub simplex: Simplex,
    pub termination: GjkTermination,
    pub iterations: u32,
    /// See [`GjkRun::box2d_early_return`].
    pub box2d_early_return: bool,
}

/// How the GJK loop ended (its simplex left where the caller keeps it).
#[derive(Clone, Copy)]
pub(crate) struct GjkRun {
    pub termination: GjkTermination,
    pub iterations: u32,
    pub cache_use: CacheUse,
    /// Box2D's `b2ShapeDistance` returned early at a step of this loop — its simplex
    /// enclosed the origin, or its direction test fired — reporting an overlap, 0
    /// iterations and its cache unwritten.
    pub box2d_early_return: bool,
}

/// The vertex pairs of the simplex as it enters a step, before solving drops any
/// (b2Distance's saveA/saveB): a support point that Solve3 has just dropped must
/// count as a duplicate, or rounding can drop and re-add it forever (a segment nearly
/// parallel to a face would cycle to the iteration bound: `tests/fuzz.rs`).
///
/// Two byte arrays, not pairs: the indices were just stored one byte each, and a
/// pair read back as one 16-bit load cannot be forwarded from those two stores, a
/// stall on every iteration.
struct EnteringPairs {
    count: usize,
    a: [u8; 3],
    b: [u8; 3],
}

impl EnteringPairs {
    #[inline(always)]
    fn of(simplex: &Simplex) -> EnteringPairs {
        let count = simplex.count;
        let mut a = [0u8; 3];
        let mut b = [0u8; 3];
        for (i, v) in simplex.v[..count].iter().enumerate() {
            a[i] = v.index_a;
            b[i] = v.index_b;
        }
        EnteringPairs { count, a, b }
    }

    /// The main termination: the support pair repeats a vertex of the simplex as it
    /// entered this step (compare indices, not coordinates: coordinates can cycle
    /// between equal values).
    #[inline(always)]
    fn contains(&self, support: &SimplexVertex) -> bool {
        (0..self.count).any(|i| self.a[i] == support.index_a && self.b[i] == support.index_b)
    }
}

/// The search direction vanished: Box2D's `b2Dot(d, d) < FLT_EPSILON * FLT_EPSILON`.
#[inline(always)]
fn direction_zero(d: Vec2) -> bool {
    d.dot(d) < f32::EPSILON * f32::EPSILON
}

/// The origin's distance from the simplex's point or line: for a segment Box2D's
/// `d = s·perp(e12)` with `s = cross(w1 + w2, e12) = 2·cross(w1, e12)`, so the
/// distance is `|s| / (2·|e12|)`.
#[inline(always)]
fn origin_distance(simplex: &Simplex, d: Vec2) -> f32 {
    if simplex.count == 1 {
        return d.length();
    }
    let (w1, w2) = (simplex.v[0].w, simplex.v[1].w);
    let e12 = w2 - w1;
    0.5 * cross(w1 + w2, e12).abs() / e12.length()
}

/// Does the origin lie on the simplex, to f32 precision relative to the
/// configuration's size? Asked where Box2D's direction test fires — its `d` scales
/// with the square of a segment's length, so on a short simplex edge the absolute test
/// fires with the origin clearly off it (a point 0.005 beyond a 0.0032-wide plank:
/// Box2D's false overlap, public case 5), and the loop then goes on along `d`, whose
/// direction is exact — and where the loop circles (a segment of B − A through the
/// origin, its side flipping in the rounding).
///
/// The usual answer, no, comes from [`clearly_off`] without a square root or a
/// division: asked where nearly every separated query ends, those sat on its last
/// step's critical path.
#[inline(always)]
fn origin_on_simplex(pair: &LocalPair, simplex: &Simplex, d: Vec2) -> bool {
    if d == Vec2::ZERO {
        return true;
    }
    let limit = GJK_DIRECTION_EPSILON * pair.scale_of(simplex);
    if clearly_off(simplex, d, limit) {
        return false;
    }
    within(simplex, d, limit)
}

#[inline(never)]
fn within(simplex: &Simplex, d: Vec2, limit: f32) -> bool {
    origin_distance(simplex, d) <= limit
}

/// `origin_distance(simplex, d) > limit` for certain, decided without its square root
/// and division; false when unsure (then the exact test decides), so the answer of
/// [`origin_on_simplex`] is the exact test's.
///
/// With every magnitude between 1e-18 and 1e18 nothing under- or overflows, and each
/// rounding is relative, at most 2⁻²⁴: for a point `|d| = √(dx² + dy²) ≥ m (1 − 2⁻²³)`
/// with `m = max(|dx|, |dy|)`, so `m/2 > limit` settles it; for a segment the distance
/// is `a / |e12|` with `a = |cross(w1 + w2, e12)| / 2` (the same expression, the same
/// bits) and `|e12| ≤ (|ex| + |ey|)(1 + 2⁻²²)`, so `a > 2·limit·(|ex| + |ey|)` settles
/// it (the quotient stays above `2·limit` less its roundings; `limit > 1e-30` keeps it
/// clear of underflow). A NaN fails every comparison: unsure.
#[inline(always)]
fn clearly_off(simplex: &Simplex, d: Vec2, limit: f32) -> bool {
    const LO: f32 = 1.0e-18;
    const HI: f32 = 1.0e18;
    if simplex.count == 1 {
        let m = d.x.abs().max(d.y.abs());
        return m > LO && m < HI && 0.5 * m > limit;
    }
    let (w1, w2) = (simplex.v[0].w, simplex.v[1].w);
    let e12 = w2 - w1;
    let n1 = e12.x.abs() + e12.y.abs();
    let a = 0.5 * cross(w1 + w2, e12).abs();
    n1 > LO && n1 < HI && a < HI && limit > 1.0e-30 && a > 2.0 * limit * n1
}

/// The solved simplex as one number: its count and its vertex pairs in order.
#[inline(always)]
fn state_key(simplex: &Simplex) -> u64 {
    let mut key = simplex.count as u64;
    for v in simplex.vertices() {
        key = key << 16 | u64::from(v.index_a) << 8 | u64::from(v.index_b);
    }
    key
}

/// The GJK loop on the cores of `pair`. Records into `trace` (world space via
/// `xf_a`) when given.
pub(crate) fn gjk_core(
    pair: &LocalPair,
    cache: Option<&SimplexCache>,
    max_iterations: u32,
    xf_a: &Transform,
    trace: Option<&mut GjkTrace>,
) -> GjkCore {
    let mut simplex = Simplex::default();
    let run = gjk_run(pair, cache, max_iterations, xf_a, trace, &mut simplex);
    GjkCore {
        simplex,
        termination: run.termination,
        iterations: run.iterations,
        box2d_early_return: run.box2d_early_return,
    }
}

/// [`gjk_core`] on a simplex the caller keeps (its old contents are not read): the
/// loop works on it in place, and the ~100-byte simplex is not copied out of the
/// cache reader, out of the loop and into the caller's result.
#[inline(always)]
pub(crate) fn gjk_run(
    pair: &LocalPair,
    cache: Option<&SimplexCache>,
    max_iterations: u32,
    xf_a: &Transform,
    mut trace: Option<&mut GjkTrace>,
    simplex: &mut Simplex,
) -> GjkRun {
    let cache_use = read_cache(pair, cache, simplex);
    // Records written so far; the trace's older records beyond it are dropped at the end.
    let mut recorded = 0usize;
    trace.record(|t| {
        t.cache_use = Some(cache_use);
    });
    let tracing = trace.is_some();
    let mut iterations = 0u32;
    let mut box2d_early_return = false;
    // Every solved simplex so far (`state_key`), the cycle test's: the loop is
    // deterministic, so a solved simplex met again repeats the same steps forever.
    // Only `states[..state_count]` is ever read: left uninitialised, the array costs
    // no stores on the queries (most) that end in a few steps.
    let mut states = [MaybeUninit::<u64>::uninit(); 32];
    let mut state_count = 0usize;
    let termination = loop {
        // The simplex as it enters this step, kept only for the trace (without one,
        // nothing is copied or recorded: the trace costs nothing when off).
        let entering = if tracing { Some(*simplex) } else { None };
        let entering_pairs = EnteringPairs::of(simplex);
        let step_iteration = iterations;
        let region = simplex.solve();
        // This iteration's record (the simplex as it entered and as solved); the
        // closure builds it only when a trace is given.
        let mut record = |direction, support, stop| {
            trace.record(|t| {
                if let Some(entering) = entering.as_ref() {
                    record_step(
                        t,
                        &mut recorded,
                        xf_a,
                        step_iteration,
                        entering,
                        region,
                        simplex,
                        direction,
                        support,
                        stop,
                    );
                }
            });
        };
        if simplex.count == 3 {
            box2d_early_return = true;
            record(None, None, Some(GjkTermination::Overlap));
            break GjkTermination::Overlap;
        }
        let d = search_direction(simplex);
        if direction_zero(d) {
            box2d_early_return = true;
            if origin_on_simplex(pair, simplex, d) {
                record(None, None, Some(GjkTermination::DirectionZero));
                break GjkTermination::DirectionZero;
            }
        }
        if iterations >= max_iterations {
            record(Some(d), None, Some(GjkTermination::MaxIterations));
            break GjkTermination::MaxIterations;
        }
        let support = pair.support(d);
        iterations += 1;
        // The cycle test, on the steps that do not end on a repeated support point
        // (most queries' last step does: it makes no key and no scan): this step's
        // solved simplex against the earlier steps', then kept for the later ones.
        let repeated = if entering_pairs.contains(&support) {
            Some(GjkTermination::DuplicateSupport)
        } else {
            let state = state_key(simplex);
            // SAFETY: the first `state_count` entries were written here on earlier steps.
            let cycling = states[..state_count]
                .iter()
                .any(|s| unsafe { s.assume_init() } == state);
            if state_count < states.len() {
                states[state_count] = MaybeUninit::new(state);
                state_count += 1;
            }
            cycling.then_some(GjkTermination::Cycle)
        };
        if let Some(stop) = repeated {
            // Ended with the origin on the simplex to f32 precision: touching, where
            // Box2D reports a distance of rounding (a segment of B − A through the
            // origin, which a circling loop crosses and recrosses).
            let stop = if origin_on_simplex(pair, simplex, d) {
                GjkTermination::DirectionZero
            } else {
                stop
            };
            record(Some(d), Some(support), Some(stop));
            break stop;
        }
        record(Some(d), Some(support), None);
        simplex.v[simplex.count] = support;
        simplex.count += 1;
    };
    trace.record(|t| {
        t.steps.truncate(recorded);
    });
    GjkRun {
        termination,
        iterations,
        cache_use,
        box2d_early_return,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn simplex(ws: &[Vec2]) -> Simplex {
        let mut s = Simplex::default();
        for (k, w) in ws.iter().enumerate() {
            s.v[k].w = *w;
        }
        s.count = ws.len();
        s
    }

    /// The bounds say "off" only where the exact test says off: points and segments at
    /// every scale from 1e-20 to 1e20, limits around their distances, and the edges
    /// (zeros, a zero-length segment, NaN).
    #[test]
    fn clearly_off_never_contradicts_the_exact_test() {
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32
        };
        let mut decided = 0;
        for k in 0..200_000 {
            let scale = 10f32.powi(k % 41 - 20);
            let mut v = || Vec2::new(next() - 0.5, next() - 0.5) * scale;
            let s = if k % 2 == 0 {
                simplex(&[v()])
            } else {
                simplex(&[v(), v()])
            };
            let d = if s.count == 1 {
                -s.v[0].w
            } else {
                let e = s.v[1].w - s.v[0].w;
                crate::core::math::cross_sv(cross(s.v[0].w + s.v[1].w, e), e)
            };
            let exact = origin_distance(&s, d);
            for limit in [
                exact * 0.4,
                exact * 0.5,
                exact * 0.99,
                exact,
                exact * 2.0,
                0.0,
            ] {
                if clearly_off(&s, d, limit) {
                    decided += 1;
                    assert!(exact > limit, "{s:?} {d} {limit}");
                }
            }
        }
        assert!(
            decided > 100_000,
            "the bounds decide the usual case: {decided}"
        );
        let nan = Vec2::new(f32::NAN, 0.0);
        assert!(!clearly_off(&simplex(&[nan]), nan, 0.0));
        let p = Vec2::new(1.0, 2.0);
        assert!(!clearly_off(&simplex(&[p, p]), Vec2::ZERO, 0.0));
    }
}
