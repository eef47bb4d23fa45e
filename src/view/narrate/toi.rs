//! Time of impact in words: swept SAT axis by axis, the shape cast step by step.

use crate::trace::analysis::Analysis;
use crate::view::text::p;

pub(super) fn axis_name(axis: &crate::core::toi::swept_sat::SweptAxis) -> String {
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

pub(super) fn time(t: f32) -> String {
    if t == f32::INFINITY {
        "never".into()
    } else if t == f32::NEG_INFINITY {
        "always (−∞)".into()
    } else {
        format!("t = {t:.4}")
    }
}

/// Swept SAT: one sentence per axis, then the decision.
pub fn toi_step(an: &Analysis, k: usize) -> String {
    use crate::core::toi::swept_sat::{MissReason, SweptTermination};
    let tr = &an.swept_trace;
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
        s += &if r.overlap >= 0.0 {
            format!("they overlap by {:.4}. ", r.overlap)
        } else {
            format!("a gap of {:.4} separates them. ", -r.overlap)
        };
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
    let o = &an.swept;
    let mut s = format!("Relative velocity of B {}. ", p(v));
    if let (Some(i), Some(j)) = (tr.latest_entry, tr.earliest_exit) {
        let (ei, xj) = (tr.axes[i].entry, tr.axes[j].exit);
        s += &format!(
            "The latest entry is axis {i} at {}; the earliest exit is axis {j} at {}. ",
            time(ei),
            time(xj)
        );
    }
    s += &match o.termination {
        SweptTermination::Hit => format!(
            "Every axis overlaps from t = {:.4} on, and none has separated again by then: the shapes first touch at t = {:.4}, normal {} (the axis that entered last).",
            o.t,
            o.t,
            p(o.normal)
        ),
        SweptTermination::Miss => format!(
            "An axis ({}) separates them for the whole step: no collision before t = 1.",
            axis_name(&o.axis)
        ),
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

/// Shape cast: one sentence per advancement step.
pub fn cast_step(an: &Analysis, k: usize) -> String {
    use crate::core::toi::shape_cast::CastTermination;
    let tr = &an.cast_trace;
    let Some(st) = tr.steps.get(k) else {
        return "No cast step recorded.".to_string();
    };
    let mut s = String::new();
    if let (0, Some(f)) = (k, tr.start_face_step) {
        s += &format!(
            "Before any distance query: along the normal of {}'s edge {} (a face at the corners facing each other) the shapes are {:.5} apart and close at {:.5}, so they cannot touch before t = {:.5}; the first query is made there. ",
            f.owner, f.edge, f.gap, f.closing_speed, tr.start_time
        );
    }
    s += &format!(
        "Step {} at t = {:.5}: the shapes are {:.5} apart",
        k + 1,
        st.t,
        st.distance
    );
    if let Some(n) = st.normal {
        s += &format!(" along {}", p(n));
    }
    s += ". ";
    if let (Some(f), Some(dt)) = (st.face_step, st.advance) {
        s += &format!(
            "The closest points are two corners, so a face at them gives a longer safe step: along the normal of {}'s edge {} the shapes are {:.5} apart and close at {:.5}, so they cannot touch sooner than {:.5} later: advance to t = {:.5}.",
            f.owner,
            f.edge,
            f.gap,
            f.closing_speed,
            dt,
            st.t + dt
        )
    }
    match (st.closing_speed, st.advance) {
        _ if st.face_step.is_some() => {}
        (Some(v), Some(dt)) if v > 0.0 => {
            s += &format!(
                "They close at {:.5} per unit time along that normal, and no point can close faster, so no contact can happen sooner than {:.5} later: advance to t = {:.5}.",
                v,
                dt,
                st.t + dt
            )
        }
        (Some(v), _) if v <= 0.0 => s += "They are not approaching along the normal.",
        _ => {}
    }
    if k + 1 == tr.steps.len() {
        let o = &an.cast;
        s += &match o.termination {
            CastTermination::Hit => format!(
                " The gap is within the tolerance: the shapes first touch at t = {:.5}, at {} with normal {}.",
                o.t,
                p(o.point),
                p(o.normal)
            ),
            CastTermination::InitiallyOverlapping => {
                " They overlap already at t = 0: the time of impact is 0.".to_string()
            }
            CastTermination::MovingApart => {
                " Since they do not approach, by convexity the distance never shrinks again: no hit.".to_string()
            }
            CastTermination::SeparatedAtEnd => " They cannot touch before t = 1: no hit.".to_string(),
            CastTermination::MaxIterations => format!(
                " The step bound was reached before the gap closed (a grazing approach): did not converge; the shapes are apart until at least t = {:.5}.",
                o.t
            ),
        };
    }
    s
}
