//! A chain segment against a polygon (Box2D's `b2CollideChainSegmentAndPolygon`):
//! rounded or not; a capsule or bare segment is a polygon of two vertices (Box2D's
//! `b2MakeCapsule`), a box one of four. Steps 1–3 of the module docs of `chain`;
//! step 4, the separating-axis search, is in `sat`; steps 5 and 6, the reference
//! face and the clip, in `reference`.
//!
//! ## Derivation of the closest-features step (3)
//! GJK's final simplex names the closest features of the two cores:
//! - **one vertex pair**: the candidate normal is the direction between the closest
//!   points. Admitted, it is a vertex contact: one point. Snapped, the shape's
//!   vertex is the incident feature against the segment's face.
//! - **the segment's vertex and the shape's edge** (two shape vertices): the
//!   candidate is the reversed normal of the shape's edge most aligned with the
//!   direction from the shape to the segment (GJK's two vertices may belong to either
//!   edge at a vertex; this picks the face, and its exact normal). Admitted, the
//!   shape's edge is the reference; snapped, it is the incident edge.
//! - **the segment's edge and a shape vertex** (two segment vertices): the segment's
//!   face, with the incident vertex the one of the two deeper along `n1` (measured
//!   from the nearer segment end: Box2D's test, kept).

use super::classify::unit_or_zero;
use super::classify::{classify_normal, NormalDecision};
use super::reference::{segment_reference, shape_reference};
use super::sat::separating_axes;
use super::trace::{Candidate, ChainStep, OneSidedTest};
use super::types::{Incident, Next, Polygon};
use super::{make_key, ChainTermination, ChainTrace, Frame, Local, LocalPoint};
use crate::core::consts::CHAIN_CLOSEST_FEATURES_DISTANCE;
use crate::core::gjk::{gjk_core, LocalPair};
use crate::core::manifold::{ContactId, IdKind};
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// The closest points of the cores and GJK's final simplex (vertex pairs).
struct Closest {
    distance: f32,
    point_a: Vec2,
    point_b: Vec2,
    simplex: [(usize, usize); 3],
    count: usize,
}

/// Steps 1–6 (module docs of `chain`), in the chain's frame.
pub(super) fn collide_polygon(frame: &Frame, mut trace: Option<&mut ChainTrace>) -> Local {
    let poly = Polygon::new(frame);
    let (behind, behind1) = one_sided(frame, &poly, &mut trace);
    if behind {
        return Local::empty(ChainTermination::Behind);
    }
    let closest = closest_cores(frame, &poly);
    let limit = poly.radius + frame.speculative_distance;
    let from_features = !behind1 && closest.distance > CHAIN_CLOSEST_FEATURES_DISTANCE;
    trace.record(|t| {
        let xf = frame.xf_a;
        t.steps.push(ChainStep::Closest {
            distance: closest.distance,
            limit,
            point_a: xf.apply(closest.point_a),
            point_b: xf.apply(closest.point_b),
            simplex: closest.simplex[..closest.count]
                .iter()
                .map(|&(a, b)| (a as u8, b as u8))
                .collect(),
            from_closest_features: from_features,
        })
    });
    if closest.distance > limit {
        return Local::empty(ChainTermination::Separated);
    }
    let next = if from_features {
        closest_features(frame, &poly, &closest, trace.as_deref_mut())
    } else {
        separating_axes(frame, &poly, trace.as_deref_mut())
    };
    match next {
        Next::Done(local) => local,
        Next::SegmentFace(incident) => segment_reference(frame, &poly, incident, trace),
    }
}

/// Step 1: the shape's centroid behind the segment's line and every convex
/// neighbour's. Returns (rejected, behind the segment's own line).
fn one_sided(frame: &Frame, poly: &Polygon, trace: &mut Option<&mut ChainTrace>) -> (bool, bool) {
    let (s, n) = (&frame.segment, &frame.normals);
    let c = poly.centroid;
    let offset1 = n.normal1.dot(c - s.a);
    let offset0 = n.convex1.then(|| n.normal0.dot(c - s.a));
    let offset2 = n.convex2.then(|| n.normal2.dot(c - s.b));
    let behind1 = offset1 < 0.0;
    let behind = behind1 && offset0.is_none_or(|o| o < 0.0) && offset2.is_none_or(|o| o < 0.0);
    trace.record(|t| {
        t.steps.push(ChainStep::OneSided(OneSidedTest {
            centre: frame.xf_a.apply(c),
            offset0,
            offset1,
            offset2,
            behind,
        }))
    });
    (behind, behind1)
}

