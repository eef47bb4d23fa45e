//! The side panel while a recording (or a live world) is shown in the world view:
//! under the panel's head, only what belongs to the world — its frame, the pair
//! picked and what to do with it (open it in the debugger, its contact timeline), and
//! its bodies at this frame. The debugger's sections come back, the pair's, once a
//! pair is opened.

use super::ui::{fixed, tone};
use super::{Phase, Recording};
use crate::gui::panel::{PanelFor, WorldPanel};
use collidescope::app::AppState;
use collidescope::scene::world::BodyType;
use collidescope::trace::world_frame::FrameState;
use collidescope::view::palette::{PANEL_ALARM, PANEL_QUIET, PANEL_WARNING};
use egui_macroquad::egui::{self, RichText};

impl WorldPanel for Recording {
    fn panel_for(&self) -> PanelFor {
        match (&self.phase, &self.open_pair) {
            // Nothing of the world to show: the debugger's scene as it was.
            (Phase::Failed(_), _) => PanelFor::Scene,
            (_, Some(_)) => PanelFor::Pair,
            (_, None) => PanelFor::World,
        }
    }

    fn world_ui(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        if matches!(self.phase, Phase::Checking(..) | Phase::Preparing(..)) {
            ui.label(
                "Its frame, its contacts and its bodies show here once it is prepared \
                 (the bar under the views follows the preparation).",
            );
            return;
        }
        let Some(state) = self.state(self.frame) else {
            return;
        };
        egui::CollapsingHeader::new("Frame")
            .default_open(true)
            .show(ui, |ui| self.frame_ui(ui));
        egui::CollapsingHeader::new("Pair")
            .default_open(true)
            .show(ui, |ui| self.pair_side_ui(ui, app, &state));
        egui::CollapsingHeader::new(format!("Bodies ({})", state.bodies.len()))
            .id_salt("world_bodies")
            .default_open(true)
            .show(ui, |ui| {
                // A recording's frame has two moments (frame 0, before any step, has
                // one); a live world's pair is posed now.
                if matches!(self.phase, Phase::Ready(_)) && self.frame > 0 {
                    ui.label(
                        RichText::new(
                            "Poses after this frame's step. A pair opened here is posed \
                             as the step began: the poses Box2D computed its contact with.",
                        )
                        .color(quiet(ui))
                        .small(),
                    );
                }
                bodies_ui(ui, &state)
            });
    }
}

/// The panel's secondary text colour in the panel's theme.
fn quiet(ui: &egui::Ui) -> egui::Color32 {
    tone(ui, PANEL_QUIET)
}

impl Recording {
    /// The frame (a live world's step) and the facts of the recording.
    fn frame_ui(&self, ui: &mut egui::Ui) {
        match &self.phase {
            Phase::Ready(player) => {
                let info = player.info();
                let t = self.frame as f32 * info.time_step;
                ui.label(
                    RichText::new(format!(
                        "frame {} of {} (t = {} s)",
                        self.frame,
                        info.frames,
                        fixed(t, 3)
                    ))
                    .strong(),
                );
                ui.label(
                    RichText::new(format!(
                        "dt {:.5} s, {} substeps; format {} ({})",
                        info.time_step, info.substeps, info.format, info.engine
                    ))
                    .color(quiet(ui)),
                );
                if let Some(d) = player.diverged_at() {
                    ui.colored_label(
                        tone(ui, PANEL_ALARM),
                        format!("⚠ the replay diverged from the recording at frame {d}"),
                    );
                }
                if let Some(w) = &self.damaged {
                    ui.colored_label(tone(ui, PANEL_WARNING), w);
                }
            }
            Phase::Live(run) => {
                let state = if run.playing() { "playing" } else { "paused" };
                ui.label(RichText::new(format!("step {} ({state})", run.live.steps())).strong());
                ui.label(
                    RichText::new(format!("dt {:.5} s", run.live.time_step())).color(quiet(ui)),
                );
                if run.live.recording() {
                    ui.colored_label(
                        tone(ui, PANEL_ALARM),
                        format!("● recording: {} steps", run.live.recorded_steps()),
                    );
                }
            }
            _ => {}
        }
    }

