//! Placement: where B goes relative to A (at an exact signed distance along a ray, or
//! face to face nearly parallel) and how a moving pair moves.

use crate::core::shape::{Pose, Shape};
use crate::verify::{hull64, normals64, rotate, sd_core, Rng};
use glam::{DVec2, Vec2};

use super::v2;

/// A core in world space, in f64, from the f32 pose as given (the rotation in f64 from
/// the f32 angle: the exact geometry the f32 inputs describe).
pub fn world_core(shape: &Shape, pose: &Pose) -> Vec<DVec2> {
    let (s, c) = (pose.angle as f64).sin_cos();
    let p = pose.position.as_dvec2();
    shape
        .vertices()
        .iter()
        .map(|v| {
            let v = v.as_dvec2();
            DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y) + p
        })
        .collect()
}

fn centroid(points: &[DVec2]) -> DVec2 {
    points.iter().copied().sum::<DVec2>() / points.len().max(1) as f64
}

/// Places B along a ray: B's position is `x0 + t·u`; `sd(x)` is the exact signed
/// distance with B at position `x` (convex in `t`, ≤ 0 at t = 0).
struct Placer {
    /// Hull of the core differences with B at position 0 (B turned, A placed).
    hull: Vec<DVec2>,
    r: f64,
}

impl Placer {
    fn new(a_world: &[DVec2], b: &Shape, angle_b: f32) -> Placer {
        let b_rot = world_core(b, &Pose::new(Vec2::ZERO, angle_b));
        let diffs: Vec<DVec2> = b_rot
            .iter()
            .flat_map(|q| a_world.iter().map(move |p| *q - *p))
            .collect();
        Placer {
            hull: hull64(&diffs),
            r: 0.0,
        }
    }

    fn sd(&self, x: DVec2) -> f64 {
        sd_core(&self.hull, -x) - self.r
    }

