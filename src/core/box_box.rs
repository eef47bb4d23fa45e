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
//!    `sat.rs`), so this path and the general one pick the same face.
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
//!   contact there); and if nothing survives, the support fallback of `manifold.rs`.
//!
//! ## Feature pairs
//! Edges are numbered as the box's core: edge `i` runs from vertex `i` to `i + 1`,
//! vertices counter-clockwise from `(−hx, −hy)`: edge 0 is −y, 1 is +x, 2 is +y,
//! 3 is −x (Box2D-Lite numbers them 1..4 differently). [`NO_EDGE`] marks a missing
//! tag. Packed as `in_a | out_a << 8 | in_b << 16 | out_b << 24`.

use crate::core::consts::MAX_MANIFOLD_POINTS;
use crate::core::manifold::{touching_tolerance, ClipPlane};
use crate::core::math::Transform;
use crate::core::sat::{bias_threshold, choose_owner, Owner, SatChoice};
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
pub enum BoxBoxOutcome {
    /// Clipped contact points (1 or 2).
    Contact,
    /// Separated cores whose closest features are two corners: one point.
    VertexVertex,
    /// Clipping kept nothing: one point from the deepest incident vertex.
    SupportFallback,
    /// Farther apart than the speculative distance.
    Separated,
}

impl BoxBoxOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            BoxBoxOutcome::Contact => "contact",
            BoxBoxOutcome::VertexVertex => "vertex_vertex",
            BoxBoxOutcome::SupportFallback => "support_fallback",
            BoxBoxOutcome::Separated => "separated",
        }
    }
}

/// Which face of the incident box the four-case comparison picked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IncidentCase {
    /// `|n.x| > |n.y|`, `n.x > 0`: the +x face (edge 1).
    PosX,
    /// `|n.x| > |n.y|`, `n.x ≤ 0`: the −x face (edge 3).
    NegX,
    /// `|n.x| ≤ |n.y|`, `n.y > 0`: the +y face (edge 2).
    PosY,
    /// `|n.x| ≤ |n.y|`, `n.y ≤ 0`: the −y face (edge 0).
    NegY,
}

impl IncidentCase {
    pub fn as_str(self) -> &'static str {
        match self {
            IncidentCase::PosX => "pos_x",
            IncidentCase::NegX => "neg_x",
            IncidentCase::PosY => "pos_y",
            IncidentCase::NegY => "neg_y",
        }
    }

    fn edge(self) -> usize {
        match self {
            IncidentCase::NegY => 0,
            IncidentCase::PosX => 1,
            IncidentCase::PosY => 2,
            IncidentCase::NegX => 3,
        }
    }
}

/// Input of [`box_box`].
#[derive(Clone, Copy, Debug)]
pub struct BoxBoxInput<'a> {
    pub shape_a: &'a Shape,
    pub transform_a: Transform,
    pub shape_b: &'a Shape,
    pub transform_b: Transform,
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
    pub outcome: BoxBoxOutcome,
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
        st.serialize_field("outcome", &self.outcome)?;
        st.serialize_field("axis_owner", &self.axis_owner)?;
        st.serialize_field("edge", &self.edge)?;
        st.serialize_field("separation", &self.separation)?;
        st.serialize_field("normal", &self.normal)?;
        st.serialize_field("points", self.points())?;
        st.end()
    }
}

/// One face axis, world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxAxisRecord {
    pub owner: Owner,
    /// `"x"` or `"y"` of the owner's frame.
    pub axis: &'static str,
    /// The face of that axis facing the other box.
    pub edge: usize,
    /// Its outward unit normal.
    pub normal: Vec2,
    pub separation: f32,
}

/// A clip vertex, world space, with its feature pair.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxClipVertex {
    pub point: Vec2,
    pub feature: FeaturePair,
}

/// The reference face and its clip planes, world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxReferenceRecord {
    pub owner: Owner,
    pub edge: usize,
    /// The face's core endpoints.
    pub face: [Vec2; 2],
    pub front_normal: Vec2,
    /// Unit direction along the face (first to second endpoint).
    pub side_normal: Vec2,
    /// The edges whose planes are the side planes (before, after the face).
    pub neg_edge: u8,
    pub pos_edge: u8,
}

/// The incident face, world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxIncidentRecord {
    pub owner: Owner,
    /// The reference normal in the incident box's frame, negated.
    pub n_local: Vec2,
    pub case: IncidentCase,
    pub edge: usize,
    pub vertices: [BoxClipVertex; 2],
}

