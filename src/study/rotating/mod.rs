//! Box2D's `b2TimeOfImpact` with turning shapes: each outer iteration's distance and
//! separation axis, each push-back with its root-finder bracket, then the answer. Its
//! s(t) plot is drawn from the same study.

mod curves;
mod draw;
mod narrate;

pub use curves::{separation_plot, separation_plot_naming, SeparationCurves};

pub use draw::{closest_points, pose, rotating_layer};
pub use narrate::rotating_step;

use super::basics::{minkowski_tolerance, pair_rows, Basics};
use super::{of, traced, Study, StudyCx};
use crate::core::minkowski::minkowski_difference;
use crate::core::toi::rotating::{
    time_of_impact, RotatingToiOutput, RotatingToiTrace, Sweep, ToiTermination,
};
use crate::scene::build::PairInputs;
use crate::scene::Scene;
use crate::study::motion::{relative_motion, still_pair_note, Motion};
use crate::view::draw::peers::EngineView;
use crate::view::draw::{dot, label, line, DrawList, LayerId, Prim};
use crate::view::text::p;
use glam::Vec2;

/// The time of impact with the shapes turning too (their angular velocities).
#[derive(Clone, Debug)]
pub struct RotatingStudy {
    pub output: RotatingToiOutput,
    pub trace: RotatingToiTrace,
    /// A's and B's sweeps over the step.
    pub sweeps: (Sweep, Sweep),
    /// B − A at each step's time (configuration space), the answer's last.
    pub turning: Vec<Option<Turning>>,
}

/// B − A at one step's time: it changes shape as the shapes turn.
#[derive(Clone, Debug)]
pub struct Turning {
    pub t: f32,
    /// B − A's outline at `t`.
    pub outline: Vec<Vec2>,
    /// At an outer iteration: the closest point of B − A to the origin and the core
    /// distance.
    pub closest: Option<(Vec2, f32)>,
}

/// A step of the rotating time of impact: an outer iteration's distance at `t1`
/// (`push: None`) or one of its push-backs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RotatingStep {
    pub iteration: usize,
    pub push: Option<usize>,
}

/// The rotating time of impact's steps, in order (the answer follows them).
pub fn rotating_steps(t: &RotatingToiTrace) -> Vec<RotatingStep> {
    let mut steps = Vec::new();
    for (i, it) in t.iterations.iter().enumerate() {
        steps.push(RotatingStep {
            iteration: i,
            push: None,
        });
        for p in 0..it.pushes.len() {
            steps.push(RotatingStep {
                iteration: i,
                push: Some(p),
            });
        }
    }
    steps
}

impl RotatingStudy {
    pub fn compute(scene: &Scene, inputs: &PairInputs, basics: &Basics) -> RotatingStudy {
        let (output, trace) = traced(|t| time_of_impact(&inputs.rotating_toi(), Some(t)));
        let sweeps = inputs.sweeps();
        let steps = rotating_steps(&trace);
        let turning = (0..=steps.len())
            .map(|k| {
                let (t, closest) = match steps.get(k) {
                    Some(s) => {
                        let it = trace.iterations.get(s.iteration)?;
                        match s.push.and_then(|p| it.pushes.get(p)) {
                            Some(p) => (p.t2, None),
                            None => (it.t1, Some((it.point_b - it.point_a, it.distance))),
                        }
                    }
                    None => (output.t, None),
                };
                let (sa, sb) = (&scene.shapes[basics.a], &scene.shapes[basics.b]);
                let (xa, xb) = (
                    pose(&sweeps.0, t).transform(),
                    pose(&sweeps.1, t).transform(),
                );
                let tol = minkowski_tolerance(scene, basics.a, basics.b);
                let m = minkowski_difference(&sa.shape, &xa, &sb.shape, &xb, tol);
                Some(Turning {
                    t,
                    outline: m.points,
                    closest,
                })
            })
            .collect();
        RotatingStudy {
            output,
            trace,
            sweeps,
            turning,
        }
    }
}

impl Study for RotatingStudy {
    /// Each distance and each push-back, then the answer.
    fn step_count(&self) -> usize {
        rotating_steps(&self.trace).len() + 1
    }

