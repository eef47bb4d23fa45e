//! The fuzzer's chain family: case `index` of run `seed` is a random chain, one of its
//! segments and a shape placed near it, drawn from a stream of its own
//! ([`CHAIN_STREAM_SALT`]) so that a chain case and the pair of the same index do not
//! disturb each other.
//!
//! - The chain ([`ChainForm`]): open under Box2D's convention (its first and last
//!   points ghosts only), open under ours (every point a segment end, the outer ends
//!   flat), or a loop (a jittered ellipse, counter-clockwise or clockwise, some points
//!   pushed in for concave corners). Open chains turn at every point by nothing (a
//!   collinear run), by less than the convexity tolerance, or sharply either way; one
//!   segment in eight is very short (0.002 to 0.02); loops get collinear points and
//!   very short segments inserted.
//! - The shape: a circle, capsule, bare segment, polygon or box (sharp or rounded; at
//!   most 8 vertices, Box2D's limit), sizes 0.1 to 0.8.
//! - Its placement ([`ChainClass`]) near the chosen segment, the chain at a random pose.

use super::shapes::v2;
use crate::core::chain::{chain_segments, ChainConvention, ChainSegment};
use crate::core::gjk::{shape_distance, DistanceInput};
use crate::core::math::Transform;
use crate::core::pair::PosedPair;
use crate::core::shape::{Geometry, Pose, Shape};
use crate::verify::{ellipse_points, Kind, Rng};
use glam::{DVec2, Vec2};

/// The salt of the chain cases' stream: `Rng::for_stream(seed, index, CHAIN_STREAM_SALT)`.
pub const CHAIN_STREAM_SALT: u64 = 0x4348_4149_4e53_3031;

/// The shape kinds a chain case draws (Box2D's chain functions take them all).
pub const CHAIN_KINDS: [Kind; 7] = [
    Kind::Circle,
    Kind::Capsule,
    Kind::Segment,
    Kind::Polygon,
    Kind::RoundedPolygon,
    Kind::Box,
    Kind::RoundedBox,
];

/// How the chain is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainForm {
    /// Open, Box2D's convention: 5 to 8 points, the first and last ghosts only.
    OpenBox2d,
    /// Open, every point a segment end (4 to 7 points): the outer ends have no ghost.
    OpenEveryPoint,
    /// Closed: 4 to 9 points on a jittered ellipse, with concave, collinear and very
    /// short additions.
    Loop,
}

impl ChainForm {
    pub const ALL: [ChainForm; 3] = [
        ChainForm::OpenBox2d,
        ChainForm::OpenEveryPoint,
        ChainForm::Loop,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ChainForm::OpenBox2d => "open_box2d",
            ChainForm::OpenEveryPoint => "open_every_point",
            ChainForm::Loop => "loop",
        }
    }

    pub fn index(self) -> usize {
        ChainForm::ALL.iter().position(|f| *f == self).unwrap_or(0)
    }
}

/// Where the shape is placed against the segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainClass {
    /// From within 2 rad of the segment's normal, 0.3 deep to 0.05 apart.
    Front,
    /// The same around one end of the segment, where the ghosts decide.
    NearEnd,
    /// One of the shape's faces on the segment, tilted by up to 0.02 rad.
    Resting,
    /// Resting across one end (the seam), tilted by up to 1e-3 rad: the ghost bump.
    Seam,
    /// From any direction, behind the segment included.
    Around,
}

impl ChainClass {
    pub const ALL: [ChainClass; 5] = [
        ChainClass::Front,
        ChainClass::NearEnd,
        ChainClass::Resting,
        ChainClass::Seam,
        ChainClass::Around,
    ];

    /// Share of the cases, in percent (they add up to 100).
    const WEIGHTS: [u32; 5] = [30, 20, 15, 15, 20];

