//! The plots of a scene an export writes (`export --plot`): the chain slide sweep, a
//! pair's sweep, the rotating time of impact's s(t) — the same data and plots the
//! window's panel shows.

use super::*;
use crate::scene::Scene;
use crate::view::palette::Theme;

/// The plots an export can write beside the views.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlotKind {
    /// The chain slide sweep: the most tilted contact normal and the contact points over
    /// the steps, naive and smooth.
    Slide,
    /// A pair's sweep: one parameter moved, each quantity's curves (ours, the engines',
    /// the exact one), the jumps marked, the ids as bands.
    Sweep,
    /// The rotating time of impact's s(t) at a step.
    Separation,
}

impl PlotKind {
    pub const NAMES: [&'static str; 3] = ["slide", "sweep", "separation"];

    pub fn from_name(name: &str) -> Option<PlotKind> {
        match name {
            "slide" => Some(PlotKind::Slide),
            "sweep" => Some(PlotKind::Sweep),
            "separation" => Some(PlotKind::Separation),
            _ => None,
        }
    }
}

/// A pair's sweep asked in words (see `verify::sweep::spec_from_words`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SweepWords {
    /// The pair (default: the scene's view pair).
    pub pair: Option<(usize, usize)>,
    pub algorithm: Option<crate::study::Algorithm>,
    /// `angle:B:0:6.2832`; default: B's angle over a full turn about where it is.
    pub param: Option<String>,
    pub steps: Option<usize>,
    pub what: Option<String>,
    pub peers: bool,
}

/// What a plot of a scene is made of.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlotOptions {
    /// The slide sweep's chain and shape (default: the first of each) and its steps.
    pub chain: Option<usize>,
    pub shape: Option<usize>,
    pub steps: Option<usize>,
    /// The s(t) plot's step (default: the scene's view step) and whether it shows all of
    /// `[t1, 1]`.
    pub step: Option<usize>,
    pub whole_step: bool,
    /// The s(t) plot leaves out which axis it measures along (a question asks it, as
    /// the window leaves the axis' label out until it is settled).
    pub hide_axis: bool,
    /// The pair's sweep.
    pub sweep: SweepWords,
}

/// The default steps of a pair's sweep written by an export.
pub const DEFAULT_PAIR_SWEEP_STEPS: usize = 1000;

/// The plot `kind` of `scene`, as the window's panel shows it: the same data
/// (`trace::chain_sweep::slide_sweep`, `verify::sweep::sweep`, the rotating study's
/// curves) and the same plots.
pub fn scene_plot(scene: &Scene, kind: PlotKind, o: &PlotOptions) -> Result<PlotPicture, String> {
    let scene_title = if scene.title.trim().is_empty() {
        String::new()
    } else {
        format!("{}  ·  ", scene.title.trim())
    };
    match kind {
        PlotKind::Slide => slide_picture(scene, o, &scene_title),
        PlotKind::Sweep => sweep_picture(scene, &o.sweep, &scene_title),
        PlotKind::Separation => separation_picture(scene, o, &scene_title),
    }
}

fn slide_picture(scene: &Scene, o: &PlotOptions, scene_title: &str) -> Result<PlotPicture, String> {
    use crate::trace::chain_sweep::{nearest_shape, slide_sweep, DEFAULT_SWEEP_STEPS};
    use crate::view::plot::slide_plots;
    if scene.chains.is_empty() || scene.shapes.is_empty() {
        return Err("--plot slide needs a scene with a chain and a shape".into());
    }
    let chain = o.chain.unwrap_or(0);
    let shape = o.shape.or_else(|| nearest_shape(scene, chain)).unwrap_or(0);
    let steps = o.steps.unwrap_or(DEFAULT_SWEEP_STEPS);
    let s = slide_sweep(scene, chain, shape, steps);
    let [tilt, mut points] = slide_plots(&s.sweep);
    points.caption = crate::view::text::tidy_zeros(&format!(
        "{} moved {} in {steps} steps across {}, each segment in reach collided in both modes. Red: naive (two-sided segments), blue: smooth (ghost vertices).",
        scene.shapes[shape].name, s.path, scene.chains[chain].name
    ));
    Ok(PlotPicture {
        title: format!(
            "{scene_title}Chain slide sweep: {} over {}",
            scene.shapes[shape].name, scene.chains[chain].name
        ),
        plots: vec![tilt, points],
        theme: Theme::Dark,
    })
}

fn sweep_picture(scene: &Scene, w: &SweepWords, scene_title: &str) -> Result<PlotPicture, String> {
    use crate::verify::sweep::{spec_from_words, sweep};
    use crate::view::sweep_plot::sweep_plots;
    let (a, b) = match w.pair {
        Some(p) => p,
        None => scene_pair(scene).ok_or("--plot sweep needs two shapes")?,
    };
    let param = match &w.param {
        Some(p) => p.clone(),
        None => {
            let angle = scene.shapes[b].pose.angle as f64;
            let pi = std::f64::consts::PI;
            format!("angle:B:{}:{}", angle - pi, angle + pi)
        }
    };
    let steps = w.steps.unwrap_or(DEFAULT_PAIR_SWEEP_STEPS);
    let spec = spec_from_words(
        scene,
        (a, b),
        w.algorithm,
        &param,
        steps,
        w.what.as_deref(),
        w.peers,
    )?;
    let sw = sweep(scene, spec)?;
    Ok(PlotPicture {
        title: format!(
            "{scene_title}A = {}, B = {}  ·  sweep of {}",
            scene.shapes[a].name,
            scene.shapes[b].name,
            sw.spec.algorithm.name()
        ),
        plots: sweep_plots(&sw),
        theme: Theme::Dark,
    })
}

