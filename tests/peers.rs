//! The engines beside the core (feature `peers`): Box2D v3 and parry2d on the same
//! pairs, through the scene's builder, answering in world frame with normals A → B.

use collidescope::core::gjk::shape_distance;
use collidescope::core::manifold::{contact_manifold, ManifoldSource};
use collidescope::peers::{self, box2d};
use collidescope::scene::{load_scene, parse_scene};
use collidescope::trace::peer_answer::Engine;
use glam::Vec2;

fn scene(text: &str) -> collidescope::scene::Scene {
    parse_scene(text, "test").unwrap()
}

const TWO_BOXES_APART: &str = r#"(version: 1, shapes: [
    (name: "A", geometry: Box(half_extents: (1.0, 0.5)), position: (0.0, 0.0), angle: 0.3),
    (name: "B", geometry: Polygon(points: [(0.0, 0.0), (1.0, 0.0), (0.4, 0.8)]),
     position: (3.0, 0.6), angle: -0.7, velocity: (-4.0, 0.0)),
])"#;

fn close(a: [f32; 2], b: Vec2, tol: f32) -> bool {
    (Vec2::from(a) - b).length() <= tol
}

#[test]
fn every_engine_agrees_with_the_core_on_a_separated_pair() {
    let s = scene(TWO_BOXES_APART);
    let pair = s.pair(0, 1);
    let ours = shape_distance(&pair.distance(), None, None);
    assert!(ours.distance > 0.5);
    for (engine, answer) in peers::ask_all(&pair) {
        let d = answer
            .distance
            .as_ref()
            .expect("both engines measure distance");
        assert!(
            (d.distance - ours.distance).abs() <= 1e-5,
            "{}: {} vs ours {}",
            engine.key(),
            d.distance,
            ours.distance
        );
        assert!(
            close(d.point_a, ours.point_a, 1e-4),
            "{}: point on A",
            engine.key()
        );
        assert!(
            close(d.point_b, ours.point_b, 1e-4),
            "{}: point on B",
            engine.key()
        );
        let toi = answer.toi.as_ref().expect("B moves: both engines cast");
        assert!(toi.hit, "{}: B moving left by 4 hits A", engine.key());
        assert!((0.0..1.0).contains(&toi.t));
    }
}

#[test]
fn box2d_records_its_own_gjk_simplexes() {
    let s = scene(TWO_BOXES_APART);
    let answer = peers::ask(Engine::Box2d, &s.pair(0, 1));
    assert!(answer.version.starts_with("Box2D 3."), "{}", answer.version);
    let last = answer.simplexes.last().expect("at least one iteration");
    assert!(
        (1..=2).contains(&last.len()),
        "separated: a point or an edge"
    );
    // The last simplex's closest point to the origin is B − A's closest point: the
    // vector from the point on A to the point on B (configuration space is B − A).
    let dist = answer.distance.unwrap();
    let closest = match last.as_slice() {
        [p] => *p,
        [p, q] => {
            let e = *q - *p;
            let t = (-p.dot(e) / e.length_squared()).clamp(0.0, 1.0);
            *p + e * t
        }
        _ => unreachable!(),
    };
    let want = Vec2::from(dist.point_b) - Vec2::from(dist.point_a);
    assert!((closest - want).length() <= 1e-4, "{closest} vs {want}");
}

#[test]
fn box2d_manifold_matches_ours_on_the_welcome_scene() {
    let s = load_scene(std::path::Path::new("scenes/welcome.ron")).unwrap();
    let pair = s.pair(0, 1);
    let ours = contact_manifold(&pair.manifold(ManifoldSource::Sat), None);
    let theirs = box2d::manifold(&pair).unwrap();
    assert_eq!(theirs.points.len(), ours.points().len());
    assert!(close(theirs.normal, ours.normal, 1e-5));
    for (t, o) in theirs.points.iter().zip(ours.points()) {
        assert!(
            close(t.point_a, o.point_a, 1e-4),
            "{:?} vs {:?}",
            t.point_a,
            o.point_a
        );
        assert!(close(t.point_b, o.point_b, 1e-4));
        assert!((t.separation - o.separation).abs() <= 1e-5);
    }
}

