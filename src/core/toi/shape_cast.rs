//! Shape cast: the time of impact of any two convex shapes moving by constant
//! velocities, by conservative advancement on GJK distance.
//!
//! Frame convention: shapes in their local frames placed by a [`Transform`] at
//! t = 0; each moves by its world `velocity` per unit time over t ∈ [0, 1], without
//! rotating. The solver works in A's local frame with A fixed and B moving by the
//! relative velocity (as Box2D v3's `b2ShapeCast` does), so large world coordinates
//! cost no precision; every output and trace record is in **world** space. Normals
//! point from A to B.
//!
//! ## The method (conservative advancement, after Box2D v3's `b2ShapeCast`)
//! Let `d(t)` be the distance between the surfaces (GJK on the cores, minus the
//! radii) and `n` the unit normal from A to B at the closest points. Under
//! translation the distance between two convex sets is a convex function of t, and
//! its slope is `d'(t) = v·n` with `v = vB − vA`. Writing `c = −v·n` for the closing
//! speed, convexity gives
//!
//! ```text
//! d(t + Δ) ≥ d(t) − c·Δ        for every Δ ≥ 0,
//! ```
//!
//! so the shapes cannot touch before `t + d(t)/c`: advancing by `Δ = (d − target)/c`
//! never passes the impact. Repeat until `d` is within the tolerance of the target;
//! if `c ≤ 0` the distance can only grow (convexity again): a miss. If the next safe
//! time passes t = 1: a miss within the step.
//!
//! **Target and tolerance.** Box2D stops a linear slop (5 mm) short of contact,
//! which would put the time off by `slop / c`; here the target separation is **0**
//! and the loop stops when `d ≤ CAST_TOLERANCE × size` ([`CAST_TOLERANCE`]); the
//! remaining gap is then closed by one more linear step `t += d/c` without a new
//! distance query. That step is still conservative (the bound above) and its error
//! is second order: zero when the closest features keep their normal (a face), and
//! `O(d²)` when the normal turns (corners, arcs). So the time agrees with an exact
//! method (swept SAT on polygons) to ~1e-6 for closing speeds of order 1.
//!
//! **Longer safe steps from corners.** When the closest features are two vertices
//! (how most casts start), `n` is a corner-to-corner direction and the CA step stops
//! well short of the face that is hit next. The faces meeting at those two vertices
//! are then tried as separating axes: along a fixed axis `u` the gap closes linearly,
//! so while it is positive the shapes cannot touch before `gap_u / c_u` (one axis of
//! swept SAT, as safe as CA's bound); the step is the larger of the two. The same
//! test runs once before any distance query, on the corners facing each other along
//! the line between the origins: when B is thrown at A, the face it will hit is
//! usually among those, and the first (often only) GJK query is made at the impact.
//! On the random polygon casts of the tests this takes 1.1 queries per hit.
//!
//! A *grazing* contact (the path tangent to the other shape, `c → 0` as `d → 0`)
//! converges linearly, halving the remaining time per step: the iteration bound
//! ([`DEFAULT_CAST_MAX_ITERATIONS`]) then ends the loop with
//! [`CastTermination::MaxIterations`] and a conservative time.
//!
//! The first GJK query starts from the support pair facing each other along the line
//! between the origins; later ones are warm-started from the previous simplex. B's
//! core is brought into A's frame once; each step only shifts it by `v·t`.

use crate::core::consts::MAX_POLYGON_VERTICES;
use crate::core::consts::{
    CAST_TOLERANCE, DEFAULT_CAST_MAX_ITERATIONS, DEFAULT_GJK_MAX_ITERATIONS,
};
use crate::core::consts::{
    DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE, TOI_VELOCITY_EPSILON,
};
use crate::core::epa::{penetration, PenetrationInput};
use crate::core::gjk::{gjk_core, GjkTermination, LocalPair, Simplex, SimplexCache};
use crate::core::math::{cross, left_perp, Rot, Transform};
use crate::core::shape::{support_index, Pose, Shape};
use glam::Vec2;
use serde::Serialize;

/// Input of [`shape_cast`].
#[derive(Clone, Copy, Debug)]
pub struct CastInput<'a> {
    pub shape_a: &'a Shape,
    /// A's pose at t = 0.
    pub transform_a: Transform,
    /// A's world displacement per unit time (the step runs from t = 0 to t = 1).
    pub velocity_a: Vec2,
    pub shape_b: &'a Shape,
    /// B's pose at t = 0.
    pub transform_b: Transform,
    /// B's world displacement per unit time.
    pub velocity_b: Vec2,
    /// Bound on advancement steps (GJK queries); 0 is treated as 1.
    pub max_iterations: u32,
    /// Bound on support evaluations per GJK query.
    pub gjk_max_iterations: u32,
}