    fn termination(&self, _cx: &StudyCx) -> &'static str {
        self.output.termination.as_str()
    }

    fn step_part(&self, _cx: &StudyCx, step: usize) -> String {
        let steps = rotating_steps(&self.trace);
        let outer = self.trace.iterations.len();
        match steps.get(step) {
            Some(s) => match s.push {
                None => format!("outer iteration {}", of(s.iteration, outer)),
                Some(p) => {
                    let pushes = self.trace.iterations[s.iteration].pushes.len();
                    format!(
                        "outer iteration {}, push-back {}",
                        of(s.iteration, outer),
                        of(p, pushes)
                    )
                }
            },
            None => "the answer".to_string(),
        }
    }

    fn draw(&self, cx: &StudyCx, step: usize, out: &mut DrawList) {
        out.push(LayerId::Toi, rotating_layer(cx, self, step));
        out.push(LayerId::Witness, closest_points(self, step));
    }

    /// Turning shapes: B − A changes shape with time, so the step's time gets its own
    /// B − A (dashed) — at an outer iteration `t1` with the closest point to the origin
    /// (the core distance), at a push-back `t2`, at the end the time of impact, where it
    /// reaches the origin.
    fn config(&self, cx: &StudyCx, step: usize) -> Vec<Prim> {
        let mut prims = Vec::new();
        let b = cx.basics();
        if cx.scene.shapes.get(b.a).is_none() || cx.scene.shapes.get(b.b).is_none() {
            return prims;
        }
        let last = self.turning.len().saturating_sub(1);
        let Some(Some(turning)) = self.turning.get(step.min(last)) else {
            return prims;
        };
        let c = LayerId::Toi.color();
        let (t, points) = (turning.t, &turning.outline);
        if points.len() >= 2 {
            prims.push(Prim::Polyline {
                points: points.clone(),
                closed: true,
                width: 1.5,
                color: c,
                dashed: true,
            });
            let top = points
                .iter()
                .copied()
                .fold(points[0], |a, p| if p.y > a.y { p } else { a });
            // A still pair's B − A is the same at every time: said so in its name.
            let name = if relative_motion(cx, Motion::Turning) {
                format!("B − A at t = {t:.4}")
            } else {
                "B − A at every t: no relative motion or turn".to_string()
            };
            prims.push(label(top, name, c));
        }
        if let Some((p, d)) = turning.closest.filter(|(p, _)| p.is_finite()) {
            prims.push(line(Vec2::ZERO, p, 1.5, c.with_alpha(200)));
            prims.push(dot(p, 3.5, c));
            prims.push(label(
                p,
                format!("core distance {}", crate::view::text::Len(d)),
                c,
            ));
        }
        prims
    }

    fn narrate(&self, cx: &StudyCx, step: usize) -> String {
        // The step's own words first (they open with its name, "Axis 2 of 9"), then
        // what a still pair means.
        let words = rotating_step(self, step);
        match still_pair_note(cx, Motion::Turning) {
            Some(note) => format!("{} {note}", words.trim_end()),
            None => words,
        }
    }

    /// Target, band, safe interval, answer and counts.
    fn numbers(&self, cx: &StudyCx, _step: usize) -> Vec<(String, String)> {
        let (o, tr) = (&self.output, &self.trace);
        pair_rows(cx.studies, |rows| {
            rows.row("target (core distance)", format!("{:.6}", tr.target));
            rows.row("tolerance", format!("{:.6}", tr.tolerance));
            rows.row(
                "safe interval",
                if tr.max_interval.is_finite() {
                    format!("{:.6}", tr.max_interval)
                } else {
                    "whole step (no turning)".to_string()
                },
            );
            rows.row("state", o.termination.as_str().to_string());
            rows.row("t", format!("{:.6}", o.t));
            if o.termination == ToiTermination::Hit {
                rows.row("point", p(o.point));
                rows.row("normal", p(o.normal));
            }
            rows.row("iterations", o.iterations.to_string());
            rows.row("push-backs", o.push_iterations.to_string());
            rows.row("root iterates", o.root_iterations.to_string());
        })
    }

    fn engines(&self) -> EngineView {
        EngineView::Impact
    }

    fn layers(&self) -> &'static [LayerId] {
        &[LayerId::Toi, LayerId::Witness]
    }
}
