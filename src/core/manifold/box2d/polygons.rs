//! `b2CollidePolygons` (and the functions that hand it their shapes: a capsule or a
//! segment is a 2-gon, `b2MakeCapsule`'s, whose vertices and normals are the core's
//! own) and `b2ClipPolygons`.
//!
//! 1. **The frame.** A's vertices moved by −A's first vertex (the origin shift), B's
//!    brought into that frame (`b2TransformPoint` by B's pose in A's frame, its
//!    position shifted; normals turned).
//! 2. **SAT** (`b2FindMaxSeparation`): each shape's face of largest separation, the
//!    first found on a tie. Either beyond the speculative distance plus the radii:
//!    no manifold.
//! 3. **Reference and incident.** A's face unless B's separates strictly more
//!    (`separationA >= separationB`); the incident edge is the other shape's whose
//!    normal is most anti-parallel to the reference normal, the first found.
//! 4. **Apart by more than 0.1 × linear slop:** the closest points of the two edges
//!    (`b2SegmentDistance`); farther than the speculative distance, none. The edges
//!    are clipped; if the closest features are two vertices and their distance plus
//!    0.1 × slop is less than every clipped point's separation, one point between
//!    those vertices replaces the clipped ones.
//! 5. **Otherwise** (overlapping or nearly touching) the clip alone.
//!
//! `b2ClipPolygons` clips the incident edge to the reference edge's extent along its
//! tangent and keeps **both** points whatever their separation, even when they
//! coincide (two ids for one place); when the two edges do not overlap along the
//! tangent there are no points.

use super::circles::record_first_found;
use super::ops::{clamp, lerp, make_id, mul_add};
use super::separation::find_max_separation;
use super::{record_separated, Call, Local, LocalPoint};
use crate::core::consts::LINEAR_SLOP;
use crate::core::manifold::ids::{ContactId, IdKind};
use crate::core::manifold::trace::{ClipPlane, ClipStep, ManifoldTie, ManifoldTrace, TieChoice};
use crate::core::manifold::{ManifoldCase, ManifoldTermination, NormalSource};
use crate::core::math::{cross_sv, rotate_points, transform_points, Transform};
use crate::core::record::Record;
use crate::core::sat::Owner;
use glam::Vec2;

/// Box2D's largest polygon (`B2_MAX_POLYGON_VERTICES`): pairs of at most this many
/// vertices keep their frame on the stack.
const STACK_VERTICES: usize = 8;

/// `b2CollidePolygons` (see the module docs).
#[inline(always)]
pub(super) fn polygons(call: &Call, xf: Transform, trace: Option<&mut ManifoldTrace>) -> Local {
    let (na, nb) = (call.first.vertices().len(), call.second.vertices().len());
    if na <= STACK_VERTICES && nb <= STACK_VERTICES {
        let mut a = [Vec2::ZERO; STACK_VERTICES];
        let mut b = [Vec2::ZERO; STACK_VERTICES];
        let mut nrm = [Vec2::ZERO; STACK_VERTICES];
        polygons_in(
            call,
            xf,
            (&mut a[..na], &mut b[..nb], &mut nrm[..nb]),
            trace,
        )
    } else {
        let (mut a, mut b, mut nrm) = (
            vec![Vec2::ZERO; na],
            vec![Vec2::ZERO; nb],
            vec![Vec2::ZERO; nb],
        );
        polygons_in(call, xf, (&mut a, &mut b, &mut nrm), trace)
    }
}

/// The two polygons in the shifted frame: A's vertices (A's normals are its own),
/// B's vertices and normals, the radii.
struct Frame<'a> {
    va: &'a [Vec2],
    na: &'a [Vec2],
    vb: &'a [Vec2],
    nb: &'a [Vec2],
    ra: f32,
    rb: f32,
}

impl Frame<'_> {
    /// Shape `o`'s vertices and normals.
    fn of(&self, o: Owner) -> (&[Vec2], &[Vec2]) {
        match o {
            Owner::A => (self.va, self.na),
            Owner::B => (self.vb, self.nb),
        }
    }
}

/// `next(i)`: `i + 1 < count ? i + 1 : 0`.
#[inline(always)]
fn next(i: usize, count: usize) -> usize {
    if i + 1 < count {
        i + 1
    } else {
        0
    }
}

