//! Contact manifolds: SAT, clipping (both normal sources), Sutherland–Hodgman and
//! Box2D-Lite box–box, on worked examples, properties over seeded random pairs, and
//! degenerate input.
//!
//! Frame convention: shapes are built in their local frame and placed by a
//! `Transform`; every checked quantity is in world space; normals point from A to B.
//!
//! Tolerances: `L` below is the configuration's size (largest absolute core
//! coordinate plus both radii, at least 1). Hand-computed examples are checked to
//! 1e-5 (a few f32 roundings of coordinates ~10); properties over random pairs to
//! `1e-4·L` for the box–box ≡ general path identity (the two compute the same
//! clip from differently rounded inputs) and `2e-4·L` for "on or inside a shape"
//! (points are built from clipped coordinates and a projection: a few dozen
//! roundings of `L`).

use collidescope::core::box_box::{box_box, BoxBoxInput, BoxBoxTermination, FeaturePair};
use collidescope::core::manifold::{
    contact_manifold, ContactId, IdKind, ManifoldCase, ManifoldInput, ManifoldOutput,
    ManifoldSource, ManifoldTermination, ManifoldTrace,
};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::sat::{separating_axis, Owner, SatInput};
use collidescope::core::settings::Settings;
use collidescope::core::shape::Shape;
use collidescope::core::sutherland_hodgman::{clip_polygon, overlap_manifold, ClipTermination};
use collidescope::verify::Rng;
use glam::Vec2;

mod common;
use common::alloc::allocations_during;

#[global_allocator]
static GLOBAL: common::alloc::CountingAllocator = common::alloc::CountingAllocator;

// ---------------------------------------------------------------------------------
// Helpers.
// ---------------------------------------------------------------------------------

fn v(x: f32, y: f32) -> Vec2 {
    Vec2::new(x, y)
}

const ID: Transform = Transform::IDENTITY;

fn poly(points: &[(f32, f32)]) -> Shape {
    let pts: Vec<Vec2> = points.iter().map(|&(x, y)| v(x, y)).collect();
    Shape::polygon(&pts, 0.0).unwrap()
}

/// These tests pin the Box2D-Lite reference-face bias: the box–box path (Box2D-Lite's
/// own algorithm) must equal the general one, and the bias tests measure Lite's rule.
fn settings() -> Settings {
    Settings {
        sat_bias: collidescope::core::settings::SatBias::Box2dLite,
        ..Settings::default()
    }
}

fn manifold(
    a: &Shape,
    xa: Transform,
    b: &Shape,
    xb: Transform,
    source: ManifoldSource,
) -> ManifoldOutput {
    contact_manifold(
        &ManifoldInput::new(PosedPair::new(a, xa, b, xb), &settings(), source),
        None,
    )
}

fn traced(
    a: &Shape,
    xa: Transform,
    b: &Shape,
    xb: Transform,
    source: ManifoldSource,
) -> (ManifoldOutput, ManifoldTrace) {
    let mut t = ManifoldTrace::default();
    let m = contact_manifold(
        &ManifoldInput::new(PosedPair::new(a, xa, b, xb), &settings(), source),
        Some(&mut t),
    );
    (m, t)
}

fn boxes(
    a: &Shape,
    xa: Transform,
    b: &Shape,
    xb: Transform,
) -> collidescope::core::box_box::BoxBoxOutput {
    box_box(
        &BoxBoxInput {
            pair: PosedPair::new(a, xa, b, xb),
            speculative_distance: settings().speculative_distance,
        },
        None,
    )
    .unwrap()
}

const SOURCES: [ManifoldSource; 2] = [ManifoldSource::Sat, ManifoldSource::Epa];

/// Sorted by x then y, for order-free comparison.
fn sorted(mut p: Vec<Vec2>) -> Vec<Vec2> {
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p
}

fn all_finite(m: &ManifoldOutput) -> bool {
    m.normal.is_finite()
        && m.points()
            .iter()
            .all(|p| p.point_a.is_finite() && p.point_b.is_finite() && p.separation.is_finite())
}

/// Exact signed distance (f64) from `p` to the shape: negative inside.
fn signed_distance(shape: &Shape, xf: &Transform, p: Vec2) -> f64 {
    let q = xf.apply_inv(p).as_dvec2();
    let vs: Vec<glam::DVec2> = shape.vertices().iter().map(|v| v.as_dvec2()).collect();
    let r = shape.radius() as f64;
    let seg = |a: glam::DVec2, b: glam::DVec2| {
        let e = b - a;
        let t = ((q - a).dot(e) / e.dot(e)).clamp(0.0, 1.0);
        (q - (a + t * e)).length()
    };
    let core = match vs.len() {
        1 => (q - vs[0]).length(),
        2 => seg(vs[0], vs[1]),
        n => {
            let mut inside = true;
            let mut max_s = f64::NEG_INFINITY;
            let mut min_d = f64::INFINITY;
            for i in 0..n {
                let a = vs[i];
                let b = vs[(i + 1) % n];
                let e = b - a;
                let out = glam::DVec2::new(e.y, -e.x).normalize();
                let s = (q - a).dot(out);
                if s > 0.0 {
                    inside = false;
                }
                max_s = max_s.max(s);
                min_d = min_d.min(seg(a, b));
            }
            if inside {
                max_s
            } else {
                min_d
            }
        }
    };
    core - r
}

/// The smallest width of a shape (its core's smallest width across an edge, plus
/// twice the radius): 0 for a segment.
fn thickness(shape: &Shape) -> f32 {
    let v = shape.vertices();
    let core = if v.len() < 3 {
        0.0
    } else {
        shape
            .normals()
            .iter()
            .enumerate()
            .map(|(i, n)| v.iter().map(|p| (v[i] - *p).dot(*n)).fold(0.0f32, f32::max))
            .fold(f32::INFINITY, f32::min)
    };
    core + 2.0 * shape.radius()
}

