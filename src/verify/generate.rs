//! Pair generation: pair `index` of run `seed` from those two numbers alone.

use super::*;
use crate::core::hull::convex_hull;
use crate::core::math::Transform;
use crate::core::shape::{Geometry, Pose, Shape};
use crate::scene::build::PairInputs;
use crate::scene::Settings;
use glam::{DVec2, Vec2};

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
        }
    }

    /// The pair as query inputs, through the scene's one builder.
    pub fn inputs<'a>(&'a self, settings: &'a Settings) -> PairInputs<'a> {
        PairInputs {
            shape_a: &self.shape_a,
            transform_a: self.transform_a(),
            velocity_a: self.velocity_a,
            shape_b: &self.shape_b,
            transform_b: self.transform_b(),
            velocity_b: self.velocity_b,
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

pub(super) fn v2(p: DVec2) -> Vec2 {
    Vec2::new(p.x as f32, p.y as f32)
}

/// Points on an ellipse (semi-axes `rx`, `ry`) at jittered angles, counter-clockwise:
/// always in convex position; the jitter keeps consecutive angles ≥ 0.4·2π/n apart.
pub(super) fn ellipse_points(rng: &mut Rng, n: usize, rx: f64, ry: f64, c: DVec2) -> Vec<Vec2> {
    let phase = rng.range(0.0, std::f64::consts::TAU);
    (0..n)
        .map(|k| {
            let t = phase + std::f64::consts::TAU * (k as f64 + rng.range(-0.3, 0.3)) / n as f64;
            v2(c + DVec2::new(rx * t.cos(), ry * t.sin()))
        })
        .collect()
}

pub(super) fn random_geometry(rng: &mut Rng, kind: Kind, size: f64, sliver: bool) -> Geometry {
    let s = size;
    let c = DVec2::new(rng.range(-0.3, 0.3) * s, rng.range(-0.3, 0.3) * s);
    // Aspect: 1e-3 for slivers, else a fat shape.
    let thin = if sliver { 1.0e-3 } else { rng.range(0.3, 1.0) };
    let rounding = |rng: &mut Rng| {
        if sliver {
            s * 1.0e-3 * rng.range(0.1, 1.0)
        } else {
            s * rng.range(0.02, 0.3)
        }
    };
    match kind {
        Kind::Circle => Geometry::Circle {
            radius: (s * rng.range(0.3, 1.0)) as f32,
        },
        Kind::Polygon | Kind::RoundedPolygon => {
            let n = rng.int(3, 16);
            let points = ellipse_points(rng, n, s, s * thin, c);
            let radius = if kind == Kind::RoundedPolygon {
                rounding(rng) as f32
            } else {
                0.0
            };
            Geometry::Polygon { points, radius }
        }
        Kind::Hull => {
            let m = rng.int(3, 24);
            let angle = rng.range(0.0, std::f64::consts::TAU);
            let (ca, sa) = (angle.cos(), angle.sin());
            let pts: Vec<Vec2> = (0..m)
                .map(|_| {
                    // Uniform in the ellipse, turned by `angle`.
                    let r = rng.unit().sqrt();
                    let t = rng.range(0.0, std::f64::consts::TAU);
                    let p = DVec2::new(s * r * t.cos(), s * thin * r * t.sin());
                    v2(c + DVec2::new(ca * p.x - sa * p.y, sa * p.x + ca * p.y))
                })
                .collect();
            match convex_hull(&pts) {
                Ok(h) if (3..=16).contains(&h.len()) => Geometry::Polygon {
                    points: h,
                    radius: 0.0,
                },
                _ => Geometry::Polygon {
                    points: ellipse_points(rng, 5, s, s * thin, c),
                    radius: 0.0,
                },
            }
        }
        Kind::Box | Kind::RoundedBox => {
            let half = if sliver {
                DVec2::new(s, s * 1.0e-3)
            } else {
                DVec2::new(s * rng.range(0.3, 1.0), s * rng.range(0.3, 1.0))
            };
            let radius = if kind == Kind::RoundedBox {
                rounding(rng) as f32
            } else {
                0.0
            };
            Geometry::Box {
                half_extents: v2(half),
                radius,
            }
        }
        Kind::Capsule | Kind::Segment => {
            let len = s * rng.range(0.4, 2.0);
            let d = rng.unit_vector() * (0.5 * len);
            let (a, b) = (v2(c + d), v2(c - d));
            if kind == Kind::Segment {
                Geometry::Segment { a, b }
            } else {
                let radius = if sliver {
                    len * 1.0e-3
                } else {
                    s * rng.range(0.05, 0.5)
                };
                Geometry::Capsule {
                    a,
                    b,
                    radius: radius as f32,
                }
            }
        }
        Kind::Point => Geometry::Polygon {
            points: vec![v2(c)],
            radius: 0.0,
        },
    }
}

/// A valid shape of `kind` (validation retried with new random numbers; the last
/// resort, never needed in practice, is a box of the same size).
pub(super) fn make_shape(rng: &mut Rng, kind: Kind, size: f64, sliver: bool) -> Shape {
    for _ in 0..16 {
        if let Ok(s) = Shape::new(random_geometry(rng, kind, size, sliver)) {
            return s;
        }
    }
    let half = Vec2::new(size as f32, 0.5 * size as f32);
    Shape::cuboid(half)
        .or_else(|_| Shape::circle(1.0))
        .expect("a unit circle is a valid shape")
}

/// A core in world space, in f64, from the f32 pose as given (the rotation in f64 from
/// the f32 angle: the exact geometry the f32 inputs describe).
pub fn world_core(shape: &Shape, pose: &Pose) -> Vec<DVec2> {
    let (s, c) = (pose.angle as f64).sin_cos();
    let p = pose.position.as_dvec2();
    shape
        .vertices()
        .iter()
        .map(|v| {
            let v = v.as_dvec2();
            DVec2::new(c * v.x - s * v.y, s * v.x + c * v.y) + p
        })
        .collect()
}

pub(super) fn centroid(points: &[DVec2]) -> DVec2 {
    points.iter().copied().sum::<DVec2>() / points.len().max(1) as f64
}

/// Places B along a ray: B's position is `x0 + t·u`; `sd(x)` is the exact signed
/// distance with B at position `x` (convex in `t`, ≤ 0 at t = 0).
pub(super) struct Placer {
    /// Hull of the core differences with B at position 0 (B turned, A placed).
    pub(super) hull: Vec<DVec2>,
    pub(super) r: f64,
}

impl Placer {
    fn new(a_world: &[DVec2], b: &Shape, angle_b: f32) -> Placer {
        let b_rot = world_core(b, &Pose::new(Vec2::ZERO, angle_b));
        let diffs: Vec<DVec2> = b_rot
            .iter()
            .flat_map(|q| a_world.iter().map(move |p| *q - *p))
            .collect();
        Placer {
            hull: hull64(&diffs),
            r: 0.0,
        }
    }

    fn sd(&self, x: DVec2) -> f64 {
        sd_core(&self.hull, -x) - self.r
    }

    /// The `t ≥ 0` where `sd(x0 + t·u) = target`, given `sd(x0) ≤ target` (else 0).
    fn solve(&self, x0: DVec2, u: DVec2, target: f64, scale: f64) -> f64 {
        if self.sd(x0) > target {
            return 0.0;
        }
        let mut hi = scale.max(1e-12);
        for _ in 0..80 {
            if self.sd(x0 + u * hi) >= target {
                break;
            }
            hi *= 2.0;
        }
        let mut lo = 0.0;
        for _ in 0..80 {
            let mid = 0.5 * (lo + hi);
            if self.sd(x0 + u * mid) < target {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    }
}

/// Where B goes relative to A.
#[derive(Clone, Copy, Debug)]
pub(super) enum Gap {
    /// Overlapping: a random point between "centroids together" and touching.
    Overlap,
    /// At this exact signed distance (radii included).
    At(f64),
}

/// A random gap for a pair of size `s`: overlapping, apart, or within 1e-3 of touching.
pub(super) fn random_gap(rng: &mut Rng, s: f64) -> Gap {
    let u = rng.unit();
    if u < 0.4 {
        Gap::Overlap
    } else if u < 0.75 {
        Gap::At(s * rng.log_range(-3.0, 0.3))
    } else {
        Gap::At(rng.sign() * s * rng.log_range(-7.0, -3.0))
    }
}

/// A at `pos_a` (turned at random), B turned at random and moved from "core centroids
/// together" along a random direction to the gap.
pub(super) fn place(rng: &mut Rng, a: &Shape, b: &Shape, pos_a: DVec2, gap: Gap) -> (Pose, Pose) {
    let pose_a = Pose::new(v2(pos_a), rng.angle());
    let angle_b = rng.angle();
    let a_world = world_core(a, &pose_a);
    let mut placer = Placer::new(&a_world, b, angle_b);
    placer.r = (a.radius() + b.radius()) as f64;
    let b_rot = world_core(b, &Pose::new(Vec2::ZERO, angle_b));
    let x0 = centroid(&a_world) - centroid(&b_rot);
    let u = rng.unit_vector();
    let scale = (a.bounding_radius() + b.bounding_radius()) as f64;
    let t = match gap {
        Gap::Overlap => placer.solve(x0, u, 0.0, scale) * rng.unit(),
        Gap::At(target) => placer.solve(x0, u, target, scale),
    };
    (pose_a, Pose::new(v2(x0 + u * t), angle_b))
}

pub(super) fn random_kind(rng: &mut Rng) -> Kind {
    Kind::ALL[rng.int(0, Kind::ALL.len() - 1)]
}

pub(super) fn random_edged_kind(rng: &mut Rng) -> Kind {
    Kind::EDGED[rng.int(0, Kind::EDGED.len() - 1)]
}

/// Pair `index` of run `seed`.
pub fn generate_pair(seed: u64, index: u64) -> FuzzPair {
    let mut rng = Rng::for_pair(seed, index);
    let roll = rng.int(0, 99) as u32;
    let mut acc = 0;
    let mut family = Family::General;
    for (f, w) in Family::ALL.iter().zip(Family::WEIGHTS) {
        acc += w;
        if roll < acc {
            family = *f;
            break;
        }
    }
    let mut velocity_a = Vec2::ZERO;
    let mut velocity_b = Vec2::ZERO;
    let (kind_a, kind_b, shape_a, shape_b, pose_a, pose_b) = match family {
        Family::General | Family::Touching | Family::Moving => {
            let (ka, kb) = (random_kind(&mut rng), random_kind(&mut rng));
            let (sa, sb) = (rng.log_range(-0.3, 0.3), rng.log_range(-0.3, 0.3));
            let a = make_shape(&mut rng, ka, sa, false);
            let b = make_shape(&mut rng, kb, sb, false);
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
                _ => random_gap(&mut rng, s),
            };
            let pos_a = DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
            let (pa, pb) = place(&mut rng, &a, &b, pos_a, gap);
            if family == Family::Moving {
                let (va, vb) = random_velocities(&mut rng, &a, &pa, &b, &pb, sa + sb);
                velocity_a = va;
                velocity_b = vb;
            }
            (ka, kb, a, b, pa, pb)
        }
        Family::NearlyParallel => {
            let (ka, kb) = (random_edged_kind(&mut rng), random_edged_kind(&mut rng));
            let (sa, sb) = (rng.log_range(-0.3, 0.3), rng.log_range(-0.3, 0.3));
            let a = make_shape(&mut rng, ka, sa, false);
            let b = make_shape(&mut rng, kb, sb, false);
            let (pa, pb) = place_parallel(&mut rng, &a, &b, sa.min(sb));
            (ka, kb, a, b, pa, pb)
        }
        Family::TinyHuge => {
            let (ka, kb) = (random_kind(&mut rng), random_kind(&mut rng));
            let tiny = 1.0e-2 * rng.log_range(-0.2, 0.2);
            let huge = 1.0e2 * rng.log_range(-0.2, 0.2);
            let (sa, sb) = if rng.chance(0.5) {
                (tiny, huge)
            } else {
                (huge, tiny)
            };
            let a = make_shape(&mut rng, ka, sa, false);
            let b = make_shape(&mut rng, kb, sb, false);
            let gap = random_gap(&mut rng, tiny);
            let pos_a = DVec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0)) * sa;
            let (pa, pb) = place(&mut rng, &a, &b, pos_a, gap);
            (ka, kb, a, b, pa, pb)
        }
        Family::LargeCoordinates => {
            let (ka, kb) = (random_kind(&mut rng), random_kind(&mut rng));
            let (sa, sb) = (rng.log_range(-0.3, 0.7), rng.log_range(-0.3, 0.7));
            let a = make_shape(&mut rng, ka, sa, false);
            let b = make_shape(&mut rng, kb, sb, false);
            let gap = random_gap(&mut rng, sa.min(sb));
            let offset = DVec2::new(
                rng.sign() * rng.log_range(3.0, 5.0),
                rng.sign() * rng.log_range(3.0, 5.0),
            );
            let (pa, pb) = place(&mut rng, &a, &b, offset, gap);
            (ka, kb, a, b, pa, pb)
        }
        Family::Sliver => {
            let ka = random_edged_kind(&mut rng);
            let kb = random_kind(&mut rng);
            let (sa, sb) = (rng.log_range(-0.3, 0.3), rng.log_range(-0.3, 0.3));
            let a = make_shape(&mut rng, ka, sa, true);
            let b_sliver = rng.chance(0.5);
            let b = make_shape(&mut rng, kb, sb, b_sliver);
            let gap = random_gap(&mut rng, sa.min(sb));
            let pos_a = DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0));
            let (pa, pb) = place(&mut rng, &a, &b, pos_a, gap);
            // Either order: the sliver as A or as B.
            if rng.chance(0.5) {
                (ka, kb, a, b, pa, pb)
            } else {
                (kb, ka, b, a, pb, pa)
            }
        }
        Family::Coincident => {
            let ka = random_kind(&mut rng);
            let s = rng.log_range(-0.3, 0.3);
            let a = make_shape(&mut rng, ka, s, false);
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
            (ka, ka, a.clone(), a, pa, pb)
        }
    };
    FuzzPair {
        seed,
        index,
        family,
        kind_a,
        kind_b,
        shape_a,
        pose_a,
        velocity_a,
        shape_b,
        pose_b,
        velocity_b,
    }
}

