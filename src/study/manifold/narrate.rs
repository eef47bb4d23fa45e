//! The clipping manifold's steps in words: features, reference and incident edges,
//! each clip, the points kept.

use super::{manifold_phase, ManifoldPhase, ManifoldStudy};
use crate::core::manifold::{
    ClipPlane, IdKind, ManifoldCase, ManifoldOutput, ManifoldSource, ManifoldTermination,
    ManifoldTrace, NormalSource,
};
use crate::view::text::p;

/// Manifold step `k` with `source`'s normal.
pub fn manifold_step(study: &ManifoldStudy, source: ManifoldSource, k: usize) -> String {
    let (out, tr) = study.get(source);
    match manifold_phase(tr, k) {
        ManifoldPhase::Features => features_text(tr),
        ManifoldPhase::ReferenceIncident => reference_incident_text(tr),
        ManifoldPhase::Clip(j) => clip_text(tr, j),
        ManifoldPhase::Points => points_text(out),
    }
}

/// The normal, where it comes from, the features along it and the case they make.
fn features_text(tr: &ManifoldTrace) -> String {
    let src = match tr.normal_source {
        Some(NormalSource::Epa) => "EPA's penetration normal",
        Some(NormalSource::Sat) => "SAT's axis of least penetration",
        Some(NormalSource::ClosestPoints) => {
            "the direction between the closest points (the shapes are apart)"
        }
        None => "no normal",
    };
    let mut s = format!(
        "The normal {} comes from {src}, with separation {:.4}. ",
        tr.normal.map(p).unwrap_or_default(),
        tr.separation.unwrap_or(0.0)
    );
    if let (Some(fa), Some(fb)) = (&tr.feature_a, &tr.feature_b) {
        let kind = |f: &crate::core::manifold::FeatureRecord| {
            if f.is_point {
                format!("a point (vertex {})", f.index_a)
            } else {
                format!("edge {}–{}", f.index_a, f.index_b)
            }
        };
        s += &format!(
            "The farthest feature of A along the normal is {}; of B against it, {}. ",
            kind(fa),
            kind(fb)
        );
    }
    s += match tr.case {
        Some(ManifoldCase::PointPoint) => "Two points: one contact between them.",
        Some(ManifoldCase::PointSegment) => "A point against an edge: the point is the contact if it projects inside the edge, else the edge's nearest end.",
        Some(ManifoldCase::SegmentSegment) => "Two edges: one becomes the reference, the other is clipped against it.",
        Some(ManifoldCase::VertexVertex) => "The closest features are two vertices: one contact.",
        None => "",
    };
    s
}

/// The reference and incident edges.
fn reference_incident_text(tr: &ManifoldTrace) -> String {
    match (&tr.reference, &tr.incident) {
        (Some(r), Some(i)) => format!(
            "The reference edge is {}'s edge {}–{}, the one more perpendicular to the normal; the incident edge is {}'s edge {}–{}. The incident edge will be clipped by the two side planes through the reference edge's ends, then {}.",
            r.owner.as_str(),
            r.index_a,
            r.index_b,
            i.owner.as_str(),
            i.index_a,
            i.index_b,
            if tr.clips.last().map(|c| c.plane) == Some(ClipPlane::ClosestDistance) {
                "kept only if a clipped point lies within slop of the closest distance (Box2D's capsule rule)"
            } else {
                "by the reference face"
            }
        ),
        _ => String::new(),
    }
}

/// Clip `j`: the plane, the points in, kept, cut and added.
fn clip_text(tr: &ManifoldTrace, j: usize) -> String {
    let Some(c) = tr.clips.get(j) else {
        return String::new();
    };
    if c.plane == ClipPlane::ClosestDistance {
        return slop_rule_text(c);
    }
    let plane = match c.plane {
        ClipPlane::Side1 => "the side plane through the reference edge's first end",
        ClipPlane::Side2 => "the side plane through the reference edge's second end",
        ClipPlane::ReferenceFace => {
            "the reference face (moved out by the radii and the speculative distance)"
        }
        ClipPlane::ClosestDistance => unreachable!("narrated by slop_rule_text"),
    };
    let mut s = format!(
        "Clip {} by {plane}: {} point{} in, {} kept",
        j + 1,
        c.input.len(),
        if c.input.len() == 1 { "" } else { "s" },
        c.kept.len()
    );
    if !c.cut.is_empty() {
        s += &format!(", {} cut (beyond the plane)", c.cut.len());
    }
    if let Some(x) = c.added {
        s += &format!(
            ", and the crossing point {} added where the edge meets the plane",
            p(x)
        );
    }
    s + "."
}

/// Two segment cores (Box2D v3's `b2CollideCapsules`): both clipped points or none.
fn slop_rule_text(c: &crate::core::manifold::ClipStep) -> String {
    let verdict = if c.kept.is_empty() {
        "Neither clipped point is within linear slop (0.005) of the closest distance, so both go: a far clipped point would be a speculative contact that only misleads the solver. One point is made between the closest points instead."
    } else {
        "One of them lies within linear slop (0.005) of the closest distance, so both are kept, however far the other one is."
    };
    format!(
        "Box2D's rule for two segments (capsules): the plane drawn is the closest distance between the cores plus linear slop. {} clipped point{} in. {verdict}",
        c.input.len(),
        if c.input.len() == 1 { "" } else { "s" },
    )
}

/// The contact points, each with its separation and id.
fn points_text(out: &ManifoldOutput) -> String {
    if out.termination == ManifoldTermination::Separated {
        return "The shapes are farther apart than the speculative distance: no manifold."
            .to_string();
    }
    let mut s = format!(
        "{} contact point{} with normal {}",
        out.points().len(),
        if out.points().len() == 1 { "" } else { "s" },
        p(out.normal)
    );
    s += if out.termination == ManifoldTermination::SupportFallback {
        " (clipping kept nothing, so the deepest incident vertex is used)"
    } else {
        ""
    };
    s += ":";
    for pt in out.points() {
        let how = crate::core::manifold::ContactId::unpack(pt.id)
            .map(|id| match id.kind {
                IdKind::IncidentVertex => format!("incident vertex {}", id.incident_index),
                IdKind::SidePlane1 | IdKind::SidePlane2 => {
                    format!("incident edge {} cut by a side plane", id.incident_index)
                }
                IdKind::Point => "a point contact".to_string(),
                IdKind::Fallback => "the fallback".to_string(),
            })
            .unwrap_or_default();
        s += &format!(" separation {:.4} (id {}, {how});", pt.separation, pt.id);
    }
    s.pop();
    s + ". Negative separation is penetration; the id stays the same while the features stay the same."
}