fn separation_picture(
    scene: &Scene,
    o: &PlotOptions,
    scene_title: &str,
) -> Result<PlotPicture, String> {
    use crate::study::rotating::separation_plot_naming;
    use crate::study::{Algorithm, Studies};
    let (a, b) = scene_pair(scene).ok_or("--plot separation needs two shapes")?;
    let studies = Studies::compute(scene, a, b, &mut Default::default());
    let count = studies.step_count(Algorithm::Rotating);
    let step = o.step.unwrap_or(scene.view.step);
    if step >= count {
        return Err(ExportError::StepOutOfRange {
            algorithm: Algorithm::Rotating,
            step,
            count,
        }
        .to_string());
    }
    let curves = studies.rotating.curves(scene, (a, b), step, o.whole_step);
    let part = studies.step_part(
        scene,
        Algorithm::Rotating,
        step,
        crate::core::manifold::ManifoldSource::Epa,
    );
    Ok(PlotPicture {
        title: format!(
            "{scene_title}A = {}, B = {}  ·  {}  ·  {part}",
            scene.shapes[a].name,
            scene.shapes[b].name,
            step_text(step, count)
        ),
        plots: vec![separation_plot_naming(&curves, !o.hide_axis)],
        theme: Theme::Dark,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::plot::SeriesData;

    fn library(name: &str) -> crate::scene::Scene {
        let text = crate::scene::library::FILES
            .iter()
            .find(|(n, _)| n.ends_with(name))
            .map(|(_, t)| *t)
            .expect("a library scene");
        crate::scene::parse_scene(text, name).unwrap()
    }

    #[test]
    fn the_slide_plot_of_the_naive_floor_shows_the_ghost_bump_and_the_smooth_none() {
        let scene = library("chain_tiled_floor_naive.ron");
        let p = scene_plot(&scene, PlotKind::Slide, &PlotOptions::default()).unwrap();
        assert_eq!(p.plots.len(), 2);
        let tilt = |name: &str| -> f64 {
            p.plots[0]
                .series
                .iter()
                .filter(|s| s.name == name)
                .filter_map(|s| match &s.data {
                    SeriesData::Lines(runs) => Some(
                        runs.iter()
                            .flatten()
                            .map(|q| q[1].abs())
                            .fold(0.0, f64::max),
                    ),
                    _ => None,
                })
                .fold(0.0, f64::max)
        };
        assert!(tilt("naive") > 80.0, "{}", tilt("naive"));
        assert!(tilt("smooth") < 1e-3, "{}", tilt("smooth"));
        assert!(scene_plot(
            &library("welcome.ron"),
            PlotKind::Slide,
            &PlotOptions::default()
        )
        .is_err());
    }

    #[test]
    fn the_separation_plot_is_the_rotating_studys_curves_at_the_step() {
        let scene = library("toi_spinning_bar.ron");
        let o = PlotOptions {
            step: Some(1),
            ..PlotOptions::default()
        };
        let p = scene_plot(&scene, PlotKind::Separation, &o).unwrap();
        let plot = &p.plots[0];
        assert!(plot.series.iter().any(|s| s.name == "s(t)"));
        assert!(p.title.contains("step 2 of"), "{}", p.title);
        let far = PlotOptions {
            step: Some(999),
            ..PlotOptions::default()
        };
        let e = scene_plot(&scene, PlotKind::Separation, &far).unwrap_err();
        assert!(e.contains("out of range"), "{e}");
    }

    #[test]
    fn the_sweep_plot_has_a_plot_per_quantity_jumps_marked_and_an_ids_band() {
        let scene = library("welcome.ron");
        let o = PlotOptions {
            sweep: SweepWords {
                param: Some("angle:B:0:1.5708".into()),
                steps: Some(200),
                what: Some("normal,ids,distance".into()),
                algorithm: Some(crate::study::Algorithm::Manifold),
                ..SweepWords::default()
            },
            ..PlotOptions::default()
        };
        let p = scene_plot(&scene, PlotKind::Sweep, &o).unwrap();
        let titles: Vec<&str> = p.plots.iter().map(|p| p.title.as_str()).collect();
        assert_eq!(
            titles,
            vec![
                "Normal angle",
                "Feature ids (a colour per set of ids)",
                "Distance"
            ]
        );
        assert!(
            p.plots[0].caption.contains("in 200 steps"),
            "{}",
            p.plots[0].caption
        );
        let band = &p.plots[1].series[0];
        assert!(matches!(&band.data, SeriesData::Spans { spans, .. } if !spans.is_empty()));
        let svg = render_plots(&p, Format::Svg, 900, 700).unwrap();
        assert!(String::from_utf8(svg).unwrap().contains(">ours</text>"));
        let bad = PlotOptions {
            sweep: SweepWords {
                param: Some("spin:B:0:1".into()),
                ..SweepWords::default()
            },
            ..PlotOptions::default()
        };
        assert!(scene_plot(&scene, PlotKind::Sweep, &bad)
            .unwrap_err()
            .contains("unknown kind"));
    }
}
