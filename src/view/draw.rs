//! The draw list: what the debugger shows, as plain primitives grouped in layers.
//!
//! The macroquad view draws this list; an SVG/PNG export can write the same list.
//! Geometry is in world units of the layer's space ([`Space::World`] for the shapes,
//! [`Space::Config`] for the Minkowski difference B − A); widths and marker sizes
//! are in screen pixels, so they look the same at every zoom.

use super::palette;
use crate::core::gjk::{GjkStep, GjkTrace, VoronoiRegion};
use crate::core::minkowski::round_outline;
use crate::core::shape::Pose;
use crate::scene::Scene;
use crate::trace::analysis::{Algorithm, Analysis, EpaPhase};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// Which view a layer belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Space {
    /// The shapes as they are placed.
    World,
    /// Configuration space: the Minkowski difference B − A, the origin, the simplex.
    Config,
}

/// One thing to draw.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum Prim {
    /// An open or closed polyline.
    Polyline {
        points: Vec<Vec2>,
        closed: bool,
        width: f32,
        color: Rgba,
        dashed: bool,
    },
    /// A filled convex polygon (fan from the first point).
    Fill { points: Vec<Vec2>, color: Rgba },
    /// A dot of `radius` pixels.
    Dot { at: Vec2, radius: f32, color: Rgba },
    /// An arrow from `from` to `to`.
    Arrow {
        from: Vec2,
        to: Vec2,
        width: f32,
        color: Rgba,
    },
    /// A text label placed at `at`, offset by `offset` pixels (right, down).
    Label {
        at: Vec2,
        offset: Vec2,
        text: String,
        color: Rgba,
        size: f32,
    },
    /// A cross marker of `size` pixels (the origin of configuration space).
    Cross { at: Vec2, size: f32, color: Rgba },
}

pub use crate::scene::view_state::LayerId;

impl LayerId {
    pub fn label(self) -> &'static str {
        match self {
            LayerId::Shapes => "Shapes",
            LayerId::Minkowski => "Minkowski difference B − A",
            LayerId::GjkSimplex => "GJK simplex (earlier steps faded)",
            LayerId::GjkDirection => "GJK search direction, support point",
            LayerId::Witness => "Witness points, distance / depth",
            LayerId::EpaPolytope => "EPA polytope, closest edge, normal",
            LayerId::Sat => "SAT axes and projections",
            LayerId::Manifold => "Manifold: reference/incident edges, clip planes, contacts",
            LayerId::Clip => "Sutherland–Hodgman clip edge, polygon before/after",
            LayerId::Toi => "Time of impact: ghost poses, sweep",
        }
    }

    /// The layer's colour (also its legend swatch): [`palette::layer_color`].
    pub fn color(self) -> Rgba {
        palette::layer_color(self)
    }

    /// The view it is drawn in.
    pub fn space(self) -> Space {
        match self {
            LayerId::Minkowski
            | LayerId::GjkSimplex
            | LayerId::GjkDirection
            | LayerId::EpaPolytope => Space::Config,
            _ => Space::World,
        }
    }
}

pub use super::palette::{Rgba, SHAPE_A, SHAPE_B, SHAPE_OTHER};

/// A layer and its primitives.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Layer {
    pub id: LayerId,
    pub space: Space,
    pub prims: Vec<Prim>,
}

/// Everything to draw for one step.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct DrawList {
    pub layers: Vec<Layer>,
}

impl DrawList {
    pub fn layer(&self, id: LayerId) -> Option<&Layer> {
        self.layers.iter().find(|l| l.id == id)
    }

    fn push(&mut self, id: LayerId, prims: Vec<Prim>) {
        if !prims.is_empty() {
            self.layers.push(Layer {
                id,
                space: id.space(),
                prims,
            });
        }
    }
}

