//! The face of a core along which a point lies farthest out (the loop of Box2D's
//! `b2CollidePolygonAndCircle`), four faces at a time with SSE2 on x86_64: the first
//! step of the 1-vertex shortcut ([`super::point_core`]).

use glam::Vec2;

/// The face of a core (its vertices and outward unit normals, one frame) along which
/// the point `p` of that frame lies farthest out: `(k, (p − v_k)·n_k)` for the largest
/// such separation, the lowest `k` on exact ties (`b2CollidePolygonAndCircle`'s loop).
///
/// The answer is defined by the scalar loop below. On x86_64, four or more faces are
/// searched four at a time with SSE2 ([`sse2::max_separation_face`]): the same
/// separations, rounded the same way, and the first index of their maximum, so the
/// same face; a single running maximum is a chain of dependent compare-and-selects,
/// one per face, which four lanes shorten fourfold. The separation returned is the
/// maximum itself, or when it is zero the found face's own, recomputed (a tie between
/// +0 and −0 returns the first face's zero, as the loop does). When every separation
/// is NaN, the scalar loop decides.
#[inline(always)]
pub(super) fn max_separation_face(p: Vec2, vertices: &[Vec2], normals: &[Vec2]) -> (usize, f32) {
    let count = vertices.len().min(normals.len());
    let (v, n) = (&vertices[..count], &normals[..count]);
    let sep = |k: usize| (p.x - v[k].x) * n[k].x + (p.y - v[k].y) * n[k].y;
    #[cfg(target_arch = "x86_64")]
    if count >= 4 {
        if let Some((k, s)) = sse2::max_separation_face(p, v, n) {
            // Equal separations are equal bit for bit, but for zeros' signs.
            return (k, if s == 0.0 { sep(k) } else { s });
        }
    }
    let mut best = (0, f32::NEG_INFINITY);
    for k in 0..count {
        let s = sep(k);
        if s > best.1 {
            best = (k, s);
        }
    }
    best
}

/// The face search four faces at a time (SSE2, part of every x86_64 CPU).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use crate::core::simd::{lanes4, spread_max};
    use glam::Vec2;
    use std::arch::x86_64::*;

    /// The separations `(p − v_k)·n_k` of faces `i..i + 4`, per lane as
    /// `(px − vx)·nx + (py − vy)·ny`: the scalar formula, operation for operation.
    #[inline(always)]
    fn seps4(v: &[Vec2], n: &[Vec2], i: usize, px: __m128, py: __m128) -> __m128 {
        let (vx, vy) = lanes4(v, i);
        let (nx, ny) = lanes4(n, i);
        // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
        unsafe {
            _mm_add_ps(
                _mm_mul_ps(_mm_sub_ps(px, vx), nx),
                _mm_mul_ps(_mm_sub_ps(py, vy), ny),
            )
        }
    }

    /// First index of the largest separation and that separation, or `None` if there
    /// are fewer than 4 or more than 64 faces, `v` and `n` differ in length, or every
    /// separation is NaN. Faces are taken in chunks of four from 0, 4, 8, …; a last partial chunk
    /// is read as the last four faces (it overlaps the chunk before, which changes
    /// neither the maximum nor the set of faces reaching it). First the maximum (a
    /// NaN lane never enters it: `_mm_max_ps` keeps its second operand then), then
    /// bit `k` of a mask marks face `k` reaching it (a NaN equals nothing): the
    /// lowest set bit is the first face of the largest separation, as the scalar
    /// loop's `>` finds. The second pass recomputes the separations, which depends
    /// on the point only, not on the maximum: the processor runs it alongside the
    /// first, and no branch depends on the values.
    #[inline(always)]
    pub(super) fn max_separation_face(p: Vec2, v: &[Vec2], n: &[Vec2]) -> Option<(usize, f32)> {
        let count = v.len();
        if !(4..=64).contains(&count) || n.len() != count {
            return None;
        }
        let full = count & !3;
        // SAFETY: these intrinsics only compute on values in registers; SSE2 is in
        // the x86_64 baseline.
        unsafe {
            let px = _mm_set1_ps(p.x);
            let py = _mm_set1_ps(p.y);
            if count <= 8 {
                // Two chunks, 0..4 and count − 4..count (the same one for 4 faces),
                // kept in registers for the second pass.
                let (d0, d1) = (seps4(v, n, 0, px, py), seps4(v, n, count - 4, px, py));
                let max = _mm_max_ps(d1, _mm_max_ps(d0, _mm_set1_ps(f32::NEG_INFINITY)));
                let max = spread_max(max);
                let hits = _mm_movemask_ps(_mm_cmpeq_ps(d0, max)) as u32
                    | (_mm_movemask_ps(_mm_cmpeq_ps(d1, max)) as u32) << (count - 4);
                return (hits != 0).then(|| (hits.trailing_zeros() as usize, _mm_cvtss_f32(max)));
            }
            let mut max = _mm_set1_ps(f32::NEG_INFINITY);
            let mut at = 0;
            while at < full {
                max = _mm_max_ps(seps4(v, n, at, px, py), max);
                at += 4;
            }
            if full != count {
                max = _mm_max_ps(seps4(v, n, count - 4, px, py), max);
            }
            // Not NaN: spread the largest lane to all four.
            let max = spread_max(max);
            let hit = |at: usize| {
                let eq = _mm_cmpeq_ps(seps4(v, n, at, px, py), max);
                (_mm_movemask_ps(eq) as u64) << at
            };
            let mut hits = 0u64;
            let mut at = 0;
            while at < full {
                hits |= hit(at);
                at += 4;
            }
            if full != count {
                hits |= hit(count - 4);
            }
            (hits != 0).then(|| (hits.trailing_zeros() as usize, _mm_cvtss_f32(max)))
        }
    }
}
