//! The degenerate families ([`degenerate_case`]) against the live Box2D v3: our
//! `Box2dV3` manifold (the SAT source) and `b2Collide*`, our GJK distance and
//! `b2ShapeDistance`, on the same f32 inputs.
//!
//! - **Manifold**: the same point count; when there are points, normals within 1e-6
//!   and each point (in Box2D's order) on both surfaces and in separation within 1e-6
//!   of the pair's size `L` (the distance between the positions plus both bounding
//!   radii, not the world coordinates); whether every number is bit for bit Box2D's is
//!   counted apart. Pairs Box2D has no function for (two bare segments) are not
//!   compared.
//! - **Ids**: each point's `id` equal to Box2D's `B2_MAKE_ID(a, b)`.
//! - **Distance**: `b2ShapeDistance` from a cold cache (radii used) against ours from
//!   a cold cache: the same iteration count and the same simplex cache (vertex index
//!   pairs). Box2D returns early when its simplex encloses the origin or its search
//!   direction vanishes — before it counts its iterations (0) and without writing the
//!   cache — so our overlap endings (`overlap`, `direction_zero`) are compared as
//!   Box2D reports them: 0 iterations, the cache as it came in (empty).

use super::{degenerate_case, DegenerateCase, DegenerateFamily, FuzzConfig};
use crate::core::gjk::shape_distance;
use crate::core::manifold::{contact_manifold, ManifoldOutput, ManifoldSource};
use crate::peers::box2d;
use crate::scene::Settings;
use crate::trace::peer_answer::{PeerCache, PeerManifold};
use glam::Vec2;
use std::collections::BTreeMap;

/// Ours against Box2D on one case.
#[derive(Clone, Debug)]
pub struct DegenerateJudgement {
    /// The manifolds agree (count, normal, points, separations); `None` when Box2D
    /// has no function for the pair.
    pub manifold: Option<bool>,
    /// Every number of the manifold is Box2D's, bit for bit (ids included).
    pub bitwise: Option<bool>,
    /// The ids agree.
    pub ids: Option<bool>,
    /// The distance query's iteration count agrees (as Box2D reports it).
    pub iterations: bool,
    /// The simplex cache agrees (as Box2D reports it).
    pub cache: bool,
    /// What differed, in words (empty when nothing did).
    pub detail: String,
    /// Why the distance queries differ, when they do ([`distance_class`]).
    pub distance_class: Option<&'static str>,
    /// Box2D's absolute direction test stopped it early with the origin off the
    /// simplex (a short simplex edge): ours went on, its loop Box2D's to that step.
    pub box2d_early_stop: bool,
    /// ... and Box2D's answer is an overlap where the shapes are apart by more than
    /// 1e-6 of the pair's size (ours is the distance).
    pub box2d_false_overlap: bool,
}

impl DegenerateJudgement {
    pub fn failed(&self) -> bool {
        self.manifold == Some(false) || self.ids == Some(false) || !self.iterations || !self.cache
    }
}

/// The pair's size `L`: the distance between the positions plus both bounding radii.
pub fn pair_size(case: &DegenerateCase) -> f32 {
    case.transform_a.p.distance(case.transform_b.p)
        + case.shape_a.bounding_radius()
        + case.shape_b.bounding_radius()
}

/// Judges one case (see the module docs) with the default settings (the `Box2dV3`
/// preset).
pub fn judge_degenerate(case: &DegenerateCase) -> DegenerateJudgement {
    judge_degenerate_with(case, &Settings::default())
}

