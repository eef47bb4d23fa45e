//! The algorithm `ray` in words, one record of the cast per step, and its numbers.
//! Every sentence is built from the trace (`core::raycast::RayTrace`).

use super::{RayMethodChoice, RayStep, RayStudy, SteppedRay};
use crate::core::raycast::{
    CircleRecord, ClipAction, ClipStep, FlatRecord, GjkMarch, GjkRayStep, GjkRayStop,
    RayCastOutput, RayMethod, RayTermination,
};
use crate::view::text::p;

const NO_RAY: &str = "This scene has no rays. Add one in the panel (Rays → Add a ray) or in the scene file: rays: [(name: \"R\", origin: (x, y), translation: (dx, dy))]. The ray covers origin + f·translation for f from 0 to 1 and is cast against shape A.";

/// Ray step `k`.
pub fn ray_step(study: &RayStudy, k: usize) -> String {
    let Some(st) = &study.cast else {
        return NO_RAY.to_string();
    };
    let t = &st.trace;
    match st.step(k) {
        RayStep::Clip(i) => clip_text(&t.clip[i], i == 0),
        RayStep::Circle(i) => circle_text(&t.circles[i]),
        RayStep::Flat(i) => flat_text(&t.flats[i]),
        RayStep::Gjk(i) => gjk_text(&t.gjk[i]),
        RayStep::Answer => answer_text(st),
    }
}

fn clip_text(s: &ClipStep, first: bool) -> String {
    let start = if first {
        "Box2D's polygon clip keeps the part [lower, upper] of the ray inside every edge's half-plane, starting from [0, 1]. "
    } else {
        ""
    };
    let side = if s.numerator >= 0.0 {
        "behind its line (inside its half-plane)"
    } else {
        "in front of its line (outside its half-plane)"
    };
    let plane = format!(
        "Edge {} (outward normal {}): n·(v − origin) = {:.4}, the origin lies {side}; n·translation = {:.4}, how fast the ray moves along the normal. ",
        s.edge,
        p(s.normal),
        s.numerator,
        s.denominator
    );
    let verdict = match (s.action, s.crossing) {
        (ClipAction::RaisesLower, Some(f)) => format!("Entering: the ray crosses this line at f = {f:.4}, later than every entry so far, so lower rises to {f:.4}; this edge is the candidate hit."),
        (ClipAction::KeepsLower, Some(f)) => format!("Entering at f = {f:.4}, but not later than lower: nothing changes."),
        (ClipAction::LowersUpper, Some(f)) => format!("Leaving: the ray crosses out at f = {f:.4}, earlier than upper, so upper falls to {f:.4}."),
        (ClipAction::KeepsUpper, Some(f)) => format!("Leaving at f = {f:.4}, after upper: nothing changes."),
        (ClipAction::ParallelInside, _) => "The ray runs parallel to this edge, behind it: the whole line is inside this half-plane, nothing changes.".to_string(),
        (ClipAction::ParallelOutside, _) => "The ray runs parallel to this edge, in front of it: no point of it is inside, so the ray misses.".to_string(),
        (_, None) => "No crossing.".to_string(),
    };
    let after = if s.emptied {
        format!(
            " Now lower {:.4} > upper {:.4}: the interval is empty, the ray misses and the clip stops here.",
            s.lower, s.upper
        )
    } else {
        format!(" The interval is [{:.4}, {:.4}].", s.lower, s.upper)
    };
    format!("{start}{plane}{verdict}{after}")
}

fn circle_text(r: &CircleRecord) -> String {
    let approach = format!(
        "The circle of the {} (centre {}, radius {:.4}): the ray's line passes nearest its centre at f = {:.4}, {:.4} away.",
        r.feature.label(),
        p(r.center),
        r.radius,
        r.closest_fraction,
        r.closest_distance
    );
    match (r.enter, r.exit) {
        (Some(a), Some(b)) => format!(
            "{approach} That is within the radius, so the line crosses the circle twice: in at f = {a:.4}, out at f = {b:.4} (the closest fraction ∓ √(r² − d²) / |translation|)."
        ),
        _ => format!("{approach} That is more than the radius: the line misses this circle."),
    }
}

fn flat_text(r: &FlatRecord) -> String {
    let head = format!(
        "The flat piece {} from {} to {} (outward normal {}): ",
        r.feature.label(),
        p(r.a),
        p(r.b),
        p(r.normal)
    );
    let (Some(f), Some(along)) = (r.fraction, r.along) else {
        return head + "the ray runs parallel to it, so its line never crosses it.";
    };
    let dir = if r.denominator < 0.0 {
        "against the normal (entering through it)"
    } else {
        "along the normal (leaving through it)"
    };
    let counts = if r.counts {
        "inside the piece: it counts."
    } else {
        "outside the piece (not between 0 and 1): it does not count."
    };
    format!("{head}the line crosses it at f = {f:.4}, moving {dir}, at {along:.3} of the way from its first end to its second, {counts}")
}

