//! Steps 4–5: the incident edge clipped to the reference face's side planes
//! (Box2D-Lite's `ClipSegmentToLine`), then the front face: points with separation up
//! to the speculative distance are kept, slid onto the reference face; if none is
//! left, the support fallback (as the general manifold's).

use super::edges::{IncidentEdge, ReferenceFace};
use super::trace::{BoxBoxTrace, BoxClipRecord, BoxFaceRecord};
use super::types::Cv;
use super::{BoxBoxOutput, BoxBoxTermination, BoxContact, Frame, NO_EDGE};
use crate::core::manifold::ClipPlane;
use crate::core::record::Record;
use glam::Vec2;

/// Clips `input` to the half-plane `u·p − c ≤ 0` (Box2D-Lite's `ClipSegmentToLine`):
/// points on the kept side stay; a crossing point takes the clip plane's edge
/// `clip_edge` as its reference tag (in-tag when entering, out-tag when leaving).
fn clip_segment_to_line(input: &[Cv], u: Vec2, c: f32, clip_edge: u8, out: &mut [Cv; 2]) -> usize {
    let mut n = 0;
    if input.len() < 2 {
        for v in input {
            if u.dot(v.p) - c <= 0.0 {
                out[n] = *v;
                n += 1;
            }
        }
        return n;
    }
    let d0 = u.dot(input[0].p) - c;
    let d1 = u.dot(input[1].p) - c;
    if d0 <= 0.0 {
        out[n] = input[0];
        n += 1;
    }
    if d1 <= 0.0 {
        out[n] = input[1];
        n += 1;
    }
    if d0 * d1 < 0.0 {
        let t = d0 / (d0 - d1);
        let p = input[0].p + t * (input[1].p - input[0].p);
        let mut fp;
        if d0 > 0.0 {
            fp = input[0].fp;
            fp[0] = clip_edge;
            fp[2] = NO_EDGE;
        } else {
            fp = input[1].fp;
            fp[1] = clip_edge;
            fp[3] = NO_EDGE;
        }
        out[n] = Cv { p, fp };
        n += 1;
    }
    n
}

/// Steps 4–5 into `out`: the clipped points in front of the reference face (depth
/// along its normal at most `limit`, the speculative distance plus the radii `radii`),
/// or the support fallback when none is.
#[inline]
pub(super) fn clip_incident(
    rf: &ReferenceFace,
    inc: &IncidentEdge,
    fr: &Frame,
    limit: f32,
    radii: f32,
    out: &mut BoxBoxOutput,
    mut trace: Option<&mut BoxBoxTrace>,
) {
    let (clipped, n) = clip_side_planes(rf, inc, fr, trace.as_deref_mut());
    front_face(rf, &clipped[..n], fr, limit, radii, out, trace);
    out.termination = BoxBoxTermination::Contact;
    if out.point_count == 0 {
        out.points[0] = support_fallback(rf, inc, fr);
        out.point_count = 1;
        out.termination = BoxBoxTermination::SupportFallback;
    }
}

/// Step 4: the incident edge clipped to the side plane through the reference face's
/// first vertex, then to the one through its second; the points left and their count.
#[inline]
fn clip_side_planes(
    rf: &ReferenceFace,
    inc: &IncidentEdge,
    fr: &Frame,
    mut trace: Option<&mut BoxBoxTrace>,
) -> ([Cv; 2], usize) {
    let incident = &inc.v;
    let side_normal = rf.side_normal;
    let mut c1 = [incident[0]; 2];
    let n1 = clip_segment_to_line(
        incident,
        -side_normal,
        -side_normal.dot(rf.r1),
        rf.neg_edge,
        &mut c1,
    );
    let mut c2 = [incident[0]; 2];
    let n2 = clip_segment_to_line(
        &c1[..n1],
        side_normal,
        side_normal.dot(rf.r2),
        rf.pos_edge,
        &mut c2,
    );
    trace.record(|t| {
        let wcv = |v: &Cv| fr.wcv(v);
        t.clips.push(BoxClipRecord {
            plane: ClipPlane::Side1,
            clip_edge: rf.neg_edge,
            plane_point: fr.world(rf.r1),
            plane_normal: fr.xf_a.q.apply(-side_normal),
            input: incident.iter().map(wcv).collect(),
            output: c1[..n1].iter().map(wcv).collect(),
        });
        t.clips.push(BoxClipRecord {
            plane: ClipPlane::Side2,
            clip_edge: rf.pos_edge,
            plane_point: fr.world(rf.r2),
            plane_normal: fr.xf_a.q.apply(side_normal),
            input: c1[..n1].iter().map(wcv).collect(),
            output: c2[..n2].iter().map(wcv).collect(),
        });
    });
    (c2, n2)
}

/// Step 5, the front face: each clipped point whose depth along the reference normal
/// is at most `limit` (the speculative distance plus the radii `radii`) becomes a
/// contact of `out`.
#[inline]
fn front_face(
    rf: &ReferenceFace,
    clipped: &[Cv],
    fr: &Frame,
    limit: f32,
    radii: f32,
    out: &mut BoxBoxOutput,
    mut trace: Option<&mut BoxBoxTrace>,
) {
    for cv in clipped {
        let depth = (cv.p - rf.r1).dot(fr.front_normal);
        let kept = depth <= limit;
        if kept {
            out.points[out.point_count] = fr.make(cv.p, depth, cv.fp, None);
            out.point_count += 1;
        }
        trace.record(|t| {
            t.front.push(BoxFaceRecord {
                point: fr.world(cv.p),
                separation: depth - radii,
                kept,
            });
        });
    }
}

/// The support fallback (as the general manifold's): the incident vertex deepest along
/// the reference normal, against the nearest point of the reference face.
fn support_fallback(rf: &ReferenceFace, inc: &IncidentEdge, fr: &Frame) -> BoxContact {
    let (r1, r2, front_normal, incident) = (rf.r1, rf.r2, fr.front_normal, &inc.v);
    let d0 = (incident[0].p - r1).dot(front_normal);
    let d1 = (incident[1].p - r1).dot(front_normal);
    let v = if d1 < d0 { incident[1] } else { incident[0] };
    let e = r2 - r1;
    let tt = ((v.p - r1).dot(e) / e.dot(e)).clamp(0.0, 1.0);
    let foot = r1 + tt * e;
    let depth = (v.p - foot).dot(front_normal);
    fr.make(v.p, depth, v.fp, Some(foot + fr.r_radius * front_normal))
}
