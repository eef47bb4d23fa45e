//! The parameter a sweep moves, its range, and what a value of it does to the pair.
//!
//! On the command line (`--param`), `KIND[:SHAPE][:EXTRA]:FROM:TO`, SHAPE being `A` or
//! `B` (the pair's first or second shape) or a shape's name:
//!
//! | kind | form | the value is |
//! |---|---|---|
//! | angle | `angle:B:0:6.2832` | the shape's angle (radians) |
//! | offset | `offset:B:x:-1:1`, `offset:B:30:-1:1` | the shape's displacement from where it is, along x, y or a direction in degrees |
//! | radius | `radius:B:0:0.5` | the shape's rounding radius (a circle's radius) |
//! | scale | `scale:B:0.5:2` | a factor on the shape's geometry (about its own origin) |
//! | origin | `origin:1:1e7` | the distance of the pair's midpoint from the origin, along the diagonal (log scale) |
//! | vertex | `vertex:B:2:x:-0.1:0.1` | vertex 2's displacement (local frame) along x, y or degrees |
//! | speculative | `speculative:0:0.1` | the settings' speculative distance |
//! | time | `time:0:1` | the time along the pair's motion: poses at t, the rest of the step left to move |

use crate::core::shape::{Geometry, Shape};
use crate::scene::{SceneShape, Settings};
use glam::Vec2;
use serde::Serialize;

/// Which shape of the pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Side {
    A,
    B,
}

impl Side {
    pub fn letter(self) -> &'static str {
        match self {
            Side::A => "A",
            Side::B => "B",
        }
    }
}

/// What the sweep moves.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Param {
    Angle {
        shape: Side,
    },
    Offset {
        shape: Side,
        direction: Vec2,
    },
    Radius {
        shape: Side,
    },
    Scale {
        shape: Side,
    },
    Origin,
    Vertex {
        shape: Side,
        index: usize,
        direction: Vec2,
    },
    Speculative,
    Time,
}

/// The kinds' names, in the order of the panel.
pub const PARAM_KINDS: [&str; 8] = [
    "angle",
    "offset",
    "radius",
    "scale",
    "origin",
    "vertex",
    "speculative",
    "time",
];

