//! The manifold's inputs and outputs: the normal sources, the cases and outcomes, the
//! input, the contact points and the output (world space, normal from A to B).

use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::pair::PosedPair;
use crate::core::sat::Owner;
use crate::core::settings::SatBias;
use crate::core::settings::Settings;
use glam::Vec2;
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// Where the normal that selects the features comes from, when the cores overlap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ManifoldSource {
    /// EPA's penetration normal (the general path, any convex pair).
    Epa,
    /// SAT's axis of least penetration, with the reference-face bias.
    Sat,
}

impl ManifoldSource {
    /// The source the window's "manifold via SAT" switch picks.
    pub fn via_sat(sat: bool) -> ManifoldSource {
        if sat {
            ManifoldSource::Sat
        } else {
            ManifoldSource::Epa
        }
    }

    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Where the normal actually used came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NormalSource {
    /// SAT's axis (cores overlapping or touching).
    Sat,
    /// EPA's normal (cores overlapping).
    Epa,
    /// The direction between the cores' closest points (cores apart).
    ClosestPoints,
}

impl NormalSource {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Which of the three cases made the contacts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ManifoldCase {
    /// Two point features (circles).
    PointPoint,
    /// A point against an edge.
    PointSegment,
    /// Two edges: reference and incident, clipped.
    SegmentSegment,
    /// Separated cores whose closest features are two vertices.
    VertexVertex,
}

impl ManifoldCase {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// How the query ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ManifoldTermination {
    /// Contact points from the features (1 or 2).
    Contact,
    /// Clipping kept nothing; one point from the deepest incident vertex.
    SupportFallback,
    /// Farther apart than the speculative distance: no manifold.
    Separated,
}

impl ManifoldTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Input of [`contact_manifold`].
#[derive(Clone, Copy, Debug)]
pub struct ManifoldInput<'a> {
    /// Shape A and shape B, each with its pose.
    pub pair: PosedPair<'a>,
    pub source: ManifoldSource,
    /// Pairs up to this far apart (length units) still get points.
    pub speculative_distance: f32,
    pub gjk_max_iterations: u32,
    pub epa_tolerance: f32,
    pub epa_max_iterations: u32,
    /// SAT's reference-face rule (the SAT normal source).
    pub sat_bias: SatBias,
}

impl<'a> ManifoldInput<'a> {
    /// The input with a scene's settings.
    pub fn new(pair: PosedPair<'a>, settings: &Settings, source: ManifoldSource) -> Self {
        ManifoldInput {
            pair,
            source,
            speculative_distance: settings.speculative_distance,
            gjk_max_iterations: settings.gjk_max_iterations,
            epa_tolerance: settings.epa_tolerance,
            epa_max_iterations: settings.epa_max_iterations,
            sat_bias: settings.sat_bias,
        }
    }
}

/// One contact point. World space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct ManifoldPoint {
    /// The point on A's surface.
    pub point_a: Vec2,
    /// The point on B's surface.
    pub point_b: Vec2,
    /// `(point_b − point_a)·normal`: negative = penetration, radii subtracted.
    pub separation: f32,
    /// Packed [`ContactId`].
    pub id: u32,
}

/// Output of [`contact_manifold`]. World space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ManifoldOutput {
    pub termination: ManifoldTermination,
    /// Where the feature-selecting normal came from (None when separated before one
    /// was needed).
    pub normal_source: Option<NormalSource>,
    /// None when separated.
    pub case: Option<ManifoldCase>,
    /// Unit normal from A to B (the reference face's, or the given one in the point
    /// cases); for a separated pair, the separating direction when one was found,
    /// else zero.
    pub normal: Vec2,
    /// The shape holding the reference feature.
    pub reference: Option<Owner>,
    pub(super) points: [ManifoldPoint; MAX_MANIFOLD_POINTS],
    pub(super) point_count: usize,
}

impl ManifoldOutput {
    /// The contact points (empty when separated).
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.point_count]
    }

    /// True when the pair is farther apart than the speculative distance.
    pub fn is_separated(&self) -> bool {
        self.termination == ManifoldTermination::Separated
    }

    /// The point of least separation.
    pub fn deepest(&self) -> Option<&ManifoldPoint> {
        self.points()
            .iter()
            .min_by(|a, b| a.separation.total_cmp(&b.separation))
    }

    pub(super) fn separated(normal_source: Option<NormalSource>, normal: Vec2) -> ManifoldOutput {
        ManifoldOutput {
            termination: ManifoldTermination::Separated,
            normal_source,
            case: None,
            normal,
            reference: None,
            points: [ManifoldPoint::default(); MAX_MANIFOLD_POINTS],
            point_count: 0,
        }
    }
}

impl Serialize for ManifoldOutput {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("ManifoldOutput", 6)?;
        st.serialize_field("outcome", &self.termination)?;
        st.serialize_field("normal_source", &self.normal_source)?;
        st.serialize_field("case", &self.case)?;
        st.serialize_field("normal", &self.normal)?;
        st.serialize_field("reference", &self.reference)?;
        st.serialize_field("points", self.points())?;
        st.end()
    }
}

/// The normal chosen in step 1, in A's frame.
pub(super) struct NormalChoice {
    pub(super) normal: Vec2,
    pub(super) separation: f32,
    pub(super) source: NormalSource,
    /// The SAT face (owner, edge) to use as reference.
    pub(super) hint: Option<(Owner, usize)>,
    /// Cores apart, GJK ended on one vertex pair: those core vertices (A's, B's). Taken
    /// from GJK, not re-derived as support points along the normal: when a face is
    /// nearly perpendicular to the normal its two vertices tie, and the wrong one gives
    /// a normal 0.4 rad off and a separation of 0.24 for a gap of 4e-7 (a box corner
    /// against a circle: `tests/fuzz.rs`).
    pub(super) vertex_vertex: Option<(usize, usize)>,
}
