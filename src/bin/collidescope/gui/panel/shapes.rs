//! The "Shapes" section: the list of shapes (click to select), adding a shape, the
//! editor of the selected shape (name, pose and velocity, geometry per kind with the
//! vertex table of polygons, duplicate / delete), and pasting a polygon.

use super::widgets::Tip;
use super::widgets::{drag, track};
use super::{Panel, PanelOutput};
use collidescope::app::{AppState, ShapeKind};
use collidescope::core::shape::{Geometry, Shape};
use collidescope::scene::import::parse_points;
use collidescope::scene::SceneShape;
use egui_macroquad::egui::{self, RichText};
use glam::Vec2;

impl Panel {
    pub(super) fn ui_shapes(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut PanelOutput,
    ) {
        ui_shape_list(ui, app);
        self.ui_add_shape(ui, app);
        if let Some(i) = app.selected {
            ui.separator();
            self.ui_shape_editor(ui, app, i);
        }
        ui.separator();
        self.ui_paste_polygon(ui, app, out);
    }

    /// The kind picker and "Add" (at the centre of the world view).
    fn ui_add_shape(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal_wrapped(|ui| {
            egui::ComboBox::from_id_salt("add_kind")
                .selected_text(self.add_kind.label())
                .show_ui(ui, |ui| {
                    for k in ShapeKind::ALL {
                        ui.selectable_value(&mut self.add_kind, k, k.label());
                    }
                });
            if ui.button("Add").clicked() {
                let at = app.world_camera.center;
                app.add_shape(self.add_kind, at);
            }
        });
    }

    /// The selected shape `i`: name and role, pose and velocity, geometry, buttons.
    fn ui_shape_editor(&mut self, ui: &mut egui::Ui, app: &mut AppState, i: usize) {
        let s = app.scene.shapes[i].clone();
        if !self.ui_name_row(ui, app, i, &s) {
            return;
        }
        ui_pose_velocity(ui, app, i, &s);
        ui_geometry(ui, app, i, &s);
        ui.horizontal_wrapped(|ui| {
            if ui.button("Duplicate").clicked() {
                app.duplicate_shape(i);
            }
            if ui.button("Delete").tip("Delete key").clicked() {
                app.delete_shape(i);
            }
        });
    }

