//! Property tests (proptest) of the collision core: symmetry, invariance under rigid
//! motions, iteration bounds, EPA against an exact SAT depth, finiteness on extreme but
//! valid input, and the Minkowski outline's support function.
//!
//! Frame convention: shapes in their local frame placed by a `Transform`; all results
//! in world space; normals from A to B.
//!
//! Tolerances are relative to `L`, the size of the configuration: the largest absolute
//! world coordinate of either core plus both radii plus 1. Every world-space result
//! carries f32 rounding of order `f32::EPSILON · L` from the transforms alone.

use collidescope::core::consts::{
    DEFAULT_ARC_TOLERANCE, DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE,
    DEFAULT_GJK_MAX_ITERATIONS, GJK_DIRECTION_EPSILON, GJK_RELATIVE_TOLERANCE, MAX_EPA_ITERATIONS,
};
use collidescope::core::epa::{penetration, EpaTrace, PenetrationInput, PenetrationOutput};
use collidescope::core::gjk::{
    shape_distance, DistanceInput, DistanceOutput, GjkTermination, GjkTrace, SimplexCache,
};
use collidescope::core::math::Transform;
use collidescope::core::minkowski::minkowski_difference;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::core::support::SupportMap;
use collidescope::verify::Rng;
use glam::{DVec2, Vec2};
use proptest::prelude::*;
use std::f32::consts::PI;

/// Distance and witness-point agreement, relative to `L`: 2e-5 · L is ~170 f32 ulps of
/// the largest coordinate. Looser than the differential test's 2e-6 because here the
/// two answers compared are *both* f32 results (e.g. A-then-B against B-then-A, each
/// computed in a different local frame), and the rigid motion moves coordinates up to
/// 100 away, where the motion itself rounds.
const TOL: f32 = 2.0e-5;

/// Angle (radians) within which two normals are the same: `TOL · L` over the distance
/// (the normal is the direction between the witness points), floored at 1e-4 rad.
const NORMAL_TOL: f32 = 1.0e-4;

/// A core vertex within this (relative to `L`) of the supporting line touches it; when
/// both shapes touch it along an edge, the witness points are not unique (parallel
/// edges) and are not compared directly.
const SUPPORT_MARGIN: f32 = 1.0e-3;

// ---------------------------------------------------------------------------------
// Shapes from a seed: the kinds of the differential test, at a chosen scale.
// ---------------------------------------------------------------------------------

/// A convex polygon of 3 to 12 vertices on a random ellipse, scaled by `s`.
fn polygon_points(rng: &mut Rng, s: f32) -> Vec<Vec2> {
    loop {
        let n = 3 + (rng.unit_f32() * 10.0) as usize;
        let mut angles: Vec<f32> = (0..n).map(|_| rng.range_f32(0.0, 2.0 * PI)).collect();
        angles.sort_by(f32::total_cmp);
        let (ax, ay) = (rng.range_f32(0.2, 2.0), rng.range_f32(0.2, 2.0));
        let c = rng.vec_f32(-1.0, 1.0);
        let pts: Vec<Vec2> = angles
            .iter()
            .map(|t| s * (c + Vec2::new(ax * t.cos(), ay * t.sin())))
            .collect();
        if Shape::polygon(&pts, 0.0).is_ok() {
            return pts;
        }
    }
}

/// Kinds: 0 circle, 1 polygon, 2 box, 3 capsule, 4 segment, 5 rounded polygon,
/// 6 rounded box. Every length is multiplied by `s`.
fn make_shape(kind: u8, seed: u64, s: f32) -> Shape {
    let mut rng = Rng::new(seed);
    let two_points = |rng: &mut Rng| loop {
        let (a, b) = (rng.vec_f32(-1.5, 1.5), rng.vec_f32(-1.5, 1.5));
        if a.distance(b) > 0.05 {
            return (s * a, s * b);
        }
    };
    let geometry = match kind % 7 {
        0 => Geometry::Circle {
            radius: s * rng.range_f32(0.1, 2.0),
        },
        1 => Geometry::Polygon {
            points: polygon_points(&mut rng, s),
            radius: 0.0,
        },
        2 => Geometry::Box {
            half_extents: s * rng.vec_f32(0.1, 2.0),
            radius: 0.0,
        },
        3 => {
            let (a, b) = two_points(&mut rng);
            Geometry::Capsule {
                a,
                b,
                radius: s * rng.range_f32(0.05, 1.0),
            }
        }
        4 => {
            let (a, b) = two_points(&mut rng);
            Geometry::Segment { a, b }
        }
        5 => Geometry::Polygon {
            points: polygon_points(&mut rng, s),
            radius: s * rng.range_f32(0.05, 0.6),
        },
        _ => Geometry::Box {
            half_extents: s * rng.vec_f32(0.1, 2.0),
            radius: s * rng.range_f32(0.05, 0.6),
        },
    };
    Shape::new(geometry).expect("generated shapes are valid")
}

