//! Edits of the scene, each undoable: poses, geometry, vertices, names, shapes added,
//! duplicated, deleted, made convex or pasted, settings.

use super::*;
use crate::core::hull::convex_hull;
use crate::core::shape::{Geometry, Pose, Shape};
use crate::scene::import::parse_points;
use crate::scene::{SceneShape, Settings};
use glam::Vec2;

impl AppState {
    pub(super) fn snapshot(&self) -> Snapshot {
        Snapshot {
            scene: self.scene.clone(),
            pair: self.pair,
            selected: self.selected,
        }
    }

    /// Records the state before an edit.
    pub(super) fn begin_edit(&mut self) {
        if self.dragging {
            // The whole drag is one undo step: the state at its start, recorded at its
            // first edit (a click that changes nothing records nothing).
            if let Some(start) = self.drag_start.take() {
                self.push_undo(start);
            }
            return;
        }
        let now = self.snapshot();
        self.push_undo(now);
    }

    fn push_undo(&mut self, s: Snapshot) {
        self.undo.push(s);
        if self.undo.len() > UNDO_LIMIT {
            self.undo.remove(0);
        }
        self.redo.clear();
    }

    pub(super) fn changed(&mut self) {
        self.dirty = true;
        self.stale = true;
        self.revision += 1;
        // A successful edit ends a refused drag's warning.
        self.refused_vertex = None;
    }

    /// Starts a drag: the edits until [`AppState::end_drag`] are one undo step (none
    /// when the drag changes nothing: a click).
    pub fn begin_drag(&mut self) {
        if !self.dragging {
            self.drag_start = Some(self.snapshot());
            self.dragging = true;
        }
    }

    /// Whether a drag is under way and has changed the scene since it began (a press
    /// and release in place changes nothing).
    pub fn drag_changed_scene(&self) -> bool {
        self.dragging
            && self
                .drag_start
                .as_ref()
                .is_some_and(|s| s.scene != self.scene)
    }

    pub fn end_drag(&mut self) {
        self.dragging = false;
        self.drag_start = None;
    }

    pub fn set_pose(&mut self, i: usize, pose: Pose) {
        if i >= self.scene.shapes.len() || !pose.position.is_finite() || !pose.angle.is_finite() {
            return;
        }
        if self.scene.shapes[i].pose == pose {
            return; // no change: no undo step, not unsaved
        }
        self.begin_edit();
        self.scene.shapes[i].pose = pose;
        self.changed();
    }

    pub fn move_shape(&mut self, i: usize, position: Vec2) {
        if let Some(s) = self.scene.shapes.get(i) {
            // Moved, not turned: the rotation (an exact one too) stays.
            let pose = Pose { position, ..s.pose };
            self.set_pose(i, pose);
        }
    }

    pub fn rotate_shape(&mut self, i: usize, angle: f32) {
        if let Some(s) = self.scene.shapes.get(i) {
            let pose = Pose { angle, ..s.pose };
            self.set_pose(i, pose);
        }
    }

    pub fn set_velocity(&mut self, i: usize, velocity: Vec2) {
        let changes = self
            .scene
            .shapes
            .get(i)
            .is_some_and(|s| s.velocity != velocity);
        if changes && velocity.is_finite() {
            self.begin_edit();
            self.scene.shapes[i].velocity = velocity;
            self.changed();
        }
    }

    /// Sets a shape's turn per step (radians, counter-clockwise); refused when not
    /// finite or beyond the scene limit.
    pub fn set_angular_velocity(&mut self, i: usize, w: f32) {
        use crate::core::consts::MAX_ANGULAR_VELOCITY;
        let ok = w.is_finite() && w.abs() <= MAX_ANGULAR_VELOCITY;
        if ok
            && self
                .scene
                .shapes
                .get(i)
                .is_some_and(|s| s.angular_velocity != w)
        {
            self.begin_edit();
            self.scene.shapes[i].angular_velocity = w;
            self.changed();
        }
    }

    /// Replaces a shape's geometry. A refused geometry leaves the shape unchanged and
    /// returns the reason.
    pub fn set_geometry(&mut self, i: usize, geometry: Geometry) -> Result<(), String> {
        let Some(s) = self.scene.shapes.get(i) else {
            return Err(format!("no shape {i}"));
        };
        let name = s.name.clone();
        let shape = s
            .shape
            .rebuilt(geometry)
            .map_err(|e| format!("{name}: {e}"))?;
        self.begin_edit();
        self.scene.shapes[i].shape = shape;
        // The geometry is no longer the hull of those points.
        self.scene.shapes[i].hull_of = None;
        self.refused_vertex = None;
        self.changed();
        Ok(())
    }

