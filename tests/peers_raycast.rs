//! Ray casts: Collidescope's exact functions against Box2D v3's and parry2d's on the
//! same seeded rays (`common::rays`: 1,250 rays against each of nine shape kinds,
//! 11,250 in all, one in five grazing), each ray also settled by the f64 oracle.
//!
//! ## What is compared (world frame; `L = R + |o| + |d|` in the shape's frame)
//! - **Origin outside** (our answer is a hit or a miss): hit or miss, and where both
//!   hit the fraction — equal within `1e-4·L` along the ray, or the engine's point on
//!   the exact surface within `1e-4·L` (a glancing ray turns a tiny distance into a
//!   long stretch of ray);
//! - **Origin inside** (our `inside: true`) is compared by convention: Box2D v3.2
//!   reports a hit at fraction 0 ("initial overlap"), parry `solid = true` a hit at
//!   0, parry `solid = false` the exit, which must match our `exit_fraction` (or both
//!   none when the ray ends inside);
//! - rays the oracle cannot decide in f32 (an origin on the surface, a ray grazing it
//!   within 1e-5·L) and rays Box2D refuses are counted, not compared.
//!
//! ## Disagreement classes (each counted; `--nocapture` prints two of each)
//! **Box2D** (v3.2, as linked):
//! - *rounded polygons — the slop*: `b2RayCastPolygon` sends a rounded polygon
//!   through `b2ShapeCast` with a point, which stops at a core distance of
//!   `target = max(slop, r − slop)` to `target + slop/4` (slop = 0.005): its hit
//!   lies 0.75 to 1 slop *inside* the rounded surface. A hit whose point lies in that
//!   band counts as agreeing ("within the slop", 834 of the 960 rounded hits — the
//!   others are within 1e-4·L anyway); a ray grazing the surface less than a slop
//!   deep is a miss for Box2D (91, "grazes less than a slop deep"); an origin less
//!   than 0.75 slop inside is not an overlap for Box2D but a hit just ahead (7,
//!   "inside within the slop"); and with `r < 2·slop` the target is the slop itself,
//!   *outside* the surface, so a ray passing within `slop − r` outside is a hit (1,
//!   "thin rounding").
//! - *refusals*: 597 slivers and 112 random hulls fail `b2ValidateHull` (a vertex
//!   within linear slop of its neighbours' line) and are not asked.
//! - Nothing else: on circles, capsules, segments and sharp polygons Box2D's closed
//!   forms agree with ours on every ray (its capsule's near-parallel shortcut and
//!   its segment's parallel miss never met an unambiguous ray here; both are unit
//!   tests of ours, `capsule.rs`, `segment.rs`).
//!
//! **parry2d 0.31**:
//! - *`solid = false` exits — a units bug*: 823 of the 1,419 inside rays, all on
//!   polygons (sharp or rounded): parry's support-map ray cast
//!   (`local_ray_intersection_with_support_map_with_params`) finds the exit by
//!   shifting the origin a *length* along the normalised direction and casting back
//!   with the *unnormalised* one, then subtracts the two (`shift − toi`), mixing
//!   units whenever `|d| ≠ 1`. Recast with a unit direction (and `max_fraction`
//!   scaled by `|d|`), parry's exit agrees with ours on all 1,419. Its balls and
//!   capsules (closed forms) are right either way. The raw rate (42 %) is printed,
//!   not asserted; the recast one is.
//! - *its GJK tolerance*: 2 rays passing 1.8e-5·L and 2.7e-5·L outside a small
//!   rounded box and a sliver box are hits for parry (the oracle: misses), and 1 hit
//!   on a small rounded triangle (r = 0.0024) lies 6.7e-5 inside the surface (1.1e-4·L;
//!   the oracle: ours). parry's GJK ray cast stops on its own tolerance, which a
//!   grazing ray or a thin rounding exposes.
//!
//! ## Results (the seed below)
//! 11,250 rays, 759 ambiguous to f32 (on the surface or grazing within 1e-5·L;
//! the oracle measures a segment's ambiguity across the lines, `src/verify/exact_ray.rs`).
//! - Box2D: hit/miss 8,385 / 8,385 (100 %, 92 of them by the slop classes above),
//!   fraction 4,119 / 4,119 where both hit (100 %, 834 within the slop), inside →
//!   "initial overlap" 1,397 / 1,397;
//! - parry2d: hit/miss 9,070 / 9,072 (99.978 %), fraction 4,460 / 4,461 (99.978 %),
//!   inside → 0 with `solid = true` 1,419 / 1,419, exit with `solid = false` 596 /
//!   1,419 raw (42 %) and 1,419 / 1,419 recast with a unit direction.
//!
//! Every rate is asserted at ≥ 99 % (the raw parry exit excepted, see above).