#[test]
fn what_an_engine_lacks_is_named_not_guessed() {
    let s = scene(
        r#"(version: 1, shapes: [
        (name: "A", geometry: Segment(a: (-1.0, 0.0), b: (1.0, 0.0)), position: (0.0, 0.0), angle: 0.0),
        (name: "B", geometry: Segment(a: (-1.0, 0.0), b: (1.0, 0.0)), position: (0.0, 0.5), angle: 1.0),
    ])"#,
    );
    let b2 = peers::ask(Engine::Box2d, &s.pair(0, 1));
    assert!(b2.manifold.is_none());
    assert!(
        b2.missing
            .iter()
            .any(|m| m.contains("segment with segment")),
        "{:?}",
        b2.missing
    );
    assert!(b2.missing.iter().any(|m| m.starts_with("penetration:")));
    assert!(b2.distance.is_some(), "Box2D still measures the distance");
}

/// Public case 5 (a point 0.005 beyond the short edge of a 0.5 × 0.0016 plank): Box2D
/// 3.2 refuses the plank as a polygon (its vertices are within linear slop of a line)
/// and its GJK on the proxy reports an overlap (distance 0) where the exact distance is
/// 0.005; the core and parry2d both measure 0.005.
#[test]
fn box2d_reports_a_false_overlap_on_public_case_5() {
    let s = load_scene(std::path::Path::new(
        "scenes/public_5_point_near_short_edge.ron",
    ))
    .unwrap();
    let pair = s.pair(0, 1);
    let ours = shape_distance(&pair.distance(), None, None).distance;
    assert!((ours - 0.005).abs() < 1e-5, "{ours}");
    let answers = peers::ask_all(&pair);
    let dist = |e: Engine| {
        answers
            .iter()
            .find(|(x, _)| *x == e)
            .unwrap()
            .1
            .distance
            .as_ref()
            .unwrap()
            .distance
    };
    assert!((dist(Engine::Parry) - 0.005).abs() < 1e-5);
    assert_eq!(dist(Engine::Box2d), 0.0);
}

/// Why Box2D says 0 on public case 5 (the engines lesson's *Where an algorithm can go
/// astray*): it never reaches the triangle case. Its simplex is the plank's short end,
/// whose search direction `cross(cross(w1 + w2, e12), e12)` is 0.01 × 0.0032² ≈ 1e-7
/// long, under `FLT_EPSILON` squared, so `b2ShapeDistance` returns "overlap" from that
/// segment: its witness points are the segment's closest point and B, 0.005 apart
/// (a triangle enclosing the origin would give one point for both).
#[test]
fn box2ds_false_overlap_comes_from_a_vanishing_direction_on_the_short_end() {
    let s = load_scene(std::path::Path::new(
        "scenes/public_5_point_near_short_edge.ron",
    ))
    .unwrap();
    let (d, _) = box2d::distance(&s.pair(0, 1));
    assert_eq!(d.distance, 0.0);
    assert!(
        close(d.point_a, Vec2::new(0.5, 0.0), 1e-5),
        "{:?}",
        d.point_a
    );
    assert!(
        close(d.point_b, Vec2::new(0.505, 0.0), 1e-5),
        "{:?}",
        d.point_b
    );
    // The direction Box2D computes on that segment, in f32 as it does.
    let (w1, w2) = (Vec2::new(-0.005, 0.0016), Vec2::new(-0.005, -0.0016));
    let e12 = w2 - w1;
    let c = (w1 + w2).perp_dot(e12);
    let dir = Vec2::new(-c * e12.y, c * e12.x);
    assert!(dir.length_squared() < f32::EPSILON * f32::EPSILON);
    assert!(dir.length_squared() > 0.5 * f32::EPSILON * f32::EPSILON);
}

#[test]
fn every_scene_gets_an_answer_from_every_engine_without_a_crash() {
    for entry in std::fs::read_dir("scenes").unwrap() {
        let path = entry.unwrap().path();
        let s = load_scene(&path).unwrap();
        for i in 0..s.shapes.len() {
            for j in i + 1..s.shapes.len() {
                for (engine, a) in peers::ask_all(&s.pair(i, j)) {
                    if let Some(d) = &a.distance {
                        assert!(
                            d.distance.is_finite() && d.distance >= 0.0,
                            "{}: {} {i},{j}",
                            path.display(),
                            engine.key()
                        );
                    }
                    let answered = [
                        a.distance.is_some(),
                        a.manifold.is_some(),
                        !a.missing.is_empty(),
                    ];
                    assert!(answered.iter().any(|x| *x));
                }
            }
        }
    }
}
