//! Sutherland–Hodgman's steps in words: one clip edge at a time.

use super::ClipStudy;
use crate::core::sutherland_hodgman::{ClipTermination, VertexCase};
use crate::view::text::p;

/// Sutherland–Hodgman step `k`.
pub fn clip_step(study: &ClipStudy, k: usize) -> String {
    let tr = &study.trace;
    let Some(m) = &study.output else {
        return "Sutherland–Hodgman clips one polygon by another: both A and B need at least three vertices (circles, capsules and segments have none to clip with).".to_string();
    };
    if let Some(e) = tr.edges.get(k) {
        let count = |c: VertexCase| e.vertices.iter().filter(|v| v.case == c).count();
        let closing = if e.edge + 1 == tr.edges.len() {
            " (the closing edge, last vertex to first)"
        } else {
            ""
        };
        return format!(
            "Clip A by B's edge {}{closing}: walking A's polygon's {} edges: {} inside→inside (keep the vertex), {} outside→inside (keep the crossing and the vertex), {} inside→outside (keep the crossing), {} outside→outside (keep nothing). {} vertices before, {} after.",
            e.edge,
            e.vertices.len(),
            count(VertexCase::InToIn),
            count(VertexCase::OutToIn),
            count(VertexCase::InToOut),
            count(VertexCase::OutToOut),
            e.before.len(),
            e.after.len()
        );
    }
    match m.termination {
        ClipTermination::Overlap => format!(
            "The overlap region has {} vertices. As an alternative manifold, its vertices deepest inside A along {} give {} point{}.",
            m.polygon.len(),
            p(m.normal),
            m.points.len(),
            if m.points.len() == 1 { "" } else { "s" }
        ),
        ClipTermination::Touching => "The polygons only touch: the intersection has no area.".to_string(),
        ClipTermination::Disjoint => "Nothing is left: the polygons do not overlap.".to_string(),
        ClipTermination::DegenerateInput => "A polygon has no area; nothing to clip.".to_string(),
    }
}