mod common;

use collidescope::core::raycast::{ray_cast, RayCastInput, RayCastOutput};
use collidescope::peers::{box2d, parry};
use collidescope::trace::peer_answer::PeerRayCast;
use common::rays::{random_case, Case, Exact, Frame, Kind};
use std::collections::BTreeMap;

const SEED: u64 = 0x5045_4552_5241_5901;
const PER_KIND: u64 = 1_250;
/// Fraction / surface tolerance against an engine, relative to L.
const PEER_TOL: f64 = 1.0e-4;

#[derive(Default)]
struct Side {
    refused: usize,
    /// Origin outside: compared on hit/miss; both hit: compared on fraction.
    compared: usize,
    hit_miss: usize,
    both_hit: usize,
    fraction: usize,
    /// Origin inside, by convention.
    inside: usize,
    inside_ok: usize,
    /// Disagreements and explained differences, by class.
    classes: BTreeMap<&'static str, usize>,
    notes: Vec<String>,
}

#[derive(Default)]
struct Row {
    rays: usize,
    ambiguous: usize,
    box2d: Side,
    parry: Side,
    /// parry `solid = false` on inside rays: the exit.
    parry_exit: usize,
    parry_exit_ok: usize,
    /// ... of which agree once recast with a unit direction (parry's units bug).
    parry_exit_units: usize,
}

impl Side {
    /// Counts a difference of `class`; the first two of each class are described.
    fn class(&mut self, class: &'static str, note: impl FnOnce() -> String) {
        let n = self.classes.entry(class).or_default();
        *n += 1;
        if *n <= 2 {
            self.notes.push(format!("[{class}] {}", note()));
        }
    }
}

/// The engine's fraction agrees with ours: close along the ray, or on the surface.
fn fraction_agrees(frame: &Frame, ours: f32, theirs: f32) -> bool {
    let along = (ours as f64 - theirs as f64).abs() * frame.d.length();
    along <= PEER_TOL * frame.scale || frame.g(theirs as f64).abs() <= PEER_TOL * frame.scale
}

/// Box2D's rounded-polygon hit lies in its slop band: core distance in
/// `[target, target + slop/4]`, target = `max(slop, r − slop)`.
fn in_slop_band(frame: &Frame, theirs: f32) -> bool {
    let slop = box2d::LINEAR_SLOP as f64;
    let target = slop.max(frame.r - slop);
    let core = frame.g(theirs as f64) + frame.r;
    let eps = PEER_TOL * frame.scale;
    core >= target - eps && core <= target + 0.25 * slop + eps
}

fn describe(case: &Case, ours: &RayCastOutput, theirs: &PeerRayCast) -> String {
    let frame = Frame::of(case);
    let exact = frame.exact();
    let (f_min, g_min) = frame.minimum();
    let at_theirs = frame.g(theirs.fraction as f64);
    format!(
        "oracle {exact:?}, closest approach {g_min:.3e} at f={f_min:.4}, L={:.3}, r={}, \
         signed distance at theirs {at_theirs:.3e} | ours {:?} f={} exit={:?} | theirs hit={} f={} n={:?} | ray {:?} xf {:?} shape {:?}",
        frame.scale,
        frame.r,
        ours.termination,
        ours.fraction,
        ours.exit_fraction,
        theirs.hit,
        theirs.fraction,
        theirs.normal,
        case.ray,
        case.xf,
        case.shape.geometry()
    )
}

