//! Criterion benchmarks of the collision core, side by side with Box2D v3 and parry2d
//! 0.25.
//!
//! Every group runs the libraries on the **same** seeded pairs (256 of them), stepping
//! through the pairs inside the timed loop so that neither the branch predictor nor
//! the caches can learn a single pair. Shapes, transforms, parry2d's `Isometry`s and
//! Box2D's inputs are all built before timing starts. Only ratios within one run are
//! meaningful (see the README's Performance section).
//!
//! **Box2D** (function `box2d`, needs the `peers` feature) is called through its raw C
//! API (`boxdd_sys::ffi`), not boxdd's safe wrapper, whose per-call checks would
//! dominate calls this short. Its `b2DistanceInput` (two `b2ShapeProxy`s from
//! `collidescope::peers::box2d::proxy`, and B's pose in A's frame from the core's
//! `Transform::inv_mul`, since Box2D's queries run in A's frame) is built once per pair;
//! the timed call is `b2ShapeDistance` with `useRadii` true, a zeroed `b2SimplexCache`
//! (no warm start, like ours) and no simplex buffer (NULL, 0). Box2D's C library is
//! compiled by boxdd-sys (`-O2`) and cannot be inlined into the loop (an FFI call).
//! Before timing, pairs are checked: a pair with a polygon Box2D refuses
//! (`peers::box2d::accepts_polygon`, i.e. `b2ValidateHull`) is skipped, and so is a pair
//! where Box2D's distance differs from ours by more than 1e-4, so that the three
//! measure the same work; the counts are printed to stderr.
//!
//! **Ours in A's frame** (function `collidescope_local`): `shape_distance` with A at
//! the identity and B at its pose in A's frame (the same `Transform::inv_mul` as Box2D's
//! input), answering in A's frame as `b2ShapeDistance` does; `collidescope` takes the
//! two world poses and answers in the world. The two differ only by those transforms
//! (by the identity: the same numbers, up to the sign of a zero).
//!
//! **Instructions per call**: `COLLIDESCOPE_COUNT=group/function/calls` (the distance
//! groups only) runs one function that many times instead of criterion
//! (`benches/common/count.rs`, `benches/common/instructions.sh`);
//! `COLLIDESCOPE_TIME=group/rounds` times the group's functions interleaved instead.
//!
//! Groups (functions `collidescope`, `collidescope_local`, `box2d`, `parry2d`):
//! - `distance_poly_poly`: two separated 8-vertex polygons, `shape_distance` (trace
//!   off, no cache) vs `b2ShapeDistance` vs `parry2d::query::distance`;
//! - `distance_circle_poly`: a circle and a separated 8-gon;
//! - `distance_capsule_poly`: a capsule and a separated 8-gon;
//! - `penetration_poly_poly` (functions `collidescope` and `parry2d` only: Box2D v3 has
//!   no penetration-depth query): two overlapping 8-gons, `penetration` (GJK + EPA) vs
//!   `parry2d::query::contact`.
//!
//! Group `trace_gjk` (functions `off` and `on`): the poly–poly distance with the trace
//! off and with one `GjkTrace` reused across iterations.

#[path = "common/count.rs"]
mod count;
#[path = "common/octagon.rs"]
mod octagon;

use boxdd_sys::ffi as b2;
use collidescope::core::consts::{DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE};
use collidescope::core::epa::{penetration, PenetrationInput};
use collidescope::core::gjk::{shape_distance, DistanceInput, GjkTrace};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::Shape;
use collidescope::peers::box2d;
use collidescope::verify::Rng;
use count::Request;
use criterion::{black_box, Criterion};
use glam::Vec2;
use octagon::random_octagon;
use parry2d::math::{Isometry, Point, Vector};
use parry2d::shape::{Ball, Capsule, ConvexPolygon, Shape as ParryShape};

/// Number of pairs cycled through in every benchmark (a power of two: `i & MASK`).
const PAIRS: usize = 256;
const MASK: usize = PAIRS - 1;
const SEED: u64 = 0x00C0_11DE_5C09_E002;
const GJK_MAX_ITERATIONS: u32 = 20;
/// Box2D's distance and ours agree within this (both f32, same relative pose).
const BOX2D_DISTANCE_TOLERANCE: f32 = 1e-4;

/// A random pose at `dist_lo..dist_hi` from the origin, any angle.
fn random_pose(rng: &mut Rng, dist_lo: f32, dist_hi: f32) -> (Vec2, f32) {
    let dist = rng.range_f32(dist_lo, dist_hi);
    let dir = rng.range_f32(0.0, std::f32::consts::TAU);
    let angle = rng.range_f32(-std::f32::consts::PI, std::f32::consts::PI);
    (Vec2::new(dist * dir.cos(), dist * dir.sin()), angle)
}

