//! GJK distance, after Box2D's `b2Distance` / `b2ShapeDistance`.
//!
//! Frame convention: inputs are shapes with world transforms; the solver works in
//! **A's local frame** (B is brought into it, as Box2D v3 does, so large world
//! coordinates do not cost precision); every output and trace record is in **world**
//! space. Configuration-space points are `w = wB − wA` (the Minkowski difference
//! B − A, world orientation). Normals point from A to B.
//!
//! ## The method
//! GJK keeps a simplex (1 to 3 points of B − A) and repeatedly replaces it by the
//! sub-simplex nearest to the origin, found from the Voronoi regions of its vertices
//! and edges with barycentric coordinates (Solve2 / Solve3 below). The search
//! direction points from that nearest point towards the origin; the support point of
//! B − A along it is added. The loop stops when
//! - the simplex is a triangle holding the origin (overlap),
//! - the search direction vanishes (the origin lies on the simplex: touching),
//! - the new support pair repeats one of the simplex (the main termination, on
//!   *indices*, never on coordinates, which can cycle),
//! - the new point does not bring the simplex measurably closer (converged),
//! - the iteration bound is reached.
//!
//! With radii (rounded shapes), the cores are measured and the radii subtracted
//! afterwards: if the core distance exceeds `rA + rB` the witness points move
//! inward by their radius along the normal; otherwise the shapes overlap and both
//! points go to the midpoint, distance 0 (b2Distance).

use crate::core::consts::{GJK_DIRECTION_EPSILON, GJK_RELATIVE_TOLERANCE};
use crate::core::math::{cross, left_perp, Transform};
use crate::core::shape::{support_index, Shape};
use glam::Vec2;
use serde::Serialize;

/// Why GJK stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GjkTermination {
    /// The new support point did not bring the simplex measurably closer to the origin.
    Converged,
    /// The new support pair (by vertex indices) is already in the simplex.
    DuplicateSupport,
    /// The search direction vanished: the origin lies on the simplex (the shapes touch,
    /// or overlap with the origin exactly on a simplex edge, as in public case 6).
    DirectionZero,
    /// The simplex is a triangle containing the origin: the cores overlap.
    Overlap,
    /// The iteration bound was reached before any other criterion: did not converge.
    MaxIterations,
}

impl GjkTermination {
    pub fn as_str(self) -> &'static str {
        match self {
            GjkTermination::Converged => "converged",
            GjkTermination::DuplicateSupport => "duplicate_support",
            GjkTermination::DirectionZero => "direction_zero",
            GjkTermination::Overlap => "overlap",
            GjkTermination::MaxIterations => "max_iterations",
        }
    }

    /// True when the origin was found on or inside the simplex.
    pub fn is_overlap(self) -> bool {
        matches!(
            self,
            GjkTermination::Overlap | GjkTermination::DirectionZero
        )
    }
}

/// A vertex of the simplex: a point on each shape and their difference.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SimplexVertex {
    /// Support point on A.
    pub w_a: Vec2,
    /// Support point on B.
    pub w_b: Vec2,
    /// `w_b − w_a`, a point of the Minkowski difference B − A.
    pub w: Vec2,
    /// Barycentric weight of this vertex in the closest point.
    pub a: f32,
    /// Index of the core vertex of A.
    pub index_a: u8,
    /// Index of the core vertex of B.
    pub index_b: u8,
}

/// The GJK simplex: 1 to 3 vertices.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Simplex {
    pub v: [SimplexVertex; 3],
    pub count: usize,
}

impl Simplex {
    pub fn vertices(&self) -> &[SimplexVertex] {
        &self.v[..self.count]
    }

    /// Point of the simplex closest to the origin (from the barycentric weights).
    pub fn closest_point(&self) -> Vec2 {
        match self.count {
            1 => self.v[0].w,
            2 => self.v[0].a * self.v[0].w + self.v[1].a * self.v[1].w,
            _ => Vec2::ZERO,
        }
    }

    /// Witness points on A and B.
    pub fn witness_points(&self) -> (Vec2, Vec2) {
        let v = &self.v;
        match self.count {
            1 => (v[0].w_a, v[0].w_b),
            2 => (
                v[0].a * v[0].w_a + v[1].a * v[1].w_a,
                v[0].a * v[0].w_b + v[1].a * v[1].w_b,
            ),
            _ => {
                let p = v[0].a * v[0].w_a + v[1].a * v[1].w_a + v[2].a * v[2].w_a;
                (p, p)
            }
        }
    }

