//! Separating axis test (SAT) for two convex shapes, after Box2D's
//! `b2FindMaxSeparation`, with Box2D-Lite's reference-face bias.
//!
//! Frame convention: shapes are given in their local frames and placed by
//! [`Transform`]s. The test runs in **A's local frame** (B's core is brought into
//! it, as Box2D v3 does, so large world coordinates cost no precision); every output
//! and trace record is in **world** space. The normal points from A to B.
//!
//! ## The method
//! For edge `i` of A, with core vertex `v_i` and outward unit normal `n_i`, the
//! separation of B along `n_i` is
//!
//! ```text
//! s_i = min_j (w_j − v_i)·n_i − rA − rB
//! ```
//!
//! over B's core vertices `w_j`: the gap between A's face and B's nearest point, the
//! radii subtracted. In interval terms it is `lo(B) − hi(A)` on the axis, with both
//! projection intervals grown by their radius (`hi(A)` is the face itself). The same
//! is done for every edge of B with A's vertices. A positive separation proves the
//! shapes disjoint.
//!
//! For two convex polygons the candidate axes (every edge normal of both) are the
//! edge normals of the Minkowski difference B − A, so the largest separation is
//! positive exactly when the shapes are apart, and when they overlap its negation is
//! the penetration depth (the minimum translation). When they are apart it is a
//! lower bound of the distance, equal to it when the closest features are an edge
//! and a vertex (not two vertices).
//!
//! Shapes with small cores:
//! - a segment or capsule is a 2-vertex core with two edge normals (both sides);
//! - a circle is a 1-vertex core and contributes **no** face axis: the test then runs
//!   over the other shape's faces only (so near a corner of the other shape it
//!   under-estimates the separation, never over-estimates it);
//! - two circles have no face axis at all: the axis is the line of centres (owner A,
//!   edge 0), or A's local +y when the centres coincide ([`SatAxisKind`]).
//!
//! ## Choosing the axis (deterministic, with a bias)
//! Within one shape the edge of largest separation wins, the lowest index on exact
//! ties. Between A's best `s_A` and B's best `s_B`:
//! - when either is positive (the shapes are apart) the larger wins, A on ties: a
//!   positive separation is a proof and the report gives the largest one (Box2D-Lite
//!   never compares here: it returns "no contact" as soon as an axis separates);
//! - otherwise (penetration) B wins only when
//!   `s_B > SAT_RELATIVE_TOLERANCE · s_A + SAT_ABSOLUTE_TOLERANCE · h_B`
//!   (0.95 and 0.01, Box2D-Lite's `relativeTol` / `absoluteTol`), where `h_B` is the
//!   distance from B's core centroid to the plane of B's chosen face plus B's radius
//!   — for a box, Box2D-Lite's half extent `hB.x` or `hB.y` (plus the rounding). So A's
//!   face stays the reference until B's is clearly better, and the choice does not
//!   flip-flop between frames when two faces are nearly equal.
//!
//! Box2D-Lite also applies the bias between A's own two axes; we take the exact
//! maximum within each shape, as Box2D v3's `b2FindMaxSeparation` does.
//!
//! ## Finding each shape's best face
//! Two polygons with at most `BRUTE_FORCE_PAIRS` (256) (face, vertex) pairs per shape:
//! every face against every vertex (`best_face`, four faces at a time with SSE2 on
//! x86_64). Larger ones: rotating calipers (`walk`), `m + n + m` dot products,
//! then the winner re-checked against every vertex. Both give the same face and the
//! same separation (the same dot products, rounded the same way; checked by the
//! test `brute_force_matches_calipers_and_scalar`). Cores of 1 or 2 vertices: every
//! face against every vertex, one at a time.

use crate::core::consts::{MAX_POLYGON_VERTICES, SAT_ABSOLUTE_TOLERANCE, SAT_RELATIVE_TOLERANCE};
use crate::core::math::Transform;
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// Which shape a feature or axis belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Owner {
    A,
    B,
}

impl Owner {
    /// `"A"` or `"B"`, as the report writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Owner::A => "A",
            Owner::B => "B",
        }
    }

    /// The other shape.
    pub fn other(self) -> Owner {
        match self {
            Owner::A => Owner::B,
            Owner::B => Owner::A,
        }
    }
}

/// What kind of axis the test settled on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SatAxisKind {
    /// An edge normal of the owner.
    Face,
    /// Two 1-vertex cores (circles): the line of centres, from A's centre to B's.
    CentreLine,
    /// Two 1-vertex cores at the same place: no axis is defined; A's local +y is used.
    CoincidentCentres,
}

impl SatAxisKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SatAxisKind::Face => "face",
            SatAxisKind::CentreLine => "centre_line",
            SatAxisKind::CoincidentCentres => "coincident_centres",
        }
    }
}

/// How the winning axis was chosen between A's best and B's best.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SatChoice {
    /// Only A has face axes (B is a circle), or the pair is two circles.
    OnlyA,
    /// Only B has face axes (A is a circle).
    OnlyB,
    /// An axis separates: the larger separation won (A on ties).
    LargestSeparation,
    /// Penetration: B's face was not better than A's by the bias margin; A kept.
    BiasKeptA,
    /// Penetration: B's face beat the bias margin.
    BBeyondBias,
}

impl SatChoice {
    pub fn as_str(self) -> &'static str {
        match self {
            SatChoice::OnlyA => "only_a",
            SatChoice::OnlyB => "only_b",
            SatChoice::LargestSeparation => "largest_separation",
            SatChoice::BiasKeptA => "bias_kept_a",
            SatChoice::BBeyondBias => "b_beyond_bias",
        }
    }
}

