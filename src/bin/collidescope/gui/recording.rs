//! A Box2D recording in the window: the world at frame k (bodies coloured by type,
//! sleeping ones dimmed, contact points with their normals), the timeline under the
//! views (frame slider, play/pause, step, jump, speed), the recording's info and its
//! divergence, the contacts of the frame as a sortable list, and **Open this pair**:
//! the pair at that frame in the debugger, exactly (`Player::pair_at`); Escape comes
//! back to the world at the same frame.
//!
//! The file is first replayed whole in a child process (`replay_child`), so that a
//! recording Box2D asserts on or stalls on ends in a message, not the window; then it
//! is replayed here once to its end in the background, Box2D keeping keyframes along
//! it within [`KEYFRAME_BUDGET`], so that a seek anywhere restores the nearest one and
//! replays the few frames after it. Frames read are cached (at most [`CACHE_FRAMES`]).

use crate::replay_child;
use collidescope::app::AppState;
use collidescope::peers::recording::{read_file, Player};
use collidescope::trace::world_frame::{ContactState, FrameState};
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

/// Frames kept in memory.
const CACHE_FRAMES: usize = 512;
/// Memory for Box2D's keyframes (snapshots it restores to seek), and their finest
/// spacing: the spacing widens to stay within the budget.
const KEYFRAME_BUDGET: usize = 128 << 20;
const KEYFRAME_INTERVAL: u32 = 8;

/// Where the recording is.
enum Phase {
    /// Being replayed in a child process; the last frame it reached.
    Checking(mpsc::Receiver<Result<(), String>>, Arc<AtomicU64>),
    /// Replayed here once to its end in the background, so that Box2D keeps keyframes
    /// along the whole recording and any seek restores the nearest one.
    /// The thread answers the player and whether Box2D's reader met nothing malformed
    /// on the way to the end.
    Preparing(std::thread::JoinHandle<(Box<Player>, bool)>, Arc<AtomicU64>),
    Ready(Box<Player>),
    Failed(String),
    /// A world file running live (`live`).
    Live(Box<live::LiveRun>),
}

/// The columns the contact list sorts by.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Column {
    Pair,
    Points,
    Separation,
}

/// The pair opened in the debugger.
pub struct OpenPair {
    pub frame: u32,
    pub labels: (String, String),
    pub contact: Option<ContactState>,
    pub computed_here: Option<bool>,
}

pub struct Recording {
    pub path: PathBuf,
    phase: Phase,
    pub frame: u32,
    playing: bool,
    /// Frames per second of play, as a multiple of the recording's own rate.
    speed: f32,
    clock: f32,
    cache: HashMap<u32, Arc<FrameState>>,
    order: VecDeque<u32>,
    sort: (Column, bool),
    selected: Option<(u32, u32)>,
    hovered: Option<(u32, u32)>,
    jump: String,
    /// The contact list's pairs in the order shown (for ↑ ↓).
    rows: Vec<(u32, u32)>,
    pub open_pair: Option<OpenPair>,
    /// The contact timeline of a pair, built in the background.
    timeline: Option<timeline::Timeline>,
    /// The shape clicked first in the world view: a click on another opens the pair.
    pick: Option<u32>,
    /// Where each body's origin was drawn (for the scripted tests' layout file).
    screen: Vec<world_view::ScreenBody>,
    /// The places drawn changed: one more frame writes them to the layout file.
    redraw: bool,
    /// Centres of the panel's buttons the scripted tests press, canvas pixels.
    buttons: Vec<(&'static str, [f32; 2])>,
    /// An error to say once (from [`Recording::poll`]).
    said: Option<String>,
    /// A recording made from a live world: the world, kept to go back to.
    from_live: Option<live::FromLive>,
    /// The world file a recording made here came from.
    world_path: Option<PathBuf>,
    /// The box the world view frames (chosen once: the recorded bounds, else the
    /// shapes' box; for a recording made here, the live world's).
    view_bounds: Option<[[f32; 2]; 2]>,
    /// The world view's zoom and pan (F fits again).
    zoom: world_view::ViewZoom,
    /// Box2D's reader met something malformed: the file is damaged or truncated.
    damaged: Option<String>,
    /// The file opened: an error said about an earlier one is cleared (once).
    opened: bool,
    /// The pair last opened in the debugger (it stays there after Escape).
    last_pair: Option<String>,
    /// For the scripted tests: the world view's rectangle (x, y, w, h) and the
    /// contact list's visible height, pixels.
    view_px: [f32; 4],
    list_px: f32,
    /// "Close recording" was pressed (`close.rs`).
    close: bool,
}

impl Recording {
    /// Opens `path`: a Box2D recording (`.b2rec`) to replay, or a world file to run live.
    pub fn open(path: &Path) -> Recording {
        if path.extension().is_some_and(|e| e == "b2rec") {
            Recording::replay(path)
        } else {
            Recording::open_live(path)
        }
    }

