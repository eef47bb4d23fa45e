//! Worked examples.

use super::*;

/// PUBLIC_CASES 2 (dyn4j "contact points using clipping", example 1): reference edge
/// on A (8,4)–(14,4), incident edge on B (12,5)–(4,5), points (12,5) and (8,5), depth
/// 1, normal (0,−1). Both normal sources, and box–box.
#[test]
fn dyn4j_clipping_example_1() {
    let a = poly(&[(8.0, 4.0), (14.0, 4.0), (14.0, 9.0), (8.0, 9.0)]);
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    for source in SOURCES {
        let (m, t) = traced(&a, ID, &b, ID, source);
        assert_eq!(m.termination, ManifoldTermination::Contact, "{source:?}");
        assert_eq!(m.case, Some(ManifoldCase::SegmentSegment));
        assert!(
            (m.normal - v(0.0, -1.0)).length() < 1e-5,
            "{source:?} {m:?}"
        );
        let r = t.reference.unwrap();
        let i = t.incident.unwrap();
        assert_eq!(r.owner, Owner::A);
        assert!((r.a - v(8.0, 4.0)).length() < 1e-5 && (r.b - v(14.0, 4.0)).length() < 1e-5);
        assert_eq!(i.owner, Owner::B);
        assert!((i.a - v(12.0, 5.0)).length() < 1e-5 && (i.b - v(4.0, 5.0)).length() < 1e-5);
        let pb = sorted(m.points().iter().map(|p| p.point_b).collect());
        assert_eq!(pb.len(), 2);
        assert!((pb[0] - v(8.0, 5.0)).length() < 1e-5, "{pb:?}");
        assert!((pb[1] - v(12.0, 5.0)).length() < 1e-5, "{pb:?}");
        for p in m.points() {
            assert!((p.separation + 1.0).abs() < 1e-5);
            assert!((p.point_a.y - 4.0).abs() < 1e-5);
            assert!((p.point_a.x - p.point_b.x).abs() < 1e-5);
        }
        // The point at (8, 5) was made by the side plane through (8, 4); (12, 5) is
        // B's own vertex 2.
        let ids: Vec<ContactId> = m
            .points()
            .iter()
            .map(|p| ContactId::unpack(p.id).unwrap())
            .collect();
        assert!(ids.iter().any(|id| id.kind == IdKind::SidePlane1));
        assert!(ids
            .iter()
            .any(|id| id.kind == IdKind::IncidentVertex && id.incident_index == 2));
    }
    let ba = Shape::cuboid(v(3.0, 2.5)).unwrap();
    let bb = Shape::cuboid(v(4.0, 1.5)).unwrap();
    let out = boxes(
        &ba,
        Transform::new(v(11.0, 6.5), 0.0),
        &bb,
        Transform::new(v(8.0, 3.5), 0.0),
    );
    let pb = sorted(out.points().iter().map(|p| p.point_b).collect());
    assert!((pb[0] - v(8.0, 5.0)).length() < 1e-5 && (pb[1] - v(12.0, 5.0)).length() < 1e-5);
}

/// dyn4j's second clipping example, a vertex into a face: A is a rectangle standing
/// on its corner (6, 4), one unit into B's top face: one point, depth 1, normal
/// (0, −1); the reference face is B's (so the normal is minus B's face normal).
#[test]
fn dyn4j_clipping_vertex_into_face() {
    let a = poly(&[(2.0, 8.0), (6.0, 4.0), (9.0, 7.0), (5.0, 11.0)]);
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    for source in SOURCES {
        let m = manifold(&a, ID, &b, ID, source);
        assert_eq!(m.reference, Some(Owner::B), "{source:?}");
        assert!(
            (m.normal - v(0.0, -1.0)).length() < 1e-5,
            "{source:?} {m:?}"
        );
        assert_eq!(m.points().len(), 1, "{source:?} {m:?}");
        let p = m.points()[0];
        assert!((p.point_a - v(6.0, 4.0)).length() < 1e-5);
        assert!((p.point_b - v(6.0, 5.0)).length() < 1e-5);
        assert!((p.separation + 1.0).abs() < 1e-5);
    }
}

/// dyn4j's third clipping example, non-axis-aligned: A = (9,4),(13,3),(14,7),(10,8)
/// against the same B. Derived here: A's bottom face (normal (−1,−4)/√17) has the
/// least penetration (7/√17 = 1.69775), so it is the reference; B's top edge is
/// clipped by its side plane through (9, 4) at (9.25, 5); the points are (12, 5)
/// at depth 7/√17 and (9.25, 5) at depth 4.25/√17 = 1.03078.
#[test]
fn dyn4j_clipping_tilted_reference() {
    let a = poly(&[(9.0, 4.0), (13.0, 3.0), (14.0, 7.0), (10.0, 8.0)]);
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    let s17 = 17f32.sqrt();
    for source in SOURCES {
        let m = manifold(&a, ID, &b, ID, source);
        assert_eq!(m.reference, Some(Owner::A), "{source:?}");
        assert!(
            (m.normal - v(-1.0, -4.0) / s17).length() < 1e-4,
            "{source:?} {m:?}"
        );
        let mut pts: Vec<(Vec2, f32)> = m
            .points()
            .iter()
            .map(|p| (p.point_b, p.separation))
            .collect();
        pts.sort_by(|p, q| p.0.x.total_cmp(&q.0.x));
        assert_eq!(pts.len(), 2);
        assert!((pts[0].0 - v(9.25, 5.0)).length() < 1e-4, "{pts:?}");
        assert!((pts[0].1 + 4.25 / s17).abs() < 1e-4);
        assert!((pts[1].0 - v(12.0, 5.0)).length() < 1e-4);
        assert!((pts[1].1 + 7.0 / s17).abs() < 1e-4);
    }
}

/// A circle against a face: one point, the circle's deepest point and its foot on
/// the face.
#[test]
fn circle_against_face() {
    let c = Shape::circle(1.5).unwrap();
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    for source in SOURCES {
        let m = manifold(&c, Transform::new(v(8.0, 6.0), 0.7), &b, ID, source);
        assert_eq!(m.case, Some(ManifoldCase::PointSegment), "{source:?}");
        assert_eq!(m.points().len(), 1);
        let p = m.points()[0];
        assert!((m.normal - v(0.0, -1.0)).length() < 1e-5);
        assert!((p.point_a - v(8.0, 4.5)).length() < 1e-5, "{p:?}");
        assert!((p.point_b - v(8.0, 5.0)).length() < 1e-5);
        assert!((p.separation + 0.5).abs() < 1e-5);
    }
}

/// A capsule lying on a box gives two points, standing on its end one.
#[test]
fn capsule_lying_and_standing() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let cap = Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.25).unwrap();
    for source in SOURCES {
        let m = manifold(&ground, ID, &cap, Transform::new(v(0.0, 0.7), 0.0), source);
        assert_eq!(m.points().len(), 2, "{source:?} {m:?}");
        for p in m.points() {
            assert!((p.separation + 0.05).abs() < 1e-5);
            assert!((p.point_b.y - 0.45).abs() < 1e-5);
        }
        let m = manifold(
            &ground,
            ID,
            &cap,
            Transform::new(v(0.5, 1.7), std::f32::consts::FRAC_PI_2),
            source,
        );
        assert_eq!(m.points().len(), 1, "{source:?} {m:?}");
        let p = m.points()[0];
        assert!((p.separation + 0.05).abs() < 1e-5);
        assert!((p.point_b - v(0.5, 0.45)).length() < 1e-5, "{p:?}");
    }
}
