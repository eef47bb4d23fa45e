//! One pose of a sweep: each source's answer to the quantities asked — ours (the
//! algorithm swept, traces off), Box2D v3's and parry2d's (through `peers::ask`, in
//! our terms) and the exact f64 one (the fuzzer's references).
//!
//! Which query a quantity reads depends on the algorithm (see the book's Sweeps
//! chapter): the normal is GJK's for `gjk`, EPA's for `epa`, SAT's axis for `sat`, the
//! manifold's for `manifold` and `box-box`, the time of impact's for `toi`, `cast`
//! and `toi-rotating`; the depth is the manifold's deepest point for `manifold` and
//! `box-box` and the penetration depth otherwise; points and ids are always a
//! manifold's (the algorithm's, else the scene's source).

use super::{Answer, Quantity, What};
use crate::core::box_box::box_box;
use crate::core::epa::penetration;
use crate::core::gjk::shape_distance;
use crate::core::manifold::{contact_manifold, ManifoldSource};
use crate::core::sat::separating_axis;
use crate::core::toi::rotating::{time_of_impact, ToiTermination};
use crate::core::toi::shape_cast::shape_cast;
use crate::core::toi::swept_sat::swept_sat;
use crate::scene::build::PairInputs;
use crate::scene::view_state::Algorithm;
use crate::verify::{ExactToi, FuzzPair, Reference, RotatingOracle};
use glam::Vec2;

/// The normal's direction, degrees counter-clockwise from +x.
pub(super) fn angle_deg(n: Vec2) -> Option<f64> {
    (n.is_finite() && n != Vec2::ZERO).then(|| (n.y as f64).atan2(n.x as f64).to_degrees())
}

/// Whether the algorithm's answer is a contact manifold.
pub(super) fn is_manifold(algorithm: Algorithm) -> bool {
    matches!(algorithm, Algorithm::Manifold | Algorithm::BoxBox)
}

/// Our answer.
pub(super) fn ours(
    algorithm: Algorithm,
    source: ManifoldSource,
    inputs: &PairInputs,
    what: &What,
) -> Answer {
    let mut out = Answer::default();
    if what.has(Quantity::Distance) || algorithm == Algorithm::Gjk {
        let d = shape_distance(&inputs.distance(), None, None);
        out.distance = Some(d.distance as f64);
        if algorithm == Algorithm::Gjk {
            out.normal = d.normal.and_then(angle_deg);
            out.iterations = Some(d.iterations);
        }
    }
    if (what.has(Quantity::Depth) && !is_manifold(algorithm)) || algorithm == Algorithm::Epa {
        let p = penetration(&inputs.penetration(), None, None);
        out.depth = p.map(|p| p.depth as f64);
        if algorithm == Algorithm::Epa {
            out.normal = p.and_then(|p| angle_deg(p.normal));
            out.iterations = p.map(|p| p.iterations);
        }
    }
    if algorithm == Algorithm::Sat {
        out.normal = angle_deg(separating_axis(&inputs.sat(), None).normal);
    }
    if is_manifold(algorithm) || what.has(Quantity::Points) || what.has(Quantity::Ids) {
        manifold(algorithm, source, inputs, &mut out);
    }
    if what.has(Quantity::Toi)
        || matches!(
            algorithm,
            Algorithm::Toi | Algorithm::Cast | Algorithm::Rotating
        )
    {
        toi(algorithm, inputs, &mut out);
    }
    out
}

/// Points, ids (and for a manifold algorithm its normal and depth) of our manifold.
fn manifold(algorithm: Algorithm, source: ManifoldSource, inputs: &PairInputs, out: &mut Answer) {
    let m = if algorithm == Algorithm::BoxBox {
        let Ok(b) = box_box(&inputs.box_box(), None) else {
            return;
        };
        let points: Vec<(f32, u32)> = b.points().iter().map(|p| (p.separation, p.id)).collect();
        (b.normal, points)
    } else {
        let m = contact_manifold(&inputs.manifold(source), None);
        let points: Vec<(f32, u32)> = m.points().iter().map(|p| (p.separation, p.id)).collect();
        (m.normal, points)
    };
    set_manifold(algorithm, m.0, &m.1, out);
}

/// A manifold's normal, points (separation, id) into `out`.
pub(super) fn set_manifold(
    algorithm: Algorithm,
    normal: Vec2,
    points: &[(f32, u32)],
    out: &mut Answer,
) {
    out.points = Some(points.len() as u32);
    out.ids = Some(points.iter().map(|p| p.1).collect());
    if is_manifold(algorithm) && !points.is_empty() {
        out.normal = angle_deg(normal);
        out.depth = points
            .iter()
            .map(|p| -(p.0 as f64))
            .fold(None, |m: Option<f64>, d| Some(m.map_or(d, |m| m.max(d))));
    }
}