    /// Nothing open yet at `path`.
    fn empty(path: &Path) -> Recording {
        Recording {
            path: path.to_path_buf(),
            phase: Phase::Failed(String::new()),
            frame: 0,
            playing: false,
            speed: 1.0,
            clock: 0.0,
            cache: HashMap::new(),
            order: VecDeque::new(),
            sort: (Column::Pair, true),
            selected: None,
            hovered: None,
            jump: String::new(),
            rows: Vec::new(),
            open_pair: None,
            timeline: None,
            pick: None,
            screen: Vec::new(),
            redraw: false,
            buttons: Vec::new(),
            said: None,
            from_live: None,
            world_path: None,
            view_bounds: None,
            zoom: Default::default(),
            damaged: None,
            opened: false,
            last_pair: None,
            view_px: [0.0; 4],
            list_px: 0.0,
            close: false,
        }
    }

    /// Starts checking the recording `path` in a child process.
    fn replay(path: &Path) -> Recording {
        let (tx, rx) = mpsc::channel();
        let progress = Arc::new(AtomicU64::new(0));
        let reached = Arc::clone(&progress);
        let file = path.to_path_buf();
        std::thread::spawn(move || {
            // A truncated recording opens with what it holds (and a warning: `poll`).
            let args = [
                "replay".into(),
                "--partial".into(),
                file.clone().into_os_string(),
            ];
            let label = collidescope::scene::library::shown_path(&file);
            let run = replay_child::run(&args, std::time::Duration::from_secs(20), |line| {
                if let Some(f) = serde_json::from_str::<serde_json::Value>(line)
                    .ok()
                    .and_then(|v| v.get("frame").and_then(|f| f.as_u64()))
                {
                    reached.store(f, Ordering::Relaxed);
                }
                true
            });
            let result = match run {
                Ok(end) if end.status.is_some_and(|s| s.success()) && !end.stalled => Ok(()),
                Ok(end) if end.stalled => Err(format!(
                    "{label}: Box2D made no progress replaying it: the recording is damaged"
                )),
                Ok(end) => Err(end
                    .errors
                    .lines()
                    .find_map(|l| l.strip_prefix("error: ").map(str::to_string))
                    .or_else(|| {
                        end.errors
                            .lines()
                            .find(|l| l.starts_with("Box2D assertion failed"))
                            .map(|a| format!("{label}: Box2D stopped replaying it ({a})"))
                    })
                    .unwrap_or_else(|| format!("{label}: Box2D stopped replaying it"))),
                Err(e) => Err(e),
            };
            let _ = tx.send(result);
        });
        let mut rec = Recording::empty(path);
        rec.phase = Phase::Checking(rx, progress);
        rec
    }

    /// The world view is showing (not a pair in the debugger, not failed).
    pub fn shows_world(&self) -> bool {
        self.open_pair.is_none() && !matches!(self.phase, Phase::Failed(_))
    }

    /// Something changes without input: checking, or playing.
    pub fn busy(&self) -> bool {
        matches!(self.phase, Phase::Checking(..) | Phase::Preparing(..))
            || (self.playing && self.shows_world())
            || self.redraw
            || matches!(&self.phase, Phase::Live(run) if run.busy())
            || self.timeline.as_ref().is_some_and(|t| t.open && t.busy())
    }

