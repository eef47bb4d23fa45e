//! A chain segment's query against a shape, decision by decision, in plain words: the
//! segment and its neighbours, the one-sided test, the closest features, each candidate
//! normal's classification on the Gauss map (skip / admit / snap), the separating axes,
//! the reference and incident edges, the clip, and how it ended. One sentence per
//! recorded [`ChainStep`], numbered as the panel lists them.

use crate::core::chain::{
    collide_chain_segment, Candidate, ChainStep, ChainTrace, CircleRegion, NormalClass,
    NormalDecision, OneSidedTest, SatAxis, SegmentEnd, SegmentNormals,
};
use crate::scene::Scene;
use crate::view::text::p;
use glam::Vec2;

fn end_word(e: SegmentEnd) -> &'static str {
    match e {
        SegmentEnd::Tail => "its start (a)",
        SegmentEnd::Head => "its end (b)",
    }
}

fn convex(c: bool) -> &'static str {
    if c {
        "convex"
    } else {
        "concave or flat"
    }
}

fn classify(candidate: &Candidate, k: &NormalClass) -> String {
    let what = match candidate {
        Candidate::ClosestVertices => "the direction between the closest points".to_string(),
        Candidate::ClosestEdge { edge } => {
            format!("the reversed normal of the shape's edge {edge}")
        }
        Candidate::SearchedEdge { edge, separation } => format!(
            "the reversed normal of the shape's edge {edge} (axis search, separation {separation:.4})"
        ),
    };
    let lean = format!(
        "{what}, {}, leans towards {} (n·e1 = {:.4})",
        p(k.candidate),
        end_word(k.end),
        k.along_edge
    );
    let why = match (k.decision, k.cross) {
        (NormalDecision::Skip, Some(c)) => format!(
            "that end is convex and the normal lies past the neighbour's (cross {c:.2e}): the neighbour owns it, so this segment makes no contact — no ghost bump"
        ),
        (NormalDecision::Admit, Some(c)) => format!(
            "that end is convex and the normal lies between this segment's and the neighbour's (cross {c:.2e}): admitted"
        ),
        (NormalDecision::Admit, None) => "it is the segment's own normal: admitted".to_string(),
        (_, None) => {
            "that end is concave or flat, so the normal is snapped to the segment's own: a flat floor pushes straight up".to_string()
        }
        (NormalDecision::Snap, Some(c)) => format!("snapped to the segment's normal (cross {c:.2e})"),
    };
    format!("Gauss map: the candidate normal is {lean}; {why}.")
}

/// One sentence for one decision.
pub fn describe_step(step: &ChainStep) -> String {
    match step {
        ChainStep::Segment { a, b, normals, .. } => segment(*a, *b, normals),
        ChainStep::OneSided(t) => one_sided(t),
        ChainStep::CircleRegion {
            region,
            closest,
            in_neighbour_region,
            ..
        } => circle_region(*region, *closest, *in_neighbour_region),
        ChainStep::Closest {
            distance,
            limit,
            from_closest_features,
            ..
        } => closest(*distance, *limit, *from_closest_features),
        ChainStep::Classify { candidate, class } => classify(candidate, class),
        ChainStep::SeparatingAxes {
            segment,
            shape_edge,
            winner,
            ..
        } => separating_axes(*segment, *shape_edge, winner),
        ChainStep::NeighbourIncident {
            end,
            neighbour_is_incident,
            ..
        } => neighbour_incident(*end, *neighbour_is_incident),
        ChainStep::Reference {
            reference,
            shape_indices,
            normal,
            ..
        } => reference_edges(reference.as_str() == "A", *shape_indices, *normal),
        ChainStep::Clip { overlap, .. } => clip(*overlap),
    }
}

/// The segment, its normal and the convexity of its two corners.
fn segment(a: Vec2, b: Vec2, normals: &SegmentNormals) -> String {
    format!(
        "The segment runs from {} to {}; its normal {} points to the side shapes collide from. The corner at a is {} (turn {:.3}), at b {} (turn {:.3}).",
        p(a),
        p(b),
        p(normals.normal1),
        convex(normals.convex1),
        normals.turn1,
        convex(normals.convex2),
        normals.turn2
    )
}

/// The one-sided test: how far the shape's centre is in front of the lines tested.
fn one_sided(t: &OneSidedTest) -> String {
    let verdict = if t.behind {
        "behind every line tested: the shape is on the solid side and the query stops"
    } else {
        "in front of at least one: the query goes on"
    };
    let neighbours = match (t.offset0, t.offset2) {
        (None, None) => String::new(),
        (o0, o2) => format!(
            " ({}{})",
            o0.map(|v| format!("tail neighbour {v:.4}"))
                .unwrap_or_default(),
            o2.map(|v| format!(" head neighbour {v:.4}"))
                .unwrap_or_default()
        ),
    };
    format!(
        "One-sided test: the shape's centre {} is {:.4} from the segment's line{neighbours}; {verdict}.",
        p(t.centre),
        t.offset1,
    )
}

