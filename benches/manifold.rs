//! Criterion benchmarks of the contact manifolds, side by side with parry2d 0.25.
//!
//! Every group runs both libraries on the **same** seeded pairs (256 of them),
//! stepping through the pairs inside the timed loop so that neither the branch
//! predictor nor the caches can learn a single pair. Shapes, transforms and parry2d's
//! `Isometry`s are built before timing starts; traces are off. parry2d gets a fresh
//! `ContactManifold` per call (an `ArrayVec` in 2D: no allocation), so its contact
//! cache never answers for it. Only ratios within one run are meaningful.
//!
//! Groups (each with functions `collidescope` and `parry2d`; the speculative distance /
//! prediction is 0.02 for both):
//! - `manifold_poly_poly_sat`: two overlapping 8-gons (depth 0.005 to 0.3),
//!   `contact_manifold` with the SAT source vs parry2d's
//!   `DefaultQueryDispatcher::contact_manifold_convex_convex` (GJK/EPA + face clip);
//! - `manifold_poly_poly_epa`: the same pairs, our EPA source;
//! - `manifold_circle_poly`: a circle overlapping an 8-gon, our SAT source (SAT over
//!   the polygon's faces and the Voronoi region, b2CollidePolygonAndCircle) vs
//!   parry2d's convex–ball manifold;
//! - `manifold_box_box`: two overlapping boxes, our Box2D-Lite `box_box` vs parry2d's
//!   cuboid–cuboid manifold (SAT + face clip).

use collidescope::core::box_box::{box_box, BoxBoxInput};
use collidescope::core::epa::{penetration, PenetrationInput};
use collidescope::core::manifold::{contact_manifold, ManifoldInput, ManifoldSource};
use collidescope::core::math::Transform;
use collidescope::core::settings::Settings;
use collidescope::core::shape::Shape;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use glam::Vec2;
use parry2d::math::{Isometry, Point, Vector};
use parry2d::query::{ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher};
use parry2d::shape::{Ball, ConvexPolygon, Cuboid, Shape as ParryShape};
use std::time::Duration;

const PAIRS: usize = 256;
const MASK: usize = PAIRS - 1;
const SEED: u64 = 0x3A41_F01D_C0DE_0003;
const PREDICTION: f32 = 0.02;

struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * unit
    }
}

/// A random convex 8-gon: 8 points on a random ellipse at jittered angles.
fn random_octagon(rng: &mut Rng) -> Vec<Vec2> {
    let (ax, ay) = (rng.range(0.5, 1.5), rng.range(0.5, 1.5));
    let tilt = rng.range(0.0, std::f32::consts::TAU);
    let (s, c) = tilt.sin_cos();
    (0..8)
        .map(|i| {
            let t = std::f32::consts::TAU * (i as f32 + rng.range(-0.3, 0.3)) / 8.0;
            let p = Vec2::new(ax * t.cos(), ay * t.sin());
            Vec2::new(c * p.x - s * p.y, s * p.x + c * p.y)
        })
        .collect()
}

fn parry_polygon(points: &[Vec2]) -> ConvexPolygon {
    let pts = points.iter().map(|p| Point::new(p.x, p.y)).collect();
    ConvexPolygon::from_convex_polyline(pts).expect("an 8-gon on an ellipse is convex")
}

fn iso(xf: &Transform) -> Isometry<f32> {
    Isometry::new(Vector::new(xf.p.x, xf.p.y), xf.q.angle())
}

struct Pair<P1, P2> {
    a: Shape,
    xf_a: Transform,
    b: Shape,
    xf_b: Transform,
    pa: P1,
    pb: P2,
    pos12: Isometry<f32>,
}

fn make_pair<P1, P2>(
    a: Shape,
    pa: P1,
    b: Shape,
    pb: P2,
    xf_a: Transform,
    xf_b: Transform,
) -> Pair<P1, P2> {
    let pos12 = iso(&xf_a).inv_mul(&iso(&xf_b));
    Pair {
        a,
        xf_a,
        b,
        xf_b,
        pa,
        pb,
        pos12,
    }
}

fn parry_manifold(
    pos12: &Isometry<f32>,
    a: &dyn ParryShape,
    b: &dyn ParryShape,
) -> ContactManifold<(), ()> {
    let mut m = ContactManifold::new();
    let _ = DefaultQueryDispatcher
        .contact_manifold_convex_convex(pos12, a, b, None, None, PREDICTION, &mut m);
    m
}

