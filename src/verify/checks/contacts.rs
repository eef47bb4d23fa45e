//! The manifolds (EPA and SAT normal) and the Sutherland–Hodgman overlap against the
//! exact reference.

use super::*;

use crate::core::manifold::{ContactId, IdKind, ManifoldCase, ManifoldOutput, ManifoldTermination};
use crate::core::sat::Owner;
use crate::core::sutherland_hodgman::{ClipOutput, ClipTermination};
use crate::scene::Settings;
use glam::DVec2;

/// A manifold against the exact answer: whether it has points at all, its normal and
/// number of points, each point, and the deepest point's depth.
pub(in crate::verify) fn check_manifold(
    sink: &mut Sink,
    ex: &Reference,
    m: &ManifoldOutput,
    settings: &Settings,
    source: &str,
) {
    check_manifold_verdict(sink, ex, m, settings, source);
    // Box2D's clip found the incident edge beside the reference face: no points to
    // check (not a claim that the pair is apart).
    if m.is_separated() || m.termination == ManifoldTermination::NoOverlap {
        return;
    }
    let n = check_manifold_normal(sink, m, source);
    let pen = ex.penetration_along(n);
    check_manifold_points(sink, ex, m, n, pen, source);
    // The deepest point against the penetration along the normal.
    if m.termination == ManifoldTermination::Contact {
        check_deepest_point(sink, ex, m, n, pen, source);
    }
}

/// A manifold exactly when within the speculative distance.
fn check_manifold_verdict(
    sink: &mut Sink,
    ex: &Reference,
    m: &ManifoldOutput,
    settings: &Settings,
    source: &str,
) {
    let spec = settings.speculative_distance as f64;
    let verdict_err = if m.is_separated() {
        (spec - ex.signed).max(0.0)
    } else {
        (ex.signed - spec).max(0.0)
    };
    sink.record(
        Check::ManifoldPoints,
        verdict_err,
        ex.length_tolerance(),
        || {
            format!(
                "{source} manifold is {}, the exact signed distance is {:.9e} and the speculative \
             distance {spec}",
                m.termination.as_str(),
                ex.signed
            )
        },
    );
}

/// A unit normal and one or two points; returns the normal made unit (zero when it
/// has no length).
fn check_manifold_normal(sink: &mut Sink, m: &ManifoldOutput, source: &str) -> DVec2 {
    let n_raw = f(m.normal);
    let pts = m.points();
    sink.require(
        Check::ManifoldPoints,
        (n_raw.length() - 1.0).abs() <= 1.0e-5 && !pts.is_empty() && pts.len() <= 2,
        || {
            format!(
                "{source} manifold: normal {} (length {:.7}), {} points",
                fmt_v(n_raw),
                n_raw.length(),
                pts.len()
            )
        },
    );
    n_raw.normalize_or_zero()
}

/// Each point: its separation agrees with its two points along the normal `n`, it is
/// no deeper than the exact penetration `pen` along `n`, and its points lie on the
/// shapes' outlines.
fn check_manifold_points(
    sink: &mut Sink,
    ex: &Reference,
    m: &ManifoldOutput,
    n: DVec2,
    pen: f64,
    source: &str,
) {
    let ptol = ex.point_tolerance();
    for (k, p) in m.points().iter().enumerate() {
        let (pa, pb) = (f(p.point_a), f(p.point_b));
        let sep = p.separation as f64;
        let consistency = ((pb - pa).dot(n) - sep).abs();
        let too_deep = (-pen - sep).max(0.0);
        let core_a = pa - n * ex.ra;
        let core_b = pb + n * ex.rb;
        let (on_a, on_b) = (sd_core(&ex.a, core_a), sd_core(&ex.b, core_b));
        let err = consistency.max(too_deep).max(on_a.abs()).max(on_b.abs());
        sink.record(Check::ManifoldPoints, err, ptol, || {
            format!(
                "{source} manifold ({}) point {k}: point_a {} point_b {} separation {sep:.9e}; \
                 (point_b - point_a)·normal differs by {consistency:.3e}; deeper than the \
                 penetration along the normal ({pen:.9e}) by {too_deep:.3e}; A's core point is \
                 {on_a:.3e} from A's core outline, B's {on_b:.3e} from B's",
                m.case.map(|c| c.as_str()).unwrap_or("-"),
                fmt_v(pa),
                fmt_v(pb)
            )
        });
    }
}

/// The deepest point's separation against the exact penetration `pen` along the
/// normal `n`, where clipping keeps the deepest vertex (else nothing to compare).
fn check_deepest_point(
    sink: &mut Sink,
    ex: &Reference,
    m: &ManifoldOutput,
    n: DVec2,
    pen: f64,
    source: &str,
) {
    let tol = ex.length_tolerance();
    let Some(deepest) = m.deepest() else {
        return;
    };
    let Some(id) = ContactId::unpack(deepest.features) else {
        sink.require(Check::ManifoldDepth, false, || {
            format!(
                "{source} manifold: features {:#x} do not unpack",
                deepest.features
            )
        });
        return;
    };
    let in_slab = match m.case {
        Some(ManifoldCase::PointPoint) | Some(ManifoldCase::VertexVertex) => true,
        Some(ManifoldCase::SegmentSegment) => deepest_in_slab(ex, m, id, n, tol),
        Some(ManifoldCase::PointSegment) => {
            id.kind == IdKind::IncidentVertex && deepest_in_slab(ex, m, id, n, tol)
        }
        None => false,
    };
    if in_slab {
        let sep = deepest.separation as f64;
        let err = (sep + pen).abs();
        sink.record(Check::ManifoldDepth, err, ex.point_tolerance(), || {
            format!(
                "{source} manifold ({}): deepest separation {sep:.9e}, exact penetration along \
                 the manifold normal {} is {pen:.9e} (exact depth {:.9e})",
                m.case.map(|c| c.as_str()).unwrap_or("-"),
                fmt_v(n),
                ex.depth()
            )
        });
    }
}

