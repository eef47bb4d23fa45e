//! A pair's sweep as plots: one plot per quantity over the parameter, a curve per
//! source (ours, Box2D v3, parry2d, the exact answer dashed), the jumps marked; the
//! feature ids as a band per source that changes colour when the ids change.

use super::palette::{layer_color, Rgba, ADDED, CUT, ERROR, KEPT, SHAPE_A, SHAPE_B};
use super::plot::{runs, Plot, Series, SeriesData, Span};
use crate::scene::view_state::LayerId;
use crate::verify::sweep::{difference, Quantity, Source, Sweep};

/// A source's colour in the sweep plots.
pub fn source_color(s: Source) -> Rgba {
    match s {
        Source::Ours => SHAPE_A,
        Source::Box2d => layer_color(LayerId::PeerBox2d),
        Source::Parry => layer_color(LayerId::PeerParry),
        Source::Exact => ADDED,
    }
}

/// The colours of a band's spans, one per distinct set of ids (cycled).
const SPAN_COLORS: [Rgba; 6] = [SHAPE_A, SHAPE_B, KEPT, CUT, ADDED, Rgba(194, 106, 177, 255)];

/// The plotted x of a parameter value (log10 on a log-scale sweep).
pub fn plot_x(sweep: &Sweep, x: f64) -> f64 {
    if sweep.spec.param.log_scale() {
        x.max(f64::MIN_POSITIVE).log10()
    } else {
        x
    }
}

/// The parameter value of a plotted x (the inverse of [`plot_x`]).
pub fn param_of_plot_x(sweep: &Sweep, x: f64) -> f64 {
    if sweep.spec.param.log_scale() {
        10f64.powf(x)
    } else {
        x
    }
}

fn title(q: Quantity) -> (&'static str, &'static str) {
    match q {
        Quantity::Distance => ("Distance", "distance"),
        Quantity::Depth => ("Depth", "depth"),
        Quantity::Normal => ("Normal angle", "degrees"),
        Quantity::Points => ("Contact points", "points"),
        Quantity::Ids => ("Feature ids", "source"),
        Quantity::Toi => ("Time of impact", "t"),
        Quantity::Iterations => ("Iterations", "iterations"),
    }
}

/// The plots of `sweep`, in the order of its quantities.
pub fn sweep_plots(sweep: &Sweep) -> Vec<Plot> {
    let mut plots: Vec<Plot> = sweep
        .spec
        .what
        .0
        .iter()
        .map(|&q| match q {
            Quantity::Ids => ids_plot(sweep),
            _ => curve_plot(sweep, q),
        })
        .collect();
    if let Some(first) = plots.first_mut() {
        first.caption = caption(sweep);
    }
    plots
}

/// What the plots show, and how many jumps.
fn caption(sweep: &Sweep) -> String {
    let jumps = sweep.jumps.iter().filter(|j| j.kind == "jump").count();
    let changes = sweep.jumps.len() - jumps;
    let who: Vec<&str> = sweep.sources.iter().map(|s| s.label()).collect();
    format!(
        "{} over {} in {} steps: {}. {jumps} jumps (red dots: a change larger than the step \
         explains), {changes} changes of points or ids.",
        sweep.spec.algorithm.name(),
        sweep.spec.param.axis_label(),
        sweep.samples.len().saturating_sub(1),
        who.join(", ")
    )
}

