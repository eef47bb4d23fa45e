//! The report's chain pairs: a chain (A) against a shape (B), one entry per segment
//! within the speculative distance of the shape, in the mode `settings.chain_mode`
//! says. Written in the report's `"pairs"` list after the pairs of shapes:
//!
//! ```json
//! { "a": "Floor", "b": "Box", "chain_mode": "smooth",
//!   "chain": [ { "segment": 2, "outcome": "contact",
//!                "manifold": { "normal": [0.0, 1.0], "points": [ ... ] } } ] }
//! ```
//!
//! `"manifold"` has the form of a pair's (see [`ManifoldJson`]), null when the segment
//! makes no points (`"outcome"` says why: the chain query's outcome, e.g. `skipped`,
//! `behind`, or `separated` in the naive mode). Chain against chain is not collided.

use super::manifold_json::ManifoldJson;
use crate::core::chain::collide_chain_segment;
use crate::core::gjk::shape_distance;
use crate::core::manifold::contact_manifold;
use crate::core::settings::ChainMode;
use crate::scene::build::ChainPairInputs;
use crate::scene::Scene;
use serde::Serialize;

/// A chain against a shape.
#[derive(Clone, Debug, Serialize)]
pub struct ChainPairReport {
    /// The chain's name.
    pub a: String,
    /// The shape's name.
    pub b: String,
    /// `smooth` (ghost vertices, one-sided) or `naive` (two-sided segments).
    pub chain_mode: &'static str,
    /// The segments within the speculative distance, in chain order.
    pub chain: Vec<ChainSegmentJson>,
}

/// One segment of a chain pair.
#[derive(Clone, Debug, Serialize)]
pub struct ChainSegmentJson {
    /// The segment's index in the chain (from 0).
    pub segment: usize,
    /// How the query ended: the chain query's outcome in the smooth mode, the contact
    /// manifold's in the naive mode.
    pub outcome: &'static str,
    /// The segment's manifold, normal from the segment to the shape; null without
    /// points.
    pub manifold: Option<ManifoldJson>,
}

/// Chain `c` of `scene` against shape `s`. Panics if an index is out of range.
pub fn chain_pair_report(scene: &Scene, c: usize, s: usize) -> ChainPairReport {
    let inputs = scene.chain_pair(c, s);
    let mode = scene.settings.chain_mode;
    let chain = segments_in_reach(&inputs, mode);
    ChainPairReport {
        a: scene.chains[c].name.clone(),
        b: scene.shapes[s].name.clone(),
        chain_mode: mode.as_str(),
        chain,
    }
}

/// The entries of the segments within the speculative distance of the shape, in
/// chain order, collided in `mode` (whatever the scene's settings say).
pub fn segments_in_reach(inputs: &ChainPairInputs, mode: ChainMode) -> Vec<ChainSegmentJson> {
    (0..inputs.segment_count())
        .filter(|&i| within_reach(inputs, i))
        .filter_map(|i| segment_json(inputs, i, mode))
        .collect()
}

/// Whether segment `i` (without ghosts) comes within the speculative distance of the
/// shape, radii counted.
fn within_reach(inputs: &ChainPairInputs, i: usize) -> bool {
    inputs.segment_distance(i).is_some_and(|d| {
        shape_distance(&d, None, None).distance <= inputs.settings.speculative_distance
    })
}

/// Segment `i`'s entry in `mode`.
fn segment_json(inputs: &ChainPairInputs, i: usize, mode: ChainMode) -> Option<ChainSegmentJson> {
    let (outcome, manifold) = match mode {
        ChainMode::Smooth => {
            let m = collide_chain_segment(&inputs.segment(i)?, None);
            (m.termination.as_str(), ManifoldJson::from_chain(&m))
        }
        ChainMode::Naive => {
            let m = contact_manifold(&inputs.naive_segment(i)?, None);
            (m.termination.as_str(), ManifoldJson::from_output(&m))
        }
    };
    Some(ChainSegmentJson {
        segment: i,
        outcome,
        manifold,
    })
}
