//! Segment–segment clipping, the analogue of Box2D v3's `b2ClipSegments` /
//! `b2ClipPolygons` and Box2D-Lite's `ClipSegmentToLine`: the incident edge clipped
//! against the reference edge's two side planes ([`clip_to_line`]), then against the
//! reference face moved out by the radii and the speculative distance; the support
//! fallback when nothing is left.

use super::features::Edge;
use super::ids::{ContactId, IdKind};
use super::points::{contact_point, support_fallback};
use super::trace::{ClipPlane, ClipStep, ManifoldTrace};
use super::ManifoldPoint;
use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::math::{left_perp, Transform};
use crate::core::record::Record;
use glam::Vec2;

/// A candidate point during clipping: an incident core point and its id.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClipVertex {
    pub(super) p: Vec2,
    pub(super) id: ContactId,
}

/// Clips `input` to the half-plane `u·p − c ≤ 0` (Box2D-Lite's ClipSegmentToLine):
/// points on the kept side stay; if the two lie on opposite sides, the crossing point
/// is added with `crossing_id`.
#[inline]
pub(super) fn clip_to_line(
    input: &[ClipVertex],
    u: Vec2,
    c: f32,
    crossing_id: ContactId,
    out: &mut [ClipVertex; 2],
) -> (usize, Option<Vec2>) {
    let mut count = 0;
    let mut added = None;
    if input.len() == 2 {
        let d0 = u.dot(input[0].p) - c;
        let d1 = u.dot(input[1].p) - c;
        if d0 <= 0.0 {
            out[count] = input[0];
            count += 1;
        }
        if d1 <= 0.0 {
            out[count] = input[1];
            count += 1;
        }
        if d0 * d1 < 0.0 {
            let t = d0 / (d0 - d1);
            let p = input[0].p + t * (input[1].p - input[0].p);
            out[count] = ClipVertex { p, id: crossing_id };
            count += 1;
            added = Some(p);
        }
    } else {
        for v in input {
            if u.dot(v.p) - c <= 0.0 {
                out[count] = *v;
                count += 1;
            }
        }
    }
    (count, added)
}

/// Segment–segment: clips the incident edge `i` against the reference edge `r`'s side
/// planes and face. Writes the points (A's frame) and returns their count and whether
/// the support fallback was used.
#[inline]
pub(super) fn clip_edges(
    r: &Edge,
    i: &Edge,
    spec: f32,
    points: &mut [ManifoldPoint; MAX_MANIFOLD_POINTS],
    mut trace: Option<&mut ManifoldTrace>,
    xf: &Transform,
) -> (usize, bool) {
    let (c2, n2) = clip_side_planes(r, i, trace.as_deref_mut(), xf);
    let count = clip_reference_face(r, i, spec, &c2[..n2], points, trace, xf);
    if count > 0 {
        return (count, false);
    }
    points[0] = support_fallback(r, i);
    (1, true)
}

/// The incident edge `i` clipped to the side planes of the reference edge `r`, first
/// the one through its first vertex, then the one through its second: the points
/// left (A's frame) and their count.
#[inline]
pub(super) fn clip_side_planes(
    r: &Edge,
    i: &Edge,
    mut trace: Option<&mut ManifoldTrace>,
    xf: &Transform,
) -> ([ClipVertex; 2], usize) {
    // The edge's direction from its normal (the local normal turned: exact to f32),
    // not from `v2 − v1`: a short edge far from A's origin has endpoints rounded
    // relative to their distance, so that difference turns the side planes, and a
    // rounded incident core 15 away along them would slide the clipped point 5e-4
    // past a 0.02-wide face (`tests/fuzz.rs`). Outward normal = right_perp(edge), so the
    // edge runs along left_perp(normal).
    let tangent = left_perp(r.normal);
    let start = [
        ClipVertex {
            p: i.v1,
            id: r.incident_id(i.i1, IdKind::IncidentVertex),
        },
        ClipVertex {
            p: i.v2,
            id: r.incident_id(i.i2, IdKind::IncidentVertex),
        },
    ];
    // Side plane 1: keep (p − r1)·t ≥ 0, i.e. (−t)·p − (−t·r1) ≤ 0.
    let mut c1 = [start[0]; 2];
    let (n1, added1) = clip_to_line(
        &start,
        -tangent,
        -tangent.dot(r.v1),
        r.incident_id(i.i1, IdKind::SidePlane1),
        &mut c1,
    );
    trace.record(|t| {
        t.clips.push(clip_step(
            ClipPlane::Side1,
            r.v1,
            -tangent,
            &start,
            &c1[..n1],
            added1,
            xf,
        ));
    });
    // Side plane 2: keep (p − r2)·t ≤ 0.
    let mut c2 = [start[0]; 2];
    let (n2, added2) = clip_to_line(
        &c1[..n1],
        tangent,
        tangent.dot(r.v2),
        r.incident_id(i.i1, IdKind::SidePlane2),
        &mut c2,
    );
    trace.record(|t| {
        t.clips.push(clip_step(
            ClipPlane::Side2,
            r.v2,
            tangent,
            &c1[..n1],
            &c2[..n2],
            added2,
            xf,
        ));
    });
    (c2, n2)
}

