//! A profile's histograms as plots: one plot per algorithm and measure, a stepped
//! curve per library (the share of calls in each bucket), iterations on a linear axis
//! and times on a log-2 one.

use super::palette::{layer_color, SHAPE_A};
use super::plot::{Plot, Series};
use crate::scene::view_state::LayerId;
use crate::verify::profile::{Histogram, Profile, Who};

/// A library's colour, as in the sweep plots.
pub fn who_color(w: Who) -> super::palette::Rgba {
    match w {
        Who::Ours => SHAPE_A,
        Who::Box2d => layer_color(LayerId::PeerBox2d),
        Who::Parry => layer_color(LayerId::PeerParry),
    }
}

/// The stepped outline of `h` (x: the value, or log₂ ns; y: percent of the calls).
fn steps(h: &Histogram) -> Vec<[f64; 2]> {
    let total = h.calls.max(1) as f64;
    let used: Vec<usize> = (0..h.counts.len()).filter(|&b| h.counts[b] > 0).collect();
    let (Some(&lo), Some(&hi)) = (used.first(), used.last()) else {
        return Vec::new();
    };
    let x = |b: usize| if h.time { b as f64 } else { b as f64 - 0.5 };
    let mut out = vec![[x(lo), 0.0]];
    for b in lo..=hi {
        let y = 100.0 * h.counts[b] as f64 / total;
        out.push([x(b), y]);
        out.push([x(b + 1), y]);
    }
    out.push([x(hi + 1), 0.0]);
    out
}

/// The plots of `profile`, in the order of its table.
pub fn profile_plots(profile: &Profile) -> Vec<Plot> {
    let mut plots: Vec<Plot> = Vec::new();
    for m in profile.sorted() {
        let title = format!("{}: {} (mean, p99)", m.algorithm, m.measure);
        let i = match plots.iter().position(|p| p.title == title) {
            Some(i) => i,
            None => {
                plots.push(Plot {
                    title: title.clone(),
                    x_label: if m.hist.time {
                        "log2 of the ns per call".into()
                    } else {
                        m.measure.to_string()
                    },
                    y_label: "% of calls".into(),
                    include_y: vec![0.0],
                    ..Plot::default()
                });
                plots.len() - 1
            }
        };
        // Short enough that three libraries' entries fit on the title line (the
        // title says what the two numbers are).
        let mean = m.hist.mean();
        let p99 = m.hist.quantile(0.99);
        let label = if mean >= 100.0 {
            format!("{} {mean:.0}, {p99}", m.who.label())
        } else {
            format!("{} {mean:.1}, {p99}", m.who.label())
        };
        plots[i].series.push(Series::lines(
            &label,
            who_color(m.who),
            1.5,
            vec![steps(&m.hist)],
        ));
    }
    if let Some(first) = plots.first_mut() {
        first.caption = format!(
            "{} pairs. Each curve is the share of calls per bucket: one bucket per iteration \
             count, or per doubling of the time of a call (log2 of the ns: 10 is about a microsecond).",
            profile.pairs
        );
    }
    plots
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plot_per_measure_with_a_curve_per_library() {
        let mut p = Profile::default();
        for i in 0..50 {
            crate::verify::profile::profile_pair(&crate::verify::generate_pair(9, i), None, &mut p);
        }
        let plots = profile_plots(&p);
        let gjk = plots
            .iter()
            .find(|p| p.title == "gjk: iterations (mean, p99)")
            .unwrap();
        let expected = if cfg!(feature = "peers") { 2 } else { 1 };
        assert_eq!(gjk.series.len(), expected);
        assert!(plots[0].caption.starts_with("50 pairs"));
        // The steps add up to the whole: every bucket's share, once.
        if let crate::view::plot::SeriesData::Lines(runs) = &gjk.series[0].data {
            let total: f64 = runs[0]
                .windows(2)
                .filter(|w| w[0][0] != w[1][0] && w[0][1] == w[1][1])
                .map(|w| w[0][1])
                .sum();
            assert!((total - 100.0).abs() < 1e-6, "{total}");
        }
    }
}