/// Step 2: GJK on the cores, cold (Box2D's fresh `b2SimplexCache`). Overlapping cores
/// have distance 0 and no simplex (Box2D leaves its cache unwritten then).
fn closest_cores(frame: &Frame, poly: &Polygon) -> Closest {
    let segment = [frame.segment.a, frame.segment.b];
    let pair = LocalPair {
        a: &segment,
        b: frame.shape.vertices(),
        b_to_a: frame.b_to_a,
    };
    let core = gjk_core(&pair, None, frame.gjk_max_iterations, &frame.xf_a, None);
    let (point_a, point_b) = core.simplex.witness_points();
    let mut out = Closest {
        distance: 0.0,
        point_a,
        point_b,
        simplex: [(0, 0); 3],
        count: 0,
    };
    if core.termination.is_overlap() {
        return out;
    }
    out.distance = point_a.distance(point_b);
    for (dst, v) in out.simplex.iter_mut().zip(core.simplex.vertices()) {
        *dst = (
            (v.index_a as usize).min(1),
            (v.index_b as usize).min(poly.count - 1),
        );
    }
    out.count = core.simplex.count.min(3);
    out
}

/// Step 3: the candidate normal from the closest features (module docs).
fn closest_features(
    frame: &Frame,
    poly: &Polygon,
    closest: &Closest,
    mut trace: Option<&mut ChainTrace>,
) -> Next {
    let q = frame.xf_a.q;
    let s = &closest.simplex;
    match closest.count {
        1 => {
            let n = unit_or_zero(closest.point_b - closest.point_a);
            let class = classify_normal(&frame.normals, n);
            trace.record(|t| {
                t.steps.push(ChainStep::Classify {
                    candidate: Candidate::ClosestVertices,
                    class: class.rotated(q),
                })
            });
            match class.decision {
                NormalDecision::Skip => Next::Done(Local::empty(ChainTermination::Skipped)),
                NormalDecision::Admit => Next::Done(vertex_contact(poly, closest, n)),
                NormalDecision::Snap => Next::SegmentFace(Incident::Vertex(s[0].1)),
            }
        }
        2 if s[0].0 == s[1].0 => {
            let (ib1, ib2) = (s[0].1, s[1].1);
            let towards_segment = closest.point_a - closest.point_b;
            let (d1, d2) = (
                towards_segment.dot(poly.normals[ib1]),
                towards_segment.dot(poly.normals[ib2]),
            );
            let edge = if d1 > d2 { ib1 } else { ib2 };
            let class = classify_normal(&frame.normals, -poly.normals[edge]);
            trace.record(|t| {
                t.steps.push(ChainStep::Classify {
                    candidate: Candidate::ClosestEdge { edge },
                    class: class.rotated(q),
                })
            });
            match class.decision {
                NormalDecision::Skip => Next::Done(Local::empty(ChainTermination::Skipped)),
                NormalDecision::Admit => Next::Done(shape_reference(frame, poly, edge, trace)),
                NormalDecision::Snap => Next::SegmentFace(Incident::Edge(edge)),
            }
        }
        2 => {
            let (ib1, ib2) = (s[0].1, s[1].1);
            let (p1, p2, n1) = (frame.segment.a, frame.segment.b, frame.normals.normal1);
            let d1 = n1.dot(poly.vertices[ib1] - p1);
            let d2 = n1.dot(poly.vertices[ib2] - p2);
            Next::SegmentFace(Incident::Vertex(if d1 < d2 { ib1 } else { ib2 }))
        }
        // A triangle means overlap (distance 0, not this path); kept total anyway.
        _ => separating_axes(frame, poly, trace),
    }
}

