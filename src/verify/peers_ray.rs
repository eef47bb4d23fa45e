//! `fuzz --peers`, rays: each pair's two fuzzer rays ([`fuzz_rays`]) through Box2D
//! v3's and parry2d's ray casts, each answer classified against the f64 ray oracle
//! ([`RayFrame::exact`]), ours (the exact functions) beside it.
//!
//! Queries: `ray` (Box2D; parry with `solid = true`) on every ray the oracle decides,
//! `ray_exit` (parry with `solid = false`) on rays starting inside. An engine's
//! answer is right (tolerance `1e-4·L`, [`ENGINE_RELATIVE_TOLERANCE`]) when:
//! - the oracle misses: it misses;
//! - the oracle hits: it hits, at a fraction within the tolerance along the ray or
//!   with its point within the tolerance of the surface;
//! - the origin is inside: its own convention — Box2D v3.2 a hit at fraction 0
//!   ("initial overlap"), parry `solid = true` a hit at 0, parry `solid = false` a
//!   hit at the exit (none when the ray ends inside). These are counted as
//!   **conventions**, not errors.
//!
//! Box2D's rounded polygons go through `b2ShapeCast` with its linear slop; the
//! differences that slop explains are conventions too (see `peers::box2d::ray_cast`,
//! and `tests/peers_raycast.rs` for their derivation): a hit 0.75 to 1 slop inside
//! the surface, a miss for a ray grazing less than a slop deep, an origin less than
//! 0.75 slop outside taken as an initial overlap or one less than that inside as
//! outside, a hit outside the surface when the radius is under two slops.
//! Every answer also counts under its class ([`super::peers::PeerReport::ray_classes`]).

use super::peer_report::{PeerReport, Verdict};
use super::{fuzz_rays, judge_ray, ExactRay, FuzzPair, RayFrame, ENGINE_RELATIVE_TOLERANCE};
use crate::core::math::Transform;
use crate::core::raycast::{ray_cast, RayCastInput, RayInput};
use crate::core::shape::Shape;
use crate::peers::box2d;
use crate::peers::parry as parry_peer;
use crate::trace::peer_answer::{Engine, PeerRayCast};

/// How an engine's ray answer came out: right (agreeing or by convention) or not,
/// and its class.
struct Judged {
    ok: bool,
    class: &'static str,
}

fn right(class: &'static str) -> Judged {
    Judged { ok: true, class }
}

fn wrong(class: &'static str) -> Judged {
    Judged { ok: false, class }
}

/// One ray against one shape of a pair.
struct RayCase<'a> {
    pair: &'a FuzzPair,
    side: &'a str,
    shape: &'a Shape,
    xf: Transform,
    ray: RayInput,
    frame: RayFrame,
    exact: ExactRay,
}

impl RayCase<'_> {
    fn tol(&self) -> f64 {
        ENGINE_RELATIVE_TOLERANCE * self.frame.scale
    }

    /// The engine's fraction is the exact one: close along the ray, or on the surface.
    fn fraction_ok(&self, exact: f64, theirs: f32) -> bool {
        let along = (theirs as f64 - exact).abs() * self.frame.d.length();
        along <= self.tol() || self.frame.g(theirs as f64).abs() <= self.tol()
    }

    fn rounded_polygon(&self) -> bool {
        self.shape.vertices().len() >= 3 && self.shape.radius() > 0.0
    }

    /// Box2D's rounded-polygon target: a core distance of `max(slop, r − slop)`.
    fn box2d_target(&self) -> f64 {
        let slop = box2d::LINEAR_SLOP as f64;
        slop.max(self.frame.r - slop)
    }

    /// The ray, the oracle and an engine's answer, in words.
    fn describe(&self, engine: &str, theirs: &PeerRayCast, ours: &str) -> String {
        format!(
            "ray R{} at {}: origin ({:.9e}, {:.9e}), translation ({:.9e}, {:.9e}); exact: \
             {}, L={:.3e}, signed distance at the origin {:.3e}; ours {ours}; {engine} hit={} f={:.9e} normal=({:.6}, {:.6})",
            self.side,
            self.side,
            self.ray.origin.x,
            self.ray.origin.y,
            self.ray.translation.x,
            self.ray.translation.y,
            self.exact,
            self.frame.scale,
            self.frame.g(0.0),
            theirs.hit,
            theirs.fraction,
            theirs.normal[0],
            theirs.normal[1]
        )
    }
}

