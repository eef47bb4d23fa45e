//! The recording's panel under the views: info and divergence, the timeline, the
//! contacts of the frame; in the debugger, Box2D's contact of the opened pair.

use super::{Column, Phase, Recording};
use crate::gui::recording_note::WorldNote;
use collidescope::app::AppState;
use collidescope::trace::world_frame::{ContactState, FrameState};
use collidescope::view::palette::{Rgba, PANEL_ALARM, PANEL_WARNING};
use egui_macroquad::egui;
use std::sync::atomic::Ordering;

/// The world view's panel height, points: its info, its controls and about eight rows
/// of the contact list (which scrolls inside it).
const WORLD_PANEL_H: f32 = 270.0;
/// How much shorter it can be: its controls and two rows of the list.
const SHORT_BY: f32 = 110.0;

/// One of the panel's own text colours (dark theme, light theme) in the panel's theme:
/// each reads at 4.5:1 on the panel (`tests/palette.rs`).
pub(super) fn tone(ui: &egui::Ui, (dark, light): (Rgba, Rgba)) -> egui::Color32 {
    let Rgba(r, g, b, _) = if ui.visuals().dark_mode { dark } else { light };
    egui::Color32::from_rgb(r, g, b)
}

/// `v` with `d` decimals, never "-0.000".
pub(super) fn fixed(v: f32, d: usize) -> String {
    let s = format!("{v:.d$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

impl Recording {
    /// The panel (a bottom panel: the views get what is left, and the controls stay put
    /// while the contact list scrolls inside it; the world's can be dragged taller); the note the
    /// panel's head and status bar show; the pair's timeline docked under the views.
    pub fn ui(&mut self, ctx: &egui::Context, app: &mut AppState) {
        self.buttons.clear();
        if std::mem::take(&mut self.opened) && app.message.as_ref().is_some_and(|m| m.is_error) {
            // An error about a file opened before this one is no longer news.
            app.message = None;
        }
        // Each view keeps its own height; a failed file shows none (the status line
        // says why, once).
        // A recording made here has one more row (back to the live world, save).
        let made_here = if self.from_live.is_some() { 28.0 } else { 0.0 };
        let timeline = self.timeline.as_ref().is_some_and(|t| t.open);
        let (id, height) = match (&self.phase, &self.open_pair) {
            (Phase::Failed(_), _) => return self.timeline_ui(ctx, app),
            (_, Some(_)) => ("recording_pair", 96.0),
            (Phase::Live(_), _) => ("live_world", 96.0),
            // With the timeline open the world's panel starts at its controls and a
            // few rows (the list scrolls), the lanes above it get the room; a height
            // of its own, so that the one dragged without a timeline comes back.
            (Phase::Ready(_), None) if timeline => {
                ("recording_short", WORLD_PANEL_H - SHORT_BY + made_here)
            }
            (Phase::Ready(_), None) => ("recording", WORLD_PANEL_H + made_here),
            _ => ("recording_wait", 60.0),
        };
        // The world's panel can be dragged taller (more rows of the contact list) up to
        // two thirds of the window, or shorter down to its controls and two rows; the
        // others hold a line or two and keep their height.
        let screen = ctx.screen_rect().height();
        let world = id.starts_with("recording") && id != "recording_pair" && id != "recording_wait";
        let range = match id {
            "recording" => (height - SHORT_BY)..=(screen * 0.67).max(height),
            "recording_short" => height..=(screen * 0.67).max(height),
            _ => height..=height,
        };
        egui::TopBottomPanel::bottom(id)
            .resizable(world)
            .default_height(height)
            .height_range(range)
            .show(ctx, |ui| match &self.phase {
                Phase::Checking(_, reached) => {
                    let k = reached.load(Ordering::Relaxed);
                    ui.label(format!(
                        "{}: replaying it once in a separate process before opening it… (frame {k})",
                        collidescope::scene::library::shown_path(&self.path)
                    ));
                    ui.spinner();
                }
                Phase::Preparing(_, reached) => {
                    let k = reached.load(Ordering::Relaxed);
                    let n = collidescope::scene::library::shown_path(&self.path);
                    ui.label(format!("{n}: replaying it here once for fast seeking… (frame {k})"));
                    ui.spinner();
                }
                Phase::Failed(_) => {}
                Phase::Ready(_) | Phase::Live(_) if self.open_pair.is_some() => self.pair_ui(ui),
                Phase::Ready(_) => {
                    self.made_here_ui(ui, app);
                    self.world_ui(ui, app);
                }
                Phase::Live(_) => self.live_ui(ui, app),
            });
        self.timeline_ui(ctx, app);
    }

    /// The pair's timeline: a click goes to that frame and opens the pair there.
    fn timeline_ui(&mut self, ctx: &egui::Context, app: &mut AppState) {
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

    /// Sets what the panel's head and status bar say (before the panel is drawn).
    pub fn put_note(&self, ctx: &egui::Context) {
        WorldNote::put(ctx, self.note());
    }

    fn pair_ui(&mut self, ui: &mut egui::Ui) {
        let Some(open) = &self.open_pair else { return };
        let title = format!(
            "{} against {} at {} of {}",
            open.labels.0,
            open.labels.1,
            self.moment(open.frame),
            self.label()
        );
        let mut back = false;
        ui.horizontal(|ui| {
            back = ui.button("⏴ Back to the world (Esc)").clicked();
            self.close_button(ui);
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
                    "Box2D's contact in the world (b2Contact_GetData): normal ({}, {}); {}",
                    fixed(c.normal[0], 6),
                    fixed(c.normal[1], 6),
                    points.join("; ")
                ));
                if open.computed_here == Some(false) {
                    ui.colored_label(
                        tone(ui, PANEL_WARNING),
                        "Box2D kept this manifold from an earlier step (contact recycling or sleep): \
                         b2Collide* on these poses (the Peers table) answers differently.",
                    );
                }
            }
            None if matches!(self.phase, Phase::Live(_)) => {
                ui.label(
                    "A live world's contacts were computed at the poses its last step began \
                     with: record it (R) and open the pair in the recording to see Box2D's.",
                );
            }
            None => {
                ui.label("Box2D had no touching contact of them at this frame.");
            }
        }
    }

    fn world_ui(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        if !self.summary_ui(ui) {
            return;
        }
        self.transport_ui(ui);
        let Some(state) = self.state(self.frame) else {
            return;
        };
        let rows = self.frame_rows(&state);
        self.hovered = None;
        self.rows = rows
            .iter()
            .map(|r| (r.contact.shape_a, r.contact.shape_b))
            .collect();
        let mut asked = self.actions_ui(ui, rows.len());
        // The header stays above the rows it names: two grids with the same fixed
        // column widths, the rows in a scroll area with a solid scrollbar (egui's
        // floating one is invisible until hovered).
        let widths = column_widths(ui.available_width());
        self.contacts_head_ui(ui, &widths);
        asked.open |= self.contacts_list_ui(ui, &rows, &widths);
        if asked.open {
            self.open_selected(app);
        }
        if let Some(pair) = asked.timeline {
            self.start_timeline(pair);
        }
    }

    /// The recording in one line (and a damage or divergence warning); false when no
    /// recording is ready to show.
    fn summary_ui(&mut self, ui: &mut egui::Ui) -> bool {
        let Phase::Ready(player) = &self.phase else {
            return false;
        };
        let info = player.info().clone();
        let diverged = player.diverged_at();
        if let Some(w) = &self.damaged {
            ui.colored_label(tone(ui, PANEL_WARNING), w);
        }
        let [lo, hi] = info.bounds;
        let bounds = if hi[0] > lo[0] && hi[1] > lo[1] {
            format!(
                "bounds ({:.2}, {:.2}) to ({:.2}, {:.2})",
                lo[0], lo[1], hi[0], hi[1]
            )
        } else {
            "no bounds recorded (framed by the shapes)".to_string()
        };
        ui.horizontal_wrapped(|ui| {
            self.close_button(ui);
            ui.label(format!(
                "{} — {} frames, dt {:.5} s, {} substeps, {bounds}, format {} ({})",
                self.label(),
                info.frames,
                info.time_step,
                info.substeps,
                info.format,
                info.engine
            ));
            if let Some(d) = diverged {
                ui.colored_label(
                    tone(ui, PANEL_ALARM),
                    format!("⚠ the replay diverged from the recording at frame {d}"),
                );
            }
        });
        true
    }

    /// Play, frame back and on, the frame slider, "jump to" and the speed.
    fn transport_ui(&mut self, ui: &mut egui::Ui) {
        let frames = self.frames();
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
            self.buttons.push(("jump", super::center_px(ui, &r)));
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
    }

    /// The frame's touching contacts with their shapes' names, in the list's order.
    fn frame_rows(&self, state: &FrameState) -> Vec<ContactRow> {
        let Phase::Ready(player) = &self.phase else {
            return Vec::new();
        };
        let name = |id: u32| {
            player
                .shapes()
                .get(id)
                .map(|s| s.label.clone())
                .unwrap_or_else(|| id.to_string())
        };
        let mut rows: Vec<ContactRow> = state
            .contacts
            .iter()
            .filter(|c| !c.points.is_empty())
            .map(|c| ContactRow {
                contact: c.clone(),
                a: name(c.shape_a),
                b: name(c.shape_b),
            })
            .collect();
        let (column, ascending) = self.sort;
        rows.sort_by(|x, y| {
            let o = match column {
                Column::Pair => (&x.a, &x.b).cmp(&(&y.a, &y.b)),
                Column::Points => x.contact.points.len().cmp(&y.contact.points.len()),
                Column::Separation => x
                    .contact
                    .least_separation()
                    .total_cmp(&y.contact.least_separation()),
            };
            if ascending {
                o
            } else {
                o.reverse()
            }
        });
        rows
    }

    /// The count of touching contacts, "Open this pair" and "Contact timeline of this
    /// pair": what the learner asked for.
    fn actions_ui(&mut self, ui: &mut egui::Ui, touching: usize) -> Asked {
        let mut asked = Asked::default();
        ui.horizontal(|ui| {
            ui.label(format!(
                "{touching} touching contacts at frame {}",
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
                asked.open = true;
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
                asked.timeline = Some(pair);
            }
        });
        asked
    }

    /// The contact list's header: the sort buttons and the other columns' names.
    fn contacts_head_ui(&mut self, ui: &mut egui::Ui, widths: &[f32; 5]) {
        egui::Grid::new("contacts_head")
            .num_columns(5)
            .show(ui, |ui| {
                for (i, (col, title)) in [
                    (Column::Pair, "shape A, shape B"),
                    (Column::Points, "points"),
                    (Column::Separation, "least separation"),
                ]
                .into_iter()
                .enumerate()
                {
                    let arrow = match (self.sort.0 == col, self.sort.1) {
                        (true, true) => " ⏶",
                        (true, false) => " ⏷",
                        (false, _) => "",
                    };
                    let button = egui::Button::new(format!("{title}{arrow}"));
                    let r = ui.add_sized([widths[i], 18.0], button);
                    if i == 0 {
                        self.buttons.push(("sort_pair", super::center_px(ui, &r)));
                    }
                    if r.clicked() {
                        let ascending = self.sort.0 != col || !self.sort.1;
                        self.sort = (col, ascending);
                    }
                }
                cell(ui, widths[3], egui::Label::new("ids"));
                cell(ui, widths[4], egui::Label::new("normal"));
                ui.end_row();
            });
    }

    /// The contact list's rows, scrolling under the header; true when a row was
    /// double-clicked (open its pair).
    fn contacts_list_ui(
        &mut self,
        ui: &mut egui::Ui,
        rows: &[ContactRow],
        widths: &[f32; 5],
    ) -> bool {
        let mut open = false;
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        let list = egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .show(ui, |ui| {
                egui::Grid::new("contacts")
                    .striped(true)
                    .num_columns(5)
                    .show(ui, |ui| {
                        for row in rows {
                            let c = &row.contact;
                            let key = (c.shape_a, c.shape_b);
                            let selected = self.selected == Some(key);
                            let label = egui::SelectableLabel::new(
                                selected,
                                format!("{}, {}", row.a, row.b),
                            );
                            let r = ui.add_sized([widths[0], 18.0], label);
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
                            cell(ui, widths[1], egui::Label::new(c.points.len().to_string()));
                            let least = format!("{:.6}", c.least_separation());
                            cell(ui, widths[2], egui::Label::new(least));
                            let ids: Vec<String> =
                                c.points.iter().map(|p| format!("0x{:04x}", p.id)).collect();
                            cell(ui, widths[3], egui::Label::new(ids.join(" ")));
                            let normal =
                                format!("({}, {})", fixed(c.normal[0], 3), fixed(c.normal[1], 3));
                            cell(ui, widths[4], egui::Label::new(normal));
                            ui.end_row();
                        }
                    });
            });
        // Where the rows begin (the scripted tests: the header stays above them).
        let ppp = crate::gui::panel::canvas_px_per_point(ui.ctx());
        let top = list.inner_rect.left_top();
        self.buttons.push(("list_top", [top.x * ppp, top.y * ppp]));
        self.list_px = list.inner_rect.height() * ppp;
        open
    }
}

/// One touching contact of the frame with its shapes' names.
struct ContactRow {
    contact: ContactState,
    a: String,
    b: String,
}

/// What the contact list's buttons asked for this frame.
#[derive(Default)]
struct Asked {
    open: bool,
    timeline: Option<(u32, u32)>,
}

/// A cell of the contact list, `width` wide, its text cut to fit.
fn cell(ui: &mut egui::Ui, width: f32, w: egui::Label) {
    ui.add_sized([width, 18.0], w.truncate());
}

impl Recording {
    /// Builds the timeline of `pair` over the whole recording in the background.
    pub(super) fn start_timeline(&mut self, pair: (u32, u32)) {
        if let Some(t) = self
            .timeline
            .as_mut()
            .filter(|t| t.pair == pair && !t.failed())
        {
            // Built already (or being built): shown again.
            t.open = true;
            return;
        }
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

/// The contact list's column widths (points) in a row `width` wide: the pair takes
/// what the others leave, within reason.
fn column_widths(width: f32) -> [f32; 5] {
    let fixed = [70.0, 130.0, 170.0, 150.0];
    // Grid spacing between five columns, and the scrollbar beside the rows.
    let rest = width - fixed.iter().sum::<f32>() - 4.0 * 8.0 - 24.0;
    [
        rest.clamp(140.0, 420.0),
        fixed[0],
        fixed[1],
        fixed[2],
        fixed[3],
    ]
}
