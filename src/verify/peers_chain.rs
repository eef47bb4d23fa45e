//! `collidescope fuzz --family chain`: the chain family ([`chain_case`]) — our
//! chain-segment manifold ([`collide_chain_segment`]) against Box2D v3's
//! (`b2CollideChainSegmentAnd*`, [`crate::peers::chain`]) on the same segment, ghosts,
//! shape and poses.
//!
//! Four checks per case ([`ChainCheck`]): the same keep/drop decision (points or
//! none), the same point count, when both keep points normals within
//! [`CHAIN_NORMAL_TOLERANCE`], and a ray cast against the segment (one-sided, as
//! Box2D casts chains: [`ray_cast_chain`], `b2RayCastSegment(…, true)`) answered bit
//! for bit alike: hit or miss, fraction, point and normal. A shape Box2D refuses (a polygon `b2ValidateHull`
//! rejects) is counted, not compared. A case that fails any check is a disagreement;
//! its scene holds the chain and the shape (the window and `collidescope report FILE`
//! show our manifold of every segment in reach), and
//! `--family chain --seed S --start I --count 1` reproduces it.

use super::run::run_parallel;
use super::{chain_case, ChainCase, ChainClass, ChainForm, FuzzConfig};
use crate::core::chain::{
    collide_chain_segment, ray_cast_chain, ChainManifold, ChainRayInput, ChainSegmentInput,
};
use crate::core::pair::PosedPair;
use crate::core::raycast::RayInput;
use crate::scene::chains::ChainGeometry;
use crate::scene::{Scene, SceneChain, SceneShape, View};
use crate::trace::peer_answer::PeerManifold;
use crate::verify::Rng;
use glam::Vec2;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The normal tolerance (length of the difference of the unit normals, about the
/// angle in radians), the 1e-4.
pub const CHAIN_NORMAL_TOLERANCE: f32 = 1.0e-4;

/// The checks of a chain case, in the order of the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ChainCheck {
    /// Both keep points, or neither.
    Keep,
    /// The same number of points (0, 1 or 2).
    Count,
    /// Both keep points: normals within [`CHAIN_NORMAL_TOLERANCE`].
    Normal,
    /// A ray against the segment: the same answer, bit for bit.
    Ray,
}

impl ChainCheck {
    pub const ALL: [ChainCheck; 4] = [
        ChainCheck::Keep,
        ChainCheck::Count,
        ChainCheck::Normal,
        ChainCheck::Ray,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ChainCheck::Keep => "chain_keep",
            ChainCheck::Count => "chain_count",
            ChainCheck::Normal => "chain_normal",
            ChainCheck::Ray => "chain_ray",
        }
    }

    fn index(self) -> usize {
        ChainCheck::ALL.iter().position(|c| *c == self).unwrap_or(0)
    }
}

/// One case judged: our outcome and counts, Box2D's, the checks that failed.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainJudgement {
    pub ours: ChainManifold,
    /// Box2D's manifold, or why it refused the shape.
    pub theirs: Result<PeerManifold, String>,
    /// The checks that applied, each with whether it passed.
    pub checks: Vec<(ChainCheck, bool)>,
    /// The normals' difference, when both kept points.
    pub normal_error: Option<f32>,
}

impl ChainJudgement {
    /// Whether any check failed.
    pub fn failed(&self) -> bool {
        self.checks.iter().any(|(_, ok)| !ok)
    }

    /// Both answers in words.
    pub fn detail(&self) -> String {
        let theirs = match &self.theirs {
            Ok(m) => format!(
                "Box2D {} points, normal ({:.6}, {:.6})",
                m.points.len(),
                m.normal[0],
                m.normal[1]
            ),
            Err(why) => why.clone(),
        };
        format!(
            "ours {} with {} points, normal ({:.6}, {:.6}); {theirs}",
            self.ours.termination.as_str(),
            self.ours.points().len(),
            self.ours.normal.x,
            self.ours.normal.y
        )
    }
}

