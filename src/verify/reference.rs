//! The exact reference of one pair (distance, depth, normals, overlap) and the exact
//! time of impact, in f64 from the f32 inputs as given.

use super::*;
use crate::core::consts::DEFAULT_EPA_TOLERANCE;
use crate::core::shape::Shape;
use glam::DVec2;

/// The exact answers for one placed pair (f64).
#[derive(Clone, Debug)]
pub struct Reference {
    /// The cores in world space.
    pub a: Vec<DVec2>,
    pub b: Vec<DVec2>,
    pub ra: f64,
    pub rb: f64,
    /// Edge normals of each core (the core's numbering).
    pub(super) na: Vec<DVec2>,
    pub(super) nb: Vec<DVec2>,
    /// Separation of the cores along each edge normal of A (B's nearest vertex minus
    /// the face), and along each of B's (no radii).
    pub(super) sep_a: Vec<f64>,
    pub(super) sep_b: Vec<f64>,
    /// Distance of the core outlines (0 when they overlap or touch).
    pub core_distance: f64,
    /// Closest points of the cores when they are apart.
    pub closest: Option<(DVec2, DVec2)>,
    /// Signed distance of the cores (negative: core penetration depth).
    pub core_signed: f64,
    /// Signed distance of the shapes, radii included (negative: penetration depth).
    pub signed: f64,
    /// Unit normal from A to B: the closest-points direction when the cores are
    /// apart, the axis of least penetration when they overlap; `None` when undefined.
    pub normal: Option<DVec2>,
    /// `L`: the size of the configuration in A's frame: the largest local vertex of A,
    /// or the distance between the positions plus B's largest local vertex; plus radii.
    pub scale: f64,
    /// `W`: largest absolute world coordinate of a core vertex or of a position plus
    /// that shape's largest local vertex, plus both radii.
    pub world: f64,
}

impl Reference {
    /// The exact answers for `pair`, in f64 from its f32 shapes and poses.
    pub fn new(pair: &FuzzPair) -> Reference {
        let a = world_core(&pair.shape_a, &pair.pose_a);
        let b = world_core(&pair.shape_b, &pair.pose_b);
        let (ra, rb) = (pair.shape_a.radius() as f64, pair.shape_b.radius() as f64);
        let r = ra + rb;
        let na = normals64(&a);
        let nb = normals64(&b);
        let sep_a = face_separations(&a, &na, &b);
        let sep_b = face_separations(&b, &nb, &a);
        let (core_distance, closest) = outline_distance(&a, &b);
        let core_signed = core_signed_distance(core_distance, &sep_a, &sep_b);
        let normal = match closest {
            Some((p, q)) => Some((q - p) / (q - p).length()),
            None => least_penetration_normal(&na, &sep_a, &nb, &sep_b),
        };
        let (scale, world) = sizes(pair, &a, &b, r);
        Reference {
            a,
            b,
            ra,
            rb,
            na,
            nb,
            sep_a,
            sep_b,
            core_distance,
            closest,
            core_signed,
            signed: core_signed - r,
            normal,
            scale: scale.max(f64::MIN_POSITIVE),
            world,
        }
    }

    /// Exact distance (0 when overlapping).
    pub fn distance(&self) -> f64 {
        self.signed.max(0.0)
    }

    /// Exact penetration depth (0 when apart).
    pub fn depth(&self) -> f64 {
        (-self.signed).max(0.0)
    }

    /// How far B must move along the unit `n` to separate from A:
    /// `max_A a·n − min_B b·n + rA + rB`. At least the depth for every `n`; the depth
    /// along the minimum translation. Negative for apart shapes along a separating `n`.
    pub fn penetration_along(&self, n: DVec2) -> f64 {
        let max_a = self
            .a
            .iter()
            .map(|p| p.dot(n))
            .fold(f64::NEG_INFINITY, f64::max);
        let min_b = self
            .b
            .iter()
            .map(|p| p.dot(n))
            .fold(f64::INFINITY, f64::min);
        max_a - min_b + self.ra + self.rb
    }

