//! The EPA, SAT and clipping scenes show their contact points.

use super::*;

/// EPA, SAT and clipping scenes.
#[test]
fn contact_scenes_show_their_point() {
    let all = load_all();

    // EPA: shallow 0.05 along +y; deep: several expansions, and SAT agrees.
    let l = find(&all, "epa_shallow.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        close_rel(depth, 0.05, 1e-3) && same_normal(n, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
    let l = find(&all, "epa_deep.ron");
    let (depth, _) = depth_normal(l);
    assert!(depth > 1.0, "{}", summary(l));
    assert!(
        l.an.basics.penetration.expect("overlap").iterations >= 3,
        "{}",
        summary(l)
    );
    assert!(
        close_rel(depth, -l.an.sat.output.separation, 1e-4),
        "{}",
        summary(l)
    );
    // Rounded: the cores overlap (depth beyond the radius 0.3), SAT agrees.
    let l = find(&all, "epa_rounded.ron");
    let (depth, _) = depth_normal(l);
    assert!(depth > 0.3 + 1e-3, "{}", summary(l));
    assert!(
        close_rel(depth, -l.an.sat.output.separation, 1e-4),
        "{}",
        summary(l)
    );
    // Radii only: depth = rA + rB − core distance.
    let l = find(&all, "epa_radii_only.ron");
    let (depth, _) = depth_normal(l);
    assert!(l.an.basics.distance.core_distance > 0.0, "{}", summary(l));
    assert!(
        (depth - (0.25 + 0.35 - l.an.basics.distance.core_distance)).abs() <= 1e-5,
        "{}",
        summary(l)
    );

    // The bias: B's face is the better one, but not by the margin; A's is kept
    // (EPA, with no bias, takes B's).
    let l = find(&all, "sat_bias.ron");
    let t = &l.an.sat.trace;
    let (sa, sb) = (
        t.best_a.expect("A has faces").separation,
        t.best_b.expect("B has faces").separation,
    );
    assert!(sb > sa, "B's face is better: {sa} vs {sb}");
    assert_eq!(
        l.an.sat.output.choice,
        SatChoice::BiasKeptA,
        "{}",
        summary(l)
    );
    assert_eq!(l.an.sat.output.axis_owner, Owner::A);
    let (depth, _) = depth_normal(l);
    assert!(
        close_rel(depth, -sb, 1e-4),
        "EPA finds B's face: {}",
        summary(l)
    );
    let l = find(&all, "sat_bias_flip.ron");
    assert_eq!(
        l.an.sat.output.choice,
        SatChoice::BBeyondBias,
        "{}",
        summary(l)
    );
    assert_eq!(l.an.sat.output.axis_owner, Owner::B);

    // Clipping: two points (one side-plane cut), one point (the corner), circle.
    let l = find(&all, "clip_two_points.ron");
    let (m, trace) = l.an.manifold.get(l.source);
    assert_eq!(m.points().len(), 2, "{}", summary(l));
    assert!(m.points().iter().all(|p| p.separation < 0.0), "{m:?}");
    assert!(
        (m.points()[0].separation - m.points()[1].separation).abs() > 0.01,
        "different depths: {m:?}"
    );
    assert_eq!(m.reference, Some(Owner::A));
    assert!(same_normal(m.normal, v(0.0, 1.0)), "{m:?}");
    assert!(
        m.points().iter().any(|p| (p.point_b.x - 1.0).abs() <= 1e-4),
        "one point is where A's right side plane cuts B's edge: {m:?}"
    );
    assert!(!trace.clips.is_empty());
    let l = find(&all, "clip_one_point.ron");
    let (m, _) = l.an.manifold.get(l.source);
    assert_eq!(m.points().len(), 1, "{}", summary(l));
    let corner = l.scene.shapes[1]
        .shape
        .vertices()
        .iter()
        .map(|&c| l.scene.shapes[1].pose.transform().apply(c))
        .min_by(|p, q| p.y.total_cmp(&q.y))
        .expect("a box has corners");
    assert!(
        m.points()[0].point_b.distance(corner) <= 1e-4,
        "{m:?} vs {corner}"
    );
    let l = find(&all, "clip_circle_face.ron");
    let (m, _) = l.an.manifold.get(l.source);
    assert_eq!(m.points().len(), 1, "{}", summary(l));
    assert!(same_normal(m.normal, v(0.0, 1.0)), "{m:?}");
    assert!((m.points()[0].separation + 0.05).abs() <= 1e-5, "{m:?}");
    assert!(
        m.points()[0].point_b.distance(v(0.3, 0.45)) <= 1e-4,
        "{m:?}"
    );

    // Sutherland–Hodgman: a region with area, inside both polygons' areas.
    let l = find(&all, "sutherland_hodgman.ron");
    let c = l.an.clip.output.as_ref().expect("two polygons");
    assert!(c.polygon.len() >= 4, "{c:?}");
    // A (the subject) is clipped by each of B's 5 edges in turn.
    assert_eq!(l.an.clip.trace.edges.len(), 5, "one step per edge of B");
    assert!(c.points.iter().all(|p| p.separation <= 0.0), "{c:?}");

    // Box–box: two points with distinct feature pairs that survive a small move.
    let mut l = load(&scenes_dir().join("box_box_feature_ids.ron"));
    let ids = |an: &Studies| -> Vec<u32> {
        let mut ids: Vec<u32> = an
            .box_box
            .output
            .as_ref()
            .expect("two boxes")
            .points()
            .iter()
            .map(|p| p.id)
            .collect();
        ids.sort();
        ids
    };
    let before = ids(&l.an);
    assert_eq!(before.len(), 2, "{}", summary(&l));
    assert_ne!(before[0], before[1]);
    let (a, b) = pair(&l.scene);
    l.scene.shapes[b].pose.position += v(0.05, 0.01);
    let moved = Studies::compute(&l.scene, a, b, &mut SimplexCache::default());
    assert_eq!(
        ids(&moved),
        before,
        "feature ids are stable under a small move"
    );
}
