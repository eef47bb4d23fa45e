//! The GJK trace: one record per iteration (the simplex entering and leaving, the
//! Voronoi region, the search direction and support point, the stop), in world
//! space, written without allocating once a reused trace has held as many steps.

use super::cache::CacheUse;
use super::simplex::{Simplex, SimplexVertex, VoronoiRegion};
use super::GjkTermination;
use crate::core::math::Transform;
use glam::Vec2;
use serde::Serialize;

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

/// Writes trace record number `*recorded`, converted to world space, and counts it.
/// Only called with a trace. A record left over from an earlier query is
/// overwritten in place, its lists keeping their memory: a trace reused from query
/// to query stops allocating once it has held as many steps.
#[allow(clippy::too_many_arguments)]
#[cold]
#[inline(never)]
pub(super) fn record_step(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gjk::{shape_distance, DistanceInput, GjkTermination};
    use crate::core::math::Transform;
    use crate::core::pair::PosedPair;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn trace_records_every_iteration_and_the_stop() {
        let a = Shape::polygon(&[v(0.0, 0.0), v(2.0, 0.0), v(1.0, 1.5)], 0.0).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let mut trace = GjkTrace::default();
        let out = shape_distance(
            &DistanceInput {
                pair: PosedPair::new(
                    &a,
                    Transform::new(v(-1.0, 0.0), 0.2),
                    &b,
                    Transform::new(v(3.0, 2.0), 0.7),
                ),
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
}
