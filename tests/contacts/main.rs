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

#[path = "../common/mod.rs"]
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

mod degenerate;
mod examples;
mod properties;
mod report;
mod sat;
mod sutherland_hodgman;
