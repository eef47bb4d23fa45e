//! The numbers of a subject (every shape's geometry, pose and motion, the chain's
//! points and pose, the rays) as one list, a scene rebuilt from such a list, and the
//! sizes shrinking compares ([`Size`]).

use crate::core::shape::{Geometry, Shape};
use crate::scene::rays::SceneRay;
use crate::scene::{Scene, SceneChain, SceneShape};
use glam::Vec2;
use serde::Serialize;

/// How big a subject is: its core vertices (a circle 1, a capsule or segment 2, a box
/// 4; a chain's points), the significant bits of all its numbers ([`bits`]), and how
/// far it reaches from the origin (the largest absolute world coordinate of a core
/// vertex, a chain point or a ray's ends). See [`Size::smaller_than`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Size {
    pub vertices: usize,
    pub bits: u32,
    pub reach: f32,
}

impl Size {
    pub fn of(scene: &Scene) -> Size {
        let vertices = scene
            .shapes
            .iter()
            .map(|s| s.shape.vertices().len())
            .sum::<usize>()
            + scene.chains.iter().map(|c| c.points.len()).sum::<usize>();
        let bits = numbers(scene).iter().map(|x| bits(*x)).sum();
        let reach = world_points(scene)
            .iter()
            .fold(0.0f32, |m, p| m.max(p.abs().max_element()));
        Size {
            vertices,
            bits,
            reach,
        }
    }

    /// Smaller than `o`: never farther from the origin, and fewer vertices, or as
    /// many and fewer bits, or as many of both and nearer the origin. (A vertex dropped
    /// may cost bits: a box's two half extents become a triangle's six coordinates.)
    pub fn smaller_than(&self, o: &Size) -> bool {
        let (mine, theirs) = ((self.vertices, self.bits), (o.vertices, o.bits));
        self.reach <= o.reach && (mine < theirs || (mine == theirs && self.reach < o.reach))
    }
}

/// Every core vertex and chain point in the world, and the rays' ends.
pub fn world_points(scene: &Scene) -> Vec<Vec2> {
    let mut out = Vec::new();
    for s in &scene.shapes {
        let xf = s.pose.transform();
        out.extend(s.shape.vertices().iter().map(|v| xf.apply(*v)));
    }
    for c in &scene.chains {
        let xf = c.pose.transform();
        out.extend(c.points.iter().map(|v| xf.apply(*v)));
    }
    for r in &scene.rays {
        out.extend([r.origin, r.tip()]);
    }
    out
}

/// The significant bits of `x`'s mantissa (0 for zero): 1 for a power of two, 24 for
/// most decimals.
pub fn bits(x: f32) -> u32 {
    if x == 0.0 || !x.is_finite() {
        return 0;
    }
    let raw = x.to_bits();
    let exponent = (raw >> 23) & 0xff;
    let mantissa = raw & 0x7f_ffff;
    let (m, width) = if exponent == 0 {
        (mantissa, 23) // subnormal: no hidden bit
    } else {
        (mantissa | 0x80_0000, 24)
    };
    width - m.trailing_zeros()
}

/// `x` rounded to `k ≥ 1` significant bits (nearest, ties away from zero).
pub fn round_bits(x: f32, k: u32) -> f32 {
    if x == 0.0 || !x.is_finite() || bits(x) <= k {
        return x;
    }
    let x = x as f64;
    let e = x.abs().log2().floor() as i32;
    let q = 2f64.powi(e - k as i32 + 1);
    ((x / q).round() * q) as f32
}

/// A geometry's numbers, in the order of its fields.
fn geometry_numbers(g: &Geometry, out: &mut Vec<f32>) {
    match g {
        Geometry::Circle { radius } => out.push(*radius),
        Geometry::Polygon { points, radius } => {
            out.extend(points.iter().flat_map(|p| [p.x, p.y]));
            out.push(*radius);
        }
        Geometry::Box {
            half_extents,
            radius,
        } => out.extend([half_extents.x, half_extents.y, *radius]),
        Geometry::Capsule { a, b, radius } => out.extend([a.x, a.y, b.x, b.y, *radius]),
        Geometry::Segment { a, b } => out.extend([a.x, a.y, b.x, b.y]),
    }
}

/// Every number of the subject: per shape its geometry, position, angle, velocity and
/// turn; per chain its points, position and angle; per ray its origin and translation.
pub fn numbers(scene: &Scene) -> Vec<f32> {
    let mut out = Vec::new();
    for s in &scene.shapes {
        geometry_numbers(s.shape.geometry(), &mut out);
        let p = &s.pose;
        out.extend([p.position.x, p.position.y, p.angle]);
        out.extend([s.velocity.x, s.velocity.y, s.angular_velocity]);
    }
    for c in &scene.chains {
        out.extend(c.points.iter().flat_map(|p| [p.x, p.y]));
        out.extend([c.pose.position.x, c.pose.position.y, c.pose.angle]);
    }
    for r in &scene.rays {
        out.extend([r.origin.x, r.origin.y, r.translation.x, r.translation.y]);
    }
    out
}

