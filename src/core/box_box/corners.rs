//! The separated band (beyond Box2D-Lite, after Box2D v3's `b2CollidePolygons`): when
//! the cores are apart beyond the touching tolerance and the closest points of the
//! reference and incident edges are two corners, one point along the corner-to-corner
//! direction.

use super::edges::{IncidentEdge, ReferenceFace};
use super::trace::BoxBoxTrace;
use super::{BoxContact, Frame};
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// Closest points of segments `p1–q1` and `p2–q2`: fractions along each, clamped to
/// [0, 1] (Ericson, Real-Time Collision Detection §5.1.9).
fn segment_fractions(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> (f32, f32) {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let a = d1.dot(d1);
    let e = d2.dot(d2);
    let f = d2.dot(r);
    let c = d1.dot(r);
    let b = d1.dot(d2);
    let denom = a * e - b * b;
    let mut s = if denom > 0.0 {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    (s, t)
}

fn is_end(f: f32) -> bool {
    f == 0.0 || f == 1.0
}

/// The closest points of the reference face and the incident edge (recorded in the
/// trace); when both are corners, the one contact between them (radii `ra`, `rb` of A
/// and B) and its unit normal from A to B, A's frame.
pub(super) fn closest_corners(
    rf: &ReferenceFace,
    inc: &IncidentEdge,
    fr: &Frame,
    ra: f32,
    rb: f32,
    mut trace: Option<&mut BoxBoxTrace>,
) -> Option<(BoxContact, Vec2)> {
    let (r1, r2, incident) = (rf.r1, rf.r2, &inc.v);
    let (f1, f2) = segment_fractions(r1, r2, incident[0].p, incident[1].p);
    // At a fraction of exactly 0 or 1 take the endpoint itself: `p0 + 1·(p1 − p0)`
    // is not `p1` to the last bit, and two corners a hair apart magnify that.
    let lerp = |p: Vec2, q: Vec2, f: f32| match f {
        0.0 => p,
        1.0 => q,
        _ => p + f * (q - p),
    };
    let pr = lerp(r1, r2, f1);
    let pi = lerp(incident[0].p, incident[1].p, f2);
    let vv = is_end(f1) && is_end(f2);
    trace.record(|t| {
        t.edge_closest = Some((fr.world(pr), fr.world(pi), vv));
    });
    if !vv {
        return None;
    }
    let (pa, pb) = if fr.owner == Owner::A {
        (pr, pi)
    } else {
        (pi, pr)
    };
    let dist = pa.distance(pb);
    let nv = (pb - pa) / dist;
    // Corner tags: a reference corner sits between edges (neg, face) or
    // (face, pos); the incident corner keeps its own tags.
    let rfp = if f1 == 0.0 {
        [rf.neg_edge, rf.edge as u8]
    } else {
        [rf.edge as u8, rf.pos_edge]
    };
    let ifp = if f2 == 0.0 {
        incident[0].fp
    } else {
        incident[1].fp
    };
    let fp = [rfp[0], rfp[1], ifp[2], ifp[3]];
    let point = BoxContact {
        point_a: fr.world(pa + ra * nv),
        point_b: fr.world(pb - rb * nv),
        separation: dist - (ra + rb),
        id: fr.to_pair(fp).pack(),
    };
    Some((point, nv))
}
