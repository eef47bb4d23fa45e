//! Worked cases.

use super::*;

/// A fast box tunnels through a thin wall: static tests at t = 0 and t = 1 both say
/// "apart"; swept SAT and the cast both catch the impact, at the exact time.
#[test]
fn fast_box_through_thin_wall() {
    let wall = Shape::cuboid(v(0.05, 2.0)).unwrap(); // x ∈ [-0.05, 0.05]
    let bullet = Shape::cuboid(v(0.25, 0.25)).unwrap();
    // The bullet starts at x = -3 (right face at -2.75) and ends at x = +3.
    let m = Motion::new(
        &wall,
        Vec2::ZERO,
        0.0,
        Vec2::ZERO,
        &bullet,
        v(-3.0, 0.5),
        0.0,
        v(6.0, 0.0),
    );
    assert!(m.distance_at(0.0).distance > 2.0);
    assert!(m.distance_at(1.0).distance > 2.0);
    let expected_t = (3.0 - 0.25 - 0.05) / 6.0; // the right face reaches x = -0.05
    let sat = m.sat();
    assert_eq!(sat.termination, SweptTermination::Hit, "{sat:?}");
    assert!(
        (sat.t - expected_t).abs() < 1e-6,
        "{} vs {expected_t}",
        sat.t
    );
    assert!((sat.normal - v(-1.0, 0.0)).length() < 1e-6, "{sat:?}"); // from the wall to the bullet
                                                                     // Face against face: the contact point is the middle of the shared stretch
                                                                     // (y from 0.25 to 0.75) on the wall's left face.
    assert!(
        (sat.point.unwrap() - v(-0.05, 0.5)).length() < 1e-5,
        "{sat:?}"
    );
    let cast = m.cast();
    assert_eq!(cast.termination, CastTermination::Hit, "{cast:?}");
    assert!((cast.t - expected_t).abs() < 1e-5, "{cast:?}");
    assert!((cast.normal - v(-1.0, 0.0)).length() < 1e-5, "{cast:?}");
    // The cast's point is the middle of GJK's witness points: on the face plane.
    assert!(
        (cast.point.x + 0.05).abs() < 1e-4 && (0.25..=0.75).contains(&cast.point.y),
        "{cast:?}"
    );
}

/// A capsule falling flat onto a box: the first contact is the box's top face against
/// the capsule's side, an axis swept SAT tests, so both methods are exact.
#[test]
fn capsule_falls_on_box() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap(); // top at y = 0.5
    let capsule = Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.25).unwrap();
    let m = Motion::new(
        &ground,
        Vec2::ZERO,
        0.0,
        Vec2::ZERO,
        &capsule,
        v(0.3, 3.0),
        0.0,
        v(0.5, -4.0),
    );
    let expected_t = (3.0 - 0.25 - 0.5) / 4.0;
    let sat = m.sat();
    assert_eq!(sat.termination, SweptTermination::Hit);
    assert!((sat.t - expected_t).abs() < 1e-6, "{sat:?}");
    assert!((sat.normal - v(0.0, 1.0)).length() < 1e-6);
    // Capsule core from x = -0.7 to 1.3 at impact (moved 0.5·t): middle x = 0.3 + 0.5 t.
    let p = sat.point.unwrap();
    assert!((p - v(0.3 + 0.5 * expected_t, 0.5)).length() < 1e-5, "{p}");
    let cast = m.cast();
    assert_eq!(cast.termination, CastTermination::Hit);
    assert!((cast.t - expected_t).abs() < 1e-5, "{cast:?}");
    assert!((cast.normal - v(0.0, 1.0)).length() < 1e-5);
}

/// A capsule's rounded end meeting a box corner obliquely: swept SAT sees the cap as a
/// square and answers early (conservative); the cast is exact.
#[test]
fn capsule_cap_against_box_corner() {
    let block = Shape::cuboid(v(1.0, 1.0)).unwrap(); // corner at (1, 1)
    let capsule = Shape::capsule(v(0.0, 0.0), v(2.0, 0.0), 0.5).unwrap();
    // The left cap's centre moves along y = 1.3 from x = 3 towards −x: it meets the
    // corner (1, 1) when its centre is at x = 1 + sqrt(0.25 − 0.09) = 1.4.
    let m = Motion::new(
        &block,
        Vec2::ZERO,
        0.0,
        Vec2::ZERO,
        &capsule,
        v(3.0, 1.3),
        0.0,
        v(-4.0, 0.0),
    );
    let exact = (3.0 - 1.4) / 4.0;
    let cast = m.cast();
    assert_eq!(cast.termination, CastTermination::Hit);
    assert!((cast.t - exact).abs() < 1e-5, "{cast:?}");
    assert!((cast.point - v(1.0, 1.0)).length() < 1e-3, "{cast:?}");
    let n = v(0.4, 0.3) / 0.5; // from the corner to the cap's centre
    assert!((cast.normal - n).length() < 1e-3, "{cast:?}");
    let sat = m.sat();
    assert_eq!(sat.termination, SweptTermination::Hit);
    // The cap's square reaches x = 1 at centre x = 1.5: t = 0.375 < exact 0.4.
    assert!((sat.t - 0.375).abs() < 1e-6, "{sat:?}");
    assert!(sat.t <= cast.t);
}

