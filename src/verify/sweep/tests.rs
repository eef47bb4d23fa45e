use super::*;
use crate::core::shape::Geometry;
use glam::Vec2;

fn boxed(name: &str, half: Vec2, at: Vec2, angle: f32) -> SceneShape {
    SceneShape::new(
        name,
        Geometry::Box {
            half_extents: half,
            radius: 0.0,
        },
        at,
        angle,
    )
    .unwrap()
}

fn scene_of(a: SceneShape, b: SceneShape) -> Scene {
    Scene {
        shapes: vec![a, b],
        ..Scene::default()
    }
}

fn spec(algorithm: Algorithm, param: Param, from: f64, to: f64, what: &[Quantity]) -> SweepSpec {
    SweepSpec {
        a: 0,
        b: 1,
        algorithm,
        source: ManifoldSource::Sat,
        param,
        from,
        to,
        steps: 400,
        what: What(what.to_vec()),
        peers: false,
        exact: true,
    }
}

/// A big box B turning over a small box A's top: B's bottom face is the reference
/// (the manifold normal turns with it); near 45° B's corner digs into A, whose top face
/// takes over (the normal jumps back to straight up), and past 45° B's next face (the
/// normal jumps again, the mirror image). The ids change at each face change and at
/// 45° itself (B's corner changes). The distance (0: overlapping) does not jump.
#[test]
fn a_box_turning_past_45_degrees_on_a_box_jumps_where_the_reference_face_changes() {
    let scene = scene_of(
        boxed("A", Vec2::splat(0.25), Vec2::ZERO, 0.0),
        boxed("B", Vec2::splat(1.0), Vec2::new(0.0, 1.2), 0.0),
    );
    let s = spec(
        Algorithm::Manifold,
        Param::Angle { shape: Side::B },
        0.1,
        1.4,
        &[Quantity::Normal, Quantity::Ids, Quantity::Distance],
    );
    let step = (1.4 - 0.1) / 400.0;
    let sw = sweep(&scene, s).unwrap();
    let normal = |source| -> Vec<&Jump> {
        sw.jumps_of(Quantity::Normal)
            .filter(|j| j.source == source)
            .collect()
    };
    let ours = normal(Source::Ours);
    assert_eq!(ours.len(), 2, "{:#?}", sw.jumps);
    let quarter = std::f64::consts::FRAC_PI_4;
    let (first, second) = (ours[0], ours[1]);
    // Symmetric about 45°, each from B's face (90° + angle) to A's (90°) and back.
    let middle = 0.5 * (first.x + second.x_before);
    assert!((middle - quarter).abs() <= step, "{first:?} {second:?}");
    assert!(first.x < quarter && second.x_before > quarter);
    for j in [first, second] {
        assert!((j.size - 42.0).abs() < 1.0, "{j:?}");
    }
    assert_eq!(first.after, "90.000000");
    assert_eq!(second.before, "90.000000");
    // The exact normal of least penetration jumps at the same steps.
    let exact: Vec<usize> = normal(Source::Exact).iter().map(|j| j.index).collect();
    assert_eq!(exact, vec![first.index, second.index]);
    // The ids change with each face, and at 45° (B's corner on A's face changes).
    let ids: Vec<&Jump> = sw.jumps_of(Quantity::Ids).collect();
    assert_eq!(ids.len(), 3, "{ids:#?}");
    assert_eq!(ids[0].index, first.index);
    assert!(
        ids[1].x_before <= quarter && ids[1].x >= quarter,
        "{:?}",
        ids[1]
    );
    assert_eq!(ids[2].index, second.index);
    assert!(
        sw.jumps_of(Quantity::Distance).next().is_none(),
        "{:#?}",
        sw.jumps
    );
}

