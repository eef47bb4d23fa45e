//! A pair's contact timeline over the whole recording, built in the background (its
//! own replay of the checked file, with a progress bar) and drawn as the lanes
//! `view::timeline_plot` describes (the ones `replay --pair … --plot` writes), linked
//! along the frames, with the current frame; a click on a lane jumps there.
//! Memory: one row per frame of the one pair.

use crate::gui::panel::plot::{add_series, theme_of, with_axes};
use collidescope::peers::recording::timeline::TimelineBuilder;
use collidescope::peers::recording::{read_file, Player};
use collidescope::trace::series::TimelineRow;
use collidescope::view::plot::Plot as LanePlot;
use collidescope::view::timeline_plot::timeline_lanes;
use egui_macroquad::egui;
use egui_plot::{Plot, VLine};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

enum Msg {
    Rows(Vec<TimelineRow>, u32),
    Failed(String),
}

pub struct Timeline {
    pub pair: (u32, u32),
    pub labels: (String, String),
    /// Whose rows the lanes draw beside ours: "Box2D", or a track's engine.
    engine: String,
    frames: u32,
    rx: mpsc::Receiver<Msg>,
    rows: Vec<TimelineRow>,
    done_to: u32,
    error: Option<String>,
    pub open: bool,
    /// The lanes and the markers' frames, built for this many rows (rebuilt only when
    /// rows arrive, not every frame).
    drawn: Option<(usize, Vec<LanePlot>, Vec<f64>)>,
}

/// Frames sent at a time.
const BATCH: usize = 256;