/// Size of a configuration: largest absolute core coordinate plus both radii, ≥ 1.
fn size_of(a: &Shape, xa: &Transform, b: &Shape, xb: &Transform) -> f32 {
    let m = a
        .vertices()
        .iter()
        .map(|p| xa.apply(*p))
        .chain(b.vertices().iter().map(|p| xb.apply(*p)))
        .fold(0.0f32, |m, p| m.max(p.abs().max_element()));
    (m + a.radius() + b.radius()).max(1.0)
}

/// A random convex shape of size ~1 (every kind the scene format has).
fn random_shape(rng: &mut Rng) -> Shape {
    match rng.below(6) {
        0 => Shape::circle(rng.range_f32(0.2, 1.0)).unwrap(),
        1 => Shape::cuboid(v(rng.range_f32(0.2, 1.0), rng.range_f32(0.2, 1.0))).unwrap(),
        2 => Shape::capsule(
            v(-rng.range_f32(0.2, 1.0), 0.0),
            v(rng.range_f32(0.2, 1.0), 0.0),
            rng.range_f32(0.1, 0.5),
        )
        .unwrap(),
        3 => Shape::segment(
            v(-rng.range_f32(0.3, 1.0), 0.0),
            v(rng.range_f32(0.3, 1.0), 0.0),
        )
        .unwrap(),
        _ => {
            // A random convex polygon: points on an ellipse at sorted random angles.
            let n = 3 + rng.below(6);
            let (ax, ay) = (rng.range_f32(0.4, 1.0), rng.range_f32(0.4, 1.0));
            let mut angles: Vec<f32> = (0..n)
                .map(|_| rng.range_f32(0.0, std::f32::consts::TAU))
                .collect();
            angles.sort_by(f32::total_cmp);
            let pts: Vec<Vec2> = angles
                .iter()
                .map(|t| v(ax * t.cos(), ay * t.sin()))
                .collect();
            let radius = if rng.below(2) == 0 {
                0.0
            } else {
                rng.range_f32(0.05, 0.3)
            };
            Shape::polygon(&pts, radius)
                .or_else(|_| Shape::polygon(&[v(-0.5, -0.4), v(0.6, -0.3), v(0.0, 0.7)], radius))
                .unwrap()
        }
    }
}

