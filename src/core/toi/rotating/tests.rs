use super::*;
use crate::core::pair::PosedPair;
use crate::core::shape::{Geometry, Shape};
use std::f32::consts::{FRAC_PI_2, TAU};

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

fn still(p: Vec2) -> Sweep {
    Sweep::new(p, 0.0, Vec2::ZERO, 0.0)
}

fn toi(a: &Shape, sa: Sweep, b: &Shape, sb: Sweep) -> RotatingToiOutput {
    time_of_impact(
        &RotatingToiInput {
            shape_a: a,
            sweep_a: sa,
            shape_b: b,
            sweep_b: sb,
            t_max: 1.0,
            target: ToiTarget::Touch,
        },
        None,
    )
}

/// First time the cores come within `target` of each other, by sampling the GJK
/// distance densely and bisecting the first crossing (the test's oracle).
fn sampled(a: &Shape, sa: Sweep, b: &Shape, sb: Sweep, target: f32) -> Option<f32> {
    let d = |t: f32| {
        shape_distance(
            &DistanceInput {
                pair: PosedPair::new(a, sa.transform(t), b, sb.transform(t)),
                use_radii: false,
                max_iterations: 20,
            },
            None,
            None,
        )
        .core_distance
    };
    let n = 40_000;
    let mut prev = 0.0f32;
    for i in 0..=n {
        let t = i as f32 / n as f32;
        if d(t) <= target {
            let (mut lo, mut hi) = (prev, t);
            for _ in 0..40 {
                let mid = 0.5 * (lo + hi);
                if d(mid) <= target {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return Some(hi);
        }
        prev = t;
    }
    None
}

#[test]
fn translation_only_hits_where_the_gap_closes() {
    // Two circles of radius 0.5, 3 apart, closing at 4 per step: they touch when the
    // centres are 1 apart, at t = 0.5 (the band is ±slop/4 in distance, /4 in time).
    let c = Shape::circle(0.5).unwrap();
    let out = toi(
        &c,
        still(Vec2::ZERO),
        &c,
        Sweep::new(v(3.0, 0.0), 0.0, v(-4.0, 0.0), 0.0),
    );
    assert_eq!(out.termination, ToiTermination::Hit);
    assert!((out.t - 0.5).abs() <= out.tolerance / 4.0 + 1e-6, "{out:?}");
    assert!((out.normal - v(1.0, 0.0)).length() < 1e-5);
    assert!((out.point - v(0.5, 0.0)).length() < 1e-3);
    // Two sharp boxes: the target is slop (GJK cannot tell touching from overlap).
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    let out = toi(
        &b,
        still(Vec2::ZERO),
        &b,
        Sweep::new(v(3.0, 0.0), 0.0, v(-4.0, 0.0), 0.0),
    );
    assert_eq!(out.termination, ToiTermination::Hit);
    let exact = (2.0 - LINEAR_SLOP) / 4.0;
    assert!(
        (out.t - exact).abs() <= out.tolerance / 4.0 + 1e-6,
        "{out:?}"
    );
}

#[test]
fn a_spinning_bar_is_caught_on_its_way_through() {
    // A bar 4.4 long spins a full turn about (2, 0) next to a small box: vertical at
    // both ends of the step (1.75 away), it sweeps through the box in between. Box2D's
    // sweep sees the same rotation at t = 0 and t = 1 and reports "separated".
    let bar = Shape::cuboid(v(2.2, 0.02)).unwrap();
    let bx = Shape::cuboid(v(0.25, 0.25)).unwrap();
    let spin = Sweep::new(v(2.0, 0.0), FRAC_PI_2, Vec2::ZERO, TAU);
    let mut trace = RotatingToiTrace::default();
    let out = time_of_impact(
        &RotatingToiInput {
            shape_a: &bx,
            sweep_a: still(Vec2::ZERO),
            shape_b: &bar,
            sweep_b: spin,
            t_max: 1.0,
            target: ToiTarget::Touch,
        },
        Some(&mut trace),
    );
    assert_eq!(out.termination, ToiTermination::Hit, "{out:?}");
    let oracle = sampled(&bx, still(Vec2::ZERO), &bar, spin, out.target).unwrap();
    assert!(
        (out.t - oracle).abs() < 1e-3,
        "ours {} oracle {oracle}",
        out.t
    );
    assert!(out.t > 0.15 && out.t < 0.25, "{}", out.t);
    // The trace: every iteration's interval lies within the step, no longer than the
    // safe interval unless conservative advancement proved it free.
    assert!(!trace.iterations.is_empty());
    assert!(trace.max_interval < 0.2, "{}", trace.max_interval);
    for it in &trace.iterations {
        assert!(it.t1 <= it.t_end && it.t_end <= 1.0);
    }
}

#[test]
fn fast_spins_agree_with_the_sampled_oracle() {
    // Ten turns in one step, a thin bar passing boxes at several offsets: hit or miss
    // and the time, against dense sampling.
    let bar = Shape::cuboid(v(1.5, 0.01)).unwrap();
    let bx = Shape::cuboid(v(0.3, 0.2)).unwrap();
    for (k, y) in [-2.0f32, -0.5, 0.0, 0.9, 1.6].iter().enumerate() {
        let spin = Sweep::new(v(-3.0, *y), 0.3 * k as f32, v(6.0, 0.0), 10.0 * TAU);
        let out = toi(&bx, still(Vec2::ZERO), &bar, spin);
        let oracle = sampled(
            &bx,
            still(Vec2::ZERO),
            &bar,
            spin,
            out.target + out.tolerance,
        );
        match oracle {
            Some(t) => {
                assert_eq!(
                    out.termination,
                    ToiTermination::Hit,
                    "y {y}: {out:?}, oracle {t}"
                );
                assert!((out.t - t).abs() < 1e-3, "y {y}: ours {} oracle {t}", out.t);
            }
            None => assert_eq!(out.termination, ToiTermination::Separated, "y {y}: {out:?}"),
        }
    }
}

#[test]
fn states_at_the_edges() {
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    // Overlapping at t = 0.
    let out = toi(&b, still(Vec2::ZERO), &b, still(v(0.5, 0.0)));
    assert_eq!((out.termination, out.t), (ToiTermination::Overlapped, 0.0));
    // Moving apart while turning: separated, t = 1.
    let out = toi(
        &b,
        still(Vec2::ZERO),
        &b,
        Sweep::new(v(2.0, 0.0), 0.0, v(3.0, 0.0), 1.0),
    );
    assert_eq!((out.termination, out.t), (ToiTermination::Separated, 1.0));
    // NaN in a sweep: a defined failure, no loop.
    let out = toi(
        &b,
        still(Vec2::ZERO),
        &b,
        Sweep::new(v(2.0, 0.0), f32::NAN, Vec2::ZERO, 1.0),
    );
    assert_eq!(out.termination, ToiTermination::Failed);
    assert_eq!(out.iterations, 0);
}

#[test]
fn the_root_finder_brackets_shrink() {
    // A tilted box sliding into a wall (no turning: Box2D's case, one interval for the
    // whole step): the root finder follows the separation function; each iterate lies
    // in its bracket.
    let wall = Shape::cuboid(v(0.1, 3.0)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    let mut trace = RotatingToiTrace::default();
    let out = time_of_impact(
        &RotatingToiInput {
            shape_a: &wall,
            sweep_a: still(Vec2::ZERO),
            shape_b: &b,
            sweep_b: Sweep::new(v(2.0, 0.3), 0.4, v(-1.5, 0.0), 0.0),
            t_max: 1.0,
            target: ToiTarget::Touch,
        },
        Some(&mut trace),
    );
    assert_eq!(out.termination, ToiTermination::Hit);
    let roots: Vec<&RootStep> = trace
        .iterations
        .iter()
        .flat_map(|i| i.pushes.iter().flat_map(|p| p.roots.iter()))
        .collect();
    assert!(!roots.is_empty());
    for r in &roots {
        assert!(r.a1 <= r.t && r.t <= r.a2, "{r:?}");
    }
    assert_eq!(out.root_iterations as usize, roots.len());
    let oracle = sampled(
        &wall,
        still(Vec2::ZERO),
        &b,
        Sweep::new(v(2.0, 0.3), 0.4, v(-1.5, 0.0), 0.0),
        out.target,
    )
    .unwrap();
    assert!(
        (out.t - oracle).abs() < 1e-3,
        "ours {} oracle {oracle}",
        out.t
    );
}

/// Fuzz seed 112, pair 207975: a polygon turning slowly towards a circle spinning
/// at 63 rad per step about its centre; the distance reaches the band's upper edge
/// exactly at t = 1. The separation function sat in the band at t = 1 while GJK's
/// distance did not, and the query pushed back from t = 1 to t = 1 until the
/// iteration bound ("failed"). It is "separated" at t = 1 now, in a few iterations:
/// the circle's spin is left out of the interval bound as it bends nothing.
#[test]
fn ends_above_the_band_at_t_max_is_separated_not_failed() {
    let a = Shape::new(Geometry::Polygon {
        points: vec![
            v(0.6880301, -0.37108773),
            v(0.7974024, -0.22478397),
            v(0.7146061, 0.0070136264),
            v(0.46358728, 0.1376242),
            v(0.14553165, 0.18210915),
            v(-0.29631448, 0.09509275),
            v(-0.49023604, -0.05988622),
            v(-0.47858894, -0.29911888),
            v(-0.35731748, -0.4047252),
            v(0.013458582, -0.5174275),
            v(0.37071326, -0.5021134),
        ],
        radius: 0.0,
    })
    .expect("polygon");
    let b = Shape::new(Geometry::Circle { radius: 0.4908496 }).expect("circle");
    let sa = Sweep::new(v(-3.9838462, 8.081788), -1.7510895, Vec2::ZERO, -1.828182);
    let sb = Sweep::new(v(-4.3862324, 9.1992035), 0.9207916, Vec2::ZERO, -63.117657);
    let out = toi(&a, sa, &b, sb);
    assert_eq!(out.termination, ToiTermination::Separated, "{out:?}");
    assert_eq!(out.t, 1.0);
    assert!(out.iterations < 200, "{} iterations", out.iterations);
}
