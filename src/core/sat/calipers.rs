//! Rotating calipers: each face of one polygon against the other's support point,
//! the support walked forward around the other polygon as the faces turn
//! ([`walk`]), for pairs too large to check every face against every vertex.

use glam::Vec2;

/// The best face of `owner` (vertices and normals, the normals turned into the frame
/// of `other` by `rotate`) against the vertices `other`: (edge, core separation,
/// normal). Both polygons strictly convex with 3 or more vertices, counter-clockwise.
///
/// Rotating calipers instead of every vertex against every face: as the owner's
/// normals turn counter-clockwise edge by edge (by less than π each, the polygon
/// being convex), the other polygon's support point along `−n` moves forward around
/// it, and along the way its projection decreases until the new support (the
/// projections around a strictly convex polygon are unimodal). So each face starts
/// from the previous face's support and steps forward while the projection drops:
/// `m + n + m` dot products in all instead of `n·m`. Ties (a face of the other
/// polygon parallel to this one) stop the step; both ends have the same projection.
#[inline(always)]
pub(super) fn walk(
    owner_v: &[Vec2],
    owner_n: &[Vec2],
    rotate: impl Fn(Vec2) -> Vec2,
    other: &[Vec2],
) -> (usize, f32, Vec2) {
    let m = other.len();
    let n0 = rotate(owner_n[0]);
    let mut j = 0;
    let mut dj = other[0].dot(n0);
    for (k, w) in other.iter().enumerate().skip(1) {
        let d = w.dot(n0);
        if d < dj {
            dj = d;
            j = k;
        }
    }
    let mut best = (0, dj - owner_v[0].dot(n0), n0);
    for i in 1..owner_v.len().min(owner_n.len()) {
        let n = rotate(owner_n[i]);
        let mut dj = other[j].dot(n);
        // Strictly decreasing: at most m − 1 steps, never a cycle.
        loop {
            let k = if j + 1 == m { 0 } else { j + 1 };
            let dk = other[k].dot(n);
            if dk < dj {
                j = k;
                dj = dk;
            } else {
                break;
            }
        }
        let s = dj - owner_v[i].dot(n);
        if s > best.1 {
            best = (i, s, n);
        }
    }
    // The walk needs the other polygon strictly convex *after* rounding. Brought into
    // this frame far from its own origin, a polygon with an edge shorter than the
    // rounding there is not, its projections are no longer unimodal and the walk stops
    // early (a 0.01-wide hull with a 2.4e-6 edge, 90 away from a huge hull, would get
    // separation 1.3e-2 for a distance of 1.8e-3: `tests/fuzz.rs`). A walk that stops
    // early only over-estimates a face's separation, so if the winner's value is
    // exact, no face beats it; otherwise every face is checked against every vertex.
    let min_dot = |n: Vec2| other.iter().fold(f32::INFINITY, |lo, w| lo.min(w.dot(n)));
    if min_dot(best.2) - owner_v[best.0].dot(best.2) < best.1 {
        best = (0, f32::NEG_INFINITY, n0);
        for i in 0..owner_v.len().min(owner_n.len()) {
            let n = rotate(owner_n[i]);
            let s = min_dot(n) - owner_v[i].dot(n);
            if s > best.1 {
                best = (i, s, n);
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use crate::core::math::Transform;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// The rotating-calipers walk finds each shape's best face exactly as checking
    /// every vertex against every face does, on random polygons of 3 to 12 vertices.
    #[test]
    fn calipers_match_brute_force() {
        let mut seed = 0x5EEDu64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        let polygon = |rnd: &mut dyn FnMut() -> f32| {
            let n = 3 + (rnd() * 10.0) as usize;
            let (ax, ay) = (0.3 + rnd(), 0.3 + rnd());
            let mut t: Vec<f32> = (0..n).map(|_| rnd() * std::f32::consts::TAU).collect();
            t.sort_by(f32::total_cmp);
            let pts: Vec<Vec2> = t.iter().map(|t| v(ax * t.cos(), ay * t.sin())).collect();
            Shape::polygon(&pts, 0.0).ok()
        };
        let brute = |o: &Shape, xo: &Transform, other: &Shape, xt: &Transform| {
            let w: Vec<Vec2> = other
                .vertices()
                .iter()
                .map(|p| xo.apply_inv(xt.apply(*p)))
                .collect();
            o.vertices()
                .iter()
                .zip(o.normals())
                .map(|(v, n)| {
                    w.iter()
                        .map(|p| (*p - *v).dot(*n))
                        .fold(f32::INFINITY, f32::min)
                })
                .collect::<Vec<f32>>()
        };
        let mut checked = 0;
        for _ in 0..3000 {
            let (Some(a), Some(b)) = (polygon(&mut rnd), polygon(&mut rnd)) else {
                continue;
            };
            let xa = Transform::new(v(rnd() * 4.0 - 2.0, rnd() * 4.0 - 2.0), rnd() * 6.3);
            let xb = Transform::new(v(rnd() * 4.0 - 2.0, rnd() * 4.0 - 2.0), rnd() * 6.3);
            let mut t = SatTrace::default();
            separating_axis(
                &SatInput {
                    pair: PosedPair::new(&a, xa, &b, xb),
                    bias: SatBias::Box2dLite,
                },
                Some(&mut t),
            );
            for (best, seps) in [
                (t.best_a.unwrap(), brute(&a, &xa, &b, &xb)),
                (t.best_b.unwrap(), brute(&b, &xb, &a, &xa)),
            ] {
                let max = seps.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                assert!(
                    (best.separation - max).abs() < 1e-5,
                    "{} vs {max}",
                    best.separation
                );
                assert!((seps[best.edge] - max).abs() < 1e-5);
                checked += 1;
            }
        }
        assert!(checked > 5000);
    }
}