/// A circle sliding along a box's top face and round its corner: the normal turns
/// smoothly through the corner's region (a kink where it starts turning, no jump),
/// the distance is smooth, one point with the same id all along.
#[test]
fn a_circle_sliding_round_a_corner_has_no_jump() {
    let circle = SceneShape::new(
        "B",
        Geometry::Circle { radius: 0.3 },
        Vec2::new(-0.5, 1.25),
        0.0,
    )
    .unwrap();
    let mut scene = scene_of(boxed("A", Vec2::ONE, Vec2::ZERO, 0.0), circle);
    // Contact all along (the manifold's speculative reach).
    scene.settings.speculative_distance = 1.0;
    for algorithm in [Algorithm::Manifold, Algorithm::Gjk] {
        let s = spec(
            algorithm,
            Param::Offset {
                shape: Side::B,
                direction: Vec2::X,
            },
            0.0,
            2.0,
            &[
                Quantity::Normal,
                Quantity::Distance,
                Quantity::Points,
                Quantity::Ids,
            ],
        );
        let sw = sweep(&scene, s).unwrap();
        assert!(
            sw.jumps.iter().all(|j| !j.quantity.continuous()),
            "{algorithm:?}: {:#?}",
            sw.jumps
        );
        // The manifold's point changes from the face's to the corner's as the circle's
        // centre passes the corner (x = 1.5): a change of ids, not a jump.
        assert_eq!(sw.jumps.len(), 1, "{:#?}", sw.jumps);
        let j = &sw.jumps[0];
        assert_eq!(j.quantity, Quantity::Ids);
        assert!(j.x_before <= 1.5 && j.x > 1.5, "{j:?}");
        // The normal does turn: from straight up to 45° and beyond.
        let n = sw.curve(Source::Ours, Quantity::Normal);
        let (first, last) = (n[0].unwrap(), n[n.len() - 1].unwrap());
        assert!(
            (first - 90.0).abs() < 1e-3 && (last - 26.565).abs() < 0.01,
            "{first} → {last}"
        );
    }
}

#[test]
fn a_log_sweep_from_the_origin_and_a_bad_value_leave_a_gap() {
    let scene = scene_of(
        boxed("A", Vec2::ONE, Vec2::ZERO, 0.0),
        boxed("B", Vec2::ONE, Vec2::new(2.5, 0.0), 0.0),
    );
    let mut s = spec(
        Algorithm::Gjk,
        Param::Origin,
        1.0,
        1.0e7,
        &[Quantity::Distance],
    );
    s.steps = 70;
    let sw = sweep(&scene, s).unwrap();
    assert_eq!(sw.samples.len(), 71);
    assert!((sw.samples[70].x - 1.0e7).abs() < 1.0);
    assert!((sw.samples[10].x - 10.0).abs() < 1e-9);
    let d = sw.curve(Source::Exact, Quantity::Distance);
    // The exact distance of the f32 poses: 0.5 near the origin, rounded far away.
    assert!((d[0].unwrap() - 0.5).abs() < 1e-6);
    let mut s = spec(
        Algorithm::Gjk,
        Param::Vertex {
            shape: Side::B,
            index: 0,
            direction: Vec2::ONE.normalize(),
        },
        0.0,
        4.0,
        &[Quantity::Distance],
    );
    s.steps = 8;
    let sw = sweep(&scene, s).unwrap();
    assert!(sw.samples[0].error.is_none());
    assert!(sw.samples[8].error.is_some(), "{:?}", sw.samples[8]);
    assert!(sw.samples[8].answer(Source::Ours).is_none());
}

#[test]
fn a_job_in_slices_gives_the_same_sweep_and_scene_at_moves_the_pair() {
    let scene = scene_of(
        boxed("A", Vec2::splat(0.25), Vec2::ZERO, 0.0),
        boxed("B", Vec2::splat(1.0), Vec2::new(0.0, 1.2), 0.0),
    );
    let s = spec(
        Algorithm::Manifold,
        Param::Angle { shape: Side::B },
        0.0,
        1.0,
        &[Quantity::Normal, Quantity::Points],
    );
    let whole = sweep(&scene, s.clone()).unwrap();
    let mut job = SweepJob::new(&scene, s.clone()).unwrap();
    let mut slices = 0;
    while !job.advance(37) {
        slices += 1;
    }
    assert_eq!(slices, 10);
    assert_eq!(job.finish(0, 1), whole);
    let moved = s.scene_at(&scene, 0.5).unwrap();
    assert_eq!(moved.shapes[1].pose.angle, 0.5);
    assert_eq!(moved.shapes[0], scene.shapes[0]);
}