/// A quantity's curves, one per source, and its jumps.
fn curve_plot(sweep: &Sweep, q: Quantity) -> Plot {
    let (name, unit) = title(q);
    let xs: Vec<f64> = sweep.samples.iter().map(|s| plot_x(sweep, s.x)).collect();
    let mut plot = Plot {
        title: name.to_string(),
        x_label: sweep.spec.param.axis_label(),
        y_label: unit.to_string(),
        include_x: vec![xs[0], xs[xs.len() - 1]],
        ..Plot::default()
    };
    if q == Quantity::Points {
        plot.include_y = vec![0.0, 2.0];
        plot.y_grid = Some([1.0, 2.0, 4.0]);
    }
    if q == Quantity::Normal {
        plot.y_grid = Some([15.0, 45.0, 90.0]);
    }
    for &source in &sweep.sources {
        let mut values = sweep.curve(source, q);
        if values.iter().all(Option::is_none) {
            continue;
        }
        if q == Quantity::Normal {
            unwrap_degrees(&mut values);
        }
        let mut lines = runs(&values);
        for run in &mut lines {
            for p in run.iter_mut() {
                p[0] = xs[p[0] as usize];
            }
        }
        // Widest first: curves that coincide still show every colour.
        let width = match source {
            Source::Ours => 4.0,
            Source::Box2d => 2.6,
            Source::Parry => 1.4,
            Source::Exact => 1.0,
        };
        let mut s = Series::lines(source.label(), source_color(source), width, lines);
        s.dashed = source == Source::Exact;
        plot.series.push(s);
    }
    let marks: Vec<[f64; 2]> = sweep
        .jumps_of(q)
        .filter(|j| j.kind == "jump")
        .filter_map(|j| {
            let y = sweep.samples[j.index].answer(j.source)?.number(q)?;
            Some([xs[j.index], y])
        })
        .collect();
    if !marks.is_empty() {
        plot.series.push(Series::points("jumps", ERROR, 3.5, marks));
    }
    plot
}

/// Angles made continuous along each run (no ±180° wrap drawn as a line across).
fn unwrap_degrees(values: &mut [Option<f64>]) {
    let mut previous: Option<f64> = None;
    for v in values.iter_mut() {
        match (v.as_mut(), previous) {
            (Some(y), Some(p)) => {
                *y = p + difference(p, *y, Some(360.0));
                previous = Some(*y);
            }
            (Some(y), None) => previous = Some(*y),
            (None, _) => previous = None,
        }
    }
}

/// The ids as a band per source: one colour per distinct set of ids in that band.
fn ids_plot(sweep: &Sweep) -> Plot {
    let xs: Vec<f64> = sweep.samples.iter().map(|s| plot_x(sweep, s.x)).collect();
    let mut plot = Plot {
        title: "Feature ids (a colour per set of ids)".into(),
        x_label: sweep.spec.param.axis_label(),
        y_label: String::new(),
        include_x: vec![xs[0], xs[xs.len() - 1]],
        ..Plot::default()
    };
    let rows: Vec<Source> = sweep
        .sources
        .iter()
        .copied()
        .filter(|&s| sweep.ids(s).iter().any(Option::is_some))
        .collect();
    let n = rows.len();
    for (row, &source) in rows.iter().enumerate() {
        let ids = sweep.ids(source);
        let mut seen: Vec<&Vec<u32>> = Vec::new();
        let mut spans: Vec<Span> = Vec::new();
        let half_step = |k: usize| {
            let left = if k > 0 { xs[k] - xs[k - 1] } else { 0.0 };
            let right = if k + 1 < xs.len() {
                xs[k + 1] - xs[k]
            } else {
                0.0
            };
            (xs[k] - 0.5 * left, xs[k] + 0.5 * right)
        };
        for (k, v) in ids.iter().enumerate() {
            let Some(v) = v else { continue };
            let slot = match seen.iter().position(|s| *s == v) {
                Some(i) => i,
                None => {
                    seen.push(v);
                    seen.len() - 1
                }
            };
            let color = SPAN_COLORS[slot % SPAN_COLORS.len()];
            let (x0, x1) = half_step(k);
            match spans.last_mut() {
                Some(last) if last.color == color && (last.x1 - x0).abs() < 1e-12 => last.x1 = x1,
                _ => spans.push(Span { x0, x1, color }),
            }
        }
        // The top band is the first source.
        let y = (n - 1 - row) as f64;
        plot.series.push(Series {
            name: source.label().to_string(),
            color: source_color(source),
            width: 1.0,
            dashed: false,
            data: SeriesData::Spans {
                y,
                half: 0.35,
                spans,
            },
        });
    }
    plot.include_y = vec![-0.5, n as f64 - 0.5];
    plot.y_grid = Some([1.0, 2.0, 4.0]);
    plot.y_names = rows
        .iter()
        .enumerate()
        .map(|(row, s)| ((n - 1 - row) as f64, s.key().to_string()))
        .collect();
    plot
}

