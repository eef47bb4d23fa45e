//! The shape cast in words, one sentence per advancement step.

use super::CastStudy;
use crate::view::text::p;

/// Shape cast: one sentence per advancement step.
pub fn cast_step(study: &CastStudy, k: usize) -> String {
    use crate::core::toi::shape_cast::CastTermination;
    let tr = &study.trace;
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
    let mut s = s.trim_end().to_string();
    if k + 1 == tr.steps.len() {
        let o = &study.output;
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
