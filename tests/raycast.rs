//! The ray casts against the exact answer in f64: the exact functions
//! (`raycast::ray_cast`) and the GJK ray cast (`raycast::ray_cast_gjk`) on 36,000
//! seeded rays, 4,000 against each of nine shape kinds (`common::rays`: circles,
//! polygons, random hulls, boxes, rounded polygons and boxes, capsules, segments and
//! slivers of aspect 1e-3, sizes 0.1 to 10, origins up to 50 radii away, one ray in
//! five grazing the surface at 1e-6 to 1e-1 of the size).
//!
//! ## Agreement (per ray the oracle can decide; `L = R + |o| + |d|`, `TOL = 1e-5`)
//! - the status: hit, missed or inside;
//! - a hit's fraction: **strictly**, `|Δf|·|d| ≤ TOL·L`; **on the surface**, the
//!   reported point is within `TOL·L` of the exact surface (`|g(f)| ≤ TOL·L`) and
//!   not past the deepest point of the ray (where it would be leaving). Where a ray
//!   meets the surface at a glancing angle θ, a distance error `δ` along the normal
//!   moves the fraction by `δ/(|d|·cos θ)`, so a correct answer can fail the strict
//!   test and pass the other; both are asserted at 99.9 % (GJK's strict at 99.5 %);
//! - an inside ray's exit, the same two ways (or both "ends inside");
//! - the normal, within 1e-3 rad, where the exact one is unique (not within 1e-3·L
//!   of a sharp corner).
//!
//! ## Results (the seed below; `cargo test --release --test raycast -- --nocapture`)
//! The oracle decides 33,581 of the 36,000 rays — 14,507 hits, 14,500 misses, 4,574
//! origins inside — and leaves 2,419 ambiguous (a grazing offset or an origin within
//! 1e-5·L of the surface; most of them from the grazing family, and on slivers, whose
//! thickness is of that order; 17 segment hits at a glancing angle became ambiguous
//! when the oracle began measuring a segment's ambiguity across the lines, see
//! `src/verify/exact_ray.rs`). The oracle and the generator are the fuzzer's
//! (`collidescope fuzz` casts two rays per pair with them), the judge too
//! (`verify::judge_ray`). **Both methods agree with it on every decided ray,
//! 100 %, strictly as well**: worst `|Δf|·|d|/L` 3.0e-6 (exact) and 3.4e-6 (GJK),
//! every normal within 1e-3 rad (worst 2.2e-4 exact, 2.7e-4 GJK, both on grazing
//! hits of slivers and rounded shapes, where a position error along the ray turns
//! the normal by that error over the radius); the GJK ray cast never reached its
//! iteration bound.
//!
//! Two disagreements found on the way, both fixed in the core and kept as the
//! reason for code there: a grazing ray near a rounded corner took the corner
//! circle's normal where the circle runs under the neighbouring flat piece (now the
//! exact function keeps only a circle's arc, and GJK's final exact step checks the
//! corner's normal cone: `rounded.rs`, `march.rs` `polish`); and GJK on a sharp edge
//! hit by a grazing ray reported the last support line's normal, a corner's, nearly
//! parallel to the edge (now the edge's own normal).

mod common;

use collidescope::core::raycast::{
    ray_cast, ray_cast_gjk, RayCastInput, RayCastOutput, RayTermination, RayTrace,
};
use collidescope::verify::{judge_ray, RAY_NORMAL_TOLERANCE};
use common::rays::{random_case, Exact, Frame, Kind};
use std::collections::BTreeMap;

const SEED: u64 = 0x5241_5943_4153_5401;
const PER_KIND: u64 = 4_000;

type Cast = fn(&RayCastInput, Option<&mut RayTrace>) -> RayCastOutput;