/// A pose for B so that it touches A (placed by `xa`) along a random direction, then
/// moved by `offset` along that direction (negative: into A). Bisection on the
/// boolean overlap test, 40 halvings of a span of 8.
fn near_pose(rng: &mut Rng, a: &Shape, xa: &Transform, b: &Shape, offset: f32) -> Transform {
    let dir = Transform::new(Vec2::ZERO, rng.range_f32(-3.2, 3.2))
        .q
        .apply(Vec2::X);
    let angle = rng.range_f32(-3.2, 3.2);
    let at = |t: f32| Transform::new(xa.p + t * dir, angle);
    let (mut lo, mut hi) = (0.0f32, 8.0f32);
    for _ in 0..40 {
        let mid = 0.5 * (lo + hi);
        if collidescope::core::gjk::intersects(a, xa, b, &at(mid)) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    at(hi + offset)
}

fn random_pose(rng: &mut Rng, spread: f32) -> Transform {
    Transform::new(
        v(
            rng.range_f32(-spread, spread),
            rng.range_f32(-spread, spread),
        ),
        rng.range_f32(-std::f32::consts::PI, std::f32::consts::PI),
    )
}

// ---------------------------------------------------------------------------------
// Worked examples.
// ---------------------------------------------------------------------------------

/// PUBLIC_CASES 2 (dyn4j "contact points using clipping", example 1): reference edge
/// on A (8,4)–(14,4), incident edge on B (12,5)–(4,5), points (12,5) and (8,5), depth
/// 1, normal (0,−1). Both normal sources, and box–box.
#[test]
fn dyn4j_clipping_example_1() {
    let a = poly(&[(8.0, 4.0), (14.0, 4.0), (14.0, 9.0), (8.0, 9.0)]);
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    for source in SOURCES {
        let (m, t) = traced(&a, ID, &b, ID, source);
        assert_eq!(m.termination, ManifoldTermination::Contact, "{source:?}");
        assert_eq!(m.case, Some(ManifoldCase::SegmentSegment));
        assert!(
            (m.normal - v(0.0, -1.0)).length() < 1e-5,
            "{source:?} {m:?}"
        );
        let r = t.reference.unwrap();
        let i = t.incident.unwrap();
        assert_eq!(r.owner, Owner::A);
        assert!((r.a - v(8.0, 4.0)).length() < 1e-5 && (r.b - v(14.0, 4.0)).length() < 1e-5);
        assert_eq!(i.owner, Owner::B);
        assert!((i.a - v(12.0, 5.0)).length() < 1e-5 && (i.b - v(4.0, 5.0)).length() < 1e-5);
        let pb = sorted(m.points().iter().map(|p| p.point_b).collect());
        assert_eq!(pb.len(), 2);
        assert!((pb[0] - v(8.0, 5.0)).length() < 1e-5, "{pb:?}");
        assert!((pb[1] - v(12.0, 5.0)).length() < 1e-5, "{pb:?}");
        for p in m.points() {
            assert!((p.separation + 1.0).abs() < 1e-5);
            assert!((p.point_a.y - 4.0).abs() < 1e-5);
            assert!((p.point_a.x - p.point_b.x).abs() < 1e-5);
        }
        // The point at (8, 5) was made by the side plane through (8, 4); (12, 5) is
        // B's own vertex 2.
        let ids: Vec<ContactId> = m
            .points()
            .iter()
            .map(|p| ContactId::unpack(p.id).unwrap())
            .collect();
        assert!(ids.iter().any(|id| id.kind == IdKind::SidePlane1));
        assert!(ids
            .iter()
            .any(|id| id.kind == IdKind::IncidentVertex && id.incident_index == 2));
    }
    let ba = Shape::cuboid(v(3.0, 2.5)).unwrap();
    let bb = Shape::cuboid(v(4.0, 1.5)).unwrap();
    let out = boxes(
        &ba,
        Transform::new(v(11.0, 6.5), 0.0),
        &bb,
        Transform::new(v(8.0, 3.5), 0.0),
    );
    let pb = sorted(out.points().iter().map(|p| p.point_b).collect());
    assert!((pb[0] - v(8.0, 5.0)).length() < 1e-5 && (pb[1] - v(12.0, 5.0)).length() < 1e-5);
}

/// dyn4j's second clipping example, a vertex into a face: A is a rectangle standing
/// on its corner (6, 4), one unit into B's top face: one point, depth 1, normal
/// (0, −1); the reference face is B's (so the normal is minus B's face normal).
#[test]
fn dyn4j_clipping_vertex_into_face() {
    let a = poly(&[(2.0, 8.0), (6.0, 4.0), (9.0, 7.0), (5.0, 11.0)]);
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    for source in SOURCES {
        let m = manifold(&a, ID, &b, ID, source);
        assert_eq!(m.reference, Some(Owner::B), "{source:?}");
        assert!(
            (m.normal - v(0.0, -1.0)).length() < 1e-5,
            "{source:?} {m:?}"
        );
        assert_eq!(m.points().len(), 1, "{source:?} {m:?}");
        let p = m.points()[0];
        assert!((p.point_a - v(6.0, 4.0)).length() < 1e-5);
        assert!((p.point_b - v(6.0, 5.0)).length() < 1e-5);
        assert!((p.separation + 1.0).abs() < 1e-5);
    }
}

/// dyn4j's third clipping example, non-axis-aligned: A = (9,4),(13,3),(14,7),(10,8)
/// against the same B. Derived here: A's bottom face (normal (−1,−4)/√17) has the
/// least penetration (7/√17 = 1.69775), so it is the reference; B's top edge is
/// clipped by its side plane through (9, 4) at (9.25, 5); the points are (12, 5)
/// at depth 7/√17 and (9.25, 5) at depth 4.25/√17 = 1.03078.
#[test]
fn dyn4j_clipping_tilted_reference() {
    let a = poly(&[(9.0, 4.0), (13.0, 3.0), (14.0, 7.0), (10.0, 8.0)]);
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    let s17 = 17f32.sqrt();
    for source in SOURCES {
        let m = manifold(&a, ID, &b, ID, source);
        assert_eq!(m.reference, Some(Owner::A), "{source:?}");
        assert!(
            (m.normal - v(-1.0, -4.0) / s17).length() < 1e-4,
            "{source:?} {m:?}"
        );
        let mut pts: Vec<(Vec2, f32)> = m
            .points()
            .iter()
            .map(|p| (p.point_b, p.separation))
            .collect();
        pts.sort_by(|p, q| p.0.x.total_cmp(&q.0.x));
        assert_eq!(pts.len(), 2);
        assert!((pts[0].0 - v(9.25, 5.0)).length() < 1e-4, "{pts:?}");
        assert!((pts[0].1 + 4.25 / s17).abs() < 1e-4);
        assert!((pts[1].0 - v(12.0, 5.0)).length() < 1e-4);
        assert!((pts[1].1 + 7.0 / s17).abs() < 1e-4);
    }
}

/// A circle against a face: one point, the circle's deepest point and its foot on
/// the face.
#[test]
fn circle_against_face() {
    let c = Shape::circle(1.5).unwrap();
    let b = poly(&[(4.0, 2.0), (12.0, 2.0), (12.0, 5.0), (4.0, 5.0)]);
    for source in SOURCES {
        let m = manifold(&c, Transform::new(v(8.0, 6.0), 0.7), &b, ID, source);
        assert_eq!(m.case, Some(ManifoldCase::PointSegment), "{source:?}");
        assert_eq!(m.points().len(), 1);
        let p = m.points()[0];
        assert!((m.normal - v(0.0, -1.0)).length() < 1e-5);
        assert!((p.point_a - v(8.0, 4.5)).length() < 1e-5, "{p:?}");
        assert!((p.point_b - v(8.0, 5.0)).length() < 1e-5);
        assert!((p.separation + 0.5).abs() < 1e-5);
    }
}

/// A capsule lying on a box gives two points, standing on its end one.
#[test]
fn capsule_lying_and_standing() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let cap = Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.25).unwrap();
    for source in SOURCES {
        let m = manifold(&ground, ID, &cap, Transform::new(v(0.0, 0.7), 0.0), source);
        assert_eq!(m.points().len(), 2, "{source:?} {m:?}");
        for p in m.points() {
            assert!((p.separation + 0.05).abs() < 1e-5);
            assert!((p.point_b.y - 0.45).abs() < 1e-5);
        }
        let m = manifold(
            &ground,
            ID,
            &cap,
            Transform::new(v(0.5, 1.7), std::f32::consts::FRAC_PI_2),
            source,
        );
        assert_eq!(m.points().len(), 1, "{source:?} {m:?}");
        let p = m.points()[0];
        assert!((p.separation + 0.05).abs() < 1e-5);
        assert!((p.point_b - v(0.5, 0.45)).length() < 1e-5, "{p:?}");
    }
}

// ---------------------------------------------------------------------------------
// SAT.
// ---------------------------------------------------------------------------------

/// The SAT trace has one record per axis and its best-so-far ends at the output;
/// the winner's separation is the SAT definition recomputed from the intervals.
#[test]
fn sat_records_every_axis() {
    let mut rng = Rng::new(7);
    for _ in 0..200 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        let (xa, xb) = (random_pose(&mut rng, 1.5), random_pose(&mut rng, 1.5));
        let input = SatInput {
            pair: PosedPair::new(&a, xa, &b, xb),
            bias: collidescope::core::sat::SatBias::Box2dLite,
        };
        let mut t = collidescope::core::sat::SatTrace::default();
        let out = separating_axis(&input, Some(&mut t));
        let expected = (a.normals().len() + b.normals().len()).max(1);
        assert_eq!(t.axes.len(), expected);
        assert!(out.separation.is_finite() && (out.normal.length() - 1.0).abs() < 1e-5);
        let last = t.axes.last().unwrap().best_so_far;
        assert_eq!((last.owner, last.edge), (out.axis_owner, out.edge));
        let rec = t
            .axes
            .iter()
            .find(|r| r.owner == out.axis_owner && r.edge == out.edge)
            .unwrap();
        assert!((rec.separation - out.separation).abs() < 1e-4 * size_of(&a, &xa, &b, &xb));
        assert_eq!(separating_axis(&input, None), out);
    }
}

