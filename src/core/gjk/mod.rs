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
//! B − A along it is added.
//!
//! Every step is Box2D v3's `b2ShapeDistance` arithmetic: B's core brought into A's
//! frame once, the same Voronoi tests and weights, the same search direction (negated:
//! Box2D works on A − B), the first vertex on a support tie. So the iterations and the
//! simplex it ends on (the warm-start cache) are Box2D's. The loop stops, as Box2D's
//! does, when
//! - the simplex is a triangle holding the origin (overlap),
//! - the search direction vanishes (`d·d < FLT_EPSILON²`: the origin lies on the
//!   simplex, touching),
//! - the new support pair repeats one of the simplex as it entered the step (the main
//!   termination, on *indices*, never on coordinates, which can cycle),
//! - the iteration bound is reached.
//!
//! Three rules of our own part it from Box2D only where Box2D goes wrong, each asking
//! whether the origin lies on the simplex to f32 precision ([`GJK_DIRECTION_EPSILON`]
//! of the configuration's size):
//! - Box2D's direction test is absolute and its `d` scales with the square of a
//!   segment's length, so on a short simplex edge it fires with the origin clearly off
//!   the simplex and Box2D reports an overlap (public case 5; tiny shapes near large
//!   ones): here it ends the query only with the origin on the simplex, else the loop
//!   goes on ([`DistanceOutput::box2d_early_return`] records that Box2D stopped);
//! - a solved simplex met before ends it ([`GjkTermination::Cycle`]): the loop is
//!   deterministic, so from there it would repeat the same steps (on a flat B − A
//!   rounding circles through its vertices), which Box2D does to its iteration bound;
//! - a loop that ends (repeated support, or circling) with the origin on the simplex
//!   is touching ([`GjkTermination::DirectionZero`], distance 0), where Box2D reports a
//!   distance of rounding — for coincident shapes, whose B − A has a segment through
//!   the origin, a separation of a few 1e-7.
//!
//! With radii (rounded shapes), the cores are measured and the radii subtracted
//! afterwards: if the core distance exceeds `rA + rB` the witness points move
//! inward by their radius along the normal; otherwise the shapes overlap and both
//! points go to the midpoint, distance 0 (b2Distance).
//!
//! ## Files
//! - `mod.rs`: inputs and outputs, [`shape_distance`];
//! - `run.rs`: the GJK loop (`gjk_core`, `gjk_run`) and its terminations;
//! - `simplex.rs`: the simplex, Solve2 / Solve3, witness points, search direction;
//! - `pair.rs`: the two cores in A's frame and the support map of B − A;
//! - `cache.rs`: the warm-start cache ([`SimplexCache`]);
//! - `trace.rs`: the trace records ([`GjkTrace`], [`GjkStep`]).

mod cache;
mod pair;
mod run;
mod simplex;
mod trace;

pub use self::cache::{CacheUse, SimplexCache};
pub(crate) use self::pair::LocalPair;
pub(crate) use self::run::{gjk_core, gjk_run, GjkCore, GjkRun};
pub(crate) use self::simplex::{direction_and_distance, separation_normal};
pub use self::simplex::{Simplex, SimplexVertex, VoronoiRegion};
pub use self::trace::{GjkStep, GjkTrace};

use self::cache::write_cache;
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// Why GJK stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GjkTermination {
    /// The solved simplex is one the loop met before: being deterministic it would go
    /// round the same steps forever (rounding on a flat B − A). Box2D does, to its
    /// iteration bound.
    Cycle,
    /// The new support pair (by vertex indices) is already in the simplex.
    DuplicateSupport,
    /// The search direction vanished (`d·d < FLT_EPSILON²`, Box2D's test): the origin
    /// lies on the simplex (the shapes touch, or overlap with the origin exactly on a
    /// simplex edge, as in public case 6).
    DirectionZero,
    /// The simplex is a triangle containing the origin: the cores overlap.
    Overlap,
    /// The iteration bound was reached before any other criterion: did not converge.
    MaxIterations,
}

impl GjkTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }

    /// True when the origin was found on or inside the simplex.
    pub fn is_overlap(self) -> bool {
        matches!(
            self,
            GjkTermination::Overlap | GjkTermination::DirectionZero
        )
    }
}

/// Input of [`shape_distance`].
#[derive(Clone, Copy, Debug)]
pub struct DistanceInput<'a> {
    /// Shape A and shape B, each with its pose.
    pub pair: PosedPair<'a>,
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
    /// The final simplex's vertex indices of A and of B (the first `simplex_count`):
    /// the warm-start cache the query ends on.
    pub simplex_a: [u8; 3],
    pub simplex_b: [u8; 3],
    /// How the query started.
    pub cache_use: CacheUse,
    /// Box2D's `b2ShapeDistance` returned early at a step of this query, reporting an
    /// overlap with 0 iterations and its cache unwritten: its simplex enclosed the
    /// origin (as here), or its absolute test on the search direction
    /// (`d·d < FLT_EPSILON²`) fired — with the origin on the simplex (as here), or off it
    /// on a short simplex edge, where Box2D's overlap is false and this query goes on.
    pub box2d_early_return: bool,
}

/// The GJK loop's result with what every distance query reads from it, in A's frame:
/// the witness points on the cores and their distance (0 when the cores overlap or
/// touch). The world points and the normal are derived on demand
/// ([`CoreDistance::world_points`], [`CoreDistance::normal`]), so a caller that
/// only looks at the distance (the rotating time of impact, until it hits) does not
/// pay for them.
pub(crate) struct CoreDistance {
    pub run: GjkRun,
    pub local_a: Vec2,
    pub local_b: Vec2,
    pub core_distance: f32,
}