/// The outcome of the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SatOutcome {
    /// The chosen separation is ≤ 0: the shapes touch or overlap along every face axis.
    Overlap,
    /// The chosen separation is > 0: this axis separates the shapes.
    Separated,
}

impl SatOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            SatOutcome::Overlap => "overlap",
            SatOutcome::Separated => "separated",
        }
    }
}

/// Input of [`separating_axis`].
#[derive(Clone, Copy, Debug)]
pub struct SatInput<'a> {
    pub shape_a: &'a Shape,
    pub transform_a: Transform,
    pub shape_b: &'a Shape,
    pub transform_b: Transform,
}

/// Output of [`separating_axis`]. World space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SatOutput {
    /// Separation along the chosen axis, radii subtracted (negative = penetration).
    pub separation: f32,
    /// Unit normal from A to B: A's edge normal, or minus B's edge normal.
    pub normal: Vec2,
    /// The shape whose edge gives the axis.
    pub axis_owner: Owner,
    /// That shape's edge index (edge `i` runs from vertex `i` to `i + 1`); 0 for the
    /// centre line of two circles.
    pub edge: usize,
    pub axis_kind: SatAxisKind,
    pub choice: SatChoice,
    pub outcome: SatOutcome,
    /// Number of axes tested.
    pub axes_tested: u32,
}

/// A candidate face, as the selection sees it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SatBest {
    pub owner: Owner,
    pub edge: usize,
    /// Separation, radii subtracted.
    pub separation: f32,
}

/// One axis tested, world space, drawable on its own: the axis line through the
/// owner's face and both shapes' projection intervals along it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SatAxisRecord {
    pub owner: Owner,
    pub edge: usize,
    /// Unit axis (the owner's outward edge normal).
    pub axis: Vec2,
    /// The owner's edge, core endpoints (where the axis is anchored for drawing).
    pub face: [Vec2; 2],
    /// A's projection interval `[lo, hi]` on the axis, radius included.
    pub interval_a: [f32; 2],
    /// B's projection interval, radius included.
    pub interval_b: [f32; 2],
    /// Separation on this axis (positive: a gap; negative: overlap).
    pub separation: f32,
    /// The winner if the test stopped after this axis (the final rule applied to
    /// the best of A and the best of B seen so far).
    pub best_so_far: SatBest,
}

/// The SAT trace: one record per axis tested, then the choice.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SatTrace {
    pub axes: Vec<SatAxisRecord>,
    /// A's best face (None when A is a circle).
    pub best_a: Option<SatBest>,
    /// B's best face (None when B is a circle).
    pub best_b: Option<SatBest>,
    /// The margin B had to beat when the bias applied
    /// (`0.95·s_A + 0.01·h_B`), else None.
    pub bias_threshold: Option<f32>,
    pub choice: Option<SatChoice>,
    pub output: Option<SatOutput>,
}

/// The selection rule between A's best separation and B's best separation
/// (both radii-subtracted). `h_b` is the length scale of B's face (see the module
/// docs). Returns the winner and how it was chosen. Shared with `box_box.rs` so the
/// two paths agree.
#[inline]
pub fn choose_owner(sep_a: f32, sep_b: f32, h_b: f32) -> (Owner, SatChoice) {
    if sep_a > 0.0 || sep_b > 0.0 {
        if sep_b > sep_a {
            (Owner::B, SatChoice::LargestSeparation)
        } else {
            (Owner::A, SatChoice::LargestSeparation)
        }
    } else if sep_b > bias_threshold(sep_a, h_b) {
        (Owner::B, SatChoice::BBeyondBias)
    } else {
        (Owner::A, SatChoice::BiasKeptA)
    }
}

/// `0.95·s_A + 0.01·h_B`: what B's separation must beat when both penetrate.
#[inline]
pub fn bias_threshold(sep_a: f32, h_b: f32) -> f32 {
    SAT_RELATIVE_TOLERANCE * sep_a + SAT_ABSOLUTE_TOLERANCE * h_b
}

/// Distance from the core centroid to the plane of edge `edge`, plus the radius:
/// the length scale of a face in the bias (a box's half extent).
pub fn face_scale(shape: &Shape, edge: usize) -> f32 {
    let v = shape.vertices();
    let n = shape.normals();
    if n.is_empty() {
        return shape.radius();
    }
    let c = shape.centroid();
    ((v[edge] - c).dot(n[edge])).max(0.0) + shape.radius()
}

/// The best face of each shape (core separations, no radii), and the width of B's
/// core along its best face's normal (an upper bound of that face's distance from
/// B's centroid, for the bias; 0 where the bias cannot need it). A's frame.
struct Faces {
    a: Option<(usize, f32)>,
    b: Option<(usize, f32)>,
    b_width: f32,
}