    /// The name (edited in a buffer, applied on Enter / focus loss) and "as A",
    /// "as B". False when there is no buffer (the editor then shows nothing more).
    fn ui_name_row(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        i: usize,
        s: &SceneShape,
    ) -> bool {
        // Rename: edit a buffer, apply on Enter / focus loss.
        let fresh = !matches!(&self.rename_buffer, Some((j, original, _)) if *j == i && *original == s.name);
        if fresh {
            self.rename_buffer = Some((i, s.name.clone(), s.name.clone()));
        }
        let Some((_, _, buf)) = self.rename_buffer.as_mut() else {
            return false;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label("name");
            let r = ui.add(egui::TextEdit::singleline(buf).desired_width(100.0));
            if r.lost_focus() && *buf != s.name {
                if let Err(e) = app.rename(i, buf) {
                    app.message = Some(collidescope::app::Message {
                        text: e,
                        is_error: true,
                    });
                    *buf = s.name.clone();
                }
            }
            if ui.button("as A").clicked() {
                let b = app.pair.map(|p| p.1).unwrap_or(0);
                app.set_pair(
                    i,
                    if b == i {
                        app.pair.map(|p| p.0).unwrap_or(0)
                    } else {
                        b
                    },
                );
            }
            if ui.button("as B").clicked() {
                let a = app.pair.map(|p| p.0).unwrap_or(0);
                app.set_pair(
                    if a == i {
                        app.pair.map(|p| p.1).unwrap_or(0)
                    } else {
                        a
                    },
                    i,
                );
            }
        });
        true
    }

    /// A polygon typed or pasted as points; when refused (not convex), the offer to
    /// add its convex hull instead.
    fn ui_paste_polygon(&mut self, ui: &mut egui::Ui, app: &mut AppState, out: &mut PanelOutput) {
        ui.label(RichText::new("Paste a polygon (x, y pairs, world coordinates)").strong());
        ui.add(
            egui::TextEdit::multiline(&mut self.paste_text)
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .hint_text("(0, 0), (2, 0), (1, 1.5)"),
        );
        ui.horizontal_wrapped(|ui| {
            if ui.button("Add pasted polygon").clicked() {
                match app.paste_polygon(&self.paste_text) {
                    Ok(_) => self.paste_refused = None,
                    Err(e) => {
                        self.paste_refused = parse_points(&self.paste_text).ok();
                        app.message = Some(collidescope::app::Message {
                            text: e,
                            is_error: true,
                        });
                    }
                }
            }
            if ui
                .button("Box2D hull, stepped")
                .tip(
                    "add the hull Box2D's b2ComputeHull makes of the points (any cloud), as shape A, and step through the builder",
                )
                .clicked()
            {
                if let Err(e) = app.add_box2d_hull(&self.paste_text) {
                    app.message = Some(collidescope::app::Message {
                        text: e,
                        is_error: true,
                    });
                } else {
                    self.paste_refused = None;
                    // The points may lie anywhere: bring them into view.
                    out.fit = true;
                }
            }
            if let Some(pts) = self.paste_refused.clone() {
                if ui
                    .button("Make convex")
                    .tip("add the convex hull of the pasted points")
                    .clicked()
                {
                    let centroid = pts.iter().copied().sum::<Vec2>() / pts.len() as f32;
                    let i = app.add_shape(ShapeKind::Polygon, centroid);
                    let local: Vec<Vec2> = pts.iter().map(|p| *p - centroid).collect();
                    match app.make_convex(i, &local) {
                        Ok(()) => self.paste_refused = None,
                        Err(e) => {
                            app.delete_shape(i);
                            app.message = Some(collidescope::app::Message {
                                text: e,
                                is_error: true,
                            });
                        }
                    }
                }
            }
        });
    }
}

/// One line per shape: name, role in the pair, kind. A click selects it.
fn ui_shape_list(ui: &mut egui::Ui, app: &mut AppState) {
    let mut select = None;
    for (i, s) in app.scene.shapes.iter().enumerate() {
        let role = match app.pair {
            Some((a, _)) if a == i => " (A)",
            Some((_, b)) if b == i => " (B)",
            _ => "",
        };
        let label = format!("{}{} — {}", s.name, role, s.shape.geometry().kind_name());
        if ui
            .selectable_label(app.selected == Some(i), label)
            .clicked()
        {
            select = Some(i);
        }
    }
    if let Some(i) = select {
        app.select(Some(i));
    }
}

/// Position, angle (degrees), velocity and turn per step of shape `i`; each drag one
/// undo step.
fn ui_pose_velocity(ui: &mut egui::Ui, app: &mut AppState, i: usize, s: &SceneShape) {
    let mut pose = s.pose;
    let mut vel = s.velocity;
    let mut deg = pose.angle.to_degrees();
    // The turn per step in turns (a slider a person can read: 1 = a full turn), kept
    // in radians in the scene.
    let mut turns = s.angular_velocity / std::f32::consts::TAU;
    let mut turned = false;
    egui::Grid::new("pose").num_columns(3).show(ui, |ui| {
        ui.label("position");
        let rx = ui.add(
            egui::DragValue::new(&mut pose.position.x)
                .speed(0.01)
                .max_decimals(5),
        );
        let ry = ui.add(
            egui::DragValue::new(&mut pose.position.y)
                .speed(0.01)
                .max_decimals(5),
        );
        track(app, &rx);
        track(app, &ry);
        ui.end_row();
        ui.label("angle (°)");
        let ra = ui.add(egui::DragValue::new(&mut deg).speed(0.5).max_decimals(4));
        track(app, &ra);
        ui.end_row();
        ui.label("velocity");
        let vx = ui.add(egui::DragValue::new(&mut vel.x).speed(0.01).max_decimals(5));
        let vy = ui.add(egui::DragValue::new(&mut vel.y).speed(0.01).max_decimals(5));
        track(app, &vx);
        track(app, &vy);
        ui.end_row();
        ui.label("turns / step");
        let rw = ui
            .add(
                egui::Slider::new(&mut turns, -12.0..=12.0)
                    .step_by(0.01)
                    .max_decimals(4),
            )
            .tip(
                "angular velocity: turns per step, counter-clockwise about the position (the rotating time of impact)",
            );
        track(app, &rw);
        // Only a real edit: turns → radians rounds, and must not count as a change.
        turned = rw.changed();
        ui.end_row();
    });
    if turned {
        app.set_angular_velocity(i, turns * std::f32::consts::TAU);
    }
    // The angle only when edited: an exact rotation `(c, s)` (and how the scene turns
    // angles into rotations) stays until the user changes the angle.
    let mut edited = s.pose;
    edited.position = pose.position;
    if deg != s.pose.angle.to_degrees() {
        edited.angle = deg.to_radians();
    }
    if edited != s.pose {
        app.set_pose(i, edited);
    }
    if vel != s.velocity {
        app.set_velocity(i, vel);
    }
}

