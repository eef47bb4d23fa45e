//! Plots as data: a plot's axes, its series (lines with gaps, points, horizontal and
//! vertical rules, bands of coloured spans) and their colours, built once from what was
//! computed and then drawn by the window (egui_plot) and by the exports (SVG, PNG)
//! alike. The chain slide sweep's two plots are built here; a pair's sweep's in
//! [`super::sweep_plot`]; the fuzzer's profile histograms in [`super::profile_plot`];
//! the rotating time of impact's s(t) plot by its study.

use crate::core::settings::ChainMode;
use crate::trace::chain_sweep::{ModeSample, Sweep, SweepSample};
use crate::view::palette::Rgba;

/// One plot.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Plot {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// Values the axes always show (the view may show more).
    pub include_x: Vec<f64>,
    pub include_y: Vec<f64>,
    /// Preferred grid steps on the y axis, fine to coarse (None: the backend's).
    pub y_grid: Option<[f64; 3]>,
    /// Names for y values (a band's rows), written instead of the numbers when given.
    pub y_names: Vec<(f64, String)>,
    pub series: Vec<Series>,
    /// A sentence under the plot saying what it shows.
    pub caption: String,
}

/// One series of a plot.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend (series of one name share an entry).
    pub name: String,
    pub color: Rgba,
    /// Line width, pixels.
    pub width: f32,
    pub dashed: bool,
    pub data: SeriesData,
}

/// What a series draws.
#[derive(Clone, Debug, PartialEq)]
pub enum SeriesData {
    /// Lines through the points of each run (a gap between runs).
    Lines(Vec<Vec<[f64; 2]>>),
    /// Dots of `radius` pixels.
    Points { points: Vec<[f64; 2]>, radius: f32 },
    /// A horizontal rule at this y.
    HLine(f64),
    /// A vertical rule at this x.
    VLine(f64),
    /// A band of coloured spans at height `y` (± `half`): a discrete value over the x
    /// axis (a sweep's feature ids), one colour per value.
    Spans { y: f64, half: f64, spans: Vec<Span> },
}

/// One span of a [`SeriesData::Spans`] band: from `x0` to `x1` in one colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Span {
    pub x0: f64,
    pub x1: f64,
    pub color: Rgba,
}

impl Series {
    pub fn lines(name: &str, color: Rgba, width: f32, runs: Vec<Vec<[f64; 2]>>) -> Series {
        Series {
            name: name.to_string(),
            color,
            width,
            dashed: false,
            data: SeriesData::Lines(runs),
        }
    }

    pub fn points(name: &str, color: Rgba, radius: f32, points: Vec<[f64; 2]>) -> Series {
        Series {
            name: name.to_string(),
            color,
            width: 1.0,
            dashed: false,
            data: SeriesData::Points { points, radius },
        }
    }

    pub fn hline(name: &str, color: Rgba, y: f64, dashed: bool) -> Series {
        Series {
            name: name.to_string(),
            color,
            width: 1.0,
            dashed,
            data: SeriesData::HLine(y),
        }
    }

    pub fn vline(name: &str, color: Rgba, x: f64, dashed: bool) -> Series {
        Series {
            name: name.to_string(),
            color,
            width: 1.0,
            dashed,
            data: SeriesData::VLine(x),
        }
    }
}

impl Plot {
    /// The extent of every point and rule, with the values to include: (x0, x1, y0, y1);
    /// None when there is nothing to show.
    pub fn bounds(&self) -> Option<(f64, f64, f64, f64)> {
        let (mut x0, mut x1, mut y0, mut y1) = (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        );
        let mut x = |v: f64| {
            if v.is_finite() {
                x0 = x0.min(v);
                x1 = x1.max(v);
            }
        };
        for v in &self.include_x {
            x(*v);
        }
        let mut ys = Vec::new();
        for s in &self.series {
            match &s.data {
                SeriesData::Lines(runs) => {
                    for p in runs.iter().flatten() {
                        x(p[0]);
                        ys.push(p[1]);
                    }
                }
                SeriesData::Points { points, .. } => {
                    for p in points {
                        x(p[0]);
                        ys.push(p[1]);
                    }
                }
                SeriesData::HLine(y) => ys.push(*y),
                SeriesData::VLine(v) => x(*v),
                SeriesData::Spans { y, half, spans } => {
                    for sp in spans {
                        x(sp.x0);
                        x(sp.x1);
                    }
                    ys.extend([y - half, y + half]);
                }
            }
        }
        for v in self.include_y.iter().chain(&ys) {
            if v.is_finite() {
                y0 = y0.min(*v);
                y1 = y1.max(*v);
            }
        }
        (x0 <= x1 && y0 <= y1).then_some((x0, x1, y0, y1))
    }
}