/// The best face of `owner` (vertices and normals, the normals turned into the frame
/// of `other` by `rotate`) against the vertices `other`: (edge, core separation,
/// normal). Both polygons strictly convex with 3 or more vertices, counter-clockwise.
///
/// Rotating calipers instead of every vertex against every face: as the owner's
/// normals turn counter-clockwise edge by edge (by less than π each, the polygon
/// being convex), the other polygon's support point along `−n` moves forward around
/// it, and along the way its projection decreases until the new support (the
/// projections around a strictly convex polygon are unimodal). So each face starts
/// from the previous face's support and steps forward while the projection drops:
/// `m + n + m` dot products in all instead of `n·m`. Ties (a face of the other
/// polygon parallel to this one) stop the step; both ends have the same projection.
#[inline(always)]
fn walk(
    owner_v: &[Vec2],
    owner_n: &[Vec2],
    rotate: impl Fn(Vec2) -> Vec2,
    other: &[Vec2],
) -> (usize, f32, Vec2) {
    let m = other.len();
    let n0 = rotate(owner_n[0]);
    let mut j = 0;
    let mut dj = other[0].dot(n0);
    for (k, w) in other.iter().enumerate().skip(1) {
        let d = w.dot(n0);
        if d < dj {
            dj = d;
            j = k;
        }
    }
    let mut best = (0, dj - owner_v[0].dot(n0), n0);
    for i in 1..owner_v.len().min(owner_n.len()) {
        let n = rotate(owner_n[i]);
        let mut dj = other[j].dot(n);
        // Strictly decreasing: at most m − 1 steps, never a cycle.
        loop {
            let k = if j + 1 == m { 0 } else { j + 1 };
            let dk = other[k].dot(n);
            if dk < dj {
                j = k;
                dj = dk;
            } else {
                break;
            }
        }
        let s = dj - owner_v[i].dot(n);
        if s > best.1 {
            best = (i, s, n);
        }
    }
    // The walk needs the other polygon strictly convex *after* rounding. Brought into
    // this frame far from its own origin, a polygon with an edge shorter than the
    // rounding there is not, its projections are no longer unimodal and the walk stops
    // early (found by the fuzzer: a 0.01-wide hull with a 2.4e-6 edge, 90 away from a
    // huge hull, got separation 1.3e-2 for a distance of 1.8e-3). A walk that stops
    // early only over-estimates a face's separation, so if the winner's value is
    // exact, no face beats it; otherwise every face is checked against every vertex.
    let min_dot = |n: Vec2| other.iter().fold(f32::INFINITY, |lo, w| lo.min(w.dot(n)));
    if min_dot(best.2) - owner_v[best.0].dot(best.2) < best.1 {
        best = (0, f32::NEG_INFINITY, n0);
        for i in 0..owner_v.len().min(owner_n.len()) {
            let n = rotate(owner_n[i]);
            let s = min_dot(n) - owner_v[i].dot(n);
            if s > best.1 {
                best = (i, s, n);
            }
        }
    }
    best
}

/// Polygons with at most this many (face, vertex) pairs per shape get every face
/// checked against every vertex ([`best_face`]) rather than the calipers
/// ([`walk`]): four faces at a time, no branch on the values, no verification pass,
/// and fewer instructions up to about 16-gons against 16-gons (dimensionless).
const BRUTE_FORCE_PAIRS: usize = 256;

/// The best face of `owner` (vertices `ov` and normals `on`, both in the frame of
/// `other`) against the vertices `other`, every face against every vertex:
/// `(edge, min_j w_j·n_i − v_i·n_i)` for the largest, the lowest edge on exact ties.
///
/// The answer is defined by the scalar loops below (a projection replaces the
/// running minimum only when strictly smaller, a face the running maximum only when
/// strictly larger, so a NaN never enters either). On x86_64, four to sixteen faces
/// are done four at a time with SSE2 ([`sse2::best_face`]): the same projections,
/// rounded the same way and met in the same order, so the same minima bit for bit,
/// and the first face of their maximum.
#[inline]
fn best_face(ov: &[Vec2], on: &[Vec2], other: &[Vec2]) -> (usize, f32) {
    let count = ov.len().min(on.len());
    #[cfg(target_arch = "x86_64")]
    if let Some((i, s)) = sse2::best_face(&ov[..count], &on[..count], other) {
        // Equal separations are equal bit for bit, but for zeros' signs.
        return (
            i,
            if s == 0.0 {
                face_separation(ov, on, other, i)
            } else {
                s
            },
        );
    }
    best_face_scalar(ov, on, other)
}

/// [`best_face`]'s defining loops.
fn best_face_scalar(ov: &[Vec2], on: &[Vec2], other: &[Vec2]) -> (usize, f32) {
    let mut best = (0, f32::NEG_INFINITY);
    for i in 0..ov.len().min(on.len()) {
        let s = face_separation(ov, on, other, i);
        if s > best.1 {
            best = (i, s);
        }
    }
    best
}

/// `min_j w_j·n_i − v_i·n_i`, the minimum replaced only by a strictly smaller value.
#[inline]
fn face_separation(ov: &[Vec2], on: &[Vec2], other: &[Vec2], i: usize) -> f32 {
    let n = on[i];
    let mut lo = f32::INFINITY;
    for w in other {
        let d = w.dot(n);
        if d < lo {
            lo = d;
        }
    }
    lo - ov[i].dot(n)
}

