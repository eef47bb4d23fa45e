//! Pair generation: pair `index` of run `seed` from those two numbers alone.

use super::*;
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::shape::{Geometry, Pose, Shape};
use crate::scene::build::PairInputs;
use crate::scene::Settings;
use glam::{DVec2, Vec2};

mod chains;
mod fuzz_rays;
mod placement;
mod rays;
mod rotating;
mod shapes;

pub use chains::{chain_case, ChainCase, ChainClass, ChainForm, CHAIN_KINDS, CHAIN_STREAM_SALT};
pub use fuzz_rays::{fuzz_rays, random_ray, FuzzRay, RayClass, RAY_STREAM_SALT};
pub use rays::{random_ray_case, RayCase, RayKind};

pub use placement::world_core;
use placement::{place, place_parallel, random_gap, random_velocities, Gap};
use rotating::rotating_pair;
pub use shapes::ellipse_points;
use shapes::{make_shape, random_edged_kind, random_kind, v2};

/// One generated pair: shapes, poses and velocities (the step runs from t = 0 to 1).
#[derive(Clone, Debug, PartialEq)]
pub struct FuzzPair {
    pub seed: u64,
    pub index: u64,
    pub family: Family,
    pub kind_a: Kind,
    pub kind_b: Kind,
    pub shape_a: Shape,
    pub pose_a: Pose,
    pub velocity_a: Vec2,
    pub shape_b: Shape,
    pub pose_b: Pose,
    pub velocity_b: Vec2,
    /// Turns over the step (radians, counter-clockwise about each position); 0 but in
    /// the rotating family.
    pub angular_velocity_a: f32,
    pub angular_velocity_b: f32,
}

impl FuzzPair {
    /// Shapes `a` and `b` of a scene as a pair the exact references can be computed
    /// for (seed and index 0, family general; the kinds read from the geometry).
    pub fn from_scene(scene: &crate::scene::Scene, a: usize, b: usize) -> FuzzPair {
        let kind = |s: &Shape| match s.geometry() {
            Geometry::Circle { .. } => Kind::Circle,
            Geometry::Polygon { radius, .. } if *radius > 0.0 => Kind::RoundedPolygon,
            Geometry::Polygon { points, .. } if points.len() == 1 => Kind::Point,
            Geometry::Polygon { .. } => Kind::Polygon,
            Geometry::Box { radius, .. } if *radius > 0.0 => Kind::RoundedBox,
            Geometry::Box { .. } => Kind::Box,
            Geometry::Capsule { .. } => Kind::Capsule,
            Geometry::Segment { .. } => Kind::Segment,
        };
        let (sa, sb) = (&scene.shapes[a], &scene.shapes[b]);
        FuzzPair {
            seed: 0,
            index: 0,
            family: Family::General,
            kind_a: kind(&sa.shape),
            kind_b: kind(&sb.shape),
            shape_a: sa.shape.clone(),
            pose_a: sa.pose,
            velocity_a: sa.velocity,
            shape_b: sb.shape.clone(),
            pose_b: sb.pose,
            velocity_b: sb.velocity,
            angular_velocity_a: sa.angular_velocity,
            angular_velocity_b: sb.angular_velocity,
        }
    }

    /// The pair as query inputs, through the scene's one builder.
    pub fn inputs<'a>(&'a self, settings: &'a Settings) -> PairInputs<'a> {
        PairInputs {
            pair: PosedPair::new(
                &self.shape_a,
                self.transform_a(),
                &self.shape_b,
                self.transform_b(),
            ),
            velocity_a: self.velocity_a,
            velocity_b: self.velocity_b,
            angular_velocity_a: self.angular_velocity_a,
            angular_velocity_b: self.angular_velocity_b,
            settings,
        }
    }

    pub fn transform_a(&self) -> Transform {
        self.pose_a.transform()
    }
    pub fn transform_b(&self) -> Transform {
        self.pose_b.transform()
    }
}

