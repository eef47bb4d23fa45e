//! The EPA trace: one record per iteration (the polytope, its closest edge, the
//! support point along the edge's normal, the stop), in world space.

use super::polytope::{Edge, Polytope};
use super::EpaTermination;
use crate::core::math::Transform;
use glam::Vec2;
use serde::Serialize;

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

/// Appends one EPA step, converted to world space. Only called with a trace.
#[cold]
#[inline(never)]
pub(super) fn record_step(
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::epa::{penetration, PenetrationInput};
    use crate::core::pair::PosedPair;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn trace_holds_every_polytope() {
        let a = Shape::polygon(&[v(4.0, 11.0), v(9.0, 9.0), v(4.0, 5.0)], 0.0).unwrap();
        let b = Shape::polygon(&[v(5.0, 7.0), v(12.0, 7.0), v(10.0, 2.0)], 0.0).unwrap();
        let mut trace = EpaTrace::default();
        let out = penetration(
            &PenetrationInput {
                pair: PosedPair::new(&a, Transform::IDENTITY, &b, Transform::IDENTITY),
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
