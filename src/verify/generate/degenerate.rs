//! The degenerate families: the pairs where engines break, built as a Box2D program
//! builds them — shapes from Box2D's own makers (`b2MakeBox`, `b2MakeRoundedBox`,
//! `b2MakeOffsetBox`, `b2ComputeHull`, through [`crate::peers::box2d_make`]) and
//! rotations from `b2MakeRot` or exact quarter turns — so that ours and the live
//! Box2D's answers can be compared bit for bit (`verify::peers_degenerate`).
//!
//! Case `index` of run `seed` comes from a stream of its own
//! ([`DEGENERATE_STREAM_SALT`]); its family is drawn first and replaced when one is
//! asked for, so a case of family F is the same case in a run of F alone.
//!
//! The families ([`DegenerateFamily`]):
//! - **vertex on an edge**: a diamond's tip on a box face, offset 0, ±1e-6 or ±1e-3
//!   along the face normal (its two lower edges tie as the incident edge);
//! - **touching edges**: boxes with dyadic sizes and positions turned by quarter
//!   turns, resting exactly on one another (sharp or rounded), their ends flush,
//!   overlapping or corner to corner;
//! - **coincident**: the same shape at the same pose, at the same position turned, or
//!   1e-6 apart;
//! - **tiny against large**: 1e-3 against 100, near a face or a corner;
//! - **slivers**: aspect 1e3 against any shape;
//! - **nearly parallel**: faces within 1e-7 to 1e-3 rad of anti-parallel, near
//!   contact;
//! - **large coordinates**: pairs near 1e4, at 12345.678, or offset up to 1e5;
//! - **near, rounded**: rounded shapes whose cores are apart by more than 0.1 × linear
//!   slop while the rounded surfaces overlap or lie within the speculative distance
//!   (Box2D's rule that keeps the clipped pair unless the vertex pair is nearer).

use crate::core::box2d_rot::box2d_make_rot;
use crate::core::math::{left_perp, Rot, Transform};
use crate::core::shape::{Geometry, Shape};
use crate::peers::box2d_make::{compute_hull, make_box, make_offset_box, make_rounded_box};
use crate::scene::build::PairInputs;
use crate::scene::Settings;
use crate::verify::Rng;
use glam::Vec2;

/// The salt of the degenerate cases' stream:
/// `Rng::for_stream(seed, index, DEGENERATE_STREAM_SALT)`.
pub const DEGENERATE_STREAM_SALT: u64 = 0x4445_4745_4e45_5241;

/// Box2D's linear slop (the near-rounded family's band starts at a tenth of it).
const SLOP: f32 = crate::core::consts::LINEAR_SLOP;

/// Which degenerate configuration a case is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DegenerateFamily {
    VertexOnEdge,
    TouchingEdges,
    Coincident,
    TinyLarge,
    Sliver,
    NearlyParallel,
    LargeCoordinates,
    NearRounded,
}

impl DegenerateFamily {
    pub const ALL: [DegenerateFamily; 8] = [
        DegenerateFamily::VertexOnEdge,
        DegenerateFamily::TouchingEdges,
        DegenerateFamily::Coincident,
        DegenerateFamily::TinyLarge,
        DegenerateFamily::Sliver,
        DegenerateFamily::NearlyParallel,
        DegenerateFamily::LargeCoordinates,
        DegenerateFamily::NearRounded,
    ];

    pub fn name(self) -> &'static str {
        match self {
            DegenerateFamily::VertexOnEdge => "vertex_on_edge",
            DegenerateFamily::TouchingEdges => "touching_edges",
            DegenerateFamily::Coincident => "coincident",
            DegenerateFamily::TinyLarge => "tiny_large",
            DegenerateFamily::Sliver => "sliver",
            DegenerateFamily::NearlyParallel => "nearly_parallel",
            DegenerateFamily::LargeCoordinates => "large_coordinates",
            DegenerateFamily::NearRounded => "near_rounded",
        }
    }

    pub fn from_name(name: &str) -> Option<DegenerateFamily> {
        DegenerateFamily::ALL.into_iter().find(|f| f.name() == name)
    }

    pub fn index(self) -> usize {
        DegenerateFamily::ALL
            .iter()
            .position(|f| *f == self)
            .unwrap_or(0)
    }
}

