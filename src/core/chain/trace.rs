//! The chain query's trace, world space: one [`ChainStep`] per decision, in the order
//! they were taken, then the normal, the points and the outcome ([`ChainTrace`]).
//! Filled only when a trace is asked for (nothing is allocated without one).

use super::classify::{NormalClass, SegmentEnd, SegmentNormals};
use super::types::{ChainPoint, ChainTermination};
use crate::core::sat::Owner;
use glam::Vec2;
use serde::Serialize;

/// The one-sided test: the shape's centre against the segment's line and, at convex
/// ends, the neighbours' lines. Offsets are signed distances along each (unit)
/// normal, scaled by the segment's length for a circle (Box2D's unnormalised test);
/// a neighbour's is None when its end is not convex (it then counts as behind).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct OneSidedTest {
    /// The centre tested: a circle's centre, a polygon's centroid.
    pub centre: Vec2,
    /// Along the tail neighbour's normal, from `a` (None: not convex there).
    pub offset0: Option<f32>,
    /// Along the segment's normal, from `a`.
    pub offset1: f32,
    /// Along the head neighbour's normal, from `b` (None: not convex there).
    pub offset2: Option<f32>,
    /// True when every offset tested is negative: the query stops ([`ChainTermination::Behind`]).
    pub behind: bool,
}

/// Where a circle's centre projects on the segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CircleRegion {
    /// Before `a`: the closest point is `a`, unless the previous segment owns the centre.
    Tail,
    /// Between `a` and `b`: the closest point is the foot on the segment.
    Interior,
    /// Beyond `b`: the closest point is `b`, unless the next segment owns the centre.
    Head,
}

/// Which candidate normal was classified.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Candidate {
    /// From the closest points of a vertex pair (GJK's simplex of one vertex).
    ClosestVertices,
    /// The reversed normal of the shape's edge nearest the segment's vertex.
    ClosestEdge { edge: usize },
    /// The reversed normal of one of the shape's edges, in the separating-axis search,
    /// with that edge's separation from the segment (`min(m·(a − v), m·(b − v))`,
    /// cores): the edge of largest separation is the normal the segment alone, as a
    /// two-sided segment, would push along when it beats the segment's own normal.
    SearchedEdge { edge: usize, separation: f32 },
}

/// Which axis won the separating-axis search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SatAxis {
    /// The segment's normal.
    Segment,
    /// A convex neighbour's normal (the query stops: [`ChainTermination::NeighbourAxis`]).
    Neighbour,
    /// One of the shape's admitted edge normals.
    ShapeEdge { edge: usize },
}

