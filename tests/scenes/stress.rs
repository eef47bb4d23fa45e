//! The stress scenes keep their precision.

use super::*;

/// Stress scenes: the answers a small scene would give.
#[test]
fn stress_scenes_keep_their_precision() {
    let all = load_all();
    // At (5e4, −3e4) the float spacing is ~0.004: depth 0.1 to 2e-3.
    let l = find(&all, "huge_coordinates.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        (depth - 0.1).abs() <= 2e-3 && same_normal(n, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
    // At 1e5 the spacing is ~0.008: distance 0.5 to 1e-2.
    let l = find(&all, "huge_coordinates_apart.ron");
    assert!(
        (l.an.basics.distance.distance - 0.5).abs() <= 1e-2,
        "{}",
        summary(l)
    );
    // The pebble: 0.004 deep along +y.
    let l = find(&all, "tiny_vs_huge.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        (depth - 0.004).abs() <= 1e-5 && same_normal(n, v(0.0, 1.0)),
        "{}",
        summary(l)
    );
    // The sliver: its tip 0.1 inside, pushed out along +x.
    let l = find(&all, "sliver.ron");
    let (depth, n) = depth_normal(l);
    assert!(
        close_rel(depth, 0.1, 1e-3) && same_normal(n, v(1.0, 0.0)),
        "{}",
        summary(l)
    );
}
