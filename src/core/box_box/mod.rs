//! Box–box contact, after Box2D-Lite's `Collide` (Erin Catto, 2006): SAT over the
//! four face axes with the reference-face bias, the incident edge by the four-case
//! comparison, clipping to the side planes, and feature-pair ids.
//!
//! Frame convention: boxes are given in their local frames (centred on the origin)
//! and placed by [`Transform`]s. The computation runs in **A's local frame** (A's
//! rotation is the identity there, B's is `C = RotAᵀ·RotB`); every output and trace
//! record is in **world** space. The normal points from A to B; separations are
//! negative for penetration, radii subtracted (rounded boxes are supported).
//!
//! ## The method (ALGORITHMS.md §4)
//! 1. **Face separations.** With `d = pB − pA`, `dA = RotAᵀ d`, `dB = RotBᵀ d` and
//!    `|C|` the element-wise absolute rotation:
//!    `faceA = |dA| − hA − |C|·hB` and `faceB = |dB| − |C|ᵀ·hA − hB`, each minus the
//!    radii: the separation of the face of each axis that faces the other box.
//! 2. **The axis.** The larger of A's two, the larger of B's two (the lower edge index
//!    on ties), then [`crate::core::sat::choose_owner`]: the SAT module's rule with the
//!    0.95 / 0.01 bias, `h_B` being B's half extent along the face normal plus its
//!    radius. Box2D-Lite also biases A's y axis against A's x axis; we do not (see
//!    `sat/`), so this path and the general one pick the same face.
//! 3. **Incident edge** (ComputeIncidentEdge): the reference normal in the incident
//!    box's frame, negated: `n`. If `|n.x| > |n.y|` the incident face is the ±x face
//!    by the sign of `n.x`, else the ±y face by the sign of `n.y`. Its two vertices
//!    are tagged with the edges that meet there (`in` arriving, `out` leaving).
//! 4. **Clip** (ClipSegmentToLine) against the two side planes of the reference face;
//!    a crossing point takes the clip plane's edge as its reference tag.
//! 5. **Front face**: points with separation up to the speculative distance are kept
//!    (Box2D-Lite keeps only `≤ 0`: it has no speculative contacts). Each point's
//!    separation is measured along the reference normal; the point on the reference
//!    box is the clipped point slid onto the reference face.
//!
//! Beyond Box2D-Lite, so that every box pair gets the same manifold as the general
//! clipping path ([`crate::core::manifold`] with the SAT source):
//! - separated boxes within the speculative distance (Lite stops at any positive
//!   separation): when the cores are apart by more than the touching tolerance and
//!   the closest points of the reference and incident edges are two vertices, one
//!   point along the vertex–vertex direction (Box2D v3's `b2CollidePolygons`);
//! - a side plane leaving fewer than two points does not abort (Lite returns no
//!   contact there); and if nothing survives, the support fallback of `manifold/`.
//!
//! ## Feature pairs
//! Edges are numbered as the box's core: edge `i` runs from vertex `i` to `i + 1`,
//! vertices counter-clockwise from `(−hx, −hy)`: edge 0 is −y, 1 is +x, 2 is +y,
//! 3 is −x (Box2D-Lite numbers them 1..4 differently). [`NO_EDGE`] marks a missing
//! tag. Packed as `in_a | out_a << 8 | in_b << 16 | out_b << 24`.
//!
//! ## Where each step lives
//! - this module: inputs and outputs, [`box_box`] running the steps in order;
//! - `axes`: steps 1–2, the face separations and the reference face with the bias;
//! - `edges`: the reference face's side planes and step 3, the incident edge;
//! - `corners`: the separated band's corner-to-corner point;
//! - `clip`: steps 4–5, the side-plane clip, the front face and the support fallback;
//! - `types`: what the steps share, the clip vertex and [`IncidentCase`];
//! - `trace`: [`BoxBoxTrace`] and its records.

mod axes;
mod clip;
mod corners;
mod edges;
mod trace;
mod types;

