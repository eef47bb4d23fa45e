//! The time-of-impact questions' answers: which separation function an iteration
//! builds, whether the shapes meet during the step, and when.

use super::{solved, Answer, Ground, Solved};
use crate::core::toi::rotating::SeparationKind;
use crate::study::rotating::rotating_steps;
use crate::study::Algorithm;

pub(super) fn separation_function(g: &Ground) -> Result<Solved, String> {
    let r = &g.studies.rotating;
    let steps = rotating_steps(&r.trace);
    let st = steps
        .get(g.step)
        .ok_or_else(|| format!("the time of impact has no step {}", g.step + 1))?;
    let f = r.trace.iterations[st.iteration]
        .function
        .ok_or("this iteration ended on the distance alone: no separation function")?;
    let kinds = [
        SeparationKind::Points,
        SeparationKind::FaceA,
        SeparationKind::FaceB,
    ];
    let options = vec![
        "points: the axis joins a vertex of A and a vertex of B".to_string(),
        "A's face: the axis is an edge normal of A, turning with A".to_string(),
        "B's face: the axis is an edge normal of B, turning with B".to_string(),
    ];
    let right = kinds.iter().position(|k| *k == f.kind).unwrap_or(0);
    solved(Answer::Choice { options, right }, g.step)
}

/// Whether the page's time of impact finds a hit, and its time.
pub(super) fn impact(g: &Ground) -> Result<(bool, f32), String> {
    let s = g.studies;
    Ok(match g.algorithm {
        Algorithm::Toi => (s.swept.output.hit, s.swept.output.t),
        Algorithm::Cast => (s.cast.output.hit, s.cast.output.t),
        Algorithm::Rotating => (
            s.rotating.output.termination == crate::core::toi::rotating::ToiTermination::Hit,
            s.rotating.output.t,
        ),
        other => {
            return Err(format!(
                "{} has no time of impact: use toi, cast or toi-rotating",
                other.name()
            ))
        }
    })
}

/// The step that shows whether the shapes meet: the answer's, except for a swept-SAT
/// miss that one axis decides for the whole step (the shadows keep their gap along
/// it): that axis's step draws the miss, where the answer's draws only the path.
pub(super) fn hits_step(g: &Ground, hit: bool) -> usize {
    let last = g.studies.step_count(g.algorithm) - 1;
    let tr = &g.studies.swept.trace;
    match g.algorithm {
        Algorithm::Toi if !hit => tr
            .decided_by
            .filter(|&i| tr.axes.get(i).is_some_and(|a| a.separates.is_some()))
            .unwrap_or(last),
        _ => last,
    }
}

pub(super) fn time_of_impact(g: &Ground) -> Result<Solved, String> {
    let s = g.studies;
    let (hit, t) = impact(g)?;
    if !hit {
        return Err("the shapes do not meet during the step: no time of impact".into());
    }
    let last = s.step_count(g.algorithm) - 1;
    solved(
        Answer::Number {
            value: t,
            tolerance: 0.02,
        },
        last,
    )
}