impl CoreDistance {
    /// The witness points in world space (A's pose `xf_a`).
    #[inline]
    pub fn world_points(&self, xf_a: &Transform) -> (Vec2, Vec2) {
        (xf_a.apply(self.local_a), xf_a.apply(self.local_b))
    }

    /// Unit normal from A to B (world) of cores that are apart; `None` when they
    /// overlap or touch. `simplex`: the query's final simplex.
    #[inline]
    pub fn normal(&self, simplex: &Simplex, xf_a: &Transform) -> Option<Vec2> {
        if self.core_distance > 0.0 {
            let n = separation_normal(simplex)
                .unwrap_or((self.local_b - self.local_a) / self.core_distance);
            Some(xf_a.q.apply(n))
        } else {
            None
        }
    }
}

/// The distance between the cores of `pair` (A's pose `xf_a`), the final simplex left
/// in `simplex`; `cache` warm-starts the query and is rewritten with that simplex.
#[inline(always)]
pub(crate) fn core_distance(
    pair: &LocalPair,
    cache: Option<&mut SimplexCache>,
    max_iterations: u32,
    xf_a: &Transform,
    trace: Option<&mut GjkTrace>,
    simplex: &mut Simplex,
) -> CoreDistance {
    let run = gjk_run(pair, cache.as_deref(), max_iterations, xf_a, trace, simplex);
    if let Some(c) = cache {
        *c = write_cache(simplex);
    }
    let (local_a, local_b) = simplex.witness_points();
    let core_distance = if run.termination.is_overlap() {
        0.0
    } else {
        local_a.distance(local_b)
    };
    CoreDistance {
        run,
        local_a,
        local_b,
        core_distance,
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
    match trace {
        None => distance_untraced(input, cache),
        Some(t) => distance_traced(input, cache, t),
    }
}

/// [`shape_distance`] without a trace: the loop's records fold away.
#[inline(never)]
fn distance_untraced(input: &DistanceInput, cache: Option<&mut SimplexCache>) -> DistanceOutput {
    distance_of(input, cache, None)
}

#[inline(never)]
fn distance_traced(
    input: &DistanceInput,
    cache: Option<&mut SimplexCache>,
    trace: &mut GjkTrace,
) -> DistanceOutput {
    distance_of(input, cache, Some(trace))
}

#[inline(always)]
fn distance_of(
    input: &DistanceInput,
    cache: Option<&mut SimplexCache>,
    trace: Option<&mut GjkTrace>,
) -> DistanceOutput {
    let xf_a = input.pair.transform_a;
    let pair = LocalPair::new(&input.pair);
    let mut simplex = Simplex::default();
    let q = core_distance(
        &pair,
        cache,
        input.max_iterations,
        &xf_a,
        trace,
        &mut simplex,
    );
    let (mut point_a, mut point_b) = q.world_points(&xf_a);
    let core_distance = q.core_distance;
    let mut distance = core_distance;
    let mut normal = q.normal(&simplex, &xf_a);
    if input.use_radii {
        let ra = input.pair.shape_a.radius();
        let rb = input.pair.shape_b.radius();
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
        iterations: q.run.iterations,
        termination: q.run.termination,
        simplex_count: simplex.count,
        cache_use: q.run.cache_use,
        box2d_early_return: q.run.box2d_early_return,
        simplex_a: [0, 1, 2].map(|k| simplex.v[k].index_a),
        simplex_b: [0, 1, 2].map(|k| simplex.v[k].index_b),
    }
}

/// A distance query's iteration count and simplex cache as Box2D's `b2ShapeDistance`
/// reports them from a cold start (see [`DistanceOutput::box2d_report`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Box2dDistanceReport {
    pub iterations: u32,
    /// The cache's vertex indices of A and of B.
    pub index_a: Vec<u8>,
    pub index_b: Vec<u8>,
}

impl DistanceOutput {
    /// This query's iterations and simplex as Box2D reports them from a cold start:
    /// Box2D returns early — before counting its iterations (0) and without writing
    /// the cache (empty) — when its simplex encloses the origin or its search
    /// direction vanishes ([`DistanceOutput::box2d_early_return`]); otherwise the
    /// support evaluations and the final simplex's index pairs.
    pub fn box2d_report(&self) -> Box2dDistanceReport {
        if self.box2d_early_return {
            return Box2dDistanceReport {
                iterations: 0,
                index_a: Vec::new(),
                index_b: Vec::new(),
            };
        }
        self.report_as_run()
    }

    /// This query's iterations and final simplex as it ran, whether or not Box2D's
    /// rule would have returned early on the way.
    pub fn report_as_run(&self) -> Box2dDistanceReport {
        let n = self.simplex_count.min(3);
        Box2dDistanceReport {
            iterations: self.iterations,
            index_a: self.simplex_a[..n].to_vec(),
            index_b: self.simplex_b[..n].to_vec(),
        }
    }
}

/// True when the two shapes (with their radii) touch or overlap.
pub fn intersects(shape_a: &Shape, xf_a: &Transform, shape_b: &Shape, xf_b: &Transform) -> bool {
    let out = shape_distance(
        &DistanceInput {
            pair: PosedPair::new(shape_a, *xf_a, shape_b, *xf_b),
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
                pair: PosedPair::new(a, xa, b, xb),
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
            GjkTermination::DuplicateSupport | GjkTermination::Cycle
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
                pair: PosedPair::new(
                    &a,
                    Transform::IDENTITY,
                    &b,
                    Transform::new(v(10.0, 3.0), 0.1),
                ),
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
}
