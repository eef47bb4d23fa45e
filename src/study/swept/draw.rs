//! Swept SAT's layer: each axis' projection intervals at t = 0, then the impact poses.

use super::SweptStudy;
use crate::study::StudyCx;
use crate::view::draw::ghost::{ghost, sweep_paths};
use crate::view::draw::{label, line, LayerId, Prim, SHAPE_A, SHAPE_B};
use glam::Vec2;

/// Swept SAT: axis `k`'s projection intervals at t = 0 drawn along the axis (a line
/// through the middle of the two shapes); the last step shows the impact poses.
pub fn toi_layer(cx: &StudyCx, study: &SweptStudy, k: usize) -> Vec<Prim> {
    let (scene, an) = (cx.scene, cx.basics());
    let c = LayerId::Toi.color();
    let tr = &study.trace;
    let mut prims = Vec::new();
    sweep_paths(scene, (an.a, an.b), [tr.end_a, tr.end_b], &mut prims);
    if let Some(rec) = tr.axes.get(k) {
        let mid = 0.5 * (scene.shapes[an.a].pose.position + scene.shapes[an.b].pose.position);
        let d = rec.direction;
        let side = Vec2::new(-d.y, d.x);
        let at = |v: f32, off: f32| mid + d * (v - mid.dot(d)) + side * off;
        let size =
            scene.shapes[an.a].shape.bounding_radius() + scene.shapes[an.b].shape.bounding_radius();
        let lo = rec.interval_a[0].min(rec.interval_b[0]) - 0.3 * size;
        let hi = rec.interval_a[1].max(rec.interval_b[1]) + 0.3 * size;
        prims.push(Prim::Polyline {
            points: vec![at(lo, 0.0), at(hi, 0.0)],
            closed: false,
            width: 1.0,
            color: c.with_alpha(160),
            dashed: true,
        });
        let gap = 0.04 * size;
        prims.push(line(
            at(rec.interval_a[0], gap),
            at(rec.interval_a[1], gap),
            5.0,
            SHAPE_A,
        ));
        prims.push(line(
            at(rec.interval_b[0], -gap),
            at(rec.interval_b[1], -gap),
            5.0,
            SHAPE_B,
        ));
        prims.push(label(at(hi, 0.0), format!("axis {}", k + 1), c));
    } else {
        // The decision: the impact poses and the normal there.
        if let (Some(pa), Some(pb)) = (tr.impact_a, tr.impact_b) {
            ghost(scene, an.a, &pa, SHAPE_A, 255, false, &mut prims);
            ghost(scene, an.b, &pb, SHAPE_B, 255, false, &mut prims);
        }
        if let Some(p) = study.output.point {
            prims.push(Prim::Dot {
                at: p,
                radius: 5.0,
                color: c,
            });
            let size = scene.shapes[an.b].shape.bounding_radius();
            let tip = p + study.output.normal * size * 0.6;
            prims.push(Prim::Arrow {
                from: p,
                to: tip,
                width: 2.0,
                color: c,
            });
            // Named: it points from A to B, which may be against the motion drawn
            // along the same line.
            prims.push(label(tip, "normal, A to B".to_string(), c));
            prims.push(label(p, format!("t = {:.4}", study.output.t), c));
        }
    }
    prims
}
