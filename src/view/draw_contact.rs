//! Draw-list layers of the contact algorithms: SAT axes and projections, the
//! manifold's features, reference/incident edges, clip planes and points,
//! Sutherland–Hodgman's clip edges, and Box2D-Lite's box–box steps. World space.

use crate::core::manifold::{ClipStep, FeatureRecord, ManifoldSource};
use crate::core::sat::Owner;
use crate::scene::Scene;
use crate::trace::analysis::{manifold_phase, Analysis, ManifoldPhase};
use crate::view::draw::{LayerId, Prim, Rgba, SHAPE_A, SHAPE_B};
use glam::Vec2;

use super::palette::{ADDED, CUT, KEPT};

fn owner_color(o: Owner) -> Rgba {
    match o {
        Owner::A => SHAPE_A,
        Owner::B => SHAPE_B,
    }
}

fn seg(a: Vec2, b: Vec2, width: f32, color: Rgba, dashed: bool) -> Prim {
    Prim::Polyline {
        points: vec![a, b],
        closed: false,
        width,
        color,
        dashed,
    }
}

fn dot(at: Vec2, radius: f32, color: Rgba) -> Prim {
    Prim::Dot { at, radius, color }
}

fn text(at: Vec2, s: impl Into<String>, color: Rgba) -> Prim {
    Prim::Label {
        at,
        offset: Vec2::new(6.0, -6.0),
        text: crate::view::narrate::tidy_zeros(&s.into()),
        color,
        size: 14.0,
    }
}

/// The size of the pair, for lengths of helper lines and arrows.
fn size(scene: &Scene, an: &Analysis) -> f32 {
    (scene.shapes[an.a].shape.bounding_radius() + scene.shapes[an.b].shape.bounding_radius())
        .max(1.0e-6)
}

/// A line through `p` perpendicular to `normal`, `half` long each way.
fn plane(p: Vec2, normal: Vec2, half: f32, color: Rgba) -> Prim {
    let t = Vec2::new(-normal.y, normal.x);
    seg(p - t * half, p + t * half, 1.5, color, true)
}

/// SAT step `k`: the axis anchored at the owner's face with both projection
/// intervals drawn along it; the last step highlights the chosen face.
pub fn sat_layer(scene: &Scene, an: &Analysis, k: usize) -> Vec<Prim> {
    let c = LayerId::Sat.color();
    let tr = &an.sat_trace;
    let len = size(scene, an);
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
        let gap = if r.separation > 0.0 { "gap" } else { "overlap" };
        prims.push(text(
            at(hi + 0.2 * len, 0.0),
            format!(
                "{} edge {}: {gap} {:.4}",
                r.owner.as_str(),
                r.edge,
                r.separation.abs()
            ),
            c,
        ));
    } else {
        let o = &an.sat;
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
            format!("separation {:.4}", o.separation),
            c,
        ));
    }
    prims
}

fn feature(f: &FeatureRecord, width: f32, color: Rgba, name: &str, prims: &mut Vec<Prim>) {
    if f.is_point {
        let p = f.a + f.normal * f.radius;
        prims.push(dot(p, width + 2.0, color));
        prims.push(text(p, name, color));
    } else {
        prims.push(seg(f.a, f.b, width, color, false));
        prims.push(text(0.5 * (f.a + f.b), name, color));
    }
}

fn clip_step(step: &ClipStep, len: f32, prims: &mut Vec<Prim>) {
    let c = LayerId::Manifold.color();
    prims.push(plane(step.plane_point, step.plane_normal, 0.8 * len, c));
    prims.push(Prim::Arrow {
        from: step.plane_point,
        to: step.plane_point + step.plane_normal * 0.2 * len,
        width: 1.5,
        color: CUT,
    });
    if step.input.len() == 2 {
        prims.push(seg(
            step.input[0],
            step.input[1],
            1.5,
            c.with_alpha(140),
            true,
        ));
    }
    if step.output.len() == 2 {
        prims.push(seg(step.output[0], step.output[1], 3.0, c, false));
    }
    for p in &step.kept {
        prims.push(dot(*p, 4.5, KEPT));
    }
    for p in &step.cut {
        prims.push(dot(*p, 4.5, CUT));
        prims.push(text(*p, "cut", CUT));
    }
    if let Some(p) = step.added {
        prims.push(dot(p, 5.0, ADDED));
        prims.push(text(p, "crossing", ADDED));
    }
}

