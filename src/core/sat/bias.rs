//! The reference-face bias, two presets ([`SatBias`]): Box2D v3's (B's face when
//! strictly better, A's on a tie) and Box2D-Lite's (`relativeTol` / `absoluteTol`): between A's
//! best face and B's, B wins a penetrating pair only when clearly better
//! ([`choose_owner`], [`bias_threshold`], the face's length scale [`face_scale`]), so
//! the reference face does not flip-flop between frames. [`choose_axis`] applies it to
//! the two best faces, computing B's centroid distance only when it decides.

use super::{Owner, SatBest, SatChoice};
use crate::core::consts::{SAT_ABSOLUTE_TOLERANCE, SAT_RELATIVE_TOLERANCE};
use crate::core::settings::SatBias;
use crate::core::shape::Shape;

/// The selection rule between A's best separation and B's best separation
/// (both radii-subtracted). `h_b` is the length scale of B's face (see the module
/// docs). Returns the winner and how it was chosen. Shared with `box_box/` so the
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

/// The winner between A's best face and B's (either missing for a circle), how it was
/// chosen, and the bias threshold when it was computed. `b_width` is the width of B's
/// core along its best face's normal (see `axes::Faces`); with `tracing` the threshold
/// is always computed when the bias applies.
#[inline]
pub(super) fn choose_axis(
    best_a: Option<SatBest>,
    best_b: Option<SatBest>,
    b_width: f32,
    b: &Shape,
    bias: SatBias,
    tracing: bool,
) -> (SatBest, SatChoice, Option<f32>) {
    match (best_a, best_b) {
        (Some(ba), Some(bb)) if bias == SatBias::Box2dV3 => {
            // Box2D v3.1+ (`b2CollidePolygons`, `separationA >= separationB`): B's face
            // only when strictly better. (v3.0 asked for 0.1 × linear slop more; the
            // Box2D that boxdd vendors, v3.2, does not.)
            let th = ba.separation;
            if bb.separation > th {
                (bb, SatChoice::BBeyondBias, Some(th))
            } else {
                (ba, SatChoice::BiasKeptA, Some(th))
            }
        }
        (Some(ba), Some(bb)) => {
            // `h_B` (a centroid) is needed only when it decides: `0 ≤ h_B ≤ width + rB`
            // (the centroid lies within B's width along the face normal), so
            // `s_B ≤ 0.95·s_A` keeps A and `s_B > 0.95·s_A + 0.01·(width + rB)` gives B
            // whatever `h_B` is exactly.
            let separated = ba.separation > 0.0 || bb.separation > 0.0;
            let h_max = b_width + b.radius();
            let needs_h = !separated
                && ((bb.separation > SAT_RELATIVE_TOLERANCE * ba.separation
                    && bb.separation <= bias_threshold(ba.separation, h_max))
                    || tracing);
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
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{sat, sat_with, v};
    use super::super::*;
    use crate::core::math::Transform;
    use crate::core::shape::Shape;
    use glam::Vec2;

    #[test]
    fn box2d_v3_takes_b_when_better_where_lite_keeps_a() {
        // A tilted 0.05 rad under a flat B: B's face penetrates less than A's, well
        // within Lite's 0.95·s_A + 0.01·h_B.
        let a = Shape::cuboid(v(1.0, 1.0)).unwrap();
        let (xa, xb) = (
            Transform::new(Vec2::ZERO, 0.05),
            Transform::new(v(0.0, 1.9), 0.0),
        );
        let v3 = sat_with(SatBias::Box2dV3, &a, xa, &a, xb);
        assert_eq!(v3.axis_owner, Owner::B, "{v3:?}");
        assert_eq!(v3.choice, SatChoice::BBeyondBias);
        let lite = sat(&a, xa, &a, xb);
        assert_eq!(lite.axis_owner, Owner::A, "{lite:?}");
        // On a tie (equal faces), v3 keeps A too.
        let tie = sat_with(SatBias::Box2dV3, &a, Transform::IDENTITY, &a, xb);
        assert_eq!(tie.axis_owner, Owner::A);
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
}
