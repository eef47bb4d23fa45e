//! The separation function of Box2D v3's time of impact (`b2MakeSeparationFunction`,
//! `b2FindMinSeparation`, `b2EvaluateSeparation`): an axis fixed in the world (two
//! points) or in one shape (a face of A, a face of B), built from GJK's simplex at
//! `t1`, along which the shapes' separation is followed over time.
//!
//! `s(t)` for the witness pair `(i, j)` is the distance along the axis from A's witness
//! to B's at time `t`; `find_min` picks the pair that is deepest at `t` (each shape's
//! support point against the axis), `evaluate` follows a given pair.

use super::Sweep;
use crate::core::gjk::SimplexCache;
use crate::core::math::{left_perp, Rot, Transform};
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// Where the axis lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SeparationKind {
    /// GJK ended on one vertex of each: the axis joins them, fixed in the world.
    Points,
    /// Two vertices of A (a face) and one of B: the face's normal, turning with A.
    FaceA,
    /// Two vertices of B and one of A: B's face normal, turning with B.
    FaceB,
}

impl SeparationKind {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// A separation function: the kind, its axis (world for points, the owner's local frame
/// for a face) and the face's local midpoint.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SeparationFunction {
    pub kind: SeparationKind,
    pub axis: Vec2,
    pub local_point: Vec2,
}

/// The two shapes and their sweeps, as the functions read them.
#[derive(Clone, Copy)]
pub(super) struct Motion<'a> {
    pub(super) a: &'a Shape,
    pub(super) b: &'a Shape,
    pub(super) sweep_a: Sweep,
    pub(super) sweep_b: Sweep,
    /// The rotation of a shape that does not turn, computed once (see [`fixed_rotation`]).
    fixed_a: Option<Rot>,
    fixed_b: Option<Rot>,
}

/// Both poses at one time: computed once per time (each is a sine and a cosine) and
/// handed to whatever looks at the shapes then.
#[derive(Clone, Copy, Debug)]
pub(super) struct Poses {
    pub(super) a: Transform,
    pub(super) b: Transform,
}

/// The rotation of a sweep that does not turn: the one [`Sweep::transform`] gives at
/// every time, so it is computed once instead of a sine and cosine per pose.
///
/// The pose's angle is `a1 + t·(a2 − a1)`. With `a2 − a1 = ±0` and `t` finite (every
/// time the query looks at is in `[0, t_max]`), `t·(a2 − a1)` is ±0 and the sum is `a1`
/// bit for bit, unless `a1` is itself a zero (then the sum's sign depends on the
/// signs of the zeros): those sweeps keep computing it.
fn fixed_rotation(s: &Sweep) -> Option<Rot> {
    (s.a2 - s.a1 == 0.0 && s.a1 != 0.0).then(|| Rot::from_angle(s.a1))
}

impl<'a> Motion<'a> {
    pub(super) fn new(a: &'a Shape, sweep_a: Sweep, b: &'a Shape, sweep_b: Sweep) -> Self {
        Motion {
            a,
            b,
            sweep_a,
            sweep_b,
            fixed_a: fixed_rotation(&sweep_a),
            fixed_b: fixed_rotation(&sweep_b),
        }
    }

    /// The poses at time `t` (finite): [`Sweep::transform`] of each sweep, the
    /// rotation of a shape that does not turn taken from [`fixed_rotation`].
    #[inline]
    pub(super) fn at(&self, t: f32) -> Poses {
        let pose = |s: &Sweep, fixed: Option<Rot>| match fixed {
            Some(q) => Transform {
                p: s.c1 + t * (s.c2 - s.c1),
                q,
            },
            None => s.transform(t),
        };
        Poses {
            a: pose(&self.sweep_a, self.fixed_a),
            b: pose(&self.sweep_b, self.fixed_b),
        }
    }
}