    /// Moves vertex `k` of shape `i` to the world point `world`. Polygons move the
    /// vertex; capsules and segments move an end; circles and boxes have no vertex
    /// handles (their size is edited numerically). A move that would make the polygon
    /// non-convex is refused: the polygon stays as it was, the vertex is flagged and
    /// the reason is returned.
    pub fn move_vertex(&mut self, i: usize, k: usize, world: Vec2) -> Result<(), String> {
        let Some(s) = self.scene.shapes.get(i) else {
            return Err(format!("no shape {i}"));
        };
        let local = s.pose.transform().apply_inv(world);
        let geometry = match s.shape.geometry().clone() {
            Geometry::Polygon { radius, .. } => {
                // Stored vertices are counter-clockwise; edit those.
                let mut points = s.shape.vertices().to_vec();
                if k >= points.len() {
                    return Err(format!("no vertex {k}"));
                }
                points[k] = local;
                Geometry::Polygon { points, radius }
            }
            Geometry::Capsule { a, b, radius } => match k {
                0 => Geometry::Capsule {
                    a: local,
                    b,
                    radius,
                },
                _ => Geometry::Capsule {
                    a,
                    b: local,
                    radius,
                },
            },
            Geometry::Segment { a, b } => match k {
                0 => Geometry::Segment { a: local, b },
                _ => Geometry::Segment { a, b: local },
            },
            _ => {
                return Err(format!(
                    "{} has no vertex handles; edit its size in the panel",
                    s.name
                ))
            }
        };
        // Capsule/segment vertex indices follow the stored (a, b) order only if the
        // core kept it; validate_polygon keeps two-point input as given.
        match self.set_geometry(i, geometry) {
            Ok(()) => Ok(()),
            Err(e) => {
                // Shown at once: the red vertex is part of the drawing.
                if self.refused_vertex != Some((i, k)) {
                    self.refused_vertex = Some((i, k));
                    self.revision += 1;
                }
                let e = e.replace(" (use make convex)", "");
                self.error(format!(
                    "Vertex drag refused: {e}; the polygon keeps its last valid shape"
                ));
                Err(e)
            }
        }
    }

    pub fn rename(&mut self, i: usize, name: &str) -> Result<(), String> {
        let name = name.trim();
        if name.is_empty() {
            return Err("a name cannot be empty".into());
        }
        if self
            .scene
            .shapes
            .iter()
            .enumerate()
            .any(|(j, s)| j != i && s.name == name)
        {
            return Err(format!("another shape is already called \"{name}\""));
        }
        if i >= self.scene.shapes.len() {
            return Err(format!("no shape {i}"));
        }
        self.begin_edit();
        self.scene.shapes[i].name = name.to_string();
        self.changed();
        Ok(())
    }

    pub(super) fn unique_name(&self, base: &str) -> String {
        if self.scene.shape_index(base).is_none() {
            return base.to_string();
        }
        (2..)
            .map(|k| format!("{base}{k}"))
            .find(|n| self.scene.shape_index(n).is_none())
            .unwrap_or_else(|| base.to_string())
    }

    pub(super) fn push_shape(&mut self, shape: SceneShape) -> usize {
        self.begin_edit();
        self.scene.shapes.push(shape);
        let i = self.scene.shapes.len() - 1;
        self.selected = Some(i);
        if self.pair.is_none() && self.scene.shapes.len() >= 2 {
            self.pair = Some((0, 1));
        }
        self.changed();
        i
    }

    /// Adds a shape of `kind` at `position`; returns its index.
    pub fn add_shape(&mut self, kind: ShapeKind, position: Vec2) -> usize {
        let letter = (b'A'..=b'Z')
            .map(|c| (c as char).to_string())
            .find(|n| self.scene.shape_index(n).is_none())
            .unwrap_or_else(|| self.unique_name("S"));
        let geometry = kind.geometry();
        let shape = SceneShape {
            load_note: None,
            hull_of: None,
            name: letter,
            shape: Shape::new(geometry)
                .unwrap_or_else(|_| unreachable!("built-in geometry is valid")),
            pose: Pose::new(position, 0.0),
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
        };
        self.push_shape(shape)
    }

