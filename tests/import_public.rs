//! `import` turns each public failing case of PUBLIC_CASES.md, pasted as an
//! engine developer would paste it, into a scene that shows the known right answer.

use collidescope::core::gjk::SimplexCache;
use collidescope::scene::import::import;
use collidescope::scene::{parse_scene, scene_to_string};
use collidescope::study::Studies;
use glam::Vec2;

fn analyse(text: &str) -> Studies {
    let scene = import(text, "public case").unwrap();
    // The imported scene is a valid scene file.
    let again = parse_scene(&scene_to_string(&scene), "roundtrip").unwrap();
    assert_eq!(again.shapes, scene.shapes);
    Studies::compute(&scene, 0, 1, &mut SimplexCache::default())
}

fn close(a: Vec2, b: Vec2, tol: f32) -> bool {
    (a - b).length() <= tol
}

#[test]
fn case1_triangles() {
    let an = analyse("A: (4, 11), (9, 9), (4, 5)\nB: (5, 7), (12, 7), (10, 2)");
    let p = an.basics.penetration.unwrap();
    assert!((p.depth - 0.93704).abs() < 1e-4, "{p:?}");
    assert!(close(p.normal, Vec2::new(0.62470, -0.78087), 1e-4));
}

#[test]
fn case2_clipping_boxes() {
    let an = analyse("A: (8, 4), (14, 4), (14, 9), (8, 9)\n\nB: (4, 2), (12, 2), (12, 5), (4, 5)");
    let p = an.basics.penetration.unwrap();
    assert!((p.depth - 1.0).abs() < 1e-4 && close(p.normal, Vec2::new(0.0, -1.0), 1e-4));
    let pts: Vec<Vec2> = an.manifold.sat.points().iter().map(|q| q.point_b).collect();
    assert_eq!(pts.len(), 2, "{pts:?}");
    for want in [Vec2::new(12.0, 5.0), Vec2::new(8.0, 5.0)] {
        assert!(
            pts.iter().any(|q| close(*q, want, 1e-3)),
            "{want} not in {pts:?}"
        );
    }
}

#[test]
fn case3_capsule_triangle_json() {
    let json = r#"{"a": {"points": [[0, -5], [0, 5]], "radius": 10, "position": [381.592, 348.491], "angle": 0},
                   "b": {"points": [[64, 507], [440, 326], [1072, 507]]}}"#;
    let an = analyse(json);
    let p = an.basics.penetration.unwrap();
    assert!((p.depth - 9.43630).abs() < 1e-3, "{p:?}");
}

#[test]
fn case4_argument_order() {
    let text = "A: (-1, -1), (1, -1), (1, 1), (-1, 1)\nposition 0 0\n\nB: (-1, -2), (1, -2), (1, 2), (-1, 2)\nposition -5.573167 0";
    let an = analyse(text);
    assert!(
        (an.basics.distance.distance - 3.573167).abs() < 1e-5,
        "{:?}",
        an.basics.distance
    );
    let swapped = "B: (-1, -2), (1, -2), (1, 2), (-1, 2)\nposition -5.573167 0\n\nA: (-1, -1), (1, -1), (1, 1), (-1, 1)\nposition 0 0";
    assert!((analyse(swapped).basics.distance.distance - 3.573167).abs() < 1e-5);
}

#[test]
fn case5_point_near_short_edge() {
    let text = "plank: (-0.5, -0.0016), (0.5, -0.0016), (0.5, 0.0016), (-0.5, 0.0016)\nposition 0 0\n\npoint: (0, 0)\nposition 0.505 0";
    let an = analyse(text);
    assert!(
        (an.basics.distance.distance - 0.005).abs() < 1e-5,
        "{:?}",
        an.basics.distance
    );
    assert!(an.basics.penetration.is_none());
}

#[test]
fn case6_large_coordinates() {
    let an = analyse(
        "A: (-568, 928), (-568, 1056), (-848, 1056), (-848, 928)\nB: (-688, 736), (-688, 1184), (-912, 1184), (-912, 736)",
    );
    let p = an.basics.penetration.unwrap();
    assert!(
        (p.depth - 160.0).abs() < 1e-2 && close(p.normal, Vec2::new(-1.0, 0.0), 1e-4),
        "{p:?}"
    );
}

#[test]
fn case7_first_edge_through_origin() {
    let an = analyse("A: (2, 2), (2, 5), (4, 5), (4, 2)\nB: (3, 3), (5, 4), (5, 2)");
    let p = an.basics.penetration.unwrap();
    assert!(
        (p.depth - 1.0).abs() < 1e-4 && close(p.normal, Vec2::new(1.0, 0.0), 1e-4),
        "{p:?}"
    );
}