/// What the UI wants emphasised.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Highlight {
    pub selected: Option<usize>,
    /// A vertex drag that was refused: (shape, vertex).
    pub refused_vertex: Option<(usize, usize)>,
    /// The manifold algorithm shows the SAT-normal path (default: the EPA path).
    pub manifold_via_sat: bool,
}

/// World outline of shape `i` (closed polyline; arcs at 2e-3 of its size).
pub fn shape_outline(scene: &Scene, i: usize) -> Vec<Vec2> {
    outline_at(scene, i, &scene.shapes[i].pose)
}

/// World outline of shape `i` placed at `pose` (a ghost of it).
pub fn outline_at(scene: &Scene, i: usize, pose: &Pose) -> Vec<Vec2> {
    let s = &scene.shapes[i];
    let xf = pose.transform();
    let core: Vec<Vec2> = s.shape.vertices().iter().map(|v| xf.apply(*v)).collect();
    // A chord error of 0.2 % of the shape's size: smooth on screen at any zoom that
    // shows the whole shape, and ~40 segments for a circle.
    let tol = (s.shape.bounding_radius() * 2.0e-3).max(1.0e-6);
    round_outline(&core, s.shape.radius(), tol).0
}

fn line(a: Vec2, b: Vec2, width: f32, color: Rgba) -> Prim {
    Prim::Polyline {
        points: vec![a, b],
        closed: false,
        width,
        color,
        dashed: false,
    }
}

fn label(at: Vec2, text: impl Into<String>, color: Rgba) -> Prim {
    Prim::Label {
        at,
        offset: Vec2::new(6.0, -6.0),
        text: crate::view::narrate::tidy_zeros(&text.into()),
        color,
        size: 15.0,
    }
}

/// The shapes layer: every shape filled and outlined with its name; A and B in their
/// colours; the selection thicker; polygon vertices of the selection as handles.
fn shapes_layer(scene: &Scene, an: Option<&Analysis>, hl: &Highlight) -> Vec<Prim> {
    let mut prims = Vec::new();
    for (i, s) in scene.shapes.iter().enumerate() {
        let color = match an {
            Some(an) if an.a == i => SHAPE_A,
            Some(an) if an.b == i => SHAPE_B,
            _ => SHAPE_OTHER,
        };
        let outline = shape_outline(scene, i);
        let selected = hl.selected == Some(i);
        prims.push(Prim::Fill {
            points: outline.clone(),
            color: color.with_alpha(if selected { 90 } else { 60 }),
        });
        prims.push(Prim::Polyline {
            points: outline,
            closed: true,
            width: if selected { 3.0 } else { 1.5 },
            color,
            dashed: false,
        });
        let xf = s.pose.transform();
        if s.shape.radius() > 0.0 && s.shape.vertices().len() > 1 {
            let core: Vec<Vec2> = s.shape.vertices().iter().map(|v| xf.apply(*v)).collect();
            prims.push(Prim::Polyline {
                points: core,
                closed: s.shape.vertices().len() > 2,
                width: 1.0,
                color: color.with_alpha(140),
                dashed: true,
            });
        }
        let role = match an {
            Some(an) if an.a == i && s.name != "A" => " (A)",
            Some(an) if an.b == i && s.name != "B" => " (B)",
            _ => "",
        };
        prims.push(Prim::Label {
            at: xf.apply(s.shape.centroid()),
            offset: Vec2::new(-8.0, 5.0),
            text: format!("{}{role}", s.name),
            color: Rgba::WHITE,
            size: 16.0,
        });
        if selected {
            for (k, v) in s.shape.vertices().iter().enumerate() {
                let refused = hl.refused_vertex == Some((i, k));
                prims.push(Prim::Dot {
                    at: xf.apply(*v),
                    radius: if refused { 6.0 } else { 4.0 },
                    color: if refused { palette::ERROR } else { Rgba::WHITE },
                });
            }
        }
    }
    prims
}

