//! EPA: penetration depth and normal of two overlapping shapes.
//!
//! Frame convention: as in `gjk.rs`, the solver works in A's local frame and every
//! output and trace record is in world space. The normal points from A to B: it is
//! the direction B must move to separate.
//!
//! ## The method
//! If the cores (the shapes without their radii) are apart, no polytope is needed:
//! the shapes overlap only through their radii, with depth `rA + rB − d` along
//! GJK's normal ([`EpaTermination::CoreSeparated`]).
//!
//! Otherwise the origin lies in the Minkowski difference M = B − A of the cores.
//! EPA grows a convex polytope inside M that contains the origin, starting from
//! GJK's last simplex (a point or a segment is grown into a triangle by the same
//! expansion step). Each iteration takes the polytope edge closest to the origin,
//! with outward unit normal `n` and distance `d`, and asks M for its support point
//! `s` along `n`. Since the polytope lies inside M, `d ≤ depth ≤ s·n`; when the gap
//! `s·n − d` is below the tolerance the edge is (to that tolerance) on M's
//! boundary and `d` is the depth. Otherwise `s` is inserted between the edge's
//! endpoints, which keeps the polytope convex.
//!
//! The closest boundary point of M is `d·n`; B must move by `−d·n`, so the normal
//! from A to B is `−n`. Witness points come from the barycentric position of `d·n`
//! on the closest edge; the radii are then added along the normal.
//!
//! Termination is guaranteed: the polytope lives in a fixed array of
//! `3 + MAX_EPA_ITERATIONS` vertices and each iteration adds one, and a support
//! pair already in the polytope, or a distance that stops increasing, ends the loop.

use crate::core::consts::{EPA_ABSOLUTE_TOLERANCE, MAX_EPA_ITERATIONS};
use crate::core::gjk::{
    gjk_core, separation_normal, GjkTermination, GjkTrace, LocalPair, Simplex, SimplexVertex,
};
use crate::core::math::{cross, left_perp, right_perp, Transform};
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// Iterations without the closest distance growing (beyond the tolerance) after
/// which EPA reports [`EpaTermination::Stalled`].
const STALL_ITERATIONS: u32 = 8;

const CAPACITY: usize = 3 + MAX_EPA_ITERATIONS as usize;

/// Why EPA stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EpaTermination {
    /// The support point along the closest edge's normal lies on that edge (within
    /// the tolerance): the edge is on the boundary of B − A.
    Converged,
    /// The support pair along the closest edge's normal is already a polytope vertex.
    DuplicateSupport,
    /// The closest distance stopped growing for several iterations: the answer is
    /// the best edge found, to within f32 precision.
    Stalled,
    /// The iteration bound was reached: did not converge; the answer is the best
    /// lower bound found.
    MaxIterations,
    /// B − A has no area (both shapes are points or parallel segments): the depth is
    /// 0 along the line's perpendicular.
    Degenerate,
    /// The cores are apart; the shapes overlap only through their radii. No polytope.
    CoreSeparated,
}

impl EpaTermination {
    pub fn as_str(self) -> &'static str {
        match self {
            EpaTermination::Converged => "converged",
            EpaTermination::DuplicateSupport => "duplicate_support",
            EpaTermination::Stalled => "stalled",
            EpaTermination::MaxIterations => "max_iterations",
            EpaTermination::Degenerate => "degenerate",
            EpaTermination::CoreSeparated => "core_separated",
        }
    }
}

/// Input of [`penetration`].
#[derive(Clone, Copy, Debug)]
pub struct PenetrationInput<'a> {
    pub shape_a: &'a Shape,
    pub transform_a: Transform,
    pub shape_b: &'a Shape,
    pub transform_b: Transform,
    pub gjk_max_iterations: u32,
    /// Relative convergence tolerance (see [`crate::core::consts::DEFAULT_EPA_TOLERANCE`]).
    pub epa_tolerance: f32,
    /// Iteration bound, clamped to [`MAX_EPA_ITERATIONS`].
    pub epa_max_iterations: u32,
}

