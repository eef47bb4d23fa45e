//! Time of impact: swept SAT (`toi.rs`) and the shape cast (`cast.rs`).
//!
//! Frame convention: shapes in their local frames placed by a pose at t = 0; each
//! moves by its world velocity over t ∈ [0, 1] without rotating; results in world
//! space, normals from A to B.
//!
//! Tolerances (and why):
//! - time agreement between the cast and swept SAT on sharp polygon pairs: 1e-4 (the
//!   issue's bar). Both are exact methods in exact arithmetic for polygons; in f32 the
//!   time carries `(distance rounding) / (closing speed)`, ~1e-6·L / c, and the random
//!   pairs below keep the closing speed above 0.05·L, so 1e-4 leaves a wide margin.
//! - "distance ~0 at impact": GJK distance (or EPA depth) at swept SAT's impact pose
//!   within 1e-3 of the configuration's size L (the issue's bar); observed ~1e-6·L.
//! - "earlier poses separated": sampled poses before the impact must have a positive
//!   distance whenever the expected gap there, closing speed × time left, exceeds
//!   GJK's touching threshold (1e-5·L); closer to the impact they are within rounding of
//!   touching and are not asserted (counted instead).

use collidescope::core::epa::{penetration, PenetrationInput};
use collidescope::core::gjk::{shape_distance, DistanceInput, DistanceOutput};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::Shape;
use collidescope::core::toi::shape_cast::{
    shape_cast, CastInput, CastOutput, CastTermination, CastTrace,
};
use collidescope::core::toi::swept_sat::{
    swept_sat, SweptInput, SweptOutput, SweptTermination, SweptTrace,
};
use collidescope::verify::Rng;
use glam::Vec2;

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

/// One moving pair.
#[derive(Clone, Copy)]
struct Motion<'a> {
    a: &'a Shape,
    xa: Transform,
    va: Vec2,
    b: &'a Shape,
    xb: Transform,
    vb: Vec2,
}

impl<'a> Motion<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        a: &'a Shape,
        pa: Vec2,
        angle_a: f32,
        va: Vec2,
        b: &'a Shape,
        pb: Vec2,
        angle_b: f32,
        vb: Vec2,
    ) -> Self {
        Motion {
            a,
            xa: Transform::new(pa, angle_a),
            va,
            b,
            xb: Transform::new(pb, angle_b),
            vb,
        }
    }

    fn sat(&self) -> SweptOutput {
        self.sat_traced(None)
    }

    fn sat_traced(&self, trace: Option<&mut SweptTrace>) -> SweptOutput {
        swept_sat(
            &SweptInput {
                pair: PosedPair::new(self.a, self.xa, self.b, self.xb),
                velocity_a: self.va,
                velocity_b: self.vb,
            },
            trace,
        )
    }

    fn cast(&self) -> CastOutput {
        self.cast_traced(None)
    }

    fn cast_traced(&self, trace: Option<&mut CastTrace>) -> CastOutput {
        shape_cast(
            &CastInput::new(
                PosedPair::new(self.a, self.xa, self.b, self.xb),
                self.va,
                self.vb,
            ),
            trace,
        )
    }

    /// Transforms at time t.
    fn at(&self, t: f32) -> (Transform, Transform) {
        let mut xa = self.xa;
        let mut xb = self.xb;
        xa.p += self.va * t;
        xb.p += self.vb * t;
        (xa, xb)
    }

    fn distance_at(&self, t: f32) -> DistanceOutput {
        let (xa, xb) = self.at(t);
        shape_distance(
            &DistanceInput {
                pair: PosedPair::new(self.a, xa, self.b, xb),
                use_radii: true,
                max_iterations: 50,
            },
            None,
            None,
        )
    }

    /// Penetration depth at t (0 when apart).
    fn depth_at(&self, t: f32) -> f32 {
        let (xa, xb) = self.at(t);
        penetration(
            &PenetrationInput {
                pair: PosedPair::new(self.a, xa, self.b, xb),
                gjk_max_iterations: 50,
                epa_tolerance: 1e-5,
                epa_max_iterations: 64,
            },
            None,
            None,
        )
        .map_or(0.0, |p| p.depth)
    }

    /// Signed gap along the unit direction `n` at time t: B's lowest point on `n` minus
    /// A's highest (radii included); 0 when `n` is a touching plane.
    fn gap_along(&self, t: f32, n: Vec2) -> f32 {
        let (xa, xb) = self.at(t);
        let hi_a = self
            .a
            .vertices()
            .iter()
            .map(|p| xa.apply(*p).dot(n))
            .fold(f32::MIN, f32::max)
            + self.a.radius();
        let lo_b = self
            .b
            .vertices()
            .iter()
            .map(|p| xb.apply(*p).dot(n))
            .fold(f32::MAX, f32::min)
            - self.b.radius();
        lo_b - hi_a
    }

    /// The size of the configuration: largest |world coordinate| of either shape.
    fn size(&self) -> f32 {
        let reach = |s: &Shape, x: &Transform| {
            s.vertices()
                .iter()
                .map(|p| x.apply(*p).abs().max_element())
                .fold(0.0f32, f32::max)
                + s.radius()
        };
        reach(self.a, &self.xa).max(reach(self.b, &self.xb)) + self.va.length() + self.vb.length()
    }
}

