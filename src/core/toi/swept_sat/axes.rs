//! The candidate axes and, on each, the interval of time during which the two
//! projections overlap (entry and exit), in A's local frame.

use super::{MissReason, SweptAxis, SweptInput};
use crate::core::consts::{MAX_POLYGON_VERTICES, TOI_FEATURE_TOLERANCE, TOI_VELOCITY_EPSILON};
use crate::core::math::{left_perp, Transform};
use crate::core::shape::Shape;
use glam::Vec2;

/// What stays fixed during the sweep: B brought into A's frame, the relative
/// velocity there, and the size-relative tolerances.
pub(super) struct SweptFrame<'a> {
    pub(super) input: &'a SweptInput<'a>,
    /// B's local frame → A's local frame.
    pub(super) b_to_a: Transform,
    pub(super) ra: f32,
    pub(super) rb: f32,
    /// B's velocity relative to A, world and A's frame.
    pub(super) world_v: Vec2,
    pub(super) v: Vec2,
    /// Speeds up to this are "no relative motion".
    pub(super) speed_eps: f32,
    /// The relative motion is not negligible.
    pub(super) moving: bool,
    /// Unit direction from A's core centroid to B's at t = 0 (+x if they coincide).
    pub(super) centers_dir: Vec2,
    /// How far from a supporting line a vertex still counts as touching.
    pub(super) feature_tol: f32,
    /// B's core in A's frame (the first `nb` entries).
    vb: [Vec2; MAX_POLYGON_VERTICES],
    nb: usize,
}

impl<'a> SweptFrame<'a> {
    #[inline]
    pub(super) fn new(input: &'a SweptInput<'a>) -> SweptFrame<'a> {
        let (sa, sb) = (input.pair.shape_a, input.pair.shape_b);
        let xf_a = input.pair.transform_a;
        let b_to_a = input.pair.b_in_a();
        let va = sa.vertices();
        // B's core in A's frame, in a fixed array (no allocation).
        let mut vb = [Vec2::ZERO; MAX_POLYGON_VERTICES];
        let nb = sb.vertices().len().min(MAX_POLYGON_VERTICES);
        for (dst, src) in vb.iter_mut().zip(sb.vertices()) {
            *dst = b_to_a.apply(*src);
        }
        let world_v = input.velocity_b - input.velocity_a;
        let v = xf_a.q.apply_inv(world_v);

        // Sizes for the relative tolerances: the configuration's extent, and that plus
        // the displacement (positions at time t carry rounding of both).
        let size = b_to_a.p.length() + sa.bounding_radius() + sb.bounding_radius();
        let speed_eps = TOI_VELOCITY_EPSILON * size;
        let moving = v.length() > speed_eps;
        let centers_dir = {
            let d = centroid(&vb[..nb]) - centroid(va);
            if d.length() > 0.0 {
                d / d.length()
            } else {
                Vec2::X
            }
        };
        let scale_t = size + v.length();
        let feature_tol = TOI_FEATURE_TOLERANCE * scale_t;
        SweptFrame {
            input,
            b_to_a,
            ra: sa.radius(),
            rb: sb.radius(),
            world_v,
            v,
            speed_eps,
            moving,
            centers_dir,
            feature_tol,
            vb,
            nb,
        }
    }

    /// A's core (A's frame).
    #[inline]
    pub(super) fn va(&self) -> &'a [Vec2] {
        self.input.pair.shape_a.vertices()
    }

    /// B's core in A's frame.
    #[inline]
    pub(super) fn vb(&self) -> &[Vec2] {
        &self.vb[..self.nb]
    }

    /// The intervals of `axis` (unit direction `n`, A's frame) at t = 0, radii
    /// included, and when they overlap.
    #[inline]
    pub(super) fn evaluate(&self, axis: SweptAxis, n: Vec2) -> AxisEval {
        let (a0, a1) = project(self.va(), n);
        let (b0, b1) = project(self.vb(), n);
        let (ra, rb) = (self.ra, self.rb);
        let (a0, a1, b0, b1) = (a0 - ra, a1 + ra, b0 - rb, b1 + rb);
        let s = self.v.dot(n);
        let mut e = AxisEval {
            axis,
            n,
            a: (a0, a1),
            b: (b0, b1),
            s,
            entry: f32::NEG_INFINITY,
            exit: f32::INFINITY,
            is_static: s.abs() <= self.speed_eps,
            separates: None,
        };
        if e.is_static {
            // Degenerate: no relative motion on this axis. The overlap at t = 0 holds
            // for the whole step, or the gap does.
            if b0 > a1 || b1 < a0 {
                e.entry = f32::INFINITY;
                e.exit = f32::NEG_INFINITY;
                e.separates = Some(MissReason::StaticGap);
            }
        } else {
            // |s| > speed_eps ≥ 0, so the divisions are finite.
            if s > 0.0 {
                e.entry = (a0 - b1) / s;
                e.exit = (a1 - b0) / s;
            } else {
                e.entry = (a1 - b0) / s;
                e.exit = (a0 - b1) / s;
            }
            if e.exit < 0.0 {
                e.separates = Some(MissReason::MovingApart);
            } else if e.entry > 1.0 {
                e.separates = Some(MissReason::ClosesTooLate);
            }
        }
        e
    }
}