/// Every face of both polygons (3 or more vertices each), by [`best_face`] for small
/// pairs, else by [`walk`]; B's core (and for [`best_face`] its normals) brought into
/// A's frame in fixed arrays of `N`. B's width along its best face's normal is
/// computed only when the bias will need it: no separation (`s − radii ≤ 0` for both)
/// and `s_B − radii > 0.95·(s_A − radii)` (see [`separating_axis`]); else 0.
#[inline(always)]
fn faces_polygons<const N: usize>(a: &Shape, b: &Shape, b_to_a: &Transform, radii: f32) -> Faces {
    let mut buf = [Vec2::ZERO; N];
    let m = b.vertices().len().min(N);
    for (d, p) in buf.iter_mut().zip(b.vertices()) {
        *d = b_to_a.apply(*p);
    }
    let vb = &buf[..m];
    let va = a.vertices();
    let (i, sa, j, sb, nj) = if va.len() * m <= BRUTE_FORCE_PAIRS {
        let mut nbuf = [Vec2::ZERO; N];
        for (d, n) in nbuf.iter_mut().zip(b.normals()) {
            *d = b_to_a.q.apply(*n);
        }
        let nb = &nbuf[..m.min(b.normals().len())];
        let (i, sa) = best_face(va, a.normals(), vb);
        let (j, sb) = best_face(vb, nb, va);
        (i, sa, j, sb, nb[j])
    } else {
        let (i, sa, _) = walk(va, a.normals(), |n| n, vb);
        let (j, sb, nj) = walk(vb, b.normals(), |n| b_to_a.q.apply(n), va);
        (i, sa, j, sb, nj)
    };
    let (sep_a, sep_b) = (sa - radii, sb - radii);
    let needs_width = !(sep_a > 0.0 || sep_b > 0.0) && sep_b > SAT_RELATIVE_TOLERANCE * sep_a;
    let b_width = if needs_width {
        let lo = vb.iter().fold(f32::INFINITY, |lo, w| lo.min(w.dot(nj)));
        vb[j].dot(nj) - lo
    } else {
        0.0
    };
    Faces {
        a: Some((i, sa)),
        b: Some((j, sb)),
        b_width,
    }
}

/// Every face against every vertex (for cores of 1 or 2 vertices, where the
/// calipers do not apply).
fn faces_small(a: &Shape, b: &Shape, b_to_a: &Transform) -> Faces {
    let mut buf = [Vec2::ZERO; MAX_POLYGON_VERTICES];
    let m = b.vertices().len().min(MAX_POLYGON_VERTICES);
    for (d, p) in buf.iter_mut().zip(b.vertices()) {
        *d = b_to_a.apply(*p);
    }
    let vb = &buf[..m];
    let va = a.vertices();
    let min_dot = |pts: &[Vec2], n: Vec2| pts.iter().fold(f32::INFINITY, |lo, w| lo.min(w.dot(n)));
    let mut out = Faces {
        a: None,
        b: None,
        b_width: 0.0,
    };
    if !a.normals().is_empty() {
        let mut best = (0usize, f32::NEG_INFINITY);
        for (i, (v, n)) in va.iter().zip(a.normals()).enumerate() {
            let s = min_dot(vb, *n) - v.dot(*n);
            if s > best.1 {
                best = (i, s);
            }
        }
        out.a = Some(best);
    }
    if !b.normals().is_empty() {
        let mut best = (0usize, f32::NEG_INFINITY, Vec2::ZERO);
        for (j, (w, n)) in vb.iter().zip(b.normals()).enumerate() {
            let n = b_to_a.q.apply(*n);
            let s = min_dot(va, n) - w.dot(n);
            if s > best.1 {
                best = (j, s, n);
            }
        }
        out.b_width = vb[best.0].dot(best.2) - min_dot(vb, best.2);
        out.b = Some((best.0, best.1));
    }
    out
}

/// An interval moved by `offset` along its axis.
fn shift(i: [f32; 2], offset: f32) -> [f32; 2] {
    [i[0] + offset, i[1] + offset]
}

fn interval(points: &[Vec2], axis: Vec2, radius: f32) -> [f32; 2] {
    let mut lo = f32::INFINITY;
    let mut hi = f32::NEG_INFINITY;
    for p in points {
        let d = p.dot(axis);
        lo = lo.min(d);
        hi = hi.max(d);
    }
    [lo - radius, hi + radius]
}