/// Judges one case with `settings` (another preset's manifold against Box2D's).
pub fn judge_degenerate_with(case: &DegenerateCase, settings: &Settings) -> DegenerateJudgement {
    let inputs = case.inputs(settings);
    let tol = 1.0e-6 * pair_size(case);
    let mut detail = String::new();
    let (manifold, bitwise, ids) = match box2d::manifold(&inputs) {
        Ok(theirs) => {
            let ours = contact_manifold(&inputs.manifold(ManifoldSource::Sat), None);
            let (same, bits, ids) = compare_manifolds(&ours, &theirs, tol);
            if !same || !ids {
                detail += &format!(
                    "manifold: ours {} point(s) normal {:?} {:?}; Box2D {} point(s) normal {:?} {:?}. ",
                    ours.points().len(),
                    ours.normal,
                    ours.points()
                        .iter()
                        .map(|p| (p.point_a, p.separation, p.id))
                        .collect::<Vec<_>>(),
                    theirs.points.len(),
                    theirs.normal,
                    theirs
                        .points
                        .iter()
                        .map(|p| (p.point_a, p.separation, p.id))
                        .collect::<Vec<_>>()
                );
            }
            (Some(same), Some(bits), Some(ids))
        }
        Err(_) => (None, None, None),
    };
    let ours = shape_distance(&inputs.distance(), None, None);
    let (theirs, _) = box2d::distance(&inputs);
    // Ours as Box2D reports it: its early returns count nothing and write no cache.
    let report = ours.box2d_report();
    let our_iterations = report.iterations;
    let our_cache = PeerCache {
        index_a: report.index_a,
        index_b: report.index_b,
    };
    let iterations = theirs.iterations == Some(our_iterations);
    let same_cache = theirs.cache.as_ref() == Some(&our_cache);
    let distance_class = (!iterations || !same_cache)
        .then(|| distance_class(ours.termination, theirs.iterations, ours.distance));
    let early = ours.box2d_early_return && !ours.termination.is_overlap();
    let false_overlap = early && theirs.distance == 0.0 && ours.distance > tol;
    if !iterations || !same_cache {
        detail += &format!(
            "distance: ours {} iteration(s) ({}), cache A{:?} B{:?}; Box2D {:?}, cache {:?}",
            ours.iterations,
            ours.termination.as_str(),
            our_cache.index_a,
            our_cache.index_b,
            theirs.iterations,
            theirs.cache
        );
    }
    DegenerateJudgement {
        manifold,
        bitwise,
        ids,
        iterations,
        cache: same_cache,
        detail,
        distance_class,
        box2d_early_stop: early,
        box2d_false_overlap: false_overlap,
    }
}

/// The classes of distance differences: each names the rule that parts the two
/// loops. Ours follows Box2D's arithmetic step for step and adds two stops of its own
/// (`core::gjk`): a support pair met earlier ends a circling loop, and Box2D's
/// absolute direction test ends the query only with the origin on the simplex (when
/// it fires with the origin off it, Box2D's report is compared: see the module docs).
pub fn distance_class(
    ours: crate::core::gjk::GjkTermination,
    box2d_iterations: Option<u32>,
    our_distance: f32,
) -> &'static str {
    use crate::core::gjk::GjkTermination as T;
    match ours {
        T::Cycle => "our cycle test stopped a circling loop; Box2D circles on",
        T::MaxIterations => "the iteration bound (Box2D leaves its last support unsolved)",
        _ if box2d_iterations == Some(0) && our_distance > 0.0 => {
            "Box2D stopped early, ours did not"
        }
        _ => "other",
    }
}

/// Whether `ours` and `theirs` agree within `tol` (count, normal, points in order,
/// separations), are bit for bit the same, and have the same ids.
pub fn compare_manifolds(
    ours: &ManifoldOutput,
    theirs: &PeerManifold,
    tol: f32,
) -> (bool, bool, bool) {
    let op = ours.points();
    let tp = &theirs.points;
    if op.len() != tp.len() {
        return (false, false, false);
    }
    let near = |a: [f32; 2], b: Vec2| (Vec2::from(a) - b).length() <= tol;
    let normal_ok = tp.is_empty() || (Vec2::from(theirs.normal) - ours.normal).length() <= 1.0e-6;
    let points_ok = op.iter().zip(tp).all(|(o, t)| {
        near(t.point_a, o.point_a)
            && near(t.point_b, o.point_b)
            && (t.separation - o.separation).abs() <= tol
    });
    let ids = op.iter().zip(tp).all(|(o, t)| t.id == Some(o.id));
    let bits = (tp.is_empty() || theirs.normal == ours.normal.to_array())
        && op.iter().zip(tp).all(|(o, t)| {
            t.point_a == o.point_a.to_array()
                && t.point_b == o.point_b.to_array()
                && t.separation.to_bits() == o.separation.to_bits()
        })
        && ids;
    (normal_ok && points_ok, bits, ids)
}

/// One family's tallies.
#[derive(Clone, Debug, Default)]
pub struct DegenerateTally {
    pub cases: u64,
    /// Cases Box2D has a manifold function for.
    pub manifold_compared: u64,
    pub manifold_same: u64,
    pub manifold_bitwise: u64,
    pub ids_same: u64,
    pub iterations_same: u64,
    pub cache_same: u64,
    /// Box2D's distance stopped early by its absolute direction test (compared as it
    /// reports that: 0 iterations, the cache unwritten), and of those its false
    /// overlaps.
    pub box2d_early_stops: u64,
    pub box2d_false_overlaps: u64,
    /// The distance differences by class ([`distance_class`]).
    pub distance_classes: BTreeMap<&'static str, u64>,
}

