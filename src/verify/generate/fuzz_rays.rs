//! The fuzzer's rays: each pair gets one ray against shape A and one against B,
//! drawn from a random stream of their own ([`RAY_STREAM_SALT`]), so the pairs of a
//! seed are the same with or without them.

use super::rays::{aimed, grazing};
use super::shapes::v2;
use crate::core::math::Transform;
use crate::core::raycast::RayInput;
use crate::core::shape::Shape;
use crate::core::support::SupportMap;
use crate::verify::{FuzzPair, Rng};
use glam::DVec2;

/// The salt of the rays' stream: `Rng::for_stream(seed, index, RAY_STREAM_SALT)`.
pub const RAY_STREAM_SALT: u64 = 0x5241_5953_5452_4d31;

/// How a fuzzer ray is drawn (the size `R` is the shape's bounding radius).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RayClass {
    /// From up to 3 `R` of the shape (one in ten from up to 50), aimed within 1.3 `R`
    /// of its centre.
    General,
    /// Along the tangent at a surface point, 1e-6 to 1e-1 `R` to either side.
    Grazing,
    /// Exactly along the tangent at a surface point (tangent to a circle or a
    /// rounded corner; through a sharp corner's support point).
    Tangent,
    /// Through a core vertex (a sharp corner, or the centre of a rounded one), in
    /// any direction.
    ThroughVertex,
    /// Parallel to an edge: along the core's edge line, along the surface's, or
    /// 1e-6 to 1e-1 `R` to either side of it.
    ParallelToEdge,
    /// From a surface point, in any direction.
    OriginOnBoundary,
    /// From a point between the centre and the surface, in any direction.
    OriginInside,
    /// A zero translation, or one whose square underflows f32 (a point query).
    ZeroLength,
}

impl RayClass {
    /// Every class, in the order of the report.
    pub const ALL: [RayClass; 8] = [
        RayClass::General,
        RayClass::Grazing,
        RayClass::Tangent,
        RayClass::ThroughVertex,
        RayClass::ParallelToEdge,
        RayClass::OriginOnBoundary,
        RayClass::OriginInside,
        RayClass::ZeroLength,
    ];

    /// Share of the rays, in percent (they add up to 100).
    const WEIGHTS: [u32; 8] = [35, 15, 8, 10, 12, 7, 8, 5];

    /// The class in words.
    pub fn name(self) -> &'static str {
        match self {
            RayClass::General => "general",
            RayClass::Grazing => "grazing",
            RayClass::Tangent => "tangent",
            RayClass::ThroughVertex => "through_vertex",
            RayClass::ParallelToEdge => "parallel_to_edge",
            RayClass::OriginOnBoundary => "origin_on_boundary",
            RayClass::OriginInside => "origin_inside",
            RayClass::ZeroLength => "zero_length",
        }
    }

    /// The position in [`RayClass::ALL`].
    pub fn index(self) -> usize {
        RayClass::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    fn draw(rng: &mut Rng) -> RayClass {
        let roll = rng.int(0, 99) as u32;
        let mut acc = 0;
        for (c, w) in RayClass::ALL.iter().zip(RayClass::WEIGHTS) {
            acc += w;
            if roll < acc {
                return *c;
            }
        }
        RayClass::General
    }
}

/// One fuzzer ray: its class and the world ray (`max_fraction` 1 always, the scene
/// format's rays, so a disagreement's scene holds the very ray).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FuzzRay {
    pub class: RayClass,
    pub ray: RayInput,
}

/// The two rays of `pair`: against shape A, then against shape B.
pub fn fuzz_rays(pair: &FuzzPair) -> [FuzzRay; 2] {
    let mut rng = Rng::for_stream(pair.seed, pair.index, RAY_STREAM_SALT);
    let a = random_ray(&mut rng, &pair.shape_a, &pair.transform_a());
    let b = random_ray(&mut rng, &pair.shape_b, &pair.transform_b());
    [a, b]
}