/// Runs both on `case` and compares ([`compare_chain_manifolds`]).
pub fn judge_chain_case(case: &ChainCase) -> ChainJudgement {
    let (xa, xb) = (case.transform_chain(), case.transform_shape());
    let input = ChainSegmentInput::new(PosedPair::new(&case.segment, xa, &case.shape, xb));
    let ours = collide_chain_segment(&input, None);
    let theirs = crate::peers::chain::manifold(&case.segment, &xa, &case.shape, &xb);
    let (mut checks, normal_error) = match &theirs {
        Ok(m) => compare_chain_manifolds(&ours, m),
        Err(_) => (Vec::new(), None),
    };
    if let Some(same) = compare_chain_ray(case) {
        checks.push((ChainCheck::Ray, same));
    }
    ChainJudgement {
        ours,
        theirs,
        checks,
        normal_error,
    }
}

/// Stream salt of the case's ray.
const RAY_SALT: u64 = 0x5241_5943_4841_494E;

/// The case's ray: from a random point on either side of the segment towards a point
/// near it (its extent and a fifth beyond each end), a half to twice that far.
pub fn chain_case_ray(case: &ChainCase) -> RayInput {
    let mut rng = Rng::for_stream(case.seed, case.index, RAY_SALT);
    let xf = case.transform_chain();
    let (a, b) = (xf.apply(case.segment.a), xf.apply(case.segment.b));
    let e = b - a;
    let len = e.length().max(1.0e-3);
    let n = Vec2::new(e.y, -e.x) / len;
    let mid = 0.5 * (a + b);
    let origin = mid + n * (rng.range(-2.0, 2.0) as f32 * len) + e * (rng.range(-1.0, 1.0) as f32);
    let target = a + e * (rng.range(-0.2, 1.2) as f32) + n * (rng.range(-0.05, 0.05) as f32 * len);
    RayInput::new(origin, (target - origin) * rng.range(0.5, 2.0) as f32)
}

/// Our one-sided ray cast against the case's segment and Box2D's: the same answer bit
/// for bit (None when Box2D refuses the ray).
pub fn compare_chain_ray(case: &ChainCase) -> Option<bool> {
    let ray = chain_case_ray(case);
    let xf = case.transform_chain();
    let segments = [case.segment];
    let ours = ray_cast_chain(
        &ChainRayInput {
            segments: &segments,
            transform: xf,
            ray,
        },
        None,
    );
    let theirs = crate::peers::chain::ray_cast(&case.segment, &xf, ray).ok()?;
    let same = ours.hit == theirs.hit
        && (!ours.hit
            || (ours.fraction.to_bits() == theirs.fraction.to_bits()
                && crate::core::math::arr(ours.point) == theirs.point
                && crate::core::math::arr(ours.normal) == theirs.normal));
    Some(same)
}

/// The checks of our manifold against Box2D's, each with whether it passed, and the
/// normals' difference when both keep points.
pub fn compare_chain_manifolds(
    ours: &ChainManifold,
    theirs: &PeerManifold,
) -> (Vec<(ChainCheck, bool)>, Option<f32>) {
    let (n_ours, n_theirs) = (ours.points().len(), theirs.points.len());
    let mut checks = vec![
        (ChainCheck::Keep, (n_ours > 0) == (n_theirs > 0)),
        (ChainCheck::Count, n_ours == n_theirs),
    ];
    let mut normal_error = None;
    if n_ours > 0 && n_theirs > 0 {
        let e = (Vec2::from(theirs.normal) - ours.normal).length();
        normal_error = Some(e);
        checks.push((ChainCheck::Normal, e <= CHAIN_NORMAL_TOLERANCE));
    }
    (checks, normal_error)
}

/// Cases compared and agreeing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Agreement {
    pub compared: u64,
    pub agreed: u64,
}

impl Agreement {
    fn add(&mut self, ok: bool) {
        self.compared += 1;
        self.agreed += ok as u64;
    }

    fn merge(&mut self, o: &Agreement) {
        self.compared += o.compared;
        self.agreed += o.agreed;
    }

