//! The SIMD lanes the core's searches share (SSE2, part of every x86_64 CPU): four
//! consecutive `Vec2`s as a lane of x and a lane of y, and the largest lane spread to
//! all four. The support search (`shape`), SAT's face search (`sat::sse2`) and the
//! manifold's face search (`manifold::face_search`) all build on these two, so a
//! change of layout or of the reduction is made once.

use glam::Vec2;
use std::arch::x86_64::*;

/// `v[i..i + 4]` as lanes of x and of y. Panics if `v` has fewer than `i + 4` items.
#[inline(always)]
pub fn lanes4(v: &[Vec2], i: usize) -> (__m128, __m128) {
    let c = &v[i..i + 4];
    let p = c.as_ptr().cast::<f32>();
    // SAFETY: `c` is four `Vec2`s, i.e. eight contiguous `f32`s (`Vec2` is `repr(C)`
    // with fields `x`, `y`): the two unaligned 16-byte loads read exactly `c`. SSE2 is
    // in the x86_64 baseline (rustc enables it for every x86_64 target).
    unsafe {
        let p01 = _mm_loadu_ps(p); // x0 y0 x1 y1
        let p23 = _mm_loadu_ps(p.add(4)); // x2 y2 x3 y3
        (
            _mm_shuffle_ps::<0b10_00_10_00>(p01, p23),
            _mm_shuffle_ps::<0b11_01_11_01>(p01, p23),
        )
    }
}

/// The largest lane of `m` in all four lanes (exact when no lane is NaN; a NaN lane
/// may or may not win, as `_mm_max_ps` keeps its second operand on NaN).
#[inline(always)]
pub fn spread_max(m: __m128) -> __m128 {
    // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
    unsafe {
        let m = _mm_max_ps(m, _mm_shuffle_ps::<0b01_00_11_10>(m, m));
        _mm_max_ps(m, _mm_shuffle_ps::<0b10_11_00_01>(m, m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_and_the_largest_lane() {
        let v: Vec<Vec2> = (0..5).map(|k| Vec2::new(k as f32, -(k as f32))).collect();
        let (x, y) = lanes4(&v, 1);
        let (mut xs, mut ys) = ([0f32; 4], [0f32; 4]);
        // SAFETY: stores of registers into arrays of four f32.
        unsafe {
            _mm_storeu_ps(xs.as_mut_ptr(), x);
            _mm_storeu_ps(ys.as_mut_ptr(), y);
        }
        assert_eq!(xs, [1.0, 2.0, 3.0, 4.0]);
        assert_eq!(ys, [-1.0, -2.0, -3.0, -4.0]);
        let mut m = [0f32; 4];
        // SAFETY: as above.
        unsafe { _mm_storeu_ps(m.as_mut_ptr(), spread_max(_mm_setr_ps(3.0, 9.0, -1.0, 2.0))) };
        assert_eq!(m, [9.0; 4]);
    }
}