fn world_vertices(shape: &Shape, xf: &Transform) -> Vec<Vec2> {
    shape.vertices().iter().map(|v| xf.apply(*v)).collect()
}

/// Size of the configuration, for tolerances.
fn scale_of(a: &Shape, xa: &Transform, b: &Shape, xb: &Transform) -> f32 {
    world_vertices(a, xa)
        .iter()
        .chain(&world_vertices(b, xb))
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()))
        + a.radius()
        + b.radius()
        + 1.0
}

/// How far GJK's normal may turn from the exact one when it stops on its progress
/// rule: a new support point that brings the distance `d` closer by no more than
/// `g = GJK_RELATIVE_TOLERANCE·d + GJK_DIRECTION_EPSILON·scale` ends the loop, and a
/// closest point that far short of the true one can sit on a neighbouring vertex whose
/// direction differs by up to `√(2g/d)` (the gap of a circle's chord: a circle of radius
/// `d` leaves a point `s` along its tangent `s²/2d` outside). Nearly collinear vertices
/// near the closest point reach it.
fn gjk_normal_slack(d: f32, scale: f32) -> f32 {
    let g = GJK_RELATIVE_TOLERANCE * d + GJK_DIRECTION_EPSILON * scale;
    (2.0 * g / d.max(f32::MIN_POSITIVE)).sqrt()
}

fn distance(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> DistanceOutput {
    shape_distance(
        &DistanceInput {
            pair: PosedPair::new(a, xa, b, xb),
            use_radii: true,
            max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
        },
        None,
        None,
    )
}

fn pen(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Option<PenetrationOutput> {
    penetration(
        &PenetrationInput {
            pair: PosedPair::new(a, xa, b, xb),
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        },
        None,
        None,
    )
}

fn angle_between(a: Vec2, b: Vec2) -> f32 {
    (a.x * b.y - a.y * b.x).atan2(a.dot(b)).abs()
}

/// Are the witness points of separated shapes unique along the normal `n` (A to B)?
/// Not when both shapes touch the supporting lines along an edge (parallel edges).
fn witness_unique(a: &Shape, xa: &Transform, b: &Shape, xb: &Transform, n: Vec2, l: f32) -> bool {
    let touching = |v: Vec<Vec2>, d: Vec2| {
        let top = v.iter().map(|p| p.dot(d)).fold(f32::MIN, f32::max);
        v.iter()
            .filter(|p| top - p.dot(d) <= SUPPORT_MARGIN * l)
            .count()
    };
    touching(world_vertices(a, xa), n) == 1 || touching(world_vertices(b, xb), -n) == 1
}

/// Exact penetration depth of two sharp convex polygons by SAT in f64: the smallest
/// overlap of the projections over every edge normal of both (in 2D the minimum
/// translation is along an edge normal). Negative when a separating axis exists.
fn sat_depth(a: &[Vec2], b: &[Vec2]) -> f64 {
    let a: Vec<DVec2> = a.iter().map(|p| p.as_dvec2()).collect();
    let b: Vec<DVec2> = b.iter().map(|p| p.as_dvec2()).collect();
    let mut depth = f64::INFINITY;
    for poly in [&a, &b] {
        for i in 0..poly.len() {
            let e = poly[(i + 1) % poly.len()] - poly[i];
            let n = DVec2::new(e.y, -e.x).normalize();
            depth = depth.min(overlap_along(&a, &b, n));
        }
    }
    depth
}

/// Overlap of the projections of `a` and `b` on `n` (the smaller of the two ways out).
fn overlap_along(a: &[DVec2], b: &[DVec2], n: DVec2) -> f64 {
    let (amin, amax) = a.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.dot(n)), hi.max(p.dot(n)))
    });
    let (bmin, bmax) = b.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.dot(n)), hi.max(p.dot(n)))
    });
    (amax - bmin).min(bmax - amin)
}

