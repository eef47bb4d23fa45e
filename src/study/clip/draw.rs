//! Sutherland–Hodgman's layer: the clip edge of each step, the polygon before and
//! after, vertices kept, cut and added.

use super::ClipStudy;
use crate::study::StudyCx;
use crate::view::draw::{dot, seg, text, LayerId, Prim, SHAPE_A, SHAPE_B};

use crate::view::palette::{ADDED, CUT, KEPT};

/// Sutherland–Hodgman step `k`: the clip edge, the polygon before and after; the
/// last step shows the overlap region and its boundary points.
pub fn clip_layer(cx: &StudyCx, study: &ClipStudy, k: usize) -> Vec<Prim> {
    let c = LayerId::Clip.color();
    let len = cx.basics().size(cx.scene);
    let mut prims = Vec::new();
    let tr = &study.trace;
    if let Some(e) = tr.edges.get(k) {
        let d = (e.b - e.a).normalize_or_zero();
        prims.push(seg(e.a - d * len, e.b + d * len, 1.5, c, true));
        prims.push(seg(e.a, e.b, 4.0, c, false));
        let mid = 0.5 * (e.a + e.b);
        prims.push(Prim::Arrow {
            from: mid,
            to: mid + e.inward * 0.2 * len,
            width: 1.5,
            color: KEPT,
        });
        prims.push(text(mid, format!("clip edge {}", e.edge), c));
        if e.before.len() >= 2 {
            prims.push(Prim::Polyline {
                points: e.before.clone(),
                closed: true,
                width: 1.5,
                color: c.with_alpha(150),
                dashed: true,
            });
        }
        if e.after.len() >= 3 {
            prims.push(Prim::Fill {
                points: e.after.clone(),
                color: c.with_alpha(60),
            });
        }
        if e.after.len() >= 2 {
            prims.push(Prim::Polyline {
                points: e.after.clone(),
                closed: true,
                width: 2.5,
                color: c,
                dashed: false,
            });
        }
        for v in &e.vertices {
            let color = match v.case {
                crate::core::sutherland_hodgman::VertexCase::InToIn => KEPT,
                crate::core::sutherland_hodgman::VertexCase::OutToOut => CUT,
                _ => ADDED,
            };
            prims.push(dot(v.current, 3.5, color));
            if let Some(x) = v.crossing {
                prims.push(dot(x, 4.5, ADDED));
            }
        }
    } else if let Some(m) = &study.output {
        if m.polygon.len() >= 3 {
            prims.push(Prim::Fill {
                points: m.polygon.clone(),
                color: c.with_alpha(90),
            });
            prims.push(Prim::Polyline {
                points: m.polygon.clone(),
                closed: true,
                width: 2.5,
                color: c,
                dashed: false,
            });
        }
        for p in &m.points {
            prims.push(seg(p.point_a, p.point_b, 2.0, c, false));
            prims.push(dot(p.point_a, 4.0, SHAPE_A));
            prims.push(dot(p.point_b, 4.0, SHAPE_B));
            prims.push(text(p.point_b, format!("sep {:.4}", p.separation), c));
        }
    }
    prims
}
