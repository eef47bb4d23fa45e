//! The support search: the index of the core vertex farthest along a direction, the
//! innermost loop of GJK and the shape cast (scalar, and four at a time with SSE2).

use glam::Vec2;

/// Index of the vertex of `vertices` farthest along `dir`; ties go to the lowest index.
///
/// The answer is defined by the scalar loop below (a projection `v·dir` wins only if
/// it is strictly greater than the best so far). On x86_64, four or more vertices are
/// searched four at a time with SSE2; that path computes the very same projections
/// (`x·dx + y·dy`, rounded the same way) and returns the first index of their maximum,
/// which is the same index. When a projection is NaN the two rules could differ, so
/// the scalar loop decides.
#[inline]
pub fn support_index(vertices: &[Vec2], dir: Vec2) -> usize {
    #[cfg(target_arch = "x86_64")]
    if vertices.len() >= 4 {
        if let Some(best) = sse2::support_index(vertices, dir) {
            return best;
        }
    }
    support_index_scalar(vertices, dir)
}

/// The reference support search: one vertex at a time.
#[inline]
fn support_index_scalar(vertices: &[Vec2], dir: Vec2) -> usize {
    let mut best = 0;
    let mut best_value = vertices[0].dot(dir);
    for (i, v) in vertices.iter().enumerate().skip(1) {
        let value = v.dot(dir);
        if value > best_value {
            best = i;
            best_value = value;
        }
    }
    best
}