    /// Is the minimum translation `n0` a near-tie, that is, does a direction more than
    /// [`NORMAL_TOLERANCE`] away from it also need at most `limit` to separate? The set
    /// of directions needing ≤ `limit` is the unit circle cut by a convex set (the
    /// polar of B − A grown by the radii, scaled): its arc through `n0` is caught by
    /// the two directions at ±`NORMAL_TOLERANCE`, and any other arc holds a local
    /// minimum, which for overlapping cores is an edge normal of B − A (an edge normal
    /// of A, or minus one of B).
    pub fn normal_is_tie(&self, n0: DVec2, limit: f64) -> bool {
        if self.penetration_along(rotate(n0, NORMAL_TOLERANCE)) <= limit
            || self.penetration_along(rotate(n0, -NORMAL_TOLERANCE)) <= limit
        {
            return true;
        }
        let r = self.ra + self.rb;
        let cos_tol = NORMAL_TOLERANCE.cos();
        let far_a = self
            .na
            .iter()
            .zip(&self.sep_a)
            .any(|(n, s)| n.dot(n0) < cos_tol && r - s <= limit);
        let far_b = self
            .nb
            .iter()
            .zip(&self.sep_b)
            .any(|(m, s)| (-*m).dot(n0) < cos_tol && r - s <= limit);
        far_a || far_b
    }

    /// Best edge of A (index, core separation), lowest index on ties.
    pub(super) fn best_a(&self) -> Option<(usize, f64)> {
        argmax(&self.sep_a)
    }

    pub(super) fn best_b(&self) -> Option<(usize, f64)> {
        argmax(&self.sep_b)
    }

    /// Signed distance from a world point to shape A's surface (radius included).
    pub fn sd_a(&self, p: DVec2) -> f64 {
        sd_core(&self.a, p) - self.ra
    }

    pub fn sd_b(&self, p: DVec2) -> f64 {
        sd_core(&self.b, p) - self.rb
    }

    /// Length tolerance `LENGTH_TOLERANCE·L`.
    pub fn length_tolerance(&self) -> f64 {
        LENGTH_TOLERANCE * self.scale
    }

    /// Point tolerance: the length tolerance plus the world rounding.
    pub fn point_tolerance(&self) -> f64 {
        self.length_tolerance() + WORLD_ROUNDING * self.world
    }

    /// Depth tolerance for a depth `depth` (see [`DEPTH_LENGTH_FACTOR`]).
    pub fn depth_tolerance(&self, depth: f64) -> f64 {
        DEFAULT_EPA_TOLERANCE as f64 * depth + DEPTH_LENGTH_FACTOR * self.length_tolerance()
    }
}

/// Separation of `other` along each edge normal of `core`: the nearest vertex of
/// `other` minus the face (no radii).
fn face_separations(core: &[DVec2], normals: &[DVec2], other: &[DVec2]) -> Vec<f64> {
    (0..normals.len())
        .map(|i| {
            other
                .iter()
                .map(|q| (*q - core[i]).dot(normals[i]))
                .fold(f64::INFINITY, f64::min)
        })
        .collect()
}

/// Distance of the core outlines and their closest points (A's, B's) when apart.
pub(super) fn outline_distance(a: &[DVec2], b: &[DVec2]) -> (f64, Option<(DVec2, DVec2)>) {
    // Outline distance: crossing edges or containment give 0; otherwise the
    // closest pair is a vertex of one against an edge of the other.
    let overlapping = outline_edges(a)
        .any(|(p1, p2)| outline_edges(b).any(|(q1, q2)| crosses(p1, p2, q1, q2)))
        || (b.len() >= 3 && sd_core(b, a[0]) <= 0.0)
        || (a.len() >= 3 && sd_core(a, b[0]) <= 0.0);
    if overlapping {
        return (0.0, None);
    }
    let mut best = (f64::INFINITY, DVec2::ZERO, DVec2::ZERO);
    for (q1, q2) in outline_edges(b) {
        for p in a {
            let q = closest_on_segment(q1, q2, *p);
            let d = (q - *p).length();
            if d < best.0 {
                best = (d, *p, q);
            }
        }
    }
    for (p1, p2) in outline_edges(a) {
        for q in b {
            let p = closest_on_segment(p1, p2, *q);
            let d = (*q - p).length();
            if d < best.0 {
                best = (d, p, *q);
            }
        }
    }
    (best.0, (best.0 > 0.0).then_some((best.1, best.2)))
}