fn transform_strategy(extent: f32) -> impl Strategy<Value = Transform> {
    (-extent..extent, -extent..extent, -PI..PI)
        .prop_map(|(x, y, a)| Transform::new(Vec2::new(x, y), a))
}

/// A pair of shapes of any kinds, A somewhere in [−10, 10]², B within 6 of it (so both
/// overlapping and separated pairs come up).
fn pair_strategy() -> impl Strategy<Value = (Shape, Transform, Shape, Transform)> {
    (
        0u8..7,
        any::<u64>(),
        0u8..7,
        any::<u64>(),
        transform_strategy(10.0),
        -6.0f32..6.0,
        -6.0f32..6.0,
        -PI..PI,
    )
        .prop_map(|(ka, sa, kb, sb, xa, dx, dy, ab)| {
            let a = make_shape(ka, sa, 1.0);
            let b = make_shape(kb, sb, 1.0);
            let xb = Transform::new(xa.p + Vec2::new(dx, dy), ab);
            (a, xa, b, xb)
        })
}

fn finite_distance(out: &DistanceOutput) -> bool {
    out.distance.is_finite()
        && out.distance >= 0.0
        && out.core_distance.is_finite()
        && out.point_a.is_finite()
        && out.point_b.is_finite()
        && out
            .normal
            .is_none_or(|n| n.is_finite() && (n.length() - 1.0).abs() < 1e-4)
}

fn finite_penetration(out: &Option<PenetrationOutput>) -> bool {
    out.as_ref().is_none_or(|p| {
        p.depth.is_finite()
            && p.depth >= 0.0
            && p.normal.is_finite()
            && (p.normal.length() - 1.0).abs() < 1e-4
            && p.point_a.is_finite()
            && p.point_b.is_finite()
    })
}

