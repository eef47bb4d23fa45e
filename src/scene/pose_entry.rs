//! A scene entry's pose as the file writes it: `position` with a bare `angle`, or the
//! exact `rotation: (c, s)` (checked to be a unit vector), and the coordinate checks
//! every entry's vectors pass.

use crate::core::consts::MAX_COORDINATE;
use crate::core::math::Rot;
use crate::core::shape::Pose;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// `angle: 0.5` (written bare, not as `Some(0.5)`).
pub(super) fn some_angle<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<f32>, D::Error> {
    f32::deserialize(d).map(Some)
}

pub(super) fn bare_angle<S: serde::Serializer>(a: &Option<f32>, s: S) -> Result<S::Ok, S::Error> {
    a.unwrap_or(0.0).serialize(s)
}

/// `rotation: (c, s)` (written bare).
pub(super) fn some_rotation<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<(f32, f32)>, D::Error> {
    <(f32, f32)>::deserialize(d).map(Some)
}

pub(super) fn bare_rotation<S: serde::Serializer>(
    r: &Option<(f32, f32)>,
    s: S,
) -> Result<S::Ok, S::Error> {
    r.unwrap_or((1.0, 0.0)).serialize(s)
}

/// How far `|(c, s)|` of a given rotation may be from 1.
pub const ROTATION_TOLERANCE: f32 = 1e-4;

/// The rotation `(c, s)` as given, refused when not within [`ROTATION_TOLERANCE`] of a
/// unit vector.
pub fn check_rotation(c: f32, s: f32) -> Result<Rot, String> {
    let length = (c * c + s * s).sqrt();
    if !(length.is_finite() && (length - 1.0).abs() <= ROTATION_TOLERANCE) {
        return Err(format!(
            "rotation ({c}, {s}) has length {length}, not within {ROTATION_TOLERANCE:e} of 1 \
             (a rotation is the cosine and sine of its angle)"
        ));
    }
    Ok(Rot { c, s })
}

/// The pose an entry gives: `position` with `angle`, or with the exact `rotation`.
pub(super) fn entry_pose(
    what: &str,
    name: &str,
    position: Vec2,
    angle: Option<f32>,
    rotation: Option<(f32, f32)>,
) -> Result<Pose, String> {
    match (angle, rotation) {
        (Some(_), Some(_)) => Err(format!(
            "{what} \"{name}\": give either angle or rotation, not both"
        )),
        (Some(a), None) if !a.is_finite() => Err(format!(
            "{what} \"{name}\": angle {a} is not a finite number"
        )),
        (Some(a), None) => Ok(Pose::new(position, a)),
        (None, Some((c, s))) => check_rotation(c, s)
            .map(|q| Pose::with_rotation(position, q))
            .map_err(|m| format!("{what} \"{name}\": {m}")),
        (None, None) => Err(format!(
            "{what} \"{name}\": missing field `angle` (or `rotation: (c, s)`)"
        )),
    }
}

/// The (angle, rotation) an entry writes for a pose: the exact rotation when it holds
/// one, else the angle.
pub(super) fn entry_rotation(pose: &Pose) -> (Option<f32>, Option<(f32, f32)>) {
    match pose.exact_rotation() {
        Some(q) => (None, Some((q.c, q.s))),
        None => (Some(pose.angle), None),
    }
}

pub(super) fn check_vec(name: &str, field: &str, v: Vec2) -> Result<(), String> {
    if !v.is_finite() {
        return Err(format!(
            "shape \"{name}\": {field} ({}, {}) is not a finite number",
            v.x, v.y
        ));
    }
    if v.abs().max_element() > MAX_COORDINATE {
        return Err(format!(
            "shape \"{name}\": {field} ({}, {}) is beyond the coordinate limit of {MAX_COORDINATE:e}",
            v.x, v.y
        ));
    }
    Ok(())
}
