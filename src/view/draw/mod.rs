//! The draw list: what the debugger shows, as plain primitives grouped in layers.
//!
//! The macroquad view draws this list; an SVG/PNG export can write the same list.
//! Geometry is in world units of the layer's space ([`Space::World`] for the shapes,
//! [`Space::Config`] for the Minkowski difference B − A); widths and marker sizes
//! are in screen pixels, so they look the same at every zoom.

use crate::core::minkowski::round_outline;
use crate::core::shape::Pose;
use crate::scene::Scene;
use crate::trace::analysis::{Algorithm, Analysis, EpaPhase};
use crate::view::narrate::features::{NamedFeature, MAX_NAMED};
use crate::view::palette;
use glam::Vec2;
use serde::{Deserialize, Serialize};

mod chain;
mod config;
mod contact;
mod epa;
mod gauss;
mod gjk;
mod hull;
pub mod peers;
mod prims;
mod ray;
mod rays;
mod rotating;
mod shapes;
mod toi;

use epa::*;
use gjk::*;
use prims::*;
use shapes::*;
use toi::*;

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
            LayerId::VertexIndices => "Vertex numbers of A and B",
            LayerId::Minkowski => "Minkowski difference B − A",
            LayerId::GjkSimplex => "GJK simplex (earlier steps faded)",
            LayerId::GjkDirection => "GJK search direction, support point",
            LayerId::Witness => "Witness points, distance / depth",
            LayerId::EpaPolytope => "EPA polytope, closest edge, normal",
            LayerId::Sat => "SAT axes and projections",
            LayerId::Manifold => "Manifold: reference/incident edges, clip planes, contacts",
            LayerId::Clip => "Sutherland–Hodgman clip edge, polygon before/after",
            LayerId::Toi => "Time of impact: ghost poses, sweep",
            LayerId::PeerBox2d => "Box2D v3's answer: witnesses, normal, contacts, impact",
            LayerId::PeerParry => "parry2d's answer: witnesses, normal, contacts, impact",
            LayerId::PeerBox2dSimplex => "Box2D v3's own GJK simplex at this iteration",
            LayerId::Hull => "Hull builder: points, edge, farthest point, dropped points",
            LayerId::Rays => "Rays: first hit, normal, fraction",
            LayerId::RayCast => "Ray cast, stepped: clip interval, circles, GJK march",
            LayerId::Chains => "Chains: segments, one-sided normals, contacts (smooth or naive)",
            LayerId::ConfigPicture => {
                "Configuration space: axes as intervals of B − A, depth, sweep ray and its GJK ray cast, B − A while turning"
            }
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
            | LayerId::PeerBox2dSimplex
            | LayerId::GjkSimplex
            | LayerId::GjkDirection
            | LayerId::EpaPolytope
            | LayerId::ConfigPicture => Space::Config,
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
    /// Features of A and B the hovered narration names, drawn highlighted.
    pub named: [Option<NamedFeature>; MAX_NAMED],
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
    let mut shapes = shapes_layer(scene, an, hl);
    if let Some(an) = an {
        named_features_prims(scene, an, hl, &mut shapes);
    }
    out.push(LayerId::Shapes, shapes);
    if let Some(an) = an {
        out.push(LayerId::VertexIndices, vertex_indices_layer(scene, an));
    }
    if !scene.chains.is_empty() {
        out.push(LayerId::Chains, chain::chains_layer(scene));
    }
    if !scene.rays.is_empty() {
        // The stepped ray is drawn by its own layer.
        let stepped = an
            .filter(|_| algorithm == Algorithm::Ray)
            .and_then(|an| an.ray.as_ref())
            .map(|r| r.ray);
        out.push(LayerId::Rays, rays::rays_layer(scene, stepped));
    }
    let Some(an) = an else {
        return out;
    };
    out.push(LayerId::Minkowski, minkowski_layer(an));
    let source = crate::core::manifold::ManifoldSource::via_sat(hl.manifold_via_sat);
    algorithm_layers(scene, an, algorithm, step, source, &mut out);
    out.push(
        LayerId::ConfigPicture,
        config::config_layer(scene, an, algorithm, step, source),
    );
    out
}

/// The layers of `algorithm` at `step` itself (world and configuration space).
fn algorithm_layers(
    scene: &Scene,
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    source: crate::core::manifold::ManifoldSource,
    out: &mut DrawList,
) {
    let scale = an
        .minkowski
        .points
        .iter()
        .fold(0.0f32, |m, p| m.max(p.length()))
        .max(1.0e-6);
    match algorithm {
        Algorithm::Gjk => {
            gjk_layers(&an.gjk_trace, step, scale, out);
            let last = step + 1 >= an.gjk_trace.steps.len();
            let witness = match an.gjk_trace.steps.get(step) {
                Some(s) if !last => gjk_witness(s),
                _ => result_witness(an, false),
            };
            out.push(LayerId::Witness, witness);
        }
        Algorithm::Epa => match an.epa_phase(step) {
            EpaPhase::Gjk(k) => {
                gjk_layers(&an.epa_gjk_trace, k, scale, out);
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
        Algorithm::Sat => out.push(LayerId::Sat, contact::sat_layer(scene, an, step)),
        Algorithm::Manifold => {
            out.push(
                LayerId::Manifold,
                contact::manifold_layer(scene, an, source, step),
            );
        }
        Algorithm::Clip => out.push(LayerId::Clip, contact::clip_layer(scene, an, step)),
        Algorithm::BoxBox => out.push(LayerId::Manifold, contact::box_box_layer(scene, an, step)),
        Algorithm::Toi => out.push(LayerId::Toi, toi_layer(scene, an, step)),
        Algorithm::Cast => out.push(LayerId::Toi, cast_layer(scene, an, step)),
        Algorithm::Hull => out.push(LayerId::Hull, hull::hull_layer(an, step)),
        Algorithm::Rotating => out.push(LayerId::Toi, rotating::rotating_layer(scene, an, step)),
        Algorithm::Ray => {
            if let Some(study) = &an.ray {
                out.push(LayerId::RayCast, ray::ray_layer(scene, study, step));
            }
        }
    }
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

/// The box of where the action is in `space` for this step: the points the step is about
/// (contacts, witnesses, simplex and polytope vertices, supports, clip results — every
/// dot outside the shapes' own layers), with the origin in configuration space. `None`
/// when the step marks no point. The box may be tiny (witnesses 1e-4 apart): that is
/// the point of zooming to it; [`Camera::fit_at_least`](crate::view::camera::Camera)
/// gives it a floor.
pub fn action_bounds(list: &DrawList, space: Space) -> Option<(Vec2, Vec2)> {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    let mut any = false;
    let background = [LayerId::Shapes, LayerId::VertexIndices, LayerId::Minkowski];
    for layer in list
        .layers
        .iter()
        .filter(|l| l.space == space && !background.contains(&l.id))
    {
        for p in &layer.prims {
            if let Prim::Dot { at, .. } = p {
                if at.is_finite() {
                    lo = lo.min(*at);
                    hi = hi.max(*at);
                    any = true;
                }
            }
        }
    }
    if space == Space::Config && any {
        lo = lo.min(Vec2::ZERO);
        hi = hi.max(Vec2::ZERO);
    }
    any.then_some((lo, hi))
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
