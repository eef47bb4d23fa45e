//! With the default preset (`SatBias::Box2dV3`), our contact manifold is Box2D v3's
//! (`b2Collide*`, live through boxdd-sys) bit for bit: on 10,800 seeded pairs spread
//! over every pair of shape kinds Box2D collides, the same point count, normal,
//! points, separations and ids (`B2_MAKE_ID`), every f32 the same.
//!
//! Measured: 10,800 of 10,800 (the preset runs Box2D's own functions, operation for
//! operation: `core/manifold/box2d/`). Before, with our general clipping path and
//! Box2D's rules copied in, 99.98 % agreed within 1e-4.
//!
//! Pairs Box2D has no function for (two bare segments) are not counted.

use collidescope::core::manifold::{contact_manifold, ManifoldSource};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::settings::Settings;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::peers::box2d;
use collidescope::scene::build::PairInputs;
use collidescope::verify::peers_degenerate::compare_manifolds;
use collidescope::verify::Rng;
use glam::Vec2;
use std::collections::BTreeMap;

const PAIRS_PER_COMBINATION: usize = 300;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Polygon,
    Box,
    RoundedPolygon,
    Circle,
    Capsule,
    Segment,
}

const KINDS: [Kind; 6] = [
    Kind::Polygon,
    Kind::Box,
    Kind::RoundedPolygon,
    Kind::Circle,
    Kind::Capsule,
    Kind::Segment,
];

fn polygon_points(rng: &mut Rng) -> Vec<Vec2> {
    // 3 to 8 vertices on a jittered ellipse: convex, corners of at least ~25°.
    let n = 3 + rng.below(6);
    let (ax, ay) = (rng.range_f32(0.3, 1.0), rng.range_f32(0.3, 1.0));
    let phase = rng.range_f32(0.0, std::f32::consts::TAU);
    let step = std::f32::consts::TAU / n as f32;
    (0..n)
        .map(|i| {
            let t = phase + step * (i as f32 + rng.range_f32(-0.2, 0.2));
            Vec2::new(ax * t.cos(), ay * t.sin())
        })
        .collect()
}

fn shape(rng: &mut Rng, kind: Kind) -> Shape {
    let g = match kind {
        Kind::Polygon => Geometry::Polygon {
            points: polygon_points(rng),
            radius: 0.0,
        },
        Kind::Box => Geometry::Box {
            half_extents: rng.vec_f32(0.2, 1.0),
            radius: 0.0,
        },
        Kind::RoundedPolygon => Geometry::Polygon {
            points: polygon_points(rng),
            radius: rng.range_f32(0.05, 0.3),
        },
        Kind::Circle => Geometry::Circle {
            radius: rng.range_f32(0.2, 1.0),
        },
        Kind::Capsule => Geometry::Capsule {
            a: Vec2::new(-rng.range_f32(0.2, 0.8), 0.0),
            b: Vec2::new(rng.range_f32(0.2, 0.8), 0.0),
            radius: rng.range_f32(0.1, 0.4),
        },
        Kind::Segment => Geometry::Segment {
            a: Vec2::new(-rng.range_f32(0.3, 1.0), 0.0),
            b: Vec2::new(rng.range_f32(0.3, 1.0), 0.0),
        },
    };
    Shape::new(g).expect("generated shapes are valid")
}

/// B placed near A: from 0.3 deep to 0.03 apart along a random direction (Box2D's
/// speculative distance is 0.02), or resting on a face with a small tilt.
fn place(rng: &mut Rng, a: &Shape, b: &Shape) -> (Transform, Transform) {
    let xa = Transform::new(rng.vec_f32(-2.0, 2.0), rng.range_f32(-3.1, 3.1));
    let angle = if rng.below(4) == 0 {
        xa.q.angle() + rng.range_f32(-0.02, 0.02)
    } else {
        rng.range_f32(-3.1, 3.1)
    };
    let dir = Transform::new(Vec2::ZERO, rng.range_f32(-3.1, 3.1))
        .q
        .apply(Vec2::X);
    let gap = rng.range_f32(-0.3, 0.03);
    // Walk B in from far along `dir` until the rounded shapes are `gap` apart.
    let d = |s: f32| {
        let xb = Transform::new(xa.p + dir * s, angle);
        let inputs = collidescope::core::gjk::DistanceInput {
            pair: PosedPair::new(a, xa, b, xb),
            use_radii: true,
            max_iterations: 20,
        };
        collidescope::core::gjk::shape_distance(&inputs, None, None).distance
    };
    let (mut lo, mut hi) = (0.0f32, 6.0f32);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if d(mid) > gap.max(0.0) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    // Penetration: step in by the gap's depth along the direction.
    let s = if gap < 0.0 { hi + gap } else { hi };
    (xa, Transform::new(xa.p + dir * s, angle))
}