/// Output of [`penetration`]. World space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PenetrationOutput {
    /// Penetration depth (≥ 0), radii included.
    pub depth: f32,
    /// Unit normal from A to B.
    pub normal: Vec2,
    /// The point of A deepest inside B.
    pub point_a: Vec2,
    /// The point of B deepest inside A (`point_b = point_a − depth·normal`).
    pub point_b: Vec2,
    /// EPA expansions made (0 when no polytope was needed).
    pub iterations: u32,
    pub termination: EpaTermination,
    /// How the preceding GJK stopped.
    pub gjk_termination: GjkTermination,
}

/// One EPA iteration, world space, drawable on its own.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EpaStep {
    pub iteration: u32,
    /// Polytope vertices (points of B − A), counter-clockwise.
    pub polytope: Vec<Vec2>,
    /// Index of the closest edge's first vertex (the edge runs to the next vertex).
    pub closest_edge: usize,
    /// Outward unit normal of the closest edge.
    pub edge_normal: Vec2,
    /// Distance of the closest edge from the origin.
    pub distance: f32,
    /// The support point of B − A along `edge_normal`, when computed.
    pub support: Option<Vec2>,
    /// Why EPA stopped at this step, if it did.
    pub stop: Option<EpaTermination>,
}

/// The EPA trace.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct EpaTrace {
    pub steps: Vec<EpaStep>,
}

/// One polytope vertex and the edge that starts at it (to the next vertex).
///
/// Every vertex is a support pair `pair.vertex(index_a, index_b)`, so only its point
/// `w` of B − A and its two indices are kept: the points on A and B are recomputed
/// (bit for bit) for the final edge. The edge's normal and distance from the
/// origin, and whether it is long enough to have a normal, are cached when its
/// endpoints are set, so the closest-edge search reads numbers instead of
/// recomputing every edge at every iteration.
#[derive(Clone, Copy, Default)]
struct Corner {
    w: Vec2,
    /// Outward unit normal of the edge.
    normal: Vec2,
    /// Signed distance of the edge's line from the origin (positive: origin inside).
    dist: f32,
    index_a: u8,
    index_b: u8,
    /// The edge is not longer than the weld length: it has no reliable normal and
    /// the closest-edge search skips it.
    short: bool,
}

/// The polytope, counter-clockwise, in a fixed array (no allocation).
struct Polytope {
    c: [Corner; CAPACITY],
    n: usize,
}

/// The closest edge of the polytope.
#[derive(Clone, Copy)]
struct Edge {
    index: usize,
    normal: Vec2,
    distance: f32,
}

impl Polytope {
    /// The empty polytope. The array is filled from a constant: built from
    /// `Corner::default()` it was written into a temporary and then copied (3 KB
    /// zeroed and 3 KB copied per query); a constant becomes one `memset` in place.
    fn empty() -> Polytope {
        const UNSET: Corner = Corner {
            w: Vec2::ZERO,
            normal: Vec2::ZERO,
            dist: 0.0,
            index_a: 0,
            index_b: 0,
            short: false,
        };
        Polytope {
            c: [UNSET; CAPACITY],
            n: 0,
        }
    }

    fn push(&mut self, s: &SimplexVertex) {
        self.c[self.n] = Corner {
            w: s.w,
            index_a: s.index_a,
            index_b: s.index_b,
            ..Corner::default()
        };
        self.n += 1;
    }

    /// GJK's final triangle, made counter-clockwise. Edges are computed afterwards
    /// ([`Polytope::refresh_all_edges`]).
    fn fill_from_simplex(&mut self, s: &Simplex) {
        self.n = 0;
        for v in s.vertices() {
            self.push(v);
        }
        if s.count == 3 && cross(self.c[1].w - self.c[0].w, self.c[2].w - self.c[0].w) < 0.0 {
            self.c.swap(1, 2); // counter-clockwise
        }
    }