// ---------------------------------------------------------------------------------
// Properties over random pairs.
// ---------------------------------------------------------------------------------

/// Swapping A and B gives the same points with the normal negated — whenever the
/// reference face is the same physical face in both orders. SAT's bias prefers A's
/// face, so within the bias margin the two orders legitimately pick different
/// faces; those pairs are counted (and must be a minority), not compared.
#[test]
fn swapping_a_and_b_negates_the_normal() {
    let mut rng = Rng::new(11);
    let (mut compared, mut bias_dependent, mut separated) = (0, 0, 0);
    for _ in 0..3000 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        let xa = random_pose(&mut rng, 1.2);
        let offset = rng.range_f32(-0.2, 0.03);
        let xb = near_pose(&mut rng, &a, &xa, &b, offset);
        for source in SOURCES {
            let ab = manifold(&a, xa, &b, xb, source);
            let ba = manifold(&b, xb, &a, xa, source);
            assert_eq!(ab.is_separated(), ba.is_separated());
            if ab.is_separated() {
                separated += 1;
                continue;
            }
            let l = size_of(&a, &xa, &b, &xb);
            let same_normal = (ab.normal + ba.normal).length() < 1e-3;
            let same_reference = ab.reference.map(Owner::other) == ba.reference
                || ab.case == Some(ManifoldCase::PointPoint)
                || ab.case == Some(ManifoldCase::VertexVertex);
            if !same_normal || !same_reference || ab.points().len() != ba.points().len() {
                bias_dependent += 1;
                continue;
            }
            compared += 1;
            let pa = sorted(ab.points().iter().map(|p| p.point_a).collect());
            let pb_swapped = sorted(ba.points().iter().map(|p| p.point_b).collect());
            for (x, y) in pa.iter().zip(&pb_swapped) {
                assert!(x.distance(*y) < 2e-4 * l, "{source:?} {ab:?} {ba:?}");
            }
            let da = ab.deepest().unwrap().separation;
            let db = ba.deepest().unwrap().separation;
            assert!((da - db).abs() < 2e-4 * l);
        }
    }
    eprintln!("swap: {compared} compared, {bias_dependent} bias-dependent (different reference face), {separated} separated");
    assert!(compared > 1000);
    assert!(
        bias_dependent * 5 < compared,
        "{bias_dependent} of {compared}"
    );
}

/// `max(0, cos α)` for the interior angle α of the core at `vertex` (0 for 1- and
/// 2-vertex cores, whose ends are round or absent). A point at depth `d` below a face,
/// on the side plane through this corner, is outside the polygon by `d·cos α` when
/// the corner is acute.
fn corner_lean(shape: &Shape, vertex: usize) -> f64 {
    let v = shape.vertices();
    let n = v.len();
    if n < 3 {
        return 0.0;
    }
    let e_prev = (v[vertex] - v[(vertex + n - 1) % n]).as_dvec2().normalize();
    let e_next = (v[(vertex + 1) % n] - v[vertex]).as_dvec2().normalize();
    (-e_prev.dot(e_next)).max(0.0)
}

/// No corner sharper than 45° and no edge shorter than a tenth of the longest: the
/// random generator also makes slivers with a near-duplicate vertex, which narrow
/// faster than any corner angle next to the contact tells.
fn well_shaped(shape: &Shape) -> bool {
    let v = shape.vertices();
    let n = v.len();
    if n < 3 {
        return true;
    }
    let lens: Vec<f32> = (0..n).map(|i| v[i].distance(v[(i + 1) % n])).collect();
    let longest = lens.iter().copied().fold(0.0f32, f32::max);
    lens.iter().all(|l| *l >= 0.1 * longest)
        && (0..n).all(|i| corner_lean(shape, i) <= std::f64::consts::FRAC_1_SQRT_2)
}

