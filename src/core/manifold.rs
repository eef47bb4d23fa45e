//! Contact manifold by clipping: up to two contact points, each with a point on A,
//! a point on B, a signed separation and a feature id.
//!
//! Frame convention: shapes are given in their local frames and placed by
//! [`Transform`]s. The clipping runs in **A's local frame** (as Box2D v3 does, so large
//! world coordinates cost no precision); every output and trace record is in
//! **world** space. The normal points from A to B; separations are negative for
//! penetration, radii subtracted.
//!
//! ## The method (ALGORITHMS.md §1, Box2D v3 `b2ClipPolygons`, Box2D-Lite `Collide`)
//! 1. **A normal.** [`ManifoldSource`] picks where it comes from when the cores (the
//!    shapes without their radii) overlap or touch: EPA's penetration normal, or SAT's
//!    axis. When the cores are apart by more than [`MANIFOLD_TOUCHING_TOLERANCE`] of
//!    the configuration's size, both sources use the direction between the cores'
//!    closest points (GJK's, [`NormalSource::ClosestPoints`]); neither EPA nor SAT's
//!    face axes describe a separated corner-to-corner pair. Within the touching band
//!    the SAT axis is used (EPA has no answer for shapes that do not overlap, and a
//!    normal from two nearly coincident closest points is noise). Pairs farther apart
//!    than the speculative distance get no manifold ([`ManifoldOutcome::Separated`]).
//!    For a 1-vertex core (circle) the SAT source is computed directly: the other
//!    core's face of largest separation, then its Voronoi region (Box2D's
//!    `b2CollidePolygonAndCircle`), which is the same normal GJK would give.
//! 2. **Features.** The farthest feature of each shape along the normal
//!    ([`Shape::local_feature`]): an edge for a polygon, segment or capsule; a
//!    zero-length edge (a point) for a circle. When the closest features of separated
//!    cores are two vertices (GJK ends on one vertex pair), both features are those
//!    vertices ([`ManifoldCase::VertexVertex`]).
//! 3. **Three cases.**
//!    - point–point: one contact along the normal, `point_a = pA + rA·n`,
//!      `point_b = pB − rB·n`;
//!    - point–segment: if the point projects inside the segment (a circle against a
//!      face), the contact is the point and its foot on the segment, along the
//!      segment's normal; otherwise the segment endpoint nearest to it, along the
//!      given normal (a corner against an arc);
//!    - segment–segment: the **reference edge** is the one more perpendicular to the
//!      normal (its edge normal more aligned with it, ties to A within
//!      [`REFERENCE_ALIGNMENT_TOLERANCE`]); with SAT's normal it is SAT's face; with
//!      the closest-points normal of separated cores it is the face whose plane
//!      separates them more (the closest edge; A on ties); the other is the
//!      **incident edge**. The incident edge is clipped against the reference edge's
//!      two side planes, then against the reference face: incident points whose
//!      separation exceeds the speculative distance are dropped.
//! 4. **The normal of the manifold** is the reference edge's outward normal, negated
//!    when the reference edge is on B (the trap of the source post: a
//!    reference/incident swap flips the normal's meaning); in the point–point and
//!    corner cases it is the given normal. Each point's separation is measured along
//!    it.
//!
//! If clipping keeps no point although the pair is within the speculative distance
//! (the incident edge lies entirely beyond a side plane, as at two touching corners),
//! one point is made from the incident vertex deepest along the reference normal and
//! its nearest point on the reference edge ([`ManifoldOutcome::SupportFallback`]);
//! parry2d does the same with its GJK points.
//!
//! ## Feature ids ([`ContactId`])
//! A `u32`: bits 0–7 the incident feature (a vertex index, or the incident edge for a
//! point made by a side plane), bits 8–15 the reference feature (edge, or vertex for
//! the point cases), bits 16–18 the kind ([`IdKind`]), bit 19 the reference shape
//! (0 = A, 1 = B). It names features only, never coordinates, so it stays the same
//! while a shape slides within one configuration.

use crate::core::consts::{
    MANIFOLD_TOUCHING_TOLERANCE, MAX_MANIFOLD_POINTS, REFERENCE_ALIGNMENT_TOLERANCE,
};
use crate::core::epa::{penetration, EpaTermination, PenetrationInput};
use crate::core::gjk::{shape_distance, DistanceInput, SimplexCache};
use crate::core::math::{left_perp, Transform};
use crate::core::sat::{separating_axis, Owner, SatInput};
use crate::core::settings::Settings;
use crate::core::shape::Shape;
use crate::core::support::Feature;
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
    pub fn as_str(self) -> &'static str {
        match self {
            ManifoldSource::Epa => "epa",
            ManifoldSource::Sat => "sat",
        }
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
        match self {
            NormalSource::Sat => "sat",
            NormalSource::Epa => "epa",
            NormalSource::ClosestPoints => "closest_points",
        }
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
        match self {
            ManifoldCase::PointPoint => "point_point",
            ManifoldCase::PointSegment => "point_segment",
            ManifoldCase::SegmentSegment => "segment_segment",
            ManifoldCase::VertexVertex => "vertex_vertex",
        }
    }
}

/// How the query ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ManifoldOutcome {
    /// Contact points from the features (1 or 2).
    Contact,
    /// Clipping kept nothing; one point from the deepest incident vertex.
    SupportFallback,
    /// Farther apart than the speculative distance: no manifold.
    Separated,
}

impl ManifoldOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            ManifoldOutcome::Contact => "contact",
            ManifoldOutcome::SupportFallback => "support_fallback",
            ManifoldOutcome::Separated => "separated",
        }
    }
}

/// How a contact point was made (bits 16–18 of its id).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IdKind {
    /// An incident vertex that survived clipping.
    IncidentVertex = 0,
    /// The incident edge cut by the side plane through the reference edge's first vertex.
    SidePlane1 = 1,
    /// The incident edge cut by the side plane through its second vertex.
    SidePlane2 = 2,
    /// A point contact: point–point, vertex–vertex, or a corner against an arc.
    Point = 3,
    /// The support fallback.
    Fallback = 4,
}

impl IdKind {
    pub fn as_str(self) -> &'static str {
        match self {
            IdKind::IncidentVertex => "incident_vertex",
            IdKind::SidePlane1 => "side_plane_1",
            IdKind::SidePlane2 => "side_plane_2",
            IdKind::Point => "point",
            IdKind::Fallback => "fallback",
        }
    }
}

/// A contact's feature id, unpacked (see the module docs for the packing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ContactId {
    /// The shape holding the reference feature.
    pub reference: Owner,
    /// Reference edge (or vertex, for point contacts).
    pub reference_index: u8,
    /// Incident vertex, or incident edge for side-plane points.
    pub incident_index: u8,
    pub kind: IdKind,
}

impl ContactId {
    pub fn pack(self) -> u32 {
        let owner = match self.reference {
            Owner::A => 0u32,
            Owner::B => 1u32,
        };
        self.incident_index as u32
            | (self.reference_index as u32) << 8
            | (self.kind as u32) << 16
            | owner << 19
    }

    /// The fields of a packed id; `None` for a value no manifold produces.
    pub fn unpack(id: u32) -> Option<ContactId> {
        let kind = match (id >> 16) & 0b111 {
            0 => IdKind::IncidentVertex,
            1 => IdKind::SidePlane1,
            2 => IdKind::SidePlane2,
            3 => IdKind::Point,
            4 => IdKind::Fallback,
            _ => return None,
        };
        if id >> 20 != 0 {
            return None;
        }
        Some(ContactId {
            reference: if (id >> 19) & 1 == 0 {
                Owner::A
            } else {
                Owner::B
            },
            reference_index: (id >> 8) as u8,
            incident_index: id as u8,
            kind,
        })
    }
}

/// Input of [`contact_manifold`].
#[derive(Clone, Copy, Debug)]
pub struct ManifoldInput<'a> {
    pub shape_a: &'a Shape,
    pub transform_a: Transform,
    pub shape_b: &'a Shape,
    pub transform_b: Transform,
    pub source: ManifoldSource,
    /// Pairs up to this far apart (length units) still get points.
    pub speculative_distance: f32,
    pub gjk_max_iterations: u32,
    pub epa_tolerance: f32,
    pub epa_max_iterations: u32,
}

