//! The ray, the input of a ray cast, and its answer: [`RayInput`], [`RayCastInput`],
//! [`RayCastOutput`] with the [`RayFeature`] that was hit and the [`RayTermination`] that
//! says how the cast ended.

use crate::core::consts::DEFAULT_RAY_GJK_MAX_ITERATIONS;
use crate::core::math::Transform;
use crate::core::shape::Shape;
use glam::Vec2;
use serde::Serialize;

/// A ray in world space, as Box2D's `b2RayCastInput`: the points
/// `origin + f·translation` for `f ∈ [0, max_fraction]`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RayInput {
    pub origin: Vec2,
    pub translation: Vec2,
    /// The largest fraction of `translation` the ray covers (typically 1).
    pub max_fraction: f32,
}

impl RayInput {
    /// Whether the ray and the pose `xf` it is cast in are finite numbers.
    pub fn is_finite_in(&self, xf: &Transform) -> bool {
        self.origin.is_finite()
            && self.translation.is_finite()
            && self.max_fraction.is_finite()
            && xf.p.is_finite()
            && xf.q.c.is_finite()
            && xf.q.s.is_finite()
    }

    /// The ray from `origin` to `origin + translation` (`max_fraction` 1).
    pub fn new(origin: Vec2, translation: Vec2) -> RayInput {
        RayInput {
            origin,
            translation,
            max_fraction: 1.0,
        }
    }

    /// The world point at fraction `f`.
    #[inline]
    pub fn at(&self, f: f32) -> Vec2 {
        self.origin + f * self.translation
    }
}

/// Input of [`ray_cast`](super::ray_cast) and [`ray_cast_gjk`](super::ray_cast_gjk):
/// a shape, its pose, a world ray.
#[derive(Clone, Copy, Debug)]
pub struct RayCastInput<'a> {
    pub shape: &'a Shape,
    /// The shape's pose (local → world).
    pub transform: Transform,
    pub ray: RayInput,
    /// Bound on support evaluations per GJK march ([`ray_cast_gjk`](super::ray_cast_gjk)
    /// only; 0 is treated as 1).
    pub max_iterations: u32,
}

impl<'a> RayCastInput<'a> {
    /// An input with the default iteration bound.
    pub fn new(shape: &'a Shape, transform: Transform, ray: RayInput) -> Self {
        RayCastInput {
            shape,
            transform,
            ray,
            max_iterations: DEFAULT_RAY_GJK_MAX_ITERATIONS,
        }
    }
}

/// The part of the shape's surface a ray met. Indices are core vertex / edge indices
/// (`Shape::vertices`, `Shape::normals`: edge `i` runs from vertex `i` to `i + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RayFeature {
    /// No surface point: a miss, a ray starting inside, an invalid ray.
    None,
    /// The arc of a circle.
    Circle,
    /// Edge `i` of a polygon (of a rounded polygon: the edge pushed out by the radius).
    Edge(usize),
    /// Core vertex `i`: the corner itself on a sharp shape (a segment's end met
    /// end-on, a GJK march that stopped on a corner), the arc around it on a rounded
    /// polygon.
    Vertex(usize),
    /// The end cap of a capsule around core vertex `i`.
    Cap(usize),
    /// Side `i` of a capsule or segment: the side whose outward normal is
    /// `Shape::normals()[i]` (0: right of vertex 0 → 1, 1: the other).
    Side(usize),
}

