//! The chain query's input ([`ChainSegmentInput`]), its points ([`ChainPoint`]), how it
//! ended ([`ChainTermination`]) and its output ([`ChainManifold`], world space, normal
//! from the chain to the shape); and what the polygon steps share: the shape's core
//! in the chain's frame ([`Polygon`]) and where the query goes after the
//! separating-axis search ([`Next`], [`Incident`]).

use super::segments::ChainSegment;
use super::{Frame, Local};
use crate::core::consts::{DEFAULT_GJK_MAX_ITERATIONS, DEFAULT_SPECULATIVE_DISTANCE};
use crate::core::consts::{MAX_MANIFOLD_POINTS, MAX_POLYGON_VERTICES};
use crate::core::manifold::ContactId;
use crate::core::pair::PosedPair;
use crate::core::settings::Settings;
use glam::Vec2;
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// Input of [`collide_chain_segment`](super::collide_chain_segment): a chain segment
/// placed by the chain's transform, and a shape placed by its own.
#[derive(Clone, Copy, Debug)]
pub struct ChainSegmentInput<'a> {
    /// A: the segment in the chain's local frame, placed by the chain's transform;
    /// B: any shape (a circle, a capsule or bare segment, a (rounded) polygon or box)
    /// with its transform.
    pub pair: PosedPair<'a, ChainSegment>,
    /// Shapes up to this far apart (length units, radii subtracted) still get points:
    /// Box2D's `B2_SPECULATIVE_DISTANCE`, `4 · linear_slop`.
    pub speculative_distance: f32,
    /// Bound on GJK's support evaluations (Box2D's 20).
    pub gjk_max_iterations: u32,
}

impl<'a> ChainSegmentInput<'a> {
    /// The input with Box2D's speculative distance and GJK bound.
    pub fn new(pair: PosedPair<'a, ChainSegment>) -> Self {
        ChainSegmentInput {
            pair,
            speculative_distance: DEFAULT_SPECULATIVE_DISTANCE,
            gjk_max_iterations: DEFAULT_GJK_MAX_ITERATIONS,
        }
    }

    /// The input with a scene's settings.
    pub fn with_settings(mut self, settings: &Settings) -> Self {
        self.speculative_distance = settings.speculative_distance;
        self.gjk_max_iterations = settings.gjk_max_iterations;
        self
    }
}

/// Why the input was refused before any test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum InvalidInput {
    /// A point of the segment, a transform or the speculative distance is NaN or
    /// infinite.
    NonFinite,
    /// `a` and `b` are closer than `f32::EPSILON`: no direction.
    ZeroLengthSegment,
    /// The numbers overflowed on the way (coordinates near f32's limit): no result.
    Overflow,
}

/// How the query ended. Every path ends in exactly one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChainTermination {
    /// Contact points were made (1 or 2).
    Contact,
    /// One-sided: the shape's centre lies behind the segment's line and behind its
    /// convex neighbours' lines.
    Behind,
    /// Farther apart than the speculative distance.
    Separated,
    /// The candidate normal lies past a convex neighbour's normal: that neighbour
    /// makes the contact.
    Skipped,
    /// A circle's centre lies in a neighbour's Voronoi region beyond an end.
    NeighbourRegion,
    /// A neighbour segment, not this one, would be the incident feature against the
    /// shape's reference face.
    NeighbourIncident,
    /// A convex neighbour's normal separates the shape best: the neighbour owns it.
    NeighbourAxis,
    /// The clip found no overlap between the reference and incident edges.
    NoOverlap,
    /// Refused before any test.
    Invalid(InvalidInput),
}

impl ChainTermination {
    /// The termination as a word for the trace and the UI.
    pub fn as_str(self) -> &'static str {
        match self {
            ChainTermination::Contact => "contact",
            ChainTermination::Behind => "behind",
            ChainTermination::Separated => "separated",
            ChainTermination::Skipped => "skipped",
            ChainTermination::NeighbourRegion => "neighbour_region",
            ChainTermination::NeighbourIncident => "neighbour_incident",
            ChainTermination::NeighbourAxis => "neighbour_axis",
            ChainTermination::NoOverlap => "no_overlap",
            ChainTermination::Invalid(InvalidInput::NonFinite) => "invalid_non_finite",
            ChainTermination::Invalid(InvalidInput::ZeroLengthSegment) => "invalid_zero_length",
            ChainTermination::Invalid(InvalidInput::Overflow) => "invalid_overflow",
        }
    }
}

