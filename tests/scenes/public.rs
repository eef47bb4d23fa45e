//! The public cases of `shared/reference/PUBLIC_CASES.md` show their known answers.

use super::*;

/// PUBLIC_CASES.md: depth, normal and distance within 1e-3 relative (case 3: ±1e-3
/// on the depth, as stated there); normals within 1e-3 per component.
#[test]
fn public_cases_show_the_known_answers() {
    let all = load_all();

    // 1. dyn4j's triangles: depth 0.93704, normal (0.62470, −0.78087); SAT agrees.
    let l = find(&all, "public_1_dyn4j_triangles.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 0.93704, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(0.62470, -0.78087)), "{}", summary(l));
    assert!(
        close_rel(-l.an.sat.output.separation, 0.93704, 1e-3),
        "{}",
        summary(l)
    );

    // 2. dyn4j's clipping example 1: normal (0, −1), depth 1, reference edge on A,
    // points (12, 5) and (8, 5) on B, each 1 deep — on both normal sources.
    let l = find(&all, "public_2_dyn4j_clipping.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 1.0, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(0.0, -1.0)), "{}", summary(l));
    for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
        let (m, _) = l.an.manifold.get(source);
        assert!(same_normal(m.normal, v(0.0, -1.0)), "{source:?}: {m:?}");
        assert_eq!(m.reference, Some(Owner::A), "{source:?}: {m:?}");
        let mut on_b: Vec<(f32, f32, f32)> = m
            .points()
            .iter()
            .map(|p| (p.point_b.x, p.point_b.y, p.separation))
            .collect();
        on_b.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(on_b.len(), 2, "{source:?}: {m:?}");
        for (got, want) in on_b.iter().zip([(8.0, 5.0), (12.0, 5.0)]) {
            assert!(
                (got.0 - want.0).abs() <= 1e-3 * want.0 && (got.1 - want.1).abs() <= 1e-3 * want.1,
                "{source:?}: point {got:?}, expected {want:?}"
            );
            assert!(close_rel(got.2, -1.0, 1e-3), "{source:?}: depth {got:?}");
        }
    }

    // 3. parry2d's stalling EPA: core distance 0.56370, depth 9.43630 ± 1e-3, within
    // the iteration bound.
    let l = find(&all, "public_3_parry_epa_stall.ron");
    let (depth, _) = depth_normal(l);
    assert!((depth - 9.43630).abs() <= 1e-3, "{}", summary(l));
    assert!(
        (l.an.basics.distance.core_distance - 0.56370).abs() <= 1e-3,
        "{}",
        summary(l)
    );
    assert_ne!(
        l.an.termination(&l.scene, Algorithm::Epa, l.source),
        "max_iterations"
    );

    // 4. The distance does not depend on argument order: 3.573167 both ways.
    let l = find(&all, "public_4_argument_order.ron");
    assert!(
        close_rel(l.an.basics.distance.distance, 3.573167, 1e-3),
        "{}",
        summary(l)
    );
    let (a, b) = pair(&l.scene);
    let swapped = Studies::compute(&l.scene, b, a, &mut SimplexCache::default());
    assert!(
        close_rel(swapped.basics.distance.distance, 3.573167, 1e-3),
        "swapped: {:?}",
        swapped.basics.distance
    );
    assert!(
        (swapped.basics.distance.distance - l.an.basics.distance.distance).abs() <= 1e-5,
        "{} vs {}",
        swapped.basics.distance.distance,
        l.an.basics.distance.distance
    );

    // 5. A point 0.005 beyond the end of a plank 0.0032 thick: distance 0.005, +x.
    let l = find(&all, "public_5_point_near_short_edge.ron");
    assert!(!overlaps(&l.an), "{}", summary(l));
    assert!(
        close_rel(l.an.basics.distance.distance, 0.005, 1e-3),
        "{}",
        summary(l)
    );
    let n =
        l.an.basics
            .distance
            .normal
            .expect("a separated pair has a normal");
    assert!(same_normal(n, v(1.0, 0.0)), "{}", summary(l));

    // 6. Large coordinates: depth 160, normal (−1, 0).
    let l = find(&all, "public_6_large_coordinates.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 160.0, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(-1.0, 0.0)), "{}", summary(l));

    // 7. First simplex edge through the origin: depth 1, normal (1, 0).
    let l = find(&all, "public_7_first_edge_through_origin.ron");
    let (depth, n) = depth_normal(l);
    assert!(close_rel(depth, 1.0, 1e-3), "{}", summary(l));
    assert!(same_normal(n, v(1.0, 0.0)), "{}", summary(l));
}
