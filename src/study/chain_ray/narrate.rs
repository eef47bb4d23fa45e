//! The ray against the chains in words, one segment per step, then the closest hit; and
//! the numbers.

use super::{ChainRayStep, ChainRayStudy};
use crate::core::chain::{ChainRayTermination, SegmentRayVerdict};
use crate::scene::Scene;
use crate::view::text::p;

const NO_RAY: &str = "This algorithm casts a scene ray against the scene's chains, each segment one-sided as Box2D casts chains. The scene has no ray: add one in the panel (Rays → Add a ray) or in the file: rays: [(name: \"R\", origin: (x, y), translation: (dx, dy))].";
const NO_CHAIN: &str = "This algorithm casts a scene ray against the scene's chains, each segment one-sided as Box2D casts chains. The scene has no chain: add one in the file, e.g. (name: \"Floor\", geometry: Chain(points: [(4.0, 0.0), (-4.0, 0.0)], loop: false), position: (0.0, 0.0), angle: 0.0).";

/// Step `k` in words.
pub fn chain_ray_step(scene: &Scene, study: &ChainRayStudy, k: usize) -> String {
    if study.ray.is_none() {
        return NO_RAY.to_string();
    }
    if study.casts.is_empty() {
        return NO_CHAIN.to_string();
    }
    match study.step(k) {
        ChainRayStep::Segment { cast, record } => {
            let c = &study.casts[cast];
            let name = scene.chains.get(c.chain).map_or("", |ch| ch.name.as_str());
            let r = &c.trace.segments[record];
            let head = format!(
                "{name}, segment {} from {} to {}: its one-sided normal points to the right of the way it runs; the material is on the left.",
                r.segment,
                p(r.a),
                p(r.b)
            );
            let f = r.fraction.unwrap_or(0.0);
            let tail = match r.verdict {
                SegmentRayVerdict::SolidSide => format!(
                    " The ray starts left of the segment's line (cross product {:.4} < 0), the material's side: Box2D skips the segment, so a ray from that side passes through it.",
                    r.offset
                ),
                SegmentRayVerdict::Degenerate => " The segment has no length: skipped.".to_string(),
                SegmentRayVerdict::Parallel => " The ray runs parallel to the segment's line: it never crosses it.".to_string(),
                SegmentRayVerdict::OutOfRange => format!(
                    " The ray's line crosses the segment's line at f = {f:.4}, {} the ray: no hit.",
                    if f < 0.0 { "behind the origin of" } else { "beyond the end of" }
                ),
                SegmentRayVerdict::OffSegment => format!(
                    " The ray crosses the segment's line at f = {f:.4}, {:.4} along it from its first point, outside its length {:.4}: no hit.",
                    r.along.unwrap_or(0.0),
                    r.length
                ),
                SegmentRayVerdict::Hit => format!(
                    " The ray starts on the normal's side and crosses the segment at f = {f:.4}, {:.4} along it: a hit at {}, normal {}.",
                    r.along.unwrap_or(0.0),
                    r.point.map(p).unwrap_or_default(),
                    r.normal.map(p).unwrap_or_default()
                ),
            };
            head + &tail
        }
        ChainRayStep::Answer => match study.answer() {
            Some((i, o)) => {
                let c = &study.casts[i];
                let name = scene.chains.get(c.chain).map_or("", |ch| ch.name.as_str());
                let hits: usize = study
                    .casts
                    .iter()
                    .map(|c| {
                        c.trace
                            .segments
                            .iter()
                            .filter(|r| r.verdict == SegmentRayVerdict::Hit)
                            .count()
                    })
                    .sum();
                format!(
                    "The closest of {hits} hit{} is {name}'s segment {} at f = {:.4}: the point {} with normal {}.",
                    if hits == 1 { "" } else { "s" },
                    o.segment.unwrap_or(0),
                    o.fraction,
                    p(o.point),
                    p(o.normal)
                )
            }
            None if study
                .casts
                .iter()
                .any(|c| c.output.termination == ChainRayTermination::NonFiniteInput) =>
            {
                "The ray or a chain's pose is not a finite number: nothing was cast.".to_string()
            }
            None => "No segment is hit: the ray misses the chains (or leaves them from their solid side).".to_string(),
        },
    }
}

/// The numbers of step `k`.
pub fn chain_ray_rows(scene: &Scene, study: &ChainRayStudy, k: usize) -> Vec<(String, String)> {
    let mut rows = Vec::new();
    let mut row = |l: &str, v: String| rows.push((l.to_string(), v));
    let Some((_, ray)) = study.ray else {
        return rows;
    };
    row("ray origin", p(ray.origin));
    row("ray translation", p(ray.translation));
    if let ChainRayStep::Segment { cast, record } = study.step(k) {
        let c = &study.casts[cast];
        let r = &c.trace.segments[record];
        row(
            "chain",
            scene
                .chains
                .get(c.chain)
                .map_or(String::new(), |ch| ch.name.clone()),
        );
        row("segment", r.segment.to_string());
        row("cross(o − a, b − a)", format!("{:.6}", r.offset));
        if let (Some(n), Some(d)) = (r.numerator, r.denominator) {
            row("n·(a − o)", format!("{n:.6}"));
            row("n·d", format!("{d:.6}"));
        }
        if let Some(f) = r.fraction {
            row("crossing f", format!("{f:.6}"));
        }
        if let Some(s) = r.along {
            row("along / length", format!("{s:.6} / {:.6}", r.length));
        }
        row("verdict", format!("{:?}", r.verdict));
    }
    match study.answer() {
        Some((i, o)) => {
            let name = scene
                .chains
                .get(study.casts[i].chain)
                .map_or("", |ch| ch.name.as_str());
            row(
                "closest hit",
                format!("{name} segment {}", o.segment.unwrap_or(0)),
            );
            row("fraction", format!("{:.6}", o.fraction));
            row("point", p(o.point));
            row("normal", p(o.normal));
        }
        None => row("closest hit", "none".to_string()),
    }
    rows
}
