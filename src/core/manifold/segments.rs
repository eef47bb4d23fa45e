//! Two segment cores (segments and capsules), Box2D v3's rule (`b2CollideCapsules`),
//! used with the [`SatBias::Box2dV3`](crate::core::settings::SatBias) preset.
//!
//! The general path clips whenever both features are edges and keeps both clipped
//! points. Box2D treats two segments apart and keeps a second point only when it
//! costs nothing:
//! 1. **Closest points** of the two core segments in closed form: with
//!    `d1 = q1 − p1`, `d2 = q2 − p2`, `r = p1 − p2`, the unclamped fraction on A is
//!    `f1 = (d1·d2 · r·d2 − r·d1 · d2·d2) / (|d1|²|d2|² − (d1·d2)²)`, clamped to
//!    [0, 1]; the point of B closest to it is `f2 = (d1·d2 · f1 + r·d2) / |d2|²`; when
//!    `f2` leaves [0, 1] it is clamped and `f1` recomputed for that end. Parallel
//!    segments (zero denominator) start from `f1 = 0`. Farther apart than the radii
//!    plus the speculative distance: no manifold.
//! 2. **Overlap along the segments.** If B projects entirely beyond one end of A, or
//!    A beyond one end of B, there is nothing to clip: one point (step 5).
//! 3. **Reference edge** by SAT over the two segments' normals, each side taken
//!    towards the other segment; A's face unless B's separation beats it by more
//!    than 0.1 × linear slop ([`SEGMENT_FLIP_TOLERANCE`]) — the bare segment's face
//!    first when a segment meets a capsule, whichever is A, as Box2D dispatches it.
//! 4. **Clip** the incident segment to the reference segment's extent (the two side
//!    planes). Both clipped points are kept if **either** lies within linear slop
//!    ([`LINEAR_SLOP`]) of the closest distance; a clipped point far off the closest
//!    distance would be a speculative point that only misleads the solver.
//! 5. **One point** otherwise: between the closest points, along the direction from
//!    A's to B's (A's left normal when they coincide).

use super::clip::{clip_side_planes, clip_step};
use super::features::{Edge, Pair};
use super::ids::{ContactId, IdKind};
use super::points::contact_point;
use super::trace::{ClipPlane, ManifoldTrace};
use super::{ManifoldCase, ManifoldOutput, ManifoldPoint, ManifoldTermination, NormalSource};
use crate::core::consts::{LINEAR_SLOP, MAX_MANIFOLD_POINTS, SEGMENT_FLIP_TOLERANCE};
use crate::core::math::left_perp;
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// The closest points of two segments `p1q1` (A) and `p2q2` (B): fractions along
/// each, the points, their squared distance.
#[derive(Clone, Copy, Debug)]
pub(super) struct SegmentDistance {
    pub(super) f1: f32,
    pub(super) f2: f32,
    pub(super) closest1: Vec2,
    pub(super) closest2: Vec2,
    pub(super) distance_squared: f32,
}

