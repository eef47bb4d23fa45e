//! The rotating family: pairs that move and turn over the step, for the rotating time
//! of impact. Every kind, a fifth of the shapes thin bars (aspect 1e-3 to 0.1) and a
//! tenth slivers; placed apart (some touching or overlapping at the start); velocities
//! as the moving family's (or none: a pure spin); each shape's turn per step drawn
//! from none, slow (under a radian), under half a turn (what Box2D's sweep can
//! represent), 1 to 10 turns, or 10 to 20 turns. A sixth of the pairs are then shifted
//! to graze: B moved along the closest direction at the sampled closest approach so
//! that the cores come within the touching target ± two tolerances there.

use super::placement::{place, random_velocities, Gap};
use super::shapes::{make_shape, random_kind, v2};
use super::Drawn;
use crate::core::consts::LINEAR_SLOP;
use crate::core::shape::{Geometry, Pose, Shape};
use crate::core::toi::rotating::ToiTarget;
use crate::verify::{outline_distance, Kind, Mover, Rng};
use glam::DVec2;
use std::f64::consts::{PI, TAU};

/// Samples of the closest-approach search of a graze (then a golden-section refine).
const GRAZE_SAMPLES: u32 = 128;
const GRAZE_REFINES: u32 = 40;

/// A pair that moves and turns (module docs).
pub(super) fn rotating_pair(rng: &mut Rng) -> Drawn {
    let (sa, sb) = (rng.log_range(-0.3, 0.3), rng.log_range(-0.3, 0.3));
    let (ka, a) = shape_for(rng, sa);
    let (kb, b) = shape_for(rng, sb);
    let s = sa.min(sb);
    let u = rng.unit();
    let gap = if u < 0.05 {
        Gap::At(0.0)
    } else if u < 0.1 {
        Gap::Overlap
    } else {
        Gap::At(s * rng.range(0.02, 3.0))
    };
    let pos_a = DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
    let (pa, pb) = place(rng, &a, &b, pos_a, gap);
    let (velocity_a, velocity_b) = if rng.chance(0.8) {
        random_velocities(rng, &a, &pa, &b, &pb, sa + sb)
    } else {
        (glam::Vec2::ZERO, glam::Vec2::ZERO)
    };
    let mut d = Drawn {
        velocity_a,
        velocity_b,
        angular_velocity_a: spin(rng),
        angular_velocity_b: spin(rng),
        ..Drawn::still((ka, kb), a, b, pa, pb)
    };
    if rng.chance(1.0 / 6.0) {
        let offset = rng.range(-2.0, 2.0) * 0.25 * LINEAR_SLOP as f64;
        graze(&mut d, offset);
    }
    d
}

/// A shape of size `s`: a thin bar (a fifth), a sliver (a tenth) or a fat shape of
/// any kind.
fn shape_for(rng: &mut Rng, s: f64) -> (Kind, Shape) {
    let u = rng.unit();
    if u < 0.2 {
        return bar(rng, s);
    }
    let k = random_kind(rng);
    (k, make_shape(rng, k, s, u < 0.3))
}

/// A thin bar of half length `s`, aspect 1e-3 to 0.1: a box, a rounded box or a
/// capsule, centred on its origin.
fn bar(rng: &mut Rng, s: f64) -> (Kind, Shape) {
    let thin = s * rng.log_range(-3.0, -1.0);
    let (kind, geometry) = match rng.int(0, 2) {
        0 => (
            Kind::Box,
            Geometry::Box {
                half_extents: v2(DVec2::new(s, thin)),
                radius: 0.0,
            },
        ),
        1 => (
            Kind::RoundedBox,
            Geometry::Box {
                half_extents: v2(DVec2::new(s, 0.5 * thin)),
                radius: (0.5 * thin) as f32,
            },
        ),
        _ => (
            Kind::Capsule,
            Geometry::Capsule {
                a: v2(DVec2::new(-s, 0.0)),
                b: v2(DVec2::new(s, 0.0)),
                radius: thin as f32,
            },
        ),
    };
    match Shape::new(geometry) {
        Ok(shape) => (kind, shape),
        Err(_) => (Kind::Box, make_shape(rng, Kind::Box, s, true)),
    }
}

/// A turn per step (radians, either way): none, slow, under half a turn, 1 to 10
/// turns, 10 to 20 turns.
fn spin(rng: &mut Rng) -> f32 {
    let u = rng.unit();
    let w = if u < 0.2 {
        0.0
    } else if u < 0.45 {
        rng.range(0.01, 1.0)
    } else if u < 0.65 {
        rng.range(1.0, 0.95 * PI)
    } else if u < 0.9 {
        TAU * rng.range(1.0, 10.0)
    } else {
        TAU * rng.range(10.0, 20.0)
    };
    (rng.sign() * w) as f32
}

/// Moves B (its whole path) along the closest direction at the sampled closest
/// approach, so that the cores come `target + offset` apart there. Left as it is when
/// the cores overlap at that time.
fn graze(d: &mut Drawn, offset: f64) {
    let mover =
        |s: &Shape, p: &Pose, v: glam::Vec2, w: f32| Mover::linear(s, p.position, p.angle, v, w);
    let a = mover(&d.shape_a, &d.pose_a, d.velocity_a, d.angular_velocity_a);
    let b = mover(&d.shape_b, &d.pose_b, d.velocity_b, d.angular_velocity_b);
    let dist = |t: f64| outline_distance(&a.world(t), &b.world(t));
    let n = GRAZE_SAMPLES as f64;
    let mut best = (0.0, f64::INFINITY);
    for k in 0..=GRAZE_SAMPLES {
        let t = k as f64 / n;
        let dt = dist(t).0;
        if dt < best.1 {
            best = (t, dt);
        }
    }
    // Golden section around the best sample (the distance need not be unimodal
    // there; the graze only has to come close).
    let g = 0.5 * (5f64.sqrt() - 1.0);
    let (mut lo, mut hi) = ((best.0 - 1.0 / n).max(0.0), (best.0 + 1.0 / n).min(1.0));
    for _ in 0..GRAZE_REFINES {
        let (c, e) = (hi - g * (hi - lo), lo + g * (hi - lo));
        if dist(c).0 < dist(e).0 {
            hi = e;
        } else {
            lo = c;
        }
    }
    let t = 0.5 * (lo + hi);
    let (dt, closest) = dist(t);
    let Some((p, q)) = closest else { return };
    let radii = d.shape_a.radius() + d.shape_b.radius();
    let want = ToiTarget::Touch.distance(radii) as f64 + offset;
    let normal = (q - p) / (q - p).length();
    let moved = d.pose_b.position.as_dvec2() + normal * (want - dt);
    d.pose_b = Pose::new(v2(moved), d.pose_b.angle);
}