/// A face of B turned within 1e-4 rad of anti-parallel to a face of A, B's face
/// midpoint on A's face (slid along it), then moved along A's face normal to a gap
/// of 0, ±1e-6 or ±1e-3 of the size.
pub(super) fn place_parallel(rng: &mut Rng, a: &Shape, b: &Shape, s: f64) -> (Pose, Pose) {
    let pose_a = Pose::new(
        v2(DVec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0))),
        rng.angle(),
    );
    let a_world = world_core(a, &pose_a);
    let na = normals64(&a_world);
    let i = rng.int(0, na.len() - 1);
    let n = na[i];
    let b_local: Vec<DVec2> = b.vertices().iter().map(|v| v.as_dvec2()).collect();
    let nb = normals64(&b_local);
    let j = rng.int(0, nb.len() - 1);
    let eps = if rng.chance(0.2) {
        0.0
    } else {
        rng.sign() * 1.0e-4 * rng.range(0.01, 1.0)
    };
    let target = rotate(-n, eps);
    let angle_b = (target.y.atan2(target.x) - nb[j].y.atan2(nb[j].x)) as f32;
    let b_rot = world_core(b, &Pose::new(Vec2::ZERO, angle_b));
    let ka = a_world.len();
    let kb = b_rot.len();
    let (a1, a2) = (a_world[i], a_world[(i + 1) % ka]);
    let (b1, b2) = (b_rot[j], b_rot[(j + 1) % kb]);
    let len = (a2 - a1).length().min((b2 - b1).length());
    let tangent = (a2 - a1).normalize_or_zero();
    let slide = rng.range(-0.4, 0.4) * len;
    let x0 = 0.5 * (a1 + a2) + tangent * slide - 0.5 * (b1 + b2);
    let mut placer = Placer::new(&a_world, b, angle_b);
    placer.r = (a.radius() + b.radius()) as f64;
    let size = ((a_world.iter().chain(&b_rot))
        .map(|p| (*p - pose_a.position.as_dvec2()).length())
        .fold(0.0, f64::max))
        + placer.r;
    let u = rng.unit();
    let gap = if u < 0.3 {
        0.0
    } else if u < 0.6 {
        rng.range(-1.0, 1.0) * 1.0e-6 * s
    } else {
        rng.range(-1.0, 1.0) * 1.0e-3 * s
    };
    // sd(x0 + t·n) ≈ sd(x0) + t near the faces: bracket and bisect.
    let reach = 4.0 * (gap.abs() + 1.0e-3 * size) + 2.0 * placer.r;
    let (mut lo, mut hi) = (-reach, reach);
    let x = if placer.sd(x0 + n * lo) <= gap && placer.sd(x0 + n * hi) >= gap {
        for _ in 0..80 {
            let mid = 0.5 * (lo + hi);
            if placer.sd(x0 + n * mid) < gap {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        x0 + n * (0.5 * (lo + hi))
    } else {
        x0 + n * gap
    };
    (pose_a, Pose::new(v2(x), angle_b))
}

/// Velocities of a moving pair: aimed at each other, passing by, zero, equal, or one
/// shape still.
pub(super) fn random_velocities(
    rng: &mut Rng,
    a: &Shape,
    pa: &Pose,
    b: &Shape,
    pb: &Pose,
    size: f64,
) -> (Vec2, Vec2) {
    let ca = centroid(&world_core(a, pa));
    let cb = centroid(&world_core(b, pb));
    let aim = ca - cb + DVec2::new(rng.range(-0.5, 0.5), rng.range(-0.5, 0.5)) * size * 0.5;
    let u = rng.unit();
    let v_rel = if u < 0.5 {
        aim * rng.range(0.3, 3.0)
    } else if u < 0.7 {
        let side = DVec2::new(-aim.y, aim.x).normalize_or_zero();
        (aim + side * rng.sign() * size * rng.range(0.3, 1.2)) * rng.range(0.8, 3.0)
    } else if u < 0.8 {
        return (Vec2::ZERO, Vec2::ZERO);
    } else if u < 0.9 {
        let v = v2(rng.unit_vector() * size * rng.range(0.1, 3.0));
        return (v, v);
    } else {
        // A moves towards B, B still.
        return (v2(-aim * rng.range(0.3, 3.0)), Vec2::ZERO);
    };
    let share = if rng.chance(0.5) { 0.0 } else { rng.unit() };
    (v2(-v_rel * share), v2(v_rel * (1.0 - share)))
}