impl<'a> CastInput<'a> {
    /// An input with the default bounds.
    pub fn new(
        shape_a: &'a Shape,
        transform_a: Transform,
        velocity_a: Vec2,
        shape_b: &'a Shape,
        transform_b: Transform,
        velocity_b: Vec2,
    ) -> Self {
        CastInput {
            shape_a,
            transform_a,
            velocity_a,
            shape_b,
            transform_b,
            velocity_b,
            max_iterations: DEFAULT_CAST_MAX_ITERATIONS,
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
        }
    }
}

/// Why the cast stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CastTermination {
    /// The surfaces came within the tolerance: the shapes first touch at `t` (the
    /// remaining gap closed by one linear step). Includes shapes apart by less than
    /// the tolerance at t = 0 and approaching: a hit at a tiny `t`.
    Hit,
    /// The shapes overlap or touch at t = 0 (surface distance ≤ 0).
    InitiallyOverlapping,
    /// Miss: the shapes are apart and not approaching along the normal (closing
    /// speed ≤ [`TOI_VELOCITY_EPSILON`] × size); by convexity the distance never
    /// shrinks again. Includes no relative motion at all.
    MovingApart,
    /// Miss: the shapes are approaching, but cannot touch before t = 1.
    SeparatedAtEnd,
    /// The step bound was reached first: did not converge (a grazing contact).
    /// `t` is a conservative time: the shapes are apart on [0, t).
    MaxIterations,
}

impl CastTermination {
    pub fn as_str(self) -> &'static str {
        match self {
            CastTermination::Hit => "hit",
            CastTermination::InitiallyOverlapping => "initially_overlapping",
            CastTermination::MovingApart => "moving_apart",
            CastTermination::SeparatedAtEnd => "separated_at_end",
            CastTermination::MaxIterations => "max_iterations",
        }
    }
}

/// Output of [`shape_cast`]. World space, normal from A to B.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CastOutput {
    /// True for [`CastTermination::Hit`] and [`CastTermination::InitiallyOverlapping`].
    pub hit: bool,
    /// Hit: the time of impact in [0, 1]. Initially overlapping: 0. A miss: the time
    /// of the last pose examined (where the miss was proven). Max iterations: the
    /// conservative time reached (apart on [0, t)).
    pub t: f32,
    /// The contact point at `t`: the middle of the two surface points. Initially
    /// overlapping: the middle of EPA's deepest points.
    pub point: Vec2,
    /// Unit normal from A to B at `t` (initially overlapping: the direction B moves
    /// to separate, from EPA).
    pub normal: Vec2,
    /// Surface separation at the last pose examined (negative: penetration depth, for
    /// initially overlapping shapes).
    pub distance: f32,
    /// Advancement steps (GJK distance queries) made.
    pub iterations: u32,
    pub termination: CastTermination,
}

/// One advancement step, world space, drawable on its own.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CastStep {
    pub iteration: u32,
    /// The time of this pose.
    pub t: f32,
    /// A's and B's poses at `t` (angles constant).
    pub pose_a: Pose,
    pub pose_b: Pose,
    /// Surface separation at `t` (negative: overlap through the radii).
    pub distance: f32,
    /// Unit normal from A to B, when the cores are apart.
    pub normal: Option<Vec2>,
    /// Closest surface points on A and B.
    pub point_a: Vec2,
    pub point_b: Vec2,
    /// Closing speed along the normal, `−(vB − vA)·n`, when computed.
    pub closing_speed: Option<f32>,
    /// The time advanced from this pose, when the loop went on (or, at the last
    /// step of a hit, the final linear step that closes the remaining gap).
    pub advance: Option<f32>,
    /// Set when the advance came from a face's separating axis (longer than CA's
    /// `distance / closing_speed`; see the module docs).
    pub face_step: Option<FaceStep>,
    /// The GJK query of this step.
    pub gjk_iterations: u32,
    pub gjk_termination: GjkTermination,
}

/// An advance taken along a face's separating axis: the gap between the shapes'
/// projections on the face normal closes linearly, so they cannot touch before
/// `gap / closing_speed`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FaceStep {
    /// The shape the face belongs to: `"A"` or `"B"`.
    pub owner: &'static str,
    /// The face: core edge `edge` (vertex `edge` → `edge + 1`) of its owner.
    pub edge: usize,
    /// The axis, a unit vector from A to B (world): the face normal, negated for B.
    pub axis: Vec2,
    /// Gap between the projections of the two shapes on `axis` at this pose.
    pub gap: f32,
    /// `−(vB − vA)·axis`.
    pub closing_speed: f32,
    /// The vertex of the other shape nearest the face along the axis.
    pub vertex: usize,
}

