//! Box2D's `b2ComputeHull` on shape A's raw points: welds, extremes, each recursion,
//! merges, the hull.

mod draw;
mod narrate;

pub use draw::hull_layer;
pub use narrate::hull_step;

use super::basics::Rows;
use super::{of, Study, StudyCx};
use crate::core::math::Transform;
use crate::core::quickhull::{quickhull, HullStep, QuickHull, BOX2D_LINEAR_SLOP};
use crate::core::shape::Geometry;
use crate::scene::{Scene, SceneShape};
use crate::view::draw::{DrawList, LayerId};
use crate::view::text::p;
use glam::Vec2;

/// Box2D's hull builder on A's raw points ([`hull_points`]), in A's frame.
#[derive(Clone, Debug)]
pub struct HullStudy {
    pub output: QuickHull,
    /// Those points (A's local frame).
    pub input: Vec<Vec2>,
    /// A's pose: the builder runs in A's frame, as Box2D's does; words and pictures
    /// show world points.
    pub pose: Transform,
}

/// The points Box2D's hull builder is shown on for a shape: the raw points it was
/// built from (`hull_of`), else a polygon's points as written, a box's corners, or
/// the core's one or two vertices (too few for a hull: the builder says so).
pub fn hull_points(s: &SceneShape) -> Vec<Vec2> {
    if let Some(points) = &s.hull_of {
        return points.clone();
    }
    match s.shape.geometry() {
        Geometry::Polygon { points, .. } => points.clone(),
        _ => s.shape.vertices().to_vec(),
    }
}

impl HullStudy {
    /// The builder on shape `a` of `scene`.
    pub fn compute(scene: &Scene, a: usize) -> HullStudy {
        let sa = &scene.shapes[a];
        let input = hull_points(sa);
        HullStudy {
            output: quickhull(&input, BOX2D_LINEAR_SLOP),
            input,
            pose: sa.pose.transform(),
        }
    }

    /// A point of the builder's (A's frame) in world space.
    pub fn world(&self, p: Vec2) -> Vec2 {
        self.pose.apply(p)
    }
}

impl Study for HullStudy {
    /// Each builder step, then the hull.
    fn step_count(&self) -> usize {
        self.output.steps.len() + 1
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        match &self.output.hull {
            Ok(_) => "hull",
            Err(f) => f.name(),
        }
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        let builder = self.step_count() - 1;
        if step < builder {
            format!("builder step {}", of(step, builder))
        } else {
            "the hull".to_string()
        }
    }

    fn draw(&self, _cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Hull, hull_layer(self, step));
    }

    fn narrate(&self, _cx: &StudyCx, step: usize) -> String {
        hull_step(self, step)
    }

    /// The input, the step's numbers, the result — one shape: the pair's distance and
    /// depth do not belong here.
    fn numbers(&self, _cx: &StudyCx, step: usize) -> Vec<(String, String)> {
        let mut rows = Rows::default();
        // Builder points are in A's frame; the rows give world points, as drawn.
        let p = |q: Vec2| p(self.world(q));
        rows.row("points", self.input.len().to_string());
        rows.row("linear slop", format!("{BOX2D_LINEAR_SLOP}"));
        rows.row(
            "weld distance (4·slop)",
            format!("{}", 4.0 * BOX2D_LINEAR_SLOP),
        );
        rows.row(
            "line tolerance (2·slop)",
            format!("{}", 2.0 * BOX2D_LINEAR_SLOP),
        );
        match self.output.steps.get(step) {
            Some(HullStep::Recurse {
                p1, p2, distance, ..
            }) => {
                rows.row("edge", format!("{} → {}", p(*p1), p(*p2)));
                rows.row("farthest distance", format!("{distance:.6}"));
            }
            Some(HullStep::MergeCollinear { point, distance }) => {
                rows.row("merged vertex", p(*point));
                rows.row("its distance to the line", format!("{distance:.3e}"));
            }
            Some(HullStep::Weld { point, onto }) => {
                rows.row("welded", format!("{} onto {}", p(*point), p(*onto)));
                rows.row("apart", format!("{:.3e}", point.distance(*onto)));
            }
            _ => {}
        }
        match &self.output.hull {
            Ok(h) => rows.row("hull vertices", h.len().to_string()),
            Err(f) => rows.row("no hull", f.as_str().to_string()),
        }
        rows.0
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::Hull]
    }
}
