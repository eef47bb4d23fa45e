//! The GJK scenes: closest features, and the warm start's saved iterations.

use super::*;

/// The GJK witness points and closest features the GJK scenes' notes describe.
#[test]
fn gjk_scenes_show_their_closest_features() {
    let all = load_all();
    let sep = |file: &str| {
        let l = find(&all, file);
        assert!(!overlaps(&l.an), "{}", summary(l));
        (l, l.an.basics.distance)
    };
    let near = |p: Vec2, q: Vec2| p.distance(q) <= 1e-4;

    // Vertex–vertex: one simplex vertex; the witness points are A's corner (1, 0.6)
    // and B's tip (2, 1.6), √2 apart.
    let (l, d) = sep("gjk_vertex_vertex.ron");
    assert_eq!(d.simplex_count, 1, "{}", summary(l));
    assert!(close_rel(d.distance, 2f32.sqrt(), 1e-5), "{}", summary(l));
    assert!(
        near(d.point_a, v(1.0, 0.6)) && near(d.point_b, v(2.0, 1.6)),
        "{d:?}"
    );

    // Vertex–edge: a simplex edge; B's tip (0.3, 1.2) above A's face y = 0.5.
    let (l, d) = sep("gjk_vertex_edge.ron");
    assert_eq!(d.simplex_count, 2, "{}", summary(l));
    assert!(close_rel(d.distance, 0.7, 1e-5), "{}", summary(l));
    assert!(
        near(d.point_b, v(0.3, 1.2)) && near(d.point_a, v(0.3, 0.5)),
        "{d:?}"
    );

    // Edge–edge: parallel faces 0.4 apart overlapping for x in [0.4, 1.0]; the
    // witness points are one valid pair inside that overlap, straight above
    // each other.
    let (l, d) = sep("gjk_edge_edge.ron");
    assert_eq!(d.simplex_count, 2, "{}", summary(l));
    assert!(close_rel(d.distance, 0.4, 1e-5), "{}", summary(l));
    assert!(same_normal(d.normal.expect("apart"), v(0.0, 1.0)), "{d:?}");
    for p in [d.point_a, d.point_b] {
        assert!((0.4 - 1e-5..=1.0 + 1e-5).contains(&p.x), "{d:?}");
    }
    assert!((d.point_a.y - 0.5).abs() <= 1e-5 && (d.point_b.y - 0.9).abs() <= 1e-5);

    // Several support calls, ending on a repeated one.
    let (l, d) = sep("gjk_duplicate_support.ron");
    assert!(d.iterations >= 4, "{}", summary(l));
    let last = l.an.gjk.trace.steps.last().expect("steps");
    let support = last
        .support
        .expect("the last step asked for a support point");
    assert!(
        last.simplex_in
            .iter()
            .any(|w| w.index_a == support.index_a && w.index_b == support.index_b),
        "the last support pair is in the simplex: {last:?}"
    );

    // Circles: the centres' distance minus the radii; the witness points on the rims.
    let (l, d) = sep("gjk_circles.ron");
    let centres = 7.25f32.sqrt();
    assert!(close_rel(d.core_distance, centres, 1e-5), "{}", summary(l));
    assert!(close_rel(d.distance, centres - 1.6, 1e-5), "{}", summary(l));
    assert!((d.point_a.length() - 1.0).abs() <= 1e-5, "{d:?}");
    assert!(
        (d.point_b.distance(v(2.5, 1.0)) - 0.6).abs() <= 1e-5,
        "{d:?}"
    );

    // Capsule: the core distance less the radius 0.4.
    let (l, d) = sep("gjk_capsule_box.ron");
    assert!(
        (d.core_distance - d.distance - 0.4).abs() <= 1e-5,
        "{}",
        summary(l)
    );

    // Touching: no direction; distance 0; SAT separation 0 on the shared face.
    let l = find(&all, "touching.ron");
    assert_eq!(l.an.basics.distance.distance, 0.0, "{}", summary(l));
    assert_eq!(l.an.basics.distance.normal, None, "{}", summary(l));
    assert!(l.an.sat.output.separation.abs() <= 1e-6, "{}", summary(l));
    assert!(
        same_normal(l.an.sat.output.normal, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
}

/// The warm start: after a small move of B the carried cache rebuilds the simplex
/// and GJK needs fewer support calls than the cold query.
#[test]
fn warm_start_scene_saves_iterations() {
    let mut l = load(&scenes_dir().join("gjk_warm_start.ron"));
    assert!(l.scene.settings.use_cache);
    let (a, b) = pair(&l.scene);
    let mut cache = SimplexCache::default();
    let first = Studies::compute(&l.scene, a, b, &mut cache);
    assert_eq!(first.basics.distance.cache_use, CacheUse::Cold);
    l.scene.shapes[b].pose.position += v(0.03, -0.02);
    let moved = Studies::compute(&l.scene, a, b, &mut cache);
    let cold = moved.gjk.cold_iterations.expect("the cache is on");
    println!(
        "warm start: {} support calls, cold {cold}",
        moved.basics.distance.iterations
    );
    assert!(
        cold >= 4,
        "the scene starts far from the closest features: {cold}"
    );
    assert_eq!(moved.basics.distance.cache_use, CacheUse::WarmStart);
    assert!(
        moved.basics.distance.iterations < cold,
        "warm {} vs cold {cold}",
        moved.basics.distance.iterations
    );
    let fresh = Studies::compute(&l.scene, a, b, &mut SimplexCache::default());
    assert!(
        (moved.basics.distance.distance - fresh.basics.distance.distance).abs() <= 1e-5,
        "the warm start changes the cost, not the answer"
    );
}
