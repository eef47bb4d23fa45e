//! The egui side panel: one `controls` function per section, reading and editing the
//! app state. Results are never computed here: the panel shows the stored analysis.

use collidescope::app::{AppState, ShapeKind};
use collidescope::core::shape::{Geometry, Pose};
use collidescope::scene::import::parse_points;
use collidescope::scene::{load_scene, Scene};
use collidescope::trace::analysis::Algorithm;
use collidescope::view::draw::{LayerId, Rgba};
use collidescope::view::narrate::{narrate, numbers};
use egui_macroquad::egui::{self, Color32, RichText};
use glam::Vec2;
use std::path::{Path, PathBuf};

/// Something that throws away unsaved work, waiting for the user's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum Pending {
    Open(PathBuf),
    OpenDefault,
    /// A scene made from pasted text (import).
    OpenScene(Box<Scene>),
    Quit,
}

/// A scene file found in `scenes/`.
pub struct SceneEntry {
    pub path: PathBuf,
    pub title: String,
    pub group: String,
}

/// What the panel asks the main loop to do.
#[derive(Default)]
pub struct PanelOutput {
    pub quit: bool,
    pub fit: bool,
    pub screenshot: bool,
}

/// The panel's own state (text being typed, dialogs).
pub struct Panel {
    pub open_path: String,
    pub save_as_path: String,
    pub paste_text: String,
    /// Where "Export this step" writes (.png or .svg).
    pub export_path: String,
    export_suggested: String,
    /// A failing pair pasted from an engine (see `import.rs`).
    pub import_text: String,
    /// Points of a pasted polygon that was refused (offered to "make convex").
    paste_refused: Option<Vec<Vec2>>,
    /// The name being typed: (shape index, the name it had when editing began, text).
    /// Keyed by both, so a buffer never outlives its shape (delete, undo, reorder).
    rename_buffer: Option<(usize, String, String)>,
    pub pending: Option<Pending>,
    pub scenes: Vec<SceneEntry>,
    scenes_dir: PathBuf,
    add_kind: ShapeKind,
    pub default_scene: Scene,
}

fn rgba(c: Rgba) -> Color32 {
    Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
}

impl Panel {
    pub fn new(scenes_dir: PathBuf, default_scene: Scene) -> Panel {
        let mut p = Panel {
            open_path: String::new(),
            save_as_path: String::new(),
            paste_text: String::new(),
            export_path: String::new(),
            export_suggested: String::new(),
            import_text: String::new(),
            paste_refused: None,
            rename_buffer: None,
            pending: None,
            scenes: Vec::new(),
            scenes_dir,
            add_kind: ShapeKind::Polygon,
            default_scene,
        };
        p.rescan();
        p
    }

    /// Lists `scenes/*.ron` by title (files that fail to load are listed by name
    /// with their error shown when opened).
    pub fn rescan(&mut self) {
        let mut entries = Vec::new();
        if let Ok(dir) = std::fs::read_dir(&self.scenes_dir) {
            for e in dir.flatten() {
                let path = e.path();
                if path.extension().and_then(|x| x.to_str()) == Some("ron") {
                    let file = path
                        .file_name()
                        .map(|n| n.to_string_lossy().to_string())
                        .unwrap_or_default();
                    let (title, group) = match load_scene(&path) {
                        Ok(s) => (if s.title.is_empty() { file } else { s.title }, s.group),
                        // Listed by file name; opening it shows the error.
                        Err(_) => (file, "Files with errors".to_string()),
                    };
                    entries.push(SceneEntry { path, title, group });
                }
            }
        }
        // Groups in teaching order, then any others alphabetically; inside a group, by
        // file name (the library names its files in teaching order).
        const ORDER: [&str; 7] = [
            "Start here",
            "GJK",
            "EPA",
            "SAT and clipping",
            "Time of impact",
            "Public cases",
            "Stress",
        ];
        let rank = |g: &str| ORDER.iter().position(|o| *o == g).unwrap_or(ORDER.len());
        entries.sort_by(|a, b| {
            (rank(&a.group), &a.group, &a.path).cmp(&(rank(&b.group), &b.group, &b.path))
        });
        self.scenes = entries;
    }

    /// Asks before throwing away unsaved changes.
    pub fn request(&mut self, app: &mut AppState, action: Pending) -> bool {
        if app.dirty {
            self.pending = Some(action);
            false
        } else {
            self.perform(app, action)
        }
    }

