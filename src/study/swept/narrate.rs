//! Swept SAT in words, axis by axis, then the decision.

use super::SweptStudy;
use crate::study::facts::overlap_words;
use crate::view::text::p;

pub fn axis_name(axis: &crate::core::toi::swept_sat::SweptAxis) -> String {
    use crate::core::toi::swept_sat::SweptAxis as S;
    match axis {
        S::EdgeA { edge } => format!("the normal of A's edge {edge}"),
        S::EdgeB { edge } => format!("the normal of B's edge {edge}"),
        S::VelocityPerp => "the perpendicular of the relative velocity".into(),
        S::VelocityDir => "the relative velocity's direction".into(),
        S::SegmentA => "the direction of A's segment".into(),
        S::SegmentB => "the direction of B's segment".into(),
        S::Centers => "the line between the centres".into(),
    }
}

pub fn time(t: f32) -> String {
    if t == f32::INFINITY {
        "never".into()
    } else if t == f32::NEG_INFINITY {
        "always (−∞)".into()
    } else {
        format!("t = {t:.4}")
    }
}

/// Swept SAT: one sentence per axis, then the decision.
pub fn toi_step(study: &SweptStudy, k: usize) -> String {
    use crate::core::toi::swept_sat::{MissReason, SweptTermination};
    let tr = &study.trace;
    let v = tr.relative_velocity;
    if let Some(r) = tr.axes.get(k) {
        let mut s = format!(
            "Axis {} of {}: {} {}. At t = 0, A covers [{:.4}, {:.4}] and B covers [{:.4}, {:.4}] on it; ",
            k + 1,
            tr.axes.len(),
            axis_name(&r.axis),
            p(r.direction),
            r.interval_a[0],
            r.interval_a[1],
            r.interval_b[0],
            r.interval_b[1]
        );
        s += &overlap_words(r.interval_a, r.interval_b);
        s += ". ";
        if r.static_axis {
            s += "B does not move relative to A along this axis";
        } else {
            s += &format!(
                "B slides along it at {:.4} per unit time relative to A, so they overlap from {} until {}",
                r.speed,
                time(r.entry),
                time(r.exit)
            );
        }
        s += &match r.separates {
            Some(MissReason::StaticGap) => ": this axis keeps them apart for the whole step.".to_string(),
            Some(MissReason::ClosesTooLate) => ": they would meet only after t = 1, so this axis separates them for the step.".to_string(),
            Some(MissReason::MovingApart) => ": they move apart, so this axis separates them for the step.".to_string(),
            Some(MissReason::ExitsBeforeEntry) => {
                ": this axis separates again before the last axis starts to overlap, so the shapes pass without touching.".to_string()
            }
            None => ".".to_string(),
        };
        return s;
    }
    let o = &study.output;
    let mut s = format!("Relative velocity of B {}. ", p(v));
    let moving = matches!(
        o.termination,
        SweptTermination::Hit | SweptTermination::Miss
    );
    if let (true, Some(i), Some(j)) = (moving, tr.latest_entry, tr.earliest_exit) {
        // Axes are counted from 1, as the steps name them.
        let (ei, xj) = (tr.axes[i].entry, tr.axes[j].exit);
        s += &if ei == f32::NEG_INFINITY {
            "Every axis overlaps already at t = 0".to_string()
        } else {
            format!(
                "The last axis to start overlapping is axis {} at {}",
                i + 1,
                time(ei)
            )
        };
        s += &if xj == f32::INFINITY {
            "; no axis stops overlapping during the step. ".to_string()
        } else {
            format!("; the first to stop is axis {} at {}. ", j + 1, time(xj))
        };
    }
    s += &match o.termination {
        SweptTermination::Hit => format!(
            "Every axis overlaps from t = {:.4} on, and none has separated again by then: the shapes first touch at t = {:.4}, normal {} (the axis that entered last).",
            o.t,
            o.t,
            p(o.normal)
        ),
        SweptTermination::Miss => miss_words(study),
        SweptTermination::AlreadyOverlapping => format!(
            "Every axis overlaps already at t = 0: the shapes overlap now. The minimum translation is {:.4} along {}.",
            o.depth,
            p(o.normal)
        ),
        SweptTermination::NoRelativeMotion => {
            "The shapes are apart and do not move relative to each other: no collision.".to_string()
        }
    };
    s
}

/// A miss: the deciding axis by its number and name, and why it keeps the shapes
/// apart, in the words the axis' own step used.
fn miss_words(study: &SweptStudy) -> String {
    use crate::core::toi::swept_sat::MissReason;
    let (tr, o) = (&study.trace, &study.output);
    let n = tr.axes.len();
    let which = match tr.axes.iter().position(|r| r.axis == o.axis) {
        Some(i) => format!("Axis {} of {n}, {},", i + 1, axis_name(&o.axis)),
        None => format!("The axis {}", axis_name(&o.axis)),
    };
    let why = match o.miss_reason {
        Some(MissReason::StaticGap) => {
            "B does not move relative to A along it, and the shadows keep their gap all step"
        }
        Some(MissReason::ClosesTooLate) => "the shadows would meet only after t = 1",
        Some(MissReason::MovingApart) => "the shadows move apart",
        Some(MissReason::ExitsBeforeEntry) => {
            "its window closes before the last axis' window opens: at no moment do all the shadows overlap"
        }
        None => "its shadows stay apart",
    };
    format!("{which} separates them for the whole step: {why}. No collision before t = 1.")
}