/// An origin outside: hit or miss, then the fraction.
fn compare_outside(
    side: &mut Side,
    case: &Case,
    frame: &Frame,
    ours: &RayCastOutput,
    theirs: &PeerRayCast,
    box2d_rounded: bool,
) {
    side.compared += 1;
    let note = || describe(case, ours, theirs);
    if ours.hit != theirs.hit {
        let slop = box2d::LINEAR_SLOP as f64;
        let g_min = frame.minimum().1;
        if box2d_rounded && ours.hit && g_min >= -slop {
            side.hit_miss += 1;
            side.class(
                "box2d: grazes less than a slop deep: a miss (explained)",
                note,
            );
        } else if box2d_rounded
            && theirs.hit
            && g_min <= slop.max(frame.r - slop) + 0.25 * slop - frame.r
        {
            side.hit_miss += 1;
            side.class(
                "box2d: thin rounding (r < 2 slop): passes within slop − r outside (explained)",
                note,
            );
        } else if theirs.hit && g_min <= PEER_TOL * frame.scale {
            side.class(
                "engine hits a ray passing within 1e-4·L outside (oracle: miss)",
                note,
            );
        } else {
            side.class(
                if ours.hit {
                    "we hit, engine misses"
                } else {
                    "we miss, engine hits"
                },
                note,
            );
        }
        return;
    }
    side.hit_miss += 1;
    if !ours.hit {
        return;
    }
    side.both_hit += 1;
    if fraction_agrees(frame, ours.fraction, theirs.fraction) {
        side.fraction += 1;
    } else if box2d_rounded && in_slop_band(frame, theirs.fraction) {
        side.fraction += 1;
        side.class("box2d: within the slop (explained)", note);
    } else if frame.g(theirs.fraction as f64) < 0.0 {
        side.class("engine's hit past the surface (oracle: ours)", note);
    } else {
        side.class("fraction differs", note);
    }
}

/// An origin inside: the engine's convention.
fn compare_inside(
    side: &mut Side,
    case: &Case,
    ours: &RayCastOutput,
    theirs: &PeerRayCast,
    kind_rounded: bool,
) {
    side.inside += 1;
    if theirs.hit && theirs.fraction == 0.0 {
        side.inside_ok += 1;
    } else if kind_rounded && theirs.hit && theirs.fraction > 0.0 {
        side.inside_ok += 1;
        side.class("box2d: inside within the slop (explained)", || {
            describe(case, ours, theirs)
        });
    } else {
        side.class("inside: not a hit at 0", || describe(case, ours, theirs));
    }
}

fn run() -> BTreeMap<Kind, Row> {
    let mut rows = BTreeMap::new();
    for (k, kind) in Kind::ALL.into_iter().enumerate() {
        let row: &mut Row = rows.entry(kind).or_default();
        for i in 0..PER_KIND {
            let case = random_case(SEED, k as u64 * PER_KIND + i, kind);
            let frame = Frame::of(&case);
            row.rays += 1;
            if let Exact::Ambiguous(_) = frame.exact() {
                row.ambiguous += 1;
                continue;
            }
            let ours = ray_cast(&RayCastInput::new(&case.shape, case.xf, case.ray), None);
            let rounded = case.shape.vertices().len() >= 3 && case.shape.radius() > 0.0;
            match box2d::ray_cast(&case.shape, case.xf, case.ray) {
                Err(_) => row.box2d.refused += 1,
                Ok(b) if ours.inside => compare_inside(&mut row.box2d, &case, &ours, &b, rounded),
                Ok(b) => compare_outside(&mut row.box2d, &case, &frame, &ours, &b, rounded),
            }
            let solid = parry::ray_cast(&case.shape, case.xf, case.ray, true).expect("a valid ray");
            if !ours.inside {
                compare_outside(&mut row.parry, &case, &frame, &ours, &solid, false);
                continue;
            }
            compare_inside(&mut row.parry, &case, &ours, &solid, false);
            let exit = parry::ray_cast(&case.shape, case.xf, case.ray, false).expect("a valid ray");
            row.parry_exit += 1;
            let ok = match (ours.exit_fraction, exit.hit) {
                (Some(x), true) => fraction_agrees(&frame, x, exit.fraction),
                (None, false) => true,
                _ => false,
            };
            if ok {
                row.parry_exit_ok += 1;
            } else if unit_exit_agrees(&case, &frame, ours.exit_fraction) {
                row.parry_exit_units += 1;
                row.parry.class("solid = false: |d| ≠ 1 units bug", || {
                    describe(&case, &ours, &exit)
                });
            } else {
                row.parry.class("solid = false: exit differs", || {
                    describe(&case, &ours, &exit)
                });
            }
        }
    }
    rows
}