    fn perform(&mut self, app: &mut AppState, action: Pending) -> bool {
        self.pending = None;
        match action {
            Pending::Open(p) => {
                let _ = app.open(&p);
                false
            }
            Pending::OpenDefault => {
                app.open_scene(self.default_scene.clone(), None);
                false
            }
            Pending::OpenScene(scene) => {
                app.open_scene(*scene, None);
                app.dirty = true;
                false
            }
            Pending::Quit => true,
        }
    }

    /// The whole panel. Returns what the main loop must do.
    pub fn show(&mut self, ctx: &egui::Context, app: &mut AppState) -> PanelOutput {
        let mut out = PanelOutput::default();
        egui::SidePanel::right("panel")
            .resizable(true)
            .default_width(400.0)
            .width_range(300.0..=560.0)
            .show(ctx, |ui| {
                // The panel keeps the width the user gave it: long values wrap
                // instead of widening it (which would move the canvas under the mouse).
                let width = ui.available_width();
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .show(ui, |ui| {
                        ui.set_max_width(width);
                        self.header(ui, app);
                        egui::CollapsingHeader::new("Files")
                            .default_open(false)
                            .show(ui, |ui| self.files(ui, app));
                        egui::CollapsingHeader::new("Algorithm and steps")
                            .default_open(true)
                            .show(ui, |ui| self.algorithm(ui, app, &mut out));
                        egui::CollapsingHeader::new("Numbers")
                            .default_open(true)
                            .show(ui, |ui| self.numbers(ui, app));
                        egui::CollapsingHeader::new("Layers")
                            .default_open(false)
                            .show(ui, |ui| self.layers(ui, app));
                        egui::CollapsingHeader::new("Settings")
                            .default_open(false)
                            .show(ui, |ui| self.settings(ui, app));
                        egui::CollapsingHeader::new("Shapes")
                            .default_open(true)
                            .show(ui, |ui| self.shapes(ui, app));
                        ui.separator();
                        self.help(ui);
                    });
            });
        if let Some(p) = self.pending.clone() {
            egui::Window::new("Unsaved changes")
                .collapsible(false)
                .resizable(false)
                .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
                .show(ctx, |ui| {
                    ui.label("This scene has unsaved changes. Throw them away?");
                    ui.horizontal(|ui| {
                        if app.path.is_some()
                            && ui.button("Save, then continue").clicked()
                            && app.save().is_ok()
                        {
                            out.quit |= self.perform(app, p.clone());
                        }
                        if ui.button("Discard changes").clicked() {
                            out.quit |= self.perform(app, p.clone());
                        }
                        if ui.button("Cancel").clicked() {
                            self.pending = None;
                        }
                    });
                });
        }
        out
    }