/// Every manifold point lies on its own shape's surface, and a penetrating point lies
/// inside the other shape (for well-shaped polygons, see `well_shaped`) — within `2e-4·L`, plus, for clipped points, the lean of
/// the method: a clipped point is inside the reference face's slab (below the face,
/// between its side planes), which is inside the reference polygon only up to
/// `depth·cos α` at an acute corner α of the reference edge; and the reference point
/// (the incident point slid along the reference normal) is inside the incident shape
/// up to `depth·(sin θ + cos α')`, θ the incident edge's tilt from the normal, α' its
/// corners. Point contacts: a point is inside the other shape where that shape is
/// rounded (an arc point past a sharp corner is not). Separations agree with the
/// points and the normal; nothing is NaN.
#[test]
fn points_lie_on_or_inside_both_shapes() {
    let mut rng = Rng::new(23);
    let (mut checked, mut inside_checked) = (0, 0);
    for _ in 0..4000 {
        let a = random_shape(&mut rng);
        let b = random_shape(&mut rng);
        let xa = random_pose(&mut rng, 1.0);
        let offset = rng.range_f32(-0.12, 0.02);
        let xb = near_pose(&mut rng, &a, &xa, &b, offset);
        let l = size_of(&a, &xa, &b, &xb);
        let tol = 2e-4 * l as f64;
        for source in SOURCES {
            let (m, t) = traced(&a, xa, &b, xb, source);
            assert!(all_finite(&m), "{m:?}");
            // Shallow contacts only: deep overlaps have no meaningful contact points
            // (ALGORITHMS §1: "real bodies never sink deep").
            if m.is_separated() || m.deepest().unwrap().separation < -0.15 {
                continue;
            }
            assert!((m.normal.length() - 1.0).abs() < 1e-5);
            let reference = m.reference.unwrap();
            let (rf, inc) = (t.reference.unwrap(), t.incident.unwrap());
            let cos = (inc.normal.dot(m.normal).abs() as f64).min(1.0);
            let sin = (1.0 - cos * cos).sqrt();
            let (ref_shape, ref_xf, inc_shape, inc_xf) = match reference {
                Owner::A => (&a, &xa, &b, &xb),
                Owner::B => (&b, &xb, &a, &xa),
            };
            let ref_lean =
                corner_lean(ref_shape, rf.index_a).max(corner_lean(ref_shape, rf.index_b));
            let inc_lean =
                corner_lean(inc_shape, inc.index_a).max(corner_lean(inc_shape, inc.index_b));
            for p in m.points() {
                checked += 1;
                let s = (p.point_b - p.point_a).dot(m.normal);
                assert!((s - p.separation).abs() < 1e-4 * l, "{m:?}");
                let (on_ref, on_inc) = match reference {
                    Owner::A => (p.point_a, p.point_b),
                    Owner::B => (p.point_b, p.point_a),
                };
                // On its own shape. The incident point is the core point moved by the
                // radius along the normal, which is inside a rounded incident by up to
                // radius · (1 − cos θ).
                let d_ref = signed_distance(ref_shape, ref_xf, on_ref);
                let d_inc = signed_distance(inc_shape, inc_xf, on_inc);
                let round = inc_shape.radius() as f64 * (1.0 - cos);
                assert!(
                    d_ref.abs() < tol,
                    "{source:?} reference point off by {d_ref}: {m:?}"
                );
                assert!(
                    d_inc < tol && d_inc > -tol - round,
                    "{source:?} incident point off by {d_inc}: {m:?}"
                );
                // Inside the other shape, when the depth is less than half of each
                // shape's thickness (a segment has no inside, and a point pushed deeper
                // than a shape is thick comes out of its far side).
                if p.separation > 0.0
                    || -p.separation >= 0.5 * thickness(&a).min(thickness(&b))
                    || !well_shaped(&a)
                    || !well_shaped(&b)
                {
                    continue;
                }
                inside_checked += 1;
                let depth = -p.separation as f64;
                let inc_in_ref = signed_distance(ref_shape, ref_xf, on_inc);
                let ref_in_inc = signed_distance(inc_shape, inc_xf, on_ref);
                if ContactId::unpack(p.id).unwrap().kind == IdKind::Point {
                    if ref_shape.radius() > 0.0 || inc_shape.radius() == 0.0 {
                        assert!(inc_in_ref < tol, "{source:?} {inc_in_ref}: {m:?}");
                    }
                    if inc_shape.radius() > 0.0 || ref_shape.radius() == 0.0 {
                        assert!(ref_in_inc < tol, "{source:?} {ref_in_inc}: {m:?}");
                    }
                    continue;
                }
                assert!(
                    inc_in_ref < tol + depth * ref_lean,
                    "{source:?} incident point outside the reference by {inc_in_ref}: {m:?}\n{:?} {xa:?}\n{:?} {xb:?}",
                    a.geometry(),
                    b.geometry()
                );
                assert!(
                    ref_in_inc < tol + depth * (sin + inc_lean),
                    "{source:?} reference point outside the incident by {ref_in_inc}: {m:?}\n{:?} {xa:?}\n{:?} {xb:?}",
                    a.geometry(),
                    b.geometry()
                );
            }
        }
    }
    eprintln!("on/inside: {checked} points on their shape, {inside_checked} also inside the other");
    assert!(checked > 1000 && inside_checked > 1000);
}

/// On any box pair, Box2D-Lite's box–box manifold equals the general clipping path
/// with the SAT source: the same count, the same points within 1e-4·L, the same
/// normal and separations. Thousands of seeded pairs, overlapping, touching and
/// within the speculative distance.
#[test]
fn box_box_equals_the_general_path() {
    let mut rng = Rng::new(31);
    let (mut with_points, mut vertex_vertex, mut speculative) = (0, 0, 0);
    for k in 0..5000 {
        let a = Shape::cuboid(v(rng.range_f32(0.1, 2.0), rng.range_f32(0.1, 2.0))).unwrap();
        let b = Shape::cuboid(v(rng.range_f32(0.1, 2.0), rng.range_f32(0.1, 2.0))).unwrap();
        let xa = random_pose(&mut rng, 3.0);
        let mut xb = if k % 2 == 0 {
            // Half touching A along a random direction, from 0.05 deep to 0.025 apart
            // (the speculative band is 0.02): corners, faces, and corner–corner.
            let offset = rng.range_f32(-0.05, 0.025);
            near_pose(&mut rng, &a, &xa, &b, offset)
        } else {
            let dir = Transform::new(Vec2::ZERO, rng.range_f32(-3.2, 3.2))
                .q
                .apply(Vec2::X);
            Transform::new(
                xa.p + dir * rng.range_f32(0.0, 4.0),
                rng.range_f32(-3.2, 3.2),
            )
        };
        if k % 4 == 1 {
            // A quarter aligned with A (resting stacks), where the bias matters.
            xb = Transform::new(xb.p, xa.q.angle() + rng.range_f32(-0.01, 0.01));
        }
        if k % 4 == 3 {
            // A quarter corner to corner: B's corner facing A's corner across a gap
            // of up to 0.02, along a direction inside both corners' normal cones.
            let (ha, hb) = (a.vertices()[2], b.vertices()[2]);
            let corner = xa.apply(ha);
            let dir = Transform::new(Vec2::ZERO, rng.range_f32(-0.3, 0.3))
                .q
                .apply(xa.q.apply(ha.normalize()));
            let angle = (-dir).y.atan2((-dir).x) - hb.y.atan2(hb.x) + rng.range_f32(-0.3, 0.3);
            let q = Transform::new(Vec2::ZERO, angle);
            let gap = rng.range_f32(-0.005, 0.02);
            xb = Transform::new(corner + gap * dir - q.q.apply(hb), angle);
        }
        let l = size_of(&a, &xa, &b, &xb);
        let g = manifold(&a, xa, &b, xb, ManifoldSource::Sat);
        let bx = boxes(&a, xa, &b, xb);
        assert_eq!(
            g.is_separated(),
            bx.termination == BoxBoxTermination::Separated,
            "{k}: {g:?} {bx:?}"
        );
        assert_eq!(g.points().len(), bx.points().len(), "{k}: {g:?} {bx:?}");
        if g.is_separated() {
            continue;
        }
        with_points += 1;
        if g.deepest().unwrap().separation > 0.0 {
            speculative += 1;
        }
        if bx.termination == BoxBoxTermination::VertexVertex {
            vertex_vertex += 1;
        }
        assert!((g.normal - bx.normal).length() < 1e-4, "{k}: {g:?} {bx:?}");
        let ga = sorted(g.points().iter().map(|p| p.point_a).collect());
        let ba = sorted(bx.points().iter().map(|p| p.point_a).collect());
        let gb = sorted(g.points().iter().map(|p| p.point_b).collect());
        let bb = sorted(bx.points().iter().map(|p| p.point_b).collect());
        for i in 0..ga.len() {
            assert!(ga[i].distance(ba[i]) < 1e-4 * l, "{k}: {g:?} {bx:?}");
            assert!(gb[i].distance(bb[i]) < 1e-4 * l, "{k}: {g:?} {bx:?}");
        }
        let gs = g.deepest().unwrap().separation;
        let bs = bx
            .points()
            .iter()
            .map(|p| p.separation)
            .fold(f32::INFINITY, f32::min);
        assert!((gs - bs).abs() < 1e-4 * l);
    }
    eprintln!(
        "box-box: {with_points} pairs with points ({speculative} separated within the \
         speculative distance, {vertex_vertex} of them corner to corner)"
    );
    assert!(with_points > 2000 && speculative > 200 && vertex_vertex > 10);
}