/// The candidate axes in the order tested: A's edge normals, B's, then the extra
/// axes that apply (A's frame).
pub(super) struct CandidateAxes<'a> {
    shape_a: &'a Shape,
    shape_b: &'a Shape,
    b_to_a: Transform,
    na: usize,
    nb: usize,
    /// The extra axes, in order, each only when it applies.
    extras: [(SweptAxis, Vec2); 5],
    n_extra: usize,
}

impl<'a> CandidateAxes<'a> {
    #[inline]
    pub(super) fn new(frame: &SweptFrame<'a>) -> CandidateAxes<'a> {
        let (sa, sb) = (frame.input.pair.shape_a, frame.input.pair.shape_b);
        let (va, vb) = (frame.va(), frame.vb());
        let (ra, rb) = (frame.ra, frame.rb);
        let v = frame.v;
        let curved = ra > 0.0 || rb > 0.0 || va.len() == 1 || vb.len() == 1;
        let point_core = va.len() == 1 || vb.len() == 1;
        let mut extras = [(SweptAxis::Centers, Vec2::X); 5];
        let mut n_extra = 0;
        let mut push = |axis: SweptAxis, n: Vec2| {
            extras[n_extra] = (axis, n);
            n_extra += 1;
        };
        if frame.moving {
            let unit_v = v / v.length();
            push(SweptAxis::VelocityPerp, left_perp(unit_v));
            if curved {
                push(SweptAxis::VelocityDir, unit_v);
            }
        }
        // A two-vertex core's own direction: the slab of its ends. B − A is a segment
        // when two parallel segments (or a point and a segment) meet, and then these
        // are its edge normals.
        if va.len() == 2 {
            push(SweptAxis::SegmentA, (va[1] - va[0]).normalize_or(Vec2::X));
        }
        if vb.len() == 2 {
            push(SweptAxis::SegmentB, (vb[1] - vb[0]).normalize_or(Vec2::X));
        }
        if point_core {
            push(SweptAxis::Centers, frame.centers_dir);
        }
        CandidateAxes {
            shape_a: sa,
            shape_b: sb,
            b_to_a: frame.b_to_a,
            na: sa.normals().len(),
            nb: sb.normals().len(),
            extras,
            n_extra,
        }
    }

    /// How many axes there are.
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.na + self.nb + self.n_extra
    }

    /// Axis `k` and its unit direction (A's frame).
    #[inline]
    pub(super) fn at(&self, k: usize) -> (SweptAxis, Vec2) {
        let (na_axes, nb_axes) = (self.na, self.nb);
        if k < na_axes {
            (SweptAxis::EdgeA { edge: k }, self.shape_a.normals()[k])
        } else if k < na_axes + nb_axes {
            let e = k - na_axes;
            (
                SweptAxis::EdgeB { edge: e },
                self.b_to_a.q.apply(self.shape_b.normals()[e]),
            )
        } else {
            self.extras[k - na_axes - nb_axes]
        }
    }
}

/// Per-axis numbers, A's local frame.
#[derive(Clone, Copy)]
pub(super) struct AxisEval {
    pub(super) axis: SweptAxis,
    /// Unit direction.
    pub(super) n: Vec2,
    /// A's and B's projection intervals at t = 0, radii included.
    pub(super) a: (f32, f32),
    pub(super) b: (f32, f32),
    /// How fast B's interval slides along `n`.
    pub(super) s: f32,
    /// When the intervals start and stop overlapping.
    pub(super) entry: f32,
    pub(super) exit: f32,
    /// `|s|` is negligible.
    pub(super) is_static: bool,
    /// Set when this axis separates the shapes for the whole step.
    pub(super) separates: Option<MissReason>,
}

impl AxisEval {
    /// Overlap at t = 0 (negative: gap), and the direction (+1 or −1 along `n`) in
    /// which B moves by the smaller push to separate.
    #[inline]
    pub(super) fn overlap(&self) -> (f32, f32) {
        let push_plus = self.a.1 - self.b.0; // move B along +n by this
        let push_minus = self.b.1 - self.a.0; // or along −n by this
        if push_plus <= push_minus {
            (push_plus, 1.0)
        } else {
            (push_minus, -1.0)
        }
    }
}

/// `[min, max]` of `p·n` over `points` (at least one).
#[inline]
fn project(points: &[Vec2], n: Vec2) -> (f32, f32) {
    let first = points[0].dot(n);
    points[1..].iter().fold((first, first), |(lo, hi), p| {
        let d = p.dot(n);
        (lo.min(d), hi.max(d))
    })
}

/// Centroid of a core given as points (the vertex average is enough for an axis).
fn centroid(points: &[Vec2]) -> Vec2 {
    points.iter().copied().sum::<Vec2>() / points.len().max(1) as f32
}
