//! Small 2D helpers on top of `glam::Vec2`: rotations, rigid transforms, cross products.
//!
//! Frame convention (every query states which it uses): a shape's geometry is given
//! in its **local** frame; a [`Transform`] maps local to **world**:
//! `world = q * local + p`. Angles are radians, counter-clockwise.

use glam::Vec2;

/// 2D cross product (z of the 3D cross): positive when `b` is counter-clockwise of `a`.
#[inline]
pub fn cross(a: Vec2, b: Vec2) -> f32 {
    a.x * b.y - a.y * b.x
}

/// `cross(v, s)` for a scalar `s`: the vector `v` turned clockwise and scaled.
#[inline]
pub fn cross_vs(v: Vec2, s: f32) -> Vec2 {
    Vec2::new(s * v.y, -s * v.x)
}

/// `cross(s, v)`: the vector `v` turned counter-clockwise and scaled.
#[inline]
pub fn cross_sv(s: f32, v: Vec2) -> Vec2 {
    Vec2::new(-s * v.y, s * v.x)
}

/// `v` turned 90° counter-clockwise (left perpendicular).
#[inline]
pub fn left_perp(v: Vec2) -> Vec2 {
    Vec2::new(-v.y, v.x)
}

/// `v` turned 90° clockwise (right perpendicular): the outward normal direction of a
/// counter-clockwise polygon's edge.
#[inline]
pub fn right_perp(v: Vec2) -> Vec2 {
    Vec2::new(v.y, -v.x)
}

/// The distance from `p` to the segment `a`–`b` (to `a` when the two coincide).
pub fn point_segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let t = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * t).distance(p)
}

/// A rotation stored as cosine and sine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rot {
    pub c: f32,
    pub s: f32,
}

impl Rot {
    pub const IDENTITY: Rot = Rot { c: 1.0, s: 0.0 };

    #[inline]
    pub fn from_angle(angle: f32) -> Rot {
        let (s, c) = angle.sin_cos();
        Rot { c, s }
    }

    #[inline]
    pub fn angle(self) -> f32 {
        self.s.atan2(self.c)
    }

    /// `q * v`.
    #[inline]
    pub fn apply(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x - self.s * v.y, self.s * v.x + self.c * v.y)
    }

    /// `q^T * v` (the inverse rotation).
    #[inline]
    pub fn apply_inv(self, v: Vec2) -> Vec2 {
        Vec2::new(self.c * v.x + self.s * v.y, -self.s * v.x + self.c * v.y)
    }

    /// `q^T * r`: the rotation of `r` relative to `self`.
    #[inline]
    pub fn inv_mul(self, r: Rot) -> Rot {
        Rot {
            c: self.c * r.c + self.s * r.s,
            s: self.c * r.s - self.s * r.c,
        }
    }
}

/// A rigid transform: rotation `q` then translation `p`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Transform {
    pub p: Vec2,
    pub q: Rot,
}

impl Transform {
    pub const IDENTITY: Transform = Transform {
        p: Vec2::ZERO,
        q: Rot::IDENTITY,
    };

    #[inline]
    pub fn new(position: Vec2, angle: f32) -> Transform {
        Transform {
            p: position,
            q: Rot::from_angle(angle),
        }
    }

    /// Local point to world point.
    #[inline]
    pub fn apply(&self, v: Vec2) -> Vec2 {
        self.q.apply(v) + self.p
    }

    /// World point to local point.
    #[inline]
    pub fn apply_inv(&self, v: Vec2) -> Vec2 {
        self.q.apply_inv(v - self.p)
    }

    /// `self^-1 * other`: maps `other`'s local frame into `self`'s local frame.
    #[inline]
    pub fn inv_mul(&self, other: &Transform) -> Transform {
        Transform {
            q: self.q.inv_mul(other.q),
            p: self.q.apply_inv(other.p - self.p),
        }
    }
}

/// `dst[i] = xf.apply(src[i])` for the common length, bit for bit (two points per
/// SSE2 operation on x86_64: `simd::transform_points`).
#[inline(always)]
pub fn transform_points(xf: &Transform, src: &[Vec2], dst: &mut [Vec2]) {
    #[cfg(target_arch = "x86_64")]
    crate::core::simd::transform_points(xf.q.c, xf.q.s, xf.p, src, dst);
    #[cfg(not(target_arch = "x86_64"))]
    for (d, v) in dst.iter_mut().zip(src) {
        *d = xf.apply(*v);
    }
}

