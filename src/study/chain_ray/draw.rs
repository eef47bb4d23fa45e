//! The ray against the chains, drawn (world space): the ray, the segments tried so far
//! (faded), this step's segment with its one-sided normal and its verdict — skipped on
//! the solid side (red), a crossing off the segment or out of range (the crossing
//! marked), a hit (green, with the normal) — and at the end the closest hit.

use super::{ChainRayStep, ChainRayStudy};
use crate::core::chain::{SegmentRayRecord, SegmentRayVerdict};
use crate::core::raycast::RayInput;
use crate::scene::Scene;
use crate::view::draw::inset::inset;
use crate::view::draw::{dot, hit_prims, seg, size_of_scene, tag, LayerId, Prim, Rgba, NORMAL_PX};
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
    // The one-sided normal at the middle: shapes and rays come from that side. At
    // least as long on screen as the chains layer's normals (an inset), so that its
    // side reads at the zoom the whole scene is seen at.
    let e = r.b - r.a;
    let n = Vec2::new(e.y, -e.x).normalize_or_zero();
    let mid = 0.5 * (r.a + r.b);
    let arrow = Prim::Arrow {
        from: mid,
        to: mid + n * 0.6 * len,
        width: 1.5,
        color: color.with_alpha(200),
    };
    p.push(inset(mid, 0.6 * len, NORMAL_PX, vec![arrow]));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::load_scene;
    use std::path::Path;

    /// Every segment step of ray Out against the room and the floor draws its segment's
    /// one-sided normal from the segment's middle, at least [`NORMAL_PX`] long at 40 px
    /// a unit (the default window's zoom on the scene: 0.13 world units would be 5 px)
    /// and its own world length at 1000 px a unit, pointing to the side the segment is
    /// hit from (the right perpendicular of a → b).
    #[test]
    fn a_tried_segments_normal_is_never_shorter_than_its_floor_on_screen() {
        let scene = load_scene(Path::new("scenes/chain_rays.ron")).expect("scene");
        let study = ChainRayStudy::of_view(&scene);
        let world = 0.6 * 0.15 * size_of_scene(&scene);
        assert!(world * 40.0 < 0.5 * NORMAL_PX, "{world}");
        let mut seen = 0;
        for (k, step) in study.steps().into_iter().enumerate() {
            let ChainRayStep::Segment { cast, record } = step else {
                continue;
            };
            let r = &study.casts[cast].trace.segments[record];
            let mid = 0.5 * (r.a + r.b);
            let n = Vec2::new(r.b.y - r.a.y, r.a.x - r.b.x).normalize();
            for (zoom, px) in [(40.0, NORMAL_PX), (1000.0, world * 1000.0)] {
                let arrows: Vec<(Vec2, Vec2)> = chain_ray_layer(&scene, &study, k)
                    .iter()
                    .flat_map(|p| p.expanded(zoom))
                    .filter_map(|p| match p {
                        // The segment's normal, not a hit's (2 px, from the hit point).
                        Prim::Arrow {
                            from, to, width, ..
                        } if from.distance(mid) < 1e-5 && width == 1.5 => Some((from, to)),
                        _ => None,
                    })
                    .collect();
                let [(from, to)] = arrows[..] else {
                    panic!("step {k}: one normal at the middle: {arrows:?}")
                };
                let d = (to - from) * zoom;
                assert!((d - n * px).length() < 1e-2, "step {k} at {zoom}: {d}");
            }
            seen += 1;
        }
        assert_eq!(seen, study.steps().len() - 1);
        assert!(seen >= 4, "{seen} segment steps");
    }
}
