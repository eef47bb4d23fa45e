//! The recording's panel under the views: info and divergence, the timeline, the
//! contacts of the frame; in the debugger, Box2D's contact of the opened pair.

use super::{Column, Phase, Recording};
use collidescope::app::AppState;
use collidescope::trace::world_frame::ContactState;
use egui_macroquad::egui;
use std::sync::atomic::Ordering;

impl Recording {
    /// The panel (a bottom panel: the views get what is left).
    pub fn ui(&mut self, ctx: &egui::Context, app: &mut AppState) {
        self.buttons.clear();
        // The live world's panel is shorter: each keeps its own height.
        let id = if matches!(self.phase, Phase::Live(_)) {
            "live_world"
        } else {
            "recording"
        };
        egui::TopBottomPanel::bottom(id)
            .resizable(true)
            .default_height(match (&self.phase, &self.open_pair) {
                (Phase::Live(_), _) | (_, Some(_)) => 90.0,
                _ => 230.0,
            })
            .show(ctx, |ui| match &self.phase {
                Phase::Checking(_, reached) => {
                    let k = reached.load(Ordering::Relaxed);
                    ui.label(format!(
                        "{}: replaying it once in a separate process before opening it… (frame {k})",
                        self.path.display()
                    ));
                    ui.spinner();
                }
                Phase::Preparing(_, reached) => {
                    let k = reached.load(Ordering::Relaxed);
                    let n = self.path.display();
                    ui.label(format!("{n}: replaying it here once for fast seeking… (frame {k})"));
                    ui.spinner();
                }
                Phase::Failed(e) => {
                    ui.colored_label(egui::Color32::LIGHT_RED, e);
                }
                Phase::Ready(_) if self.open_pair.is_some() => self.pair_ui(ui),
                Phase::Ready(_) => {
                    self.made_here_ui(ui, app);
                    self.world_ui(ui, app);
                }
                Phase::Live(_) => self.live_ui(ui, app),
            });
        // The pair's timeline: a click goes to that frame and opens the pair there.
        let jump = match self.timeline.as_mut().filter(|t| t.open) {
            Some(t) => t.ui(ctx, self.frame).map(|k| (k, t.pair)),
            None => None,
        };
        if let Some((k, pair)) = jump {
            self.frame = k;
            self.selected = Some(pair);
            self.open_pair = None;
            self.open_selected(app);
        }
    }

    fn pair_ui(&mut self, ui: &mut egui::Ui) {
        let Some(open) = &self.open_pair else { return };
        let title = format!(
            "{} against {} at frame {} of {}",
            open.labels.0,
            open.labels.1,
            open.frame,
            self.label()
        );
        let mut back = false;
        ui.horizontal(|ui| {
            back = ui.button("⏴ Back to the world (Esc)").clicked();
            ui.label(title);
        });
        if back {
            self.open_pair = None;
            return;
        }
        let Some(open) = &self.open_pair else { return };
        match &open.contact {
            Some(c) => {
                let points: Vec<String> = c
                    .points
                    .iter()
                    .map(|p| format!("id 0x{:04x}: separation {:.6}", p.id, p.separation))
                    .collect();
                ui.label(format!(
                    "Box2D's contact in the world (b2Contact_GetData): normal ({:.6}, {:.6}); {}",
                    c.normal[0],
                    c.normal[1],
                    points.join("; ")
                ));
                if open.computed_here == Some(false) {
                    ui.colored_label(
                        egui::Color32::YELLOW,
                        "Box2D kept this manifold from an earlier step (contact recycling or sleep): \
                         b2Collide* on these poses (the Peers table) answers differently.",
                    );
                }
            }
            None => {
                ui.label("Box2D had no touching contact of them at this frame.");
            }
        }
    }