/// `dst[i] = q.apply(src[i])` for the common length, bit for bit: the transform of
/// [`transform_points`] with a translation of −0, which leaves every sum as it is
/// (`x + (−0) = x`, −0 included).
#[inline(always)]
pub fn rotate_points(q: Rot, src: &[Vec2], dst: &mut [Vec2]) {
    #[cfg(target_arch = "x86_64")]
    crate::core::simd::transform_points(q.c, q.s, Vec2::splat(-0.0), src, dst);
    #[cfg(not(target_arch = "x86_64"))]
    for (d, v) in dst.iter_mut().zip(src) {
        *d = q.apply(*v);
    }
}

/// `[x, y]`, the form points take in JSON output.
#[inline]
pub fn arr(v: Vec2) -> [f32; 2] {
    [v.x, v.y]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_batches_are_apply_bit_for_bit() {
        // Odd and even counts, signed zeros in and out (a rotation by the identity of
        // (−0, 0) stays (−0, 0); a translation of +0 would make it +0).
        let src: Vec<Vec2> = [(-0.0, 0.0), (0.0, -0.0), (3.0, -1.0e-7), (12345.678, 0.1)]
            .iter()
            .chain(&[(-7.5, 2.25), (1.0e-30, -4.0), (0.3, 0.7)])
            .map(|&(x, y)| Vec2::new(x, y))
            .collect();
        for n in [src.len(), src.len() - 1] {
            for xf in [
                Transform::IDENTITY,
                Transform::new(Vec2::new(-3.5, 1.0e4), 2.1),
                Transform::new(Vec2::new(0.0, -0.0), -0.4),
            ] {
                let mut moved = vec![Vec2::splat(f32::NAN); n];
                let mut turned = vec![Vec2::splat(f32::NAN); n];
                transform_points(&xf, &src[..n], &mut moved);
                rotate_points(xf.q, &src[..n], &mut turned);
                for k in 0..n {
                    let (m, r) = (xf.apply(src[k]), xf.q.apply(src[k]));
                    let bits = |v: Vec2| (v.x.to_bits(), v.y.to_bits());
                    assert_eq!(bits(moved[k]), bits(m), "{:?} by {xf:?}", src[k]);
                    assert_eq!(bits(turned[k]), bits(r), "{:?} by {:?}", src[k], xf.q);
                }
            }
        }
    }

    #[test]
    fn transform_round_trip() {
        let t = Transform::new(Vec2::new(1.0, -2.0), 0.7);
        let v = Vec2::new(3.0, 4.0);
        let back = t.apply_inv(t.apply(v));
        assert!((back - v).length() < 1e-5);
    }

    #[test]
    fn inv_mul_composes() {
        let a = Transform::new(Vec2::new(1.0, 2.0), 0.3);
        let b = Transform::new(Vec2::new(-4.0, 0.5), -1.1);
        let ab = a.inv_mul(&b);
        let v = Vec2::new(0.25, 2.0);
        let direct = a.apply_inv(b.apply(v));
        assert!((ab.apply(v) - direct).length() < 1e-5);
    }

    #[test]
    fn perps_and_cross() {
        let v = Vec2::new(1.0, 0.0);
        assert_eq!(left_perp(v), Vec2::new(0.0, 1.0));
        assert_eq!(right_perp(v), Vec2::new(0.0, -1.0));
        assert_eq!(cross(Vec2::X, Vec2::Y), 1.0);
    }

    #[test]
    fn point_segment_distance_inside_beyond_and_degenerate() {
        let (a, b) = (Vec2::new(0.0, 0.0), Vec2::new(2.0, 0.0));
        assert_eq!(point_segment_distance(Vec2::new(1.0, 3.0), a, b), 3.0);
        assert_eq!(point_segment_distance(Vec2::new(5.0, 4.0), a, b), 5.0);
        assert_eq!(point_segment_distance(Vec2::new(-3.0, 4.0), a, a), 5.0);
    }
}
