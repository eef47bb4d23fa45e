//! The run's statistics and report: per check and per family, the disagreements kept.

use super::*;
use crate::core::manifold::ManifoldSource;

/// Per-check counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CheckStats {
    /// Pairs the check applied to.
    pub pairs: u64,
    pub passed: u64,
    pub failed: u64,
    /// The largest error over tolerance seen, its error and tolerance, and the pair.
    pub worst_ratio: f64,
    pub worst_error: f64,
    pub worst_tolerance: f64,
    pub worst_index: Option<u64>,
}

impl CheckStats {
    pub(super) fn add(&mut self, m: &Measure, index: u64) {
        self.pairs += 1;
        if m.failed() {
            self.failed += 1;
        } else {
            self.passed += 1;
        }
        let ratio = m.ratio();
        if self.worst_index.is_none() || ratio > self.worst_ratio {
            self.worst_ratio = ratio;
            self.worst_error = m.error;
            self.worst_tolerance = m.tolerance;
            self.worst_index = Some(index);
        }
    }

    fn merge(&mut self, o: &CheckStats) {
        self.pairs += o.pairs;
        self.passed += o.passed;
        self.failed += o.failed;
        let better = match (self.worst_index, o.worst_index) {
            (_, None) => false,
            (None, Some(_)) => true,
            (Some(i), Some(j)) => {
                o.worst_ratio > self.worst_ratio || (o.worst_ratio == self.worst_ratio && j < i)
            }
        };
        if better {
            self.worst_ratio = o.worst_ratio;
            self.worst_error = o.worst_error;
            self.worst_tolerance = o.worst_tolerance;
            self.worst_index = o.worst_index;
        }
    }
}

/// Per-family counts, with how often each iteration bound was reached.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FamilyStats {
    pub pairs: u64,
    /// Pairs with at least one disagreement.
    pub failed_pairs: u64,
    pub gjk_max_iterations: u64,
    pub epa_max_iterations: u64,
    pub epa_stalled: u64,
    pub cast_max_iterations: u64,
}

impl FamilyStats {
    fn merge(&mut self, o: &FamilyStats) {
        self.pairs += o.pairs;
        self.failed_pairs += o.failed_pairs;
        self.gjk_max_iterations += o.gjk_max_iterations;
        self.epa_max_iterations += o.epa_max_iterations;
        self.epa_stalled += o.epa_stalled;
        self.cast_max_iterations += o.cast_max_iterations;
    }
}

/// One disagreement beyond tolerance.
#[derive(Clone, Debug, PartialEq)]
pub struct Disagreement {
    pub seed: u64,
    pub index: u64,
    pub family: Family,
    pub check: Check,
    pub error: f64,
    pub tolerance: f64,
    /// Expected and actual numbers, in words.
    pub detail: String,
    pub manifold_source: Option<ManifoldSource>,
}

/// What a run found.
#[derive(Clone, Debug, PartialEq)]
pub struct FuzzReport {
    pub seed: u64,
    pub start: u64,
    pub count: u64,
    /// In the order of [`Check::ALL`].
    pub checks: Vec<(Check, CheckStats)>,
    /// In the order of [`Family::ALL`].
    pub families: Vec<(Family, FamilyStats)>,
    /// The rays cast (two per pair), per [`RayClass`] in the order of
    /// [`RayClass::ALL`].
    pub rays: Vec<(RayClass, RayClassStats)>,
    /// Every disagreement (sorted by pair index, then check), up to the `keep` limit.
    pub disagreements: Vec<Disagreement>,
    /// All disagreements, including those not kept.
    pub disagreement_count: u64,
}

impl FuzzReport {
    pub(super) fn empty(config: &FuzzConfig) -> FuzzReport {
        FuzzReport {
            seed: config.seed,
            start: config.start,
            count: 0,
            checks: Check::ALL
                .iter()
                .map(|c| (*c, CheckStats::default()))
                .collect(),
            families: Family::ALL
                .iter()
                .map(|f| (*f, FamilyStats::default()))
                .collect(),
            rays: empty_ray_stats(),
            disagreements: Vec::new(),
            disagreement_count: 0,
        }
    }

