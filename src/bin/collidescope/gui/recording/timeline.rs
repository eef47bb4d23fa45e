//! A pair's contact timeline over the whole recording, built in the background (its
//! own replay of the checked file, with a progress bar) and drawn as the lanes
//! `view::timeline_plot` describes (the ones `replay --pair … --plot` writes), linked
//! along the frames (the wheel zooms them, drag pans, a double click shows them
//! whole), with the current frame, a legend and the markers of the frame under the
//! pointer; a click on a lane jumps there. Docked under the views, over the
//! recording's bar: it takes height, the views keep their width (the lanes in two
//! columns where the window is wide enough); Hide puts it away, T shows it again.
//! Memory: one row per frame of the one pair.

use crate::gui::panel::plot::{add_series, theme_of, with_axes};
use collidescope::peers::recording::timeline::TimelineBuilder;
use collidescope::peers::recording::{read_file, Player};
use collidescope::trace::series::TimelineRow;
use collidescope::view::palette::{Rgba, Theme};
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
    /// The height the panel was last given by default, points (a drag keeps its own
    /// until the lanes or the window change).
    sized_for: Option<f32>,
}

struct Drawn {
    rows: usize,
    lanes: Vec<LanePlot>,
    markers: Vec<f64>,
    legend: Vec<(String, Rgba)>,
}

/// The lanes' heights, points (touching, points, ids, separation, normal,
/// reference): the ids' lane tall enough to name each id (egui_plot names a level
/// only with some 40 points to it); the last has the frame numbers under it. (Not
/// shorter: a lane's name, written along its height, would run into the next one's.)
fn lane_heights(ids: usize) -> [f32; 6] {
    let ids = (40.0 * ids as f32 + 16.0).clamp(72.0, 400.0);
    [56.0, 56.0, ids, 80.0, 72.0, 56.0 + X_AXIS_H]
}

/// The largest share of the height the views and the timeline share that the
/// timeline takes by default: the views keep at least the rest (half), the lanes
/// scroll under it.
const LANES_SHARE: f32 = 0.5;

/// The largest share a drag gives it: the views keep a quarter.
const LANES_SHARE_DRAGGED: f32 = 0.75;

/// The timeline's default height, points, in `free` points (the views' and its
/// own) for lanes `lanes` points tall: under the head and legend, at most half of
/// `free` (the views keep the rest; the lanes scroll), never shorter than a lane
/// under the head.
fn fit_height(free: f32, lanes: f32) -> f32 {
    (lanes + HEAD_H).min(free * LANES_SHARE).max(HEAD_H + 72.0)
}

/// The timeline's head above the lanes, points: its row (Hide, the pair, the help or
/// the readout), the legend's two rows, the margins.
const HEAD_H: f32 = 100.0;

/// The frame numbers under a column's last lane (the others share its x axis).
const X_AXIS_H: f32 = 22.0;

/// The lanes by column, top to bottom: one column, or two (the contact's state and
/// its ids beside its geometry) where the panel is at least [`TWO_COLUMNS_FROM`]
/// points wide (each about as wide as a panel beside the views would be).
fn lane_columns(two: bool, lanes: usize) -> Vec<Vec<usize>> {
    if two && lanes > 3 {
        vec![(0..3).collect(), (3..lanes).collect()]
    } else {
        vec![(0..lanes).collect()]
    }
}

/// The panel's width, points, from which the lanes stand in two columns.
const TWO_COLUMNS_FROM: f32 = 720.0;

