//! `b2FindMaxSeparation`: the face of one polygon whose separation from the other's
//! vertices is largest, the first found. Defined by the scalar loop
//! ([`find_max_separation`]); on x86_64 a polygon of 4 to 8 faces is searched four
//! faces at a time with SSE2 ([`sse2::find_max_separation`]), to the same bits: the
//! scalar loop is 8 × 8 dot products, each face's a chain of dependent minima, and the
//! lanes make four faces' chains at once.

use glam::Vec2;

/// `b2FindMaxSeparation(poly1, poly2)`: the face of poly1 (vertices `v1s`, normals
/// `n1s`) whose separation from poly2's vertices `v2s` is largest, the first found, and
/// that separation (`-FLT_MAX` when no face's exceeds it).
#[inline(always)]
pub(super) fn find_max_separation(n1s: &[Vec2], v1s: &[Vec2], v2s: &[Vec2]) -> (usize, f32) {
    #[cfg(target_arch = "x86_64")]
    if let Some(found) = sse2::find_max_separation(n1s, v1s, v2s) {
        return found;
    }
    scalar(n1s, v1s, v2s)
}

/// Box2D's loop, as written there.
#[inline(always)]
fn scalar(n1s: &[Vec2], v1s: &[Vec2], v2s: &[Vec2]) -> (usize, f32) {
    let mut best = 0;
    let mut max_separation = f32::MIN;
    for (i, (n, v1)) in n1s.iter().zip(v1s).enumerate() {
        let si = face_separation(*n, *v1, v2s);
        if si > max_separation {
            max_separation = si;
            best = i;
        }
    }
    (best, max_separation)
}

/// One face's separation: the least of `n·(v2 − v1)` over `v2s`, `FLT_MAX` for none.
#[inline(always)]
fn face_separation(n: Vec2, v1: Vec2, v2s: &[Vec2]) -> f32 {
    let mut si = f32::MAX;
    for v2 in v2s {
        let sij = n.dot(*v2 - v1);
        if sij < si {
            si = sij;
        }
    }
    si
}

/// The search four faces at a time (SSE2, part of every x86_64 CPU).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use crate::core::simd::{lanes4, spread_max};
    use glam::Vec2;
    use std::arch::x86_64::*;

    /// [`super::find_max_separation`] for 4 to 8 faces (`None` otherwise, or when
    /// normals and vertices differ in number). Faces `0..4` in one register and
    /// `count − 4..count` in another (the same four for 4 faces; overlapping ones
    /// compute the same values). Per lane, the scalar loop's arithmetic in its order:
    /// `n.x·(v2.x − v1.x) + n.y·(v2.y − v1.y)` for each `v2` in turn, and
    /// `_mm_min_ps(sij, si)`, which is `sij < si ? sij : si` (on a NaN or equal values
    /// it keeps `si`), so each lane ends on the scalar loop's `si`, bit for bit, and no
    /// lane is NaN (`si` starts at `FLT_MAX` and only takes smaller numbers). Then the
    /// largest `si` and at least `-FLT_MAX` (the loop's start, `max` of numbers: exact);
    /// the loop keeps the first face reaching it (its `>` does not move on an equal
    /// value), the lowest set bit of the faces equal to it, and its value: the maximum
    /// itself, but for a zero, whose sign is the first face's (read from its lane).
    /// A maximum of `-FLT_MAX` is never exceeded by the loop: face 0.
    #[inline(always)]
    pub(super) fn find_max_separation(
        n1s: &[Vec2],
        v1s: &[Vec2],
        v2s: &[Vec2],
    ) -> Option<(usize, f32)> {
        let count = v1s.len();
        if !(4..=8).contains(&count) || n1s.len() != count {
            return None;
        }
        let tail = count - 4;
        let (vx0, vy0) = lanes4(v1s, 0);
        let (nx0, ny0) = lanes4(n1s, 0);
        let (vx1, vy1) = lanes4(v1s, tail);
        let (nx1, ny1) = lanes4(n1s, tail);
        // SAFETY: arithmetic on registers, and stores of two registers into an array
        // of eight f32; SSE2 is in the x86_64 baseline.
        unsafe {
            let mut s0 = _mm_set1_ps(f32::MAX);
            let mut s1 = s0;
            for v2 in v2s {
                let (x, y) = (_mm_set1_ps(v2.x), _mm_set1_ps(v2.y));
                let d0 = _mm_add_ps(
                    _mm_mul_ps(nx0, _mm_sub_ps(x, vx0)),
                    _mm_mul_ps(ny0, _mm_sub_ps(y, vy0)),
                );
                let d1 = _mm_add_ps(
                    _mm_mul_ps(nx1, _mm_sub_ps(x, vx1)),
                    _mm_mul_ps(ny1, _mm_sub_ps(y, vy1)),
                );
                s0 = _mm_min_ps(d0, s0);
                s1 = _mm_min_ps(d1, s1);
            }
            let max = spread_max(_mm_max_ps(s1, _mm_max_ps(s0, _mm_set1_ps(f32::MIN))));
            let value = _mm_cvtss_f32(max);
            if value == f32::MIN {
                return Some((0, f32::MIN));
            }
            let hits = _mm_movemask_ps(_mm_cmpeq_ps(s0, max)) as u32
                | (_mm_movemask_ps(_mm_cmpeq_ps(s1, max)) as u32) << tail;
            let k = hits.trailing_zeros() as usize;
            if value != 0.0 {
                return Some((k, value));
            }
            let mut lanes = [0f32; 8];
            _mm_storeu_ps(lanes.as_mut_ptr(), s0);
            _mm_storeu_ps(lanes.as_mut_ptr().add(4), s1);
            Some((k, if k < 4 { lanes[k] } else { lanes[k - tail + 4] }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lanes against Box2D's loop, bit for bit, index and value: random faces and
    /// vertices, exact ties (the same polygon twice, repeated faces), zeros of both
    /// signs, NaN and infinite coordinates, 4 to 8 faces against 1 to 8 vertices.
    #[test]
    fn the_lanes_are_the_loop_bit_for_bit() {
        let mut seed = 0x5EA5_0B0Cu64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let special = [
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            f32::NAN,
            f32::INFINITY,
            f32::MAX,
            -f32::MAX,
        ];
        let mut pick = |_: usize| -> f32 {
            let r = next();
            match r % 8 {
                0 => special[(r >> 8) as usize % special.len()],
                1 | 2 => ((r >> 8) % 5) as f32 - 2.0,
                _ => ((r >> 8) as u32 as f32 / u32::MAX as f32 - 0.5) * 4.0,
            }
        };
        let mut compared = 0;
        for round in 0..20_000 {
            let count = 4 + round % 5;
            let others = 1 + (round / 5) % 8;
            let mut v =
                |n: usize| -> Vec<Vec2> { (0..n).map(|k| Vec2::new(pick(k), pick(k))).collect() };
            let (n1s, v1s) = (v(count), v(count));
            let v2s = if round % 7 == 0 {
                v1s.clone()
            } else {
                v(others)
            };
            let want = scalar(&n1s, &v1s, &v2s);
            let got = find_max_separation(&n1s, &v1s, &v2s);
            assert_eq!(got.0, want.0, "{n1s:?} {v1s:?} {v2s:?}");
            assert_eq!(got.1.to_bits(), want.1.to_bits(), "{n1s:?} {v1s:?} {v2s:?}");
            compared += 1;
        }
        assert_eq!(compared, 20_000);
    }
}
