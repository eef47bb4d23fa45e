//! A world file running live in the world view: Box2D steps it at its time step while
//! playing (Space; → one step; Home rebuilds it from the file), a dynamic body
//! follows the mouse while held, and R records: stopping opens what was recorded in
//! the recording's view (scrub, contacts, pairs, timelines), kept in a temporary file
//! until it is saved or the live world is taken up again.

use super::{Phase, Recording};
use collidescope::app::AppState;
use collidescope::peers::recording::live::Live;
use collidescope::scene::fs::{remove_stale_temporaries, Temporary};
use collidescope::scene::world::{load_world, World};
use collidescope::trace::world_frame::FrameState;
use egui_macroquad::egui;
use glam::Vec2;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;

/// The world file's world, running.
pub(super) struct LiveRun {
    file: World,
    pub(super) live: Live,
    /// The world as last read (after a step or a reset).
    pub(super) state: Arc<FrameState>,
    /// The view's box: the shapes' box when the world was built, with a margin.
    pub(super) bounds: [[f32; 2]; 2],
    playing: bool,
    clock: f32,
    /// The cursor while a body is held, world frame.
    pub(super) cursor: Option<Vec2>,
}

/// A recording made from the live world, open in the recording's view.
pub(super) struct FromLive {
    /// Always `Some` until the world is taken up again.
    run: Option<Box<LiveRun>>,
    /// The temporary file the recording is replayed from.
    temp: &'static Path,
    /// Removes it when dropped, and on a stopping signal (SIGINT, SIGTERM, SIGHUP).
    _removal: Temporary<'static>,
    save_path: String,
}

impl FromLive {
    /// The box the live world was framed by.
    pub(super) fn bounds(&self) -> Option<[[f32; 2]; 2]> {
        self.run.as_ref().map(|r| r.bounds)
    }
}

impl LiveRun {
    pub(super) fn new(path: &Path) -> Result<LiveRun, String> {
        let file = load_world(path).map_err(|e| e.to_string())?;
        let label = collidescope::scene::library::shown_path(path);
        let mut live = Live::new(&file).map_err(|e| format!("{label}: {e}"))?;
        let state = Arc::new(live.frame_state());
        let bounds = live
            .bounds()
            .map(|[lo, hi]| {
                let (lo, hi) = (Vec2::from(lo), Vec2::from(hi));
                let margin = (hi - lo).max(Vec2::splat(1.0)) * 0.1;
                [(lo - margin).to_array(), (hi + margin).to_array()]
            })
            .unwrap_or([[-10.0, -10.0], [10.0, 10.0]]);
        Ok(LiveRun {
            file,
            live,
            state,
            bounds,
            playing: false,
            clock: 0.0,
            cursor: None,
        })
    }

    fn step(&mut self) {
        if let Some(c) = self.cursor {
            self.live.drag_to(c);
        }
        self.live.step();
        self.state = Arc::new(self.live.frame_state());
    }

    /// Advances play by `dt` seconds (at most a few steps a frame: a slow frame
    /// slows the world rather than piling steps up).
    fn tick(&mut self, dt: f32) {
        if !self.playing {
            return;
        }
        let step = self.live.time_step().max(1e-4);
        self.clock = (self.clock + dt).min(4.0 * step);
        while self.clock >= step {
            self.clock -= step;
            self.step();
        }
    }

    /// Rebuilds the world from the file as it was read; a recording under way is
    /// dropped, and the status line says so.
    fn reset(&mut self, app: &mut AppState) {
        let recording = self.live.recording();
        match Live::new(&self.file) {
            Ok(mut live) => {
                self.state = Arc::new(live.frame_state());
                self.live = live;
                self.cursor = None;
                self.clock = 0.0;
                if recording {
                    app.info("the world was built again from its file; the recording under way was dropped");
                }
            }
            Err(e) => app.error(e),
        }
    }

    /// Takes hold of body `index` at `at` (world frame).
    pub(super) fn grab(&mut self, index: u32, at: Vec2) -> Result<(), String> {
        self.live.grab(index, at)?;
        self.cursor = Some(at);
        Ok(())
    }

