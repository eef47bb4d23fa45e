//! The SAT source's shortcut for a 1-vertex core (a circle, or a point): the whole
//! manifold in one pass in the core's own frame, after Box2D's
//! `b2CollidePolygonAndCircle` ([`point_core_manifold`]); two 1-vertex cores on the
//! line of centres ([`super::point_point::point_point_manifold`]).

use super::face_search::max_separation_face;
use super::features::{touching_tolerance, Edge, Pair};
use super::ids::{ContactId, IdKind};
use super::point_point::point_point_manifold;
use super::trace::ManifoldTrace;
use super::{
    ManifoldCase, ManifoldInput, ManifoldOutput, ManifoldPoint, ManifoldTermination, NormalSource,
};
use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::math::Transform;
use crate::core::record::Record;
use crate::core::sat::Owner;
use crate::core::shape::Shape;
use glam::Vec2;

/// SAT source with a 1-vertex core (a circle or a point) against any core: the whole
/// manifold in one pass, after Box2D's `b2CollidePolygonAndCircle`. In the core's own
/// frame: the face of largest separation `s` for the point; if the point projects
/// beyond one end of that face (`u1 < 0` or `u2 < 0`), that corner is the closest
/// feature — with the cores apart (beyond the touching band) the normal is the
/// corner-to-point direction, exactly what GJK would give, and the case is
/// [`ManifoldCase::VertexVertex`] as in the general path (GJK ends on that vertex
/// pair); otherwise the face normal (the same clamped corner the general
/// point–segment case makes). Two 1-vertex cores: the line of centres. Same case,
/// reference, normal, points, separation and ids as steps 1–4 would give, without
/// their generality (checked on random pairs by the test
/// `point_core_path_matches_general_path`; the normal's source differs in one way:
/// over a face with the cores apart this path names SAT's face, the general path
/// GJK's closest points, the same direction); the points are placed in the world
/// from the core's own frame, one transform each.
#[inline]
pub(super) fn point_core_manifold(
    input: &ManifoldInput,
    trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    let (na, nb) = (
        input.pair.shape_a.vertices().len(),
        input.pair.shape_b.vertices().len(),
    );
    if na == 1 && nb == 1 {
        return point_point_manifold(&Pair::new(input), trace);
    }
    // One copy per side the core is on: every `owner` test below is then a constant.
    if na == 1 {
        point_against_core::<false>(input, trace)
    } else {
        point_against_core::<true>(input, trace)
    }
}

/// [`point_core_manifold`] for a 1-vertex core against a core of 2 or more vertices,
/// the core being A when `CORE_IS_A`, else B.
#[inline]
fn point_against_core<const CORE_IS_A: bool>(
    input: &ManifoldInput,
    mut trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    let radii = input.pair.shape_a.radius() + input.pair.shape_b.radius();
    let spec = input.speculative_distance.max(0.0);
    let f = PointInCore::new::<CORE_IS_A>(input);
    // Out of the core (its frame) → from A to B (world).
    let out_ab = |o: Vec2| -> Vec2 {
        let o = f.w.q.apply(o);
        if f.owner == Owner::A {
            o
        } else {
            -o
        }
    };
    let (v, normals) = (f.core.vertices(), f.core.normals());
    let (i, s) = max_separation_face(f.pl, v, normals);
    let ni = normals[i];
    let face_sep = s - radii;
    if face_sep > spec {
        // Beyond the speculative distance along a face normal: a proof of separation
        // (the face's separation is a lower bound of the distance).
        return point_core_separated(face_sep, out_ab(ni), trace);
    }
    let c = match f.contact(input, i, s, radii, spec) {
        Ok(c) => c,
        Err(separation) => return point_core_separated(separation, out_ab(ni), trace),
    };
    let out = f.output(&c);
    trace.record(|t| {
        trace_point_core(t, input, out, f.owner, i, c.ref_index, c.o);
    });
    out
}

/// The point brought into the core's frame, and the frames that place both.
struct PointInCore<'a> {
    /// The side the core is on.
    owner: Owner,
    core: &'a Shape,
    point: &'a Shape,
    /// Places the core's frame in the world.
    w: Transform,
    /// The point's centre, world.
    centre: Vec2,
    /// The point's centre in the core's frame.
    pl: Vec2,
}

