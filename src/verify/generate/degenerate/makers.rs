//! How a Box2D program makes the families' shapes and poses: exact quarter turns,
//! `b2MakeRot`, dyadic sizes, hulls from `b2ComputeHull`, and one shape placed against
//! another along a normal.

use crate::core::box2d_rot::box2d_make_rot;
use crate::core::math::{left_perp, Rot, Transform};
use crate::core::shape::{Geometry, Shape};
use crate::peers::box2d_make::{compute_hull, make_box, make_offset_box, make_rounded_box};
use crate::verify::Rng;
use glam::Vec2;

/// The exact quarter turn `k` (counter-clockwise).
pub(super) fn quarter(k: usize) -> Rot {
    [
        Rot { c: 1.0, s: 0.0 },
        Rot { c: 0.0, s: 1.0 },
        Rot { c: -1.0, s: 0.0 },
        Rot { c: 0.0, s: -1.0 },
    ][k % 4]
}

/// `q·r` (`b2MulRot`): exact when either is a quarter turn.
pub(super) fn mul_rot(q: Rot, r: Rot) -> Rot {
    Rot {
        c: q.c * r.c - q.s * r.s,
        s: q.s * r.c + q.c * r.s,
    }
}

/// A rotation as a Box2D program makes one: an exact quarter turn, or `b2MakeRot` of a
/// random angle.
pub(super) fn any_rot(rng: &mut Rng) -> Rot {
    if rng.coin() {
        quarter(rng.below(4))
    } else {
        box2d_make_rot(rng.angle())
    }
}

/// A dyadic number `k / 2^bits` with `k` in `lo..=hi`.
pub(super) fn dyadic(rng: &mut Rng, lo: usize, hi: usize, bits: i32) -> f32 {
    rng.int(lo, hi + 1) as f32 * 2f32.powi(-bits)
}

/// A hull of 3 to 8 points on a jittered ellipse of half axes `rx`, `ry`
/// (`b2ComputeHull`).
pub(super) fn hull(rng: &mut Rng, rx: f32, ry: f32, radius: f32) -> Result<Shape, String> {
    let n = rng.int(3, 9);
    let phase = rng.angle();
    let step = std::f32::consts::TAU / n as f32;
    let pts: Vec<Vec2> = (0..n)
        .map(|i| {
            let t = phase + step * (i as f32 + rng.range_f32(-0.3, 0.3));
            Vec2::new(rx * t.cos(), ry * t.sin())
        })
        .collect();
    compute_hull(&pts, radius)
}

/// A shape of any kind Box2D collides, about `size` across: a box, rounded box, offset
/// box, hull (sharp or rounded), capsule or circle.
pub(super) fn any_shape(rng: &mut Rng, size: f32) -> Result<Shape, String> {
    let kind = rng.below(7);
    let (rx, ry) = (
        size * rng.range_f32(0.3, 1.0),
        size * rng.range_f32(0.3, 1.0),
    );
    let radius = size * rng.range_f32(0.02, 0.3);
    match kind {
        0 => make_box(rx, ry),
        1 => make_rounded_box(rx, ry, radius),
        2 => {
            let centre = Vec2::new(rng.range_f32(-0.3, 0.3), rng.range_f32(-0.3, 0.3)) * size;
            let q = any_rot(rng);
            make_offset_box(rx, ry, centre, q)
        }
        3 => hull(rng, rx, ry, 0.0),
        4 => hull(rng, rx, ry, radius),
        5 => Shape::new(Geometry::Capsule {
            a: Vec2::new(-rx, 0.0),
            b: Vec2::new(rx, 0.0),
            radius: 1.5 * radius,
        })
        .map_err(|e| e.to_string()),
        _ => Shape::new(Geometry::Circle { radius: rx }).map_err(|e| e.to_string()),
    }
}

/// The farthest extent of `s` turned by `q` along `n`: its support value plus its
/// radius.
pub(super) fn extent(s: &Shape, q: Rot, n: Vec2) -> f32 {
    s.vertices()
        .iter()
        .map(|v| q.apply(*v).dot(n))
        .fold(f32::MIN, f32::max)
        + s.radius()
}

/// B's pose for B turned by `qb` (world) placed against A along `n` (unit, A's frame):
/// B's extent along `−n` `gap` beyond A's along `n`, moved `lateral` along A's face.
pub(super) fn against(
    a: &Shape,
    xa: Transform,
    b: &Shape,
    qb: Rot,
    n: Vec2,
    gap: f32,
    lateral: f32,
) -> Transform {
    let q_rel = xa.q.inv_mul(qb);
    let reach = extent(a, Rot::IDENTITY, n) + extent(b, q_rel, -n) + gap;
    let local = n * reach + left_perp(n) * lateral;
    Transform {
        p: xa.apply(local),
        q: qb,
    }
}
