//! The shape cast by conservative advancement: the poses at each step, the distance,
//! the impact and the pose at t = 1.

mod draw;
mod narrate;

pub use draw::cast_layer;
pub use narrate::cast_step;

use super::basics::pair_rows;
use super::swept::{sweep_picture, toi_rows};
use super::{of, traced, Study, StudyCx};
use crate::core::toi::shape_cast::{shape_cast, CastOutput, CastTrace};
use crate::scene::build::PairInputs;
use crate::study::motion::{still_pair_note, Motion};
use crate::view::draw::peers::EngineView;
use crate::view::draw::{dot, label, DrawList, LayerId, Prim};
use glam::Vec2;

/// The general shape cast (conservative advancement) over the step t ∈ [0, 1].
#[derive(Clone, Debug)]
pub struct CastStudy {
    pub output: CastOutput,
    pub trace: CastTrace,
}

impl CastStudy {
    pub fn compute(inputs: &PairInputs) -> CastStudy {
        let (output, trace) = traced(|t| shape_cast(&inputs.cast(), Some(t)));
        CastStudy { output, trace }
    }

    /// The conservative advancement on the ray of configuration space: each pose so far
    /// at `−t·v`, and around the current one the disc its distance to B − A clears — the
    /// ray can advance through that disc without touching B − A, which is why the next
    /// `t` is safe.
    fn advancement(&self, cx: &StudyCx, step: usize, prims: &mut Vec<Prim>) {
        let b = cx.basics();
        let (Some(sa), Some(sb)) = (cx.scene.shapes.get(b.a), cx.scene.shapes.get(b.b)) else {
            return;
        };
        let c = LayerId::Toi.color();
        let v = sb.velocity - sa.velocity;
        for (k, s) in self.trace.steps.iter().enumerate().take(step + 1) {
            let x = -v * s.t;
            if !x.is_finite() {
                continue;
            }
            prims.push(dot(x, 3.0, c.with_alpha(if k == step { 255 } else { 140 })));
            if k == step && s.distance > 0.0 && s.distance.is_finite() {
                let ring: Vec<Vec2> = (0..48)
                    .map(|j| {
                        let a = j as f32 / 48.0 * std::f32::consts::TAU;
                        x + Vec2::new(a.cos(), a.sin()) * s.distance
                    })
                    .collect();
                prims.push(Prim::Polyline {
                    points: ring,
                    closed: true,
                    width: 1.0,
                    color: c.with_alpha(150),
                    dashed: true,
                });
                prims.push(label(
                    x,
                    format!("t = {:.4}: {:.4} from B − A", s.t, s.distance),
                    c,
                ));
            }
        }
    }
}

impl Study for CastStudy {
    fn step_count(&self) -> usize {
        self.trace.steps.len()
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        self.output.termination.as_str()
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        format!("advance {}", of(step, self.step_count().max(1)))
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Toi, cast_layer(cx, self, step));
    }

    fn config(&self, cx: &StudyCx, step: usize) -> Vec<Prim> {
        let mut prims = Vec::new();
        // The hit is marked once the algorithm has found it: at its last step.
        let last = step + 1 >= self.step_count().max(1);
        let hit = (self.output.hit && last).then_some(self.output.t);
        sweep_picture(cx, last, hit, &mut prims);
        self.advancement(cx, step, &mut prims);
        prims
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        // The step's own words first (they open with its name, "Axis 2 of 9"), then
        // what a still pair means.
        let words = cast_step(self, step);
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
