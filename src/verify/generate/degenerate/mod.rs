//! The degenerate families: the pairs where engines break, built as a Box2D program
//! builds them — shapes from Box2D's own makers (`b2MakeBox`, `b2MakeRoundedBox`,
//! `b2MakeOffsetBox`, `b2ComputeHull`, through [`crate::peers::box2d_make`]) and
//! rotations from `b2MakeRot` or exact quarter turns — so that ours and the live
//! Box2D's answers can be compared bit for bit (`verify::peers_degenerate`).
//!
//! Case `index` of run `seed` comes from a stream of its own
//! ([`DEGENERATE_STREAM_SALT`]); its family is drawn first and replaced when one is
//! asked for, so a case of family F is the same case in a run of F alone.
//!
//! The families ([`DegenerateFamily`]):
//! - **vertex on an edge**: a diamond's tip on a box face, offset 0, ±1e-6 or ±1e-3
//!   along the face normal (its two lower edges tie as the incident edge);
//! - **touching edges**: boxes with dyadic sizes and positions turned by quarter
//!   turns, resting exactly on one another (sharp or rounded), their ends flush,
//!   overlapping or corner to corner;
//! - **coincident**: the same shape at the same pose, at the same position turned, or
//!   1e-6 apart;
//! - **tiny against large**: 1e-3 against 100, near a face or a corner;
//! - **slivers**: aspect 1e3 against any shape;
//! - **nearly parallel**: faces within 1e-7 to 1e-3 rad of anti-parallel, near
//!   contact;
//! - **large coordinates**: pairs near 1e4, at 12345.678, or offset up to 1e5;
//! - **near, rounded**: rounded shapes whose cores are apart by more than 0.1 × linear
//!   slop while the rounded surfaces overlap or lie within the speculative distance
//!   (Box2D's rule that keeps the clipped pair unless the vertex pair is nearer).

use crate::core::math::{Rot, Transform};
use crate::core::shape::Shape;
use crate::peers::box2d_make::make_box;
use crate::scene::build::PairInputs;
use crate::scene::Settings;
use crate::verify::Rng;
use glam::Vec2;

mod families;
mod makers;

use families::{
    coincident, large_coordinates, near_rounded, nearly_parallel, sliver, tiny_large,
    touching_edges, vertex_on_edge,
};

/// The salt of the degenerate cases' stream:
/// `Rng::for_stream(seed, index, DEGENERATE_STREAM_SALT)`.
pub const DEGENERATE_STREAM_SALT: u64 = 0x4445_4745_4e45_5241;

/// Box2D's linear slop (the near-rounded family's band starts at a tenth of it).
const SLOP: f32 = crate::core::consts::LINEAR_SLOP;

/// Which degenerate configuration a case is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DegenerateFamily {
    VertexOnEdge,
    TouchingEdges,
    Coincident,
    TinyLarge,
    Sliver,
    NearlyParallel,
    LargeCoordinates,
    NearRounded,
}

impl DegenerateFamily {
    pub const ALL: [DegenerateFamily; 8] = [
        DegenerateFamily::VertexOnEdge,
        DegenerateFamily::TouchingEdges,
        DegenerateFamily::Coincident,
        DegenerateFamily::TinyLarge,
        DegenerateFamily::Sliver,
        DegenerateFamily::NearlyParallel,
        DegenerateFamily::LargeCoordinates,
        DegenerateFamily::NearRounded,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DegenerateFamily::VertexOnEdge => "vertex_on_edge",
            DegenerateFamily::TouchingEdges => "touching_edges",
            DegenerateFamily::Coincident => "coincident",
            DegenerateFamily::TinyLarge => "tiny_large",
            DegenerateFamily::Sliver => "sliver",
            DegenerateFamily::NearlyParallel => "nearly_parallel",
            DegenerateFamily::LargeCoordinates => "large_coordinates",
            DegenerateFamily::NearRounded => "near_rounded",
        }
    }

    pub fn from_name(name: &str) -> Option<DegenerateFamily> {
        DegenerateFamily::ALL.into_iter().find(|f| f.name() == name)
    }

    pub fn index(self) -> usize {
        DegenerateFamily::ALL
            .iter()
            .position(|f| *f == self)
            .unwrap_or(0)
    }
}

