//! Plots as pictures: one or more [`Plot`]s stacked under a header, each with its frame,
//! grid, tick labels, axis names, series and legend, and the plots' captions at the
//! bottom — the same plots the window's panel shows, through the one [`Painter`] (SVG
//! or PNG).

use super::*;
use crate::view::camera::Viewport;
use crate::view::palette::{Rgba, Theme, AXES, BACKGROUND, BAND, GRID, GRID_LABEL};
use crate::view::plot::{Plot, SeriesData};
use glam::Vec2;

/// A picture of plots.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotPicture {
    /// The header line.
    pub title: String,
    pub plots: Vec<Plot>,
    pub theme: Theme,
}

/// Margins of a plot's area inside its band, pixels: left (tick labels and the y
/// axis' name), right, top (the plot's title and legend), bottom (tick labels and the x
/// axis' name).
const MARGIN: [f32; 4] = [72.0, 18.0, 46.0, 44.0];
const TICK_TEXT: f32 = 12.0;
const PLOT_TITLE: f32 = 14.0;
const CAPTION_TEXT: f32 = 13.0;
const CAPTION_LINE: f32 = 18.0;
/// A wrapped header's line spacing.
const HEADER_LINE: f32 = 20.0;

/// The plots in `format`, as file bytes.
pub fn render_plots(
    p: &PlotPicture,
    format: Format,
    width: u32,
    height: u32,
) -> Result<Vec<u8>, ExportError> {
    if width < MIN_SIZE.0 || height < MIN_SIZE.1 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(ExportError::BadSize { width, height });
    }
    let (w, h) = (width as f32, height as f32);
    match format {
        Format::Svg => {
            Ok(svg_document(width, height, &p.title, |svg| paint_plots(p, w, h, svg)).into_bytes())
        }
        Format::Png => pixmap_document(width, height, |png| paint_plots(p, w, h, png))?
            .encode_png()
            .map_err(|e| ExportError::Encode(e.to_string())),
    }
}

/// Words cut into lines of at most `width` pixels at `size`.
pub(super) fn wrap(text: &str, size: f32, width: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size) > width && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

fn paint_plots(p: &PlotPicture, w: f32, h: f32, out: &mut impl Painter) {
    let out = &mut Themed {
        theme: p.theme,
        inner: out,
    };
    out.rect(
        &Viewport {
            x: 0.0,
            y: 0.0,
            w,
            h,
        },
        BACKGROUND,
    );
    // The header line wraps rather than being cut.
    let title = wrap(&p.title, TITLE_SIZE, w - 20.0);
    let header = Viewport {
        x: 0.0,
        y: 0.0,
        w,
        h: HEADER_H + title.len().saturating_sub(1) as f32 * HEADER_LINE,
    };
    out.begin_group(Some("header"), None, None, Some(&header));
    out.rect(&header, BAND);
    for (i, line) in title.iter().enumerate() {
        let y = 21.0 + i as f32 * HEADER_LINE;
        out.text(Vec2::new(10.0, y), line, TITLE_SIZE, Rgba::WHITE);
    }
    out.end_group();
    let captions: Vec<String> = p
        .plots
        .iter()
        .filter(|pl| !pl.caption.is_empty())
        .flat_map(|pl| wrap(&pl.caption, CAPTION_TEXT, w - 20.0))
        .collect();
    let caption_h =
        captions.len() as f32 * CAPTION_LINE + if captions.is_empty() { 0.0 } else { 8.0 };
    let n = p.plots.len().max(1) as f32;
    let band_h = ((h - header.h - caption_h) / n).max(1.0);
    for (i, plot) in p.plots.iter().enumerate() {
        let band = Viewport {
            x: 0.0,
            y: header.h + i as f32 * band_h,
            w,
            h: band_h,
        };
        let id = format!("plot-{i}");
        out.begin_group(Some(&id), Some("plot"), Some(&plot.title), None);
        paint_plot(plot, &band, out);
        out.end_group();
    }
    let mut y = h - caption_h + 8.0 + CAPTION_TEXT;
    for line in &captions {
        out.text(Vec2::new(10.0, y), line, CAPTION_TEXT, GRID_LABEL);
        y += CAPTION_LINE;
    }
}

/// Tick positions: 1, 2 or 5 × 10^k apart, about `count` over `[lo, hi]`.
fn ticks(lo: f64, hi: f64, count: f64) -> Vec<f64> {
    let span = (hi - lo).max(f64::MIN_POSITIVE);
    let raw = span / count;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    ticks_every(lo, hi, step)
}

