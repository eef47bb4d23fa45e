//! Collidescope's collision core: 2D narrow-phase algorithms that record every step.
//!
//! Organised by operation, one small module per algorithm (after parry2d):
//! - [`shape`], [`hull`], [`support`]: convex shapes, the support map, features;
//! - [`gjk`]: distance (Box2D's `b2Distance`), with simplex cache and trace;
//! - [`epa`]: penetration depth and normal;
//! - [`minkowski`]: the exact outline of B − A;
//! - [`sat`]: separating axis test with Box2D-Lite's reference-face bias;
//! - [`manifold`]: contact manifold by reference/incident-edge clipping (EPA or SAT normal);
//! - [`clip`]: Sutherland–Hodgman polygon clipping and the overlap-region manifold;
//! - [`box_box`]: Box2D-Lite's box–box contact with feature-pair ids;
//! - [`toi`] (swept SAT) and [`cast`] (conservative advancement): time of impact;
//! - [`scene`]: the RON scene format; [`report`]: the JSON report.
//! - [`fuzz`]: seeded random pairs of every kind checked against exact f64
//!   references and against the core itself (`collidescope fuzz`).
//!
//! Frame convention: shapes are defined in their local frame and placed by a
//! [`math::Transform`]; every query result is in world space with normals from A to B.
//! The core never touches graphics.

pub mod analysis;
pub mod app;
pub mod box_box;
pub mod camera;
pub mod cast;
pub mod clip;
pub mod consts;
pub mod draw;
pub mod draw_contact;
pub mod epa;
pub mod export;
pub mod fuzz;
pub mod gjk;
pub mod hull;
pub mod import;
pub mod manifold;
pub mod math;
pub mod minkowski;
pub mod narrate;
pub mod narrate_contact;
pub mod report;
pub mod sat;
pub mod scene;
pub mod shape;
pub mod support;
pub mod toi;

pub use glam::Vec2;
