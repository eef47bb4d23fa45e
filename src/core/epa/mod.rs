//! EPA: penetration depth and normal of two overlapping shapes.
//!
//! Frame convention: as in [`gjk`](crate::core::gjk), the solver works in A's local
//! frame and every output and trace record is in world space. The normal points from
//! A to B: it is the direction B must move to separate.
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
//!
//! ## Files
//! - `mod.rs`: inputs and outputs, [`penetration`] (overlap through the radii, the
//!   expansion loop, the witness points);
//! - `polytope.rs`: the polytope of support points and its edges;
//! - `trace.rs`: the trace records ([`EpaTrace`], [`EpaStep`]).

mod polytope;
mod trace;

pub use self::trace::{EpaStep, EpaTrace};

use self::polytope::{Edge, Polytope, CAPACITY};
use self::trace::record_step;
use crate::core::consts::{EPA_ABSOLUTE_TOLERANCE, MAX_EPA_ITERATIONS};
use crate::core::gjk::{gjk_core, separation_normal, GjkCore, GjkTermination, GjkTrace, LocalPair};
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::record::Record;
use glam::Vec2;
use serde::Serialize;
use std::ops::ControlFlow;

/// Iterations without the closest distance growing (beyond the tolerance) after
/// which EPA reports [`EpaTermination::Stalled`].
const STALL_ITERATIONS: u32 = 8;

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
        crate::core::names::variant_name(&self)
    }
}

/// Input of [`penetration`].
#[derive(Clone, Copy, Debug)]
pub struct PenetrationInput<'a> {
    /// Shape A and shape B, each with its pose.
    pub pair: PosedPair<'a>,
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

/// Penetration depth, normal and witness points of two shapes, or `None` when they
/// do not overlap (with their radii). Traces are filled when given.
pub fn penetration(
    input: &PenetrationInput,
    gjk_trace: Option<&mut GjkTrace>,
    mut trace: Option<&mut EpaTrace>,
) -> Option<PenetrationOutput> {
    let xf_a = input.pair.transform_a;
    let pair = LocalPair::new(&input.pair);
    let gjk = gjk_core(&pair, None, input.gjk_max_iterations, &xf_a, gjk_trace);
    trace.record(|t| {
        t.steps.clear();
    });
    let radii = (input.pair.shape_a.radius(), input.pair.shape_b.radius());

    // A GJK that hit its iteration bound decided nothing: the expansion below starts
    // from its simplex and decides (the origin may turn out to be outside B − A).
    let gjk_unfinished = gjk.termination == GjkTermination::MaxIterations;
    if !gjk.termination.is_overlap() && !gjk_unfinished {
        if let ControlFlow::Break(answer) = through_radii(&gjk, &xf_a, radii) {
            return answer;
        }
    }

    let mut poly = Polytope::empty();
    if gjk.simplex.count == 3 {
        poly.fill_from_simplex(&gjk.simplex);
    } else {
        poly.fill_seed(&pair, &gjk.simplex);
    }
    let found = expand(&pair, &mut poly, input, &xf_a, trace);
    deepest_points(&pair, &poly, &found, &xf_a, radii, gjk.termination)
}

/// GJK finished with the cores apart: the shapes overlap only through their radii
/// (depth `rA + rB − d` along GJK's normal), or not at all. Goes on to the polytope
/// when the witness points coincide.
#[inline]
fn through_radii(
    gjk: &GjkCore,
    xf_a: &Transform,
    (ra, rb): (f32, f32),
) -> ControlFlow<Option<PenetrationOutput>> {
    let (pa, pb) = gjk.simplex.witness_points();
    let d = pa.distance(pb);
    if d >= ra + rb {
        return ControlFlow::Break(None);
    }
    // Witness points that coincide (d = 0) although GJK did not flag the origin
    // on the simplex are cores touching to rounding: they go on to the polytope
    // below, as for `DirectionZero`, rather than "no overlap": otherwise a point 5e-7
    // from a capsule's core, 26 from its own origin, has depth 2.9e-3 one way round
    // and none the other (`tests/fuzz.rs`).
    if d > 0.0 {
        // From the simplex, not `(pb − pa) / d`: accurate however small `d` is.
        let n = separation_normal(&gjk.simplex).unwrap_or((pb - pa) / d);
        let normal = xf_a.q.apply(n);
        return ControlFlow::Break(Some(PenetrationOutput {
            depth: ra + rb - d,
            normal,
            point_a: xf_a.apply(pa) + ra * normal,
            point_b: xf_a.apply(pb) - rb * normal,
            iterations: 0,
            termination: EpaTermination::CoreSeparated,
            gjk_termination: gjk.termination,
        }));
    }
    ControlFlow::Continue(())
}