    /// The cache metric: 0 for a point, the length for a segment, the signed area
    /// (times two) for a triangle.
    fn metric(&self) -> f32 {
        match self.count {
            2 => self.v[0].w.distance(self.v[1].w),
            3 => cross(self.v[1].w - self.v[0].w, self.v[2].w - self.v[0].w),
            _ => 0.0,
        }
    }

    /// The same simplex in world space (A's frame given by `xf_a`).
    fn to_world(self, xf_a: &Transform) -> Simplex {
        let mut out = self;
        for v in out.v[..self.count].iter_mut() {
            v.w_a = xf_a.apply(v.w_a);
            v.w_b = xf_a.apply(v.w_b);
            v.w = xf_a.q.apply(v.w);
        }
        out
    }
}

/// Where the origin lies relative to the simplex that was solved. Indices refer to
/// the simplex *before* reduction (as recorded in the trace step).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VoronoiRegion {
    /// The vertex region of simplex vertex `i`: only it remains.
    Vertex(u8),
    /// The edge region of simplex vertices `i`–`j`: both remain.
    Edge(u8, u8),
    /// Inside the triangle: the origin is enclosed.
    Interior,
}

/// The warm-start cache: vertex indices only (Box2D's `b2SimplexCache`), plus the
/// metric used to decide whether it is still a good start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct SimplexCache {
    pub count: u8,
    pub index_a: [u8; 3],
    pub index_b: [u8; 3],
    pub metric: f32,
}

/// How a query started.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CacheUse {
    /// No cache was given (or it was empty): start from vertex 0 of each shape.
    Cold,
    /// The simplex was rebuilt from the cache's indices.
    WarmStart,
    /// A cache was given but dropped: its metric changed too much, or an index is
    /// out of range (the shape was edited).
    Flushed,
}

/// Input of [`shape_distance`].
#[derive(Clone, Copy, Debug)]
pub struct DistanceInput<'a> {
    pub shape_a: &'a Shape,
    pub transform_a: Transform,
    pub shape_b: &'a Shape,
    pub transform_b: Transform,
    /// Subtract the radii (measure the rounded surfaces) rather than the cores.
    pub use_radii: bool,
    /// Bound on support-point evaluations.
    pub max_iterations: u32,
}

/// Output of [`shape_distance`]. World space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DistanceOutput {
    /// Closest point on A.
    pub point_a: Vec2,
    /// Closest point on B.
    pub point_b: Vec2,
    /// Distance between the shapes (0 when they touch or overlap).
    pub distance: f32,
    /// Unit normal from A to B; `None` when the cores overlap or touch and no
    /// direction is defined.
    pub normal: Option<Vec2>,
    /// Distance between the cores (before the radii are subtracted).
    pub core_distance: f32,
    /// Support-point evaluations made.
    pub iterations: u32,
    pub termination: GjkTermination,
    /// Number of vertices of the final simplex.
    pub simplex_count: usize,
    /// How the query started.
    pub cache_use: CacheUse,
}

/// One iteration of GJK, in world space, drawable on its own.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GjkStep {
    /// Support evaluations made before this step.
    pub iteration: u32,
    /// The simplex as it entered this step (weights not yet solved).
    pub simplex_in: Vec<SimplexVertex>,
    /// Where the origin fell relative to `simplex_in`.
    pub region: VoronoiRegion,
    /// The reduced simplex with its barycentric weights.
    pub simplex: Vec<SimplexVertex>,
    /// The point of the reduced simplex closest to the origin.
    pub closest: Vec2,
    /// Unit search direction (towards the origin), when one was computed.
    pub direction: Option<Vec2>,
    /// The support point found along `direction`, when one was computed.
    pub support: Option<SimplexVertex>,
    /// Why the loop stopped at this step, if it did.
    pub stop: Option<GjkTermination>,
}

/// The full GJK trace.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct GjkTrace {
    pub cache_use: Option<CacheUse>,
    pub steps: Vec<GjkStep>,
}

/// B's core seen from A's local frame, and A's core.
pub(crate) struct LocalPair<'a> {
    pub a: &'a [Vec2],
    pub b: &'a [Vec2],
    /// B's local frame → A's local frame.
    pub b_to_a: Transform,
}

