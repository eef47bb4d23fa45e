//! The shape cast's layer: the poses of every advancement step, the distance at the
//! current one, the impact.

use super::CastStudy;
use crate::study::StudyCx;
use crate::view::draw::ghost::{ghost, sweep_paths};
use crate::view::draw::{label, line, LayerId, Prim, SHAPE_A, SHAPE_B};

/// Shape cast: the poses at every advancement step up to `k` (older ones faded), the
/// distance at step `k`, and at the last step the impact.
pub fn cast_layer(cx: &StudyCx, study: &CastStudy, k: usize) -> Vec<Prim> {
    let (scene, an) = (cx.scene, cx.basics());
    let c = LayerId::Toi.color();
    let tr = &study.trace;
    let mut prims = Vec::new();
    sweep_paths(scene, (an.a, an.b), [tr.end_a, tr.end_b], &mut prims);
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
            format!(
                "t = {:.4}, d = {}",
                st.t,
                crate::view::text::Len(st.distance)
            ),
            c,
        ));
    }
    if k + 1 >= tr.steps.len() && study.output.hit {
        if let (Some(pa), Some(pb)) = (tr.impact_a, tr.impact_b) {
            ghost(scene, an.a, &pa, SHAPE_A, 255, false, &mut prims);
            ghost(scene, an.b, &pb, SHAPE_B, 255, false, &mut prims);
        }
        prims.push(Prim::Dot {
            at: study.output.point,
            radius: 5.0,
            color: c,
        });
        let tip = study.output.point
            + study.output.normal * scene.shapes[an.b].shape.bounding_radius() * 0.6;
        prims.push(Prim::Arrow {
            from: study.output.point,
            to: tip,
            width: 2.0,
            color: c,
        });
        // Named: it points from A to B, which may be against the motion drawn along
        // the same line.
        prims.push(label(tip, "normal, A to B".to_string(), c));
    }
    prims
}
