//! Box2D's hull builder in words, one step at a time (the builder's steps are in
//! `core::quickhull`).

use super::HullStudy;
use crate::core::quickhull::{HullStep, BOX2D_LINEAR_SLOP};
use crate::view::text::p;

/// Hull step `k`; the step after the last is the result.
pub fn hull_step(study: &HullStudy, k: usize) -> String {
    let slop = BOX2D_LINEAR_SLOP;
    // Builder points are in A's frame; the words give world points, as drawn.
    let p = |q: glam::Vec2| p(study.world(q));
    let Some(step) = study.output.steps.get(k) else {
        return result_text(study);
    };
    match step {
        HullStep::Weld { point, onto } => format!(
            "Weld: {} lies {} from the kept point {}, closer than 4 × slop ({}): Box2D drops it.",
            p(*point),
            small(point.distance(*onto)),
            p(*onto),
            4.0 * slop
        ),
        HullStep::Extremes { p1, p2 } => format!(
            "The first two hull vertices: p1 = {} is the point farthest from the centre of the points' bounding box, p2 = {} the point farthest from p1. The line p1 → p2 splits the others into a right and a left half, each built on its own.",
            p(*p1),
            p(*p2)
        ),
        HullStep::NearLine { points } => format!(
            "{} point{} within 2 × slop ({}) of the line p1 → p2: on the hull's first diagonal, so dropped before recursing.",
            points.len(),
            if points.len() == 1 { " lies" } else { "s lie" },
            2.0 * slop
        ),
        HullStep::Recurse {
            p1,
            p2,
            points,
            best,
            distance,
            accepted,
        } => recurse_text(
            study.world(*p1),
            study.world(*p2),
            points.len(),
            best.map(|b| study.world(b)),
            *distance,
            *accepted,
        ),
        HullStep::MergeCollinear { point, distance } => format!(
            "Merge: the hull vertex {} is only {} from the line through its neighbours, under 2 × slop ({}): Box2D removes it, and checks again until no vertex is that flat. (This is how Box2D issue 296's nearly collinear vertex disappears.)",
            p(*point),
            small(*distance),
            2.0 * slop
        ),
    }
}

fn recurse_text(
    p1: glam::Vec2,
    p2: glam::Vec2,
    count: usize,
    best: Option<glam::Vec2>,
    distance: f32,
    accepted: bool,
) -> String {
    let slop = BOX2D_LINEAR_SLOP;
    let head = format!(
        "Recurse on the edge {} → {} with {count} point{} on its right.",
        p(p1),
        p(p2),
        if count == 1 { "" } else { "s" }
    );
    match best {
        Some(b) if accepted => format!(
            "{head} The farthest, {} at {distance:.4}, is at least 2 × slop ({}) out: a hull vertex. Points inside the triangle it makes with the edge are dropped; those right of its two new edges recurse.",
            p(b),
            2.0 * slop
        ),
        Some(b) => format!(
            "{head} The farthest, {}, is only {} out, under 2 × slop ({}): no vertex here, and the points right of the edge are dropped as lying on it.",
            p(b),
            small(distance),
            2.0 * slop
        ),
        None => format!("{head} Nothing to do."),
    }
}

fn result_text(study: &HullStudy) -> String {
    match &study.output.hull {
        Ok(h) => {
            let dropped = study.input.len().saturating_sub(h.len());
            format!(
                "The hull: {} vertices, counter-clockwise, of {} points ({dropped} dropped). This is the polygon Box2D's b2ComputeHull makes of these points; a scene that loads an engine's hull gets the same one.",
                h.len(),
                study.input.len()
            )
        }
        Err(f) => format!(
            "No hull: {} — Box2D's builder returns an empty hull here, and b2MakePolygon would assert. Shape A needs at least three points spread wider than 4 × slop.",
            f.as_str()
        ),
    }
}

/// A short distance as the words print it: "0" when exactly zero, four decimals from
/// 0.001 up, else two significant digits ("3.2e-7").
fn small(d: f32) -> String {
    if d == 0.0 {
        "0".into()
    } else if d.abs() >= 1.0e-3 {
        format!("{d:.4}")
    } else {
        format!("{d:.1e}")
    }
}
