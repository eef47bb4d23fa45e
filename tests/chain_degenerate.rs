//! The chain-segment query on degenerate chains and huge poses, seeded (the fuzzer's
//! random numbers, which the core's own tests may not use): no panic, every result
//! finite, points only for a contact, each query's outcome named.

use collidescope::core::chain::{
    collide_chain_segment, ChainSegment, ChainSegmentInput, ChainTrace,
};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::verify::Rng;
use glam::Vec2;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// One of each kind near the segment.
fn shapes() -> Vec<Shape> {
    vec![
        Shape::circle(0.3).unwrap(),
        Shape::capsule(v(-0.4, 0.0), v(0.4, 0.0), 0.1).unwrap(),
        Shape::segment(v(-0.4, 0.1), v(0.4, -0.1)).unwrap(),
        Shape::cuboid(v(0.3, 0.2)).unwrap(),
        Shape::new(Geometry::Polygon {
            points: vec![v(0.0, -0.3), v(0.3, 0.1), v(-0.2, 0.25)],
            radius: 0.05,
        })
        .unwrap(),
    ]
}

/// Degenerate chains (collinear neighbours, ghosts on the ends, very short
/// segments, hairpins) and huge poses: no panic, and every result is finite with
/// points only for a contact.
#[test]
fn degenerate_and_huge_inputs_end_with_a_reason() {
    let mut rng = Rng::new(0x00C4_A19E);
    let segments = [
        (v(2.0, 0.0), v(1.0, 0.0), v(-1.0, 0.0), v(-2.0, 0.0)),
        (v(1.0, 0.0), v(1.0, 0.0), v(-1.0, 0.0), v(-1.0, 0.0)),
        (v(-3.0, 0.0), v(1.0, 0.0), v(-1.0, 0.0), v(3.0, 0.0)),
        (v(1.0, 1e-6), v(1.0, 0.0), v(1.0 - 1e-5, 0.0), v(1.0, -1e-6)),
        (v(0.0, 5.0), v(1.0, 0.0), v(-1.0, 0.0), v(0.0, -5.0)),
    ];
    let shapes = shapes();
    let mut outcomes = std::collections::BTreeSet::new();
    for i in 0..4000 {
        let (g1, a, b, g2) = segments[i % segments.len()];
        let seg = ChainSegment {
            ghost1: g1,
            a,
            b,
            ghost2: g2,
        };
        let scale = [1.0, 1e3, 1e6, 1e12, 1e30][rng.below(5)];
        let xa = Transform::new(rng.vec_f32(-1.0, 1.0) * scale, rng.range_f32(-3.0, 3.0));
        let near = xa.apply(a.lerp(b, rng.range_f32(-0.2, 1.2)));
        let xb = Transform::new(near + rng.vec_f32(-0.6, 0.6), rng.range_f32(-3.0, 3.0));
        let shape = &shapes[i % shapes.len()];
        let mut t = ChainTrace::default();
        let m = collide_chain_segment(
            &ChainSegmentInput::new(PosedPair::new(&seg, xa, shape, xb)),
            Some(&mut t),
        );
        outcomes.insert(m.termination.as_str());
        assert_eq!(t.termination, Some(m.termination));
        assert_eq!(m.is_contact(), !m.points().is_empty(), "{m:?}");
        assert!(m.normal.is_finite());
        for p in m.points() {
            assert!(p.point.is_finite() && p.separation.is_finite(), "{p:?}");
            let along = (p.point_b - p.point_a).dot(m.normal);
            // World points carry the rounding of the pose's coordinates.
            let tol = 1e-3 * (1.0 + p.separation.abs()) + 1e-6 * xa.p.length();
            assert!((along - p.separation).abs() <= tol, "{p:?} {along}");
        }
        assert!(serde_json::to_string(&t).is_ok());
    }
    assert!(
        outcomes.contains("contact") && outcomes.contains("behind"),
        "{outcomes:?}"
    );
}
