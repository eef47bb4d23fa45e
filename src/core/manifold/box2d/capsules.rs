//! `b2CollideCapsules` (and `b2CollideSegmentAndCapsule`, a capsule of radius zero
//! first; and two bare segments the same way): the closest points of the two core
//! segments in closed form (Ericson 5.1.9) in A's frame with the origin moved to A's
//! first vertex; then, when neither segment projects beyond the other's ends, the
//! reference side by SAT (A's unless B's separates more by 0.1 × linear slop), the
//! other segment clipped to its extent, and both clipped points kept when either lies
//! within linear slop of the closest distance; otherwise one point between the
//! closest points.

use super::ops::{clamp, length_and_normalize, lerp, make_id, mul_add, normalize};
use super::{record_separated, Call, Local, LocalPoint};
use crate::core::consts::{LINEAR_SLOP, SEGMENT_FLIP_TOLERANCE};
use crate::core::manifold::ids::{ContactId, IdKind};
use crate::core::manifold::trace::{ClipPlane, ClipStep, ManifoldTie, ManifoldTrace, TieChoice};
use crate::core::manifold::{ManifoldCase, ManifoldTermination, NormalSource};
use crate::core::math::left_perp;
use crate::core::math::Transform;
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// The closest points of the two core segments: fractions along each, the points.
struct Closest {
    f1: f32,
    f2: f32,
    closest1: Vec2,
    closest2: Vec2,
    distance_squared: f32,
}