/// One degenerate pair: Box2D-made shapes at exact poses.
#[derive(Clone, Debug, PartialEq)]
pub struct DegenerateCase {
    pub seed: u64,
    pub index: u64,
    pub family: DegenerateFamily,
    /// How it was placed, in words ("tip offset -1e-6 on face 2").
    pub variant: String,
    pub shape_a: Shape,
    pub transform_a: Transform,
    pub shape_b: Shape,
    pub transform_b: Transform,
}

impl DegenerateCase {
    /// The pair as query inputs (no velocities).
    pub fn inputs<'a>(&'a self, settings: &'a Settings) -> PairInputs<'a> {
        PairInputs {
            pair: crate::core::pair::PosedPair::new(
                &self.shape_a,
                self.transform_a,
                &self.shape_b,
                self.transform_b,
            ),
            velocity_a: Vec2::ZERO,
            velocity_b: Vec2::ZERO,
            angular_velocity_a: 0.0,
            angular_velocity_b: 0.0,
            settings,
        }
    }
}

/// Case `index` of run `seed`, of `family` when given.
pub fn degenerate_case(seed: u64, index: u64, family: Option<DegenerateFamily>) -> DegenerateCase {
    let mut rng = Rng::for_stream(seed, index, DEGENERATE_STREAM_SALT);
    let drawn = DegenerateFamily::ALL[rng.below(DegenerateFamily::ALL.len())];
    let family = family.unwrap_or(drawn);
    // A maker may refuse a draw (a hull of nearly collinear points): draw again from
    // the same stream, deterministically.
    for _ in 0..64 {
        if let Ok(p) = draw(&mut rng, family) {
            let (a, b) = if p.swap {
                ((p.b, p.xb), (p.a, p.xa))
            } else {
                ((p.a, p.xa), (p.b, p.xb))
            };
            return DegenerateCase {
                seed,
                index,
                family,
                variant: p.variant,
                shape_a: a.0,
                transform_a: a.1,
                shape_b: b.0,
                transform_b: b.1,
            };
        }
    }
    // Not met in practice (a maker refuses only a hull of nearly collinear points):
    // two unit boxes side by side.
    let unit = make_box(0.5, 0.5).expect("a 1 × 1 box is a valid Box2D box");
    DegenerateCase {
        seed,
        index,
        family,
        variant: "fallback".into(),
        shape_a: unit.clone(),
        transform_a: Transform::IDENTITY,
        shape_b: unit,
        transform_b: Transform {
            p: Vec2::new(1.0, 0.0),
            q: Rot::IDENTITY,
        },
    }
}

/// A drawn pair before the order is settled.
struct Drawn {
    a: Shape,
    xa: Transform,
    b: Shape,
    xb: Transform,
    swap: bool,
    variant: String,
}

type Draw = Result<Drawn, String>;

fn draw(rng: &mut Rng, family: DegenerateFamily) -> Draw {
    match family {
        DegenerateFamily::VertexOnEdge => vertex_on_edge(rng),
        DegenerateFamily::TouchingEdges => touching_edges(rng),
        DegenerateFamily::Coincident => coincident(rng),
        DegenerateFamily::TinyLarge => tiny_large(rng),
        DegenerateFamily::Sliver => sliver(rng),
        DegenerateFamily::NearlyParallel => nearly_parallel(rng),
        DegenerateFamily::LargeCoordinates => large_coordinates(rng),
        DegenerateFamily::NearRounded => near_rounded(rng),
    }
}

/// The exact quarter turn `k` (counter-clockwise).
fn quarter(k: usize) -> Rot {
    [
        Rot { c: 1.0, s: 0.0 },
        Rot { c: 0.0, s: 1.0 },
        Rot { c: -1.0, s: 0.0 },
        Rot { c: 0.0, s: -1.0 },
    ][k % 4]
}

