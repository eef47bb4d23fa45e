//! With the trace off, a query allocates nothing: a counting global allocator wraps
//! the system allocator and counts, per thread, every allocation (alloc, alloc_zeroed,
//! realloc). The counter is thread-local, so tests running on other threads of this
//! binary cannot disturb it; all checks run inside one `#[test]` anyway.
//!
//! Frame convention: shapes in their local frame placed by a `Transform`; results in
//! world space (only their values' use matters here: they are passed to `black_box`).

use collidescope::core::consts::{
    DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE, DEFAULT_GJK_MAX_ITERATIONS,
};
use collidescope::core::epa::{penetration, EpaTrace, PenetrationInput};
use collidescope::core::gjk::{intersects, shape_distance, DistanceInput, GjkTrace, SimplexCache};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::Shape;
use glam::Vec2;

mod common;
use common::alloc::allocations_during;

#[global_allocator]
static GLOBAL: common::alloc::CountingAllocator = common::alloc::CountingAllocator;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn octagon(radius: f32) -> Shape {
    let pts: Vec<Vec2> = (0..8)
        .map(|i| {
            let t = std::f32::consts::TAU * i as f32 / 8.0;
            v(t.cos(), t.sin())
        })
        .collect();
    Shape::polygon(&pts, radius).unwrap()
}

#[test]
fn queries_with_the_trace_off_allocate_nothing() {
    let shapes = [
        ("octagon", octagon(0.0)),
        ("rounded octagon", octagon(0.1)),
        ("circle", Shape::circle(0.75).unwrap()),
        (
            "capsule",
            Shape::capsule(v(-1.0, 0.0), v(1.0, 0.3), 0.4).unwrap(),
        ),
        ("box", Shape::cuboid(v(1.0, 0.5)).unwrap()),
        (
            "segment",
            Shape::segment(v(-1.0, -0.2), v(1.0, 0.2)).unwrap(),
        ),
    ];
    // Poses: apart, overlapping through the radii only, deeply overlapping, coincident.
    let poses = [
        Transform::new(v(4.0, 0.5), 0.3),
        Transform::new(v(1.9, 0.2), -0.4),
        Transform::new(v(0.5, 0.25), 1.1),
        Transform::IDENTITY,
    ];
    let xa = Transform::new(v(0.1, -0.2), 0.2);
    let mut checked = 0;
    let mut overlapping = 0;
    for (name_a, a) in &shapes {
        for (name_b, b) in &shapes {
            for xb in poses {
                let input = DistanceInput {
                    pair: PosedPair::new(a, xa, b, xb),
                    use_radii: true,
                    max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
                };
                let pen_input = PenetrationInput {
                    pair: PosedPair::new(a, xa, b, xb),
                    gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
                    epa_tolerance: DEFAULT_EPA_TOLERANCE,
                    epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
                };
                let what = format!("{name_a} × {name_b} at {xb:?}");
                // Cold: no cache.
                let n = allocations_during(|| shape_distance(&input, None, None));
                assert_eq!(n, 0, "cold distance allocated {n} times: {what}");
                // Cold start that writes a cache, then warm starts from it.
                let mut cache = SimplexCache::default();
                let n = allocations_during(|| shape_distance(&input, Some(&mut cache), None));
                assert_eq!(
                    n, 0,
                    "distance writing the cache allocated {n} times: {what}"
                );
                let moved = DistanceInput {
                    pair: PosedPair {
                        transform_b: Transform::new(xb.p + v(0.01, -0.01), xb.q.angle() + 0.01),
                        ..input.pair
                    },
                    ..input
                };
                let n = allocations_during(|| shape_distance(&moved, Some(&mut cache), None));
                assert_eq!(n, 0, "warm distance allocated {n} times: {what}");
                let n = allocations_during(|| intersects(a, &xa, b, &xb));
                assert_eq!(n, 0, "intersects allocated {n} times: {what}");
                let mut result = None;
                let n = allocations_during(|| result = penetration(&pen_input, None, None));
                assert_eq!(n, 0, "penetration allocated {n} times: {what}");
                overlapping += usize::from(result.is_some());
                checked += 1;
            }
        }
    }
    assert_eq!(checked, shapes.len() * shapes.len() * poses.len());
    // Both paths of `penetration` (no overlap, overlap with EPA) were exercised.
    assert!(
        overlapping > checked / 2 && overlapping < checked,
        "{overlapping} of {checked}"
    );

    // Control: the counter works, and a traced query does allocate (its records).
    let a = octagon(0.0);
    let b = Shape::cuboid(v(1.0, 0.5)).unwrap();
    let input = DistanceInput {
        pair: PosedPair::new(&a, xa, &b, Transform::new(v(0.5, 0.25), 1.1)),
        use_radii: true,
        max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
    };
    let n = allocations_during(|| Vec::<u8>::with_capacity(16));
    assert_eq!(n, 1, "the counter missed a plain allocation");
    let mut trace = GjkTrace::default();
    let n = allocations_during(|| shape_distance(&input, None, Some(&mut trace)));
    assert!(n > 0, "a traced GJK query allocated nothing");
    assert!(!trace.steps.is_empty());
    let mut gjk_trace = GjkTrace::default();
    let mut epa_trace = EpaTrace::default();
    let n = allocations_during(|| {
        penetration(
            &PenetrationInput {
                pair: PosedPair::new(&a, xa, &b, input.pair.transform_b),
                gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
                epa_tolerance: DEFAULT_EPA_TOLERANCE,
                epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
            },
            Some(&mut gjk_trace),
            Some(&mut epa_trace),
        )
    });
    assert!(n > 0, "a traced penetration query allocated nothing");
    assert!(!epa_trace.steps.is_empty());
}