/// A ray of a random [`RayClass`] against `shape` placed by `xf`.
pub fn random_ray(rng: &mut Rng, shape: &Shape, xf: &Transform) -> FuzzRay {
    let class = RayClass::draw(rng);
    let radius = shape.bounding_radius() as f64;
    // A point at the shape's origin has no size: any scale will do.
    let size = if radius > 0.0 { radius } else { 1.0 };
    let centre = xf.apply(shape.centroid()).as_dvec2();
    let (origin, translation) = match class {
        RayClass::General => aimed(rng, centre, size),
        RayClass::Grazing => grazing(rng, shape, xf, size),
        RayClass::Tangent => tangent(rng, shape, xf, size),
        RayClass::ThroughVertex => through_vertex(rng, shape, xf, size),
        RayClass::ParallelToEdge => parallel_to_edge(rng, shape, xf, size),
        RayClass::OriginOnBoundary => {
            let p = surface_point(rng, shape, xf);
            (p, rng.unit_vector() * size * rng.range(0.3, 3.0))
        }
        RayClass::OriginInside => {
            let origin = inside_point(rng, shape, xf, centre);
            (origin, rng.unit_vector() * size * rng.range(0.1, 3.0))
        }
        RayClass::ZeroLength => zero_length(rng, shape, xf, centre, size),
    };
    FuzzRay {
        class,
        ray: RayInput::new(v2(origin), v2(translation)),
    }
}

/// The surface point facing a random direction.
fn surface_point(rng: &mut Rng, shape: &Shape, xf: &Transform) -> DVec2 {
    let n = rng.unit_vector();
    shape.world_support(xf, v2(n)).as_dvec2()
}

/// A point from the centre towards the surface, 0 to 95 % of the way.
fn inside_point(rng: &mut Rng, shape: &Shape, xf: &Transform, centre: DVec2) -> DVec2 {
    let p = surface_point(rng, shape, xf);
    centre + (p - centre) * rng.range(0.0, 0.95)
}

/// Along the tangent at the surface point facing a random direction `n`, exactly.
fn tangent(rng: &mut Rng, shape: &Shape, xf: &Transform, size: f64) -> (DVec2, DVec2) {
    let n = rng.unit_vector();
    let p = shape.world_support(xf, v2(n)).as_dvec2();
    let along = DVec2::new(-n.y, n.x) * rng.sign();
    let before = size * rng.range(0.5, 2.0);
    (p - along * before, along * before * rng.range(1.2, 3.0))
}

/// Through a random core vertex in a random direction, ending before, at or past it.
fn through_vertex(rng: &mut Rng, shape: &Shape, xf: &Transform, size: f64) -> (DVec2, DVec2) {
    let vs = shape.vertices();
    let v = xf.apply(vs[rng.below(vs.len())]).as_dvec2();
    let dir = rng.unit_vector();
    let before = size * rng.range(0.2, 2.0);
    (v - dir * before, dir * before * rng.range(0.5, 3.0))
}

/// Parallel to a random edge of the core (a circle: tangent instead), on the core's
/// edge line, on the surface's, or off either by a tiny offset.
fn parallel_to_edge(rng: &mut Rng, shape: &Shape, xf: &Transform, size: f64) -> (DVec2, DVec2) {
    let vs = shape.vertices();
    if vs.len() < 2 {
        return tangent(rng, shape, xf, size);
    }
    let i = rng.below(vs.len());
    let (a, b) = (
        xf.apply(vs[i]).as_dvec2(),
        xf.apply(vs[(i + 1) % vs.len()]).as_dvec2(),
    );
    let Some(e) = (b - a).try_normalize() else {
        return tangent(rng, shape, xf, size);
    };
    // Outward for a counter-clockwise polygon; a segment's side is drawn below.
    let out = DVec2::new(e.y, -e.x) * if vs.len() == 2 { rng.sign() } else { 1.0 };
    let r = shape.radius() as f64;
    let offset = match rng.below(4) {
        0 => 0.0,
        1 => r,
        2 => r + rng.sign() * size * rng.log_range(-6.0, -1.0),
        _ => rng.sign() * size * rng.log_range(-6.0, -1.0),
    };
    let dir = e * rng.sign();
    let mid = a + (b - a) * rng.range(0.0, 1.0) + out * offset;
    let before = size * rng.range(0.2, 2.0);
    (mid - dir * before, dir * before * rng.range(0.5, 3.0))
}

/// A point ray: outside, on the surface or inside; its translation zero or a vector
/// whose square underflows f32.
fn zero_length(
    rng: &mut Rng,
    shape: &Shape,
    xf: &Transform,
    centre: DVec2,
    size: f64,
) -> (DVec2, DVec2) {
    let origin = match rng.below(3) {
        0 => centre + rng.unit_vector() * size * rng.range(0.0, 3.0),
        1 => surface_point(rng, shape, xf),
        _ => inside_point(rng, shape, xf, centre),
    };
    let translation = if rng.coin() {
        DVec2::ZERO
    } else {
        rng.unit_vector() * 1.0e-25
    };
    (origin, translation)
}