proptest! {
    // 512 cases per property; the SAT property rejects touching and separated pairs
    // (about a third), hence the larger reject budget.
    #![proptest_config(ProptestConfig {
        cases: 512,
        max_global_rejects: 8192,
        ..ProptestConfig::default()
    })]

    /// Swapping A and B: the same distance, the normal negated, the witness points
    /// swapped (where unique); for overlapping pairs the same depth.
    #[test]
    fn distance_is_symmetric((a, xa, b, xb) in pair_strategy()) {
        let l = scale_of(&a, &xa, &b, &xb);
        let ab = distance(&a, xa, &b, xb);
        let ba = distance(&b, xb, &a, xa);
        prop_assert!((ab.distance - ba.distance).abs() <= TOL * l, "{ab:?}\n{ba:?}");
        if ab.distance > TOL * l && ba.distance > TOL * l {
            let (n1, n2) = (ab.normal.unwrap(), ba.normal.unwrap());
            let allowed = NORMAL_TOL
                .max(TOL * l / ab.distance)
                .max(gjk_normal_slack(ab.core_distance.max(ba.core_distance), l));
            prop_assert!(angle_between(n1, -n2) <= allowed, "{n1} vs {n2}");
            if witness_unique(&a, &xa, &b, &xb, n1, l) {
                // The same stop lets a witness sit up to √(2·g·d) along the surface
                // from the exact one (`gjk_normal_slack` times the distance).
                let d = ab.core_distance.max(ba.core_distance);
                let slack = (TOL * l).max(gjk_normal_slack(d, l) * d);
                prop_assert!(ab.point_a.distance(ba.point_b) <= slack, "{ab:?}\n{ba:?}");
                prop_assert!(ab.point_b.distance(ba.point_a) <= slack, "{ab:?}\n{ba:?}");
            }
        }
        let (p_ab, p_ba) = (pen(&a, xa, &b, xb), pen(&b, xb, &a, xa));
        if let (Some(p), Some(q)) = (p_ab, p_ba) {
            // Each depth is within the EPA tolerance below the exact one.
            let allowed = 2.0 * DEFAULT_EPA_TOLERANCE * p.depth.max(q.depth) + TOL * l;
            prop_assert!((p.depth - q.depth).abs() <= allowed, "{p:?}\n{q:?}");
        }
    }

    /// Moving both shapes by the same rigid motion moves the answer with them.
    #[test]
    fn distance_is_invariant_under_rigid_motion(
        (a, xa, b, xb) in pair_strategy(),
        motion in transform_strategy(100.0),
    ) {
        let move_by = |xf: &Transform| Transform {
            p: motion.apply(xf.p),
            q: collidescope::core::math::Rot::from_angle(motion.q.angle() + xf.q.angle()),
        };
        let (ya, yb) = (move_by(&xa), move_by(&xb));
        let l = scale_of(&a, &ya, &b, &yb).max(scale_of(&a, &xa, &b, &xb));
        let before = distance(&a, xa, &b, xb);
        let after = distance(&a, ya, &b, yb);
        prop_assert!((before.distance - after.distance).abs() <= TOL * l, "{before:?}\n{after:?}");
        if before.distance > TOL * l && after.distance > TOL * l {
            let n = motion.q.apply(before.normal.unwrap());
            let allowed = NORMAL_TOL.max(TOL * l / before.distance);
            prop_assert!(angle_between(n, after.normal.unwrap()) <= allowed);
            if witness_unique(&a, &xa, &b, &xb, before.normal.unwrap(), l) {
                prop_assert!(motion.apply(before.point_a).distance(after.point_a) <= TOL * l);
                prop_assert!(motion.apply(before.point_b).distance(after.point_b) <= TOL * l);
            }
        }
        if let (Some(p), Some(q)) = (pen(&a, xa, &b, xb), pen(&a, ya, &b, yb)) {
            let allowed = 2.0 * DEFAULT_EPA_TOLERANCE * p.depth.max(q.depth) + TOL * l;
            prop_assert!((p.depth - q.depth).abs() <= allowed, "{p:?}\n{q:?}");
        }
    }

    /// GJK never makes more support evaluations than its bound, stops with
    /// `MaxIterations` exactly when it used them all without another criterion, and an
    /// early stop never underestimates the distance (the simplex is inside B − A).
    #[test]
    fn gjk_respects_its_iteration_bound(
        (a, xa, b, xb) in pair_strategy(),
        max_iterations in 1u32..30,
        warm in any::<bool>(),
    ) {
        let input = DistanceInput { pair: PosedPair::new(&a, xa, &b, xb), use_radii: true, max_iterations };
        let mut cache = SimplexCache::default();
        if warm {
            // Warm the cache on a slightly different pose first.
            let nudged = DistanceInput {
                pair: PosedPair { transform_b: Transform::new(xb.p + Vec2::splat(0.05), xb.q.angle()), ..input.pair },
                ..input
            };
            shape_distance(&nudged, Some(&mut cache), None);
        }
        let mut trace = GjkTrace::default();
        let out = shape_distance(&input, Some(&mut cache), Some(&mut trace));
        prop_assert!(out.iterations <= max_iterations, "{out:?}");
        if out.termination == GjkTermination::MaxIterations {
            prop_assert_eq!(out.iterations, max_iterations);
        }
        prop_assert!(finite_distance(&out));
        prop_assert_eq!(trace.steps.last().and_then(|s| s.stop), Some(out.termination));
        let full = shape_distance(&DistanceInput { max_iterations: 1000, ..input }, None, None);
        let l = scale_of(&a, &xa, &b, &xb);
        prop_assert!(out.distance >= full.distance - TOL * l, "{out:?}\n{full:?}");
    }

    /// EPA's depth equals the exact SAT depth for overlapping sharp polygons, and its
    /// normal achieves it.
    #[test]
    fn epa_depth_equals_sat_depth(
        ka in prop_oneof![Just(1u8), Just(2u8)],
        sa in any::<u64>(),
        kb in prop_oneof![Just(1u8), Just(2u8)],
        sb in any::<u64>(),
        xa in transform_strategy(10.0),
        offset in (-1.5f32..1.5, -1.5f32..1.5),
        angle_b in -PI..PI,
    ) {
        let (a, b) = (make_shape(ka, sa, 1.0), make_shape(kb, sb, 1.0));
        let xb = Transform::new(xa.p + Vec2::new(offset.0, offset.1), angle_b);
        let (wa, wb) = (world_vertices(&a, &xa), world_vertices(&b, &xb));
        let exact = sat_depth(&wa, &wb);
        let l = scale_of(&a, &xa, &b, &xb) as f64;
        // Touching or separated pairs are other tests' business.
        prop_assume!(exact > 1e-4 * l);
        let p = pen(&a, xa, &b, xb);
        prop_assert!(p.is_some(), "overlapping by {exact}, no penetration");
        let p = p.unwrap();
        // EPA stops within DEFAULT_EPA_TOLERANCE (relative) of the exact depth, from
        // below; plus f32 rounding of the coordinates (2e-6 · L).
        let tol = DEFAULT_EPA_TOLERANCE as f64 * exact + 2e-6 * l;
        prop_assert!((p.depth as f64 - exact).abs() <= tol, "EPA {} vs SAT {exact} ({:?})", p.depth, p.termination);
        let n = p.normal.as_dvec2();
        let (da, db): (Vec<DVec2>, Vec<DVec2>) = (
            wa.iter().map(|v| v.as_dvec2()).collect(),
            wb.iter().map(|v| v.as_dvec2()).collect(),
        );
        // Moving B by `depth` along the normal separates the projections on it.
        let amax = da.iter().map(|v| v.dot(n)).fold(f64::MIN, f64::max);
        let bmin = db.iter().map(|v| v.dot(n)).fold(f64::MAX, f64::min);
        prop_assert!((amax - bmin - exact).abs() <= tol, "along the normal {} vs {exact}", amax - bmin);
    }

    /// EPA terminates within its bound for every bound and tolerance setting.
    #[test]
    fn epa_respects_its_iteration_bound(
        (a, xa, b, xb) in pair_strategy(),
        epa_max_iterations in 1u32..200,
        epa_tolerance in prop_oneof![Just(1e-7f32), Just(1e-6), Just(1e-4), Just(1e-2), Just(0.1)],
        gjk_max_iterations in 1u32..30,
    ) {
        let mut trace = EpaTrace::default();
        let out = penetration(
            &PenetrationInput { pair: PosedPair::new(&a, xa, &b, xb), gjk_max_iterations, epa_tolerance, epa_max_iterations },
            None,
            Some(&mut trace),
        );
        prop_assert!(finite_penetration(&out));
        if let Some(p) = out {
            prop_assert!(p.iterations <= epa_max_iterations.min(MAX_EPA_ITERATIONS), "{p:?}");
            prop_assert!(trace.steps.len() as u32 <= p.iterations + 1);
        }
    }

    /// The Minkowski outline's support function is h_B(d) + h_A(−d): exactly for the
    /// core, and for the rounded outline within the arc tolerance (the polyline's
    /// points lie on the arcs, so it can only fall short, by at most the sagitta).
    #[test]
    fn minkowski_support_is_sum_of_supports((a, xa, b, xb) in pair_strategy()) {
        let out = minkowski_difference(&a, &xa, &b, &xb, DEFAULT_ARC_TOLERANCE);
        let l = scale_of(&a, &xa, &b, &xb);
        let (wa, wb) = (world_vertices(&a, &xa), world_vertices(&b, &xb));
        prop_assert!(out.core.iter().chain(&out.points).all(|p| p.is_finite()));
        for k in 0..64 {
            let t = 2.0 * PI * k as f32 / 64.0;
            let d = Vec2::new(t.cos(), t.sin());
            let core = out.core.iter().map(|p| p.dot(d)).fold(f32::MIN, f32::max);
            let expected_core = wb.iter().map(|p| p.dot(d)).fold(f32::MIN, f32::max)
                + wa.iter().map(|p| -p.dot(d)).fold(f32::MIN, f32::max);
            // Sums and differences of two f32 coordinates: a few ulps of L.
            prop_assert!((core - expected_core).abs() <= 2e-6 * l, "core along {d}: {core} vs {expected_core}");
            let got = out.points.iter().map(|p| p.dot(d)).fold(f32::MIN, f32::max);
            let expected = b.world_extent(&xb, d) + a.world_extent(&xa, -d);
            prop_assert!(got <= expected + 2e-6 * l, "outline along {d}: {got} beyond {expected}");
            prop_assert!(got >= expected - DEFAULT_ARC_TOLERANCE - 2e-6 * l, "outline along {d}: {got} short of {expected}");
        }
    }

    /// Nothing returns NaN (or infinity) for finite, valid input: tiny shapes, huge
    /// coordinates, slivers, nearly parallel edges, coincident shapes.
    #[test]
    fn no_nan_on_extreme_valid_input(
        ka in 0u8..7,
        sa in any::<u64>(),
        kb in 0u8..7,
        sb in any::<u64>(),
        scale in prop_oneof![Just(1e-3f32), Just(1e-2), Just(1.0), Just(100.0)],
        far in prop_oneof![Just(0.0f32), Just(1e3), Just(1e4), Just(1e5)],
        xa in transform_strategy(1.0),
        rel in (-3.0f32..3.0, -3.0f32..3.0),
        angle_b in -PI..PI,
        coincident in any::<bool>(),
    ) {
        let (a, b) = (make_shape(ka, sa, scale), make_shape(kb, sb, scale));
        let xa = Transform::new(Vec2::splat(far) + scale * xa.p, xa.q.angle());
        let xb = if coincident {
            xa
        } else {
            Transform::new(xa.p + scale * Vec2::new(rel.0, rel.1), angle_b)
        };
        check_finite(&a, xa, &b, xb)?;
    }

    /// Slivers (a triangle of aspect up to 1e5) and boxes whose edges are nearly
    /// parallel (turned by up to 1e-4 rad), touching, overlapping or apart.
    #[test]
    fn no_nan_on_slivers_and_nearly_parallel_edges(
        height in 1e-5f32..1e-1,
        twist in -1e-4f32..1e-4,
        gap in -0.5f32..0.5,
        far in prop_oneof![Just(0.0f32), Just(1e4), Just(1e5)],
        slide in -1.0f32..1.0,
    ) {
        let sliver = Shape::polygon(&[Vec2::ZERO, Vec2::new(1.0, 0.0), Vec2::new(0.5, height)], 0.0);
        prop_assume!(sliver.is_ok());
        let sliver = sliver.unwrap();
        let bar = Shape::cuboid(Vec2::new(1.0, 0.25)).unwrap();
        let base = Vec2::splat(far);
        let xa = Transform::new(base, 0.0);
        // The bar's bottom face lies `gap` above the sliver's base line, nearly parallel.
        let xb = Transform::new(base + Vec2::new(slide, 0.25 + gap), twist);
        check_finite(&sliver, xa, &bar, xb)?;
        check_finite(&bar, xb, &sliver, xa)?;
        // Two boxes face to face, nearly parallel.
        check_finite(&bar, xa, &bar, Transform::new(base + Vec2::new(slide, 0.5 + gap), twist))?;
    }
}

