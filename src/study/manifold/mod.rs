//! The clipping manifold from EPA's or SAT's normal (a choice of the view): the
//! features, reference and incident edges, each clip plane with what it kept and cut,
//! the contact points with separations and feature ids.

mod draw;
mod narrate;

pub use draw::{clip_step, feature, manifold_layer, normal_arrow};
pub use narrate::manifold_step;

use super::basics::pair_rows;
use super::{of, traced, Study, StudyCx};
use crate::core::manifold::{contact_manifold, ManifoldOutput, ManifoldSource, ManifoldTrace};
use crate::scene::build::PairInputs;
use crate::view::draw::config::mtv;
use crate::view::draw::peers::EngineView;
use crate::view::draw::{DrawList, LayerId, Prim};
use crate::view::text::p;

/// The manifold with EPA's normal and with SAT's.
#[derive(Clone, Debug)]
pub struct ManifoldStudy {
    pub epa: ManifoldOutput,
    pub epa_trace: ManifoldTrace,
    pub sat: ManifoldOutput,
    pub sat_trace: ManifoldTrace,
}

/// What a manifold step shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ManifoldPhase {
    Features,
    ReferenceIncident,
    Clip(usize),
    Points,
}

impl ManifoldStudy {
    pub fn compute(inputs: &PairInputs) -> ManifoldStudy {
        let (epa, epa_trace) =
            traced(|t| contact_manifold(&inputs.manifold(ManifoldSource::Epa), Some(t)));
        let (sat, sat_trace) =
            traced(|t| contact_manifold(&inputs.manifold(ManifoldSource::Sat), Some(t)));
        ManifoldStudy {
            epa,
            epa_trace,
            sat,
            sat_trace,
        }
    }

    /// The manifold computed with `source`'s normal, and its trace.
    pub fn get(&self, source: ManifoldSource) -> (&ManifoldOutput, &ManifoldTrace) {
        match source {
            ManifoldSource::Epa => (&self.epa, &self.epa_trace),
            ManifoldSource::Sat => (&self.sat, &self.sat_trace),
        }
    }
}

/// Steps of a manifold trace: features and normal, reference and incident edges
/// (segment–segment only), one per clip, then the points.
pub fn manifold_steps(t: &ManifoldTrace) -> usize {
    if t.feature_a.is_none() {
        return 1;
    }
    let reference = usize::from(t.reference.is_some());
    1 + reference + t.clips.len() + 1
}

/// The phase of manifold step `k`.
pub fn manifold_phase(t: &ManifoldTrace, k: usize) -> ManifoldPhase {
    if t.feature_a.is_none() {
        return ManifoldPhase::Points;
    }
    let mut k = k;
    if k == 0 {
        return ManifoldPhase::Features;
    }
    k -= 1;
    if t.reference.is_some() {
        if k == 0 {
            return ManifoldPhase::ReferenceIncident;
        }
        k -= 1;
    }
    if k < t.clips.len() {
        ManifoldPhase::Clip(k)
    } else {
        ManifoldPhase::Points
    }
}

impl Study for ManifoldStudy {
    fn step_count(&self) -> usize {
        manifold_steps(&self.epa_trace).max(manifold_steps(&self.sat_trace))
    }

    fn step_count_for(&self, source: ManifoldSource) -> usize {
        manifold_steps(self.get(source).1)
    }

    fn termination(&self, cx: &StudyCx) -> &'static str {
        self.get(cx.source).0.termination.as_str()
    }

    fn step_part(&self, cx: &StudyCx, step: usize) -> String {
        let (_, tr) = self.get(cx.source);
        match manifold_phase(tr, step) {
            ManifoldPhase::Features => "features and normal".to_string(),
            ManifoldPhase::ReferenceIncident => "reference and incident edges".to_string(),
            ManifoldPhase::Clip(j) => format!("clip {}", of(j, tr.clips.len())),
            ManifoldPhase::Points => "contact points".to_string(),
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Manifold, manifold_layer(cx, self, step));
    }

    fn config(&self, cx: &StudyCx, step: usize) -> Vec<Prim> {
        let mut prims = Vec::new();
        let (out, tr) = self.get(cx.source);
        let n = match manifold_phase(tr, step) {
            ManifoldPhase::Points => out.normal,
            _ => tr.normal.unwrap_or(out.normal),
        };
        mtv(
            &cx.basics().minkowski,
            n,
            LayerId::Manifold.color(),
            &mut prims,
        );
        prims
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        manifold_step(self, cx.source, step)
    }

    fn numbers(&self, cx: &StudyCx, _step: usize) -> Vec<(String, String)> {
        let (m, _) = self.get(cx.source);
        pair_rows(cx.studies, |rows| {
            rows.row("manifold", m.termination.as_str().to_string());
            if let Some(src) = m.normal_source {
                rows.row("normal source", src.as_str().to_string());
            }
            if let Some(c) = m.case {
                rows.row("case", c.as_str().to_string());
            }
            rows.row("manifold normal", p(m.normal));
            for (i, pt) in m.points().iter().enumerate() {
                rows.row(
                    &format!("point {i}"),
                    format!(
                        "sep {:.6}  {} (id {:#06x})",
                        pt.separation,
                        crate::view::text::describe_contact_id(pt.features),
                        pt.id
                    ),
                );
                rows.row("  on A, B", format!("{}  {}", p(pt.point_a), p(pt.point_b)));
            }
        })
    }

    fn engines(&self) -> EngineView {
        EngineView::Contact
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::Manifold]
    }
}
