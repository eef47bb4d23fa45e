//! SAT's steps in words, from the step's facts: one axis at a time (both intervals,
//! then the face's one-sided separation), then the choice under the scene's rule.

use super::SatStudy;
use crate::core::sat::SatTermination;
use crate::study::facts::Fact;
use crate::view::text::{p, Len};

/// The exact ties of the choice, in words: faces of one shape separating equally
/// (the first found is kept, as Box2D's `b2FindMaxSeparation` keeps it), and A's best
/// face against B's (kept for A).
fn ties_text(study: &SatStudy) -> String {
    use crate::core::sat::Owner;
    let tr = &study.trace;
    let mut s = String::new();
    for best in [&tr.best_a, &tr.best_b].into_iter().flatten() {
        let tied: Vec<String> = tr
            .axes
            .iter()
            .filter(|r| r.owner == best.owner && r.separation == best.separation)
            .map(|r| r.edge.to_string())
            .collect();
        if tied.len() > 1 {
            s += &format!(
                " Edges {} of {} separate equally ({}): a tie, broken by keeping the first found, edge {}.",
                tied.join(", "),
                best.owner.as_str(),
                Len(best.separation),
                best.edge
            );
        }
    }
    if let (Some(a), Some(b)) = (&tr.best_a, &tr.best_b) {
        if a.separation == b.separation && study.output.axis_owner == Owner::A {
            s += &format!(
                " A's and B's best faces separate equally ({}): a tie, broken for A.",
                Len(a.separation)
            );
        }
    }
    s
}

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
            " Best so far: {}'s edge {} (face separation {}).",
            b.owner.as_str(),
            b.edge,
            Len(b.separation)
        );
        return s;
    }
    let o = &study.output;
    let mut s = match o.termination {
        SatTermination::Separated => format!(
            "The largest face separation is {}: a separating axis, the shapes are apart.",
            Len(tr.best_a
                .iter()
                .chain(tr.best_b.iter())
                .map(|x| x.separation)
                .fold(o.separation, f32::max)),
        ),
        SatTermination::Overlap => {
            "No face separates the shapes: every face separation is zero or negative, so they touch or overlap.".to_string()
        }
    };
    if let (Some(a), Some(b)) = (&tr.best_a, &tr.best_b) {
        s += &format!(
            " A's best face is edge {} (face separation {}), B's is edge {} ({}).",
            a.edge,
            Len(a.separation),
            b.edge,
            Len(b.separation)
        );
    }
    s += &ties_text(study);
    for f in said {
        s += " ";
        s += &f;
    }
    s += &format!(
        " The reference face is {}'s edge {}, separation {}, normal A to B {}.",
        o.axis_owner.as_str(),
        o.edge,
        Len(o.separation),
        p(o.normal)
    );
    s
}
