//! The rotating time of impact's trace: one record per outer iteration (the GJK
//! distance at `t1`, the separation function built there) with its push-back steps
//! (the deepest pair at `t2`) and each root-finder iterate.

use super::separation::SeparationFunction;
use glam::Vec2;
use serde::Serialize;

/// One iterate of the root finder on `s(t) = target`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RootStep {
    /// The bracket before this iterate.
    pub a1: f32,
    pub a2: f32,
    /// The iterate and the separation there.
    pub t: f32,
    pub s: f32,
    /// Bisection (even iterates) or false position (odd), as Box2D alternates them.
    pub bisection: bool,
}

/// One push-back: the deepest pair at `t2`, and the root finder when it ran.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PushBack {
    pub t2: f32,
    /// Separation of the deepest pair at `t2` (cores).
    pub s2: f32,
    /// That pair's separation at `t1`, when it was needed.
    pub s1: Option<f32>,
    pub index_a: Option<usize>,
    pub index_b: Option<usize>,
    pub roots: Vec<RootStep>,
}

/// One outer iteration at `t1`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToiIteration {
    pub t1: f32,
    /// The end of the interval searched from `t1` (the step's end, or sooner when the
    /// shapes turn: see the module docs).
    pub t_end: f32,
    /// Core distance at `t1` and the closest points (world).
    pub distance: f32,
    pub point_a: Vec2,
    pub point_b: Vec2,
    /// The separation function built at `t1` (none when the iteration ended on the
    /// distance alone).
    pub function: Option<SeparationFunction>,
    pub pushes: Vec<PushBack>,
}

/// The whole query.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct RotatingToiTrace {
    /// Core distance aimed at, and the band around it.
    pub target: f32,
    pub tolerance: f32,
    /// Longest interval over which the separation may be trusted between its ends
    /// (infinite without rotation).
    pub max_interval: f32,
    pub iterations: Vec<ToiIteration>,
}