    /// Moves the check and the preparation along; the error once, when the recording
    /// cannot be replayed.
    pub fn poll(&mut self) -> Option<String> {
        if let Some(e) = self.said.take() {
            return Some(e);
        }
        if let Phase::Preparing(handle, _) = &self.phase {
            if !handle.is_finished() {
                return None;
            }
            let Phase::Preparing(handle, _) =
                std::mem::replace(&mut self.phase, Phase::Failed(String::new()))
            else {
                return None;
            };
            return match handle.join() {
                Ok((player, healthy)) => {
                    let frames = player.info().frames;
                    self.damaged = match &player.info().truncated {
                        Some(why) => Some(format!(
                            "⚠ the file {why}: what it holds is shown ({frames} frames)"
                        )),
                        None if !healthy => Some(format!(
                            "⚠ the file is damaged: Box2D's player met something malformed in \
                             it; {frames} frames are shown"
                        )),
                        None => None,
                    };
                    self.phase = Phase::Ready(player);
                    self.opened = true;
                    None
                }
                Err(_) => {
                    let e = format!(
                        "{}: the replay here failed",
                        collidescope::scene::library::shown_path(&self.path)
                    );
                    self.phase = Phase::Failed(e.clone());
                    Some(e)
                }
            };
        }
        let Phase::Checking(rx, _) = &self.phase else {
            return None;
        };
        let result = match rx.try_recv() {
            Ok(r) => r,
            Err(mpsc::TryRecvError::Empty) => return None,
            Err(mpsc::TryRecvError::Disconnected) => Err("the check of the recording ended".into()),
        };
        let label = collidescope::scene::library::shown_path(&self.path);
        let opened = result.and_then(|()| {
            let bytes = read_file(&self.path).map_err(|e| format!("{label}: {e}"))?;
            Player::open(&bytes).map_err(|e| format!("{label}: {e}"))
        });
        match opened {
            Ok(mut p) => {
                let reached = Arc::new(AtomicU64::new(0));
                let progress = Arc::clone(&reached);
                let handle = std::thread::spawn(move || {
                    p.set_keyframe_budget(KEYFRAME_BUDGET, KEYFRAME_INTERVAL);
                    while p.step() {
                        progress.store(u64::from(p.frame()), Ordering::Relaxed);
                    }
                    let healthy = p.healthy();
                    p.seek(0);
                    (Box::new(p), healthy)
                });
                self.phase = Phase::Preparing(handle, reached);
                None
            }
            Err(e) => {
                self.phase = Phase::Failed(e.clone());
                Some(e)
            }
        }
    }

    /// What the recording is called: its file, or for one made here, the world file
    /// it was made from.
    fn label(&self) -> String {
        match &self.world_path {
            Some(w) if self.from_live.is_some() => {
                format!(
                    "a live run of {}",
                    collidescope::scene::library::shown_path(w)
                )
            }
            _ => collidescope::scene::library::shown_path(&self.path),
        }
    }

    /// The shapes of the world shown (replayed or live).
    fn shapes(&self) -> Option<&collidescope::peers::recording::read::ShapeCache> {
        match &self.phase {
            Phase::Ready(p) => Some(p.shapes()),
            Phase::Live(run) => Some(run.live.shapes()),
            _ => None,
        }
    }

    fn frames(&self) -> u32 {
        match &self.phase {
            Phase::Ready(p) => p.info().frames,
            _ => 0,
        }
    }

    /// The world at frame `k`, from the cache or replayed; the live world as it is now.
    fn state(&mut self, k: u32) -> Option<Arc<FrameState>> {
        if let Phase::Live(run) = &self.phase {
            return Some(Arc::clone(&run.state));
        }
        if let Some(s) = self.cache.get(&k) {
            return Some(Arc::clone(s));
        }
        let Phase::Ready(player) = &mut self.phase else {
            return None;
        };
        if player.frame() != k {
            player.seek(k);
        }
        let state = Arc::new(player.frame_state());
        if self.order.len() >= CACHE_FRAMES {
            if let Some(old) = self.order.pop_front() {
                self.cache.remove(&old);
            }
        }
        self.order.push_back(k);
        self.cache.insert(k, Arc::clone(&state));
        Some(state)
    }

    /// Advances play by `dt` seconds.
    pub fn tick(&mut self, dt: f32) {
        self.live_tick(dt);
        let Phase::Ready(player) = &self.phase else {
            return;
        };
        if !self.playing || !self.shows_world() {
            return;
        }
        let step = player.info().time_step.max(1e-4) / self.speed.max(0.01);
        self.clock += dt;
        while self.clock >= step {
            self.clock -= step;
            if self.frame >= self.frames() {
                self.playing = false;
                break;
            }
            self.frame += 1;
        }
    }

