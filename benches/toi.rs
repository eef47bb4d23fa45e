//! Criterion benchmark of the shape cast (time of impact), side by side with Box2D
//! v3's `b2ShapeCast` and parry2d 0.25's `query::cast_shapes`.
//!
//! Group `cast_poly_poly` (functions `collidescope`, `box2d`, `parry2d`): two 8-vertex
//! polygons, B thrown at A so that they first touch during the step (the libraries
//! agree it is a hit at t ∈ (0.05, 0.95)); `shape_cast` (conservative advancement,
//! trace off) against `b2ShapeCast` (conservative advancement too) and `cast_shapes`
//! (GJK ray cast on the Minkowski difference) with `max_time_of_impact = 1`,
//! `target_distance = 0`. All run on the same 256 seeded pairs, stepped through inside
//! the timed loop so that no single pair is learnt; shapes, transforms, parry2d's
//! `Isometry`s and Box2D's input are built before timing. Only ratios within one run
//! are meaningful (see the README's Performance section).
//!
//! **Box2D** (function `box2d`, needs the `peers` feature) is called through its raw C
//! API (`boxdd_sys::ffi`), not boxdd's safe wrapper, whose per-call checks would
//! dominate calls this short. Its `b2ShapeCastPairInput` is built once per pair: two
//! `b2ShapeProxy`s (`collidescope::peers::box2d::proxy`), B's pose in A's frame from
//! the core's `Transform::inv_mul` (Box2D's queries run in A's frame), B's translation
//! relative to A over the step rotated into A's frame, `maxFraction` 1, `canEncroach`
//! false. Box2D's C library is compiled by boxdd-sys (`-O2`) and cannot be inlined
//! into the loop (an FFI call).
//!
//! Box2D stops a linear slop (0.005) short of contact, within a quarter slop (its
//! target and tolerance), where we and parry2d aim at touching; so before timing a pair
//! is kept only when Box2D hits no later than we do and our distance at Box2D's
//! fraction lies in [0.005, 0.00625] (± 1e-4): the same contact, found by the same
//! kind of work. A pair with a polygon Box2D refuses (`peers::box2d::accepts_polygon`,
//! i.e. `b2ValidateHull`) is skipped too; the counts are printed to stderr.

use boxdd_sys::ffi as b2;
use collidescope::core::gjk::{shape_distance, DistanceInput};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::Shape;
use collidescope::core::toi::shape_cast::{shape_cast, CastInput, CastTermination};
use collidescope::peers::box2d;
use collidescope::verify::Rng;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use glam::Vec2;
use parry2d::math::{Isometry, Point, Vector};
use parry2d::query::{cast_shapes, ShapeCastOptions};
use parry2d::shape::ConvexPolygon;
use std::time::Duration;

const PAIRS: usize = 256;
const MASK: usize = PAIRS - 1;
const SEED: u64 = 0x0CA5_7BE1_1C40_0001;
/// Box2D's `B2_LINEAR_SLOP`: `b2ShapeCast` stops at this separation (polygons without
/// radius), within a quarter of it.
const BOX2D_LINEAR_SLOP: f32 = 0.005;

/// A convex 8-gon: 8 points on a random ellipse at jittered angles.
fn random_octagon(rng: &mut Rng) -> Vec<Vec2> {
    let (ax, ay) = (rng.range_f32(0.5, 1.5), rng.range_f32(0.5, 1.5));
    (0..8)
        .map(|i| {
            let t = std::f32::consts::TAU * (i as f32 + rng.range_f32(-0.3, 0.3)) / 8.0;
            Vec2::new(ax * t.cos(), ay * t.sin())
        })
        .collect()
}

struct Pair {
    a: Shape,
    b: Shape,
    xf_a: Transform,
    xf_b: Transform,
    va: Vec2,
    vb: Vec2,
    pa: ConvexPolygon,
    pb: ConvexPolygon,
    iso_a: Isometry<f32>,
    iso_b: Isometry<f32>,
    vel_a: Vector<f32>,
    vel_b: Vector<f32>,
    /// Box2D's proxies, B's pose in A's frame (`inv_mul`) and B's translation in A's frame.
    b2: b2::b2ShapeCastPairInput,
}

const OPTIONS: ShapeCastOptions = ShapeCastOptions {
    max_time_of_impact: 1.0,
    target_distance: 0.0,
    stop_at_penetration: true,
    compute_impact_geometry_on_penetration: true,
};

impl Pair {
    fn input(&self) -> CastInput<'_> {
        CastInput::new(
            PosedPair::new(&self.a, self.xf_a, &self.b, self.xf_b),
            self.va,
            self.vb,
        )
    }

    /// Box2D finds the contact we find: it hits no later than we do, and our distance
    /// at its fraction is its target (a linear slop, within a quarter slop).
    fn box2d_agrees(&self, ours_t: f32) -> bool {
        let theirs = box2d_cast(&self.b2);
        if !theirs.hit || theirs.fraction > ours_t {
            return false;
        }
        let t = theirs.fraction;
        let at_t = |xf: &Transform, v: Vec2| Transform {
            p: xf.p + v * t,
            q: xf.q,
        };
        let d = shape_distance(
            &DistanceInput {
                pair: PosedPair::new(
                    &self.a,
                    at_t(&self.xf_a, self.va),
                    &self.b,
                    at_t(&self.xf_b, self.vb),
                ),
                use_radii: true,
                max_iterations: 20,
            },
            None,
            None,
        )
        .distance;
        (BOX2D_LINEAR_SLOP - 1e-4..=1.25 * BOX2D_LINEAR_SLOP + 1e-4).contains(&d)
    }
}