fn parry_iso(position: Vec2, angle: f32) -> Isometry<f32> {
    Isometry::new(Vector::new(position.x, position.y), angle)
}

fn parry_polygon(points: &[Vec2]) -> ConvexPolygon {
    let pts = points.iter().map(|p| Point::new(p.x, p.y)).collect();
    ConvexPolygon::from_convex_polyline(pts).expect("an 8-gon on an ellipse is convex")
}

/// One pair, prepared for the three libraries.
struct Pair<P1, P2> {
    a: Shape,
    xf_a: Transform,
    b: Shape,
    xf_b: Transform,
    pa: P1,
    iso_a: Isometry<f32>,
    pb: P2,
    iso_b: Isometry<f32>,
    /// Box2D's proxies and B's pose in A's frame (`inv_mul`).
    b2: b2::b2DistanceInput,
}

impl<P1, P2> Pair<P1, P2> {
    fn distance_input(&self) -> DistanceInput<'_> {
        DistanceInput {
            pair: PosedPair::new(&self.a, self.xf_a, &self.b, self.xf_b),
            use_radii: true,
            max_iterations: GJK_MAX_ITERATIONS,
        }
    }

    /// The same query in A's frame, as Box2D's column gets it: A at the identity, B at
    /// its pose in A's frame (the same `Transform::inv_mul` as Box2D's input).
    fn local_distance_input(&self) -> DistanceInput<'_> {
        DistanceInput {
            pair: PosedPair::new(
                &self.a,
                Transform::IDENTITY,
                &self.b,
                self.xf_a.inv_mul(&self.xf_b),
            ),
            ..self.distance_input()
        }
    }

    fn penetration_input(&self) -> PenetrationInput<'_> {
        PenetrationInput {
            pair: PosedPair::new(&self.a, self.xf_a, &self.b, self.xf_b),
            gjk_max_iterations: GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        }
    }
}

/// Box2D takes the shape: circles and capsules always, polygons when `b2ValidateHull`
/// accepts them.
fn box2d_accepts(shape: &Shape) -> bool {
    shape.vertices().len() < 3 || box2d::accepts_polygon(shape)
}

/// `b2ShapeDistance` as timed: a zeroed cache (no warm start), no simplex buffer.
#[inline]
fn box2d_distance(input: &b2::b2DistanceInput) -> b2::b2DistanceOutput {
    let mut cache = b2::b2SimplexCache {
        count: 0,
        indexA: [0; 3],
        indexB: [0; 3],
    };
    // SAFETY: the input holds two proxies of at most 8 points (b2MakeProxy); a NULL
    // simplex buffer with capacity 0 is allowed ("You may pass in NULL and 0").
    unsafe { b2::b2ShapeDistance(input, &mut cache, std::ptr::null_mut(), 0) }
}

/// Box2D's distance agrees with ours on the pair.
fn box2d_agrees<P1>(p: &Pair<P1, ConvexPolygon>) -> bool {
    let ours = shape_distance(&p.distance_input(), None, None).distance;
    (box2d_distance(&p.b2).distance - ours).abs() <= BOX2D_DISTANCE_TOLERANCE
}