/// The separating axis test. `trace`, when given, is cleared and filled with one
/// record per axis (no allocation happens without it).
pub fn separating_axis(input: &SatInput, mut trace: Option<&mut SatTrace>) -> SatOutput {
    let xf_a = input.transform_a;
    let (a, b) = (input.shape_a, input.shape_b);
    let (ra, rb) = (a.radius(), b.radius());
    let radii = ra + rb;
    let b_to_a = xf_a.inv_mul(&input.transform_b);
    let va = a.vertices();
    if let Some(t) = trace.as_deref_mut() {
        *t = SatTrace::default();
    }

    // Two circles: the line of centres.
    if a.normals().is_empty() && b.normals().is_empty() {
        let cb = b_to_a.apply(b.vertices()[0]);
        let d = cb - va[0];
        let len = d.length();
        let (axis, kind) = if len > 0.0 && (d / len).is_finite() {
            (d / len, SatAxisKind::CentreLine)
        } else {
            (Vec2::Y, SatAxisKind::CoincidentCentres)
        };
        let separation = len - radii;
        let out = SatOutput {
            separation,
            normal: xf_a.q.apply(axis),
            axis_owner: Owner::A,
            edge: 0,
            axis_kind: kind,
            choice: SatChoice::OnlyA,
            outcome: outcome_of(separation),
            axes_tested: 1,
        };
        if let Some(t) = trace {
            let best = SatBest {
                owner: Owner::A,
                edge: 0,
                separation,
            };
            t.axes.push(SatAxisRecord {
                owner: Owner::A,
                edge: 0,
                axis: out.normal,
                face: [xf_a.apply(va[0]), xf_a.apply(va[0])],
                // Projections were taken in A's frame; shift them to world space.
                interval_a: shift(interval(va, axis, ra), xf_a.p.dot(out.normal)),
                interval_b: shift(interval(&[cb], axis, rb), xf_a.p.dot(out.normal)),
                separation,
                best_so_far: best,
            });
            t.best_a = Some(best);
            t.choice = Some(SatChoice::OnlyA);
            t.output = Some(out);
        }
        return out;
    }

    // Every face of A against B's vertices, every face of B against A's, in A's
    // frame (B's normals rotated into it).
    let (na, nb) = (va.len(), b.vertices().len());
    let f = if na < 3 || nb < 3 {
        faces_small(a, b, &b_to_a)
    } else if nb <= 8 {
        faces_polygons::<8>(a, b, &b_to_a, radii)
    } else {
        faces_polygons::<MAX_POLYGON_VERTICES>(a, b, &b_to_a, radii)
    };
    let best_a = f.a.map(|(i, s)| SatBest {
        owner: Owner::A,
        edge: i,
        separation: s - radii,
    });
    let best_b = f.b.map(|(j, s)| SatBest {
        owner: Owner::B,
        edge: j,
        separation: s - radii,
    });

    let (winner, choice, threshold) = match (best_a, best_b) {
        (Some(ba), Some(bb)) => {
            // `h_B` (a centroid) is needed only when it decides: `0 ≤ h_B ≤ width + rB`
            // (the centroid lies within B's width along the face normal), so
            // `s_B ≤ 0.95·s_A` keeps A and `s_B > 0.95·s_A + 0.01·(width + rB)` gives B
            // whatever `h_B` is exactly.
            let separated = ba.separation > 0.0 || bb.separation > 0.0;
            let h_max = f.b_width + rb;
            let needs_h = !separated
                && ((bb.separation > SAT_RELATIVE_TOLERANCE * ba.separation
                    && bb.separation <= bias_threshold(ba.separation, h_max))
                    || trace.is_some());
            let h_b = if needs_h { face_scale(b, bb.edge) } else { 0.0 };
            let (o, c) = if separated || needs_h {
                choose_owner(ba.separation, bb.separation, h_b)
            } else if bb.separation > SAT_RELATIVE_TOLERANCE * ba.separation {
                (Owner::B, SatChoice::BBeyondBias)
            } else {
                (Owner::A, SatChoice::BiasKeptA)
            };
            let th = needs_h.then(|| bias_threshold(ba.separation, h_b));
            (if o == Owner::A { ba } else { bb }, c, th)
        }
        (Some(ba), None) => (ba, SatChoice::OnlyA, None),
        (None, Some(bb)) => (bb, SatChoice::OnlyB, None),
        (None, None) => unreachable!("two circles are handled above"),
    };
    let local_normal = match winner.owner {
        Owner::A => a.normals()[winner.edge],
        Owner::B => -b_to_a.q.apply(b.normals()[winner.edge]),
    };
    let out = SatOutput {
        separation: winner.separation,
        normal: xf_a.q.apply(local_normal),
        axis_owner: winner.owner,
        edge: winner.edge,
        axis_kind: SatAxisKind::Face,
        choice,
        outcome: outcome_of(winner.separation),
        axes_tested: (a.normals().len() + b.normals().len()) as u32,
    };

    if let Some(t) = trace {
        let vb: Vec<Vec2> = b.vertices().iter().map(|p| b_to_a.apply(*p)).collect();
        record_axes(t, input, &b_to_a, va, &vb);
        t.best_a = best_a;
        t.best_b = best_b;
        t.bias_threshold = threshold;
        t.choice = Some(choice);
        t.output = Some(out);
    }
    out
}

fn outcome_of(separation: f32) -> SatOutcome {
    if separation > 0.0 {
        SatOutcome::Separated
    } else {
        SatOutcome::Overlap
    }
}

/// Fills the per-axis records (trace only; recomputes each axis in full).
fn record_axes(t: &mut SatTrace, input: &SatInput, b_to_a: &Transform, va: &[Vec2], vb: &[Vec2]) {
    let (a, b) = (input.shape_a, input.shape_b);
    let xf_a = input.transform_a;
    let (ra, rb) = (a.radius(), b.radius());
    let mut run_a: Option<SatBest> = None;
    let mut run_b: Option<SatBest> = None;
    let mut push = |t: &mut SatTrace, owner: Owner, edge: usize, axis: Vec2, face: [Vec2; 2]| {
        let ia = interval(va, axis, ra);
        let ib = interval(vb, axis, rb);
        let separation = match owner {
            Owner::A => ib[0] - ia[1],
            Owner::B => ia[0] - ib[1],
        };
        let cand = SatBest {
            owner,
            edge,
            separation,
        };
        let slot = if owner == Owner::A {
            &mut run_a
        } else {
            &mut run_b
        };
        if slot.is_none_or(|s| separation > s.separation) {
            *slot = Some(cand);
        }
        let best_so_far = match (run_a, run_b) {
            (Some(x), Some(y)) => {
                let h_b = face_scale(b, y.edge);
                if choose_owner(x.separation, y.separation, h_b).0 == Owner::A {
                    x
                } else {
                    y
                }
            }
            (Some(x), None) => x,
            (None, Some(y)) => y,
            (None, None) => cand,
        };
        // Projections were taken in A's frame; shift them to world space.
        let world_axis = xf_a.q.apply(axis);
        let offset = xf_a.p.dot(world_axis);
        t.axes.push(SatAxisRecord {
            owner,
            edge,
            axis: world_axis,
            face: [xf_a.apply(face[0]), xf_a.apply(face[1])],
            interval_a: shift(ia, offset),
            interval_b: shift(ib, offset),
            separation,
            best_so_far,
        });
    };
    let na = a.normals();
    for i in 0..na.len() {
        let face = [va[i], va[(i + 1) % va.len()]];
        push(t, Owner::A, i, na[i], face);
    }
    let nb = b.normals();
    for j in 0..nb.len() {
        let face = [vb[j], vb[(j + 1) % vb.len()]];
        push(t, Owner::B, j, b_to_a.q.apply(nb[j]), face);
    }
}

