//! The collision core: pure queries that record every step. No I/O, no graphics, no
//! peers; nothing here imports from outside `core` (`tests/layers.rs`).
//!
//! Organised by operation, one module per algorithm (after parry2d):
//! - [`shape`], [`hull`], [`support`]: convex shapes, the support map, features;
//! - [`pair`]: the posed pair every pair query takes, and B's pose in A's frame;
//! - [`gjk`]: distance (Box2D's `b2Distance`), with simplex cache and trace;
//! - [`epa`]: penetration depth and normal;
//! - [`minkowski`]: the exact outline of B − A;
//! - [`sat`]: separating axis test with Box2D-Lite's reference-face bias;
//! - [`manifold`]: contact manifold by reference/incident-edge clipping (EPA or SAT normal);
//! - [`chain`]: one-sided chain segments with ghost vertices (Box2D v3's smooth manifold);
//! - [`sutherland_hodgman`]: polygon clipping and the overlap-region manifold;
//! - [`box_box`]: Box2D-Lite's box–box contact with feature-pair ids;
//! - [`toi`]: time of impact (swept SAT, conservative-advancement shape cast);
//! - [`raycast`]: ray casts, exact per shape kind and by GJK;
//! - [`settings`]: tolerances, iteration bounds and the SAT bias, with defaults.
//!
//! ## Traces
//! Every query takes its trace as `Option<&mut …Trace>` and writes it one way:
//! `trace.record(|t| …)` (the `Record` trait of `record.rs`). The closure, and every
//! value it builds for the record, runs only when a trace was given, so a query
//! without one computes nothing for it and allocates nothing, and the math between
//! two records reads as math. A loop that records at several exits names its record
//! call once per iteration as a local closure (`let mut record = |…| trace.record(…)`)
//! and calls it at each exit. A record that needs the state before a decision and
//! the decision after it is built as an `Option` of the step (`trace.is_some().then(…)`)
//! and pushed with `trace.record` once the decision is known.
//! (One loop writes its branch out instead, the polygon ray cast's clip: see there.)

pub mod box2d_rot;
pub mod box_box;
pub mod chain;
pub mod consts;
pub mod epa;
pub mod gjk;
pub mod hull;
pub mod manifold;
pub mod math;
pub mod minkowski;
pub(crate) mod names;
pub mod pair;
pub mod quickhull;
pub mod raycast;
pub(crate) mod record;
pub mod sat;
pub mod settings;
pub mod shape;
#[cfg(target_arch = "x86_64")]
pub mod simd;
pub mod support;
pub mod sutherland_hodgman;
pub mod toi;
