//! A pair's contact timeline over the whole recording, built in the background (its
//! own replay of the checked file, with a progress bar) and drawn as the lanes
//! `view::timeline_plot` describes (the ones `replay --pair … --plot` writes), linked
//! along the frames (the wheel zooms them, drag pans, a double click shows them
//! whole), with the current frame, a legend and the markers of the frame under the
//! pointer; a click on a lane jumps there. Docked left of the views (they keep the
//! rest), over the recording's bar; Hide puts it away, T shows it again.
//! Memory: one row per frame of the one pair.

use crate::gui::panel::plot::{add_series, theme_of, with_axes};
use collidescope::peers::recording::timeline::TimelineBuilder;
use collidescope::peers::recording::{read_file, Player};
use collidescope::trace::series::TimelineRow;
use collidescope::view::palette::Rgba;
use collidescope::view::plot::Plot as LanePlot;
use collidescope::view::timeline_plot::{frame_rule, timeline_lanes, timeline_legend};
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
    /// The lanes, the markers' frames and the legend, built for this many rows
    /// (rebuilt only when rows arrive, not every frame).
    drawn: Option<Drawn>,
    /// The pointer was over a lane last frame (the wheel zooms it, not the panel).
    over_lane: bool,
    /// The markers of the frame under the pointer last frame, named (shown on top).
    readout: Option<String>,
    /// Where it was drawn, for the scripted tests: the panel (x0, y0, x1, y1) and the
    /// ids' lane's centre in pixels, and the frames the lanes show.
    pub placed: Option<([f32; 4], [f32; 2], [f64; 2])>,
}

struct Drawn {
    rows: usize,
    lanes: Vec<LanePlot>,
    markers: Vec<f64>,
    legend: Vec<(String, Rgba)>,
}

/// The lanes' heights, points (touching, points, ids, separation, normal,
/// reference): the ids' lane tall enough to name each id (egui_plot names a level
/// only with some 40 points to it); the last has the frame numbers under it.
fn lane_heights(ids: usize) -> [f32; 6] {
    let ids = (40.0 * ids as f32 + 16.0).clamp(72.0, 400.0);
    [56.0, 56.0, ids, 80.0, 72.0, 56.0 + X_AXIS_H]
}

/// The frame numbers under the last lane (the others share its x axis).
const X_AXIS_H: f32 = 22.0;