    /// The `t ≥ 0` where `sd(x0 + t·u) = target`, given `sd(x0) ≤ target` (else 0).
    fn solve(&self, x0: DVec2, u: DVec2, target: f64, scale: f64) -> f64 {
        if self.sd(x0) > target {
            return 0.0;
        }
        let mut hi = scale.max(1e-12);
        for _ in 0..80 {
            if self.sd(x0 + u * hi) >= target {
                break;
            }
            hi *= 2.0;
        }
        let mut lo = 0.0;
        for _ in 0..80 {
            let mid = 0.5 * (lo + hi);
            if self.sd(x0 + u * mid) < target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }
}

/// Where B goes relative to A.
#[derive(Clone, Copy, Debug)]
pub(super) enum Gap {
    /// Overlapping: a random point between "centroids together" and touching.
    Overlap,
    /// At this exact signed distance (radii included).
    At(f64),
}

/// A random gap for a pair of size `s`: overlapping, apart, or within 1e-3 of touching.
pub(super) fn random_gap(rng: &mut Rng, s: f64) -> Gap {
    let u = rng.unit();
    if u < 0.4 {
        Gap::Overlap
    } else if u < 0.75 {
        Gap::At(s * rng.log_range(-3.0, 0.3))
    } else {
        Gap::At(rng.sign() * s * rng.log_range(-7.0, -3.0))
    }
}

/// A at `pos_a` (turned at random), B turned at random and moved from "core centroids
/// together" along a random direction to the gap.
pub(super) fn place(rng: &mut Rng, a: &Shape, b: &Shape, pos_a: DVec2, gap: Gap) -> (Pose, Pose) {
    let pose_a = Pose::new(v2(pos_a), rng.angle());
    let angle_b = rng.angle();
    let a_world = world_core(a, &pose_a);
    let mut placer = Placer::new(&a_world, b, angle_b);
    placer.r = (a.radius() + b.radius()) as f64;
    let b_rot = world_core(b, &Pose::new(Vec2::ZERO, angle_b));
    let x0 = centroid(&a_world) - centroid(&b_rot);
    let u = rng.unit_vector();
    let scale = (a.bounding_radius() + b.bounding_radius()) as f64;
    let t = match gap {
        Gap::Overlap => placer.solve(x0, u, 0.0, scale) * rng.unit(),
        Gap::At(target) => placer.solve(x0, u, target, scale),
    };
    (pose_a, Pose::new(v2(x0 + u * t), angle_b))
}

/// A face of B turned within 1e-4 rad of anti-parallel to a face of A, B's face
/// midpoint on A's face (slid along it), then moved along A's face normal to a gap
/// of 0, ±1e-6 or ±1e-3 of the size.
pub(super) fn place_parallel(rng: &mut Rng, a: &Shape, b: &Shape, s: f64) -> (Pose, Pose) {
    let pose_a = Pose::new(
        v2(DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0))),
        rng.angle(),
    );
    let a_world = world_core(a, &pose_a);
    let na = normals64(&a_world);
    let i = rng.int(0, na.len() - 1);
    let n = na[i];
    let b_local: Vec<DVec2> = b.vertices().iter().map(|v| v.as_dvec2()).collect();
    let nb = normals64(&b_local);
    let j = rng.int(0, nb.len() - 1);
    let eps = if rng.chance(0.2) {
        0.0
    } else {
        rng.sign() * 1.0e-4 * rng.range(0.01, 1.0)
    };
    let target = rotate(-n, eps);
    let angle_b = (target.y.atan2(target.x) - nb[j].y.atan2(nb[j].x)) as f32;
    let b_rot = world_core(b, &Pose::new(Vec2::ZERO, angle_b));
    let ka = a_world.len();
    let kb = b_rot.len();
    let (a1, a2) = (a_world[i], a_world[(i + 1) % ka]);
    let (b1, b2) = (b_rot[j], b_rot[(j + 1) % kb]);
    let len = (a2 - a1).length().min((b2 - b1).length());
    let tangent = (a2 - a1).normalize_or_zero();
    let slide = rng.range(-0.4, 0.4) * len;
    let x0 = 0.5 * (a1 + a2) + tangent * slide - 0.5 * (b1 + b2);
    let mut placer = Placer::new(&a_world, b, angle_b);
    placer.r = (a.radius() + b.radius()) as f64;
    let size = ((a_world.iter().chain(&b_rot))
        .map(|p| (*p - pose_a.position.as_dvec2()).length())
        .fold(0.0, f64::max))
        + placer.r;
    let u = rng.unit();
    let gap = if u < 0.3 {
        0.0
    } else if u < 0.6 {
        rng.range(-1.0, 1.0) * 1.0e-6 * s
    } else {
        rng.range(-1.0, 1.0) * 1.0e-3 * s
    };
    // sd(x0 + t·n) ≈ sd(x0) + t near the faces: bracket and bisect.
    let reach = 4.0 * (gap.abs() + 1.0e-3 * size) + 2.0 * placer.r;
    let (mut lo, mut hi) = (-reach, reach);
    let x = if placer.sd(x0 + n * lo) <= gap && placer.sd(x0 + n * hi) >= gap {
        for _ in 0..80 {
            let mid = 0.5 * (lo + hi);
            if placer.sd(x0 + n * mid) < gap {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        x0 + n * (0.5 * (lo + hi))
    } else {
        x0 + n * gap
    };
    (pose_a, Pose::new(v2(x), angle_b))
}

/// Velocities of a moving pair: aimed at each other, passing by, zero, equal, or one
/// shape still.
pub(super) fn random_velocities(
    rng: &mut Rng,
    a: &Shape,
    pa: &Pose,
    b: &Shape,
    pb: &Pose,
    size: f64,
) -> (Vec2, Vec2) {
    let ca = centroid(&world_core(a, pa));
    let cb = centroid(&world_core(b, pb));
    let aim = ca - cb + DVec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)) * size * 0.5;
    let u = rng.unit();
    let v_rel = if u < 0.5 {
        aim * rng.range(0.3, 3.0)
    } else if u < 0.7 {
        let side = DVec2::new(-aim.y, aim.x).normalize_or_zero();
        (aim + side * rng.sign() * size * rng.range(0.3, 1.2)) * rng.range(0.8, 3.0)
    } else if u < 0.8 {
        return (Vec2::ZERO, Vec2::ZERO);
    } else if u < 0.9 {
        let v = v2(rng.unit_vector() * size * rng.range(0.1, 3.0));
        return (v, v);
    } else {
        // A moves towards B, B still.
        return (v2(-aim * rng.range(0.3, 3.0)), Vec2::ZERO);
    };
    let share = if rng.chance(0.5) { 0.0 } else { rng.unit() };
    (v2(-v_rel * share), v2(v_rel * (1.0 - share)))
}
