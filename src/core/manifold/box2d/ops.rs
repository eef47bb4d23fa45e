//! Box2D's vector arithmetic (`math_functions.h`) written out operation for
//! operation, where glam's own differs in rounding: `b2Lerp` is `(1 − t)·a + t·b`
//! (glam's `lerp` is `a + (b − a)·t`), `b2MulAdd`/`b2MulSub` scale then add, and
//! `b2Normalize`/`b2GetLengthAndNormalize` multiply by the reciprocal of the length
//! and give zero below `FLT_EPSILON`. Sums, differences, `b2Dot` and
//! `b2TransformPoint` are glam's and the core's own (`x·x' + y·y'`, `q·v + p`): the same
//! operations in the same order.

use glam::Vec2;

/// `b2Lerp(a, b, t)`: `(1 − t)·a + t·b`.
#[inline(always)]
pub(super) fn lerp(a: Vec2, b: Vec2, t: f32) -> Vec2 {
    Vec2::new((1.0 - t) * a.x + t * b.x, (1.0 - t) * a.y + t * b.y)
}

/// `b2MulAdd(a, s, b)`: `a + s·b`.
#[inline(always)]
pub(super) fn mul_add(a: Vec2, s: f32, b: Vec2) -> Vec2 {
    Vec2::new(a.x + s * b.x, a.y + s * b.y)
}

/// `b2MulSub(a, s, b)`: `a − s·b`.
#[inline(always)]
pub(super) fn mul_sub(a: Vec2, s: f32, b: Vec2) -> Vec2 {
    Vec2::new(a.x - s * b.x, a.y - s * b.y)
}

/// `b2GetLengthAndNormalize`: the length and the unit vector (zero below
/// `FLT_EPSILON`).
#[inline(always)]
pub(super) fn length_and_normalize(v: Vec2) -> (f32, Vec2) {
    let length = (v.x * v.x + v.y * v.y).sqrt();
    if length < f32::EPSILON {
        return (length, Vec2::ZERO);
    }
    let inv = 1.0 / length;
    (length, Vec2::new(inv * v.x, inv * v.y))
}

/// `b2Normalize`.
#[inline(always)]
pub(super) fn normalize(v: Vec2) -> Vec2 {
    length_and_normalize(v).1
}

/// `b2ClampFloat(a, lo, hi)`: `a < lo ? lo : (a > hi ? hi : a)` (a NaN stays NaN).
#[inline(always)]
pub(super) fn clamp(a: f32, lo: f32, hi: f32) -> f32 {
    if a < lo {
        lo
    } else if a > hi {
        hi
    } else {
        a
    }
}

/// `B2_MAKE_ID(a, b)`: `(uint8_t)a << 8 | (uint8_t)b`.
#[inline(always)]
pub(super) fn make_id(a: usize, b: usize) -> u16 {
    ((a as u8 as u16) << 8) | (b as u8 as u16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lerp_is_box2d_s_not_glam_s() {
        // (1 − t)·a + t·b and a + (b − a)·t round differently here.
        let (a, b, t) = (Vec2::new(0.1, 3.0), Vec2::new(0.7, -1.0e-3), 0.3f32);
        let ours = lerp(a, b, t);
        assert_eq!(ours.x, (1.0 - t) * a.x + t * b.x);
        assert_eq!(ours.y, (1.0 - t) * a.y + t * b.y);
        assert_eq!(make_id(3, 1), 0x0301);
        assert_eq!(make_id(300, 2), 0x2c02);
        assert_eq!(normalize(Vec2::new(1e-8, 0.0)), Vec2::ZERO);
        assert_eq!(clamp(2.0, 0.0, 1.0), 1.0);
    }
}