/// Ray casts, exact and GJK, on every kind: hits, misses, origins inside (GJK's exit
/// and entry marches), point rays and refused rays allocate nothing without a trace.
#[test]
fn ray_casts_with_the_trace_off_allocate_nothing() {
    use collidescope::core::raycast::{
        ray_cast, ray_cast_gjk, RayCastInput, RayInput, RayTermination, RayTrace,
    };
    let shapes = [
        octagon(0.0),
        octagon(0.1),
        Shape::circle(0.75).unwrap(),
        Shape::capsule(v(-1.0, 0.0), v(1.0, 0.3), 0.4).unwrap(),
        Shape::cuboid(v(1.0, 0.5)).unwrap(),
        Shape::segment(v(-1.0, -0.2), v(1.0, 0.2)).unwrap(),
    ];
    let xf = Transform::new(v(0.3, -0.2), 0.4);
    let rays = [
        RayInput::new(v(-4.0, 0.1), v(8.0, 0.2)),     // hit
        RayInput::new(v(-4.0, 3.0), v(8.0, 0.2)),     // miss
        RayInput::new(v(0.3, -0.2), v(3.0, 1.0)),     // inside (not for the segment)
        RayInput::new(v(0.3, -0.2), Vec2::ZERO),      // point ray
        RayInput::new(v(f32::NAN, 0.0), v(1.0, 0.0)), // refused
    ];
    let mut statuses = Vec::new();
    for s in &shapes {
        for ray in rays {
            let input = RayCastInput::new(s, xf, ray);
            for f in [ray_cast, ray_cast_gjk] {
                let mut out = None;
                let n = allocations_during(|| out = Some(f(&input, None)));
                assert_eq!(n, 0, "a ray cast allocated {n} times: {s:?} {ray:?}");
                statuses.push(out.map(|o| o.termination));
            }
        }
    }
    for status in [
        RayTermination::Hit,
        RayTermination::Missed,
        RayTermination::Inside,
        RayTermination::NonFiniteInput,
    ] {
        assert!(
            statuses.contains(&Some(status)),
            "{status:?} never exercised"
        );
    }
    // Control: a traced cast records (and so allocates).
    let mut trace = RayTrace::default();
    let input = RayCastInput::new(&shapes[0], xf, rays[2]);
    let n = allocations_during(|| ray_cast_gjk(&input, Some(&mut trace)));
    assert!(n > 0 && !trace.gjk.is_empty());
}

/// Chain segments against every kind, from every outcome's side (contact, behind,
/// separated, a convex corner's neighbour), allocate nothing without a trace.
#[test]
fn chain_segments_with_the_trace_off_allocate_nothing() {
    use collidescope::core::chain::{
        collide_chain_segment, ChainSegment, ChainSegmentInput, ChainTermination, ChainTrace,
    };
    let shapes = [
        octagon(0.0),
        octagon(0.1),
        Shape::circle(0.75).unwrap(),
        Shape::capsule(v(-1.0, 0.0), v(1.0, 0.3), 0.4).unwrap(),
        Shape::cuboid(v(1.0, 0.5)).unwrap(),
        Shape::segment(v(-1.0, -0.2), v(1.0, 0.2)).unwrap(),
    ];
    // The top of a block: right to left, normal up, both ends convex.
    let seg = ChainSegment {
        ghost1: v(2.0, -2.0),
        a: v(2.0, 0.0),
        b: v(-2.0, 0.0),
        ghost2: v(-2.0, -2.0),
    };
    let xa = Transform::new(v(0.3, -0.2), 0.4);
    let places = [v(0.0, 0.5), v(0.0, -1.5), v(0.0, 5.0), v(3.0, -0.3)];
    let mut outcomes = Vec::new();
    for s in &shapes {
        for at in places {
            let xb = Transform::new(xa.apply(at), 0.7);
            let input = ChainSegmentInput::new(PosedPair::new(&seg, xa, s, xb));
            let mut out = None;
            let n = allocations_during(|| out = Some(collide_chain_segment(&input, None)));
            assert_eq!(n, 0, "a chain query allocated {n} times: {s:?} {at:?}");
            outcomes.extend(out.map(|o| o.termination));
        }
    }
    for outcome in [
        ChainTermination::Contact,
        ChainTermination::Behind,
        ChainTermination::Separated,
    ] {
        assert!(outcomes.contains(&outcome), "{outcome:?} never exercised");
    }
    // Control: a traced query records (and so allocates).
    let mut trace = ChainTrace::default();
    let input = ChainSegmentInput::new(PosedPair::new(
        &seg,
        xa,
        &shapes[0],
        Transform::new(xa.apply(places[0]), 0.7),
    ));
    let n = allocations_during(|| collide_chain_segment(&input, Some(&mut trace)));
    assert!(n > 0 && !trace.steps.is_empty());
}