    /// The held body's target follows the cursor; while paused the world shows it
    /// at once only at the next step.
    pub(super) fn drag_to(&mut self, at: Vec2) {
        self.cursor = Some(at);
        self.live.drag_to(at);
    }

    pub(super) fn release(&mut self) {
        self.cursor = None;
        self.live.release();
    }

    pub(super) fn playing(&self) -> bool {
        self.playing
    }

    /// Stops playing and lets go of a held body (a pair of it opens in the debugger).
    pub(super) fn pause(&mut self) {
        self.playing = false;
        self.release();
    }

    pub(super) fn busy(&self) -> bool {
        self.playing || self.cursor.is_some()
    }
}

/// A numbered temporary file for a recording made here, named as the output writer
/// names its temporaries (`.NAME.collidescope-PID.tmp`): a run killed before it could
/// remove one leaves it to the next run's [`remove_stale_temporaries`], which removes
/// only those whose process no longer runs. The path lives as long as the program (a
/// few bytes per recording made): the signal handler's registration holds it.
fn temp_recording() -> &'static Path {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!(
        ".collidescope-live-{n}.b2rec.collidescope-{}.tmp",
        std::process::id()
    ));
    Box::leak(path.into_boxed_path())
}

impl Recording {
    /// Opens a world file live.
    pub(super) fn open_live(path: &Path) -> Recording {
        // Recordings a killed run made here and could not remove.
        remove_stale_temporaries(&std::env::temp_dir());
        let mut rec = Recording::empty(path);
        match LiveRun::new(path) {
            Ok(run) => rec.phase = Phase::Live(Box::new(run)),
            Err(e) => {
                rec.said = Some(e.clone());
                rec.phase = Phase::Failed(e);
            }
        }
        rec
    }

    /// The live world's keys: Space plays, → steps once, Home rebuilds, R records
    /// and stops.
    pub(super) fn live_keys(&mut self, app: &mut AppState) {
        use macroquad::prelude::{is_key_pressed, KeyCode};
        let Phase::Live(run) = &mut self.phase else {
            return;
        };
        if is_key_pressed(KeyCode::Space) {
            run.playing = !run.playing;
        }
        if is_key_pressed(KeyCode::Right) {
            run.step();
        }
        if is_key_pressed(KeyCode::Home) {
            run.reset(app);
        }
        if is_key_pressed(KeyCode::R) {
            self.toggle_recording(app);
        }
    }

    pub(super) fn live_tick(&mut self, dt: f32) {
        if let Phase::Live(run) = &mut self.phase {
            run.tick(dt);
        }
    }

    /// Starts recording, or stops and opens the recording.
    fn toggle_recording(&mut self, app: &mut AppState) {
        let Phase::Live(run) = &mut self.phase else {
            return;
        };
        if !run.live.recording() {
            if let Err(e) = run.live.start_recording() {
                app.error(e);
            }
            return;
        }
        run.release();
        run.playing = false;
        let bytes = match run.live.stop_recording() {
            Ok(b) => b,
            Err(e) => return app.error(e),
        };
        let temp = temp_recording();
        let removal = Temporary::register(temp);
        if let Err(e) = collidescope::scene::fs::write_output(temp, &bytes) {
            return app.error(format!("{}: {e}", temp.display()));
        }
        let Phase::Live(run) = std::mem::replace(&mut self.phase, Phase::Failed(String::new()))
        else {
            return;
        };
        // Beside the world's file; a built-in world's copy lives in the temporary
        // folder, so its recording goes to the current folder.
        let name = format!(
            "{}-live.b2rec",
            self.path
                .file_stem()
                .map_or("world".into(), |s| s.to_string_lossy())
        );
        let save_path = if collidescope::scene::library::is_built_in_copy(&self.path) {
            name
        } else {
            self.path.with_file_name(name).display().to_string()
        };
        let world_path = self.path.clone();
        *self = Recording::replay(temp);
        self.from_live = Some(FromLive {
            run: Some(run),
            temp,
            _removal: removal,
            save_path,
        });
        self.world_path = Some(world_path);
    }