impl DegenerateTally {
    fn add(&mut self, j: &DegenerateJudgement) {
        self.cases += 1;
        if j.manifold.is_some() {
            self.manifold_compared += 1;
        }
        self.manifold_same += u64::from(j.manifold == Some(true));
        self.manifold_bitwise += u64::from(j.bitwise == Some(true));
        self.ids_same += u64::from(j.ids == Some(true));
        self.iterations_same += u64::from(j.iterations);
        self.cache_same += u64::from(j.cache);
        self.box2d_early_stops += u64::from(j.box2d_early_stop);
        self.box2d_false_overlaps += u64::from(j.box2d_false_overlap);
        if let Some(c) = j.distance_class {
            *self.distance_classes.entry(c).or_default() += 1;
        }
    }

    fn merge(&mut self, o: &DegenerateTally) {
        self.cases += o.cases;
        self.manifold_compared += o.manifold_compared;
        self.manifold_same += o.manifold_same;
        self.manifold_bitwise += o.manifold_bitwise;
        self.ids_same += o.ids_same;
        self.iterations_same += o.iterations_same;
        self.cache_same += o.cache_same;
        self.box2d_early_stops += o.box2d_early_stops;
        self.box2d_false_overlaps += o.box2d_false_overlaps;
        for (c, n) in &o.distance_classes {
            *self.distance_classes.entry(c).or_default() += n;
        }
    }

    /// The least of the four agreement rates (manifold, ids over the compared
    /// manifolds; iterations, cache over every case), in percent.
    pub fn worst_percent(&self) -> f64 {
        let pct = |n: u64, of: u64| {
            if of == 0 {
                100.0
            } else {
                100.0 * n as f64 / of as f64
            }
        };
        [
            pct(self.manifold_same, self.manifold_compared),
            pct(self.ids_same, self.manifold_compared),
            pct(self.iterations_same, self.cases),
            pct(self.cache_same, self.cases),
        ]
        .into_iter()
        .fold(100.0, f64::min)
    }
}

/// A case that disagreed.
#[derive(Clone, Debug)]
pub struct DegenerateDisagreement {
    pub seed: u64,
    pub index: u64,
    pub family: DegenerateFamily,
    pub variant: String,
    pub detail: String,
}

/// A run of degenerate cases: per family tallies and the disagreements kept.
#[derive(Clone, Debug, Default)]
pub struct DegenerateReport {
    pub families: BTreeMap<DegenerateFamily, DegenerateTally>,
    pub disagreement_count: u64,
    pub disagreements: Vec<DegenerateDisagreement>,
}

impl DegenerateReport {
    /// Adds case `case`'s judgement, keeping at most `keep` disagreements.
    pub fn add(&mut self, case: &DegenerateCase, j: &DegenerateJudgement, keep: usize) {
        self.families.entry(case.family).or_default().add(j);
        if j.failed() {
            self.disagreement_count += 1;
            if self.disagreements.len() < keep {
                self.disagreements.push(DegenerateDisagreement {
                    seed: case.seed,
                    index: case.index,
                    family: case.family,
                    variant: case.variant.clone(),
                    detail: j.detail.clone(),
                });
            }
        }
    }

    fn merge(&mut self, o: DegenerateReport, keep: usize) {
        for (f, t) in &o.families {
            self.families.entry(*f).or_default().merge(t);
        }
        self.disagreement_count += o.disagreement_count;
        for d in o.disagreements {
            if self.disagreements.len() < keep {
                self.disagreements.push(d);
            }
        }
        self.disagreements.sort_by_key(|d| d.index);
    }

    pub fn is_clean(&self) -> bool {
        self.disagreement_count == 0
    }

