//! What the scene's rays and chains meet, for every shape: computed once per change of
//! the scene and then only read (the rays and chains layers draw it, the panel lists it,
//! an export shows the same).

use crate::core::chain::{collide_chain_segment, ChainStep, ChainTrace, NormalClass};
use crate::core::settings::ChainMode;
use crate::scene::Scene;
use crate::trace::chain_report::{chain_pair_report, ChainSegmentJson};
use crate::trace::rays::{first_meets, RayMeets};
use glam::Vec2;

/// The scene's rays and chains against its shapes.
#[derive(Clone, Debug, Default)]
pub struct SceneResults {
    /// Each ray's first meeting, in ray order.
    pub first_meets: Vec<RayMeets>,
    /// Every chain against every shape (chains in file order, then shapes).
    pub chains: Vec<ChainShape>,
}

/// One chain against one shape: its segments within reach and the Gauss map shown.
#[derive(Clone, Debug)]
pub struct ChainShape {
    pub chain: usize,
    pub shape: usize,
    /// The report's entries: each segment within the speculative distance, in chain
    /// order, collided in the scene's chain mode.
    pub entries: Vec<ChainSegmentJson>,
    /// In the smooth mode, the segment whose Gauss map is shown: the segment of the
    /// deepest contact, else the first within reach.
    pub shown: Option<usize>,
    /// Its map, when the query classified a normal there.
    pub gauss: Option<GaussMap>,
}

/// A chain segment's normal classification, as Box2D's `b2ClassifyNormal` made it,
/// for the normal the contact asked for ([`ChainTrace::asked`]).
#[derive(Clone, Copy, Debug)]
pub struct GaussMap {
    pub segment: usize,
    /// The segment's ends (world).
    pub ends: (Vec2, Vec2),
    pub class: NormalClass,
}

impl SceneResults {
    pub fn compute(scene: &Scene) -> SceneResults {
        let mut chains = Vec::new();
        for k in 0..scene.chains.len() {
            for s in 0..scene.shapes.len() {
                chains.push(chain_shape(scene, k, s));
            }
        }
        SceneResults {
            first_meets: first_meets(scene),
            chains,
        }
    }
}

fn chain_shape(scene: &Scene, k: usize, s: usize) -> ChainShape {
    let entries = chain_pair_report(scene, k, s).chain;
    // The deepest contact's segment shows its map, so maps of short neighbouring
    // segments do not pile up.
    let deepest = |e: &&ChainSegmentJson| {
        e.manifold
            .as_ref()
            .and_then(|m| m.points.iter().map(|q| q.separation).reduce(f32::min))
            .unwrap_or(f32::INFINITY)
    };
    let shown = entries
        .iter()
        .min_by(|x, y| deepest(x).total_cmp(&deepest(y)));
    let shown = match (scene.settings.chain_mode, shown) {
        (ChainMode::Smooth, Some(e)) => Some(e.segment),
        _ => None,
    };
    let gauss = shown.and_then(|i| gauss_map(scene, (k, i), s));
    ChainShape {
        chain: k,
        shape: s,
        entries,
        shown,
        gauss,
    }
}

/// The classification of segment `i` of chain `c` against shape `s`, when the smooth
/// query made one.
fn gauss_map(scene: &Scene, (c, i): (usize, usize), s: usize) -> Option<GaussMap> {
    let inputs = scene.chain_pair(c, s);
    let input = inputs.segment(i)?;
    let mut trace = ChainTrace::default();
    collide_chain_segment(&input, Some(&mut trace));
    let ends = trace.steps.iter().find_map(|step| match step {
        ChainStep::Segment { a, b, .. } => Some((*a, *b)),
        _ => None,
    });
    Some(GaussMap {
        segment: i,
        ends: ends?,
        class: *trace.asked()?,
    })
}
