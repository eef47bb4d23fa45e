//! The scene's rays in the app: which ray the algorithm `ray` steps and how (view
//! commands, not undoable), and the edits of the rays themselves (undoable): add,
//! delete, rename, move the origin or the tip.

use super::*;
use crate::core::consts::MAX_COORDINATE;
use crate::core::raycast::{ray_cast, ray_cast_gjk};
use crate::scene::rays::SceneRay;
pub use crate::trace::rays::RayMeets;

/// Ray `r` against shape `s` by both of our methods (none when `r` is out of range).
pub(super) fn ours(scene: &Scene, r: usize, s: usize) -> Vec<(&'static str, RayCastOutput)> {
    if r >= scene.rays.len() || s >= scene.shapes.len() {
        return Vec::new();
    }
    let input = scene.ray_input(r, s);
    vec![
        ("Collidescope exact", ray_cast(&input, None)),
        ("Collidescope GJK", ray_cast_gjk(&input, None)),
    ]
}

impl AppState {
    /// What each scene ray meets first (recomputed only when something changed).
    pub fn ray_meets(&mut self) -> &[RayMeets] {
        &self.scene_results().first_meets
    }

    /// Our two casts of the stepped ray against shape A (recomputed on change).
    pub fn ray_ours(&mut self) -> &[(&'static str, RayCastOutput)] {
        self.studies();
        &self.ray_ours
    }

    /// Steps ray `r` (an index in `scene.rays`).
    pub fn set_ray(&mut self, r: usize) {
        if r < self.scene.rays.len() && r != self.ray {
            self.ray = r;
            self.step = 0;
            self.stale = true;
            self.revision += 1;
        }
    }

    /// Casts the stepped ray with the exact function of A's kind or with GJK.
    pub fn set_ray_method(&mut self, method: RayMethodChoice) {
        if method != self.ray_method {
            self.ray_method = method;
            self.step = 0;
            self.stale = true;
            self.revision += 1;
        }
    }

    /// Adds a ray from `origin` along `translation`, named R, R2, …; it becomes the
    /// stepped ray. Returns its index.
    pub fn add_ray(&mut self, origin: Vec2, translation: Vec2) -> Result<usize, String> {
        let ray = SceneRay {
            name: self.unique_ray_name("R"),
            origin,
            translation,
        };
        check_ray(&ray)?;
        self.begin_edit();
        self.scene.rays.push(ray);
        self.ray = self.scene.rays.len() - 1;
        self.changed();
        Ok(self.ray)
    }

    pub fn delete_ray(&mut self, r: usize) {
        if r >= self.scene.rays.len() {
            return;
        }
        self.begin_edit();
        self.scene.rays.remove(r);
        if self.ray > r || self.ray >= self.scene.rays.len() {
            self.ray = self.ray.saturating_sub(1);
        }
        self.changed();
    }

    /// Moves ray `r`'s origin (`tip` false, the tip stays put) or its tip (`tip`
    /// true): a drag of either end on the canvas. Refused (the ray unchanged) when a
    /// coordinate is not finite or beyond the scene's limit.
    pub fn move_ray_end(&mut self, r: usize, tip: bool, world: Vec2) -> Result<(), String> {
        let Some(old) = self.scene.rays.get(r) else {
            return Err(format!("no ray {r}"));
        };
        let mut ray = old.clone();
        if tip {
            ray.translation = world - ray.origin;
        } else {
            ray.translation = ray.tip() - world;
            ray.origin = world;
        }
        self.set_ray_geometry(r, ray.origin, ray.translation)
    }

    /// Sets ray `r`'s origin and translation (the panel's fields).
    pub fn set_ray_geometry(
        &mut self,
        r: usize,
        origin: Vec2,
        translation: Vec2,
    ) -> Result<(), String> {
        let Some(old) = self.scene.rays.get(r) else {
            return Err(format!("no ray {r}"));
        };
        if old.origin == origin && old.translation == translation {
            return Ok(());
        }
        let ray = SceneRay {
            name: old.name.clone(),
            origin,
            translation,
        };
        check_ray(&ray)?;
        self.begin_edit();
        self.scene.rays[r] = ray;
        self.changed();
        Ok(())
    }

    pub fn rename_ray(&mut self, r: usize, name: &str) -> Result<(), String> {
        let name = name.trim();
        if name.is_empty() {
            return Err("a ray's name cannot be empty".into());
        }
        if let Some(old) = self.scene.rays.get(r) {
            check_ray(&SceneRay {
                name: name.to_string(),
                ..old.clone()
            })?;
        }
        let taken = self.scene.rays.iter().enumerate();
        if taken.clone().any(|(j, x)| j != r && x.name == name) {
            return Err(format!("another ray is already called \"{name}\""));
        }
        if r >= self.scene.rays.len() {
            return Err(format!("no ray {r}"));
        }
        self.begin_edit();
        self.scene.rays[r].name = name.to_string();
        self.changed();
        Ok(())
    }

    fn unique_ray_name(&self, base: &str) -> String {
        let taken = |n: &str| self.scene.rays.iter().any(|r| r.name == n);
        if !taken(base) {
            return base.to_string();
        }
        (2..)
            .map(|k| format!("{base}{k}"))
            .find(|n| !taken(n))
            .unwrap_or_else(|| base.to_string())
    }
}

/// The scene loader's check of one ray (finite, within the coordinate limit).
fn check_ray(ray: &SceneRay) -> Result<(), String> {
    crate::scene::rays::check_rays(std::slice::from_ref(ray)).map_err(|e| {
        if e.contains("not a finite number") {
            format!("{e} (the scene's limit is ±{MAX_COORDINATE:e})")
        } else {
            e
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::ray::RayStep;

    fn app() -> AppState {
        let scene = crate::scene::parse_scene(
            r#"(
                version: 1,
                shapes: [
                    (name: "A", geometry: Box(half_extents: (1.0, 1.0)), position: (0.0, 0.0), angle: 0.0),
                    (name: "B", geometry: Circle(radius: 0.5), position: (4.0, 0.0), angle: 0.0),
                ],
                rays: [(name: "R", origin: (-3.0, 0.5), translation: (6.0, 0.0))],
                view: (algorithm: "ray"),
            )"#,
            "t.ron",
        )
        .expect("scene");
        AppState::new(scene, None)
    }

    #[test]
    fn the_ray_is_stepped_edge_by_edge_and_follows_its_ends() {
        let mut app = app();
        assert_eq!(app.step_count(), 5, "four edge planes and the answer");
        let st = app
            .studies()
            .and_then(|a| a.ray.cast.clone())
            .expect("study");
        assert_eq!(st.step(0), RayStep::Clip(0));
        assert!((st.output.fraction - 2.0 / 6.0).abs() < 1e-6);
        // Drag the origin to (−2, 0.5): the hit moves to f = 1/5 of the new ray.
        app.begin_drag();
        app.move_ray_end(0, false, Vec2::new(-2.0, 0.5))
            .expect("moved");
        app.end_drag();
        assert_eq!(app.scene.rays[0].tip(), Vec2::new(3.0, 0.5));
        let st = app
            .studies()
            .and_then(|a| a.ray.cast.clone())
            .expect("study");
        assert!(
            (st.output.fraction - 0.2).abs() < 1e-6,
            "{}",
            st.output.fraction
        );
        // Undo puts the origin back.
        app.undo();
        assert_eq!(app.scene.rays[0].origin, Vec2::new(-3.0, 0.5));
    }

    #[test]
    fn gjk_method_add_delete_rename_and_save() {
        let mut app = app();
        app.set_ray_method(RayMethodChoice::Gjk);
        let st = app
            .studies()
            .and_then(|a| a.ray.cast.clone())
            .expect("study");
        assert!(matches!(st.step(0), RayStep::Gjk(_)));
        let r = app
            .add_ray(Vec2::new(0.0, 3.0), Vec2::new(0.0, -6.0))
            .expect("added");
        assert_eq!((r, app.scene.rays[r].name.as_str()), (1, "R2"));
        assert!(app.rename_ray(1, "R").is_err());
        app.rename_ray(1, "down").expect("renamed");
        let saved = app.scene_for_save();
        assert_eq!(saved.view.ray, "down");
        assert_eq!(saved.view.ray_method, "gjk");
        let st = app
            .studies()
            .and_then(|a| a.ray.cast.clone())
            .expect("study");
        assert!((st.output.fraction - 1.0 / 3.0).abs() < 1e-4);
        assert!(app.move_ray_end(1, true, Vec2::new(f32::NAN, 0.0)).is_err());
        app.delete_ray(0);
        assert_eq!((app.ray, app.scene.rays.len()), (0, 1));
        assert_eq!(app.scene.rays[0].name, "down");
    }
}