/// The first of the plot's preferred steps that gives at most eight ticks, else
/// [`ticks`].
fn ticks_preferring(lo: f64, hi: f64, count: f64, preferred: Option<[f64; 3]>) -> Vec<f64> {
    match preferred
        .into_iter()
        .flatten()
        .find(|s| *s > 0.0 && (hi - lo) / s <= 8.0)
    {
        Some(step) => ticks_every(lo, hi, step),
        None => ticks(lo, hi, count),
    }
}

/// Multiples of `step` in `[lo, hi]` (at most 50).
fn ticks_every(lo: f64, hi: f64, step: f64) -> Vec<f64> {
    let mut out = Vec::new();
    let mut t = (lo / step).ceil() * step;
    while t <= hi + step * 1e-9 && out.len() < 50 {
        out.push(if t.abs() < step * 1e-9 { 0.0 } else { t });
        t += step;
    }
    out
}

/// A tick's text: as few decimals as its step needs.
fn tick_text(v: f64, step: f64) -> String {
    let decimals = (-step.log10().floor()).clamp(0.0, 6.0) as usize;
    format!("{v:.decimals$}")
}

/// One plot in its band: title and legend, then (with data) the grid, the frame and
/// axis names, and the series.
fn paint_plot(plot: &Plot, band: &Viewport, out: &mut impl Painter) {
    let items = legend_items(plot, band);
    // Each legend row below the first pushes the area down.
    let rows = items.iter().map(|i| i.row).max().unwrap_or(0) as f32;
    let top = MARGIN[2] + rows * LEGEND_ROW;
    let area = Viewport {
        x: band.x + MARGIN[0],
        y: band.y + top,
        w: (band.w - MARGIN[0] - MARGIN[1]).max(1.0),
        h: (band.h - top - MARGIN[3]).max(1.0),
    };
    out.text(
        Vec2::new(area.x, band.y + 18.0),
        &plot.title,
        PLOT_TITLE,
        Rgba::WHITE,
    );
    for i in &items {
        let y = band.y + 7.0 + i.row as f32 * LEGEND_ROW;
        let swatch = Viewport {
            x: i.x,
            y,
            w: SWATCH,
            h: SWATCH,
        };
        let at = Vec2::new(i.x + SWATCH + 6.0, y + SWATCH - 1.0);
        out.legend_item(&swatch, i.color, at, &i.name, Rgba::WHITE);
    }
    let Some(bounds) = plot.bounds() else {
        out.text(
            Vec2::new(area.x + 10.0, area.y + 20.0),
            "nothing to plot",
            TICK_TEXT,
            GRID_LABEL,
        );
        return;
    };
    let to = PlotArea::fit(area, bounds);
    grid(plot, &to, out);
    frame_and_names(plot, band, &to.area, out);
    paint_series(plot, &to, out);
}

/// A plot's area on the page and the data range it shows.
struct PlotArea {
    area: Viewport,
    x: (f64, f64),
    y: (f64, f64),
}

impl PlotArea {
    /// The data's bounds `(x0, x1, y0, y1)` with room around them, as the window's
    /// plots leave.
    fn fit(area: Viewport, (x0, x1, y0, y1): (f64, f64, f64, f64)) -> PlotArea {
        let x = if x1 > x0 {
            (x0, x1)
        } else {
            (x0 - 1.0, x1 + 1.0)
        };
        let pad = 0.05 * (y1 - y0).max(1e-9);
        let y = if y1 > y0 {
            (y0 - pad, y1 + pad)
        } else {
            (y0 - 1.0, y1 + 1.0)
        };
        PlotArea { area, x, y }
    }

    /// Data `(x, y)` in pixels.
    fn px(&self, x: f64, y: f64) -> Vec2 {
        let (area, (x0, x1), (y0, y1)) = (&self.area, self.x, self.y);
        Vec2::new(
            area.x + ((x - x0) / (x1 - x0)) as f32 * area.w,
            area.y + area.h - ((y - y0) / (y1 - y0)) as f32 * area.h,
        )
    }
}

