//! Criterion benchmarks of the ray casts, side by side with Box2D v3 and parry2d 0.31
//! (the releases the peers link: `collidescope::peers`).
//!
//! Groups (functions `collidescope_exact`, `collidescope_gjk`, `box2d`, `parry2d`):
//! - `ray_polygon`: random convex 8-gons (points on a jittered ellipse, semi-axes 0.5
//!   to 1.5) — `ray_cast` (Box2D's clip) and `ray_cast_gjk` vs `b2RayCastPolygon` vs
//!   parry's `ConvexPolygon::cast_ray_and_get_normal` (its GJK ray cast);
//! - `ray_circle`: circles of radius 0.5 to 1.5 — vs `b2RayCastCircle` and parry's
//!   `Ball`;
//! - `ray_capsule`: capsules of length 0.5 to 2.5, radius 0.2 to 0.8 — vs
//!   `b2RayCastCapsule` and parry's `Capsule`.
//!
//! Each group runs the four on the **same** 256 seeded cases (a shape at a random
//! pose, a ray from 3 to 6 units away aimed within 1.2 bounding radii of it, its
//! translation 1 to 2 times that distance: 211, 232 and 192 of the 256 hit), stepping
//! through the cases inside the timed loop so that no single ray is learnt. Every function
//! takes the ray in world space and brings it into the shape's frame itself: ours
//! and parry's do it inside the call; for Box2D, whose functions take the ray in the
//! shape's frame, the timed closure does it with `peers::box2d::ray_input` (the
//! validity check `b2IsValidRay` asks for, and the frame change b2Shape_RayCast
//! makes). Shapes, poses and parry's `Ray`s are built before timing; traces are off;
//! parry gets concrete shape types (no `dyn` dispatch). Before timing, a case is
//! kept only when all four agree on hit or miss and, for hits, on the fraction
//! (within 1e-4): the same work. Only ratios within one run are meaningful.
//!
//! Box2D's C library is compiled by boxdd-sys (`-O2`) and cannot be inlined into
//! the loop (an FFI call); its asserts are compiled in. Our outputs are converted
//! back to world space inside the call; Box2D's stay in the shape's frame.
//!
//! Figures of a run, with what changed between runs, are in the README ("Ray
//! casts"); the shared 2-core machine moves single numbers by ±30 %, so compare only
//! ratios within one run — or instructions per call (cachegrind), which do not move.

use boxdd_sys::ffi as b2;
use collidescope::core::math::Transform;
use collidescope::core::raycast::{ray_cast, ray_cast_gjk, RayCastInput, RayInput};
use collidescope::core::shape::Shape;
use collidescope::peers::{box2d, parry as peer_parry};
use collidescope::verify::Rng;
use criterion::{black_box, criterion_group, criterion_main, Criterion};
use glam::Vec2;
use parry::math::{Pose, Vector};
use parry::query::{Ray, RayCast};
use parry::shape::{Ball, Capsule, ConvexPolygon};
use std::time::Duration;

const CASES: usize = 256;
const MASK: usize = CASES - 1;
const SEED: u64 = 0x5241_5942_454E_4301;

/// A direction uniform on the circle (f32, from the fuzzer's generator).
fn unit_vector(rng: &mut Rng) -> Vec2 {
    let t = rng.range_f32(0.0, std::f32::consts::TAU);
    Vec2::new(t.cos(), t.sin())
}

/// The three kinds benchmarked.
#[derive(Clone, Copy)]
enum Kind {
    Polygon,
    Circle,
    Capsule,
}

/// parry's shape of each kind, concrete.
enum ParryShape {
    Polygon(ConvexPolygon),
    Ball(Ball),
    Capsule(Capsule),
}

impl ParryShape {
    #[inline]
    fn cast(&self, pose: &Pose, ray: &Ray, max: f32) -> Option<f32> {
        let hit = match self {
            ParryShape::Polygon(s) => s.cast_ray_and_get_normal(pose, ray, max, true),
            ParryShape::Ball(s) => s.cast_ray_and_get_normal(pose, ray, max, true),
            ParryShape::Capsule(s) => s.cast_ray_and_get_normal(pose, ray, max, true),
        };
        hit.map(|h| h.time_of_impact)
    }
}