/// Randomised: swept SAT's impact pose touches (distance ~0, no real overlap), and
/// every earlier sampled pose is apart.
#[test]
fn swept_sat_impact_pose_touches_and_earlier_poses_are_apart() {
    let mut rng = Rng::new(0x05EE_75A7);
    let (mut hits, mut skipped_near_impact) = (0, 0);
    for _ in 0..2000 {
        let a = random_polygon(&mut rng, 0.0);
        let b = random_polygon(&mut rng, 0.0);
        let m = random_motion(&mut rng, &a, &b);
        let out = m.sat();
        assert!(finite(&out), "{out:?}");
        if out.termination != SweptTermination::Hit {
            continue;
        }
        hits += 1;
        let size = m.size();
        let d = m.distance_at(out.t);
        let depth = m.depth_at(out.t);
        assert!(
            d.distance <= 1e-3 * size && depth <= 1e-3 * size,
            "t = {}: {d:?}, depth {depth}",
            out.t
        );
        let closing = -(m.vb - m.va).dot(out.normal);
        assert!(closing > 0.0, "{out:?}");
        for i in 0..50 {
            let ti = out.t * i as f32 / 50.0;
            if closing * (out.t - ti) <= 1e-5 * size {
                skipped_near_impact += 1;
                continue;
            }
            let di = m.distance_at(ti);
            assert!(
                di.distance > 0.0,
                "pose at {ti} (impact {}) overlaps: {di:?}",
                out.t
            );
        }
    }
    assert!(
        hits > 600,
        "only {hits} hits: the generator should aim better"
    );
    eprintln!("swept SAT: {hits} hits checked; {skipped_near_impact} samples within rounding of the impact");
}

/// Randomised: the general cast agrees with swept SAT on sharp polygon pairs within
/// 1e-4 in time, hit for hit.
#[test]
fn cast_agrees_with_swept_sat_on_polygons() {
    let mut rng = Rng::new(0xCA57_0001);
    let (mut hits, mut misses, mut overlaps, mut worst) = (0, 0, 0, 0.0f32);
    let mut corner_normals = 0;
    let mut iterations = 0u32;
    for k in 0..5000 {
        let a = random_polygon(&mut rng, 0.0);
        let b = random_polygon(&mut rng, 0.0);
        let m = random_motion(&mut rng, &a, &b);
        let sat = m.sat();
        let cast = m.cast();
        assert!(finite(&sat) && finite_cast(&cast), "{sat:?} {cast:?}");
        iterations += cast.iterations;
        match (sat.termination, cast.termination) {
            (SweptTermination::Hit, CastTermination::Hit) => {
                hits += 1;
                let dt = (sat.t - cast.t).abs();
                worst = worst.max(dt);
                assert!(
                    dt <= 1e-4,
                    "pair {k}: swept SAT t = {}, cast t = {}",
                    sat.t,
                    cast.t
                );
                // A conservative method: the cast never passes the impact (beyond rounding).
                assert!(cast.t <= sat.t + 1e-5, "pair {k}: {sat:?} {cast:?}");
                // Normals: the same unless the first contact is corner against corner,
                // where every direction between the two corners' normal cones is a
                // valid contact normal. Either way each must be a touching plane at
                // the impact: the gap along it within 1e-4·L of zero.
                let size = m.size();
                let d = m.distance_at(sat.t);
                assert!(d.distance <= 1e-3 * size);
                for n in [sat.normal, cast.normal] {
                    let gap = m.gap_along(sat.t, n);
                    assert!(
                        gap.abs() <= 1e-4 * size,
                        "pair {k}: gap {gap} along {n}: {sat:?} {cast:?}"
                    );
                }
                if sat.normal.angle_between(cast.normal).abs() > 1e-3 {
                    corner_normals += 1;
                }
            }
            (SweptTermination::AlreadyOverlapping, CastTermination::InitiallyOverlapping) => {
                overlaps += 1
            }
            (
                SweptTermination::Miss | SweptTermination::NoRelativeMotion,
                CastTermination::MovingApart | CastTermination::SeparatedAtEnd,
            ) => misses += 1,
            (s, c) => panic!("pair {k}: swept SAT says {s:?}, the cast {c:?}\n{sat:?}\n{cast:?}"),
        }
    }
    eprintln!(
        "cast vs swept SAT: {hits} hits (worst |Δt| = {worst:e}; {corner_normals} corner contacts with different valid normals), {misses} misses, {overlaps} initial overlaps; {:.2} GJK queries per cast",
        iterations as f32 / 5000.0
    );
    assert!(
        hits > 1500 && misses > 500 && overlaps > 100,
        "{hits} {misses} {overlaps}"
    );
}

/// Rounded shapes: swept SAT is conservative (never later than the exact cast) and
/// never reports a miss where the cast hits.
#[test]
fn swept_sat_is_conservative_on_rounded_shapes() {
    let mut rng = Rng::new(0x0B0B_CAFE);
    let mut compared = 0;
    for k in 0..2000 {
        let a = match k % 3 {
            0 => Shape::circle(rng.range_f32(0.2, 1.0)).unwrap(),
            1 => Shape::capsule(
                rng.vec_f32(-1.0, 1.0),
                rng.vec_f32(1.1, 2.0),
                rng.range_f32(0.1, 0.6),
            )
            .unwrap(),
            _ => {
                let r = rng.range_f32(0.05, 0.5);
                random_polygon(&mut rng, r)
            }
        };
        let b = random_polygon(&mut rng, if k % 2 == 0 { 0.0 } else { 0.2 });
        let m = random_motion(&mut rng, &a, &b);
        let sat = m.sat();
        let cast = m.cast();
        assert!(finite(&sat) && finite_cast(&cast));
        if cast.termination == CastTermination::Hit {
            assert!(
                sat.hit,
                "pair {k}: the cast hits at {} but swept SAT misses: {sat:?}",
                cast.t
            );
            assert!(
                sat.t <= cast.t + 1e-5,
                "pair {k}: swept SAT {} later than the cast {}",
                sat.t,
                cast.t
            );
            compared += 1;
        }
    }
    assert!(compared > 500, "{compared}");
}
