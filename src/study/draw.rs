//! The whole draw list of one step, put together from what was computed: the shapes,
//! the scene's chains and rays, B − A, the algorithm's own layers (its study), its
//! configuration-space picture and the engines' overlays. The window, the exports and the
//! web page all draw what this returns.

use super::basics::minkowski_layer;
use super::{Algorithm, Studies};
use crate::core::manifold::ManifoldSource;
use crate::scene::Scene;
use crate::trace::peer_answer::{Engine, EngineAnswer};
use crate::trace::scene_results::SceneResults;
use crate::view::draw::peers::pair_peer_layers;
use crate::view::draw::{
    chains_layer, gauss_layer, named_features_prims, rays_layer, shapes_layer,
    vertex_indices_layer, DrawList, Highlight, LayerId,
};

/// What one step's picture is made of.
#[derive(Clone, Copy)]
pub struct Frame<'a> {
    pub scene: &'a Scene,
    /// The pair's studies (None with fewer than two shapes).
    pub studies: Option<&'a Studies>,
    pub results: &'a SceneResults,
    /// The engines' answers on the pair (empty: no overlay).
    pub peers: &'a [(Engine, EngineAnswer)],
    pub algorithm: Algorithm,
    pub step: usize,
}

/// The draw list of `frame` (every layer; the caller removes the hidden ones).
pub fn draw_list(frame: &Frame, hl: &Highlight) -> DrawList {
    let Frame {
        scene,
        studies,
        results,
        algorithm,
        step,
        ..
    } = *frame;
    let mut out = DrawList::default();
    let pair = studies.map(Studies::pair);
    let mut shapes = shapes_layer(scene, pair, hl);
    if let Some(pair) = pair {
        named_features_prims(scene, pair, hl, &mut shapes);
    }
    out.push(LayerId::Shapes, shapes);
    if let Some(pair) = pair {
        out.push(LayerId::VertexIndices, vertex_indices_layer(scene, pair));
    }
    if !scene.chains.is_empty() {
        out.push(LayerId::Chains, chains_layer(scene, &results.chains));
        out.push(LayerId::GaussMap, gauss_layer(scene, &results.chains));
    }
    if !scene.rays.is_empty() {
        // The stepped ray is drawn by its own layer.
        let stepped = studies.and_then(|s| s.get(algorithm).stepped_ray());
        out.push(
            LayerId::Rays,
            rays_layer(scene, &results.first_meets, stepped),
        );
    }
    let Some(studies) = studies else {
        return out;
    };
    out.push(
        LayerId::Minkowski,
        minkowski_layer(&studies.basics.minkowski),
    );
    let cx = studies.cx(scene, ManifoldSource::via_sat(hl.manifold_via_sat));
    let study = studies.get(algorithm);
    let named: Vec<_> = hl.named.iter().flatten().copied().collect();
    if !named.is_empty() {
        study.draw_named(&cx, step, &named, &mut out);
    }
    study.draw(&cx, step, &mut out);
    out.push(LayerId::ConfigPicture, study.config(&cx, step));
    pair_peer_layers(
        scene,
        studies.pair(),
        frame.peers,
        study.engines(),
        step,
        &mut out,
    );
    out
}