/// Does the incident shape's deepest vertex along the reference face's outward normal
/// lie between the reference face's side planes (by a margin)? Then clipping keeps it
/// and the deepest manifold point is that vertex.
pub(in crate::verify) fn deepest_in_slab(
    ex: &Reference,
    m: &ManifoldOutput,
    id: ContactId,
    n: DVec2,
    tol: f64,
) -> bool {
    let (reference, incident, out) = match m.reference {
        Some(Owner::A) => (&ex.a, &ex.b, n),
        Some(Owner::B) => (&ex.b, &ex.a, -n),
        None => return false,
    };
    let k = reference.len();
    if k < 2 {
        return false;
    }
    let i1 = id.reference_index as usize % k;
    let (e1, e2) = (reference[i1], reference[(i1 + 1) % k]);
    let len = (e2 - e1).length();
    if len == 0.0 {
        return false;
    }
    let tangent = (e2 - e1) / len;
    let margin = SLAB_MARGIN * tol;
    let lowest = incident
        .iter()
        .map(|v| v.dot(out))
        .fold(f64::INFINITY, f64::min);
    incident.iter().any(|v| {
        let along = (*v - e1).dot(tangent);
        v.dot(out) <= lowest + tol && along >= margin && along <= len - margin
    })
}

pub(in crate::verify) fn check_clip(sink: &mut Sink, ex: &Reference, c: &ClipOutput) {
    let ptol = ex.point_tolerance();
    let exact = clip64(&ex.a, &ex.b);
    let area = 0.5 * twice_area64(&exact).abs();
    let atol = ptol * (perimeter64(&ex.a) + perimeter64(&ex.b));
    let area_err = (c.area as f64 - area).abs();
    sink.record(Check::ClipRegion, area_err, atol, || {
        format!(
            "Sutherland–Hodgman area {:.9e}, exact {area:.9e} ({} vertices, outcome {})",
            c.area,
            c.polygon.len(),
            c.termination.as_str()
        )
    });
    // Every output vertex on the inner side of every edge line of both cores. (Not the
    // Euclidean distance outside: a crossing of two nearly parallel lines, as at a
    // sliver's tip, slides along them by ε/sin φ, which the half-plane test does not
    // see and Sutherland–Hodgman does not promise: each crossing is a convex
    // combination of points already inside the earlier half-planes.)
    let outside = c
        .polygon
        .iter()
        .map(|v| half_plane_excess(&ex.a, f(*v)).max(half_plane_excess(&ex.b, f(*v))))
        .fold(0.0, f64::max);
    sink.record(Check::ClipRegion, outside, ptol, || {
        format!("a Sutherland–Hodgman vertex lies {outside:.3e} beyond an edge line of a core")
    });
    // Disjoint when an edge line of B (the clip polygon: A is clipped by B's lines
    // only) separates them beyond the rounding. Not the Euclidean gap: near a sliver's
    // tip, A's points 3e-5 from B lie within 1e-7 of both of B's tip lines, which is
    // all Sutherland–Hodgman can see.
    let line_gap = ex.sep_b.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // A polygon whose area is within what rounding its world vertices changes
    // (perimeter × the point tolerance, twice) is not resolved by f32 as a polygon
    // (a 0.53 × 0.01 triangle at x = 85 397, where the f32 spacing is 0.0078):
    // "degenerate input" is then a fair answer, and a wrong one otherwise.
    let resolved = |p: &[DVec2]| twice_area64(p).abs() > 2.0 * ptol * perimeter64(p);
    let outcome_ok = if c.termination == ClipTermination::DegenerateInput {
        !(resolved(&ex.a) && resolved(&ex.b))
    } else if area > atol {
        c.termination == ClipTermination::Overlap
    } else if line_gap > ptol {
        c.termination == ClipTermination::Disjoint
    } else {
        true
    };
    sink.require(Check::ClipRegion, outcome_ok, || {
        format!(
            "Sutherland–Hodgman says {}; exact overlap area {area:.9e}, exact core signed \
             distance {:.9e}, largest gap beyond an edge line of B {line_gap:.9e}",
            c.termination.as_str(),
            ex.core_signed
        )
    });
}

/// How far `p` lies beyond the farthest edge line of a convex CCW polygon (negative
/// inside).
pub(in crate::verify) fn half_plane_excess(core: &[DVec2], p: DVec2) -> f64 {
    let n = core.len();
    (0..n)
        .map(|i| {
            let e = core[(i + 1) % n] - core[i];
            DVec2::new(e.y, -e.x).normalize_or_zero().dot(p - core[i])
        })
        .fold(f64::NEG_INFINITY, f64::max)
}
