//! Shapes of every kind, built for both libraries from the same numbers
//! (`common::parry_shapes`), in this test's sizes.

use super::*;
use crate::common::parry_shapes::Sizes;
pub(crate) use crate::common::parry_shapes::{Kind, Sample};

pub(crate) const KINDS: [Kind; 7] = [
    Kind::Circle,
    Kind::Polygon,
    Kind::Box,
    Kind::Capsule,
    Kind::Segment,
    Kind::RoundedPolygon,
    Kind::RoundedBox,
];

/// Polygons of 3 to 12 vertices, half on ellipses (edges of very different lengths),
/// half hulls of clouds of up to 24 points.
const SIZES: Sizes = Sizes {
    ellipses: true,
    max_vertices: 12,
    cloud_points: (3, 24),
    spread: (0.2, 2.0),
    centre: (-1.0, 1.0),
    circle_radius: (0.1, 2.0),
    rounding: (0.05, 0.6),
    half_extents: (0.1, 2.0),
    capsule_radius: (0.05, 1.0),
    ends: (-1.5, 1.5),
    min_length: 0.05,
};

pub(crate) fn random_sample(rng: &mut Rng, kind: Kind) -> Sample {
    crate::common::parry_shapes::random_sample(rng, kind, &SIZES)
}