impl<'a> ManifoldInput<'a> {
    /// The input with a scene's settings.
    pub fn new(
        shape_a: &'a Shape,
        transform_a: Transform,
        shape_b: &'a Shape,
        transform_b: Transform,
        settings: &Settings,
        source: ManifoldSource,
    ) -> Self {
        ManifoldInput {
            shape_a,
            transform_a,
            shape_b,
            transform_b,
            source,
            speculative_distance: settings.speculative_distance,
            gjk_max_iterations: settings.gjk_max_iterations,
            epa_tolerance: settings.epa_tolerance,
            epa_max_iterations: settings.epa_max_iterations,
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
    pub outcome: ManifoldOutcome,
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
    points: [ManifoldPoint; MAX_MANIFOLD_POINTS],
    point_count: usize,
}

impl ManifoldOutput {
    /// The contact points (empty when separated).
    pub fn points(&self) -> &[ManifoldPoint] {
        &self.points[..self.point_count]
    }

    /// True when the pair is farther apart than the speculative distance.
    pub fn is_separated(&self) -> bool {
        self.outcome == ManifoldOutcome::Separated
    }

    /// The point of least separation.
    pub fn deepest(&self) -> Option<&ManifoldPoint> {
        self.points()
            .iter()
            .min_by(|a, b| a.separation.total_cmp(&b.separation))
    }

    fn separated(normal_source: Option<NormalSource>, normal: Vec2) -> ManifoldOutput {
        ManifoldOutput {
            outcome: ManifoldOutcome::Separated,
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
        st.serialize_field("outcome", &self.outcome)?;
        st.serialize_field("normal_source", &self.normal_source)?;
        st.serialize_field("case", &self.case)?;
        st.serialize_field("normal", &self.normal)?;
        st.serialize_field("reference", &self.reference)?;
        st.serialize_field("points", self.points())?;
        st.end()
    }
}

/// A feature as the trace shows it: core endpoints in world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FeatureRecord {
    pub owner: Owner,
    /// First core endpoint.
    pub a: Vec2,
    /// Second core endpoint (equal to `a` for a point feature).
    pub b: Vec2,
    pub index_a: usize,
    pub index_b: usize,
    /// Outward unit normal of the edge (the query direction for a point).
    pub normal: Vec2,
    pub radius: f32,
    pub is_point: bool,
}

/// Which plane a clip step used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClipPlane {
    /// The side plane through the reference edge's first vertex.
    Side1,
    /// The side plane through its second vertex.
    Side2,
    /// The reference face, moved out by the radii and the speculative distance.
    ReferenceFace,
}

impl ClipPlane {
    pub fn as_str(self) -> &'static str {
        match self {
            ClipPlane::Side1 => "side_1",
            ClipPlane::Side2 => "side_2",
            ClipPlane::ReferenceFace => "reference_face",
        }
    }
}

/// One clip, world space: the plane (a point on it and its normal, which points to
/// the side that is cut), the points that went in, those kept, those cut, and the
/// crossing point added.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClipStep {
    pub plane: ClipPlane,
    pub plane_point: Vec2,
    pub plane_normal: Vec2,
    pub input: Vec<Vec2>,
    pub kept: Vec<Vec2>,
    pub cut: Vec<Vec2>,
    pub added: Option<Vec2>,
    pub output: Vec<Vec2>,
}

/// The manifold trace, world space.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ManifoldTrace {
    pub source: Option<ManifoldSource>,
    pub normal_source: Option<NormalSource>,
    /// The normal that selected the features (A to B).
    pub normal: Option<Vec2>,
    /// The separation that came with it (radii subtracted; negative = depth).
    pub separation: Option<f32>,
    /// Core distance under which the cores count as touching.
    pub touching_tolerance: f32,
    pub feature_a: Option<FeatureRecord>,
    pub feature_b: Option<FeatureRecord>,
    pub case: Option<ManifoldCase>,
    pub reference: Option<FeatureRecord>,
    pub incident: Option<FeatureRecord>,
    pub clips: Vec<ClipStep>,
    pub points: Vec<ManifoldPoint>,
    pub outcome: Option<ManifoldOutcome>,
}

/// An edge or point feature in A's frame.
#[derive(Clone, Copy, Debug)]
struct Edge {
    owner: Owner,
    v1: Vec2,
    v2: Vec2,
    i1: usize,
    i2: usize,
    normal: Vec2,
    radius: f32,
}

impl Edge {
    fn from_feature(owner: Owner, f: &Feature) -> Edge {
        Edge {
            owner,
            v1: f.a,
            v2: f.b,
            i1: f.index_a,
            i2: f.index_b,
            normal: f.normal,
            radius: f.radius,
        }
    }

    fn is_point(&self) -> bool {
        self.i1 == self.i2
    }

    fn record(&self, xf: &Transform) -> FeatureRecord {
        FeatureRecord {
            owner: self.owner,
            a: xf.apply(self.v1),
            b: xf.apply(self.v2),
            index_a: self.i1,
            index_b: self.i2,
            normal: xf.q.apply(self.normal),
            radius: self.radius,
            is_point: self.is_point(),
        }
    }
}

/// The normal chosen in step 1, in A's frame.
struct NormalChoice {
    normal: Vec2,
    separation: f32,
    source: NormalSource,
    /// The SAT face (owner, edge) to use as reference.
    hint: Option<(Owner, usize)>,
    /// Cores apart, GJK ended on one vertex pair: those core vertices (A's, B's). Taken
    /// from GJK, not re-derived as support points along the normal: when a face is
    /// nearly perpendicular to the normal its two vertices tie, and the wrong one gave
    /// a normal 0.4 rad off and a separation of 0.24 for a gap of 4e-7 (found by the
    /// fuzzer: a box corner against a circle).
    vertex_vertex: Option<(usize, usize)>,
}

enum Step1 {
    Normal(NormalChoice),
    /// Farther than the speculative distance (separation, direction in A's frame if known).
    Separated(f32, Vec2),
}

struct Pair<'a> {
    a: &'a Shape,
    b: &'a Shape,
    xf_a: Transform,
    b_to_a: Transform,
    spec: f32,
}

/// The core distance under which two shapes count as touching:
/// [`MANIFOLD_TOUCHING_TOLERANCE`] times the sum of their bounding radii (the largest
/// core vertex distance from the local origin, plus the radius), which each shape
/// caches ([`Shape::bounding_radius`]): no loop, no square root here. Shared with
/// `box_box.rs` so both paths draw the same line.
#[inline]
pub(crate) fn touching_tolerance(a: &Shape, b: &Shape) -> f32 {
    MANIFOLD_TOUCHING_TOLERANCE * (a.bounding_radius() + b.bounding_radius())
}