impl Timeline {
    /// Starts building the timeline of shapes `a`, `b` of the recording at `path`.
    pub fn start(
        path: PathBuf,
        pair: (u32, u32),
        labels: (String, String),
        frames: u32,
    ) -> Timeline {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            if let Err(e) = build(&path, pair, &tx) {
                let _ = tx.send(Msg::Failed(e));
            }
        });
        Timeline::receiving(pair, labels, "Box2D".into(), frames, rx)
    }

    /// A timeline whose rows arrive on `rx`.
    fn receiving(
        pair: (u32, u32),
        labels: (String, String),
        engine: String,
        frames: u32,
        rx: mpsc::Receiver<Msg>,
    ) -> Timeline {
        Timeline {
            pair,
            labels,
            engine,
            frames,
            rx,
            rows: Vec::new(),
            done_to: 0,
            error: None,
            open: true,
            drawn: None,
        }
    }

    /// The timeline of a pair track, computed in the background: at each frame the
    /// engine's row (Box2D's when the file has no manifolds) and ours.
    pub fn from_track(
        path: PathBuf,
        track: std::sync::Arc<collidescope::scene::track::Track>,
        labels: (String, String),
    ) -> Timeline {
        let frames = track.frames.len() as u32;
        let engine = if track.frames.iter().any(|f| f.manifold.is_some()) {
            track.engine.clone()
        } else {
            "Box2D".into()
        };
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let label = path.display().to_string();
            let mut rows = crate::track_cmd::TrackTimeline::new(&track, &label);
            let mut batch = Vec::with_capacity(BATCH);
            for k in 0..track.frames.len() {
                match rows.frame(k) {
                    Ok(r) => batch.extend(r.row),
                    Err(e) => {
                        let _ = tx.send(Msg::Failed(e));
                        return;
                    }
                }
                let done = k + 1 == track.frames.len();
                if (batch.len() >= BATCH || done)
                    && tx
                        .send(Msg::Rows(std::mem::take(&mut batch), k as u32 + 1))
                        .is_err()
                {
                    return; // the window was closed
                }
            }
        });
        Timeline::receiving((0, 1), labels, engine, frames, rx)
    }

    /// The build stopped on an error.
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Still building.
    pub fn busy(&self) -> bool {
        self.error.is_none() && self.done_to < self.frames
    }

    /// The rows received so far, and the markers among them (beginnings and ends
    /// aside), for the layout file.
    pub fn counts(&self) -> (usize, usize) {
        let markers = self
            .rows
            .iter()
            .flat_map(|r| &r.markers)
            .filter(|m| !matches!(m.key(), "begin" | "end"))
            .count();
        (self.rows.len(), markers)
    }

    fn poll(&mut self) {
        while let Ok(msg) = self.rx.try_recv() {
            match msg {
                Msg::Rows(rows, to) => {
                    self.rows.extend(rows);
                    self.done_to = to;
                }
                Msg::Failed(e) => self.error = Some(e),
            }
        }
    }

    /// The window with the lanes; the frame clicked, if any.
    pub fn ui(&mut self, ctx: &egui::Context, current: u32) -> Option<u32> {
        self.poll();
        let mut jump = None;
        let mut open = self.open;
        egui::Window::new(format!(
            "Contact timeline: {}, {}",
            self.labels.0, self.labels.1
        ))
        .open(&mut open)
        .default_size([720.0, 620.0])
        .show(ctx, |ui| {
            if let Some(e) = &self.error {
                ui.colored_label(egui::Color32::LIGHT_RED, e);
            }
            if self.busy() {
                let f = self.done_to as f32 / self.frames.max(1) as f32;
                ui.add(
                    egui::ProgressBar::new(f)
                        .text(format!("frame {} of {}", self.done_to, self.frames)),
                );
            }
            jump = self.lanes(ui, current);
        });
        self.open = open;
        jump
    }

    fn lanes(&mut self, ui: &mut egui::Ui, current: u32) -> Option<u32> {
        if self
            .drawn
            .as_ref()
            .is_none_or(|(n, ..)| *n != self.rows.len())
        {
            let lanes = timeline_lanes(&self.rows, self.frames, &self.engine);
            let markers: Vec<f64> = self
                .rows
                .iter()
                .filter(|r| {
                    r.markers
                        .iter()
                        .any(|m| !matches!(m.key(), "begin" | "end"))
                })
                .map(|r| r.state.frame as f64)
                .collect();
            self.drawn = Some((self.rows.len(), lanes, markers));
        }
        let (_, lanes, markers) = self.drawn.as_ref()?;
        let theme = theme_of(ui);
        let now_color = ui.visuals().strong_text_color();
        let link = egui::Id::new("recording-timeline-x");
        let mut clicked = None;
        for (k, (lane, height)) in lanes
            .iter()
            .zip([80.0, 76.0, 76.0, 96.0, 96.0, 76.0])
            .enumerate()
        {
            let plot = Plot::new(("recording-timeline-lane", k))
                .height(height)
                .link_axis(link, [true, false])
                .allow_scroll(false)
                // One width for every lane's numbers, so that the frames line up.
                .y_axis_min_width(44.0)
                .y_axis_label(lane.y_label.clone());
            let r = with_axes(plot, lane).show(ui, |p| {
                p.vline(
                    VLine::new(current as f64)
                        .color(now_color)
                        .width(1.0)
                        .name("this frame"),
                );
                add_series(p, lane, theme);
            });
            if r.response.clicked() {
                clicked = clicked.or(r
                    .response
                    .hover_pos()
                    .map(|pos| r.transform.value_from_position(pos).x));
            }
        }
        ui.label(format!(
            "Rules: markers (warm start lost, normal turn, point count, ghost bump, tunnel); \
             the strong line: this frame. Click a lane to go to that frame; red dots: {}'s and \
             our point count or normal differ.",
            self.engine
        ));
        clicked.map(|x| snap(x, markers).clamp(0.0, self.frames as f64) as u32)
    }
}

/// A click near a marker goes to the marker's frame.
fn snap(x: f64, markers: &[f64]) -> f64 {
    markers
        .iter()
        .copied()
        .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()))
        .filter(|m| (m - x).abs() <= 2.0)
        .unwrap_or(x.round())
}

/// The background replay: every frame's row of the pair, in batches.
fn build(path: &Path, (a, b): (u32, u32), tx: &mpsc::Sender<Msg>) -> Result<(), String> {
    let bytes = read_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut p = Player::open(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut rows = TimelineBuilder::new(a, b);
    let mut before = p.frame_state();
    let mut now = before.clone();
    let mut batch = Vec::with_capacity(BATCH);
    loop {
        if let Some(row) = rows.row(p.shapes(), &before, &now) {
            batch.push(row);
        }
        let more = p.step();
        if batch.len() >= BATCH || !more {
            let sent = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
            if tx
                .send(Msg::Rows(sent, now.frame + u32::from(!more)))
                .is_err()
            {
                return Ok(()); // the window was closed
            }
        }
        if !more {
            return Ok(());
        }
        before = now;
        now = p.frame_state();
    }
}