    pub fn name(self) -> &'static str {
        match self {
            ChainClass::Front => "front",
            ChainClass::NearEnd => "near_end",
            ChainClass::Resting => "resting",
            ChainClass::Seam => "seam",
            ChainClass::Around => "around",
        }
    }

    pub fn index(self) -> usize {
        ChainClass::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }

    fn draw(rng: &mut Rng) -> ChainClass {
        let roll = rng.int(0, 99) as u32;
        let mut acc = 0;
        for (c, w) in ChainClass::ALL.iter().zip(ChainClass::WEIGHTS) {
            acc += w;
            if roll < acc {
                return *c;
            }
        }
        ChainClass::Front
    }
}

/// One chain case: the chain, the segment collided, the shape and both poses.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainCase {
    pub seed: u64,
    pub index: u64,
    pub form: ChainForm,
    pub class: ChainClass,
    pub kind: Kind,
    /// The chain's points in its local frame.
    pub points: Vec<Vec2>,
    pub closed: bool,
    pub convention: ChainConvention,
    /// The segment collided, its index among the chain's segments.
    pub segment_index: usize,
    pub segment: ChainSegment,
    pub chain_pose: Pose,
    pub shape: Shape,
    pub shape_pose: Pose,
}

impl ChainCase {
    pub fn transform_chain(&self) -> Transform {
        self.chain_pose.transform()
    }
    pub fn transform_shape(&self) -> Transform {
        self.shape_pose.transform()
    }
}

/// Chain case `index` of run `seed`.
pub fn chain_case(seed: u64, index: u64) -> ChainCase {
    let mut rng = Rng::for_stream(seed, index, CHAIN_STREAM_SALT);
    let form = ChainForm::ALL[rng.below(ChainForm::ALL.len())];
    let (points, closed, convention, segments) = random_chain(&mut rng, form);
    let segment_index = rng.below(segments.len());
    let segment = segments[segment_index];
    let class = ChainClass::draw(&mut rng);
    let kind = CHAIN_KINDS[rng.below(CHAIN_KINDS.len())];
    let shape = chain_shape(&mut rng, kind);
    let chain_pose = Pose::new(rng.vec_f32(-3.0, 3.0), rng.range_f32(-3.1, 3.1));
    let local = place_near_segment(&mut rng, class, &segment, &shape);
    let shape_pose = Pose::new(
        chain_pose.transform().apply(local.position),
        chain_pose.angle + local.angle,
    );
    ChainCase {
        seed,
        index,
        form,
        class,
        kind,
        points,
        closed,
        convention,
        segment_index,
        segment,
        chain_pose,
        shape,
        shape_pose,
    }
}

type Drawn = (Vec<Vec2>, bool, ChainConvention, Vec<ChainSegment>);

/// A chain of `form` whose points [`chain_segments`] accepts (drawn again otherwise,
/// a fixed chain after 64 tries).
fn random_chain(rng: &mut Rng, form: ChainForm) -> Drawn {
    let (closed, convention) = match form {
        ChainForm::OpenBox2d => (false, ChainConvention::Box2d),
        ChainForm::OpenEveryPoint => (false, ChainConvention::EveryPoint),
        ChainForm::Loop => (true, ChainConvention::EveryPoint),
    };
    for _ in 0..64 {
        let extra = rng.below(4);
        let points = match form {
            ChainForm::OpenBox2d => open_points(rng, 5 + extra),
            ChainForm::OpenEveryPoint => open_points(rng, 4 + extra),
            ChainForm::Loop => loop_points(rng),
        };
        if let Ok(s) = chain_segments(&points, closed, convention) {
            return (points, closed, convention, s);
        }
    }
    let points: Vec<Vec2> = (0..5).map(|i| Vec2::new(2.0 - i as f32, 0.0)).collect();
    let segments = chain_segments(&points, false, ChainConvention::Box2d).unwrap_or_default();
    (points, false, ChainConvention::Box2d, segments)
}