/// `b2ShapeCast` as timed.
#[inline]
fn box2d_cast(input: &b2::b2ShapeCastPairInput) -> b2::b2CastOutput {
    // SAFETY: plain values; proxies of at most 8 points (b2MakeProxy).
    unsafe { b2::b2ShapeCast(input) }
}

/// Box2D takes the shape: a polygon `b2ValidateHull` accepts.
fn box2d_accepts(shape: &Shape) -> bool {
    shape.vertices().len() < 3 || box2d::accepts_polygon(shape)
}

fn pairs() -> Vec<Pair> {
    let mut rng = Rng::new(SEED);
    let mut out = Vec::with_capacity(PAIRS);
    let (mut refused, mut disagreed) = (0usize, 0usize);
    let parry = |p: &[Vec2]| {
        ConvexPolygon::from_convex_polyline(p.iter().map(|v| Point::new(v.x, v.y)).collect())
    };
    while out.len() < PAIRS {
        let (pts_a, pts_b) = (random_octagon(&mut rng), random_octagon(&mut rng));
        let (Ok(a), Ok(b), Some(pa), Some(pb)) = (
            Shape::polygon(&pts_a, 0.0),
            Shape::polygon(&pts_b, 0.0),
            parry(&pts_a),
            parry(&pts_b),
        ) else {
            continue;
        };
        let pos_a = Vec2::new(rng.range_f32(-10.0, 10.0), rng.range_f32(-10.0, 10.0));
        let dir = rng.range_f32(0.0, std::f32::consts::TAU);
        let pos_b = pos_a + rng.range_f32(4.0, 8.0) * Vec2::new(dir.cos(), dir.sin());
        let target = pos_a + Vec2::new(rng.range_f32(-1.0, 1.0), rng.range_f32(-1.0, 1.0));
        let va = Vec2::new(rng.range_f32(-1.0, 1.0), rng.range_f32(-1.0, 1.0));
        let vb = (target - pos_b) / rng.range_f32(0.6, 1.2) + va;
        let (angle_a, angle_b) = (rng.range_f32(-3.1, 3.1), rng.range_f32(-3.1, 3.1));
        let iso = |p: Vec2, a: f32| Isometry::new(Vector::new(p.x, p.y), a);
        let (xf_a, xf_b) = (
            Transform::new(pos_a, angle_a),
            Transform::new(pos_b, angle_b),
        );
        let d = xf_a.q.apply_inv(vb - va);
        let b2 = b2::b2ShapeCastPairInput {
            proxyA: box2d::proxy(&a),
            proxyB: box2d::proxy(&b),
            transform: box2d::relative_transform(&xf_a, &xf_b),
            translationB: b2::b2Vec2 { x: d.x, y: d.y },
            maxFraction: 1.0,
            canEncroach: false,
        };
        let pair = Pair {
            a,
            b,
            xf_a,
            xf_b,
            va,
            vb,
            pa,
            pb,
            iso_a: iso(pos_a, angle_a),
            iso_b: iso(pos_b, angle_b),
            vel_a: Vector::new(va.x, va.y),
            vel_b: Vector::new(vb.x, vb.y),
            b2,
        };
        let ours = shape_cast(&pair.input(), None);
        let theirs = cast_shapes(
            &pair.iso_a,
            &pair.vel_a,
            &pair.pa,
            &pair.iso_b,
            &pair.vel_b,
            &pair.pb,
            OPTIONS,
        );
        let both_hit = ours.termination == CastTermination::Hit
            && (0.05..0.95).contains(&ours.t)
            && matches!(theirs, Ok(Some(h)) if (h.time_of_impact - ours.t).abs() < 1e-3);
        if !both_hit {
            continue;
        }
        if !(box2d_accepts(&pair.a) && box2d_accepts(&pair.b)) {
            refused += 1;
            continue;
        }
        if !pair.box2d_agrees(ours.t) {
            disagreed += 1;
            continue;
        }
        out.push(pair);
    }
    eprintln!(
        "cast_poly_poly: {PAIRS} pairs; skipped {refused} (a hull Box2D refuses), \
         {disagreed} (Box2D's cast does not stop a linear slop short of our contact)"
    );
    out
}

fn cast_poly_poly(c: &mut Criterion) {
    let pairs = pairs();
    let mut group = c.benchmark_group("cast_poly_poly");
    group.measurement_time(Duration::from_secs(3));
    group.warm_up_time(Duration::from_secs(1));
    group.bench_function("collidescope", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let p = &pairs[i & MASK];
            i = i.wrapping_add(1);
            black_box(shape_cast(black_box(&p.input()), None))
        })
    });
    let b2_inputs: Vec<b2::b2ShapeCastPairInput> = pairs.iter().map(|p| p.b2).collect();
    group.bench_function("box2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &b2_inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(box2d_cast(black_box(input)))
        })
    });
    group.bench_function("parry2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let p = &pairs[i & MASK];
            i = i.wrapping_add(1);
            black_box(cast_shapes(
                black_box(&p.iso_a),
                &p.vel_a,
                &p.pa,
                &p.iso_b,
                &p.vel_b,
                &p.pb,
                OPTIONS,
            ))
        })
    });
    group.finish();
}

criterion_group!(benches, cast_poly_poly);
criterion_main!(benches);