/// Step 1 (see the module docs). Both segments have nonzero length (a shape's two
/// core vertices are distinct).
pub(super) fn segment_distance(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentDistance {
    let (d1, d2) = (q1 - p1, q2 - p2);
    let (dd1, dd2) = (d1.dot(d1), d2.dot(d2));
    let r = p1 - p2;
    let (rd1, rd2, d12) = (r.dot(d1), r.dot(d2), d1.dot(d2));
    let denom = dd1 * dd2 - d12 * d12;
    let mut f1 = if denom != 0.0 {
        ((d12 * rd2 - rd1 * dd2) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut f2 = (d12 * f1 + rd2) / dd2;
    if f2 < 0.0 {
        f2 = 0.0;
        f1 = (-rd1 / dd1).clamp(0.0, 1.0);
    } else if f2 > 1.0 {
        f2 = 1.0;
        f1 = ((d12 - rd1) / dd1).clamp(0.0, 1.0);
    }
    let closest1 = p1 + f1 * d1;
    let closest2 = p2 + f2 * d2;
    SegmentDistance {
        f1,
        f2,
        closest1,
        closest2,
        distance_squared: closest1.distance_squared(closest2),
    }
}

/// The manifold of two 2-vertex cores, Box2D v3's way (module docs). A's frame inside,
/// world space out, like the general path.
pub(super) fn segment_pair_manifold(
    pair: &Pair,
    mut trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    let xf = pair.xf_a;
    let (ea, eb) = (pair.edge_of(Owner::A, 0), pair.edge_of(Owner::B, 0));
    let sd = segment_distance(ea.v1, ea.v2, eb.v1, eb.v2);
    let radius = ea.radius + eb.radius;
    let max = radius + pair.spec;
    let distance = sd.distance_squared.sqrt();
    if sd.distance_squared > max * max {
        let dir = (sd.closest2 - sd.closest1).normalize_or_zero();
        let normal = xf.q.apply(dir);
        trace.record(|t| {
            t.normal_source = Some(NormalSource::ClosestPoints);
            t.separation = Some(distance - radius);
            if dir != Vec2::ZERO {
                t.normal = Some(normal);
            }
            t.termination = Some(ManifoldTermination::Separated);
        });
        return ManifoldOutput::separated(Some(NormalSource::ClosestPoints), normal);
    }
    let mut local = [ManifoldPoint::default(); MAX_MANIFOLD_POINTS];
    let clipped = if overlap_along(&ea, &eb) {
        clip_pair(pair, distance, &mut local, trace.as_deref_mut())
    } else {
        None
    };
    let (normal, count, case, source, reference) = match clipped {
        Some((r, n)) => (n, 2, ManifoldCase::SegmentSegment, NormalSource::Sat, r),
        None => {
            let (pt, n, case) = one_point(pair, &sd, distance, trace.as_deref_mut());
            local[0] = pt;
            (n, 1, case, NormalSource::ClosestPoints, Owner::A)
        }
    };
    let mut out = ManifoldOutput {
        termination: ManifoldTermination::Contact,
        normal_source: Some(source),
        case: Some(case),
        normal: xf.q.apply(normal),
        reference: Some(reference),
        points: [ManifoldPoint::default(); MAX_MANIFOLD_POINTS],
        point_count: count,
    };
    for (dst, src) in out.points.iter_mut().zip(&local[..count]) {
        *dst = ManifoldPoint {
            point_a: xf.apply(src.point_a),
            point_b: xf.apply(src.point_b),
            ..*src
        };
    }
    trace.record(|t| {
        t.normal_source = Some(source);
        t.case = Some(case);
        t.points = out.points().to_vec();
        t.termination = Some(out.termination);
    });
    out
}

/// Step 2: true unless one segment projects entirely beyond an end of the other.
fn overlap_along(ea: &Edge, eb: &Edge) -> bool {
    let outside = |s: &Edge, o: &Edge| {
        let d = s.v2 - s.v1;
        let len = d.length();
        let u = d / len;
        let (fp, fq) = ((o.v1 - s.v1).dot(u), (o.v2 - s.v1).dot(u));
        (fp <= 0.0 && fq <= 0.0) || (fp >= len && fq >= len)
    };
    !outside(ea, eb) && !outside(eb, ea)
}

/// Of a segment's two edges (0: `v0 → v1`, 1: back), the one facing `other`: its
/// separation (the nearer of `other`'s two vertices along its normal) and index.
/// Box2D's order: edge 1 (the left normal of `v0 → v1`) only when strictly better.
fn facing_edge(pair: &Pair, owner: Owner, other: &Edge) -> (f32, usize) {
    let sep = |e: &Edge| {
        (other.v1 - e.v1)
            .dot(e.normal)
            .min((other.v2 - e.v1).dot(e.normal))
    };
    let (s0, s1) = (sep(&pair.edge_of(owner, 0)), sep(&pair.edge_of(owner, 1)));
    if s1 > s0 {
        (s1, 1)
    } else {
        (s0, 0)
    }
}

/// Steps 3–4: the reference edge, the clip, and the slop rule. Writes the two points
/// (A's frame) and returns the reference's owner and the normal from A to B, or `None`
/// when neither clipped point is within slop of the closest distance.
fn clip_pair(
    pair: &Pair,
    distance: f32,
    points: &mut [ManifoldPoint; MAX_MANIFOLD_POINTS],
    mut trace: Option<&mut ManifoldTrace>,
) -> Option<(Owner, Vec2)> {
    let xf = pair.xf_a;
    let (ea, eb) = (pair.edge_of(Owner::A, 0), pair.edge_of(Owner::B, 0));
    let (sep_a, edge_a) = facing_edge(pair, Owner::A, &eb);
    let (sep_b, edge_b) = facing_edge(pair, Owner::B, &ea);
    // Box2D's dispatch hands a segment–capsule pair to `b2CollideSegmentAndCapsule`
    // with the segment first whichever order the shapes come in, so the bias favours
    // the bare segment; otherwise A.
    let favour_b = ea.radius > 0.0 && eb.radius == 0.0;
    let a_is_reference = if favour_b {
        sep_b + SEGMENT_FLIP_TOLERANCE < sep_a
    } else {
        sep_a + SEGMENT_FLIP_TOLERANCE >= sep_b
    };
    let (r, i) = if a_is_reference {
        (
            pair.edge_of(Owner::A, edge_a),
            pair.edge_of(Owner::B, 1 - edge_b),
        )
    } else {
        (
            pair.edge_of(Owner::B, edge_b),
            pair.edge_of(Owner::A, 1 - edge_a),
        )
    };
    let normal = if r.owner == Owner::A {
        r.normal
    } else {
        -r.normal
    };
    trace.record(|t| {
        t.normal = Some(xf.q.apply(normal));
        t.separation = Some(sep_a.max(sep_b) - r.radius - i.radius);
        t.feature_a = Some(if r.owner == Owner::A { r } else { i }.record(&xf));
        t.feature_b = Some(if r.owner == Owner::B { r } else { i }.record(&xf));
        t.reference = Some(r.record(&xf));
        t.incident = Some(i.record(&xf));
    });
    let (clipped, n) = clip_side_planes(&r, &i, trace.as_deref_mut(), &xf);
    let clipped = &clipped[..n];
    let limit = distance + LINEAR_SLOP;
    let depth = |p: Vec2| (p - r.v1).dot(r.normal);
    let keep = n == 2 && clipped.iter().any(|c| depth(c.p) <= limit);
    trace.record(|t| {
        let kept = if keep { clipped } else { &[] };
        t.clips.push(clip_step(
            ClipPlane::ClosestDistance,
            r.v1 + limit * r.normal,
            r.normal,
            clipped,
            kept,
            None,
            &xf,
        ));
    });
    if !keep {
        return None;
    }
    for (dst, c) in points.iter_mut().zip(clipped) {
        *dst = contact_point(&r, &i, c.p, depth(c.p), c.id);
    }
    Some((r.owner, normal))
}

/// Step 5: one point between the closest points. Returns it (A's frame), the normal
/// from A to B and the case (vertex–vertex when both closest points are endpoints).
fn one_point(
    pair: &Pair,
    sd: &SegmentDistance,
    distance: f32,
    mut trace: Option<&mut ManifoldTrace>,
) -> (ManifoldPoint, Vec2, ManifoldCase) {
    let (ea, eb) = (pair.edge_of(Owner::A, 0), pair.edge_of(Owner::B, 0));
    let d = sd.closest2 - sd.closest1;
    // Coincident closest points (crossing cores): A's left normal, as Box2D.
    let n = if d.length_squared() > f32::EPSILON * f32::EPSILON {
        d.normalize()
    } else {
        left_perp((ea.v2 - ea.v1).normalize())
    };
    let end = |f: f32| f == 0.0 || f == 1.0;
    let index = |f: f32| usize::from(f != 0.0);
    let point = ManifoldPoint {
        point_a: sd.closest1 + ea.radius * n,
        point_b: sd.closest2 - eb.radius * n,
        separation: distance - ea.radius - eb.radius,
        id: ContactId {
            reference: Owner::A,
            reference_index: index(sd.f1) as u8,
            incident_index: index(sd.f2) as u8,
            kind: IdKind::Point,
        }
        .pack(),
    };
    let case = if end(sd.f1) && end(sd.f2) {
        ManifoldCase::VertexVertex
    } else {
        ManifoldCase::PointSegment
    };
    trace.record(|t| {
        let xf = pair.xf_a;
        let feature = |owner: Owner, e: &Edge, f: f32, dir: Vec2| {
            if end(f) {
                pair.vertex_of(owner, if f == 0.0 { e.i1 } else { e.i2 }, dir)
            } else if e.normal.dot(dir) >= 0.0 {
                *e
            } else {
                pair.edge_of(owner, 1)
            }
        };
        t.normal = Some(xf.q.apply(n));
        t.separation = Some(point.separation);
        t.feature_a = Some(feature(Owner::A, &ea, sd.f1, n).record(&xf));
        t.feature_b = Some(feature(Owner::B, &eb, sd.f2, -n).record(&xf));
    });
    (point, n, case)
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use super::segment_distance;
    use crate::core::pair::PosedPair;
    use crate::core::settings::Settings;
    use crate::core::shape::{Geometry, Shape};

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn capsule(half: f32, radius: f32) -> Shape {
        Shape::new(Geometry::Capsule {
            a: v(-half, 0.0),
            b: v(half, 0.0),
            radius,
        })
        .unwrap()
    }

    fn manifold(b: &Shape, xb: Transform, trace: Option<&mut ManifoldTrace>) -> ManifoldOutput {
        let a = capsule(1.0, 0.25);
        let input = ManifoldInput::new(
            PosedPair::new(&a, Transform::IDENTITY, b, xb),
            &Settings::default(),
            ManifoldSource::Sat,
        );
        contact_manifold(&input, trace)
    }

    #[test]
    fn closest_points_of_crossing_and_parallel_segments() {
        let x = segment_distance(v(-1.0, 0.0), v(1.0, 0.0), v(0.5, -1.0), v(0.5, 1.0));
        assert!((x.f1 - 0.75).abs() < 1e-6 && (x.f2 - 0.5).abs() < 1e-6);
        assert!(x.distance_squared < 1e-12);
        // Parallel, overlapping in [0, 1]: from A's start (f1 = 0) to B above it.
        let p = segment_distance(v(0.0, 0.0), v(2.0, 0.0), v(-1.0, 1.0), v(1.0, 1.0));
        assert_eq!(p.f1, 0.0);
        assert!((p.f2 - 0.5).abs() < 1e-6);
        assert!((p.distance_squared - 1.0).abs() < 1e-6);
        // B beyond A's end: both clamp to the near endpoints.
        let e = segment_distance(v(0.0, 0.0), v(1.0, 0.0), v(2.0, 1.0), v(3.0, 1.0));
        assert_eq!((e.f1, e.f2), (1.0, 0.0));
        assert!((e.distance_squared - 2.0).abs() < 1e-6);
    }

    #[test]
    fn parallel_capsules_resting_keep_two_points() {
        // B (half length 0.5, radius 0.25) lies on A, 0.49 between the core lines:
        // 0.01 deep; both clipped points are at the closest distance.
        let b = capsule(0.5, 0.25);
        let mut t = ManifoldTrace::default();
        let m = manifold(&b, Transform::new(v(0.3, 0.49), 0.0), Some(&mut t));
        assert_eq!(m.points().len(), 2);
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-6);
        for pt in m.points() {
            assert!((pt.separation + 0.01).abs() < 1e-5, "{pt:?}");
        }
        let rule = t.clips.last().unwrap();
        assert_eq!(rule.plane, ClipPlane::ClosestDistance);
        assert_eq!(rule.kept.len(), 2);
    }

    #[test]
    fn tilted_capsule_keeps_its_far_end_when_the_near_end_is_at_the_closest_distance() {
        // B tilted by 0.6 rad, its lower end resting on A's top: that clipped point is
        // at the closest distance, so both are kept, the far end ~0.56 above the
        // surface (a speculative point), as b2CollideCapsules does.
        let b = capsule(0.5, 0.25);
        let angle = 0.6f32;
        let lower_end = v(0.0, 0.49);
        let centre = lower_end + 0.5 * v(angle.cos(), angle.sin());
        let mut t = ManifoldTrace::default();
        let m = manifold(&b, Transform::new(centre, angle), Some(&mut t));
        assert_eq!(m.points().len(), 2);
        assert_eq!(m.normal_source, Some(NormalSource::Sat));
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-5);
        let mut seps: Vec<f32> = m.points().iter().map(|p| p.separation).collect();
        seps.sort_by(f32::total_cmp);
        assert!((seps[0] + 0.01).abs() < 1e-5, "{seps:?}");
        assert!(
            (seps[1] - (0.49 + angle.sin() - 0.5)).abs() < 1e-5,
            "{seps:?}"
        );
        let rule = t.clips.last().unwrap();
        assert_eq!(rule.plane, ClipPlane::ClosestDistance);
        assert_eq!(rule.kept.len(), 2);
    }

    #[test]
    fn capsule_beyond_the_end_gets_one_vertex_vertex_point() {
        // B entirely to the right of A's end, along the same line: cores 0.55 apart
        // (0.05 with the radii, beyond the speculative distance 0.02), then 0.4.
        let b = capsule(0.5, 0.25);
        let far = manifold(&b, Transform::new(v(2.05, 0.0), 0.0), None);
        assert!(far.is_separated());
        let near = manifold(&b, Transform::new(v(1.9, 0.0), 0.0), None);
        assert_eq!(near.points().len(), 1);
        assert_eq!(near.case, Some(ManifoldCase::VertexVertex));
        assert!((near.normal - v(1.0, 0.0)).length() < 1e-6);
        assert!((near.points()[0].separation + 0.1).abs() < 1e-5);
    }
}
