//! Rays, scene objects beside the shapes: `rays: [(name: "R", origin: (x, y),
//! translation: (dx, dy))]`. A ray covers `origin + f·translation` for f ∈ [0, 1]
//! (Box2D's `b2RayCastInput` with `maxFraction` 1), in world coordinates; each is cast
//! against every shape of the scene.

use crate::core::consts::MAX_COORDINATE;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// One ray of a scene.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename = "Ray")]
pub struct SceneRay {
    pub name: String,
    pub origin: Vec2,
    pub translation: Vec2,
}

impl SceneRay {
    /// The ray's end (`f = 1`).
    pub fn tip(&self) -> Vec2 {
        self.origin + self.translation
    }
}

/// Every ray's numbers finite and within the coordinate limit (tip included), names
/// not empty and unique (a sorted pass, O(n log n)). The message names the ray.
pub fn check_rays(rays: &[SceneRay]) -> Result<(), String> {
    first_bad_ray(rays).map_err(|(_, m)| m)
}

/// [`check_rays`] with the index of the ray at fault (the second of two with one name).
pub fn first_bad_ray(rays: &[SceneRay]) -> Result<(), (usize, String)> {
    for (k, r) in rays.iter().enumerate() {
        check_ray(r).map_err(|m| (k, m))?;
    }
    let mut names: Vec<(&str, usize)> = rays
        .iter()
        .enumerate()
        .map(|(k, r)| (r.name.as_str(), k))
        .collect();
    names.sort_unstable();
    if let Some(w) = names.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err((
            w[0].1.max(w[1].1),
            format!(
                "ray name \"{}\" is used twice; names must be unique",
                super::user_text::shown(w[0].0)
            ),
        ));
    }
    Ok(())
}

fn check_ray(r: &SceneRay) -> Result<(), String> {
    {
        if r.name.trim().is_empty() {
            return Err("a ray has an empty name".to_string());
        }
        super::names::check_name(&r.name, "ray")?;
        for (field, v) in [
            ("origin", r.origin),
            ("translation", r.translation),
            ("tip (origin + translation)", r.tip()),
        ] {
            if !v.is_finite() || v.abs().max_element() > MAX_COORDINATE {
                return Err(format!(
                    "ray \"{}\": {field} ({}, {}) is not a finite number within ±{MAX_COORDINATE:e}",
                    super::user_text::shown(&r.name),
                    v.x,
                    v.y
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ray(name: &str, o: (f32, f32), t: (f32, f32)) -> SceneRay {
        SceneRay {
            name: name.to_string(),
            origin: Vec2::new(o.0, o.1),
            translation: Vec2::new(t.0, t.1),
        }
    }

    #[test]
    fn rays_are_checked() {
        assert!(check_rays(&[ray("R", (0.0, 0.0), (1.0, 0.0))]).is_ok());
        let e = check_rays(&[ray("R", (0.0, 0.0), (f32::NAN, 0.0))]).unwrap_err();
        assert!(e.contains("ray \"R\": translation"), "{e}");
        let e = check_rays(&[ray("R", (9.0e5, 0.0), (2.0e5, 0.0))]).unwrap_err();
        assert!(e.contains("tip"), "{e}");
        let e = check_rays(&[
            ray("R", (0.0, 0.0), (1.0, 0.0)),
            ray("R", (1.0, 0.0), (1.0, 0.0)),
        ])
        .unwrap_err();
        assert!(e.contains("used twice"), "{e}");
        assert!(check_rays(&[ray(" ", (0.0, 0.0), (1.0, 0.0))]).is_err());
    }
}