/// One method's tally on one kind.
#[derive(Default, Clone)]
struct Tally {
    rays: usize,
    ambiguous: usize,
    compared: usize,
    /// Status and (hit / exit) on the surface.
    agree: usize,
    /// Status and strict fractions.
    strict: usize,
    normals: usize,
    normals_ok: usize,
    worst_normal: f64,
    worst_fraction: f64,
    max_iterations: usize,
    /// The oracle's verdicts: hits, misses, origins inside.
    hits: usize,
    misses: usize,
    inside: usize,
    /// The first disagreements, described.
    notes: Vec<String>,
}

/// Compares `out` with the exact answer (the fuzzer's own judge,
/// `verify::judge_ray`); returns (agree, strict).
fn compare(frame: &Frame, exact: &Exact, out: &RayCastOutput, t: &mut Tally) -> (bool, bool) {
    let j = judge_ray(frame, exact, out);
    if let Some(err) = j.fraction_error {
        t.worst_fraction = t.worst_fraction.max(err);
    }
    if let Some(a) = j.normal_error {
        t.normals += 1;
        t.normals_ok += usize::from(a <= RAY_NORMAL_TOLERANCE);
        t.worst_normal = t.worst_normal.max(a);
    }
    (j.agree, j.strict)
}

fn run(method: Cast) -> BTreeMap<Kind, Tally> {
    let mut tallies = BTreeMap::new();
    for (k, kind) in Kind::ALL.into_iter().enumerate() {
        let t: &mut Tally = tallies.entry(kind).or_default();
        for i in 0..PER_KIND {
            let case = random_case(SEED, k as u64 * PER_KIND + i, kind);
            let frame = Frame::of(&case);
            let exact = frame.exact();
            let out = method(&RayCastInput::new(&case.shape, case.xf, case.ray), None);
            t.rays += 1;
            t.max_iterations += usize::from(out.termination == RayTermination::MaxIterations);
            if let Exact::Ambiguous(_) = exact {
                t.ambiguous += 1;
                continue;
            }
            t.compared += 1;
            match exact {
                Exact::Hit { .. } => t.hits += 1,
                Exact::Missed => t.misses += 1,
                _ => t.inside += 1,
            }
            let normals_bad = t.normals - t.normals_ok;
            let (agree, strict) = compare(&frame, &exact, &out, t);
            let normal_off = t.normals - t.normals_ok > normals_bad;
            t.agree += usize::from(agree);
            t.strict += usize::from(strict);
            if (!agree || !strict || normal_off) && t.notes.len() < 4 {
                t.notes.push(format!(
                    "#{i} agree={agree} strict={strict} normal_off={normal_off} exact={exact:?} ours={:?} f={} exit={:?} n={} ray={:?} xf={:?} shape={:?}",
                    out.termination, out.fraction, out.exit_fraction, out.normal, case.ray, case.xf, case.shape.geometry()
                ));
            }
        }
    }
    tallies
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

/// Prints the table and returns the totals (compared, agree, strict).
fn report(name: &str, tallies: &BTreeMap<Kind, Tally>) -> (usize, usize, usize, usize) {
    println!("\n{name}: kind | rays | ambiguous | hit/miss/inside | on surface % | strict % | normals ok % (n) | worst normal rad | worst |Δf|·|d|/L | max_iter");
    let mut total = (0, 0, 0, 0);
    for (kind, t) in tallies {
        println!(
            "  {:>15} | {:>5} | {:>3} | {:>4}/{:>4}/{:>3} | {:>7.3} | {:>7.3} | {:>7.3} ({:>5}) | {:.1e} | {:.1e} | {}",
            kind.name(),
            t.rays,
            t.ambiguous,
            t.hits,
            t.misses,
            t.inside,
            pct(t.agree, t.compared),
            pct(t.strict, t.compared),
            pct(t.normals_ok, t.normals),
            t.normals,
            t.worst_normal,
            t.worst_fraction,
            t.max_iterations
        );
        for note in &t.notes {
            println!("      {note}");
        }
        total.0 += t.compared;
        total.1 += t.agree;
        total.2 += t.strict;
        total.3 += t.max_iterations;
    }
    println!(
        "  total: {} compared, on surface {:.3} %, strict {:.3} %",
        total.0,
        pct(total.1, total.0),
        pct(total.2, total.0)
    );
    total
}

#[test]
fn exact_functions_agree_with_the_f64_oracle() {
    let tallies = run(ray_cast);
    let (compared, agree, strict, _) = report("exact", &tallies);
    assert!(compared >= 33_000, "{compared}");
    assert!(pct(agree, compared) >= 99.9, "{agree}/{compared}");
    assert!(pct(strict, compared) >= 99.9, "{strict}/{compared}");
    for (kind, t) in &tallies {
        assert!(pct(t.normals_ok, t.normals) >= 99.9, "{}", kind.name());
    }
}

#[test]
fn gjk_ray_cast_agrees_with_the_f64_oracle() {
    let tallies = run(ray_cast_gjk);
    let (compared, agree, strict, max_iterations) = report("gjk", &tallies);
    assert!(compared >= 33_000, "{compared}");
    assert!(pct(agree, compared) >= 99.9, "{agree}/{compared}");
    assert!(pct(strict, compared) >= 99.5, "{strict}/{compared}");
    assert_eq!(max_iterations, 0);
    for (kind, t) in &tallies {
        assert!(pct(t.normals_ok, t.normals) >= 99.9, "{}", kind.name());
    }
}

/// Calls `f` with each fuzzer ray of pair `index` of seed 101 against each shape of the
/// pair: the cast's input and the oracle's frame.
fn each_fuzzer_ray(index: u64, mut f: impl FnMut(&RayCastInput, &collidescope::verify::RayFrame)) {
    use collidescope::verify::{fuzz_rays, generate_pair_in, RayFrame};
    let pair = generate_pair_in(101, index, None);
    let (xa, xb) = (pair.transform_a(), pair.transform_b());
    for fr in fuzz_rays(&pair) {
        for (shape, xf) in [(&pair.shape_a, xa), (&pair.shape_b, xb)] {
            f(
                &RayCastInput::new(shape, xf, fr.ray),
                &RayFrame::new(shape, &xf, &fr.ray),
            );
        }
    }
}

/// Fuzzer finds, each a line that misses a sliver's sharp tip by ~1e-4 (1.6e-5 of the
/// size) while the tip's two edge planes stay within f32's rounding of each other: the
/// clip alone called them hits. Each must miss as the oracle says (`fuzz --seed 101`).
#[test]
fn lines_past_a_slivers_tip_miss() {
    use collidescope::verify::ExactRay;
    for index in [249_362u64, 337_897, 456_194] {
        let mut judged = 0;
        each_fuzzer_ray(index, |input, frame| {
            if frame.exact() == ExactRay::Missed {
                let out = ray_cast(input, None);
                assert_eq!(
                    out.termination,
                    RayTermination::Missed,
                    "pair {index}: {out:?}"
                );
                judged += 1;
            }
        });
        assert!(judged >= 1, "pair {index}: no missing ray to judge");
    }
}

/// A grazing ray passing a small rounded corner's circle (radius 5e-4) within the march
/// tolerance, into the flat piece of the edge beside it: the GJK ray cast's last gap is
/// closed on that flat piece, with the edge's normal, not the corner's (2e-2 rad off
/// on `fuzz --seed 101` pair 730147).
#[test]
fn a_grazing_ray_past_a_small_corner_gets_the_edges_normal() {
    let mut judged = 0;
    each_fuzzer_ray(730_147, |input, frame| {
        let out = ray_cast_gjk(input, None);
        if let Some(e) = judge_ray(frame, &frame.exact(), &out).normal_error {
            assert!(e <= RAY_NORMAL_TOLERANCE, "normal {e} rad off: {out:?}");
            judged += 1;
        }
    });
    assert!(judged >= 1, "no hit with a unique normal to judge");
}