/// `q·r` (`b2MulRot`): exact when either is a quarter turn.
fn mul_rot(q: Rot, r: Rot) -> Rot {
    Rot {
        c: q.c * r.c - q.s * r.s,
        s: q.s * r.c + q.c * r.s,
    }
}

/// A rotation as a Box2D program makes one: an exact quarter turn, or `b2MakeRot` of a
/// random angle.
fn any_rot(rng: &mut Rng) -> Rot {
    if rng.coin() {
        quarter(rng.below(4))
    } else {
        box2d_make_rot(rng.angle())
    }
}

/// A dyadic number `k / 2^bits` with `k` in `lo..=hi`.
fn dyadic(rng: &mut Rng, lo: usize, hi: usize, bits: i32) -> f32 {
    rng.int(lo, hi + 1) as f32 * 2f32.powi(-bits)
}

/// A hull of 3 to 8 points on a jittered ellipse of half axes `rx`, `ry`
/// (`b2ComputeHull`).
fn hull(rng: &mut Rng, rx: f32, ry: f32, radius: f32) -> Result<Shape, String> {
    let n = rng.int(3, 9);
    let phase = rng.angle();
    let step = std::f32::consts::TAU / n as f32;
    let pts: Vec<Vec2> = (0..n)
        .map(|i| {
            let t = phase + step * (i as f32 + rng.range_f32(-0.3, 0.3));
            Vec2::new(rx * t.cos(), ry * t.sin())
        })
        .collect();
    compute_hull(&pts, radius)
}

/// A shape of any kind Box2D collides, about `size` across: a box, rounded box, offset
/// box, hull (sharp or rounded), capsule or circle.
fn any_shape(rng: &mut Rng, size: f32) -> Result<Shape, String> {
    let kind = rng.below(7);
    let (rx, ry) = (
        size * rng.range_f32(0.3, 1.0),
        size * rng.range_f32(0.3, 1.0),
    );
    let radius = size * rng.range_f32(0.02, 0.3);
    match kind {
        0 => make_box(rx, ry),
        1 => make_rounded_box(rx, ry, radius),
        2 => {
            let centre = Vec2::new(rng.range_f32(-0.3, 0.3), rng.range_f32(-0.3, 0.3)) * size;
            let q = any_rot(rng);
            make_offset_box(rx, ry, centre, q)
        }
        3 => hull(rng, rx, ry, 0.0),
        4 => hull(rng, rx, ry, radius),
        5 => Shape::new(Geometry::Capsule {
            a: Vec2::new(-rx, 0.0),
            b: Vec2::new(rx, 0.0),
            radius: 1.5 * radius,
        })
        .map_err(|e| e.to_string()),
        _ => Shape::new(Geometry::Circle { radius: rx }).map_err(|e| e.to_string()),
    }
}

/// The farthest extent of `s` turned by `q` along `n`: its support value plus its
/// radius.
fn extent(s: &Shape, q: Rot, n: Vec2) -> f32 {
    s.vertices()
        .iter()
        .map(|v| q.apply(*v).dot(n))
        .fold(f32::MIN, f32::max)
        + s.radius()
}

/// B's pose for B turned by `qb` (world) placed against A along `n` (unit, A's frame):
/// B's extent along `−n` `gap` beyond A's along `n`, moved `lateral` along A's face.
fn against(
    a: &Shape,
    xa: Transform,
    b: &Shape,
    qb: Rot,
    n: Vec2,
    gap: f32,
    lateral: f32,
) -> Transform {
    let q_rel = xa.q.inv_mul(qb);
    let reach = extent(a, Rot::IDENTITY, n) + extent(b, q_rel, -n) + gap;
    let local = n * reach + left_perp(n) * lateral;
    Transform {
        p: xa.apply(local),
        q: qb,
    }
}

