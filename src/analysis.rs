//! What the debugger shows for one pair: every algorithm's result and trace, computed
//! once per change and then read by the draw list, the narration and the panel.

use crate::cast::{shape_cast, CastInput, CastOutput, CastTrace};
use crate::consts::{DEFAULT_ARC_TOLERANCE, DEFAULT_CAST_MAX_ITERATIONS};
use crate::epa::{penetration, EpaTrace, PenetrationInput, PenetrationOutput};
use crate::gjk::{shape_distance, DistanceInput, DistanceOutput, GjkTrace, SimplexCache};
use crate::minkowski::{minkowski_difference, MinkowskiOutline};
use crate::scene::Scene;
use crate::toi::{swept_sat, SweptInput, SweptOutput, SweptTrace};
use serde::{Deserialize, Serialize};

/// The algorithms the debugger steps through. File and command-line names are
/// `gjk`, `epa`, `sat`, `manifold`, `clip`, `box-box`, `toi`, `cast`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(try_from = "String", into = "String")]
pub enum Algorithm {
    #[default]
    Gjk,
    Epa,
    Sat,
    Manifold,
    Clip,
    BoxBox,
    Toi,
    Cast,
}

impl Algorithm {
    pub const ALL: [Algorithm; 8] = [
        Algorithm::Gjk,
        Algorithm::Epa,
        Algorithm::Sat,
        Algorithm::Manifold,
        Algorithm::Clip,
        Algorithm::BoxBox,
        Algorithm::Toi,
        Algorithm::Cast,
    ];

    /// The name used in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Gjk => "gjk",
            Algorithm::Epa => "epa",
            Algorithm::Sat => "sat",
            Algorithm::Manifold => "manifold",
            Algorithm::Clip => "clip",
            Algorithm::BoxBox => "box-box",
            Algorithm::Toi => "toi",
            Algorithm::Cast => "cast",
        }
    }

    /// The label shown in the panel.
    pub fn label(self) -> &'static str {
        match self {
            Algorithm::Gjk => "GJK distance",
            Algorithm::Epa => "GJK + EPA (penetration)",
            Algorithm::Sat => "SAT (separating axes)",
            Algorithm::Manifold => "Contact manifold (clipping)",
            Algorithm::Clip => "Sutherland–Hodgman clipping",
            Algorithm::BoxBox => "Box–box (Box2D-Lite)",
            Algorithm::Toi => "Time of impact (swept SAT)",
            Algorithm::Cast => "Shape cast",
        }
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.name() == name)
    }
}

impl TryFrom<String> for Algorithm {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Algorithm::from_name(&s).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!(
                "unknown algorithm \"{s}\"; expected one of: {}",
                names.join(", ")
            )
        })
    }
}

impl From<Algorithm> for String {
    fn from(a: Algorithm) -> String {
        a.name().to_string()
    }
}

/// Every result for the pair (A, B) of a scene.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// Indices of A and B in the scene.
    pub a: usize,
    pub b: usize,
    pub distance: DistanceOutput,
    pub gjk_trace: GjkTrace,
    /// Iterations the same query takes without the cache (when the cache is on).
    pub cold_iterations: Option<u32>,
    /// The cache as GJK left it (empty when the cache is off).
    pub cache: SimplexCache,
    pub penetration: Option<PenetrationOutput>,
    /// The GJK run inside the penetration query, then the EPA steps.
    pub epa_gjk_trace: GjkTrace,
    pub epa_trace: EpaTrace,
    pub minkowski: MinkowskiOutline,
    /// Swept SAT over the step t ∈ [0, 1] with the shapes' velocities.
    pub swept: SweptOutput,
    pub swept_trace: SweptTrace,
    /// The general shape cast (conservative advancement) over the same step.
    pub cast: CastOutput,
    pub cast_trace: CastTrace,
}