/// Every query on the pair, with and without traces: finite outputs, bounded
/// iterations, finite trace records.
fn check_finite(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Result<(), TestCaseError> {
    let mut gjk_trace = GjkTrace::default();
    let input = DistanceInput {
        pair: PosedPair::new(a, xa, b, xb),
        use_radii: true,
        max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
    };
    let d = shape_distance(&input, None, Some(&mut gjk_trace));
    prop_assert!(finite_distance(&d), "{d:?}");
    prop_assert!(d.iterations <= DEFAULT_GJK_MAX_ITERATIONS);
    prop_assert!(gjk_trace.steps.iter().all(|s| s.closest.is_finite()
        && s.simplex.iter().all(|v| v.w.is_finite() && v.a.is_finite())
        && s.direction.is_none_or(|d| d.is_finite())));
    let core = shape_distance(
        &DistanceInput {
            use_radii: false,
            ..input
        },
        None,
        None,
    );
    prop_assert!(finite_distance(&core), "{core:?}");
    let mut epa_trace = EpaTrace::default();
    let p = penetration(
        &PenetrationInput {
            pair: PosedPair::new(a, xa, b, xb),
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
        },
        None,
        Some(&mut epa_trace),
    );
    prop_assert!(finite_penetration(&p), "{p:?}");
    if let Some(p) = &p {
        prop_assert!(p.iterations <= DEFAULT_EPA_MAX_ITERATIONS);
    }
    prop_assert!(epa_trace.steps.iter().all(|s| s.distance.is_finite()
        && s.edge_normal.is_finite()
        && s.polytope.iter().all(|v| v.is_finite())));
    let outline = minkowski_difference(a, &xa, b, &xb, DEFAULT_ARC_TOLERANCE);
    prop_assert!(outline
        .core
        .iter()
        .chain(&outline.points)
        .all(|v| v.is_finite()));
    Ok(())
}
