//! Ray casts against every shape: the exact function of each shape kind
//! ([`ray_cast`]) and the general GJK ray cast ([`ray_cast_gjk`]), both traced.
//!
//! ## The ray
//! A ray covers the world points `origin + f·translation` for `f ∈ [0,
//! max_fraction]` ([`RayInput`], Box2D's `b2RayCastInput`). The cast runs in the
//! shape's local frame (the ray is brought into it, as Box2D does) and answers in
//! world space: a fraction, the surface point, the unit outward normal there, and
//! the [`RayFeature`] met.
//!
//! ## Conventions
//! The shape is a **closed** set: its boundary belongs to it, so a ray that only
//! touches it — tangent to a circle, through a corner, sliding along an edge —
//! hits it, at the first point it touches.
//! - **Origin strictly inside:** no hit (`hit: false`, [`RayTermination::Inside`],
//!   `inside: true`, fraction 0), and `exit_fraction` where the ray leaves the shape
//!   (`None` when the whole ray lies inside). This is Box2D v3.0's convention for
//!   `b2RayCastPolygon` and parry's `solid = false` (parry then reports the exit as
//!   its hit; here it is a separate field). parry's `solid = true` reports a hit at
//!   fraction 0 instead, and so does the Box2D v3.2 linked by the peers ("initial
//!   overlap": `hit` with fraction 0 and a zero normal) — see `peers::box2d`.
//! - **Origin on the boundary:** the ray is a hit at fraction 0 when it runs into
//!   the shape or along its boundary (some positive length of it stays in the
//!   closed shape), with the normal and feature of the boundary at the origin; it is
//!   a miss when it leaves at once (pointing outward, or tangent to an arc at its
//!   origin), as it touches the shape only at its origin. `inside` is false either
//!   way. A ray cast from a surface point outward (a reflection, a line of sight)
//!   thus does not hit its own surface.
//! - **Zero length** (zero translation, or `max_fraction` 0): the ray is a point and
//!   the cast a point query — inside: [`RayTermination::Inside`] with no exit; on the
//!   boundary: a hit at 0; outside: a miss. A translation whose squared length
//!   underflows f32 counts as zero ([`RAY_MIN_TRANSLATION_SQUARED`]).
//! - **Misses** report `fraction = max_fraction` and no surface point.
//! - **Invalid input** is a miss with a status that says why, never a panic: a NaN or
//!   infinite coordinate in the ray or the transform ([`RayTermination::NonFiniteInput`]),
//!   a negative `max_fraction` ([`RayTermination::NegativeMaxFraction`]), a coordinate
//!   beyond [`RAY_MAX_COORDINATE`] ([`RayTermination::OutOfRange`]). Any finite
//!   `max_fraction` is accepted: the ray is cut where it has left the shape's
//!   bounding disc for good.
//!
//! The exact functions decide "inside" and "on the boundary" by the sign of their own
//! computed quantities (no tolerance); the GJK ray cast decides them to within its
//! tolerance ([`RAY_GJK_TOLERANCE`] of the configuration's size, measured along the
//! ray). They differ only for origins that close to the boundary.
//!
//! ## Files
//! - `types.rs`: the input and output types;
//! - `local.rs`: the ray in the shape's frame, the outputs, the conventions above;
//! - `point.rs`: the point query (zero-length rays, boundary features), the origin's side;
//! - `circle.rs`, `capsule.rs`, `segment.rs`, `polygon.rs`, `rounded.rs`: the exact
//!   function of each shape kind, each with its derivation;
//! - `gjk.rs`, `march.rs`: the GJK ray cast, for any shape (one march along a ray
//!   in `march.rs`);
//! - `trace.rs`: the trace ([`RayTrace`]).
//!
//! [`RAY_MIN_TRANSLATION_SQUARED`]: crate::core::consts::RAY_MIN_TRANSLATION_SQUARED
//! [`RAY_MAX_COORDINATE`]: crate::core::consts::RAY_MAX_COORDINATE
//! [`RAY_GJK_TOLERANCE`]: crate::core::consts::RAY_GJK_TOLERANCE