/// The simplex GJK converges to if the shapes touch through the face of `f` (its two
/// vertices against the other shape's nearest vertex), as a warm-start cache: after
/// the face step, the confirming query starts at its answer. `va`, `vb`: the cores in
/// A's frame (B at t = 0; the metric, the edge length, does not move).
fn face_cache(f: &FaceStep, va: &[Vec2], vb: &[Vec2]) -> SimplexCache {
    let face = if f.owner == "A" { va } else { vb };
    let e1 = (f.edge + 1) % face.len().max(1);
    let edge = [f.edge as u8, e1 as u8, 0];
    let other = [f.vertex as u8; 3];
    let (index_a, index_b) = if f.owner == "A" {
        (edge, other)
    } else {
        (other, edge)
    };
    SimplexCache {
        count: 2,
        index_a,
        index_b,
        metric: face[f.edge].distance(face[e1]),
    }
}

/// The shape-cast trace: the poses at the start, at each step, at the impact, and at
/// the end of the step, so every stage can be drawn.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CastTrace {
    /// Poses at t = 0.
    pub start_a: Option<Pose>,
    pub start_b: Option<Pose>,
    /// Poses at t = 1.
    pub end_a: Option<Pose>,
    pub end_b: Option<Pose>,
    /// Poses at the impact (hits only, including t = 0 for initial overlap).
    pub impact_a: Option<Pose>,
    pub impact_b: Option<Pose>,
    /// The stop tolerance on the surface separation, in length units.
    pub tolerance: f32,
    /// Set when, before any distance query, a face at the corners facing each other
    /// proved the shapes apart until `start_time`: the first query is made there.
    pub start_face_step: Option<FaceStep>,
    /// The time of the first distance query (0 without a start face step).
    pub start_time: f32,
    pub steps: Vec<CastStep>,
}

#[inline]
fn pose_at(xf: &Transform, velocity: Vec2, t: f32) -> Pose {
    Pose::new(xf.p + velocity * t, xf.q.angle())
}

/// Largest absolute core coordinate: a cheap size of a shape (no square roots).
#[inline]
fn extent(shape: &Shape) -> f32 {
    shape
        .vertices()
        .iter()
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()))
}