/// One degenerate pair: Box2D-made shapes at exact poses.
#[derive(Clone, Debug, PartialEq)]
pub struct DegenerateCase {
    pub seed: u64,
    pub index: u64,
    pub family: DegenerateFamily,
    /// How it was placed, in words ("tip offset -1e-6 on face 2").
    pub variant: String,
    pub shape_a: Shape,
    pub transform_a: Transform,
    pub shape_b: Shape,
    pub transform_b: Transform,
}

impl DegenerateCase {
    /// The pair as query inputs (no velocities).
    pub fn inputs<'a>(&'a self, settings: &'a Settings) -> PairInputs<'a> {
        PairInputs {
            pair: crate::core::pair::PosedPair::new(
                &self.shape_a,
                self.transform_a,
                &self.shape_b,
                self.transform_b,
            ),
            velocity_a: Vec2::ZERO,
            velocity_b: Vec2::ZERO,
            angular_velocity_a: 0.0,
            angular_velocity_b: 0.0,
            settings,
        }
    }
}

/// Case `index` of run `seed`, of `family` when given.
pub fn degenerate_case(seed: u64, index: u64, family: Option<DegenerateFamily>) -> DegenerateCase {
    let mut rng = Rng::for_stream(seed, index, DEGENERATE_STREAM_SALT);
    let drawn = DegenerateFamily::ALL[rng.below(DegenerateFamily::ALL.len())];
    let family = family.unwrap_or(drawn);
    // A maker may refuse a draw (a hull of nearly collinear points): draw again from
    // the same stream, deterministically.
    for _ in 0..64 {
        if let Ok(p) = draw(&mut rng, family) {
            let (a, b) = if p.swap {
                ((p.b, p.xb), (p.a, p.xa))
            } else {
                ((p.a, p.xa), (p.b, p.xb))
            };
            return DegenerateCase {
                seed,
                index,
                family,
                variant: p.variant,
                shape_a: a.0,
                transform_a: a.1,
                shape_b: b.0,
                transform_b: b.1,
            };
        }
    }
    // Not met in practice (a maker refuses only a hull of nearly collinear points):
    // two unit boxes side by side.
    let unit = make_box(0.5, 0.5).expect("a 1 × 1 box is a valid Box2D box");
    DegenerateCase {
        seed,
        index,
        family,
        variant: "fallback".into(),
        shape_a: unit.clone(),
        transform_a: Transform::IDENTITY,
        shape_b: unit,
        transform_b: Transform {
            p: Vec2::new(1.0, 0.0),
            q: Rot::IDENTITY,
        },
    }
}

/// A drawn pair before the order is settled.
pub(super) struct Drawn {
    a: Shape,
    xa: Transform,
    b: Shape,
    xb: Transform,
    swap: bool,
    variant: String,
}

pub(super) type Draw = Result<Drawn, String>;

fn draw(rng: &mut Rng, family: DegenerateFamily) -> Draw {
    match family {
        DegenerateFamily::VertexOnEdge => vertex_on_edge(rng),
        DegenerateFamily::TouchingEdges => touching_edges(rng),
        DegenerateFamily::Coincident => coincident(rng),
        DegenerateFamily::TinyLarge => tiny_large(rng),
        DegenerateFamily::Sliver => sliver(rng),
        DegenerateFamily::NearlyParallel => nearly_parallel(rng),
        DegenerateFamily::LargeCoordinates => large_coordinates(rng),
        DegenerateFamily::NearRounded => near_rounded(rng),
    }
}
