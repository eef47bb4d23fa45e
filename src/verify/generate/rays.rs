//! Random rays: the ray tests' cases ([`random_ray_case`]: a random shape of a
//! [`RayKind`] and a ray, general or grazing) and the fuzzer's rays against a pair's
//! shapes ([`fuzz_rays`], every [`RayClass`] of degenerate ray among them).

use super::shapes::v2;
use crate::core::math::Transform;
use crate::core::raycast::RayInput;
use crate::core::shape::{Geometry, Shape};
use crate::core::support::SupportMap;
use crate::verify::{ellipse_points, Rng};
use glam::{DVec2, Vec2};

/// The shape kinds of the ray tests (`random_ray_case`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum RayKind {
    Circle,
    Polygon,
    Hull,
    Box,
    RoundedPolygon,
    RoundedBox,
    Capsule,
    Segment,
    /// A box, polygon or capsule of aspect 1e-3.
    Sliver,
}

impl RayKind {
    /// Every kind.
    pub const ALL: [RayKind; 9] = [
        RayKind::Circle,
        RayKind::Polygon,
        RayKind::Hull,
        RayKind::Box,
        RayKind::RoundedPolygon,
        RayKind::RoundedBox,
        RayKind::Capsule,
        RayKind::Segment,
        RayKind::Sliver,
    ];

    /// The kind in words.
    pub fn name(self) -> &'static str {
        match self {
            RayKind::Circle => "circle",
            RayKind::Polygon => "polygon",
            RayKind::Hull => "random hull",
            RayKind::Box => "box",
            RayKind::RoundedPolygon => "rounded polygon",
            RayKind::RoundedBox => "rounded box",
            RayKind::Capsule => "capsule",
            RayKind::Segment => "segment",
            RayKind::Sliver => "sliver",
        }
    }
}

/// One ray against one placed shape.
#[derive(Clone, Debug)]
pub struct RayCase {
    /// The shape's kind, the shape, its pose, the world ray.
    pub kind: RayKind,
    pub shape: Shape,
    pub xf: Transform,
    pub ray: RayInput,
}

fn ray_geometry(rng: &mut Rng, kind: RayKind, s: f64) -> Geometry {
    let c = DVec2::new(rng.range(-0.3, 0.3) * s, rng.range(-0.3, 0.3) * s);
    let fat = rng.range(0.3, 1.0);
    let rounding = |rng: &mut Rng| (s * rng.range(0.02, 0.3)) as f32;
    let stick = |rng: &mut Rng, thin: bool| {
        let d = rng.unit_vector() * (0.5 * s * rng.range(0.4, 2.0));
        let radius = if thin {
            1.0e-3 * s
        } else {
            s * rng.range(0.05, 0.5)
        };
        (v2(c + d), v2(c - d), radius as f32)
    };
    match kind {
        RayKind::Circle => Geometry::Circle {
            radius: (s * rng.range(0.3, 1.0)) as f32,
        },
        RayKind::Polygon | RayKind::RoundedPolygon => {
            let n = rng.int(3, 8);
            let points = ellipse_points(rng, n, s, s * fat, c);
            let radius = if kind == RayKind::RoundedPolygon {
                rounding(rng)
            } else {
                0.0
            };
            Geometry::Polygon { points, radius }
        }
        RayKind::Hull => {
            let pts: Vec<Vec2> = (0..rng.int(3, 20))
                .map(|_| v2(c + rng.unit_vector() * s * rng.unit().sqrt()))
                .collect();
            match crate::core::hull::convex_hull(&pts) {
                Ok(h) if (3..=8).contains(&h.len()) => Geometry::Polygon {
                    points: h,
                    radius: 0.0,
                },
                _ => Geometry::Polygon {
                    points: ellipse_points(rng, 5, s, s * fat, c),
                    radius: 0.0,
                },
            }
        }
        RayKind::Box | RayKind::RoundedBox => Geometry::Box {
            half_extents: v2(DVec2::new(s * rng.range(0.3, 1.0), s * rng.range(0.3, 1.0))),
            radius: if kind == RayKind::RoundedBox {
                rounding(rng)
            } else {
                0.0
            },
        },
        RayKind::Capsule => {
            let (a, b, radius) = stick(rng, false);
            Geometry::Capsule { a, b, radius }
        }
        RayKind::Segment => {
            let (a, b, _) = stick(rng, false);
            Geometry::Segment { a, b }
        }
        RayKind::Sliver => match rng.int(0, 2) {
            0 => Geometry::Box {
                half_extents: v2(DVec2::new(s, s * 1.0e-3)),
                radius: 0.0,
            },
            1 => {
                let n = rng.int(3, 8);
                Geometry::Polygon {
                    points: ellipse_points(rng, n, s, s * 1.0e-3, c),
                    radius: 0.0,
                }
            }
            _ => {
                let (a, b, radius) = stick(rng, true);
                Geometry::Capsule { a, b, radius }
            }
        },
    }
}

