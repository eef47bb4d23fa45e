//! Degenerate input: each gives a defined answer, never NaN, never a panic.

use super::*;

#[test]
fn touching_exactly() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
    // Faces touch at x = 1. Approaching: swept SAT says hit at t = 0 exactly.
    let m = Motion::new(
        &a,
        Vec2::ZERO,
        0.0,
        Vec2::ZERO,
        &b,
        v(2.0, 0.3),
        0.0,
        v(-1.0, 0.0),
    );
    let sat = m.sat();
    assert_eq!(sat.termination, SweptTermination::Hit, "{sat:?}");
    assert_eq!(sat.t, 0.0);
    assert!((sat.normal - v(1.0, 0.0)).length() < 1e-6);
    // The cast sees GJK's distance: exactly 0 (initially overlapping) or a rounding
    // above it (a hit at a time of the order of that rounding).
    let cast = m.cast();
    assert!(cast.hit && cast.t < 1e-5, "{cast:?}");
    // Separating: touching at t = 0, so "already overlapping" with depth 0.
    let apart = Motion {
        vb: v(1.0, 0.0),
        ..m
    };
    let sat = apart.sat();
    assert_eq!(
        sat.termination,
        SweptTermination::AlreadyOverlapping,
        "{sat:?}"
    );
    assert!(sat.depth.abs() < 1e-6 && (sat.normal - v(1.0, 0.0)).length() < 1e-6);
    assert!(apart.cast().hit && finite_cast(&apart.cast()));
}

#[test]
fn zero_velocity() {
    let a = random_polygon(&mut Rng::new(7), 0.0);
    let b = random_polygon(&mut Rng::new(8), 0.0);
    let far = Motion::new(
        &a,
        Vec2::ZERO,
        0.3,
        Vec2::ZERO,
        &b,
        v(5.0, 0.0),
        1.0,
        Vec2::ZERO,
    );
    let sat = far.sat();
    assert_eq!(
        sat.termination,
        SweptTermination::NoRelativeMotion,
        "{sat:?}"
    );
    assert!(!sat.hit && sat.t == 1.0 && sat.normal.x > 0.0);
    assert_eq!(far.cast().termination, CastTermination::MovingApart);
    let near = Motion::new(
        &a,
        Vec2::ZERO,
        0.3,
        Vec2::ZERO,
        &b,
        v(0.1, 0.0),
        1.0,
        Vec2::ZERO,
    );
    assert_eq!(near.sat().termination, SweptTermination::AlreadyOverlapping);
    assert_eq!(
        near.cast().termination,
        CastTermination::InitiallyOverlapping
    );
}

#[test]
fn both_moving_the_same_way() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    let vel = v(100.0, -37.0);
    let same = Motion::new(&a, Vec2::ZERO, 0.0, vel, &b, v(3.0, 0.0), 0.0, vel);
    assert_eq!(same.sat().termination, SweptTermination::NoRelativeMotion);
    assert_eq!(same.cast().termination, CastTermination::MovingApart);
    // Same direction, B slower: A catches up with B. Gap 1.5, closing at 2.
    let chase = Motion::new(
        &a,
        Vec2::ZERO,
        0.0,
        v(10.0, 0.0),
        &b,
        v(3.0, 0.0),
        0.0,
        v(8.0, 0.0),
    );
    let sat = chase.sat();
    assert_eq!(sat.termination, SweptTermination::Hit);
    assert!((sat.t - 0.75).abs() < 1e-6, "{sat:?}");
    let cast = chase.cast();
    assert!((cast.t - 0.75).abs() < 1e-5, "{cast:?}");
    // The contact point is in the world at the impact: A's right face at 7.5 + 1.
    assert!((sat.point.unwrap().x - 8.5).abs() < 1e-4 && (cast.point.x - 8.5).abs() < 1e-4);
}

#[test]
fn nearly_parallel_edges() {
    // B's bottom face is tilted by 1e-4 rad against A's top face and falls on it.
    let a = Shape::cuboid(v(2.0, 0.5)).unwrap();
    let b = Shape::cuboid(v(1.0, 0.5)).unwrap();
    let tilt = 1e-4;
    let m = Motion::new(
        &a,
        Vec2::ZERO,
        0.0,
        Vec2::ZERO,
        &b,
        v(0.0, 2.0),
        tilt,
        v(0.0, -2.0),
    );
    // B's lowest corner, local (−1, −0.5), sits at y = 2 − sin(tilt) − 0.5·cos(tilt);
    // A's top is y = 0.5; B falls at speed 2.
    let expected = (1.5 - tilt.sin() - 0.5 * tilt.cos()) / 2.0;
    let sat = m.sat();
    assert_eq!(sat.termination, SweptTermination::Hit);
    assert!((sat.t - expected).abs() < 1e-5, "{sat:?} vs {expected}");
    assert!(sat.normal.y > 0.9999, "{sat:?}");
    // Within the feature tolerance the tilted face counts as a face: the point is the
    // middle of the shared stretch, not the lower corner.
    assert!(sat.point.unwrap().x.abs() < 1e-3, "{sat:?}");
    let cast = m.cast();
    assert!((cast.t - sat.t).abs() < 1e-5, "{cast:?}");
    assert!(cast.normal.y > 0.9999);
}