    /// Back from a recording made here to the live world it was made from.
    fn back_to_live(&mut self) {
        let Some(run) = self.from_live.as_mut().and_then(|f| f.run.take()) else {
            return;
        };
        let path = self.world_path.take().unwrap_or_else(|| self.path.clone());
        // The temporary goes with the old `from_live` (its drop); the world goes on.
        let mut rec = Recording::empty(&path);
        rec.phase = Phase::Live(run);
        *self = rec;
    }

    /// Saves the recording made here (written whole, then renamed into place).
    fn save_live_recording(&mut self, app: &mut AppState) {
        let Some(from) = &self.from_live else { return };
        let target = PathBuf::from(from.save_path.trim());
        let saved = std::fs::read(from.temp)
            .map_err(|e| format!("{}: cannot read: {e}", from.temp.display()))
            .and_then(|bytes| {
                collidescope::scene::fs::write_output(&target, &bytes)
                    .map_err(|e| format!("{}: {e}", target.display()))
            });
        match saved {
            Ok(()) => app.info(format!("saved the recording to {}", target.display())),
            Err(e) => app.error(e),
        }
    }

    /// The row over a recording made here: back to the live world, save it.
    pub(super) fn made_here_ui(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let Some(from) = &mut self.from_live else {
            return;
        };
        let mut back = false;
        let mut save = false;
        ui.horizontal(|ui| {
            let button = ui
                .button("⏴ Back to the live world")
                .on_hover_text("the world goes on from where the recording stopped");
            back = button.clicked();
            self.buttons
                .push(("back_to_live", super::center_px(ui, &button)));
            ui.label("Save recording as");
            let field =
                ui.add(egui::TextEdit::singleline(&mut from.save_path).desired_width(260.0));
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let button = ui.button("Save recording");
            save = button.clicked() || entered;
            self.buttons
                .push(("save_recording", super::center_px(ui, &button)));
        });
        if save {
            self.save_live_recording(app);
        }
        if back {
            self.back_to_live();
        }
    }

    /// The live world's panel: what it is, play, step, reset, record.
    pub(super) fn live_ui(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        let Phase::Live(run) = &mut self.phase else {
            return;
        };
        let touching = run
            .state
            .contacts
            .iter()
            .filter(|c| !c.points.is_empty())
            .count();
        ui.label(format!(
            "{} — live: step {}, dt {:.5} s, {} bodies, {touching} touching contacts",
            collidescope::scene::library::shown_path(&self.path),
            run.live.steps(),
            run.live.time_step(),
            run.state.bodies.len(),
        ));
        let mut record = false;
        let mut reset = false;
        ui.horizontal(|ui| {
            let play = ui
                .button(if run.playing { "⏸ Pause" } else { "▶ Play" })
                .on_hover_text("play / pause (Space)");
            if play.clicked() {
                run.playing = !run.playing;
            }
            if ui.button("▶| Step").on_hover_text("one step (→)").clicked() {
                run.step();
            }
            reset = ui
                .button("⟲ Reset")
                .on_hover_text("rebuild the world from its file (Home)")
                .clicked();
            let label = if run.live.recording() {
                "⏹ Stop and open the recording"
            } else {
                "⏺ Record"
            };
            let button = ui
                .button(label)
                .on_hover_text("record the world from now on; stop opens what was recorded (R)");
            record = button.clicked();
            self.buttons.push(("record", super::center_px(ui, &button)));
            if run.live.recording() {
                ui.colored_label(
                    super::ui::tone(ui, collidescope::view::palette::PANEL_ALARM),
                    format!("● recording: {} steps", run.live.recorded_steps()),
                );
            }
        });
        if reset {
            run.reset(app);
        }
        if record {
            self.toggle_recording(app);
        }
        ui.horizontal_wrapped(|ui| {
            self.close_button(ui);
            ui.label(
                "Drag a dynamic body with the mouse (a motor joint pulls it, as in Box2D's samples).",
            );
        });
    }
}