/// The grid lines and their tick labels (on y, the plot's names for values when it
/// has them, and only those).
fn grid(plot: &Plot, to: &PlotArea, out: &mut impl Painter) {
    let (area, (x0, x1), (y0, y1)) = (&to.area, to.x, to.y);
    let xt = ticks(x0, x1, 6.0);
    let yt = ticks_preferring(y0, y1, 5.0, plot.y_grid);
    let step = |t: &[f64]| if t.len() > 1 { t[1] - t[0] } else { 1.0 };
    for x in &xt {
        let a = to.px(*x, y0);
        out.polyline(&[a, Vec2::new(a.x, area.y)], false, 1.0, GRID, false);
        let s = tick_text(*x, step(&xt));
        let tw = text_width(&s, TICK_TEXT);
        out.text(
            Vec2::new(a.x - tw / 2.0, area.y + area.h + 16.0),
            &s,
            TICK_TEXT,
            GRID_LABEL,
        );
    }
    for y in &yt {
        let a = to.px(x0, *y);
        out.polyline(
            &[a, Vec2::new(area.x + area.w, a.y)],
            false,
            1.0,
            GRID,
            false,
        );
        let s = if plot.y_names.is_empty() {
            tick_text(*y, step(&yt))
        } else {
            match plot.y_names.iter().find(|(v, _)| (v - y).abs() < 1e-9) {
                Some((_, name)) => name.clone(),
                None => continue,
            }
        };
        let tw = text_width(&s, TICK_TEXT);
        out.text(
            Vec2::new(area.x - 6.0 - tw, a.y + 4.0),
            &s,
            TICK_TEXT,
            GRID_LABEL,
        );
    }
}

/// The frame around the area, the x axis' name under it at the right, the y axis'
/// name above it at the left.
fn frame_and_names(plot: &Plot, band: &Viewport, area: &Viewport, out: &mut impl Painter) {
    let frame = [
        Vec2::new(area.x, area.y),
        Vec2::new(area.x + area.w, area.y),
        Vec2::new(area.x + area.w, area.y + area.h),
        Vec2::new(area.x, area.y + area.h),
    ];
    out.polyline(&frame, true, 1.0, AXES, false);
    let xl = text_width(&plot.x_label, TICK_TEXT);
    out.text(
        Vec2::new(area.x + area.w - xl, area.y + area.h + 34.0),
        &plot.x_label,
        TICK_TEXT,
        GRID_LABEL,
    );
    out.text(
        Vec2::new(band.x + 6.0, area.y - 6.0),
        &plot.y_label,
        TICK_TEXT,
        GRID_LABEL,
    );
}

/// The series, clipped to the area.
fn paint_series(plot: &Plot, to: &PlotArea, out: &mut impl Painter) {
    let ((x0, x1), (y0, y1)) = (to.x, to.y);
    out.begin_group(None, Some("series"), None, Some(&to.area));
    for s in &plot.series {
        match &s.data {
            SeriesData::Lines(runs) => {
                for run in runs {
                    let pts: Vec<Vec2> = run.iter().map(|p| to.px(p[0], p[1])).collect();
                    if pts.len() >= 2 {
                        out.polyline(&pts, false, s.width, s.color, s.dashed);
                    } else if let Some(p) = pts.first() {
                        out.dot(*p, s.width, s.color);
                    }
                }
            }
            SeriesData::Points { points, radius } => {
                for p in points {
                    out.dot(to.px(p[0], p[1]), *radius, s.color);
                }
            }
            SeriesData::HLine(y) => {
                let (a, b) = (to.px(x0, *y), to.px(x1, *y));
                out.polyline(&[a, b], false, s.width.max(1.0), s.color, s.dashed);
            }
            SeriesData::VLine(x) => {
                let (a, b) = (to.px(*x, y0), to.px(*x, y1));
                out.polyline(&[a, b], false, s.width.max(1.0), s.color, s.dashed);
            }
            SeriesData::Spans { y, half, spans } => {
                for sp in spans {
                    let (a, b) = (to.px(sp.x0, y + half), to.px(sp.x1, y - half));
                    let corners = [a, Vec2::new(b.x, a.y), b, Vec2::new(a.x, b.y)];
                    out.fill(&corners, sp.color);
                }
            }
        }
    }
    out.end_group();
}

/// A legend entry: its series' name and colour, its left edge and its row (from 0).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct LegendEntry {
    pub name: String,
    pub color: Rgba,
    pub x: f32,
    pub row: usize,
}

