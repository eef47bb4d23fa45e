//! The candidate axes: every face normal of both shapes, each face's separation
//! `min_j w_j·n_i − v_i·n_i` against the other's core vertices (radii not
//! subtracted), and each shape's best face ([`best_faces`]). Small polygon pairs
//! check every face against every vertex ([`best_face`], SSE2 on x86_64); larger ones
//! walk the calipers ([`walk`]); cores of 1 or 2 vertices take a plain double loop.

use super::calipers::walk;
use crate::core::consts::{MAX_POLYGON_VERTICES, SAT_RELATIVE_TOLERANCE};
use crate::core::math::Transform;
use crate::core::shape::Shape;
use glam::Vec2;

/// The best face of each shape (core separations, no radii), and the width of B's
/// core along its best face's normal (an upper bound of that face's distance from
/// B's centroid, for the bias; 0 where the bias cannot need it). A's frame.
pub(super) struct Faces {
    pub(super) a: Option<(usize, f32)>,
    pub(super) b: Option<(usize, f32)>,
    pub(super) b_width: f32,
}

/// Each shape's best face, in A's frame (B's core and normals brought into it): for
/// two polygons of 3 or more vertices by [`faces_polygons`] (fixed arrays of 8 when B
/// has at most 8 vertices), else by [`faces_small`].
#[inline(always)]
pub(super) fn best_faces(a: &Shape, b: &Shape, b_to_a: &Transform, radii: f32) -> Faces {
    let (na, nb) = (a.vertices().len(), b.vertices().len());
    if na < 3 || nb < 3 {
        faces_small(a, b, b_to_a)
    } else if nb <= 8 {
        faces_polygons::<8>(a, b, b_to_a, radii)
    } else {
        faces_polygons::<MAX_POLYGON_VERTICES>(a, b, b_to_a, radii)
    }
}

/// Polygons with at most this many (face, vertex) pairs per shape get every face
/// checked against every vertex ([`best_face`]) rather than the calipers
/// ([`walk`]): four faces at a time, no branch on the values, no verification pass,
/// and fewer instructions up to about 16-gons against 16-gons (dimensionless).
const BRUTE_FORCE_PAIRS: usize = 256;

/// The best face of `owner` (vertices `ov` and normals `on`, both in the frame of
/// `other`) against the vertices `other`, every face against every vertex:
/// `(edge, min_j w_j·n_i − v_i·n_i)` for the largest, the lowest edge on exact ties.
///
/// The answer is defined by the scalar loops below (a projection replaces the
/// running minimum only when strictly smaller, a face the running maximum only when
/// strictly larger, so a NaN never enters either). On x86_64, four to sixteen faces
/// are done four at a time with SSE2 ([`super::sse2::best_face`]): the same projections,
/// rounded the same way and met in the same order, so the same minima bit for bit,
/// and the first face of their maximum.
#[inline]
pub(super) fn best_face(ov: &[Vec2], on: &[Vec2], other: &[Vec2]) -> (usize, f32) {
    #[cfg(target_arch = "x86_64")]
    let count = ov.len().min(on.len());
    #[cfg(target_arch = "x86_64")]
    if let Some((i, s)) = super::sse2::best_face(&ov[..count], &on[..count], other) {
        // Equal separations are equal bit for bit, but for zeros' signs.
        return (
            i,
            if s == 0.0 {
                face_separation(ov, on, other, i)
            } else {
                s
            },
        );
    }
    best_face_scalar(ov, on, other)
}

/// [`best_face`]'s defining loops.
pub(super) fn best_face_scalar(ov: &[Vec2], on: &[Vec2], other: &[Vec2]) -> (usize, f32) {
    let mut best = (0, f32::NEG_INFINITY);
    for i in 0..ov.len().min(on.len()) {
        let s = face_separation(ov, on, other, i);
        if s > best.1 {
            best = (i, s);
        }
    }
    best
}

/// `min_j w_j·n_i − v_i·n_i`, the minimum replaced only by a strictly smaller value.
#[inline]
fn face_separation(ov: &[Vec2], on: &[Vec2], other: &[Vec2], i: usize) -> f32 {
    let n = on[i];
    let mut lo = f32::INFINITY;
    for w in other {
        let d = w.dot(n);
        if d < lo {
            lo = d;
        }
    }
    lo - ov[i].dot(n)
}

