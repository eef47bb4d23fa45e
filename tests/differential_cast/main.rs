//! Differential test of the shape cast (`cast.rs`) against parry2d 0.25's
//! `query::cast_shapes`, on seeded random pairs of every shape combination (6 kinds ×
//! 6 kinds × 280 = 10,080 pairs), every disagreement settled by an exact computation in
//! f64.
//!
//! Frame convention: each shape is built in its local frame and placed by a pose at
//! t = 0; both move by constant world velocities over t ∈ [0, 1] without rotating;
//! every compared quantity is in world space; normals point from A to B.
//!
//! ## The exact reference (f64)
//! Every shape is a convex core (1 to 10 vertices) grown by a radius, `r = rA + rB`.
//! The core difference `D = B − A` is the convex hull of the vertex differences (brute
//! force in f64). Under the relative motion `v = vB − vA` the shapes touch at time t
//! iff the point `p(t) = −v·t` is within `r` of `D`, so with
//! `f(t) = signed distance from p(t) to D − r` (negative inside) the time of impact is
//! the first root of `f` on [0, 1]. `f` is convex in t (the signed distance to a convex
//! set is convex, `p` is linear), so: `f(0) ≤ 0` is an initial overlap; otherwise the
//! minimum of `f` on [0, 1] (golden section) decides hit or miss, and the root on
//! [0, t_min] (bisection, 100 halvings) is the time. The normal at impact, A → B, is
//! `(q − p)/|q − p|` with `q` the point of `D` nearest `p`, taken just before the root
//! (`r = 0`) or at it (`r > 0`).
//!
//! ## Tolerances (L = the configuration's size: the largest |world coordinate| of
//! either core over the step, plus both radii, plus 1)
//! - **Time**: at a reported time of impact the exact shapes must touch: `|f(t)|` within
//!   `1e-5·L` (GJK's f32 witness points carry ~1e-6·L of rounding). Reported beside it:
//!   `|Δt|`, which is that distance divided by the closing speed.
//! - **Hit or miss** is ambiguous, and not asserted, when the exact minimum of `f` is
//!   within `1e-5·L` of zero (a grazing pass), when `f(1)` is (a hit at the very end),
//!   or when `f(0)` is (touching at the start: "hit at ~0" and "initially overlapping"
//!   are then both right).
//! - **Normal**: within 1e-4 rad of the exact one for Collidescope (asserted), 1e-3 rad
//!   between the libraries (counted), compared when the exact normal is
//!   unique: always for rounded pairs (`r > 0`), and for sharp pairs when the impact
//!   point of `p` on `D` is farther than 1e-4·L from every vertex of `D` (a corner
//!   meeting a corner has a cone of valid normals).
//!
//! ## Results (seed above; `--nocapture` prints them)
//! 10,080 pairs: the exact answer has 3,991 hits, 5,474 misses, 615 overlaps at t = 0,
//! and 1 pair ambiguous to f32. Collidescope agrees with it on every pair: worst
//! `|Δt|` 2.7e-6, worst `|f(t)|` 2.0e-7·L, worst normal 1.1e-5 rad over 3,989
//! compared normals, never out of iterations. parry2d agrees on every hit/miss
//! verdict; its worst `|Δt|` is 1.1e-3. The 172 disagreements, all settled in
//! Collidescope's favour by the exact answer:
//! - 156 normals off by more than 1e-3 rad (153 on curved pairs, 3 sharp);
//! - 7 times early, the shapes still apart by up to 3e-4 at parry2d's time;
//! - 3 times early by more than 1e-4, within the distance tolerance.
//!
//! Cause, from parry2d's source (`query/gjk/gjk.rs`, `minkowski_ray_cast`; read, not
//! instrumented): its GJK ray cast returns the current lower bound of the time, with
//! the normal of the last support half-plane, as soon as its distance upper bound fails
//! to decrease (`max_bound >= old_max_bound`, "upper bounds inconsistencies"). f32
//! rounding triggers that before convergence, mostly on arcs (the support half-planes
//! of a circle or a rounded corner converge slowly), so the time is early and the
//! normal is that of a half-plane near, not at, the contact. Conservative advancement
//! instead re-measures the distance at every step and stops only when it is below the
//! tolerance.
//!
//! ## What is asserted
//! Collidescope must agree with the exact answer on every unambiguous pair. parry2d is
//! *not* asserted to be right: every difference between the two beyond the tolerances
//! is a disagreement, counted by cause, settled with the exact answer, and printed
//! (`cargo test --test differential_cast -- --nocapture`).

use collidescope::core::math::Transform;
use collidescope::core::pair::PosedPair;
use collidescope::core::shape::Shape;
use collidescope::core::toi::shape_cast::{shape_cast, CastInput, CastOutput, CastTermination};
use collidescope::verify::exact::{angle_between as angle, closest_on_segment, cross64, hull64};
use collidescope::verify::Rng;
use glam::{DVec2, Vec2};
use parry2d::math::{Isometry, Vector};
use parry2d::query::{self as pq, ShapeCastOptions};
use std::collections::BTreeMap;
use std::f64::consts::PI;

/// `|f(t)|` at a reported time, relative to L.
const DIST_TOL: f64 = 1.0e-5;
/// Ambiguity band for hit/miss decisions, relative to L.
const TOUCH_TOL: f64 = 1.0e-5;
/// Normal agreement between the libraries, radians (a difference beyond it is
/// counted as a disagreement).
const NORMAL_TOL: f64 = 1.0e-3;
/// Collidescope's normal against the exact one, radians: asserted tighter. At the
/// impact the normal is a face normal (exact up to the f32 rotation of the face,
/// ~1e-6) or, between rounded corners, the direction between two core points `r`
/// apart (~1e-7·L / r); observed worst 1.1e-5.
const OUR_NORMAL_TOL: f64 = 1.0e-4;
/// A sharp contact this close to a vertex of B − A (relative to L) is corner-like.
const CORNER_MARGIN: f64 = 1.0e-4;

const PAIRS_PER_COMBINATION: usize = 280;
const SEED: u64 = 0x0CA5_7D1F_F0CA_57ED;

#[path = "../common/mod.rs"]
mod common;

mod shapes;
use shapes::*;
mod exact;
use exact::*;
mod placement;
use placement::*;
mod comparison;