/// The Minkowski difference outline and the origin.
fn minkowski_layer(an: &Analysis) -> Vec<Prim> {
    let c = LayerId::Minkowski.color();
    let m = &an.minkowski;
    let mut prims = vec![
        Prim::Fill {
            points: m.points.clone(),
            color: c.with_alpha(45),
        },
        Prim::Polyline {
            points: m.points.clone(),
            closed: true,
            width: 2.0,
            color: c,
            dashed: false,
        },
    ];
    if m.radius > 0.0 && m.core.len() > 1 {
        prims.push(Prim::Polyline {
            points: m.core.clone(),
            closed: true,
            width: 1.0,
            color: c.with_alpha(150),
            dashed: true,
        });
    }
    prims.push(Prim::Cross {
        at: Vec2::ZERO,
        size: 9.0,
        color: Rgba::WHITE,
    });
    prims.push(Prim::Label {
        at: Vec2::ZERO,
        offset: Vec2::new(8.0, 20.0),
        text: "origin".into(),
        color: Rgba::WHITE,
        size: 14.0,
    });
    prims
}

fn simplex_shape(points: &[Vec2], width: f32, color: Rgba, prims: &mut Vec<Prim>) {
    match points.len() {
        0 => {}
        1 => prims.push(Prim::Dot {
            at: points[0],
            radius: width + 2.0,
            color,
        }),
        _ => prims.push(Prim::Polyline {
            points: points.to_vec(),
            closed: points.len() > 2,
            width,
            color,
            dashed: false,
        }),
    }
}

/// GJK in configuration space at step `k` of `trace`: earlier simplices faded, the
/// simplex that entered the step with its vertex labels, the reduced simplex, the
/// closest point; on the direction layer the search direction and the new support.
fn gjk_layers(trace: &GjkTrace, k: usize, scale: f32, out: &mut DrawList) {
    let Some(step) = trace.steps.get(k) else {
        return;
    };
    let c = LayerId::GjkSimplex.color();
    let mut prims = Vec::new();
    for earlier in &trace.steps[..k] {
        let pts: Vec<Vec2> = earlier.simplex.iter().map(|v| v.w).collect();
        simplex_shape(&pts, 1.0, c.with_alpha(60), &mut prims);
    }
    let entering: Vec<Vec2> = step.simplex_in.iter().map(|v| v.w).collect();
    simplex_shape(&entering, 1.5, c.with_alpha(130), &mut prims);
    let reduced: Vec<Vec2> = step.simplex.iter().map(|v| v.w).collect();
    simplex_shape(&reduced, 3.0, c, &mut prims);
    for (i, v) in step.simplex_in.iter().enumerate() {
        prims.push(Prim::Dot {
            at: v.w,
            radius: 4.0,
            color: c,
        });
        prims.push(label(
            v.w,
            format!("w{} = B[{}]-A[{}]", i + 1, v.index_b, v.index_a),
            c,
        ));
    }
    prims.push(Prim::Dot {
        at: step.closest,
        radius: 4.5,
        color: Rgba::WHITE,
    });
    prims.push(Prim::Label {
        at: step.closest,
        offset: Vec2::new(6.0, 14.0),
        text: "closest".into(),
        color: Rgba::WHITE,
        size: 13.0,
    });
    out.push(LayerId::GjkSimplex, prims);

    let d = LayerId::GjkDirection.color();
    let mut prims = Vec::new();
    if let Some(dir) = step.direction {
        prims.push(Prim::Arrow {
            from: step.closest,
            to: step.closest + dir * scale * 0.25,
            width: 2.0,
            color: d,
        });
    }
    if let Some(s) = &step.support {
        prims.push(Prim::Dot {
            at: s.w,
            radius: 5.5,
            color: d,
        });
        // Below the dot: a repeated vertex keeps its own label above.
        prims.push(Prim::Label {
            at: s.w,
            offset: Vec2::new(8.0, 16.0),
            text: format!("new support B[{}]-A[{}]", s.index_b, s.index_a),
            color: d,
            size: 15.0,
        });
    }
    out.push(LayerId::GjkDirection, prims);
}

