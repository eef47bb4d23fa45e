//! Shapes of every kind but the rounded box, built for both libraries from the same
//! numbers (`common::parry_shapes`), in this test's sizes.

use super::*;
use crate::common::parry_shapes::Sizes;
pub(crate) use crate::common::parry_shapes::{Kind, Sample};

pub(crate) const KINDS: [Kind; 6] = [
    Kind::Circle,
    Kind::Polygon,
    Kind::Box,
    Kind::Capsule,
    Kind::Segment,
    Kind::RoundedPolygon,
];

/// Polygons of 3 to 10 vertices, hulls of clouds of up to 14 points.
const SIZES: Sizes = Sizes {
    ellipses: false,
    max_vertices: 10,
    cloud_points: (3, 14),
    spread: (0.2, 1.5),
    centre: (-0.5, 0.5),
    circle_radius: (0.1, 1.2),
    rounding: (0.05, 0.5),
    half_extents: (0.1, 1.5),
    capsule_radius: (0.05, 0.8),
    ends: (-1.2, 1.2),
    min_length: 0.1,
};

pub(crate) fn random_sample(rng: &mut Rng, kind: Kind) -> Sample {
    crate::common::parry_shapes::random_sample(rng, kind, &SIZES)
}