impl<'a> Pair<'a> {
    #[inline]
    fn new(input: &ManifoldInput<'a>) -> Pair<'a> {
        let xf_a = input.transform_a;
        Pair {
            a: input.shape_a,
            b: input.shape_b,
            xf_a,
            b_to_a: xf_a.inv_mul(&input.transform_b),
            spec: input.speculative_distance.max(0.0),
        }
    }

    /// Cheap (two cached radii), but still computed only when asked.
    #[inline]
    fn touch(&self) -> f32 {
        touching_tolerance(self.a, self.b)
    }

    /// True when the cores, `core` apart, are apart beyond the touching band.
    fn apart(&self, core: f32) -> bool {
        core > 0.0 && core > self.touch()
    }

    fn edge_of(&self, owner: Owner, edge: usize) -> Edge {
        let (s, xf) = match owner {
            Owner::A => (self.a, Transform::IDENTITY),
            Owner::B => (self.b, self.b_to_a),
        };
        let v = s.vertices();
        let j = if edge + 1 == v.len() { 0 } else { edge + 1 };
        Edge {
            owner,
            v1: xf.apply(v[edge]),
            v2: xf.apply(v[j]),
            i1: edge,
            i2: j,
            normal: xf.q.apply(s.normals()[edge]),
            radius: s.radius(),
        }
    }

    fn vertex_of(&self, owner: Owner, index: usize, dir: Vec2) -> Edge {
        let (s, xf) = match owner {
            Owner::A => (self.a, Transform::IDENTITY),
            Owner::B => (self.b, self.b_to_a),
        };
        let p = xf.apply(s.vertices()[index]);
        Edge {
            owner,
            v1: p,
            v2: p,
            i1: index,
            i2: index,
            normal: dir,
            radius: s.radius(),
        }
    }

    /// The farthest feature of one shape along `dir` (A's frame, both in and out).
    fn feature_of(&self, owner: Owner, dir: Vec2) -> Edge {
        let f = match owner {
            Owner::A => self.a.local_feature(dir),
            Owner::B => self
                .b
                .local_feature(self.b_to_a.q.apply_inv(dir))
                .transformed(&self.b_to_a),
        };
        Edge::from_feature(owner, &f)
    }
}

/// The contact manifold of two shapes. `trace`, when given, is cleared and filled
/// (no allocation happens without it).
pub fn contact_manifold(
    input: &ManifoldInput,
    mut trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    if let Some(t) = trace.as_deref_mut() {
        *t = ManifoldTrace {
            source: Some(input.source),
            touching_tolerance: touching_tolerance(input.shape_a, input.shape_b),
            ..Default::default()
        };
    }
    let (na, nb) = (
        input.shape_a.vertices().len(),
        input.shape_b.vertices().len(),
    );
    if input.source == ManifoldSource::Sat && (na == 1 || nb == 1) {
        return point_core_manifold(input, trace);
    }
    general_manifold(input, &Pair::new(input), trace)
}

/// Steps 1–4 for any pair and either source (every case but the SAT source's
/// 1-vertex shortcut, [`point_core_manifold`]). Not inlined: its frame and spills
/// stay out of the shortcut's way.
#[inline(never)]
fn general_manifold(
    input: &ManifoldInput,
    pair: &Pair,
    mut trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    let xf_a = pair.xf_a;
    let choice = match input.source {
        ManifoldSource::Sat => normal_sat(input, pair),
        ManifoldSource::Epa => normal_epa(input, pair),
    };
    let choice = match choice {
        Step1::Normal(c) => c,
        Step1::Separated(sep, dir) => {
            let normal = xf_a.q.apply(dir);
            if let Some(t) = trace {
                t.separation = Some(sep);
                if dir != Vec2::ZERO {
                    t.normal = Some(normal);
                }
                t.outcome = Some(ManifoldOutcome::Separated);
            }
            return ManifoldOutput::separated(None, normal);
        }
    };
    if let Some(t) = trace.as_deref_mut() {
        t.normal_source = Some(choice.source);
        t.normal = Some(xf_a.q.apply(choice.normal));
        t.separation = Some(choice.separation);
    }
    build(pair, &choice, trace)
}

/// Step 1 for the SAT source.
fn normal_sat(input: &ManifoldInput, pair: &Pair) -> Step1 {
    let (na, nb) = (pair.a.vertices().len(), pair.b.vertices().len());
    if na >= 3 && nb >= 3 {
        // SAT first: exact sign and depth for two polygons.
        let sat = sat_of(input);
        let n = pair.xf_a.q.apply_inv(sat.normal);
        if sat.separation > pair.spec {
            return Step1::Separated(sat.separation, n);
        }
        let core = sat.separation + pair.a.radius() + pair.b.radius();
        if !pair.apart(core) {
            return Step1::Normal(NormalChoice {
                normal: n,
                separation: sat.separation,
                source: NormalSource::Sat,
                hint: Some((sat.axis_owner, sat.edge)),
                vertex_vertex: None,
            });
        }
        return closest_points_or(input, pair);
    }
    // A segment or capsule: SAT over face normals cannot tell parallel 2-vertex cores
    // apart along their line, so the distance decides first.
    closest_points_or(input, pair)
}

/// Step 1 for the EPA source.
fn normal_epa(input: &ManifoldInput, pair: &Pair) -> Step1 {
    let pen = penetration(
        &PenetrationInput {
            shape_a: input.shape_a,
            transform_a: input.transform_a,
            shape_b: input.shape_b,
            transform_b: input.transform_b,
            gjk_max_iterations: input.gjk_max_iterations,
            epa_tolerance: input.epa_tolerance,
            epa_max_iterations: input.epa_max_iterations,
        },
        None,
        None,
    );
    match pen {
        Some(p) if p.termination != EpaTermination::CoreSeparated => Step1::Normal(NormalChoice {
            normal: pair.xf_a.q.apply_inv(p.normal),
            separation: -p.depth,
            source: NormalSource::Epa,
            hint: None,
            vertex_vertex: None,
        }),
        _ => closest_points_or(input, pair),
    }
}

fn sat_of(input: &ManifoldInput) -> crate::core::sat::SatOutput {
    separating_axis(
        &SatInput {
            shape_a: input.shape_a,
            transform_a: input.transform_a,
            shape_b: input.shape_b,
            transform_b: input.transform_b,
        },
        None,
    )
}

/// GJK on the cores: the closest-points normal when they are apart by more than the
/// touching tolerance, else SAT's axis.
fn closest_points_or(input: &ManifoldInput, pair: &Pair) -> Step1 {
    // An empty cache: a cold start as without one, and it returns GJK's vertex pairs.
    let mut cache = SimplexCache::default();
    let d = shape_distance(
        &DistanceInput {
            shape_a: input.shape_a,
            transform_a: input.transform_a,
            shape_b: input.shape_b,
            transform_b: input.transform_b,
            use_radii: false,
            max_iterations: input.gjk_max_iterations,
        },
        Some(&mut cache),
        None,
    );
    let radii = pair.a.radius() + pair.b.radius();
    let separation = d.distance - radii;
    let n = d
        .normal
        .map(|n| pair.xf_a.q.apply_inv(n))
        .unwrap_or(Vec2::ZERO);
    if separation > pair.spec {
        return Step1::Separated(separation, n);
    }
    if pair.apart(d.distance) && n != Vec2::ZERO {
        return Step1::Normal(NormalChoice {
            normal: n,
            separation,
            source: NormalSource::ClosestPoints,
            hint: None,
            vertex_vertex: (d.simplex_count == 1)
                .then_some((cache.index_a[0] as usize, cache.index_b[0] as usize)),
        });
    }
    let sat = sat_of(input);
    Step1::Normal(NormalChoice {
        normal: pair.xf_a.q.apply_inv(sat.normal),
        separation: sat.separation,
        source: NormalSource::Sat,
        hint: Some((sat.axis_owner, sat.edge)),
        vertex_vertex: None,
    })
}

/// SAT source with a 1-vertex core (a circle or a point) against any core: the whole
/// manifold in one pass, after Box2D's `b2CollidePolygonAndCircle`. In the core's own
/// frame: the face of largest separation `s` for the point; if the point projects
/// beyond one end of that face (`u1 < 0` or `u2 < 0`), that corner is the closest
/// feature — with the cores apart (beyond the touching band) the normal is the
/// corner-to-point direction, exactly what GJK would give, and the case is
/// [`ManifoldCase::VertexVertex`] as in the general path (GJK ends on that vertex
/// pair); otherwise the face normal (the same clamped corner the general
/// point–segment case makes). Two 1-vertex cores: the line of centres. Same case,
/// reference, normal, points, separation and ids as steps 1–4 would give, without
/// their generality (checked on random pairs by the test
/// `point_core_path_matches_general_path`; the normal's source differs in one way:
/// over a face with the cores apart this path names SAT's face, the general path
/// GJK's closest points, the same direction); the points are placed in the world
/// from the core's own frame, one transform each.
#[inline]
fn point_core_manifold(input: &ManifoldInput, trace: Option<&mut ManifoldTrace>) -> ManifoldOutput {
    let (na, nb) = (
        input.shape_a.vertices().len(),
        input.shape_b.vertices().len(),
    );
    if na == 1 && nb == 1 {
        return point_point_manifold(&Pair::new(input), trace);
    }
    // One copy per side the core is on: every `owner` test below is then a constant.
    if na == 1 {
        point_against_core::<false>(input, trace)
    } else {
        point_against_core::<true>(input, trace)
    }
}

/// [`point_core_manifold`] for a 1-vertex core against a core of 2 or more vertices,
/// the core being A when `CORE_IS_A`, else B.
#[inline]
fn point_against_core<const CORE_IS_A: bool>(
    input: &ManifoldInput,
    trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    let (a, b) = (input.shape_a, input.shape_b);
    let radii = a.radius() + b.radius();
    let spec = input.speculative_distance.max(0.0);
    // `w` places the core's frame in the world, `xp` the point's. The point is brought
    // into the core's frame once (Box2D's b2InvTransformPoint of the circle's centre):
    // `q_wᵀ·(q_p·c + (p_p − p_w))`, the difference of the two positions taken first so
    // that large world coordinates cost no precision (as the relative transform
    // does). Each output is then one transform from the core's frame.
    let (owner, core, point, w, xp) = if CORE_IS_A {
        (Owner::A, a, b, input.transform_a, input.transform_b)
    } else {
        (Owner::B, b, a, input.transform_b, input.transform_a)
    };
    // A circle's core is its local origin: then `q_p·c` is zero and the point is the
    // difference of the positions, turned. Skipping the product (a branch predicted
    // per kind of shape) takes the load of `c` off the path to the face search.
    let pc = point.vertices()[0];
    let (rel, centre) = if pc == Vec2::ZERO {
        (xp.p - w.p, xp.p)
    } else {
        let qc = xp.q.apply(pc);
        (qc + (xp.p - w.p), qc + xp.p)
    };
    let pl = w.q.apply_inv(rel);
    // Out of the core (its frame) → from A to B (world).
    let out_ab = |o: Vec2| -> Vec2 {
        let o = w.q.apply(o);
        if owner == Owner::A {
            o
        } else {
            -o
        }
    };
    let (v, normals) = (core.vertices(), core.normals());
    let (i, s) = max_separation_face(pl, v, normals);
    let ni = normals[i];
    let face_sep = s - radii;
    if face_sep > spec {
        // Beyond the speculative distance along a face normal: a proof of separation
        // (the face's separation is a lower bound of the distance).
        return point_core_separated(face_sep, out_ab(ni), trace);
    }
    let j = if i + 1 == v.len() { 0 } else { i + 1 };
    let (v1, v2) = (v[i], v[j]);
    let e = v2 - v1;
    // Voronoi regions of the face: beyond its first end (u1 < 0), its second end
    // (u2 < 0), or over it.
    let u1 = (pl - v1).dot(e);
    let u2 = (pl - v2).dot(-e);
    let corner = u1 < 0.0 || u2 < 0.0;
    let (c, ci) = if u1 < 0.0 { (v1, i) } else { (v2, j) };
    let d = pl - c;
    // A branch, not a select of all three regions' numbers: over a face (the common
    // case) the square root and division of the corner case stay off the path to the
    // output (measured: computing all three and selecting was slower).
    let apart = |core: f32| core > 0.0 && core > touching_tolerance(a, b);
    // The outputs are made in the world from the point's centre there (`centre`,
    // computed from the input alongside `pl`), the corner's or the foot's
    // position and the normal turned into the world once (`ow`, out of the core):
    // `on_core = foot + r_core·ow`, `on_point = centre − r_point·ow`.
    let (on_core, ow, o, separation, ref_index, kind, source) = if corner && apart(d.length()) {
        // Beyond a corner and apart from it (beyond the touching band): the closest
        // features are the corner and the point, the normal the direction between
        // them. Apart from the corner, not from the face's line: a point near the
        // line can lie far past the face's end (found by the fuzzer: a point 2e-5 off
        // a segment's line but 0.22 past its end got a contact).
        let len = d.length();
        let separation = len - radii;
        if separation > spec {
            return point_core_separated(separation, out_ab(ni), trace);
        }
        let ow = w.q.apply(d) / len;
        let source = NormalSource::ClosestPoints;
        (
            w.apply(c) + core.radius() * ow,
            ow,
            d / len,
            separation,
            ci,
            IdKind::Point,
            source,
        )
    } else if corner {
        // Touching or overlapping cores: the face normal, from the corner (the same
        // clamped corner the general point–segment case makes).
        let separation = d.dot(ni) - radii;
        let nw = w.q.apply(ni);
        (
            w.apply(c) + core.radius() * nw,
            nw,
            ni,
            separation,
            ci,
            IdKind::Point,
            NormalSource::Sat,
        )
    } else {
        // Over the face: the face normal, from the point's foot on the face, `s`
        // behind the centre (the core's surface `s − r_core` behind it).
        let nw = w.q.apply(ni);
        let kind = IdKind::IncidentVertex;
        (
            centre - (s - core.radius()) * nw,
            nw,
            ni,
            face_sep,
            i,
            kind,
            NormalSource::Sat,
        )
    };
    let on_point = centre - point.radius() * ow;
    let (point_a, point_b) = if owner == Owner::A {
        (on_core, on_point)
    } else {
        (on_point, on_core)
    };
    // Beyond a corner and apart, the closest features are two vertices: named as the
    // general path names them ([`ManifoldCase::VertexVertex`]: A is the reference, the
    // id holds A's vertex then B's). Otherwise the core's face or corner is the
    // reference and the point is incident.
    let (reference, reference_index, incident_index, case) =
        if source == NormalSource::ClosestPoints {
            let (ia, ib) = if owner == Owner::A {
                (ref_index, 0)
            } else {
                (0, ref_index)
            };
            (Owner::A, ia, ib, ManifoldCase::VertexVertex)
        } else {
            (owner, ref_index, 0, ManifoldCase::PointSegment)
        };
    let mut points = [ManifoldPoint::default(); MAX_MANIFOLD_POINTS];
    points[0] = ManifoldPoint {
        point_a,
        point_b,
        separation,
        id: ContactId {
            reference,
            reference_index: reference_index as u8,
            incident_index: incident_index as u8,
            kind,
        }
        .pack(),
    };
    let out = ManifoldOutput {
        outcome: ManifoldOutcome::Contact,
        normal_source: Some(source),
        case: Some(case),
        normal: if owner == Owner::A { ow } else { -ow },
        reference: Some(reference),
        points,
        point_count: 1,
    };
    if let Some(t) = trace {
        trace_point_core(t, input, out, owner, i, ref_index, o);
    }
    out
}

/// The trace records of [`point_core_manifold`]'s contact: the core's face `i` (or
/// its vertex `corner` in the vertex–vertex case) and the point, `o` the normal out
/// of the core in the core's frame.
#[cold]
#[inline(never)]
fn trace_point_core(
    t: &mut ManifoldTrace,
    input: &ManifoldInput,
    out: ManifoldOutput,
    owner: Owner,
    i: usize,
    corner: usize,
    o: Vec2,
) {
    // `out` by value: the caller's stays where it is returned.
    let (pair, out) = (&Pair::new(input), &out);
    // The point's query direction, towards the core, in A's frame.
    let core_to_a = if owner == Owner::A {
        Transform::IDENTITY
    } else {
        pair.b_to_a
    };
    let dir = -core_to_a.q.apply(o);
    let separation = out.points[0].separation;
    if out.case == Some(ManifoldCase::VertexVertex) {
        // As the general path: each vertex with the normal from A to B (A) or its
        // opposite (B); A's is the reference.
        let n = if owner == Owner::A { -dir } else { dir };
        let (ia, ib) = if owner == Owner::A {
            (corner, 0)
        } else {
            (0, corner)
        };
        let fa = pair.vertex_of(Owner::A, ia, n);
        let fb = pair.vertex_of(Owner::B, ib, -n);
        record_point_case(t, out, separation, &fa, &fb, &fa, &fb, &pair.xf_a);
        return;
    }
    let face = pair.edge_of(owner, i);
    let point = pair.vertex_of(owner.other(), 0, dir);
    let (fa, fb) = if owner == Owner::A {
        (face, point)
    } else {
        (point, face)
    };
    record_point_case(t, out, separation, &fa, &fb, &face, &point, &pair.xf_a);
}

/// Two 1-vertex cores: the line of centres (A's local +y when they coincide).
#[inline(never)]
fn point_point_manifold(pair: &Pair, trace: Option<&mut ManifoldTrace>) -> ManifoldOutput {
    let radii = pair.a.radius() + pair.b.radius();
    let xf_a = pair.xf_a;
    let mut out = ManifoldOutput::separated(None, Vec2::ZERO);
    let pa = pair.a.vertices()[0];
    let pb = pair.b_to_a.apply(pair.b.vertices()[0]);
    let d = pb - pa;
    let len = d.length();
    let n = if len > 0.0 && (d / len).is_finite() {
        d / len
    } else {
        Vec2::Y
    };
    let separation = len - radii;
    out.normal = xf_a.q.apply(n);
    if separation <= pair.spec {
        let source = if pair.apart(len) {
            NormalSource::ClosestPoints
        } else {
            NormalSource::Sat
        };
        out.outcome = ManifoldOutcome::Contact;
        out.normal_source = Some(source);
        out.case = Some(ManifoldCase::PointPoint);
        out.reference = Some(Owner::A);
        out.points[0] = ManifoldPoint {
            point_a: xf_a.apply(pa + pair.a.radius() * n),
            point_b: xf_a.apply(pb - pair.b.radius() * n),
            separation,
            id: ContactId {
                reference: Owner::A,
                reference_index: 0,
                incident_index: 0,
                kind: IdKind::Point,
            }
            .pack(),
        };
        out.point_count = 1;
    }
    if let Some(t) = trace {
        let fa = pair.vertex_of(Owner::A, 0, n);
        let fb = pair.vertex_of(Owner::B, 0, -n);
        record_point_case(t, &out, separation, &fa, &fb, &fa, &fb, &xf_a);
    }
    out
}

/// A 1-vertex core against a core farther apart than the speculative distance:
/// no manifold; `normal` (world, A to B) is the separating face's.
#[inline(never)]
fn point_core_separated(
    separation: f32,
    normal: Vec2,
    trace: Option<&mut ManifoldTrace>,
) -> ManifoldOutput {
    if let Some(t) = trace {
        t.separation = Some(separation);
        t.normal = Some(normal);
        t.outcome = Some(ManifoldOutcome::Separated);
    }
    ManifoldOutput::separated(None, normal)
}

/// The face of a core (its vertices and outward unit normals, one frame) along which
/// the point `p` of that frame lies farthest out: `(k, (p − v_k)·n_k)` for the largest
/// such separation, the lowest `k` on exact ties (`b2CollidePolygonAndCircle`'s loop).
///
/// The answer is defined by the scalar loop below. On x86_64, four or more faces are
/// searched four at a time with SSE2 ([`sse2::max_separation_face`]): the same
/// separations, rounded the same way, and the first index of their maximum, so the
/// same face; a single running maximum is a chain of dependent compare-and-selects,
/// one per face, which four lanes shorten fourfold. The separation returned is the
/// maximum itself, or when it is zero the found face's own, recomputed (a tie between
/// +0 and −0 returns the first face's zero, as the loop does). When every separation
/// is NaN, the scalar loop decides.
#[inline(always)]
fn max_separation_face(p: Vec2, vertices: &[Vec2], normals: &[Vec2]) -> (usize, f32) {
    let count = vertices.len().min(normals.len());
    let (v, n) = (&vertices[..count], &normals[..count]);
    let sep = |k: usize| (p.x - v[k].x) * n[k].x + (p.y - v[k].y) * n[k].y;
    #[cfg(target_arch = "x86_64")]
    if count >= 4 {
        if let Some((k, s)) = sse2::max_separation_face(p, v, n) {
            // Equal separations are equal bit for bit, but for zeros' signs.
            return (k, if s == 0.0 { sep(k) } else { s });
        }
    }
    let mut best = (0, f32::NEG_INFINITY);
    for k in 0..count {
        let s = sep(k);
        if s > best.1 {
            best = (k, s);
        }
    }
    best
}

/// The face search four faces at a time (SSE2, part of every x86_64 CPU).
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use glam::Vec2;
    use std::arch::x86_64::*;