fn vertex_on_edge(rng: &mut Rng) -> Draw {
    let (hx, hy) = if rng.coin() {
        (dyadic(rng, 4, 32, 4), dyadic(rng, 4, 32, 4))
    } else {
        (rng.range_f32(0.25, 2.0), rng.range_f32(0.25, 2.0))
    };
    let a = make_box(hx, hy)?;
    let (w, h) = (rng.range_f32(0.1, 1.0), rng.range_f32(0.1, 1.0));
    let radius = if rng.chance(0.2) {
        rng.range_f32(0.0, 0.05)
    } else {
        0.0
    };
    let b = compute_hull(
        &[
            Vec2::new(w, 0.0),
            Vec2::new(0.0, h),
            Vec2::new(-w, 0.0),
            Vec2::new(0.0, -h),
        ],
        radius,
    )?;
    let xa = Transform {
        p: if rng.coin() {
            Vec2::ZERO
        } else {
            rng.vec_f32(-5.0, 5.0)
        },
        q: any_rot(rng),
    };
    // Face k of the box (normals −y, +x, +y, −x); the diamond's lower tip (0, −h) into
    // it: turned so that its +y runs along the face normal.
    let k = rng.below(4);
    let n = a.normals()[k];
    let turn = [2, 3, 0, 1][k];
    let qb = mul_rot(xa.q, quarter(turn));
    let half = if k % 2 == 0 { hx } else { hy };
    let lateral = match rng.below(4) {
        0 => 0.0,
        1 => half * (1.0 - 2.0f32.powi(-(rng.int(1, 20) as i32))) * rng.sign() as f32,
        _ => rng.range_f32(-half, half),
    };
    let offset = [0.0, 1.0e-6, -1.0e-6, 1.0e-3, -1.0e-3][rng.below(5)];
    let xb = against(&a, xa, &b, qb, n, offset, lateral);
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.chance(0.3),
        variant: format!("diamond tip on face {k}, offset {offset:e}"),
    })
}

fn touching_edges(rng: &mut Rng) -> Draw {
    let rounded = rng.chance(0.3);
    let make = |rng: &mut Rng| {
        let (hx, hy) = (dyadic(rng, 2, 32, 3), dyadic(rng, 2, 32, 3));
        if rounded {
            make_rounded_box(hx, hy, dyadic(rng, 1, 16, 6))
        } else {
            make_box(hx, hy)
        }
    };
    let (a, b) = (make(rng)?, make(rng)?);
    let qa = if rng.chance(0.7) {
        quarter(rng.below(4))
    } else {
        box2d_make_rot(rng.angle())
    };
    let xa = Transform {
        p: Vec2::new(dyadic(rng, 0, 64, 3), dyadic(rng, 0, 64, 3)) * rng.sign() as f32,
        q: qa,
    };
    let qb = mul_rot(qa, quarter(rng.below(4)));
    let k = rng.below(4);
    let n = a.normals()[k];
    // Along the face: centred, flush at an end, corner to corner, or a dyadic offset.
    let ha = extent(&a, Rot::IDENTITY, left_perp(n)) - a.radius();
    let hb = extent(&b, xa.q.inv_mul(qb), left_perp(n)) - b.radius();
    let (lateral, how) = match rng.below(4) {
        0 => (0.0, "centred"),
        1 => ((ha - hb) * rng.sign() as f32, "flush"),
        2 => ((ha + hb) * rng.sign() as f32, "corner to corner"),
        _ => (dyadic(rng, 0, 32, 4) * rng.sign() as f32, "offset"),
    };
    let xb = against(&a, xa, &b, qb, n, 0.0, lateral);
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!(
            "{}touching on face {k}, {how}",
            if rounded { "rounded, " } else { "" }
        ),
    })
}

fn coincident(rng: &mut Rng) -> Draw {
    let a = {
        let size = rng.range_f32(0.3, 2.0);
        any_shape(rng, size)
    }?;
    let xa = Transform {
        p: rng.vec_f32(-10.0, 10.0),
        q: any_rot(rng),
    };
    let (xb, how) = match rng.below(4) {
        0 => (xa, "same pose"),
        1 => (
            Transform {
                p: xa.p,
                q: mul_rot(xa.q, quarter(rng.int(1, 4))),
            },
            "turned a quarter",
        ),
        2 => (
            Transform {
                p: xa.p,
                q: box2d_make_rot(rng.angle()),
            },
            "turned",
        ),
        _ => (
            Transform {
                p: xa.p + rng.vec_f32(-1.0e-6, 1.0e-6),
                q: xa.q,
            },
            "1e-6 apart",
        ),
    };
    Ok(Drawn {
        b: a.clone(),
        a,
        xa,
        xb,
        swap: false,
        variant: how.into(),
    })
}

