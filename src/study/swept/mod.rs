//! Swept SAT: each axis' intervals with entry and exit times, then the impact pose.

mod draw;
mod narrate;

pub use draw::toi_layer;
pub use narrate::{axis_name, time, toi_step};

use super::basics::{pair_rows, Rows};
use super::{of, traced, Studies, Study, StudyCx};
use crate::core::toi::swept_sat::{swept_sat, SweptOutput, SweptTrace};
use crate::scene::build::PairInputs;
use crate::study::facts::count;
use crate::study::motion::{still_pair_note, Motion};
use crate::view::draw::config::{gjk_cast_ray, sweep_ray};
use crate::view::draw::peers::EngineView;
use crate::view::draw::{DrawList, LayerId, Prim};
use crate::view::text::p;

/// Swept SAT over the step t ∈ [0, 1] with the shapes' velocities.
#[derive(Clone, Debug)]
pub struct SweptStudy {
    pub output: SweptOutput,
    pub trace: SweptTrace,
}

impl SweptStudy {
    pub fn compute(inputs: &PairInputs) -> SweptStudy {
        let (output, trace) = traced(|t| swept_sat(&inputs.swept(), Some(t)));
        SweptStudy { output, trace }
    }
}

/// The configuration-space picture of a time of impact: the ray along −v, and at the
/// algorithm's last step (`last`) its hit (`hit`) with the GJK ray cast on B − A beside
/// it — another algorithm's answer, kept off the steps that work towards this one's.
pub(crate) fn sweep_picture(cx: &StudyCx, last: bool, hit: Option<f32>, prims: &mut Vec<Prim>) {
    let b = cx.basics();
    let (Some(sa), Some(sb)) = (cx.scene.shapes.get(b.a), cx.scene.shapes.get(b.b)) else {
        return;
    };
    sweep_ray(sb.velocity - sa.velocity, hit, LayerId::Toi.color(), prims);
    if last {
        gjk_cast_ray(&b.cast_ray, prims);
    }
}

/// Both times of impact: swept SAT and the shape cast, and the GJK ray cast on B − A.
pub(crate) fn toi_rows(studies: &Studies, rows: &mut Rows) {
    let sw = &studies.swept.output;
    rows.row(
        "swept SAT",
        format!(
            "{} t = {:.5} normal {}",
            sw.termination.as_str(),
            sw.t,
            p(sw.normal)
        ),
    );
    let c = &studies.cast.output;
    rows.row(
        "shape cast",
        format!(
            "{} t = {:.5} normal {} ({})",
            c.termination.as_str(),
            c.t,
            p(c.normal),
            count(c.iterations as usize, "step", "steps")
        ),
    );
    if c.hit {
        rows.row("impact point", p(c.point));
    }
    // The same cast as a ray against B − A (configuration space).
    let text = match &studies.basics.cast_ray {
        Ok(r) if r.output.hit => format!(
            "t = {:.5} normal {} ({})",
            r.output.fraction,
            // B − A's outward normal at the hit is the contact normal A → B reversed.
            p(-r.output.normal),
            ray_iterations(r)
        ),
        Ok(r) if r.output.inside => "origin inside B − A: overlapping at t = 0".to_string(),
        Ok(r) => format!("no hit ({})", ray_iterations(r)),
        Err(why) => why.words(),
    };
    rows.row("GJK ray cast on B − A", text);
}

/// The GJK ray cast's passes, as its stepper and its canvas label count them.
pub(crate) fn ray_iterations(r: &crate::trace::cast_ray::CastRay) -> String {
    use crate::core::raycast::GjkMarch;
    let n = r
        .trace
        .gjk
        .iter()
        .filter(|s| s.march == GjkMarch::Forward)
        .count();
    count(n, "iteration", "iterations")
}

impl Study for SweptStudy {
    /// One step per axis, then the decision.
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
            "the impact".to_string()
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Toi, toi_layer(cx, self, step));
    }

    fn config(&self, cx: &StudyCx, step: usize) -> Vec<Prim> {
        let mut prims = Vec::new();
        // The hit is marked once the algorithm has found it: at its last step.
        let last = step + 1 >= self.step_count();
        let hit = (self.output.hit && last).then_some(self.output.t);
        sweep_picture(cx, last, hit, &mut prims);
        prims
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        // The step's own words first (they open with its name, "Axis 2 of 9"), then
        // what a still pair means.
        let words = toi_step(self, step);
        match still_pair_note(cx, Motion::Sliding) {
            Some(note) => format!("{} {note}", words.trim_end()),
            None => words,
        }
    }

    fn numbers(&self, cx: &StudyCx, _step: usize) -> Vec<(String, String)> {
        pair_rows(cx.studies, |rows| toi_rows(cx.studies, rows))
    }

    fn engines(&self) -> EngineView {
        EngineView::Impact
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::Toi]
    }
}