/// Case `index` of kind `kind` in run `seed`: a shape of size 0.1 to 10 placed
/// within ±10 sizes of the world origin, a ray from up to 3 bounding radii of its
/// centre (one in ten from up to 50), aimed within 1.3 radii of the centre, its
/// translation 0.3 to 2.5 times that distance; or (one in five) a grazing ray: along
/// the tangent at a surface point, offset across it by 1e-6 to 1e-1 of the size to
/// either side. `max_fraction` 1, or (one in five) uniform in [0, 2].
pub fn random_ray_case(seed: u64, index: u64, kind: RayKind) -> RayCase {
    let mut rng = Rng::for_pair(seed, index);
    let rng = &mut rng;
    let s = rng.log_range(-1.0, 1.0);
    let shape = loop {
        // A polygon too flat for the validator (rare): draw again.
        if let Ok(shape) = Shape::new(ray_geometry(rng, kind, s)) {
            break shape;
        }
    };
    let xf = Transform::new(rng.vec(-10.0 * s, 10.0 * s), rng.angle());
    let centre = xf.apply(shape.centroid()).as_dvec2();
    let big_r = shape.bounding_radius() as f64;
    let (origin, translation) = if rng.chance(0.2) {
        grazing(rng, &shape, &xf, s)
    } else {
        aimed(rng, centre, big_r)
    };
    let max_fraction = if rng.chance(0.8) {
        1.0
    } else {
        rng.range(0.0, 2.0) as f32
    };
    RayCase {
        kind,
        shape,
        xf,
        ray: RayInput {
            origin: v2(origin),
            translation: v2(translation),
            max_fraction,
        },
    }
}

/// A ray from up to 3 bounding radii `big_r` of `centre` (one in ten from up to 50),
/// aimed within 1.3 radii of the centre, its translation 0.3 to 2.5 times that
/// distance.
pub(super) fn aimed(rng: &mut Rng, centre: DVec2, big_r: f64) -> (DVec2, DVec2) {
    let reach = if rng.chance(0.1) {
        rng.range(3.0, 50.0)
    } else {
        rng.range(0.0, 3.0)
    };
    let origin = centre + rng.unit_vector() * big_r * reach;
    let aim = centre + rng.unit_vector() * big_r * 1.3 * rng.unit().sqrt();
    let dir = match (aim - origin).try_normalize() {
        Some(_) => aim - origin,
        None => rng.unit_vector() * big_r,
    };
    (origin, dir * rng.range(0.3, 2.5))
}

/// A ray along the tangent at the surface point facing a random direction `n`,
/// moved across by a tiny signed offset, starting 0.5 to 2 sizes before the point.
pub(super) fn grazing(rng: &mut Rng, shape: &Shape, xf: &Transform, s: f64) -> (DVec2, DVec2) {
    let n = rng.unit_vector();
    let p = shape.world_support(xf, v2(n)).as_dvec2();
    let tangent = DVec2::new(-n.y, n.x) * rng.sign();
    let offset = rng.sign() * s * rng.log_range(-6.0, -1.0);
    let before = s * rng.range(0.5, 2.0);
    let origin = p + n * offset - tangent * before;
    (origin, tangent * before * rng.range(1.2, 3.0))
}