/// A circle: where its centre projects on the segment, and who owns the contact.
fn circle_region(region: CircleRegion, closest: Vec2, in_neighbour_region: bool) -> String {
    let r = match region {
        CircleRegion::Tail => "before a",
        CircleRegion::Interior => "between a and b",
        CircleRegion::Head => "beyond b",
    };
    let owner = if in_neighbour_region {
        " — in the neighbour's region: the neighbour makes this contact, not this segment"
    } else {
        ""
    };
    format!(
        "The circle's centre projects {r}; the closest point is {}{owner}.",
        p(closest)
    )
}

/// GJK's distance between the cores, and where the normal comes from.
fn closest(distance: f32, limit: f32, from_closest_features: bool) -> String {
    let gap = if distance > 0.0 {
        format!("GJK: the cores are {distance:.4} apart")
    } else {
        "GJK: the cores touch or overlap (distance 0)".to_string()
    };
    let source = if from_closest_features {
        format!(", more than {limit:.4}: the normal comes from these closest features.")
    } else if distance > limit {
        ", but the shape's centre is behind the segment: the normal comes from the separating-axis search.".to_string()
    } else {
        format!(", within {limit:.4} (close or touching): the normal comes from the separating-axis search.")
    };
    gap + &source
}

/// The separations along the segment's normal and the best shape edge, and the axis
/// that decides.
fn separating_axes(segment: f32, shape_edge: Option<(usize, f32)>, winner: &SatAxis) -> String {
    format!(
        "Separating axes: {segment:.4} along the segment's normal{}; the {} decides.",
        shape_edge
            .map(|(e, s)| format!(", {s:.4} along the shape's edge {e}"))
            .unwrap_or_default(),
        match winner {
            SatAxis::Segment => "segment's normal".to_string(),
            SatAxis::Neighbour =>
                "neighbour's normal (the neighbour owns the contact: none here)".to_string(),
            SatAxis::ShapeEdge { edge } => format!("shape's edge {edge}"),
        }
    )
}

/// With the shape's face as reference: the segment's deeper end, and whether its
/// neighbour there is the incident edge instead.
fn neighbour_incident(end: SegmentEnd, neighbour_is_incident: bool) -> String {
    format!(
        "The shape's face is the reference; the segment's deeper end is {}{}.",
        end_word(end),
        if neighbour_is_incident {
            ", and the neighbour there faces it more squarely: the neighbour is incident, no contact from this segment"
        } else {
            "; this segment stays incident"
        }
    )
}

/// The reference and incident edges (the segment and the shape's edge, one each way).
fn reference_edges(
    segment_is_reference: bool,
    shape_indices: (usize, usize),
    normal: Vec2,
) -> String {
    let (reference, incident) = if segment_is_reference {
        ("the segment", "the shape's edge")
    } else {
        ("the shape's edge", "the segment")
    };
    format!(
        "Reference edge: {reference} (normal {}); incident edge: {incident} (the shape's vertices {} and {}).",
        p(normal),
        shape_indices.0,
        shape_indices.1
    )
}

/// The clip of the incident edge to the reference edge's extent.
fn clip(overlap: bool) -> String {
    if overlap {
        "Clip: the incident edge is cut to the reference edge's extent; its ends make the contact points.".to_string()
    } else {
        "Clip: the edges' extents do not overlap: no points.".to_string()
    }
}

/// Segment `i` of chain `c` against shape `s`: each decision in words, then the
/// outcome. Empty when there is no such segment.
pub fn chain_decisions(scene: &Scene, c: usize, i: usize, s: usize) -> Vec<String> {
    if c >= scene.chains.len() || s >= scene.shapes.len() {
        return Vec::new();
    }
    let inputs = scene.chain_pair(c, s);
    let Some(input) = inputs.segment(i) else {
        return Vec::new();
    };
    let mut trace = ChainTrace::default();
    let out = collide_chain_segment(&input, Some(&mut trace));
    let mut lines: Vec<String> = trace.steps.iter().map(describe_step).collect();
    lines.push(match trace.termination {
        Some(o) => format!(
            "Outcome: {} — {} point{}.",
            o.as_str(),
            trace.points.len(),
            if trace.points.len() == 1 { "" } else { "s" }
        ),
        None => format!("Refused: {out:?}"),
    });
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;

    #[test]
    fn the_tiled_floor_seam_is_told_as_a_snap_or_a_skip_never_a_bump() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/scenes/chain_tiled_floor.ron"
        ))
        .unwrap();
        let scene = parse_scene(&text, "floor").unwrap();
        let mut told = 0;
        for s in 0..scene.shapes.len() {
            for i in 0..scene.chains[0].segments().len() {
                let lines = chain_decisions(&scene, 0, i, s);
                assert!(lines.last().is_some_and(|l| l.starts_with("Outcome")));
                for l in lines.iter().filter(|l| l.starts_with("Gauss map")) {
                    told += 1;
                    assert!(
                        l.contains("snapped") || l.contains("admitted") || l.contains("owns it"),
                        "{l}"
                    );
                }
            }
        }
        assert!(told > 0, "some segment classified a normal");
        assert!(chain_decisions(&scene, 9, 0, 0).is_empty());
    }
}