impl Param {
    pub fn kind(&self) -> &'static str {
        match self {
            Param::Angle { .. } => "angle",
            Param::Offset { .. } => "offset",
            Param::Radius { .. } => "radius",
            Param::Scale { .. } => "scale",
            Param::Origin => "origin",
            Param::Vertex { .. } => "vertex",
            Param::Speculative => "speculative",
            Param::Time => "time",
        }
    }

    /// The shape it changes, if one.
    pub fn side(&self) -> Option<Side> {
        match *self {
            Param::Angle { shape }
            | Param::Offset { shape, .. }
            | Param::Radius { shape }
            | Param::Scale { shape }
            | Param::Vertex { shape, .. } => Some(shape),
            Param::Origin | Param::Speculative | Param::Time => None,
        }
    }

    /// Steps spaced evenly in the logarithm (the distance from the origin).
    pub fn log_scale(&self) -> bool {
        matches!(self, Param::Origin)
    }

    /// The axis' name, with its unit.
    pub fn axis_label(&self) -> String {
        match self {
            Param::Angle { shape } => format!("{}'s angle (rad)", shape.letter()),
            Param::Offset { shape, direction } => format!(
                "{}'s offset along ({:.3}, {:.3})",
                shape.letter(),
                direction.x,
                direction.y
            ),
            Param::Radius { shape } => format!("{}'s radius", shape.letter()),
            Param::Scale { shape } => format!("{}'s scale", shape.letter()),
            Param::Origin => "distance from the origin (log)".into(),
            Param::Vertex {
                shape,
                index,
                direction,
            } => format!(
                "{}'s vertex {index} along ({:.3}, {:.3})",
                shape.letter(),
                direction.x,
                direction.y
            ),
            Param::Speculative => "speculative distance".into(),
            Param::Time => "time t".into(),
        }
    }

    /// The value the pair has now (where a sweep through it passes the scene's pose).
    pub fn current(&self, a: &SceneShape, b: &SceneShape, settings: &Settings) -> f64 {
        let pick = |s: Side| if s == Side::A { a } else { b };
        match *self {
            Param::Angle { shape } => pick(shape).pose.angle as f64,
            Param::Offset { .. } | Param::Vertex { .. } | Param::Time => 0.0,
            Param::Radius { shape } => pick(shape).shape.radius() as f64,
            Param::Scale { .. } => 1.0,
            Param::Origin => (0.5 * (a.pose.position + b.pose.position))
                .length()
                .max(1.0) as f64,
            Param::Speculative => settings.speculative_distance as f64,
        }
    }

    /// A default range around the current value.
    pub fn default_range(&self, a: &SceneShape, b: &SceneShape, settings: &Settings) -> (f64, f64) {
        let now = self.current(a, b, settings);
        let size = (a.shape.bounding_radius() + b.shape.bounding_radius()).max(0.1) as f64;
        match self {
            Param::Angle { .. } => (now - std::f64::consts::PI, now + std::f64::consts::PI),
            Param::Offset { .. } => (-size, size),
            Param::Radius { .. } => (0.0, (2.0 * now).max(0.25 * size)),
            Param::Scale { .. } => (0.5, 2.0),
            Param::Origin => (1.0, 1.0e7),
            Param::Vertex { .. } => (-0.25 * size, 0.25 * size),
            Param::Speculative => (0.0, (4.0 * now).max(0.1)),
            Param::Time => (0.0, 1.0),
        }
    }

    /// The pair and settings at `value`, from the scene's (`a`, `b`, `settings` are
    /// changed in place from copies of the scene's). An error when the value makes no
    /// valid shape (a vertex moved out of convexity, a negative radius).
    pub fn apply(
        &self,
        value: f64,
        a: &mut SceneShape,
        b: &mut SceneShape,
        settings: &mut Settings,
    ) -> Result<(), String> {
        let x = value as f32;
        if !x.is_finite() {
            return Err(format!("{value} is not a finite f32"));
        }
        match *self {
            Param::Angle { shape } => pick(shape, a, b).pose.angle = x,
            Param::Offset { shape, direction } => {
                pick(shape, a, b).pose.position += direction * x;
            }
            Param::Radius { shape } => {
                let s = pick(shape, a, b);
                s.shape =
                    Shape::new(with_radius(s.shape.geometry(), x)?).map_err(|e| e.to_string())?;
            }
            Param::Scale { shape } => {
                let s = pick(shape, a, b);
                s.shape = Shape::new(scaled(s.shape.geometry(), x)?).map_err(|e| e.to_string())?;
            }
            Param::Origin => {
                let mid = 0.5 * (a.pose.position + b.pose.position);
                let to = Vec2::splat(std::f32::consts::FRAC_1_SQRT_2) * x;
                a.pose.position = a.pose.position - mid + to;
                b.pose.position = b.pose.position - mid + to;
            }
            Param::Vertex {
                shape,
                index,
                direction,
            } => {
                let s = pick(shape, a, b);
                s.shape = Shape::new(moved_vertex(&s.shape, index, direction * x)?)
                    .map_err(|e| e.to_string())?;
            }
            Param::Speculative => {
                if x < 0.0 {
                    return Err("a speculative distance below 0".into());
                }
                settings.speculative_distance = x;
            }
            Param::Time => {
                for s in [a, b] {
                    s.pose.position += s.velocity * x;
                    s.pose.angle += s.angular_velocity * x;
                    s.velocity *= 1.0 - x;
                    s.angular_velocity *= 1.0 - x;
                }
            }
        }
        Ok(())
    }
}

fn pick<'a>(side: Side, a: &'a mut SceneShape, b: &'a mut SceneShape) -> &'a mut SceneShape {
    match side {
        Side::A => a,
        Side::B => b,
    }
}

/// `g` with its rounding radius (a circle's radius) set to `r`; a segment given a
/// radius is a capsule, a capsule without one a segment.
pub(crate) fn with_radius(g: &Geometry, r: f32) -> Result<Geometry, String> {
    if r < 0.0 {
        return Err(format!("a radius of {r}"));
    }
    Ok(match g.clone() {
        Geometry::Circle { .. } => Geometry::Circle { radius: r },
        Geometry::Polygon { points, .. } => Geometry::Polygon { points, radius: r },
        Geometry::Box { half_extents, .. } => Geometry::Box {
            half_extents,
            radius: r,
        },
        Geometry::Capsule { a, b, .. } | Geometry::Segment { a, b } if r > 0.0 => {
            Geometry::Capsule { a, b, radius: r }
        }
        Geometry::Capsule { a, b, .. } | Geometry::Segment { a, b } => Geometry::Segment { a, b },
    })
}

