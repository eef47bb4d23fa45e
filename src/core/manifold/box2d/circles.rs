//! Box2D's functions with a circle second: `b2CollideCircles`,
//! `b2CollideCapsuleAndCircle` (and `b2CollideSegmentAndCircle`, a capsule of radius
//! zero) and `b2CollidePolygonAndCircle`. One point, midway between the surfaces,
//! id 0.

use super::ops::{length_and_normalize, lerp, mul_add, mul_sub, normalize};
use super::{record_separated, Call, Local, LocalPoint};
use crate::core::manifold::face_search::max_separation_face;
use crate::core::manifold::ids::{ContactId, IdKind};
use crate::core::manifold::trace::{ManifoldTie, ManifoldTrace, TieChoice};
use crate::core::manifold::{ManifoldCase, ManifoldTermination, NormalSource};
use crate::core::math::Transform;
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// The id Box2D gives every point here, and our words for a vertex of the first shape
/// against the circle.
fn vertex_point(vertex: usize) -> ContactId {
    ContactId {
        reference_index: vertex as u8,
        ..ContactId::POINT
    }
}

/// The trace of a one-point contact: the first shape's feature (an edge `(v1, i1)`,
/// `(v2, i2)` or a vertex when the two are equal), the circle's centre, the normal
/// and the separation. Inlined down to its test of `trace`, so that without a trace
/// not even its arguments are built.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
fn record_one_point(
    call: &Call,
    trace: Option<&mut ManifoldTrace>,
    edge: ((Vec2, usize), (Vec2, usize)),
    edge_normal: Vec2,
    centre: Vec2,
    normal: Vec2,
    separation: f32,
) {
    if let Some(t) = trace {
        write_one_point(call, t, edge, edge_normal, centre, normal, separation);
    }
}

#[cold]
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn write_one_point(
    call: &Call,
    t: &mut ManifoldTrace,
    edge: ((Vec2, usize), (Vec2, usize)),
    edge_normal: Vec2,
    centre: Vec2,
    normal: Vec2,
    separation: f32,
) {
    t.normal = Some(call.world_normal(normal));
    t.separation = Some(separation);
    let first = call.feature(Owner::A, edge.0, edge.1, edge_normal, Vec2::ZERO);
    let second = call.feature(Owner::B, (centre, 0), (centre, 0), -normal, Vec2::ZERO);
    call.set_features(t, (first, second), true);
}

/// `b2CollideCircles`.
#[inline(always)]
pub(super) fn circles(call: &Call, xf: Transform, trace: Option<&mut ManifoldTrace>) -> Local {
    let (point_a, radius_a) = (call.first.vertices()[0], call.first.radius());
    let radius_b = call.second.radius();
    let point_b = xf.apply(call.second.vertices()[0]);
    let (distance, normal) = length_and_normalize(point_b - point_a);
    let separation = distance - radius_a - radius_b;
    if separation > call.spec {
        record_separated(call, trace, separation, normal, NormalSource::ClosestPoints);
        return Local::empty(ManifoldTermination::Separated, normal);
    }
    let c_a = mul_add(point_a, radius_a, normal);
    let c_b = mul_add(point_b, -radius_b, normal);
    record_one_point(
        call,
        trace,
        ((point_a, 0), (point_a, 0)),
        normal,
        point_b,
        normal,
        separation,
    );
    let point = LocalPoint {
        point: lerp(c_a, c_b, 0.5),
        separation,
        id: 0,
        features: ContactId::POINT,
    };
    Local::one(
        normal,
        point,
        ManifoldCase::PointPoint,
        NormalSource::ClosestPoints,
        Owner::A,
    )
}

/// `b2CollideCapsuleAndCircle` (a segment is a capsule of radius zero).
#[inline(always)]
pub(super) fn capsule_and_circle(
    call: &Call,
    xf: Transform,
    trace: Option<&mut ManifoldTrace>,
) -> Local {
    let p_b = xf.apply(call.second.vertices()[0]);
    let (p1, p2) = (call.first.vertices()[0], call.first.vertices()[1]);
    let e = p2 - p1;
    let s1 = (p_b - p1).dot(e);
    let s2 = (p2 - p_b).dot(e);
    // The closest point of the segment, and the vertex it is when at an end.
    let (p_a, end) = if s1 < 0.0 {
        (p1, Some(0))
    } else if s2 < 0.0 {
        (p2, Some(1))
    } else {
        let s = s1 / e.dot(e);
        (mul_add(p1, s, e), None)
    };
    let (distance, normal) = length_and_normalize(p_b - p_a);
    let (radius_a, radius_b) = (call.first.radius(), call.second.radius());
    let separation = distance - radius_a - radius_b;
    if separation > call.spec {
        record_separated(call, trace, separation, normal, NormalSource::ClosestPoints);
        return Local::empty(ManifoldTermination::Separated, normal);
    }
    let c_a = mul_add(p_a, radius_a, normal);
    let c_b = mul_add(p_b, -radius_b, normal);
    // Our words: the end vertex, or the side of the segment the circle is on.
    let side = usize::from(call.first.normals()[0].dot(normal) < 0.0);
    let (features, case, edge) = match end {
        Some(k) => (
            vertex_point(k),
            ManifoldCase::VertexVertex,
            ((p_a, k), (p_a, k)),
        ),
        None => (
            ContactId {
                reference_index: side as u8,
                kind: IdKind::IncidentVertex,
                ..ContactId::POINT
            },
            ManifoldCase::PointSegment,
            (
                (call.first.vertices()[side], side),
                (call.first.vertices()[1 - side], 1 - side),
            ),
        ),
    };
    record_one_point(call, trace, edge, normal, p_b, normal, separation);
    let point = LocalPoint {
        point: lerp(c_a, c_b, 0.5),
        separation,
        id: 0,
        features,
    };
    Local::one(normal, point, case, NormalSource::ClosestPoints, Owner::A)
}

