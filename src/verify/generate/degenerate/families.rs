//! The eight families, one drawing function each (see the module above for what each
//! family is and why engines break on it).

use super::makers::*;
use super::{Draw, Drawn, SLOP};
use crate::core::box2d_rot::box2d_make_rot;
use crate::core::math::{left_perp, Rot, Transform};
use crate::core::shape::{Geometry, Shape};
use crate::peers::box2d_make::{compute_hull, make_box, make_rounded_box};
use crate::verify::Rng;
use glam::Vec2;

pub(super) fn vertex_on_edge(rng: &mut Rng) -> Draw {
    let (hx, hy) = if rng.coin() {
        (dyadic(rng, 4, 32, 4), dyadic(rng, 4, 32, 4))
    } else {
        (rng.range_f32(0.25, 2.0), rng.range_f32(0.25, 2.0))
    };
    let a = make_box(hx, hy)?;
    let (w, h) = (rng.range_f32(0.1, 1.0), rng.range_f32(0.1, 1.0));
    let radius = if rng.chance(0.2) {
        rng.range_f32(0.0, 0.05)
    } else {
        0.0
    };
    let b = compute_hull(
        &[
            Vec2::new(w, 0.0),
            Vec2::new(0.0, h),
            Vec2::new(-w, 0.0),
            Vec2::new(0.0, -h),
        ],
        radius,
    )?;
    let xa = Transform {
        p: if rng.coin() {
            Vec2::ZERO
        } else {
            rng.vec_f32(-5.0, 5.0)
        },
        q: any_rot(rng),
    };
    // Face k of the box (normals −y, +x, +y, −x); the diamond's lower tip (0, −h) into
    // it: turned so that its +y runs along the face normal.
    let k = rng.below(4);
    let n = a.normals()[k];
    let turn = [2, 3, 0, 1][k];
    let qb = mul_rot(xa.q, quarter(turn));
    let half = if k % 2 == 0 { hx } else { hy };
    let lateral = match rng.below(4) {
        0 => 0.0,
        1 => half * (1.0 - 2.0f32.powi(-(rng.int(1, 20) as i32))) * rng.sign() as f32,
        _ => rng.range_f32(-half, half),
    };
    let offset = [0.0, 1.0e-6, -1.0e-6, 1.0e-3, -1.0e-3][rng.below(5)];
    let xb = against(&a, xa, &b, qb, n, offset, lateral);
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.chance(0.3),
        variant: format!("diamond tip on face {k}, offset {offset:e}"),
    })
}

pub(super) fn touching_edges(rng: &mut Rng) -> Draw {
    let rounded = rng.chance(0.3);
    let make = |rng: &mut Rng| {
        let (hx, hy) = (dyadic(rng, 2, 32, 3), dyadic(rng, 2, 32, 3));
        if rounded {
            make_rounded_box(hx, hy, dyadic(rng, 1, 16, 6))
        } else {
            make_box(hx, hy)
        }
    };
    let (a, b) = (make(rng)?, make(rng)?);
    let qa = if rng.chance(0.7) {
        quarter(rng.below(4))
    } else {
        box2d_make_rot(rng.angle())
    };
    let xa = Transform {
        p: Vec2::new(dyadic(rng, 0, 64, 3), dyadic(rng, 0, 64, 3)) * rng.sign() as f32,
        q: qa,
    };
    let qb = mul_rot(qa, quarter(rng.below(4)));
    let k = rng.below(4);
    let n = a.normals()[k];
    // Along the face: centred, flush at an end, corner to corner, or a dyadic offset.
    let ha = extent(&a, Rot::IDENTITY, left_perp(n)) - a.radius();
    let hb = extent(&b, xa.q.inv_mul(qb), left_perp(n)) - b.radius();
    let (lateral, how) = match rng.below(4) {
        0 => (0.0, "centred"),
        1 => ((ha - hb) * rng.sign() as f32, "flush"),
        2 => ((ha + hb) * rng.sign() as f32, "corner to corner"),
        _ => (dyadic(rng, 0, 32, 4) * rng.sign() as f32, "offset"),
    };
    let xb = against(&a, xa, &b, qb, n, 0.0, lateral);
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!(
            "{}touching on face {k}, {how}",
            if rounded { "rounded, " } else { "" }
        ),
    })
}