    fn header(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let title = if app.scene.title.is_empty() {
            "Untitled scene"
        } else {
            &app.scene.title
        };
        ui.heading(format!("{}{}", title, if app.dirty { "  •" } else { "" }));
        let file = app
            .path
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "built-in scene (not saved to a file)".into());
        ui.label(RichText::new(file).small().weak());
        if !app.scene.notes.is_empty() {
            ui.label(RichText::new(&app.scene.notes).italics());
        }
        if let Some(p) = app.convex_fix_available.clone() {
            if ui
                .button("Make convex and open")
                .on_hover_text(
                    "open the file with each refused polygon replaced by its convex hull",
                )
                .clicked()
            {
                let _ = app.open_making_convex(&p);
                app.convex_fix_available = None;
            }
        }
        if let Some(m) = &app.message {
            let c = if m.is_error {
                Color32::from_rgb(255, 110, 110)
            } else {
                Color32::from_rgb(140, 220, 140)
            };
            ui.label(RichText::new(&m.text).color(c));
        }
        ui.separator();
    }

    fn files(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal(|ui| {
            if ui.button("Save").on_hover_text("Ctrl+S").clicked() {
                let _ = app.save();
            }
            if ui.button("Built-in scene").clicked() {
                self.request(app, Pending::OpenDefault);
            }
            if ui.button("Rescan scenes/").clicked() {
                self.rescan();
            }
        });
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.save_as_path)
                    .hint_text("path/to/scene.ron")
                    .desired_width(200.0),
            );
            if ui.button("Save as").clicked() && !self.save_as_path.trim().is_empty() {
                let p = PathBuf::from(self.save_as_path.trim());
                if app.save_as(&p).is_ok() {
                    self.rescan();
                }
            }
        });
        ui.horizontal(|ui| {
            ui.add(
                egui::TextEdit::singleline(&mut self.open_path)
                    .hint_text("open a .ron file")
                    .desired_width(200.0),
            );
            if ui.button("Open").clicked() && !self.open_path.trim().is_empty() {
                let p = PathBuf::from(self.open_path.trim());
                self.request(app, Pending::Open(p));
            }
        });
        ui.label(RichText::new("Import a pair (text or JSON, as an engine prints it)").strong());
        ui.add(
            egui::TextEdit::multiline(&mut self.import_text)
                .desired_rows(3)
                .desired_width(f32::INFINITY)
                .hint_text("A: (0, 0), (2, 0), (1, 1.5)\nradius 0.1\nB: (1, 1), (3, 1), (2, 3)\nposition 0.5 0.2"),
        );
        if ui.button("Import as a new scene").clicked() {
            match collidescope::scene::import::import(&self.import_text, "Imported pair") {
                Ok(scene) => {
                    self.request(app, Pending::OpenScene(Box::new(scene)));
                }
                Err(e) => {
                    app.message = Some(collidescope::app::Message {
                        text: format!("Import: {e}"),
                        is_error: true,
                    })
                }
            }
        }
        ui.label(RichText::new(format!("Scenes in {}:", self.scenes_dir.display())).strong());
        if self.scenes.is_empty() {
            ui.label(RichText::new("(none found)").weak());
        }
        let mut open = None;
        let mut group: Option<&str> = None;
        for e in &self.scenes {
            if group != Some(e.group.as_str()) {
                group = Some(e.group.as_str());
                let heading = if e.group.is_empty() {
                    "Other"
                } else {
                    &e.group
                };
                ui.label(RichText::new(heading).italics().weak());
            }
            let current = app.path.as_deref() == Some(e.path.as_path());
            if ui
                .selectable_label(current, &e.title)
                .on_hover_text(e.path.display().to_string())
                .clicked()
            {
                open = Some(e.path.clone());
            }
        }
        if let Some(p) = open {
            self.request(app, Pending::Open(p));
        }
    }

    fn algorithm(&mut self, ui: &mut egui::Ui, app: &mut AppState, out: &mut PanelOutput) {
        let names: Vec<String> = app.scene.shapes.iter().map(|s| s.name.clone()).collect();
        if let Some((mut a, mut b)) = app.pair {
            ui.horizontal(|ui| {
                egui::ComboBox::from_label("A")
                    .selected_text(&names[a])
                    .show_ui(ui, |ui| {
                        for (i, n) in names.iter().enumerate() {
                            ui.selectable_value(&mut a, i, n);
                        }
                    });
                egui::ComboBox::from_label("B")
                    .selected_text(&names[b])
                    .show_ui(ui, |ui| {
                        for (i, n) in names.iter().enumerate() {
                            ui.selectable_value(&mut b, i, n);
                        }
                    });
                if ui.button("swap").clicked() {
                    std::mem::swap(&mut a, &mut b);
                }
            });
            if (a, b) != app.pair.unwrap_or_default() {
                if a == b {
                    // Picking the other shape's name for A or B swaps the pair.
                    let (oa, ob) = app.pair.unwrap_or_default();
                    app.set_pair(ob, oa);
                } else {
                    app.set_pair(a, b);
                }
            }
        } else {
            ui.label("Add at least two shapes to run the algorithms.");
            return;
        }
        let mut algo = app.algorithm;
        egui::ComboBox::from_label("Algorithm")
            .selected_text(algo.label())
            .width(240.0)
            .show_ui(ui, |ui| {
                for a in AVAILABLE {
                    ui.selectable_value(&mut algo, a, format!("{}  ({})", a.label(), a.name()));
                }
            });
        app.set_algorithm(algo);
        if algo == Algorithm::Manifold {
            ui.horizontal(|ui| {
                ui.label("normal from:");
                let mut via_sat = app.manifold_via_sat;
                ui.radio_value(&mut via_sat, false, "EPA");
                ui.radio_value(&mut via_sat, true, "SAT");
                app.set_manifold_via_sat(via_sat);
            });
        }

        let n = app.step_count();
        ui.horizontal(|ui| {
            if ui.button("⏮").on_hover_text("first (Home)").clicked() {
                app.step_first();
            }
            if ui.button("◀").on_hover_text("back (←)").clicked() {
                app.step_back();
            }
            let play = if app.playing { "⏸" } else { "▶ play" };
            if ui
                .button(play)
                .on_hover_text("play / pause (Space)")
                .clicked()
            {
                app.toggle_play();
            }
            if ui.button("▶").on_hover_text("next (Right arrow)").clicked() {
                app.step_next();
            }
            if ui.button("⏭").on_hover_text("last (End)").clicked() {
                app.step_last();
            }
            ui.label(format!("step {} / {}", app.step + 1, n));
        });
        let mut step = app.step;
        if ui
            .add(
                egui::Slider::new(&mut step, 0..=n.saturating_sub(1))
                    .text("step")
                    .show_value(false),
            )
            .changed()
        {
            app.set_step(step);
        }
        ui.add(
            egui::Slider::new(&mut app.play_speed, 0.25..=10.0)
                .logarithmic(true)
                .text("steps / s"),
        );
        ui.horizontal(|ui| {
            if ui.button("Fit views (F)").clicked() {
                out.fit = true;
            }
            if ui.button("Screenshot (P)").clicked() {
                out.screenshot = true;
            }
        });
        ui.horizontal(|ui| {
            // The suggested name follows the algorithm and step until the user types one.
            if self.export_path.is_empty() || self.export_path == self.export_suggested {
                self.export_suggested =
                    format!("{}-step-{}.png", app.algorithm.name(), app.step + 1);
                self.export_path = self.export_suggested.clone();
            }
            ui.add(egui::TextEdit::singleline(&mut self.export_path).desired_width(170.0))
                .on_hover_text("a .png or .svg path");
            if ui.button("Export this step").clicked() {
                self.export_step(app);
            }
        });
        ui.horizontal(|ui| {
            ui.label("views:");
            let mut split = app.split;
            if ui.selectable_label(split >= 1.0, "world").clicked() {
                split = 1.0;
            }
            if ui
                .selectable_label(split > 0.0 && split < 1.0, "both")
                .clicked()
                && (split <= 0.0 || split >= 1.0)
            {
                split = collidescope::app::DEFAULT_SPLIT;
            }
            if ui.selectable_label(split <= 0.0, "config space").clicked() {
                split = 0.0;
            }
            if split > 0.0 && split < 1.0 {
                ui.add(
                    egui::Slider::new(&mut split, 0.3..=0.7)
                        .show_value(false)
                        .text("split"),
                );
            }
            if split != app.split {
                app.split = split;
                out.fit = true;
            }
        });
        ui.separator();
        let max_it = app.scene.settings.gjk_max_iterations;
        let via_sat = app.manifold_via_sat;
        let (algo, step) = (app.algorithm, app.step);
        if let Some(an) = app.analysis() {
            let source = if via_sat {
                collidescope::core::manifold::ManifoldSource::Sat
            } else {
                collidescope::core::manifold::ManifoldSource::Epa
            };
            ui.label(RichText::new(narrate(an, algo, step, max_it, source)).size(15.0));
        }
    }

    /// Writes the picture of the current step (what the app shows: layers, pair,
    /// step, cameras) as PNG or SVG, by the extension of `export_path`.
    fn export_step(&mut self, app: &mut AppState) {
        use collidescope::render::{app_picture, render, write_atomic, Format};
        let path = PathBuf::from(self.export_path.trim());
        let result = Format::from_path(&path)
            .ok_or_else(|| "the path must end in .png or .svg".to_string())
            .and_then(|format| {
                let picture = app_picture(app);
                render(&picture, format, 1600, 1000).map_err(|e| e.to_string())
            })
            .and_then(|bytes: Vec<u8>| write_atomic(&path, &bytes).map_err(|e| e.to_string()));
        app.message = Some(match result {
            Ok(()) => collidescope::app::Message {
                text: format!(
                    "Exported {}",
                    std::fs::canonicalize(&path)
                        .unwrap_or(path.clone())
                        .display()
                ),
                is_error: false,
            },
            Err(e) => collidescope::app::Message {
                text: format!("Export failed: {e}"),
                is_error: true,
            },
        });
    }

    fn numbers(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let (algo, step) = (app.algorithm, app.step);
        let source = if app.manifold_via_sat {
            collidescope::core::manifold::ManifoldSource::Sat
        } else {
            collidescope::core::manifold::ManifoldSource::Epa
        };
        let Some(an) = app.analysis() else {
            return;
        };
        let rows = numbers(an, algo, step, source);
        egui::Grid::new("numbers")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for (k, v) in &rows {
                    ui.label(RichText::new(k).strong());
                    // Long values are cut to the panel (hover shows all; Copy as text
                    // copies all), so the panel never widens under the mouse.
                    ui.add(egui::Label::new(RichText::new(v).monospace()).truncate())
                        .on_hover_text(v);
                    ui.end_row();
                }
            });
        if ui.button("Copy as text").clicked() {
            let text: String = rows.iter().map(|(k, v)| format!("{k}: {v}\n")).collect();
            ui.ctx().copy_text(text);
        }
    }

    fn layers(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        for id in LayerId::ALL {
            ui.horizontal(|ui| {
                let mut on = !app.hidden_layers.contains(&id);
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                ui.painter().rect_filled(rect, 2.0, rgba(id.color()));
                if ui.checkbox(&mut on, id.label()).changed() {
                    app.toggle_layer(id);
                }
            });
        }
        ui.horizontal(|ui| {
            ui.label("shape A");
            let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(r, 2.0, rgba(collidescope::view::draw::SHAPE_A));
            ui.label("shape B");
            let (r, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter()
                .rect_filled(r, 2.0, rgba(collidescope::view::draw::SHAPE_B));
        });
    }

    fn settings(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let mut s = app.scene.settings;
        // A drag on a number is one undo step (begin on drag start, end on release).
        egui::Grid::new("settings").num_columns(2).show(ui, |ui| {
            ui.label("speculative distance");
            let r = ui.add(
                egui::DragValue::new(&mut s.speculative_distance)
                    .speed(0.001)
                    .range(0.0..=100.0),
            );
            track(app, &r);
            ui.end_row();
            ui.label("GJK max iterations");
            let r = ui.add(egui::DragValue::new(&mut s.gjk_max_iterations).range(1..=1000));
            track(app, &r);
            ui.end_row();
            ui.label("EPA tolerance");
            let r = ui.add(
                egui::DragValue::new(&mut s.epa_tolerance)
                    .speed(1e-6)
                    .range(1e-7..=0.1)
                    .max_decimals(7),
            );
            track(app, &r);
            ui.end_row();
            ui.label("EPA max iterations");
            let r = ui.add(egui::DragValue::new(&mut s.epa_max_iterations).range(1..=128));
            track(app, &r);
            ui.end_row();
            ui.label("GJK simplex cache");
            ui.checkbox(&mut s.use_cache, "warm start");
            ui.end_row();
        });
        if let Err(e) = app.set_settings(s) {
            ui.label(RichText::new(e).color(Color32::LIGHT_RED));
        }
    }

    fn shapes(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
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
        ui.horizontal(|ui| {
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
        if let Some(i) = app.selected {
            ui.separator();
            self.shape_editor(ui, app, i);
        }
        ui.separator();
        ui.label(RichText::new("Paste a polygon (x, y pairs, world coordinates)").strong());
        ui.add(
            egui::TextEdit::multiline(&mut self.paste_text)
                .desired_rows(2)
                .desired_width(f32::INFINITY)
                .hint_text("(0, 0), (2, 0), (1, 1.5)"),
        );
        ui.horizontal(|ui| {
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
            if let Some(pts) = self.paste_refused.clone() {
                if ui
                    .button("Make convex")
                    .on_hover_text("add the convex hull of the pasted points")
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

    fn shape_editor(&mut self, ui: &mut egui::Ui, app: &mut AppState, i: usize) {
        let s = app.scene.shapes[i].clone();
        // Rename: edit a buffer, apply on Enter / focus loss.
        let fresh = !matches!(&self.rename_buffer, Some((j, original, _)) if *j == i && *original == s.name);
        if fresh {
            self.rename_buffer = Some((i, s.name.clone(), s.name.clone()));
        }
        let Some((_, _, buf)) = self.rename_buffer.as_mut() else {
            return;
        };
        ui.horizontal(|ui| {
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
        // Pose.
        let mut pose = s.pose;
        let mut vel = s.velocity;
        let mut deg = pose.angle.to_degrees();
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
        });
        pose.angle = deg.to_radians();
        if (pose.position, deg) != (s.pose.position, s.pose.angle.to_degrees()) {
            app.set_pose(i, Pose::new(pose.position, pose.angle));
        }
        if vel != s.velocity {
            app.set_velocity(i, vel);
        }
        // Geometry.
        let mut g = s.shape.geometry().clone();
        let mut changed = false;
        egui::Grid::new("geometry")
            .num_columns(3)
            .show(ui, |ui| match &mut g {
                Geometry::Circle { radius } => {
                    ui.label("radius");
                    changed |= drag(ui, app, radius, 0.01);
                    ui.end_row();
                }
                Geometry::Box {
                    half_extents,
                    radius,
                } => {
                    ui.label("half extents");
                    changed |= drag(ui, app, &mut half_extents.x, 0.01);
                    changed |= drag(ui, app, &mut half_extents.y, 0.01);
                    ui.end_row();
                    ui.label("radius");
                    changed |= drag(ui, app, radius, 0.01);
                    ui.end_row();
                }
                Geometry::Capsule { a, b, radius } => {
                    ui.label("a");
                    changed |= drag(ui, app, &mut a.x, 0.01);
                    changed |= drag(ui, app, &mut a.y, 0.01);
                    ui.end_row();
                    ui.label("b");
                    changed |= drag(ui, app, &mut b.x, 0.01);
                    changed |= drag(ui, app, &mut b.y, 0.01);
                    ui.end_row();
                    ui.label("radius");
                    changed |= drag(ui, app, radius, 0.01);
                    ui.end_row();
                }
                Geometry::Segment { a, b } => {
                    ui.label("a");
                    changed |= drag(ui, app, &mut a.x, 0.01);
                    changed |= drag(ui, app, &mut a.y, 0.01);
                    ui.end_row();
                    ui.label("b");
                    changed |= drag(ui, app, &mut b.x, 0.01);
                    changed |= drag(ui, app, &mut b.y, 0.01);
                    ui.end_row();
                }
                Geometry::Polygon { points, radius } => {
                    // Edit the stored (counter-clockwise) vertices.
                    *points = s.shape.vertices().to_vec();
                    for (k, p) in points.iter_mut().enumerate() {
                        ui.label(format!("vertex {k}"));
                        changed |= drag(ui, app, &mut p.x, 0.01);
                        changed |= drag(ui, app, &mut p.y, 0.01);
                        ui.end_row();
                    }
                    ui.label("radius");
                    changed |= drag(ui, app, radius, 0.01);
                    ui.end_row();
                }
            });
        if changed {
            if let Err(e) = app.set_geometry(i, g) {
                app.message = Some(collidescope::app::Message {
                    text: format!("Edit refused: {e}"),
                    is_error: true,
                });
            }
        }
        ui.horizontal(|ui| {
            if ui.button("Duplicate").clicked() {
                app.duplicate_shape(i);
            }
            if ui.button("Delete").on_hover_text("Delete key").clicked() {
                app.delete_shape(i);
            }
        });
    }

    fn help(&self, ui: &mut egui::Ui) {
        egui::CollapsingHeader::new("Controls")
            .default_open(false)
            .show(ui, |ui| {
                for line in CONTROLS {
                    ui.label(*line);
                }
            });
    }
}

/// The algorithms the picker offers, in order (keys 1 to 8).
pub const AVAILABLE: [Algorithm; 8] = Algorithm::ALL;

/// The controls, as listed in the panel and the README.
pub const CONTROLS: &[&str] = &[
    "Left drag a shape: move it. Click: select.",
    "Drag the round white handle of the selection: rotate (Shift: 15° steps). Q / E: rotate by 5°.",
    "Drag a white vertex dot of the selection: reshape (non-convex is refused, the dot turns red).",
    "Left drag in configuration space: move B (B − A moves with it).",
    "Right or middle drag: pan. Wheel: zoom at the cursor. F: fit the views.",
    "Left / Right arrows, Home, End: step. Space: play / pause.",
    "A / B: make the selected shape A or B. Delete: delete the selection.",
    "1 to 8: pick the algorithm (in the picker's order).",
    "Ctrl+Z undo, Ctrl+Shift+Z redo, Ctrl+S save, P screenshot, Ctrl+Q quit.",
];

/// Makes a numeric drag one undo step (begin on drag start, end on release).
fn track(app: &mut AppState, r: &egui::Response) {
    if r.drag_started() {
        app.begin_drag();
    }
    if r.drag_stopped() {
        app.end_drag();
    }
}

fn drag(ui: &mut egui::Ui, app: &mut AppState, v: &mut f32, speed: f64) -> bool {
    let r = ui.add(egui::DragValue::new(v).speed(speed).max_decimals(5));
    track(app, &r);
    r.changed()
}

/// The scenes folder: `scenes/` beside the working directory.
pub fn scenes_dir() -> PathBuf {
    Path::new("scenes").to_path_buf()
}
