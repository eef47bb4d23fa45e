//! The ray-cast trace: what each method computed, in world space, drawable step by
//! step. One struct for every method; [`RayTrace::method`] says which lists are
//! filled:
//! - circle, capsule caps, rounded corners: one [`CircleRecord`] per circle tried
//!   (closest approach, the two roots);
//! - capsule sides, segment, rounded edges: one [`FlatRecord`] per flat piece tried
//!   (the line's crossing and where it falls along the piece);
//! - polygon: one [`ClipStep`] per edge plane, the interval `[lower, upper]` after
//!   it (Box2D's clip, shrinking edge by edge);
//! - GJK: one [`GjkRayStep`] per iteration of each march ([`GjkMarch`]).

use super::types::RayFeature;
use glam::Vec2;
use serde::Serialize;

/// The method that answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RayMethod {
    /// Nothing yet, or the input was refused.
    #[default]
    None,
    /// A point ray (zero reach): a point query.
    Point,
    Circle,
    Capsule,
    Segment,
    Polygon,
    RoundedPolygon,
    Gjk,
}

impl RayMethod {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// A circle tried against the ray's line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct CircleRecord {
    /// The feature the circle stands for (`circle`, a cap, a rounded corner).
    pub feature: RayFeature,
    pub center: Vec2,
    pub radius: f32,
    /// The fraction where the line passes nearest the centre, that point and its
    /// distance from the centre.
    pub closest_fraction: f32,
    pub closest_point: Vec2,
    pub closest_distance: f32,
    /// The line's entry and exit fractions (any sign); `None` when it misses.
    pub enter: Option<f32>,
    pub exit: Option<f32>,
}

/// A flat piece (a capsule side, a segment, a rounded polygon's edge pushed out)
/// tried against the ray's line.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FlatRecord {
    pub feature: RayFeature,
    /// The piece's ends and outward normal.
    pub a: Vec2,
    pub b: Vec2,
    pub normal: Vec2,
    /// `normal·translation`: negative when the ray runs against the normal (enters
    /// through this piece), 0 when parallel.
    pub denominator: f32,
    /// Where the line crosses the piece's line (any sign); `None` when parallel.
    pub fraction: Option<f32>,
    /// Where that crossing falls along the piece (0 at `a`, 1 at `b`).
    pub along: Option<f32>,
    /// The crossing lies on the piece and counts (as an entry or an exit).
    pub counts: bool,
}

/// What one edge plane did to the polygon's interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClipAction {
    /// The ray enters this half-plane later than `lower`: `lower` rises (this edge
    /// becomes the candidate hit).
    RaisesLower,
    /// The ray enters earlier than `lower`: nothing changes.
    KeepsLower,
    /// The ray leaves this half-plane before `upper`: `upper` falls.
    LowersUpper,
    /// The ray leaves after `upper`: nothing changes.
    KeepsUpper,
    /// Parallel to the edge and behind it (or on it): nothing changes.
    ParallelInside,
    /// Parallel to the edge and in front of it: the ray misses.
    ParallelOutside,
}

impl ClipAction {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// One edge plane of Box2D's polygon clip.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ClipStep {
    pub edge: usize,
    /// The edge's first vertex and outward normal.
    pub vertex: Vec2,
    pub normal: Vec2,
    /// `n·(v − o)` (how far the origin lies behind the plane; negative in front).
    pub numerator: f32,
    /// `n·d` (negative: entering; positive: leaving; 0: parallel).
    pub denominator: f32,
    /// `numerator / denominator`, the fraction where the ray crosses the plane.
    pub crossing: Option<f32>,
    pub action: ClipAction,
    /// The interval after this edge.
    pub lower: f32,
    pub upper: f32,
    /// The interval is empty after this edge (`upper < lower`): the ray misses, and
    /// the clip stops here.
    pub emptied: bool,
}