/// The lanes' height in `columns` (the tallest column), with the frame numbers under
/// each column's last lane.
fn columns_height(columns: &[Vec<usize>], heights: &[f32; 6]) -> f32 {
    columns
        .iter()
        .map(|c| {
            let h: f32 = c.iter().map(|&k| heights[k.min(5)]).sum();
            // The last lane's height already holds its frame numbers.
            let axis = if c.last() == Some(&5) { 0.0 } else { X_AXIS_H };
            h + axis
        })
        .fold(0.0, f32::max)
}

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
            sized_for: None,
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
            let label = collidescope::scene::library::shown_path(&path);
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

    /// The lanes, docked under the views (they keep their width); the frame clicked,
    /// if any.
    pub fn ui(&mut self, ctx: &egui::Context, current: u32) -> Option<u32> {
        self.poll();
        let mut jump = None;
        let ppp = crate::gui::panel::canvas_px_per_point(ctx);
        // Tall enough for the lanes under their head and legend, up to half the
        // height the views had (the lanes scroll under that); dragged, up to three
        // quarters.
        let ids = self
            .drawn
            .as_ref()
            .and_then(|d| d.lanes.get(2))
            .map_or(1, |l| l.y_names.len());
        let free = ctx.available_rect();
        let lanes = columns_height(
            &lane_columns(free.width() >= TWO_COLUMNS_FROM, 6),
            &lane_heights(ids),
        );
        let height = fit_height(free.height(), lanes);
        let id = egui::Id::new("recording-timeline");
        if self.sized_for.is_some_and(|h| (h - height).abs() > 1.0) {
            // The lanes grew (an id lane's names arrived), or the window changed:
            // the panel starts again from the height that fits them.
            ctx.data_mut(|d| d.remove::<egui::containers::panel::PanelState>(id));
        }
        self.sized_for = Some(height);
        let shown = egui::TopBottomPanel::bottom(id)
            .resizable(true)
            .default_height(height)
            .height_range(120.0..=(free.height() * LANES_SHARE_DRAGGED).max(200.0))
            .show(ctx, |ui| {
                // The head in one row where it fits (the lanes keep the height).
                let text = self.readout.clone().unwrap_or_else(|| {
                    "wheel: zoom · drag: pan · double click: all · click: go to the frame".into()
                });
                ui.horizontal_wrapped(|ui| {
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
                    ui.label(egui::RichText::new(text).strong())
                        .on_hover_text(format!(
                            "Rules: markers, one a frame (the markers of the frame under the \
                         pointer are named here); the violet line: this frame. The wheel zooms \
                         the frames, a drag pans them, a double click shows them all. Click a \
                         lane to go to that frame and open the pair there; red dots: {}'s and \
                         our point count or normal differ.",
                            self.engine
                        ));
                });
                if let Some(e) = &self.error {
                    ui.colored_label(
                        super::ui::tone(ui, collidescope::view::palette::PANEL_ALARM),
                        e,
                    );
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

    /// The legend and the lanes (with this frame's line); the frame clicked, if any.
    fn lanes(&mut self, ui: &mut egui::Ui, current: u32) -> Option<u32> {
        self.redraw_lanes();
        let drawn = self.drawn.as_ref()?;
        let theme = theme_of(ui);
        legend_ui(ui, &drawn.legend, theme);
        let pointer = lane_grid(ui, &drawn.lanes, current, theme);
        self.over_lane = pointer.over_lane;
        if let Some((centre, frames)) = pointer.ids_lane {
            let rect = self.placed.map_or([0.0; 4], |p| p.0);
            self.placed = Some((rect, centre, frames));
        }
        let under = pointer.hovered.map(|x| snap(x, &drawn.markers));
        self.readout = under.and_then(|x| markers_named(&self.rows, x.round() as u32));
        pointer
            .clicked
            .map(|x| snap(x, &drawn.markers).clamp(0.0, self.frames as f64) as u32)
    }

    /// The lanes, the markers' frames and the legend, built again when rows arrived.
    fn redraw_lanes(&mut self) {
        if self
            .drawn
            .as_ref()
            .is_some_and(|d| d.rows == self.rows.len())
        {
            return;
        }
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
}

/// The legend: each series and marker in its colour, then the rule of the frame shown;
/// an entry never split over lines.
fn legend_ui(ui: &mut egui::Ui, legend: &[(String, Rgba)], theme: Theme) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 10.0;
        for (name, c) in legend {
            let text = egui::RichText::new(format!("■ {name}")).color(color(theme.apply(*c)));
            ui.add(egui::Label::new(text).extend());
        }
        let now = super::ui::tone(ui, collidescope::view::palette::TIMELINE_NOW);
        ui.add(egui::Label::new(egui::RichText::new("│ this frame").color(now)).extend());
    });
}

/// What the pointer did over the lanes this frame.
#[derive(Default)]
struct LanePointer {
    /// The frame under the pointer (over any lane).
    hovered: Option<f64>,
    /// The frame clicked.
    clicked: Option<f64>,
    /// The pointer is over a lane (the wheel zooms it).
    over_lane: bool,
    /// The ids' lane's centre (pixels) and the frames the lanes show.
    ids_lane: Option<([f32; 2], [f64; 2])>,
}

/// The lanes in their columns, linked along the frames; the wheel over a lane zooms
/// the frames (around the pointer), the panel does not scroll: the lanes share its
/// height.
fn lane_grid(ui: &mut egui::Ui, lanes: &[LanePlot], current: u32, theme: Theme) -> LanePointer {
    let ids = lanes.get(2).map_or(1, |l| l.y_names.len());
    let heights = lane_heights(ids);
    let now_color = super::ui::tone(ui, collidescope::view::palette::TIMELINE_NOW);
    let link = egui::Id::new("recording-timeline-x");
    let wheel = ui.input(|i| i.raw_scroll_delta.y);
    let columns = lane_columns(ui.available_width() >= TWO_COLUMNS_FROM, lanes.len());
    let mut pointer = LanePointer::default();
    ui.columns(columns.len(), |uis| {
        for (ui, column) in uis.iter_mut().zip(&columns) {
            for &k in column {
                let lane = &lanes[k];
                let last = column.last() == Some(&k);
                // A column's last lane has the frame numbers under it.
                let height = heights[k.min(5)] + if last && k != 5 { X_AXIS_H } else { 0.0 };
                let plot = lane_plot(k, lane, height, last, link);
                let r = tick_labels(with_axes(plot, lane), lane).show(ui, |p| {
                    if wheel != 0.0 && p.response().hovered() {
                        let f = (wheel * 0.004).exp().clamp(0.5, 2.0);
                        p.zoom_bounds_around_hovered(egui::Vec2::new(f, 1.0));
                    }
                    p.vline(
                        VLine::new(current as f64)
                            .color(now_color)
                            .width(1.5)
                            .name("this frame"),
                    );
                    add_series(p, lane, theme);
                });
                let at = r.response.hover_pos().map(|pos| {
                    let value = r.transform.value_from_position(pos);
                    r.response
                        .clone()
                        .on_hover_text_at_pointer(hover_text(lane, value));
                    value.x
                });
                pointer.hovered = pointer.hovered.or(at);
                pointer.over_lane |= r.response.hovered();
                if k == 2 {
                    let ppp = crate::gui::panel::canvas_px_per_point(ui.ctx());
                    let c = r.response.rect.center();
                    let b = r.transform.bounds();
                    pointer.ids_lane = Some(([c.x * ppp, c.y * ppp], [b.min()[0], b.max()[0]]));
                }
                if r.response.clicked() {
                    pointer.clicked = pointer.clicked.or(at);
                }
            }
        }
    });
    pointer
}

/// The hover readout of a lane at `at`: the frame, and the lane's value as its axis
/// names it (a feature id's name, not a decimal between two ids).
fn hover_text(lane: &LanePlot, at: egui_plot::PlotPoint) -> String {
    collidescope::view::timeline_plot::lane_readout(lane, at.x)
}

/// The markers of `frame` (the one under the pointer, or a marker's near it), all
/// named; none when it has none.
fn markers_named(rows: &[TimelineRow], frame: u32) -> Option<String> {
    let row = rows.iter().find(|r| r.state.frame == frame)?;
    frame_rule(row).map(|(names, _)| {
        format!(
            "frame {frame}: {}",
            names.replace('_', " ").replace(" + ", ", ")
        )
    })
}

/// Lane `k`'s plot, `height` points high, with the frame numbers under it if `last`
/// (the lanes share their frames through `link`).
fn lane_plot(k: usize, lane: &LanePlot, height: f32, last: bool, link: egui::Id) -> Plot<'static> {
    Plot::new(("recording-timeline-lane", k))
        .height(height)
        .show_axes([last, true])
        .link_axis(link, [true, false])
        .link_cursor(link, [true, false])
        // Along the frames only: drag pans, the wheel zooms (in `lanes`).
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
        })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_views_keep_at_least_half_the_height_they_share_with_the_timeline() {
        // Two columns, a few ids: the lanes' height.
        let lanes = columns_height(&lane_columns(true, 6), &lane_heights(3));
        assert!(lanes > 200.0, "{lanes}");
        // A tall window: the lanes whole under the head, the views keep the rest.
        assert_eq!(fit_height(900.0, lanes), lanes + HEAD_H);
        // 1280x800 with the recording's panel left 540 points for the views and the
        // timeline: it once took 7/10 of them (the world view 160 px tall), now half;
        // the lanes scroll.
        let h = fit_height(540.0, lanes);
        assert!((h - 270.0).abs() < 0.01 && h < lanes + HEAD_H, "{h}");
        // Very short: one lane under the head.
        assert_eq!(fit_height(200.0, lanes), HEAD_H + 72.0);
    }
}
