//! The ray checks ([`Check::RayExact`], [`Check::RayGjk`]): each pair's two rays
//! ([`fuzz_rays`]: one against A, one against B) cast by the exact functions and by
//! the GJK ray cast, judged against the f64 oracle ([`RayFrame::exact`]).
//!
//! Per ray the oracle can decide (`L` and `TOL·L` as in `exact_ray.rs`):
//! - the status: hit, missed or inside;
//! - a hit's fraction, an inside ray's exit: `|Δf|·|d| ≤ TOL·L`, or the reported
//!   point on the exact surface (`|g(f)| ≤ TOL·L`) and, for a hit, not past the
//!   ray's deepest point — a ray meeting the surface at a glancing angle θ turns a
//!   distance error δ into `δ/(|d|·cos θ)` along it ([`judge_ray`]);
//! - a hit's normal within [`RAY_NORMAL_TOLERANCE`] of the exact one where that is
//!   unique (not within 1e-3·L of a sharp corner);
//! - a hit's point on the surface and on the ray, within `TOL·L` plus the rounding
//!   of its world coordinates (`4·ε·W`, `W` the largest of them);
//! - a hit's feature plausible: a kind the shape has, an index in range, the point
//!   within that tolerance of the feature (its core element grown by the radius).
//!
//! An ambiguous ray (origin on the boundary, grazing within `TOL·L`, a point ray on
//! the boundary) is counted and only held to a finite, valid answer.

use super::{Check, Measure, Sink};
use crate::core::raycast::{
    ray_cast, ray_cast_gjk, RayCastInput, RayCastOutput, RayFeature, RayTermination,
};
use crate::core::shape::Shape;
use crate::verify::exact::closest_on_segment;
use crate::verify::{angle_between, fuzz_rays, ExactRay, FuzzPair, FuzzRay, RayClass, RayFrame};
use glam::DVec2;

/// The normal tolerance of a ray hit (radians): the ray tests' worst is 2.7e-4, on
/// grazing hits of slivers and rounded shapes (a position error along the ray turns
/// the normal by that error over the radius).
pub const RAY_NORMAL_TOLERANCE: f64 = 1.0e-3;

/// How an answer compares with the oracle's ([`judge_ray`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RayJudgement {
    /// Same status, and the fraction (exit) close along the ray or on the surface.
    pub agree: bool,
    /// Same status, and the fraction (exit) close along the ray.
    pub strict: bool,
    /// A hit (both): `|Δf|·|d| / L`.
    pub fraction_error: Option<f64>,
    /// A hit (both) with a unique exact normal: the angle to ours (radians, ours
    /// brought into the shape's frame).
    pub normal_error: Option<f64>,
}