/// One side-plane clip, world space.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoxClipRecord {
    pub plane: ClipPlane,
    /// The reference box's edge along this plane (the tag given to crossing points).
    pub clip_edge: u8,
    pub plane_point: Vec2,
    /// Points to the side that is cut.
    pub plane_normal: Vec2,
    pub input: Vec<BoxClipVertex>,
    pub output: Vec<BoxClipVertex>,
}

/// The front-face test of one clipped point.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct BoxFaceRecord {
    pub point: Vec2,
    pub separation: f32,
    pub kept: bool,
}

/// The box–box trace, every step.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct BoxBoxTrace {
    pub axes: Vec<BoxAxisRecord>,
    pub choice: Option<SatChoice>,
    pub bias_threshold: Option<f32>,
    pub reference: Option<BoxReferenceRecord>,
    pub incident: Option<BoxIncidentRecord>,
    /// The closest points of the reference and incident edges, when the separated-band
    /// vertex–vertex test ran: (point on the reference edge, point on the incident
    /// edge, whether both are corners).
    pub edge_closest: Option<(Vec2, Vec2, bool)>,
    pub clips: Vec<BoxClipRecord>,
    pub front: Vec<BoxFaceRecord>,
    pub points: Vec<BoxContact>,
    pub outcome: Option<BoxBoxOutcome>,
}

fn half_extents(shape: &Shape, owner: Owner) -> Result<Vec2, BoxBoxError> {
    match shape.geometry() {
        Geometry::Box { half_extents, .. } => Ok(*half_extents),
        _ => Err(BoxBoxError::NotABox(owner)),
    }
}

#[derive(Clone, Copy)]
struct Cv {
    p: Vec2,
    /// Tags of the reference box (in, out) and the incident box (in, out).
    fp: [u8; 4],
}

fn clip_segment_to_line(input: &[Cv], u: Vec2, c: f32, clip_edge: u8, out: &mut [Cv; 2]) -> usize {
    let mut n = 0;
    if input.len() < 2 {
        for v in input {
            if u.dot(v.p) - c <= 0.0 {
                out[n] = *v;
                n += 1;
            }
        }
        return n;
    }
    let d0 = u.dot(input[0].p) - c;
    let d1 = u.dot(input[1].p) - c;
    if d0 <= 0.0 {
        out[n] = input[0];
        n += 1;
    }
    if d1 <= 0.0 {
        out[n] = input[1];
        n += 1;
    }
    if d0 * d1 < 0.0 {
        let t = d0 / (d0 - d1);
        let p = input[0].p + t * (input[1].p - input[0].p);
        let mut fp;
        if d0 > 0.0 {
            fp = input[0].fp;
            fp[0] = clip_edge;
            fp[2] = NO_EDGE;
        } else {
            fp = input[1].fp;
            fp[1] = clip_edge;
            fp[3] = NO_EDGE;
        }
        out[n] = Cv { p, fp };
        n += 1;
    }
    n
}