    /// Four consecutive `Vec2`s from `i` as lanes of x and of y.
    #[inline(always)]
    fn lanes4(v: &[Vec2], i: usize) -> (__m128, __m128) {
        let c = &v[i..i + 4];
        let p = c.as_ptr().cast::<f32>();
        // SAFETY: `c` is four `Vec2`s, i.e. eight contiguous `f32`s (`Vec2` is
        // `repr(C)` with fields `x`, `y`): the two unaligned 16-byte loads read exactly
        // `c`. SSE2 is in the x86_64 baseline (rustc enables it for every x86_64 target).
        unsafe {
            let p01 = _mm_loadu_ps(p); // x0 y0 x1 y1
            let p23 = _mm_loadu_ps(p.add(4)); // x2 y2 x3 y3
            (
                _mm_shuffle_ps::<0b10_00_10_00>(p01, p23),
                _mm_shuffle_ps::<0b11_01_11_01>(p01, p23),
            )
        }
    }

    /// The separations `(p − v_k)·n_k` of faces `i..i + 4`, per lane as
    /// `(px − vx)·nx + (py − vy)·ny`: the scalar formula, operation for operation.
    #[inline(always)]
    fn seps4(v: &[Vec2], n: &[Vec2], i: usize, px: __m128, py: __m128) -> __m128 {
        let (vx, vy) = lanes4(v, i);
        let (nx, ny) = lanes4(n, i);
        // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
        unsafe {
            _mm_add_ps(
                _mm_mul_ps(_mm_sub_ps(px, vx), nx),
                _mm_mul_ps(_mm_sub_ps(py, vy), ny),
            )
        }
    }