/// parry's `solid = false` exit recast with a unit direction (the same ray: the
/// translation normalised, `max_fraction` scaled by its length), brought back to our
/// fraction: agrees with ours?
fn unit_exit_agrees(case: &Case, frame: &Frame, ours: Option<f32>) -> bool {
    let len = case.ray.translation.length();
    let mut unit = case.ray;
    unit.translation /= len;
    unit.max_fraction *= len;
    let exit = parry::ray_cast(&case.shape, case.xf, unit, false).expect("a valid ray");
    match (ours, exit.hit) {
        (Some(x), true) => fraction_agrees(frame, x, exit.fraction / len),
        (None, false) => true,
        _ => false,
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        100.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

#[test]
fn ray_casts_agree_with_box2d_and_parry() {
    let rows = run();
    println!(
        "\nkind | rays | ambiguous | Box2D: refused, hit/miss %, fraction % (both hit), inside→hit 0 % | parry: hit/miss %, fraction %, inside→0 %, exit %"
    );
    let mut totals = [(0usize, 0usize); 8];
    let mut classes: [BTreeMap<&str, usize>; 2] = Default::default();
    for (kind, r) in &rows {
        let (b, p) = (&r.box2d, &r.parry);
        println!(
            "{:>15} | {:>5} | {:>3} | {:>3} {:>7.3} {:>7.3} ({:>4}) {:>7.3} ({:>3}) | {:>7.3} {:>7.3} ({:>4}) {:>7.3} {:>7.3} ({:>3})",
            kind.name(),
            r.rays,
            r.ambiguous,
            b.refused,
            pct(b.hit_miss, b.compared),
            pct(b.fraction, b.both_hit),
            b.both_hit,
            pct(b.inside_ok, b.inside),
            b.inside,
            pct(p.hit_miss, p.compared),
            pct(p.fraction, p.both_hit),
            p.both_hit,
            pct(p.inside_ok, p.inside),
            pct(r.parry_exit_ok, r.parry_exit),
            r.parry_exit,
        );
        for (k, (a, n)) in [
            (b.hit_miss, b.compared),
            (b.fraction, b.both_hit),
            (b.inside_ok, b.inside),
            (p.hit_miss, p.compared),
            (p.fraction, p.both_hit),
            (p.inside_ok, p.inside),
            (r.parry_exit_ok, r.parry_exit),
            (r.parry_exit_ok + r.parry_exit_units, r.parry_exit),
        ]
        .into_iter()
        .enumerate()
        {
            totals[k].0 += a;
            totals[k].1 += n;
        }
        for (e, side) in [b, p].into_iter().enumerate() {
            for (c, n) in &side.classes {
                *classes[e].entry(c).or_default() += n;
            }
            for note in &side.notes {
                println!("    {} {note}", ["box2d", "parry"][e]);
            }
        }
    }
    let names = [
        "Box2D hit/miss",
        "Box2D fraction",
        "Box2D inside",
        "parry hit/miss",
        "parry fraction",
        "parry inside (solid)",
        "parry exit (solid = false)",
        "parry exit, unit direction",
    ];
    for (name, (a, n)) in names.iter().zip(totals) {
        println!("{name:>28}: {a}/{n} = {:.3} %", pct(a, n));
    }
    for (e, c) in classes.iter().enumerate() {
        println!("{} classes: {c:?}", ["Box2D", "parry"][e]);
    }
    let rays: usize = rows.values().map(|r| r.rays).sum();
    assert!(rays >= 10_000);
    for (name, (a, n)) in names.iter().zip(totals) {
        assert!(n > 500, "{name}: only {n} compared");
        // parry's raw exit is reported, not asserted: its units bug (see the docs)
        // is asserted through the unit-direction recast, the next line.
        if *name != "parry exit (solid = false)" {
            assert!(pct(a, n) >= 99.0, "{name}: {a}/{n}");
        }
    }
}

/// Rays against chain segments, one-sided, against Box2D v3's `b2RayCastSegment(…, true)`
/// taken through the chain's frame as `b2RayCastShape` does: the fuzzer's chain family
/// (every chain form and placement), one ray per case, the same answer bit for bit.
#[test]
fn chain_rays_are_box2ds_bit_for_bit() {
    use collidescope::verify::{
        chain_case, peers_chain::chain_case_ray, peers_chain::compare_chain_ray,
    };
    let (mut hits, mut misses) = (0, 0);
    for index in 0..20_000 {
        let case = chain_case(0x4348_4149_4E52_4159, index);
        let same = compare_chain_ray(&case).expect("Box2D takes every finite ray");
        assert!(
            same,
            "case {index}: ray {:?} differs",
            chain_case_ray(&case)
        );
        let ray = chain_case_ray(&case);
        let segments = [case.segment];
        let o = collidescope::core::chain::ray_cast_chain(
            &collidescope::core::chain::ChainRayInput {
                segments: &segments,
                transform: case.transform_chain(),
                ray,
            },
            None,
        );
        if o.hit {
            hits += 1;
        } else {
            misses += 1;
        }
    }
    // Both answers are common: the comparison covers hits (fraction, point, normal) and
    // misses (the solid side, off the segment, parallel, out of range).
    assert!(
        hits > 4_000 && misses > 4_000,
        "{hits} hits, {misses} misses"
    );
}
