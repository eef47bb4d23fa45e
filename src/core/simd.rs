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

/// `dst[i] = q·src[i] + p` for `i < min(len)`, bit for bit [`Transform::apply`]
/// (`Vec2::new(c·x − s·y, s·x + c·y) + p`; `p` zero for a rotation alone), two points
/// per operation: lanes `(x0, y0, x1, y1)` times `c`, plus lanes `(y0, x0, y1, x1)` times
/// `(−s, s, −s, s)`, plus `p`. The same roundings: `(−s)·y` is `−(s·y)` exactly, `a + (−b)`
/// is `a − b`, and `c·y + s·x` is `s·x + c·y` (addition commutes).
///
/// [`Transform::apply`]: crate::core::math::Transform::apply
#[inline(always)]
pub fn transform_points(c: f32, s: f32, p: Vec2, src: &[Vec2], dst: &mut [Vec2]) {
    let n = src.len().min(dst.len());
    let (src, dst) = (&src[..n], &mut dst[..n]);
    let pairs = n / 2;
    // SAFETY: SSE2 is in the x86_64 baseline; pair `k` reads and writes the four f32 of
    // `src[2k..2k + 2]` and `dst[2k..2k + 2]`, in bounds as `2k + 2 <= n` (`Vec2` is
    // `repr(C)` with fields `x`, `y`).
    unsafe {
        let cc = _mm_set1_ps(c);
        let ss = _mm_setr_ps(-s, s, -s, s);
        let pp = _mm_setr_ps(p.x, p.y, p.x, p.y);
        let sp = src.as_ptr().cast::<f32>();
        let dp = dst.as_mut_ptr().cast::<f32>();
        for k in 0..pairs {
            let v = _mm_loadu_ps(sp.add(4 * k));
            let w = _mm_shuffle_ps::<0b10_11_00_01>(v, v);
            let r = _mm_add_ps(_mm_add_ps(_mm_mul_ps(cc, v), _mm_mul_ps(ss, w)), pp);
            _mm_storeu_ps(dp.add(4 * k), r);
        }
    }
    if n % 2 == 1 {
        let v = src[n - 1];
        dst[n - 1] = Vec2::new(c * v.x - s * v.y, s * v.x + c * v.y) + p;
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

    #[test]
    fn transformed_points_are_transform_apply_bit_for_bit() {
        use crate::core::math::Transform;
        let src: Vec<Vec2> = (0..7)
            .map(|k| Vec2::new(0.37 * k as f32 - 1.1, 1.0e4 / (k as f32 + 0.3)))
            .chain([Vec2::new(-0.0, 0.0), Vec2::new(0.0, -0.0)])
            .collect();
        for xf in [
            Transform::new(Vec2::new(12345.678, -0.1), 0.7),
            Transform::new(Vec2::ZERO, -2.9),
            Transform::new(Vec2::new(-0.0, 0.0), 0.0),
        ] {
            let mut dst = vec![Vec2::splat(9.0); src.len()];
            transform_points(xf.q.c, xf.q.s, xf.p, &src, &mut dst);
            for (d, v) in dst.iter().zip(&src) {
                let want = xf.apply(*v);
                assert_eq!(d.x.to_bits(), want.x.to_bits(), "{v} by {xf:?}");
                assert_eq!(d.y.to_bits(), want.y.to_bits(), "{v} by {xf:?}");
            }
        }
    }
}