    /// First index of the largest separation and that separation, or `None` if there
    /// are fewer than 4 or more than 64 faces, `v` and `n` differ in length, or every
    /// separation is NaN. Faces are taken in chunks of four from 0, 4, 8, …; a last partial chunk
    /// is read as the last four faces (it overlaps the chunk before, which changes
    /// neither the maximum nor the set of faces reaching it). First the maximum (a
    /// NaN lane never enters it: `_mm_max_ps` keeps its second operand then), then
    /// bit `k` of a mask marks face `k` reaching it (a NaN equals nothing): the
    /// lowest set bit is the first face of the largest separation, as the scalar
    /// loop's `>` finds. The second pass recomputes the separations, which depends
    /// on the point only, not on the maximum: the processor runs it alongside the
    /// first, and no branch depends on the values.
    #[inline(always)]
    pub(super) fn max_separation_face(p: Vec2, v: &[Vec2], n: &[Vec2]) -> Option<(usize, f32)> {
        let count = v.len();
        if !(4..=64).contains(&count) || n.len() != count {
            return None;
        }
        let full = count & !3;
        // SAFETY: these intrinsics only compute on values in registers; SSE2 is in
        // the x86_64 baseline.
        unsafe {
            let px = _mm_set1_ps(p.x);
            let py = _mm_set1_ps(p.y);
            if count <= 8 {
                // Two chunks, 0..4 and count − 4..count (the same one for 4 faces),
                // kept in registers for the second pass.
                let (d0, d1) = (seps4(v, n, 0, px, py), seps4(v, n, count - 4, px, py));
                let max = _mm_max_ps(d1, _mm_max_ps(d0, _mm_set1_ps(f32::NEG_INFINITY)));
                let max = _mm_max_ps(max, _mm_shuffle_ps::<0b01_00_11_10>(max, max));
                let max = _mm_max_ps(max, _mm_shuffle_ps::<0b10_11_00_01>(max, max));
                let hits = _mm_movemask_ps(_mm_cmpeq_ps(d0, max)) as u32
                    | (_mm_movemask_ps(_mm_cmpeq_ps(d1, max)) as u32) << (count - 4);
                return (hits != 0).then(|| (hits.trailing_zeros() as usize, _mm_cvtss_f32(max)));
            }
            let mut max = _mm_set1_ps(f32::NEG_INFINITY);
            let mut at = 0;
            while at < full {
                max = _mm_max_ps(seps4(v, n, at, px, py), max);
                at += 4;
            }
            if full != count {
                max = _mm_max_ps(seps4(v, n, count - 4, px, py), max);
            }
            // Not NaN: spread the largest lane to all four.
            let max = _mm_max_ps(max, _mm_shuffle_ps::<0b01_00_11_10>(max, max));
            let max = _mm_max_ps(max, _mm_shuffle_ps::<0b10_11_00_01>(max, max));
            let hit = |at: usize| {
                let eq = _mm_cmpeq_ps(seps4(v, n, at, px, py), max);
                (_mm_movemask_ps(eq) as u64) << at
            };
            let mut hits = 0u64;
            let mut at = 0;
            while at < full {
                hits |= hit(at);
                at += 4;
            }
            if full != count {
                hits |= hit(count - 4);
            }
            (hits != 0).then(|| (hits.trailing_zeros() as usize, _mm_cvtss_f32(max)))
        }
    }
}

/// Trace records of the one-pass point cases.
#[allow(clippy::too_many_arguments)]
fn record_point_case(
    t: &mut ManifoldTrace,
    out: &ManifoldOutput,
    separation: f32,
    fa: &Edge,
    fb: &Edge,
    reference: &Edge,
    incident: &Edge,
    xf: &Transform,
) {
    t.normal_source = out.normal_source;
    t.normal = Some(out.normal);
    t.separation = Some(separation);
    t.outcome = Some(out.outcome);
    if out.is_separated() {
        return;
    }
    t.feature_a = Some(fa.record(xf));
    t.feature_b = Some(fb.record(xf));
    t.case = out.case;
    t.reference = Some(reference.record(xf));
    t.incident = Some(incident.record(xf));
    t.points = out.points().to_vec();
}