impl<'a> LocalPair<'a> {
    pub fn new(a: &'a Shape, xf_a: &Transform, b: &'a Shape, xf_b: &Transform) -> Self {
        LocalPair {
            a: a.vertices(),
            b: b.vertices(),
            b_to_a: xf_a.inv_mul(xf_b),
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

    /// A length typical of the configuration, for relative tolerances.
    #[inline]
    pub fn scale_of(&self, simplex: &Simplex) -> f32 {
        simplex.v[..simplex.count]
            .iter()
            .fold(0.0f32, |m, v| m.max(v.w.abs().max_element()))
    }
}

/// Rebuilds a simplex from a cache, or starts cold.
fn read_cache(pair: &LocalPair, cache: Option<&SimplexCache>) -> (Simplex, CacheUse) {
    let cold = || {
        let mut s = Simplex {
            count: 1,
            ..Default::default()
        };
        s.v[0] = pair.vertex(0, 0);
        s
    };
    let Some(cache) = cache else {
        return (cold(), CacheUse::Cold);
    };
    if cache.count == 0 {
        return (cold(), CacheUse::Cold);
    }
    let count = (cache.count as usize).min(3);
    let mut s = Simplex {
        count,
        ..Default::default()
    };
    for i in 0..count {
        let (ia, ib) = (cache.index_a[i] as usize, cache.index_b[i] as usize);
        // An index beyond the shape: the shape was edited since the cache was written.
        if ia >= pair.a.len() || ib >= pair.b.len() {
            return (cold(), CacheUse::Flushed);
        }
        s.v[i] = pair.vertex(ia, ib);
    }
    if count > 1 {
        // Flush when the simplex changed shape too much (b2Simplex::ReadCache): the
        // metric shrank below half, grew past double, or is ~0 (degenerate).
        let old = cache.metric;
        let new = s.metric();
        let scale = pair.scale_of(&s);
        let tiny = f32::EPSILON * if count == 2 { scale } else { scale * scale };
        if new < 0.5 * old || 2.0 * old < new || new <= tiny {
            return (cold(), CacheUse::Flushed);
        }
    }
    (s, CacheUse::WarmStart)
}

fn write_cache(simplex: &Simplex) -> SimplexCache {
    let mut c = SimplexCache {
        count: simplex.count as u8,
        metric: simplex.metric(),
        ..Default::default()
    };
    for i in 0..simplex.count {
        c.index_a[i] = simplex.v[i].index_a;
        c.index_b[i] = simplex.v[i].index_b;
    }
    c
}

impl Simplex {
    /// `v[to] = v[from]`, field by field. The vertex was usually just written field
    /// by field (the support point pushed by the previous iteration); a whole-struct
    /// copy reads it back in 16-byte pieces that straddle those narrower stores,
    /// which the store buffer cannot forward: the copy waited for the stores to
    /// reach the cache, on the critical path of every iteration (distance queries
    /// were 15 % slower). Read with the widths they were written, the fields forward.
    #[inline(always)]
    fn move_vertex(&mut self, from: usize, to: usize) {
        let v = &self.v[from];
        let (w_a, w_b, w, a) = (v.w_a, v.w_b, v.w, v.a);
        let (index_a, index_b) = (v.index_a, v.index_b);
        let t = &mut self.v[to];
        t.w_a = w_a;
        t.w_b = w_b;
        t.w = w;
        t.a = a;
        t.index_a = index_a;
        t.index_b = index_b;
    }
}

/// Solve2: the segment w1–w2. Reduces the simplex to the feature nearest the origin.
///
/// With `e12 = w2 − w1`, the origin's projection parameter on the segment is
/// `t = −w1·e12 / |e12|²`. Writing `d12_2 = −w1·e12` and `d12_1 = w2·e12`
/// (so `d12_1 + d12_2 = |e12|²`): `d12_2 ≤ 0` means `t ≤ 0` (vertex w1),
/// `d12_1 ≤ 0` means `t ≥ 1` (vertex w2), else the weights are
/// `a1 = d12_1 / |e12|²`, `a2 = d12_2 / |e12|²`.
fn solve2(s: &mut Simplex) -> VoronoiRegion {
    let w1 = s.v[0].w;
    let w2 = s.v[1].w;
    let e12 = w2 - w1;
    let d12_2 = -w1.dot(e12);
    if d12_2 <= 0.0 {
        s.v[0].a = 1.0;
        s.count = 1;
        return VoronoiRegion::Vertex(0);
    }
    let d12_1 = w2.dot(e12);
    if d12_1 <= 0.0 {
        s.v[1].a = 1.0;
        s.move_vertex(1, 0);
        s.count = 1;
        return VoronoiRegion::Vertex(1);
    }
    let inv = 1.0 / (d12_1 + d12_2);
    s.v[0].a = d12_1 * inv;
    s.v[1].a = d12_2 * inv;
    s.count = 2;
    VoronoiRegion::Edge(0, 1)
}

/// Solve3: the triangle w1 w2 w3.
///
/// The edge terms are Solve2's for each edge. The triangle terms are the signed
/// areas of the sub-triangles opposite each vertex, taken with the sign of the whole
/// triangle `n = cross(e12, e13)`: `d123_1 = n·cross(w2, w3)` is positive when the
/// origin is on the inner side of edge 23, and so on. Vertex regions are tested
/// first, then edge regions; what remains is the interior.
fn solve3(s: &mut Simplex) -> VoronoiRegion {
    let w1 = s.v[0].w;
    let w2 = s.v[1].w;
    let w3 = s.v[2].w;

    let e12 = w2 - w1;
    let d12_1 = w2.dot(e12);
    let d12_2 = -w1.dot(e12);

    let e13 = w3 - w1;
    let d13_1 = w3.dot(e13);
    let d13_2 = -w1.dot(e13);

    let e23 = w3 - w2;
    let d23_1 = w3.dot(e23);
    let d23_2 = -w2.dot(e23);

    let n123 = cross(e12, e13);
    let d123_1 = n123 * cross(w2, w3);
    let d123_2 = n123 * cross(w3, w1);
    let d123_3 = n123 * cross(w1, w2);

    // Vertex region w1.
    if d12_2 <= 0.0 && d13_2 <= 0.0 {
        s.v[0].a = 1.0;
        s.count = 1;
        return VoronoiRegion::Vertex(0);
    }
    // Edge region e12.
    if d12_1 > 0.0 && d12_2 > 0.0 && d123_3 <= 0.0 {
        let inv = 1.0 / (d12_1 + d12_2);
        s.v[0].a = d12_1 * inv;
        s.v[1].a = d12_2 * inv;
        s.count = 2;
        return VoronoiRegion::Edge(0, 1);
    }
    // Edge region e13.
    if d13_1 > 0.0 && d13_2 > 0.0 && d123_2 <= 0.0 {
        let inv = 1.0 / (d13_1 + d13_2);
        s.v[0].a = d13_1 * inv;
        s.v[2].a = d13_2 * inv;
        s.move_vertex(2, 1);
        s.count = 2;
        return VoronoiRegion::Edge(0, 2);
    }
    // Vertex region w2.
    if d12_1 <= 0.0 && d23_2 <= 0.0 {
        s.v[1].a = 1.0;
        s.move_vertex(1, 0);
        s.count = 1;
        return VoronoiRegion::Vertex(1);
    }
    // Vertex region w3.
    if d13_1 <= 0.0 && d23_1 <= 0.0 {
        s.v[2].a = 1.0;
        s.move_vertex(2, 0);
        s.count = 1;
        return VoronoiRegion::Vertex(2);
    }
    // Edge region e23.
    if d23_1 > 0.0 && d23_2 > 0.0 && d123_1 <= 0.0 {
        let inv = 1.0 / (d23_1 + d23_2);
        s.v[1].a = d23_1 * inv;
        s.v[2].a = d23_2 * inv;
        s.move_vertex(2, 0);
        s.count = 2;
        return VoronoiRegion::Edge(1, 2);
    }
    // Interior.
    let inv = 1.0 / (d123_1 + d123_2 + d123_3);
    s.v[0].a = d123_1 * inv;
    s.v[1].a = d123_2 * inv;
    s.v[2].a = d123_3 * inv;
    s.count = 3;
    VoronoiRegion::Interior
}

/// Unit normal from A to B (A's frame) of cores that are apart, from the final simplex:
/// `w/|w|` for a point, the edge's perpendicular on the far side from the origin for a
/// segment. `None` when it is not defined (a zero edge or the origin on its line).
///
/// The same direction as `(pB − pA) / |pB − pA|` in exact arithmetic, but that quotient
/// loses its direction when the distance is tiny compared with the coordinates (the
/// difference of two rounded points, divided by a tiny length): a circle whose centre
/// lay 3e-6 from a capsule's core segment got a normal 0.02 rad off, which then needs
/// 1.3% more than the depth to separate. The edge perpendicular, computed like the
/// search direction, stays accurate.
pub(crate) fn separation_normal(s: &Simplex) -> Option<Vec2> {
    match s.count {
        1 => s.v[0].w.try_normalize(),
        2 => {
            let e12 = s.v[1].w - s.v[0].w;
            // `search_direction` points towards the origin; the normal points away.
            let side = cross(e12, -s.v[0].w);
            let n = if side > 0.0 {
                -left_perp(e12)
            } else if side < 0.0 {
                left_perp(e12)
            } else {
                return None;
            };
            n.try_normalize()
        }
        _ => None,
    }
}

/// Direction from the simplex towards the origin, not normalised, and the distance
/// of the origin from the simplex's point/line (for the "direction ~zero" test).
///
/// For a segment the direction is the edge perpendicular on the origin's side
/// (the sign of `cross(e12, −w1)`), which stays accurate when the closest point is
/// tiny compared with the segment (Box2D).
#[inline]
fn search_direction(s: &Simplex) -> (Vec2, f32) {
    match s.count {
        1 => (-s.v[0].w, s.v[0].w.length()),
        _ => {
            let e12 = s.v[1].w - s.v[0].w;
            let sgn = cross(e12, -s.v[0].w);
            let len = e12.length();
            let dist = if len > 0.0 { sgn.abs() / len } else { 0.0 };
            let perp = left_perp(e12);
            (if sgn > 0.0 { perp } else { -perp }, dist)
        }
    }
}

/// The result of the GJK loop on the cores, in A's frame.
pub(crate) struct GjkCore {
    pub simplex: Simplex,
    pub termination: GjkTermination,
    pub iterations: u32,
    pub cache_use: CacheUse,
}

/// Writes trace record number `*recorded`, converted to world space, and counts it.
/// Only called with a trace. A record left over from an earlier query is
/// overwritten in place, its lists keeping their memory: a trace reused from query
/// to query stops allocating once it has held as many steps.
#[allow(clippy::too_many_arguments)]
#[cold]
#[inline(never)]
fn record_step(
    t: &mut GjkTrace,
    recorded: &mut usize,
    xf_a: &Transform,
    iteration: u32,
    entering: &Simplex,
    region: VoronoiRegion,
    simplex: &Simplex,
    direction: Option<Vec2>,
    support: Option<SimplexVertex>,
    stop: Option<GjkTermination>,
) {
    let world_in = entering.to_world(xf_a);
    let world = simplex.to_world(xf_a);
    let (mut simplex_in, mut simplex_out) = match t.steps.get_mut(*recorded) {
        Some(old) => (
            std::mem::take(&mut old.simplex_in),
            std::mem::take(&mut old.simplex),
        ),
        None => (Vec::new(), Vec::new()),
    };
    simplex_in.clear();
    simplex_in.extend_from_slice(world_in.vertices());
    simplex_out.clear();
    simplex_out.extend_from_slice(world.vertices());
    let step = GjkStep {
        iteration,
        simplex_in,
        region,
        simplex: simplex_out,
        closest: xf_a.q.apply(simplex.closest_point()),
        direction: direction.map(|d| xf_a.q.apply(d).normalize_or_zero()),
        support: support.map(|s| {
            let mut one = Simplex {
                count: 1,
                ..Default::default()
            };
            one.v[0] = s;
            one.to_world(xf_a).v[0]
        }),
        stop,
    };
    match t.steps.get_mut(*recorded) {
        Some(old) => *old = step,
        None => t.steps.push(step),
    }
    *recorded += 1;
}

/// The GJK loop on the cores of `pair`. Records into `trace` (world space via
/// `xf_a`) when given.
pub(crate) fn gjk_core(
    pair: &LocalPair,
    cache: Option<&SimplexCache>,
    max_iterations: u32,
    xf_a: &Transform,
    mut trace: Option<&mut GjkTrace>,
) -> GjkCore {
    let (mut simplex, cache_use) = read_cache(pair, cache);
    // Records written so far; the trace's older records beyond it are dropped at the end.
    let mut recorded = 0usize;
    if let Some(t) = trace.as_deref_mut() {
        t.cache_use = Some(cache_use);
    }
    let tracing = trace.is_some();
    let mut iterations = 0u32;
    let termination = loop {
        // The simplex as it enters this step, kept only for the trace (without one,
        // nothing is copied or recorded: the trace costs nothing when off).
        let entering = if tracing { Some(simplex) } else { None };
        // The vertex pairs as they enter, before solving drops any (b2Distance's
        // saveA/saveB): a support point that Solve3 has just dropped must count as a
        // duplicate, or rounding can drop and re-add it forever (a segment nearly
        // parallel to a face cycled to the iteration bound: found by the fuzzer).
        // (Two byte arrays, not pairs: the indices were just stored one byte each,
        // and a pair read back as one 16-bit load cannot be forwarded from those two
        // stores; the stall sat on every iteration, 3 % of a query.)
        let entering_count = simplex.count;
        let mut entering_a = [0u8; 3];
        let mut entering_b = [0u8; 3];
        for (i, v) in simplex.v[..entering_count].iter().enumerate() {
            entering_a[i] = v.index_a;
            entering_b[i] = v.index_b;
        }
        let step_iteration = iterations;
        let region = match simplex.count {
            1 => {
                simplex.v[0].a = 1.0;
                VoronoiRegion::Vertex(0)
            }
            2 => solve2(&mut simplex),
            _ => solve3(&mut simplex),
        };
        macro_rules! record {
            ($direction:expr, $support:expr, $stop:expr) => {
                if let (Some(t), Some(entering)) = (trace.as_deref_mut(), entering.as_ref()) {
                    record_step(
                        t,
                        &mut recorded,
                        xf_a,
                        step_iteration,
                        entering,
                        region,
                        &simplex,
                        $direction,
                        $support,
                        $stop,
                    );
                }
            };
        }
        if simplex.count == 3 {
            record!(None, None, Some(GjkTermination::Overlap));
            break GjkTermination::Overlap;
        }
        let (d, dist) = search_direction(&simplex);
        let scale = pair.scale_of(&simplex);
        // The origin lies on the simplex (to f32 precision, relative to the
        // configuration's size): the shapes touch; no direction is defined.
        if dist <= GJK_DIRECTION_EPSILON * scale || d == Vec2::ZERO {
            record!(None, None, Some(GjkTermination::DirectionZero));
            break GjkTermination::DirectionZero;
        }
        if iterations >= max_iterations {
            record!(Some(d), None, Some(GjkTermination::MaxIterations));
            break GjkTermination::MaxIterations;
        }
        let support = pair.support(d);
        iterations += 1;
        // Main termination: the support pair repeats a vertex of the simplex as it
        // entered this step (compare indices, not coordinates: coordinates can cycle
        // between equal values).
        let duplicate = (0..entering_count)
            .any(|i| entering_a[i] == support.index_a && entering_b[i] == support.index_b);
        if duplicate {
            record!(
                Some(d),
                Some(support),
                Some(GjkTermination::DuplicateSupport)
            );
            break GjkTermination::DuplicateSupport;
        }
        // Progress test: the support plane bounds the distance from below by
        // `−w·d̂` (d̂ the unit search direction, towards the origin); the current
        // distance is `dist`. No measurable gain: converged. Both come from the
        // simplex's vertices and edge, not from the closest point p = Σ aᵢwᵢ: p
        // carries the rounding of that sum (~1e-5 on a 1000-unit edge), which a far
        // support point w multiplies in p·w (a 0.02 triangle overlapping a
        // 2000-unit box by 0.004 "converged" 0.001 apart; scenes/tiny_vs_huge.ron).
        //
        // A gain within the configuration's f32 resolution (`GJK_DIRECTION_EPSILON ·
        // scale`, the resolution at which the origin counts as on the simplex) is no
        // gain either: when the distance is tiny against the coordinates, 1e-6 of it is
        // below the rounding of `gain`, and two nearly parallel segments cycled through
        // three edges of their flat B − A to the iteration bound (found by the fuzzer).
        let gain = dist + support.w.dot(d / d.length());
        if gain <= GJK_RELATIVE_TOLERANCE * dist + GJK_DIRECTION_EPSILON * scale {
            record!(Some(d), Some(support), Some(GjkTermination::Converged));
            break GjkTermination::Converged;
        }
        record!(Some(d), Some(support), None);
        simplex.v[simplex.count] = support;
        simplex.count += 1;
    };
    if let Some(t) = trace {
        t.steps.truncate(recorded);
    }
    GjkCore {
        simplex,
        termination,
        iterations,
        cache_use,
    }
}

/// Distance between two shapes (b2ShapeDistance).
///
/// `cache`: when given, it warm-starts the query and is rewritten with the final
/// simplex. `trace`: when given, it is cleared and filled with one record per
/// iteration (no allocation happens without it).
pub fn shape_distance(
    input: &DistanceInput,
    cache: Option<&mut SimplexCache>,
    trace: Option<&mut GjkTrace>,
) -> DistanceOutput {
    let xf_a = input.transform_a;
    let pair = LocalPair::new(input.shape_a, &xf_a, input.shape_b, &input.transform_b);
    let core = gjk_core(&pair, cache.as_deref(), input.max_iterations, &xf_a, trace);
    if let Some(c) = cache {
        *c = write_cache(&core.simplex);
    }
    let (local_a, local_b) = core.simplex.witness_points();
    let mut point_a = xf_a.apply(local_a);
    let mut point_b = xf_a.apply(local_b);
    let core_distance = if core.termination.is_overlap() {
        0.0
    } else {
        local_a.distance(local_b)
    };
    let mut distance = core_distance;
    let mut normal = if core_distance > 0.0 {
        let n = separation_normal(&core.simplex).unwrap_or((local_b - local_a) / core_distance);
        Some(xf_a.q.apply(n))
    } else {
        None
    };
    if input.use_radii {
        let ra = input.shape_a.radius();
        let rb = input.shape_b.radius();
        match normal {
            Some(n) if core_distance > ra + rb => {
                distance = core_distance - ra - rb;
                point_a += ra * n;
                point_b -= rb * n;
            }
            _ => {
                // Overlapping once the radii are counted: both points go to the middle
                // of the surfaces (or of the cores when no normal is defined).
                let mid = match normal {
                    Some(n) => 0.5 * ((point_a + ra * n) + (point_b - rb * n)),
                    None => 0.5 * (point_a + point_b),
                };
                point_a = mid;
                point_b = mid;
                distance = 0.0;
            }
        }
    }
    if distance == 0.0 && normal.is_some() && core_distance == 0.0 {
        normal = None;
    }
    DistanceOutput {
        point_a,
        point_b,
        distance,
        normal,
        core_distance,
        iterations: core.iterations,
        termination: core.termination,
        simplex_count: core.simplex.count,
        cache_use: core.cache_use,
    }
}

/// True when the two shapes (with their radii) touch or overlap.
pub fn intersects(shape_a: &Shape, xf_a: &Transform, shape_b: &Shape, xf_b: &Transform) -> bool {
    let out = shape_distance(
        &DistanceInput {
            shape_a,
            transform_a: *xf_a,
            shape_b,
            transform_b: *xf_b,
            use_radii: true,
            max_iterations: crate::core::consts::DEFAULT_GJK_MAX_ITERATIONS,
        },
        None,
        None,
    );
    out.distance <= 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn query(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> DistanceOutput {
        shape_distance(
            &DistanceInput {
                shape_a: a,
                transform_a: xa,
                shape_b: b,
                transform_b: xb,
                use_radii: true,
                max_iterations: 20,
            },
            None,
            None,
        )
    }

    /// A 0.02 triangle sunk 0.004 into a 2000-unit box: the progress test must not
    /// stop on the rounding of the closest point (it once reported 0.001 apart).
    #[test]
    fn tiny_triangle_in_huge_box_overlaps() {
        let a = Shape::cuboid(v(1000.0, 5.0)).unwrap();
        let b = Shape::polygon(&[v(0.0, -0.006), v(0.01, 0.004), v(-0.01, 0.004)], 0.0).unwrap();
        let out = query(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(3.0, 5.002), 0.0),
        );
        assert!(out.termination.is_overlap(), "{out:?}");
        assert_eq!(out.distance, 0.0);
        // 0.006 apart instead: the true distance, to f32 precision at 1000.
        let out = query(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(3.0, 5.012), 0.0),
        );
        assert!((out.distance - 0.006).abs() < 1e-5, "{out:?}");
    }

    #[test]
    fn boxes_side_by_side() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = query(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(5.0, 0.5), 0.0),
        );
        assert!((out.distance - 3.0).abs() < 1e-5, "{out:?}");
        assert!((out.normal.unwrap() - v(1.0, 0.0)).length() < 1e-5);
        assert!((out.point_a.x - 1.0).abs() < 1e-5 && (out.point_b.x - 4.0).abs() < 1e-5);
        assert!(matches!(
            out.termination,
            GjkTermination::DuplicateSupport | GjkTermination::Converged
        ));
    }

    #[test]
    fn circles_use_radii() {
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::circle(0.5).unwrap();
        let out = query(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(0.0, 4.0), 0.0),
        );
        assert!((out.distance - 2.5).abs() < 1e-5);
        assert!((out.point_a - v(0.0, 1.0)).length() < 1e-5);
        assert!((out.point_b - v(0.0, 3.5)).length() < 1e-5);
        // Overlapping by the radii only: distance 0, points at the middle.
        let out = query(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(0.0, 1.25), 0.0),
        );
        assert_eq!(out.distance, 0.0);
        assert!((out.point_a - v(0.0, 0.875)).length() < 1e-5, "{out:?}");
        assert_eq!(out.point_a, out.point_b);
    }

    #[test]
    fn overlapping_boxes_report_overlap() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = query(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(0.5, 0.25), 0.3),
        );
        assert_eq!(out.distance, 0.0);
        assert!(out.termination.is_overlap());
        assert!(out.normal.is_none());
        assert!(intersects(
            &a,
            &Transform::IDENTITY,
            &a,
            &Transform::new(v(0.5, 0.25), 0.3)
        ));
        assert!(!intersects(
            &a,
            &Transform::IDENTITY,
            &a,
            &Transform::new(v(2.5, 0.25), 0.0)
        ));
    }

    #[test]
    fn trace_records_every_iteration_and_the_stop() {
        let a = Shape::polygon(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 1.5)], 0.0).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let mut trace = GjkTrace::default();
        let out = shape_distance(
            &DistanceInput {
                shape_a: &a,
                transform_a: Transform::new(v(-1.0, 0.0), 0.2),
                shape_b: &b,
                transform_b: Transform::new(v(3.0, 2.0), 0.7),
                use_radii: true,
                max_iterations: 20,
            },
            None,
            Some(&mut trace),
        );
        assert_eq!(trace.cache_use, Some(CacheUse::Cold));
        // A step that stops before computing a support point adds a record without an iteration.
        let stopped_early = matches!(
            out.termination,
            GjkTermination::Overlap | GjkTermination::DirectionZero | GjkTermination::MaxIterations
        );
        assert_eq!(
            trace.steps.len() as u32,
            out.iterations + u32::from(stopped_early)
        );
        let last = trace.steps.last().unwrap();
        assert_eq!(last.stop, Some(out.termination));
        assert!(trace.steps[..trace.steps.len() - 1]
            .iter()
            .all(|s| s.stop.is_none()));
        // The last closest point is the distance vector.
        assert!((last.closest.length() - out.distance).abs() < 1e-4);
        // Each recorded simplex vertex is a real pair of world support points.
        for step in &trace.steps {
            for sv in &step.simplex {
                assert!((sv.w - (sv.w_b - sv.w_a)).length() < 1e-4);
            }
        }
    }

    #[test]
    fn max_iterations_is_reported() {
        let a = Shape::circle(1.0).unwrap();
        let n = 64;
        let pts: Vec<Vec2> = (0..n)
            .map(|i| {
                let t = std::f32::consts::TAU * i as f32 / n as f32;
                v(t.cos(), t.sin())
            })
            .collect();
        let b = Shape::polygon(&pts, 0.0).unwrap();
        let out = shape_distance(
            &DistanceInput {
                shape_a: &a,
                transform_a: Transform::IDENTITY,
                shape_b: &b,
                transform_b: Transform::new(v(10.0, 3.0), 0.1),
                use_radii: true,
                max_iterations: 1,
            },
            None,
            None,
        );
        assert_eq!(out.termination, GjkTermination::MaxIterations);
        assert!(out.iterations <= 1);
        assert!(out.distance.is_finite());
    }

    #[test]
    fn cache_warm_starts_and_flushes() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::polygon(&[v(0.0, 0.0), v(1.0, 0.2), v(0.3, 1.0)], 0.0).unwrap();
        let input = DistanceInput {
            shape_a: &a,
            transform_a: Transform::IDENTITY,
            shape_b: &b,
            transform_b: Transform::new(v(3.0, 0.1), 0.1),
            use_radii: true,
            max_iterations: 20,
        };
        let mut cache = SimplexCache::default();
        let cold = shape_distance(&input, Some(&mut cache), None);
        assert_eq!(cold.cache_use, CacheUse::Cold);
        assert!(cache.count >= 1);
        let moved = DistanceInput {
            transform_b: Transform::new(v(3.01, 0.1), 0.1),
            ..input
        };
        let warm = shape_distance(&moved, Some(&mut cache), None);
        assert_eq!(warm.cache_use, CacheUse::WarmStart);
        let reference = shape_distance(&moved, None, None);
        assert!((warm.distance - reference.distance).abs() < 1e-5);
        assert!(warm.iterations <= reference.iterations);
        // An index beyond the shape flushes the cache.
        let mut bad = cache;
        bad.index_b[0] = 200;
        let flushed = shape_distance(&moved, Some(&mut bad), None);
        assert_eq!(flushed.cache_use, CacheUse::Flushed);
        assert!((flushed.distance - reference.distance).abs() < 1e-5);
    }
}