/// The reference face: the clipped points `clipped` with separations up to the
/// speculative distance `spec` become contact points (A's frame); returns how many.
#[inline]
fn clip_reference_face(
    r: &Edge,
    i: &Edge,
    spec: f32,
    clipped: &[ClipVertex],
    points: &mut [ManifoldPoint; MAX_MANIFOLD_POINTS],
    mut trace: Option<&mut ManifoldTrace>,
    xf: &Transform,
) -> usize {
    let radii = r.radius + i.radius;
    let limit = spec + radii;
    let mut count = 0;
    for cv in clipped {
        let depth = (cv.p - r.v1).dot(r.normal);
        if depth <= limit {
            points[count] = contact_point(r, i, cv.p, depth, cv.id);
            count += 1;
        }
    }
    trace.record(|t| {
        let kept: Vec<ClipVertex> = clipped
            .iter()
            .copied()
            .filter(|cv| (cv.p - r.v1).dot(r.normal) <= limit)
            .collect();
        t.clips.push(clip_step(
            ClipPlane::ReferenceFace,
            r.v1 + limit * r.normal,
            r.normal,
            clipped,
            &kept,
            None,
            xf,
        ));
    });
    count
}

/// One clip step as the trace records it (world space): `at` a point on the plane,
/// `cut_side` its normal towards the side that is cut.
pub(super) fn clip_step(
    plane: ClipPlane,
    at: Vec2,
    cut_side: Vec2,
    input: &[ClipVertex],
    output: &[ClipVertex],
    added: Option<Vec2>,
    xf: &Transform,
) -> ClipStep {
    let kept: Vec<Vec2> = input
        .iter()
        .filter(|v| output.iter().any(|o| o.p == v.p))
        .map(|v| xf.apply(v.p))
        .collect();
    let cut: Vec<Vec2> = input
        .iter()
        .filter(|v| !output.iter().any(|o| o.p == v.p))
        .map(|v| xf.apply(v.p))
        .collect();
    ClipStep {
        plane,
        plane_point: xf.apply(at),
        plane_normal: xf.q.apply(cut_side),
        input: input.iter().map(|v| xf.apply(v.p)).collect(),
        kept,
        cut,
        added: added.map(|p| xf.apply(p)),
        output: output.iter().map(|v| xf.apply(v.p)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use crate::core::pair::PosedPair;
    use crate::core::settings::Settings;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    #[test]
    fn trace_records_every_clip() {
        let ground = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let input = ManifoldInput::new(
            PosedPair::new(
                &ground,
                Transform::IDENTITY,
                &b,
                Transform::new(v(1.8, 0.95), 0.0),
            ),
            &Settings::default(),
            ManifoldSource::Sat,
        );
        let mut t = ManifoldTrace::default();
        let m = contact_manifold(&input, Some(&mut t));
        assert_eq!(t.clips.len(), 3);
        // The reference edge is the ground's top, edge 2, from (2, 0.5) to (−2, 0.5):
        // side plane 1 (at x = 2) cuts B's corner at x = 2.3 and adds (2, 0.45).
        let side1 = &t.clips[0];
        assert_eq!(side1.plane, ClipPlane::Side1);
        assert_eq!(side1.cut, vec![v(2.3, 0.45)]);
        assert!((side1.added.unwrap() - v(2.0, 0.45)).length() < 1e-5);
        assert_eq!(t.clips[1].cut.len(), 0);
        assert_eq!(m.points().len(), 2);
        assert_eq!(t.points, m.points().to_vec());
        assert_eq!(t.termination, Some(ManifoldTermination::Contact));
        assert_eq!(contact_manifold(&input, None), m);
    }
}