/// The incident edge: of `normals`, the first most anti-parallel to `search`.
#[inline(always)]
fn incident_edge(search: Vec2, normals: &[Vec2]) -> usize {
    let mut edge = 0;
    let mut min_dot = f32::MAX;
    for (i, n) in normals.iter().enumerate() {
        let dot = search.dot(*n);
        if dot < min_dot {
            min_dot = dot;
            edge = i;
        }
    }
    edge
}

#[inline]
fn polygons_in(
    call: &Call,
    xf: Transform,
    (va, vb, nb): (&mut [Vec2], &mut [Vec2], &mut [Vec2]),
    mut trace: Option<&mut ManifoldTrace>,
) -> Local {
    let (pa, pb) = (call.first, call.second);
    let origin = pa.vertices()[0];
    // Shift to the origin in frame A for round-off, a pure translation in A's frame.
    let xfs = Transform {
        p: xf.p - origin,
        q: xf.q,
    };
    va[0] = Vec2::ZERO;
    for (dst, v) in va.iter_mut().zip(pa.vertices()).skip(1) {
        *dst = *v - origin;
    }
    transform_points(&xfs, pb.vertices(), vb);
    rotate_points(xfs.q, pb.normals(), nb);
    let f = Frame {
        va,
        na: pa.normals(),
        vb,
        nb,
        ra: pa.radius(),
        rb: pb.radius(),
    };
    let (mut edge_a, separation_a) = find_max_separation(f.na, f.va, f.vb);
    let (mut edge_b, separation_b) = find_max_separation(f.nb, f.vb, f.va);
    trace.record(|t| record_sat_ties(call, t, &f, separation_a, separation_b));
    let radius = f.ra + f.rb;
    let spec = call.spec;
    if separation_a > spec + radius || separation_b > spec + radius {
        if trace.is_some() {
            let (sep, n) = if separation_a >= separation_b {
                (separation_a, f.na[edge_a])
            } else {
                (separation_b, -f.nb[edge_b])
            };
            record_separated(call, trace, sep - radius, n, NormalSource::Sat);
        }
        return Local::empty(ManifoldTermination::Separated, Vec2::ZERO);
    }
    // The incident edge.
    // Box2D's `if (separationA >= separationB)`: a NaN takes B's side, as there.
    let flip = separation_a
        .partial_cmp(&separation_b)
        .is_none_or(|o| o.is_lt());
    if flip {
        edge_a = incident_edge(f.nb[edge_b], f.na);
    } else {
        edge_b = incident_edge(f.na[edge_a], f.nb);
    }
    trace.record(|t| {
        let (o, search, normals) = if flip {
            (Owner::A, f.nb[edge_b], f.na)
        } else {
            (Owner::B, f.na[edge_a], f.nb)
        };
        let dots: Vec<f32> = normals.iter().map(|n| search.dot(*n)).collect();
        record_first_found(t, TieChoice::IncidentEdge(call.owner(o)), &dots, false);
        let sep = if flip { separation_b } else { separation_a };
        let n = if flip { -f.nb[edge_b] } else { f.na[edge_a] };
        t.normal = Some(call.world_normal(n));
        t.separation = Some(sep - radius);
        t.normal_source = Some(NormalSource::Sat);
    });
    // Using slop here to ensure vertex-vertex normal vectors can be safely normalized.
    let slop = 0.1 * LINEAR_SLOP;
    let mut m = if separation_a > slop || separation_b > slop {
        match apart(call, &f, (edge_a, edge_b, flip), trace.as_deref_mut()) {
            Some(m) => m,
            None => return Local::empty(ManifoldTermination::Separated, Vec2::ZERO),
        }
    } else {
        clip_polygons(call, &f, (edge_a, edge_b, flip), trace)
    };
    // Undo the origin shift so points are in frame A.
    for p in &mut m.points[..m.count] {
        p.point += origin;
    }
    m
}

