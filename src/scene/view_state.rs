//! The view state a scene file carries (`view: (algorithm, step, cameras, hidden
//! layers)`): plain data, defined here so that the file format sits below the trace and
//! the views that give these types their behaviour. [`Algorithm`] is re-exported by
//! `trace::analysis`, [`LayerId`] by `view::draw` (which adds labels, colours and the
//! space each layer is drawn in), [`Camera`] by `view::camera` (which adds the
//! world↔screen mapping).

use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The algorithms the debugger steps through. File and command-line names are
/// `gjk`, `epa`, `sat`, `manifold`, `clip`, `box-box`, `toi`, `cast`, `hull`,
/// `toi-rotating`, `ray`.
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
    /// Box2D's hull builder on shape A's raw points (one shape, not the pair).
    Hull,
    /// Time of impact with turning shapes (Box2D's b2TimeOfImpact, made safe for spins).
    Rotating,
    /// A scene ray against shape A (one ray and one shape, not the pair).
    Ray,
}

impl Algorithm {
    pub const ALL: [Algorithm; 11] = [
        Algorithm::Gjk,
        Algorithm::Epa,
        Algorithm::Sat,
        Algorithm::Manifold,
        Algorithm::Clip,
        Algorithm::BoxBox,
        Algorithm::Toi,
        Algorithm::Cast,
        Algorithm::Rotating,
        Algorithm::Hull,
        Algorithm::Ray,
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
            Algorithm::Hull => "hull",
            Algorithm::Rotating => "toi-rotating",
            Algorithm::Ray => "ray",
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
            Algorithm::Hull => "Hull builder (Box2D), shape A",
            Algorithm::Rotating => "Time of impact, turning (b2TimeOfImpact)",
            Algorithm::Ray => "Ray cast against shape A",
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
    /// Each algorithm's picture on B − A (SAT and box–box axes, the manifold's depth,
    /// the sweep ray, the overlap test).
    ConfigPicture,
}

impl LayerId {
    pub const ALL: [LayerId; 19] = [
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