#[derive(Default)]
struct Tally {
    compared: usize,
    matched: usize,
    skipped: usize,
    examples: Vec<String>,
}

#[test]
fn box2d_v3_preset_is_box2d_s_manifold_bit_for_bit() {
    let settings = Settings::default();
    let mut rng = Rng::new(0xB0C2_D3A0);
    let mut by_kind: BTreeMap<(Kind, Kind), Tally> = BTreeMap::new();
    for ka in KINDS {
        for kb in KINDS {
            let t = by_kind.entry((ka, kb)).or_default();
            for _ in 0..PAIRS_PER_COMBINATION {
                let (a, b) = (shape(&mut rng, ka), shape(&mut rng, kb));
                let (xa, xb) = place(&mut rng, &a, &b);
                let pair = PairInputs {
                    pair: PosedPair::new(&a, xa, &b, xb),
                    velocity_a: Vec2::ZERO,
                    velocity_b: Vec2::ZERO,
                    angular_velocity_a: 0.0,
                    angular_velocity_b: 0.0,
                    settings: &settings,
                };
                let Ok(theirs) = box2d::manifold(&pair) else {
                    t.skipped += 1;
                    continue;
                };
                let ours = contact_manifold(&pair.manifold(ManifoldSource::Sat), None);
                let (_, same, _) = compare_manifolds(&ours, &theirs, 0.0);
                let ours_points = ours.points();
                t.compared += 1;
                if same {
                    t.matched += 1;
                } else if t.examples.len() < 2 {
                    t.examples.push(format!(
                        "ours {} pts n {:?} {:?}\n      box2d {} pts n {:?} {:?}",
                        ours_points.len(),
                        ours.normal,
                        ours_points
                            .iter()
                            .map(|p| (p.point_a, p.separation))
                            .collect::<Vec<_>>(),
                        theirs.points.len(),
                        theirs.normal,
                        theirs
                            .points
                            .iter()
                            .map(|p| (p.point_a, p.separation))
                            .collect::<Vec<_>>()
                    ));
                }
            }
        }
    }
    let (mut compared, mut matched) = (0, 0);
    println!("kind A         kind B          compared  matched  skipped");
    for ((ka, kb), t) in &by_kind {
        compared += t.compared;
        matched += t.matched;
        println!(
            "{:<14} {:<14} {:>9} {:>8} {:>8}",
            format!("{ka:?}"),
            format!("{kb:?}"),
            t.compared,
            t.matched,
            t.skipped
        );
        for e in &t.examples {
            println!("    {e}");
        }
    }
    let rate = matched as f64 / compared as f64;
    println!(
        "total: {matched} of {compared} match ({:.2} %)",
        100.0 * rate
    );
    assert!(compared >= 10_000, "only {compared} pairs compared");
    assert_eq!(
        matched,
        compared,
        "{:.3} % of manifolds are Box2D v3's bit for bit",
        100.0 * rate
    );
}

/// Box2D's `b2InvMulTransforms` is a `static inline` function of its header, not a
/// symbol of the library: the exported `b2Body_GetLocalPoint` and
/// `b2Body_GetLocalVector` of a body posed at A compute its two halves with the same
/// products in the same order (`b2InvTransformWorldPoint(xfA, pB)` is
/// `b2InvRotateVector(qA, pB − pA)`; `b2InvRotateVector(qA, (qB.c, qB.s))` is
/// `b2InvMulRot(qA, qB)`, its sine's two products summed the other way round, which
/// IEEE addition does not tell apart).
fn box2d_b_in_a(body: boxdd_sys::ffi::b2BodyId, a: &Transform, b: &Transform) -> [u32; 4] {
    use boxdd_sys::ffi as b2;
    let v = |v: Vec2| b2::b2Vec2 { x: v.x, y: v.y };
    // SAFETY: `body` belongs to a live world; the calls read and write plain values.
    let (p, q) = unsafe {
        b2::b2Body_SetTransform(body, v(a.p), b2::b2Rot { c: a.q.c, s: a.q.s });
        (
            b2::b2Body_GetLocalPoint(body, v(b.p)),
            b2::b2Body_GetLocalVector(body, b2::b2Vec2 { x: b.q.c, y: b.q.s }),
        )
    };
    [p.x, p.y, q.x, q.y].map(f32::to_bits)
}

