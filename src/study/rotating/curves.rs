//! The s(t) plot of the rotating time of impact: at a step, the current separation
//! function's curve over `[t1, 1]` (the deepest pair's separation along its axis), the
//! core distance beside it, the target and its band, the interval searched, the root
//! finder's bracket and iterates — the picture that explains why a time of impact was
//! found or missed.

use super::{rotating_steps, RotatingStudy};
use crate::core::toi::rotating::{distance_curve, separation_curve, ToiTermination};
use crate::scene::Scene;
use crate::view::draw::LayerId;
use crate::view::palette::{Rgba, ADDED, KEPT, SHAPE_OTHER};
use crate::view::plot::{Plot, Series};
use crate::view::text::Len;

/// Samples per curve.
pub const SAMPLES: usize = 160;

/// The curves of one step.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SeparationCurves {
    /// s(t): empty when the step has no separation function ([`Self::none_because`]).
    pub separation: Vec<[f64; 2]>,
    /// d(t), the core distance.
    pub distance: Vec<[f64; 2]>,
    pub target: f64,
    pub tolerance: f64,
    pub t1: f64,
    /// The end of the interval searched.
    pub t_end: f64,
    /// The root finder's iterates (t, s) and its last bracket.
    pub roots: Vec<[f64; 2]>,
    pub bracket: Option<(f64, f64)>,
    /// The separation function's kind, in words.
    pub kind: String,
    /// When the step has no separation function: why, in words (what the core
    /// distance at `t1` decided); empty otherwise.
    pub none_because: String,
}

/// Why the iteration at `t1` (core distance `d`) built no separation function: only the
/// query's last iteration builds none, so its reason is how the query ended
/// (`termination`, the core's own decision), said with the step's numbers.
fn why_no_function(t1: f32, d: f32, termination: ToiTermination, target: f32) -> String {
    match termination {
        ToiTermination::Hit => format!(
            "At t1 = {t1:.4} the cores are {} apart, within the band around the target {target:.4}: t1 is the time of impact, and no separation function is needed",
            Len(d)
        ),
        ToiTermination::Overlapped => {
            format!("At t1 = {t1:.4} the cores overlap: the query stops there")
        }
        ToiTermination::Separated => format!(
            "At the end of the step searched (t1 = {t1:.4}) the cores are still {} apart, above the band: nothing touched",
            Len(d)
        ),
        ToiTermination::Failed => format!(
            "At t1 = {t1:.4} (cores {} apart) the query failed: no separation function was built",
            Len(d)
        ),
    }
}

fn pts(v: &[(f32, f32)]) -> Vec<[f64; 2]> {
    v.iter().map(|(t, s)| [*t as f64, *s as f64]).collect()
}

impl RotatingStudy {
    /// The curves at `step` of the pair `(a, b)` of `scene` (the answer step shows the
    /// last iteration's function): over the interval searched and as much again twice,
    /// or over all of `[t1, 1]` with `whole_step`.
    pub fn curves(
        &self,
        scene: &Scene,
        (a, b): (usize, usize),
        step: usize,
        whole_step: bool,
    ) -> SeparationCurves {
        let tr = &self.trace;
        let input = scene.pair(a, b).rotating_toi();
        let steps = rotating_steps(tr);
        let step = steps.get(step).or(steps.last()).copied();
        let it = step.and_then(|s| tr.iterations.get(s.iteration));
        let t1 = it.map(|i| i.t1).unwrap_or(0.0);
        let push = step
            .and_then(|s| s.push)
            .and_then(|p| it.and_then(|i| i.pushes.get(p)));
        let t_end = it.map(|i| i.t_end).unwrap_or(1.0);
        let to = if whole_step {
            1.0
        } else {
            (t1 + 3.0 * (t_end - t1).max(0.01)).min(1.0)
        };
        SeparationCurves {
            separation: it
                .and_then(|i| i.function)
                .map(|f| pts(&separation_curve(&input, &f, t1, to, SAMPLES)))
                .unwrap_or_default(),
            distance: pts(&distance_curve(&input, t1, to, SAMPLES)),
            target: tr.target as f64,
            tolerance: tr.tolerance as f64,
            t1: t1 as f64,
            t_end: t_end as f64,
            roots: push
                .map(|p| p.roots.iter().map(|r| [r.t as f64, r.s as f64]).collect())
                .unwrap_or_default(),
            bracket: push
                .and_then(|p| p.roots.last())
                .map(|r| (r.a1 as f64, r.a2 as f64)),
            kind: it
                .and_then(|i| i.function)
                .map(|f| super::draw::kind_words(f.kind).to_string())
                .unwrap_or_default(),
            none_because: it
                .filter(|i| i.function.is_none())
                .map(|i| why_no_function(i.t1, i.distance, self.output.termination, tr.target))
                .unwrap_or_default(),
        }
    }
}

