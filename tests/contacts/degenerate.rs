//! Degenerate input.

use super::*;

fn check_defined(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Vec<ManifoldOutput> {
    SOURCES
        .iter()
        .map(|&s| {
            let m = manifold(a, xa, b, xb, s);
            assert!(all_finite(&m), "{s:?} {m:?}");
            if !m.is_separated() {
                assert!(!m.points().is_empty());
                assert!((m.normal.length() - 1.0).abs() < 1e-4, "{s:?} {m:?}");
            }
            m
        })
        .collect()
}

#[test]
fn touching_exactly() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    for m in check_defined(&a, ID, &a, Transform::new(v(0.5, 2.0), 0.0)) {
        assert_eq!(m.points().len(), 2, "{m:?}");
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-5);
        for p in m.points() {
            assert!(p.separation.abs() < 1e-6);
        }
    }
    let bx = boxes(&a, ID, &a, Transform::new(v(0.5, 2.0), 0.0));
    assert_eq!(bx.points().len(), 2);
    // Circles touching.
    let c = Shape::circle(1.0).unwrap();
    for m in check_defined(&c, ID, &c, Transform::new(v(0.0, 2.0), 0.0)) {
        assert_eq!(m.points().len(), 1);
        assert!(m.points()[0].separation.abs() < 1e-6);
        assert!((m.points()[0].point_a - v(0.0, 1.0)).length() < 1e-5);
    }
}

#[test]
fn vertex_on_edge() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let tri = poly(&[(0.0, 0.0), (1.0, 1.0), (-1.0, 1.0)]);
    // The triangle's bottom vertex exactly on A's top face.
    for m in check_defined(&a, ID, &tri, Transform::new(v(0.2, 1.0), 0.0)) {
        assert_eq!(m.points().len(), 1, "{m:?}");
        let p = m.points()[0];
        assert!(p.separation.abs() < 1e-6);
        assert!((p.point_b - v(0.2, 1.0)).length() < 1e-5);
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-5, "{m:?}");
    }
}

#[test]
fn coincident_shapes() {
    let shapes = [
        Shape::cuboid(v(1.0, 0.5)).unwrap(),
        Shape::circle(0.7).unwrap(),
        Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.3).unwrap(),
        Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap(),
        poly(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
    ];
    let xf = Transform::new(v(3.0, -2.0), 0.4);
    for s in &shapes {
        for m in check_defined(s, xf, s, xf) {
            assert!(!m.is_separated());
            // The full overlap: the depth is at least the smallest face distance.
            assert!(m.deepest().unwrap().separation <= 1e-5, "{m:?}");
        }
    }
    let b = Shape::cuboid(v(1.0, 0.5)).unwrap();
    let bx = boxes(&b, xf, &b, xf);
    assert!(!bx.points().is_empty());
    // Equal boxes in the same place: the least penetration is through the short
    // axis, depth 1 (= 2 · 0.5).
    let d = bx
        .points()
        .iter()
        .map(|p| p.separation)
        .fold(f32::INFINITY, f32::min);
    assert!((d + 1.0).abs() < 1e-5, "{bx:?}");
}

#[test]
fn nearly_parallel_edges() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let b = Shape::cuboid(v(1.0, 0.5)).unwrap();
    // Tilted by 1e-4 rad, 0.01 deep at the centre: both corners within 1e-4 of
    // 0.01 deep, two points.
    let xb = Transform::new(v(0.0, 0.99), 1e-4);
    for m in check_defined(&ground, ID, &b, xb) {
        assert_eq!(m.points().len(), 2, "{m:?}");
        for p in m.points() {
            assert!((p.separation + 0.01).abs() < 2e-4, "{m:?}");
        }
    }
    let bx = boxes(&ground, ID, &b, xb);
    assert_eq!(bx.points().len(), 2);
}

#[test]
fn tiny_against_huge() {
    let huge = Shape::cuboid(v(1000.0, 1000.0)).unwrap();
    let tiny = poly(&[(0.0, 0.0), (1e-3, 0.0), (0.0, 1e-3)]);
    // The tiny triangle 2e-4 into the huge box's top face.
    let xt = Transform::new(v(10.0, 1000.0 - 2e-4), 0.0);
    for m in check_defined(&huge, ID, &tiny, xt) {
        assert!(!m.is_separated());
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-3, "{m:?}");
        // f32 at 1000 resolves ~6e-5.
        assert!(
            (m.deepest().unwrap().separation + 2e-4).abs() < 2e-4,
            "{m:?}"
        );
    }
    for m in check_defined(&tiny, xt, &huge, ID) {
        assert!(!m.is_separated());
        assert!((m.normal - v(0.0, -1.0)).length() < 1e-3, "{m:?}");
    }
}

#[test]
fn coordinates_near_1e4() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    let far = v(1e4, -1e4);
    let near = check_defined(&a, ID, &b, Transform::new(v(0.3, 1.4), 0.1));
    let away = check_defined(
        &a,
        Transform::new(far, 0.0),
        &b,
        Transform::new(far + v(0.3, 1.4), 0.1),
    );
    for (m, n) in near.iter().zip(&away) {
        assert_eq!(m.points().len(), n.points().len());
        assert!((m.normal - n.normal).length() < 1e-3);
        let dm = m.deepest().unwrap().separation;
        let dn = n.deepest().unwrap().separation;
        // f32 at 1e4 resolves ~1e-3.
        assert!((dm - dn).abs() < 2e-3, "{dm} {dn}");
        let pm = sorted(m.points().iter().map(|p| p.point_b).collect());
        let pn = sorted(n.points().iter().map(|p| p.point_b - far).collect());
        for (p, q) in pm.iter().zip(&pn) {
            assert!(p.distance(*q) < 4e-3);
        }
    }
}

/// With the trace off, neither path allocates.
#[test]
fn trace_off_allocates_nothing() {
    let a = Shape::polygon(
        &(0..8)
            .map(|i| {
                let t = std::f32::consts::TAU * i as f32 / 8.0;
                v(t.cos(), t.sin())
            })
            .collect::<Vec<_>>(),
        0.0,
    )
    .unwrap();
    let c = Shape::circle(0.5).unwrap();
    let bx = Shape::cuboid(v(1.0, 0.5)).unwrap();
    let s = settings();
    for source in SOURCES {
        for (p, q, xq) in [
            (&a, &a, Transform::new(v(1.5, 0.3), 0.2)),
            (&a, &c, Transform::new(v(1.2, 0.3), 0.0)),
            (&a, &a, Transform::new(v(2.01, 0.0), 0.39)),
            (&a, &a, Transform::new(v(9.0, 0.0), 0.0)),
        ] {
            let input = ManifoldInput::new(PosedPair::new(p, ID, q, xq), &s, source);
            assert_eq!(allocations_during(|| contact_manifold(&input, None)), 0);
        }
    }
    let input = BoxBoxInput {
        pair: PosedPair::new(&bx, ID, &bx, Transform::new(v(0.5, 0.9), 0.3)),
        speculative_distance: 0.02,
    };
    assert_eq!(allocations_during(|| box_box(&input, None)), 0);
    let sat = SatInput {
        pair: PosedPair::new(&a, ID, &bx, Transform::new(v(0.5, 0.9), 0.3)),
        bias: collidescope::core::sat::SatBias::Box2dLite,
    };
    assert_eq!(allocations_during(|| separating_axis(&sat, None)), 0);
    // With a trace it does record.
    let (_, t) = traced(
        &a,
        ID,
        &a,
        Transform::new(v(1.5, 0.3), 0.2),
        ManifoldSource::Sat,
    );
    assert!(!t.clips.is_empty());
}
