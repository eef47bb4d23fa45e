//! What a shrink keeps failing ([`Keep`]): a fuzzer check, a chain check against
//! Box2D, or an engine's disagreement with the exact answer — and whether a scene
//! still fails it ([`Keep::fails`]).
//!
//! The scene is the subject as shrinking holds it: a pair check reads shapes 0 and 1
//! (A and B) and, for a ray check, every scene ray against both; a chain check reads
//! chain 0 against shape 0, segment by segment.

use crate::scene::view_state::Algorithm;
use crate::scene::{Scene, SceneShape, Settings};
use crate::verify::{Check, Family, FuzzPair, FuzzRay, RayClass};

/// The failure a shrink keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keep {
    /// A fuzzer check (`gjk_distance`, `manifold_points`, `ray_exact`, …).
    Check(Check),
    /// A chain check against Box2D v3 (`chain_keep`, `chain_count`, `chain_normal`).
    #[cfg(feature = "peers")]
    Chain(crate::verify::peers_chain::ChainCheck),
    /// An engine wrong against the exact answer (`box2d:distance`, `parry:toi`), the
    /// queries of `fuzz --peers`.
    #[cfg(feature = "peers")]
    Engine(crate::trace::peer_answer::Engine, &'static str),
}

/// The queries of `fuzz --peers` an engine can be wrong on.
pub const ENGINE_QUERIES: [&str; 6] = [
    "distance",
    "depth",
    "toi",
    "toi_rotating",
    "ray",
    "ray_exit",
];

impl Keep {
    /// `manifold_points`, `chain_normal`, `box2d:distance`, `parry:toi` (`parry2d:`
    /// too).
    pub fn parse(text: &str) -> Result<Keep, String> {
        let text = text.trim();
        if let Some(c) = Check::ALL.iter().find(|c| c.name() == text) {
            return Ok(Keep::Check(*c));
        }
        Self::parse_peer(text).ok_or_else(|| {
            let checks: Vec<&str> = Check::ALL.iter().map(|c| c.name()).collect();
            format!(
                "--keep {text:?}: not a check; one of the fuzzer's checks ({}), a chain check \
                 (chain_keep, chain_count, chain_normal) or ENGINE:QUERY with ENGINE box2d or \
                 parry and QUERY one of {}",
                checks.join(", "),
                ENGINE_QUERIES.join(", ")
            )
        })
    }

    #[cfg(feature = "peers")]
    fn parse_peer(text: &str) -> Option<Keep> {
        use crate::trace::peer_answer::Engine;
        use crate::verify::peers_chain::ChainCheck;
        if let Some(c) = ChainCheck::ALL
            .iter()
            .find(|c| c.name() == text && **c != ChainCheck::Ray)
        {
            return Some(Keep::Chain(*c));
        }
        let (engine, query) = text.split_once(':')?;
        let engine = match engine {
            "box2d" => Engine::Box2d,
            "parry" | "parry2d" => Engine::Parry,
            _ => return None,
        };
        let query = ENGINE_QUERIES.iter().find(|q| **q == query)?;
        Some(Keep::Engine(engine, query))
    }

    #[cfg(not(feature = "peers"))]
    fn parse_peer(_text: &str) -> Option<Keep> {
        None
    }

    /// The name `parse` reads.
    pub fn name(&self) -> String {
        match self {
            Keep::Check(c) => c.name().to_string(),
            #[cfg(feature = "peers")]
            Keep::Chain(c) => c.name().to_string(),
            #[cfg(feature = "peers")]
            Keep::Engine(e, q) => format!("{}:{q}", e.key()),
        }
    }

    /// A chain and a shape, not a pair.
    pub fn on_chain(&self) -> bool {
        #[cfg(feature = "peers")]
        if let Keep::Chain(_) = self {
            return true;
        }
        false
    }

    /// The scene's rays take part.
    pub fn uses_rays(&self) -> bool {
        match self {
            Keep::Check(c) => c.is_ray(),
            #[cfg(feature = "peers")]
            Keep::Engine(_, q) => q.starts_with("ray"),
            #[cfg(feature = "peers")]
            Keep::Chain(_) => false,
        }
    }

    /// The algorithm the shrunk scene opens on.
    pub fn algorithm(&self) -> Algorithm {
        match self {
            Keep::Check(c) => c.algorithm(),
            #[cfg(feature = "peers")]
            Keep::Chain(_) => Algorithm::Manifold,
            #[cfg(feature = "peers")]
            Keep::Engine(_, q) => match *q {
                "toi" => Algorithm::Cast,
                "toi_rotating" => Algorithm::Rotating,
                "depth" => Algorithm::Epa,
                _ => Algorithm::Gjk,
            },
        }
    }

    /// Whether `scene` (a subject: see the module docs) fails the check.
    pub fn fails(&self, scene: &Scene) -> bool {
        !self.failures(scene).is_empty()
    }