/// `g` scaled by `k` about its local origin (radius too).
pub(crate) fn scaled(g: &Geometry, k: f32) -> Result<Geometry, String> {
    if k.is_nan() || k <= 0.0 {
        return Err(format!("a scale of {k}"));
    }
    Ok(match g.clone() {
        Geometry::Circle { radius } => Geometry::Circle { radius: radius * k },
        Geometry::Polygon { points, radius } => Geometry::Polygon {
            points: points.iter().map(|p| *p * k).collect(),
            radius: radius * k,
        },
        Geometry::Box {
            half_extents,
            radius,
        } => Geometry::Box {
            half_extents: half_extents * k,
            radius: radius * k,
        },
        Geometry::Capsule { a, b, radius } => Geometry::Capsule {
            a: a * k,
            b: b * k,
            radius: radius * k,
        },
        Geometry::Segment { a, b } => Geometry::Segment { a: a * k, b: b * k },
    })
}

/// The shape's core vertices (its own numbering) as a polygon, or a capsule's or a
/// segment's two ends, with vertex `k` moved by `by` (local frame).
fn moved_vertex(shape: &Shape, k: usize, by: Vec2) -> Result<Geometry, String> {
    let n = shape.vertices().len();
    if k >= n {
        return Err(format!("vertex {k}: the shape has {n} vertices"));
    }
    let mut points = shape.vertices().to_vec();
    points[k] += by;
    let radius = shape.radius();
    Ok(match (shape.geometry(), n) {
        (Geometry::Circle { radius }, _) => {
            // A circle's one vertex is its centre: moving it moves the circle.
            Geometry::Polygon {
                points,
                radius: *radius,
            }
        }
        (Geometry::Segment { .. }, 2) => Geometry::Segment {
            a: points[0],
            b: points[1],
        },
        (_, 2) => Geometry::Capsule {
            a: points[0],
            b: points[1],
            radius,
        },
        _ => Geometry::Polygon { points, radius },
    })
}

/// A direction: `x`, `y`, or an angle in degrees counter-clockwise from +x.
fn parse_direction(s: &str) -> Result<Vec2, String> {
    match s {
        "x" => Ok(Vec2::X),
        "y" => Ok(Vec2::Y),
        _ => {
            let deg: f32 = s
                .parse()
                .map_err(|_| format!("direction {s:?}: expected x, y or an angle in degrees"))?;
            if !deg.is_finite() {
                return Err(format!("direction {s:?}: not a finite angle"));
            }
            let r = deg.to_radians();
            Ok(Vec2::new(r.cos(), r.sin()))
        }
    }
}

/// `--param`: the parameter and its range. `names` are the pair's two shape names
/// (A's, B's), which may stand for `A` and `B`.
pub fn parse_param(text: &str, names: (&str, &str)) -> Result<(Param, f64, f64), String> {
    let parts: Vec<&str> = text.split(':').map(str::trim).collect();
    let kind = parts[0];
    let err = |why: &str| {
        format!(
            "--param {text:?}: {why}; expected KIND[:SHAPE][:EXTRA]:FROM:TO with KIND one of \
             {} (e.g. angle:B:0:6.2832, offset:B:x:-1:1, origin:1:1e7, vertex:B:0:y:-0.1:0.1)",
            PARAM_KINDS.join(", ")
        )
    };
    let (extras, from, to) = match parts.len() {
        n if n >= 3 => (&parts[1..n - 2], parts[n - 2], parts[n - 1]),
        _ => return Err(err("too few fields")),
    };
    let number = |s: &str| -> Result<f64, String> {
        s.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .ok_or_else(|| err(&format!("{s:?} is not a number")))
    };
    let (from, to) = (number(from)?, number(to)?);
    let param = param_of_fields(kind, extras, names, &err)?;
    if param.log_scale() && (from <= 0.0 || to <= 0.0) {
        return Err(err(
            "a distance from the origin is swept on a log scale: FROM and TO must be positive",
        ));
    }
    Ok((param, from, to))
}

