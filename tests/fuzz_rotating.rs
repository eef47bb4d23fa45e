//! The rotating time of impact against the f64 oracle on seeded pairs of the rotating
//! family (every kind, thin bars and slivers, turns from none to 20 per step, some
//! grazing): at least 99 % of the answers within the exact window
//! (`verify/checks/toi_rotating.rs`), the disagreements printed by class; and the
//! family's run through `collidescope fuzz`'s machinery (the `toi_rotating` row, a
//! disagreement's scene keeping the turns).

use collidescope::core::toi::rotating::{time_of_impact, RotatingToiOutput, ToiTermination};
use collidescope::scene::{load_scene, Settings};
use collidescope::study::Algorithm;
use collidescope::verify::{
    describe_rotating, generate_pair_in, judge_rotating, overlap_tolerance, run, write_scenes,
    BandedToi, Check, Disagreement, Family, FuzzConfig, FuzzPair, Reference, RotatingAnswer,
    RotatingClass, RotatingOracle,
};
use std::collections::BTreeMap;

const SEED: u64 = 0x0007_0151;
const PAIRS: u64 = 20_000;

/// What one pair came to.
struct Outcome {
    index: u64,
    class: RotatingClass,
    state: ToiTermination,
    exact_hit: bool,
    fast: bool,
    detail: String,
}

fn judge(pair: &FuzzPair, settings: &Settings) -> Outcome {
    let ours: RotatingToiOutput = time_of_impact(&pair.inputs(settings).rotating_toi(), None);
    let oracle = RotatingOracle::of_pair(pair);
    let exact = BandedToi::new(&oracle, ours.target as f64, ours.tolerance as f64);
    let answer = RotatingAnswer::from(&ours);
    let ex = Reference::new(pair);
    let mut v = judge_rotating(&oracle, &exact, answer, overlap_tolerance(&ex));
    if !exact.samples_agree {
        v.class = RotatingClass::Undecided;
    }
    Outcome {
        index: pair.index,
        class: v.class,
        state: ours.termination,
        exact_hit: exact.latest.t.is_some(),
        fast: pair
            .angular_velocity_a
            .abs()
            .max(pair.angular_velocity_b.abs())
            > std::f32::consts::TAU,
        detail: describe_rotating(&exact, "ours", answer, &v),
    }
}

/// Pairs `0..PAIRS` on two threads, in index order.
fn outcomes() -> Vec<Outcome> {
    let settings = Settings::default();
    let mut all: Vec<Outcome> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2u64)
            .map(|w| {
                let settings = &settings;
                s.spawn(move || {
                    (w..PAIRS)
                        .step_by(2)
                        .map(|i| {
                            judge(&generate_pair_in(SEED, i, Some(Family::Rotating)), settings)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|h| h.join().expect("a worker"))
            .collect()
    });
    all.sort_by_key(|o| o.index);
    all
}

#[test]
fn ours_agrees_with_the_oracle_on_99_percent_of_rotating_pairs() {
    let began = std::time::Instant::now();
    let all = outcomes();
    let mut classes: BTreeMap<RotatingClass, u64> = BTreeMap::new();
    let mut states: BTreeMap<&str, u64> = BTreeMap::new();
    for o in &all {
        *classes.entry(o.class).or_default() += 1;
        *states.entry(o.state.as_str()).or_default() += 1;
    }
    let judged = all
        .iter()
        .filter(|o| o.class != RotatingClass::Undecided)
        .count() as u64;
    let agree = all.iter().filter(|o| o.class.agrees()).count() as u64;
    let exact_hits = all.iter().filter(|o| o.exact_hit).count();
    let fast = all.iter().filter(|o| o.fast).count();
    println!(
        "{PAIRS} rotating pairs (seed {SEED:#x}) in {:.1} s: {agree} of {judged} judged agree \
         ({:.3} %); exact contacts {exact_hits}, fast spins (over a turn) {fast}",
        began.elapsed().as_secs_f64(),
        100.0 * agree as f64 / judged.max(1) as f64
    );
    println!("ours' states: {states:?}");
    for (c, n) in &classes {
        println!("  {:<24} {n}", c.name());
    }
    for class in RotatingClass::ALL {
        if class.agrees() {
            continue;
        }
        let cases: Vec<&Outcome> = all.iter().filter(|o| o.class == class).collect();
        if cases.is_empty() {
            continue;
        }
        println!("{} ({}):", class.name(), cases.len());
        for o in cases.iter().take(8) {
            println!("  pair {}: {}", o.index, o.detail);
        }
    }
    // Enough of each kind of case to mean something.
    assert!(exact_hits as u64 > PAIRS / 5, "{exact_hits} contacts");
    assert!(fast as u64 > PAIRS / 4, "{fast} fast spins");
    assert!(classes.get(&RotatingClass::Grazing).copied().unwrap_or(0) > 100);
    assert!(
        judged >= PAIRS * 999 / 1000,
        "the oracle decided only {judged}"
    );
    assert!(
        agree * 100 >= judged * 99,
        "{agree} of {judged} agree (under 99 %)"
    );
}

#[test]
fn the_rotating_family_runs_through_the_fuzzer_and_its_scenes_keep_the_turns() {
    let config = FuzzConfig {
        seed: 3,
        start: 0,
        count: 600,
        threads: 2,
        keep: 20,
        family: Some(Family::Rotating),
    };
    let mut report = run(&config, &mut |_, _| {});
    assert_eq!(report.family(Family::Rotating).pairs, 600);
    let stats = report.check(Check::ToiRotating);
    assert!(stats.pairs >= 590, "{}", report.table());
    assert!(report.table().contains("toi_rotating"));
    // A disagreement (made up) becomes a scene with the pair's turns, on the rotating
    // algorithm, reproducible with --family.
    let index = (0..600)
        .find(|i| {
            let p = generate_pair_in(3, *i, Some(Family::Rotating));
            p.angular_velocity_a != 0.0 && p.angular_velocity_b != 0.0
        })
        .expect("a pair where both turn");
    report.disagreements.push(Disagreement {
        seed: 3,
        index,
        family: Family::Rotating,
        check: Check::ToiRotating,
        error: 0.5,
        tolerance: 1e-3,
        detail: "made up".into(),
        manifold_source: None,
    });
    let dir = std::env::temp_dir().join(format!("collidescope-rot-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let written = write_scenes(&report, &dir, 50).expect("written");
    let path = written
        .iter()
        .find(|p| p.to_string_lossy().contains(&format!("pair{index:07}")))
        .expect("the made-up disagreement's scene");
    let scene = load_scene(path).expect("loads");
    let p = generate_pair_in(3, index, Some(Family::Rotating));
    assert_eq!(scene.shapes[0].angular_velocity, p.angular_velocity_a);
    assert_eq!(scene.shapes[1].angular_velocity, p.angular_velocity_b);
    assert_eq!(scene.shapes[1].pose, p.pose_b);
    assert_eq!(scene.view.algorithm, Algorithm::Rotating);
    assert!(
        scene.notes.contains(&format!(
            "--family rotating --seed 3 --start {index} --count 1"
        )),
        "{}",
        scene.notes
    );
    let _ = std::fs::remove_dir_all(&dir);
}