/// Which march of the GJK ray cast a step belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GjkMarch {
    /// The ray itself, from its origin.
    Forward,
    /// Origin in the shape: the ray reversed from its end, to find where it leaves.
    Exit,
    /// Origin in the shape: the ray's line from far behind the origin, to find where
    /// it enters (an entry at 0 means the origin is on the boundary).
    Entry,
}

/// Why a GJK march stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GjkRayStop {
    /// The point on the ray is within the tolerance of the shape: a hit there.
    Converged,
    /// The simplex is a triangle around the point: the point is in the core.
    Enclosed,
    /// The support point repeats one of the simplex and no plane separates: the
    /// distance cannot shrink further (rounding): a hit there.
    Stalled,
    /// A support plane separates the point from the shape and the ray runs parallel
    /// to it or away from it: a miss.
    MovingAway,
    /// The next plane lies beyond the ray's end: a miss.
    PastEnd,
    /// The iteration bound.
    MaxIterations,
}

impl GjkRayStop {
    pub fn as_str(self) -> &'static str {
        crate::core::names::variant_name(&self)
    }
}

/// One iteration of a GJK ray-cast march (world space).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GjkRayStep {
    pub march: GjkMarch,
    pub iteration: u32,
    /// The fraction λ reached along the march's ray, and the point `x` there.
    pub lambda: f32,
    pub point: Vec2,
    /// The simplex (core points of the shape) after reduction, with their indices.
    pub simplex: Vec<Vec2>,
    pub indices: Vec<usize>,
    /// The point of the simplex nearest `x`, and `|x − closest|`.
    pub closest: Vec2,
    pub distance: f32,
    /// Unit direction from the simplex towards `x`, when `x` is off the simplex.
    pub direction: Option<Vec2>,
    /// The support point of the core along `direction`, and its index.
    pub support: Option<Vec2>,
    pub support_index: Option<usize>,
    /// How far `x` lies in front of the shape's support plane along `direction`
    /// (radius included); positive: the plane separates.
    pub gap: Option<f32>,
    /// The fraction λ advanced to, when the plane separated and the ray runs into it.
    pub advanced_to: Option<f32>,
    pub stop: Option<GjkRayStop>,
    /// Last step of a march stopped on a rounded corner: λ after the last gap was
    /// closed exactly on that corner's circle.
    pub polished_to: Option<f32>,
}

/// The ray-cast trace (world space).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RayTrace {
    pub method: RayMethod,
    /// The last fraction at which the ray can still meet the shape (the ray cut at
    /// its reach; see `consts::RAY_REACH_MARGIN`).
    pub end_fraction: f32,
    pub circles: Vec<CircleRecord>,
    pub flats: Vec<FlatRecord>,
    pub clip: Vec<ClipStep>,
    pub gjk: Vec<GjkRayStep>,
}

impl RayTrace {
    /// Clears every list and sets the method.
    pub(super) fn begin(&mut self, method: RayMethod, end_fraction: f32) {
        self.method = method;
        self.end_fraction = end_fraction;
        self.circles.clear();
        self.flats.clear();
        self.clip.clear();
        self.gjk.clear();
    }

    /// The GJK steps of one march.
    pub fn march(&self, march: GjkMarch) -> impl Iterator<Item = &GjkRayStep> {
        self.gjk.iter().filter(move |s| s.march == march)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn begin_clears() {
        let mut t = RayTrace {
            method: RayMethod::Gjk,
            ..Default::default()
        };
        t.clip.push(ClipStep {
            edge: 0,
            vertex: Vec2::ZERO,
            normal: Vec2::X,
            numerator: 1.0,
            denominator: -1.0,
            crossing: Some(-1.0),
            action: ClipAction::KeepsLower,
            lower: 0.0,
            upper: 1.0,
            emptied: false,
        });
        t.begin(RayMethod::Polygon, 0.5);
        assert!(t.clip.is_empty());
        assert_eq!((t.method.as_str(), t.end_fraction), ("polygon", 0.5));
        assert_eq!(ClipAction::RaisesLower.as_str(), "raises_lower");
        assert_eq!(GjkRayStop::PastEnd.as_str(), "past_end");
    }
}