    pub fn duplicate_shape(&mut self, i: usize) -> Option<usize> {
        let mut copy = self.scene.shapes.get(i)?.clone();
        copy.name = self.unique_name(&format!("{}'", copy.name));
        copy.pose.position += Vec2::new(0.5, -0.5);
        Some(self.push_shape(copy))
    }

    pub fn delete_shape(&mut self, i: usize) {
        if i >= self.scene.shapes.len() {
            return;
        }
        self.begin_edit();
        self.scene.shapes.remove(i);
        let fix = |j: usize| if j > i { j - 1 } else { j };
        self.pair = match self.pair {
            Some((a, b)) if a != i && b != i => Some((fix(a), fix(b))),
            _ if self.scene.shapes.len() >= 2 => Some((0, 1)),
            _ => None,
        };
        self.selected = None;
        self.refused_vertex = None;
        self.changed();
    }

    /// Replaces a polygon by the convex hull of its points (for refused input).
    pub fn make_convex(&mut self, i: usize, points: &[Vec2]) -> Result<(), String> {
        let radius = self
            .scene
            .shapes
            .get(i)
            .map(|s| s.shape.radius())
            .unwrap_or(0.0);
        let hull = convex_hull(points).map_err(|e| e.to_string())?;
        self.set_geometry(
            i,
            Geometry::Polygon {
                points: hull,
                radius,
            },
        )
    }

    /// Adds a polygon pasted as text (x, y pairs in world coordinates, as an engine
    /// prints them). Non-convex input is refused with the reason; `make_convex`
    /// then offers the hull.
    pub fn paste_polygon(&mut self, text: &str) -> Result<usize, String> {
        let world = parse_points(text)?;
        let centroid = world.iter().copied().sum::<Vec2>() / world.len() as f32;
        let local: Vec<Vec2> = world.iter().map(|p| *p - centroid).collect();
        let shape = Shape::new(Geometry::Polygon {
            points: local,
            radius: 0.0,
        })
        .map_err(|e| format!("pasted polygon: {e}"))?;
        let name = self.unique_name("P");
        Ok(self.push_shape(SceneShape {
            name,
            load_note: None,
            hull_of: None,
            shape,
            pose: Pose::new(centroid, 0.0),
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
        }))
    }

    /// Adds the polygon Box2D's hull builder makes of pasted points (world x, y pairs;
    /// any cloud, not only a convex outline), keeps the points as its `hull_of`, makes
    /// it shape A of the pair and shows the builder's steps.
    pub fn add_box2d_hull(&mut self, text: &str) -> Result<usize, String> {
        use crate::core::quickhull::{quickhull, BOX2D_LINEAR_SLOP};
        let world = parse_points(text)?;
        let centroid = world.iter().copied().sum::<Vec2>() / world.len() as f32;
        let local: Vec<Vec2> = world.iter().map(|p| *p - centroid).collect();
        let hull = quickhull(&local, BOX2D_LINEAR_SLOP).hull.map_err(|f| {
            format!(
                "Box2D's hull builder makes no hull of these points: {}",
                f.as_str()
            )
        })?;
        let shape = Shape::new(Geometry::Polygon {
            points: hull,
            radius: 0.0,
        })
        .map_err(|e| format!("the hull of the pasted points: {e}"))?;
        let name = self.unique_name("H");
        let i = self.push_shape(SceneShape {
            name,
            load_note: None,
            shape,
            pose: Pose::new(centroid, 0.0),
            velocity: Vec2::ZERO,
            angular_velocity: 0.0,
            hull_of: Some(local),
        });
        let other = match self.pair {
            Some((a, b)) if a != i => Some(if b != i { b } else { a }),
            _ => (0..self.scene.shapes.len()).find(|&j| j != i),
        };
        if let Some(b) = other {
            self.set_pair(i, b);
        }
        self.set_algorithm(Algorithm::Hull);
        self.set_step(0);
        Ok(i)
    }

    pub fn set_settings(&mut self, settings: Settings) -> Result<(), String> {
        settings.validate()?;
        if settings != self.scene.settings {
            self.begin_edit();
            self.scene.settings = settings;
            self.changed();
        }
        Ok(())
    }
}