/// Feature ids stay the same while a box slides along the other's face, for both
/// the general path and box–box: fully on the face, and overhanging its end.
#[test]
fn ids_are_stable_while_sliding() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    for (range, overhang) in [((-2.0f32, 2.0f32), false), ((2.7f32, 3.3f32), true)] {
        let mut general: Option<Vec<u32>> = None;
        let mut lite: Option<Vec<u32>> = None;
        for i in 0..=40 {
            let x = range.0 + (range.1 - range.0) * i as f32 / 40.0;
            let xb = Transform::new(v(x, 0.97), 0.02);
            let g = manifold(&ground, ID, &b, xb, ManifoldSource::Sat);
            let bx = boxes(&ground, ID, &b, xb);
            assert_eq!(g.points().len(), 2, "x = {x}");
            let mut gi: Vec<u32> = g.points().iter().map(|p| p.id).collect();
            gi.sort();
            let mut bi: Vec<u32> = bx.points().iter().map(|p| p.id).collect();
            bi.sort();
            assert_eq!(
                *general.get_or_insert(gi.clone()),
                gi,
                "general ids changed at x = {x}"
            );
            assert_eq!(
                *lite.get_or_insert(bi.clone()),
                bi,
                "box-box ids changed at x = {x}"
            );
        }
        let ids: Vec<ContactId> = general
            .unwrap()
            .iter()
            .map(|i| ContactId::unpack(*i).unwrap())
            .collect();
        let side_plane = ids
            .iter()
            .any(|i| i.kind == IdKind::SidePlane1 || i.kind == IdKind::SidePlane2);
        assert_eq!(side_plane, overhang);
        let pairs: Vec<FeaturePair> = lite
            .unwrap()
            .iter()
            .map(|i| FeaturePair::unpack(*i))
            .collect();
        // Overhanging, one point was made by the ground's side plane: it carries the
        // ground's edge tag.
        let tagged = pairs
            .iter()
            .any(|p| p.in_edge_a != u8::MAX || p.out_edge_a != u8::MAX);
        assert_eq!(tagged, overhang);
    }
}

// ---------------------------------------------------------------------------------
// Sutherland–Hodgman.
// ---------------------------------------------------------------------------------

/// The overlap polygon of two random convex polygons contains only points inside
/// both, has the area of the exact intersection's bounds, and is the same whichever
/// polygon clips which.
#[test]
fn sutherland_hodgman_is_symmetric_and_inside_both() {
    let mut rng = Rng::new(43);
    let mut overlaps = 0;
    for _ in 0..1000 {
        let pa: Vec<Vec2> = {
            let s = Shape::cuboid(v(rng.range_f32(0.3, 1.0), rng.range_f32(0.3, 1.0))).unwrap();
            let xf = random_pose(&mut rng, 0.8);
            s.vertices().iter().map(|p| xf.apply(*p)).collect()
        };
        let pb: Vec<Vec2> = {
            let n = 3 + rng.below(6);
            let mut angles: Vec<f32> = (0..n)
                .map(|_| rng.range_f32(0.0, std::f32::consts::TAU))
                .collect();
            angles.sort_by(f32::total_cmp);
            let c = v(rng.range_f32(-0.8, 0.8), rng.range_f32(-0.8, 0.8));
            let mut p: Vec<Vec2> = angles.iter().map(|t| c + v(t.cos(), t.sin())).collect();
            if rng.below(2) == 0 {
                p.reverse(); // clockwise
            }
            p
        };
        let ab = clip_polygon(&pa, &pb, None);
        let ba = clip_polygon(&pb, &pa, None);
        assert_eq!(ab.termination, ba.termination);
        if ab.termination != ClipTermination::Overlap {
            continue;
        }
        overlaps += 1;
        assert!((ab.area - ba.area).abs() < 1e-4, "{} {}", ab.area, ba.area);
        let inside = |poly: &[Vec2], p: Vec2| {
            let s: f32 = (0..poly.len())
                .map(|i| {
                    collidescope::core::math::cross(
                        poly[(i + 1) % poly.len()] - poly[i],
                        p - poly[i],
                    )
                })
                .fold(f32::INFINITY, f32::min);
            let t: f32 = (0..poly.len())
                .map(|i| {
                    collidescope::core::math::cross(
                        poly[(i + 1) % poly.len()] - poly[i],
                        p - poly[i],
                    )
                })
                .fold(f32::NEG_INFINITY, f32::max);
            s >= -1e-4 || t <= 1e-4
        };
        for p in &ab.polygon {
            assert!(inside(&pa, *p) && inside(&pb, *p), "{p:?}");
        }
    }
    assert!(overlaps > 300, "{overlaps}");
}