/// Box2D's shape of each kind.
enum Box2dShape {
    Polygon(b2::b2Polygon),
    Circle(b2::b2Circle),
    Capsule(b2::b2Capsule),
}

impl Box2dShape {
    /// The world ray brought into the shape's frame, then Box2D's ray cast.
    #[inline]
    fn cast(&self, xf: &Transform, ray: &RayInput) -> b2::b2CastOutput {
        let Ok(input) = box2d::ray_input(xf, ray) else {
            return b2::b2CastOutput {
                normal: b2::b2Vec2 { x: 0.0, y: 0.0 },
                point: b2::b2Vec2 { x: 0.0, y: 0.0 },
                fraction: 0.0,
                iterations: 0,
                hit: false,
            };
        };
        // SAFETY: plain values; the polygon passed b2ValidateHull when the case was
        // built, the ray b2IsValidRay's conditions (ray_input).
        unsafe {
            match self {
                Box2dShape::Polygon(p) => b2::b2RayCastPolygon(p, &input),
                Box2dShape::Circle(c) => b2::b2RayCastCircle(c, &input),
                Box2dShape::Capsule(c) => b2::b2RayCastCapsule(c, &input),
            }
        }
    }
}

struct Case {
    shape: Shape,
    xf: Transform,
    ray: RayInput,
    parry_shape: ParryShape,
    parry_pose: Pose,
    parry_ray: Ray,
    b2: Box2dShape,
}

impl Case {
    fn input(&self) -> RayCastInput<'_> {
        RayCastInput::new(&self.shape, self.xf, self.ray)
    }
}

fn pv(p: Vec2) -> Vector {
    Vector::new(p.x, p.y)
}

fn random_shape(rng: &mut Rng, kind: Kind) -> Shape {
    match kind {
        Kind::Polygon => {
            let (ax, ay) = (rng.range_f32(0.5, 1.5), rng.range_f32(0.5, 1.5));
            let points: Vec<Vec2> = (0..8)
                .map(|i| {
                    let t = std::f32::consts::TAU * (i as f32 + rng.range_f32(-0.3, 0.3)) / 8.0;
                    Vec2::new(ax * t.cos(), ay * t.sin())
                })
                .collect();
            Shape::polygon(&points, 0.0).expect("points on an ellipse are convex")
        }
        Kind::Circle => Shape::circle(rng.range_f32(0.5, 1.5)).expect("a positive radius"),
        Kind::Capsule => {
            let half = unit_vector(rng) * (0.5 * rng.range_f32(0.5, 2.5));
            Shape::capsule(-half, half, rng.range_f32(0.2, 0.8)).expect("distinct ends")
        }
    }
}

fn random_case(rng: &mut Rng, kind: Kind) -> Option<Case> {
    let shape = random_shape(rng, kind);
    let xf = Transform::new(
        unit_vector(rng) * rng.range_f32(0.0, 5.0),
        rng.range_f32(-3.1, 3.1),
    );
    let big_r = shape.bounding_radius();
    let origin = xf.p + unit_vector(rng) * rng.range_f32(3.0, 6.0);
    let aim = xf.p + unit_vector(rng) * (1.2 * big_r * rng.range_f32(0.0, 1.0).sqrt());
    let ray = RayInput::new(origin, (aim - origin) * rng.range_f32(1.0, 2.0));
    let v = shape.vertices();
    let (parry_shape, b2) = match kind {
        Kind::Polygon => {
            if !box2d::accepts_polygon(&shape) {
                return None;
            }
            let pts = v.iter().map(|p| pv(*p)).collect();
            let poly = ConvexPolygon::from_convex_polyline_unmodified(pts)?;
            (
                ParryShape::Polygon(poly),
                Box2dShape::Polygon(box2d::polygon(&shape)),
            )
        }
        Kind::Circle => (
            ParryShape::Ball(Ball::new(shape.radius())),
            Box2dShape::Circle(b2::b2Circle {
                center: b2::b2Vec2 {
                    x: v[0].x,
                    y: v[0].y,
                },
                radius: shape.radius(),
            }),
        ),
        Kind::Capsule => (
            ParryShape::Capsule(Capsule::new(pv(v[0]), pv(v[1]), shape.radius())),
            Box2dShape::Capsule(b2::b2Capsule {
                center1: b2::b2Vec2 {
                    x: v[0].x,
                    y: v[0].y,
                },
                center2: b2::b2Vec2 {
                    x: v[1].x,
                    y: v[1].y,
                },
                radius: shape.radius(),
            }),
        ),
    };
    let (parry_ray, _) = peer_parry::parry_ray(&ray).ok()?;
    Some(Case {
        parry_pose: peer_parry::parry_pose(&xf),
        shape,
        xf,
        ray,
        parry_shape,
        parry_ray,
        b2,
    })
}