/// Time of impact of two shapes moving by constant velocities (any pair), by
/// conservative advancement.
///
/// Never panics and never loops: at most `max_iterations` GJK queries (plus one EPA
/// query when the shapes overlap at t = 0). `trace`, when given, is cleared and
/// filled; without it nothing is allocated.
pub fn shape_cast(input: &CastInput, mut trace: Option<&mut CastTrace>) -> CastOutput {
    let (sa, sb) = (input.shape_a, input.shape_b);
    let xf_a = input.transform_a;
    let xf_b = input.transform_b;
    // B in A's frame at t = 0, and its relative velocity there.
    let b0 = xf_a.inv_mul(&xf_b);
    let v = xf_a.q.apply_inv(input.velocity_b - input.velocity_a);
    let total_radius = sa.radius() + sb.radius();
    let size = b0.p.abs().max_element() + extent(sa) + extent(sb) + total_radius;
    let tolerance = CAST_TOLERANCE * size;
    let speed_eps = TOI_VELOCITY_EPSILON * size;
    let max_iterations = input.max_iterations.max(1);

    if let Some(tr) = trace.as_deref_mut() {
        tr.start_a = Some(pose_at(&xf_a, input.velocity_a, 0.0));
        tr.start_b = Some(pose_at(&xf_b, input.velocity_b, 0.0));
        tr.end_a = Some(pose_at(&xf_a, input.velocity_a, 1.0));
        tr.end_b = Some(pose_at(&xf_b, input.velocity_b, 1.0));
        tr.impact_a = None;
        tr.impact_b = None;
        tr.tolerance = tolerance;
        tr.start_face_step = None;
        tr.start_time = 0.0;
        tr.steps.clear();
    }

    // World point at time t of a point given in A's frame with A fixed: A has moved
    // by velocity_a·t in the world.
    let world_point = |p: Vec2, t: f32| xf_a.apply(p) + input.velocity_a * t;

    // B's core in A's frame at t = 0, once, in a fixed array (no allocation): every
    // step then runs GJK on A's core and this one shifted by `v·t` (a translation
    // does not change which vertex is a support point).
    let mut vb = [Vec2::ZERO; MAX_POLYGON_VERTICES];
    let nb = sb.vertices().len().min(MAX_POLYGON_VERTICES);
    for (dst, src) in vb.iter_mut().zip(sb.vertices()) {
        *dst = b0.apply(*src);
    }
    let (ra, rb) = (sa.radius(), sb.radius());

    // Start GJK from the support pair facing each other along the line between the
    // origins (or along the motion when they coincide) rather than from vertex 0:
    // the closest features are usually near it, which saves GJK iterations.
    let axis = if b0.p != Vec2::ZERO { b0.p } else { v };
    let mut cache = SimplexCache {
        count: 1,
        ..Default::default()
    };
    let (ia0, ib0) = (
        support_index(sa.vertices(), axis),
        support_index(&vb[..nb], -axis),
    );
    cache.index_a[0] = ia0 as u8;
    cache.index_b[0] = ib0 as u8;
    let faces = FacePair {
        a: sa,
        b: sb,
        vb: &vb[..nb],
        b_rot: b0.q,
    };
    let mut t = 0.0f32;
    let mut iterations = 0u32;
    // The last normal and surface points (A's frame), for the outputs.
    let mut last_normal = Vec2::X;
    let mut last_points = (Vec2::ZERO, b0.p);
    let mut last_distance = f32::INFINITY;
    let mut last_t = 0.0f32;

    // Before any distance query: the faces at those two facing corners are
    // separating-axis candidates too (see `FacePair::bound`). When one proves the
    // shapes apart for a while (but not past the end of the step), the first query
    // is made there; for a face that is then hit, that query is the only one.
    if let Some(f) = faces.bound(ia0, ib0, Vec2::ZERO, v, total_radius, speed_eps) {
        let t1 = f.gap / f.closing_speed;
        if t1 <= 1.0 {
            t = t1;
            last_normal = f.axis;
            // Warm-start the query at t1 from the face against the nearest vertex.
            cache = face_cache(&f, sa.vertices(), &vb[..nb]);
            if let Some(tr) = trace.as_deref_mut() {
                tr.start_face_step = Some(FaceStep {
                    axis: xf_a.q.apply(f.axis),
                    ..f
                });
                tr.start_time = t1;
            }
        }
    }
    // Whether `last_normal` holds a direction found by the cast (a step or a face).
    let mut have_normal = t > 0.0;

    while iterations < max_iterations {
        let pair = LocalPair {
            a: sa.vertices(),
            b: &vb[..nb],
            b_to_a: Transform {
                p: v * t,
                q: Rot::IDENTITY,
            },
        };
        let core = gjk_core(
            &pair,
            Some(&cache),
            input.gjk_max_iterations,
            &Transform::IDENTITY,
            None,
        );
        cache = cache_of(&core.simplex);
        iterations += 1;
        let (ca, cb) = core.simplex.witness_points();
        let core_distance = if core.termination.is_overlap() {
            0.0
        } else {
            ca.distance(cb)
        };
        let d = core_distance - total_radius;
        // The normal from the witness points carries their rounding divided by the
        // distance: near contact (d ~ 1e-7·size) it is noise. When the closest
        // features are a vertex and an edge (a two-point simplex), the edge's own
        // perpendicular is exact at any distance; orient it like the witness normal
        // while that is reliable, else like the previous step's normal.
        let normal = (core_distance > 0.0).then(|| {
            let nw = (cb - ca) / core_distance;
            let reference = if d > tolerance || !have_normal {
                nw
            } else {
                last_normal
            };
            simplex_edge_normal(&core.simplex, reference).unwrap_or(nw)
        });
        let (pa, pb) = match normal {
            Some(n) => (ca + ra * n, cb - rb * n),
            None => (ca, cb),
        };
        // The trace record, built only when tracing.
        let mut step = trace.is_some().then(|| CastStep {
            iteration: iterations,
            t,
            pose_a: pose_at(&xf_a, input.velocity_a, t),
            pose_b: pose_at(&xf_b, input.velocity_b, t),
            distance: d,
            normal: normal.map(|n| xf_a.q.apply(n)),
            point_a: world_point(pa, t),
            point_b: world_point(pb, t),
            closing_speed: None,
            advance: None,
            face_step: None,
            gjk_iterations: core.iterations,
            gjk_termination: core.termination,
        });
        let mut record = |step: Option<CastStep>, closing: Option<f32>, advance: Option<f32>| {
            if let (Some(tr), Some(mut s)) = (trace.as_deref_mut(), step) {
                s.closing_speed = closing;
                s.advance = advance;
                tr.steps.push(s);
            }
        };

        // At t = 0: the cores touch or overlap (no normal), or the surfaces do.
        if t == 0.0 && (normal.is_none() || d <= 0.0) {
            record(step.take(), None, None);
            return initial_overlap(input, &xf_a, d, normal, (pa, pb), iterations, trace);
        }
        // Without a normal (the cores touch after a step) the points are still the
        // contact; the normal is the previous step's.
        if let Some(n) = normal {
            last_normal = n;
            have_normal = true;
        }
        last_points = (pa, pb);
        let c = -v.dot(last_normal);
        // Within the tolerance of touching (or, after a step, the cores touch: the
        // step landed exactly on the contact).
        let touching = normal.is_none() || d <= tolerance;
        if touching && t == 0.0 && c <= speed_eps {
            // Apart by less than the tolerance at t = 0 and not approaching: a miss
            // (the distance never shrinks), not an overlap.
            record(step.take(), Some(c), None);
            return miss(
                CastTermination::MovingApart,
                t,
                d,
                last_points,
                last_normal,
                iterations,
                &xf_a,
                input,
            );
        }
        if touching {
            // Close the remaining gap by one linear step (conservative, see above). The
            // step trusts the closing speed `c`: from a one-point simplex (vertex against
            // vertex) the normal is the direction between two points `core_distance`
            // apart, good to ~ε·size/core_distance, so `c` is known to |v| times that.
            // Within that noise the shapes touch but may not approach: stay at `t`
            // (found by the fuzzer: two points 1.5e-7 apart passing side by side got a
            // hit 7e-6 down the path, where they were apart and separating).
            let noise = if core.simplex.count == 1 && core_distance > 0.0 {
                v.length() * 8.0 * f32::EPSILON * size / core_distance
            } else {
                0.0
            };
            let dt = if d > 0.0 && c > speed_eps.max(noise) {
                d / c
            } else {
                0.0
            };
            let t_hit = (t + dt).min(1.0);
            record(step.take(), Some(c), Some(t_hit - t));
            // Between two rounded corners (a one-point simplex, cores `r` apart) the
            // normal turns as B slides by `v·dt`: take it from the two core points at
            // the impact. (For a face it does not turn; between sharp corners the
            // cores are too close for the direction to mean anything.)
            let mut n_hit = last_normal;
            if core.simplex.count == 1 && total_radius > tolerance {
                if let Some(n) = (cb + v * (t_hit - t) - ca).try_normalize() {
                    n_hit = n;
                }
            }
            let point = 0.5 * ((ca + ra * n_hit) + (cb + v * (t_hit - t) - rb * n_hit));
            if let Some(tr) = trace.as_deref_mut() {
                tr.impact_a = Some(pose_at(&xf_a, input.velocity_a, t_hit));
                tr.impact_b = Some(pose_at(&xf_b, input.velocity_b, t_hit));
            }
            return CastOutput {
                hit: true,
                t: t_hit,
                point: world_point(point, t_hit),
                normal: xf_a.q.apply(n_hit),
                distance: d.max(0.0),
                iterations,
                termination: CastTermination::Hit,
            };
        }
        last_distance = d;
        last_t = t;
        // Not approaching along the normal: by convexity, never.
        if c <= speed_eps {
            record(step.take(), Some(c), None);
            return miss(
                CastTermination::MovingApart,
                t,
                d,
                last_points,
                last_normal,
                iterations,
                &xf_a,
                input,
            );
        }
        // CA's step, and when the closest features are two vertices, the separating-
        // axis bound of the faces that meet there (see `face_bound`), if longer.
        let mut dt = d / c;
        if core.simplex.count == 1 {
            let (ia, ib) = (
                core.simplex.v[0].index_a as usize,
                core.simplex.v[0].index_b as usize,
            );
            if let Some(f) = faces.bound(ia, ib, v * t, v, total_radius, speed_eps) {
                let face_dt = f.gap / f.closing_speed;
                if face_dt > dt {
                    // The face's axis is the contact normal if the shapes touch there:
                    // the fallback if the next pose has the cores exactly touching.
                    dt = face_dt;
                    last_normal = f.axis;
                    cache = face_cache(&f, sa.vertices(), &vb[..nb]);
                    if let Some(st) = step.as_mut() {
                        st.face_step = Some(FaceStep {
                            axis: xf_a.q.apply(f.axis),
                            ..f
                        });
                    }
                }
            }
        }
        if t + dt > 1.0 {
            record(step.take(), Some(c), None);
            return miss(
                CastTermination::SeparatedAtEnd,
                t,
                d,
                last_points,
                last_normal,
                iterations,
                &xf_a,
                input,
            );
        }
        record(step.take(), Some(c), Some(dt));
        t += dt;
    }
    // Out of steps: t is still conservative (every advance was safe).
    let (pa, pb) = last_points;
    let point = 0.5 * (pa + pb + v * (t - last_t));
    CastOutput {
        hit: false,
        t,
        point: world_point(point, t),
        normal: xf_a.q.apply(last_normal),
        distance: last_distance,
        iterations,
        termination: CastTermination::MaxIterations,
    }
}