/// `scene` with its numbers replaced by `values` (in the order of [`numbers`]), or why
/// they make no valid scene (a polygon no longer convex, a radius of 0 on a circle).
pub fn with_numbers(scene: &Scene, values: &[f32]) -> Result<Scene, String> {
    let mut it = values.iter().copied();
    let mut next = || it.next().ok_or_else(|| "too few numbers".to_string());
    let mut out = scene.clone();
    for s in &mut out.shapes {
        let g = match s.shape.geometry() {
            Geometry::Circle { .. } => Geometry::Circle { radius: next()? },
            Geometry::Polygon { points, .. } => {
                let mut p = Vec::with_capacity(points.len());
                for _ in 0..points.len() {
                    p.push(Vec2::new(next()?, next()?));
                }
                Geometry::Polygon {
                    points: p,
                    radius: next()?,
                }
            }
            Geometry::Box { .. } => Geometry::Box {
                half_extents: Vec2::new(next()?, next()?),
                radius: next()?,
            },
            Geometry::Capsule { .. } => Geometry::Capsule {
                a: Vec2::new(next()?, next()?),
                b: Vec2::new(next()?, next()?),
                radius: next()?,
            },
            Geometry::Segment { .. } => Geometry::Segment {
                a: Vec2::new(next()?, next()?),
                b: Vec2::new(next()?, next()?),
            },
        };
        set_geometry(s, g)?;
        s.pose.position = Vec2::new(next()?, next()?);
        s.pose.angle = next()?;
        s.velocity = Vec2::new(next()?, next()?);
        s.angular_velocity = next()?;
        check_shape(s)?;
    }
    for c in &mut out.chains {
        let mut p = Vec::with_capacity(c.points.len());
        for _ in 0..c.points.len() {
            p.push(Vec2::new(next()?, next()?));
        }
        let mut chain = c.with_points(p)?;
        chain.pose.position = Vec2::new(next()?, next()?);
        chain.pose.angle = next()?;
        *c = chain;
    }
    for r in &mut out.rays {
        r.origin = Vec2::new(next()?, next()?);
        r.translation = Vec2::new(next()?, next()?);
    }
    crate::scene::rays::check_rays(&out.rays)?;
    Ok(out)
}

/// `s` with a new geometry (validated as the scene format does: no engine hull).
pub fn set_geometry(s: &mut SceneShape, g: Geometry) -> Result<(), String> {
    if g.radius() < 0.0 || (matches!(g, Geometry::Circle { .. }) && g.radius() <= 0.0) {
        return Err("a radius below 0".into());
    }
    s.shape = Shape::new(g).map_err(|e| e.to_string())?;
    s.hull_of = None;
    s.load_note = None;
    Ok(())
}

/// A shape's pose and motion within the scene format's limits.
fn check_shape(s: &SceneShape) -> Result<(), String> {
    use crate::core::consts::{MAX_ANGULAR_VELOCITY, MAX_COORDINATE};
    let ok = |v: Vec2| v.is_finite() && v.abs().max_element() <= MAX_COORDINATE;
    if ok(s.pose.position)
        && ok(s.velocity)
        && s.pose.angle.is_finite()
        && s.angular_velocity.abs() <= MAX_ANGULAR_VELOCITY
    {
        Ok(())
    } else {
        Err(format!(
            "shape {}: out of the scene format's limits",
            s.name
        ))
    }
}

/// Every position, velocity and ray of `scene` turned by `angle` about the origin and
/// every shape and chain turned with them (the pair's relative pose kept).
pub fn rotated(scene: &Scene, angle: f32) -> Scene {
    let (c, s) = (angle.cos(), angle.sin());
    let turn = |v: Vec2| Vec2::new(c * v.x - s * v.y, s * v.x + c * v.y);
    let mut out = scene.clone();
    for sh in &mut out.shapes {
        sh.pose.position = turn(sh.pose.position);
        sh.pose.angle += angle;
        sh.velocity = turn(sh.velocity);
    }
    for ch in &mut out.chains {
        ch.pose.position = turn(ch.pose.position);
        ch.pose.angle += angle;
    }
    for r in &mut out.rays {
        r.origin = turn(r.origin);
        r.translation = turn(r.translation);
    }
    out
}

/// Everything in `scene` moved by `by`.
pub fn translated(scene: &Scene, by: Vec2) -> Scene {
    let mut out = scene.clone();
    for s in &mut out.shapes {
        s.pose.position += by;
    }
    for c in &mut out.chains {
        c.pose.position += by;
    }
    for r in &mut out.rays {
        r.origin += by;
    }
    out
}

/// Rays kept by index.
pub fn keep_rays(rays: &[SceneRay], keep: impl Fn(usize) -> bool) -> Vec<SceneRay> {
    rays.iter()
        .enumerate()
        .filter(|(i, _)| keep(*i))
        .map(|(_, r)| r.clone())
        .collect()
}

/// A chain with point `i` moved half way to point `j` (an end point along its
/// segment: the segment keeps its direction, so the ghost does).
pub fn chain_point_towards(c: &SceneChain, i: usize, j: usize) -> Option<SceneChain> {
    let mut p = c.points.clone();
    let target = *p.get(j)?;
    let q = p.get_mut(i)?;
    *q = 0.5 * (*q + target);
    c.with_points(p).ok()
}

/// A chain with one point fewer, if it is still a chain.
pub fn chain_without(c: &SceneChain, i: usize) -> Option<SceneChain> {
    let mut p = c.points.clone();
    if i >= p.len() {
        return None;
    }
    p.remove(i);
    c.with_points(p).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_count_the_significant_mantissa_and_rounding_drops_them() {
        assert_eq!(bits(0.0), 0);
        assert_eq!(bits(1.0), 1);
        assert_eq!(bits(0.75), 2);
        assert_eq!(bits(-3.0), 2);
        assert_eq!(bits(0.1), 24);
        assert_eq!(round_bits(0.1, 1), 0.125);
        assert_eq!(round_bits(0.1, 3), 0.09375);
        assert_eq!(round_bits(-1.3, 2), -1.5);
        assert_eq!(round_bits(0.75, 4), 0.75);
        for k in 1..24 {
            assert!(bits(round_bits(0.123_456_7, k)) <= k);
        }
    }
}
