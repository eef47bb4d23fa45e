//! A scene's expected chain outcomes: in `expect`, per chain and shape, the segments in
//! reach and what each makes (its outcome, how many points, the normal):
//!
//! ```ron
//! expect: (chains: [(chain: "Floor", shape: "Box", segments: [
//!     (segment: 2, outcome: "contact", points: 2, normal: Some((0.0, 1.0))),
//!     (segment: 3, points: 0),
//! ])]),
//! ```
//!
//! `segments` lists exactly the segments the report lists for the pair (those within
//! the speculative distance of the shape, in chain order), in the scene's chain mode.
//! `outcome` (optional) is the report's outcome word; `points` 0 means the segment
//! drops the contact; `normal` (optional) must hold within `normal_tolerance`
//! (default 1e-4, on each component). Checked by the scene-library test through
//! `trace::chain_expect`; the loader checks the names and numbers.

use super::Scene;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The default tolerance on an expected normal's components.
pub const DEFAULT_CHAIN_NORMAL_TOLERANCE: f32 = 1.0e-4;

fn default_tolerance() -> f32 {
    DEFAULT_CHAIN_NORMAL_TOLERANCE
}

fn is_default_tolerance(t: &f32) -> bool {
    *t == DEFAULT_CHAIN_NORMAL_TOLERANCE
}

/// The expected outcome of one chain against one shape.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChainExpect {
    /// The chain's name.
    pub chain: String,
    /// The shape's name.
    pub shape: String,
    /// Exactly the segments in reach, in chain order.
    pub segments: Vec<SegmentExpect>,
    /// Tolerance on each component of an expected normal.
    #[serde(
        default = "default_tolerance",
        skip_serializing_if = "is_default_tolerance"
    )]
    pub normal_tolerance: f32,
}

/// What one segment makes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SegmentExpect {
    /// The segment's index in the chain.
    pub segment: usize,
    /// The report's outcome word (empty: not checked).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub outcome: String,
    /// How many points: 0 (dropped), 1 or 2.
    pub points: usize,
    /// The normal, from the chain to the shape (none: not checked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normal: Option<Vec2>,
}

/// The first problem with the scene's chain expectations that loading can see: names
/// of chains and shapes it has, segment indices in range and increasing, point counts
/// of at most 2, a finite positive tolerance, finite normals; with the index of the
/// entry in `expect.chains`.
pub fn check_chain_expectations(scene: &Scene) -> Result<(), (usize, String)> {
    for (k, e) in scene.expect.chains.iter().enumerate() {
        check_one(scene, k, e).map_err(|m| (k, m))?;
    }
    Ok(())
}

fn check_one(scene: &Scene, k: usize, e: &ChainExpect) -> Result<(), String> {
    {
        let at = format!("expect.chains[{k}]");
        let Some(c) = scene.chain_index(&e.chain) else {
            return Err(format!(
                "{at} names chain \"{}\", which the scene does not have",
                super::user_text::shown(&e.chain)
            ));
        };
        if scene.shape_index(&e.shape).is_none() {
            return Err(format!(
                "{at} names shape \"{}\", which the scene does not have",
                super::user_text::shown(&e.shape)
            ));
        }
        if !(e.normal_tolerance.is_finite() && e.normal_tolerance > 0.0) {
            return Err(format!("{at}: normal_tolerance must be a positive number"));
        }
        let count = scene.chains[c].segments().len();
        let mut last = None;
        for s in &e.segments {
            if s.segment >= count {
                return Err(format!(
                    "{at}: segment {} is past the chain's last ({} segments)",
                    s.segment, count
                ));
            }
            if last.is_some_and(|l| s.segment <= l) {
                return Err(format!(
                    "{at}: segments must be listed once each, in chain order"
                ));
            }
            last = Some(s.segment);
            if s.points > 2 {
                return Err(format!(
                    "{at}: segment {} cannot make {} points",
                    s.segment, s.points
                ));
            }
            if s.normal.is_some_and(|n| !n.is_finite()) {
                return Err(format!(
                    "{at}: segment {}'s normal is not finite",
                    s.segment
                ));
            }
        }
    }
    Ok(())
}
