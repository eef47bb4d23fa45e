//! Step 3's contact points, in A's frame, from the features: point–point,
//! point–segment (a point over a segment, or a corner against an arc), a clipped
//! incident point against the reference edge, and the support fallback when clipping
//! keeps nothing.

use super::features::{Edge, Pair};
use super::ids::{ContactId, IdKind};
use super::types::NormalChoice;
use super::{ManifoldCase, ManifoldPoint, NormalSource};
use crate::core::sat::Owner;
use glam::Vec2;

/// Point–point (two point features `fa`, `fb`; `c` the step-1 normal): one contact
/// along the normal, A the reference. Returns the point (A's frame), the normal from A
/// to B and the case: vertex–vertex when GJK named the pair and a shape has more than
/// one vertex, else point–point.
#[inline]
pub(super) fn point_point(
    pair: &Pair,
    c: &NormalChoice,
    fa: &Edge,
    fb: &Edge,
) -> (ManifoldPoint, Vec2, ManifoldCase) {
    let case = if c.vertex_vertex.is_some()
        && (pair.a.vertices().len() > 1 || pair.b.vertices().len() > 1)
    {
        ManifoldCase::VertexVertex
    } else {
        ManifoldCase::PointPoint
    };
    // Cores apart: the normal is the direction between the two points,
    // recomputed from them (as box_box does) rather than GJK's rounding of it.
    let d = fb.v1 - fa.v1;
    let len = d.length();
    let n = if c.source == NormalSource::ClosestPoints && len > 0.0 {
        d / len
    } else {
        c.normal
    };
    let (ra, rb) = (fa.radius, fb.radius);
    let point = ManifoldPoint {
        point_a: fa.v1 + ra * n,
        point_b: fb.v1 - rb * n,
        separation: (fb.v1 - fa.v1).dot(n) - ra - rb,
        id: ContactId {
            reference: Owner::A,
            reference_index: fa.i1 as u8,
            incident_index: fb.i1 as u8,
            kind: IdKind::Point,
        }
        .pack(),
    };
    (point, n, case)
}

/// Point–segment: `r` the segment (reference), `p` the point; `n` from A to B.
/// Returns the point (A's frame) and the normal from A to B.
#[inline]
pub(super) fn point_segment(r: &Edge, p: &Edge, n: Vec2) -> (ManifoldPoint, Vec2) {
    let e = r.v2 - r.v1;
    let q = p.v1;
    let t = (q - r.v1).dot(e) / e.dot(e);
    let (ref_point, out, ref_index, kind) = if (0.0..=1.0).contains(&t) {
        (r.v1 + t * e, r.normal, r.i1, IdKind::IncidentVertex)
    } else {
        // A corner against an arc: the nearest endpoint, along the given normal.
        let (c, idx) = if t < 0.0 { (r.v1, r.i1) } else { (r.v2, r.i2) };
        let out = if r.owner == Owner::A { n } else { -n };
        (c, out, idx, IdKind::Point)
    };
    let separation = (q - ref_point).dot(out) - r.radius - p.radius;
    let on_ref = ref_point + r.radius * out;
    let on_inc = q - p.radius * out;
    let id = ContactId {
        reference: r.owner,
        reference_index: ref_index as u8,
        incident_index: p.i1 as u8,
        kind,
    }
    .pack();
    let (point_a, point_b, normal) = if r.owner == Owner::A {
        (on_ref, on_inc, out)
    } else {
        (on_inc, on_ref, -out)
    };
    (
        ManifoldPoint {
            point_a,
            point_b,
            separation,
            id,
        },
        normal,
    )
}

/// A clipped incident core point `p` at `depth = (p − r1)·n_ref` → a manifold point.
#[inline]
pub(super) fn contact_point(
    r: &Edge,
    i: &Edge,
    p: Vec2,
    depth: f32,
    id: ContactId,
) -> ManifoldPoint {
    let on_inc = p - i.radius * r.normal;
    let on_ref = p + (r.radius - depth) * r.normal;
    let separation = depth - r.radius - i.radius;
    let (point_a, point_b) = if r.owner == Owner::A {
        (on_ref, on_inc)
    } else {
        (on_inc, on_ref)
    };
    ManifoldPoint {
        point_a,
        point_b,
        separation,
        id: id.pack(),
    }
}

/// The support fallback, when clipping kept no point: the incident vertex deepest
/// along the reference normal, against the nearest point of the reference edge `r`
/// (the clamped foot, not the projection). A's frame.
#[inline]
pub(super) fn support_fallback(r: &Edge, i: &Edge) -> ManifoldPoint {
    let d1 = (i.v1 - r.v1).dot(r.normal);
    let d2 = (i.v2 - r.v1).dot(r.normal);
    let (p, index) = if d2 < d1 { (i.v2, i.i2) } else { (i.v1, i.i1) };
    let e = r.v2 - r.v1;
    let t = ((p - r.v1).dot(e) / e.dot(e)).clamp(0.0, 1.0);
    let foot = r.v1 + t * e;
    let depth = (p - foot).dot(r.normal);
    let mut point = contact_point(r, i, p, depth, r.incident_id(index, IdKind::Fallback));
    // The point on the reference edge is the clamped foot, not the projection.
    let on_ref = foot + r.radius * r.normal;
    if r.owner == Owner::A {
        point.point_a = on_ref;
    } else {
        point.point_b = on_ref;
    }
    point
}