    /// `c[to] = c[from]`, field by field (each read with the width it was written,
    /// so the store buffer can forward it; a `memmove` reads wider pieces).
    #[inline(always)]
    fn move_corner(&mut self, from: usize, to: usize) {
        let f = &self.c[from];
        let (w, normal, dist) = (f.w, f.normal, f.dist);
        let (index_a, index_b, short) = (f.index_a, f.index_b, f.short);
        let t = &mut self.c[to];
        t.w = w;
        t.normal = normal;
        t.dist = dist;
        t.index_a = index_a;
        t.index_b = index_b;
        t.short = short;
    }

    fn contains_pair(&self, s: &SimplexVertex) -> bool {
        self.c[..self.n]
            .iter()
            .any(|c| c.index_a == s.index_a && c.index_b == s.index_b)
    }

    /// The vertex after `i` (cyclic; `i < n`).
    #[inline]
    fn next(&self, i: usize) -> usize {
        if i + 1 == self.n {
            0
        } else {
            i + 1
        }
    }

    /// The vertex before `i` (cyclic; `i < n`).
    #[inline]
    fn prev(&self, i: usize) -> usize {
        if i == 0 {
            self.n - 1
        } else {
            i - 1
        }
    }

    /// Edge `i`'s outward unit normal (counter-clockwise polytope: the right
    /// perpendicular) and its length. For a two-point polytope both edges are the
    /// same line seen from each side.
    #[inline]
    fn edge_normal(&self, i: usize) -> (Vec2, f32) {
        let a = self.c[i].w;
        let b = self.c[self.next(i)].w;
        let e = b - a;
        let len = e.length();
        (right_perp(e) / len, len)
    }

    /// Recomputes the cached edge `i`. Edges not longer than `weld` are skipped by
    /// the closest-edge search (a repeated point has no normal).
    #[inline]
    fn refresh_edge(&mut self, i: usize, weld: f32) {
        let (normal, len) = self.edge_normal(i);
        let c = &mut self.c[i];
        c.short = len <= weld;
        c.normal = normal;
        c.dist = normal.dot(c.w);
    }

    fn refresh_all_edges(&mut self, weld: f32) {
        for i in 0..self.n {
            self.refresh_edge(i, weld);
        }
    }

    /// Inserts `s` at `at` (`1 ≤ at ≤ n`) and keeps the polytope convex: neighbours
    /// that the new point makes reflex (or collinear) are dropped. GJK's first vertex
    /// is an arbitrary vertex pair, which can lie *inside* B − A; without this repair
    /// such a point would make the polytope non-convex and the closest edge
    /// meaningless. Only the two edges at the new point change (a dropped neighbour
    /// merges its two edges into one that ends or starts at the new point); they are
    /// recomputed.
    fn insert(&mut self, at: usize, s: SimplexVertex, weld: f32) {
        let mut j = self.n;
        while j > at {
            self.move_corner(j - 1, j);
            j -= 1;
        }
        self.c[at] = Corner {
            w: s.w,
            index_a: s.index_a,
            index_b: s.index_b,
            ..Corner::default()
        };
        self.n += 1;
        let mut k = at;
        // Neighbours before the new point.
        while self.n > 3 {
            let p1 = self.prev(k);
            let p2 = self.prev(p1);
            let (w2, w1, wk) = (self.c[p2].w, self.c[p1].w, self.c[k].w);
            if cross(w1 - w2, wk - w1) > weld * weld {
                break;
            }
            self.remove(p1);
            if p1 < k {
                k -= 1;
            }
        }
        // Neighbours after it.
        while self.n > 3 {
            let n1 = self.next(k);
            let n2 = self.next(n1);
            let (wk, w1, w2) = (self.c[k].w, self.c[n1].w, self.c[n2].w);
            if cross(w1 - wk, w2 - w1) > weld * weld {
                break;
            }
            self.remove(n1);
            if n1 < k {
                k -= 1;
            }
        }
        self.refresh_edge(self.prev(k), weld);
        self.refresh_edge(k, weld);
    }

    /// Removes vertex `at` (cached edges move with their vertices; the caller
    /// recomputes the edge that now spans the gap).
    fn remove(&mut self, at: usize) {
        for j in at..self.n - 1 {
            self.move_corner(j + 1, j);
        }
        self.n -= 1;
    }

