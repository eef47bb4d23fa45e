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
//! every face against every vertex (`axes::best_face`, four faces at a time with SSE2 on
//! x86_64). Larger ones: rotating calipers (`calipers::walk`), `m + n + m` dot products,
//! then the winner re-checked against every vertex. Both give the same face and the
//! same separation (the same dot products, rounded the same way; checked by the
//! test `brute_force_matches_calipers_and_scalar`). Cores of 1 or 2 vertices: every
//! face against every vertex, one at a time.
//!
//! ## Where each part lives
//! - this module: inputs and outputs, [`separating_axis`], the line of centres;
//! - `axes`: the candidate face axes, each shape's best face (`calipers`: the walk
//!   for large polygons; `sse2`: four faces at a time);
//! - `bias`: the choice between A's best face and B's ([`choose_owner`]);
//! - `trace`: [`SatTrace`] and its per-axis records.

mod axes;
mod bias;
mod calipers;
#[cfg(target_arch = "x86_64")]
mod sse2;
mod trace;

pub use self::bias::{bias_threshold, choose_owner, face_scale};
pub use self::trace::{SatAxisRecord, SatTrace};

use self::axes::best_faces;
use self::bias::choose_axis;
use self::trace::{record_axes, record_centre_line};
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::record::Record;
pub use crate::core::settings::SatBias;
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
        crate::core::names::variant_name(&self)
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
        crate::core::names::variant_name(&self)
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
        crate::core::names::variant_name(&self)
    }
}

/// The outcome of the test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SatTermination {
    /// The chosen separation is ≤ 0: the shapes touch or overlap along every face axis.
    Overlap,
    /// The chosen separation is > 0: this axis separates the shapes.
    Separated,
}

impl SatTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// Input of [`separating_axis`].
#[derive(Clone, Copy, Debug)]
pub struct SatInput<'a> {
    /// Shape A and shape B, each with its pose.
    pub pair: PosedPair<'a>,
    /// The reference-face rule between A's best face and B's.
    pub bias: SatBias,
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
    #[serde(rename = "outcome")]
    pub termination: SatTermination,
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

/// The separating axis test. `trace`, when given, is cleared and filled with one
/// record per axis (no allocation happens without it).
pub fn separating_axis(input: &SatInput, mut trace: Option<&mut SatTrace>) -> SatOutput {
    let xf_a = input.pair.transform_a;
    let (a, b) = (input.pair.shape_a, input.pair.shape_b);
    let radii = a.radius() + b.radius();
    let b_to_a = input.pair.b_in_a();
    trace.record(|t| {
        *t = SatTrace::default();
    });

    // Two circles: the line of centres.
    if a.normals().is_empty() && b.normals().is_empty() {
        return centre_line(input, &b_to_a, trace);
    }

    // Every face of A against B's vertices, every face of B against A's, in A's
    // frame (B's normals rotated into it).
    let f = best_faces(a, b, &b_to_a, radii);
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
    let (winner, choice, threshold) =
        choose_axis(best_a, best_b, f.b_width, b, input.bias, trace.is_some());
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
        // Whether any axis separates: with Box2D v3's rule the chosen face may be A's
        // while B's (better by less than 0.1 × slop) separates.
        termination: outcome_of(
            best_a
                .iter()
                .chain(best_b.iter())
                .map(|x| x.separation)
                .fold(winner.separation, f32::max),
        ),
        axes_tested: (a.normals().len() + b.normals().len()) as u32,
    };

    trace.record(|t| {
        let vb: Vec<Vec2> = b.vertices().iter().map(|p| b_to_a.apply(*p)).collect();
        record_axes(t, input, &b_to_a, a.vertices(), &vb);
        t.best_a = best_a;
        t.best_b = best_b;
        t.bias_threshold = threshold;
        t.choice = Some(choice);
        t.output = Some(out);
    });
    out
}

/// Two 1-vertex cores (circles), no face axis: the line of centres (owner A, edge 0),
/// or A's local +y when the centres coincide.
fn centre_line(
    input: &SatInput,
    b_to_a: &Transform,
    mut trace: Option<&mut SatTrace>,
) -> SatOutput {
    let xf_a = input.pair.transform_a;
    let (a, b) = (input.pair.shape_a, input.pair.shape_b);
    let radii = a.radius() + b.radius();
    let va = a.vertices();
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
        termination: outcome_of(separation),
        axes_tested: 1,
    };
    trace.record(|t| {
        record_centre_line(t, input, cb, axis, out);
    });
    out
}

fn outcome_of(separation: f32) -> SatTermination {
    if separation > 0.0 {
        SatTermination::Separated
    } else {
        SatTermination::Overlap
    }
}

/// Helpers shared by the SAT unit tests.
#[cfg(test)]
pub(super) mod test_util {
    use super::*;
    use crate::core::shape::Shape;

    pub(in crate::core::sat) fn v(x: f32, y: f32) -> Vec2 {
        Vec2::new(x, y)
    }

    /// SAT with a preset, trace off.
    pub(in crate::core::sat) fn sat_with(
        bias: SatBias,
        a: &Shape,
        xa: Transform,
        b: &Shape,
        xb: Transform,
    ) -> SatOutput {
        let input = SatInput {
            pair: PosedPair::new(a, xa, b, xb),
            bias,
        };
        separating_axis(&input, None)
    }

    /// SAT with Box2D-Lite's bias (what these tests were written for).
    pub(in crate::core::sat) fn sat(
        a: &Shape,
        xa: Transform,
        b: &Shape,
        xb: Transform,
    ) -> SatOutput {
        sat_with(SatBias::Box2dLite, a, xa, b, xb)
    }
}

#[cfg(test)]
mod tests {
    use super::test_util::{sat, v};
    use super::*;
    use crate::core::shape::Shape;

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
        assert_eq!(out.termination, SatTermination::Overlap);
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
        assert_eq!(out.termination, SatTermination::Separated);
        assert_eq!(out.choice, SatChoice::LargestSeparation);
        assert!((out.normal - v(1.0, 0.0)).length() < 1e-6);
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
}