/// An admitted vertex pair: one point between the closest points.
fn vertex_contact(poly: &Polygon, closest: &Closest, n: Vec2) -> Local {
    let (ia, ib) = closest.simplex[0];
    let on_shape = closest.point_b - poly.radius * n;
    let point = LocalPoint {
        point: 0.5 * (closest.point_a + on_shape),
        separation: closest.distance - poly.radius,
        id: ContactId {
            reference: Owner::A,
            reference_index: ia as u8,
            incident_index: ib as u8,
            kind: IdKind::Point,
        },
        key: make_key(ia, ib),
    };
    Local::contact(n, &[point])
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use crate::core::manifold::{contact_manifold, ManifoldInput, ManifoldSource};
    use crate::core::math::Transform;
    use crate::core::pair::PosedPair;
    use crate::core::settings::Settings;
    use crate::core::shape::Shape;
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn collide(seg: &ChainSegment, shape: &Shape, xb: Transform) -> (ChainManifold, ChainTrace) {
        let mut t = ChainTrace::default();
        let input = ChainSegmentInput::new(PosedPair::new(seg, Transform::IDENTITY, shape, xb));
        let m = collide_chain_segment(&input, Some(&mut t));
        assert_eq!(
            collide_chain_segment(&input, None),
            m,
            "the trace changes nothing"
        );
        (m, t)
    }

    /// A ground chain along y = 0, right to left (normal up), with a seam at x = 0.495.
    fn seam() -> Vec<ChainSegment> {
        let p = [v(2.0, 0.0), v(0.495, 0.0), v(-2.0, 0.0)];
        chain_segments(&p, false, ChainConvention::EveryPoint).unwrap()
    }

    #[test]
    fn box_across_a_seam_gets_the_face_normal_on_both_segments_and_no_ghost_bump() {
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        // 0.01 deep; the right segment reaches 0.005 under the box.
        let xb = Transform::new(v(0.0, 0.49), 0.0);
        for seg in seam() {
            let (m, t) = collide(&seg, &b, xb);
            assert_eq!(m.termination, ChainTermination::Contact, "{t:#?}");
            assert_eq!(m.points().len(), 2);
            assert!((m.normal - v(0.0, 1.0)).length() < 1e-6, "{m:?}");
            for p in m.points() {
                assert!((p.separation + 0.01).abs() < 1e-6, "{p:?}");
                assert!(p.point_a.y.abs() < 1e-6 && (p.point_b.y + 0.01).abs() < 1e-6);
            }
        }
        // The right segment's points span exactly its part under the box.
        let (m, _) = collide(&seam()[0], &b, xb);
        let mut xs: Vec<f32> = m.points().iter().map(|p| p.point.x).collect();
        xs.sort_by(f32::total_cmp);
        assert!(
            (xs[0] - 0.495).abs() < 1e-6 && (xs[1] - 0.5).abs() < 1e-6,
            "{xs:?}"
        );
        // The naive two-sided segment there: the segment's end pushes the box sideways.
        let naive = Shape::segment(v(0.495, 0.0), v(2.0, 0.0)).unwrap();
        let input = ManifoldInput::new(
            PosedPair::new(&naive, Transform::IDENTITY, &b, xb),
            &Settings::default(),
            ManifoldSource::Sat,
        );
        let n = contact_manifold(&input, None).normal;
        assert!((n - v(0.0, 1.0)).length() > 0.5, "naive normal {n:?}");
    }

    #[test]
    fn capsule_and_rounded_box_across_the_seam_keep_the_face_normal() {
        let shapes = [
            Shape::capsule(v(-0.5, 0.0), v(0.5, 0.0), 0.2).unwrap(),
            Shape::polygon(
                &[v(-0.5, -0.3), v(0.5, -0.3), v(0.5, 0.3), v(-0.5, 0.3)],
                0.1,
            )
            .unwrap(),
        ];
        for (shape, y) in shapes.iter().zip([0.19, 0.39]) {
            for seg in seam() {
                let (m, t) = collide(&seg, shape, Transform::new(v(0.0, y), 0.0));
                assert_eq!(m.termination, ChainTermination::Contact, "{t:#?}");
                assert!((m.normal - v(0.0, 1.0)).length() < 1e-6, "{m:?}");
                for p in m.points() {
                    assert!((p.separation + 0.01).abs() < 1e-5, "{p:?}");
                }
            }
        }
    }

    #[test]
    fn box_behind_the_segment_is_rejected() {
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let (m, t) = collide(&seam()[1], &b, Transform::new(v(-1.0, -0.4), 0.3));
        assert_eq!(m.termination, ChainTermination::Behind);
        let test = t.one_sided().unwrap();
        assert!(test.behind && test.offset0.is_none() && (test.offset1 + 0.4).abs() < 1e-6);
    }

    /// The top of a square block, right to left, both ends convex corners.
    fn block_top() -> ChainSegment {
        ChainSegment {
            ghost1: v(1.0, -2.0),
            a: v(1.0, 0.0),
            b: v(-1.0, 0.0),
            ghost2: v(-1.0, -2.0),
        }
    }

    #[test]
    fn convex_corner_admits_a_vertex_contact_and_skips_the_side() {
        // A diamond whose lowest vertex hangs 0.01 off the corner (1, 0) along the
        // bisector: vertex–vertex, the normal in the corner's arc, admitted.
        let d =
            Shape::polygon(&[v(0.0, -0.3), v(0.3, 0.0), v(0.0, 0.3), v(-0.3, 0.0)], 0.0).unwrap();
        let dir = v(1.0, 1.0).normalize();
        let centre = v(1.0, 0.0) + dir * 0.01 + dir * 0.3;
        let (m, t) = collide(
            &block_top(),
            &d,
            Transform::new(centre, std::f32::consts::FRAC_PI_4),
        );
        assert_eq!(m.termination, ChainTermination::Contact, "{t:#?}");
        assert_eq!(m.points().len(), 1);
        assert!((m.normal - dir).length() < 1e-4, "{m:?}");
        assert!((m.points()[0].separation - 0.01).abs() < 1e-5);
        assert_eq!(t.classification().unwrap().decision, NormalDecision::Admit);
        // Below the top's line, beside the side face: the side's separating axis wins.
        let down = v(0.6, -0.8);
        let square = Shape::cuboid(v(0.2, 0.2)).unwrap();
        let angle = (-down).to_angle() - std::f32::consts::FRAC_PI_4;
        let centre = v(1.0, 0.0) + down * (0.01 + 0.2 * 2f32.sqrt());
        let (m, _) = collide(&block_top(), &square, Transform::new(centre, angle));
        assert_eq!(m.termination, ChainTermination::NeighbourAxis);
        // A long bar whose upper-left corner sits 0.01 off the corner along `down`,
        // rising to the right (30°) so its centroid is in front of the top: the
        // closest features are two vertices and their normal turns 53° past the
        // side's normal (1, 0): the side's territory, skipped.
        let bar = Shape::cuboid(v(1.0, 0.05)).unwrap();
        let q = Transform::new(Vec2::ZERO, 30f32.to_radians());
        let corner = v(1.0, 0.0) + 0.01 * down;
        let xb = Transform::new(corner - q.apply(v(-1.0, 0.05)), 30f32.to_radians());
        let (m, t) = collide(&block_top(), &bar, xb);
        assert_eq!(m.termination, ChainTermination::Skipped, "{t:#?}");
        assert!(m.points().is_empty());
        let class = t.classification().unwrap();
        assert_eq!(class.end, SegmentEnd::Tail);
        assert!(class.cross.unwrap() > crate::core::consts::CHAIN_SINE_TOLERANCE);
    }

    #[test]
    fn concave_corner_snaps_to_each_segments_face() {
        // A valley, right to left so the open side is up; Box2D's convention: the
        // outer points are ghosts, two segments meet at (0, 0).
        let p = [
            v(2.0, 2.0),
            v(1.0, 1.0),
            v(0.0, 0.0),
            v(-1.0, 1.0),
            v(-2.0, 2.0),
        ];
        let segs = chain_segments(&p, false, ChainConvention::Box2d).unwrap();
        let ball = Shape::polygon(
            &[v(-0.2, -0.2), v(0.2, -0.2), v(0.2, 0.2), v(-0.2, 0.2)],
            0.0,
        )
        .unwrap();
        // A square sitting in the valley, rotated 45°: its lower sides lean on both slopes.
        let xb = Transform::new(
            v(0.0, 0.2 * 2f32.sqrt() - 0.01),
            std::f32::consts::FRAC_PI_4,
        );
        for seg in &segs {
            let s = SegmentNormals::new(seg);
            assert!(!s.convex1 && !s.convex2, "{s:?}");
            let (m, t) = collide(seg, &ball, xb);
            assert_eq!(m.termination, ChainTermination::Contact, "{t:#?}");
            assert!((m.normal - s.normal1).length() < 1e-5, "{m:?} {s:?}");
        }
    }
    #[test]
    fn trace_records_each_decision_in_order() {
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let (m, t) = collide(&seam()[0], &b, Transform::new(v(0.0, 0.49), 0.0));
        let names: Vec<String> = t
            .steps
            .iter()
            .map(|s| {
                serde_json::to_value(s).unwrap()["step"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .filter(|n| n != "classify")
            .collect();
        let expected = [
            "segment",
            "one_sided",
            "closest",
            "separating_axes",
            "reference",
            "clip",
        ];
        assert_eq!(names, expected);
        // Every one of the box's four normals was classified (snapped: flat ends).
        let classified = t
            .steps
            .iter()
            .filter(|s| matches!(s, ChainStep::Classify { class, .. } if class.decision == NormalDecision::Snap))
            .count();
        assert_eq!(classified, 4);
        assert_eq!(t.points, m.points().to_vec());
        assert_eq!(t.normal, Some(m.normal));
        assert!(serde_json::to_string(&t)
            .unwrap()
            .contains("\"winner\":\"segment\""));
    }
}
