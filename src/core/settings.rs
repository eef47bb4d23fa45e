//! The settings every query reads: tolerances, iteration bounds, the speculative
//! distance. They belong to the core; a scene file only carries values for them
//! (`settings: (...)`, every field optional), checked by [`Settings::validate`].

use crate::core::consts::*;
use crate::core::shape::AngleFrom;
use serde::{Deserialize, Serialize};

/// Which reference-face rule SAT (and so the clipping manifold) follows when A's best
/// face and B's are close. Both keep the reference face from flip-flopping between
/// frames; they differ on deep overlaps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SatBias {
    /// Box2D v3 (`b2CollidePolygons` of v3.1+, as boxdd vendors it): B's face only
    /// when its separation beats A's, penetrating or not (A's on a tie); two segment
    /// cores (segments, capsules) follow `b2CollideCapsules` (B's face only when better
    /// by 0.1 × linear slop, two points only when one lies within slop of the closest
    /// distance). The default: it takes the true minimum axis, as the engine people
    /// debug against.
    #[default]
    Box2dV3,
    /// Box2D-Lite: when both penetrate, B's face only when its separation beats
    /// `0.95·s_A + 0.01·h_B` (`h_B` the face's distance from B's centroid); apart, the
    /// larger separation. Keeps A's face much longer on deep overlaps.
    Box2dLite,
}

impl SatBias {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// How a chain's segments meet a shape in the report (`settings.chain_mode`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ChainMode {
    /// Each segment with its ghost vertices, one-sided
    /// ([`collide_chain_segment`](crate::core::chain::collide_chain_segment)): no
    /// bump at a seam. The default.
    #[default]
    Smooth,
    /// Each segment as an independent two-sided segment through the ordinary contact
    /// manifold: shows the ghost collision at a seam that the smooth mode removes.
    Naive,
}

impl ChainMode {
    /// The mode as the report writes it: `smooth` or `naive`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChainMode::Smooth => "smooth",
            ChainMode::Naive => "naive",
        }
    }

    /// True for the default ([`ChainMode::Smooth`]), which a saved scene leaves out.
    pub fn is_default(&self) -> bool {
        *self == ChainMode::Smooth
    }
}

/// Algorithm settings: what a scene's `settings` section carries.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "RawSettings")]
pub struct Settings {
    /// Pairs up to this far apart (length units) still get manifold points.
    /// Default [`DEFAULT_SPECULATIVE_DISTANCE`].
    pub speculative_distance: f32,
    /// GJK support evaluations allowed, 1 to [`MAX_GJK_ITERATIONS`]. Default 20.
    pub gjk_max_iterations: u32,
    /// EPA relative tolerance, in (0, 0.1]. Default 1e-4.
    pub epa_tolerance: f32,
    /// EPA expansions allowed, 1 to [`MAX_EPA_ITERATIONS`]. Default 64.
    pub epa_max_iterations: u32,
    /// Warm-start GJK from the previous query's simplex cache. Default false.
    pub use_cache: bool,
    /// SAT's reference-face rule. Default [`SatBias::Box2dV3`].
    pub sat_bias: SatBias,
    /// How chains meet shapes. Default [`ChainMode::Smooth`]; written only when not
    /// the default, so older scene files save as they were.
    #[serde(default, skip_serializing_if = "ChainMode::is_default")]
    pub chain_mode: ChainMode,
    /// How a shape's `angle` becomes its rotation. Default
    /// [`AngleFrom::SinCos`](crate::core::shape::AngleFrom::SinCos); written only when not
    /// the default.
    #[serde(default, skip_serializing_if = "AngleFrom::is_default")]
    pub angle_from: AngleFrom,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            speculative_distance: DEFAULT_SPECULATIVE_DISTANCE,
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
            epa_tolerance: DEFAULT_EPA_TOLERANCE,
            epa_max_iterations: DEFAULT_EPA_MAX_ITERATIONS,
            use_cache: false,
            sat_bias: SatBias::Box2dV3,
            chain_mode: ChainMode::Smooth,
            angle_from: AngleFrom::SinCos,
        }
    }
}

#[derive(Deserialize)]
#[serde(default, deny_unknown_fields, rename = "Settings")]
struct RawSettings {
    speculative_distance: f32,
    gjk_max_iterations: u32,
    epa_tolerance: f32,
    epa_max_iterations: u32,
    use_cache: bool,
    sat_bias: SatBias,
    chain_mode: ChainMode,
    angle_from: AngleFrom,
}

impl Default for RawSettings {
    fn default() -> Self {
        let s = Settings::default();
        RawSettings {
            speculative_distance: s.speculative_distance,
            gjk_max_iterations: s.gjk_max_iterations,
            epa_tolerance: s.epa_tolerance,
            epa_max_iterations: s.epa_max_iterations,
            use_cache: s.use_cache,
            sat_bias: s.sat_bias,
            chain_mode: s.chain_mode,
            angle_from: s.angle_from,
        }
    }
}

impl TryFrom<RawSettings> for Settings {
    type Error = String;
    fn try_from(r: RawSettings) -> Result<Self, String> {
        let s = Settings {
            speculative_distance: r.speculative_distance,
            gjk_max_iterations: r.gjk_max_iterations,
            epa_tolerance: r.epa_tolerance,
            epa_max_iterations: r.epa_max_iterations,
            use_cache: r.use_cache,
            sat_bias: r.sat_bias,
            chain_mode: r.chain_mode,
            angle_from: r.angle_from,
        };
        s.validate()?;
        Ok(s)
    }
}

impl Settings {
    /// Checks every field's range; the message names the field.
    pub fn validate(&self) -> Result<(), String> {
        if !self.speculative_distance.is_finite()
            || !(0.0..=MAX_COORDINATE).contains(&self.speculative_distance)
        {
            return Err(format!(
                "settings.speculative_distance is {}; it must be a number from 0 to {MAX_COORDINATE:e}",
                self.speculative_distance
            ));
        }
        if !(1..=MAX_GJK_ITERATIONS).contains(&self.gjk_max_iterations) {
            return Err(format!(
                "settings.gjk_max_iterations is {}; it must be from 1 to {MAX_GJK_ITERATIONS}",
                self.gjk_max_iterations
            ));
        }
        if !(self.epa_tolerance > 0.0 && self.epa_tolerance <= 0.1) {
            return Err(format!(
                "settings.epa_tolerance is {}; it must be in (0, 0.1]",
                self.epa_tolerance
            ));
        }
        if !(1..=MAX_EPA_ITERATIONS).contains(&self.epa_max_iterations) {
            return Err(format!(
                "settings.epa_max_iterations is {}; it must be from 1 to {MAX_EPA_ITERATIONS}",
                self.epa_max_iterations
            ));
        }
        Ok(())
    }
}