/// The overlap-region manifold agrees with the clipping manifold on box stacks.
#[test]
fn overlap_region_manifold_matches_clipping_on_stacks() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    for x in [-2.0f32, -0.3, 0.0, 1.1, 2.4] {
        let xb = Transform::new(v(x, 0.96), 0.0);
        let m = manifold(&ground, ID, &b, xb, ManifoldSource::Sat);
        let o = overlap_manifold(&ground, &ID, &b, &xb, m.normal, None);
        assert_eq!(o.points.len(), m.points().len());
        let mo = sorted(o.points.iter().map(|p| p.point_b).collect());
        let mm = sorted(m.points().iter().map(|p| p.point_b).collect());
        for (p, q) in mo.iter().zip(&mm) {
            assert!(p.distance(*q) < 1e-5, "{mo:?} {mm:?}");
        }
        for p in &o.points {
            assert!((p.separation + 0.04).abs() < 1e-5);
        }
    }
}

// ---------------------------------------------------------------------------------
// Degenerate input.
// ---------------------------------------------------------------------------------

fn check_defined(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> Vec<ManifoldOutput> {
    SOURCES
        .iter()
        .map(|&s| {
            let m = manifold(a, xa, b, xb, s);
            assert!(all_finite(&m), "{s:?} {m:?}");
            if !m.is_separated() {
                assert!(!m.points().is_empty());
                assert!((m.normal.length() - 1.0).abs() < 1e-4, "{s:?} {m:?}");
            }
            m
        })
        .collect()
}

#[test]
fn touching_exactly() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    for m in check_defined(&a, ID, &a, Transform::new(v(0.5, 2.0), 0.0)) {
        assert_eq!(m.points().len(), 2, "{m:?}");
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-5);
        for p in m.points() {
            assert!(p.separation.abs() < 1e-6);
        }
    }
    let bx = boxes(&a, ID, &a, Transform::new(v(0.5, 2.0), 0.0));
    assert_eq!(bx.points().len(), 2);
    // Circles touching.
    let c = Shape::circle(1.0).unwrap();
    for m in check_defined(&c, ID, &c, Transform::new(v(0.0, 2.0), 0.0)) {
        assert_eq!(m.points().len(), 1);
        assert!(m.points()[0].separation.abs() < 1e-6);
        assert!((m.points()[0].point_a - v(0.0, 1.0)).length() < 1e-5);
    }
}

#[test]
fn vertex_on_edge() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let tri = poly(&[(0.0, 0.0), (1.0, 1.0), (-1.0, 1.0)]);
    // The triangle's bottom vertex exactly on A's top face.
    for m in check_defined(&a, ID, &tri, Transform::new(v(0.2, 1.0), 0.0)) {
        assert_eq!(m.points().len(), 1, "{m:?}");
        let p = m.points()[0];
        assert!(p.separation.abs() < 1e-6);
        assert!((p.point_b - v(0.2, 1.0)).length() < 1e-5);
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-5, "{m:?}");
    }
}

#[test]
fn coincident_shapes() {
    let shapes = [
        Shape::cuboid(v(1.0, 0.5)).unwrap(),
        Shape::circle(0.7).unwrap(),
        Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.3).unwrap(),
        Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap(),
        poly(&[(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)]),
    ];
    let xf = Transform::new(v(3.0, -2.0), 0.4);
    for s in &shapes {
        for m in check_defined(s, xf, s, xf) {
            assert!(!m.is_separated());
            // The full overlap: the depth is at least the smallest face distance.
            assert!(m.deepest().unwrap().separation <= 1e-5, "{m:?}");
        }
    }
    let b = Shape::cuboid(v(1.0, 0.5)).unwrap();
    let bx = boxes(&b, xf, &b, xf);
    assert!(!bx.points().is_empty());
    // Equal boxes in the same place: the least penetration is through the short
    // axis, depth 1 (= 2 · 0.5).
    let d = bx
        .points()
        .iter()
        .map(|p| p.separation)
        .fold(f32::INFINITY, f32::min);
    assert!((d + 1.0).abs() < 1e-5, "{bx:?}");
}

#[test]
fn nearly_parallel_edges() {
    let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
    let b = Shape::cuboid(v(1.0, 0.5)).unwrap();
    // Tilted by 1e-4 rad, 0.01 deep at the centre: both corners within 1e-4 of
    // 0.01 deep, two points.
    let xb = Transform::new(v(0.0, 0.99), 1e-4);
    for m in check_defined(&ground, ID, &b, xb) {
        assert_eq!(m.points().len(), 2, "{m:?}");
        for p in m.points() {
            assert!((p.separation + 0.01).abs() < 2e-4, "{m:?}");
        }
    }
    let bx = boxes(&ground, ID, &b, xb);
    assert_eq!(bx.points().len(), 2);
}

#[test]
fn tiny_against_huge() {
    let huge = Shape::cuboid(v(1000.0, 1000.0)).unwrap();
    let tiny = poly(&[(0.0, 0.0), (1e-3, 0.0), (0.0, 1e-3)]);
    // The tiny triangle 2e-4 into the huge box's top face.
    let xt = Transform::new(v(10.0, 1000.0 - 2e-4), 0.0);
    for m in check_defined(&huge, ID, &tiny, xt) {
        assert!(!m.is_separated());
        assert!((m.normal - v(0.0, 1.0)).length() < 1e-3, "{m:?}");
        // f32 at 1000 resolves ~6e-5.
        assert!(
            (m.deepest().unwrap().separation + 2e-4).abs() < 2e-4,
            "{m:?}"
        );
    }
    for m in check_defined(&tiny, xt, &huge, ID) {
        assert!(!m.is_separated());
        assert!((m.normal - v(0.0, -1.0)).length() < 1e-3, "{m:?}");
    }
}