pub use self::trace::{
    BoxAxisRecord, BoxBoxTrace, BoxClipRecord, BoxClipVertex, BoxFaceRecord, BoxIncidentRecord,
    BoxReferenceRecord,
};
pub use self::types::IncidentCase;

use self::axes::FaceSeparations;
use self::clip::clip_incident;
use self::corners::closest_corners;
use self::edges::{IncidentEdge, ReferenceFace};
use self::types::Cv;
use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::manifold::touching_tolerance;
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::record::Record;
use crate::core::sat::Owner;
use crate::core::shape::{Geometry, Shape};
use glam::Vec2;
use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

/// A missing edge tag.
pub const NO_EDGE: u8 = u8::MAX;

/// Box2D-Lite's feature pair: the edges of A and of B whose meeting made a contact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FeaturePair {
    pub in_edge_a: u8,
    pub out_edge_a: u8,
    pub in_edge_b: u8,
    pub out_edge_b: u8,
}

impl FeaturePair {
    pub fn pack(self) -> u32 {
        self.in_edge_a as u32
            | (self.out_edge_a as u32) << 8
            | (self.in_edge_b as u32) << 16
            | (self.out_edge_b as u32) << 24
    }

    pub fn unpack(id: u32) -> FeaturePair {
        FeaturePair {
            in_edge_a: id as u8,
            out_edge_a: (id >> 8) as u8,
            in_edge_b: (id >> 16) as u8,
            out_edge_b: (id >> 24) as u8,
        }
    }
}

/// Why box–box refused its input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoxBoxError {
    /// This shape is not a `Box` geometry.
    NotABox(Owner),
}

impl std::fmt::Display for BoxBoxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BoxBoxError::NotABox(o) => write!(f, "shape {} is not a box", o.as_str()),
        }
    }
}

impl std::error::Error for BoxBoxError {}

/// How box–box ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoxBoxTermination {
    /// Clipped contact points (1 or 2).
    Contact,
    /// Separated cores whose closest features are two corners: one point.
    VertexVertex,
    /// Clipping kept nothing: one point from the deepest incident vertex.
    SupportFallback,
    /// Farther apart than the speculative distance.
    Separated,
}

impl BoxBoxTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Input of [`box_box`].
#[derive(Clone, Copy, Debug)]
pub struct BoxBoxInput<'a> {
    /// Shape A and shape B, each with its pose.
    pub pair: PosedPair<'a>,
    pub speculative_distance: f32,
}

/// One contact point, world space.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct BoxContact {
    pub point_a: Vec2,
    pub point_b: Vec2,
    /// `(point_b − point_a)·normal` (negative = penetration).
    pub separation: f32,
    /// The packed [`FeaturePair`].
    pub id: u32,
}

/// Output of [`box_box`], world space.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BoxBoxOutput {
    pub termination: BoxBoxTermination,
    /// The reference box.
    pub axis_owner: Owner,
    /// The reference face (edge index of the reference box).
    pub edge: usize,
    /// SAT separation of the chosen face (radii subtracted).
    pub separation: f32,
    /// Unit normal from A to B.
    pub normal: Vec2,
    points: [BoxContact; MAX_MANIFOLD_POINTS],
    point_count: usize,
}

impl BoxBoxOutput {
    pub fn points(&self) -> &[BoxContact] {
        &self.points[..self.point_count]
    }
}

impl Serialize for BoxBoxOutput {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("BoxBoxOutput", 6)?;
        st.serialize_field("outcome", &self.termination)?;
        st.serialize_field("axis_owner", &self.axis_owner)?;
        st.serialize_field("edge", &self.edge)?;
        st.serialize_field("separation", &self.separation)?;
        st.serialize_field("normal", &self.normal)?;
        st.serialize_field("points", self.points())?;
        st.end()
    }
}

fn half_extents(shape: &Shape, owner: Owner) -> Result<Vec2, BoxBoxError> {
    match shape.geometry() {
        Geometry::Box { half_extents, .. } => Ok(*half_extents),
        _ => Err(BoxBoxError::NotABox(owner)),
    }
}