/// The two shapes for [`FacePair::bound`]: A's core, and B's core in A's frame at
/// t = 0 (`vb`, B's rotation into A's frame `b_rot`).
struct FacePair<'a> {
    a: &'a Shape,
    b: &'a Shape,
    vb: &'a [Vec2],
    b_rot: Rot,
}

impl FacePair<'_> {
    /// A longer safe step than CA's when the closest features are two vertices
    /// (`ia` of A, `ib` of B), which is how most casts start: the closest-point
    /// normal there is a corner-to-corner direction, and stepping along it stops well
    /// short of the face that is hit next.
    ///
    /// Each face meeting at `ia` or `ib` is a separating axis candidate `u` (A → B).
    /// Along a fixed axis the gap between the projections closes linearly,
    /// `sep_u(t + Δ) = sep_u(t) − c_u·Δ` with `c_u = −v·u`, and the shapes are
    /// disjoint while any gap is positive; so while `sep_u > 0` the shapes cannot
    /// touch before `Δ = sep_u / c_u`, a bound as safe as CA's (it is one axis of
    /// swept SAT). On the face's own shape the extreme projection is the vertex
    /// itself; the other shape needs one support query. Returns the largest such
    /// step, or 0. `shift` is B's displacement at the current time, `r` the sum of
    /// the radii. Returns the face of the largest step (axis in A's frame), if any.
    fn bound(
        &self,
        ia: usize,
        ib: usize,
        shift: Vec2,
        v: Vec2,
        r: f32,
        speed_eps: f32,
    ) -> Option<FaceStep> {
        let va = self.a.vertices();
        let vb = self.vb;
        let mut best: Option<FaceStep> = None;
        // Keeps the face with the longest safe step.
        let mut keep =
            |owner: &'static str, edge: usize, u: Vec2, gap: f32, closing: f32, vertex: usize| {
                let longer = best.is_none_or(|b| gap * b.closing_speed > b.gap * closing);
                if gap > 0.0 && longer {
                    best = Some(FaceStep {
                        owner,
                        edge,
                        axis: u,
                        gap,
                        closing_speed: closing,
                        vertex,
                    });
                }
            };
        // Only faces B approaches (closing speed > 0) can bound the step; the
        // projection is computed for those alone.
        let na = va.len();
        if na >= 2 && ia < na {
            for e in [(ia + na - 1) % na, ia] {
                let u = self.a.normals()[e];
                let closing = -v.dot(u);
                if closing > speed_eps {
                    // A reaches exactly to its vertex on this face; B's nearest point.
                    let (lo_b, j) = min_projection(vb, u);
                    let gap = lo_b + shift.dot(u) - va[ia].dot(u) - r;
                    keep("A", e, u, gap, closing, j);
                }
            }
        }
        let nv = vb.len();
        if nv >= 2 && ib < nv {
            for e in [(ib + nv - 1) % nv, ib] {
                // B's outward face normal, turned into A's frame; the axis faces B.
                let u = -self.b_rot.apply(self.b.normals()[e]);
                let closing = -v.dot(u);
                if closing > speed_eps {
                    let (neg_hi_a, i) = min_projection(va, -u);
                    let gap = (vb[ib] + shift).dot(u) + neg_hi_a - r;
                    keep("B", e, u, gap, closing, i);
                }
            }
        }
        best
    }
}