    /// A polytope of support points around a GJK simplex of 1 or 2 points (touching
    /// shapes). The simplex's own points may lie inside B − A (GJK's cold start), so
    /// fresh support points along the simplex's axis and its perpendicular are used.
    /// Their hull may miss the origin; the expansion then grows towards it (the
    /// closest edge has a negative distance and its normal faces the origin).
    /// Edges are computed afterwards ([`Polytope::refresh_all_edges`]).
    fn fill_seed(&mut self, pair: &LocalPair, s: &Simplex) {
        let axis = match s.count {
            2 => s.v[1].w - s.v[0].w,
            _ => s.v[0].w,
        };
        let axis = if axis.length_squared() > 0.0 {
            axis
        } else {
            Vec2::X
        };
        let perp = left_perp(axis);
        // Counter-clockwise order of directions gives a counter-clockwise polygon.
        self.n = 0;
        for d in [axis, perp, -axis, -perp] {
            let sv = pair.support(d);
            if !self.contains_pair(&sv) && (self.n == 0 || self.c[self.n - 1].w != sv.w) {
                self.push(&sv);
            }
        }
        if self.n > 1 && self.c[0].w == self.c[self.n - 1].w {
            self.n -= 1;
        }
        // Drop collinear or reflex points (a flat B − A gives two points). Within
        // rounding of the line through its neighbours a point is dropped only if it
        // lies between them: when B − A is flat to rounding the noise picks the sign of
        // every turn, and dropping the two extremes left two points near the origin
        // whose edge points anywhere (found by the fuzzer: two identical capsules at one
        // pose got a normal 0.17 rad off their segment's perpendicular).
        let scale = self.scale();
        let mut i = 0;
        while self.n >= 3 && i < self.n {
            let (a, b, c) = (self.c[self.prev(i)].w, self.c[i].w, self.c[self.next(i)].w);
            let turn = cross(b - a, c - b);
            let noise = 8.0 * f32::EPSILON * scale * ((b - a).length() + (c - b).length());
            let between = (b - a).dot(c - a) >= 0.0 && (c - b).dot(c - a) >= 0.0;
            if turn < -noise || (turn <= noise && between) {
                self.remove(i);
                i = 0;
            } else {
                i += 1;
            }
        }
    }

    /// The edge nearest the origin, skipping edges not longer than the weld length
    /// (a repeated point has no normal). `None` if every edge is that short.
    fn closest_edge(&self) -> Option<Edge> {
        // `best_dist` is the distance of edge `best` (kept in a register rather than
        // re-read from the array at every comparison).
        let mut best: Option<usize> = None;
        let mut best_dist = 0.0f32;
        for (i, c) in self.c[..self.n].iter().enumerate() {
            if !c.short && (best.is_none() || c.dist < best_dist) {
                best = Some(i);
                best_dist = c.dist;
            }
        }
        best.map(|index| Edge {
            index,
            normal: self.c[index].normal,
            distance: self.c[index].dist,
        })
    }

    fn scale(&self) -> f32 {
        self.c[..self.n]
            .iter()
            .fold(0.0f32, |m, c| m.max(c.w.abs().max_element()))
    }
}

/// Appends one EPA step, converted to world space. Only called with a trace.
#[cold]
#[inline(never)]
fn record_step(
    t: &mut EpaTrace,
    xf_a: &Transform,
    poly: &Polytope,
    edge: &Edge,
    iteration: u32,
    support: Option<Vec2>,
    stop: Option<EpaTermination>,
) {
    t.steps.push(EpaStep {
        iteration,
        polytope: poly.c[..poly.n].iter().map(|c| xf_a.q.apply(c.w)).collect(),
        closest_edge: edge.index,
        edge_normal: xf_a.q.apply(edge.normal),
        distance: edge.distance,
        support: support.map(|s| xf_a.q.apply(s)),
        stop,
    });
}