/// Steps 2–4: features, cases, clipping.
fn build(pair: &Pair, c: &NormalChoice, mut trace: Option<&mut ManifoldTrace>) -> ManifoldOutput {
    let n = c.normal;
    // Each shape's feature: GJK's vertex for a vertex–vertex pair; SAT's face by
    // index for the hinted owner (rather than trusting the feature query to land on it
    // when two vertices tie along the normal); its only vertex for a 1-vertex core;
    // else the farthest feature along the normal (A along n, B along −n).
    let feature = |owner: Owner| -> Edge {
        let (shape, dir) = match owner {
            Owner::A => (pair.a, n),
            Owner::B => (pair.b, -n),
        };
        match c.hint {
            _ if c.vertex_vertex.is_some() => {
                let (ia, ib) = c.vertex_vertex.unwrap_or((0, 0));
                let i = match owner {
                    Owner::A => ia,
                    Owner::B => ib,
                };
                pair.vertex_of(owner, i.min(shape.vertices().len() - 1), dir)
            }
            Some((o, edge)) if o == owner && !shape.normals().is_empty() => {
                pair.edge_of(owner, edge)
            }
            _ if shape.vertices().len() == 1 => pair.vertex_of(owner, 0, dir),
            _ => pair.feature_of(owner, dir),
        }
    };
    let (fa, fb) = (feature(Owner::A), feature(Owner::B));
    let xf = pair.xf_a;
    if let Some(t) = trace.as_deref_mut() {
        t.feature_a = Some(fa.record(&xf));
        t.feature_b = Some(fb.record(&xf));
    }
    let mut out = ManifoldOutput {
        outcome: ManifoldOutcome::Contact,
        normal_source: Some(c.source),
        case: None,
        normal: Vec2::ZERO,
        reference: None,
        points: [ManifoldPoint::default(); MAX_MANIFOLD_POINTS],
        point_count: 0,
    };
    let mut local_points = [ManifoldPoint::default(); MAX_MANIFOLD_POINTS];
    let (case, normal, reference) = match (fa.is_point(), fb.is_point()) {
        (true, true) => {
            let case = if c.vertex_vertex.is_some()
                && (pair.a.vertices().len() > 1 || pair.b.vertices().len() > 1)
            {
                ManifoldCase::VertexVertex
            } else {
                ManifoldCase::PointPoint
            };
            // Cores apart: the normal is the direction between the two points,
            // recomputed from them (as box_box does) rather than GJK's rounding of it.
            let d = fb.v1 - fa.v1;
            let len = d.length();
            let n = if c.source == NormalSource::ClosestPoints && len > 0.0 {
                d / len
            } else {
                n
            };
            let (ra, rb) = (fa.radius, fb.radius);
            local_points[0] = ManifoldPoint {
                point_a: fa.v1 + ra * n,
                point_b: fb.v1 - rb * n,
                separation: (fb.v1 - fa.v1).dot(n) - ra - rb,
                id: ContactId {
                    reference: Owner::A,
                    reference_index: fa.i1 as u8,
                    incident_index: fb.i1 as u8,
                    kind: IdKind::Point,
                }
                .pack(),
            };
            out.point_count = 1;
            if let Some(t) = trace.as_deref_mut() {
                t.reference = Some(fa.record(&xf));
                t.incident = Some(fb.record(&xf));
            }
            (case, n, Owner::A)
        }
        (false, true) | (true, false) => {
            let (r, p) = if fb.is_point() { (fa, fb) } else { (fb, fa) };
            if let Some(t) = trace.as_deref_mut() {
                t.reference = Some(r.record(&xf));
                t.incident = Some(p.record(&xf));
            }
            let (pt, normal) = point_segment(&r, &p, n);
            local_points[0] = pt;
            out.point_count = 1;
            (ManifoldCase::PointSegment, normal, r.owner)
        }
        (false, false) => {
            let reference_is_b = match (c.hint, c.source) {
                (Some((owner, _)), _) => owner == Owner::B,
                (None, NormalSource::ClosestPoints) => {
                    // Cores apart: the face whose plane separates them more (the
                    // closest edge), A on ties — SAT's rule for separated shapes.
                    let sep_a = (fb.v1 - fa.v1)
                        .dot(fa.normal)
                        .min((fb.v2 - fa.v1).dot(fa.normal));
                    let sep_b = (fa.v1 - fb.v1)
                        .dot(fb.normal)
                        .min((fa.v2 - fb.v1).dot(fb.normal));
                    sep_b > sep_a
                }
                (None, _) => {
                    let align_a = fa.normal.dot(n);
                    let align_b = fb.normal.dot(-n);
                    align_b > align_a + REFERENCE_ALIGNMENT_TOLERANCE
                }
            };
            let (r, i) = if reference_is_b { (fb, fa) } else { (fa, fb) };
            if let Some(t) = trace.as_deref_mut() {
                t.reference = Some(r.record(&xf));
                t.incident = Some(i.record(&xf));
            }
            let (count, fallback) = clip_edges(
                &r,
                &i,
                pair.spec,
                &mut local_points,
                trace.as_deref_mut(),
                &xf,
            );
            out.point_count = count;
            if fallback {
                out.outcome = ManifoldOutcome::SupportFallback;
            }
            let normal = if r.owner == Owner::A {
                r.normal
            } else {
                -r.normal
            };
            (ManifoldCase::SegmentSegment, normal, r.owner)
        }
    };
    out.case = Some(case);
    out.reference = Some(reference);
    out.normal = xf.q.apply(normal);
    for (dst, src) in out.points.iter_mut().zip(&local_points[..out.point_count]) {
        *dst = ManifoldPoint {
            point_a: xf.apply(src.point_a),
            point_b: xf.apply(src.point_b),
            ..*src
        };
    }
    if let Some(t) = trace {
        t.case = Some(case);
        t.points = out.points().to_vec();
        t.outcome = Some(out.outcome);
    }
    out
}

/// Point–segment: `r` the segment (reference), `p` the point; `n` from A to B.
/// Returns the point (A's frame) and the normal from A to B.
fn point_segment(r: &Edge, p: &Edge, n: Vec2) -> (ManifoldPoint, Vec2) {
    let e = r.v2 - r.v1;
    let q = p.v1;
    let t = (q - r.v1).dot(e) / e.dot(e);
    let (ref_point, out, ref_index, kind) = if (0.0..=1.0).contains(&t) {
        (r.v1 + t * e, r.normal, r.i1, IdKind::IncidentVertex)
    } else {
        // A corner against an arc: the nearest endpoint, along the given normal.
        let (c, idx) = if t < 0.0 { (r.v1, r.i1) } else { (r.v2, r.i2) };
        let out = if r.owner == Owner::A { n } else { -n };
        (c, out, idx, IdKind::Point)
    };
    let separation = (q - ref_point).dot(out) - r.radius - p.radius;
    let on_ref = ref_point + r.radius * out;
    let on_inc = q - p.radius * out;
    let id = ContactId {
        reference: r.owner,
        reference_index: ref_index as u8,
        incident_index: p.i1 as u8,
        kind,
    }
    .pack();
    let (point_a, point_b, normal) = if r.owner == Owner::A {
        (on_ref, on_inc, out)
    } else {
        (on_inc, on_ref, -out)
    };
    (
        ManifoldPoint {
            point_a,
            point_b,
            separation,
            id,
        },
        normal,
    )
}

/// A candidate point during clipping: an incident core point and its id.
#[derive(Clone, Copy, Debug)]
struct ClipVertex {
    p: Vec2,
    id: ContactId,
}

/// Clips `input` to the half-plane `u·p − c ≤ 0` (Box2D-Lite's ClipSegmentToLine):
/// points on the kept side stay; if the two lie on opposite sides, the crossing point
/// is added with `crossing_id`.
fn clip_to_line(
    input: &[ClipVertex],
    u: Vec2,
    c: f32,
    crossing_id: ContactId,
    out: &mut [ClipVertex; 2],
) -> (usize, Option<Vec2>) {
    let mut count = 0;
    let mut added = None;
    if input.len() == 2 {
        let d0 = u.dot(input[0].p) - c;
        let d1 = u.dot(input[1].p) - c;
        if d0 <= 0.0 {
            out[count] = input[0];
            count += 1;
        }
        if d1 <= 0.0 {
            out[count] = input[1];
            count += 1;
        }
        if d0 * d1 < 0.0 {
            let t = d0 / (d0 - d1);
            let p = input[0].p + t * (input[1].p - input[0].p);
            out[count] = ClipVertex { p, id: crossing_id };
            count += 1;
            added = Some(p);
        }
    } else {
        for v in input {
            if u.dot(v.p) - c <= 0.0 {
                out[count] = *v;
                count += 1;
            }
        }
    }
    (count, added)
}