/// The time of impact the algorithm computes (a translation-only one for the others:
/// the shape cast, or the rotating one when a shape turns).
fn toi(algorithm: Algorithm, inputs: &PairInputs, out: &mut Answer) {
    let moving = inputs.moving();
    let alg = match algorithm {
        Algorithm::Toi | Algorithm::Cast | Algorithm::Rotating => algorithm,
        _ if inputs.rotating() => Algorithm::Rotating,
        _ if moving => Algorithm::Cast,
        _ => return,
    };
    let own = alg == algorithm;
    match alg {
        Algorithm::Toi => {
            let s = swept_sat(&inputs.swept(), None);
            out.toi = s.hit.then_some(s.t as f64);
            if own && s.hit {
                out.normal = angle_deg(s.normal);
            }
        }
        Algorithm::Cast => {
            let c = shape_cast(&inputs.cast(), None);
            out.toi = c.hit.then_some(c.t as f64);
            if own {
                out.normal = c.hit.then(|| angle_deg(c.normal)).flatten();
                out.iterations = Some(c.iterations);
            }
        }
        _ => {
            let r = time_of_impact(&inputs.rotating_toi(), None);
            let hit = r.termination == ToiTermination::Hit;
            out.toi = hit.then_some(r.t as f64);
            if own {
                out.normal = hit.then(|| angle_deg(r.normal)).flatten();
                out.iterations = Some(r.iterations);
            }
        }
    }
}

/// The exact answer: distance, depth, the normal (closest points, or least
/// penetration), the time of impact (swept hull, or the rotating oracle).
pub(super) fn exact(algorithm: Algorithm, pair: &FuzzPair, what: &What) -> Answer {
    let mut out = Answer::default();
    let needs_reference = what.has(Quantity::Distance)
        || what.has(Quantity::Depth)
        || what.has(Quantity::Normal)
        || what.has(Quantity::Toi);
    if !needs_reference {
        return out;
    }
    let r = Reference::new(pair);
    out.distance = Some(r.distance());
    out.depth = (r.signed < 0.0).then_some(-r.signed);
    if !matches!(
        algorithm,
        Algorithm::Toi | Algorithm::Cast | Algorithm::Rotating | Algorithm::Clip
    ) {
        out.normal = r
            .normal
            .map(|n| n.y.atan2(n.x).to_degrees())
            .filter(|a| a.is_finite());
    }
    if what.has(Quantity::Toi) {
        let turning = pair.angular_velocity_a != 0.0 || pair.angular_velocity_b != 0.0;
        if turning {
            let oracle = RotatingOracle::of_pair(pair);
            let radii = (pair.shape_a.radius() + pair.shape_b.radius()) as f64;
            out.toi = oracle.first_within(radii, 0.0).t;
        } else if pair.velocity_a != pair.velocity_b {
            out.toi = ExactToi::new(pair, &r).t_hit;
        }
    }
    out
}

/// An engine's answer in our terms, read as the sweep's quantities.
#[cfg(feature = "peers")]
pub(super) fn engine(
    engine: crate::trace::peer_answer::Engine,
    algorithm: Algorithm,
    inputs: &PairInputs,
) -> Answer {
    let a = crate::peers::ask(engine, inputs);
    let mut out = Answer {
        distance: a.distance.as_ref().map(|d| d.distance as f64),
        ..Answer::default()
    };
    if !is_manifold(algorithm) {
        out.depth = a.penetration.as_ref().map(|p| p.depth as f64);
    }
    if let Some(m) = &a.manifold {
        let points: Vec<(f32, u32)> = m
            .points
            .iter()
            .map(|p| (p.separation, p.id.unwrap_or(u32::MAX)))
            .collect();
        set_manifold(algorithm, Vec2::from(m.normal), &points, &mut out);
    }
    let hit = a.toi.as_ref().filter(|t| t.hit);
    if inputs.moving() {
        out.toi = hit.map(|t| t.t as f64);
    }
    match algorithm {
        Algorithm::Gjk => {
            out.normal = a
                .distance
                .as_ref()
                .and_then(|d| d.normal)
                .and_then(|n| angle_deg(Vec2::from(n)));
            out.iterations = a.distance.as_ref().and_then(|d| d.iterations);
        }
        Algorithm::Epa => {
            out.normal = a
                .penetration
                .as_ref()
                .and_then(|p| angle_deg(Vec2::from(p.normal)));
        }
        Algorithm::Toi | Algorithm::Cast | Algorithm::Rotating => {
            out.normal = hit.and_then(|t| angle_deg(Vec2::from(t.normal)));
            out.iterations = a.toi.as_ref().and_then(|t| t.iterations);
        }
        _ => {}
    }
    out
}