pub(super) fn coincident(rng: &mut Rng) -> Draw {
    let a = {
        let size = rng.range_f32(0.3, 2.0);
        any_shape(rng, size)
    }?;
    let xa = Transform {
        p: rng.vec_f32(-10.0, 10.0),
        q: any_rot(rng),
    };
    let (xb, how) = match rng.below(4) {
        0 => (xa, "same pose"),
        1 => (
            Transform {
                p: xa.p,
                q: mul_rot(xa.q, quarter(rng.int(1, 4))),
            },
            "turned a quarter",
        ),
        2 => (
            Transform {
                p: xa.p,
                q: box2d_make_rot(rng.angle()),
            },
            "turned",
        ),
        _ => (
            Transform {
                p: xa.p + rng.vec_f32(-1.0e-6, 1.0e-6),
                q: xa.q,
            },
            "1e-6 apart",
        ),
    };
    Ok(Drawn {
        b: a.clone(),
        a,
        xa,
        xb,
        swap: false,
        variant: how.into(),
    })
}

pub(super) fn tiny_large(rng: &mut Rng) -> Draw {
    let large = match rng.below(3) {
        0 => make_box(100.0, rng.range_f32(50.0, 100.0))?,
        1 => {
            let ry = rng.range_f32(50.0, 100.0);
            hull(rng, 100.0, ry, 0.0)?
        }
        _ => make_rounded_box(100.0, rng.range_f32(50.0, 100.0), rng.range_f32(0.0, 1.0))?,
    };
    let tiny = any_shape(rng, 1.0e-3)?;
    let xa = Transform {
        p: rng.vec_f32(-100.0, 100.0),
        q: any_rot(rng),
    };
    let qb = any_rot(rng);
    let gap = rng.range_f32(-2.0e-3, 1.0e-3);
    let (n, how) = if rng.chance(0.7) {
        (
            large.normals()[rng.below(large.normals().len())],
            "on a face",
        )
    } else {
        // Towards a corner: the direction of a vertex.
        let v = large.vertices()[rng.below(large.vertices().len())];
        (v.normalize_or_zero(), "at a corner")
    };
    let reach = 100.0 * rng.range_f32(-0.5, 0.5);
    let xb = against(
        &large,
        xa,
        &tiny,
        qb,
        n,
        gap,
        if how == "on a face" { reach } else { 0.0 },
    );
    Ok(Drawn {
        a: large,
        xa,
        b: tiny,
        xb,
        swap: rng.coin(),
        variant: format!("1e-3 against 100 {how}, gap {gap:.1e}"),
    })
}

pub(super) fn sliver(rng: &mut Rng) -> Draw {
    let len = rng.range_f32(0.5, 2.0);
    let a = match rng.below(3) {
        0 => make_box(len, len * 1.0e-3)?,
        1 => compute_hull(
            &[
                Vec2::new(-len, 0.0),
                Vec2::new(len, 0.0),
                Vec2::new(0.0, 2.0e-3 * len),
            ],
            0.0,
        )?,
        _ => make_rounded_box(len, len * 1.0e-3, len * 1.0e-3)?,
    };
    let b = if rng.coin() {
        make_box(len * rng.range_f32(0.5, 1.0), len * 1.0e-3)?
    } else {
        {
            let size = rng.range_f32(0.3, 1.5);
            any_shape(rng, size)
        }?
    };
    let xa = Transform {
        p: rng.vec_f32(-5.0, 5.0),
        q: any_rot(rng),
    };
    let qb = any_rot(rng);
    let k = rng.below(a.normals().len());
    let n = if rng.chance(0.8) {
        a.normals()[k]
    } else {
        xa.q.apply_inv(Vec2::from_angle(rng.angle()))
    };
    let gap = rng.range_f32(-0.05, 0.02);
    let xb = against(&a, xa, &b, qb, n, gap, len * rng.range_f32(-1.0, 1.0));
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("aspect 1e3, gap {gap:.1e}"),
    })
}

