//! Another engine's answer on the same pair, in our own terms: the same JSON keys as our
//! report (`distance`, `penetration`, `manifold`, `toi`), the same frames (world) and sign
//! conventions (normals from A to B, separation negative when penetrating), plus the
//! engine's name and version. Filled by `crate::peers`; defined here, below the peers,
//! so that the report, the fuzzer and the views can read it without knowing any engine.
//!
//! A query the engine lacks, or a pair it cannot take, is `None` with a sentence in
//! `missing` that says so ("parry2d: no manifold for segment–segment") — never a guess.
//! A query on which the engine stopped (Box2D asserted, parry2d panicked) is `None` too,
//! with the stop in `faults` ([`PeerFault`]): that is the engine's answer on the pair.

use crate::core::toi::rotating::ToiTermination;
use glam::Vec2;
use serde::Serialize;

/// The engines Collidescope runs beside its own core.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Engine {
    /// Box2D v3 (the C library, through boxdd-sys).
    Box2d,
    /// parry2d (the collision library of Rapier).
    Parry,
}

impl Engine {
    pub const ALL: [Engine; 2] = [Engine::Box2d, Engine::Parry];

    /// The key in JSON and the name in tables: `box2d`, `parry2d`.
    pub fn key(self) -> &'static str {
        match self {
            Engine::Box2d => "box2d",
            Engine::Parry => "parry2d",
        }
    }

    /// The name shown to people.
    pub fn label(self) -> &'static str {
        match self {
            Engine::Box2d => "Box2D v3",
            Engine::Parry => "parry2d",
        }
    }
}

/// The queries an engine is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Query {
    Distance,
    Penetration,
    Manifold,
    Toi,
}

impl Query {
    pub const ALL: [Query; 4] = [
        Query::Distance,
        Query::Penetration,
        Query::Manifold,
        Query::Toi,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Query::Distance => "distance",
            Query::Penetration => "penetration",
            Query::Manifold => "manifold",
            Query::Toi => "toi",
        }
    }
}

/// Distance between the rounded shapes and the closest points (world). `iterations` is
/// null when the engine does not report it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerDistance {
    pub distance: f32,
    pub point_a: [f32; 2],
    pub point_b: [f32; 2],
    /// From A to B; null when the shapes touch or overlap (no direction is defined).
    pub normal: Option<[f32; 2]>,
    pub iterations: Option<u32>,
}

/// Penetration depth (positive) along the normal from A to B, and the deepest points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerPenetration {
    pub depth: f32,
    pub normal: [f32; 2],
    pub point_a: [f32; 2],
    pub point_b: [f32; 2],
}

/// One contact point: on A's and B's surface (world), separation negative when
/// penetrating, the engine's own feature id (its numbering, not ours).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerContact {
    pub point_a: [f32; 2],
    pub point_b: [f32; 2],
    pub separation: f32,
    pub id: Option<u32>,
}

/// A contact manifold: normal from A to B and 0 to 2 points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerManifold {
    pub normal: [f32; 2],
    pub points: Vec<PeerContact>,
}

/// Time of impact over the step: `t` in [0, 1], the contact point and normal (A to B)
/// at that time. Both shapes translate by their velocities; when either turns it is
/// the engine's rotating time of impact (see [`PeerRotatingToi`]).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerToi {
    pub hit: bool,
    pub t: f32,
    pub point: [f32; 2],
    pub normal: [f32; 2],
    pub iterations: Option<u32>,
}

/// A ray cast against one shape (world frame), in the **engine's own conventions**
/// (see `peers::box2d::ray_cast` and `peers::parry::ray_cast`): `fraction` of the
/// ray's translation at the hit, the hit point and the surface normal there. A miss
/// is `hit: false` with `fraction` = the ray's `max_fraction` and NaN point and
/// normal. A ray starting inside the shape is where the engines differ: Box2D v3.2
/// reports a hit at fraction 0 with a zero normal ("initial overlap"), parry with
/// `solid = true` a hit at fraction 0, parry with `solid = false` the exit (the
/// normal pointing inward).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerRayCast {
    pub hit: bool,
    pub fraction: f32,
    pub point: [f32; 2],
    pub normal: [f32; 2],
    /// Iterations, when the engine reports them (Box2D: 0 for its closed forms, the
    /// `b2ShapeCast` steps for a rounded polygon).
    pub iterations: Option<u32>,
}