/// `plot` with each line thinned to what `columns` columns of pixels can show: in each
/// column the first, lowest, highest and last point of a run, in their order. A
/// 10,000-step sweep drawn every frame costs more than the frame has; thinned, its
/// curves look the same (a jump keeps its whole height, a spike its tip).
pub fn thinned(plot: &Plot, columns: usize) -> Plot {
    let mut out = plot.clone();
    let (Some(&x0), Some(&x1)) = (plot.include_x.first(), plot.include_x.last()) else {
        return out;
    };
    let (lo, hi) = (x0.min(x1), x0.max(x1));
    let width = (hi - lo) / columns.max(1) as f64;
    if !(width.is_finite() && width > 0.0) {
        return out;
    }
    for s in &mut out.series {
        if let SeriesData::Lines(lines) = &mut s.data {
            for run in lines.iter_mut() {
                if run.len() > 4 * columns {
                    *run = thin_run(run, lo, width);
                }
            }
        }
    }
    out
}

/// A run's points grouped by column (consecutive points in one column), each group cut
/// to its first, lowest, highest and last point.
fn thin_run(run: &[[f64; 2]], lo: f64, width: f64) -> Vec<[f64; 2]> {
    let column = |p: &[f64; 2]| ((p[0] - lo) / width).floor() as i64;
    let mut out = Vec::new();
    let mut start = 0;
    while start < run.len() {
        let c = column(&run[start]);
        let end = (start..run.len())
            .find(|&k| column(&run[k]) != c)
            .unwrap_or(run.len());
        let group = &run[start..end];
        let by_y = |a: &(usize, &[f64; 2]), b: &(usize, &[f64; 2])| a.1[1].total_cmp(&b.1[1]);
        let low = group.iter().enumerate().min_by(by_y).map_or(0, |(k, _)| k);
        let high = group.iter().enumerate().max_by(by_y).map_or(0, |(k, _)| k);
        let mut keep = [0, low, high, group.len() - 1];
        keep.sort_unstable();
        let mut previous = None;
        for k in keep {
            if previous != Some(k) {
                out.push(group[k]);
                previous = Some(k);
            }
        }
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thinning_keeps_a_jump_s_height_and_the_ends() {
        // 10,001 samples of a line with a step of 5 at x = 0.5 and a spike at 0.25.
        let run: Vec<[f64; 2]> = (0..=10_000)
            .map(|k| {
                let x = k as f64 / 10_000.0;
                let y = x + if x >= 0.5 { 5.0 } else { 0.0 };
                [x, if k == 2_500 { 9.0 } else { y }]
            })
            .collect();
        let plot = Plot {
            include_x: vec![0.0, 1.0],
            series: vec![Series::lines("s", ADDED, 1.0, vec![run.clone()])],
            ..Plot::default()
        };
        let thin = thinned(&plot, 500);
        let SeriesData::Lines(lines) = &thin.series[0].data else {
            panic!("lines expected");
        };
        let t = &lines[0];
        assert!(
            t.len() <= 4 * 501 && t.len() >= 2 * 500,
            "{} points",
            t.len()
        );
        assert_eq!((t[0], t[t.len() - 1]), (run[0], run[10_000]));
        assert!(t.windows(2).all(|w| w[0][0] < w[1][0]), "in x order");
        // The step: its last point below and first above are both kept.
        assert!(t.contains(&run[4_999]) && t.contains(&run[5_000]));
        assert!(t.contains(&[0.25, 9.0]), "the spike's tip");
        // A short run is left alone.
        let short = thinned(&plot, 5_000);
        assert_eq!(short, plot);
    }

    #[test]
    fn unwrapping_keeps_a_turning_normal_continuous() {
        let mut v = vec![Some(170.0), Some(179.0), Some(-172.0), None, Some(-172.0)];
        unwrap_degrees(&mut v);
        assert_eq!(
            v,
            vec![Some(170.0), Some(179.0), Some(188.0), None, Some(-172.0)]
        );
    }
}
