//! SAT: every candidate axis with both projection intervals, then the chosen face
//! (Box2D v3's reference-face rule by default, Box2D-Lite's bias with
//! `sat_bias: Box2dLite`).

mod draw;
mod narrate;

pub use draw::sat_layer;
pub use narrate::sat_step;

use super::basics::pair_rows;
use super::{of, traced, Study, StudyCx};
use crate::core::sat::{separating_axis, SatAxisKind, SatBias, SatOutput, SatTrace};
use crate::scene::build::PairInputs;
use crate::study::facts::Fact;
use crate::view::draw::config::axis_interval;
use crate::view::draw::peers::EngineView;
use crate::view::draw::{DrawList, LayerId, Prim};
use crate::view::text::p;

/// The separating axis test on the pair.
#[derive(Clone, Debug)]
pub struct SatStudy {
    pub output: SatOutput,
    pub trace: SatTrace,
}

impl SatStudy {
    pub fn compute(inputs: &PairInputs) -> SatStudy {
        let (output, trace) = traced(|t| separating_axis(&inputs.sat(), Some(t)));
        SatStudy { output, trace }
    }

    /// The facts of step `step` under the reference-face rule `bias`: an axis's two
    /// intervals and its face separation, or the rule's choice and the chosen face.
    pub fn step_facts(&self, bias: SatBias, step: usize) -> Vec<Fact> {
        if let Some(r) = self.trace.axes.get(step) {
            return vec![
                Fact::Intervals {
                    a: r.interval_a,
                    b: r.interval_b,
                },
                Fact::FaceSeparation {
                    owner: r.owner,
                    edge: r.edge,
                    separation: r.separation,
                },
            ];
        }
        let tr = &self.trace;
        let o = &self.output;
        let rule = match (tr.best_a, tr.best_b) {
            (Some(a), Some(b)) => Fact::Rule {
                bias,
                choice: o.choice,
                a: a.separation,
                b: b.separation,
                threshold: tr.bias_threshold,
            },
            _ => Fact::Rule {
                bias,
                choice: o.choice,
                a: o.separation,
                b: o.separation,
                threshold: None,
            },
        };
        // Two circles: the line of centres, no faces to choose between.
        if o.axis_kind != SatAxisKind::Face {
            return Vec::new();
        }
        vec![rule]
    }
}

impl Study for SatStudy {
    fn step_count(&self) -> usize {
        self.trace.axes.len() + 1
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        self.output.termination.as_str()
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        let axes = self.trace.axes.len();
        if step < axes {
            format!("axis {}", of(step, axes))
        } else {
            "the decision".to_string()
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Sat, sat_layer(cx, self, step));
    }

    fn config(&self, cx: &StudyCx, step: usize) -> Vec<Prim> {
        let mut prims = Vec::new();
        let c = LayerId::Sat.color();
        let m = &cx.basics().minkowski;
        match self.trace.axes.get(step) {
            Some(r) => {
                let name = format!("{} edge {}", r.owner.as_str(), r.edge);
                axis_interval(m, r.axis, &name, c, &mut prims);
            }
            None => axis_interval(m, self.output.normal, "chosen axis", c, &mut prims),
        }
        prims
    }

    fn facts(&self, cx: &StudyCx, step: usize) -> Vec<Fact> {
        self.step_facts(cx.scene.settings.sat_bias, step)
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        sat_step(self, step, &self.facts(cx, step))
    }

    fn numbers(&self, cx: &StudyCx, step: usize) -> Vec<(String, String)> {
        let o = &self.output;
        let facts = self.facts(cx, step);
        pair_rows(cx.studies, |rows| {
            for (k, v) in facts.iter().flat_map(Fact::rows) {
                rows.row(&k, v);
            }
            rows.row("SAT separation", format!("{:.6}", o.separation));
            rows.row("SAT normal", p(o.normal));
            rows.row(
                "axis",
                format!(
                    "{} edge {} ({})",
                    o.axis_owner.as_str(),
                    o.edge,
                    o.axis_kind.as_str()
                ),
            );
            rows.row("choice", o.choice.as_str().to_string());
            rows.row("outcome", o.termination.as_str().to_string());
        })
    }

    fn engines(&self) -> EngineView {
        EngineView::Contact
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::Sat]
    }
}