/// Witness points in the world for a GJK step: the closest points on A and B from
/// the barycentric weights of the reduced simplex, and the support points on each.
fn gjk_witness(step: &GjkStep) -> Vec<Prim> {
    let c = LayerId::Witness.color();
    let mut pa = Vec2::ZERO;
    let mut pb = Vec2::ZERO;
    for v in &step.simplex {
        pa += v.a * v.w_a;
        pb += v.a * v.w_b;
    }
    let mut prims = vec![
        line(pa, pb, 2.0, c),
        Prim::Dot {
            at: pa,
            radius: 4.5,
            color: c,
        },
        Prim::Dot {
            at: pb,
            radius: 4.5,
            color: c,
        },
    ];
    if !matches!(step.region, VoronoiRegion::Interior) {
        prims.push(label(pa, "on A", c));
        prims.push(label(pb, "on B", c));
    }
    if let Some(s) = &step.support {
        let d = LayerId::GjkDirection.color();
        prims.push(Prim::Dot {
            at: s.w_a,
            radius: 4.0,
            color: d,
        });
        prims.push(Prim::Dot {
            at: s.w_b,
            radius: 4.0,
            color: d,
        });
    }
    prims
}

/// EPA step `k`: the polytope, its closest edge, the normal to it, the support point.
fn epa_layer(an: &Analysis, k: usize) -> Vec<Prim> {
    let Some(step) = an.epa_trace.steps.get(k) else {
        return Vec::new();
    };
    let c = LayerId::EpaPolytope.color();
    let mut prims = Vec::new();
    simplex_shape(&step.polytope, 2.0, c, &mut prims);
    let n = step.polytope.len();
    if n >= 2 {
        let a = step.polytope[step.closest_edge % n];
        let b = step.polytope[(step.closest_edge + 1) % n];
        prims.push(line(a, b, 4.5, c));
        let foot = step.edge_normal * step.distance;
        prims.push(Prim::Arrow {
            from: Vec2::ZERO,
            to: foot,
            width: 2.0,
            color: Rgba::WHITE,
        });
        prims.push(label(
            foot,
            format!("d = {:.4}", step.distance),
            Rgba::WHITE,
        ));
    }
    for p in &step.polytope {
        prims.push(Prim::Dot {
            at: *p,
            radius: 3.5,
            color: c,
        });
    }
    if let Some(s) = step.support {
        prims.push(Prim::Dot {
            at: s,
            radius: 5.5,
            color: LayerId::GjkDirection.color(),
        });
        prims.push(label(s, "support", LayerId::GjkDirection.color()));
    }
    prims
}

/// The final answer in the world: distance segment and normal, or the penetration.
fn result_witness(an: &Analysis, show_penetration: bool) -> Vec<Prim> {
    let c = LayerId::Witness.color();
    if show_penetration {
        if let Some(p) = &an.penetration {
            return vec![
                Prim::Dot {
                    at: p.point_a,
                    radius: 4.5,
                    color: c,
                },
                Prim::Dot {
                    at: p.point_b,
                    radius: 4.5,
                    color: c,
                },
                Prim::Arrow {
                    from: p.point_b,
                    to: p.point_a,
                    width: 2.5,
                    color: LayerId::EpaPolytope.color(),
                },
                label(p.point_a, format!("depth {:.4}", p.depth), c),
            ];
        }
    }
    let d = &an.distance;
    let mut prims = vec![
        line(d.point_a, d.point_b, 2.0, c),
        Prim::Dot {
            at: d.point_a,
            radius: 4.5,
            color: c,
        },
        Prim::Dot {
            at: d.point_b,
            radius: 4.5,
            color: c,
        },
    ];
    if d.distance > 0.0 {
        prims.push(label(
            (d.point_a + d.point_b) * 0.5,
            format!("{:.4}", d.distance),
            c,
        ));
    }
    prims
}