/// The pair's two rays through both engines, classified into `report`.
pub(super) fn check_rays(pair: &FuzzPair, report: &mut PeerReport) {
    check_rays_of(pair, &fuzz_rays(pair).map(|r| r.ray), report);
}

/// [`check_rays`] with other rays: `rays[0]` against A, `rays[1]` against B.
pub(super) fn check_rays_of(pair: &FuzzPair, rays: &[RayInput; 2], report: &mut PeerReport) {
    let targets = [
        ("A", &pair.shape_a, pair.transform_a()),
        ("B", &pair.shape_b, pair.transform_b()),
    ];
    for (ray, (side, shape, xf)) in rays.iter().zip(targets) {
        let frame = RayFrame::new(shape, &xf, ray);
        let exact = frame.exact();
        let case = RayCase {
            pair,
            side,
            shape,
            xf,
            ray: *ray,
            frame,
            exact,
        };
        one_ray(&case, report);
    }
}

/// Our answer to a ray: right or not, in words.
struct Ours {
    ok: bool,
    words: String,
}

fn one_ray(case: &RayCase, report: &mut PeerReport) {
    if let ExactRay::Ambiguous(_) = case.exact {
        for engine in [Engine::Box2d, Engine::Parry] {
            report.ray_class(engine, "ambiguous to f32 (not compared)");
        }
        return;
    }
    let out = ray_cast(&RayCastInput::new(case.shape, case.xf, case.ray), None);
    let ours = Ours {
        ok: judge_ray(&case.frame, &case.exact, &out).agree,
        words: format!(
            "{} f={:.9e} exit={}",
            out.termination.as_str(),
            out.fraction,
            super::exact_ray::fraction_or_none(out.exit_fraction)
        ),
    };
    match box2d::ray_cast(case.shape, case.xf, case.ray) {
        Ok(b) => {
            let j = judge_box2d(case, &b);
            record(report, case, &ours, Engine::Box2d, "ray", &b, j);
        }
        Err(e) => stopped_or_refused(report, case, Engine::Box2d, &e),
    }
    match parry_peer::ray_cast(case.shape, case.xf, case.ray, true) {
        Ok(p) => {
            let j = judge_parry_solid(case, &p);
            record(report, case, &ours, Engine::Parry, "ray", &p, j);
        }
        Err(e) => stopped_or_refused(report, case, Engine::Parry, &e),
    }
    if let ExactRay::Inside { exit } = case.exact {
        if exit.is_some_and(f64::is_nan) {
            return;
        }
        if let Ok(p) = parry_peer::ray_cast(case.shape, case.xf, case.ray, false) {
            let j = judge_parry_exit(case, exit, &p);
            record(report, case, &ours, Engine::Parry, "ray_exit", &p, j);
        }
    }
}

/// An engine's error on a ray: it refused the ray or the shape (not asked), or it
/// stopped inside the call (an assertion, a panic: counted as its own verdict).
fn stopped_or_refused(report: &mut PeerReport, case: &RayCase, engine: Engine, e: &str) {
    let label = engine.label();
    let stopped = e.starts_with(&format!("{label} asserted `"))
        || e.starts_with(&format!("{label} panicked with `"));
    if !stopped {
        report.ray_class(engine, "refused (not asked)");
        return;
    }
    report.ray_class(engine, "stopped (asserted or panicked)");
    report.record(case.pair, engine, "ray", Verdict::EngineStopped, || {
        format!("ray: {e}")
    });
}

/// Counts an engine's judged answer: its class, and its verdict beside ours.
fn record(
    report: &mut PeerReport,
    case: &RayCase,
    ours: &Ours,
    engine: Engine,
    query: &'static str,
    theirs: &PeerRayCast,
    j: Judged,
) {
    report.ray_class(engine, j.class);
    let v = Verdict::of(j.ok, ours.ok);
    report.record(case.pair, engine, query, v, || {
        format!(
            "{query}: {} — {}",
            j.class,
            case.describe(engine.key(), theirs, &ours.words)
        )
    });
}

