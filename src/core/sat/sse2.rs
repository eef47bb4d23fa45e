//! The face search of `axes::best_face` four faces at a time (SSE2, part of every
//! x86_64 CPU): the same projections as the scalar loops, rounded the same way.

use crate::core::simd::{lanes4, spread_max};
use glam::Vec2;
use std::arch::x86_64::*;

/// The separations of `G` groups of four faces starting at `at[g]`: per lane
/// `min_j (wx·nx + wy·ny) − (vx·nx + vy·ny)`, the scalar formula operation for
/// operation, the vertices `other` met in order (`_mm_min_ps(d, lo)` keeps `lo`
/// unless `d < lo`, as the scalar loop). The vertices in the outer loop, so each
/// is broadcast once for all the groups (held in registers).
#[inline(always)]
fn seps<const G: usize>(ov: &[Vec2], on: &[Vec2], at: [usize; G], other: &[Vec2]) -> [__m128; G] {
    // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
    unsafe {
        let n = at.map(|k| lanes4(on, k));
        let mut lo = [_mm_set1_ps(f32::INFINITY); G];
        for w in other {
            let (wx, wy) = (_mm_set1_ps(w.x), _mm_set1_ps(w.y));
            for g in 0..G {
                let d = _mm_add_ps(_mm_mul_ps(wx, n[g].0), _mm_mul_ps(wy, n[g].1));
                lo[g] = _mm_min_ps(d, lo[g]);
            }
        }
        let mut s = lo;
        for g in 0..G {
            let (vx, vy) = lanes4(ov, at[g]);
            let off = _mm_add_ps(_mm_mul_ps(vx, n[g].0), _mm_mul_ps(vy, n[g].1));
            s[g] = _mm_sub_ps(lo[g], off);
        }
        s
    }
}

/// First face of the largest separation and that separation, or `None` if there
/// are fewer than 4 or more than 16 faces, `ov` and `on` differ in length, or
/// every separation is NaN. Faces are taken in groups of four from 0, 4, 8, …; a
/// last partial group is read as the last four faces (it overlaps the group
/// before, which changes neither the maximum nor the set of faces reaching it).
/// The maximum first (a NaN lane never enters it: `_mm_max_ps` keeps its second
/// operand then), then bit `k` of a mask marks face `k` reaching it (a NaN equals
/// nothing): the lowest set bit is the first face of the largest separation, as
/// the scalar loop's `>` finds.
#[inline]
pub(super) fn best_face(ov: &[Vec2], on: &[Vec2], other: &[Vec2]) -> Option<(usize, f32)> {
    let count = ov.len();
    if !(4..=16).contains(&count) || on.len() != count {
        return None;
    }
    let last = count - 4;
    let hits = match count.div_ceil(4) {
        1 => hits(seps(ov, on, [0], other), [0]),
        2 => hits(seps(ov, on, [0, last], other), [0, last]),
        3 => hits(seps(ov, on, [0, 4, last], other), [0, 4, last]),
        _ => hits(seps(ov, on, [0, 4, 8, last], other), [0, 4, 8, last]),
    };
    hits.map(|(mask, max)| (mask.trailing_zeros() as usize, max))
}

/// The mask of faces reaching the largest separation (bit `at[g] + lane`) and
/// that separation; `None` if all are NaN.
#[inline(always)]
fn hits<const G: usize>(s: [__m128; G], at: [usize; G]) -> Option<(u32, f32)> {
    // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
    unsafe {
        let mut max = _mm_set1_ps(f32::NEG_INFINITY);
        for d in s {
            max = _mm_max_ps(d, max);
        }
        // Not NaN: spread the largest lane to all four.
        let max = spread_max(max);
        let mut mask = 0u32;
        for g in 0..G {
            mask |= (_mm_movemask_ps(_mm_cmpeq_ps(s[g], max)) as u32) << at[g];
        }
        (mask != 0).then(|| (mask, _mm_cvtss_f32(max)))
    }
}
