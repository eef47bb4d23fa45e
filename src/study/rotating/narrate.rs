//! The rotating time of impact in words: each distance at `t1`, each push-back with its
//! root finder, the answer.

use super::{rotating_steps, RotatingStudy};
use crate::core::consts::LINEAR_SLOP;
use crate::core::toi::rotating::{
    PushBack, SeparationKind, ToiIteration, ToiTarget, ToiTermination,
};
use crate::study::facts::count;

/// Step `k`; the step after the last is the answer.
pub fn rotating_step(study: &RotatingStudy, k: usize) -> String {
    let tr = &study.trace;
    let steps = rotating_steps(tr);
    let Some(step) = steps.get(k) else {
        return answer_text(study);
    };
    let Some(it) = tr.iterations.get(step.iteration) else {
        return String::new();
    };
    match step.push.and_then(|p| it.pushes.get(p)) {
        None => iteration_text(study, step.iteration, it),
        Some(p) => push_text(study, it, p),
    }
}

fn iteration_text(study: &RotatingStudy, i: usize, it: &ToiIteration) -> String {
    let tr = &study.trace;
    let mut s = format!(
        "Iteration {}: at t1 = {:.5} the cores are {:.5} apart (GJK). ",
        i + 1,
        it.t1,
        it.distance,
    );
    s += &if i == 0 {
        target_words(tr.target, tr.tolerance)
    } else {
        format!("The target is {:.4} ± {:.5}. ", tr.target, tr.tolerance)
    };
    if it.distance <= 0.0 {
        return s + "They overlap: continuous collision gives up here.";
    }
    if it.distance <= tr.target + tr.tolerance {
        return s + "That is within the band: the time of impact is t1.";
    }
    if let Some(f) = &it.function {
        s += match f.kind {
            SeparationKind::Points => "GJK ended on one vertex of each shape: the separation axis joins those two points and stays fixed in the world.",
            SeparationKind::FaceA => "GJK ended on an edge of A: the axis is that face's normal, turning with A.",
            SeparationKind::FaceB => "GJK ended on an edge of B: the axis is that face's normal, turning with B.",
        };
    }
    if it.t_end < 1.0 {
        s += &format!(
            " The search looks ahead to t = {:.5} only: the shapes turn, and over a longer interval the separation could bend below the band between two checks (or, farther, conservative advancement proves no contact before it).",
            it.t_end
        );
    }
    s
}

/// The study aims where the surfaces touch ([`ToiTarget::Touch`]); Box2D's
/// `b2TimeOfImpact` aims `max(slop, radii − slop)`, slop deeper, with the same band.
pub fn target_words(target: f32, tolerance: f32) -> String {
    let box2d = ToiTarget::Box2d.distance(target);
    let why = if target > LINEAR_SLOP {
        "the sum of the radii, where the rounded surfaces touch"
    } else {
        "linear slop: both shapes are sharp, and GJK cannot tell touching cores from overlapping ones"
    };
    format!(
        "This study's target is {target:.4} ± {tolerance:.5} ({why}): it looks for the first time the cores are that far apart. (Box2D's b2TimeOfImpact sets its own target a slop deeper, max(slop, radii − slop) = {box2d:.4}, with the same band, so it reports a little later; the time computed here is for {target:.4}.) "
    )
}

fn push_text(study: &RotatingStudy, it: &ToiIteration, p: &PushBack) -> String {
    let tr = &study.trace;
    let mut s = format!(
        "Push-back at t2 = {:.5}: the deepest vertex pair along the axis is {:.5} apart there. ",
        p.t2, p.s2
    );
    if p.s2 > tr.target + tr.tolerance {
        return s
            + &if p.t2 >= 1.0 {
                "Beyond the band even at the end of the step: no contact — separated.".to_string()
            } else {
                format!(
                "Beyond the band: nothing touches before t2, so the next iteration starts at {:.5}.",
                p.t2
            )
            };
    }
    if p.s2 > tr.target - tr.tolerance {
        return s + "Within the band: the shapes just touch along this pair; the next iteration starts at t2.";
    }
    if let Some(s1) = p.s1 {
        s += &format!(
            "Too deep; the same pair is {s1:.5} apart at t1 = {:.5}, so the root of s(t) = target lies between them. ",
            it.t1
        );
    }
    if !p.roots.is_empty() {
        let last = p.roots[p.roots.len() - 1];
        s += &format!(
            "The root finder alternates bisection and false position: {} iterate{}, ending at t = {:.5} with s = {:.5}; t2 moves there and the deepest pair is looked for again.",
            p.roots.len(),
            if p.roots.len() == 1 { "" } else { "s" },
            last.t,
            last.s
        );
    }
    s
}

fn answer_text(study: &RotatingStudy) -> String {
    let o = &study.output;
    let counts = format!(
        "{}, {}, {}",
        count(o.iterations as usize, "iteration", "iterations"),
        count(o.push_iterations as usize, "push-back", "push-backs"),
        count(o.root_iterations as usize, "root iterate", "root iterates")
    );
    match o.termination {
        ToiTermination::Hit => format!(
            "Hit at t = {:.6}: the cores are within {:.5} of the target there. The contact point is midway between the surfaces, the normal from A to B. ({counts}.)",
            o.t, o.tolerance
        ),
        ToiTermination::Separated => format!("Separated: the shapes never come within the band over the step. ({counts}.)"),
        ToiTermination::Overlapped => format!("Overlapped: the cores already overlap at t = 0, where continuous collision does not apply. ({counts}.)"),
        ToiTermination::Failed => format!(
            "Failed at t = {:.5}: the root finder or the iteration bound gave up (Box2D's \"failed\" state). ({counts}.)",
            o.t
        ),
    }
}
