//! SAT's steps in words, from the step's facts: one axis at a time (both intervals,
//! then the face's one-sided separation), then the choice under the scene's rule.

use super::SatStudy;
use crate::core::sat::SatTermination;
use crate::study::facts::Fact;
use crate::view::text::p;

/// SAT step `k`: one axis, then the choice. `facts` are the step's
/// ([`SatStudy::step_facts`]).
pub fn sat_step(study: &SatStudy, k: usize, facts: &[Fact]) -> String {
    let tr = &study.trace;
    let said: Vec<String> = facts.iter().map(Fact::words).collect();
    if let Some(r) = tr.axes.get(k) {
        let mut s = format!(
            "Axis {} of {}: the outward normal {} of {}'s edge {}. {}",
            k + 1,
            tr.axes.len(),
            p(r.axis),
            r.owner.as_str(),
            r.edge,
            said.join(" ")
        );
        let apart = facts.iter().any(
            |f| matches!(f, Fact::Intervals { a, b } if crate::study::facts::overlap(*a, *b) < 0.0),
        );
        if apart && r.separation <= 0.0 {
            s += " The gap lies behind this face, on its other side: the face that points the other way measures it.";
        }
        let b = &r.best_so_far;
        s += &format!(
            " Best so far: {}'s edge {} (face separation {:.4}).",
            b.owner.as_str(),
            b.edge,
            b.separation
        );
        return s;
    }
    let o = &study.output;
    let mut s = match o.termination {
        SatTermination::Separated => format!(
            "The largest face separation is {:.4}: a separating axis, the shapes are apart.",
            tr.best_a
                .iter()
                .chain(tr.best_b.iter())
                .map(|x| x.separation)
                .fold(o.separation, f32::max),
        ),
        SatTermination::Overlap => {
            "No face separates the shapes: every face separation is zero or negative, so they touch or overlap.".to_string()
        }
    };
    if let (Some(a), Some(b)) = (&tr.best_a, &tr.best_b) {
        s += &format!(
            " A's best face is edge {} (face separation {:.4}), B's is edge {} ({:.4}).",
            a.edge, a.separation, b.edge, b.separation
        );
    }
    for f in said {
        s += " ";
        s += &f;
    }
    s += &format!(
        " The reference face is {}'s edge {}, separation {:.4}, normal A to B {}.",
        o.axis_owner.as_str(),
        o.edge,
        o.separation,
        p(o.normal)
    );
    s
}