/// The geometry fields of shape `i`, by kind; an edit the shape refuses (a
/// non-convex polygon, say) is reported and not applied.
fn ui_geometry(ui: &mut egui::Ui, app: &mut AppState, i: usize, s: &SceneShape) {
    let mut g = s.shape.geometry().clone();
    let mut changed = false;
    egui::Grid::new("geometry").num_columns(3).show(ui, |ui| {
        changed = geometry_fields(ui, app, &mut g, &s.shape)
    });
    if changed {
        if let Err(e) = app.set_geometry(i, g) {
            app.message = Some(collidescope::app::Message {
                text: format!("Edit refused: {e}"),
                is_error: true,
            });
        }
    }
}

/// The grid rows of one geometry. True when a value changed.
fn geometry_fields(ui: &mut egui::Ui, app: &mut AppState, g: &mut Geometry, shape: &Shape) -> bool {
    let mut changed = false;
    match g {
        Geometry::Circle { radius } => {
            changed |= value_row(ui, app, "radius", radius);
        }
        Geometry::Box {
            half_extents,
            radius,
        } => {
            changed |= point_row(ui, app, "half extents", half_extents);
            changed |= value_row(ui, app, "radius", radius);
        }
        Geometry::Capsule { a, b, radius } => {
            changed |= point_row(ui, app, "a", a);
            changed |= point_row(ui, app, "b", b);
            changed |= value_row(ui, app, "radius", radius);
        }
        Geometry::Segment { a, b } => {
            changed |= point_row(ui, app, "a", a);
            changed |= point_row(ui, app, "b", b);
        }
        Geometry::Polygon { points, radius } => {
            changed |= vertex_table(ui, app, points, shape);
            changed |= value_row(ui, app, "radius", radius);
        }
    }
    changed
}

/// One row per polygon vertex. Edits the stored (counter-clockwise) vertices.
fn vertex_table(
    ui: &mut egui::Ui,
    app: &mut AppState,
    points: &mut Vec<Vec2>,
    shape: &Shape,
) -> bool {
    let mut changed = false;
    *points = shape.vertices().to_vec();
    for (k, p) in points.iter_mut().enumerate() {
        changed |= point_row(ui, app, &format!("vertex {k}"), p);
    }
    changed
}

/// A grid row: label, x, y. True when either changed.
fn point_row(ui: &mut egui::Ui, app: &mut AppState, label: &str, p: &mut Vec2) -> bool {
    ui.label(label);
    let x = drag(ui, app, &mut p.x, 0.01);
    let y = drag(ui, app, &mut p.y, 0.01);
    ui.end_row();
    x | y
}

/// A grid row: label, value. True when it changed.
fn value_row(ui: &mut egui::Ui, app: &mut AppState, label: &str, v: &mut f32) -> bool {
    ui.label(label);
    let changed = drag(ui, app, v, 0.01);
    ui.end_row();
    changed
}