/// A turn at one point of an open chain (radians, left positive: convex for the solid
/// on the left).
fn turn(rng: &mut Rng) -> f32 {
    match rng.below(6) {
        0 => 0.0,
        1 => rng.range_f32(-0.015, 0.015),
        2 | 3 => rng.range_f32(0.3, 2.5),
        _ => -rng.range_f32(0.3, 2.5),
    }
}

/// A segment length: one in eight very short.
fn length(rng: &mut Rng) -> f32 {
    if rng.below(8) == 0 {
        rng.range_f32(0.002, 0.02)
    } else {
        rng.range_f32(0.3, 2.0)
    }
}

/// `n` points of an open chain turning at each point.
fn open_points(rng: &mut Rng, n: usize) -> Vec<Vec2> {
    let mut heading = rng.range_f32(-3.1, 3.1);
    let mut p = rng.vec_f32(-1.0, 1.0);
    let mut points = vec![p];
    for _ in 1..n {
        p += length(rng) * Vec2::from_angle(heading);
        points.push(p);
        heading += turn(rng);
    }
    points
}

/// A loop: a jittered ellipse (either way round), some points pushed towards the
/// centre (concave corners), collinear midpoints and very short segments inserted.
fn loop_points(rng: &mut Rng) -> Vec<Vec2> {
    let n = 4 + rng.below(6);
    let (rx, ry) = (rng.range(0.8, 2.0), rng.range(0.8, 2.0));
    let mut points = ellipse_points(rng, n, rx, ry, DVec2::ZERO);
    if rng.coin() {
        points.reverse();
    }
    for p in points.iter_mut() {
        if rng.below(4) == 0 {
            *p *= rng.range_f32(0.4, 0.8);
        }
    }
    let mut out = Vec::with_capacity(2 * points.len());
    for (i, &p) in points.iter().enumerate() {
        let q = points[(i + 1) % points.len()];
        out.push(p);
        match rng.below(6) {
            0 => out.push(v2(p.as_dvec2().lerp(q.as_dvec2(), rng.range(0.2, 0.8)))),
            1 => out.push(p + (q - p).normalize_or_zero() * rng.range_f32(0.002, 0.02)),
            _ => {}
        }
    }
    out
}

/// A shape of `kind` (sizes 0.1 to 0.8, polygons of 3 to 8 vertices).
fn chain_shape(rng: &mut Rng, kind: Kind) -> Shape {
    let polygon = |rng: &mut Rng, radius: f32| {
        let n = 3 + rng.below(6);
        let (ax, ay) = (rng.range(0.2, 0.8), rng.range(0.2, 0.8));
        Geometry::Polygon {
            points: ellipse_points(rng, n, ax, ay, DVec2::ZERO),
            radius,
        }
    };
    let g = match kind {
        Kind::Circle => Geometry::Circle {
            radius: rng.range_f32(0.1, 0.8),
        },
        Kind::Capsule => Geometry::Capsule {
            a: Vec2::new(-rng.range_f32(0.1, 0.6), 0.0),
            b: Vec2::new(rng.range_f32(0.1, 0.6), 0.0),
            radius: rng.range_f32(0.05, 0.3),
        },
        Kind::Segment => Geometry::Segment {
            a: Vec2::new(-rng.range_f32(0.1, 0.6), 0.0),
            b: Vec2::new(rng.range_f32(0.1, 0.6), 0.0),
        },
        Kind::RoundedPolygon => {
            let r = rng.range_f32(0.03, 0.25);
            polygon(rng, r)
        }
        Kind::Box | Kind::RoundedBox => Geometry::Box {
            half_extents: rng.vec_f32(0.1, 0.8),
            radius: if kind == Kind::RoundedBox {
                rng.range_f32(0.03, 0.25)
            } else {
                0.0
            },
        },
        _ => polygon(rng, 0.0),
    };
    Shape::new(g)
        .or_else(|_| Shape::circle(0.5))
        .expect("a circle of radius 0.5 is a valid shape")
}

