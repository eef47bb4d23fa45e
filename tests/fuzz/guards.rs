//! Pairs from the fuzzer that each check one guard of the core (the pairs as generated, inputs written out exactly).

use super::*;

/// Seed 1, pair 260: a segment within 1e-4 rad of parallel to a polygon face, 6.8e-4
/// apart. Solve3 dropped the new support point and the next iteration found it again:
/// GJK cycled to its iteration bound. The guard, in `core/gjk/`: duplicates are checked
/// against the simplex as it entered the step (b2Distance's saveA/saveB).
#[test]
fn gjk_does_not_cycle_on_a_nearly_parallel_segment() {
    let p = pair(
        Family::NearlyParallel,
        Geometry::Segment {
            a: v(-1.4087169, -0.9381599),
            b: v(1.3391832, 1.0196979),
        },
        Pose::new(v(-1.3833548, -8.840633), -2.2391188),
        Vec2::ZERO,
        Geometry::Polygon {
            points: vec![
                v(-0.45169038, 0.023305371),
                v(-0.39172998, -0.54718286),
                v(-0.35456732, -0.7240707),
                v(0.6359553, -0.48100498),
                v(0.63460803, -0.1346129),
                v(0.5280219, 0.15760043),
                v(-0.004379842, 0.41633293),
                v(-0.41632077, 0.19384877),
            ],
            radius: 0.0,
        },
        Pose::new(v(-0.70758665, -9.108539), 3.0884418),
        Vec2::ZERO,
    );
    let (r, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    for d in [&res.distance, &res.distance_swapped] {
        assert_ne!(d.termination, GjkTermination::MaxIterations);
        assert!(d.iterations <= 6, "{} iterations", d.iterations);
        assert!((d.distance as f64 - r.distance()).abs() < 1e-6);
    }
}

/// Seed 2, pair 519414: a point 5e-7 from a tiny capsule's core, its own vertex 26 from
/// its origin. GJK's witness points coincided without a DirectionZero stop, and EPA
/// returned "no overlap" for one order only. The guard, in `core/epa/`: coinciding
/// witness points go on to the polytope.
#[test]
fn epa_finds_the_overlap_in_both_orders_when_the_cores_touch_to_rounding() {
    let p = pair(
        Family::TinyHuge,
        Geometry::Capsule {
            a: v(0.0035766896, 0.0044474853),
            b: v(-0.002725955, -0.0014786342),
            radius: 0.002860565,
        },
        Pose::new(v(-0.0038952827, 0.003969315), -2.5580893),
        Vec2::ZERO,
        Geometry::Polygon {
            points: vec![v(20.94812, -15.1275835)],
            radius: 0.0,
        },
        Pose::new(v(16.256132, -20.079672), 2.8768287),
        Vec2::ZERO,
    );
    let (r, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!((r.depth() - 2.8600829e-3).abs() < 1e-9, "{}", r.depth());
    for pen in [&res.penetration, &res.penetration_swapped] {
        let pen = pen.expect("an overlap in both orders");
        assert!((pen.depth as f64 - r.depth()).abs() < 1e-5, "{}", pen.depth);
    }
}

/// Seed 1, pair 143191: a point 2e-5 off a segment's line but 0.22 past its end. The
/// SAT-source manifold took the face separation as "touching" and made a contact. The
/// guard, in `core/manifold/`: the corner test uses the distance to the corner.
#[test]
fn a_point_past_a_segment_end_gets_no_manifold() {
    let p = pair(
        Family::General,
        Geometry::Polygon {
            points: vec![v(-0.13740622, 0.120155714)],
            radius: 0.0,
        },
        Pose::new(v(-7.9512706, 9.662924), 0.56004506),
        Vec2::ZERO,
        Geometry::Segment {
            a: v(0.11744306, -0.16425407),
            b: v(-0.11740623, 0.25128922),
        },
        Pose::new(v(-8.090314, 10.190415), 2.5876298),
        Vec2::ZERO,
    );
    let (r, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!((r.signed - 0.22339).abs() < 1e-4, "{}", r.signed);
    assert!(res.manifold_sat.is_separated());
    assert!(res.manifold_epa.is_separated());
}

/// Seed 1, pair 151003: two points 1.5e-7 apart passing side by side. The cast's
/// closing speed came from a point-to-point normal that is rounding noise at that
/// distance, and its last linear step put the hit 7e-6 down the path, where the points
/// were apart and separating. The guard, in `core/toi/shape_cast/`: no step on a
/// closing speed within the normal's noise.
#[test]
fn the_cast_does_not_extrapolate_on_a_noisy_normal() {
    let p = pair(
        Family::Moving,
        Geometry::Polygon {
            points: vec![v(-0.3036129, 0.2623956)],
            radius: 0.0,
        },
        Pose::new(v(2.7144997, -5.907161), 1.1625018),
        v(0.4837875, -0.22182216),
        Geometry::Polygon {
            points: vec![v(0.08339637, 0.12613228)],
            radius: 0.0,
        },
        Pose::new(v(2.4820092, -6.002557), 2.70532),
        Vec2::ZERO,
    );
    let (_, t, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    // Wherever the cast stops, the points are within the length tolerance there.
    assert!(
        t.f(res.cast.t as f64) <= t.tolerance,
        "{}",
        t.f(res.cast.t as f64)
    );
}

/// Seed 4242, pair 174403: a rounded box grazing a point, the least gap 8.6e-6 at t =
/// 0.7577. The cast stopped within its tolerance, then its last linear step d/c on a
/// closing speed near zero ran past the closest approach: a hit at t = 0.7586 where the
/// gap was 7.3e-5. The guard, in `core/toi/shape_cast/advance.rs`: the stepped time is
/// kept only if the surfaces are still within the tolerance there.
#[test]
fn a_grazing_cast_does_not_step_past_its_closest_approach() {
    // (The pair as the generator drew it before the rotating family joined the mix.)
    let p = pair(
        Family::Moving,
        Geometry::Box {
            half_extents: v(0.38364106, 0.22230993),
            radius: 0.014710796,
        },
        Pose::new(v(-1.7957314, -4.4203377), 0.41302112),
        v(1.1614712, 1.1936127),
        Geometry::Polygon {
            points: vec![v(-0.09360576, -0.25907987)],
            radius: 0.0,
        },
        Pose::new(v(-1.6249961, -3.5523298), 2.2744257),
        Vec2::ZERO,
    );
    let (_, t, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!(
        t.f(res.cast.t as f64) <= t.tolerance + 2.0e-5,
        "{}",
        t.f(res.cast.t as f64)
    );
}

/// Seed 3, pair 961779: a 0.01-wide hull with a 2.4e-6 edge, 90 from a huge hull's
/// origin. In A's frame rounding (~1e-5) exceeds that edge, the hull is no longer
/// strictly convex in f32, and SAT's rotating-calipers walk stopped early: separation
/// 1.3e-2 for a distance of 1.8e-3. The guard, in `core/sat/`: the winning face is
/// verified against every vertex, with a full scan when the walk over-estimated it.
#[test]
fn sat_is_a_lower_bound_when_a_tiny_polygon_is_far_from_its_frame() {
    let p = pair(
        Family::TinyHuge,
        Geometry::Polygon {
            points: vec![
                v(-55.537735, 61.67646),
                v(-1.8242873, -8.321311),
                v(23.12313, -39.83403),
                v(47.568943, -15.693096),
                v(50.729935, 10.584539),
                v(24.496374, 71.56316),
                v(3.5210423, 89.122116),
                v(-21.086527, 83.71732),
                v(-54.89921, 69.993675),
            ],
            radius: 0.0,
        },
        Pose::new(v(33.981106, -66.85193), 1.6542926),
        Vec2::ZERO,
        Geometry::Polygon {
            points: vec![
                v(-0.004645202, -0.0038077724),
                v(0.0049969386, -0.004215519),
                v(0.004998838, -0.004214125),
                v(0.007569064, 0.0013503814),
                v(0.0006402796, 0.007052829),
                v(-0.00252352, 0.0026496993),
            ],
            radius: 0.0,
        },
        Pose::new(v(-25.83801, -127.36934), -0.017481115),
        Vec2::ZERO,
    );
    let (r, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!((r.signed - 1.7968e-3).abs() < 1e-6, "{}", r.signed);
    assert!(
        (res.sat.separation as f64 - r.signed).abs() < 2e-5,
        "SAT {} against the distance {}",
        res.sat.separation,
        r.signed
    );
}

/// Seed 5, pair 268723: two identical capsules at one pose, so B − A of the cores is a
/// segment. Its seed points were collinear to rounding, the drop of "reflex" points
/// removed the two extremes, and EPA stalled on an edge between two points 1e-7 apart:
/// the right depth (2r) along a normal 0.17 rad off. The guard, in `core/epa/`: within
/// rounding a point is dropped only when it lies between its neighbours.
#[test]
fn epa_on_a_flat_difference_keeps_its_extremes() {
    let capsule = Geometry::Capsule {
        a: v(0.5342795, 0.484847),
        b: v(-0.8678318, -0.030260043),
        radius: 0.05552741,
    };
    let pose = Pose::new(v(0.02633496, -0.14329684), -0.39280406);
    let p = pair(
        Family::Coincident,
        capsule.clone(),
        pose,
        Vec2::ZERO,
        capsule,
        pose,
        Vec2::ZERO,
    );
    let (r, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    let pen = res.penetration.expect("overlapping");
    assert!((pen.depth as f64 - r.depth()).abs() < 1e-6);
    // The segment's perpendicular, either way.
    let n = r.normal.expect("exact normal");
    let got = pen.normal.as_dvec2().normalize();
    let sine = (got.x * n.y - got.y * n.x).abs();
    assert!(sine < 1e-6, "sine {sine}: {pen:?} against {n:?}");
}

/// Seed 5, pair 469353: a box corner 4e-7 from a circle, the box's face nearly
/// perpendicular to the normal. The vertex–vertex manifold re-derived the box's vertex
/// as the support along the normal, where the face's two vertices tie, and took the
/// wrong one: normal 0.4 rad off, separation 0.24. The guard, in `core/manifold/`:
/// GJK's own vertex pair is used.
#[test]
fn vertex_vertex_manifold_uses_gjks_vertices() {
    let p = pair(
        Family::General,
        Geometry::Box {
            half_extents: v(0.45409432, 0.51093733),
            radius: 0.0,
        },
        Pose::new(v(9.498656, 0.22625433), -0.4051242),
        Vec2::ZERO,
        Geometry::Circle { radius: 1.5991235 },
        Pose::new(v(8.249676, -1.5340316), 1.7841749),
        Vec2::ZERO,
    );
    let (r, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    for man in [&res.manifold_epa, &res.manifold_sat] {
        let d = man.deepest().expect("within the speculative distance");
        assert!(
            (d.separation as f64 - r.signed).abs() < 1e-5,
            "{}",
            d.separation
        );
    }
}

/// Seed 11, pair 129821: two nearly parallel segments 1.1e-4 apart at coordinates ~2. B
/// − A is a thin parallelogram; GJK went round three of its edges (a cycle the
/// entering-simplex duplicate test cannot see) because 1e-6 of the distance is below
/// the rounding of the progress test. The guard, in `core/gjk/`: a gain within the
/// configuration's f32 resolution is no gain.
#[test]
fn gjk_does_not_cycle_round_a_flat_parallelogram() {
    let p = pair(
        Family::NearlyParallel,
        Geometry::Segment {
            a: v(0.123408586, 0.57634187),
            b: v(0.74991155, -0.85949326),
        },
        Pose::new(v(-6.8531647, -6.7226744), 1.0287132),
        Vec2::ZERO,
        Geometry::Segment {
            a: v(-0.13081701, 0.52528495),
            b: v(0.39552614, -1.0188346),
        },
        Pose::new(v(-6.439097, -6.476692), 1.1116265),
        Vec2::ZERO,
    );
    let (r, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    for d in [&res.distance, &res.distance_swapped] {
        assert_ne!(d.termination, GjkTermination::MaxIterations);
        assert!(d.iterations <= 8, "{} iterations", d.iterations);
        assert!((d.distance as f64 - r.distance()).abs() < 2e-6 * r.scale);
    }
}

/// Seed 10, pair 336397: a tiny capsule against a face of a huge rounded box, 38 from
/// the box's origin. The clipping tangent came from the difference of the reference
/// face's rounded endpoints, which turned the side planes; the incident core 3.6 away
/// along them slid the clipped point 3.3e-4 past the face. The guard, in
/// `core/manifold/`: the side planes follow the face's normal.
#[test]
fn manifold_side_planes_follow_the_face_normal() {
    let p = pair(
        Family::TinyHuge,
        Geometry::Box {
            half_extents: v(21.39256, 36.80804),
            radius: 3.6319852,
        },
        Pose::new(v(-15.662241, -6.1767025), 1.5708973),
        Vec2::ZERO,
        Geometry::Capsule {
            a: v(0.0013172306, 0.010255329),
            b: v(-0.0039588124, -0.004917156),
            radius: 0.0033325404,
        },
        Pose::new(v(24.572943, -28.7905), -0.0070627886),
        Vec2::ZERO,
    );
    let (_, _, res, m) = checked(&p);
    assert!(failures(&m).is_empty(), "{:?}", failures(&m));
    assert!(!res.manifold_epa.is_separated());
}
