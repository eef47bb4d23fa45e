//! The reductions shrinking tries, pass by pass: each proposes candidate subjects from
//! the current one (with the step in words); a candidate is kept only when it is
//! smaller ([`super::Size`]) and still fails.

use super::numbers::{
    bits, chain_point_towards, chain_without, keep_rays, numbers, rotated, round_bits,
    set_geometry, translated, with_numbers, world_points,
};
use crate::core::shape::Geometry;
use crate::scene::Scene;
use glam::Vec2;
use std::f32::consts::FRAC_PI_2;

/// The passes, in the order they run each round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pass {
    /// A ray dropped (ray checks keep the one that fails).
    Rays,
    /// A vertex dropped, a polygon to one of its edges, a capsule to a circle, a chain
    /// point dropped.
    Vertices,
    /// The pair moved towards the origin.
    Origin,
    /// The pair turned so that A's angle is a quarter turn; an angle to its nearest
    /// quarter turn.
    Quarter,
    /// A radius to 0 or halved.
    Radii,
    /// A velocity or turn to 0 or halved.
    Velocities,
    /// Every number to k significant bits, k from 1 up.
    RoundAll,
    /// One number to fewer bits (to 0 first).
    RoundEach,
}

impl Pass {
    pub const ALL: [Pass; 8] = [
        Pass::Rays,
        Pass::Vertices,
        Pass::Origin,
        Pass::Quarter,
        Pass::Radii,
        Pass::Velocities,
        Pass::RoundAll,
        Pass::RoundEach,
    ];

    /// The candidates of this pass from `s` (invalid ones left out).
    pub fn candidates(self, s: &Scene) -> Vec<(String, Scene)> {
        let mut out = Vec::new();
        match self {
            Pass::Rays => rays(s, &mut out),
            Pass::Vertices => vertices(s, &mut out),
            Pass::Origin => origin(s, &mut out),
            Pass::Quarter => quarter(s, &mut out),
            Pass::Radii => radii(s, &mut out),
            Pass::Velocities => velocities(s, &mut out),
            Pass::RoundAll => round_all(s, &mut out),
            Pass::RoundEach => round_each(s, &mut out),
        }
        out
    }
}

type Out = Vec<(String, Scene)>;

fn rays(s: &Scene, out: &mut Out) {
    if s.rays.len() < 2 {
        return;
    }
    for i in 0..s.rays.len() {
        let mut c = s.clone();
        c.rays = keep_rays(&s.rays, |k| k != i);
        out.push((format!("dropped ray {}", s.rays[i].name), c));
    }
}

/// The geometries with one core vertex fewer than `g`.
fn fewer(g: &Geometry, core: &[Vec2]) -> Vec<(String, Geometry)> {
    let mut out = Vec::new();
    let r = g.radius();
    let n = core.len();
    if n >= 3 {
        for i in 0..n {
            let mut p = core.to_vec();
            p.remove(i);
            let g = if p.len() == 2 {
                edge(p[0], p[1], r)
            } else {
                Geometry::Polygon {
                    points: p,
                    radius: r,
                }
            };
            out.push((format!("dropped vertex {i}"), g));
        }
    }
    if n == 2 {
        for (i, c) in [(0, core[0]), (1, core[1])] {
            let g = Geometry::Polygon {
                points: vec![c],
                radius: r,
            };
            out.push((format!("kept end {i} only"), g));
        }
    }
    out
}

/// A two-vertex core: a capsule when rounded, else a segment.
fn edge(a: Vec2, b: Vec2, r: f32) -> Geometry {
    if r > 0.0 {
        Geometry::Capsule { a, b, radius: r }
    } else {
        Geometry::Segment { a, b }
    }
}

fn vertices(s: &Scene, out: &mut Out) {
    for (k, sh) in s.shapes.iter().enumerate() {
        for (what, g) in fewer(sh.shape.geometry(), sh.shape.vertices()) {
            let mut c = s.clone();
            if set_geometry(&mut c.shapes[k], g).is_ok() {
                out.push((format!("{}: {what}", sh.name), c));
            }
        }
    }
    for (k, ch) in s.chains.iter().enumerate() {
        for i in 0..ch.points.len() {
            if let Some(smaller) = chain_without(ch, i) {
                let mut c = s.clone();
                c.chains[k] = smaller;
                out.push((format!("{}: dropped point {i}", ch.name), c));
            }
        }
        // An open chain's ends pulled in along their segments.
        let n = ch.points.len();
        if !ch.closed && n >= 2 {
            for (i, j) in [(0, 1), (n - 1, n - 2)] {
                if let Some(shorter) = chain_point_towards(ch, i, j) {
                    let mut c = s.clone();
                    c.chains[k] = shorter;
                    out.push((format!("{}: point {i} half way to point {j}", ch.name), c));
                }
            }
        }
    }
}

/// Where the subject is: its first shape's (or chain's) position.
fn anchor(s: &Scene) -> Vec2 {
    s.chains
        .first()
        .map(|c| c.pose.position)
        .or(s.shapes.first().map(|x| x.pose.position))
        .unwrap_or(Vec2::ZERO)
}