    /// Keys of the world view: Space plays, ← → step, Home and End jump, ↑ ↓ pick a
    /// contact of the list, Enter opens it in the debugger, T builds its timeline.
    pub fn keys(&mut self, app: &mut AppState) {
        use macroquad::prelude::{is_key_pressed, KeyCode};
        if is_key_pressed(KeyCode::Escape) {
            self.pick = None;
        }
        if is_key_pressed(KeyCode::F) {
            self.zoom = Default::default();
        }
        if matches!(self.phase, Phase::Live(_)) {
            return self.live_keys(app);
        }
        if matches!(self.phase, Phase::Checking(..) | Phase::Preparing(..)) {
            if macroquad::prelude::get_last_key_pressed().is_some() {
                app.info(format!(
                    "{}: still preparing the recording; the keys work once it is open",
                    collidescope::scene::library::shown_path(&self.path)
                ));
            }
            return;
        }
        let last = self.frames();
        if is_key_pressed(KeyCode::Space) {
            self.playing = !self.playing;
        }
        if is_key_pressed(KeyCode::Right) {
            self.frame = (self.frame + 1).min(last);
        }
        if is_key_pressed(KeyCode::Left) {
            self.frame = self.frame.saturating_sub(1);
        }
        if is_key_pressed(KeyCode::Home) {
            self.frame = 0;
        }
        if is_key_pressed(KeyCode::End) {
            self.frame = last;
        }
        let at = self
            .selected
            .and_then(|s| self.rows.iter().position(|r| *r == s));
        if is_key_pressed(KeyCode::Down) && !self.rows.is_empty() {
            let i = at.map_or(0, |i| (i + 1).min(self.rows.len() - 1));
            self.selected = Some(self.rows[i]);
        }
        if is_key_pressed(KeyCode::Up) && !self.rows.is_empty() {
            let i = at.map_or(0, |i| i.saturating_sub(1));
            self.selected = Some(self.rows[i]);
        }
        if is_key_pressed(KeyCode::Enter) {
            self.open_selected(app);
        }
        if let (true, Some(pair)) = (is_key_pressed(KeyCode::T), self.selected) {
            self.start_timeline(pair);
        }
    }

    /// Keys of the pair opened in the debugger: Escape goes back to the world, at the
    /// frame it was at; T builds the pair's contact timeline.
    pub fn back_key(&mut self) {
        use macroquad::prelude::{is_key_pressed, KeyCode};
        if self.open_pair.is_none() {
            return;
        }
        if is_key_pressed(KeyCode::Escape) {
            self.open_pair = None;
        } else if let (true, Some(pair)) = (is_key_pressed(KeyCode::T), self.selected) {
            self.start_timeline(pair);
        }
    }

    /// What a moment of the world is called: a live world's step, a recording's frame.
    fn moment_word(&self) -> &'static str {
        if matches!(self.phase, Phase::Live(_)) {
            "step"
        } else {
            "frame"
        }
    }

    fn moment(&self, k: u32) -> String {
        format!("{} {k}", self.moment_word())
    }

    /// Opens the selected pair at this frame (a live world: as it is now) in the
    /// debugger.
    fn open_selected(&mut self, app: &mut AppState) {
        let Some((a, b)) = self.selected else {
            return;
        };
        let (frame, label, word) = (self.frame, self.label(), self.moment_word());
        let opened = match &mut self.phase {
            Phase::Ready(player) => player
                .pair_at(a, b, frame, &label)
                .map(|at| (at, frame, player.shapes())),
            Phase::Live(run) => {
                run.pause();
                let step = run.live.steps();
                collidescope::peers::recording::pair_at::pair_now(
                    run.live.shapes(),
                    &run.state,
                    (a, b),
                    step,
                    &label,
                )
                .map(|at| (at, step, run.live.shapes()))
            }
            _ => return,
        };
        match opened {
            Ok((at, frame, shapes)) => {
                let name = |id: u32| shapes.get(id).map(|s| s.label.clone()).unwrap_or_default();
                let moment = format!("{word} {frame}");
                self.last_pair = Some(format!(
                    "{} against {} at {moment}",
                    name(at.ids.0),
                    name(at.ids.1)
                ));
                self.open_pair = Some(OpenPair {
                    frame,
                    labels: (name(at.ids.0), name(at.ids.1)),
                    contact: at.contact,
                    computed_here: at.computed_here,
                });
                app.open_scene(at.scene, None);
                self.playing = false;
            }
            Err(e) => app.error(format!("{label}: {e}")),
        }
    }
}

/// The centre of a widget in canvas pixels (the layout file's unit).
fn center_px(ui: &egui_macroquad::egui::Ui, r: &egui_macroquad::egui::Response) -> [f32; 2] {
    let ppp = super::panel::canvas_px_per_point(ui.ctx());
    let c = r.rect.center();
    [c.x * ppp, c.y * ppp]
}

mod body_labels;
mod close;
mod layout;
mod live;
mod note;
mod side;
mod timeline;
pub mod track_view;
mod ui;
mod world_view;
pub use world_view::draw_world;