#[test]
fn coordinates_near_1e4() {
    let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
    let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
    let far = v(1e4, -1e4);
    let near = check_defined(&a, ID, &b, Transform::new(v(0.3, 1.4), 0.1));
    let away = check_defined(
        &a,
        Transform::new(far, 0.0),
        &b,
        Transform::new(far + v(0.3, 1.4), 0.1),
    );
    for (m, n) in near.iter().zip(&away) {
        assert_eq!(m.points().len(), n.points().len());
        assert!((m.normal - n.normal).length() < 1e-3);
        let dm = m.deepest().unwrap().separation;
        let dn = n.deepest().unwrap().separation;
        // f32 at 1e4 resolves ~1e-3.
        assert!((dm - dn).abs() < 2e-3, "{dm} {dn}");
        let pm = sorted(m.points().iter().map(|p| p.point_b).collect());
        let pn = sorted(n.points().iter().map(|p| p.point_b - far).collect());
        for (p, q) in pm.iter().zip(&pn) {
            assert!(p.distance(*q) < 4e-3);
        }
    }
}

/// With the trace off, neither path allocates.
#[test]
fn trace_off_allocates_nothing() {
    let a = Shape::polygon(
        &(0..8)
            .map(|i| {
                let t = std::f32::consts::TAU * i as f32 / 8.0;
                v(t.cos(), t.sin())
            })
            .collect::<Vec<_>>(),
        0.0,
    )
    .unwrap();
    let c = Shape::circle(0.5).unwrap();
    let bx = Shape::cuboid(v(1.0, 0.5)).unwrap();
    let s = settings();
    for source in SOURCES {
        for (p, q, xq) in [
            (&a, &a, Transform::new(v(1.5, 0.3), 0.2)),
            (&a, &c, Transform::new(v(1.2, 0.3), 0.0)),
            (&a, &a, Transform::new(v(2.01, 0.0), 0.39)),
            (&a, &a, Transform::new(v(9.0, 0.0), 0.0)),
        ] {
            let input = ManifoldInput::new(PosedPair::new(p, ID, q, xq), &s, source);
            assert_eq!(allocations_during(|| contact_manifold(&input, None)), 0);
        }
    }
    let input = BoxBoxInput {
        pair: PosedPair::new(&bx, ID, &bx, Transform::new(v(0.5, 0.9), 0.3)),
        speculative_distance: 0.02,
    };
    assert_eq!(allocations_during(|| box_box(&input, None)), 0);
    let sat = SatInput {
        pair: PosedPair::new(&a, ID, &bx, Transform::new(v(0.5, 0.9), 0.3)),
        bias: collidescope::core::sat::SatBias::Box2dLite,
    };
    assert_eq!(allocations_during(|| separating_axis(&sat, None)), 0);
    // With a trace it does record.
    let (_, t) = traced(
        &a,
        ID,
        &a,
        Transform::new(v(1.5, 0.3), 0.2),
        ManifoldSource::Sat,
    );
    assert!(!t.clips.is_empty());
}

// ---------------------------------------------------------------------------------
// The report.
// ---------------------------------------------------------------------------------

/// The report's `"sat"` and `"manifold"` keys: the dyn4j example as a scene, a far
/// pair (manifold null), two circles (SAT's centre line), and the traces with
/// `--trace`.
#[test]
fn report_has_sat_and_manifold_keys() {
    let text = r#"(
        version: 1,
        shapes: [
            (name: "A", geometry: Box(half_extents: (3.0, 2.5)), position: (11.0, 6.5), angle: 0.0),
            (name: "B", geometry: Box(half_extents: (4.0, 1.5)), position: (8.0, 3.5), angle: 0.0),
            (name: "C", geometry: Circle(radius: 1.0), position: (30.0, 0.0), angle: 0.0),
            (name: "D", geometry: Circle(radius: 1.0), position: (33.0, 4.0), angle: 0.0),
        ],
    )"#;
    let scene = collidescope::scene::parse_scene(text, "inline.ron").unwrap();
    let report =
        collidescope::trace::report::scene_report(&scene, "inline.ron", None, false).unwrap();
    let json = serde_json::to_value(&report).unwrap();
    let pairs = json["pairs"].as_array().unwrap();
    let ab = &pairs[0];
    assert_eq!(ab["sat"]["axis_owner"], "A");
    assert_eq!(ab["sat"]["edge"], 0);
    assert!((ab["sat"]["separation"].as_f64().unwrap() + 1.0).abs() < 1e-5);
    assert_eq!(ab["sat"]["normal"], serde_json::json!([0.0, -1.0]));
    assert_eq!(ab["manifold"]["normal"], serde_json::json!([0.0, -1.0]));
    let pts = ab["manifold"]["points"].as_array().unwrap();
    assert_eq!(pts.len(), 2);
    for p in pts {
        assert!((p["separation"].as_f64().unwrap() + 1.0).abs() < 1e-5);
        assert!((p["point_b"][1].as_f64().unwrap() - 5.0).abs() < 1e-5);
        assert!(p["id"].as_u64().is_some());
    }
    // A–C: far apart: manifold null, SAT still present and positive.
    let ac = &pairs[1];
    assert!(ac["manifold"].is_null());
    assert!(ac["sat"]["separation"].as_f64().unwrap() > 10.0);
    // C–D: two circles 5 apart: the centre line, owner A, edge 0.
    let cd = &pairs[5];
    assert_eq!((cd["a"].as_str(), cd["b"].as_str()), (Some("C"), Some("D")));
    assert_eq!(cd["sat"]["axis_owner"], "A");
    assert_eq!(cd["sat"]["edge"], 0);
    assert!((cd["sat"]["separation"].as_f64().unwrap() - 3.0).abs() < 1e-5);
    assert!(cd["manifold"].is_null());
    // With the trace: one SAT record per axis, three clip steps.
    let traced =
        collidescope::trace::report::scene_report(&scene, "inline.ron", Some(("A", "B")), true)
            .unwrap();
    let json = serde_json::to_value(&traced).unwrap();
    let t = &json["pairs"][0]["trace"];
    assert_eq!(t["sat"]["axes"].as_array().unwrap().len(), 8);
    assert_eq!(t["manifold"]["clips"].as_array().unwrap().len(), 3);
    assert_eq!(t["manifold"]["case"], "segment_segment");
    assert_eq!(t["manifold"]["reference"]["owner"], "A");
}