/// The runs of consecutive samples with a value, as plot lines (x is the index).
pub fn runs(values: &[Option<f64>]) -> Vec<Vec<[f64; 2]>> {
    let mut out: Vec<Vec<[f64; 2]>> = Vec::new();
    let mut current = Vec::new();
    for (k, v) in values.iter().enumerate() {
        match v {
            Some(y) => current.push([k as f64, *y]),
            None if !current.is_empty() => out.push(std::mem::take(&mut current)),
            None => {}
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// The naive mode's colour in the sweep plots (red: the ghost bump's).
pub const NAIVE: Rgba = Rgba(240, 100, 90, 255);
/// The smooth mode's colour.
pub const SMOOTH: Rgba = Rgba(110, 200, 255, 255);

/// The chain slide sweep's two plots: the most tilted contact normal's angle from its own
/// segment's normal over the steps (a line where there is contact, a dot per step), and
/// the contact points, naive and smooth together.
pub fn slide_plots(sweep: &Sweep) -> [Plot; 2] {
    let n = sweep.samples.len().max(1) - 1;
    let mut tilt = Plot {
        title: "Most tilted contact normal".into(),
        x_label: "step".into(),
        y_label: "tilt °".into(),
        include_x: vec![0.0, n as f64],
        include_y: vec![-90.0, 90.0],
        y_grid: Some([15.0, 45.0, 90.0]),
        ..Plot::default()
    };
    let mut points = Plot {
        title: "Contact points".into(),
        x_label: "step".into(),
        y_label: "points".into(),
        include_y: vec![0.0, 4.0],
        y_grid: Some([1.0, 2.0, 4.0]),
        ..Plot::default()
    };
    for (mode, color, name) in [
        (ChainMode::Naive, NAIVE, "naive"),
        (ChainMode::Smooth, SMOOTH, "smooth"),
    ] {
        let pick = |s: &SweepSample| -> ModeSample {
            match mode {
                ChainMode::Naive => s.naive,
                ChainMode::Smooth => s.smooth,
            }
        };
        let values: Vec<Option<f64>> = sweep
            .samples
            .iter()
            .map(|s| pick(s).tilt.map(f64::from))
            .collect();
        let dots: Vec<[f64; 2]> = values
            .iter()
            .enumerate()
            .filter_map(|(k, v)| v.map(|y| [k as f64, y]))
            .collect();
        tilt.series
            .push(Series::lines(name, color, 1.5, runs(&values)));
        tilt.series.push(Series::points(name, color, 1.5, dots));
        let counts: Vec<[f64; 2]> = sweep
            .samples
            .iter()
            .enumerate()
            .map(|(k, s)| [k as f64, pick(s).points as f64])
            .collect();
        points
            .series
            .push(Series::lines(name, color, 1.0, vec![counts]));
    }
    [tilt, points]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_split_at_gaps_and_bounds_cover_everything() {
        let v = [Some(1.0), Some(2.0), None, None, Some(-3.0)];
        assert_eq!(
            runs(&v),
            vec![vec![[0.0, 1.0], [1.0, 2.0]], vec![[4.0, -3.0]]]
        );
        let plot = Plot {
            include_y: vec![0.0, 10.0],
            series: vec![
                Series::lines("a", NAIVE, 1.0, runs(&v)),
                Series::vline("v", SMOOTH, 7.0, false),
            ],
            ..Plot::default()
        };
        assert_eq!(plot.bounds(), Some((0.0, 7.0, -3.0, 10.0)));
        assert_eq!(Plot::default().bounds(), None);
    }
}