/// The contact against the core's face or corner, the core's side of it in the world.
struct CoreContact {
    /// The point on the core's surface, world.
    on_core: Vec2,
    /// The normal out of the core, world.
    ow: Vec2,
    /// The normal out of the core, the core's frame.
    o: Vec2,
    separation: f32,
    /// The core's face, or its corner in the point and vertex–vertex cases.
    ref_index: usize,
    kind: IdKind,
    source: NormalSource,
}

impl<'a> PointInCore<'a> {
    /// `w` places the core's frame in the world, `xp` the point's. The point is brought
    /// into the core's frame once (Box2D's b2InvTransformPoint of the circle's centre):
    /// `q_wᵀ·(q_p·c + (p_p − p_w))`, the difference of the two positions taken first so
    /// that large world coordinates cost no precision (as the relative transform
    /// does). Each output is then one transform from the core's frame.
    #[inline(always)]
    fn new<const CORE_IS_A: bool>(input: &ManifoldInput<'a>) -> PointInCore<'a> {
        let (a, b) = (input.pair.shape_a, input.pair.shape_b);
        let (owner, core, point, w, xp) = if CORE_IS_A {
            (
                Owner::A,
                a,
                b,
                input.pair.transform_a,
                input.pair.transform_b,
            )
        } else {
            (
                Owner::B,
                b,
                a,
                input.pair.transform_b,
                input.pair.transform_a,
            )
        };
        // A circle's core is its local origin: then `q_p·c` is zero and the point is the
        // difference of the positions, turned. Skipping the product (a branch predicted
        // per kind of shape) takes the load of `c` off the path to the face search.
        let pc = point.vertices()[0];
        let (rel, centre) = if pc == Vec2::ZERO {
            (xp.p - w.p, xp.p)
        } else {
            let qc = xp.q.apply(pc);
            (qc + (xp.p - w.p), qc + xp.p)
        };
        PointInCore {
            owner,
            core,
            point,
            w,
            centre,
            pl: w.q.apply_inv(rel),
        }
    }

    /// The contact against face `i` (`s` the point's separation from it, radii not
    /// subtracted), by the Voronoi region of the face the point is in; `Err` with the
    /// separation when beyond a corner and farther than `spec` from it.
    #[inline(always)]
    fn contact(
        &self,
        input: &ManifoldInput,
        i: usize,
        s: f32,
        radii: f32,
        spec: f32,
    ) -> Result<CoreContact, f32> {
        let (core, w, pl) = (self.core, self.w, self.pl);
        let (v, ni) = (core.vertices(), core.normals()[i]);
        let j = if i + 1 == v.len() { 0 } else { i + 1 };
        let (v1, v2) = (v[i], v[j]);
        let e = v2 - v1;
        // Voronoi regions of the face: beyond its first end (u1 < 0), its second end
        // (u2 < 0), or over it.
        let u1 = (pl - v1).dot(e);
        let u2 = (pl - v2).dot(-e);
        let corner = u1 < 0.0 || u2 < 0.0;
        let (c, ci) = if u1 < 0.0 { (v1, i) } else { (v2, j) };
        let d = pl - c;
        // A branch, not a select of all three regions' numbers: over a face (the common
        // case) the square root and division of the corner case stay off the path to the
        // output (measured: computing all three and selecting was slower).
        let apart = |core: f32| {
            core > 0.0 && core > touching_tolerance(input.pair.shape_a, input.pair.shape_b)
        };
        // The outputs are made in the world from the point's centre there (`centre`,
        // computed from the input alongside `pl`), the corner's or the foot's
        // position and the normal turned into the world once (`ow`, out of the core):
        // `on_core = foot + r_core·ow`, `on_point = centre − r_point·ow`.
        Ok(if corner && apart(d.length()) {
            // Beyond a corner and apart from it (beyond the touching band): the closest
            // features are the corner and the point, the normal the direction between
            // them. Apart from the corner, not from the face's line: a point near the
            // line can lie far past the face's end (a point 2e-5 off a segment's line
            // but 0.22 past its end must get no contact: `tests/fuzz.rs`).
            let len = d.length();
            let separation = len - radii;
            if separation > spec {
                return Err(separation);
            }
            let ow = w.q.apply(d) / len;
            CoreContact {
                on_core: w.apply(c) + core.radius() * ow,
                ow,
                o: d / len,
                separation,
                ref_index: ci,
                kind: IdKind::Point,
                source: NormalSource::ClosestPoints,
            }
        } else if corner {
            // Touching or overlapping cores: the face normal, from the corner (the same
            // clamped corner the general point–segment case makes).
            let nw = w.q.apply(ni);
            CoreContact {
                on_core: w.apply(c) + core.radius() * nw,
                ow: nw,
                o: ni,
                separation: d.dot(ni) - radii,
                ref_index: ci,
                kind: IdKind::Point,
                source: NormalSource::Sat,
            }
        } else {
            // Over the face: the face normal, from the point's foot on the face, `s`
            // behind the centre (the core's surface `s − r_core` behind it).
            let nw = w.q.apply(ni);
            CoreContact {
                on_core: self.centre - (s - core.radius()) * nw,
                ow: nw,
                o: ni,
                separation: s - radii,
                ref_index: i,
                kind: IdKind::IncidentVertex,
                source: NormalSource::Sat,
            }
        })
    }

    /// The manifold of the contact `c`: its one point, world space, with its id.
    #[inline(always)]
    fn output(&self, c: &CoreContact) -> ManifoldOutput {
        let owner = self.owner;
        let on_point = self.centre - self.point.radius() * c.ow;
        let (point_a, point_b) = if owner == Owner::A {
            (c.on_core, on_point)
        } else {
            (on_point, c.on_core)
        };
        // Beyond a corner and apart, the closest features are two vertices: named as the
        // general path names them ([`ManifoldCase::VertexVertex`]: A is the reference, the
        // id holds A's vertex then B's). Otherwise the core's face or corner is the
        // reference and the point is incident.
        let (reference, reference_index, incident_index, case) =
            if c.source == NormalSource::ClosestPoints {
                let (ia, ib) = if owner == Owner::A {
                    (c.ref_index, 0)
                } else {
                    (0, c.ref_index)
                };
                (Owner::A, ia, ib, ManifoldCase::VertexVertex)
            } else {
                (owner, c.ref_index, 0, ManifoldCase::PointSegment)
            };
        let mut points = [ManifoldPoint::default(); MAX_MANIFOLD_POINTS];
        points[0] = ManifoldPoint::ours(
            point_a,
            point_b,
            c.separation,
            ContactId {
                reference,
                reference_index: reference_index as u8,
                incident_index: incident_index as u8,
                kind: c.kind,
            },
        );
        ManifoldOutput {
            termination: ManifoldTermination::Contact,
            normal_source: Some(c.source),
            case: Some(case),
            normal: if owner == Owner::A { c.ow } else { -c.ow },
            reference: Some(reference),
            points,
            point_count: 1,
        }
    }
}

/// The trace records of [`point_core_manifold`]'s contact: the core's face `i` (or
/// its vertex `corner` in the vertex–vertex case) and the point, `o` the normal out
/// of the core in the core's frame.
#[cold]
#[inline(never)]
fn trace_point_core(
    t: &mut ManifoldTrace,
    input: &ManifoldInput,
    out: ManifoldOutput,
    owner: Owner,
    i: usize,
    corner: usize,
    o: Vec2,
) {
    // `out` by value: the caller's stays where it is returned.
    let (pair, out) = (&Pair::new(input), &out);
    // The point's query direction, towards the core, in A's frame.
    let core_to_a = if owner == Owner::A {
        Transform::IDENTITY
    } else {
        pair.b_to_a
    };
    let dir = -core_to_a.q.apply(o);
    let separation = out.points[0].separation;
    if out.case == Some(ManifoldCase::VertexVertex) {
        // As the general path: each vertex with the normal from A to B (A) or its
        // opposite (B); A's is the reference.
        let n = if owner == Owner::A { -dir } else { dir };
        let (ia, ib) = if owner == Owner::A {
            (corner, 0)
        } else {
            (0, corner)
        };
        let fa = pair.vertex_of(Owner::A, ia, n);
        let fb = pair.vertex_of(Owner::B, ib, -n);
        record_point_case(t, out, separation, &fa, &fb, &fa, &fb, &pair.xf_a);
        return;
    }
    let face = pair.edge_of(owner, i);
    let point = pair.vertex_of(owner.other(), 0, dir);
    let (fa, fb) = if owner == Owner::A {
        (face, point)
    } else {
        (point, face)
    };
    record_point_case(t, out, separation, &fa, &fb, &face, &point, &pair.xf_a);
}

/// A 1-vertex core against a core farther apart than the speculative distance:
/// no manifold; `normal` (world, A to B) is the separating face's.
#[inline(never)]
fn point_core_separated(
    separation: f32,
    normal: Vec2,
    mut trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    trace.record(|t| {
        t.separation = Some(separation);
        t.normal = Some(normal);
        t.termination = Some(ManifoldTermination::Separated);
    });
    ManifoldOutput::separated(None, normal)
}

/// Trace records of the one-pass point cases.
#[allow(clippy::too_many_arguments)]
pub(super) fn record_point_case(
    t: &mut ManifoldTrace,
    out: &ManifoldOutput,
    separation: f32,
    fa: &Edge,
    fb: &Edge,
    reference: &Edge,
    incident: &Edge,
    xf: &Transform,
) {
    t.normal_source = out.normal_source;
    t.normal = Some(out.normal);
    t.separation = Some(separation);
    t.termination = Some(out.termination);
    if out.is_separated() {
        return;
    }
    t.feature_a = Some(fa.record(xf));
    t.feature_b = Some(fb.record(xf));
    t.case = out.case;
    t.reference = Some(reference.record(xf));
    t.incident = Some(incident.record(xf));
    t.points = out.points().to_vec();
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use super::*;
    use crate::core::math::cross;
    use crate::core::pair::PosedPair;
    use crate::core::settings::{SatBias, Settings};

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// The general path (steps 1–4) with the SAT source, as `contact_manifold` runs
    /// it for every pair without a 1-vertex core.
    fn general_path(input: &ManifoldInput) -> ManifoldOutput {
        general_manifold(input, &Pair::new(input), None)
    }

    /// The 1-vertex shortcut gives the general path's manifold: on random circles,
    /// offset circles and points against polygons (sharp and rounded), boxes,
    /// capsules and segments, the point side as A or as B, overlapping, touching,
    /// within and beyond the speculative distance. Same outcome, case, reference and
    /// feature ids; normal, points and separation within 1e-5 of the configuration's
    /// size (the general path works in A's frame and with GJK's closest points, the
    /// shortcut in the core's frame and from the corner itself: the same numbers,
    /// rounded differently). The normal's source differs in one documented way: over
    /// a face with the cores apart, the shortcut names SAT's face (the face normal
    /// is the closest-points direction there) where the general path names GJK.
    #[test]
    fn point_core_path_matches_general_path() {
        let mut seed = 0xC1_5C1Eu64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        // Face contacts, corner contacts, vertex–vertex contacts, separated, point as A.
        let mut counts = [0usize; 5];
        let mut checked = 0;
        while checked < 6000 {
            let core = match (rnd() * 5.0) as u32 {
                0 | 1 => {
                    let n = 3 + (rnd() * 8.0) as usize;
                    let (ax, ay) = (0.3 + rnd(), 0.3 + rnd());
                    let mut t: Vec<f32> = (0..n).map(|_| rnd() * std::f32::consts::TAU).collect();
                    t.sort_by(f32::total_cmp);
                    let pts: Vec<Vec2> = t.iter().map(|t| v(ax * t.cos(), ay * t.sin())).collect();
                    let radius = if rnd() < 0.5 { 0.0 } else { rnd() * 0.3 };
                    Shape::polygon(&pts, radius)
                }
                2 => Shape::cuboid(v(0.2 + rnd(), 0.2 + rnd())),
                3 => Shape::capsule(
                    v(rnd() - 0.5, rnd() - 0.5),
                    v(rnd() + 0.5, rnd()),
                    0.3 * rnd(),
                ),
                _ => Shape::segment(v(rnd() - 1.0, rnd() - 0.5), v(rnd() + 0.5, rnd() - 0.5)),
            };
            let point = match (rnd() * 3.0) as u32 {
                0 => Shape::circle(0.05 + rnd()),
                1 => Shape::polygon(&[v(rnd() - 0.5, rnd() - 0.5)], 0.05 + rnd()),
                _ => Shape::polygon(&[v(rnd() - 0.5, rnd() - 0.5)], 0.0),
            };
            let (Ok(core), Ok(point)) = (core, point) else {
                continue;
            };
            let xc = Transform::new(v(rnd() * 20.0 - 10.0, rnd() * 20.0 - 10.0), rnd() * 6.3);
            let centre = if rnd() < 0.8 {
                // Around the core, from inside it to a little beyond.
                let reach = core.bounding_radius() + point.radius() + 0.1;
                let dir = rnd() * std::f32::consts::TAU;
                xc.p + rnd() * reach * v(dir.cos(), dir.sin())
            } else {
                // Within the touching band of a corner `k`, beyond it: the normal of the
                // face before it turned towards the face after it by 15 to 35 % of the
                // angle between them (so that face, not its neighbour, is the
                // clear maximum in both paths' rounding).
                let (cv, cn) = (core.vertices(), core.normals());
                let k = ((rnd() * cv.len() as f32) as usize).min(cv.len() - 1);
                let (na, nb) = (cn[(k + cv.len() - 1) % cv.len()], cn[k]);
                let turn = (0.15 + 0.2 * rnd()) * cross(na, nb).atan2(na.dot(nb));
                let (sn, cs) = turn.sin_cos();
                let dir = v(cs * na.x - sn * na.y, sn * na.x + cs * na.y);
                let touch = touching_tolerance(&core, &point);
                xc.apply(cv[k] + 0.5 * touch * dir)
            };
            let q = Transform::new(Vec2::ZERO, rnd() * 6.3).q;
            let xp = Transform {
                p: centre - q.apply(point.vertices()[0]),
                q,
            };
            let point_is_a = rnd() < 0.5;
            let (a, xa, b, xb) = if point_is_a {
                (&point, xp, &core, xc)
            } else {
                (&core, xc, &point, xp)
            };
            // The shortcut serves the SAT source of every preset but Box2D v3's, which
            // runs Box2D's own functions (`box2d/`).
            let settings = Settings {
                speculative_distance: [0.0, 0.02, 0.1][(rnd() * 3.0) as usize % 3],
                sat_bias: SatBias::Box2dLite,
                ..Settings::default()
            };
            let input =
                ManifoldInput::new(PosedPair::new(a, xa, b, xb), &settings, ManifoldSource::Sat);
            let fast = contact_manifold(&input, None);
            let slow = general_path(&input);
            let size = 1.0f32.max(xa.p.length()).max(xb.p.length());
            let tol = 1e-5 * size;
            let context = format!(
                "pair {checked}: {a:?} {xa:?} {b:?} {xb:?}\nfast {fast:?}\ngeneral {slow:?}"
            );
            if fast.is_separated() != slow.is_separated() {
                // Only at the speculative distance itself, within rounding.
                let sep = fast
                    .deepest()
                    .or(slow.deepest())
                    .map_or(f32::NAN, |p| p.separation);
                assert!(
                    (sep - settings.speculative_distance).abs() < tol,
                    "{context}"
                );
                checked += 1;
                continue;
            }
            checked += 1;
            if point_is_a {
                counts[4] += 1;
            }
            if fast.is_separated() {
                counts[3] += 1;
                continue;
            }
            assert_eq!(fast.termination, slow.termination, "{context}");
            assert_eq!(fast.case, slow.case, "{context}");
            assert_eq!(fast.reference, slow.reference, "{context}");
            assert_eq!(fast.points().len(), 1, "{context}");
            assert_eq!(slow.points().len(), 1, "{context}");
            let (p, q) = (fast.points()[0], slow.points()[0]);
            assert_eq!(p.id, q.id, "{context}");
            let id = ContactId::unpack(p.id).unwrap();
            let face = id.kind == IdKind::IncidentVertex;
            counts[match fast.case {
                _ if face => 0,
                Some(ManifoldCase::VertexVertex) => 2,
                _ => 1,
            }] += 1;
            let same_source = fast.normal_source == slow.normal_source
                || (face
                    && fast.normal_source == Some(NormalSource::Sat)
                    && slow.normal_source == Some(NormalSource::ClosestPoints));
            assert!(same_source, "{context}");
            assert!((fast.normal - slow.normal).length() < 1e-5, "{context}");
            assert!((p.point_a - q.point_a).length() < tol, "{context}");
            assert!((p.point_b - q.point_b).length() < tol, "{context}");
            assert!((p.separation - q.separation).abs() < tol, "{context}");
        }
        // Every kind of outcome was met, many times.
        assert!(counts.iter().all(|&c| c > 300), "{counts:?}");
        eprintln!("face, corner, vertex-vertex, separated, point as A: {counts:?}");
    }
}