/// The closest points as `b2CollideCapsules` computes them (its own copy of Ericson's
/// method, without `b2SegmentDistance`'s degenerate cases: a capsule's two centres
/// differ).
#[inline(always)]
fn closest(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> Closest {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let dd1 = d1.dot(d1);
    let dd2 = d2.dot(d2);
    let r = p1 - p2;
    let rd1 = r.dot(d1);
    let rd2 = r.dot(d2);
    let d12 = d1.dot(d2);
    let denom = dd1 * dd2 - d12 * d12;
    let mut f1 = 0.0;
    if denom != 0.0 {
        f1 = clamp((d12 * rd2 - rd1 * dd2) / denom, 0.0, 1.0);
    }
    let mut f2 = (d12 * f1 + rd2) / dd2;
    if f2 < 0.0 {
        f2 = 0.0;
        f1 = clamp(-rd1 / dd1, 0.0, 1.0);
    } else if f2 > 1.0 {
        f2 = 1.0;
        f1 = clamp((d12 - rd1) / dd1, 0.0, 1.0);
    }
    let closest1 = mul_add(p1, f1, d1);
    let closest2 = mul_add(p2, f2, d2);
    let c = closest2 - closest1;
    Closest {
        f1,
        f2,
        closest1,
        closest2,
        distance_squared: c.x * c.x + c.y * c.y,
    }
}

/// One side of a segment facing the other segment: `normal = leftPerp(u)` when the
/// other's nearer end is farther along it than along its opposite, else the opposite
/// (a tie takes the opposite); the separation; our edge index (edge 0's normal is the
/// segment's right, `−leftPerp(u)`); whether the two sides tied.
#[inline(always)]
fn facing_side(u: Vec2, from: Vec2, p: Vec2, q: Vec2) -> (Vec2, f32, usize, bool) {
    let normal = left_perp(u);
    let ss1 = (p - from).dot(normal);
    let ss2 = (q - from).dot(normal);
    let s1p = if ss1 < ss2 { ss1 } else { ss2 };
    let s1n = if -ss1 < -ss2 { -ss1 } else { -ss2 };
    if s1p > s1n {
        (normal, s1p, 1, false)
    } else {
        (-normal, s1n, 0, s1p == s1n)
    }
}

/// `b2CollideCapsules`.
#[inline(always)]
pub(super) fn capsules(call: &Call, xf: Transform, mut trace: Option<&mut ManifoldTrace>) -> Local {
    let (a, b) = (call.first.vertices(), call.second.vertices());
    let origin = a[0];
    // Shift to the origin in frame A for round-off, a pure translation in A's frame.
    let xfs = Transform {
        p: xf.p - origin,
        q: xf.q,
    };
    let p1 = Vec2::ZERO;
    let q1 = a[1] - origin;
    let p2 = xfs.apply(b[0]);
    let q2 = xfs.apply(b[1]);
    let c = closest(p1, q1, p2, q2);
    let (radius_a, radius_b) = (call.first.radius(), call.second.radius());
    let radius = radius_a + radius_b;
    let max_distance = radius + call.spec;
    if c.distance_squared > max_distance * max_distance {
        if trace.is_some() {
            let n = normalize(c.closest2 - c.closest1);
            let sep = c.distance_squared.sqrt() - radius;
            record_separated(call, trace, sep, n, NormalSource::ClosestPoints);
        }
        return Local::empty(ManifoldTermination::Separated, Vec2::ZERO);
    }
    let distance = c.distance_squared.sqrt();
    let (length1, u1) = length_and_normalize(q1 - p1);
    let (length2, u2) = length_and_normalize(q2 - p2);
    // Does segment B project outside segment A?
    let fp2 = (p2 - p1).dot(u1);
    let fq2 = (q2 - p1).dot(u1);
    let outside_a = (fp2 <= 0.0 && fq2 <= 0.0) || (fp2 >= length1 && fq2 >= length1);
    // Does segment A project outside segment B?
    let fp1 = (p1 - p2).dot(u2);
    let fq1 = (q1 - p2).dot(u2);
    let outside_b = (fp1 <= 0.0 && fq1 <= 0.0) || (fp1 >= length2 && fq1 >= length2);
    if !outside_a && !outside_b {
        let seg_a = Segment {
            p: p1,
            q: q1,
            fp: fp2,
            fq: fq2,
            length: length1,
        };
        let seg_b = Segment {
            p: p2,
            q: q2,
            fp: fp1,
            fq: fq1,
            length: length2,
        };
        let clipped = clip(
            call,
            (&seg_a, u1),
            (&seg_b, u2),
            distance,
            origin,
            trace.as_deref_mut(),
        );
        if let Some(m) = clipped {
            return m;
        }
    }
    single_point(call, xf, &c, u1, origin, trace)
}

/// A core segment `p → q` in the shifted frame, with the other segment's ends
/// projected on it (`fp`, `fq`: the other's `p`, `q`) and its length.
struct Segment {
    p: Vec2,
    q: Vec2,
    fp: f32,
    fq: f32,
    length: f32,
}

/// The clip: the reference side by SAT (A's unless B's beats it by 0.1 × slop), the
/// other segment clipped to its extent, and both points kept when either lies within
/// slop of the closest distance. `None` when neither does.
fn clip(
    call: &Call,
    (sa, u1): (&Segment, Vec2),
    (sb, u2): (&Segment, Vec2),
    distance: f32,
    origin: Vec2,
    mut trace: Option<&mut ManifoldTrace>,
) -> Option<Local> {
    let (normal_a, separation_a, edge_a, tie_a) = facing_side(u1, sa.p, sb.p, sb.q);
    let (normal_b, separation_b, edge_b, tie_b) = facing_side(u2, sb.p, sa.p, sa.q);
    trace.record(|t| {
        for (tie, owner, sep) in [
            (tie_a, Owner::A, separation_a),
            (tie_b, Owner::B, separation_b),
        ] {
            if tie {
                t.ties.push(ManifoldTie {
                    choice: TieChoice::SegmentSide(call.owner(owner)),
                    tied: vec![1, 0],
                    taken: 0,
                    value: sep,
                });
            }
        }
    });
    let (radius_a, radius_b) = (call.first.radius(), call.second.radius());
    let radius = radius_a + radius_b;
    // Biased to avoid feature flip-flop: B's side only when better by 0.1 × slop.
    let a_reference = separation_a + SEGMENT_FLIP_TOLERANCE >= separation_b;
    // The reference segment `r` (the other's ends projected on it: `r.fp`, `r.fq`),
    // the clipped one `inc`, the reference normal.
    let (r, inc, normal, separation) = if a_reference {
        (sa, sb, normal_a, separation_a)
    } else {
        (sb, sa, normal_b, separation_b)
    };
    let (fp, fq, length) = (r.fp, r.fq, r.length);
    let mut cp = inc.p;
    let mut cq = inc.q;
    // Clip to the reference's first end, then to its second: which of the clipped
    // segment's ends moved.
    let (mut cut_p, mut cut_q) = (None, None);
    if fp < 0.0 && fq > 0.0 {
        cp = lerp(inc.p, inc.q, (0.0 - fp) / (fq - fp));
        cut_p = Some(ClipPlane::Side1);
    } else if fq < 0.0 && fp > 0.0 {
        cq = lerp(inc.q, inc.p, (0.0 - fq) / (fp - fq));
        cut_q = Some(ClipPlane::Side1);
    }
    if fp > length && fq < length {
        cp = lerp(inc.p, inc.q, (fp - length) / (fp - fq));
        cut_p = Some(ClipPlane::Side2);
    } else if fq > length && fp < length {
        cq = lerp(inc.q, inc.p, (fq - length) / (fq - fp));
        cut_q = Some(ClipPlane::Side2);
    }
    let sp = (cp - r.p).dot(normal);
    let sq = (cq - r.p).dot(normal);
    let limit = distance + LINEAR_SLOP;
    let keep = sp <= limit || sq <= limit;
    trace.record(|t| {
        record_clip(
            call,
            t,
            (r, inc, normal, a_reference),
            (edge_a, edge_b),
            [(cp, cut_p), (cq, cut_q)],
            (separation - radius, limit, keep),
            origin,
        );
    });
    if !keep {
        return None;
    }
    // Our words: the reference side, and each clipped end (the incident edge cut by a
    // side plane, or its own vertex).
    let (ref_owner, ref_edge) = if a_reference {
        (Owner::A, edge_a)
    } else {
        (Owner::B, edge_b)
    };
    let features = |end: usize, cut: Option<ClipPlane>| ContactId {
        reference: ref_owner,
        reference_index: ref_edge as u8,
        incident_index: end as u8,
        kind: match cut {
            None => IdKind::IncidentVertex,
            Some(ClipPlane::Side1) => IdKind::SidePlane1,
            Some(_) => IdKind::SidePlane2,
        },
    };
    let (half_p, half_q) = if a_reference {
        (
            0.5 * (radius_a - radius_b - sp),
            0.5 * (radius_a - radius_b - sq),
        )
    } else {
        (
            0.5 * (radius_b - radius_a - sp),
            0.5 * (radius_b - radius_a - sq),
        )
    };
    let (id_p, id_q) = if a_reference {
        (make_id(0, 0), make_id(0, 1))
    } else {
        (make_id(0, 0), make_id(1, 0))
    };
    let mut m = Local::empty(
        ManifoldTermination::Contact,
        if a_reference { normal } else { -normal },
    );
    m.points[0] = LocalPoint {
        point: mul_add(cp, half_p, normal) + origin,
        separation: sp - radius,
        id: id_p,
        features: features(0, cut_p),
    };
    m.points[1] = LocalPoint {
        point: mul_add(cq, half_q, normal) + origin,
        separation: sq - radius,
        id: id_q,
        features: features(1, cut_q),
    };
    m.count = 2;
    m.case = ManifoldCase::SegmentSegment;
    m.source = NormalSource::Sat;
    m.reference = ref_owner;
    Some(m)
}

/// The trace of the clip: features, reference and incident segments, the two side
/// planes and the slop rule.
#[allow(clippy::too_many_arguments)]
fn record_clip(
    call: &Call,
    t: &mut ManifoldTrace,
    (r, inc, normal, a_reference): (&Segment, &Segment, Vec2, bool),
    (edge_a, edge_b): (usize, usize),
    ends: [(Vec2, Option<ClipPlane>); 2],
    (separation, limit, keep): (f32, f32, bool),
    origin: Vec2,
) {
    let (r_owner, i_owner, r_edge, i_edge) = if a_reference {
        (Owner::A, Owner::B, edge_a, 1 - edge_b)
    } else {
        (Owner::B, Owner::A, edge_b, 1 - edge_a)
    };
    let ends_of = |s: &Segment, edge: usize| {
        if edge == 0 {
            ((s.p, 0), (s.q, 1))
        } else {
            ((s.q, 1), (s.p, 0))
        }
    };
    let (r1, r2) = ends_of(r, r_edge);
    let (i1, i2) = ends_of(inc, i_edge);
    let n_world = if a_reference { normal } else { -normal };
    t.normal = Some(call.world_normal(n_world));
    t.separation = Some(separation);
    t.normal_source = Some(NormalSource::Sat);
    let fr = call.feature(r_owner, r1, r2, normal, origin);
    let fi = call.feature(i_owner, i1, i2, -normal, origin);
    let (first, second) = if a_reference { (fr, fi) } else { (fi, fr) };
    call.set_features(t, (first, second), a_reference);
    // The side planes: through the reference's first end (cutting what lies before
    // it along the reference) and its second (cutting what lies beyond).
    let w = |p: Vec2| call.world(p, origin);
    let dir = call.frame.q.apply((r.q - r.p).normalize_or_zero());
    let start = vec![w(inc.p), w(inc.q)];
    let end = vec![w(ends[0].0), w(ends[1].0)];
    let after1: Vec<Vec2> = (0..2)
        .map(|k| {
            if ends[k].1 == Some(ClipPlane::Side1) {
                end[k]
            } else {
                start[k]
            }
        })
        .collect();
    for (plane, at, cut_side, before, out) in [
        (ClipPlane::Side1, w(r.p), -dir, start, after1.clone()),
        (ClipPlane::Side2, w(r.q), dir, after1, end.clone()),
    ] {
        let kept: Vec<Vec2> = before.iter().copied().filter(|p| out.contains(p)).collect();
        let cut: Vec<Vec2> = before
            .iter()
            .copied()
            .filter(|p| !out.contains(p))
            .collect();
        let added = out.iter().copied().find(|p| !before.contains(p));
        t.clips.push(ClipStep {
            plane,
            plane_point: at,
            plane_normal: cut_side,
            input: before,
            kept,
            cut,
            added,
            output: out,
        });
    }
    let n_ref = call.frame.q.apply(normal);
    t.clips.push(ClipStep {
        plane: ClipPlane::ClosestDistance,
        plane_point: w(r.p) + limit * n_ref,
        plane_normal: n_ref,
        input: end.clone(),
        kept: if keep { end.clone() } else { Vec::new() },
        cut: if keep { Vec::new() } else { end.clone() },
        added: None,
        output: if keep { end } else { Vec::new() },
    });
}

/// One point between the closest points, along the direction from A's to B's
/// (A's left normal when they coincide); the id names the segments' nearer ends.
fn single_point(
    call: &Call,
    xf: Transform,
    c: &Closest,
    u1: Vec2,
    origin: Vec2,
    mut trace: Option<&mut ManifoldTrace>,
) -> Local {
    let eps_sqr = f32::EPSILON * f32::EPSILON;
    let mut normal = c.closest2 - c.closest1;
    if normal.dot(normal) > eps_sqr {
        normal = normalize(normal);
    } else {
        normal = left_perp(u1);
    }
    let (radius_a, radius_b) = (call.first.radius(), call.second.radius());
    let radius = radius_a + radius_b;
    let c1 = mul_add(c.closest1, radius_a, normal);
    let c2 = mul_add(c.closest2, -radius_b, normal);
    let i1 = usize::from(c.f1 != 0.0);
    let i2 = usize::from(c.f2 != 0.0);
    let separation = c.distance_squared.sqrt() - radius;
    let end = |f: f32| f == 0.0 || f == 1.0;
    let case = if end(c.f1) && end(c.f2) {
        ManifoldCase::VertexVertex
    } else {
        ManifoldCase::PointSegment
    };
    trace.record(|t| {
        t.normal = Some(call.world_normal(normal));
        t.separation = Some(separation);
        t.normal_source = Some(NormalSource::ClosestPoints);
        // Each shape's feature, in the shifted frame: its nearer end, or the segment.
        let a: Vec<Vec2> = call.first.vertices().iter().map(|p| *p - origin).collect();
        let b: Vec<Vec2> = call
            .second
            .vertices()
            .iter()
            .map(|p| xf.apply(*p) - origin)
            .collect();
        let feature = |o: Owner, pts: &[Vec2], f: f32, k: usize, n: Vec2| {
            if end(f) {
                call.feature(o, (pts[k], k), (pts[k], k), n, origin)
            } else {
                call.feature(o, (pts[0], 0), (pts[1], 1), n, origin)
            }
        };
        let fa = feature(Owner::A, &a, c.f1, i1, normal);
        let fb = feature(Owner::B, &b, c.f2, i2, -normal);
        call.set_features(t, (fa, fb), true);
    });
    let point = LocalPoint {
        point: lerp(c1, c2, 0.5) + origin,
        separation,
        id: make_id(i1, i2),
        features: ContactId {
            reference_index: i1 as u8,
            incident_index: i2 as u8,
            ..ContactId::POINT
        },
    };
    Local::one(normal, point, case, NormalSource::ClosestPoints, Owner::A)
}