// Palette roles, so the light theme maps them (a colour of its own would stay pale on
// white); the plot's legend names each (the caption names none: a colour word is
// true in one theme only).
/// The core distance's colour: grey.
const DISTANCE: Rgba = SHAPE_OTHER;
/// The target band's: green.
const TARGET: Rgba = KEPT;
/// The interval's ends': the text colour.
const INTERVAL: Rgba = Rgba::WHITE;
/// The root finder's: yellow (amber in the light theme).
const ROOTS: Rgba = ADDED;

/// The plot of `c`.
pub fn separation_plot(c: &SeparationCurves) -> Plot {
    separation_plot_naming(c, true)
}

/// The plot of `c`; without `name_axis`, its caption leaves out the axis's kind (a
/// lesson that asks which separation function the step builds shows it so until the
/// question is settled, as the canvas leaves out its "axis:" label).
pub fn separation_plot_naming(c: &SeparationCurves, name_axis: bool) -> Plot {
    let mut plot = Plot {
        title: "s(t): the separation function".into(),
        x_label: "t".into(),
        y_label: "separation".into(),
        ..Plot::default()
    };
    plot.caption = if c.separation.is_empty() {
        format!(
            "{}. The curve shows the core distance d(t).",
            if c.none_because.is_empty() {
                "This step has no separation function"
            } else {
                &c.none_because
            }
        )
    } else {
        let axis = if name_axis {
            format!("the axis ({})", c.kind)
        } else {
            "the axis".to_string()
        };
        format!(
            "s(t): the separation along {axis} from t1 = {:.4} (the deepest pair at each t). The core distance d(t), never below s. The target and its band (dashed). t1 (solid) and the end of the interval searched (dashed). The root finder's bracket (dashed) and iterates (dots). The legend names each line's colour.",
            c.t1
        )
    };
    let s = &mut plot.series;
    s.push(Series::lines(
        "core distance d(t)",
        DISTANCE,
        1.0,
        vec![c.distance.clone()],
    ));
    if !c.separation.is_empty() {
        s.push(Series::lines(
            "s(t)",
            LayerId::Toi.color(),
            2.0,
            vec![c.separation.clone()],
        ));
    }
    s.push(Series::hline("target", TARGET, c.target, false));
    for y in [c.target - c.tolerance, c.target + c.tolerance] {
        s.push(Series::hline("band", TARGET, y, true));
    }
    s.push(Series::vline("t1", INTERVAL, c.t1, false));
    if c.t_end < 1.0 {
        s.push(Series::vline("interval end", INTERVAL, c.t_end, true));
    }
    if let Some((a1, a2)) = c.bracket {
        for x in [a1, a2] {
            s.push(Series::vline("bracket", ROOTS, x, true));
        }
    }
    if !c.roots.is_empty() {
        s.push(Series::points("root iterates", ROOTS, 3.5, c.roots.clone()));
    }
    plot
}
