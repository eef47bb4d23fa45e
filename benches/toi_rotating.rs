//! Criterion benchmark of the rotating time of impact, side by side with Box2D v3's
//! `b2TimeOfImpact` and parry2d 0.31's `cast_shapes_nonlinear`.
//!
//! Group `toi_rotating`, functions `collidescope/<case>`, `box2d/<case>`,
//! `parry2d/<case>` for three cases, each 64 pairs of the fuzzer's rotating family
//! (seeded; shapes Box2D takes, at most 8 vertices), stepped through inside the timed
//! loop:
//! - `translation`: the turns set to zero (Box2D's own case: one interval per step);
//! - `slow`: both turns under 1 radian per step;
//! - `fast`: the faster shape turning 1 to 20 turns per step (Box2D's sweep sees the
//!   turn wrapped into half a turn, so its answers are not the scene's motion there;
//!   it is timed all the same, doing what it does).
//!
//! Inputs are built before timing: ours `RotatingToiInput` (through the scene's
//! builder), Box2D's `b2TOIInput` (`peers::rotating::box2d_input`: proxies, sweeps with
//! `localCenter` 0), parry's shapes and `NonlinearRigidMotion`s. Ours aims at touching
//! (`max(radii, slop)`), Box2D slop deeper, parry at the radii; answers differ where the
//! engines are wrong (see `tests/peers_rotating.rs`). Only ratios within one run are
//! meaningful.

use collidescope::core::toi::rotating::{time_of_impact, RotatingToiInput};
use collidescope::peers::{parry as parry_peer, rotating};
use collidescope::scene::Settings;
use collidescope::verify::{generate_pair_in, Family, FuzzPair};
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use parry::query::{cast_shapes_nonlinear, NonlinearRigidMotion};
use std::time::Duration;

const PAIRS: usize = 64;
const SEED: u64 = 0x0B0E_7011;

/// parry's input: each shape and its motion.
type ParryInput = (
    Box<dyn parry::shape::Shape>,
    NonlinearRigidMotion,
    Box<dyn parry::shape::Shape>,
    NonlinearRigidMotion,
);

/// The pairs of a case, with every engine's input.
struct Case {
    pairs: Vec<FuzzPair>,
    box2d: Vec<boxdd_sys::ffi::b2TOIInput>,
    parry: Vec<ParryInput>,
}

/// 64 rotating-family pairs Box2D takes, kept by `keep` after `adjust`.
fn case(adjust: impl Fn(&mut FuzzPair), keep: impl Fn(&FuzzPair) -> bool) -> Case {
    let settings = Settings::default();
    let mut c = Case {
        pairs: Vec::new(),
        box2d: Vec::new(),
        parry: Vec::new(),
    };
    let mut index = 0;
    while c.pairs.len() < PAIRS && index < 1_000_000 {
        let mut p = generate_pair_in(SEED, index, Some(Family::Rotating));
        index += 1;
        adjust(&mut p);
        if !keep(&p) {
            continue;
        }
        let inputs = p.inputs(&settings);
        let Ok(b2) = rotating::box2d_input(&inputs) else {
            continue;
        };
        let (ma, mb) = rotating::parry_motions(&inputs);
        c.parry.push((
            parry_peer::shape(&p.shape_a),
            ma,
            parry_peer::shape(&p.shape_b),
            mb,
        ));
        c.box2d.push(b2);
        c.pairs.push(p);
    }
    c
}

fn turn(p: &FuzzPair) -> f32 {
    p.angular_velocity_a.abs().max(p.angular_velocity_b.abs())
}

fn toi_rotating(c: &mut Criterion) {
    let settings = Settings::default();
    let cases = [
        (
            "translation",
            case(
                |p| {
                    p.angular_velocity_a = 0.0;
                    p.angular_velocity_b = 0.0;
                },
                |p| p.velocity_a != p.velocity_b,
            ),
        ),
        ("slow", case(|_| {}, |p| turn(p) > 0.0 && turn(p) < 1.0)),
        ("fast", case(|_| {}, |p| turn(p) >= std::f32::consts::TAU)),
    ];
    let mut group = c.benchmark_group("toi_rotating");
    group.measurement_time(Duration::from_secs(3));
    group.warm_up_time(Duration::from_secs(1));
    for (name, case) in &cases {
        eprintln!("toi_rotating/{name}: {} pairs", case.pairs.len());
        if case.pairs.is_empty() {
            continue;
        }
        let inputs: Vec<RotatingToiInput> = case
            .pairs
            .iter()
            .map(|p| p.inputs(&settings).rotating_toi())
            .collect();
        group.bench_function(format!("collidescope/{name}"), |bench| {
            let mut i = 0usize;
            bench.iter(|| {
                let input = &inputs[i % inputs.len()];
                i = i.wrapping_add(1);
                black_box(time_of_impact(black_box(input), None))
            })
        });
        group.bench_function(format!("box2d/{name}"), |bench| {
            let mut i = 0usize;
            bench.iter(|| {
                let input = &case.box2d[i % case.box2d.len()];
                i = i.wrapping_add(1);
                black_box(rotating::box2d_call(black_box(input)))
            })
        });
        group.bench_function(format!("parry2d/{name}"), |bench| {
            let mut i = 0usize;
            bench.iter(|| {
                let (ga, ma, gb, mb) = &case.parry[i % case.parry.len()];
                i = i.wrapping_add(1);
                black_box(cast_shapes_nonlinear(
                    black_box(ma),
                    &**ga,
                    mb,
                    &**gb,
                    0.0,
                    1.0,
                    true,
                ))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, toi_rotating);
criterion_main!(benches);