/// A box's core vertices, counter-clockwise from `(−hx, −hy)` (vertex `i` starts edge
/// `i`).
#[inline]
fn box_vertices(h: Vec2) -> [Vec2; 4] {
    [
        Vec2::new(-h.x, -h.y),
        Vec2::new(h.x, -h.y),
        Vec2::new(h.x, h.y),
        Vec2::new(-h.x, h.y),
    ]
}

/// The outward unit normal of a box's edge `e`, in its frame.
#[inline]
fn normal_of(e: usize) -> Vec2 {
    match e {
        0 => Vec2::new(0.0, -1.0),
        1 => Vec2::new(1.0, 0.0),
        2 => Vec2::new(0.0, 1.0),
        _ => Vec2::new(-1.0, 0.0),
    }
}

/// What the steps after the choice share: A's placement in the world, the reference
/// box, its outward face normal (A's frame) and both boxes' radii.
struct Frame {
    xf_a: Transform,
    /// The reference box.
    owner: Owner,
    front_normal: Vec2,
    /// Radius of the reference box.
    r_radius: f32,
    /// Radius of the incident box.
    i_radius: f32,
}

impl Frame {
    /// The frame of the reference box `owner` (A's radius `ra`, B's `rb`).
    #[inline]
    fn new(xf_a: Transform, owner: Owner, front_normal: Vec2, ra: f32, rb: f32) -> Frame {
        let (r_radius, i_radius) = if owner == Owner::A {
            (ra, rb)
        } else {
            (rb, ra)
        };
        Frame {
            xf_a,
            owner,
            front_normal,
            r_radius,
            i_radius,
        }
    }

    /// A point of A's frame in the world.
    #[inline]
    fn world(&self, p: Vec2) -> Vec2 {
        self.xf_a.apply(p)
    }

    /// Tags `[ref in, ref out, inc in, inc out]` → A's and B's.
    #[inline]
    fn to_pair(&self, fp: [u8; 4]) -> FeaturePair {
        if self.owner == Owner::A {
            FeaturePair {
                in_edge_a: fp[0],
                out_edge_a: fp[1],
                in_edge_b: fp[2],
                out_edge_b: fp[3],
            }
        } else {
            FeaturePair {
                in_edge_a: fp[2],
                out_edge_a: fp[3],
                in_edge_b: fp[0],
                out_edge_b: fp[1],
            }
        }
    }

    /// A clip vertex as the trace shows it.
    #[inline]
    fn wcv(&self, v: &Cv) -> BoxClipVertex {
        BoxClipVertex {
            point: self.world(v.p),
            feature: self.to_pair(v.fp),
        }
    }

    /// A clipped incident core point `p` at `depth` along the reference normal → a
    /// contact (world): on the incident box `p` moved in by its radius; on the
    /// reference box `p` slid onto the face and out by its radius, or `on_ref`.
    #[inline]
    fn make(&self, p: Vec2, depth: f32, fp: [u8; 4], on_ref: Option<Vec2>) -> BoxContact {
        let on_inc = p - self.i_radius * self.front_normal;
        let on_ref = on_ref.unwrap_or(p + (self.r_radius - depth) * self.front_normal);
        let (pa, pb) = if self.owner == Owner::A {
            (on_ref, on_inc)
        } else {
            (on_inc, on_ref)
        };
        BoxContact {
            point_a: self.world(pa),
            point_b: self.world(pb),
            separation: depth - self.r_radius - self.i_radius,
            id: self.to_pair(fp).pack(),
        }
    }
}