/// `b2CollidePolygonAndCircle`.
#[inline(always)]
pub(super) fn polygon_and_circle(
    call: &Call,
    xf: Transform,
    mut trace: Option<&mut ManifoldTrace>,
) -> Local {
    let center = xf.apply(call.second.vertices()[0]);
    let (radius_a, radius_b) = (call.first.radius(), call.second.radius());
    let radius = radius_a + radius_b;
    let (vertices, normals) = (call.first.vertices(), call.first.normals());
    // The first face of the largest separation (`s > separation` from −FLT_MAX).
    let (normal_index, separation) = max_separation_face(center, vertices, normals);
    trace.record(|t| {
        let seps = vertices
            .iter()
            .zip(normals)
            .map(|(v, n)| n.dot(center - *v))
            .collect::<Vec<_>>();
        record_first_found(t, TieChoice::CircleFace(call.owner(Owner::A)), &seps, true);
    });
    if separation > radius + call.spec {
        let n = normals[normal_index];
        record_separated(call, trace, separation - radius, n, NormalSource::Sat);
        return Local::empty(ManifoldTermination::Separated, n);
    }
    let i1 = normal_index;
    let i2 = if i1 + 1 < vertices.len() { i1 + 1 } else { 0 };
    let (v1, v2) = (vertices[i1], vertices[i2]);
    let u1 = (center - v1).dot(v2 - v1);
    let u2 = (center - v2).dot(v1 - v2);
    // Beyond a corner and safely outside: the corner to the centre.
    let corner = if u1 < 0.0 && separation > f32::EPSILON {
        Some((v1, i1))
    } else if u2 < 0.0 && separation > f32::EPSILON {
        Some((v2, i2))
    } else {
        None
    };
    if let Some((v, k)) = corner {
        let normal = normalize(center - v);
        let separation = (center - v).dot(normal);
        if separation > radius + call.spec {
            record_separated(
                call,
                trace,
                separation - radius,
                normal,
                NormalSource::ClosestPoints,
            );
            return Local::empty(ManifoldTermination::Separated, normal);
        }
        let c_a = mul_add(v, radius_a, normal);
        let c_b = mul_sub(center, radius_b, normal);
        let separation = (c_b - c_a).dot(normal);
        record_one_point(
            call,
            trace,
            ((v, k), (v, k)),
            normal,
            center,
            normal,
            separation,
        );
        let point = LocalPoint {
            point: lerp(c_a, c_b, 0.5),
            separation,
            id: 0,
            features: vertex_point(k),
        };
        return Local::one(
            normal,
            point,
            ManifoldCase::VertexVertex,
            NormalSource::ClosestPoints,
            Owner::A,
        );
    }
    // Over the face (the centre may be inside the polygon): the face normal.
    let normal = normals[normal_index];
    let c_a = mul_add(center, radius_a - (center - v1).dot(normal), normal);
    let c_b = mul_sub(center, radius_b, normal);
    let separation = separation - radius;
    record_one_point(
        call,
        trace,
        ((v1, i1), (v2, i2)),
        normal,
        center,
        normal,
        separation,
    );
    let point = LocalPoint {
        point: lerp(c_a, c_b, 0.5),
        separation,
        id: 0,
        features: ContactId {
            reference_index: i1 as u8,
            kind: IdKind::IncidentVertex,
            ..ContactId::POINT
        },
    };
    Local::one(
        normal,
        point,
        ManifoldCase::PointSegment,
        NormalSource::Sat,
        Owner::A,
    )
}

/// Records a tie among `values` when more than one candidate reaches the extreme
/// (the largest when `max`, else the smallest) that a first-found loop keeps: the
/// candidates that reached it and the first, taken.
pub(super) fn record_first_found(
    t: &mut ManifoldTrace,
    choice: TieChoice,
    values: &[f32],
    max: bool,
) {
    let best = values
        .iter()
        .copied()
        .fold(if max { f32::MIN } else { f32::MAX }, |b, v| {
            if (max && v > b) || (!max && v < b) {
                v
            } else {
                b
            }
        });
    let tied: Vec<usize> = (0..values.len()).filter(|&k| values[k] == best).collect();
    if tied.len() > 1 {
        t.ties.push(ManifoldTie {
            choice,
            taken: tied[0],
            tied,
            value: best,
        });
    }
}