    /// The agreement in percent (100 with nothing compared).
    pub fn percent(&self) -> f64 {
        if self.compared == 0 {
            100.0
        } else {
            100.0 * self.agreed as f64 / self.compared as f64
        }
    }
}

/// Per class of placement or form of chain: cases, refused by Box2D, disagreeing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ChainGroupStats {
    pub cases: u64,
    pub refused: u64,
    pub failed: u64,
}

impl ChainGroupStats {
    fn merge(&mut self, o: &ChainGroupStats) {
        self.cases += o.cases;
        self.refused += o.refused;
        self.failed += o.failed;
    }
}

/// One disagreeing case.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainDisagreement {
    pub seed: u64,
    pub index: u64,
    /// The checks that failed.
    pub checks: Vec<ChainCheck>,
    pub detail: String,
}

/// What a chain run found.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainFuzzReport {
    pub seed: u64,
    pub start: u64,
    pub count: u64,
    /// In the order of [`ChainCheck::ALL`].
    pub checks: Vec<(ChainCheck, Agreement)>,
    /// In the order of [`ChainClass::ALL`].
    pub classes: Vec<(ChainClass, ChainGroupStats)>,
    /// In the order of [`ChainForm::ALL`].
    pub forms: Vec<(ChainForm, ChainGroupStats)>,
    /// Our outcomes (the chain query's), counted.
    pub outcomes: BTreeMap<&'static str, u64>,
    /// Disagreements sorted by index, up to the `keep` limit.
    pub disagreements: Vec<ChainDisagreement>,
    pub disagreement_count: u64,
}

impl ChainFuzzReport {
    fn empty(config: &FuzzConfig) -> ChainFuzzReport {
        ChainFuzzReport {
            seed: config.seed,
            start: config.start,
            count: 0,
            checks: ChainCheck::ALL.map(|c| (c, Agreement::default())).to_vec(),
            classes: ChainClass::ALL.map(|c| (c, Default::default())).to_vec(),
            forms: ChainForm::ALL.map(|f| (f, Default::default())).to_vec(),
            outcomes: BTreeMap::new(),
            disagreements: Vec::new(),
            disagreement_count: 0,
        }
    }

    /// Adds case `index`.
    fn add(&mut self, seed: u64, index: u64, keep: usize) {
        let case = chain_case(seed, index);
        let j = judge_chain_case(&case);
        self.count += 1;
        *self
            .outcomes
            .entry(j.ours.termination.as_str())
            .or_default() += 1;
        for (c, ok) in &j.checks {
            self.checks[c.index()].1.add(*ok);
        }
        // Box2D stopping on the case (an assertion) is a finding, not a refusal: it
        // counts as disagreeing and gets its scene, the assertion in the detail.
        let stopped = matches!(&j.theirs, Err(e) if e.starts_with("Box2D v3 asserted `"));
        let failed = j.failed() || stopped;
        for g in [
            &mut self.classes[case.class.index()].1,
            &mut self.forms[case.form.index()].1,
        ] {
            g.cases += 1;
            g.refused += (j.theirs.is_err() && !stopped) as u64;
            g.failed += failed as u64;
        }
        if failed {
            self.disagreement_count += 1;
            if self.disagreements.len() < keep {
                self.disagreements.push(ChainDisagreement {
                    seed,
                    index,
                    checks: j.checks.iter().filter(|c| !c.1).map(|c| c.0).collect(),
                    detail: j.detail(),
                });
            }
        }
    }

    fn merge(&mut self, o: ChainFuzzReport, keep: usize) {
        self.count += o.count;
        for ((_, a), (_, b)) in self.checks.iter_mut().zip(&o.checks) {
            a.merge(b);
        }
        for ((_, a), (_, b)) in self.classes.iter_mut().zip(&o.classes) {
            a.merge(b);
        }
        for ((_, a), (_, b)) in self.forms.iter_mut().zip(&o.forms) {
            a.merge(b);
        }
        for (k, n) in o.outcomes {
            *self.outcomes.entry(k).or_default() += n;
        }
        self.disagreement_count += o.disagreement_count;
        self.disagreements.extend(o.disagreements);
        self.disagreements.sort_by_key(|d| d.index);
        self.disagreements.truncate(keep);
    }