/// The parameter of `--param`'s KIND and the fields between it and FROM:TO (`err`
/// words a complaint with the forms).
fn param_of_fields(
    kind: &str,
    extras: &[&str],
    names: (&str, &str),
    err: &dyn Fn(&str) -> String,
) -> Result<Param, String> {
    let side = |i: usize| -> Result<Side, String> {
        let s = *extras.get(i).ok_or_else(|| err("the shape is missing"))?;
        match s {
            _ if s == names.0 => Ok(Side::A),
            _ if s == names.1 => Ok(Side::B),
            "A" | "a" => Ok(Side::A),
            "B" | "b" => Ok(Side::B),
            _ => Err(err(&format!(
                "{s:?} is neither A, B nor a shape of the pair"
            ))),
        }
    };
    let direction = |i: usize| -> Result<Vec2, String> {
        parse_direction(
            extras
                .get(i)
                .ok_or_else(|| err("the direction is missing"))?,
        )
        .map_err(|e| err(&e))
    };
    let want = |n: usize| -> Result<(), String> {
        if extras.len() == n {
            Ok(())
        } else {
            Err(err(&format!("{kind} takes {n} field(s) before FROM:TO")))
        }
    };
    Ok(match kind {
        "angle" | "radius" | "scale" => {
            want(1)?;
            let shape = side(0)?;
            match kind {
                "angle" => Param::Angle { shape },
                "radius" => Param::Radius { shape },
                _ => Param::Scale { shape },
            }
        }
        "offset" => {
            want(2)?;
            Param::Offset {
                shape: side(0)?,
                direction: direction(1)?,
            }
        }
        "vertex" => {
            want(3)?;
            let index = extras[1]
                .parse()
                .map_err(|_| err(&format!("vertex index {:?}", extras[1])))?;
            Param::Vertex {
                shape: side(0)?,
                index,
                direction: direction(2)?,
            }
        }
        "origin" | "speculative" | "time" => {
            want(0)?;
            match kind {
                "origin" => Param::Origin,
                "speculative" => Param::Speculative,
                _ => Param::Time,
            }
        }
        _ => return Err(err(&format!("unknown kind {kind:?}"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_kind_and_refuses_with_the_forms() {
        let names = ("Box", "Bar");
        let (p, f, t) = parse_param("angle:B:0:6.5", names).unwrap();
        assert_eq!(p, Param::Angle { shape: Side::B });
        assert_eq!((f, t), (0.0, 6.5));
        let (p, _, _) = parse_param("offset:Box:90:-1:1", names).unwrap();
        match p {
            Param::Offset { shape, direction } => {
                assert_eq!(shape, Side::A);
                assert!((direction - Vec2::Y).length() < 1e-6);
            }
            _ => panic!("{p:?}"),
        }
        assert_eq!(parse_param("origin:1:1e7", names).unwrap().0, Param::Origin);
        assert!(matches!(
            parse_param("vertex:B:2:x:-0.1:0.1", names).unwrap().0,
            Param::Vertex { index: 2, .. }
        ));
        for bad in [
            "angle:C:0:1",
            "spin:B:0:1",
            "angle:B:0",
            "origin:0:10",
            "offset:B:q:0:1",
        ] {
            let e = parse_param(bad, names).unwrap_err();
            assert!(e.contains("expected KIND"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_vertex_moved_out_of_convexity_is_an_error_not_a_shape() {
        let mut a = SceneShape::new(
            "A",
            Geometry::Box {
                half_extents: Vec2::ONE,
                radius: 0.0,
            },
            Vec2::ZERO,
            0.0,
        )
        .unwrap();
        let mut b = a.clone();
        let mut s = Settings::default();
        let p = Param::Vertex {
            shape: Side::A,
            index: 0,
            direction: Vec2::new(1.0, 1.0).normalize(),
        };
        assert!(p.apply(0.5, &mut a.clone(), &mut b, &mut s).is_ok());
        assert!(p.apply(3.0, &mut a, &mut b, &mut s).is_err());
    }
}