/// Compares `out` with the exact answer of `frame` (an ambiguous one agrees).
pub fn judge_ray(frame: &RayFrame, exact: &ExactRay, out: &RayCastOutput) -> RayJudgement {
    let mut j = RayJudgement {
        agree: false,
        strict: false,
        fraction_error: None,
        normal_error: None,
    };
    let tol = frame.tol();
    let dlen = frame.d.length();
    let strict = |ours: f32, theirs: f64| (ours as f64 - theirs).abs() * dlen / frame.scale;
    let on_surface = |f: f32| frame.g(f as f64).abs() <= tol;
    let (agree, strict_ok) = match *exact {
        ExactRay::Ambiguous(_) => (true, true),
        ExactRay::Missed => {
            let ok = out.termination == RayTermination::Missed;
            (ok, ok)
        }
        ExactRay::Inside { exit } => match (out.termination, exit, out.exit_fraction) {
            (RayTermination::Inside, Some(x), _) if x.is_nan() => (true, true),
            (RayTermination::Inside, None, None) => (true, true),
            (RayTermination::Inside, Some(x), Some(ours)) => {
                let s = strict(ours, x) <= crate::verify::RAY_TOLERANCE;
                (s || on_surface(ours), s)
            }
            _ => (false, false),
        },
        ExactRay::Hit {
            fraction,
            deepest,
            normal,
        } => {
            if out.termination != RayTermination::Hit {
                (false, false)
            } else {
                let err = strict(out.fraction, fraction);
                j.fraction_error = Some(err);
                // The normal is judged against the exact hit's, the surface's at the
                // point reported (within the fraction's tolerance of the hit: on an
                // arc of radius r a point δ along the surface turns the normal by
                // δ/r, which the point's own check already bounds), or that of any
                // piece within the position tolerance of the hit (nearly collinear
                // sliver edges; `RayFrame::normals_near`). Only when the hit has a
                // unique normal at all.
                // A GJK march may stop where the ray touches a sharp corner within
                // its tolerance before entering through the next face: at the corner
                // any normal of its cone is right.
                let ours = frame.to_local(out.normal.as_dvec2());
                j.normal_error = normal.map(|n| {
                    let near = frame.normals_near(fraction, tol);
                    let corner = frame.corner_cone_error(out.fraction as f64, ours, tol);
                    [Some(n), frame.normal(out.fraction as f64)]
                        .into_iter()
                        .flatten()
                        .chain(near)
                        .map(|m| angle_between(m, ours))
                        .chain(corner)
                        .fold(f64::INFINITY, f64::min)
                });
                let s = err <= crate::verify::RAY_TOLERANCE;
                let surface = on_surface(out.fraction) && (out.fraction as f64) <= deepest;
                (s || surface, s)
            }
        }
    };
    j.agree = agree;
    j.strict = strict_ok;
    j
}

/// Per ray class: rays cast (each by both methods), and the oracle's verdicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RayClassStats {
    pub rays: u64,
    pub ambiguous: u64,
    pub hit: u64,
    pub missed: u64,
    pub inside: u64,
    /// GJK ray casts that reached their iteration bound.
    pub gjk_max_iterations: u64,
}

impl RayClassStats {
    pub(in crate::verify) fn merge(&mut self, o: &RayClassStats) {
        self.rays += o.rays;
        self.ambiguous += o.ambiguous;
        self.hit += o.hit;
        self.missed += o.missed;
        self.inside += o.inside;
        self.gjk_max_iterations += o.gjk_max_iterations;
    }

    fn count(&mut self, exact: &ExactRay, gjk: &RayCastOutput) {
        self.rays += 1;
        match exact {
            ExactRay::Ambiguous(_) => self.ambiguous += 1,
            ExactRay::Hit { .. } => self.hit += 1,
            ExactRay::Missed => self.missed += 1,
            ExactRay::Inside { .. } => self.inside += 1,
        }
        self.gjk_max_iterations += u64::from(gjk.termination == RayTermination::MaxIterations);
    }
}

/// Casts the pair's two rays by both methods and judges them: the measures of
/// [`Check::RayExact`] and [`Check::RayGjk`], and the rays counted into `stats`
/// (indexed by [`RayClass::index`]).
pub fn check_rays(pair: &FuzzPair, stats: &mut [(RayClass, RayClassStats)]) -> Vec<Measure> {
    check_rays_of(pair, &fuzz_rays(pair), stats)
}

/// [`check_rays`] with other rays: `rays[0]` against A, `rays[1]` against B (a scene's
/// rays, when shrinking a ray disagreement).
pub fn check_rays_of(
    pair: &FuzzPair,
    rays: &[FuzzRay; 2],
    stats: &mut [(RayClass, RayClassStats)],
) -> Vec<Measure> {
    let mut sink = Sink {
        measures: Vec::with_capacity(2),
        source: None,
    };
    let targets = [
        ("A", &pair.shape_a, pair.transform_a()),
        ("B", &pair.shape_b, pair.transform_b()),
    ];
    for (ray, (name, shape, xf)) in rays.iter().zip(targets) {
        let frame = RayFrame::new(shape, &xf, &ray.ray);
        let exact = frame.exact();
        let input = RayCastInput::new(shape, xf, ray.ray);
        let exact_out = ray_cast(&input, None);
        let gjk_out = ray_cast_gjk(&input, None);
        if let Some((_, s)) = stats.get_mut(ray.class.index()) {
            s.count(&exact, &gjk_out);
        }
        let ctx = RayContext {
            name,
            shape,
            ray,
            frame: &frame,
            exact: &exact,
        };
        check_one(&mut sink, Check::RayExact, &ctx, &exact_out);
        check_one(&mut sink, Check::RayGjk, &ctx, &gjk_out);
    }
    sink.measures
}