/// `min p·u` over `points` and the first vertex reaching it (one pass).
#[inline]
fn min_projection(points: &[Vec2], u: Vec2) -> (f32, usize) {
    // A plain compare, not `f32::min` (whose NaN handling costs a few instructions
    // per vertex): a NaN projection is skipped either way. Ties keep the first.
    let (mut m, mut at) = (f32::INFINITY, 0);
    for (i, p) in points.iter().enumerate() {
        let d = p.x * u.x + p.y * u.y;
        if d < m {
            m = d;
            at = i;
        }
    }
    (m, at)
}

/// The warm-start cache of a simplex (as `b2Simplex::WriteCache` does): vertex
/// indices and the metric (length of a segment, twice the signed area of a triangle).
fn cache_of(simplex: &Simplex) -> SimplexCache {
    let v = &simplex.v;
    let mut c = SimplexCache {
        count: simplex.count as u8,
        metric: match simplex.count {
            2 => v[0].w.distance(v[1].w),
            3 => cross(v[1].w - v[0].w, v[2].w - v[0].w),
            _ => 0.0,
        },
        ..Default::default()
    };
    for (i, w) in v.iter().take(simplex.count.min(3)).enumerate() {
        c.index_a[i] = w.index_a;
        c.index_b[i] = w.index_b;
    }
    c
}