/// The face search of [`best_face`] four faces at a time (SSE2, part of every x86_64
/// CPU).
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

    /// The separations of `G` groups of four faces starting at `at[g]`: per lane
    /// `min_j (wx·nx + wy·ny) − (vx·nx + vy·ny)`, the scalar formula operation for
    /// operation, the vertices `other` met in order (`_mm_min_ps(d, lo)` keeps `lo`
    /// unless `d < lo`, as the scalar loop). The vertices in the outer loop, so each
    /// is broadcast once for all the groups (held in registers).
    #[inline(always)]
    fn seps<const G: usize>(
        ov: &[Vec2],
        on: &[Vec2],
        at: [usize; G],
        other: &[Vec2],
    ) -> [__m128; G] {
        // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
        unsafe {
            let n = at.map(|k| lanes4(on, k));
            let mut lo = [_mm_set1_ps(f32::INFINITY); G];
            for w in other {
                let (wx, wy) = (_mm_set1_ps(w.x), _mm_set1_ps(w.y));
                for g in 0..G {
                    let d = _mm_add_ps(_mm_mul_ps(wx, n[g].0), _mm_mul_ps(wy, n[g].1));
                    lo[g] = _mm_min_ps(d, lo[g]);
                }
            }
            let mut s = lo;
            for g in 0..G {
                let (vx, vy) = lanes4(ov, at[g]);
                let off = _mm_add_ps(_mm_mul_ps(vx, n[g].0), _mm_mul_ps(vy, n[g].1));
                s[g] = _mm_sub_ps(lo[g], off);
            }
            s
        }
    }

    /// First face of the largest separation and that separation, or `None` if there
    /// are fewer than 4 or more than 16 faces, `ov` and `on` differ in length, or
    /// every separation is NaN. Faces are taken in groups of four from 0, 4, 8, …; a
    /// last partial group is read as the last four faces (it overlaps the group
    /// before, which changes neither the maximum nor the set of faces reaching it).
    /// The maximum first (a NaN lane never enters it: `_mm_max_ps` keeps its second
    /// operand then), then bit `k` of a mask marks face `k` reaching it (a NaN equals
    /// nothing): the lowest set bit is the first face of the largest separation, as
    /// the scalar loop's `>` finds.
    #[inline]
    pub(super) fn best_face(ov: &[Vec2], on: &[Vec2], other: &[Vec2]) -> Option<(usize, f32)> {
        let count = ov.len();
        if !(4..=16).contains(&count) || on.len() != count {
            return None;
        }
        let last = count - 4;
        let hits = match count.div_ceil(4) {
            1 => hits(seps(ov, on, [0], other), [0]),
            2 => hits(seps(ov, on, [0, last], other), [0, last]),
            3 => hits(seps(ov, on, [0, 4, last], other), [0, 4, last]),
            _ => hits(seps(ov, on, [0, 4, 8, last], other), [0, 4, 8, last]),
        };
        hits.map(|(mask, max)| (mask.trailing_zeros() as usize, max))
    }

    /// The mask of faces reaching the largest separation (bit `at[g] + lane`) and
    /// that separation; `None` if all are NaN.
    #[inline(always)]
    fn hits<const G: usize>(s: [__m128; G], at: [usize; G]) -> Option<(u32, f32)> {
        // SAFETY: arithmetic on registers; SSE2 is in the x86_64 baseline.
        unsafe {
            let mut max = _mm_set1_ps(f32::NEG_INFINITY);
            for d in s {
                max = _mm_max_ps(d, max);
            }
            // Not NaN: spread the largest lane to all four.
            let max = _mm_max_ps(max, _mm_shuffle_ps::<0b01_00_11_10>(max, max));
            let max = _mm_max_ps(max, _mm_shuffle_ps::<0b10_11_00_01>(max, max));
            let mut mask = 0u32;
            for g in 0..G {
                mask |= (_mm_movemask_ps(_mm_cmpeq_ps(s[g], max)) as u32) << at[g];
            }
            (mask != 0).then(|| (mask, _mm_cvtss_f32(max)))
        }
    }
}

#[cfg(test)]
mod world_interval_tests {
    use super::*;

