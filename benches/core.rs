//! Criterion benchmarks of the collision core, side by side with parry2d 0.25.
//!
//! Every group runs both libraries on the **same** seeded pairs (256 of them), stepping
//! through the pairs inside the timed loop so that neither the branch predictor nor
//! the caches can learn a single pair. Shapes, transforms and parry2d's `Isometry`s are
//! all built before timing starts. Only ratios within one run are meaningful (see the
//! README's Performance section).
//!
//! Groups (each with functions `collidescope` and `parry2d`):
//! - `distance_poly_poly`: two separated 8-vertex polygons, `shape_distance` (trace
//!   off, no cache) vs `parry2d::query::distance`;
//! - `distance_circle_poly`: a circle and a separated 8-gon;
//! - `distance_capsule_poly`: a capsule and a separated 8-gon;
//! - `penetration_poly_poly`: two overlapping 8-gons, `penetration` (GJK + EPA) vs
//!   `parry2d::query::contact`.
//!
//! Group `trace_gjk` (functions `off` and `on`): the poly–poly distance with the trace
//! off and with one `GjkTrace` reused across iterations.

use collidescope::core::consts::{DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE};
use collidescope::core::epa::{penetration, PenetrationInput};
use collidescope::core::gjk::{shape_distance, DistanceInput, GjkTrace};
use collidescope::core::math::Transform;
use collidescope::core::shape::Shape;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use glam::Vec2;
use parry2d::math::{Isometry, Point, Vector};
use parry2d::shape::{Ball, Capsule, ConvexPolygon, Shape as ParryShape};
use std::time::Duration;

/// Number of pairs cycled through in every benchmark (a power of two: `i & MASK`).
const PAIRS: usize = 256;
const MASK: usize = PAIRS - 1;
const SEED: u64 = 0x00C0_11DE_5C09_E002;
const GJK_MAX_ITERATIONS: u32 = 20;

/// SplitMix64: a small, seeded, dependency-free generator.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `[lo, hi)`.
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * unit
    }
}

/// A random convex 8-gon: 8 points on a random ellipse (semi-axes 0.5..1.5), at
/// jittered angles. Points on an ellipse are always in strictly convex position.
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

/// A random pose at `dist_lo..dist_hi` from the origin, any angle.
fn random_pose(rng: &mut Rng, dist_lo: f32, dist_hi: f32) -> (Vec2, f32) {
    let dist = rng.range(dist_lo, dist_hi);
    let dir = rng.range(0.0, std::f32::consts::TAU);
    let angle = rng.range(-std::f32::consts::PI, std::f32::consts::PI);
    (Vec2::new(dist * dir.cos(), dist * dir.sin()), angle)
}

fn parry_iso(position: Vec2, angle: f32) -> Isometry<f32> {
    Isometry::new(Vector::new(position.x, position.y), angle)
}

fn parry_polygon(points: &[Vec2]) -> ConvexPolygon {
    let pts = points.iter().map(|p| Point::new(p.x, p.y)).collect();
    ConvexPolygon::from_convex_polyline(pts).expect("an 8-gon on an ellipse is convex")
}

/// One pair, prepared for both libraries.
struct Pair<P1, P2> {
    a: Shape,
    xf_a: Transform,
    b: Shape,
    xf_b: Transform,
    pa: P1,
    iso_a: Isometry<f32>,
    pb: P2,
    iso_b: Isometry<f32>,
}

impl<P1, P2> Pair<P1, P2> {
    fn distance_input(&self) -> DistanceInput<'_> {
        DistanceInput {
            shape_a: &self.a,
            transform_a: self.xf_a,
            shape_b: &self.b,
            transform_b: self.xf_b,
            use_radii: true,
            max_iterations: GJK_MAX_ITERATIONS,
        }
    }

    fn penetration_input(&self) -> PenetrationInput<'_> {
        PenetrationInput {
            shape_a: &self.a,
            transform_a: self.xf_a,
            shape_b: &self.b,
            transform_b: self.xf_b,
            gjk_max_iterations: GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        }
    }
}

/// Builds `PAIRS` pairs: A from `make_a`, an 8-gon B at a centre distance in
/// `dist_lo..dist_hi`, keeping only pairs for which `keep` holds.
fn pairs<P1>(
    seed: u64,
    dist: (f32, f32),
    make_a: impl Fn(&mut Rng) -> (Shape, P1),
    keep: impl Fn(&Pair<P1, ConvexPolygon>) -> bool,
) -> Vec<Pair<P1, ConvexPolygon>> {
    let mut rng = Rng(seed);
    let mut out = Vec::with_capacity(PAIRS);
    while out.len() < PAIRS {
        let (a, pa) = make_a(&mut rng);
        let angle_a = rng.range(-std::f32::consts::PI, std::f32::consts::PI);
        let pos_a = Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
        let points_b = random_octagon(&mut rng);
        let (offset, angle_b) = random_pose(&mut rng, dist.0, dist.1);
        let Ok(b) = Shape::polygon(&points_b, 0.0) else {
            continue;
        };
        let pos_b = pos_a + offset;
        let pair = Pair {
            a,
            xf_a: Transform::new(pos_a, angle_a),
            b,
            xf_b: Transform::new(pos_b, angle_b),
            pa,
            iso_a: parry_iso(pos_a, angle_a),
            pb: parry_polygon(&points_b),
            iso_b: parry_iso(pos_b, angle_b),
        };
        if keep(&pair) {
            out.push(pair);
        }
    }
    out
}

