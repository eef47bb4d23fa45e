//! The two cores as GJK and EPA see them: A's core, and B's core brought into A's
//! local frame, with the support map of their Minkowski difference B − A.

use super::simplex::{Simplex, SimplexVertex};
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::shape::support_index;
use glam::Vec2;

/// B's core seen from A's local frame, and A's core.
pub(crate) struct LocalPair<'a> {
    pub a: &'a [Vec2],
    pub b: &'a [Vec2],
    /// B's local frame → A's local frame.
    pub b_to_a: Transform,
}

impl<'a> LocalPair<'a> {
    pub fn new(pair: &PosedPair<'a>) -> Self {
        LocalPair {
            a: pair.shape_a.vertices(),
            b: pair.shape_b.vertices(),
            b_to_a: pair.b_in_a(),
        }
    }

    #[inline]
    pub fn vertex(&self, index_a: usize, index_b: usize) -> SimplexVertex {
        let w_a = self.a[index_a];
        let w_b = self.b_to_a.apply(self.b[index_b]);
        SimplexVertex {
            w_a,
            w_b,
            w: w_b - w_a,
            a: 1.0,
            index_a: index_a as u8,
            index_b: index_b as u8,
        }
    }

    /// Support point of B − A along `d` (A's frame).
    ///
    /// Always inlined: it is the body of every GJK and EPA iteration, and left to
    /// the inliner it became a call in some builds (10 % slower distance queries).
    #[inline(always)]
    pub fn support(&self, d: Vec2) -> SimplexVertex {
        let ia = support_index(self.a, -d);
        let ib = support_index(self.b, self.b_to_a.q.apply_inv(d));
        self.vertex(ia, ib)
    }

    /// A length typical of the configuration, for relative tolerances: the largest
    /// |coordinate| of the simplex's points (0 for none).
    ///
    /// That is `fold(0, |m, v| m.max(|v.x|.max(|v.y|)))`, written as a running
    /// `if c > m { m = c }`: the running maximum starts at 0 and only takes values
    /// that compared greater, so it is never NaN, and then `c > m` picks what
    /// `f32::max` picks (a NaN `c` compares false and is skipped, as `max` skips
    /// it; absolute values have no −0 to tie with +0). It compiles to one `maxss`
    /// per coordinate instead of `f32::max`'s NaN handling, twice per iteration.
    #[inline]
    pub fn scale_of(&self, simplex: &Simplex) -> f32 {
        let mut m = 0.0f32;
        for v in simplex.vertices() {
            for c in [v.w.x.abs(), v.w.y.abs()] {
                if c > m {
                    m = c;
                }
            }
        }
        m
    }
}
