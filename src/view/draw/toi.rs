//! Time of impact: ghost poses at t = 0, the hit and t = 1, the sweep paths (swept SAT
//! and the shape cast's advancement steps).

use super::*;
use crate::core::shape::Pose;
use crate::scene::Scene;
use crate::trace::analysis::Analysis;
use glam::Vec2;

/// A ghost of shape `i` at `pose`: an outline, dashed or solid, and a light fill.
pub(super) fn ghost(
    scene: &Scene,
    i: usize,
    pose: &Pose,
    color: Rgba,
    alpha: u8,
    dashed: bool,
    out: &mut Vec<Prim>,
) {
    let points = outline_at(scene, i, pose);
    if !dashed {
        out.push(Prim::Fill {
            points: points.clone(),
            color: color.with_alpha(alpha / 4),
        });
    }
    out.push(Prim::Polyline {
        points,
        closed: true,
        width: 1.5,
        color: color.with_alpha(alpha),
        dashed,
    });
}

/// The sweep: each shape's path over the step (an arrow from its start to its end
/// position) and its ghost at t = 1.
pub(super) fn sweep_paths(
    scene: &Scene,
    an: &Analysis,
    ends: [Option<Pose>; 2],
    out: &mut Vec<Prim>,
) {
    let c = LayerId::Toi.color();
    for (k, i) in [an.a, an.b].into_iter().enumerate() {
        let start = scene.shapes[i].pose;
        if let Some(end) = ends[k] {
            if end.position != start.position {
                out.push(Prim::Arrow {
                    from: start.position,
                    to: end.position,
                    width: 1.5,
                    color: c.with_alpha(170),
                });
                ghost(
                    scene,
                    i,
                    &end,
                    if k == 0 { SHAPE_A } else { SHAPE_B },
                    150,
                    true,
                    out,
                );
                out.push(label(end.position, "t = 1", c));
            }
        }
    }
}

/// Swept SAT: axis `k`'s projection intervals at t = 0 drawn along the axis (a line
/// through the middle of the two shapes); the last step shows the impact poses.
pub(super) fn toi_layer(scene: &Scene, an: &Analysis, k: usize) -> Vec<Prim> {
    let c = LayerId::Toi.color();
    let tr = &an.swept_trace;
    let mut prims = Vec::new();
    sweep_paths(scene, an, [tr.end_a, tr.end_b], &mut prims);
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
        prims.push(label(at(hi, 0.0), format!("axis {k}"), c));
    } else {
        // The decision: the impact poses and the normal there.
        if let (Some(pa), Some(pb)) = (tr.impact_a, tr.impact_b) {
            ghost(scene, an.a, &pa, SHAPE_A, 255, false, &mut prims);
            ghost(scene, an.b, &pb, SHAPE_B, 255, false, &mut prims);
        }
        if let Some(p) = an.swept.point {
            prims.push(Prim::Dot {
                at: p,
                radius: 5.0,
                color: c,
            });
            let size = scene.shapes[an.b].shape.bounding_radius();
            prims.push(Prim::Arrow {
                from: p,
                to: p + an.swept.normal * size * 0.6,
                width: 2.0,
                color: c,
            });
            prims.push(label(p, format!("t = {:.4}", an.swept.t), c));
        }
    }
    prims
}

/// Shape cast: the poses at every advancement step up to `k` (older ones faded), the
/// distance at step `k`, and at the last step the impact.
pub(super) fn cast_layer(scene: &Scene, an: &Analysis, k: usize) -> Vec<Prim> {
    let c = LayerId::Toi.color();
    let tr = &an.cast_trace;
    let mut prims = Vec::new();
    sweep_paths(scene, an, [tr.end_a, tr.end_b], &mut prims);
    for (j, st) in tr.steps.iter().enumerate().take(k + 1) {
        let alpha = if j == k { 255 } else { 90 };
        ghost(scene, an.a, &st.pose_a, SHAPE_A, alpha, j != k, &mut prims);
        ghost(scene, an.b, &st.pose_b, SHAPE_B, alpha, j != k, &mut prims);
    }
    if let Some(st) = tr.steps.get(k) {
        let w = LayerId::Witness.color();
        prims.push(line(st.point_a, st.point_b, 2.0, w));
        prims.push(Prim::Dot {
            at: st.point_a,
            radius: 4.0,
            color: w,
        });
        prims.push(Prim::Dot {
            at: st.point_b,
            radius: 4.0,
            color: w,
        });
        prims.push(label(
            st.point_b,
            format!("t = {:.4}, d = {:.4}", st.t, st.distance),
            c,
        ));
    }
    if k + 1 >= tr.steps.len() && an.cast.hit {
        if let (Some(pa), Some(pb)) = (tr.impact_a, tr.impact_b) {
            ghost(scene, an.a, &pa, SHAPE_A, 255, false, &mut prims);
            ghost(scene, an.b, &pb, SHAPE_B, 255, false, &mut prims);
        }
        prims.push(Prim::Dot {
            at: an.cast.point,
            radius: 5.0,
            color: c,
        });
        prims.push(Prim::Arrow {
            from: an.cast.point,
            to: an.cast.point + an.cast.normal * scene.shapes[an.b].shape.bounding_radius() * 0.6,
            width: 2.0,
            color: c,
        });
    }
    prims
}
