//! Running the core on a pair, traces off, through the scene's one builder.

use super::*;
use crate::core::epa::{penetration, PenetrationOutput};
use crate::core::gjk::{shape_distance, DistanceOutput};
use crate::core::manifold::{contact_manifold, ManifoldOutput, ManifoldSource};
use crate::core::sat::{separating_axis, SatOutput};
use crate::core::sutherland_hodgman::{clip_polygon, ClipOutput};
use crate::core::toi::rotating::{time_of_impact, RotatingToiOutput};
use crate::core::toi::shape_cast::{shape_cast, CastOutput};
use crate::core::toi::swept_sat::{swept_sat, SweptOutput};
use crate::scene::Settings;

/// Every core result the checks read, for one pair (traces off).
#[derive(Clone, Debug)]
pub struct CoreResults {
    pub distance: DistanceOutput,
    /// The same query with A and B swapped.
    pub distance_swapped: DistanceOutput,
    pub penetration: Option<PenetrationOutput>,
    pub penetration_swapped: Option<PenetrationOutput>,
    pub sat: SatOutput,
    pub manifold_epa: ManifoldOutput,
    /// The SAT normal's general clipping path ([`general_sat_settings`]): with the
    /// `Box2dV3` preset the SAT source is Box2D's own functions, Box2D's arithmetic
    /// bit for bit (compared with the live Box2D by `fuzz --peers`), whose answers
    /// the exact references would judge as Box2D's, not ours.
    pub manifold_sat: ManifoldOutput,
    /// Sutherland–Hodgman of the world cores (A clipped by B), when both have area.
    pub clip: Option<ClipOutput>,
    pub swept: SweptOutput,
    pub cast: CastOutput,
    /// The rotating time of impact (touching as the target), rotating family only.
    pub rotating: Option<RotatingToiOutput>,
}

/// `settings` with the reference-face rule whose SAT manifold is our general clipping
/// path: Box2D-Lite's (Box2D v3's is Box2D's own functions).
pub fn general_sat_settings(settings: &Settings) -> Settings {
    Settings {
        sat_bias: crate::core::settings::SatBias::Box2dLite,
        ..*settings
    }
}

/// Runs every algorithm on the pair with `settings`, traces off, through the scene's
/// one builder ([`PairInputs`]).
pub fn run_core(pair: &FuzzPair, settings: &Settings) -> CoreResults {
    let inputs = pair.inputs(settings);
    let swapped = inputs.swapped();
    let clip =
        (pair.shape_a.vertices().len() >= 3 && pair.shape_b.vertices().len() >= 3).then(|| {
            let (wa, wb) = inputs.world_cores();
            clip_polygon(&wa, &wb, None)
        });
    CoreResults {
        distance: shape_distance(&inputs.distance(), None, None),
        distance_swapped: shape_distance(&swapped.distance(), None, None),
        penetration: penetration(&inputs.penetration(), None, None),
        penetration_swapped: penetration(&swapped.penetration(), None, None),
        sat: separating_axis(&inputs.sat(), None),
        manifold_epa: contact_manifold(&inputs.manifold(ManifoldSource::Epa), None),
        manifold_sat: {
            let general = general_sat_settings(settings);
            contact_manifold(&pair.inputs(&general).manifold(ManifoldSource::Sat), None)
        },
        clip,
        swept: swept_sat(&inputs.swept(), None),
        cast: shape_cast(&inputs.cast(), None),
        rotating: (pair.family == Family::Rotating)
            .then(|| time_of_impact(&inputs.rotating_toi(), None)),
    }
}
