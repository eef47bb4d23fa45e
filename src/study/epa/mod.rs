//! GJK + EPA (penetration): GJK on the cores, then each EPA polytope with its closest
//! edge, the support point, and the final depth and normal.

mod draw;
mod narrate;

pub use draw::{epa_layer, epa_named};
pub use narrate::{epa_step, polytope_rows};

use super::basics::{pair_rows, result_witness, Rows};
use super::gjk::{gjk_layers, gjk_named, gjk_step, gjk_witness, simplex_rows, GjkStudy};
use super::{of, Study, StudyCx};
use crate::core::epa::{penetration, EpaTermination, EpaTrace, PenetrationOutput};
use crate::core::gjk::GjkTrace;
use crate::scene::build::PairInputs;
use crate::view::draw::peers::EngineView;
use crate::view::draw::{DrawList, LayerId};
use crate::view::narrate::features::Mention;
use crate::view::text::Len;

/// The penetration query on the pair: its GJK phase, then EPA.
#[derive(Clone, Debug)]
pub struct EpaStudy {
    /// None when the shapes are apart.
    pub output: Option<PenetrationOutput>,
    /// The GJK run inside the penetration query.
    pub gjk_trace: GjkTrace,
    pub trace: EpaTrace,
}

/// A step of the GJK + EPA algorithm: first the GJK steps, then the EPA steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpaPhase {
    Gjk(usize),
    Epa(usize),
}

impl EpaStudy {
    pub fn compute(inputs: &PairInputs) -> EpaStudy {
        let mut gjk_trace = GjkTrace::default();
        let mut trace = EpaTrace::default();
        let output = penetration(
            &inputs.penetration(),
            Some(&mut gjk_trace),
            Some(&mut trace),
        );
        EpaStudy {
            output,
            gjk_trace,
            trace,
        }
    }

    /// Which phase step `k` is in.
    pub fn phase(&self, k: usize) -> EpaPhase {
        let g = self.gjk_trace.steps.len();
        if k < g {
            EpaPhase::Gjk(k)
        } else {
            EpaPhase::Epa(k - g)
        }
    }
}

impl Study for EpaStudy {
    fn step_count(&self) -> usize {
        self.gjk_trace.steps.len() + self.trace.steps.len()
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        self.output
            .map(|p| p.termination.as_str())
            .unwrap_or("none")
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        match self.phase(step) {
            EpaPhase::Gjk(k) => format!("GJK step {}", of(k, self.gjk_trace.steps.len())),
            EpaPhase::Epa(k) => format!("EPA step {}", of(k, self.trace.steps.len())),
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        match self.phase(step) {
            EpaPhase::Gjk(k) => {
                gjk_layers(&self.gjk_trace, k, GjkStudy::scale(cx), out);
                // GJK's last step when EPA does not run (the cores apart): the pair's
                // answer, not the points "so far" of a GJK that has stopped.
                let last = self.trace.steps.is_empty() && k + 1 >= self.gjk_trace.steps.len();
                if last {
                    out.push(LayerId::Witness, result_witness(cx.basics(), true));
                } else if let Some(s) = self.gjk_trace.steps.get(k) {
                    out.push(LayerId::Witness, gjk_witness(s));
                }
            }
            EpaPhase::Epa(k) => {
                out.push(LayerId::EpaPolytope, epa_layer(&self.trace, k));
                if k + 1 >= self.trace.steps.len() {
                    out.push(LayerId::Witness, result_witness(cx.basics(), true));
                }
            }
        }
    }

    fn draw_named(&self, _cx: &StudyCx, step: usize, named: &[Mention], out: &mut DrawList) {
        match self.phase(step) {
            EpaPhase::Gjk(k) => {
                if let Some(s) = self.gjk_trace.steps.get(k) {
                    out.push(LayerId::GjkSimplex, gjk_named(s, named));
                }
            }
            EpaPhase::Epa(k) => {
                if let Some(s) = self.trace.steps.get(k) {
                    out.push(LayerId::EpaPolytope, epa_named(s, named));
                }
            }
        }
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        let max_iterations = cx.scene.settings.gjk_max_iterations;
        match self.phase(step) {
            EpaPhase::Gjk(k) => {
                // The word "core" is new to a reader on the first step: say what it is.
                let cores = if k == 0 {
                    "the cores (each shape without its rounding radius; a sharp shape is its own core)"
                } else {
                    "the cores"
                };
                let mut s = format!(
                    "Phase 1, GJK on {cores}. {}",
                    gjk_step(&self.gjk_trace, k, max_iterations)
                );
                if self.trace.steps.is_empty() && k + 1 == self.gjk_trace.steps.len() {
                    s += &match &self.output {
                        Some(pen) if pen.termination == EpaTermination::CoreSeparated => format!(
                            " The cores are apart, but closer than the sum of the radii: the shapes overlap through their rounded surfaces by {}, along GJK's normal. No polytope is needed.",
                            Len(pen.depth)
                        ),
                        _ => " The shapes do not overlap, so there is no penetration to measure.".to_string(),
                    };
                }
                s
            }
            EpaPhase::Epa(k) => {
                let radii = cx.basics().minkowski.radius;
                format!("Phase 2, EPA. {}", epa_step(&self.trace, k, radii))
            }
        }
    }

    fn numbers(&self, cx: &StudyCx, step: usize) -> Vec<(String, String)> {
        let mut rows = Rows::default();
        match self.phase(step) {
            EpaPhase::Gjk(k) => simplex_rows(&self.gjk_trace, k, &mut rows),
            EpaPhase::Epa(k) => polytope_rows(&self.trace, k, &mut rows),
        }
        rows.0.extend(pair_rows(cx.studies, |_| {}));
        rows.0
    }

    fn engines(&self) -> EngineView {
        EngineView::Penetration
    }

    fn layers(&self) -> &'static [LayerId] {
        &[
            LayerId::GjkSimplex,
            LayerId::GjkDirection,
            LayerId::EpaPolytope,
            LayerId::Witness,
        ]
    }
}
