//! Contact manifold by clipping: up to two contact points, each with a point on A,
//! a point on B, a signed separation and a feature id.
//!
//! Frame convention: shapes are given in their local frames and placed by
//! [`Transform`]s. The clipping runs in **A's local frame** (as Box2D v3 does, so large
//! world coordinates cost no precision); every output and trace record is in
//! **world** space. The normal points from A to B; separations are negative for
//! penetration, radii subtracted.
//!
//! ## The method (ALGORITHMS.md §1, Box2D v3 `b2ClipPolygons`, Box2D-Lite `Collide`)
//! 1. **A normal.** [`ManifoldSource`] picks where it comes from when the cores (the
//!    shapes without their radii) overlap or touch: EPA's penetration normal, or SAT's
//!    axis. When the cores are apart by more than [`MANIFOLD_TOUCHING_TOLERANCE`](crate::core::consts::MANIFOLD_TOUCHING_TOLERANCE) of
//!    the configuration's size, both sources use the direction between the cores'
//!    closest points (GJK's, [`NormalSource::ClosestPoints`]); neither EPA nor SAT's
//!    face axes describe a separated corner-to-corner pair. Within the touching band
//!    the SAT axis is used (EPA has no answer for shapes that do not overlap, and a
//!    normal from two nearly coincident closest points is noise). Pairs farther apart
//!    than the speculative distance get no manifold ([`ManifoldTermination::Separated`]).
//!    For a 1-vertex core (circle) the SAT source is computed directly: the other
//!    core's face of largest separation, then its Voronoi region (Box2D's
//!    `b2CollidePolygonAndCircle`), which is the same normal GJK would give.
//! 2. **Features.** The farthest feature of each shape along the normal
//!    ([`Shape::local_feature`]): an edge for a polygon, segment or capsule; a
//!    zero-length edge (a point) for a circle. When the closest features of separated
//!    cores are two vertices (GJK ends on one vertex pair), both features are those
//!    vertices ([`ManifoldCase::VertexVertex`]).
//! 3. **Three cases.**
//!    - point–point: one contact along the normal, `point_a = pA + rA·n`,
//!      `point_b = pB − rB·n`;
//!    - point–segment: if the point projects inside the segment (a circle against a
//!      face), the contact is the point and its foot on the segment, along the
//!      segment's normal; otherwise the segment endpoint nearest to it, along the
//!      given normal (a corner against an arc);
//!    - segment–segment: the **reference edge** is the one more perpendicular to the
//!      normal (its edge normal more aligned with it, ties to A within
//!      [`REFERENCE_ALIGNMENT_TOLERANCE`](crate::core::consts::REFERENCE_ALIGNMENT_TOLERANCE)); with SAT's normal it is SAT's face; with
//!      the closest-points normal of separated cores it is the face whose plane
//!      separates them more (the closest edge; A on ties); the other is the
//!      **incident edge**. The incident edge is clipped against the reference edge's
//!      two side planes, then against the reference face: incident points whose
//!      separation exceeds the speculative distance are dropped.
//! 4. **The normal of the manifold** is the reference edge's outward normal, negated
//!    when the reference edge is on B (the trap of the source post: a
//!    reference/incident swap flips the normal's meaning); in the point–point and
//!    corner cases it is the given normal. Each point's separation is measured along
//!    it.
//!
//! If clipping keeps no point although the pair is within the speculative distance
//! (the incident edge lies entirely beyond a side plane, as at two touching corners),
//! one point is made from the incident vertex deepest along the reference normal and
//! its nearest point on the reference edge ([`ManifoldTermination::SupportFallback`]);
//! parry2d does the same with its GJK points.
//!
//! ## Box2D v3's functions (the `Box2dV3` preset's SAT source)
//! With [`SatBias::Box2dV3`] and the SAT source, steps 1–4 are replaced by Box2D v3's
//! own contact functions (`b2CollidePolygons`, `b2CollideCapsules`,
//! `b2CollidePolygonAndCircle`, …), operation for operation, so that the same f32
//! input gives the same f32 output as the live library: module `box2d`. Its points'
//! ids are Box2D's `B2_MAKE_ID(a, b)`; every exact tie Box2D breaks is traced
//! ([`ManifoldTie`]).
//!
//! ## Feature ids ([`ContactId`])
//! Each point names the features that made it, never coordinates (module `ids`): its
//! `features`, and its `id` too but with the `Box2dV3` preset's SAT source.
//!
//! ## Where each step lives
//! - this module: inputs and outputs, [`contact_manifold`] and the case split;
//! - `box2d`: Box2D v3's functions (the `Box2dV3` preset's SAT source);
//! - `normal`: step 1, the normal, and the reference edge of two edges;
//! - `features`: step 2, the features in A's frame (`Pair`, `Edge`), the touching band;
//! - `points`: step 3's point cases, the clipped points and the support fallback;
//! - `clip`: the segment–segment clip to the side planes and the reference face;
//! - `point_core` and `face_search`: the SAT source's one-pass path for a 1-vertex core;
//! - `types`: the inputs and outputs ([`ManifoldInput`], [`ManifoldOutput`], the sources,
//!   cases and outcomes, and step 1's chosen normal);
//! - `ids`: [`ContactId`], [`IdKind`]; `trace`: [`ManifoldTrace`] and its records.