/// The middle of the subject's world bounding box.
fn middle(s: &Scene) -> Vec2 {
    let ps = world_points(s);
    let Some(first) = ps.first() else {
        return Vec2::ZERO;
    };
    let (lo, hi) = ps
        .iter()
        .fold((*first, *first), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    0.5 * (lo + hi)
}

fn origin(s: &Scene, out: &mut Out) {
    let (p, m) = (anchor(s), middle(s));
    for (what, by) in [
        (
            "moved the pair so that its first shape is at the origin",
            -p,
        ),
        ("moved the pair's middle to the origin", -m),
        (
            "moved the pair's middle by whole units towards the origin",
            -m.round(),
        ),
        (
            "moved the pair by whole units towards the origin",
            -p.round(),
        ),
        ("moved the pair half way towards the origin", -0.5 * p),
    ] {
        if by != Vec2::ZERO {
            out.push((what.to_string(), translated(s, by)));
        }
    }
}

/// The nearest quarter turn to `a`.
fn nearest_quarter(a: f32) -> f32 {
    (a / FRAC_PI_2).round() * FRAC_PI_2
}

fn quarter(s: &Scene, out: &mut Out) {
    let first = s
        .chains
        .first()
        .map(|c| c.pose.angle)
        .or(s.shapes.first().map(|x| x.pose.angle))
        .unwrap_or(0.0);
    let turn = nearest_quarter(first) - first;
    if turn != 0.0 {
        out.push((
            "turned the pair so that its first shape lies at a quarter turn".into(),
            rotated(s, turn),
        ));
    }
    for (k, sh) in s.shapes.iter().enumerate() {
        let q = nearest_quarter(sh.pose.angle);
        if q != sh.pose.angle {
            let mut c = s.clone();
            c.shapes[k].pose.angle = q;
            out.push((format!("{}: angle to the nearest quarter turn", sh.name), c));
        }
    }
}

fn radii(s: &Scene, out: &mut Out) {
    for (k, sh) in s.shapes.iter().enumerate() {
        let g = sh.shape.geometry();
        let r = g.radius();
        if r <= 0.0 {
            continue;
        }
        let core = sh.shape.vertices().to_vec();
        let sharp = match core.len() {
            1 => Geometry::Polygon {
                points: core.clone(),
                radius: 0.0,
            },
            2 => edge(core[0], core[1], 0.0),
            _ => match g {
                Geometry::Box { half_extents, .. } => Geometry::Box {
                    half_extents: *half_extents,
                    radius: 0.0,
                },
                _ => Geometry::Polygon {
                    points: core.clone(),
                    radius: 0.0,
                },
            },
        };
        let half = crate::verify::sweep::with_radius(g, 0.5 * r).ok();
        for (what, g) in [("radius to 0", Some(sharp)), ("radius halved", half)] {
            let Some(g) = g else { continue };
            let mut c = s.clone();
            if set_geometry(&mut c.shapes[k], g).is_ok() {
                out.push((format!("{}: {what}", sh.name), c));
            }
        }
    }
}

fn velocities(s: &Scene, out: &mut Out) {
    for (k, sh) in s.shapes.iter().enumerate() {
        if sh.velocity != Vec2::ZERO {
            for (what, v) in [
                ("velocity to 0", Vec2::ZERO),
                ("velocity halved", 0.5 * sh.velocity),
            ] {
                let mut c = s.clone();
                c.shapes[k].velocity = v;
                out.push((format!("{}: {what}", sh.name), c));
            }
        }
        if sh.angular_velocity != 0.0 {
            for (what, w) in [
                ("turn to 0", 0.0),
                ("turn halved", 0.5 * sh.angular_velocity),
            ] {
                let mut c = s.clone();
                c.shapes[k].angular_velocity = w;
                out.push((format!("{}: {what}", sh.name), c));
            }
        }
    }
}

fn round_all(s: &Scene, out: &mut Out) {
    let values = numbers(s);
    let most = values.iter().map(|x| bits(*x)).max().unwrap_or(0);
    for k in 1..most {
        let rounded: Vec<f32> = values.iter().map(|x| round_bits(*x, k)).collect();
        if let Ok(c) = with_numbers(s, &rounded) {
            out.push((format!("every number to {k} significant bits"), c));
        }
    }
}

fn round_each(s: &Scene, out: &mut Out) {
    let values = numbers(s);
    for (i, &x) in values.iter().enumerate() {
        let b = bits(x);
        if b == 0 {
            continue;
        }
        let mut tries = vec![(0.0, "0".to_string())];
        for k in [1, 2, 3, 4, 6, 8, 12, 16] {
            if k < b {
                tries.push((round_bits(x, k), format!("{k} bits")));
            }
        }
        for (v, what) in tries {
            let mut changed = values.clone();
            changed[i] = v;
            if let Ok(c) = with_numbers(s, &changed) {
                out.push((format!("number {i} ({x}) to {what}: {v}"), c));
            }
        }
    }
}
