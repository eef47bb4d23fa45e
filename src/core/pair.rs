//! The posed pair every pair query takes: shape A and its pose, shape B and its
//! pose ([`PosedPair`]), and B's pose in A's frame as Box2D's `b2Collide*` functions
//! compute it ([`PosedPair::b_in_a`]).

use crate::core::math::Transform;
use crate::core::shape::Shape;

/// Shape A placed by `transform_a` and shape B placed by `transform_b` (local →
/// world). A is a [`Shape`] except for the chain query, whose A is a chain segment
/// with its ghost vertices.
#[derive(Debug)]
pub struct PosedPair<'a, A: ?Sized = Shape> {
    pub shape_a: &'a A,
    pub transform_a: Transform,
    pub shape_b: &'a Shape,
    pub transform_b: Transform,
}

// Derived `Clone`/`Copy` would ask `A: Copy`; the pair only holds a reference to A.
impl<A: ?Sized> Clone for PosedPair<'_, A> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<A: ?Sized> Copy for PosedPair<'_, A> {}

impl<'a, A: ?Sized> PosedPair<'a, A> {
    #[inline]
    pub fn new(
        shape_a: &'a A,
        transform_a: Transform,
        shape_b: &'a Shape,
        transform_b: Transform,
    ) -> Self {
        PosedPair {
            shape_a,
            transform_a,
            shape_b,
            transform_b,
        }
    }

    /// B's pose in A's frame, `transform_a⁻¹ · transform_b`, with the arithmetic of
    /// Box2D v3's `b2InvMulTransforms(xfA, xfB)` operation for operation (the same
    /// products, sums and order), so a manifold computed in A's frame from it starts
    /// from the bits Box2D starts from:
    ///
    /// ```text
    /// q.c = a.c·b.c + a.s·b.s        q.s = a.c·b.s − a.s·b.c        (b2InvMulRot)
    /// d   = pB − pA                                                  (b2Sub)
    /// p.x = a.c·d.x + a.s·d.y        p.y = −a.s·d.x + a.c·d.y       (b2InvRotateVector)
    /// ```
    #[inline]
    pub fn b_in_a(&self) -> Transform {
        self.transform_a.inv_mul(&self.transform_b)
    }
}

impl<'a> PosedPair<'a> {
    /// The same pair with A and B exchanged.
    #[inline]
    pub fn swapped(&self) -> Self {
        PosedPair::new(
            self.shape_b,
            self.transform_b,
            self.shape_a,
            self.transform_a,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::shape::Shape;
    use glam::Vec2;

    #[test]
    fn b_in_a_maps_b_local_points_into_a_frame() {
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::circle(0.5).unwrap();
        let xf_a = Transform::new(Vec2::new(1.0, 2.0), 0.3);
        let xf_b = Transform::new(Vec2::new(-4.0, 0.5), -1.1);
        let rel = PosedPair::new(&a, xf_a, &b, xf_b).b_in_a();
        let v = Vec2::new(0.25, 2.0);
        let direct = xf_a.apply_inv(xf_b.apply(v));
        assert!((rel.apply(v) - direct).length() < 1e-5);
    }

    #[test]
    fn swapped_exchanges_shapes_and_poses() {
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::circle(0.5).unwrap();
        let xf_a = Transform::new(Vec2::new(1.0, 2.0), 0.3);
        let xf_b = Transform::new(Vec2::new(-4.0, 0.5), -1.1);
        let s = PosedPair::new(&a, xf_a, &b, xf_b).swapped();
        assert_eq!((s.shape_a.radius(), s.shape_b.radius()), (0.5, 1.0));
        assert_eq!((s.transform_a, s.transform_b), (xf_b, xf_a));
    }
}
