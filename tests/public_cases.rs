//! The worked examples and reported failures of `shared/reference/PUBLIC_CASES.md`.

use collidescope::core::epa::{penetration, EpaTermination, PenetrationInput, PenetrationOutput};
use collidescope::core::gjk::{shape_distance, DistanceInput, DistanceOutput, GjkTermination};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::Shape;
use glam::Vec2;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn poly(points: &[(f32, f32)]) -> Shape {
    let pts: Vec<Vec2> = points.iter().map(|&(x, y)| v(x, y)).collect();
    Shape::polygon(&pts, 0.0).unwrap()
}

fn distance(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> DistanceOutput {
    shape_distance(
        &DistanceInput {
            pair: PosedPair::new(a, xa, b, xb),
            use_radii: true,
            max_iterations: 20,
        },
        None,
        None,
    )
}

fn pen(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> PenetrationOutput {
    penetration(
        &PenetrationInput {
            pair: PosedPair::new(a, xa, b, xb),
            gjk_max_iterations: 20,
            epa_tolerance: 1e-4,
            epa_max_iterations: 64,
        },
        None,
        None,
    )
    .expect("the shapes overlap")
}

const ID: Transform = Transform::IDENTITY;

/// 1. dyn4j's GJK + EPA triangles: depth 0.93704, normal (0.62470, −0.78087).
#[test]
fn case1_dyn4j_triangles() {
    let a = poly(&[(4.0, 11.0), (9.0, 9.0), (4.0, 5.0)]);
    let b = poly(&[(5.0, 7.0), (12.0, 7.0), (10.0, 2.0)]);
    let d = distance(&a, ID, &b, ID);
    assert_eq!(d.distance, 0.0);
    assert!(d.termination.is_overlap(), "{d:?}");
    let p = pen(&a, ID, &b, ID);
    assert!((p.depth - 0.93704).abs() < 1e-4, "{p:?}");
    assert!((p.normal - v(0.62470, -0.78087)).length() < 1e-4, "{p:?}");
    assert!(matches!(
        p.termination,
        EpaTermination::Converged | EpaTermination::DuplicateSupport
    ));
    // Witness points: A's deepest point and B's, one depth apart along the normal.
    assert!((p.point_a - p.point_b - p.depth * p.normal).length() < 1e-3);
}

/// 2. dyn4j clipping example 1: normal (0, −1), depth 1.
#[test]
fn case2_dyn4j_boxes() {
    let a = poly(&[(8.0, 4.0), (14.0, 4.0), (14.0, 9.0), (8.0, 9.0)]);
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    let p = pen(&a, ID, &b, ID);
    assert!((p.depth - 1.0).abs() < 1e-4, "{p:?}");
    assert!((p.normal - v(0.0, -1.0)).length() < 1e-4, "{p:?}");
    assert!(
        (p.point_a.y - 4.0).abs() < 1e-4 && (p.point_b.y - 5.0).abs() < 1e-4,
        "{p:?}"
    );
}

/// 3. The EPA that stalled in parry2d: capsule against a big triangle, depth 9.43630.
#[test]
fn case3_capsule_triangle_depth() {
    let a = Shape::capsule(v(0.0, -5.0), v(0.0, 5.0), 10.0).unwrap();
    let xa = Transform::new(v(381.592, 348.491), 0.0);
    let b = poly(&[(64.0, 507.0), (440.0, 326.0), (1072.0, 507.0)]);
    let d = distance(&a, xa, &b, ID);
    assert!((d.core_distance - 0.56370).abs() < 1e-3, "{d:?}");
    let p = pen(&a, xa, &b, ID);
    assert!((p.depth - 9.43630).abs() < 1e-3, "{p:?}");
    assert!(p.iterations <= 64);
    // Either argument order.
    let q = pen(&b, ID, &a, xa);
    assert!((q.depth - 9.43630).abs() < 1e-3, "{q:?}");
    assert!((q.normal + p.normal).length() < 1e-3);
}

/// 4. Distance that depended on argument order in parry2d 0.29: 3.573167 both ways.
#[test]
fn case4_order_independent_distance() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let b = Shape::cuboid(v(1.0, 2.0)).unwrap();
    let xb = Transform::new(v(-5.573167, 0.0), 0.0);
    let ab = distance(&a, ID, &b, xb);
    let ba = distance(&b, xb, &a, ID);
    assert!((ab.distance - 3.573167).abs() < 1e-5, "{ab:?}");
    assert!((ba.distance - 3.573167).abs() < 1e-5, "{ba:?}");
    assert!((ab.normal.unwrap() - v(-1.0, 0.0)).length() < 1e-6);
    assert!((ba.normal.unwrap() - v(1.0, 0.0)).length() < 1e-6);
}

/// 5. Box2D's plank against a point near its short edge: distance 0.005, no false overlap.
#[test]
fn case5_point_near_short_edge() {
    let a = Shape::cuboid(v(0.5, 0.0016)).unwrap();
    let b = Shape::polygon(&[v(0.0, 0.0)], 0.0).unwrap();
    let xb = Transform::new(v(0.505, 0.0), 0.0);
    let d = distance(&a, ID, &b, xb);
    assert!((d.distance - 0.005).abs() < 1e-5, "{d:?}");
    assert!(!d.termination.is_overlap());
    let d = distance(&b, xb, &a, ID);
    assert!((d.distance - 0.005).abs() < 1e-5, "{d:?}");
}

/// 6. Large coordinates: overlap, depth 160, normal (−1, 0).
#[test]
fn case6_large_coordinates() {
    let a = poly(&[
        (-568.0, 928.0),
        (-568.0, 1056.0),
        (-848.0, 1056.0),
        (-848.0, 928.0),
    ]);
    let b = poly(&[
        (-688.0, 736.0),
        (-688.0, 1184.0),
        (-912.0, 1184.0),
        (-912.0, 736.0),
    ]);
    let d = distance(&a, ID, &b, ID);
    assert_eq!(d.distance, 0.0, "{d:?}");
    let p = pen(&a, ID, &b, ID);
    assert!((p.depth - 160.0).abs() < 1e-2, "{p:?}");
    assert!((p.normal - v(-1.0, 0.0)).length() < 1e-4, "{p:?}");
}

/// 7. First simplex edge through the origin: overlap, depth 1, normal (1, 0).
#[test]
fn case7_edge_through_origin() {
    let a = poly(&[(2.0, 2.0), (2.0, 5.0), (4.0, 5.0), (4.0, 2.0)]);
    let b = poly(&[(3.0, 3.0), (5.0, 4.0), (5.0, 2.0)]);
    let d = distance(&a, ID, &b, ID);
    assert_eq!(d.distance, 0.0);
    assert!(d.termination.is_overlap() || d.termination == GjkTermination::DirectionZero);
    let p = pen(&a, ID, &b, ID);
    assert!((p.depth - 1.0).abs() < 1e-4, "{p:?}");
    assert!((p.normal - v(1.0, 0.0)).length() < 1e-4, "{p:?}");
}