fn tiny_large(rng: &mut Rng) -> Draw {
    let large = match rng.below(3) {
        0 => make_box(100.0, rng.range_f32(50.0, 100.0))?,
        1 => {
            let ry = rng.range_f32(50.0, 100.0);
            hull(rng, 100.0, ry, 0.0)?
        }
        _ => make_rounded_box(100.0, rng.range_f32(50.0, 100.0), rng.range_f32(0.0, 1.0))?,
    };
    let tiny = any_shape(rng, 1.0e-3)?;
    let xa = Transform {
        p: rng.vec_f32(-100.0, 100.0),
        q: any_rot(rng),
    };
    let qb = any_rot(rng);
    let gap = rng.range_f32(-2.0e-3, 1.0e-3);
    let (n, how) = if rng.chance(0.7) {
        (
            large.normals()[rng.below(large.normals().len())],
            "on a face",
        )
    } else {
        // Towards a corner: the direction of a vertex.
        let v = large.vertices()[rng.below(large.vertices().len())];
        (v.normalize_or_zero(), "at a corner")
    };
    let reach = 100.0 * rng.range_f32(-0.5, 0.5);
    let xb = against(
        &large,
        xa,
        &tiny,
        qb,
        n,
        gap,
        if how == "on a face" { reach } else { 0.0 },
    );
    Ok(Drawn {
        a: large,
        xa,
        b: tiny,
        xb,
        swap: rng.coin(),
        variant: format!("1e-3 against 100 {how}, gap {gap:.1e}"),
    })
}

fn sliver(rng: &mut Rng) -> Draw {
    let len = rng.range_f32(0.5, 2.0);
    let a = match rng.below(3) {
        0 => make_box(len, len * 1.0e-3)?,
        1 => compute_hull(
            &[
                Vec2::new(-len, 0.0),
                Vec2::new(len, 0.0),
                Vec2::new(0.0, 2.0e-3 * len),
            ],
            0.0,
        )?,
        _ => make_rounded_box(len, len * 1.0e-3, len * 1.0e-3)?,
    };
    let b = if rng.coin() {
        make_box(len * rng.range_f32(0.5, 1.0), len * 1.0e-3)?
    } else {
        {
            let size = rng.range_f32(0.3, 1.5);
            any_shape(rng, size)
        }?
    };
    let xa = Transform {
        p: rng.vec_f32(-5.0, 5.0),
        q: any_rot(rng),
    };
    let qb = any_rot(rng);
    let k = rng.below(a.normals().len());
    let n = if rng.chance(0.8) {
        a.normals()[k]
    } else {
        xa.q.apply_inv(Vec2::from_angle(rng.angle()))
    };
    let gap = rng.range_f32(-0.05, 0.02);
    let xb = against(&a, xa, &b, qb, n, gap, len * rng.range_f32(-1.0, 1.0));
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("aspect 1e3, gap {gap:.1e}"),
    })
}

fn nearly_parallel(rng: &mut Rng) -> Draw {
    let box_or_hull = |rng: &mut Rng| {
        if rng.chance(0.6) {
            make_box(rng.range_f32(0.2, 2.0), rng.range_f32(0.2, 2.0))
        } else {
            make_rounded_box(
                rng.range_f32(0.2, 2.0),
                rng.range_f32(0.2, 2.0),
                rng.range_f32(0.01, 0.2),
            )
        }
    };
    let (a, b) = (box_or_hull(rng)?, box_or_hull(rng)?);
    let theta = rng.angle();
    let eps = (rng.log_range(-7.0, -3.0) * rng.sign()) as f32;
    let xa = Transform {
        p: rng.vec_f32(-5.0, 5.0),
        q: box2d_make_rot(theta),
    };
    let turn = rng.below(4) as f32 * std::f32::consts::FRAC_PI_2;
    let qb = box2d_make_rot(theta + turn + eps);
    let k = rng.below(4);
    let gap = rng.range_f32(-0.01, 0.01);
    let half = extent(&a, Rot::IDENTITY, left_perp(a.normals()[k])) - a.radius();
    let xb = against(
        &a,
        xa,
        &b,
        qb,
        a.normals()[k],
        gap,
        half * rng.range_f32(-1.2, 1.2),
    );
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("faces {eps:.1e} rad off anti-parallel, gap {gap:.1e}"),
    })
}

