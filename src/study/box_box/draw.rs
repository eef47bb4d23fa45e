//! Box2D-Lite box–box's layer: the separations, the reference face, the incident edge,
//! the clipped points with their feature-pair ids.

use super::BoxBoxStudy;
use crate::core::box_box::{
    BoxAxisRecord, BoxBoxOutput, BoxClipRecord, BoxFaceRecord, BoxIncidentRecord,
    BoxReferenceRecord,
};
use crate::core::sat::Owner;
use crate::study::StudyCx;
use crate::view::draw::{dot, owner_color, plane, seg, text, LayerId, Prim, SHAPE_A, SHAPE_B};
use crate::view::palette::Rgba;
use glam::Vec2;

use crate::view::palette::{ADDED, CUT, KEPT};

/// Box–box step `k`: face axes, reference face with its side planes, incident face,
/// each clip, then the contact points with their feature pairs.
pub fn box_box_layer(cx: &StudyCx, study: &BoxBoxStudy, k: usize) -> Vec<Prim> {
    let c = LayerId::Manifold.color();
    let len = cx.basics().size(cx.scene);
    let tr = &study.trace;
    let mut prims = Vec::new();
    let Ok(out) = &study.output else {
        return prims;
    };
    let clips = tr.clips.len();
    match k {
        0 => axes_prims(&mut prims, cx, &tr.axes, c, len),
        1 => {
            if let Some(r) = &tr.reference {
                reference_prims(&mut prims, r, c, len);
            }
        }
        2 => {
            if let Some(i) = &tr.incident {
                incident_prims(&mut prims, i, c);
            }
        }
        j if j < 3 + clips => clip_prims(&mut prims, &tr.clips[j - 3], c, len),
        _ => points_prims(&mut prims, &tr.front, out, c, len),
    }
    prims
}

/// Step 0: each face axis drawn on its face, with an arrow and its separation.
fn axes_prims(prims: &mut Vec<Prim>, cx: &StudyCx, axes: &[BoxAxisRecord], c: Rgba, len: f32) {
    let face_of = |o: Owner, edge: usize| {
        let (an, scene) = (cx.basics(), cx.scene);
        let s = &scene.shapes[if o == Owner::A { an.a } else { an.b }];
        let v = s.shape.vertices();
        let xf = s.pose.transform();
        (
            xf.apply(v[edge % v.len()]),
            xf.apply(v[(edge + 1) % v.len()]),
        )
    };
    for r in axes {
        let (p, q) = face_of(r.owner, r.edge);
        let mid = 0.5 * (p + q);
        prims.push(seg(p, q, 3.0, owner_color(r.owner), false));
        prims.push(Prim::Arrow {
            from: mid,
            to: mid + r.normal * 0.2 * len,
            width: 1.5,
            color: owner_color(r.owner),
        });
        prims.push(
            text(
                mid + r.normal * 0.2 * len,
                format!("{} {}: {:.4}", r.owner.as_str(), r.axis, r.separation),
                c,
            )
            .of(r.owner),
        );
    }
}

/// Step 1: the reference face and its two side planes.
fn reference_prims(prims: &mut Vec<Prim>, r: &BoxReferenceRecord, c: Rgba, len: f32) {
    prims.push(seg(r.face[0], r.face[1], 5.0, owner_color(r.owner), false));
    prims.push(
        text(
            0.5 * (r.face[0] + r.face[1]),
            format!("reference face ({} edge {})", r.owner.as_str(), r.edge),
            c,
        )
        .of(r.owner),
    );
    prims.push(plane(
        r.face[0],
        -r.side_normal,
        0.6 * len,
        c.with_alpha(170),
    ));
    prims.push(plane(
        r.face[1],
        r.side_normal,
        0.6 * len,
        c.with_alpha(170),
    ));
}

/// Step 2: the incident face, its vertices with their feature pairs.
fn incident_prims(prims: &mut Vec<Prim>, i: &BoxIncidentRecord, c: Rgba) {
    let (p, q) = (i.vertices[0].point, i.vertices[1].point);
    prims.push(seg(p, q, 4.0, owner_color(i.owner), true));
    for v in &i.vertices {
        prims.push(dot(v.point, 4.5, ADDED));
        let f = v.feature;
        prims.push(text(
            v.point,
            format!("in {} out {}", f.in_edge_b, f.out_edge_b),
            c,
        ));
    }
}

/// One side-plane clip: the plane, the points before and after.
fn clip_prims(prims: &mut Vec<Prim>, r: &BoxClipRecord, c: Rgba, len: f32) {
    prims.push(plane(r.plane_point, r.plane_normal, 0.8 * len, c));
    prims.push(Prim::Arrow {
        from: r.plane_point,
        to: r.plane_point + r.plane_normal * 0.2 * len,
        width: 1.5,
        color: CUT,
    });
    for v in &r.input {
        prims.push(dot(v.point, 3.5, c.with_alpha(150)));
    }
    for v in &r.output {
        prims.push(dot(v.point, 5.0, KEPT));
    }
    if r.output.len() == 2 {
        prims.push(seg(r.output[0].point, r.output[1].point, 3.0, c, false));
    }
}

/// The last step: points dropped by the front-face test, the contact points with
/// their feature pairs, the normal.
fn points_prims(
    prims: &mut Vec<Prim>,
    front: &[BoxFaceRecord],
    out: &BoxBoxOutput,
    c: Rgba,
    len: f32,
) {
    for f in front {
        if !f.kept {
            prims.push(dot(f.point, 4.0, CUT));
            prims.push(text(f.point, "above the face: dropped", CUT));
        }
    }
    for p in out.points() {
        prims.push(seg(p.point_a, p.point_b, 2.0, c, false));
        prims.push(dot(p.point_a, 4.5, SHAPE_A));
        prims.push(dot(p.point_b, 4.5, SHAPE_B));
        let f = crate::core::box_box::FeaturePair::unpack(p.id);
        // Compact: in/out edge of A, then of B ("-" where none).
        prims.push(Prim::Label {
            at: p.point_b,
            offset: Vec2::new(-40.0, 18.0),
            text: format!(
                "A {}/{} B {}/{}",
                f.in_edge_a, f.out_edge_a, f.in_edge_b, f.out_edge_b
            )
            .replace("255", "-"),
            color: c,
            size: 14.0,
            of: None,
        });
    }
    if let Some(p) = out.points().first() {
        prims.push(crate::study::manifold::normal_arrow(
            p.point_a, out.normal, len, c,
        ));
    }
}