/// Step 4: the edges' closest points, the clip, and the vertex–vertex rule; `None`
/// when the edges are farther apart than the speculative distance.
#[inline(never)]
fn apart(
    call: &Call,
    f: &Frame,
    (edge_a, edge_b, flip): (usize, usize, bool),
    mut trace: Option<&mut ManifoldTrace>,
) -> Option<Local> {
    let radius = f.ra + f.rb;
    let (i11, i12) = (edge_a, next(edge_a, f.va.len()));
    let (i21, i22) = (edge_b, next(edge_b, f.vb.len()));
    let (v11, v12) = (f.va[i11], f.va[i12]);
    let (v21, v22) = (f.vb[i21], f.vb[i22]);
    let result = segment_distance(v11, v12, v21, v22);
    let distance = result.distance_squared.sqrt();
    let separation = distance - radius;
    if distance - radius > call.spec {
        // This can happen in the vertex-vertex case.
        trace.record(|t| {
            t.separation = Some(separation);
        });
        return None;
    }
    let mut m = clip_polygons(call, f, (edge_a, edge_b, flip), trace.as_deref_mut());
    let mut min_separation = f32::MAX;
    for p in &m.points[..m.count] {
        min_separation = if min_separation < p.separation {
            min_separation
        } else {
            p.separation
        };
    }
    let slop = 0.1 * LINEAR_SLOP;
    // Does vertex-vertex have substantially larger separation?
    let vertices = if separation + slop < min_separation {
        match (result.fraction1, result.fraction2) {
            (f1, f2) if f1 == 0.0 && f2 == 0.0 => Some((v11, i11, v21, i21)),
            (f1, f2) if f1 == 0.0 && f2 == 1.0 => Some((v11, i11, v22, i22)),
            (f1, f2) if f1 == 1.0 && f2 == 0.0 => Some((v12, i12, v21, i21)),
            (f1, f2) if f1 == 1.0 && f2 == 1.0 => Some((v12, i12, v22, i22)),
            _ => None,
        }
    } else {
        None
    };
    if let Some((va, ia, vb, ib)) = vertices {
        let mut normal = vb - va;
        let inv_distance = 1.0 / distance;
        normal.x *= inv_distance;
        normal.y *= inv_distance;
        let c1 = mul_add(va, f.ra, normal);
        let c2 = mul_add(vb, -f.rb, normal);
        let point = LocalPoint {
            point: lerp(c1, c2, 0.5),
            separation: distance - radius,
            id: make_id(ia, ib),
            features: ContactId {
                reference_index: ia as u8,
                incident_index: ib as u8,
                ..ContactId::POINT
            },
        };
        m = Local::one(
            normal,
            point,
            ManifoldCase::VertexVertex,
            NormalSource::ClosestPoints,
            Owner::A,
        );
    }
    trace.record(|t| {
        let reference = if flip {
            (f.vb[edge_b], f.nb[edge_b])
        } else {
            (f.va[edge_a], f.na[edge_a])
        };
        record_vertex_rule(call, t, &m, reference, distance + slop, vertices.is_some());
    });
    Some(m)
}

/// The trace's step for the vertex–vertex rule: the plane `offset` (the edges'
/// closest distance plus 0.1 × slop) out from the reference face (its first vertex and
/// normal, shifted frame); the clipped points in, what is kept (all, or none when one
/// vertex point replaces them).
fn record_vertex_rule(
    call: &Call,
    t: &mut ManifoldTrace,
    m: &Local,
    (r1, rn): (Vec2, Vec2),
    offset: f32,
    replaced: bool,
) {
    let origin = call.first.vertices()[0];
    let n_world = call.frame.q.apply(rn);
    let input: Vec<Vec2> = t.clips.last().map(|c| c.output.clone()).unwrap_or_default();
    let output = if replaced {
        vec![call.world(m.points[0].point, origin)]
    } else {
        input.clone()
    };
    t.clips.push(ClipStep {
        plane: ClipPlane::VertexVertex,
        plane_point: call.world(r1, origin) + offset * n_world,
        plane_normal: -n_world,
        kept: if replaced { Vec::new() } else { input.clone() },
        cut: if replaced { input.clone() } else { Vec::new() },
        added: replaced.then(|| output[0]),
        input,
        output,
    });
    if replaced {
        t.normal = Some(call.world_normal(m.normal));
        t.normal_source = Some(NormalSource::ClosestPoints);
        t.separation = Some(m.points[0].separation);
    }
}

/// `b2SegmentDistanceResult`'s fractions and squared distance.
struct SegmentDistance {
    fraction1: f32,
    fraction2: f32,
    distance_squared: f32,
}