/// The drawn part of a pair: kinds, shapes, poses and velocities.
struct Drawn {
    kind_a: Kind,
    kind_b: Kind,
    shape_a: Shape,
    shape_b: Shape,
    pose_a: Pose,
    pose_b: Pose,
    velocity_a: Vec2,
    velocity_b: Vec2,
    angular_velocity_a: f32,
    angular_velocity_b: f32,
}

impl Drawn {
    /// A still pair.
    fn still(kinds: (Kind, Kind), a: Shape, b: Shape, pa: Pose, pb: Pose) -> Drawn {
        Drawn {
            kind_a: kinds.0,
            kind_b: kinds.1,
            shape_a: a,
            shape_b: b,
            pose_a: pa,
            pose_b: pb,
            velocity_a: Vec2::ZERO,
            velocity_b: Vec2::ZERO,
            angular_velocity_a: 0.0,
            angular_velocity_b: 0.0,
        }
    }
}

/// Pair `index` of run `seed`.
pub fn generate_pair(seed: u64, index: u64) -> FuzzPair {
    generate_pair_in(seed, index, None)
}

/// Pair `index` of run `seed`, of `family` when given: the family is drawn as usual
/// and then replaced, so a pair whose drawn family is `family` is the same pair
/// either way (`fuzz --family F --seed S --start I --count 1` reproduces pair I of any
/// run in which it has family F).
pub fn generate_pair_in(seed: u64, index: u64, family: Option<Family>) -> FuzzPair {
    let mut rng = Rng::for_pair(seed, index);
    let drawn = random_family(&mut rng);
    let family = family.unwrap_or(drawn);
    let rng = &mut rng;
    let d = match family {
        Family::General | Family::Touching | Family::Moving => general_pair(rng, family),
        Family::NearlyParallel => parallel_pair(rng),
        Family::TinyHuge => tiny_huge_pair(rng),
        Family::LargeCoordinates => large_coordinates_pair(rng),
        Family::Sliver => sliver_pair(rng),
        Family::Coincident => coincident_pair(rng),
        Family::Rotating => rotating_pair(rng),
    };
    FuzzPair {
        seed,
        index,
        family,
        kind_a: d.kind_a,
        kind_b: d.kind_b,
        shape_a: d.shape_a,
        pose_a: d.pose_a,
        velocity_a: d.velocity_a,
        shape_b: d.shape_b,
        pose_b: d.pose_b,
        velocity_b: d.velocity_b,
        angular_velocity_a: d.angular_velocity_a,
        angular_velocity_b: d.angular_velocity_b,
    }
}

/// A family drawn by its weight (percent).
fn random_family(rng: &mut Rng) -> Family {
    let roll = rng.int(0, 99) as u32;
    let mut acc = 0;
    for (f, w) in Family::ALL.iter().zip(Family::WEIGHTS) {
        acc += w;
        if roll < acc {
            return *f;
        }
    }
    Family::General
}

/// General, touching and moving pairs: any kinds of similar size, placed at the
/// family's gap; moving pairs also get velocities.
fn general_pair(rng: &mut Rng, family: Family) -> Drawn {
    let (ka, kb) = (random_kind(rng), random_kind(rng));
    let (sa, sb) = (rng.log_range(-0.3, 0.3), rng.log_range(-0.3, 0.3));
    let a = make_shape(rng, ka, sa, false);
    let b = make_shape(rng, kb, sb, false);
    let s = sa.min(sb);
    let gap = match family {
        Family::Touching => {
            if rng.chance(0.5) {
                Gap::At(0.0)
            } else {
                Gap::At(rng.range(-1.0, 1.0) * 1.0e-6 * s)
            }
        }
        Family::Moving => {
            let u = rng.unit();
            if u < 0.85 {
                Gap::At(s * rng.range(0.05, 3.0))
            } else if u < 0.95 {
                Gap::At(0.0)
            } else {
                Gap::Overlap
            }
        }
        _ => random_gap(rng, s),
    };
    let pos_a = DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
    let (pa, pb) = place(rng, &a, &b, pos_a, gap);
    let (velocity_a, velocity_b) = if family == Family::Moving {
        random_velocities(rng, &a, &pa, &b, &pb, sa + sb)
    } else {
        (Vec2::ZERO, Vec2::ZERO)
    };
    Drawn {
        velocity_a,
        velocity_b,
        ..Drawn::still((ka, kb), a, b, pa, pb)
    }
}