    /// The table: per family the cases and each agreement with its rate.
    pub fn table(&self) -> String {
        let pct = |n: u64, of: u64| {
            if of == 0 {
                100.0
            } else {
                100.0 * n as f64 / of as f64
            }
        };
        let mut s = format!(
            "{:<18} {:>7} {:>9} {:>16} {:>16} {:>16} {:>16} {:>16} {:>13}\n",
            "family",
            "cases",
            "manifold",
            "same",
            "bit for bit",
            "ids",
            "iterations",
            "cache",
            "Box2D early"
        );
        let mut total = DegenerateTally::default();
        let mut row = |name: &str, t: &DegenerateTally| {
            let cell = |n: u64, of: u64| format!("{n} ({:.3} %)", pct(n, of));
            s += &format!(
                "{:<18} {:>7} {:>9} {:>16} {:>16} {:>16} {:>16} {:>16} {:>13}\n",
                name,
                t.cases,
                t.manifold_compared,
                cell(t.manifold_same, t.manifold_compared),
                cell(t.manifold_bitwise, t.manifold_compared),
                cell(t.ids_same, t.manifold_compared),
                cell(t.iterations_same, t.cases),
                cell(t.cache_same, t.cases),
                format!("{} ({})", t.box2d_early_stops, t.box2d_false_overlaps),
            );
        };
        for (f, t) in &self.families {
            row(f.name(), t);
            total.merge(t);
        }
        row("all", &total);
        if !total.distance_classes.is_empty() {
            s += "distance differences by class:\n";
            for (f, t) in &self.families {
                for (c, n) in &t.distance_classes {
                    s += &format!("  {:<18} {n:>6}  {c}\n", f.name());
                }
            }
        }
        s
    }
}

/// Cases `start .. start + count` of `config` (of its degenerate `family` when given)
/// on its threads, judged against Box2D.
pub fn run_degenerate(
    config: &FuzzConfig,
    family: Option<DegenerateFamily>,
    progress: &mut dyn FnMut(u64, u64),
) -> DegenerateReport {
    let keep = config.keep;
    let parts = super::run::run_parallel(
        config,
        DegenerateReport::default,
        |report, index| {
            let case = degenerate_case(config.seed, index, family);
            report.add(&case, &judge_degenerate(&case), keep);
        },
        |r| r.disagreement_count,
        progress,
    );
    let mut total = DegenerateReport::default();
    for p in parts {
        total.merge(p, keep);
    }
    total
}

/// The scene of a degenerate case that disagreed: shapes A and B at their exact poses
/// (`rotation: (c, s)` as the case was built, so the file replays Box2D's input bit
/// for bit), the differences and the way to reproduce in the notes, on the manifold
/// with SAT's normal (the `Box2dV3` preset: Box2D's functions).
pub fn degenerate_scene(
    case: &DegenerateCase,
    d: &DegenerateDisagreement,
) -> Result<crate::scene::Scene, String> {
    use crate::core::shape::Pose;
    use crate::scene::{Scene, SceneShape, View};
    let shape = |name: &str, s: &crate::core::shape::Shape, xf: &crate::core::math::Transform| {
        let mut entry = SceneShape::new(name, s.geometry().clone(), xf.p, xf.q.angle())?;
        entry.pose = Pose::with_rotation(xf.p, xf.q);
        Ok::<_, String>(entry)
    };
    let notes = format!(
        "Degenerate case against Box2D v3 ({family}: {variant}): {detail}. Reproduce: \
         collidescope fuzz --family degenerate --seed {seed} --start {index} --count 1",
        family = d.family.name(),
        variant = d.variant,
        detail = d.detail,
        seed = d.seed,
        index = d.index,
    );
    Ok(Scene {
        title: format!(
            "Degenerate fuzz: {} (seed {}, case {})",
            d.family.name(),
            d.seed,
            d.index
        ),
        notes,
        group: "Fuzz failures".to_string(),
        shapes: vec![
            shape("A", &case.shape_a, &case.transform_a)?,
            shape("B", &case.shape_b, &case.transform_b)?,
        ],
        view: View {
            a: "A".to_string(),
            b: "B".to_string(),
            algorithm: crate::scene::view_state::Algorithm::Manifold,
            manifold_source: "sat".to_string(),
            ..View::default()
        },
        ..Scene::default()
    })
}

/// Writes one scene per kept disagreement into `dir` (created if missing), at most
/// `max`. Returns the paths written.
pub fn write_degenerate_scenes(
    report: &DegenerateReport,
    dir: &std::path::Path,
    max: usize,
) -> Result<Vec<std::path::PathBuf>, String> {
    super::scenes::write_case_scenes(&report.disagreements, dir, max, |d| {
        let case = degenerate_case(d.seed, d.index, Some(d.family));
        Ok((
            degenerate_scene(&case, d)?,
            format!(
                "degenerate-{}-seed{}-case{:07}.ron",
                d.family.name(),
                d.seed,
                d.index
            ),
        ))
    })
}