/// Builds `PAIRS` pairs: A from `make_a`, an 8-gon B at a centre distance in
/// `dist_lo..dist_hi`, keeping only pairs for which `keep` holds. With `box2d`, the
/// pairs are also checked for Box2D (shapes it takes, [`box2d_agrees`]), and the
/// skipped ones counted on stderr under `name`.
fn pairs<P1>(
    name: &str,
    seed: u64,
    dist: (f32, f32),
    make_a: impl Fn(&mut Rng) -> (Shape, P1),
    keep: impl Fn(&Pair<P1, ConvexPolygon>) -> bool,
    box2d: bool,
) -> Vec<Pair<P1, ConvexPolygon>> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(PAIRS);
    let (mut refused, mut disagreed) = (0usize, 0usize);
    while out.len() < PAIRS {
        let (a, pa) = make_a(&mut rng);
        let angle_a = rng.range_f32(-std::f32::consts::PI, std::f32::consts::PI);
        let pos_a = Vec2::new(rng.range_f32(-10.0, 10.0), rng.range_f32(-10.0, 10.0));
        let points_b = random_octagon(&mut rng);
        let (offset, angle_b) = random_pose(&mut rng, dist.0, dist.1);
        let Ok(b) = Shape::polygon(&points_b, 0.0) else {
            continue;
        };
        let pos_b = pos_a + offset;
        let (xf_a, xf_b) = (
            Transform::new(pos_a, angle_a),
            Transform::new(pos_b, angle_b),
        );
        let b2 = b2::b2DistanceInput {
            proxyA: box2d::proxy(&a),
            proxyB: box2d::proxy(&b),
            transform: box2d::relative_transform(&xf_a, &xf_b),
            useRadii: true,
        };
        let pair = Pair {
            a,
            xf_a,
            b,
            xf_b,
            pa,
            iso_a: parry_iso(pos_a, angle_a),
            pb: parry_polygon(&points_b),
            iso_b: parry_iso(pos_b, angle_b),
            b2,
        };
        if !keep(&pair) {
            continue;
        }
        if box2d {
            if !(box2d_accepts(&pair.a) && box2d_accepts(&pair.b)) {
                refused += 1;
                continue;
            }
            if !box2d_agrees(&pair) {
                disagreed += 1;
                continue;
            }
        }
        out.push(pair);
    }
    if box2d {
        eprintln!(
            "{name}: {PAIRS} pairs; skipped {refused} (a hull Box2D refuses), \
             {disagreed} (Box2D's distance differs from ours by more than \
             {BOX2D_DISTANCE_TOLERANCE:e})"
        );
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
    let r = rng.range_f32(0.25, 1.0);
    (Shape::circle(r).expect("valid radius"), Ball::new(r))
}

fn capsule_a(rng: &mut Rng) -> (Shape, Capsule) {
    let half = rng.range_f32(0.25, 1.0);
    let r = rng.range_f32(0.1, 0.5);
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

/// The same distance workload for the three libraries, and ours in A's frame.
fn distance_group<P1: ParryShape>(
    c: &mut Criterion,
    request: Option<&Request>,
    name: &str,
    set: &[Pair<P1, ConvexPolygon>],
) {
    let inputs: Vec<DistanceInput> = set.iter().map(Pair::distance_input).collect();
    let local: Vec<DistanceInput> = set.iter().map(Pair::local_distance_input).collect();
    let b2_inputs: Vec<b2::b2DistanceInput> = set.iter().map(|p| p.b2).collect();
    let mut group = count::group(c, request, name);
    if !group.wanted() {
        return;
    }
    let mut i = 0usize;
    let ours = &inputs;
    group.bench("collidescope", move || {
        let input = &ours[i & MASK];
        i = i.wrapping_add(1);
        black_box(shape_distance(black_box(input), None, None))
    });
    let mut i = 0usize;
    let mine = &local;
    group.bench("collidescope_local", move || {
        let input = &mine[i & MASK];
        i = i.wrapping_add(1);
        black_box(shape_distance(black_box(input), None, None))
    });
    let mut i = 0usize;
    let theirs = &b2_inputs;
    group.bench("box2d", move || {
        let input = &theirs[i & MASK];
        i = i.wrapping_add(1);
        black_box(box2d_distance(black_box(input)))
    });
    let mut i = 0usize;
    group.bench("parry2d", move || {
        let p = &set[i & MASK];
        i = i.wrapping_add(1);
        black_box(parry2d::query::distance(
            black_box(&p.iso_a),
            black_box(&p.pa),
            black_box(&p.iso_b),
            black_box(&p.pb),
        ))
    });
    let mut i = 0usize;
    let ours = &inputs;
    group.empty(move || {
        let input = &ours[i & MASK];
        i = i.wrapping_add(1);
        black_box(black_box(input))
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let request = count::request();
    let request = request.as_ref();
    let poly_poly = pairs(
        "distance_poly_poly",
        SEED,
        (3.2, 5.0),
        octagon_a,
        separated,
        true,
    );
    let circle_poly = pairs(
        "distance_circle_poly",
        SEED ^ 1,
        (2.2, 4.0),
        circle_a,
        separated,
        true,
    );
    let capsule_poly = pairs(
        "distance_capsule_poly",
        SEED ^ 2,
        (2.6, 4.5),
        capsule_a,
        separated,
        true,
    );
    distance_group(c, request, "distance_poly_poly", &poly_poly);
    distance_group(c, request, "distance_circle_poly", &circle_poly);
    distance_group(c, request, "distance_capsule_poly", &capsule_poly);
    if request.is_some() {
        // Counting covers the distance groups only.
        return;
    }

    // No Box2D column: Box2D v3 has no penetration-depth query.
    let overlap = pairs(
        "penetration_poly_poly",
        SEED ^ 3,
        (0.0, 1.2),
        octagon_a,
        overlapping,
        false,
    );
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

fn main() {
    count::main(benches);
}