    fn world_ui(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let frames = self.frames();
        let Phase::Ready(player) = &self.phase else {
            return;
        };
        let info = player.info().clone();
        let diverged = player.diverged_at();
        ui.horizontal(|ui| {
            ui.label(format!(
                "{} — {} frames, dt {:.5} s, {} substeps, bounds ({:.2}, {:.2}) to ({:.2}, {:.2}), format {} ({})",
                self.label(),
                info.frames,
                info.time_step,
                info.substeps,
                info.bounds[0][0],
                info.bounds[0][1],
                info.bounds[1][0],
                info.bounds[1][1],
                info.format,
                info.engine
            ));
            if let Some(d) = diverged {
                ui.colored_label(
                    egui::Color32::LIGHT_RED,
                    format!("⚠ the replay diverged from the recording at frame {d}"),
                );
            }
        });
        ui.horizontal(|ui| {
            if ui
                .button(if self.playing { "⏸" } else { "▶" })
                .on_hover_text("play / pause (Space)")
                .clicked()
            {
                self.playing = !self.playing;
            }
            if ui.button("◀").on_hover_text("one frame back (←)").clicked() {
                self.frame = self.frame.saturating_sub(1);
            }
            if ui.button("▶|").on_hover_text("one frame on (→)").clicked() {
                self.frame = (self.frame + 1).min(frames);
            }
            let slider = egui::Slider::new(&mut self.frame, 0..=frames).text("frame");
            ui.add_sized([ui.available_width() * 0.5, 20.0], slider);
            ui.label("jump to");
            let r = ui.add(egui::TextEdit::singleline(&mut self.jump).desired_width(60.0));
            if r.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter)) {
                if let Ok(k) = self.jump.trim().parse::<u32>() {
                    self.frame = k.min(frames);
                }
            }
            ui.add(
                egui::Slider::new(&mut self.speed, 0.05..=8.0)
                    .logarithmic(true)
                    .text("speed"),
            );
        });
        let Some(state) = self.state(self.frame) else {
            return;
        };
        let Phase::Ready(player) = &self.phase else {
            return;
        };
        let name = |id: u32| {
            player
                .shapes()
                .get(id)
                .map(|s| s.label.clone())
                .unwrap_or_else(|| id.to_string())
        };
        let mut rows: Vec<(&ContactState, String, String)> = state
            .contacts
            .iter()
            .filter(|c| !c.points.is_empty())
            .map(|c| (c, name(c.shape_a), name(c.shape_b)))
            .collect();
        let (column, ascending) = self.sort;
        rows.sort_by(|x, y| {
            let o = match column {
                Column::Pair => (&x.1, &x.2).cmp(&(&y.1, &y.2)),
                Column::Points => x.0.points.len().cmp(&y.0.points.len()),
                Column::Separation => x.0.least_separation().total_cmp(&y.0.least_separation()),
            };
            if ascending {
                o
            } else {
                o.reverse()
            }
        });
        let mut open = false;
        let mut start_timeline = None;
        self.hovered = None;
        self.rows = rows
            .iter()
            .map(|(c, _, _)| (c.shape_a, c.shape_b))
            .collect();
        ui.horizontal(|ui| {
            ui.label(format!(
                "{} touching contacts at frame {}",
                rows.len(),
                self.frame
            ));
            let label = if self.selected.is_some() {
                "Open this pair"
            } else {
                "Open this pair (select one)"
            };
            if ui
                .add_enabled(self.selected.is_some(), egui::Button::new(label))
                .clicked()
            {
                open = true;
            }
            let timeline = ui
                .add_enabled(
                    self.selected.is_some(),
                    egui::Button::new("Contact timeline of this pair"),
                )
                .on_hover_text(
                    "the pair over the whole recording: lanes and markers, Box2D's and ours",
                );
            if let (true, Some(pair)) = (timeline.clicked(), self.selected) {
                start_timeline = Some(pair);
            }
        });
        egui::ScrollArea::vertical()
            .auto_shrink([false, true])
            .show(ui, |ui| {
                egui::Grid::new("contacts")
                    .striped(true)
                    .num_columns(5)
                    .show(ui, |ui| {
                        for (col, title) in [
                            (Column::Pair, "shape A, shape B"),
                            (Column::Points, "points"),
                            (Column::Separation, "least separation"),
                        ] {
                            let arrow = if self.sort.0 == col {
                                if self.sort.1 {
                                    " ⏶"
                                } else {
                                    " ⏷"
                                }
                            } else {
                                ""
                            };
                            if ui.button(format!("{title}{arrow}")).clicked() {
                                self.sort = (
                                    col,
                                    if self.sort.0 == col {
                                        !self.sort.1
                                    } else {
                                        true
                                    },
                                );
                            }
                        }
                        ui.label("ids");
                        ui.label("normal");
                        ui.end_row();
                        for (c, a, b) in &rows {
                            let key = (c.shape_a, c.shape_b);
                            let selected = self.selected == Some(key);
                            let r = ui.selectable_label(selected, format!("{a}, {b}"));
                            if r.hovered() {
                                self.hovered = Some(key);
                            }
                            if r.clicked() {
                                self.selected = Some(key);
                            }
                            if r.double_clicked() {
                                self.selected = Some(key);
                                open = true;
                            }
                            ui.label(c.points.len().to_string());
                            ui.label(format!("{:.6}", c.least_separation()));
                            let ids: Vec<String> =
                                c.points.iter().map(|p| format!("0x{:04x}", p.id)).collect();
                            ui.label(ids.join(" "));
                            ui.label(format!("({:.3}, {:.3})", c.normal[0], c.normal[1]));
                            ui.end_row();
                        }
                    });
            });
        if open {
            self.open_selected(app);
        }
        if let Some(pair) = start_timeline {
            self.start_timeline(pair);
        }
    }
}

impl Recording {
    /// Builds the timeline of `pair` over the whole recording in the background.
    pub(super) fn start_timeline(&mut self, pair: (u32, u32)) {
        let Phase::Ready(player) = &self.phase else {
            return;
        };
        let name = |id: u32| {
            player
                .shapes()
                .get(id)
                .map(|s| s.label.clone())
                .unwrap_or_default()
        };
        let labels = (name(pair.0), name(pair.1));
        let frames = player.info().frames;
        self.timeline = Some(super::timeline::Timeline::start(
            self.path.clone(),
            pair,
            labels,
            frames,
        ));
    }
}