/// The support search four vertices at a time (SSE2, part of every x86_64 CPU).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use crate::core::simd::{lanes4, spread_max};
    use glam::Vec2;
    use std::arch::x86_64::*;

    /// The projections `v·dir` of `v[i..i + 4]`, as `x·dx + y·dy` per lane.
    #[inline(always)]
    fn dots4(v: &[Vec2], i: usize, dx: __m128, dy: __m128) -> __m128 {
        let (xs, ys) = lanes4(v, i);
        // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
        unsafe { _mm_add_ps(_mm_mul_ps(xs, dx), _mm_mul_ps(ys, dy)) }
    }

    /// First index of the largest projection, or `None` if a projection is NaN (or
    /// `v` has fewer than four vertices). The vertices are taken in chunks of four
    /// starting at 0, 4, 8, …; a last partial chunk is read as the last four vertices
    /// (it overlaps the chunk before, which changes neither the maximum nor, since
    /// the chunks are scanned in order, the first index that reaches it).
    #[inline]
    pub(super) fn support_index(v: &[Vec2], dir: Vec2) -> Option<usize> {
        let n = v.len();
        if n < 4 {
            return None;
        }
        if n <= 8 {
            return up_to_eight(v, dir);
        }
        let full = n & !3;
        // SAFETY: these intrinsics only compute on values in registers; SSE2 is in
        // the x86_64 baseline.
        unsafe {
            let dx = _mm_set1_ps(dir.x);
            let dy = _mm_set1_ps(dir.y);
            let mut max = dots4(v, 0, dx, dy);
            let mut nan = _mm_cmpunord_ps(max, max);
            let mut i = 4;
            while i < full {
                let d = dots4(v, i, dx, dy);
                max = _mm_max_ps(max, d);
                nan = _mm_or_ps(nan, _mm_cmpunord_ps(d, d));
                i += 4;
            }
            if full != n {
                let d = dots4(v, n - 4, dx, dy);
                max = _mm_max_ps(max, d);
                nan = _mm_or_ps(nan, _mm_cmpunord_ps(d, d));
            }
            if _mm_movemask_ps(nan) != 0 {
                return None;
            }
            // No NaN: `max` is exact; spread its largest lane to all four.
            let max = spread_max(max);
            let mut i = 0;
            while i < full {
                let hit = _mm_movemask_ps(_mm_cmpeq_ps(dots4(v, i, dx, dy), max));
                if hit != 0 {
                    return Some(i + hit.trailing_zeros() as usize);
                }
                i += 4;
            }
            let hit = _mm_movemask_ps(_mm_cmpeq_ps(dots4(v, n - 4, dx, dy), max));
            (hit != 0).then(|| n - 4 + hit.trailing_zeros() as usize)
        }
    }

    /// [`support_index`] for four to eight vertices (every polygon Box2D takes, and
    /// most of ours): the first four and the last four (the same four, or overlapping,
    /// below eight), their projections kept in registers from the maximum to the
    /// search for its first index instead of computed again. The chunks are looked at
    /// in the same order as the general loop, so the index is the same.
    #[inline(always)]
    fn up_to_eight(v: &[Vec2], dir: Vec2) -> Option<usize> {
        let n = v.len();
        // SAFETY: these intrinsics only compute on values in registers; SSE2 is in
        // the x86_64 baseline.
        unsafe {
            let dx = _mm_set1_ps(dir.x);
            let dy = _mm_set1_ps(dir.y);
            let lo = dots4(v, 0, dx, dy);
            let hi = dots4(v, n - 4, dx, dy);
            let nan = _mm_or_ps(_mm_cmpunord_ps(lo, lo), _mm_cmpunord_ps(hi, hi));
            if _mm_movemask_ps(nan) != 0 {
                return None;
            }
            // No NaN: the maximum is exact; spread its largest lane to all four.
            let max = spread_max(_mm_max_ps(lo, hi));
            let hit = _mm_movemask_ps(_mm_cmpeq_ps(lo, max));
            if hit != 0 {
                return Some(hit.trailing_zeros() as usize);
            }
            let hit = _mm_movemask_ps(_mm_cmpeq_ps(hi, max));
            (hit != 0).then(|| n - 4 + hit.trailing_zeros() as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// The four-at-a-time support search returns exactly the scalar loop's index:
    /// random clouds, clouds on a coarse grid (many exact ties, ±0 projections), every
    /// length from 1 to 64 (partial last chunks), and NaN/infinite projections.
    #[test]
    fn support_index_matches_the_scalar_loop() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 40) as f32 / (1u64 << 24) as f32
        };
        let mut checked = 0;
        for n in 1..=64usize {
            for trial in 0..60 {
                let grid = trial % 2 == 1;
                let pts: Vec<Vec2> = (0..n)
                    .map(|_| {
                        let p = v(next() * 4.0 - 2.0, next() * 4.0 - 2.0);
                        if grid {
                            p.round() * 0.5
                        } else {
                            p
                        }
                    })
                    .collect();
                let d = match trial % 6 {
                    0 | 1 => v(next() - 0.5, next() - 0.5),
                    2 => v(1.0, 0.0),
                    3 => v(0.0, -1.0),
                    4 => v(-0.0, 0.0),
                    _ => v(1.0, 1.0),
                };
                assert_eq!(
                    support_index(&pts, d),
                    support_index_scalar(&pts, d),
                    "n = {n}, trial {trial}, d = {d}, {pts:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 64 * 60);
        // A NaN projection: the scalar rule (vertex 0 wins if it is NaN; a later NaN
        // never wins) is the answer.
        let mut pts: Vec<Vec2> = (0..9).map(|i| v(i as f32, 0.0)).collect();
        assert_eq!(support_index(&pts, v(1.0, 0.0)), 8);
        pts[3] = v(f32::NAN, 0.0);
        assert_eq!(support_index(&pts, v(1.0, 0.0)), 8);
        pts[0] = v(f32::NAN, 0.0);
        assert_eq!(support_index(&pts, v(1.0, 0.0)), 0);
        assert_eq!(support_index(&pts, v(f32::NAN, 1.0)), 0);
        // Infinite direction: 0·∞ is NaN at the vertex on the axis.
        let pts: Vec<Vec2> = (0..6).map(|i| v(i as f32 - 1.0, 1.0)).collect();
        assert_eq!(
            support_index(&pts, v(f32::INFINITY, 0.0)),
            support_index_scalar(&pts, v(f32::INFINITY, 0.0))
        );
    }
}