fn color(c: Rgba) -> egui::Color32 {
    egui::Color32::from_rgba_unmultiplied(c.0, c.1, c.2, c.3)
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
            over_lane: false,
            readout: None,
            placed: None,
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

    /// The lanes, docked left of the views; the frame clicked, if any.
    pub fn ui(&mut self, ctx: &egui::Context, current: u32) -> Option<u32> {
        self.poll();
        let mut jump = None;
        let ppp = crate::gui::panel::canvas_px_per_point(ctx);
        let screen = macroquad::window::screen_width() / ppp;
        let shown = egui::SidePanel::left("recording-timeline")
            .resizable(true)
            .default_width((screen * 0.36).clamp(320.0, 560.0))
            .width_range(260.0..=(screen * 0.6).max(300.0))
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    if ui
                        .button("Hide")
                        .on_hover_text("put the timeline away (T shows it again)")
                        .clicked()
                    {
                        self.open = false;
                    }
                    ui.strong(format!(
                        "Contact timeline: {}, {}",
                        self.labels.0, self.labels.1
                    ));
                });
                let text = self.readout.clone().unwrap_or_else(|| {
                    "wheel: zoom · drag: pan · double click: all · click: go to the frame".into()
                });
                ui.label(egui::RichText::new(text).strong())
                    .on_hover_text(format!(
                        "Rules: markers, one a frame (the markers of the frame under the \
                         pointer are named here); the strong line: this frame. The wheel zooms \
                         the frames, a drag pans them, a double click shows them all. Click a \
                         lane to go to that frame and open the pair there; red dots: {}'s and \
                         our point count or normal differ.",
                        self.engine
                    ));
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
                // The wheel zooms a lane under the pointer, else scrolls the lanes.
                ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
                egui::ScrollArea::vertical()
                    .auto_shrink([false, false])
                    .enable_scrolling(!self.over_lane)
                    .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
                    .show(ui, |ui| jump = self.lanes(ui, current));
            });
        let r = shown.response.rect;
        if let Some(p) = self.placed.as_mut() {
            p.0 = [r.min.x * ppp, r.min.y * ppp, r.max.x * ppp, r.max.y * ppp];
        }
        jump
    }

    fn lanes(&mut self, ui: &mut egui::Ui, current: u32) -> Option<u32> {
        if self
            .drawn
            .as_ref()
            .is_none_or(|d| d.rows != self.rows.len())
        {
            let lanes = timeline_lanes(&self.rows, self.frames, &self.engine);
            let markers: Vec<f64> = self
                .rows
                .iter()
                .filter(|r| frame_rule(r).is_some())
                .map(|r| r.state.frame as f64)
                .collect();
            let legend = timeline_legend(&lanes);
            self.drawn = Some(Drawn {
                rows: self.rows.len(),
                lanes,
                markers,
                legend,
            });
        }
        self.over_lane = false;
        let drawn = self.drawn.as_ref()?;
        let theme = theme_of(ui);
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing.x = 10.0;
            for (name, c) in &drawn.legend {
                let text = egui::RichText::new(format!("■ {name}")).color(color(theme.apply(*c)));
                // An entry moves to the next line whole.
                ui.add(egui::Label::new(text).extend());
            }
        });
        let now_color = ui.visuals().strong_text_color();
        let link = egui::Id::new("recording-timeline-x");
        // The wheel over a lane zooms the frames (around the pointer); the panel does
        // not scroll: the lanes share its height.
        let wheel = ui.input(|i| i.raw_scroll_delta.y);
        let ids = drawn.lanes.get(2).map_or(1, |l| l.y_names.len());
        let heights = lane_heights(ids);
        let mut clicked = None;
        let mut hovered = None;
        for (k, (lane, height)) in drawn.lanes.iter().zip(heights).enumerate() {
            let plot = Plot::new(("recording-timeline-lane", k))
                .height(height)
                .show_axes([k + 1 == drawn.lanes.len(), true])
                .link_axis(link, [true, false])
                .link_cursor(link, [true, false])
                // Along the frames only: drag pans, the wheel zooms (below).
                .allow_zoom([true, false])
                .allow_drag([true, false])
                .allow_scroll(false)
                .allow_boxed_zoom(false)
                // One width for every lane's numbers, so that the frames line up.
                .y_axis_min_width(52.0)
                // A lane's name along its height: the longest is shortened to fit.
                .y_axis_label(match lane.y_label.as_str() {
                    "reference face" => "face".to_string(),
                    other => other.to_string(),
                });
            let r = tick_labels(with_axes(plot, lane), lane).show(ui, |p| {
                if wheel != 0.0 && p.response().hovered() {
                    let f = (wheel * 0.004).exp().clamp(0.5, 2.0);
                    p.zoom_bounds_around_hovered(egui::Vec2::new(f, 1.0));
                }
                p.vline(
                    VLine::new(current as f64)
                        .color(now_color)
                        .width(1.0)
                        .name("this frame"),
                );
                add_series(p, lane, theme);
            });
            let at = r
                .response
                .hover_pos()
                .map(|pos| r.transform.value_from_position(pos).x);
            if let Some(pos) = r.response.hover_pos() {
                let text = hover_text(lane, r.transform.value_from_position(pos));
                r.response.clone().on_hover_text_at_pointer(text);
            }
            hovered = hovered.or(at);
            self.over_lane |= r.response.hovered();
            if k == 2 {
                let ppp = crate::gui::panel::canvas_px_per_point(ui.ctx());
                let c = r.response.rect.center();
                let b = r.transform.bounds();
                let rect = self.placed.map_or([0.0; 4], |p| p.0);
                self.placed = Some((rect, [c.x * ppp, c.y * ppp], [b.min()[0], b.max()[0]]));
            }
            if r.response.clicked() {
                clicked = clicked.or(at);
            }
        }
        // The markers of the frame under the pointer (or near it), all named.
        let under = hovered.map(|x| snap(x, &drawn.markers));
        self.readout = under.and_then(|x| {
            let frame = x.round() as u32;
            let row = self.rows.iter().find(|r| r.state.frame == frame)?;
            frame_rule(row).map(|(names, _)| {
                format!(
                    "frame {frame}: {}",
                    names.replace('_', " ").replace(" + ", ", ")
                )
            })
        });
        clicked.map(|x| snap(x, &drawn.markers).clamp(0.0, self.frames as f64) as u32)
    }
}

/// The hover readout of a lane at `at`: the frame, and the lane's value as its axis
/// names it (a feature id's name, not a decimal between two ids).
fn hover_text(lane: &LanePlot, at: egui_plot::PlotPoint) -> String {
    let frame = format!("frame {:.0}", at.x.round().max(0.0));
    if lane.y_names.is_empty() {
        return format!("{frame}: {} {:.4}", lane.y_label, at.y);
    }
    match lane
        .y_names
        .iter()
        .min_by(|a, b| (a.0 - at.y).abs().total_cmp(&(b.0 - at.y).abs()))
        .filter(|(v, _)| (v - at.y).abs() <= 0.5)
    {
        Some((_, name)) => format!("{frame}: {} {name}", lane.y_label),
        None => frame,
    }
}

/// The y labels: a lane's named values (the feature ids) by name, matched with a
/// tolerance (the grid's marks are sums of steps); others with as many decimals as
/// their step needs (a separation's millimetres), never "-0".
fn tick_labels<'a>(p: Plot<'a>, lane: &LanePlot) -> Plot<'a> {
    // egui_plot writes its hover readout right of the pointer, where it is cut at the
    // lane's edge: it writes none ([`hover_text`] is a tooltip that stays in sight).
    let p = p.label_formatter(|_, _| String::new());
    if lane.y_names.is_empty() {
        return p.y_axis_formatter(|mark, _| {
            let decimals = (-mark.step_size.log10()).ceil().clamp(0.0, 9.0) as usize;
            let text = format!("{:.*}", decimals, mark.value);
            match text.strip_prefix('-') {
                Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
                _ => text,
            }
        });
    }
    let names = lane.y_names.clone();
    p.y_axis_formatter(move |mark, _| {
        names
            .iter()
            .find(|(v, _)| (v - mark.value).abs() < 1e-6)
            .map(|(_, n)| n.clone())
            .unwrap_or_default()
    })
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