/// A ghost of shape `i` at `pose`: an outline, dashed or solid, and a light fill.
fn ghost(
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
fn sweep_paths(scene: &Scene, an: &Analysis, ends: [Option<Pose>; 2], out: &mut Vec<Prim>) {
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
fn toi_layer(scene: &Scene, an: &Analysis, k: usize) -> Vec<Prim> {
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
fn cast_layer(scene: &Scene, an: &Analysis, k: usize) -> Vec<Prim> {
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

/// Builds the draw list of `algorithm` at `step` for the analysed pair (or just the
/// shapes when there is no pair).
pub fn build_draw_list(
    scene: &Scene,
    an: Option<&Analysis>,
    algorithm: Algorithm,
    step: usize,
    hl: &Highlight,
) -> DrawList {
    let mut out = DrawList::default();
    out.push(LayerId::Shapes, shapes_layer(scene, an, hl));
    let Some(an) = an else {
        return out;
    };
    out.push(LayerId::Minkowski, minkowski_layer(an));
    let scale = an
        .minkowski
        .points
        .iter()
        .fold(0.0f32, |m, p| m.max(p.length()))
        .max(1.0e-6);
    match algorithm {
        Algorithm::Gjk => {
            gjk_layers(&an.gjk_trace, step, scale, &mut out);
            let last = step + 1 >= an.gjk_trace.steps.len();
            let witness = match an.gjk_trace.steps.get(step) {
                Some(s) if !last => gjk_witness(s),
                _ => result_witness(an, false),
            };
            out.push(LayerId::Witness, witness);
        }
        Algorithm::Epa => match an.epa_phase(step) {
            EpaPhase::Gjk(k) => {
                gjk_layers(&an.epa_gjk_trace, k, scale, &mut out);
                if let Some(s) = an.epa_gjk_trace.steps.get(k) {
                    out.push(LayerId::Witness, gjk_witness(s));
                }
            }
            EpaPhase::Epa(k) => {
                out.push(LayerId::EpaPolytope, epa_layer(an, k));
                let last = k + 1 >= an.epa_trace.steps.len();
                if last {
                    out.push(LayerId::Witness, result_witness(an, true));
                }
            }
        },
        Algorithm::Sat => out.push(
            LayerId::Sat,
            crate::view::draw_contact::sat_layer(scene, an, step),
        ),
        Algorithm::Manifold => {
            let source = if hl.manifold_via_sat {
                crate::core::manifold::ManifoldSource::Sat
            } else {
                crate::core::manifold::ManifoldSource::Epa
            };
            out.push(
                LayerId::Manifold,
                crate::view::draw_contact::manifold_layer(scene, an, source, step),
            );
        }
        Algorithm::Clip => out.push(
            LayerId::Clip,
            crate::view::draw_contact::clip_layer(scene, an, step),
        ),
        Algorithm::BoxBox => out.push(
            LayerId::Manifold,
            crate::view::draw_contact::box_box_layer(scene, an, step),
        ),
        Algorithm::Toi => out.push(LayerId::Toi, toi_layer(scene, an, step)),
        Algorithm::Cast => out.push(LayerId::Toi, cast_layer(scene, an, step)),
    }
    out
}

/// Bounds (min, max) of every point of the layers in `space`, if any.
pub fn bounds(list: &DrawList, space: Space) -> Option<(Vec2, Vec2)> {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for layer in list.layers.iter().filter(|l| l.space == space) {
        for p in &layer.prims {
            let pts: &[Vec2] = match p {
                Prim::Polyline { points, .. } | Prim::Fill { points, .. } => points,
                Prim::Dot { at, .. } | Prim::Label { at, .. } | Prim::Cross { at, .. } => {
                    std::slice::from_ref(at)
                }
                Prim::Arrow { from, to, .. } => {
                    lo = lo.min(*from).min(*to);
                    hi = hi.max(*from).max(*to);
                    continue;
                }
            };
            for q in pts {
                lo = lo.min(*q);
                hi = hi.max(*q);
            }
        }
    }
    (lo.x <= hi.x).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gjk::SimplexCache;
    use crate::scene::parse_scene;

    fn default_scene() -> Scene {
        parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap()
    }

    #[test]
    fn gjk_step_k_draws_the_simplex_of_trace_step_k() {
        let mut scene = default_scene();
        // Separate B from A so GJK takes several steps.
        scene.shapes[1].pose.position = Vec2::new(4.0, 1.0);
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
        assert!(an.gjk_trace.steps.len() >= 2);
        for k in 0..an.gjk_trace.steps.len() {
            let list = build_draw_list(&scene, Some(&an), Algorithm::Gjk, k, &Highlight::default());
            for id in [
                LayerId::Shapes,
                LayerId::Minkowski,
                LayerId::GjkSimplex,
                LayerId::Witness,
            ] {
                assert!(list.layer(id).is_some(), "step {k}: layer {id:?} missing");
            }
            let layer = list.layer(LayerId::GjkSimplex).unwrap();
            assert_eq!(layer.space, Space::Config);
            // Every vertex of trace step k is drawn as a dot at its coordinates.
            for v in &an.gjk_trace.steps[k].simplex_in {
                let found = layer
                    .prims
                    .iter()
                    .any(|p| matches!(p, Prim::Dot { at, .. } if (*at - v.w).length() < 1e-6));
                assert!(found, "step {k}: vertex {} not drawn", v.w);
            }
        }
    }

    #[test]
    fn epa_steps_draw_the_polytope() {
        let scene = default_scene();
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
        let first_epa = an.epa_gjk_trace.steps.len();
        let list = build_draw_list(
            &scene,
            Some(&an),
            Algorithm::Epa,
            first_epa,
            &Highlight::default(),
        );
        let layer = list.layer(LayerId::EpaPolytope).expect("EPA layer");
        let poly = &an.epa_trace.steps[0].polytope;
        assert!(layer
            .prims
            .iter()
            .any(|p| matches!(p, Prim::Polyline { points, .. } if points == poly)));
        assert!(list.layer(LayerId::GjkSimplex).is_none());
    }

    #[test]
    fn cast_steps_draw_the_poses_of_trace_step_k() {
        let mut scene = default_scene();
        // C moves towards A with velocity (3, -1.5): the cast has several steps.
        let an = Analysis::compute(&scene, 0, 2, &mut SimplexCache::default());
        assert!(an.cast_trace.steps.len() >= 2, "{:?}", an.cast);
        for k in 0..an.cast_trace.steps.len() {
            let list =
                build_draw_list(&scene, Some(&an), Algorithm::Cast, k, &Highlight::default());
            let layer = list.layer(LayerId::Toi).expect("toi layer");
            let expected = outline_at(&scene, 2, &an.cast_trace.steps[k].pose_b);
            assert!(layer.prims.iter().any(
                |p| matches!(p, Prim::Polyline { points, dashed: false, .. } if *points == expected)
            ));
        }
        scene.shapes[2].velocity = Vec2::ZERO;
        let an = Analysis::compute(&scene, 0, 2, &mut SimplexCache::default());
        assert!(!an.swept.hit);
        let last = an.step_count(Algorithm::Toi) - 1;
        let list = build_draw_list(
            &scene,
            Some(&an),
            Algorithm::Toi,
            last,
            &Highlight::default(),
        );
        assert!(list.layer(LayerId::Shapes).is_some());
    }

    #[test]
    fn bounds_cover_shapes() {
        let scene = default_scene();
        let list = build_draw_list(&scene, None, Algorithm::Gjk, 0, &Highlight::default());
        let (lo, hi) = bounds(&list, Space::World).unwrap();
        assert!(lo.x < -2.5 && hi.x > 2.0, "{lo} {hi}");
        assert!(bounds(&list, Space::Config).is_none());
    }
}