/// Every face of both polygons (3 or more vertices each), by [`best_face`] for small
/// pairs, else by [`walk`]; B's core (and for [`best_face`] its normals) brought into
/// A's frame in fixed arrays of `N`. B's width along its best face's normal is
/// computed only when the bias will need it: no separation (`s − radii ≤ 0` for both)
/// and `s_B − radii > 0.95·(s_A − radii)` (see [`super::separating_axis`]); else 0.
#[inline(always)]
fn faces_polygons<const N: usize>(a: &Shape, b: &Shape, b_to_a: &Transform, radii: f32) -> Faces {
    let mut buf = [Vec2::ZERO; N];
    let m = b.vertices().len().min(N);
    for (d, p) in buf.iter_mut().zip(b.vertices()) {
        *d = b_to_a.apply(*p);
    }
    let vb = &buf[..m];
    let va = a.vertices();
    let (i, sa, j, sb, nj) = if va.len() * m <= BRUTE_FORCE_PAIRS {
        let mut nbuf = [Vec2::ZERO; N];
        for (d, n) in nbuf.iter_mut().zip(b.normals()) {
            *d = b_to_a.q.apply(*n);
        }
        let nb = &nbuf[..m.min(b.normals().len())];
        let (i, sa) = best_face(va, a.normals(), vb);
        let (j, sb) = best_face(vb, nb, va);
        (i, sa, j, sb, nb[j])
    } else {
        let (i, sa, _) = walk(va, a.normals(), |n| n, vb);
        let (j, sb, nj) = walk(vb, b.normals(), |n| b_to_a.q.apply(n), va);
        (i, sa, j, sb, nj)
    };
    let (sep_a, sep_b) = (sa - radii, sb - radii);
    let needs_width = !(sep_a > 0.0 || sep_b > 0.0) && sep_b > SAT_RELATIVE_TOLERANCE * sep_a;
    let b_width = if needs_width {
        let lo = vb.iter().fold(f32::INFINITY, |lo, w| lo.min(w.dot(nj)));
        vb[j].dot(nj) - lo
    } else {
        0.0
    };
    Faces {
        a: Some((i, sa)),
        b: Some((j, sb)),
        b_width,
    }
}

/// Every face against every vertex (for cores of 1 or 2 vertices, where the
/// calipers do not apply).
fn faces_small(a: &Shape, b: &Shape, b_to_a: &Transform) -> Faces {
    let mut buf = [Vec2::ZERO; MAX_POLYGON_VERTICES];
    let m = b.vertices().len().min(MAX_POLYGON_VERTICES);
    for (d, p) in buf.iter_mut().zip(b.vertices()) {
        *d = b_to_a.apply(*p);
    }
    let vb = &buf[..m];
    let va = a.vertices();
    let min_dot = |pts: &[Vec2], n: Vec2| pts.iter().fold(f32::INFINITY, |lo, w| lo.min(w.dot(n)));
    let mut out = Faces {
        a: None,
        b: None,
        b_width: 0.0,
    };
    if !a.normals().is_empty() {
        let mut best = (0usize, f32::NEG_INFINITY);
        for (i, (v, n)) in va.iter().zip(a.normals()).enumerate() {
            let s = min_dot(vb, *n) - v.dot(*n);
            if s > best.1 {
                best = (i, s);
            }
        }
        out.a = Some(best);
    }
    if !b.normals().is_empty() {
        let mut best = (0usize, f32::NEG_INFINITY, Vec2::ZERO);
        for (j, (w, n)) in vb.iter().zip(b.normals()).enumerate() {
            let n = b_to_a.q.apply(*n);
            let s = min_dot(va, n) - w.dot(n);
            if s > best.1 {
                best = (j, s, n);
            }
        }
        out.b_width = vb[best.0].dot(best.2) - min_dot(vb, best.2);
        out.b = Some((best.0, best.1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// Every face against every vertex gives the calipers' faces, and the SSE2 search
    /// the scalar loops' answer bit for bit: random convex polygons of 3 to 20
    /// vertices (so both the brute force and the calipers are used by the test's
    /// pairs), each against the other brought into its frame.
    #[test]
    fn brute_force_matches_calipers_and_scalar() {
        let mut seed = 0xB0_7EF0u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        let polygon = |rnd: &mut dyn FnMut() -> f32| {
            let n = 3 + (rnd() * 18.0) as usize;
            let (ax, ay) = (0.3 + rnd(), 0.3 + rnd());
            let mut t: Vec<f32> = (0..n).map(|_| rnd() * std::f32::consts::TAU).collect();
            t.sort_by(f32::total_cmp);
            let pts: Vec<Vec2> = t.iter().map(|t| v(ax * t.cos(), ay * t.sin())).collect();
            Shape::polygon(&pts, 0.0).ok()
        };
        let (mut checked, mut simd) = (0, 0);
        for _ in 0..3000 {
            let (Some(a), Some(b)) = (polygon(&mut rnd), polygon(&mut rnd)) else {
                continue;
            };
            let xf = Transform::new(v(rnd() * 4.0 - 2.0, rnd() * 4.0 - 2.0), rnd() * 6.3);
            let vb: Vec<Vec2> = b.vertices().iter().map(|p| xf.apply(*p)).collect();
            let nb: Vec<Vec2> = b.normals().iter().map(|n| xf.q.apply(*n)).collect();
            for (ov, on, other) in [
                (a.vertices(), a.normals(), &vb[..]),
                (&vb, &nb, a.vertices()),
            ] {
                let brute = best_face(ov, on, other);
                let scalar = best_face_scalar(ov, on, other);
                assert_eq!(brute.0, scalar.0);
                assert_eq!(brute.1.to_bits(), scalar.1.to_bits());
                let (edge, sep, _) = walk(ov, on, |n| n, other);
                assert_eq!(edge, brute.0, "{sep} vs {}", brute.1);
                assert_eq!(sep, brute.1);
                checked += 1;
                simd += (ov.len() >= 4 && ov.len() <= 16) as usize;
            }
        }
        assert!(checked > 5000 && simd > 3000, "{checked} {simd}");
    }
}
