//! SAT's layer: each axis anchored at its owner's face with both projection intervals;
//! the last step highlights the chosen face.

use super::SatStudy;
use crate::core::sat::Owner;
use crate::study::facts::overlap_short;
use crate::study::StudyCx;
use crate::view::draw::{owner_color, seg, text, LayerId, Prim, SHAPE_A, SHAPE_B};
use crate::view::text::Len;
use glam::Vec2;

/// SAT step `k`: the axis anchored at the owner's face with both projection
/// intervals drawn along it; the last step highlights the chosen face.
pub fn sat_layer(cx: &StudyCx, study: &SatStudy, k: usize) -> Vec<Prim> {
    let (scene, an) = (cx.scene, cx.basics());
    let c = LayerId::Sat.color();
    let tr = &study.trace;
    let len = an.size(scene);
    let mut prims = Vec::new();
    if let Some(r) = tr.axes.get(k) {
        let mid = 0.5 * (r.face[0] + r.face[1]);
        prims.push(seg(r.face[0], r.face[1], 4.0, owner_color(r.owner), false));
        let at = |v: f32, side: f32| {
            mid + r.axis * (v - mid.dot(r.axis)) + Vec2::new(-r.axis.y, r.axis.x) * side
        };
        let lo = r.interval_a[0].min(r.interval_b[0]);
        let hi = r.interval_a[1].max(r.interval_b[1]);
        let off = 0.06 * len;
        prims.push(seg(
            at(lo - 0.2 * len, 0.0),
            at(hi + 0.2 * len, 0.0),
            1.0,
            c,
            true,
        ));
        prims.push(seg(
            at(r.interval_a[0], off),
            at(r.interval_a[1], off),
            5.0,
            SHAPE_A,
            false,
        ));
        prims.push(seg(
            at(r.interval_b[0], -off),
            at(r.interval_b[1], -off),
            5.0,
            SHAPE_B,
            false,
        ));
        // The label at the intervals' far end on the axis, where both bars stop (the
        // axis runs on past it: an anchor there can leave a view fitted to the shapes).
        // Two numbers of two meanings, each named: what the bars show (the intervals'
        // overlap or gap) and what SAT compares (the face separation).
        prims.push(
            text(
                at(hi, 0.0),
                format!(
                    "{} edge {}: intervals {} · face separation {}",
                    r.owner.as_str(),
                    r.edge,
                    overlap_short(r.interval_a, r.interval_b),
                    Len(r.separation)
                ),
                c,
            )
            .of(r.owner),
        );
    } else {
        let o = &study.output;
        let s = &scene.shapes[if o.axis_owner == Owner::A { an.a } else { an.b }];
        let v = s.shape.vertices();
        let xf = s.pose.transform();
        let (p, q) = if v.len() >= 2 {
            (
                xf.apply(v[o.edge % v.len()]),
                xf.apply(v[(o.edge + 1) % v.len()]),
            )
        } else {
            (xf.apply(v[0]), xf.apply(v[0]))
        };
        prims.push(seg(p, q, 5.0, c, false));
        let mid = 0.5 * (p + q);
        prims.push(Prim::Arrow {
            from: mid,
            to: mid + o.normal * 0.4 * len,
            width: 2.5,
            color: c,
        });
        prims.push(text(
            mid + o.normal * 0.4 * len,
            format!("separation {}", Len(o.separation)),
            c,
        ));
    }
    prims
}
