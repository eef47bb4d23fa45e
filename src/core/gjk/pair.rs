//! The two cores as GJK and EPA see them: A's core, and B's core brought into A's
//! local frame once (Box2D's `localProxyB`: `b2TransformPoint` of each vertex), with
//! the support map of their Minkowski difference B − A.

use super::simplex::{Simplex, SimplexVertex};
use crate::core::math::{transform_points, Transform};
use crate::core::pair::PosedPair;
use crate::core::shape::support_index;
use glam::Vec2;

/// Cores of up to this many vertices (Box2D's largest polygon) are kept inline.
const INLINE: usize = 8;

/// B's core vertices in A's frame: inline up to [`INLINE`], else on the heap.
struct Points {
    inline: [Vec2; INLINE],
    heap: Vec<Vec2>,
    len: usize,
}

impl Points {
    #[inline(always)]
    fn new(points: &[Vec2], xf: &Transform) -> Points {
        let len = points.len();
        let mut out = Points {
            inline: [Vec2::ZERO; INLINE],
            heap: Vec::new(),
            len,
        };
        if len <= INLINE {
            transform_points(xf, points, &mut out.inline);
        } else {
            out.heap = points.iter().map(|p| xf.apply(*p)).collect();
        }
        out
    }

    #[inline(always)]
    fn as_slice(&self) -> &[Vec2] {
        if self.len <= INLINE {
            &self.inline[..self.len]
        } else {
            &self.heap
        }
    }
}

/// A's core and B's core, both in A's local frame.
pub(crate) struct LocalPair<'a> {
    pub a: &'a [Vec2],
    b: Points,
}

impl<'a> LocalPair<'a> {
    #[inline]
    pub fn new(pair: &PosedPair<'a>) -> Self {
        LocalPair::with_b(
            pair.shape_a.vertices(),
            pair.shape_b.vertices(),
            &pair.b_in_a(),
        )
    }

    /// A's core `a` (A's frame) and B's core `b` placed in A's frame by `b_to_a`.
    #[inline]
    pub fn with_b(a: &'a [Vec2], b: &[Vec2], b_to_a: &Transform) -> Self {
        LocalPair {
            a,
            b: Points::new(b, b_to_a),
        }
    }

    /// B's core vertices in A's frame.
    #[inline(always)]
    pub fn b(&self) -> &[Vec2] {
        self.b.as_slice()
    }

    #[inline]
    pub fn vertex(&self, index_a: usize, index_b: usize) -> SimplexVertex {
        let w_a = self.a[index_a];
        let w_b = self.b()[index_b];
        SimplexVertex {
            w_a,
            w_b,
            w: w_b - w_a,
            a: 1.0,
            index_a: index_a as u8,
            index_b: index_b as u8,
        }
    }

    /// Support point of B − A along `d` (A's frame): A's vertex farthest along `−d`,
    /// B's farthest along `d`, the first on a tie (`b2FindSupport`, on B's vertices in
    /// A's frame as Box2D keeps them).
    ///
    /// Always inlined: it is the body of every GJK and EPA iteration, and left to
    /// the inliner it became a call in some builds (10 % slower distance queries).
    #[inline(always)]
    pub fn support(&self, d: Vec2) -> SimplexVertex {
        // B's slice once: `b()` chooses between the inline and the heap points.
        let b = self.b();
        let ia = support_index(self.a, -d);
        let ib = support_index(b, d);
        let (w_a, w_b) = (self.a[ia], b[ib]);
        SimplexVertex {
            w_a,
            w_b,
            w: w_b - w_a,
            a: 1.0,
            index_a: ia as u8,
            index_b: ib as u8,
        }
    }

    /// A length typical of the configuration, for relative tolerances: the largest
    /// |coordinate| of the simplex's points (0 for none).
    ///
    /// That is `fold(0, |m, v| m.max(|v.x|.max(|v.y|)))`, written as a running
    /// `if c > m { m = c }`: the running maximum starts at 0 and only takes values
    /// that compared greater, so it is never NaN, and then `c > m` picks what
    /// `f32::max` picks (a NaN `c` compares false and is skipped, as `max` skips
    /// it; absolute values have no −0 to tie with +0). It compiles to one `maxss`
    /// per coordinate instead of `f32::max`'s NaN handling.
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