    pub fn is_clean(&self) -> bool {
        self.disagreement_count == 0
    }

    /// The agreement of one check.
    pub fn check(&self, check: ChainCheck) -> Agreement {
        self.checks[check.index()].1
    }

    /// The summary: agreement per check, cases per class and form, our outcomes.
    pub fn table(&self) -> String {
        let mut s = format!(
            "{:<14} {:>10} {:>10} {:>9} {:>9}\n",
            "chain check", "compared", "agreed", "failures", "agree %"
        );
        for (c, a) in &self.checks {
            s.push_str(&format!(
                "{:<14} {:>10} {:>10} {:>9} {:>9.3}\n",
                c.name(),
                a.compared,
                a.agreed,
                a.compared - a.agreed,
                a.percent()
            ));
        }
        let groups = |title: &str, rows: Vec<(&'static str, ChainGroupStats)>| {
            let mut t = format!(
                "\n{:<18} {:>9} {:>13} {:>13}\n",
                title, "cases", "box2d refused", "disagreeing"
            );
            for (name, g) in rows {
                t.push_str(&format!(
                    "{:<18} {:>9} {:>13} {:>13}\n",
                    name, g.cases, g.refused, g.failed
                ));
            }
            t
        };
        s.push_str(&groups(
            "placement",
            self.classes.iter().map(|(c, g)| (c.name(), *g)).collect(),
        ));
        s.push_str(&groups(
            "chain",
            self.forms.iter().map(|(f, g)| (f.name(), *g)).collect(),
        ));
        let outcomes: Vec<String> = self
            .outcomes
            .iter()
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        s.push_str(&format!("\nour outcomes: {}\n", outcomes.join(", ")));
        s
    }
}

/// Runs chain cases `start .. start + count` of `config.seed` on its threads;
/// `progress` as for [`super::run`]. Deterministic whatever the thread count.
pub fn run_chains(config: &FuzzConfig, progress: &mut dyn FnMut(u64, u64)) -> ChainFuzzReport {
    let parts = run_parallel(
        config,
        || ChainFuzzReport::empty(config),
        |r, index| r.add(config.seed, index, config.keep),
        |r| r.disagreement_count,
        progress,
    );
    let mut total = ChainFuzzReport::empty(config);
    for part in parts {
        total.merge(part, config.keep);
    }
    progress(total.count, total.disagreement_count);
    total
}

/// The scene of a chain disagreement: the chain (named "Chain", at its pose) and the
/// shape ("B"), the numbers and the way to reproduce in the notes.
pub fn chain_disagreement_scene(case: &ChainCase, d: &ChainDisagreement) -> Result<Scene, String> {
    let geometry = ChainGeometry {
        points: case.points.clone(),
        closed: case.closed,
        convention: case.convention.into(),
    };
    let chain = SceneChain::new(
        "Chain",
        &geometry,
        case.chain_pose.position,
        case.chain_pose.angle,
    )?;
    let shape = SceneShape::new(
        "B",
        case.shape.geometry().clone(),
        case.shape_pose.position,
        case.shape_pose.angle,
    )?;
    let checks: Vec<&str> = d.checks.iter().map(|c| c.name()).collect();
    let notes = format!(
        "Chain fuzz disagreement with Box2D v3 ({checks}): segment {segment} of the chain \
         against B, a {kind} ({class} placement, {form} chain). {detail}. Reproduce: \
         collidescope fuzz --family chain --seed {seed} --start {index} --count 1",
        checks = checks.join(", "),
        segment = case.segment_index,
        kind = case.kind.name(),
        class = case.class.name(),
        form = case.form.name(),
        detail = d.detail,
        seed = d.seed,
        index = d.index,
    );
    Ok(Scene {
        title: format!("Chain fuzz: seed {}, case {}", d.seed, d.index),
        notes,
        group: "Fuzz failures".to_string(),
        shapes: vec![shape],
        chains: vec![chain],
        // One shape: no pair for the configuration view; the world view takes it all.
        view: View {
            split: 1.0,
            ..View::default()
        },
        ..Scene::default()
    })
}