/// One engine's ray cast in one of its conventions (parry is asked twice: `solid`
/// true and false), or why it refused the shape or the ray.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerRayAnswer {
    pub engine: Engine,
    /// "" for Box2D; "solid" / "hollow" for parry's `solid = true` / `false`.
    pub convention: &'static str,
    pub answer: Result<PeerRayCast, String>,
}

impl PeerRayAnswer {
    /// "Box2D v3", "parry2d solid", "parry2d hollow".
    pub fn label(&self) -> String {
        if self.convention.is_empty() {
            self.engine.label().to_string()
        } else {
            format!("{} {}", self.engine.label(), self.convention)
        }
    }
}

impl PeerRayCast {
    /// A miss over a ray of `max_fraction`.
    pub fn miss(max_fraction: f32, iterations: Option<u32>) -> PeerRayCast {
        PeerRayCast {
            hit: false,
            fraction: max_fraction,
            point: [f32::NAN; 2],
            normal: [f32::NAN; 2],
            iterations,
        }
    }
}

/// What an engine's rotating time of impact adds to its `toi` (when a shape turns).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerRotatingToi {
    /// In Box2D's names: `hit`, `separated`, `overlapped` (the cores — parry: the
    /// rounded shapes — overlap at t = 0), `failed`.
    pub state: ToiTermination,
    /// The core distance the engine stops at: Box2D `max(slop, radii − slop)` within
    /// ±slop/4; parry2d the radii (the surfaces touch).
    pub target: f32,
    /// How the engine's motion differs from the scene's, when it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// An engine that stopped on a query instead of answering: Box2D's `B2_ASSERT` (its
/// checks are compiled in and would stop the process) or a parry2d panic. Legal input
/// an engine stops on is a finding in itself (`fuzz --peers` counts it apart).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PeerFault {
    pub engine: Engine,
    /// The query that stopped: `distance`, `manifold`, `toi`, `toi_rotating`, `ray`,
    /// `chain`.
    pub query: &'static str,
    /// `assertion` (Box2D) or `panic` (parry2d).
    pub kind: &'static str,
    /// The condition Box2D checked (`b2IsNormalized(normal)`), or parry's panic message.
    pub condition: String,
    /// Source file (base name) and line of the check.
    pub file: String,
    pub line: u32,
}

impl std::fmt::Display for PeerFault {
    /// "Box2D v3 asserted `b2IsNormalized(normal)` at distance.c:579".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verb = if self.kind == "panic" {
            "panicked with"
        } else {
            "asserted"
        };
        write!(
            f,
            "{} {verb} `{}` at {}:{}",
            self.engine.label(),
            self.condition,
            self.file,
            self.line
        )
    }
}

/// One engine's answers on one pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EngineAnswer {
    /// "Box2D 3.2.0", "parry2d 0.31".
    pub version: String,
    pub distance: Option<PeerDistance>,
    pub penetration: Option<PeerPenetration>,
    pub manifold: Option<PeerManifold>,
    pub toi: Option<PeerToi>,
    /// With a turning shape: the state, target and motion of the engine's `toi`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub toi_rotating: Option<PeerRotatingToi>,
    /// Each query the engine did not answer, and why.
    pub missing: Vec<String>,
    /// Each query the engine stopped on (an assertion, a panic); also named in `missing`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<PeerFault>,
    /// The engine's own GJK simplexes, one per iteration, as B − A points (configuration
    /// space, world frame). Box2D only; empty otherwise.
    #[serde(skip)]
    pub simplexes: Vec<Vec<Vec2>>,
}

impl EngineAnswer {
    /// An empty answer: every query still to be filled or named missing.
    pub fn new(version: String) -> Self {
        EngineAnswer {
            version,
            distance: None,
            penetration: None,
            manifold: None,
            toi: None,
            toi_rotating: None,
            missing: Vec::new(),
            faults: Vec::new(),
            simplexes: Vec::new(),
        }
    }

    /// Records that the engine stopped on a query (named in `missing` too).
    pub fn stopped(&mut self, fault: PeerFault) {
        self.missing.push(format!("{}: {fault}", fault.query));
        self.faults.push(fault);
    }
}
