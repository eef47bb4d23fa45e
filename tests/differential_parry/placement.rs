//! Placement: about half the pairs overlap, half are apart, some nearly touch.

use super::*;

#[derive(Clone, Copy, Debug)]
pub(crate) enum Category {
    Overlap,
    Separated,
    NearlyTouching,
}

/// Signed distance of the origin from the convex polygon `h` grown by `r`.
pub(crate) fn signed_distance_of_origin(h: &[DVec2], r: f64) -> f64 {
    match origin_vs_hull(h) {
        OriginVsHull::Inside { depth, .. } => -depth - r,
        OriginVsHull::Outside { closest } => closest.length() - r,
    }
}

/// Poses (position, angle) of A and B. A anywhere in [−20, 20]², B turned at random and
/// moved along a random direction `u` from "centroids coincide" (always overlapping)
/// to a target signed distance. Moving B by `t·u` moves B − A by `t·u`, so the signed
/// distance is that of the point `−t·u` from the t = 0 difference: a convex function of
/// `t`, ≤ 0 at t = 0, solved for the target by bisection.
pub(crate) fn place(
    rng: &mut Rng,
    a: &Shape,
    b: &Shape,
    category: Category,
) -> (Vec2, f32, Vec2, f32) {
    let pos_a = rng.vec(-20.0, 20.0);
    let ang_a = rng.range(-PI, PI) as f32;
    let ang_b = rng.range(-PI, PI) as f32;
    let a_core = world_core(a, pos_a.as_dvec2(), ang_a);
    // A's area centroid in world space (inside A), and B's local centroid.
    let ca = {
        let c = a.centroid().as_dvec2();
        let (s, co) = (ang_a as f64).sin_cos();
        DVec2::new(co * c.x - s * c.y, s * c.x + co * c.y) + pos_a.as_dvec2()
    };
    let cb_local = b.centroid().as_dvec2();
    let (s, co) = (ang_b as f64).sin_cos();
    let cb_rot = DVec2::new(
        co * cb_local.x - s * cb_local.y,
        s * cb_local.x + co * cb_local.y,
    );
    let pos_b0 = ca - cb_rot;
    let b_core0 = world_core(b, pos_b0, ang_b);
    let diffs: Vec<DVec2> = b_core0
        .iter()
        .flat_map(|q| a_core.iter().map(move |p| *q - *p))
        .collect();
    let h0 = hull64(&diffs);
    let r = (a.radius() + b.radius()) as f64;
    let theta = rng.range(0.0, 2.0 * PI);
    let u = DVec2::new(theta.cos(), theta.sin());
    let sd = |t: f64| {
        let shifted: Vec<DVec2> = h0.iter().map(|p| *p + t * u).collect();
        signed_distance_of_origin(&shifted, r)
    };
    let size = (a.bounding_radius() + b.bounding_radius()) as f64;
    let sd0 = sd(0.0);
    let target = match category {
        Category::Overlap => sd0 * rng.range(0.02, 1.0),
        Category::Separated => 10f64.powf(rng.range(-2.0, 0.5)),
        Category::NearlyTouching => {
            let m = 10f64.powf(rng.range(-5.0, -2.5));
            if rng.coin() {
                m
            } else {
                -m
            }
        }
    };
    let (mut lo, mut hi) = (0.0, 4.0 * size + 10.0);
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if sd(mid) <= target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let pos_b = pos_b0 + lo * u;
    (pos_a, ang_a, pos_b.as_vec2(), ang_b)
}