/// One decision of the chain query. World space.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum ChainStep {
    /// The segment and its neighbours: normals and convexity of both ends.
    Segment {
        /// The segment's points and ghosts, world space.
        a: Vec2,
        b: Vec2,
        ghost1: Vec2,
        ghost2: Vec2,
        normals: SegmentNormals,
    },
    /// The one-sided test.
    OneSided(OneSidedTest),
    /// A circle: where its centre projects, and a neighbour's Voronoi test at an end
    /// (`neighbour_test > 0` keeps the tail, `≤ 0` keeps the head).
    CircleRegion {
        /// Where the centre projects.
        region: CircleRegion,
        /// The closest point of the segment to the centre.
        closest: Vec2,
        neighbour_test: Option<f32>,
        in_neighbour_region: bool,
    },
    /// The closest points of the cores (GJK, radii not used), and the limit beyond
    /// which the pair is separated (the shape's radius plus the speculative distance).
    Closest {
        /// Between the cores (0 when they overlap).
        distance: f32,
        limit: f32,
        /// The closest points on the segment and on the shape's core.
        point_a: Vec2,
        point_b: Vec2,
        /// The final simplex as vertex pairs (segment, shape); empty when the cores
        /// overlap (as Box2D leaves its cache then).
        simplex: Vec<(u8, u8)>,
        /// True when `distance` is above [`CHAIN_CLOSEST_FEATURES_DISTANCE`](crate::core::consts::CHAIN_CLOSEST_FEATURES_DISTANCE)
        /// and the shape's centre is in front: the normal comes from these features;
        /// else from the separating-axis search.
        from_closest_features: bool,
    },
    /// A candidate normal classified on the Gauss map.
    Classify {
        candidate: Candidate,
        class: NormalClass,
    },
    /// The separating-axis search: each separation (the shape's least along the
    /// axis, cores), and the winner.
    SeparatingAxes {
        /// Along the segment's normal.
        segment: f32,
        /// Along the convex neighbours' normals (None where not convex).
        neighbour0: Option<f32>,
        neighbour2: Option<f32>,
        /// The best admitted shape edge and its separation.
        shape_edge: Option<(usize, f32)>,
        /// The axis that decided.
        winner: SatAxis,
    },
    /// With the shape's face as reference: which end of the segment lies deeper and
    /// whether that end's neighbour is more anti-parallel to the face (it would be
    /// the incident feature: [`ChainTermination::NeighbourIncident`]).
    NeighbourIncident {
        /// The segment's end deeper below the shape's face.
        end: SegmentEnd,
        /// `n_neighbour·m` and `n1·m`, `m` the face's normal.
        neighbour_alignment: f32,
        segment_alignment: f32,
        /// `neighbour_alignment < segment_alignment`.
        neighbour_is_incident: bool,
    },
    /// The reference edge and the incident edge, and the reference's outward normal.
    Reference {
        /// A: the segment's face; B: the shape's edge.
        reference: Owner,
        reference_edge: [Vec2; 2],
        incident_edge: [Vec2; 2],
        /// The shape's vertex indices on its edge (the reference's or the incident's).
        shape_indices: (usize, usize),
        normal: Vec2,
    },
    /// The incident edge clipped to the reference edge's extent (tangent
    /// coordinates from the reference's first vertex), and the two points kept.
    Clip {
        /// `(0, u1)`: the reference edge along its tangent.
        reference_extent: (f32, f32),
        /// `(l2, u2)`: the incident edge's second and first vertex.
        incident_extent: (f32, f32),
        /// False when the extents are disjoint ([`ChainTermination::NoOverlap`]).
        overlap: bool,
        /// The incident core points kept at each end (before moving them midway).
        lower: Option<Vec2>,
        upper: Option<Vec2>,
    },
}

/// The chain query's trace, world space.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ChainTrace {
    /// Every decision, in order.
    pub steps: Vec<ChainStep>,
    /// The manifold's normal (chain to shape), when points were made.
    pub normal: Option<Vec2>,
    /// The manifold's points (as in the output).
    pub points: Vec<ChainPoint>,
    /// How the query ended.
    #[serde(rename = "outcome")]
    pub termination: Option<ChainTermination>,
}

impl ChainTrace {
    /// The first classification recorded, if any.
    pub fn classification(&self) -> Option<&NormalClass> {
        self.steps.iter().find_map(|s| match s {
            ChainStep::Classify { class, .. } => Some(class),
            _ => None,
        })
    }

    /// The classification of the normal the contact asked for, the one a Gauss map
    /// shows: the closest features' candidate when they gave one; in the
    /// separating-axis search, the reversed normal of the shape's edge of largest
    /// separation (the shape's face of least penetration: the way out the segment
    /// alone would take), whatever its decision. The first of equal separations.
    pub fn asked(&self) -> Option<&NormalClass> {
        let mut searched: Option<(f32, &NormalClass)> = None;
        for s in &self.steps {
            let ChainStep::Classify { candidate, class } = s else {
                continue;
            };
            let Candidate::SearchedEdge { separation, .. } = candidate else {
                return Some(class);
            };
            if searched.is_none_or(|(best, _)| *separation > best) {
                searched = Some((*separation, class));
            }
        }
        searched.map(|(_, class)| class)
    }

    /// The one-sided test, if it was reached.
    pub fn one_sided(&self) -> Option<&OneSidedTest> {
        self.steps.iter().find_map(|s| match s {
            ChainStep::OneSided(t) => Some(t),
            _ => None,
        })
    }
}