/// Box–box contact manifold. `trace`, when given, is cleared and filled (no
/// allocation happens without it). Errors when either shape is not a box.
pub fn box_box(
    input: &BoxBoxInput,
    mut trace: Option<&mut BoxBoxTrace>,
) -> Result<BoxBoxOutput, BoxBoxError> {
    let ha = half_extents(input.pair.shape_a, Owner::A)?;
    let hb = half_extents(input.pair.shape_b, Owner::B)?;
    trace.record(|t| {
        *t = BoxBoxTrace::default();
    });
    let (ra, rb) = (input.pair.shape_a.radius(), input.pair.shape_b.radius());
    let radii = ra + rb;
    let spec = input.speculative_distance.max(0.0);
    let xf_a = input.pair.transform_a;
    // B in A's frame: rotation C (columns c1, c2), position d.
    let xb = input.pair.b_in_a();
    // Steps 1–2: the face separations, the reference face.
    let faces = FaceSeparations::new(ha, hb, &xb, radii);
    let rc = faces.choose(hb, rb);
    // Reference box R and incident box I, as transforms into A's frame.
    let (xr, hr, xi, hi) = match rc.owner {
        Owner::A => (Transform::IDENTITY, ha, xb, hb),
        Owner::B => (xb, hb, Transform::IDENTITY, ha),
    };
    let front_normal = xr.q.apply(normal_of(rc.edge));
    let normal_ab = if rc.owner == Owner::A {
        front_normal
    } else {
        -front_normal
    };
    trace.record(|t| {
        faces.record(t, &rc, &xb, &xf_a);
    });
    let mut out = BoxBoxOutput {
        termination: BoxBoxTermination::Separated,
        axis_owner: rc.owner,
        edge: rc.edge,
        separation: rc.separation,
        normal: xf_a.q.apply(normal_ab),
        points: [BoxContact::default(); MAX_MANIFOLD_POINTS],
        point_count: 0,
    };
    if rc.separation > spec {
        return Ok(out.finish(trace));
    }

    // The reference face and step 3, the incident edge (A's frame).
    let rf = ReferenceFace::new(hr, &xr, rc.edge);
    let inc = IncidentEdge::new(hi, &xi, front_normal);
    let fr = Frame::new(xf_a, rc.owner, front_normal, ra, rb);
    trace.record(|t| {
        t.reference = Some(rf.record(&fr));
        t.incident = Some(inc.record(&fr));
    });

    // Separated band: two corners closest → one point (Box2D v3).
    let core = rc.separation + radii;
    if core > 0.0 && core > touching_tolerance(input.pair.shape_a, input.pair.shape_b) {
        if let Some((point, nv)) = closest_corners(&rf, &inc, &fr, ra, rb, trace.as_deref_mut()) {
            let normal = xf_a.q.apply(nv);
            return Ok(out.corner(point, normal, spec).finish(trace));
        }
    }

    // Steps 4–5: clip to the side planes, keep the points in front of the face.
    let limit = spec + radii;
    clip_incident(&rf, &inc, &fr, limit, radii, &mut out, trace.as_deref_mut());
    Ok(out.finish(trace))
}

impl BoxBoxOutput {
    /// The separated band's one corner-to-corner contact, `normal` its direction from
    /// A to B (world); none (separated) when it is farther than `spec`.
    #[inline]
    fn corner(mut self, point: BoxContact, normal: Vec2, spec: f32) -> BoxBoxOutput {
        self.points[0] = point;
        self.point_count = 1;
        self.normal = normal;
        self.termination = BoxBoxTermination::VertexVertex;
        if point.separation > spec {
            self.point_count = 0;
            self.termination = BoxBoxTermination::Separated;
        }
        self
    }