/// Segment–segment: clips the incident edge `i` against the reference edge `r`'s side
/// planes and face. Writes the points (A's frame) and returns their count and whether
/// the support fallback was used.
fn clip_edges(
    r: &Edge,
    i: &Edge,
    spec: f32,
    points: &mut [ManifoldPoint; MAX_MANIFOLD_POINTS],
    mut trace: Option<&mut ManifoldTrace>,
    xf: &Transform,
) -> (usize, bool) {
    // The edge's direction from its normal (the local normal turned: exact to f32),
    // not from `v2 − v1`: a short edge far from A's origin has endpoints rounded
    // relative to their distance, so that difference turns the side planes, and a
    // rounded incident core 15 away along them slid the clipped point 5e-4 past a
    // 0.02-wide face (found by the fuzzer). Outward normal = right_perp(edge), so the
    // edge runs along left_perp(normal).
    let tangent = left_perp(r.normal);
    let vid = |index: usize, kind: IdKind| ContactId {
        reference: r.owner,
        reference_index: r.i1 as u8,
        incident_index: index as u8,
        kind,
    };
    let start = [
        ClipVertex {
            p: i.v1,
            id: vid(i.i1, IdKind::IncidentVertex),
        },
        ClipVertex {
            p: i.v2,
            id: vid(i.i2, IdKind::IncidentVertex),
        },
    ];
    // Side plane 1: keep (p − r1)·t ≥ 0, i.e. (−t)·p − (−t·r1) ≤ 0.
    let mut c1 = [start[0]; 2];
    let (n1, added1) = clip_to_line(
        &start,
        -tangent,
        -tangent.dot(r.v1),
        vid(i.i1, IdKind::SidePlane1),
        &mut c1,
    );
    if let Some(t) = trace.as_deref_mut() {
        t.clips.push(clip_step(
            ClipPlane::Side1,
            r.v1,
            -tangent,
            &start,
            &c1[..n1],
            added1,
            xf,
        ));
    }
    // Side plane 2: keep (p − r2)·t ≤ 0.
    let mut c2 = [start[0]; 2];
    let (n2, added2) = clip_to_line(
        &c1[..n1],
        tangent,
        tangent.dot(r.v2),
        vid(i.i1, IdKind::SidePlane2),
        &mut c2,
    );
    if let Some(t) = trace.as_deref_mut() {
        t.clips.push(clip_step(
            ClipPlane::Side2,
            r.v2,
            tangent,
            &c1[..n1],
            &c2[..n2],
            added2,
            xf,
        ));
    }
    // The reference face: keep separations up to the speculative distance.
    let radii = r.radius + i.radius;
    let limit = spec + radii;
    let mut count = 0;
    for cv in &c2[..n2] {
        let depth = (cv.p - r.v1).dot(r.normal);
        if depth <= limit {
            points[count] = contact_point(r, i, cv.p, depth, cv.id);
            count += 1;
        }
    }
    if let Some(t) = trace {
        let kept: Vec<ClipVertex> = c2[..n2]
            .iter()
            .copied()
            .filter(|cv| (cv.p - r.v1).dot(r.normal) <= limit)
            .collect();
        t.clips.push(clip_step(
            ClipPlane::ReferenceFace,
            r.v1 + limit * r.normal,
            r.normal,
            &c2[..n2],
            &kept,
            None,
            xf,
        ));
    }
    if count > 0 {
        return (count, false);
    }
    // Fallback: the incident vertex deepest along the reference normal, against the
    // nearest point of the reference edge.
    let d1 = (i.v1 - r.v1).dot(r.normal);
    let d2 = (i.v2 - r.v1).dot(r.normal);
    let (p, index) = if d2 < d1 { (i.v2, i.i2) } else { (i.v1, i.i1) };
    let e = r.v2 - r.v1;
    let t = ((p - r.v1).dot(e) / e.dot(e)).clamp(0.0, 1.0);
    let foot = r.v1 + t * e;
    let depth = (p - foot).dot(r.normal);
    points[0] = contact_point(r, i, p, depth, vid(index, IdKind::Fallback));
    // The point on the reference edge is the clamped foot, not the projection.
    let on_ref = foot + r.radius * r.normal;
    if r.owner == Owner::A {
        points[0].point_a = on_ref;
    } else {
        points[0].point_b = on_ref;
    }
    (1, true)
}

/// A clipped incident core point `p` at `depth = (p − r1)·n_ref` → a manifold point.
#[inline]
fn contact_point(r: &Edge, i: &Edge, p: Vec2, depth: f32, id: ContactId) -> ManifoldPoint {
    let on_inc = p - i.radius * r.normal;
    let on_ref = p + (r.radius - depth) * r.normal;
    let separation = depth - r.radius - i.radius;
    let (point_a, point_b) = if r.owner == Owner::A {
        (on_ref, on_inc)
    } else {
        (on_inc, on_ref)
    };
    ManifoldPoint {
        point_a,
        point_b,
        separation,
        id: id.pack(),
    }
}

