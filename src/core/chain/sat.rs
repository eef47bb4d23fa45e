//! Step 4 of the chain query against a polygon: the separating-axis search, taken
//! when the cores overlap or nearly touch (GJK's closest points name no reliable
//! features then) or when the shape's centroid is behind the segment's line.
//!
//! ## Derivation
//! The segment with its convex neighbours is a partial polygon whose faces are the
//! segment and the neighbours' lines. Each candidate axis gets its separation, the
//! least signed distance of the shape's core along it:
//! - the **segment's normal** `n1`: `min_i n1·(v_i − a)`; the vertex that attains it
//!   is the incident vertex should this axis win;
//! - each **convex neighbour's normal** (`n0` from `a`, `n2` from `b`): if it
//!   separates strictly more, the neighbour owns the contact and the query stops
//!   ([`ChainTermination::NeighbourAxis`]);
//! - each **shape edge** whose reversed normal the Gauss map admits (a skipped or
//!   snapped normal is not this segment's to use): `min(m·(a − v), m·(b − v))`, the
//!   segment's deeper end below the edge's line.
//!
//! The shape's best edge becomes the reference when it separates strictly more than
//! every segment axis; otherwise the segment's face is the reference. Ties go to the
//! segment, as in Box2D.

use super::classify::{classify_normal, NormalDecision};
use super::reference::shape_reference;
use super::trace::{Candidate, ChainStep, SatAxis};
use super::types::{Incident, Next, Polygon};
use super::{ChainTermination, ChainTrace, Frame, InvalidInput, Local};
use crate::core::record::Record;
use glam::Vec2;

/// The least separation of the shape's core along `n` from `origin`, and the vertex
/// that attains it (the first, Box2D's strict `<`; None if every value is NaN).
fn least_along(poly: &Polygon, n: Vec2, origin: Vec2) -> (f32, Option<usize>) {
    let mut best = (f32::MAX, None);
    for (i, v) in poly.vertices[..poly.count].iter().enumerate() {
        let s = n.dot(*v - origin);
        if s < best.0 {
            best = (s, Some(i));
        }
    }
    best
}

/// Step 4 (module docs).
pub(super) fn separating_axes(
    frame: &Frame,
    poly: &Polygon,
    mut trace: Option<&mut ChainTrace>,
) -> Next {
    let (s, normals) = (&frame.segment, &frame.normals);
    let (segment, incident) = least_along(poly, normals.normal1, s.a);
    let neighbour0 = normals
        .convex1
        .then(|| least_along(poly, normals.normal0, s.a).0);
    let neighbour2 = normals
        .convex2
        .then(|| least_along(poly, normals.normal2, s.b).0);
    let mut best = segment;
    let mut neighbour_wins = false;
    for sep in [neighbour0, neighbour2].into_iter().flatten() {
        if sep > best {
            best = sep;
            neighbour_wins = true;
        }
    }
    let shape_edge = best_shape_edge(frame, poly, trace.as_deref_mut());
    let shape_wins = shape_edge.is_some_and(|(_, sep)| sep > best);
    let winner = match shape_edge {
        Some((edge, _)) if shape_wins => SatAxis::ShapeEdge { edge },
        _ if neighbour_wins => SatAxis::Neighbour,
        _ => SatAxis::Segment,
    };
    trace.record(|t| {
        t.steps.push(ChainStep::SeparatingAxes {
            segment,
            neighbour0,
            neighbour2,
            shape_edge,
            winner,
        })
    });
    match (winner, incident) {
        (SatAxis::ShapeEdge { edge }, _) => Next::Done(shape_reference(frame, poly, edge, trace)),
        (SatAxis::Neighbour, _) => Next::Done(Local::empty(ChainTermination::NeighbourAxis)),
        (SatAxis::Segment, Some(i)) => Next::SegmentFace(Incident::Vertex(i)),
        // Every separation NaN: only overflowed coordinates get here.
        (SatAxis::Segment, None) => Next::Done(Local::empty(ChainTermination::Invalid(
            InvalidInput::Overflow,
        ))),
    }
}

/// The shape's edge of largest separation among those whose reversed normal is
/// admitted (each classification recorded), with that separation.
fn best_shape_edge(
    frame: &Frame,
    poly: &Polygon,
    mut trace: Option<&mut ChainTrace>,
) -> Option<(usize, f32)> {
    let (s, q) = (&frame.segment, frame.xf_a.q);
    let mut best: Option<(usize, f32)> = None;
    for i in 0..poly.count {
        let m = poly.normals[i];
        let v = poly.vertices[i];
        let sep = m.dot(s.b - v).min(m.dot(s.a - v));
        let class = classify_normal(&frame.normals, -m);
        trace.record(|t| {
            t.steps.push(ChainStep::Classify {
                candidate: Candidate::SearchedEdge {
                    edge: i,
                    separation: sep,
                },
                class: class.rotated(q),
            })
        });
        if class.decision != NormalDecision::Admit {
            continue;
        }
        if sep > best.map_or(-f32::MAX, |(_, b)| b) {
            best = Some((i, sep));
        }
    }
    best
}