mod capsule;
mod circle;
mod gjk;
mod local;
mod march;
mod point;
mod polygon;
mod rounded;
mod segment;
mod trace;
mod types;

pub use self::trace::{
    CircleRecord, ClipAction, ClipStep, FlatRecord, GjkMarch, GjkRayStep, GjkRayStop, RayMethod,
    RayTrace,
};
pub use self::types::{RayCastInput, RayCastOutput, RayFeature, RayInput, RayTermination};

use self::local::{refused, LocalRay};
use self::point::{locate, Side};
use crate::core::record::Record;

/// The shape kinds the exact functions cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Circle,
    Capsule,
    Segment,
    Polygon,
    Rounded,
}

fn kind(ray: &LocalRay) -> Kind {
    let shape = ray.input.shape;
    match (shape.vertices().len(), shape.radius() > 0.0) {
        (1, _) => Kind::Circle,
        (2, true) => Kind::Capsule,
        (2, false) => Kind::Segment,
        (_, false) => Kind::Polygon,
        (_, true) => Kind::Rounded,
    }
}

/// The ray in the shape's frame, or the answer when there is nothing to cast: a
/// refused input, a point ray.
#[inline(always)]
fn prepare<'a>(
    input: &'a RayCastInput<'a>,
    trace: &mut Option<&mut RayTrace>,
) -> Result<LocalRay<'a>, RayCastOutput> {
    let ray = match LocalRay::new(input) {
        Ok(ray) => ray,
        Err(termination) => {
            trace.record(|t| {
                t.begin(RayMethod::None, 0.0);
            });
            return Err(refused(input, termination));
        }
    };
    if ray.is_point() {
        trace.record(|t| {
            t.begin(RayMethod::Point, 0.0);
        });
        let at = locate(input.shape, ray.origin);
        return Err(match at.side {
            Side::Inside => ray.inside(None),
            Side::Boundary => ray.hit(0.0, at.feature, at.normal, None),
            Side::Outside => ray.missed(),
        });
    }
    Ok(ray)
}

/// Casts a ray against a shape with the exact function of its kind: circle, capsule,
/// segment, polygon (Box2D's clip), rounded polygon. See the module docs for the
/// conventions.
///
/// Never panics and never loops. `trace`, when given, is cleared and filled with
/// the method's records; without it nothing is allocated.
pub fn ray_cast(input: &RayCastInput, mut trace: Option<&mut RayTrace>) -> RayCastOutput {
    let ray = match prepare(input, &mut trace) {
        Ok(ray) => ray,
        Err(out) => return out,
    };
    let shape = input.shape;
    let k = kind(&ray);
    trace.record(|t| {
        let method = match k {
            Kind::Circle => RayMethod::Circle,
            Kind::Capsule => RayMethod::Capsule,
            Kind::Segment => RayMethod::Segment,
            Kind::Polygon => RayMethod::Polygon,
            Kind::Rounded => RayMethod::RoundedPolygon,
        };
        t.begin(method, ray.end());
    });
    let t = trace;
    match k {
        Kind::Circle => circle::ray_circle(&ray, shape, t.map(|t| &mut t.circles)),
        Kind::Capsule => {
            capsule::ray_capsule(&ray, shape, t.map(|t| (&mut t.circles, &mut t.flats)))
        }
        Kind::Segment => segment::ray_segment(&ray, shape, t.map(|t| &mut t.flats)),
        Kind::Polygon => polygon::ray_polygon(&ray, shape, t.map(|t| &mut t.clip)),
        Kind::Rounded => {
            rounded::ray_rounded(&ray, shape, t.map(|t| (&mut t.circles, &mut t.flats)))
        }
    }
}