/// The file name of a chain disagreement's scene.
pub fn chain_scene_file_name(d: &ChainDisagreement) -> String {
    format!("chain-seed{}-case{:07}.ron", d.seed, d.index)
}

/// Writes one scene per kept disagreement into `dir` (created if missing), at most
/// `max`. Returns the paths written.
pub fn write_chain_scenes(
    report: &ChainFuzzReport,
    dir: &Path,
    max: usize,
) -> Result<Vec<PathBuf>, String> {
    super::scenes::write_case_scenes(&report.disagreements, dir, max, |d| {
        let case = chain_case(d.seed, d.index);
        Ok((
            chain_disagreement_scene(&case, d)?,
            chain_scene_file_name(d),
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::peer_answer::PeerContact;

    /// Case 0 of seed 3 with Box2D's answer changed: a tilted normal, a lost point,
    /// no points at all.
    #[test]
    fn a_changed_answer_fails_the_checks_it_should() {
        let case = (0..200)
            .map(|i| chain_case(3, i))
            .find(|c| judge_chain_case(c).ours.points().len() == 2)
            .expect("a two-point contact among 200 cases");
        let j = judge_chain_case(&case);
        let theirs = j.theirs.clone().expect("Box2D takes the shape");
        assert!(!j.failed(), "{}", j.detail());
        let failed = |m: &PeerManifold| -> Vec<ChainCheck> {
            let (checks, _) = compare_chain_manifolds(&j.ours, m);
            checks.into_iter().filter(|c| !c.1).map(|c| c.0).collect()
        };
        let mut tilted = theirs.clone();
        let n = Vec2::from(tilted.normal);
        tilted.normal = (n + 3.0e-4 * n.perp()).normalize().into();
        assert_eq!(failed(&tilted), vec![ChainCheck::Normal]);
        let mut one: PeerManifold = theirs.clone();
        one.points.truncate(1);
        assert_eq!(failed(&one), vec![ChainCheck::Count]);
        let none = PeerManifold {
            normal: theirs.normal,
            points: Vec::<PeerContact>::new(),
        };
        assert_eq!(failed(&none), vec![ChainCheck::Keep, ChainCheck::Count]);
    }

    #[test]
    fn the_report_does_not_depend_on_the_thread_count() {
        let mut config = FuzzConfig::new(4, 600);
        config.threads = 1;
        let one = run_chains(&config, &mut |_, _| {});
        config.threads = 3;
        let three = run_chains(&config, &mut |_, _| {});
        assert_eq!(one, three);
        assert_eq!(one.count, 600);
        assert_eq!(one.check(ChainCheck::Keep).compared, 600);
    }

    #[test]
    fn a_disagreement_scene_loads_with_the_chain_and_the_shape() {
        let case = chain_case(1, 7);
        let d = ChainDisagreement {
            seed: 1,
            index: 7,
            checks: vec![ChainCheck::Normal],
            detail: "made up".into(),
        };
        let scene = chain_disagreement_scene(&case, &d).expect("a valid scene");
        let text = crate::scene::scene_to_string(&scene);
        let back = crate::scene::parse_scene(&text, "chain.ron").expect("it parses");
        assert_eq!(back.chains.len(), 1);
        assert_eq!(back.chains[0].segments()[case.segment_index], case.segment);
        assert_eq!(back.chains[0].pose, case.chain_pose);
        assert_eq!(back.shapes[0].shape, case.shape);
        assert_eq!(back.shapes[0].pose, case.shape_pose);
        assert!(back
            .notes
            .contains("--family chain --seed 1 --start 7 --count 1"));
    }
}