fn clip_step(
    plane: ClipPlane,
    at: Vec2,
    cut_side: Vec2,
    input: &[ClipVertex],
    output: &[ClipVertex],
    added: Option<Vec2>,
    xf: &Transform,
) -> ClipStep {
    let kept: Vec<Vec2> = input
        .iter()
        .filter(|v| output.iter().any(|o| o.p == v.p))
        .map(|v| xf.apply(v.p))
        .collect();
    let cut: Vec<Vec2> = input
        .iter()
        .filter(|v| !output.iter().any(|o| o.p == v.p))
        .map(|v| xf.apply(v.p))
        .collect();
    ClipStep {
        plane,
        plane_point: xf.apply(at),
        plane_normal: xf.q.apply(cut_side),
        input: input.iter().map(|v| xf.apply(v.p)).collect(),
        kept,
        cut,
        added: added.map(|p| xf.apply(p)),
        output: output.iter().map(|v| xf.apply(v.p)).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::math::cross;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn manifold(
        a: &Shape,
        xa: Transform,
        b: &Shape,
        xb: Transform,
        source: ManifoldSource,
    ) -> ManifoldOutput {
        contact_manifold(
            &ManifoldInput::new(a, xa, b, xb, &Settings::default(), source),
            None,
        )
    }

    #[test]
    fn id_round_trip() {
        let id = ContactId {
            reference: Owner::B,
            reference_index: 7,
            incident_index: 63,
            kind: IdKind::SidePlane2,
        };
        assert_eq!(ContactId::unpack(id.pack()), Some(id));
        assert_eq!(ContactId::unpack(5 << 16), None);
        assert_eq!(ContactId::unpack(1 << 20), None);
    }

    #[test]
    fn box_resting_on_box_gives_two_points_both_sources() {
        let ground = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
            let m = manifold(
                &ground,
                Transform::IDENTITY,
                &b,
                Transform::new(v(0.3, 0.95), 0.0),
                source,
            );
            assert_eq!(m.outcome, ManifoldOutcome::Contact, "{source:?}");
            assert_eq!(m.points().len(), 2, "{m:?}");
            assert!((m.normal - v(0.0, 1.0)).length() < 1e-5);
            let mut xs: Vec<f32> = m.points().iter().map(|p| p.point_b.x).collect();
            xs.sort_by(f32::total_cmp);
            assert!(
                (xs[0] + 0.2).abs() < 1e-5 && (xs[1] - 0.8).abs() < 1e-5,
                "{xs:?}"
            );
            for p in m.points() {
                assert!((p.separation + 0.05).abs() < 1e-5);
                assert!((p.point_a.y - 0.5).abs() < 1e-5);
                assert!((p.point_b.y - 0.45).abs() < 1e-5);
            }
        }
    }

    #[test]
    fn far_apart_is_separated() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
            let m = manifold(
                &a,
                Transform::IDENTITY,
                &a,
                Transform::new(v(2.1, 0.0), 0.0),
                source,
            );
            assert!(m.is_separated());
            assert!(m.points().is_empty());
        }
    }

    #[test]
    fn within_speculative_distance_gets_points() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        // 0.01 apart (default speculative distance 0.02).
        let m = manifold(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(2.01, 0.5), 0.0),
            ManifoldSource::Sat,
        );
        assert_eq!(m.normal_source, Some(NormalSource::ClosestPoints));
        assert_eq!(m.points().len(), 2);
        for p in m.points() {
            assert!((p.separation - 0.01).abs() < 1e-5);
        }
    }

    #[test]
    fn corner_to_corner_separated_is_vertex_vertex() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let m = manifold(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(2.01, 2.01), 0.0),
            ManifoldSource::Sat,
        );
        assert_eq!(m.case, Some(ManifoldCase::VertexVertex));
        assert_eq!(m.points().len(), 1);
        let p = m.points()[0];
        assert!((p.separation - 0.01 * 2f32.sqrt()).abs() < 1e-5, "{p:?}");
        assert!((m.normal - v(1.0, 1.0).normalize()).length() < 1e-4);
        assert!((p.point_a - v(1.0, 1.0)).length() < 1e-5);
    }

    #[test]
    fn circle_against_box_face_and_corner() {
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let c = Shape::circle(0.5).unwrap();
        for source in [ManifoldSource::Sat, ManifoldSource::Epa] {
            // Face: circle above, 0.1 deep.
            let m = manifold(
                &b,
                Transform::IDENTITY,
                &c,
                Transform::new(v(0.3, 1.4), 0.0),
                source,
            );
            assert_eq!(m.case, Some(ManifoldCase::PointSegment));
            assert_eq!(m.points().len(), 1);
            let p = m.points()[0];
            assert!((p.separation + 0.1).abs() < 1e-5, "{source:?} {p:?}");
            assert!((p.point_a - v(0.3, 1.0)).length() < 1e-5);
            assert!((p.point_b - v(0.3, 0.9)).length() < 1e-5);
            assert!((m.normal - v(0.0, 1.0)).length() < 1e-5);
            // Corner: the circle's centre beyond the corner (1, 1), 0.4 away.
            let m = manifold(
                &b,
                Transform::IDENTITY,
                &c,
                Transform::new(v(1.0 + 0.4 * 0.6, 1.0 + 0.4 * 0.8), 0.0),
                source,
            );
            assert_eq!(m.points().len(), 1, "{source:?}");
            let p = m.points()[0];
            assert!((p.separation + 0.1).abs() < 1e-4, "{source:?} {p:?}");
            assert!((m.normal - v(0.6, 0.8)).length() < 1e-4);
            assert!((p.point_a - v(1.0, 1.0)).length() < 1e-5);
        }
    }

    #[test]
    fn reference_on_b_flips_the_normal() {
        // A small box A, tilted 0.3 rad, with a corner 0.125 into a wide ground B:
        // B's top face is the least penetration, far beyond the bias.
        let a = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let ground = Shape::cuboid(v(3.0, 0.5)).unwrap();
        let xa = Transform::new(v(0.0, 1.0), 0.3);
        let m = manifold(&a, xa, &ground, Transform::IDENTITY, ManifoldSource::Sat);
        assert_eq!(m.reference, Some(Owner::B), "{m:?}");
        // From A (above) to B (below): down.
        assert!((m.normal - v(0.0, -1.0)).length() < 1e-5, "{m:?}");
        assert_eq!(m.points().len(), 1);
        let p = m.points()[0];
        assert!((p.point_b.y - 0.5).abs() < 1e-5);
        assert!(p.point_a.y < 0.5);
        assert!((p.separation - (p.point_b - p.point_a).dot(m.normal)).abs() < 1e-5);
    }

    #[test]
    fn trace_records_every_clip() {
        let ground = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let input = ManifoldInput::new(
            &ground,
            Transform::IDENTITY,
            &b,
            Transform::new(v(1.8, 0.95), 0.0),
            &Settings::default(),
            ManifoldSource::Sat,
        );
        let mut t = ManifoldTrace::default();
        let m = contact_manifold(&input, Some(&mut t));
        assert_eq!(t.clips.len(), 3);
        // The reference edge is the ground's top, edge 2, from (2, 0.5) to (−2, 0.5):
        // side plane 1 (at x = 2) cuts B's corner at x = 2.3 and adds (2, 0.45).
        let side1 = &t.clips[0];
        assert_eq!(side1.plane, ClipPlane::Side1);
        assert_eq!(side1.cut, vec![v(2.3, 0.45)]);
        assert!((side1.added.unwrap() - v(2.0, 0.45)).length() < 1e-5);
        assert_eq!(t.clips[1].cut.len(), 0);
        assert_eq!(m.points().len(), 2);
        assert_eq!(t.points, m.points().to_vec());
        assert_eq!(t.outcome, Some(ManifoldOutcome::Contact));
        assert_eq!(contact_manifold(&input, None), m);
    }

    /// The general path (steps 1–4) with the SAT source, as `contact_manifold` runs
    /// it for every pair without a 1-vertex core.
    fn general_path(input: &ManifoldInput) -> ManifoldOutput {
        general_manifold(input, &Pair::new(input), None)
    }

    /// The 1-vertex shortcut gives the general path's manifold: on random circles,
    /// offset circles and points against polygons (sharp and rounded), boxes,
    /// capsules and segments, the point side as A or as B, overlapping, touching,
    /// within and beyond the speculative distance. Same outcome, case, reference and
    /// feature ids; normal, points and separation within 1e-5 of the configuration's
    /// size (the general path works in A's frame and with GJK's closest points, the
    /// shortcut in the core's frame and from the corner itself: the same numbers,
    /// rounded differently). The normal's source differs in one documented way: over
    /// a face with the cores apart, the shortcut names SAT's face (the face normal
    /// is the closest-points direction there) where the general path names GJK.
    #[test]
    fn point_core_path_matches_general_path() {
        let mut seed = 0xC1_5C1Eu64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        // Face contacts, corner contacts, vertex–vertex contacts, separated, point as A.
        let mut counts = [0usize; 5];
        let mut checked = 0;
        while checked < 6000 {
            let core = match (rnd() * 5.0) as u32 {
                0 | 1 => {
                    let n = 3 + (rnd() * 8.0) as usize;
                    let (ax, ay) = (0.3 + rnd(), 0.3 + rnd());
                    let mut t: Vec<f32> = (0..n).map(|_| rnd() * std::f32::consts::TAU).collect();
                    t.sort_by(f32::total_cmp);
                    let pts: Vec<Vec2> = t.iter().map(|t| v(ax * t.cos(), ay * t.sin())).collect();
                    let radius = if rnd() < 0.5 { 0.0 } else { rnd() * 0.3 };
                    Shape::polygon(&pts, radius)
                }
                2 => Shape::cuboid(v(0.2 + rnd(), 0.2 + rnd())),
                3 => Shape::capsule(
                    v(rnd() - 0.5, rnd() - 0.5),
                    v(rnd() + 0.5, rnd()),
                    0.3 * rnd(),
                ),
                _ => Shape::segment(v(rnd() - 1.0, rnd() - 0.5), v(rnd() + 0.5, rnd() - 0.5)),
            };
            let point = match (rnd() * 3.0) as u32 {
                0 => Shape::circle(0.05 + rnd()),
                1 => Shape::polygon(&[v(rnd() - 0.5, rnd() - 0.5)], 0.05 + rnd()),
                _ => Shape::polygon(&[v(rnd() - 0.5, rnd() - 0.5)], 0.0),
            };
            let (Ok(core), Ok(point)) = (core, point) else {
                continue;
            };
            let xc = Transform::new(v(rnd() * 20.0 - 10.0, rnd() * 20.0 - 10.0), rnd() * 6.3);
            let centre = if rnd() < 0.8 {
                // Around the core, from inside it to a little beyond.
                let reach = core.bounding_radius() + point.radius() + 0.1;
                let dir = rnd() * std::f32::consts::TAU;
                xc.p + rnd() * reach * v(dir.cos(), dir.sin())
            } else {
                // Within the touching band of a corner `k`, beyond it: the normal of the
                // face before it turned towards the face after it by 15 to 35 % of the
                // angle between them (so that face, not its neighbour, is the
                // clear maximum in both paths' rounding).
                let (cv, cn) = (core.vertices(), core.normals());
                let k = ((rnd() * cv.len() as f32) as usize).min(cv.len() - 1);
                let (na, nb) = (cn[(k + cv.len() - 1) % cv.len()], cn[k]);
                let turn = (0.15 + 0.2 * rnd()) * cross(na, nb).atan2(na.dot(nb));
                let (sn, cs) = turn.sin_cos();
                let dir = v(cs * na.x - sn * na.y, sn * na.x + cs * na.y);
                let touch = touching_tolerance(&core, &point);
                xc.apply(cv[k] + 0.5 * touch * dir)
            };
            let q = Transform::new(Vec2::ZERO, rnd() * 6.3).q;
            let xp = Transform {
                p: centre - q.apply(point.vertices()[0]),
                q,
            };
            let point_is_a = rnd() < 0.5;
            let (a, xa, b, xb) = if point_is_a {
                (&point, xp, &core, xc)
            } else {
                (&core, xc, &point, xp)
            };
            let settings = Settings {
                speculative_distance: [0.0, 0.02, 0.1][(rnd() * 3.0) as usize % 3],
                ..Settings::default()
            };
            let input = ManifoldInput::new(a, xa, b, xb, &settings, ManifoldSource::Sat);
            let fast = contact_manifold(&input, None);
            let slow = general_path(&input);
            let size = 1.0f32.max(xa.p.length()).max(xb.p.length());
            let tol = 1e-5 * size;
            let context = format!(
                "pair {checked}: {a:?} {xa:?} {b:?} {xb:?}\nfast {fast:?}\ngeneral {slow:?}"
            );
            if fast.is_separated() != slow.is_separated() {
                // Only at the speculative distance itself, within rounding.
                let sep = fast
                    .deepest()
                    .or(slow.deepest())
                    .map_or(f32::NAN, |p| p.separation);
                assert!(
                    (sep - settings.speculative_distance).abs() < tol,
                    "{context}"
                );
                checked += 1;
                continue;
            }
            checked += 1;
            if point_is_a {
                counts[4] += 1;
            }
            if fast.is_separated() {
                counts[3] += 1;
                continue;
            }
            assert_eq!(fast.outcome, slow.outcome, "{context}");
            assert_eq!(fast.case, slow.case, "{context}");
            assert_eq!(fast.reference, slow.reference, "{context}");
            assert_eq!(fast.points().len(), 1, "{context}");
            assert_eq!(slow.points().len(), 1, "{context}");
            let (p, q) = (fast.points()[0], slow.points()[0]);
            assert_eq!(p.id, q.id, "{context}");
            let id = ContactId::unpack(p.id).unwrap();
            let face = id.kind == IdKind::IncidentVertex;
            counts[match fast.case {
                _ if face => 0,
                Some(ManifoldCase::VertexVertex) => 2,
                _ => 1,
            }] += 1;
            let same_source = fast.normal_source == slow.normal_source
                || (face
                    && fast.normal_source == Some(NormalSource::Sat)
                    && slow.normal_source == Some(NormalSource::ClosestPoints));
            assert!(same_source, "{context}");
            assert!((fast.normal - slow.normal).length() < 1e-5, "{context}");
            assert!((p.point_a - q.point_a).length() < tol, "{context}");
            assert!((p.point_b - q.point_b).length() < tol, "{context}");
            assert!((p.separation - q.separation).abs() < tol, "{context}");
        }
        // Every kind of outcome was met, many times.
        assert!(counts.iter().all(|&c| c > 300), "{counts:?}");
        eprintln!("face, corner, vertex-vertex, separated, point as A: {counts:?}");
    }
}