fn gjk_text(s: &GjkRayStep) -> String {
    let march = match s.march {
        GjkMarch::Forward => "The GJK ray cast marches along the ray",
        GjkMarch::Exit => "The origin is in the shape; to find where the ray leaves, GJK marches back from the ray's end",
        GjkMarch::Entry => "The origin is in the shape; to find where the line enters, GJK marches from far behind the origin",
    };
    let mut out = format!(
        "{march}. Iteration {}: the point x at λ = {:.4} is {} and lies {:.4} from the simplex ({} point{}).",
        s.iteration,
        s.lambda,
        p(s.point),
        s.distance,
        s.simplex.len(),
        if s.simplex.len() == 1 { "" } else { "s" }
    );
    if let (Some(d), Some(w), Some(gap)) = (s.direction, s.support, s.gap) {
        out += &format!(
            " Towards x the shape reaches farthest at its vertex {} (direction {}); x lies {gap:.4} in front of that support plane (radius included).",
            p(w),
            p(d)
        );
    }
    if let Some(f) = s.advanced_to {
        out += &format!(" The plane separates x and the ray runs into it: λ advances to {f:.4}, where the ray meets the plane.");
    }
    if let Some(f) = s.polished_to {
        out += &format!(
            " Stopped on a rounded corner: λ is closed exactly on that corner's circle, at {f:.4}."
        );
    }
    if let Some(stop) = s.stop {
        out += " ";
        out += match stop {
            GjkRayStop::Converged => "x is within the tolerance of the shape: the hit is here.",
            GjkRayStop::Enclosed => "The simplex is a triangle around x: x is inside the core.",
            GjkRayStop::Stalled => "The support point repeats a simplex point and no plane separates: the distance cannot shrink further (rounding): the hit is here.",
            GjkRayStop::MovingAway => "The plane separates x and the ray runs parallel to it or away from it: the ray can never reach the shape, a miss.",
            GjkRayStop::PastEnd => "The next plane lies beyond the ray's end: a miss.",
            GjkRayStop::MaxIterations => "The iteration bound is reached before the march decided.",
        };
    }
    out
}

fn answer_text(st: &SteppedRay) -> String {
    let o = &st.output;
    let method = match (st.method, st.trace.method) {
        (RayMethodChoice::Gjk, _) => format!("GJK ray cast, {} support evaluations", o.iterations),
        (_, RayMethod::Point) => "zero-length ray: a point query".to_string(),
        (_, m) => format!("exact {} function", m.as_str().replace('_', " ")),
    };
    format!("{} ({method}).", outcome(o))
}

/// The answer in one sentence.
fn outcome(o: &RayCastOutput) -> String {
    match o.termination {
        RayTermination::Hit if o.fraction == 0.0 => format!(
            "Hit at f = 0: the origin {} is on the boundary ({}) and the ray runs into the shape; normal {}",
            p(o.point),
            o.feature.label(),
            p(o.normal)
        ),
        RayTermination::Hit => format!(
            "Hit: the ray first meets the shape at f = {:.5}, the point {} on {}, outward normal {}",
            o.fraction,
            p(o.point),
            o.feature.label(),
            p(o.normal)
        ),
        RayTermination::Inside => match o.exit_fraction {
            Some(f) => format!("The origin is inside the shape: no hit (Box2D v3.0's and parry's hollow convention; Box2D v3.2 and parry's solid cast report a hit at f = 0). The ray leaves the shape at f = {f:.5}"),
            None => "The origin is inside the shape and the whole ray stays inside: no hit, no exit".to_string(),
        },
        RayTermination::Missed => "Miss: no point of the ray lies in the shape".to_string(),
        RayTermination::MaxIterations => format!("Stopped at the iteration bound; the ray is outside the shape on [0, {:.5})", o.fraction),
        s => format!("Refused: {}", s.as_str().replace('_', " ")),
    }
}

/// The numbers of the ray step.
pub fn ray_rows(st: &SteppedRay, k: usize, rows: &mut Vec<(String, String)>) {
    let mut row = |l: &str, v: String| rows.push((l.to_string(), v));
    row("ray origin", p(st.input.origin));
    row("ray translation", p(st.input.translation));
    row("method", st.trace.method.as_str().replace('_', " "));
    row(
        "step",
        format!("{} of {}", k.min(st.steps.len() - 1) + 1, st.steps.len()),
    );
    match st.step(k) {
        RayStep::Clip(i) => {
            let s = &st.trace.clip[i];
            row("edge", s.edge.to_string());
            row("n·(v − o)", format!("{:.6}", s.numerator));
            row("n·d", format!("{:.6}", s.denominator));
            row("lower", format!("{:.6}", s.lower));
            row("upper", format!("{:.6}", s.upper));
        }
        RayStep::Circle(i) => {
            let c = &st.trace.circles[i];
            row("closest f", format!("{:.6}", c.closest_fraction));
            row("closest distance", format!("{:.6}", c.closest_distance));
            row("radius", format!("{:.6}", c.radius));
        }
        RayStep::Flat(i) => {
            let f = &st.trace.flats[i];
            row("n·d", format!("{:.6}", f.denominator));
            row(
                "crossing f",
                f.fraction.map_or("—".into(), |f| format!("{f:.6}")),
            );
            row("along", f.along.map_or("—".into(), |a| format!("{a:.4}")));
        }
        RayStep::Gjk(i) => {
            let g = &st.trace.gjk[i];
            row("λ", format!("{:.6}", g.lambda));
            row("distance", format!("{:.6}", g.distance));
            row("gap", g.gap.map_or("—".into(), |g| format!("{g:.6}")));
        }
        RayStep::Answer => {}
    }
    let o = &st.output;
    row("status", o.termination.as_str().to_string());
    row("fraction", format!("{:.6}", o.fraction));
    if o.hit {
        row("point", p(o.point));
        row("normal", p(o.normal));
        row("feature", o.feature.label());
    }
    if let Some(f) = o.exit_fraction {
        row("exit fraction", format!("{f:.6}"));
    }
}