/// Where the expansion stopped: the closest edge (or the best lower bound), why,
/// and the expansions made.
struct Expansion {
    edge: Edge,
    termination: EpaTermination,
    iterations: u32,
}

/// Stall detection: the closest distance must keep growing.
#[derive(Default)]
struct Progress {
    /// The deepest closest edge so far (the best lower bound of the depth).
    best: Option<Edge>,
    /// Iterations since the closest distance last grew beyond the tolerance.
    since_progress: u32,
}

impl Progress {
    /// Takes this iteration's closest `edge`; true when the distance has not grown
    /// by more than `absolute` for [`STALL_ITERATIONS`] iterations.
    #[inline(always)]
    fn stalled(&mut self, edge: Edge, absolute: f32) -> bool {
        match self.best {
            Some(b) if edge.distance <= b.distance + absolute => self.since_progress += 1,
            _ => self.since_progress = 0,
        }
        if self.best.is_none_or(|b| edge.distance >= b.distance) {
            self.best = Some(edge);
        }
        self.since_progress >= STALL_ITERATIONS
    }

    /// The best edge, or `edge` when none was kept.
    #[inline(always)]
    fn best_or(&self, edge: Edge) -> Edge {
        self.best.unwrap_or(edge)
    }
}

/// The expansion loop: grows `poly` towards B − A's boundary until the support
/// point along the closest edge's normal adds nothing, the support pair repeats,
/// the distance stalls, or the iteration bound or the polytope's capacity is
/// reached. Records each iteration into `trace` (world space via `xf_a`).
fn expand(
    pair: &LocalPair,
    poly: &mut Polytope,
    input: &PenetrationInput,
    xf_a: &Transform,
    mut trace: Option<&mut EpaTrace>,
) -> Expansion {
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
    let mut progress = Progress::default();

    let (edge, termination) = loop {
        // This iteration's record (the polytope before it grows); the closure builds
        // it only when a trace is given.
        let mut record = |edge: &Edge, support, stop| {
            trace.record(|t| record_step(t, xf_a, poly, edge, iterations, support, stop));
        };
        let Some(edge) = poly.closest_edge() else {
            // Every support point is the same point: both cores are points at the
            // same place. Any direction separates them equally well.
            let edge = Edge {
                index: 0,
                normal: Vec2::Y,
                distance: 0.0,
            };
            record(&edge, None, Some(EpaTermination::Degenerate));
            break (edge, EpaTermination::Degenerate);
        };
        if progress.stalled(edge, absolute) {
            let b = progress.best_or(edge);
            record(&b, None, Some(EpaTermination::Stalled));
            break (b, EpaTermination::Stalled);
        }
        if iterations >= max_iterations || poly.n >= CAPACITY {
            let b = progress.best_or(edge);
            record(&b, None, Some(EpaTermination::MaxIterations));
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
            record(&edge, Some(s.w), Some(stop));
            break (edge, stop);
        }
        if poly.contains_pair(&s) {
            // The polytope is convex, so a vertex cannot lie beyond its closest edge by
            // more than rounding; stop rather than cycle.
            record(&edge, Some(s.w), Some(EpaTermination::DuplicateSupport));
            break (edge, EpaTermination::DuplicateSupport);
        }
        record(&edge, Some(s.w), None);
        poly.insert(edge.index + 1, s, weld);
        iterations += 1;
    };
    Expansion {
        edge,
        termination,
        iterations,
    }
}

/// The answer from the edge the expansion stopped at: the witness points are the
/// barycentric position of the origin's projection on the edge, the radii added
/// along the normal. `None` when an unfinished GJK (`gjk_termination`) left the
/// origin outside B − A by more than the radii.
#[inline]
fn deepest_points(
    pair: &LocalPair,
    poly: &Polytope,
    found: &Expansion,
    xf_a: &Transform,
    (ra, rb): (f32, f32),
    gjk_termination: GjkTermination,
) -> Option<PenetrationOutput> {
    let edge = &found.edge;
    let gjk_unfinished = gjk_termination == GjkTermination::MaxIterations;
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
        iterations: found.iterations,
        termination: found.termination,
        gjk_termination,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn pen(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Option<PenetrationOutput> {
        penetration(
            &PenetrationInput {
                pair: PosedPair::new(a, xa, b, xb),
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
                    pair: PosedPair::new(&a, Transform::IDENTITY, &b, xb),
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
}