    /// Trace intervals are world projections: A's interval on its own face normal
    /// ends at that face's world position.
    #[test]
    fn trace_intervals_are_in_world_space() {
        let a = Shape::cuboid(Vec2::new(3.0, 2.5)).unwrap();
        let b = Shape::cuboid(Vec2::new(4.0, 1.5)).unwrap();
        let mut trace = SatTrace::default();
        separating_axis(
            &SatInput {
                shape_a: &a,
                transform_a: Transform::new(Vec2::new(11.0, 6.5), 0.0),
                shape_b: &b,
                transform_b: Transform::new(Vec2::new(8.0, 3.5), 0.0),
            },
            Some(&mut trace),
        );
        let up = trace
            .axes
            .iter()
            .find(|r| r.owner == Owner::A && (r.axis - Vec2::Y).length() < 1e-6)
            .unwrap();
        assert!(
            (up.interval_a[0] - 4.0).abs() < 1e-5 && (up.interval_a[1] - 9.0).abs() < 1e-5,
            "{up:?}"
        );
        assert!(
            (up.interval_b[0] - 2.0).abs() < 1e-5 && (up.interval_b[1] - 5.0).abs() < 1e-5,
            "{up:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    fn sat(a: &Shape, xa: Transform, b: &Shape, xb: Transform) -> SatOutput {
        separating_axis(
            &SatInput {
                shape_a: a,
                transform_a: xa,
                shape_b: b,
                transform_b: xb,
            },
            None,
        )
    }

    /// The rotating-calipers walk finds each shape's best face exactly as checking
    /// every vertex against every face does, on random polygons of 3 to 12 vertices.
    #[test]
    fn calipers_match_brute_force() {
        let mut seed = 0x5EEDu64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        let polygon = |rnd: &mut dyn FnMut() -> f32| {
            let n = 3 + (rnd() * 10.0) as usize;
            let (ax, ay) = (0.3 + rnd(), 0.3 + rnd());
            let mut t: Vec<f32> = (0..n).map(|_| rnd() * std::f32::consts::TAU).collect();
            t.sort_by(f32::total_cmp);
            let pts: Vec<Vec2> = t.iter().map(|t| v(ax * t.cos(), ay * t.sin())).collect();
            Shape::polygon(&pts, 0.0).ok()
        };
        let brute = |o: &Shape, xo: &Transform, other: &Shape, xt: &Transform| {
            let w: Vec<Vec2> = other
                .vertices()
                .iter()
                .map(|p| xo.apply_inv(xt.apply(*p)))
                .collect();
            o.vertices()
                .iter()
                .zip(o.normals())
                .map(|(v, n)| {
                    w.iter()
                        .map(|p| (*p - *v).dot(*n))
                        .fold(f32::INFINITY, f32::min)
                })
                .collect::<Vec<f32>>()
        };
        let mut checked = 0;
        for _ in 0..3000 {
            let (Some(a), Some(b)) = (polygon(&mut rnd), polygon(&mut rnd)) else {
                continue;
            };
            let xa = Transform::new(v(rnd() * 4.0 - 2.0, rnd() * 4.0 - 2.0), rnd() * 6.3);
            let xb = Transform::new(v(rnd() * 4.0 - 2.0, rnd() * 4.0 - 2.0), rnd() * 6.3);
            let mut t = SatTrace::default();
            separating_axis(
                &SatInput {
                    shape_a: &a,
                    transform_a: xa,
                    shape_b: &b,
                    transform_b: xb,
                },
                Some(&mut t),
            );
            for (best, seps) in [
                (t.best_a.unwrap(), brute(&a, &xa, &b, &xb)),
                (t.best_b.unwrap(), brute(&b, &xb, &a, &xa)),
            ] {
                let max = seps.iter().copied().fold(f32::NEG_INFINITY, f32::max);
                assert!(
                    (best.separation - max).abs() < 1e-5,
                    "{} vs {max}",
                    best.separation
                );
                assert!((seps[best.edge] - max).abs() < 1e-5);
                checked += 1;
            }
        }
        assert!(checked > 5000);
    }

    #[test]
    fn boxes_overlapping_along_x() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = sat(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(1.5, 0.2), 0.0),
        );
        assert!((out.separation + 0.5).abs() < 1e-6, "{out:?}");
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-6);
        assert_eq!(out.axis_owner, Owner::A);
        assert_eq!(out.edge, 1);
        assert_eq!(out.outcome, SatOutcome::Overlap);
        assert_eq!(out.axes_tested, 8);
    }

    #[test]
    fn separated_boxes_report_the_largest_gap() {
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let b = Shape::cuboid(v(0.5, 0.5)).unwrap();
        // B rotated 45°: its faces give a smaller gap than A's right face.
        let out = sat(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(3.0, 0.0), std::f32::consts::FRAC_PI_4),
        );
        let expected = 3.0 - 1.0 - 0.5 * 2f32.sqrt();
        assert!((out.separation - expected).abs() < 1e-5, "{out:?}");
        assert_eq!(out.outcome, SatOutcome::Separated);
        assert_eq!(out.choice, SatChoice::LargestSeparation);
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-6);
    }

    #[test]
    fn bias_keeps_a_until_b_is_clearly_better() {
        // Two equal boxes overlapping equally on both sides' faces: A wins the tie.
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = sat(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(0.0, 1.9), 0.0),
        );
        assert_eq!(out.axis_owner, Owner::A);
        assert_eq!(out.choice, SatChoice::BiasKeptA);
        // B slightly rotated: B's face is marginally better, still within the bias.
        let out = sat(
            &a,
            Transform::IDENTITY,
            &a,
            Transform::new(v(0.0, 1.9), 0.001),
        );
        assert_eq!(out.axis_owner, Owner::A);
        // A rotated instead: A's faces get worse by the tilt, B's stays flat; the tilt
        // is too small to beat 0.95·s_A + 0.01·h_B, so A is still kept...
        let out = sat(
            &a,
            Transform::new(Vec2::ZERO, 0.001),
            &a,
            Transform::new(v(0.0, 1.9), 0.0),
        );
        assert_eq!(out.axis_owner, Owner::A);
        // ...but a clear difference goes to B: A tilted 0.3 rad penetrates far deeper.
        let out = sat(
            &a,
            Transform::new(Vec2::ZERO, 0.3),
            &a,
            Transform::new(v(0.0, 2.2), 0.0),
        );
        assert_eq!(out.axis_owner, Owner::B, "{out:?}");
        assert_eq!(out.choice, SatChoice::BBeyondBias);
        assert!((out.normal - v(0.0, 1.0)).length() < 1e-6, "{out:?}");
    }

    #[test]
    fn circle_against_box_uses_the_box_faces_only() {
        let c = Shape::circle(0.5).unwrap();
        let b = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let out = sat(
            &c,
            Transform::new(v(0.0, 1.3), 0.0),
            &b,
            Transform::IDENTITY,
        );
        assert_eq!(out.axis_owner, Owner::B);
        assert_eq!(out.choice, SatChoice::OnlyB);
        assert_eq!(out.axes_tested, 4);
        assert!((out.separation + 0.2).abs() < 1e-6, "{out:?}");
        // From A (circle, above) to B (box, below): down.
        assert!((out.normal - v(0.0, -1.0)).length() < 1e-6);
    }

    #[test]
    fn circles_use_the_centre_line() {
        let c = Shape::circle(1.0).unwrap();
        let out = sat(
            &c,
            Transform::IDENTITY,
            &c,
            Transform::new(v(3.0, 4.0), 0.0),
        );
        assert_eq!(out.axis_kind, SatAxisKind::CentreLine);
        assert!((out.separation - 3.0).abs() < 1e-6);
        assert!((out.normal - v(0.6, 0.8)).length() < 1e-6);
        let out = sat(
            &c,
            Transform::new(v(1.0, 1.0), 0.5),
            &c,
            Transform::new(v(1.0, 1.0), 0.0),
        );
        assert_eq!(out.axis_kind, SatAxisKind::CoincidentCentres);
        assert!((out.separation + 2.0).abs() < 1e-6);
        assert!((out.normal.length() - 1.0).abs() < 1e-6);
    }

    #[test]
    fn rounded_shapes_subtract_radii() {
        let a = Shape::capsule(v(-1.0, 0.0), v(1.0, 0.0), 0.25).unwrap();
        let b = Shape::polygon(&[v(-1.0, 0.0), v(1.0, 0.0), v(0.0, 1.0)], 0.1).unwrap();
        let out = sat(
            &a,
            Transform::IDENTITY,
            &b,
            Transform::new(v(0.0, 0.5), 0.0),
        );
        // Core gap 0.5, radii 0.35.
        assert!((out.separation - 0.15).abs() < 1e-6, "{out:?}");
        assert!((out.normal - v(0.0, 1.0)).length() < 1e-6);
    }

    #[test]
    fn trace_has_one_record_per_axis_and_matches_the_output() {
        let a = Shape::polygon(&[v(4.0, 11.0), v(9.0, 9.0), v(4.0, 5.0)], 0.0).unwrap();
        let b = Shape::polygon(&[v(5.0, 7.0), v(12.0, 7.0), v(10.0, 2.0)], 0.0).unwrap();
        let mut t = SatTrace::default();
        let input = SatInput {
            shape_a: &a,
            transform_a: Transform::IDENTITY,
            shape_b: &b,
            transform_b: Transform::IDENTITY,
        };
        let out = separating_axis(&input, Some(&mut t));
        assert_eq!(t.axes.len(), 6);
        // PUBLIC_CASES 1: depth 0.93704 along (0.62470, −0.78087).
        assert!((out.separation + 0.93704).abs() < 1e-4, "{out:?}");
        assert!((out.normal - v(0.62470, -0.78087)).length() < 1e-4);
        let last = t.axes.last().unwrap().best_so_far;
        assert_eq!((last.owner, last.edge), (out.axis_owner, out.edge));
        assert!((last.separation - out.separation).abs() < 1e-5);
        for r in &t.axes {
            let s = match r.owner {
                Owner::A => r.interval_b[0] - r.interval_a[1],
                Owner::B => r.interval_a[0] - r.interval_b[1],
            };
            assert!((s - r.separation).abs() < 1e-6);
        }
        assert_eq!(separating_axis(&input, None), out);
    }

    /// Every face against every vertex gives the calipers' faces, and the SSE2 search
    /// the scalar loops' answer bit for bit: random convex polygons of 3 to 20
    /// vertices (so both the brute force and the calipers are used by the test's
    /// pairs), each against the other brought into its frame.
    #[test]
    fn brute_force_matches_calipers_and_scalar() {
        let mut seed = 0xB0_7EF0u64;
        let mut rnd = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed >> 40) as f32 / (1u64 << 24) as f32
        };
        let polygon = |rnd: &mut dyn FnMut() -> f32| {
            let n = 3 + (rnd() * 18.0) as usize;
            let (ax, ay) = (0.3 + rnd(), 0.3 + rnd());
            let mut t: Vec<f32> = (0..n).map(|_| rnd() * std::f32::consts::TAU).collect();
            t.sort_by(f32::total_cmp);
            let pts: Vec<Vec2> = t.iter().map(|t| v(ax * t.cos(), ay * t.sin())).collect();
            Shape::polygon(&pts, 0.0).ok()
        };
        let (mut checked, mut simd) = (0, 0);
        for _ in 0..3000 {
            let (Some(a), Some(b)) = (polygon(&mut rnd), polygon(&mut rnd)) else {
                continue;
            };
            let xf = Transform::new(v(rnd() * 4.0 - 2.0, rnd() * 4.0 - 2.0), rnd() * 6.3);
            let vb: Vec<Vec2> = b.vertices().iter().map(|p| xf.apply(*p)).collect();
            let nb: Vec<Vec2> = b.normals().iter().map(|n| xf.q.apply(*n)).collect();
            for (ov, on, other) in [
                (a.vertices(), a.normals(), &vb[..]),
                (&vb, &nb, a.vertices()),
            ] {
                let brute = best_face(ov, on, other);
                let scalar = best_face_scalar(ov, on, other);
                assert_eq!(brute.0, scalar.0);
                assert_eq!(brute.1.to_bits(), scalar.1.to_bits());
                let (edge, sep, _) = walk(ov, on, |n| n, other);
                assert_eq!(edge, brute.0, "{sep} vs {}", brute.1);
                assert_eq!(sep, brute.1);
                checked += 1;
                simd += (ov.len() >= 4 && ov.len() <= 16) as usize;
            }
        }
        assert!(checked > 5000 && simd > 3000, "{checked} {simd}");
    }
}