/// One ray against one shape, with its exact answer.
struct RayContext<'a> {
    /// "A" or "B".
    name: &'a str,
    shape: &'a Shape,
    ray: &'a FuzzRay,
    frame: &'a RayFrame,
    exact: &'a ExactRay,
}

impl RayContext<'_> {
    /// The ray, the oracle's answer and ours, in words.
    fn describe(&self, out: &RayCastOutput) -> String {
        let r = &self.ray.ray;
        format!(
            "ray R{} ({} ray) from ({:.9e}, {:.9e}) by ({:.9e}, {:.9e}) against {}: exact: \
             {}, ours {} f={:.9e} exit={} point=({:.9e}, {:.9e}) normal=({:.6}, {:.6}) \
             feature {}; L={:.3e}",
            self.name,
            self.ray.class.name(),
            r.origin.x,
            r.origin.y,
            r.translation.x,
            r.translation.y,
            self.name,
            self.exact,
            out.termination.as_str(),
            out.fraction,
            crate::verify::exact_ray::fraction_or_none(out.exit_fraction),
            out.point.x,
            out.point.y,
            out.normal.x,
            out.normal.y,
            out.feature.label(),
            self.frame.scale
        )
    }
}

/// Every condition of one method's answer to one ray.
fn check_one(sink: &mut Sink, check: Check, ctx: &RayContext, out: &RayCastOutput) {
    let finite = out.fraction.is_finite()
        && out.point.is_finite()
        && out.normal.is_finite()
        && out.exit_fraction.is_none_or(f32::is_finite)
        && !out.termination.is_invalid();
    sink.require(check, finite, || {
        format!("a non-finite or refused answer: {}", ctx.describe(out))
    });
    if matches!(ctx.exact, ExactRay::Ambiguous(_)) || !finite {
        return;
    }
    let frame = ctx.frame;
    let j = judge_ray(frame, ctx.exact, out);
    let status_ok = status_agrees(ctx.exact, out);
    sink.require(check, status_ok, || {
        format!("status differs: {}", ctx.describe(out))
    });
    if !status_ok {
        return;
    }
    let tol = frame.tol();
    sink.record(check, fraction_error(frame, ctx.exact, out), tol, || {
        format!(
            "fraction off by {:.3e}·L along the ray and off the surface: {}",
            j.fraction_error.unwrap_or(f64::NAN),
            ctx.describe(out)
        )
    });
    if out.termination != RayTermination::Hit {
        return;
    }
    if let Some(a) = j.normal_error {
        sink.record(check, a, RAY_NORMAL_TOLERANCE, || {
            format!("normal {a:.3e} rad off: {}", ctx.describe(out))
        });
    }
    check_point_and_feature(sink, check, ctx, out);
}

/// Hit, missed or inside as the oracle (and, inside, both exits or neither).
fn status_agrees(exact: &ExactRay, out: &RayCastOutput) -> bool {
    match exact {
        ExactRay::Ambiguous(_) => true,
        ExactRay::Missed => out.termination == RayTermination::Missed,
        ExactRay::Hit { .. } => out.termination == RayTermination::Hit,
        ExactRay::Inside { exit } => {
            out.termination == RayTermination::Inside
                && match exit {
                    Some(x) if x.is_nan() => true,
                    Some(_) => out.exit_fraction.is_some(),
                    None => out.exit_fraction.is_none(),
                }
        }
    }
}