/// One contact point. World space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ChainPoint {
    /// Midway between the two surfaces (the point Box2D keeps).
    pub point: Vec2,
    /// `point` relative to the chain's origin (Box2D's `anchorA`).
    pub anchor_a: Vec2,
    /// `point` relative to the shape's origin (Box2D's `anchorB`).
    pub anchor_b: Vec2,
    /// The point on the segment.
    pub point_a: Vec2,
    /// The point on the shape's surface (radius included).
    pub point_b: Vec2,
    /// `(point_b − point_a)·normal`: negative = penetration.
    pub separation: f32,
    /// The features that made the point (the shape's edge or vertex indices; the
    /// segment's are 0 for `a`, 1 for `b`).
    pub id: ContactId,
    /// Box2D's id for the same point, `B2_MAKE_ID(x, y) = x << 8 | y`.
    pub key: u16,
}

impl ChainPoint {
    pub(super) const EMPTY: ChainPoint = ChainPoint {
        point: Vec2::ZERO,
        anchor_a: Vec2::ZERO,
        anchor_b: Vec2::ZERO,
        point_a: Vec2::ZERO,
        point_b: Vec2::ZERO,
        separation: 0.0,
        id: ContactId {
            reference: crate::core::sat::Owner::A,
            reference_index: 0,
            incident_index: 0,
            kind: crate::core::manifold::IdKind::Point,
        },
        key: 0,
    };
}

/// Output of [`collide_chain_segment`](super::collide_chain_segment). World space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ChainManifold {
    /// How the query ended (why there are no points, when there are none).
    pub termination: ChainTermination,
    /// Unit normal from the chain segment to the shape; zero without points.
    pub normal: Vec2,
    pub(super) points: [ChainPoint; MAX_MANIFOLD_POINTS],
    pub(super) point_count: usize,
}

impl ChainManifold {
    /// The contact points (empty unless the termination is [`ChainTermination::Contact`]).
    pub fn points(&self) -> &[ChainPoint] {
        &self.points[..self.point_count]
    }

    /// True when the segment keeps the pair (points were made).
    pub fn is_contact(&self) -> bool {
        self.termination == ChainTermination::Contact
    }

    /// The point of least separation.
    pub fn deepest(&self) -> Option<&ChainPoint> {
        self.points()
            .iter()
            .min_by(|a, b| a.separation.total_cmp(&b.separation))
    }

    /// No points, for `termination`.
    pub(super) fn empty(termination: ChainTermination) -> ChainManifold {
        ChainManifold {
            termination,
            normal: Vec2::ZERO,
            points: [ChainPoint::EMPTY; MAX_MANIFOLD_POINTS],
            point_count: 0,
        }
    }
}

impl Serialize for ChainManifold {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("ChainManifold", 3)?;
        st.serialize_field("outcome", &self.termination)?;
        st.serialize_field("normal", &self.normal)?;
        st.serialize_field("points", self.points())?;
        st.end()
    }
}

/// The shape's core in the chain's frame.
pub(super) struct Polygon {
    pub(super) vertices: [Vec2; MAX_POLYGON_VERTICES],
    pub(super) normals: [Vec2; MAX_POLYGON_VERTICES],
    pub(super) count: usize,
    pub(super) radius: f32,
    /// The area centroid (the midpoint of a two-vertex core).
    pub(super) centroid: Vec2,
}

impl Polygon {
    pub(super) fn new(frame: &Frame) -> Polygon {
        let (shape, xf) = (frame.shape, frame.b_to_a);
        let count = shape.vertices().len().min(MAX_POLYGON_VERTICES);
        let mut p = Polygon {
            vertices: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            normals: [Vec2::ZERO; MAX_POLYGON_VERTICES],
            count,
            radius: shape.radius(),
            centroid: xf.apply(shape.centroid()),
        };
        for (i, (v, n)) in shape
            .vertices()
            .iter()
            .zip(shape.normals())
            .enumerate()
            .take(count)
        {
            p.vertices[i] = xf.apply(*v);
            p.normals[i] = xf.q.apply(*n);
        }
        p
    }

    #[inline]
    pub(super) fn next(&self, i: usize) -> usize {
        if i + 1 < self.count {
            i + 1
        } else {
            0
        }
    }

    #[inline]
    pub(super) fn prev(&self, i: usize) -> usize {
        if i > 0 {
            i - 1
        } else {
            self.count - 1
        }
    }
}

/// Where the query goes after steps 3 and 4.
pub(super) enum Next {
    /// Decided: the manifold (possibly empty).
    Done(Local),
    /// The segment's face is the reference; the shape's incident feature is this.
    SegmentFace(Incident),
}

/// The shape's feature found against the segment's face.
pub(super) enum Incident {
    /// The deepest vertex: its edge more anti-parallel to `n1` is the incident edge.
    Vertex(usize),
    /// The incident edge, starting at this vertex.
    Edge(usize),
}