mod box2d;
mod clip;
mod face_search;
mod features;
mod ids;
mod normal;
mod point_core;
mod point_point;
mod points;
mod trace;
mod types;

pub use self::box2d::{
    box2d_collide_polygon_circle, box2d_collide_polygons, box2d_local_manifold, Box2dLocalManifold,
    Box2dLocalPoint,
};
pub(crate) use self::features::touching_tolerance;
pub use self::ids::{ContactId, IdKind};
pub use self::trace::{
    Box2dCall, Box2dFunction, ClipPlane, ClipStep, FeatureRecord, ManifoldTie, ManifoldTrace,
    TieChoice,
};
pub use self::types::*;

use self::clip::clip_edges;
use self::features::{select_features, Edge, Pair};
use self::normal::{choose_normal, reference_is_b, Step1};
use self::point_core::point_core_manifold;
use self::points::{point_point, point_segment};
use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::math::Transform;
use crate::core::record::Record;
use crate::core::sat::Owner;
use crate::core::settings::SatBias;
use glam::Vec2;

/// The contact manifold of two shapes. `trace`, when given, is cleared and filled
/// (no allocation happens without it).
pub fn contact_manifold(
    input: &ManifoldInput,
    trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    if input.source == ManifoldSource::Sat && input.sat_bias == SatBias::Box2dV3 {
        return box2d::box2d_manifold(input, trace);
    }
    our_manifold(input, trace)
}

/// Every source but the `Box2dV3` preset's SAT one. Not inlined, so that the Box2D
/// path above does not pay for this one's frame (its saved registers and stack).
#[inline(never)]
fn our_manifold(input: &ManifoldInput, mut trace: Option<&mut ManifoldTrace>) -> ManifoldOutput {
    trace.record(|t| {
        *t = ManifoldTrace {
            source: Some(input.source),
            touching_tolerance: touching_tolerance(input.pair.shape_a, input.pair.shape_b),
            ..Default::default()
        };
    });
    let (na, nb) = (
        input.pair.shape_a.vertices().len(),
        input.pair.shape_b.vertices().len(),
    );
    if input.source == ManifoldSource::Sat && (na == 1 || nb == 1) {
        return point_core_manifold(input, trace);
    }
    general_manifold(input, &Pair::new(input), trace)
}

/// Steps 1–4 for any pair and either source (every case but the SAT source's
/// 1-vertex shortcut, [`point_core_manifold`]). Not inlined: its frame and spills
/// stay out of the shortcut's way.
#[inline(never)]
fn general_manifold(
    input: &ManifoldInput,
    pair: &Pair,
    mut trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    let xf_a = pair.xf_a;
    let choice = match choose_normal(input, pair) {
        Step1::Normal(c) => c,
        Step1::Separated(sep, dir) => {
            let normal = xf_a.q.apply(dir);
            trace.record(|t| {
                t.separation = Some(sep);
                if dir != Vec2::ZERO {
                    t.normal = Some(normal);
                }
                t.termination = Some(ManifoldTermination::Separated);
            });
            return ManifoldOutput::separated(None, normal);
        }
    };
    trace.record(|t| {
        t.normal_source = Some(choice.source);
        t.normal = Some(xf_a.q.apply(choice.normal));
        t.separation = Some(choice.separation);
    });
    build(pair, &choice, trace)
}

