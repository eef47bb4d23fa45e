//! Differential tests: Collidescope against parry2d 0.25 on seeded random pairs of
//! every shape combination (7 kinds × 7 kinds), every disagreement settled by an exact
//! computation in f64.
//!
//! Frame convention: each shape is built in its local frame and placed by a pose
//! (position, angle in radians, counter-clockwise); every compared quantity is in world
//! space; normals point from A to B (the direction B must move to separate).
//!
//! ## The exact reference (f64)
//! Every shape is a convex core polygon (1 to 12 vertices) grown by a radius. The core
//! difference `B − A` is the convex hull of the n·m vertex differences (computed here by
//! brute force in f64, no Minkowski merge: an independent route). With `r = rA + rB`:
//! - origin outside the core hull: distance `|z| − r` (z the hull point closest to the
//!   origin, `z = pB − pA`), or depth `r − |z|` along `z/|z|` when `|z| < r`;
//! - origin inside: depth `min over hull edges (edge distance) + r` — the support
//!   function `h(u) = max p·u + r` of a polygon containing the origin takes its minimum
//!   over unit `u` at an edge normal (between two edge normals it is a sinusoid that
//!   stays positive, so its minimum is at an end). The normal from A to B is minus
//!   that edge's outward normal.
//!
//! Circles and capsules are exact here too: they are 1- and 2-vertex cores plus a
//! radius, so no sampling of directions is needed.
//!
//! ## What is asserted
//! Collidescope must agree with the exact answer on every pair (tolerances below).
//! parry2d is *not* asserted to be right: every difference between the two beyond the
//! tolerance is a "disagreement", counted by kind, settled with the exact answer, and
//! printed (`cargo test --test differential_parry -- --nocapture`).

use collidescope::core::consts::{
    DEFAULT_EPA_MAX_ITERATIONS, DEFAULT_EPA_TOLERANCE, DEFAULT_GJK_MAX_ITERATIONS,
};
use collidescope::core::epa::{penetration, PenetrationInput, PenetrationOutput};
use collidescope::core::gjk::{
    shape_distance, CacheUse, DistanceInput, DistanceOutput, SimplexCache,
};
use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::verify::exact::{angle_between as angle, closest_on_segment, cross64, hull64};
use collidescope::verify::Rng;
use glam::{DVec2, Vec2};
use parry2d::math::{Isometry, Point, Real, Vector};
use parry2d::query::{self as pq, ClosestPoints, Contact};
use std::collections::BTreeMap;
use std::f64::consts::PI;

// ---------------------------------------------------------------------------------
// Tolerances. `L` is the size of the configuration: the largest absolute world
// coordinate of either core, plus both radii, plus 1 (so a tolerance never vanishes
// for tiny shapes near the origin). Every world-space result carries f32 rounding of
// order `f32::EPSILON · L` (1.2e-7 · L) from the pose transforms alone; the solvers add
// a few dozen more roundings of the same size.
// ---------------------------------------------------------------------------------

/// Distance, depth and "on the surface" agreement, relative to `L`: 2e-6 · L is ~17 f32
/// ulps of the largest coordinate. GJK's distance comes from vertices and barycentric
/// combinations of two vertices, a handful of roundings each, plus the transforms into
/// A's frame and back to world space. (Largest error seen on this run: 1.3e-7 · L.)
const DIST_TOL: f64 = 2.0e-6;

/// Unique witness points, relative to `L`. The point on a simplex edge `e` comes from
/// barycentric weights whose error is ~ε·|w|²/|e|² (the edge vector is the difference of
/// two rounded points of size |w|), so it slides along a short edge far from the origin
/// by ~ε·|w|²/|e| — while the distance, quadratic in that slide, stays exact. Worst
/// case on this run: a 0.008-long edge of a 9-gon 2.0 from a circle's centre, off by
/// 1.5e-5 (1.4e-6 · L); 1e-5 · L leaves a factor 7.
const WITNESS_TOL: f64 = 1.0e-5;

/// A pair whose exact signed distance is within this (relative to `L`) of zero is
/// "touching": it may come out as overlapping or as separated by either library.
/// Equal to `DIST_TOL`: below it the sign of the distance is not resolved by f32.
const TOUCH_TOL: f64 = DIST_TOL;

/// EPA depth: EPA stops when the support point along the closest edge's normal is
/// within `DEFAULT_EPA_TOLERANCE · depth` (relative) of that edge, so the depth it
/// reports is a lower bound within that much of the exact one; plus the f32 term above.
const DEPTH_REL_TOL: f64 = DEFAULT_EPA_TOLERANCE as f64;

/// Angle (radians) within which two normals count as the same. A unique penetration
/// normal found by EPA is an exact edge normal of B − A, up to f32 rounding of the edge
/// direction (~1e-6 rad for edges longer than 1% of `L`); the normal of separated shapes
/// is `z/|z|`, off by `DIST_TOL · L / |z|`. 1e-3 rad leaves room for both while still
/// telling apart any two faces of a 12-gon pair (which differ by ≥ the polygon's smallest
/// turning angle — and when two faces give the same depth within the depth tolerance the
/// pair is a tie and normals are not compared, see `is_normal_tie`).
const NORMAL_TOL: f64 = 1.0e-3;

/// Witness points are unique only when one shape touches the closest-distance line at a
/// single vertex. A core vertex within `SUPPORT_MARGIN · L` of the supporting line counts
/// as touching it (so nearly parallel edges count as parallel and the witness points are
/// not compared directly: they slide along the edge with the rounding of the normal).
const SUPPORT_MARGIN: f64 = 1.0e-3;

/// Pairs per ordered combination of kinds: 7 × 7 × 250 = 12,250 pairs.
const PAIRS_PER_COMBINATION: usize = 250;

const SEED: u64 = 0x00C0_111D_E5C0_7E01;

#[path = "../common/mod.rs"]
mod common;

mod shapes;
use shapes::*;
mod exact;
use exact::*;
mod placement;
use placement::*;
mod bookkeeping;
use bookkeeping::*;
mod check_pair;
use check_pair::*;
mod overlapping;
use overlapping::*;
mod separated;
use separated::*;
mod tests;