/// The unit perpendicular of the simplex's edge when GJK ended on an edge of B − A
/// (a vertex against an edge), oriented along `reference`; `None` for a one-point
/// simplex or a degenerate edge.
fn simplex_edge_normal(simplex: &Simplex, reference: Vec2) -> Option<Vec2> {
    if simplex.count != 2 {
        return None;
    }
    let e = simplex.v[1].w - simplex.v[0].w;
    let n = left_perp(e).try_normalize()?;
    Some(if n.dot(reference) >= 0.0 { n } else { -n })
}

/// A miss proven at the pose of time `t`.
#[allow(clippy::too_many_arguments)]
fn miss(
    termination: CastTermination,
    t: f32,
    distance: f32,
    (pa, pb): (Vec2, Vec2),
    normal: Vec2,
    iterations: u32,
    xf_a: &Transform,
    input: &CastInput,
) -> CastOutput {
    CastOutput {
        hit: false,
        t,
        point: xf_a.apply(0.5 * (pa + pb)) + input.velocity_a * t,
        normal: xf_a.q.apply(normal),
        distance,
        iterations,
        termination,
    }
}

/// The shapes touch or overlap at t = 0. The normal and point come from EPA when
/// the shapes overlap (the direction B must move to separate), else from GJK (the
/// surfaces are apart by less than the tolerance). If neither gives a direction
/// (two coincident points), the normal falls back to +x: the depth is then 0 and
/// every direction is a minimum translation.
fn initial_overlap(
    input: &CastInput,
    xf_a: &Transform,
    d: f32,
    normal: Option<Vec2>,
    (pa, pb): (Vec2, Vec2),
    iterations: u32,
    trace: Option<&mut CastTrace>,
) -> CastOutput {
    if let Some(tr) = trace {
        tr.impact_a = tr.start_a;
        tr.impact_b = tr.start_b;
    }
    let pen = (d <= 0.0).then(|| {
        penetration(
            &PenetrationInput {
                shape_a: input.shape_a,
                transform_a: *xf_a,
                shape_b: input.shape_b,
                transform_b: input.transform_b,
                gjk_max_iterations: input.gjk_max_iterations,
                epa_tolerance: DEFAULT_EPA_TOLERANCE,
                epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
            },
            None,
            None,
        )
    });
    let (point, n, distance) = match (pen.flatten(), normal) {
        (Some(p), _) => (0.5 * (p.point_a + p.point_b), p.normal, -p.depth),
        (None, Some(n)) => (xf_a.apply(0.5 * (pa + pb)), xf_a.q.apply(n), d),
        (None, None) => (xf_a.apply(0.5 * (pa + pb)), Vec2::X, d.min(0.0)),
    };
    CastOutput {
        hit: true,
        t: 0.0,
        point,
        normal: n,
        distance,
        iterations,
        termination: CastTermination::InitiallyOverlapping,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn cast(
        a: &Shape,
        pa: Vec2,
        va: Vec2,
        b: &Shape,
        pb: Vec2,
        vb: Vec2,
        trace: Option<&mut CastTrace>,
    ) -> CastOutput {
        shape_cast(
            &CastInput::new(
                a,
                Transform::new(pa, 0.0),
                va,
                b,
                Transform::new(pb, 0.0),
                vb,
            ),
            trace,
        )
    }

    #[test]
    fn circles_head_on() {
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::circle(0.5).unwrap();
        let out = cast(
            &a,
            Vec2::ZERO,
            v(1.0, 0.0),
            &b,
            v(5.0, 0.0),
            v(-6.0, 0.0),
            None,
        );
        assert_eq!(out.termination, CastTermination::Hit);
        // Gap 3.5, closing at 7: t = 0.5; A's centre is then at x = 0.5.
        assert!((out.t - 0.5).abs() < 1e-6, "{out:?}");
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-5);
        assert!((out.point - v(1.5, 0.0)).length() < 1e-4, "{out:?}");
    }

    #[test]
    fn box_corner_on_circle_is_exact() {
        // A corner meeting an arc: the normal turns between steps; the time still
        // matches the closed form. Circle r = 1 at the origin; a unit box whose
        // lower-left corner starts at (3, 0.6) and moves along −x at speed 4: the
        // corner meets the circle at x = sqrt(1 − 0.36) = 0.8, at t = 2.2/4.
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let out = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(3.5, 1.1),
            v(-4.0, 0.0),
            None,
        );
        assert_eq!(out.termination, CastTermination::Hit, "{out:?}");
        let x_contact = (1.0f32 - 0.36).sqrt(); // the corner (x, 0.6) on the circle
        let t_exact = (3.0 - x_contact) / 4.0;
        assert!((out.t - t_exact).abs() < 1e-5, "{} vs {t_exact}", out.t);
        assert!((out.point - v(x_contact, 0.6)).length() < 1e-3, "{out:?}");
    }

    #[test]
    fn misses_say_why() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let apart = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(4.0, 0.0),
            v(1.0, 0.0),
            None,
        );
        assert_eq!(apart.termination, CastTermination::MovingApart);
        assert!(!apart.hit);
        let late = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(4.0, 0.0),
            v(-1.0, 0.0),
            None,
        );
        assert_eq!(late.termination, CastTermination::SeparatedAtEnd);
        let still = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(4.0, 0.0),
            Vec2::ZERO,
            None,
        );
        assert_eq!(still.termination, CastTermination::MovingApart);
    }

    #[test]
    fn initial_overlap_uses_epa() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(1.8, 0.3),
            v(-1.0, 0.0),
            None,
        );
        assert_eq!(out.termination, CastTermination::InitiallyOverlapping);
        assert_eq!(out.t, 0.0);
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-4, "{out:?}");
        assert!((out.distance + 0.2).abs() < 1e-4, "{out:?}");
    }

    #[test]
    fn corners_step_along_a_face() {
        // B starts diagonally off A's corner (1, 1). Along the line between the
        // origins the facing corners are A's (1, 1) and B's (3.5, 2); CA's step from
        // t = 0 along the corner-to-corner normal would stop at t = 0.604. A's right
        // face (edge 1) at that corner is 2.5 from B and closes at 4: before any
        // distance query the shapes are proven apart until t = 0.625, which is the
        // impact, so one query there confirms it.
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let mut trace = CastTrace::default();
        let out = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(4.0, 2.5),
            v(-4.0, -2.0),
            Some(&mut trace),
        );
        assert_eq!(out.termination, CastTermination::Hit);
        assert!((out.t - 0.625).abs() < 1e-6, "{out:?}");
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-5, "{out:?}");
        assert_eq!(out.iterations, 1);
        let f = trace
            .start_face_step
            .expect("a face step before the first query");
        assert_eq!((f.owner, f.edge), ("A", 1));
        assert!((f.gap - 2.5).abs() < 1e-5 && (f.closing_speed - 4.0).abs() < 1e-5);
        assert!((trace.start_time - 0.625).abs() < 1e-6);
        assert!((trace.steps[0].t - 0.625).abs() < 1e-6);
    }

    #[test]
    fn a_face_step_never_passes_the_impact() {
        // B's lower-left corner flies into the hypotenuse of a right triangle. Face
        // steps and CA steps alike must stay before the impact: every recorded
        // step time is at most the time of impact.
        let a = Shape::polygon(&[v(0.0, 0.0), v(3.0, 0.0), v(0.0, 3.0)], 0.0).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let mut trace = CastTrace::default();
        let out = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(4.0, 4.0),
            v(-4.5, -3.5),
            Some(&mut trace),
        );
        assert_eq!(out.termination, CastTermination::Hit, "{out:?}");
        // The hypotenuse x + y = 3 is hit: B's corner (3.5, 3.5) − (4.5, 3.5)·t
        // reaches it at 7 − 8t = 3, t = 0.5.
        assert!((out.t - 0.5).abs() < 1e-6, "{out:?}");
        let n = v(1.0, 1.0).normalize();
        assert!((out.normal - n).length() < 1e-5, "{out:?}");
        assert!(trace.start_time <= out.t + 1e-6);
        assert!(trace.steps.iter().all(|s| s.t <= out.t + 1e-6));
    }

    #[test]
    fn trace_has_every_pose() {
        let a = Shape::circle(1.0).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let mut trace = CastTrace::default();
        let out = cast(
            &a,
            Vec2::ZERO,
            Vec2::ZERO,
            &b,
            v(3.5, 1.1),
            v(-4.0, 0.0),
            Some(&mut trace),
        );
        assert_eq!(trace.steps.len() as u32, out.iterations);
        assert!(out.iterations >= 2);
        assert_eq!(trace.start_b.unwrap().position, v(3.5, 1.1));
        assert_eq!(trace.end_b.unwrap().position, v(-0.5, 1.1));
        let impact = trace.impact_b.unwrap().position;
        assert!((impact - v(3.5 - 4.0 * out.t, 1.1)).length() < 1e-5);
        // Times grow, distances shrink.
        for w in trace.steps.windows(2) {
            assert!(w[1].t > w[0].t && w[1].distance < w[0].distance, "{w:?}");
        }
    }
}