/// Steps 2–4: features, cases, clipping.
fn build(pair: &Pair, c: &NormalChoice, mut trace: Option<&mut ManifoldTrace>) -> ManifoldOutput {
    let n = c.normal;
    let (fa, fb) = select_features(pair, c);
    let xf = pair.xf_a;
    trace.record(|t| {
        t.feature_a = Some(fa.record(&xf));
        t.feature_b = Some(fb.record(&xf));
    });
    let mut out = ManifoldOutput {
        termination: ManifoldTermination::Contact,
        normal_source: Some(c.source),
        case: None,
        normal: Vec2::ZERO,
        reference: None,
        points: [ManifoldPoint::default(); MAX_MANIFOLD_POINTS],
        point_count: 0,
    };
    let mut local_points = [ManifoldPoint::default(); MAX_MANIFOLD_POINTS];
    let (case, normal, reference) = match (fa.is_point(), fb.is_point()) {
        (true, true) => {
            let (pt, normal, case) = point_point(pair, c, &fa, &fb);
            local_points[0] = pt;
            out.point_count = 1;
            record_reference(trace.as_deref_mut(), &fa, &fb, &xf);
            (case, normal, Owner::A)
        }
        (false, true) | (true, false) => {
            let (r, p) = if fb.is_point() { (fa, fb) } else { (fb, fa) };
            record_reference(trace.as_deref_mut(), &r, &p, &xf);
            let (pt, normal) = point_segment(&r, &p, n);
            local_points[0] = pt;
            out.point_count = 1;
            (ManifoldCase::PointSegment, normal, r.owner)
        }
        (false, false) => {
            let (r, i) = if reference_is_b(&fa, &fb, c) {
                (fb, fa)
            } else {
                (fa, fb)
            };
            record_reference(trace.as_deref_mut(), &r, &i, &xf);
            let (count, fallback) = clip_edges(
                &r,
                &i,
                pair.clip_limit,
                &mut local_points,
                trace.as_deref_mut(),
                &xf,
            );
            out.point_count = count;
            if fallback {
                out.termination = ManifoldTermination::SupportFallback;
            }
            let normal = if r.owner == Owner::A {
                r.normal
            } else {
                -r.normal
            };
            (ManifoldCase::SegmentSegment, normal, r.owner)
        }
    };
    out.case = Some(case);
    out.reference = Some(reference);
    out.normal = xf.q.apply(normal);
    for (dst, src) in out.points.iter_mut().zip(&local_points[..out.point_count]) {
        *dst = ManifoldPoint {
            point_a: xf.apply(src.point_a),
            point_b: xf.apply(src.point_b),
            ..*src
        };
    }
    trace.record(|t| {
        t.case = Some(case);
        t.points = out.points().to_vec();
        t.termination = Some(out.termination);
    });
    out
}