    pub(super) fn merge(&mut self, o: FuzzReport, keep: usize) {
        self.count += o.count;
        for ((_, a), (_, b)) in self.checks.iter_mut().zip(&o.checks) {
            a.merge(b);
        }
        for ((_, a), (_, b)) in self.families.iter_mut().zip(&o.families) {
            a.merge(b);
        }
        for ((_, a), (_, b)) in self.rays.iter_mut().zip(&o.rays) {
            a.merge(b);
        }
        self.disagreement_count += o.disagreement_count;
        self.disagreements.extend(o.disagreements);
        self.disagreements
            .sort_by(|a, b| a.index.cmp(&b.index).then(a.check.cmp(&b.check)));
        self.disagreements.truncate(keep);
    }

    pub fn is_clean(&self) -> bool {
        self.disagreement_count == 0
    }

    /// The stats of one check.
    pub fn check(&self, check: Check) -> CheckStats {
        self.checks[check.index()].1
    }

    pub fn family(&self, family: Family) -> FamilyStats {
        self.families[family.index()].1
    }

    /// The summary table, as printed by `collidescope fuzz`.
    pub fn table(&self) -> String {
        let mut s = String::new();
        s.push_str(&format!(
            "{:<16} {:>10} {:>9}  {:>11}  {:>11}  {:>9}\n",
            "check", "pairs", "failures", "worst error", "tolerance", "error/tol"
        ));
        for (c, st) in &self.checks {
            let (err, tol, ratio) = if st.pairs > 0 {
                (
                    format!("{:.3e}", st.worst_error),
                    format!("{:.3e}", st.worst_tolerance),
                    format!("{:.3}", st.worst_ratio),
                )
            } else {
                ("-".into(), "-".into(), "-".into())
            };
            s.push_str(&format!(
                "{:<16} {:>10} {:>9}  {:>11}  {:>11}  {:>9}\n",
                c.name(),
                st.pairs,
                st.failed,
                err,
                tol,
                ratio
            ));
        }
        s.push('\n');
        s.push_str(&format!(
            "{:<18} {:>9} {:>13} {:>9} {:>9} {:>11} {:>10}\n",
            "family", "pairs", "failed pairs", "gjk max", "epa max", "epa stalled", "cast max"
        ));
        for (fam, st) in &self.families {
            s.push_str(&format!(
                "{:<18} {:>9} {:>13} {:>9} {:>9} {:>11} {:>10}\n",
                fam.name(),
                st.pairs,
                st.failed_pairs,
                st.gjk_max_iterations,
                st.epa_max_iterations,
                st.epa_stalled,
                st.cast_max_iterations
            ));
        }
        s.push('\n');
        s.push_str(&self.ray_table());
        s
    }

    /// The rays per class: cast, ambiguous (counted, not compared), the oracle's
    /// hits, misses and origins inside, GJK ray casts at their iteration bound.
    pub fn ray_table(&self) -> String {
        let mut s = format!(
            "{:<18} {:>9} {:>10} {:>9} {:>9} {:>9} {:>8}\n",
            "ray class", "rays", "ambiguous", "hit", "missed", "inside", "gjk max"
        );
        let mut total = RayClassStats::default();
        let rows = self.rays.iter().map(|(c, st)| (c.name(), *st));
        for (name, st) in rows.collect::<Vec<_>>().into_iter().chain([("", total)]) {
            let (name, st) = if name.is_empty() {
                ("all", total)
            } else {
                total.merge(&st);
                (name, st)
            };
            s.push_str(&format!(
                "{:<18} {:>9} {:>10} {:>9} {:>9} {:>9} {:>8}\n",
                name, st.rays, st.ambiguous, st.hit, st.missed, st.inside, st.gjk_max_iterations
            ));
        }
        s
    }
}