impl SeparationFunction {
    /// Built from GJK's cache at `t1` (1 or 2 vertex pairs), the poses `at` then.
    /// `None` when the cache is empty or holds 3 pairs (the cores overlap: no axis
    /// separates them).
    pub(super) fn new(cache: &SimplexCache, m: &Motion, at: &Poses) -> Option<SeparationFunction> {
        let (xa, xb) = (at.a, at.b);
        let (va, vb) = (m.a.vertices(), m.b.vertices());
        let ia = |k: usize| va.get(cache.index_a[k] as usize).copied();
        let ib = |k: usize| vb.get(cache.index_b[k] as usize).copied();
        match cache.count {
            1 => {
                let (pa, pb) = (xa.apply(ia(0)?), xb.apply(ib(0)?));
                Some(SeparationFunction {
                    kind: SeparationKind::Points,
                    axis: (pb - pa).normalize_or_zero(),
                    local_point: Vec2::ZERO,
                })
            }
            2 if cache.index_a[0] == cache.index_a[1] => {
                // Two points on B, one on A: B's face.
                let (b1, b2) = (ib(0)?, ib(1)?);
                let mut axis = -left_perp(b2 - b1).normalize_or_zero();
                let local_point = 0.5 * (b1 + b2);
                let s = (xa.apply(ia(0)?) - xb.apply(local_point)).dot(xb.q.apply(axis));
                if s < 0.0 {
                    axis = -axis;
                }
                Some(SeparationFunction {
                    kind: SeparationKind::FaceB,
                    axis,
                    local_point,
                })
            }
            2 => {
                // Two points on A (one or two on B): A's face.
                let (a1, a2) = (ia(0)?, ia(1)?);
                let mut axis = -left_perp(a2 - a1).normalize_or_zero();
                let local_point = 0.5 * (a1 + a2);
                let s = (xb.apply(ib(0)?) - xa.apply(local_point)).dot(xa.q.apply(axis));
                if s < 0.0 {
                    axis = -axis;
                }
                Some(SeparationFunction {
                    kind: SeparationKind::FaceA,
                    axis,
                    local_point,
                })
            }
            _ => None,
        }
    }

    /// The axis in world space at time `t`.
    pub fn world_axis(&self, sweep_a: &Sweep, sweep_b: &Sweep, t: f32) -> Vec2 {
        match self.kind {
            SeparationKind::Points => self.axis,
            SeparationKind::FaceA => sweep_a.transform(t).q.apply(self.axis),
            SeparationKind::FaceB => sweep_b.transform(t).q.apply(self.axis),
        }
    }

    /// The deepest pair at the time of the poses `at`: its separation and the witness
    /// vertices (A's, B's; `None` for the face's own shape).
    pub(super) fn find_min(&self, m: &Motion, at: &Poses) -> (f32, Option<usize>, Option<usize>) {
        let (xa, xb) = (at.a, at.b);
        match self.kind {
            SeparationKind::Points => {
                let ia = m.a.support_index(xa.q.apply_inv(self.axis));
                let ib = m.b.support_index(xb.q.apply_inv(-self.axis));
                (self.evaluate(m, at, Some(ia), Some(ib)), Some(ia), Some(ib))
            }
            SeparationKind::FaceA => {
                let n = xa.q.apply(self.axis);
                let ib = m.b.support_index(xb.q.apply_inv(-n));
                (self.evaluate(m, at, None, Some(ib)), None, Some(ib))
            }
            SeparationKind::FaceB => {
                let n = xb.q.apply(self.axis);
                let ia = m.a.support_index(xa.q.apply_inv(-n));
                (self.evaluate(m, at, Some(ia), None), Some(ia), None)
            }
        }
    }

    /// The separation of the pair (`ia`, `ib`) along the axis at the time of the poses
    /// `at` (cores, radii not subtracted). A missing index of the shape that does not
    /// own the face is vertex 0 (it never happens: `find_min` names it).
    pub(super) fn evaluate(
        &self,
        m: &Motion,
        at: &Poses,
        ia: Option<usize>,
        ib: Option<usize>,
    ) -> f32 {
        let (xa, xb) = (at.a, at.b);
        let va = |i: Option<usize>| m.a.vertices()[i.unwrap_or(0).min(m.a.vertices().len() - 1)];
        let vb = |i: Option<usize>| m.b.vertices()[i.unwrap_or(0).min(m.b.vertices().len() - 1)];
        match self.kind {
            SeparationKind::Points => (xb.apply(vb(ib)) - xa.apply(va(ia))).dot(self.axis),
            SeparationKind::FaceA => {
                let n = xa.q.apply(self.axis);
                (xb.apply(vb(ib)) - xa.apply(self.local_point)).dot(n)
            }
            SeparationKind::FaceB => {
                let n = xb.q.apply(self.axis);
                (xa.apply(va(ia)) - xb.apply(self.local_point)).dot(n)
            }
        }
    }
}