/// Signed distance of the cores: the outline distance when apart, else the largest
/// face separation (≤ 0), 0 when no core has a face.
fn core_signed_distance(core_distance: f64, sep_a: &[f64], sep_b: &[f64]) -> f64 {
    let max_sep = sep_a
        .iter()
        .chain(sep_b)
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    if core_distance > 0.0 {
        core_distance
    } else if max_sep.is_finite() {
        max_sep.min(0.0)
    } else {
        0.0
    }
}

/// The axis of least penetration from A to B: the face normal of largest separation
/// (A's on ties), `None` when neither core has a face.
fn least_penetration_normal(
    na: &[DVec2],
    sep_a: &[f64],
    nb: &[DVec2],
    sep_b: &[f64],
) -> Option<DVec2> {
    match (argmax(sep_a), argmax(sep_b)) {
        (Some((i, sa)), Some((j, sb))) => Some(if sb > sa { -nb[j] } else { na[i] }),
        (Some((i, _)), None) => Some(na[i]),
        (None, Some((j, _))) => Some(-nb[j]),
        (None, None) => None,
    }
}

/// Largest distance of a shape's local vertex from its origin.
fn extent(s: &Shape) -> f64 {
    s.vertices()
        .iter()
        .map(|v| v.as_dvec2().length())
        .fold(0.0, f64::max)
}

/// `L` and `W` of the pair (see [`Reference::scale`], [`Reference::world`]), `r` the
/// sum of the radii.
fn sizes(pair: &FuzzPair, a: &[DVec2], b: &[DVec2], r: f64) -> (f64, f64) {
    // The core brings B into A's frame: B's vertex there is `q·v + q_A^T(pB − pA)`,
    // rounded relative to |v| + |pB − pA| (a shape whose vertices lie far from its
    // own origin carries that rounding, whatever its size).
    let offset = (pair.pose_b.position.as_dvec2() - pair.pose_a.position.as_dvec2()).length();
    let scale = extent(&pair.shape_a).max(offset + extent(&pair.shape_b)) + r;
    let world = a
        .iter()
        .chain(b)
        .map(|p| p.abs().max_element())
        .fold(0.0, f64::max)
        .max(pair.pose_a.position.abs().max_element() as f64 + extent(&pair.shape_a))
        .max(pair.pose_b.position.abs().max_element() as f64 + extent(&pair.shape_b))
        + r;
    (scale, world)
}

pub(super) fn argmax(v: &[f64]) -> Option<(usize, f64)> {
    let mut best: Option<(usize, f64)> = None;
    for (i, s) in v.iter().enumerate() {
        if best.is_none_or(|(_, b)| *s > b) {
            best = Some((i, *s));
        }
    }
    best
}

/// The exact time of impact: `f(t)` is the signed distance at time `t` (radii
/// included), convex in `t`.
#[derive(Clone, Debug)]
pub struct ExactToi {
    /// Hull of the core differences at t = 0.
    pub(super) hull: Vec<DVec2>,
    pub(super) r: f64,
    /// `vB − vA`.
    pub(super) v: DVec2,
    /// Signed distance at t = 0.
    pub f0: f64,
    /// Where `f` is least on [0, 1], and its value there.
    pub t_min: f64,
    pub f_min: f64,
    /// The first time `f` reaches 0 (0 if overlapping at the start), if it does.
    pub t_hit: Option<f64>,
    /// Closing speed at first contact over the relative speed (the cosine of the
    /// angle between the path and the contact normal), for hits after t = 0.
    pub incidence: Option<f64>,
    /// Length tolerance of the sweep: `LENGTH_TOLERANCE·(L + |vA| + |vB|)`.
    pub tolerance: f64,
}