#[test]
fn posed_pair_b_in_a_is_box2d_inv_mul_transforms_bit_for_bit() {
    use boxdd_sys::ffi as b2;
    // SAFETY: a world and one body, destroyed at the end; no callbacks.
    let (world, body) = unsafe {
        let world = b2::b2CreateWorld(&b2::b2DefaultWorldDef());
        (world, b2::b2CreateBody(world, &b2::b2DefaultBodyDef()))
    };
    let shape = Shape::new(Geometry::Circle { radius: 0.5 }).unwrap();
    let mut rng = Rng::new(23);
    let mut checked = 0;
    for i in 0..20_000 {
        // Coordinates from 1e-3 to 1e4 (cancellation in pB − pA near each other),
        // any angles, and every tenth pair with B at A's pose or turned by half a turn.
        let scale = rng.log_range(-3.0, 4.0) as f32;
        let a = Transform::new(rng.vec_f32(-scale, scale), rng.angle());
        let b = match i % 10 {
            0 => a,
            1 => Transform::new(
                a.p + rng.vec_f32(-1e-3, 1e-3),
                a.q.angle() + std::f32::consts::PI,
            ),
            _ => Transform::new(rng.vec_f32(-scale, scale), rng.angle()),
        };
        let ours = PosedPair::new(&shape, a, &shape, b).b_in_a();
        let ours = [ours.p.x, ours.p.y, ours.q.c, ours.q.s].map(f32::to_bits);
        assert_eq!(ours, box2d_b_in_a(body, &a, &b), "A {a:?}, B {b:?}");
        checked += 1;
    }
    // SAFETY: the world made above, destroyed once.
    unsafe { b2::b2DestroyWorld(world) };
    assert_eq!(checked, 20_000);
}

/// Distance as Box2D: on the same seeded pairs (every pair of kinds, touching to 0.3
/// deep and up to 0.03 apart), our GJK from a cold start against `b2ShapeDistance`
/// from an empty cache — its iteration count and the simplex cache it writes, as Box2D
/// reports them (its early returns count 0 and write nothing:
/// [`DistanceOutput::box2d_report`](collidescope::core::gjk::DistanceOutput::box2d_report)).
#[test]
fn box2d_distance_iterations_and_cache_on_seeded_pairs() {
    use collidescope::core::gjk::shape_distance;
    let settings = Settings::default();
    let mut rng = Rng::new(0xD157_A9CE);
    let (mut compared, mut iterations, mut caches) = (0usize, 0usize, 0usize);
    let mut examples = Vec::new();
    for ka in KINDS {
        for kb in KINDS {
            for _ in 0..PAIRS_PER_COMBINATION {
                let (a, b) = (shape(&mut rng, ka), shape(&mut rng, kb));
                let (xa, xb) = place(&mut rng, &a, &b);
                let pair = PairInputs {
                    pair: PosedPair::new(&a, xa, &b, xb),
                    velocity_a: Vec2::ZERO,
                    velocity_b: Vec2::ZERO,
                    angular_velocity_a: 0.0,
                    angular_velocity_b: 0.0,
                    settings: &settings,
                };
                let ours = shape_distance(&pair.distance(), None, None).box2d_report();
                let (theirs, _) = box2d::distance(&pair);
                let cache = theirs.cache.expect("Box2D reports its cache");
                compared += 1;
                let same_iterations = theirs.iterations == Some(ours.iterations);
                let same_cache = cache.index_a == ours.index_a && cache.index_b == ours.index_b;
                iterations += usize::from(same_iterations);
                caches += usize::from(same_cache);
                if !(same_iterations && same_cache) && examples.len() < 10 {
                    examples.push(format!(
                        "{ka:?}/{kb:?}: ours {} it A{:?} B{:?}; Box2D {:?} it A{:?} B{:?}",
                        ours.iterations,
                        ours.index_a,
                        ours.index_b,
                        theirs.iterations,
                        cache.index_a,
                        cache.index_b
                    ));
                }
            }
        }
    }
    println!("distance: {compared} pairs, iterations equal {iterations}, caches equal {caches}");
    for e in &examples {
        println!("  {e}");
    }
    assert_eq!(compared, 36 * PAIRS_PER_COMBINATION);
    for (what, n) in [("iterations", iterations), ("caches", caches)] {
        assert!(
            n * 1000 >= compared * 999,
            "{what} equal on {n} of {compared} ({:.3} %)",
            100.0 * n as f64 / compared as f64
        );
    }
}