/// Box2D's `ray` answer.
fn judge_box2d(case: &RayCase, theirs: &PeerRayCast) -> Judged {
    let slop = box2d::LINEAR_SLOP as f64;
    let rounded = case.rounded_polygon();
    let frame = &case.frame;
    match case.exact {
        ExactRay::Inside { .. } => {
            if theirs.hit && theirs.fraction == 0.0 {
                right("convention: inside → hit at 0 (initial overlap)")
            } else if rounded && frame.g(0.0) >= -0.75 * slop {
                right("convention: inside within the slop → outside (box2d slop)")
            } else {
                wrong("inside: not a hit at 0")
            }
        }
        ExactRay::Missed if theirs.hit => {
            let g_min = frame.minimum().1;
            if rounded && g_min <= case.box2d_target() + 0.25 * slop - frame.r {
                right("convention: thin rounding, passes within slop − r outside (box2d slop)")
            } else {
                wrong("hits, the oracle misses")
            }
        }
        ExactRay::Missed => right("agree"),
        ExactRay::Hit { fraction, .. } => {
            if !theirs.hit {
                return if rounded && frame.minimum().1 >= -slop {
                    right("convention: grazes less than a slop deep → miss (box2d slop)")
                } else {
                    wrong("misses, the oracle hits")
                };
            }
            if case.fraction_ok(fraction, theirs.fraction) {
                return right("agree");
            }
            let core = frame.g(theirs.fraction as f64) + frame.r;
            let target = case.box2d_target();
            let tol = case.tol();
            if rounded && core >= target - tol && core <= target + 0.25 * slop + tol {
                right("convention: hit within the slop (box2d slop)")
            } else if rounded && theirs.fraction == 0.0 && frame.g(0.0) <= 0.75 * slop {
                right("convention: origin within the slop outside → initial overlap (box2d slop)")
            } else {
                wrong("fraction differs")
            }
        }
        ExactRay::Ambiguous(_) => right("agree"),
    }
}

/// parry's `ray` answer with `solid = true`.
fn judge_parry_solid(case: &RayCase, theirs: &PeerRayCast) -> Judged {
    match case.exact {
        ExactRay::Inside { .. } if theirs.hit && theirs.fraction == 0.0 => {
            right("convention: inside → hit at 0 (solid)")
        }
        ExactRay::Inside { .. }
            if case.frame.d == glam::DVec2::ZERO || case.frame.d.length() < 1e-20 =>
        {
            wrong("inside, a zero-length ray: a miss (solid)")
        }
        ExactRay::Inside { .. } => wrong("inside: not a hit at 0 (solid)"),
        ExactRay::Missed if theirs.hit => {
            if case.frame.minimum().1 <= case.tol() {
                wrong("hits a ray passing within 1e-4·L outside")
            } else {
                wrong("hits, the oracle misses")
            }
        }
        ExactRay::Hit { fraction, .. } if theirs.hit => {
            if case.fraction_ok(fraction, theirs.fraction) {
                right("agree")
            } else if case.frame.g(theirs.fraction as f64) < 0.0 {
                wrong("hit past the surface")
            } else {
                wrong("fraction differs")
            }
        }
        ExactRay::Hit { .. } => wrong("misses, the oracle hits"),
        ExactRay::Missed | ExactRay::Ambiguous(_) => right("agree"),
    }
}

/// parry's `ray_exit` answer (`solid = false`, origin inside): the exit as its hit.
fn judge_parry_exit(case: &RayCase, exit: Option<f64>, theirs: &PeerRayCast) -> Judged {
    let ok = match exit {
        Some(x) => theirs.hit && case.fraction_ok(x, theirs.fraction),
        None => !theirs.hit,
    };
    if ok {
        right("convention: inside → the exit (solid = false)")
    } else if unit_exit_agrees(case, exit) {
        wrong("solid = false: |d| ≠ 1 units bug (right with a unit direction)")
    } else {
        wrong("solid = false: the exit differs")
    }
}

/// parry's `solid = false` exit recast with a unit direction (the same ray: the
/// translation normalised, `max_fraction` scaled by its length), brought back to
/// the ray's fraction: the exact exit? (parry shifts the origin by a length along
/// the normalised direction and casts back with the unnormalised one.)
fn unit_exit_agrees(case: &RayCase, exit: Option<f64>) -> bool {
    let len = case.ray.translation.length();
    if len <= 0.0 || !len.is_finite() {
        return false;
    }
    let mut unit = case.ray;
    unit.translation /= len;
    unit.max_fraction *= len;
    let Ok(p) = parry_peer::ray_cast(case.shape, case.xf, unit, false) else {
        return false;
    };
    match exit {
        Some(x) => p.hit && case.fraction_ok(x, p.fraction / len),
        None => !p.hit,
    }
}