    /// The output as it is, its points and outcome recorded in the trace.
    #[inline]
    fn finish(self, mut trace: Option<&mut BoxBoxTrace>) -> BoxBoxOutput {
        trace.record(|t| {
            t.points = self.points().to_vec();
            t.termination = Some(self.termination);
        });
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn run(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> BoxBoxOutput {
        box_box(
            &BoxBoxInput {
                pair: PosedPair::new(a, xa, b, xb),
                speculative_distance: 0.02,
            },
            None,
        )
        .unwrap()
    }

    #[test]
    fn dyn4j_clipping_example() {
        // PUBLIC_CASES 2: A = (8,4)–(14,9), B = (4,2)–(12,5).
        let a = Shape::cuboid(v(3.0, 2.5)).unwrap();
        let b = Shape::cuboid(v(4.0, 1.5)).unwrap();
        let out = run(
            &a,
            Transform::new(v(11.0, 6.5), 0.0),
            &b,
            Transform::new(v(8.0, 3.5), 0.0),
        );
        assert_eq!(out.axis_owner, Owner::A);
        assert_eq!(out.edge, 0);
        assert!((out.normal - v(0.0, -1.0)).length() < 1e-6);
        assert_eq!(out.points().len(), 2);
        let mut pb: Vec<Vec2> = out.points().iter().map(|p| p.point_b).collect();
        pb.sort_by(|p, q| p.x.total_cmp(&q.x));
        assert!((pb[0] - v(8.0, 5.0)).length() < 1e-5, "{pb:?}");
        assert!((pb[1] - v(12.0, 5.0)).length() < 1e-5, "{pb:?}");
        for p in out.points() {
            assert!((p.separation + 1.0).abs() < 1e-5);
            assert!((p.point_a.y - 4.0).abs() < 1e-5);
        }
    }

    #[test]
    fn not_a_box_is_refused() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let c = Shape::circle(1.0).unwrap();
        let err = box_box(
            &BoxBoxInput {
                pair: PosedPair::new(&a, Transform::IDENTITY, &c, Transform::IDENTITY),
                speculative_distance: 0.0,
            },
            None,
        )
        .unwrap_err();
        assert_eq!(err, BoxBoxError::NotABox(Owner::B));
    }

    #[test]
    fn feature_pair_round_trip_and_tags() {
        let fp = FeaturePair {
            in_edge_a: 3,
            out_edge_a: NO_EDGE,
            in_edge_b: 1,
            out_edge_b: 2,
        };
        assert_eq!(FeaturePair::unpack(fp.pack()), fp);
        // A box resting on the ground, inside its top face: both points are B's
        // bottom corners, tagged with B's edges only.
        let ground = Shape::cuboid(v(5.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let out = run(
            &ground,
            Transform::IDENTITY,
            &b,
            Transform::new(v(0.0, 0.95), 0.0),
        );
        let mut fps: Vec<FeaturePair> = out
            .points()
            .iter()
            .map(|p| FeaturePair::unpack(p.id))
            .collect();
        fps.sort_by_key(|f| f.in_edge_b);
        assert_eq!(
            fps,
            vec![
                FeaturePair {
                    in_edge_a: NO_EDGE,
                    out_edge_a: NO_EDGE,
                    in_edge_b: 0,
                    out_edge_b: 1
                },
                FeaturePair {
                    in_edge_a: NO_EDGE,
                    out_edge_a: NO_EDGE,
                    in_edge_b: 3,
                    out_edge_b: 0
                },
            ]
        );
    }

    #[test]
    fn trace_covers_every_step() {
        let a = Shape::cuboid(v(2.0, 0.5)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        let input = BoxBoxInput {
            pair: PosedPair::new(
                &a,
                Transform::new(v(1.0, 2.0), 0.2),
                &b,
                Transform::new(
                    v(1.0, 2.0) + Transform::new(Vec2::ZERO, 0.2).q.apply(v(1.8, 0.95)),
                    0.25,
                ),
            ),
            speculative_distance: 0.02,
        };
        let mut t = BoxBoxTrace::default();
        let out = box_box(&input, Some(&mut t)).unwrap();
        assert_eq!(t.axes.len(), 4);
        assert!(t.reference.is_some() && t.incident.is_some());
        assert_eq!(t.clips.len(), 2);
        assert_eq!(t.points, out.points().to_vec());
        assert_eq!(t.termination, Some(out.termination));
        assert!(!out.points().is_empty());
        assert_eq!(box_box(&input, None).unwrap(), out);
    }
}