/// The trace's reference and incident features (when tracing).
#[inline]
fn record_reference(mut trace: Option<&mut ManifoldTrace>, r: &Edge, i: &Edge, xf: &Transform) {
    trace.record(|t| {
        t.reference = Some(r.record(xf));
        t.incident = Some(i.record(xf));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::pair::PosedPair;
    use crate::core::settings::Settings;
    use crate::core::shape::Shape;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn manifold(
        a: &Shape,
        xa: Transform,
        b: &Shape,
        xb: Transform,
        source: ManifoldSource,
    ) -> ManifoldOutput {
        contact_manifold(
            &ManifoldInput::new(PosedPair::new(a, xa, b, xb), &Settings::default(), source),
            None,
        )
    }

    #[test]
    fn box_resting_on_box_gives_two_points_both_sources() {
        let ground = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
            let m = manifold(
                &ground,
                Transform::IDENTITY,
                &b,
                Transform::new(v(0.3, 0.95), 0.0),
                source,
            );
            assert_eq!(m.termination, ManifoldTermination::Contact, "{source:?}");
            assert_eq!(m.points().len(), 2, "{m:?}");
            assert!((m.normal - v(0.0, 1.0)).length() < 1e-5);
            let mut xs: Vec<f32> = m.points().iter().map(|p| p.point_b.x).collect();
            xs.sort_by(f32::total_cmp);
            assert!(
                (xs[0] + 0.2).abs() < 1e-5 && (xs[1] - 0.8).abs() < 1e-5,
                "{xs:?}"
            );
            for p in m.points() {
                assert!((p.separation + 0.05).abs() < 1e-5);
                assert!((p.point_a.y - 0.5).abs() < 1e-5);
                assert!((p.point_b.y - 0.45).abs() < 1e-5);
            }
        }
    }

    #[test]
    fn far_apart_is_separated() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
            let m = manifold(
                &a,
                Transform::IDENTITY,
                &a,
                Transform::new(v(2.1, 0.0), 0.0),
                source,
            );
            assert!(m.is_separated());
            assert!(m.points().is_empty());
        }
    }

    #[test]
    fn within_speculative_distance_gets_points() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        // 0.01 apart (default speculative distance 0.02).
        let m = manifold(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(2.01, 0.5), 0.0),
            ManifoldSource::Sat,
        );
        // Box2D v3: the cores are apart by more than 0.1 × slop, so the edges' closest
        // points are measured, but the closest features are not two vertices: A's face
        // is clipped (SAT's normal).
        assert_eq!(m.normal_source, Some(NormalSource::Sat));
        assert_eq!(m.points().len(), 2);
        for p in m.points() {
            assert!((p.separation - 0.01).abs() < 1e-5);
        }
        // The general path takes the closest points' direction.
        let lite = contact_manifold(
            &ManifoldInput::new(
                PosedPair::new(
                    &a,
                    Transform::IDENTITY,
                    &a,
                    Transform::new(v(2.01, 0.5), 0.0),
                ),
                &Settings {
                    sat_bias: SatBias::Box2dLite,
                    ..Settings::default()
                },
                ManifoldSource::Sat,
            ),
            None,
        );
        assert_eq!(lite.normal_source, Some(NormalSource::ClosestPoints));
        assert_eq!(lite.points().len(), 2);
    }

    #[test]
    fn corner_to_corner_separated_is_vertex_vertex() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let m = manifold(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(2.01, 2.01), 0.0),
            ManifoldSource::Sat,
        );
        assert_eq!(m.case, Some(ManifoldCase::VertexVertex));
        assert_eq!(m.points().len(), 1);
        let p = m.points()[0];
        assert!((p.separation - 0.01 * 2f32.sqrt()).abs() < 1e-5, "{p:?}");
        assert!((m.normal - v(1.0, 1.0).normalize()).length() < 1e-4);
        assert!((p.point_a - v(1.0, 1.0)).length() < 1e-5);
    }

    #[test]
    fn circle_against_box_face_and_corner() {
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let c = Shape::circle(0.5).unwrap();
        for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
            // Face: circle above, 0.1 deep.
            let m = manifold(
                &b,
                Transform::IDENTITY,
                &c,
                Transform::new(v(0.3, 1.4), 0.0),
                source,
            );
            assert_eq!(m.case, Some(ManifoldCase::PointSegment));
            assert_eq!(m.points().len(), 1);
            let p = m.points()[0];
            assert!((p.separation + 0.1).abs() < 1e-5, "{source:?} {p:?}");
            assert!((p.point_a - v(0.3, 1.0)).length() < 1e-5);
            assert!((p.point_b - v(0.3, 0.9)).length() < 1e-5);
            assert!((m.normal - v(0.0, 1.0)).length() < 1e-5);
            // Corner: the circle's centre beyond the corner (1, 1), 0.4 away.
            let m = manifold(
                &b,
                Transform::IDENTITY,
                &c,
                Transform::new(v(1.0 + 0.4 * 0.6, 1.0 + 0.4 * 0.8), 0.0),
                source,
            );
            assert_eq!(m.points().len(), 1, "{source:?}");
            let p = m.points()[0];
            assert!((p.separation + 0.1).abs() < 1e-4, "{source:?} {p:?}");
            assert!((m.normal - v(0.6, 0.8)).length() < 1e-4);
            assert!((p.point_a - v(1.0, 1.0)).length() < 1e-5);
        }
    }

    #[test]
    fn reference_on_b_flips_the_normal() {
        // A small box A, tilted 0.3 rad, with a corner 0.125 into a wide ground B:
        // B's top face is the least penetration, far beyond the bias.
        let a = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
        let xa = Transform::new(v(0.0, 1.0), 0.3);
        let m = manifold(&a, xa, &ground, Transform::IDENTITY, ManifoldSource::Sat);
        assert_eq!(m.reference, Some(Owner::B), "{m:?}");
        // From A (above) to B (below): down.
        assert!((m.normal - v(0.0, -1.0)).length() < 1e-5, "{m:?}");
        // Box2D v3 keeps both clipped points of the incident edge; the second lies far
        // above the ground (Box2D-Lite's preset would drop it).
        assert_eq!(m.points().len(), 2);
        let p = m.deepest().unwrap();
        assert!((p.point_b.y - 0.5).abs() < 1e-5);
        assert!(p.point_a.y < 0.5);
        assert!((p.separation - (p.point_b - p.point_a).dot(m.normal)).abs() < 1e-5);
    }
}