/// Manifold step `k` with `source`'s normal.
pub fn manifold_layer(scene: &Scene, an: &Analysis, source: ManifoldSource, k: usize) -> Vec<Prim> {
    let c = LayerId::Manifold.color();
    let (out, tr) = an.manifold(source);
    let len = size(scene, an);
    let mut prims = Vec::new();
    match manifold_phase(tr, k) {
        ManifoldPhase::Features => {
            if let (Some(fa), Some(fb)) = (&tr.feature_a, &tr.feature_b) {
                feature(fa, 4.0, SHAPE_A, "feature of A", &mut prims);
                feature(fb, 4.0, SHAPE_B, "feature of B", &mut prims);
                if let Some(n) = tr.normal {
                    let from = 0.25 * (fa.a + fa.b + fb.a + fb.b);
                    prims.push(Prim::Arrow {
                        from,
                        to: from + n * 0.4 * len,
                        width: 2.5,
                        color: c,
                    });
                    prims.push(text(from + n * 0.4 * len, "normal", c));
                }
            }
        }
        ManifoldPhase::ReferenceIncident => {
            if let (Some(r), Some(i)) = (&tr.reference, &tr.incident) {
                prims.push(seg(r.a, r.b, 5.0, owner_color(r.owner), false));
                prims.push(text(
                    0.5 * (r.a + r.b),
                    format!("reference ({})", r.owner.as_str()),
                    c,
                ));
                prims.push(seg(i.a, i.b, 3.0, owner_color(i.owner), true));
                prims.push(text(
                    0.5 * (i.a + i.b),
                    format!("incident ({})", i.owner.as_str()),
                    c,
                ));
                let t = (r.b - r.a).normalize_or_zero();
                prims.push(plane(r.a, -t, 0.6 * len, c.with_alpha(160)));
                prims.push(plane(r.b, t, 0.6 * len, c.with_alpha(160)));
            }
        }
        ManifoldPhase::Clip(j) => {
            if let Some(r) = &tr.reference {
                prims.push(seg(r.a, r.b, 3.0, owner_color(r.owner), false));
            }
            if let Some(step) = tr.clips.get(j) {
                clip_step(step, len, &mut prims);
            }
        }
        ManifoldPhase::Points => {
            for p in out.points() {
                prims.push(seg(p.point_a, p.point_b, 2.0, c, false));
                prims.push(dot(p.point_a, 4.5, SHAPE_A));
                prims.push(dot(p.point_b, 4.5, SHAPE_B));
                prims.push(text(
                    p.point_b,
                    format!("id {}  sep {:.4}", p.id, p.separation),
                    c,
                ));
            }
            if let Some(p) = out.points().first() {
                prims.push(Prim::Arrow {
                    from: p.point_a,
                    to: p.point_a + out.normal * 0.35 * len,
                    width: 2.5,
                    color: c,
                });
            }
        }
    }
    prims
}

/// Sutherland–Hodgman step `k`: the clip edge, the polygon before and after; the
/// last step shows the overlap region and its boundary points.
pub fn clip_layer(scene: &Scene, an: &Analysis, k: usize) -> Vec<Prim> {
    let c = LayerId::Clip.color();
    let len = size(scene, an);
    let mut prims = Vec::new();
    let tr = &an.clip_trace;
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
    } else if let Some(m) = &an.clip {
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

/// Box–box step `k`: face axes, reference face with its side planes, incident face,
/// each clip, then the contact points with their feature pairs.
pub fn box_box_layer(scene: &Scene, an: &Analysis, k: usize) -> Vec<Prim> {
    let c = LayerId::Manifold.color();
    let len = size(scene, an);
    let tr = &an.box_box_trace;
    let mut prims = Vec::new();
    let Ok(out) = &an.box_box else {
        return prims;
    };
    let face_of = |o: Owner, edge: usize| {
        let s = &scene.shapes[if o == Owner::A { an.a } else { an.b }];
        let v = s.shape.vertices();
        let xf = s.pose.transform();
        (
            xf.apply(v[edge % v.len()]),
            xf.apply(v[(edge + 1) % v.len()]),
        )
    };
    let clips = tr.clips.len();
    match k {
        0 => {
            for r in &tr.axes {
                let (p, q) = face_of(r.owner, r.edge);
                let mid = 0.5 * (p + q);
                prims.push(seg(p, q, 3.0, owner_color(r.owner), false));
                prims.push(Prim::Arrow {
                    from: mid,
                    to: mid + r.normal * 0.2 * len,
                    width: 1.5,
                    color: owner_color(r.owner),
                });
                prims.push(text(
                    mid + r.normal * 0.2 * len,
                    format!("{} {}: {:.4}", r.owner.as_str(), r.axis, r.separation),
                    c,
                ));
            }
        }
        1 => {
            if let Some(r) = &tr.reference {
                prims.push(seg(r.face[0], r.face[1], 5.0, owner_color(r.owner), false));
                prims.push(text(
                    0.5 * (r.face[0] + r.face[1]),
                    format!("reference face ({} edge {})", r.owner.as_str(), r.edge),
                    c,
                ));
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
        }
        2 => {
            if let Some(i) = &tr.incident {
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
        }
        j if j < 3 + clips => {
            let r = &tr.clips[j - 3];
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
        _ => {
            for f in &tr.front {
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
                });
            }
            if let Some(p) = out.points().first() {
                prims.push(Prim::Arrow {
                    from: p.point_a,
                    to: p.point_a + out.normal * 0.35 * len,
                    width: 2.5,
                    color: c,
                });
            }
        }
    }
    prims
}