/// All four agree on hit or miss, and on the fraction of a hit (within 1e-4).
fn all_agree(case: &Case) -> bool {
    let input = case.input();
    let exact = ray_cast(&input, None);
    let gjk = ray_cast_gjk(&input, None);
    let b = case.b2.cast(&case.xf, &case.ray);
    let p = case
        .parry_shape
        .cast(&case.parry_pose, &case.parry_ray, case.ray.max_fraction);
    let close = |f: f32| (f - exact.fraction).abs() <= 1.0e-4;
    if exact.inside || exact.hit != gjk.hit || exact.hit != b.hit || exact.hit != p.is_some() {
        return false;
    }
    !exact.hit || (close(gjk.fraction) && close(b.fraction) && p.is_some_and(close))
}

fn cases(kind: Kind, seed: u64) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let (mut kept, mut skipped, mut hits) = (Vec::with_capacity(CASES), 0, 0);
    while kept.len() < CASES {
        match random_case(&mut rng, kind) {
            Some(c) if all_agree(&c) => {
                hits += usize::from(ray_cast(&c.input(), None).hit);
                kept.push(c);
            }
            _ => skipped += 1,
        }
    }
    eprintln!("{CASES} cases kept ({hits} hits), {skipped} skipped");
    kept
}

fn group(c: &mut Criterion, name: &str, set: &[Case]) {
    let inputs: Vec<RayCastInput> = set.iter().map(Case::input).collect();
    let mut group = c.benchmark_group(name);
    group.bench_function("collidescope_exact", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(ray_cast(black_box(input), None))
        })
    });
    group.bench_function("collidescope_gjk", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let input = &inputs[i & MASK];
            i = i.wrapping_add(1);
            black_box(ray_cast_gjk(black_box(input), None))
        })
    });
    group.bench_function("box2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let case = &set[i & MASK];
            i = i.wrapping_add(1);
            black_box(case.b2.cast(black_box(&case.xf), black_box(&case.ray)))
        })
    });
    group.bench_function("parry2d", |bench| {
        let mut i = 0usize;
        bench.iter(|| {
            let case = &set[i & MASK];
            i = i.wrapping_add(1);
            black_box(case.parry_shape.cast(
                black_box(&case.parry_pose),
                black_box(&case.parry_ray),
                case.ray.max_fraction,
            ))
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    for (k, (kind, name)) in [
        (Kind::Polygon, "ray_polygon"),
        (Kind::Circle, "ray_circle"),
        (Kind::Capsule, "ray_capsule"),
    ]
    .into_iter()
    .enumerate()
    {
        eprint!("{name}: ");
        let set = cases(kind, SEED + k as u64);
        group(c, name, &set);
    }
}

fn config() -> Criterion {
    // A shared, noisy 2-core machine: short runs, compare ratios within one run.
    Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3))
        .sample_size(60)
}

criterion_group! {
    name = raycast;
    config = config();
    targets = benches
}
criterion_main!(raycast);
