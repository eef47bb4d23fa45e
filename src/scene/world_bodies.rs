//! A world file's body and shape entries, and their checks: names Box2D can keep,
//! finite poses and velocities within limits, materials in range, and shapes Box2D
//! can build (the core's convexity checks, Box2D's vertex limit, chains with ghosts).

use super::chains::{ChainGeometry, EntryGeometry, SceneChain};
use super::names::check_name;
use super::pose_entry::check_rotation;
use super::user_text::shown;
use super::world::{
    BodyType, WorldBody, WorldGeometry, WorldShape, BOX2D_MAX_POLYGON_VERTICES, MAX_BODY_NAME,
    MAX_SHAPES_PER_BODY,
};
use crate::core::box2d_rot::box2d_make_rot;
use crate::core::consts::MAX_COORDINATE;
use crate::core::math::Rot;
use crate::core::shape::{Geometry, Shape};
use glam::Vec2;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "Body")]
pub(super) struct BodyEntry {
    pub(super) name: String,
    #[serde(rename = "type")]
    body_type: BodyType,
    position: Vec2,
    #[serde(default)]
    angle: Option<f32>,
    #[serde(default)]
    rotation: Option<(f32, f32)>,
    #[serde(default)]
    linear_velocity: Vec2,
    #[serde(default)]
    angular_velocity: f32,
    #[serde(default)]
    bullet: bool,
    shapes: Vec<ShapeEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename = "BodyShape")]
pub(super) struct ShapeEntry {
    geometry: EntryGeometry,
    #[serde(default)]
    offset: Vec2,
    #[serde(default = "default_friction")]
    friction: f32,
    #[serde(default)]
    restitution: f32,
    #[serde(default = "default_density")]
    density: f32,
}

fn default_friction() -> f32 {
    0.6
}

fn default_density() -> f32 {
    1.0
}

fn check_point(name: &str, field: &str, v: Vec2) -> Result<(), String> {
    if v.is_finite() && v.abs().max_element() <= MAX_COORDINATE {
        return Ok(());
    }
    Err(format!(
        "body \"{name}\": {field} ({}, {}) is not a finite number within ±{MAX_COORDINATE:e}",
        v.x, v.y
    ))
}

pub(super) fn check_body(b: BodyEntry) -> Result<WorldBody, String> {
    let name = &b.name;
    if name.trim().is_empty() {
        return Err("a body has an empty name".into());
    }
    check_name(name, "body")?;
    if name.len() > MAX_BODY_NAME {
        return Err(format!(
            "body name \"{}\" is {} bytes long; Box2D keeps at most {MAX_BODY_NAME}",
            shown(name),
            name.len()
        ));
    }
    check_point(name, "position", b.position)?;
    check_point(name, "linear_velocity", b.linear_velocity)?;
    if !(b.angular_velocity.is_finite() && b.angular_velocity.abs() <= 1e4) {
        return Err(format!(
            "body \"{name}\": angular_velocity {} is not a finite number within ±1e4",
            b.angular_velocity
        ));
    }
    let rotation = match (b.angle, b.rotation) {
        (Some(_), Some(_)) => {
            return Err(format!(
                "body \"{name}\": give either angle or rotation, not both"
            ))
        }
        (Some(a), None) if !a.is_finite() => {
            return Err(format!("body \"{name}\": angle {a} is not a finite number"))
        }
        (Some(a), None) => box2d_make_rot(a),
        (None, Some((c, s))) => {
            check_rotation(c, s).map_err(|m| format!("body \"{name}\": {m}"))?
        }
        (None, None) => Rot::IDENTITY,
    };
    if b.shapes.len() > MAX_SHAPES_PER_BODY {
        return Err(format!(
            "body \"{name}\": {} shapes; at most {MAX_SHAPES_PER_BODY} are allowed on a body",
            b.shapes.len()
        ));
    }
    let shapes = b
        .shapes
        .into_iter()
        .enumerate()
        .map(|(i, s)| check_shape(s).map_err(|m| format!("body \"{name}\", shape {i}: {m}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(WorldBody {
        name: b.name,
        body_type: b.body_type,
        position: b.position,
        rotation,
        linear_velocity: b.linear_velocity,
        angular_velocity: b.angular_velocity,
        bullet: b.bullet,
        shapes,
    })
}

fn check_material(s: &ShapeEntry) -> Result<(), String> {
    for (field, v, max) in [
        ("friction", s.friction, 1e3),
        ("restitution", s.restitution, 1e3),
        ("density", s.density, 1e9),
    ] {
        if !(v.is_finite() && (0.0..=max).contains(&v)) {
            return Err(format!("{field} {v} is not a number in [0, {max:e}]"));
        }
    }
    Ok(())
}

fn check_shape(s: ShapeEntry) -> Result<WorldShape, String> {
    check_material(&s)?;
    let o = s.offset;
    if !(o.is_finite() && o.abs().max_element() <= MAX_COORDINATE) {
        return Err(format!(
            "offset ({}, {}) is not a finite number within ±{MAX_COORDINATE:e}",
            o.x, o.y
        ));
    }
    let geometry = match s.geometry {
        EntryGeometry::Chain(chain) => chain_geometry(&chain, o)?,
        EntryGeometry::Convex(g) => convex_geometry(g, o)?,
    };
    Ok(WorldShape {
        geometry,
        friction: s.friction,
        restitution: s.restitution,
        density: s.density,
    })
}

fn convex_geometry(g: Geometry, o: Vec2) -> Result<WorldGeometry, String> {
    // The core's checks (finite, within limits, convex, not degenerate) first.
    let shape = Shape::new(g.clone()).map_err(|e| e.to_string())?;
    if shape.vertices().len() > BOX2D_MAX_POLYGON_VERTICES {
        return Err(format!(
            "a polygon of {} vertices; Box2D's polygons hold at most {BOX2D_MAX_POLYGON_VERTICES}",
            shape.vertices().len()
        ));
    }
    Ok(match g {
        Geometry::Circle { radius } => WorldGeometry::Circle { center: o, radius },
        Geometry::Box {
            half_extents,
            radius,
        } => WorldGeometry::Box {
            half_extents,
            center: o,
            radius,
        },
        Geometry::Polygon { points, radius } => WorldGeometry::Polygon {
            points: points.iter().map(|p| *p + o).collect(),
            radius,
        },
        Geometry::Capsule { a, b, radius } => WorldGeometry::Capsule {
            a: a + o,
            b: b + o,
            radius,
        },
        Geometry::Segment { a, b } => WorldGeometry::Segment { a: a + o, b: b + o },
    })
}

fn chain_geometry(chain: &ChainGeometry, o: Vec2) -> Result<WorldGeometry, String> {
    // The scene's checks of a chain (enough points, no zero-length segment).
    SceneChain::new("chain", chain, Vec2::ZERO, 0.0)?;
    let mut points: Vec<Vec2> = chain.points.iter().map(|p| *p + o).collect();
    let every_point = chain.convention == super::chains::Convention::EveryPoint;
    if !chain.closed && every_point {
        let n = points.len();
        let first = points[0] + (points[0] - points[1]);
        let last = points[n - 1] + (points[n - 1] - points[n - 2]);
        points.insert(0, first);
        points.push(last);
    }
    if points.len() < 4 && !chain.closed {
        return Err(
            "an open chain in Box2D's convention needs at least 4 points (its first and last are ghosts)"
                .into(),
        );
    }
    if chain.closed && points.len() < 3 {
        return Err("a loop needs at least 3 points".into());
    }
    Ok(WorldGeometry::Chain {
        points,
        closed: chain.closed,
    })
}