    /// The pair picked: whether it touches at this frame, open it, its timeline.
    fn pair_side_ui(&mut self, ui: &mut egui::Ui, app: &mut AppState, state: &FrameState) {
        let live = matches!(self.phase, Phase::Live(_));
        let name = |id: u32| {
            self.shapes()
                .and_then(|s| s.get(id))
                .map_or_else(|| id.to_string(), |s| s.label.clone())
        };
        let picked = if live { None } else { self.selected };
        match picked {
            Some((a, b)) => {
                ui.label(RichText::new(format!("{}, {}", name(a), name(b))).strong());
                let at = match state.contact(a, b).filter(|c| !c.points.is_empty()) {
                    Some(c) => format!(
                        "touching at frame {}: {} points, least separation {}",
                        self.frame,
                        c.points.len(),
                        fixed(c.least_separation(), 6)
                    ),
                    None => format!("not touching at frame {}", self.frame),
                };
                ui.label(at);
            }
            None if live => {
                ui.label(
                    "Shift+click a shape, then another: their pair opens in the debugger \
                     at this step.",
                );
            }
            None if state.contacts.iter().all(|c| c.points.is_empty()) => {
                ui.label(format!(
                    "None picked. Frame {} has no touching contacts: step (→) or play to \
                     one that has, or click a shape in the world, then another (their pair \
                     opens).",
                    self.frame
                ));
            }
            None => {
                ui.label(
                    "None picked: ↑/↓ or a click in the contact list under the views, or a \
                     click on a shape in the world, then on another (their pair opens).",
                );
            }
        }
        if let Some(first) = self.pick {
            ui.label(format!(
                "{} clicked: click another shape for the pair",
                name(first)
            ));
        }
        if !live {
            self.pair_buttons(ui, app);
        }
        if let Some(p) = &self.last_pair {
            ui.label(RichText::new(format!("last opened: {p}")).color(quiet(ui)));
        }
    }

    /// Open the pair picked; build, show or hide its contact timeline.
    fn pair_buttons(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let mut open = false;
        let mut timeline = false;
        let shown = self
            .timeline
            .as_ref()
            .filter(|t| Some(t.pair) == self.selected)
            .map(|t| t.open);
        ui.horizontal_wrapped(|ui| {
            open = ui
                .add_enabled(self.selected.is_some(), egui::Button::new("Open this pair"))
                .on_hover_text("the pair at this frame in the debugger, exactly (Enter)")
                .clicked();
            let label = match shown {
                Some(true) => "Hide its timeline",
                Some(false) => "Show its timeline",
                None => "Contact timeline",
            };
            timeline = ui
                .add_enabled(self.selected.is_some(), egui::Button::new(label))
                .on_hover_text(
                    "the pair over the whole recording: lanes and markers, Box2D's and ours (T)",
                )
                .clicked();
        });
        if timeline {
            match (shown, self.timeline.as_mut()) {
                (Some(true), Some(t)) => t.open = false,
                _ => {
                    if let Some(pair) = self.selected {
                        self.start_timeline(pair);
                    }
                }
            }
        }
        if open {
            self.open_selected(app);
        }
    }
}

/// The world's bodies at this frame: name, type (asleep, a bullet), origin and angle.
fn bodies_ui(ui: &mut egui::Ui, state: &FrameState) {
    egui::Grid::new("world_bodies_grid")
        .striped(true)
        .num_columns(3)
        .show(ui, |ui| {
            for body in &state.bodies {
                // Named as the world view names it ("body3" when the file names none).
                let name = super::world_view::shown_name(body);
                ui.label(RichText::new(name).strong());
                let mut kind = body.body_type.name().to_string();
                if body.body_type != BodyType::Static && !body.awake {
                    kind.push_str(", asleep");
                }
                if body.bullet {
                    kind.push_str(", bullet");
                }
                ui.label(kind);
                let [x, y] = body.position;
                let angle = body.rotation[1].atan2(body.rotation[0]).to_degrees();
                ui.label(format!(
                    "({}, {}) {}°",
                    fixed(x, 2),
                    fixed(y, 2),
                    fixed(angle, 1)
                ));
                ui.end_row();
            }
        });
}
