//! A contact manifold in the report's JSON form, shared by the pairs of shapes
//! ([`crate::trace::report`]) and the chain segments ([`crate::trace::chain_report`]).

use crate::core::chain::ChainManifold;
use crate::core::manifold::ManifoldOutput;
use crate::core::math::arr;
use serde::Serialize;

/// The `"manifold"` key: the contact manifold by clipping, with the SAT normal
/// ([`ManifoldSource::Sat`](crate::core::manifold::ManifoldSource::Sat): SAT's biased face choice keeps the reference face, and
/// so the ids, stable between frames; cores apart use their closest points).
#[derive(Clone, Debug, Serialize)]
pub struct ManifoldJson {
    pub normal: [f32; 2],
    pub points: Vec<ManifoldPointJson>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ManifoldPointJson {
    pub point_a: [f32; 2],
    pub point_b: [f32; 2],
    /// Negative = penetration, radii subtracted.
    pub separation: f32,
    /// The packed feature id (see `manifold.rs`).
    pub id: u32,
}

impl ManifoldJson {
    /// None when the pair is farther apart than the speculative distance.
    pub fn from_output(m: &ManifoldOutput) -> Option<ManifoldJson> {
        if m.is_separated() {
            return None;
        }
        Some(ManifoldJson {
            normal: arr(m.normal),
            points: m
                .points()
                .iter()
                .map(|p| ManifoldPointJson {
                    point_a: arr(p.point_a),
                    point_b: arr(p.point_b),
                    separation: p.separation,
                    id: p.id,
                })
                .collect(),
        })
    }
}

impl ManifoldJson {
    /// A chain segment's manifold in the same form; None without points.
    pub fn from_chain(m: &ChainManifold) -> Option<ManifoldJson> {
        m.is_contact().then(|| ManifoldJson {
            normal: arr(m.normal),
            points: m
                .points()
                .iter()
                .map(|p| ManifoldPointJson {
                    point_a: arr(p.point_a),
                    point_b: arr(p.point_b),
                    separation: p.separation,
                    id: p.id.pack(),
                })
                .collect(),
        })
    }
}
