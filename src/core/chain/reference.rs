//! Steps 5 and 6 of the chain query against a polygon: a reference face (the
//! shape's edge, or the segment's), the incident edge, and the clip (`clip`).
//!
//! ## Step 5, the neighbour as incident feature
//! With the shape's face (normal `m`) as the reference, the segment is its incident
//! edge only if no neighbour would be a better one: at the segment's end deeper along
//! `m`, the neighbour's normal (the segment's own at a flat or concave end) is
//! compared with `n1`: when `n_neighbour·m < n1·m` the neighbour faces the reference
//! more squarely, and the contact is the neighbour's to make.
//!
//! ## Step 6, the segment's face
//! With the segment as the reference (its normal `n1`), the shape's incident edge is
//! given (a snapped edge normal), or found at the incident vertex: of its two edges,
//! the one whose normal is more anti-parallel to `n1`.

use super::classify::SegmentEnd;
use super::clip::{clip_segments, ClipEdge, ClipInput};
use super::trace::ChainStep;
use super::types::{Incident, Polygon};
use super::{make_key, ChainTermination, ChainTrace, Frame, Local};
use crate::core::manifold::{ContactId, IdKind};
use crate::core::record::Record;
use crate::core::sat::Owner;

/// Step 5: the shape's edge `edge` is the reference, the segment the incident edge
/// unless the neighbour at its deeper end is (module docs).
pub(super) fn shape_reference(
    frame: &Frame,
    poly: &Polygon,
    edge: usize,
    mut trace: Option<&mut ChainTrace>,
) -> Local {
    let (s, normals, xf) = (&frame.segment, &frame.normals, frame.xf_a);
    let (i1, i2) = (edge, poly.next(edge));
    let (a1, a2, m) = (poly.vertices[i1], poly.vertices[i2], poly.normals[i1]);
    let (end, neighbour) = if m.dot(s.a - a1) < m.dot(s.b - a1) {
        (SegmentEnd::Tail, normals.tail_normal())
    } else {
        (SegmentEnd::Head, normals.head_normal())
    };
    let (neighbour_alignment, segment_alignment) = (neighbour.dot(m), normals.normal1.dot(m));
    let neighbour_is_incident = neighbour_alignment < segment_alignment;
    trace.record(|t| {
        t.steps.push(ChainStep::NeighbourIncident {
            end,
            neighbour_alignment,
            segment_alignment,
            neighbour_is_incident,
        })
    });
    if neighbour_is_incident {
        return Local::empty(ChainTermination::NeighbourIncident);
    }
    trace.record(|t| {
        t.steps.push(ChainStep::Reference {
            reference: Owner::B,
            reference_edge: [xf.apply(a1), xf.apply(a2)],
            incident_edge: [xf.apply(s.a), xf.apply(s.b)],
            shape_indices: (i1, i2),
            normal: xf.q.apply(m),
        })
    });
    let id = |incident: usize| ContactId {
        reference: Owner::B,
        reference_index: i1 as u8,
        incident_index: incident as u8,
        kind: IdKind::IncidentVertex,
    };
    let input = ClipInput {
        reference: ClipEdge {
            v1: a1,
            v2: a2,
            radius: poly.radius,
        },
        incident: ClipEdge {
            v1: s.a,
            v2: s.b,
            radius: 0.0,
        },
        normal: m,
        ids: [(id(1), make_key(i1, 1)), (id(0), make_key(i2, 0))],
    };
    match clip_segments(&input, &xf, trace) {
        Some(points) => Local::contact(-m, &points),
        None => Local::empty(ChainTermination::NoOverlap),
    }
}

/// Step 6: the segment's face is the reference; the shape's incident edge is the one
/// at the incident vertex more anti-parallel to `n1`, or the given edge.
pub(super) fn segment_reference(
    frame: &Frame,
    poly: &Polygon,
    incident: Incident,
    trace: Option<&mut ChainTrace>,
) -> Local {
    let mut trace = trace;
    let (s, n1, xf) = (&frame.segment, frame.normals.normal1, frame.xf_a);
    let (ib1, ib2) = match incident {
        Incident::Edge(i) => (i, poly.next(i)),
        Incident::Vertex(i2) => {
            let i1 = poly.prev(i2);
            if n1.dot(poly.normals[i1]) < n1.dot(poly.normals[i2]) {
                (i1, i2)
            } else {
                (i2, poly.next(i2))
            }
        }
    };
    let (b1, b2) = (poly.vertices[ib1], poly.vertices[ib2]);
    trace.record(|t| {
        t.steps.push(ChainStep::Reference {
            reference: Owner::A,
            reference_edge: [xf.apply(s.a), xf.apply(s.b)],
            incident_edge: [xf.apply(b1), xf.apply(b2)],
            shape_indices: (ib1, ib2),
            normal: xf.q.apply(n1),
        })
    });
    let id = |reference_index: u8, incident: usize| ContactId {
        reference: Owner::A,
        reference_index,
        incident_index: incident as u8,
        kind: IdKind::IncidentVertex,
    };
    let input = ClipInput {
        reference: ClipEdge {
            v1: s.a,
            v2: s.b,
            radius: 0.0,
        },
        incident: ClipEdge {
            v1: b1,
            v2: b2,
            radius: poly.radius,
        },
        normal: n1,
        ids: [
            (id(0, ib2), make_key(0, ib2)),
            (id(0, ib1), make_key(1, ib1)),
        ],
    };
    match clip_segments(&input, &xf, trace) {
        Some(points) => Local::contact(n1, &points),
        None => Local::empty(ChainTermination::NoOverlap),
    }
}