/// Shallow overlap: EPA depth 0.005..0.3, and both libraries report points.
fn shallow<P1: ParryShape, P2: ParryShape>(p: &Pair<P1, P2>) -> bool {
    let depth = penetration(
        &PenetrationInput {
            shape_a: &p.a,
            transform_a: p.xf_a,
            shape_b: &p.b,
            transform_b: p.xf_b,
            gjk_max_iterations: 20,
            epa_tolerance: 1e-4,
            epa_max_iterations: 64,
        },
        None,
        None,
    )
    .map_or(0.0, |o| o.depth);
    (0.005..0.3).contains(&depth) && !parry_manifold(&p.pos12, &p.pa, &p.pb).points.is_empty()
}

/// `PAIRS` pairs from `make`, B placed at a random offset of length `dist` from A.
fn pairs<P1: ParryShape, P2: ParryShape>(
    seed: u64,
    dist: (f32, f32),
    make_a: impl Fn(&mut Rng) -> (Shape, P1),
    make_b: impl Fn(&mut Rng) -> (Shape, P2),
) -> Vec<Pair<P1, P2>> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(PAIRS);
    while out.len() < PAIRS {
        let (a, pa) = make_a(&mut rng);
        let (b, pb) = make_b(&mut rng);
        let xf_a = Transform::new(
            Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)),
            rng.range(-3.1, 3.1),
        );
        let d = rng.range(dist.0, dist.1);
        let dir = rng.range(0.0, std::f32::consts::TAU);
        let xf_b = Transform::new(
            xf_a.p + d * Vec2::new(dir.cos(), dir.sin()),
            rng.range(-3.1, 3.1),
        );
        let p = make_pair(a, pa, b, pb, xf_a, xf_b);
        if shallow(&p) {
            out.push(p);
        }
    }
    out
}

fn octagon(rng: &mut Rng) -> (Shape, ConvexPolygon) {
    loop {
        let pts = random_octagon(rng);
        if let Ok(s) = Shape::polygon(&pts, 0.0) {
            return (s, parry_polygon(&pts));
        }
    }
}

fn circle(rng: &mut Rng) -> (Shape, Ball) {
    let r = rng.range(0.25, 1.0);
    (Shape::circle(r).expect("valid radius"), Ball::new(r))
}

fn cuboid(rng: &mut Rng) -> (Shape, Cuboid) {
    let h = Vec2::new(rng.range(0.3, 1.2), rng.range(0.3, 1.2));
    (
        Shape::cuboid(h).expect("valid box"),
        Cuboid::new(Vector::new(h.x, h.y)),
    )
}

fn manifold_group<P1: ParryShape, P2: ParryShape>(
    c: &mut Criterion,
    name: &str,
    set: &[Pair<P1, P2>],
    source: ManifoldSource,
) {
    let settings = Settings {
        speculative_distance: PREDICTION,
        ..Settings::default()
    };
    let inputs: Vec<ManifoldInput> = set
        .iter()
        .map(|p| ManifoldInput::new(&p.a, p.xf_a, &p.b, p.xf_b, &settings, source))
        .collect();
    let mut group = c.benchmark_group(name);
    group.bench_function("collidescope", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(contact_manifold(black_box(input), None))
        })
    });
    group.bench_function("parry2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let p = &set[i & MASK];
            i = i.wrapping_add(1);
            black_box(parry_manifold(black_box(&p.pos12), &p.pa, &p.pb))
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let poly_poly = pairs(SEED, (1.0, 2.4), octagon, octagon);
    let circle_poly = pairs(SEED ^ 1, (0.8, 2.2), circle, octagon);
    let boxes = pairs(SEED ^ 2, (0.5, 2.0), cuboid, cuboid);

    manifold_group(c, "manifold_poly_poly_sat", &poly_poly, ManifoldSource::Sat);
    manifold_group(c, "manifold_poly_poly_epa", &poly_poly, ManifoldSource::Epa);
    manifold_group(c, "manifold_circle_poly", &circle_poly, ManifoldSource::Sat);

    let inputs: Vec<BoxBoxInput> = boxes
        .iter()
        .map(|p| BoxBoxInput {
            shape_a: &p.a,
            transform_a: p.xf_a,
            shape_b: &p.b,
            transform_b: p.xf_b,
            speculative_distance: PREDICTION,
        })
        .collect();
    let mut group = c.benchmark_group("manifold_box_box");
    group.bench_function("collidescope", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(box_box(black_box(input), None))
        })
    });
    group.bench_function("parry2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let p = &boxes[i & MASK];
            i = i.wrapping_add(1);
            black_box(parry_manifold(black_box(&p.pos12), &p.pa, &p.pb))
        })
    });
    group.finish();
}

fn config() -> Criterion {
    // A shared, noisy 2-core machine: short runs, compare ratios within one run.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(60)
}

criterion_group! {
    name = manifold;
    config = config();
    targets = benches
}
criterion_main!(manifold);