impl ExactToi {
    /// The exact time of impact of `pair` over the step t ∈ [0, 1].
    pub fn new(pair: &FuzzPair, reference: &Reference) -> ExactToi {
        let diffs: Vec<DVec2> = reference
            .b
            .iter()
            .flat_map(|q| reference.a.iter().map(move |p| *q - *p))
            .collect();
        let v = (pair.velocity_b - pair.velocity_a).as_dvec2();
        let mut x = ExactToi {
            hull: hull64(&diffs),
            r: reference.ra + reference.rb,
            v,
            f0: 0.0,
            t_min: 0.0,
            f_min: 0.0,
            t_hit: None,
            incidence: None,
            tolerance: LENGTH_TOLERANCE
                * (reference.scale
                    + (pair.velocity_a.as_dvec2().length() + pair.velocity_b.as_dvec2().length())),
        };
        x.f0 = x.f(0.0);
        if x.f0 <= 0.0 {
            x.t_hit = Some(0.0);
            x.f_min = x.f0;
            return x;
        }
        (x.t_min, x.f_min) = x.least_on_step();
        if x.f_min <= 0.0 {
            let hi = x.first_hit();
            x.t_hit = Some(hi);
            let speed = v.length();
            if speed > 0.0 {
                let h = 1.0e-7 * hi.max(1e-3);
                let slope = (x.f(hi) - x.f((hi - h).max(0.0))) / h;
                x.incidence = Some((-slope / speed).clamp(0.0, 1.0));
            }
        }
        x
    }

    /// Where `f` is least on [0, 1] and its value there: a golden-section search of
    /// the convex `f`, then the ends.
    fn least_on_step(&self) -> (f64, f64) {
        // Golden-section search for the minimum of the convex f on [0, 1].
        let g = 0.5 * (5f64.sqrt() - 1.0);
        let (mut lo, mut hi) = (0.0, 1.0);
        let mut c = hi - g * (hi - lo);
        let mut d = lo + g * (hi - lo);
        let (mut fc, mut fd) = (self.f(c), self.f(d));
        for _ in 0..90 {
            if fc < fd {
                hi = d;
                d = c;
                fd = fc;
                c = hi - g * (hi - lo);
                fc = self.f(c);
            } else {
                lo = c;
                c = d;
                fc = fd;
                d = lo + g * (hi - lo);
                fd = self.f(d);
            }
        }
        let mut best = (0.5 * (lo + hi), self.f(0.5 * (lo + hi)));
        for t in [0.0, 1.0] {
            let ft = self.f(t);
            if ft < best.1 {
                best = (t, ft);
            }
        }
        best
    }

    /// The first time `f` reaches 0, by bisection on [0, `t_min`] (`f(0) > 0 ≥ f_min`):
    /// the upper end of the last bracket, where `f ≤ 0`.
    fn first_hit(&self) -> f64 {
        let (mut lo, mut hi) = (0.0, self.t_min);
        for _ in 0..90 {
            let mid = 0.5 * (lo + hi);
            if self.f(mid) > 0.0 {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        hi
    }

    /// Signed distance at time `t`.
    pub fn f(&self, t: f64) -> f64 {
        sd_core(&self.hull, -self.v * t) - self.r
    }

    /// Least signed distance on [0, t] (convexity: `f(t)` before the minimum).
    pub fn min_until(&self, t: f64) -> f64 {
        if t <= self.t_min {
            self.f(t.max(0.0))
        } else {
            self.f_min
        }
    }

    /// Least signed distance on [t1, t2].
    pub(super) fn min_between(&self, t1: f64, t2: f64) -> f64 {
        let (lo, hi) = if t1 <= t2 { (t1, t2) } else { (t2, t1) };
        if (lo..=hi).contains(&self.t_min) {
            self.f_min
        } else {
            self.f(lo).min(self.f(hi))
        }
    }
}