fn octagon_a(rng: &mut Rng) -> (Shape, ConvexPolygon) {
    loop {
        let pts = random_octagon(rng);
        if let Ok(s) = Shape::polygon(&pts, 0.0) {
            return (s, parry_polygon(&pts));
        }
    }
}

fn circle_a(rng: &mut Rng) -> (Shape, Ball) {
    let r = rng.range(0.25, 1.0);
    (Shape::circle(r).expect("valid radius"), Ball::new(r))
}

fn capsule_a(rng: &mut Rng) -> (Shape, Capsule) {
    let half = rng.range(0.25, 1.0);
    let r = rng.range(0.1, 0.5);
    let (a, b) = (Vec2::new(-half, 0.0), Vec2::new(half, 0.0));
    (
        Shape::capsule(a, b, r).expect("valid capsule"),
        Capsule::new(Point::new(a.x, a.y), Point::new(b.x, b.y), r),
    )
}

/// Separated: our distance and parry2d's are both clearly positive.
fn separated<P1: ParryShape>(p: &Pair<P1, ConvexPolygon>) -> bool {
    let ours = shape_distance(&p.distance_input(), None, None).distance;
    let theirs = parry2d::query::distance(&p.iso_a, &p.pa, &p.iso_b, &p.pb).unwrap_or(0.0);
    ours > 0.05 && theirs > 0.05
}

/// Overlapping: both libraries agree the shapes penetrate.
fn overlapping(p: &Pair<ConvexPolygon, ConvexPolygon>) -> bool {
    let ours = penetration(&p.penetration_input(), None, None).is_some_and(|o| o.depth > 0.01);
    let theirs = matches!(
        parry2d::query::contact(&p.iso_a, &p.pa, &p.iso_b, &p.pb, 0.0),
        Ok(Some(c)) if c.dist < -0.01
    );
    ours && theirs
}

/// The same distance workload for both libraries.
fn distance_group<P1: ParryShape>(c: &mut Criterion, name: &str, set: &[Pair<P1, ConvexPolygon>]) {
    let inputs: Vec<DistanceInput> = set.iter().map(Pair::distance_input).collect();
    let mut group = c.benchmark_group(name);
    group.bench_function("collidescope", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(shape_distance(black_box(input), None, None))
        })
    });
    group.bench_function("parry2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let p = &set[i & MASK];
            i = i.wrapping_add(1);
            black_box(parry2d::query::distance(
                black_box(&p.iso_a),
                black_box(&p.pa),
                black_box(&p.iso_b),
                black_box(&p.pb),
            ))
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let poly_poly = pairs(SEED, (3.2, 5.0), octagon_a, separated);
    let circle_poly = pairs(SEED ^ 1, (2.2, 4.0), circle_a, separated);
    let capsule_poly = pairs(SEED ^ 2, (2.6, 4.5), capsule_a, separated);
    let overlap = pairs(SEED ^ 3, (0.0, 1.2), octagon_a, overlapping);

    distance_group(c, "distance_poly_poly", &poly_poly);
    distance_group(c, "distance_circle_poly", &circle_poly);
    distance_group(c, "distance_capsule_poly", &capsule_poly);

    let inputs: Vec<PenetrationInput> = overlap.iter().map(Pair::penetration_input).collect();
    let mut group = c.benchmark_group("penetration_poly_poly");
    group.bench_function("collidescope", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(penetration(black_box(input), None, None))
        })
    });
    group.bench_function("parry2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let p = &overlap[i & MASK];
            i = i.wrapping_add(1);
            black_box(parry2d::query::contact(
                black_box(&p.iso_a),
                black_box(&p.pa),
                black_box(&p.iso_b),
                black_box(&p.pb),
                0.0,
            ))
        })
    });
    group.finish();

    let inputs: Vec<DistanceInput> = poly_poly.iter().map(Pair::distance_input).collect();
    let mut group = c.benchmark_group("trace_gjk");
    group.bench_function("off", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(shape_distance(black_box(input), None, None))
        })
    });
    group.bench_function("on", |bench| {
        let mut trace = GjkTrace::default();
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            let out = shape_distance(black_box(input), None, Some(&mut trace));
            black_box(trace.steps.len());
            black_box(out)
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
    name = core;
    config = config();
    targets = benches
}
criterion_main!(core);
