//! SAT's steps in words: one axis at a time, then the choice.

use super::SatStudy;
use crate::core::sat::{SatChoice, SatOutcome};
use crate::view::text::p;

/// SAT step `k`: one axis, then the choice.
pub fn sat_step(study: &SatStudy, k: usize) -> String {
    let tr = &study.trace;
    if let Some(r) = tr.axes.get(k) {
        let mut s = format!(
            "Axis {} of {}: the outward normal {} of {}'s edge {}. Projected on it, A covers [{:.4}, {:.4}] and B covers [{:.4}, {:.4}] (radii included), ",
            k + 1,
            tr.axes.len(),
            p(r.axis),
            r.owner.as_str(),
            r.edge,
            r.interval_a[0],
            r.interval_a[1],
            r.interval_b[0],
            r.interval_b[1]
        );
        s += &if r.separation > 0.0 {
            format!(
                "so a gap of {:.4} separates them: this axis alone proves the shapes apart.",
                r.separation
            )
        } else {
            format!("so they overlap by {:.4} on this axis.", -r.separation)
        };
        let b = &r.best_so_far;
        s += &format!(
            " Best so far: {}'s edge {} (separation {:.4}).",
            b.owner.as_str(),
            b.edge,
            b.separation
        );
        return s;
    }
    let o = &study.output;
    let mut s = match o.outcome {
        SatOutcome::Separated => format!(
            "The largest separation is {:.4} along {}'s edge {} normal {}: a separating axis, the shapes are apart.",
            o.separation,
            o.axis_owner.as_str(),
            o.edge,
            p(o.normal)
        ),
        SatOutcome::Overlap => format!(
            "Every axis overlaps. The chosen face is {}'s edge {} with penetration {:.4} (normal A to B {}).",
            o.axis_owner.as_str(),
            o.edge,
            -o.separation,
            p(o.normal)
        ),
    };
    if let (Some(a), Some(b), Some(t)) = (&tr.best_a, &tr.best_b, tr.bias_threshold) {
        s += &format!(
            " A's best face (edge {}) separates by {:.4}, B's (edge {}) by {:.4}; B had to exceed {:.4}.",
            a.edge, a.separation, b.edge, b.separation, t
        );
    }
    s += match o.choice {
        SatChoice::BiasKeptA => {
            " B's best face penetrates less, but not by the bias margin (B must beat 0.95 × A's separation + 0.01 × B's size), so A's face is kept: the choice does not flip between nearly equal faces from frame to frame."
        }
        SatChoice::BBeyondBias => " B's best face beat A's by more than the bias margin, so B's face is the reference.",
        SatChoice::OnlyA => " Only A has faces here (B is round).",
        SatChoice::OnlyB => " Only B has faces here (A is round).",
        SatChoice::LargestSeparation => "",
    };
    s
}