/// The shape's pose in the chain's frame, placed against `seg` as `class` says: along a
/// direction from an anchor on (or beside) the segment, at a gap of 0.3 deep to 0.05
/// apart found by bisection on the distance to the bare segment.
fn place_near_segment(rng: &mut Rng, class: ChainClass, seg: &ChainSegment, b: &Shape) -> Pose {
    let e = (seg.b - seg.a).normalize_or_zero();
    let normal = Vec2::new(e.y, -e.x);
    let (anchor, dir, angle) = match class {
        ChainClass::Resting | ChainClass::Seam => {
            let (t, tilt) = if class == ChainClass::Seam {
                let end = if rng.coin() { 0.0 } else { 1.0 };
                (end + rng.range_f32(-0.15, 0.15), rng.range_f32(-1e-3, 1e-3))
            } else {
                (rng.range_f32(0.0, 1.0), rng.range_f32(-0.02, 0.02))
            };
            // One of B's faces turned to face the segment.
            let faces = b.normals();
            let face = faces
                .get(rng.below(faces.len().max(1)))
                .copied()
                .unwrap_or(Vec2::NEG_Y);
            let angle = (-normal).to_angle() - face.to_angle() + tilt;
            (seg.a.lerp(seg.b, t), normal, angle)
        }
        _ => {
            let t = match class {
                ChainClass::NearEnd if rng.coin() => rng.range_f32(-0.15, 0.15),
                ChainClass::NearEnd => rng.range_f32(0.85, 1.15),
                _ => rng.range_f32(-0.3, 1.3),
            };
            let spread = if class == ChainClass::Around {
                3.1
            } else {
                2.0
            };
            let dir = Vec2::from_angle(normal.to_angle() + rng.range_f32(-spread, spread));
            (seg.a.lerp(seg.b, t), dir, rng.range_f32(-3.1, 3.1))
        }
    };
    let gap = rng.range_f32(-0.3, 0.05);
    let s = distance_along(seg, b, anchor, dir, angle, gap.max(0.0));
    let s = if gap < 0.0 { s + gap } else { s };
    Pose::new(anchor + dir * s, angle)
}

/// How far along `dir` from `anchor` shape `b` (turned by `angle`) must be to be
/// `gap` from the bare segment (bisection on [0, 4], 30 halvings).
fn distance_along(
    seg: &ChainSegment,
    b: &Shape,
    anchor: Vec2,
    dir: Vec2,
    angle: f32,
    gap: f32,
) -> f32 {
    let Ok(segment) = Shape::segment(seg.a, seg.b) else {
        return 0.0;
    };
    let distance = |s: f32| {
        shape_distance(
            &DistanceInput {
                pair: PosedPair::new(
                    &segment,
                    Transform::IDENTITY,
                    b,
                    Transform::new(anchor + dir * s, angle),
                ),
                use_radii: true,
                max_iterations: 20,
            },
            None,
            None,
        )
        .distance
    };
    let (mut lo, mut hi) = (0.0f32, 4.0f32);
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if distance(mid) > gap {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cases_are_deterministic_and_cover_every_form_class_and_kind() {
        let mut forms = std::collections::HashSet::new();
        let mut classes = std::collections::HashSet::new();
        let mut kinds = std::collections::HashSet::new();
        for i in 0..400 {
            let c = chain_case(5, i);
            assert_eq!(c, chain_case(5, i));
            let segs = chain_segments(&c.points, c.closed, c.convention).unwrap();
            assert_eq!(segs[c.segment_index], c.segment);
            forms.insert(c.form);
            classes.insert(c.class);
            kinds.insert(c.kind);
        }
        assert_eq!(forms.len(), ChainForm::ALL.len());
        assert_eq!(classes.len(), ChainClass::ALL.len());
        assert_eq!(kinds.len(), CHAIN_KINDS.len());
    }
}