pub(super) fn nearly_parallel(rng: &mut Rng) -> Draw {
    let box_or_hull = |rng: &mut Rng| {
        if rng.chance(0.6) {
            make_box(rng.range_f32(0.2, 2.0), rng.range_f32(0.2, 2.0))
        } else {
            make_rounded_box(
                rng.range_f32(0.2, 2.0),
                rng.range_f32(0.2, 2.0),
                rng.range_f32(0.01, 0.2),
            )
        }
    };
    let (a, b) = (box_or_hull(rng)?, box_or_hull(rng)?);
    let theta = rng.angle();
    let eps = (rng.log_range(-7.0, -3.0) * rng.sign()) as f32;
    let xa = Transform {
        p: rng.vec_f32(-5.0, 5.0),
        q: box2d_make_rot(theta),
    };
    let turn = rng.below(4) as f32 * std::f32::consts::FRAC_PI_2;
    let qb = box2d_make_rot(theta + turn + eps);
    let k = rng.below(4);
    let gap = rng.range_f32(-0.01, 0.01);
    let half = extent(&a, Rot::IDENTITY, left_perp(a.normals()[k])) - a.radius();
    let xb = against(
        &a,
        xa,
        &b,
        qb,
        a.normals()[k],
        gap,
        half * rng.range_f32(-1.2, 1.2),
    );
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("faces {eps:.1e} rad off anti-parallel, gap {gap:.1e}"),
    })
}

pub(super) fn large_coordinates(rng: &mut Rng) -> Draw {
    let a = {
        let size = rng.range_f32(0.3, 2.0);
        any_shape(rng, size)
    }?;
    let b = {
        let size = rng.range_f32(0.3, 2.0);
        any_shape(rng, size)
    }?;
    let (origin, how) = match rng.below(3) {
        0 => (Vec2::splat(1.0e4) + rng.vec_f32(-100.0, 100.0), "near 1e4"),
        1 => (
            Vec2::new(12345.678, if rng.coin() { 12345.678 } else { -12345.678 }),
            "at 12345.678",
        ),
        _ => (rng.vec_f32(-1.0e5, 1.0e5), "up to 1e5"),
    };
    let xa = Transform {
        p: origin,
        q: any_rot(rng),
    };
    let n = if rng.chance(0.6) && !a.normals().is_empty() {
        a.normals()[rng.below(a.normals().len())]
    } else {
        Vec2::from_angle(rng.angle())
    };
    let gap = rng.range_f32(-0.05, 0.03);
    let xb = against(&a, xa, &b, any_rot(rng), n, gap, rng.range_f32(-0.5, 0.5));
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("{how}, gap {gap:.1e}"),
    })
}

pub(super) fn near_rounded(rng: &mut Rng) -> Draw {
    let rounded = |rng: &mut Rng| -> Result<Shape, String> {
        let size = rng.range_f32(0.3, 1.5);
        let r = size * rng.range_f32(0.02, 0.3);
        match rng.below(4) {
            0 => make_rounded_box(
                size * rng.range_f32(0.3, 1.0),
                size * rng.range_f32(0.3, 1.0),
                r,
            ),
            1 => {
                let ry = size * rng.range_f32(0.3, 1.0);
                hull(rng, size, ry, r)
            }
            2 => Shape::new(Geometry::Capsule {
                a: Vec2::new(-size * 0.5, 0.0),
                b: Vec2::new(size * 0.5, 0.0),
                radius: r,
            })
            .map_err(|e| e.to_string()),
            _ => make_box(
                size * rng.range_f32(0.3, 1.0),
                size * rng.range_f32(0.3, 1.0),
            ),
        }
    };
    let (a, b) = (rounded(rng)?, rounded(rng)?);
    let radii = a.radius() + b.radius();
    // Core gap beyond 0.1 × slop; rounded surfaces from overlapping by the radii to
    // the speculative distance apart.
    let core_gap = rng.range_f32(0.1 * SLOP, radii + 4.0 * SLOP);
    let xa = Transform {
        p: rng.vec_f32(-5.0, 5.0),
        q: any_rot(rng),
    };
    let qb = if rng.coin() {
        mul_rot(xa.q, quarter(rng.below(4)))
    } else {
        box2d_make_rot(rng.angle())
    };
    let (n, how) = if rng.chance(0.6) {
        (a.normals()[rng.below(a.normals().len())], "face")
    } else {
        let v = a.vertices()[rng.below(a.vertices().len())];
        (v.normalize_or_zero(), "corner")
    };
    // `against` measures rounded extents; the core gap is that less the radii.
    let xb = against(
        &a,
        xa,
        &b,
        qb,
        n,
        core_gap - radii,
        rng.range_f32(-0.3, 0.3),
    );
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("{how}, core gap {core_gap:.2e}, radii {radii:.2e}"),
    })
}