/// A hit's fraction or an inside ray's exit, in length: the better of the distance
/// along the ray to the exact one and the distance of our point from the surface (a
/// hit's only while not past the ray's deepest point). 0 when there is none.
fn fraction_error(frame: &RayFrame, exact: &ExactRay, out: &RayCastOutput) -> f64 {
    let dlen = frame.d.length();
    let (ours, theirs, deepest) = match (*exact, out.termination) {
        (
            ExactRay::Hit {
                fraction, deepest, ..
            },
            RayTermination::Hit,
        ) => (out.fraction, fraction, deepest),
        (ExactRay::Inside { exit: Some(x) }, RayTermination::Inside) if !x.is_nan() => {
            match out.exit_fraction {
                Some(ours) => (ours, x, f64::INFINITY),
                None => return f64::INFINITY,
            }
        }
        _ => return 0.0,
    };
    let along = (ours as f64 - theirs).abs() * dlen;
    let surface = if (ours as f64) <= deepest {
        frame.g(ours as f64).abs()
    } else {
        f64::INFINITY
    };
    along.min(surface)
}

/// A hit's point on the surface and on the ray, and its feature plausible.
fn check_point_and_feature(sink: &mut Sink, check: Check, ctx: &RayContext, out: &RayCastOutput) {
    let frame = ctx.frame;
    let r = &ctx.ray.ray;
    let point = out.point.as_dvec2();
    let world = r
        .origin
        .abs()
        .max(out.point.abs())
        .max((r.origin + r.translation).abs())
        .max_element() as f64;
    let tol = frame.tol() + 4.0 * f32::EPSILON as f64 * world;
    let local = frame.point_to_local(point);
    let on_ray = r.origin.as_dvec2() + r.translation.as_dvec2() * out.fraction as f64;
    let err = frame.sd(local).abs().max((point - on_ray).length());
    sink.record(check, err, tol, || {
        format!(
            "the point is {err:.3e} off the surface or the ray: {}",
            ctx.describe(out)
        )
    });
    let feature_err = feature_distance(ctx.shape, frame, out.feature, local, tol);
    sink.record(check, feature_err, tol, || {
        format!(
            "feature {} implausible (its surface {feature_err:.3e} from the point): {}",
            out.feature.label(),
            ctx.describe(out)
        )
    });
}

/// How far `p` (shape frame) lies from `feature`'s piece of the surface (its core
/// element grown by the radius); infinite for a feature the shape does not have.
fn feature_distance(
    shape: &Shape,
    frame: &RayFrame,
    feature: RayFeature,
    p: DVec2,
    tol: f64,
) -> f64 {
    let core = &frame.core;
    let n = core.len();
    let rounded = shape.radius() > 0.0;
    let to_vertex = |i: usize| (p - core[i]).length();
    let to_edge = |i: usize| {
        let (a, b) = (core[i], core[(i + 1) % n]);
        (p - closest_on_segment(a, b, p)).length()
    };
    let d = match (feature, n) {
        (RayFeature::Circle, 1) => to_vertex(0),
        (RayFeature::Vertex(0), 1) => to_vertex(0),
        (RayFeature::Side(i), 2) if i < 2 => {
            // On its own side of the segment (outward normal `normals()[i]`).
            let nrm = shape.normals()[i].as_dvec2();
            if nrm.dot(p - core[0]) < -tol {
                return f64::INFINITY;
            }
            to_edge(0)
        }
        (RayFeature::Cap(i), 2) if i < 2 && rounded => to_vertex(i),
        (RayFeature::Vertex(i), 2) if i < 2 && !rounded => to_vertex(i),
        (RayFeature::Edge(i), n) if n >= 3 && i < n => to_edge(i),
        (RayFeature::Vertex(i), n) if n >= 3 && i < n => to_vertex(i),
        _ => return f64::INFINITY,
    };
    (d - frame.r).abs()
}

/// The classes in the order of the report, with empty stats.
pub fn empty_ray_stats() -> Vec<(RayClass, RayClassStats)> {
    RayClass::ALL
        .iter()
        .map(|c| (*c, RayClassStats::default()))
        .collect()
}