fn large_coordinates(rng: &mut Rng) -> Draw {
    let a = {
        let size = rng.range_f32(0.3, 2.0);
        any_shape(rng, size)
    }?;
    let b = {
        let size = rng.range_f32(0.3, 2.0);
        any_shape(rng, size)
    }?;
    let (origin, how) = match rng.below(3) {
        0 => (Vec2::splat(1.0e4) + rng.vec_f32(-100.0, 100.0), "near 1e4"),
        1 => (
            Vec2::new(12345.678, if rng.coin() { 12345.678 } else { -12345.678 }),
            "at 12345.678",
        ),
        _ => (rng.vec_f32(-1.0e5, 1.0e5), "up to 1e5"),
    };
    let xa = Transform {
        p: origin,
        q: any_rot(rng),
    };
    let n = if rng.chance(0.6) && !a.normals().is_empty() {
        a.normals()[rng.below(a.normals().len())]
    } else {
        Vec2::from_angle(rng.angle())
    };
    let gap = rng.range_f32(-0.05, 0.03);
    let xb = against(&a, xa, &b, any_rot(rng), n, gap, rng.range_f32(-0.5, 0.5));
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("{how}, gap {gap:.1e}"),
    })
}

fn near_rounded(rng: &mut Rng) -> Draw {
    let rounded = |rng: &mut Rng| -> Result<Shape, String> {
        let size = rng.range_f32(0.3, 1.5);
        let r = size * rng.range_f32(0.02, 0.3);
        match rng.below(4) {
            0 => make_rounded_box(
                size * rng.range_f32(0.3, 1.0),
                size * rng.range_f32(0.3, 1.0),
                r,
            ),
            1 => {
                let ry = size * rng.range_f32(0.3, 1.0);
                hull(rng, size, ry, r)
            }
            2 => Shape::new(Geometry::Capsule {
                a: Vec2::new(-size * 0.5, 0.0),
                b: Vec2::new(size * 0.5, 0.0),
                radius: r,
            })
            .map_err(|e| e.to_string()),
            _ => make_box(
                size * rng.range_f32(0.3, 1.0),
                size * rng.range_f32(0.3, 1.0),
            ),
        }
    };
    let (a, b) = (rounded(rng)?, rounded(rng)?);
    let radii = a.radius() + b.radius();
    // Core gap beyond 0.1 × slop; rounded surfaces from overlapping by the radii to
    // the speculative distance apart.
    let core_gap = rng.range_f32(0.1 * SLOP, radii + 4.0 * SLOP);
    let xa = Transform {
        p: rng.vec_f32(-5.0, 5.0),
        q: any_rot(rng),
    };
    let qb = if rng.coin() {
        mul_rot(xa.q, quarter(rng.below(4)))
    } else {
        box2d_make_rot(rng.angle())
    };
    let (n, how) = if rng.chance(0.6) {
        (a.normals()[rng.below(a.normals().len())], "face")
    } else {
        let v = a.vertices()[rng.below(a.vertices().len())];
        (v.normalize_or_zero(), "corner")
    };
    // `against` measures rounded extents; the core gap is that less the radii.
    let xb = against(
        &a,
        xa,
        &b,
        qb,
        n,
        core_gap - radii,
        rng.range_f32(-0.3, 0.3),
    );
    Ok(Drawn {
        a,
        xa,
        b,
        xb,
        swap: rng.coin(),
        variant: format!("{how}, core gap {core_gap:.2e}, radii {radii:.2e}"),
    })
}