/// `b2SegmentDistance` (Ericson 5.1.9, with its degenerate cases).
#[inline(always)]
fn segment_distance(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> SegmentDistance {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let dd1 = d1.dot(d1);
    let dd2 = d2.dot(d2);
    let rd1 = r.dot(d1);
    let rd2 = r.dot(d2);
    let eps_sqr = f32::EPSILON * f32::EPSILON;
    let (f1, f2) = if dd1 < eps_sqr || dd2 < eps_sqr {
        if dd1 >= eps_sqr {
            (clamp(-rd1 / dd1, 0.0, 1.0), 0.0)
        } else if dd2 >= eps_sqr {
            (0.0, clamp(rd2 / dd2, 0.0, 1.0))
        } else {
            (0.0, 0.0)
        }
    } else {
        let d12 = d1.dot(d2);
        let denominator = dd1 * dd2 - d12 * d12;
        let mut f1 = 0.0;
        if denominator != 0.0 {
            f1 = clamp((d12 * rd2 - rd1 * dd2) / denominator, 0.0, 1.0);
        }
        let mut f2 = (d12 * f1 + rd2) / dd2;
        if f2 < 0.0 {
            f2 = 0.0;
            f1 = clamp(-rd1 / dd1, 0.0, 1.0);
        } else if f2 > 1.0 {
            f2 = 1.0;
            f1 = clamp((d12 - rd1) / dd1, 0.0, 1.0);
        }
        (f1, f2)
    };
    let closest1 = mul_add(p1, f1, d1);
    let closest2 = mul_add(p2, f2, d2);
    let c = closest2 - closest1;
    SegmentDistance {
        fraction1: f1,
        fraction2: f2,
        distance_squared: c.x * c.x + c.y * c.y,
    }
}

/// `b2ClipPolygons`: the incident edge clipped to the reference edge's extent along
/// its tangent; both points, or none when the two do not overlap along it.
#[inline(always)]
fn clip_polygons(
    call: &Call,
    f: &Frame,
    (edge_a, edge_b, flip): (usize, usize, bool),
    mut trace: Option<&mut ManifoldTrace>,
) -> Local {
    // Reference (1) and incident (2) polygons and edges.
    let (ref_owner, (v1s, n1s), r1, (v2s, _), r2, i11, i21) = if flip {
        (
            Owner::B,
            f.of(Owner::B),
            f.rb,
            f.of(Owner::A),
            f.ra,
            edge_b,
            edge_a,
        )
    } else {
        (
            Owner::A,
            f.of(Owner::A),
            f.ra,
            f.of(Owner::B),
            f.rb,
            edge_a,
            edge_b,
        )
    };
    let i12 = next(i11, v1s.len());
    let i22 = next(i21, v2s.len());
    let normal = n1s[i11];
    let (v11, v12) = (v1s[i11], v1s[i12]);
    let (v21, v22) = (v2s[i21], v2s[i22]);
    let tangent = cross_sv(1.0, normal);
    let lower1 = 0.0f32;
    let upper1 = (v12 - v11).dot(tangent);
    // Incident edge points opposite of tangent due to CCW winding.
    let upper2 = (v21 - v11).dot(tangent);
    let lower2 = (v22 - v11).dot(tangent);
    let disjoint = upper2 < lower1 || upper1 < lower2;
    let lower_cut = lower2 < lower1 && upper2 - lower2 > f32::EPSILON;
    let upper_cut = upper2 > upper1 && upper2 - lower2 > f32::EPSILON;
    let mut v_lower = if lower_cut {
        lerp(v22, v21, (lower1 - lower2) / (upper2 - lower2))
    } else {
        v22
    };
    let mut v_upper = if upper_cut {
        lerp(v22, v21, (upper1 - lower2) / (upper2 - lower2))
    } else {
        v21
    };
    trace.record(|t| {
        let origin = call.first.vertices()[0];
        let fr = call.feature(ref_owner, (v11, i11), (v12, i12), normal, origin);
        let fi = call.feature(ref_owner.other(), (v21, i21), (v22, i22), -normal, origin);
        let (first, second) = if flip { (fi, fr) } else { (fr, fi) };
        call.set_features(t, (first, second), !flip);
        let w = |p: Vec2| call.world(p, origin);
        let tw = call.frame.q.apply(tangent);
        let start = vec![w(v21), w(v22)];
        let (after1, end) = if disjoint {
            let before = upper2 < lower1;
            (if before { Vec::new() } else { start.clone() }, Vec::new())
        } else {
            let after1 = vec![start[0], if lower_cut { w(v_lower) } else { start[1] }];
            let end = vec![if upper_cut { w(v_upper) } else { start[0] }, after1[1]];
            (after1, end)
        };
        push_clip(t, ClipPlane::Side1, w(v11), -tw, start, after1.clone());
        push_clip(t, ClipPlane::Side2, w(v12), tw, after1, end);
    });
    if disjoint {
        return Local::empty(
            ManifoldTermination::NoOverlap,
            if flip { -normal } else { normal },
        );
    }
    let separation_lower = (v_lower - v11).dot(normal);
    let separation_upper = (v_upper - v11).dot(normal);
    // Put contact points at midpoint, accounting for radii.
    v_lower = mul_add(v_lower, 0.5 * (r1 - r2 - separation_lower), normal);
    v_upper = mul_add(v_upper, 0.5 * (r1 - r2 - separation_upper), normal);
    let radius = r1 + r2;
    let features = |incident: usize, cut: Option<IdKind>| ContactId {
        reference: ref_owner,
        reference_index: i11 as u8,
        incident_index: if cut.is_some() {
            i21 as u8
        } else {
            incident as u8
        },
        kind: cut.unwrap_or(IdKind::IncidentVertex),
    };
    let lower = LocalPoint {
        point: v_lower,
        separation: separation_lower - radius,
        id: if flip {
            make_id(i22, i11)
        } else {
            make_id(i11, i22)
        },
        features: features(i22, lower_cut.then_some(IdKind::SidePlane1)),
    };
    let upper = LocalPoint {
        point: v_upper,
        separation: separation_upper - radius,
        id: if flip {
            make_id(i21, i12)
        } else {
            make_id(i12, i21)
        },
        features: features(i21, upper_cut.then_some(IdKind::SidePlane2)),
    };
    let mut m = Local::empty(
        ManifoldTermination::Contact,
        if flip { -normal } else { normal },
    );
    m.points = if flip { [upper, lower] } else { [lower, upper] };
    m.count = 2;
    m.case = ManifoldCase::SegmentSegment;
    m.source = NormalSource::Sat;
    m.reference = ref_owner;
    m
}

/// A side-plane step of the trace: the points before and after, what was kept, cut
/// and added.
fn push_clip(
    t: &mut ManifoldTrace,
    plane: ClipPlane,
    at: Vec2,
    cut_side: Vec2,
    input: Vec<Vec2>,
    output: Vec<Vec2>,
) {
    let kept: Vec<Vec2> = input
        .iter()
        .copied()
        .filter(|p| output.contains(p))
        .collect();
    let cut: Vec<Vec2> = input
        .iter()
        .copied()
        .filter(|p| !output.contains(p))
        .collect();
    let added = output.iter().copied().find(|p| !input.contains(p));
    t.clips.push(ClipStep {
        plane,
        plane_point: at,
        plane_normal: cut_side,
        input,
        kept,
        cut,
        added,
        output,
    });
}

/// The ties of step 2 and 3's owner choice: faces of one shape separating equally
/// most, and A's best face against B's.
fn record_sat_ties(call: &Call, t: &mut ManifoldTrace, f: &Frame, sep_a: f32, sep_b: f32) {
    let seps = |n1s: &[Vec2], v1s: &[Vec2], v2s: &[Vec2]| -> Vec<f32> {
        n1s.iter()
            .zip(v1s)
            .map(|(n, v1)| {
                v2s.iter()
                    .map(|v2| n.dot(*v2 - *v1))
                    .fold(f32::MAX, |s, x| if x < s { x } else { s })
            })
            .collect()
    };
    record_first_found(
        t,
        TieChoice::MaxSeparationFace(call.owner(Owner::A)),
        &seps(f.na, f.va, f.vb),
        true,
    );
    record_first_found(
        t,
        TieChoice::MaxSeparationFace(call.owner(Owner::B)),
        &seps(f.nb, f.vb, f.va),
        true,
    );
    if sep_a == sep_b {
        let (ea, _) = find_max_separation(f.na, f.va, f.vb);
        let (eb, _) = find_max_separation(f.nb, f.vb, f.va);
        t.ties.push(ManifoldTie {
            choice: TieChoice::ReferenceOwner,
            tied: vec![ea, eb],
            taken: ea,
            value: sep_a,
        });
    }
}
