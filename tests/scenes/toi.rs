//! The time-of-impact scenes show their point.

use super::*;

/// Time-of-impact scenes: the static test misses what the swept test catches.
#[test]
fn time_of_impact_scenes_show_their_point() {
    // Tunnelling: apart at t = 0 and at t = 1, hit at t = 2.6/6 in between.
    let mut l = load(&scenes_dir().join("toi_tunnelling.ron"));
    assert!(
        close_rel(l.an.swept.output.t, 2.6 / 6.0, 1e-4),
        "{}",
        summary(&l)
    );
    assert!(
        close_rel(l.an.cast.output.t, 2.6 / 6.0, 1e-3),
        "{}",
        summary(&l)
    );
    let (a, b) = pair(&l.scene);
    for i in [a, b] {
        let s = &mut l.scene.shapes[i];
        s.pose.position += s.velocity;
    }
    let end = Studies::compute(&l.scene, a, b, &mut SimplexCache::default());
    assert_eq!(
        end.termination(&l.scene, Algorithm::Sat, l.source),
        "separated"
    );
    assert!(
        end.basics.distance.distance > 1.0,
        "{:?}",
        end.basics.distance
    );

    // Capsule against polygon: both hit; swept SAT is never later than the cast.
    let l = load(&scenes_dir().join("toi_capsule_polygon.ron"));
    assert!(
        l.an.cast.output.hit && l.an.swept.output.hit,
        "{}",
        summary(&l)
    );
    assert!(
        l.an.swept.output.t <= l.an.cast.output.t + 1e-4,
        "{}",
        summary(&l)
    );
    assert!(
        l.an.cast.output.t > 0.1 && l.an.cast.output.t < 0.9,
        "{}",
        summary(&l)
    );

    // Diagonal miss: neither method reports a hit. On the edge axes an exit (0.6)
    // comes before the latest entry (0.67): entries alone would say "hit".
    let l = load(&scenes_dir().join("toi_diagonal_miss.ron"));
    assert!(
        !l.an.swept.output.hit && !l.an.cast.output.hit,
        "{}",
        summary(&l)
    );
    let moving: Vec<_> =
        l.an.swept
            .trace
            .axes
            .iter()
            .filter(|a| !a.static_axis)
            .collect();
    let latest_entry = moving.iter().map(|a| a.entry).fold(f32::MIN, f32::max);
    let earliest_exit = moving.iter().map(|a| a.exit).fold(f32::MAX, f32::min);
    assert!(
        (0.0..=1.0).contains(&latest_entry) && earliest_exit < latest_entry,
        "entry {latest_entry}, exit {earliest_exit}"
    );
}
