//! Criterion benchmark of a sweep: a manifold swept over B's angle in 10,000 steps,
//! with both engines (Box2D v3 and parry2d through `peers::ask`, every query they have)
//! and the exact f64 reference at every step — what the window's Sweep section and
//! `collidescope sweep --peers` compute. The budget is under a second for the whole
//! sweep on the project's machines (2 shared cores); the figure is in the book's Sweeps
//! chapter.
//!
//! Groups:
//! - `sweep_manifold_10000`: `manifold` on two boxes (B turning a full turn over A),
//!   quantities normal, depth, points, ids; functions `ours` (our algorithm and the
//!   exact reference only) and `ours_box2d_parry` (the engines too).

use collidescope::core::manifold::ManifoldSource;
use collidescope::core::shape::Geometry;
use collidescope::scene::view_state::Algorithm;
use collidescope::scene::{Scene, SceneShape};
use collidescope::verify::sweep::{sweep, Param, Quantity, Side, SweepSpec, What};
use criterion::{criterion_group, criterion_main, Criterion};
use glam::Vec2;

fn pair() -> Scene {
    let shape = |name: &str, half: f32, at: Vec2| {
        SceneShape::new(
            name,
            Geometry::Box {
                half_extents: Vec2::splat(half),
                radius: 0.0,
            },
            at,
            0.0,
        )
        .expect("a box")
    };
    Scene {
        shapes: vec![
            shape("A", 0.5, Vec2::ZERO),
            shape("B", 0.5, Vec2::new(0.3, 0.85)),
        ],
        ..Scene::default()
    }
}

fn spec(peers: bool) -> SweepSpec {
    SweepSpec {
        a: 0,
        b: 1,
        algorithm: Algorithm::Manifold,
        source: ManifoldSource::Sat,
        param: Param::Angle { shape: Side::B },
        from: 0.0,
        to: std::f64::consts::TAU,
        steps: 10_000,
        what: What(vec![
            Quantity::Normal,
            Quantity::Depth,
            Quantity::Points,
            Quantity::Ids,
        ]),
        peers,
        exact: true,
    }
}

fn bench(c: &mut Criterion) {
    let scene = pair();
    let mut g = c.benchmark_group("sweep_manifold_10000");
    g.sample_size(10);
    for (name, peers) in [("ours", false), ("ours_box2d_parry", true)] {
        let s = spec(peers);
        let check = sweep(&scene, s.clone()).expect("a sweep");
        assert_eq!(check.samples.len(), 10_001);
        g.bench_function(name, |b| {
            b.iter(|| sweep(&scene, s.clone()).map(|s| s.jumps.len()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
