//! The view state a scene file carries (`view: (algorithm, step, cameras, hidden
//! layers)`): plain data, defined here so that the file format sits below the trace and
//! the views that give these types their behaviour. [`Algorithm`] is re-exported by
//! `trace::analysis`, [`LayerId`] by `view::draw` (which adds labels, colours and the
//! space each layer is drawn in), [`Camera`] by `view::camera` (which adds the
//! world↔screen mapping).

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The algorithms the debugger steps through; [`ALGORITHMS`] lists them in the picker's
/// order with their names, labels and keys.
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
    /// Time of impact with turning shapes (Box2D's b2TimeOfImpact, made safe for spins).
    Rotating,
    /// Box2D's hull builder on shape A's raw points (one shape, not the pair).
    Hull,
    /// A scene ray against shape A (one ray and one shape, not the pair).
    Ray,
    /// A scene ray against the scene's chains (one-sided segments, as Box2D).
    ChainRay,
}

/// One line of the registry: an algorithm, its name in files and on the command line,
/// its label in the panel, and the key that picks it in the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlgorithmInfo {
    pub algorithm: Algorithm,
    pub name: &'static str,
    pub label: &'static str,
    pub key: char,
}

const fn info(
    algorithm: Algorithm,
    name: &'static str,
    label: &'static str,
    key: char,
) -> AlgorithmInfo {
    AlgorithmInfo {
        algorithm,
        name,
        label,
        key,
    }
}

/// The registry of the algorithms, in the picker's order. Each one's study (what it
/// computes, draws and says) is `crate::study::Studies::get`.
pub const ALGORITHMS: [AlgorithmInfo; 12] = [
    info(Algorithm::Gjk, "gjk", "GJK distance", '1'),
    info(Algorithm::Epa, "epa", "GJK + EPA (penetration)", '2'),
    info(Algorithm::Sat, "sat", "SAT (separating axes)", '3'),
    info(
        Algorithm::Manifold,
        "manifold",
        "Contact manifold (clipping)",
        '4',
    ),
    info(Algorithm::Clip, "clip", "Sutherland–Hodgman clipping", '5'),
    info(Algorithm::BoxBox, "box-box", "Box–box (Box2D-Lite)", '6'),
    info(Algorithm::Toi, "toi", "Time of impact (swept SAT)", '7'),
    info(Algorithm::Cast, "cast", "Shape cast", '8'),
    info(
        Algorithm::Rotating,
        "toi-rotating",
        "Time of impact, turning (b2TimeOfImpact)",
        '9',
    ),
    info(
        Algorithm::Hull,
        "hull",
        "Hull builder (Box2D), shape A",
        '0',
    ),
    info(Algorithm::Ray, "ray", "Ray cast against shape A", 'R'),
    info(
        Algorithm::ChainRay,
        "chain-ray",
        "Ray cast against the chains (one-sided)",
        'C',
    ),
];

impl Algorithm {
    /// Every algorithm, in the picker's order.
    pub const ALL: [Algorithm; ALGORITHMS.len()] = {
        let mut all = [Algorithm::Gjk; ALGORITHMS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = ALGORITHMS[i].algorithm;
            i += 1;
        }
        all
    };

    /// Its line of the registry.
    pub fn info(self) -> &'static AlgorithmInfo {
        ALGORITHMS
            .iter()
            .find(|i| i.algorithm == self)
            .expect("every algorithm has a line in ALGORITHMS")
    }

    /// The name used in files and on the command line.
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The label shown in the panel.
    pub fn label(self) -> &'static str {
        self.info().label
    }

    pub fn from_name(name: &str) -> Option<Algorithm> {
        ALGORITHMS
            .iter()
            .find(|i| i.name == name)
            .map(|i| i.algorithm)
    }
}

impl TryFrom<String> for Algorithm {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        Algorithm::from_name(&s).ok_or_else(|| {
            let names: Vec<&str> = Algorithm::ALL.iter().map(|a| a.name()).collect();
            format!(
                "unknown algorithm \"{}\"; expected one of: {}",
                super::user_text::shown(&s),
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

/// The layers, each with its own toggle and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LayerId {
    Shapes,
    /// The vertex numbers of A and B, as the narration and the numbers name them.
    VertexIndices,
    Minkowski,
    GjkSimplex,
    GjkDirection,
    Witness,
    EpaPolytope,
    Sat,
    Manifold,
    Clip,
    Toi,
    /// Box2D v3's answer on the same pair (peers).
    PeerBox2d,
    /// parry2d's answer on the same pair (peers).
    PeerParry,
    /// Box2D v3's own GJK simplex at the same iteration (configuration space).
    PeerBox2dSimplex,
    /// Box2D's hull builder on A's raw points.
    Hull,
    /// The scene's rays and what each meets first.
    Rays,
    /// The algorithm `ray`: one ray against shape A, stepped.
    RayCast,
    /// The scene's chains: segments, one-sided normals, contacts.
    Chains,
    /// The Gauss map of the chain segment a shape's smooth contact was classified on:
    /// the candidate normal and whether it is skipped, admitted or snapped.
    GaussMap,
    /// Each algorithm's picture on B − A (SAT and box–box axes, the manifold's depth,
    /// the sweep ray, the overlap test).
    ConfigPicture,
}

impl LayerId {
    pub const ALL: [LayerId; 20] = [
        LayerId::Shapes,
        LayerId::VertexIndices,
        LayerId::Minkowski,
        LayerId::GjkSimplex,
        LayerId::GjkDirection,
        LayerId::Witness,
        LayerId::EpaPolytope,
        LayerId::Sat,
        LayerId::Manifold,
        LayerId::Clip,
        LayerId::Toi,
        LayerId::PeerBox2d,
        LayerId::PeerParry,
        LayerId::PeerBox2dSimplex,
        LayerId::Hull,
        LayerId::Rays,
        LayerId::RayCast,
        LayerId::Chains,
        LayerId::GaussMap,
        LayerId::ConfigPicture,
    ];
}

/// Where a view looks: the world point at the viewport's centre and the scale.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Camera {
    pub center: Vec2,
    /// Pixels per world unit. 0 means "not set yet: fit to the content".
    pub zoom: f32,
}

impl Default for Camera {
    fn default() -> Self {
        Camera {
            center: Vec2::ZERO,
            zoom: 0.0,
        }
    }
}