/// Closest points of segments `p1–q1` and `p2–q2`: fractions along each, clamped to
/// [0, 1] (Ericson, Real-Time Collision Detection §5.1.9).
fn segment_fractions(p1: Vec2, q1: Vec2, p2: Vec2, q2: Vec2) -> (f32, f32) {
    let d1 = q1 - p1;
    let d2 = q2 - p2;
    let r = p1 - p2;
    let a = d1.dot(d1);
    let e = d2.dot(d2);
    let f = d2.dot(r);
    let c = d1.dot(r);
    let b = d1.dot(d2);
    let denom = a * e - b * b;
    let mut s = if denom > 0.0 {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    (s, t)
}

fn is_end(f: f32) -> bool {
    f == 0.0 || f == 1.0
}

/// Box–box contact manifold. `trace`, when given, is cleared and filled (no
/// allocation happens without it). Errors when either shape is not a box.
pub fn box_box(
    input: &BoxBoxInput,
    mut trace: Option<&mut BoxBoxTrace>,
) -> Result<BoxBoxOutput, BoxBoxError> {
    let ha = half_extents(input.shape_a, Owner::A)?;
    let hb = half_extents(input.shape_b, Owner::B)?;
    if let Some(t) = trace.as_deref_mut() {
        *t = BoxBoxTrace::default();
    }
    let (ra, rb) = (input.shape_a.radius(), input.shape_b.radius());
    let radii = ra + rb;
    let spec = input.speculative_distance.max(0.0);
    let xf_a = input.transform_a;
    // B in A's frame: rotation C (columns c1, c2), position d.
    let xb = xf_a.inv_mul(&input.transform_b);
    let (c, s) = (xb.q.c, xb.q.s);
    let d = xb.p;
    let d_b = xb.q.apply_inv(d);
    let (ac, as_) = (c.abs(), s.abs());
    // Separations of the faces facing the other box, radii subtracted.
    let face_a = Vec2::new(
        d.x.abs() - ha.x - (ac * hb.x + as_ * hb.y),
        d.y.abs() - ha.y - (as_ * hb.x + ac * hb.y),
    ) - Vec2::splat(radii);
    let face_b = Vec2::new(
        d_b.x.abs() - (ac * ha.x + as_ * ha.y) - hb.x,
        d_b.y.abs() - (as_ * ha.x + ac * ha.y) - hb.y,
    ) - Vec2::splat(radii);
    // Edge of each axis facing the other box; on an exact tie of both faces of an
    // axis, the lower index (as the general SAT's scan).
    let a_x = if d.x >= 0.0 { 1 } else { 3 };
    let a_y = if d.y > 0.0 { 2 } else { 0 };
    let b_x = if d_b.x > 0.0 { 3 } else { 1 };
    let b_y = if d_b.y >= 0.0 { 0 } else { 2 };
    // (edge, separation, whether it is the y axis)
    let pick = |sx: f32, ex: usize, sy: f32, ey: usize| -> (usize, f32, bool) {
        if sy > sx || (sy == sx && ey < ex) {
            (ey, sy, true)
        } else {
            (ex, sx, false)
        }
    };
    let (ea, sep_a, _) = pick(face_a.x, a_x, face_a.y, a_y);
    let (eb, sep_b, b_is_y) = pick(face_b.x, b_x, face_b.y, b_y);
    let h_b = if b_is_y { hb.y } else { hb.x } + rb;
    let (owner, choice) = choose_owner(sep_a, sep_b, h_b);
    let (edge, separation) = if owner == Owner::A {
        (ea, sep_a)
    } else {
        (eb, sep_b)
    };
    let box_vertices = |h: Vec2| {
        [
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
        ]
    };
    let normal_of = |e: usize| match e {
        0 => Vec2::new(0.0, -1.0),
        1 => Vec2::new(1.0, 0.0),
        2 => Vec2::new(0.0, 1.0),
        _ => Vec2::new(-1.0, 0.0),
    };
    // Reference box R and incident box I, as transforms into A's frame.
    let (xr, hr, xi, hi) = match owner {
        Owner::A => (Transform::IDENTITY, ha, xb, hb),
        Owner::B => (xb, hb, Transform::IDENTITY, ha),
    };
    let front_normal = xr.q.apply(normal_of(edge));
    let normal_ab = if owner == Owner::A {
        front_normal
    } else {
        -front_normal
    };
    if let Some(t) = trace.as_deref_mut() {
        let rec =
            |o: Owner, axis: &'static str, e: usize, sep: f32, xf: &Transform| BoxAxisRecord {
                owner: o,
                axis,
                edge: e,
                normal: xf_a.q.apply(xf.q.apply(normal_of(e))),
                separation: sep,
            };
        t.axes
            .push(rec(Owner::A, "x", a_x, face_a.x, &Transform::IDENTITY));
        t.axes
            .push(rec(Owner::A, "y", a_y, face_a.y, &Transform::IDENTITY));
        t.axes.push(rec(Owner::B, "x", b_x, face_b.x, &xb));
        t.axes.push(rec(Owner::B, "y", b_y, face_b.y, &xb));
        t.choice = Some(choice);
        if choice != SatChoice::LargestSeparation {
            t.bias_threshold = Some(bias_threshold(sep_a, h_b));
        }
    }
    let mut out = BoxBoxOutput {
        outcome: BoxBoxOutcome::Separated,
        axis_owner: owner,
        edge,
        separation,
        normal: xf_a.q.apply(normal_ab),
        points: [BoxContact::default(); MAX_MANIFOLD_POINTS],
        point_count: 0,
    };
    if separation > spec {
        if let Some(t) = trace {
            t.outcome = Some(BoxBoxOutcome::Separated);
        }
        return Ok(out);
    }

    // The reference face (A's frame).
    let rv = box_vertices(hr);
    let r1 = xr.apply(rv[edge]);
    let r2 = xr.apply(rv[(edge + 1) % 4]);
    let side_normal = (r2 - r1).normalize_or_zero();
    let neg_edge = ((edge + 3) % 4) as u8;
    let pos_edge = ((edge + 1) % 4) as u8;

    // The incident face: the four-case comparison in the incident box's frame.
    let n = -xi.q.apply_inv(front_normal);
    let case = if n.x.abs() > n.y.abs() {
        if n.x > 0.0 {
            IncidentCase::PosX
        } else {
            IncidentCase::NegX
        }
    } else if n.y > 0.0 {
        IncidentCase::PosY
    } else {
        IncidentCase::NegY
    };
    let ie = case.edge();
    let iv = box_vertices(hi);
    let k1 = ie;
    let k2 = (ie + 1) % 4;
    let incident = [
        Cv {
            p: xi.apply(iv[k1]),
            fp: [NO_EDGE, NO_EDGE, ((ie + 3) % 4) as u8, ie as u8],
        },
        Cv {
            p: xi.apply(iv[k2]),
            fp: [NO_EDGE, NO_EDGE, ie as u8, ((ie + 1) % 4) as u8],
        },
    ];
    let world = |p: Vec2| xf_a.apply(p);
    let to_pair = |fp: [u8; 4]| -> FeaturePair {
        // fp = [ref in, ref out, inc in, inc out] → A and B.
        if owner == Owner::A {
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
    };
    let wcv = |v: &Cv| BoxClipVertex {
        point: world(v.p),
        feature: to_pair(v.fp),
    };
    if let Some(t) = trace.as_deref_mut() {
        t.reference = Some(BoxReferenceRecord {
            owner,
            edge,
            face: [world(r1), world(r2)],
            front_normal: xf_a.q.apply(front_normal),
            side_normal: xf_a.q.apply(side_normal),
            neg_edge,
            pos_edge,
        });
        t.incident = Some(BoxIncidentRecord {
            owner: owner.other(),
            n_local: n,
            case,
            edge: ie,
            vertices: [wcv(&incident[0]), wcv(&incident[1])],
        });
    }
    let (r_radius, i_radius) = if owner == Owner::A {
        (ra, rb)
    } else {
        (rb, ra)
    };
    let make = |p: Vec2, depth: f32, fp: [u8; 4], on_ref_override: Option<Vec2>| -> BoxContact {
        let on_inc = p - i_radius * front_normal;
        let on_ref = on_ref_override.unwrap_or(p + (r_radius - depth) * front_normal);
        let (pa, pb) = if owner == Owner::A {
            (on_ref, on_inc)
        } else {
            (on_inc, on_ref)
        };
        BoxContact {
            point_a: world(pa),
            point_b: world(pb),
            separation: depth - r_radius - i_radius,
            id: to_pair(fp).pack(),
        }
    };

    // Separated band: two corners closest → one point (Box2D v3).
    let core = separation + radii;
    if core > 0.0 && core > touching_tolerance(input.shape_a, input.shape_b) {
        let (f1, f2) = segment_fractions(r1, r2, incident[0].p, incident[1].p);
        // At a fraction of exactly 0 or 1 take the endpoint itself: `p0 + 1·(p1 − p0)`
        // is not `p1` to the last bit, and two corners a hair apart magnify that.
        let lerp = |p: Vec2, q: Vec2, f: f32| match f {
            0.0 => p,
            1.0 => q,
            _ => p + f * (q - p),
        };
        let pr = lerp(r1, r2, f1);
        let pi = lerp(incident[0].p, incident[1].p, f2);
        let vv = is_end(f1) && is_end(f2);
        if let Some(t) = trace.as_deref_mut() {
            t.edge_closest = Some((world(pr), world(pi), vv));
        }
        if vv {
            let (pa, pb) = if owner == Owner::A {
                (pr, pi)
            } else {
                (pi, pr)
            };
            let dist = pa.distance(pb);
            let nv = (pb - pa) / dist;
            // Corner tags: a reference corner sits between edges (neg, face) or
            // (face, pos); the incident corner keeps its own tags.
            let rfp = if f1 == 0.0 {
                [neg_edge, edge as u8]
            } else {
                [edge as u8, pos_edge]
            };
            let ifp = if f2 == 0.0 {
                incident[0].fp
            } else {
                incident[1].fp
            };
            let fp = [rfp[0], rfp[1], ifp[2], ifp[3]];
            out.points[0] = BoxContact {
                point_a: world(pa + ra * nv),
                point_b: world(pb - rb * nv),
                separation: dist - radii,
                id: to_pair(fp).pack(),
            };
            out.point_count = 1;
            out.normal = xf_a.q.apply(nv);
            out.outcome = BoxBoxOutcome::VertexVertex;
            if dist - radii > spec {
                out.point_count = 0;
                out.outcome = BoxBoxOutcome::Separated;
            }
            if let Some(t) = trace {
                t.points = out.points().to_vec();
                t.outcome = Some(out.outcome);
            }
            return Ok(out);
        }
    }

    // Clip to the side planes.
    let mut c1 = [incident[0]; 2];
    let n1 = clip_segment_to_line(
        &incident,
        -side_normal,
        -side_normal.dot(r1),
        neg_edge,
        &mut c1,
    );
    let mut c2 = [incident[0]; 2];
    let n2 = clip_segment_to_line(
        &c1[..n1],
        side_normal,
        side_normal.dot(r2),
        pos_edge,
        &mut c2,
    );
    if let Some(t) = trace.as_deref_mut() {
        t.clips.push(BoxClipRecord {
            plane: ClipPlane::Side1,
            clip_edge: neg_edge,
            plane_point: world(r1),
            plane_normal: xf_a.q.apply(-side_normal),
            input: incident.iter().map(wcv).collect(),
            output: c1[..n1].iter().map(wcv).collect(),
        });
        t.clips.push(BoxClipRecord {
            plane: ClipPlane::Side2,
            clip_edge: pos_edge,
            plane_point: world(r2),
            plane_normal: xf_a.q.apply(side_normal),
            input: c1[..n1].iter().map(wcv).collect(),
            output: c2[..n2].iter().map(wcv).collect(),
        });
    }
    // The front face.
    let limit = spec + radii;
    for cv in &c2[..n2] {
        let depth = (cv.p - r1).dot(front_normal);
        let kept = depth <= limit;
        if kept {
            out.points[out.point_count] = make(cv.p, depth, cv.fp, None);
            out.point_count += 1;
        }
        if let Some(t) = trace.as_deref_mut() {
            t.front.push(BoxFaceRecord {
                point: world(cv.p),
                separation: depth - radii,
                kept,
            });
        }
    }
    out.outcome = BoxBoxOutcome::Contact;
    if out.point_count == 0 {
        // The support fallback (as manifold.rs).
        let d0 = (incident[0].p - r1).dot(front_normal);
        let d1 = (incident[1].p - r1).dot(front_normal);
        let v = if d1 < d0 { incident[1] } else { incident[0] };
        let e = r2 - r1;
        let tt = ((v.p - r1).dot(e) / e.dot(e)).clamp(0.0, 1.0);
        let foot = r1 + tt * e;
        let depth = (v.p - foot).dot(front_normal);
        out.points[0] = make(v.p, depth, v.fp, Some(foot + r_radius * front_normal));
        out.point_count = 1;
        out.outcome = BoxBoxOutcome::SupportFallback;
    }
    if let Some(t) = trace {
        t.points = out.points().to_vec();
        t.outcome = Some(out.outcome);
    }
    Ok(out)
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
                shape_a: a,
                transform_a: xa,
                shape_b: b,
                transform_b: xb,
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
                shape_a: &a,
                transform_a: Transform::IDENTITY,
                shape_b: &c,
                transform_b: Transform::IDENTITY,
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
            shape_a: &a,
            transform_a: Transform::new(v(1.0, 2.0), 0.2),
            shape_b: &b,
            transform_b: Transform::new(
                v(1.0, 2.0) + Transform::new(Vec2::ZERO, 0.2).q.apply(v(1.8, 0.95)),
                0.25,
            ),
            speculative_distance: 0.02,
        };
        let mut t = BoxBoxTrace::default();
        let out = box_box(&input, Some(&mut t)).unwrap();
        assert_eq!(t.axes.len(), 4);
        assert!(t.reference.is_some() && t.incident.is_some());
        assert_eq!(t.clips.len(), 2);
        assert_eq!(t.points, out.points().to_vec());
        assert_eq!(t.outcome, Some(out.outcome));
        assert!(!out.points().is_empty());
        assert_eq!(box_box(&input, None).unwrap(), out);
    }
}