fn finite(o: &SweptOutput) -> bool {
    o.t.is_finite()
        && o.normal.is_finite()
        && o.depth.is_finite()
        && o.point.is_none_or(|p| p.is_finite())
}

fn finite_cast(o: &CastOutput) -> bool {
    o.t.is_finite() && o.normal.is_finite() && o.point.is_finite() && !o.distance.is_nan()
}

// ---------------------------------------------------------------------------------
// Random convex polygons (from the crate's one seeded generator).
// ---------------------------------------------------------------------------------

/// A convex polygon of 3 to 8 vertices on a random ellipse.
fn random_polygon(rng: &mut Rng, radius: f32) -> Shape {
    loop {
        let n = 3 + (rng.next_u64() % 6) as usize;
        let mut angles: Vec<f32> = (0..n)
            .map(|_| rng.range_f32(0.0, std::f32::consts::TAU))
            .collect();
        angles.sort_by(f32::total_cmp);
        let (ax, ay) = (rng.range_f32(0.2, 1.5), rng.range_f32(0.2, 1.5));
        let pts: Vec<Vec2> = angles
            .iter()
            .map(|t| v(ax * t.cos(), ay * t.sin()))
            .collect();
        if let Ok(s) = Shape::polygon(&pts, radius) {
            return s;
        }
    }
}

/// A random motion aimed roughly at A, so that about half the pairs hit.
fn random_motion<'a>(rng: &mut Rng, a: &'a Shape, b: &'a Shape) -> Motion<'a> {
    let pa = rng.vec_f32(-3.0, 3.0);
    let pb = pa + rng.vec_f32(-6.0, 6.0);
    let aim = (pa + rng.vec_f32(-2.0, 2.0)) - pb;
    let speed = rng.range_f32(0.5, 2.0);
    let vb = aim * speed;
    let va = rng.vec_f32(-1.0, 1.0);
    Motion::new(
        a,
        pa,
        rng.range_f32(-3.2, 3.2),
        va,
        b,
        pb,
        rng.range_f32(-3.2, 3.2),
        vb,
    )
}

// ---------------------------------------------------------------------------------
// Worked cases.
// ---------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------
// Degenerate input: each gives a defined answer, never NaN, never a panic.
// ---------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------
// The report's "toi" key.
// ---------------------------------------------------------------------------------

#[test]
fn report_has_toi_only_for_moving_pairs() {
    use collidescope::scene::parse_scene;
    use collidescope::trace::report::scene_report;
    let text = r#"(
        version: 1,
        shapes: [
            (name: "wall", geometry: Box(half_extents: (0.05, 2.0)), position: (0.0, 0.0), angle: 0.0),
            (name: "bullet", geometry: Box(half_extents: (0.25, 0.25)), position: (-3.0, 0.5), angle: 0.0,
             velocity: (6.0, 0.0)),
            (name: "rock", geometry: Circle(radius: 0.5), position: (0.0, 5.0), angle: 0.0),
        ],
    )"#;
    let scene = parse_scene(text, "inline.ron").expect("valid scene");
    let report = scene_report(&scene, "inline.ron", None, true).unwrap();
    let json = serde_json::to_value(&report).unwrap();
    let pairs = json["pairs"].as_array().unwrap();
    let find = |a: &str, b: &str| {
        pairs
            .iter()
            .find(|p| p["a"] == a && p["b"] == b)
            .unwrap_or_else(|| panic!("pair {a}-{b}"))
    };
    // wall–bullet: the bullet tunnels through the wall's face at t = 2.7/6.
    let wb = find("wall", "bullet");
    let toi = &wb["toi"];
    assert_eq!(toi["hit"], true);
    assert_eq!(toi["termination"], "hit");
    assert!((toi["t"].as_f64().unwrap() - 0.45).abs() < 1e-5, "{toi}");
    assert!(
        (toi["normal"][0].as_f64().unwrap() + 1.0).abs() < 1e-5,
        "{toi}"
    );
    assert!(
        (toi["point"][0].as_f64().unwrap() + 0.05).abs() < 1e-4,
        "{toi}"
    );
    assert!(toi["iterations"].as_u64().unwrap() >= 1);
    // The trace carries the cast's poses and swept SAT's axes.
    let tr = &wb["trace"]["toi"];
    assert!(!tr["cast"]["steps"].as_array().unwrap().is_empty());
    assert_eq!(tr["cast"]["end_b"]["position"][0].as_f64().unwrap(), 3.0);
    assert_eq!(tr["swept_sat"]["termination"], "hit");
    assert_eq!(
        tr["swept_sat_trace"]["axes"].as_array().unwrap().len(),
        8 + 1
    );
    // bullet–rock: the bullet moves, so "toi" is present: it passes below, a miss
    // (approaching at first, but the first safe step already reaches past t = 1).
    let br = find("bullet", "rock");
    assert_eq!(br["toi"]["hit"], false);
    assert_eq!(br["toi"]["termination"], "separated_at_end");
    // wall–rock: nothing moves, no "toi" key at all (and none in the trace).
    let wr = find("wall", "rock");
    assert!(wr.get("toi").is_none(), "{wr}");
    assert!(wr["trace"].get("toi").is_none());
}