/// Casts a ray against any shape with the GJK ray cast (conservative advancement
/// along the ray; see `gjk.rs`), at most `input.max_iterations` support evaluations
/// per march. Same conventions as [`ray_cast`], "inside" and "on the boundary"
/// decided to within [`RAY_GJK_TOLERANCE`](crate::core::consts::RAY_GJK_TOLERANCE);
/// a point ray is the same point query.
pub fn ray_cast_gjk(input: &RayCastInput, mut trace: Option<&mut RayTrace>) -> RayCastOutput {
    let ray = match prepare(input, &mut trace) {
        Ok(ray) => ray,
        Err(out) => return out,
    };
    trace.record(|t| {
        t.begin(RayMethod::Gjk, ray.end());
    });
    gjk::ray_gjk(&ray, trace.map(|t| &mut t.gjk))
}

#[cfg(test)]
mod tests {
    //! The conventions, shape by shape, for both methods.
    use super::*;
    use crate::core::math::Transform;
    use crate::core::shape::{Geometry, Shape};
    use glam::Vec2;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// One of each kind, each with a point inside, one on the boundary, one outside
    /// (local frame; the shapes are placed by `pose()`).
    fn kinds() -> Vec<(&'static str, Shape, [Vec2; 3])> {
        let rounded = Shape::new(Geometry::Box {
            half_extents: v(1.0, 1.0),
            radius: 0.5,
        })
        .unwrap();
        vec![
            (
                "circle",
                Shape::circle(1.0).unwrap(),
                [v(0.2, 0.1), v(0.0, 1.0), v(0.0, 1.5)],
            ),
            (
                "capsule",
                Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.5).unwrap(),
                [v(0.2, 0.1), v(0.0, 0.5), v(0.0, 0.6)],
            ),
            (
                "segment",
                Shape::segment(v(-1.0, 0.0), v(1.0, 0.0)).unwrap(),
                [v(f32::NAN, 0.0), v(0.5, 0.0), v(0.5, 0.5)],
            ),
            (
                "box",
                Shape::cuboid(v(1.0, 1.0)).unwrap(),
                [v(0.2, 0.1), v(1.0, 0.5), v(1.5, 0.5)],
            ),
            (
                "rounded box",
                rounded,
                [v(1.2, 0.1), v(1.5, 0.5), v(1.6, 0.5)],
            ),
        ]
    }

    fn pose() -> Transform {
        Transform::new(v(3.0, -2.0), 0.0)
    }

    type Cast = fn(&RayCastInput, Option<&mut RayTrace>) -> RayCastOutput;
    const METHODS: [(&str, Cast); 2] = [("exact", ray_cast), ("gjk", ray_cast_gjk)];

    fn run(f: Cast, s: &Shape, o: Vec2, d: Vec2, max_fraction: f32) -> RayCastOutput {
        let xf = pose();
        let ray = RayInput {
            origin: xf.apply(o),
            translation: d,
            max_fraction,
        };
        f(&RayCastInput::new(s, xf, ray), None)
    }

    #[test]
    fn point_rays_are_point_queries() {
        for (name, s, [inside, boundary, outside]) in kinds() {
            for (method, f) in METHODS {
                for (d, m) in [(Vec2::ZERO, 1.0), (v(1.0, 0.0), 0.0)] {
                    let tag = format!("{name} {method} d={d} max={m}");
                    if inside.is_finite() {
                        let out = run(f, &s, inside, d, m);
                        assert_eq!(out.termination, RayTermination::Inside, "{tag}");
                        assert_eq!(out.exit_fraction, None, "{tag}");
                    }
                    let out = run(f, &s, boundary, d, m);
                    assert_eq!(
                        (out.termination, out.fraction),
                        (RayTermination::Hit, 0.0),
                        "{tag}"
                    );
                    assert!((out.normal.length() - 1.0).abs() < 1e-6, "{tag} {out:?}");
                    let out = run(f, &s, outside, d, m);
                    assert_eq!(out.termination, RayTermination::Missed, "{tag}");
                }
            }
        }
    }

    #[test]
    fn origin_on_the_boundary_running_in_or_leaving() {
        for (name, s, [_, boundary, outside]) in kinds() {
            // From the boundary point towards the outside point: leaving. The other
            // way: running in (a segment has no inside: a ray crossing it from a point
            // on it leaves at once either way).
            let out_dir = outside - boundary;
            for (method, f) in METHODS {
                let tag = format!("{name} {method}");
                let leaving = run(f, &s, boundary, out_dir, 1.0);
                assert_eq!(
                    leaving.termination,
                    RayTermination::Missed,
                    "{tag} {leaving:?}"
                );
                assert!(!leaving.inside);
                if name != "segment" {
                    let running_in = run(f, &s, boundary, -out_dir, 1.0);
                    assert_eq!(
                        running_in.termination,
                        RayTermination::Hit,
                        "{tag} {running_in:?}"
                    );
                    assert_eq!(running_in.fraction, 0.0, "{tag}");
                }
            }
        }
    }

    #[test]
    fn inside_reports_the_exit_for_both_methods() {
        let s = Shape::cuboid(v(1.0, 1.0)).unwrap();
        for (method, f) in METHODS {
            let out = run(f, &s, v(0.0, 0.5), v(0.0, 2.0), 1.0);
            assert_eq!(out.termination, RayTermination::Inside, "{method}");
            assert!(out.inside && !out.hit && out.normal == Vec2::ZERO);
            assert!(
                (out.exit_fraction.unwrap() - 0.25).abs() < 1e-5,
                "{method} {out:?}"
            );
            let ends_inside = run(f, &s, v(0.0, 0.5), v(0.0, 0.25), 1.0);
            assert_eq!(ends_inside.exit_fraction, None, "{method}");
        }
    }

    #[test]
    fn invalid_inputs_are_named_misses() {
        let s = Shape::cuboid(v(1.0, 1.0)).unwrap();
        for (method, f) in METHODS {
            let bad = [
                (
                    v(f32::NAN, 0.0),
                    v(1.0, 0.0),
                    1.0,
                    RayTermination::NonFiniteInput,
                ),
                (
                    v(0.0, 0.0),
                    v(f32::INFINITY, 0.0),
                    1.0,
                    RayTermination::NonFiniteInput,
                ),
                (
                    v(-3.0, 0.0),
                    v(1.0, 0.0),
                    f32::NAN,
                    RayTermination::NonFiniteInput,
                ),
                (
                    v(-3.0, 0.0),
                    v(1.0, 0.0),
                    f32::INFINITY,
                    RayTermination::NonFiniteInput,
                ),
                (
                    v(-3.0, 0.0),
                    v(1.0, 0.0),
                    -1.0,
                    RayTermination::NegativeMaxFraction,
                ),
                (
                    v(-3.0, 0.0),
                    v(1.0e16, 0.0),
                    1.0,
                    RayTermination::OutOfRange,
                ),
            ];
            for (o, d, m, termination) in bad {
                let mut trace = RayTrace::default();
                let ray = RayInput {
                    origin: o,
                    translation: d,
                    max_fraction: m,
                };
                let input = RayCastInput::new(&s, Transform::IDENTITY, ray);
                let out = f(&input, Some(&mut trace));
                assert_eq!(out.termination, termination, "{method} {o} {d} {m}");
                assert!(!out.hit && out.point.is_finite() && out.normal == Vec2::ZERO);
                assert_eq!(trace.method, RayMethod::None);
            }
        }
    }

    #[test]
    fn huge_max_fraction_is_fine() {
        let s = Shape::circle(1.0).unwrap();
        for (method, f) in METHODS {
            let out = run(f, &s, v(-3.0, 0.0), v(1.0e-3, 0.0), 1.0e30);
            assert_eq!(out.termination, RayTermination::Hit, "{method}");
            assert!((out.fraction - 2000.0).abs() < 1e-2, "{method} {out:?}");
            let miss = run(f, &s, v(-3.0, 2.0), v(1.0e-3, 0.0), 1.0e30);
            assert_eq!(miss.termination, RayTermination::Missed, "{method}");
            assert!(miss.point.is_finite());
        }
    }

    #[test]
    fn tangent_to_a_circle() {
        let s = Shape::circle(1.0).unwrap();
        for (method, f) in METHODS {
            let out = run(f, &s, v(-3.0, 1.0), v(6.0, 0.0), 1.0);
            assert_eq!(out.termination, RayTermination::Hit, "{method} {out:?}");
            // Exact: the tangent point; GJK converges linearly on a grazing ray and
            // stops within its tolerance of the circle, ~1e-3 before the point.
            assert!(
                (out.point - pose().apply(v(0.0, 1.0))).length() < 3e-3,
                "{method} {out:?}"
            );
            assert!(
                (out.normal - v(0.0, 1.0)).length() < 3e-3,
                "{method} {out:?}"
            );
        }
    }

    #[test]
    fn through_a_vertex_and_along_an_edge() {
        let s = Shape::cuboid(v(1.0, 1.0)).unwrap();
        for (method, f) in METHODS {
            let corner = run(f, &s, v(2.0, 2.0), v(-2.0, -2.0), 1.0);
            assert_eq!(corner.termination, RayTermination::Hit, "{method}");
            assert!((corner.fraction - 0.5).abs() < 1e-6, "{method} {corner:?}");
            // Along the top edge's line from outside: hits the right edge's corner.
            let along = run(f, &s, v(3.0, 1.0), v(-4.0, 0.0), 1.0);
            assert_eq!(along.termination, RayTermination::Hit, "{method}");
            assert!((along.fraction - 0.5).abs() < 1e-6, "{method} {along:?}");
            // Parallel, just outside the slab: a miss.
            let off = run(f, &s, v(3.0, 1.001), v(-4.0, 0.0), 1.0);
            assert_eq!(off.termination, RayTermination::Missed, "{method}");
        }
    }

    #[test]
    fn both_methods_agree_on_simple_hits() {
        let rays = [
            (v(-4.0, 0.3), v(8.0, 0.1)),
            (v(0.7, 4.0), v(0.1, -8.0)),
            (v(3.0, 3.0), v(-5.0, -4.0)),
            (v(-2.0, -3.0), v(3.0, 4.0)),
        ];
        for (name, s, _) in kinds() {
            for (o, d) in rays {
                let exact = run(ray_cast, &s, o, d, 1.0);
                let gjk = run(ray_cast_gjk, &s, o, d, 1.0);
                let tag = format!("{name} {o} {d}\n{exact:?}\n{gjk:?}");
                assert_eq!(exact.termination, gjk.termination, "{tag}");
                assert!((exact.fraction - gjk.fraction).abs() < 1e-5, "{tag}");
                if exact.hit {
                    assert!((exact.normal - gjk.normal).length() < 1e-3, "{tag}");
                    assert!((exact.point - gjk.point).length() < 1e-4, "{tag}");
                }
            }
        }
    }

    #[test]
    fn the_trace_is_filled_only_when_given() {
        let s = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let input = RayCastInput::new(&s, pose(), RayInput::new(v(0.0, 0.0), v(6.0, -3.0)));
        let mut trace = RayTrace::default();
        let traced = ray_cast(&input, Some(&mut trace));
        assert_eq!(traced, ray_cast(&input, None));
        assert_eq!((trace.method, trace.clip.len()), (RayMethod::Polygon, 4));
        let traced = ray_cast_gjk(&input, Some(&mut trace));
        assert_eq!(traced, ray_cast_gjk(&input, None));
        assert_eq!(trace.method, RayMethod::Gjk);
        assert!(trace.clip.is_empty() && !trace.gjk.is_empty());
    }
}
