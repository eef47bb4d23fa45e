//! The ray against the chains, drawn (world space): the ray, the segments tried so far
//! (faded), this step's segment with its one-sided normal and its verdict — skipped on
//! the solid side (red), a crossing off the segment or out of range (the crossing
//! marked), a hit (green, with the normal) — and at the end the closest hit.

use super::{ChainRayStep, ChainRayStudy};
use crate::core::chain::{SegmentRayRecord, SegmentRayVerdict};
use crate::core::raycast::RayInput;
use crate::scene::Scene;
use crate::view::draw::{dot, hit_prims, seg, size_of_scene, tag, LayerId, Prim, Rgba};
use crate::view::palette::{ERROR, KEPT};
use glam::Vec2;

/// The layer at `step`.
pub fn chain_ray_layer(scene: &Scene, study: &ChainRayStudy, step: usize) -> Vec<Prim> {
    let c = LayerId::RayCast.color();
    let mut p = Vec::new();
    let Some((r, ray)) = study.ray else {
        return p;
    };
    let len = 0.15 * size_of_scene(scene);
    p.push(seg(ray.at(0.0), ray.at(1.0), 1.2, c.with_alpha(150), true));
    p.push(dot(ray.at(0.0), 4.5, c));
    p.push(Prim::Arrow {
        from: ray.at(0.96),
        to: ray.at(1.0),
        width: 1.5,
        color: c.with_alpha(180),
    });
    let name = scene.rays.get(r).map_or("", |x| x.name.as_str());
    p.push(tag(
        ray.at(0.0),
        Vec2::new(-14.0, 18.0),
        format!("{name} f=0"),
        c,
    ));
    match study.step(step) {
        ChainRayStep::Segment { cast, record } => {
            let rec = &study.casts[cast].trace.segments;
            for done in &rec[..record] {
                p.push(seg(done.a, done.b, 2.0, c.with_alpha(70), false));
            }
            segment_prims(&ray, &rec[record], len, c, &mut p);
        }
        ChainRayStep::Answer => match study.answer() {
            Some((_, o)) => {
                let words = format!(
                    "hit f {:.4}, segment {}",
                    o.fraction,
                    o.segment.unwrap_or(0)
                );
                hit_prims(
                    ray.at(0.0),
                    o.point,
                    o.normal,
                    len,
                    words,
                    (c, KEPT),
                    &mut p,
                );
            }
            None => p.push(tag(
                ray.at(1.0),
                Vec2::new(8.0, -10.0),
                "no segment hit".to_string(),
                ERROR,
            )),
        },
    }
    p
}

/// One segment's test.
fn segment_prims(ray: &RayInput, r: &SegmentRayRecord, len: f32, c: Rgba, p: &mut Vec<Prim>) {
    let color = match r.verdict {
        SegmentRayVerdict::Hit => KEPT,
        SegmentRayVerdict::SolidSide => ERROR,
        _ => c,
    };
    p.push(seg(r.a, r.b, 4.5, color, false));
    // The one-sided normal at the middle: shapes and rays come from that side.
    let e = r.b - r.a;
    let n = Vec2::new(e.y, -e.x).normalize_or_zero();
    let mid = 0.5 * (r.a + r.b);
    p.push(Prim::Arrow {
        from: mid,
        to: mid + n * 0.6 * len,
        width: 1.5,
        color: color.with_alpha(200),
    });
    let words = match r.verdict {
        SegmentRayVerdict::SolidSide => "solid side, skipped".to_string(),
        SegmentRayVerdict::Degenerate => "too short: skipped".to_string(),
        SegmentRayVerdict::Parallel => "parallel: no crossing".to_string(),
        SegmentRayVerdict::OutOfRange => format!(
            "line crossed at f {:.4}: out of range",
            r.fraction.unwrap_or(0.0)
        ),
        SegmentRayVerdict::OffSegment => format!(
            "line crossed at f {:.4}: off the segment",
            r.fraction.unwrap_or(0.0)
        ),
        SegmentRayVerdict::Hit => format!("hit at f {:.4}", r.fraction.unwrap_or(0.0)),
    };
    p.push(tag(
        mid,
        Vec2::new(8.0, 18.0),
        format!("segment {}: {words}", r.segment),
        color,
    ));
    if let Some(f) = r.fraction.filter(|f| f.is_finite()) {
        let x = ray.at(f);
        if x.is_finite() && r.verdict != SegmentRayVerdict::Hit {
            p.push(dot(x, 4.0, c.with_alpha(200)));
        }
    }
    if let (Some(q), Some(nn)) = (r.point, r.normal) {
        p.push(dot(q, 5.5, KEPT));
        p.push(Prim::Arrow {
            from: q,
            to: q + nn * len,
            width: 2.0,
            color: KEPT,
        });
    }
}