#[test]
fn tiny_against_huge() {
    let tiny = Shape::cuboid(v(1e-3, 1e-3)).unwrap();
    let huge = Shape::cuboid(v(1e3, 1e3)).unwrap();
    // The tiny box drops onto the huge one's top face (y = 1000) from 1 unit above.
    let m = Motion::new(
        &huge,
        Vec2::ZERO,
        0.0,
        Vec2::ZERO,
        &tiny,
        v(3.0, 1001.0 + 1e-3),
        0.0,
        v(0.0, -2.0),
    );
    let sat = m.sat();
    assert_eq!(sat.termination, SweptTermination::Hit, "{sat:?}");
    assert!((sat.t - 0.5).abs() < 1e-4, "{sat:?}");
    let cast = m.cast();
    assert_eq!(cast.termination, CastTermination::Hit, "{cast:?}");
    assert!((cast.t - sat.t).abs() < 1e-4, "{cast:?} vs {sat:?}");
    // Swapped roles: the huge one moves up into the tiny one.
    let swapped = Motion::new(
        &tiny,
        v(3.0, 1001.0 + 1e-3),
        0.0,
        Vec2::ZERO,
        &huge,
        Vec2::ZERO,
        0.0,
        v(0.0, 2.0),
    );
    let sat2 = swapped.sat();
    let cast2 = swapped.cast();
    assert!(
        (sat2.t - sat.t).abs() < 1e-4 && (cast2.t - sat.t).abs() < 1e-4,
        "{sat2:?} {cast2:?}"
    );
    assert!(
        (sat2.normal - v(0.0, -1.0)).length() < 1e-5
            && (cast2.normal - v(0.0, -1.0)).length() < 1e-4
    );
}

#[test]
fn coordinates_near_ten_thousand() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let base = v(1.0e4, -1.0e4);
    let m = Motion::new(
        &a,
        base,
        0.0,
        Vec2::ZERO,
        &b,
        base + v(4.0, 0.5),
        0.0,
        v(-4.0, 0.0),
    );
    // Both solvers work in A's frame: the gap of 2 is resolved to f32 precision of the
    // offset (4), not of 1e4 (whose spacing is ~1e-3).
    let sat = m.sat();
    assert_eq!(sat.termination, SweptTermination::Hit);
    assert!((sat.t - 0.5).abs() < 1e-6, "{sat:?}");
    let cast = m.cast();
    assert!((cast.t - 0.5).abs() < 1e-5, "{cast:?}");
    // The world point carries the world rounding (~1e-3 at 1e4).
    assert!(
        (sat.point.unwrap() - (base + v(1.0, 0.25))).length() < 2e-3,
        "{sat:?}"
    );
    assert!((cast.point.x - (base.x + 1.0)).abs() < 2e-3, "{cast:?}");
}

#[test]
fn degenerate_shapes_give_defined_answers() {
    // Points (a zero-radius circle), segments moving along their own line, coincident
    // shapes, a shape cast against itself: none may panic or produce NaN.
    let point = Shape::circle(0.0).unwrap();
    let seg = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
    let bx = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let cases = [
        Motion::new(
            &point,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
            &point,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
        ),
        Motion::new(
            &point,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
            &point,
            v(1.0, 0.0),
            0.0,
            v(-2.0, 0.0),
        ),
        Motion::new(
            &seg,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
            &seg,
            v(3.0, 0.0),
            0.0,
            v(-4.0, 0.0),
        ),
        Motion::new(
            &seg,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
            &seg,
            v(3.0, 0.0),
            0.0,
            v(-0.5, 0.0),
        ),
        Motion::new(
            &seg,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
            &seg,
            v(3.0, 1.0),
            0.0,
            v(-4.0, 0.0),
        ),
        Motion::new(
            &bx,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
            &bx,
            Vec2::ZERO,
            0.0,
            v(1.0, 0.0),
        ),
        Motion::new(
            &bx,
            Vec2::ZERO,
            0.0,
            Vec2::ZERO,
            &point,
            v(3.0, 3.0),
            0.0,
            v(-4.0, -4.0),
        ),
    ];
    for (i, m) in cases.iter().enumerate() {
        let mut st = SweptTrace::default();
        let mut ct = CastTrace::default();
        let sat = m.sat_traced(Some(&mut st));
        let cast = m.cast_traced(Some(&mut ct));
        assert!(
            finite(&sat) && finite_cast(&cast),
            "case {i}: {sat:?} {cast:?}"
        );
        assert!(!st.axes.is_empty() && !ct.steps.is_empty(), "case {i}");
    }
    // Coincident points: overlapping at t = 0.
    assert_eq!(
        cases[0].sat().termination,
        SweptTermination::AlreadyOverlapping
    );
    assert_eq!(
        cases[0].cast().termination,
        CastTermination::InitiallyOverlapping
    );
    // A point moving through a point: a hit at t = 0.5 for both.
    let (s1, c1) = (cases[1].sat(), cases[1].cast());
    assert_eq!(s1.termination, SweptTermination::Hit);
    assert!(
        (s1.t - 0.5).abs() < 1e-6 && c1.hit && (c1.t - 0.5).abs() < 1e-5,
        "{s1:?} {c1:?}"
    );
    // Collinear segments end to end: gap 1 closing at 4.
    let (s2, c2) = (cases[2].sat(), cases[2].cast());
    assert!(
        (s2.t - 0.25).abs() < 1e-6 && (c2.t - 0.25).abs() < 1e-5,
        "{s2:?} {c2:?}"
    );
    // Too slow to meet within the step.
    assert_eq!(cases[3].sat().termination, SweptTermination::Miss);
    assert_eq!(cases[3].cast().termination, CastTermination::SeparatedAtEnd);
    // Parallel segments on different lines sliding along: never meet.
    assert_eq!(cases[4].sat().termination, SweptTermination::Miss);
    assert_eq!(cases[4].cast().termination, CastTermination::MovingApart);
}