    /// How `scene` fails the check: each failure's kind ([`failure_kind`] of its
    /// words: "normal", "status differs", "toi_rotating: missed contact"); empty when
    /// it passes. Shrinking keeps a kind the pair had, so that a normal 1e-3 off at a
    /// sliver's corner does not slip into another failure of the same check.
    pub fn failures(&self, scene: &Scene) -> Vec<String> {
        match self {
            Keep::Check(c) => pair_failures(*c, scene),
            #[cfg(feature = "peers")]
            Keep::Chain(c) => {
                if chain_fails(*c, scene) {
                    vec![c.name().to_string()]
                } else {
                    Vec::new()
                }
            }
            #[cfg(feature = "peers")]
            Keep::Engine(e, q) => engine_failures(*e, q, scene),
        }
    }
}

/// The kind of a failure: its words up to the first number, parenthesis, colon or
/// dash ("normal 1.007e-3 rad off: …" → "normal").
pub fn failure_kind(detail: &str) -> String {
    let end = detail
        .find(|c: char| c.is_ascii_digit() || matches!(c, '(' | ':' | '—'))
        .unwrap_or(detail.len());
    detail[..end].trim().to_string()
}

/// Shapes `a` and `b` as a pair the checks take: the rotating family when either
/// turns (its check runs only there), the kinds read from the geometry.
pub(crate) fn subject_pair(a: &SceneShape, b: &SceneShape) -> FuzzPair {
    let scene = Scene {
        shapes: vec![a.clone(), b.clone()],
        ..Scene::default()
    };
    let mut pair = FuzzPair::from_scene(&scene, 0, 1);
    if pair.angular_velocity_a != 0.0 || pair.angular_velocity_b != 0.0 {
        pair.family = Family::Rotating;
    }
    pair
}

fn pair_failures(check: Check, scene: &Scene) -> Vec<String> {
    let [a, b] = match scene.shapes.as_slice() {
        [a, b, ..] => [a, b],
        _ => return Vec::new(),
    };
    let pair = subject_pair(a, b);
    let settings = Settings::default();
    let measures = if check.is_ray() {
        let mut stats = crate::verify::empty_ray_stats();
        scene
            .rays
            .iter()
            .flat_map(|r| {
                let ray = FuzzRay {
                    class: RayClass::General,
                    ray: crate::core::raycast::RayInput::new(r.origin, r.translation),
                };
                crate::verify::check_rays_of(&pair, &[ray, ray], &mut stats)
            })
            .collect()
    } else {
        let reference = crate::verify::Reference::new(&pair);
        let toi = crate::verify::ExactToi::new(&pair, &reference);
        let results = crate::verify::run_core(&pair, &settings);
        crate::verify::check_pair(&pair, &reference, &toi, &results, &settings)
    };
    measures
        .iter()
        .filter(|m| m.check == check && m.failed())
        .map(|m| failure_kind(m.detail.as_deref().unwrap_or("")))
        .collect()
}

#[cfg(feature = "peers")]
fn engine_failures(
    engine: crate::trace::peer_answer::Engine,
    query: &str,
    scene: &Scene,
) -> Vec<String> {
    use crate::verify::peers::{PeerReport, Verdict};
    let [a, b] = match scene.shapes.as_slice() {
        [a, b, ..] => [a, b],
        _ => return Vec::new(),
    };
    let pair = subject_pair(a, b);
    let mut report = PeerReport {
        keep: 64,
        ..PeerReport::default()
    };
    if query.starts_with("ray") {
        for r in &scene.rays {
            let ray = crate::core::raycast::RayInput::new(r.origin, r.translation);
            crate::verify::peers_ray::check_rays_of(&pair, &[ray, ray], &mut report);
        }
    } else {
        crate::verify::peers::check_pair(&pair, &Settings::default(), &mut report);
    }
    report
        .cases
        .iter()
        .filter(|c| c.engine == engine && c.query == query)
        .filter(|c| matches!(c.verdict, Verdict::EngineWrong | Verdict::BothWrong))
        .map(|c| failure_kind(&c.detail))
        .collect()
}

#[cfg(feature = "peers")]
fn chain_fails(check: crate::verify::peers_chain::ChainCheck, scene: &Scene) -> bool {
    use crate::core::chain::{collide_chain_segment, ChainSegmentInput};
    use crate::core::pair::PosedPair;
    let (Some(chain), Some(shape)) = (scene.chains.first(), scene.shapes.first()) else {
        return false;
    };
    let (xa, xb) = (chain.pose.transform(), shape.pose.transform());
    chain.segments().iter().any(|segment| {
        let ours = collide_chain_segment(
            &ChainSegmentInput::new(PosedPair::new(segment, xa, &shape.shape, xb)),
            None,
        );
        match crate::peers::chain::manifold(segment, &xa, &shape.shape, &xb) {
            Ok(theirs) => crate::verify::peers_chain::compare_chain_manifolds(&ours, &theirs)
                .0
                .iter()
                .any(|(c, ok)| *c == check && !ok),
            Err(_) => false,
        }
    })
}