/// One entry per series name, after the plot's title on its line, flowing onto rows
/// below within the band (nothing over the title, nothing past the band's right).
pub(super) fn legend_items(plot: &Plot, band: &Viewport) -> Vec<LegendEntry> {
    let mut names: Vec<(&str, Rgba)> = Vec::new();
    for s in &plot.series {
        if !names.iter().any(|(n, _)| *n == s.name) {
            names.push((&s.name, s.color));
        }
    }
    let item_w = |n: &str| SWATCH + 6.0 + text_width(n, LEGEND_TEXT);
    let left = band.x + MARGIN[0];
    let right = band.x + band.w - MARGIN[1];
    let mut x = left + text_width(&plot.title, PLOT_TITLE) + 24.0;
    let mut row = 0;
    let mut out = Vec::new();
    for (name, color) in names {
        if x + item_w(name) > right && x > left {
            row += 1;
            x = left;
        }
        out.push(LegendEntry {
            name: name.to_string(),
            color,
            x,
            row,
        });
        x += item_w(name) + 16.0;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::plot::Series;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(
            ticks(0.0, 1.0, 5.0),
            vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8, 1.0]
        );
        assert_eq!(ticks(-90.0, 90.0, 5.0), vec![-50.0, 0.0, 50.0]);
        assert_eq!(
            ticks(0.0, 256.0, 6.0),
            vec![0.0, 50.0, 100.0, 150.0, 200.0, 250.0]
        );
        assert_eq!(tick_text(0.25, 0.05), "0.25");
        assert_eq!(
            ticks_preferring(-99.0, 99.0, 5.0, Some([15.0, 45.0, 90.0])),
            vec![-90.0, -45.0, 0.0, 45.0, 90.0]
        );
        assert_eq!(tick_text(40.0, 20.0), "40");
    }

    #[test]
    fn a_plot_is_written_with_its_series_and_legend() {
        let plot = Plot {
            title: "tilt".into(),
            x_label: "step".into(),
            y_label: "°".into(),
            series: vec![
                Series::lines(
                    "naive",
                    Rgba(240, 100, 90, 255),
                    1.5,
                    vec![vec![[0.0, 0.0], [1.0, 90.0], [2.0, 0.0]]],
                ),
                Series::hline("target", Rgba(120, 230, 120, 255), 45.0, true),
            ],
            caption: "What it shows.".into(),
            ..Plot::default()
        };
        let p = PlotPicture {
            title: "scene".into(),
            plots: vec![plot],
            theme: Theme::Dark,
        };
        let svg = String::from_utf8(render_plots(&p, Format::Svg, 800, 400).unwrap()).unwrap();
        assert!(svg.contains(r#"<g id="plot-0" class="plot""#), "{svg}");
        assert!(svg.contains(">naive</text>") && svg.contains(">target</text>"));
        assert!(svg.contains(">What it shows.</text>"));
        // The line and the rule, inside the series group.
        assert!(svg.matches("<polyline").count() >= 2);
        let png = render_plots(&p, Format::Png, 800, 400).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        assert!(render_plots(&p, Format::Png, 10, 10).is_err());
    }

    #[test]
    fn the_legend_keeps_off_the_title_and_inside_the_band() {
        // The s(t) plot's entries, in a band as narrow as a printed sheet's.
        let names = [
            "core distance d(t)",
            "s(t)",
            "target",
            "band",
            "t1",
            "interval end",
            "bracket",
            "root iterates",
        ];
        let plot = Plot {
            title: "s(t): the separation function".into(),
            series: names
                .iter()
                .map(|n| Series::hline(n, Rgba(120, 230, 120, 255), 1.0, false))
                .collect(),
            ..Plot::default()
        };
        let band = Viewport {
            x: 0.0,
            y: 0.0,
            w: 700.0,
            h: 400.0,
        };
        let items = legend_items(&plot, &band);
        assert_eq!(items.len(), names.len());
        let title_end = MARGIN[0] + text_width(&plot.title, PLOT_TITLE);
        let right = band.w - MARGIN[1];
        for i in &items {
            let end = i.x + SWATCH + 6.0 + text_width(&i.name, LEGEND_TEXT);
            assert!(end <= right + 0.01, "{} ends at {end} > {right}", i.name);
            if i.row == 0 {
                assert!(i.x >= title_end + 8.0, "{} over the title", i.name);
            }
        }
        // They wrap: more than one row at this width, and no two entries of a row meet.
        assert!(items.iter().any(|i| i.row > 0));
        for w in items.windows(2).filter(|w| w[0].row == w[1].row) {
            let end = w[0].x + SWATCH + 6.0 + text_width(&w[0].name, LEGEND_TEXT);
            assert!(w[1].x >= end + 8.0, "{} meets {}", w[0].name, w[1].name);
        }
    }

    #[test]
    fn a_long_header_wraps_instead_of_being_cut() {
        let p = PlotPicture {
            title: "Turning: a bullet against a turning wall  ·  A = Wall, B = Bullet  ·  step 6 of 9  ·  outer iteration 3 of 4".into(),
            plots: vec![Plot::default()],
            theme: Theme::Dark,
        };
        let svg = String::from_utf8(render_plots(&p, Format::Svg, 600, 400).unwrap()).unwrap();
        assert!(!svg.contains('…'), "{svg}");
        assert!(svg.contains("outer iteration 3 of 4"), "{svg}");
    }
}