/// Two edged shapes with faces nearly anti-parallel and nearly touching.
fn parallel_pair(rng: &mut Rng) -> Drawn {
    let (ka, kb) = (random_edged_kind(rng), random_edged_kind(rng));
    let (sa, sb) = (rng.log_range(-0.3, 0.3), rng.log_range(-0.3, 0.3));
    let a = make_shape(rng, ka, sa, false);
    let b = make_shape(rng, kb, sb, false);
    let (pa, pb) = place_parallel(rng, &a, &b, sa.min(sb));
    Drawn::still((ka, kb), a, b, pa, pb)
}

/// A shape of size ~1e-2 and one of size ~1e2 (either order), at a gap of the tiny
/// one's scale.
fn tiny_huge_pair(rng: &mut Rng) -> Drawn {
    let (ka, kb) = (random_kind(rng), random_kind(rng));
    let tiny = 1.0e-2 * rng.log_range(-0.2, 0.2);
    let huge = 1.0e2 * rng.log_range(-0.2, 0.2);
    let (sa, sb) = if rng.chance(0.5) {
        (tiny, huge)
    } else {
        (huge, tiny)
    };
    let a = make_shape(rng, ka, sa, false);
    let b = make_shape(rng, kb, sb, false);
    let gap = random_gap(rng, tiny);
    let pos_a = DVec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * sa;
    let (pa, pb) = place(rng, &a, &b, pos_a, gap);
    Drawn::still((ka, kb), a, b, pa, pb)
}

/// A pair placed 1e3 to 1e5 from the origin.
fn large_coordinates_pair(rng: &mut Rng) -> Drawn {
    let (ka, kb) = (random_kind(rng), random_kind(rng));
    let (sa, sb) = (rng.log_range(-0.3, 0.7), rng.log_range(-0.3, 0.7));
    let a = make_shape(rng, ka, sa, false);
    let b = make_shape(rng, kb, sb, false);
    let gap = random_gap(rng, sa.min(sb));
    let offset = DVec2::new(
        rng.sign() * rng.log_range(3.0, 5.0),
        rng.sign() * rng.log_range(3.0, 5.0),
    );
    let (pa, pb) = place(rng, &a, &b, offset, gap);
    Drawn::still((ka, kb), a, b, pa, pb)
}

/// An edged sliver (aspect 1e-3) against any shape, itself a sliver half the time.
fn sliver_pair(rng: &mut Rng) -> Drawn {
    let ka = random_edged_kind(rng);
    let kb = random_kind(rng);
    let (sa, sb) = (rng.log_range(-0.3, 0.3), rng.log_range(-0.3, 0.3));
    let a = make_shape(rng, ka, sa, true);
    let b_sliver = rng.chance(0.5);
    let b = make_shape(rng, kb, sb, b_sliver);
    let gap = random_gap(rng, sa.min(sb));
    let pos_a = DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
    let (pa, pb) = place(rng, &a, &b, pos_a, gap);
    // Either order: the sliver as A or as B.
    if rng.chance(0.5) {
        Drawn::still((ka, kb), a, b, pa, pb)
    } else {
        Drawn::still((kb, ka), b, a, pb, pa)
    }
}

/// A shape against itself: same pose, turned about the same position, or moved 1e-6.
fn coincident_pair(rng: &mut Rng) -> Drawn {
    let ka = random_kind(rng);
    let s = rng.log_range(-0.3, 0.3);
    let a = make_shape(rng, ka, s, false);
    let pa = Pose::new(
        v2(DVec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0))),
        rng.angle(),
    );
    let u = rng.unit();
    let pb = if u < 0.5 {
        pa
    } else if u < 0.75 {
        Pose::new(pa.position, rng.angle())
    } else {
        let d = rng.unit_vector() * 1.0e-6 * s;
        Pose::new(pa.position + v2(d), pa.angle)
    };
    Drawn::still((ka, ka), a.clone(), a, pa, pb)
}