impl RayFeature {
    /// The kind as a word: `none`, `circle`, `edge`, `vertex`, `cap`, `side`.
    pub fn kind_str(self) -> &'static str {
        match self {
            RayFeature::None => "none",
            RayFeature::Circle => "circle",
            RayFeature::Edge(_) => "edge",
            RayFeature::Vertex(_) => "vertex",
            RayFeature::Cap(_) => "cap",
            RayFeature::Side(_) => "side",
        }
    }

    /// The index, for the kinds that have one.
    pub fn index(self) -> Option<usize> {
        match self {
            RayFeature::Edge(i)
            | RayFeature::Vertex(i)
            | RayFeature::Cap(i)
            | RayFeature::Side(i) => Some(i),
            RayFeature::None | RayFeature::Circle => None,
        }
    }

    /// "edge 2", "circle", "none".
    pub fn label(self) -> String {
        match self.index() {
            Some(i) => format!("{} {i}", self.kind_str()),
            None => self.kind_str().to_string(),
        }
    }
}

/// How a ray cast ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RayTermination {
    /// The ray enters the shape at `fraction` (0 for an origin on the boundary with
    /// the ray running into the shape, or a point ray on the boundary).
    Hit,
    /// The origin lies strictly inside the shape: no hit; `exit_fraction` says where
    /// the ray leaves.
    Inside,
    /// No point of the ray lies in the shape (or only its origin, on the boundary,
    /// with the ray leaving at once: see the module docs).
    Missed,
    /// GJK only: the iteration bound was reached before the march decided. `fraction`
    /// is conservative: the ray is outside the shape on `[0, fraction)`.
    MaxIterations,
    /// A coordinate of the ray or of the transform is NaN or infinite.
    NonFiniteInput,
    /// `max_fraction` is negative.
    NegativeMaxFraction,
    /// A coordinate of the ray's origin or translation exceeds
    /// [`RAY_MAX_COORDINATE`](crate::core::consts::RAY_MAX_COORDINATE).
    OutOfRange,
}

impl RayTermination {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }

    /// True for the statuses that refuse the input.
    pub fn is_invalid(self) -> bool {
        matches!(
            self,
            RayTermination::NonFiniteInput
                | RayTermination::NegativeMaxFraction
                | RayTermination::OutOfRange
        )
    }
}

/// The answer of a ray cast, in world space.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RayCastOutput {
    /// True for [`RayTermination::Hit`] only (never for an origin inside).
    pub hit: bool,
    /// Hit: the fraction of the translation at the hit, in `[0, max_fraction]`.
    /// Inside: 0. Missed: `max_fraction`. Max iterations: the conservative fraction
    /// reached. Invalid input: 0.
    pub fraction: f32,
    /// Hit: the surface point. Otherwise the ray's point at `fraction` (its origin
    /// for an invalid input with a finite origin, else zero).
    pub point: Vec2,
    /// Hit: the unit outward normal of the surface at `point`. Otherwise zero.
    pub normal: Vec2,
    /// Hit: the feature met. Otherwise [`RayFeature::None`].
    pub feature: RayFeature,
    /// The origin lies strictly inside the shape.
    pub inside: bool,
    /// Inside: the fraction where the ray leaves the shape, when it does within
    /// `[0, max_fraction]`; `None` when the whole ray lies inside. `None` otherwise.
    pub exit_fraction: Option<f32>,
    /// Support evaluations made by the GJK march(es); 0 for the exact functions.
    pub iterations: u32,
    #[serde(rename = "status")]
    pub termination: RayTermination,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_stable() {
        assert_eq!(RayTermination::NonFiniteInput.as_str(), "non_finite_input");
        assert_eq!(RayFeature::Edge(3).label(), "edge 3");
        assert_eq!(RayFeature::Circle.label(), "circle");
        assert!(RayTermination::OutOfRange.is_invalid() && !RayTermination::Missed.is_invalid());
        let json = serde_json::to_string(&RayFeature::Cap(1)).unwrap();
        assert_eq!(json, r#"{"cap":1}"#);
    }

    #[test]
    fn ray_points() {
        let r = RayInput::new(Vec2::new(1.0, 2.0), Vec2::new(2.0, 0.0));
        assert_eq!(r.at(0.5), Vec2::new(2.0, 2.0));
        assert_eq!(r.max_fraction, 1.0);
    }
}
