//! Sutherland–Hodgman: A's core clipped by each edge of B's (closing edge included),
//! then the overlap region and its boundary points.

mod draw;
mod narrate;

pub use draw::clip_layer;
pub use narrate::clip_step;

use super::basics::{pair_rows, Basics};
use super::{of, Study, StudyCx};
use crate::core::sutherland_hodgman::{overlap_manifold, ClipTrace, OverlapManifold};
use crate::scene::build::PairInputs;
use crate::scene::Scene;
use crate::view::draw::peers::EngineView;
use crate::view::draw::{label, DrawList, LayerId, Prim};
use crate::view::text::p;
use glam::Vec2;

/// A's core clipped by B's edges (None unless both have ≥ 3 vertices), and the
/// overlap-region manifold.
#[derive(Clone, Debug)]
pub struct ClipStudy {
    pub output: Option<OverlapManifold>,
    pub trace: ClipTrace,
}

impl ClipStudy {
    /// The overlap manifold pushes B's points out along the penetration normal, else
    /// the separating direction, else SAT's normal (`sat_normal`).
    pub fn compute(
        scene: &Scene,
        inputs: &PairInputs,
        basics: &Basics,
        sat_normal: Vec2,
    ) -> ClipStudy {
        let (sa, sb) = (&scene.shapes[basics.a], &scene.shapes[basics.b]);
        let normal = basics
            .penetration
            .map(|p| p.normal)
            .or(basics.distance.normal)
            .unwrap_or(sat_normal);
        let mut trace = ClipTrace::default();
        let output =
            (sa.shape.vertices().len() >= 3 && sb.shape.vertices().len() >= 3).then(|| {
                overlap_manifold(
                    &sa.shape,
                    &inputs.pair.transform_a,
                    &sb.shape,
                    &inputs.pair.transform_b,
                    normal,
                    Some(&mut trace),
                )
            });
        ClipStudy { output, trace }
    }
}

impl Study for ClipStudy {
    fn step_count(&self) -> usize {
        self.trace.edges.len() + 1
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        self.output
            .as_ref()
            .map(|c| c.termination.as_str())
            .unwrap_or("not_polygons")
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        let edges = self.trace.edges.len();
        if step < edges {
            format!("clip edge {}", of(step, edges))
        } else {
            "the overlap region".to_string()
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Clip, clip_layer(cx, self, step));
    }

    /// The overlap exists exactly when the origin is inside B − A.
    fn config(&self, cx: &StudyCx, _step: usize) -> Vec<Prim> {
        let b = cx.basics();
        let inside = b.penetration.is_some() || b.distance.distance <= 0.0;
        let text = if inside {
            "origin inside: overlap"
        } else {
            "origin outside: apart"
        };
        vec![label(Vec2::ZERO, text, LayerId::Clip.color())]
    }

    fn narrate(&self, _cx: &StudyCx, step: usize) -> String {
        clip_step(self, step)
    }

    fn numbers(&self, cx: &StudyCx, _step: usize) -> Vec<(String, String)> {
        pair_rows(cx.studies, |rows| {
            let Some(c) = &self.output else {
                rows.row("overlap", "needs two polygons".into());
                return;
            };
            rows.row("overlap", c.termination.as_str().to_string());
            rows.row("overlap vertices", c.polygon.len().to_string());
            for (i, pt) in c.points.iter().enumerate() {
                rows.row(
                    &format!("overlap point {i}"),
                    format!("{} sep {:.6}", p(pt.point_b), pt.separation),
                );
            }
        })
    }

    fn engines(&self) -> EngineView {
        EngineView::Contact
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::Clip]
    }
}