impl Analysis {
    /// Runs every algorithm on shapes `a` and `b` of `scene` with traces on.
    /// `cache`: the warm-start cache carried between recomputations (used and
    /// rewritten when `scene.settings.use_cache` is on).
    pub fn compute(scene: &Scene, a: usize, b: usize, cache: &mut SimplexCache) -> Analysis {
        let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
        let s = &scene.settings;
        let (xa, xb) = (sa.pose.transform(), sb.pose.transform());
        let input = DistanceInput {
            shape_a: &sa.shape,
            transform_a: xa,
            shape_b: &sb.shape,
            transform_b: xb,
            use_radii: true,
            max_iterations: s.gjk_max_iterations,
        };
        let mut gjk_trace = GjkTrace::default();
        let (distance, cold_iterations) = if s.use_cache {
            let d = shape_distance(&input, Some(cache), Some(&mut gjk_trace));
            let cold = shape_distance(&input, None, None);
            (d, Some(cold.iterations))
        } else {
            *cache = SimplexCache::default();
            (shape_distance(&input, None, Some(&mut gjk_trace)), None)
        };
        let mut epa_gjk_trace = GjkTrace::default();
        let mut epa_trace = EpaTrace::default();
        let pen = penetration(
            &PenetrationInput {
                shape_a: &sa.shape,
                transform_a: xa,
                shape_b: &sb.shape,
                transform_b: xb,
                gjk_max_iterations: s.gjk_max_iterations,
                epa_tolerance: s.epa_tolerance,
                epa_max_iterations: s.epa_max_iterations,
            },
            Some(&mut epa_gjk_trace),
            Some(&mut epa_trace),
        );
        let minkowski = minkowski_difference(
            &sa.shape,
            &xa,
            &sb.shape,
            &xb,
            minkowski_tolerance(scene, a, b),
        );
        let mut swept_trace = SweptTrace::default();
        let swept = swept_sat(
            &SweptInput {
                shape_a: &sa.shape,
                transform_a: xa,
                velocity_a: sa.velocity,
                shape_b: &sb.shape,
                transform_b: xb,
                velocity_b: sb.velocity,
            },
            Some(&mut swept_trace),
        );
        let mut cast_trace = CastTrace::default();
        let cast = shape_cast(
            &CastInput {
                shape_a: &sa.shape,
                transform_a: xa,
                velocity_a: sa.velocity,
                shape_b: &sb.shape,
                transform_b: xb,
                velocity_b: sb.velocity,
                max_iterations: DEFAULT_CAST_MAX_ITERATIONS,
                gjk_max_iterations: s.gjk_max_iterations,
            },
            Some(&mut cast_trace),
        );
        Analysis {
            a,
            b,
            distance,
            gjk_trace,
            cold_iterations,
            cache: *cache,
            penetration: pen,
            epa_gjk_trace,
            epa_trace,
            minkowski,
            swept,
            swept_trace,
            cast,
            cast_trace,
        }
    }

    /// Number of steps the stepper offers for `algorithm` (at least 1).
    pub fn step_count(&self, algorithm: Algorithm) -> usize {
        let n = match algorithm {
            Algorithm::Gjk => self.gjk_trace.steps.len(),
            Algorithm::Epa => self.epa_gjk_trace.steps.len() + self.epa_trace.steps.len(),
            // One step per axis, then the decision.
            Algorithm::Toi => self.swept_trace.axes.len() + 1,
            Algorithm::Cast => self.cast_trace.steps.len(),
            _ => 1,
        };
        n.max(1)
    }

    /// For the EPA algorithm: which phase step `k` is in.
    pub fn epa_phase(&self, k: usize) -> EpaPhase {
        let g = self.epa_gjk_trace.steps.len();
        if k < g {
            EpaPhase::Gjk(k)
        } else {
            EpaPhase::Epa(k - g)
        }
    }
}

/// A step of the GJK + EPA algorithm: first the GJK steps, then the EPA steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EpaPhase {
    Gjk(usize),
    Epa(usize),
}

/// Arc tolerance for the Minkowski outline: a thousandth of the shapes' size.
fn minkowski_tolerance(scene: &Scene, a: usize, b: usize) -> f32 {
    let size = scene.shapes[a].shape.bounding_radius() + scene.shapes[b].shape.bounding_radius();
    (size * DEFAULT_ARC_TOLERANCE).max(1.0e-6)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;

    #[test]
    fn names_round_trip() {
        for a in Algorithm::ALL {
            assert_eq!(Algorithm::from_name(a.name()), Some(a));
        }
        assert_eq!(Algorithm::from_name("box-box"), Some(Algorithm::BoxBox));
        assert!(Algorithm::try_from("nope".to_string())
            .unwrap_err()
            .contains("gjk, epa"));
    }

    #[test]
    fn epa_steps_follow_gjk_steps() {
        let scene = parse_scene(include_str!("../assets/default.ron"), "default").unwrap();
        let mut cache = SimplexCache::default();
        let an = Analysis::compute(&scene, 0, 1, &mut cache);
        assert!(
            an.penetration.is_some(),
            "A and B overlap in the default scene"
        );
        let g = an.epa_gjk_trace.steps.len();
        assert_eq!(an.step_count(Algorithm::Epa), g + an.epa_trace.steps.len());
        assert_eq!(an.epa_phase(g), EpaPhase::Epa(0));
        assert_eq!(an.epa_phase(0), EpaPhase::Gjk(0));
    }
}
