//! The draw list: what the debugger shows, as plain primitives grouped in layers, and the
//! layers that belong to no one algorithm (shapes, vertex numbers, the scene's chains and
//! rays, the engines' overlays). Each algorithm's own layers are drawn by its study
//! ([`crate::study`]), which also puts the list together.
//!
//! The macroquad view draws this list; an SVG/PNG export can write the same list.
//! Geometry is in world units of the layer's space ([`Space::World`] for the shapes,
//! [`Space::Config`] for the Minkowski difference B − A); widths and marker sizes
//! are in screen pixels, so they look the same at every zoom (marker rings too).

use crate::core::minkowski::round_outline;
pub use crate::core::sat::Owner;
use crate::core::shape::Pose;
use crate::scene::Scene;
use crate::view::narrate::features::{Mention, MAX_NAMED};
use crate::view::palette;
use glam::Vec2;
use serde::{Deserialize, Serialize};

mod chain;
pub mod config;
mod gauss;
pub mod ghost;
pub mod handles;
pub mod inset;
pub mod peers;
mod prims;
mod rays;
mod shapes;

pub use chain::{chains_layer, gauss_layer, NORMAL_PX};
pub use prims::*;
pub use rays::rays_layer;
pub use shapes::{named_features_prims, point_in_polygon, shapes_layer, vertex_indices_layer};

/// Which view a layer belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
        /// The pair shape the label speaks of (its name, its vertex numbers, a feature
        /// or point of it, "A so far"), if one: the placer keeps it out of the other
        /// shape's outline, where it would read as saying something of that one.
        #[serde(skip_serializing_if = "Option::is_none")]
        of: Option<Owner>,
    },
    /// A cross marker of `size` pixels (the origin of configuration space).
    Cross { at: Vec2, size: f32, color: Rgba },
    /// A circle's outline of `radius` pixels around `at` (an engine's point, drawn over
    /// our filled dot): the same size at every zoom.
    Ring {
        at: Vec2,
        radius: f32,
        width: f32,
        color: Rgba,
    },
    /// Marks that must read at any zoom ([`inset`]): `prims`, in world units about
    /// `anchor`, drawn magnified about it when `size` world units would be fewer than
    /// `min_px` pixels on screen (pixels before the presenter setting's scale, like
    /// every width). Widths, dot sizes and label offsets stay in pixels. A view expands
    /// it for its zoom ([`DrawList::at_zoom`]) before drawing or placing labels.
    Inset {
        anchor: Vec2,
        size: f32,
        min_px: f32,
        prims: Vec<Prim>,
    },
}

pub use crate::scene::view_state::LayerId;

impl Prim {
    /// The same primitive, a label saying something of pair shape `shape` (a label's
    /// `of`); any other primitive unchanged.
    pub fn of(mut self, shape: Owner) -> Prim {
        if let Prim::Label { of, .. } = &mut self {
            *of = Some(shape);
        }
        self
    }
}

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
            LayerId::GaussMap => "Gauss map: a smooth chain contact's normal skipped, admitted or snapped",
            LayerId::ConfigPicture => {
                "Configuration space: axes as intervals of B − A, depth, sweep ray and its GJK ray cast, B − A while turning"
            }
        }
    }

    /// The legend's words for the layer's own colour: its [`LayerId::label`], except
    /// where the layer draws most of its marks in other roles' colours and its own
    /// (SAT's teal) marks two things only: SAT's axis as an interval of B − A, and the
    /// GJK ray cast of the time-of-impact studies.
    pub fn legend_label(self) -> &'static str {
        match self {
            LayerId::ConfigPicture => "on B − A: SAT's axis as an interval, or the GJK ray cast",
            _ => self.label(),
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

    /// Adds layer `id` with `prims` (nothing when empty).
    pub fn push(&mut self, id: LayerId, prims: Vec<Prim>) {
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
    /// The manifold algorithm shows the SAT-normal path (false: the EPA path).
    pub manifold_via_sat: bool,
    /// What the hovered narration names (features of A and B, the algorithm's own
    /// marks), drawn highlighted.
    pub named: [Option<Mention>; MAX_NAMED],
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

/// Bounds (min, max) of every point of the layers in `space`, if any.
pub fn bounds(list: &DrawList, space: Space) -> Option<(Vec2, Vec2)> {
    let mut lo = Vec2::splat(f32::INFINITY);
    let mut hi = Vec2::splat(f32::NEG_INFINITY);
    for layer in list.layers.iter().filter(|l| l.space == space) {
        grow_bounds(&layer.prims, &mut lo, &mut hi);
    }
    (lo.x <= hi.x).then_some((lo, hi))
}

/// Grows `lo`–`hi` over every point of `prims` (an inset's marks at their world size:
/// what a fit sees before it knows its zoom).
fn grow_bounds(prims: &[Prim], lo: &mut Vec2, hi: &mut Vec2) {
    for p in prims {
        let pts: &[Vec2] = match p {
            Prim::Polyline { points, .. } | Prim::Fill { points, .. } => points,
            Prim::Dot { at, .. }
            | Prim::Label { at, .. }
            | Prim::Cross { at, .. }
            | Prim::Ring { at, .. } => std::slice::from_ref(at),
            Prim::Arrow { from, to, .. } => {
                *lo = lo.min(*from).min(*to);
                *hi = hi.max(*from).max(*to);
                continue;
            }
            Prim::Inset { prims, .. } => {
                grow_bounds(prims, lo, hi);
                continue;
            }
        };
        for q in pts {
            *lo = lo.min(*q);
            *hi = hi.max(*q);
        }
    }
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

    #[test]
    fn bounds_cover_the_points_of_one_space() {
        let mut list = DrawList::default();
        list.push(
            LayerId::Shapes,
            vec![line(
                Vec2::new(-3.0, 0.0),
                Vec2::new(2.5, 1.0),
                1.0,
                Rgba::WHITE,
            )],
        );
        let (lo, hi) = bounds(&list, Space::World).unwrap();
        assert_eq!((lo, hi), (Vec2::new(-3.0, 0.0), Vec2::new(2.5, 1.0)));
        assert!(bounds(&list, Space::Config).is_none());
        list.push(LayerId::Minkowski, Vec::new());
        assert_eq!(list.layers.len(), 1, "an empty layer is not added");
    }
}
