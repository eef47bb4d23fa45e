//! A pair's contact timeline over the whole recording, built in the background (its
//! own replay of the checked file, with a progress bar) and drawn as lanes with
//! egui_plot: touching, point count (Box2D's and ours), each point's separation, the
//! normal's angle (Box2D's and ours), and the markers; a click on a lane jumps there.
//! Memory: one state per frame of the one pair.

use collidescope::core::settings::Settings;
use collidescope::peers::recording::{pair, read_file, Player};
use collidescope::trace::series::{angle_between, Marker, MarkerFinder, PairState};
use egui_macroquad::egui;
use egui_plot::{Line, Plot, PlotPoints, Points, VLine};
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// One frame of the timeline: Box2D's state of the pair, its markers, ours.
pub struct Row {
    pub state: PairState,
    pub markers: Vec<Marker>,
    /// Our `Box2dV3` manifold at the same poses: point count and normal.
    pub ours: Option<(usize, [f32; 2])>,
}

enum Msg {
    Rows(Vec<Row>, u32),
    Failed(String),
}

pub struct Timeline {
    pub pair: (u32, u32),
    pub labels: (String, String),
    frames: u32,
    rx: mpsc::Receiver<Msg>,
    rows: Vec<Row>,
    done_to: u32,
    error: Option<String>,
    pub open: bool,
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
        Timeline {
            pair,
            labels,
            frames,
            rx,
            rows: Vec::new(),
            done_to: 0,
            error: None,
            open: true,
        }
    }

    /// Still building.
    pub fn busy(&self) -> bool {
        self.error.is_none() && self.done_to < self.frames
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
        .default_size([720.0, 430.0])
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

    fn lanes(&self, ui: &mut egui::Ui, current: u32) -> Option<u32> {
        let series = |f: &dyn Fn(&Row) -> Option<f64>| -> Vec<[f64; 2]> {
            self.rows
                .iter()
                .filter_map(|r| f(r).map(|y| [r.state.frame as f64, y]))
                .collect()
        };
        let touching = series(&|r| Some(if r.state.touching { 1.0 } else { 0.0 }));
        let count = series(&|r| Some(r.state.points.len() as f64));
        let ours_count = series(&|r| r.ours.map(|(n, _)| n as f64 + 0.08));
        let sep: Vec<Vec<[f64; 2]>> = (0..2)
            .map(|i| series(&|r| r.state.points.get(i).map(|p| p.separation as f64)))
            .collect();
        let angle = series(&|r| r.state.normal_angle.map(f64::from));
        let ours_angle = series(&|r| {
            r.ours
                .filter(|_| r.state.touching)
                .map(|(_, n)| n[1].atan2(n[0]).to_degrees() as f64)
        });
        let disagree: Vec<[f64; 2]> = self
            .rows
            .iter()
            .filter(|r| differs(r))
            .map(|r| [r.state.frame as f64, r.state.points.len() as f64])
            .collect();
        let marker_lines: Vec<(f64, &'static str)> = self
            .rows
            .iter()
            .flat_map(|r| {
                r.markers
                    .iter()
                    .map(move |m| (r.state.frame as f64, m.key()))
            })
            .filter(|(_, k)| !matches!(*k, "begin" | "end"))
            .collect();
        let mut clicked = None;
        let link = egui::Id::new("recording-timeline-x");
        let lane = |ui: &mut egui::Ui,
                    id: &str,
                    label: &str,
                    height: f32,
                    draw: &dyn Fn(&mut egui_plot::PlotUi)| {
            let r = Plot::new(id)
                .height(height)
                .link_axis(link, [true, false])
                .allow_scroll(false)
                .y_axis_label(label)
                .include_x(0.0)
                .include_x(self.frames as f64)
                .show(ui, |p| {
                    p.vline(
                        VLine::new(current as f64)
                            .color(egui::Color32::WHITE)
                            .width(1.0),
                    );
                    for (x, key) in &marker_lines {
                        p.vline(
                            VLine::new(*x)
                                .color(marker_color(key))
                                .width(1.0)
                                .name(*key),
                        );
                    }
                    draw(p);
                });
            if r.response.clicked() {
                r.response
                    .hover_pos()
                    .map(|pos| r.transform.value_from_position(pos).x)
            } else {
                None
            }
        };
        let green = egui::Color32::from_rgb(120, 200, 120);
        let box2d = egui::Color32::from_rgb(240, 240, 240);
        let ours_c = egui::Color32::from_rgb(90, 170, 255);
        clicked = clicked.or(lane(ui, "tl_touching", "touching", 50.0, &|p| {
            p.line(
                Line::new(PlotPoints::from(touching.clone()))
                    .color(green)
                    .name("touching"),
            );
        }));
        clicked = clicked.or(lane(ui, "tl_points", "points", 70.0, &|p| {
            p.line(
                Line::new(PlotPoints::from(count.clone()))
                    .color(box2d)
                    .name("Box2D"),
            );
            p.line(
                Line::new(PlotPoints::from(ours_count.clone()))
                    .color(ours_c)
                    .name("ours"),
            );
            p.points(
                Points::new(PlotPoints::from(disagree.clone()))
                    .color(egui::Color32::RED)
                    .radius(3.0)
                    .name("Box2D and ours differ"),
            );
        }));
        clicked = clicked.or(lane(ui, "tl_separation", "separation", 90.0, &|p| {
            for (i, s) in sep.iter().enumerate() {
                p.points(
                    Points::new(PlotPoints::from(s.clone()))
                        .radius(1.5)
                        .name(format!("point {i}")),
                );
            }
        }));
        clicked = clicked.or(lane(ui, "tl_normal", "normal °", 90.0, &|p| {
            p.points(
                Points::new(PlotPoints::from(angle.clone()))
                    .color(box2d)
                    .radius(1.5)
                    .name("Box2D"),
            );
            p.points(
                Points::new(PlotPoints::from(ours_angle.clone()))
                    .color(ours_c)
                    .radius(1.0)
                    .name("ours"),
            );
        }));
        ui.label(
            "Lines: markers (warm start lost, normal turn, point count, ghost bump, tunnel); white: this frame. \
             Click a lane to go to that frame; red dots: Box2D's and our point count or normal differ.",
        );
        clicked.map(|x| snap(x, &marker_lines).clamp(0.0, self.frames as f64) as u32)
    }
}

/// A click near a marker goes to the marker's frame.
fn snap(x: f64, markers: &[(f64, &str)]) -> f64 {
    markers
        .iter()
        .map(|(m, _)| *m)
        .min_by(|a, b| (a - x).abs().total_cmp(&(b - x).abs()))
        .filter(|m| (m - x).abs() <= 2.0)
        .unwrap_or(x.round())
}

/// Box2D's and our manifold differ: point count, or the normal by more than 0.1°.
fn differs(r: &Row) -> bool {
    let (Some((n, normal)), true) = (r.ours, r.state.touching) else {
        return false;
    };
    n != r.state.points.len()
        || r.state
            .normal
            .is_some_and(|b| angle_between(b, normal) > 0.1)
}

fn marker_color(key: &str) -> egui::Color32 {
    match key {
        "ghost_bump" => egui::Color32::from_rgb(255, 120, 200),
        "tunnel" => egui::Color32::from_rgb(255, 60, 60),
        "warm_start_lost" => egui::Color32::from_rgb(255, 200, 60),
        "normal_turn" => egui::Color32::from_rgb(160, 120, 255),
        _ => egui::Color32::from_rgb(140, 140, 140),
    }
}

/// The background replay: every frame's state of the pair, in batches.
fn build(path: &Path, (a, b): (u32, u32), tx: &mpsc::Sender<Msg>) -> Result<(), String> {
    let bytes = read_file(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut p = Player::open(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    let settings = Settings {
        speculative_distance: 0.02,
        ..Settings::default()
    };
    let mut finder = MarkerFinder::default();
    let mut before = p.frame_state();
    let mut now = before.clone();
    let mut batch = Vec::with_capacity(BATCH);
    let mut shapes = None;
    loop {
        if shapes.is_none() {
            let geometry = |id| {
                p.shapes()
                    .get(id)
                    .and_then(|s| pair::our_shape(&s.geometry))
            };
            shapes = geometry(a).zip(geometry(b));
        }
        if let Some(state) = pair::pair_state(p.shapes(), &before, &now, a, b) {
            let markers = finder.next(&state);
            let body = |id: u32| p.shapes().get(id).and_then(|s| before.body(s.body));
            let ours = match (&shapes, body(a), body(b)) {
                (Some((sa, sb)), Some(ba), Some(bb)) => {
                    Some(pair::ours((sa, sb), (ba, bb), &settings))
                }
                _ => None,
            };
            batch.push(Row {
                state,
                markers,
                ours,
            });
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
