//! Other engines on the same pair: Box2D v3 (its C library, through `boxdd-sys`) and
//! parry2d. Each takes the pair through the scene's one builder
//! ([`PairInputs`](crate::scene::build::PairInputs)) — the same shapes, the same f32
//! poses (rotations as the core's cosine and sine, so no engine rounds an angle its own
//! way) — and answers in our terms ([`EngineAnswer`]): world frame, normals from A to B.
//!
//! Behind the cargo feature `peers` (on by default): the collision core never depends on
//! an engine. The engines' own vector types (Box2D's `b2Vec2`, parry's glamx `Vec2`)
//! appear only in this module and are converted at its edge.
//!
//! Ray casts are asked per shape, not per pair: [`box2d::ray_cast`] and
//! [`parry::ray_cast`] take a shape, its pose and a world ray and answer a
//! [`PeerRayCast`](crate::trace::peer_answer::PeerRayCast) in the engine's own
//! conventions (how each treats a ray starting inside is documented there).
//!
//! Chain segments are asked per segment, not per pair: [`chain::manifold`] takes a
//! [`ChainSegment`](crate::core::chain::ChainSegment), the chain's pose and a shape, and
//! answers Box2D's one-sided manifold (`b2CollideChainSegmentAnd*`).
//!
//! An engine that stops on a pair (Box2D's assertions, parry's panics) answers with
//! that stop ([`guard`]); the process goes on.
//!
//! Box2D is called through its raw C API (`boxdd-sys`), not boxdd's safe wrapper: the
//! wrapper has no way to pass the relative transform the C functions take nor to read
//! the GJK simplex buffer, and its per-call checks would weigh on the benchmarks.

mod b2;
pub mod box2d;
pub mod chain;
pub mod guard;
pub mod parry;
#[cfg(not(target_arch = "wasm32"))]
pub mod recording;
pub mod rotating;

use crate::scene::build::PairInputs;
use crate::trace::peer_answer::{Engine, EngineAnswer, PeerRayAnswer};

/// Asks one engine every query it has on the pair. When a shape turns, `toi` is the
/// engine's rotating time of impact ([`rotating`]).
pub fn ask(engine: Engine, pair: &PairInputs) -> EngineAnswer {
    let mut answer = match engine {
        Engine::Box2d => box2d::answer(pair),
        Engine::Parry => parry::answer(pair),
    };
    if pair.rotating() && answer.toi.is_some() {
        rotating::answer(engine, pair, &mut answer);
    }
    answer
}

/// Every engine's answer, in [`Engine::ALL`] order.
pub fn ask_all(pair: &PairInputs) -> Vec<(Engine, EngineAnswer)> {
    Engine::ALL.iter().map(|e| (*e, ask(*e, pair))).collect()
}

/// Every engine's ray cast of `ray` against `shape` at `transform`: Box2D v3, then
/// parry2d with `solid = true` and with `solid = false` (their conventions differ
/// for a ray starting inside; see [`PeerRayCast`](crate::trace::peer_answer::PeerRayCast)).
pub fn ask_ray(
    shape: &crate::core::shape::Shape,
    transform: crate::core::math::Transform,
    ray: crate::core::raycast::RayInput,
) -> Vec<PeerRayAnswer> {
    vec![
        PeerRayAnswer {
            engine: Engine::Box2d,
            convention: "",
            answer: box2d::ray_cast(shape, transform, ray),
        },
        PeerRayAnswer {
            engine: Engine::Parry,
            convention: "solid",
            answer: parry::ray_cast(shape, transform, ray, true),
        },
        PeerRayAnswer {
            engine: Engine::Parry,
            convention: "hollow",
            answer: parry::ray_cast(shape, transform, ray, false),
        },
    ]
}

/// What a shape is, for the engines' tables of shape pairs. A core of one vertex is a
/// circle, of two a capsule (or a bare segment), of three or more a (rounded) polygon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Circle,
    Capsule,
    Segment,
    Polygon,
}

impl Kind {
    pub(crate) fn of(shape: &crate::core::shape::Shape) -> Kind {
        match shape.vertices().len() {
            1 => Kind::Circle,
            2 if shape.radius() > 0.0 => Kind::Capsule,
            2 => Kind::Segment,
            _ => Kind::Polygon,
        }
    }

    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Circle => "circle",
            Kind::Capsule => "capsule",
            Kind::Segment => "segment",
            Kind::Polygon => "polygon",
        }
    }
}