/// Penetration depth, normal and witness points of two shapes, or `None` when they
/// do not overlap (with their radii). Traces are filled when given.
pub fn penetration(
    input: &PenetrationInput,
    gjk_trace: Option<&mut GjkTrace>,
    mut trace: Option<&mut EpaTrace>,
) -> Option<PenetrationOutput> {
    let xf_a = input.transform_a;
    let pair = LocalPair::new(input.shape_a, &xf_a, input.shape_b, &input.transform_b);
    let gjk = gjk_core(&pair, None, input.gjk_max_iterations, &xf_a, gjk_trace);
    if let Some(t) = trace.as_deref_mut() {
        t.steps.clear();
    }
    let ra = input.shape_a.radius();
    let rb = input.shape_b.radius();

    // A GJK that hit its iteration bound decided nothing: the expansion below starts
    // from its simplex and decides (the origin may turn out to be outside B − A).
    let gjk_unfinished = gjk.termination == GjkTermination::MaxIterations;
    if !gjk.termination.is_overlap() && !gjk_unfinished {
        let (pa, pb) = gjk.simplex.witness_points();
        let d = pa.distance(pb);
        if d >= ra + rb {
            return None;
        }
        // Witness points that coincide (d = 0) although GJK did not flag the origin
        // on the simplex are cores touching to rounding: they go on to the polytope
        // below, as for `DirectionZero`, rather than "no overlap" (found by the fuzzer:
        // a point 5e-7 from a capsule's core, 26 from its own origin, had depth 2.9e-3
        // one way round and none the other).
        if d > 0.0 {
            // From the simplex, not `(pb − pa) / d`: accurate however small `d` is.
            let n = separation_normal(&gjk.simplex).unwrap_or((pb - pa) / d);
            let normal = xf_a.q.apply(n);
            return Some(PenetrationOutput {
                depth: ra + rb - d,
                normal,
                point_a: xf_a.apply(pa) + ra * normal,
                point_b: xf_a.apply(pb) - rb * normal,
                iterations: 0,
                termination: EpaTermination::CoreSeparated,
                gjk_termination: gjk.termination,
            });
        }
    }

    let mut poly = Polytope::empty();
    if gjk.simplex.count == 3 {
        poly.fill_from_simplex(&gjk.simplex);
    } else {
        poly.fill_seed(&pair, &gjk.simplex);
    }
    let max_iterations = input.epa_max_iterations.min(MAX_EPA_ITERATIONS);
    let tolerance = if input.epa_tolerance.is_finite() && input.epa_tolerance > 0.0 {
        input.epa_tolerance
    } else {
        crate::core::consts::DEFAULT_EPA_TOLERANCE
    };

    let scale = poly.scale();
    let weld = scale * f32::EPSILON * 4.0;
    poly.refresh_all_edges(weld);
    let absolute = EPA_ABSOLUTE_TOLERANCE * scale;
    let mut iterations = 0u32;
    let mut best: Option<Edge> = None;
    let mut since_progress = 0u32;

    // Records a step when a trace is given; without one, nothing is computed.
    macro_rules! record {
        ($poly:expr, $edge:expr, $iteration:expr, $support:expr, $stop:expr) => {
            if let Some(t) = trace.as_deref_mut() {
                record_step(t, &xf_a, $poly, $edge, $iteration, $support, $stop);
            }
        };
    }

    let (edge, termination) = loop {
        let Some(edge) = poly.closest_edge() else {
            // Every support point is the same point: both cores are points at the
            // same place. Any direction separates them equally well.
            let edge = Edge {
                index: 0,
                normal: Vec2::Y,
                distance: 0.0,
            };
            record!(
                &poly,
                &edge,
                iterations,
                None,
                Some(EpaTermination::Degenerate)
            );
            break (edge, EpaTermination::Degenerate);
        };
        // Stall detection: the closest distance must keep growing.
        match best {
            Some(b) if edge.distance <= b.distance + absolute => since_progress += 1,
            _ => since_progress = 0,
        }
        if best.is_none_or(|b| edge.distance >= b.distance) {
            best = Some(edge);
        }
        if since_progress >= STALL_ITERATIONS {
            let b = best.unwrap_or(edge);
            record!(&poly, &b, iterations, None, Some(EpaTermination::Stalled));
            break (b, EpaTermination::Stalled);
        }
        if iterations >= max_iterations || poly.n >= CAPACITY {
            let b = best.unwrap_or(edge);
            record!(
                &poly,
                &b,
                iterations,
                None,
                Some(EpaTermination::MaxIterations)
            );
            break (b, EpaTermination::MaxIterations);
        }
        let s = pair.support(edge.normal);
        let gap = s.w.dot(edge.normal) - edge.distance;
        if gap <= tolerance * edge.distance.max(0.0) + absolute {
            // A flat polytope (two points) that cannot grow: B − A has no area.
            let stop = if poly.n == 2 {
                EpaTermination::Degenerate
            } else {
                EpaTermination::Converged
            };
            record!(&poly, &edge, iterations, Some(s.w), Some(stop));
            break (edge, stop);
        }
        if poly.contains_pair(&s) {
            // The polytope is convex, so a vertex cannot lie beyond its closest edge by
            // more than rounding; stop rather than cycle.
            record!(
                &poly,
                &edge,
                iterations,
                Some(s.w),
                Some(EpaTermination::DuplicateSupport)
            );
            break (edge, EpaTermination::DuplicateSupport);
        }
        record!(&poly, &edge, iterations, Some(s.w), None);
        poly.insert(edge.index + 1, s, weld);
        iterations += 1;
    };

    // Witness points: the barycentric position of the origin's projection on the edge.
    let vertex = |i: usize| {
        let c = &poly.c[i % poly.n.max(1)];
        pair.vertex(c.index_a as usize, c.index_b as usize)
    };
    let a = &vertex(edge.index);
    let b = &vertex(edge.index + 1);
    let e = b.w - a.w;
    let ee = e.dot(e);
    let t = if ee > 0.0 {
        (-a.w.dot(e) / ee).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let pa = a.w_a + t * (b.w_a - a.w_a);
    let pb = a.w_b + t * (b.w_b - a.w_b);
    // Outward normal of B − A is n; B moves by −d·n to separate, so A → B is −n.
    let normal = xf_a.q.apply(-edge.normal);
    // A slightly negative distance means the origin sits on the boundary within
    // rounding: the shapes touch, depth 0. After an unfinished GJK a negative distance
    // is real: the origin is outside B − A by at least −distance (an edge line bounds
    // the distance to a convex set from below), so the cores are apart.
    let core_depth = if gjk_unfinished {
        edge.distance
    } else {
        edge.distance.max(0.0)
    };
    if core_depth + ra + rb < 0.0 {
        return None;
    }
    Some(PenetrationOutput {
        depth: core_depth + ra + rb,
        normal,
        point_a: xf_a.apply(pa) + ra * normal,
        point_b: xf_a.apply(pb) - rb * normal,
        iterations,
        termination,
        gjk_termination: gjk.termination,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn pen(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Option<PenetrationOutput> {
        penetration(
            &PenetrationInput {
                shape_a: a,
                transform_a: xa,
                shape_b: b,
                transform_b: xb,
                gjk_max_iterations: 20,
                epa_tolerance: 1e-4,
                epa_max_iterations: 64,
            },
            None,
            None,
        )
    }

    #[test]
    fn boxes_overlapping_along_x() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = pen(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(1.5, 0.2), 0.0),
        )
        .unwrap();
        assert!((out.depth - 0.5).abs() < 1e-4, "{out:?}");
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-4);
        assert!((out.point_a.x - 1.0).abs() < 1e-4);
        assert!((out.point_b.x - 0.5).abs() < 1e-4);
        assert!((out.point_b - (out.point_a - out.depth * out.normal)).length() < 1e-4);
    }

    #[test]
    fn separated_is_none_and_radii_overlap_is_core_separated() {
        let a = Shape::circle(1.0).unwrap();
        assert!(pen(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(2.5, 0.0), 0.0)
        )
        .is_none());
        let out = pen(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(0.0, 1.5), 0.0),
        )
        .unwrap();
        assert_eq!(out.termination, EpaTermination::CoreSeparated);
        assert!((out.depth - 0.5).abs() < 1e-5);
        assert!((out.normal - v(0.0, 1.0)).length() < 1e-5);
        assert!((out.point_a - v(0.0, 1.0)).length() < 1e-5);
        assert!((out.point_b - v(0.0, 0.5)).length() < 1e-5);
    }

    /// GJK stopped by its bound (1 support call) must not turn an overlap into
    /// "separated": the expansion decides, from GJK's simplex.
    #[test]
    fn unfinished_gjk_does_not_hide_an_overlap() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::polygon(
            &[v(-0.8, -0.5), v(0.8, -0.5), v(0.8, 0.5), v(-0.8, 0.5)],
            0.0,
        )
        .unwrap();
        let run = |xb: Transform| {
            penetration(
                &PenetrationInput {
                    shape_a: &a,
                    transform_a: Transform::IDENTITY,
                    shape_b: &b,
                    transform_b: xb,
                    gjk_max_iterations: 1,
                    epa_tolerance: 1e-4,
                    epa_max_iterations: 64,
                },
                None,
                None,
            )
        };
        let out = run(Transform::new(v(1.5, 0.3), 0.4)).expect("they overlap");
        assert_eq!(out.gjk_termination, GjkTermination::MaxIterations);
        let full = pen(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(1.5, 0.3), 0.4),
        )
        .unwrap();
        assert!((out.depth - full.depth).abs() < 1e-4, "{out:?} vs {full:?}");
        assert!(
            run(Transform::new(v(4.0, 0.3), 0.4)).is_none(),
            "apart stays apart"
        );
    }

    #[test]
    fn coincident_shapes_terminate() {
        let a = Shape::cuboid(v(1.0, 2.0)).unwrap();
        let out = pen(&a, Transform::IDENTITY, &a, Transform::IDENTITY).unwrap();
        assert!((out.depth - 2.0).abs() < 1e-4, "{out:?}");
        assert!(out.normal.x.abs() > 0.999);
        let c = Shape::circle(1.0).unwrap();
        let out = pen(&c, Transform::IDENTITY, &c, Transform::IDENTITY).unwrap();
        assert_eq!(out.termination, EpaTermination::Degenerate);
        assert!((out.depth - 2.0).abs() < 1e-6);
    }

    #[test]
    fn collinear_segments_are_degenerate_with_zero_depth() {
        let s = Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap();
        let out = pen(
            &s,
            Transform::IDENTITY,
            &s,
            Transform::new(v(0.5, 0.0), 0.0),
        )
        .unwrap();
        assert!(out.depth.abs() < 1e-6, "{out:?}");
        assert!(out.normal.y.abs() > 0.999);
    }

    #[test]
    fn trace_holds_every_polytope() {
        let a = Shape::polygon(&[v(4.0, 11.0), v(9.0, 9.0), v(4.0, 5.0)], 0.0).unwrap();
        let b = Shape::polygon(&[v(5.0, 7.0), v(12.0, 7.0), v(10.0, 2.0)], 0.0).unwrap();
        let mut trace = EpaTrace::default();
        let out = penetration(
            &PenetrationInput {
                shape_a: &a,
                transform_a: Transform::IDENTITY,
                shape_b: &b,
                transform_b: Transform::IDENTITY,
                gjk_max_iterations: 20,
                epa_tolerance: 1e-4,
                epa_max_iterations: 64,
            },
            None,
            Some(&mut trace),
        )
        .unwrap();
        assert!((out.depth - 0.93704).abs() < 1e-4, "{out:?}");
        assert!((out.normal - v(0.62470, -0.78087)).length() < 1e-4);
        assert_eq!(trace.steps.len() as u32, out.iterations + 1);
        for (k, step) in trace.steps.iter().enumerate() {
            assert_eq!(step.polytope.len(), 3 + k);
        }
        assert_eq!(trace.steps.last().unwrap().stop, Some(out.termination));
    }
}
