//! Bookkeeping.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Disagreement {
    /// `distance` differs.
    Distance,
    /// Witness points differ where they are unique.
    WitnessPoints,
    /// One says overlapping, the other separated (the pair is not touching).
    Overlap,
    /// parry2d's `contact` with prediction 0 returned a contact for separated shapes
    /// (with a positive `dist`).
    ContactBeyondPrediction,
    /// parry's `contact` found no contact for overlapping shapes.
    ContactMissing,
    /// Penetration depth differs.
    Depth,
    /// Penetration normal differs (not a tie).
    Normal,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Favoured {
    /// Collidescope within tolerance of the exact answer, parry2d not.
    Collidescope,
    /// parry2d within tolerance, Collidescope not.
    Parry2d,
    /// Both within tolerance of the exact answer (they differ by less than 2 tolerances).
    Both,
    Neither,
}

pub(crate) fn favoured(coll_ok: bool, parry_ok: bool) -> Favoured {
    match (coll_ok, parry_ok) {
        (true, false) => Favoured::Collidescope,
        (false, true) => Favoured::Parry2d,
        (true, true) => Favoured::Both,
        (false, false) => Favoured::Neither,
    }
}

#[derive(Default)]
pub(crate) struct Tally {
    pub(crate) count: usize,
    /// Largest |Collidescope − parry2d| seen, relative to `L`.
    pub(crate) max_diff: f64,
    /// Largest |parry2d − exact|, relative to `L`.
    pub(crate) max_parry_err: f64,
    pub(crate) example: String,
}

#[derive(Default)]
pub(crate) struct CombinationStats {
    pub(crate) pairs: usize,
    pub(crate) overlapping: usize,
    pub(crate) separated: usize,
    pub(crate) touching: usize,
    /// Disagreement records (a pair can have several kinds).
    pub(crate) disagreements: usize,
    /// Pairs with at least one disagreement.
    pub(crate) pairs_disagreeing: usize,
}

#[derive(Default)]
pub(crate) struct Report {
    pub(crate) combos: BTreeMap<(Kind, Kind), CombinationStats>,
    pub(crate) disagreements: BTreeMap<(Disagreement, Favoured), Tally>,
    pub(crate) by_combination: BTreeMap<(Kind, Kind, Disagreement), usize>,
    pub(crate) failures: Vec<String>,
    /// Largest Collidescope error against the exact answer, relative to `L`, per check.
    pub(crate) max_err: BTreeMap<&'static str, f64>,
    pub(crate) polygon_sizes: BTreeMap<usize, usize>,
    pub(crate) gjk_terminations: BTreeMap<&'static str, usize>,
    pub(crate) cache_uses: BTreeMap<String, usize>,
    pub(crate) epa_terminations: BTreeMap<&'static str, usize>,
}

impl Report {
    pub(crate) fn err(&mut self, check: &'static str, value: f64) {
        let e = self.max_err.entry(check).or_insert(0.0);
        *e = e.max(value);
    }

    pub(crate) fn disagree(
        &mut self,
        combo: (Kind, Kind),
        kind: Disagreement,
        fav: Favoured,
        diff: f64,
        parry_err: f64,
        what: String,
    ) {
        self.combos.entry(combo).or_default().disagreements += 1;
        *self
            .by_combination
            .entry((combo.0, combo.1, kind))
            .or_default() += 1;
        if std::env::var("DIFF_DEBUG").is_ok_and(|k| k == format!("{kind:?}")) {
            eprintln!("DEBUG {kind:?} {fav:?}: {what}");
        }
        let t = self.disagreements.entry((kind, fav)).or_default();
        t.count += 1;
        t.max_diff = t.max_diff.max(diff);
        t.max_parry_err = t.max_parry_err.max(parry_err);
        if t.example.is_empty() {
            t.example = what;
        }
    }
}
