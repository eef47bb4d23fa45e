//! What `fuzz --peers` counts: each engine answer's [`Verdict`] against the exact
//! reference (ours beside it), the cases that were not agreements, and the tables.

use super::{Family, FuzzPair};
use crate::trace::peer_answer::Engine;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// How an engine's answer compares with the exact one, ours beside it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// Both within tolerance.
    Agree,
    /// The engine is off, ours is right.
    EngineWrong,
    /// The engine is right, ours is off.
    OursWrong,
    /// Both are off.
    BothWrong,
    /// The engine stopped on a legal input (Box2D asserted, parry2d panicked): a
    /// finding of its own, whatever the exact answer.
    EngineStopped,
}

impl Verdict {
    pub(super) fn of(engine_ok: bool, ours_ok: bool) -> Verdict {
        match (engine_ok, ours_ok) {
            (true, true) => Verdict::Agree,
            (false, true) => Verdict::EngineWrong,
            (true, false) => Verdict::OursWrong,
            (false, false) => Verdict::BothWrong,
        }
    }
}

/// One classified answer that is not an agreement.
#[derive(Clone, Debug)]
pub struct PeerCase {
    pub seed: u64,
    pub index: u64,
    pub family: Family,
    pub engine: Engine,
    pub query: &'static str,
    pub verdict: Verdict,
    /// The exact, our and the engine's numbers, in words.
    pub detail: String,
}

/// What `fuzz --peers` found: per engine and query, how many answers of each verdict;
/// the first `keep` cases that were not agreements.
#[derive(Clone, Debug, Default)]
pub struct PeerReport {
    pub counts: BTreeMap<(Engine, &'static str), [u64; 5]>,
    /// Turning pairs: per engine, how many answers of each
    /// [`super::peers_rotating::PeerClass`] (by name), and (Box2D) how many disagree
    /// with the scene's motion rather than its own.
    pub rotating: BTreeMap<(Engine, String), u64>,
    /// Rays: per engine, how many answers of each class (agreeing, by convention,
    /// wrong, refused, ambiguous: see [`super::peers_ray`]).
    pub ray_classes: BTreeMap<(Engine, &'static str), u64>,
    /// Distances an engine got wrong: per engine, how many of each class (see
    /// [`super::peers::distance_class`]).
    pub distance_classes: BTreeMap<(Engine, &'static str), u64>,
    pub cases: Vec<PeerCase>,
    pub keep: usize,
}

impl PeerReport {
    pub(super) fn ray_class(&mut self, engine: Engine, class: &'static str) {
        *self.ray_classes.entry((engine, class)).or_default() += 1;
    }

    pub(super) fn record(
        &mut self,
        pair: &FuzzPair,
        engine: Engine,
        query: &'static str,
        v: Verdict,
        detail: impl FnOnce() -> String,
    ) {
        self.counts.entry((engine, query)).or_default()[v as usize] += 1;
        if v != Verdict::Agree && self.cases.len() < self.keep {
            self.cases.push(PeerCase {
                seed: pair.seed,
                index: pair.index,
                family: pair.family,
                engine,
                query,
                verdict: v,
                detail: detail(),
            });
        }
    }

    /// The counts as a table.
    pub fn table(&self) -> String {
        let mut s = format!(
            "{:<10} {:<12} {:>8} {:>13} {:>11} {:>11} {:>15}\n",
            "engine",
            "query",
            "agree",
            "engine wrong",
            "ours wrong",
            "both wrong",
            "engine stopped"
        );
        for ((engine, query), c) in &self.counts {
            let _ = writeln!(
                s,
                "{:<10} {:<12} {:>8} {:>13} {:>11} {:>11} {:>15}",
                engine.key(),
                query,
                c[0],
                c[1],
                c[2],
                c[3],
                c[4]
            );
        }
        if !self.rotating.is_empty() {
            s.push_str("\nrotating time of impact by class (turning pairs):\n");
            for ((engine, class), n) in &self.rotating {
                let _ = writeln!(s, "{:<10} {:<40} {:>8}", engine.key(), class, n);
            }
        }
        if !self.distance_classes.is_empty() {
            s.push_str("\nwrong distances by class:\n");
            for ((engine, class), n) in &self.distance_classes {
                let _ = writeln!(s, "{:<10} {:<72} {:>8}", engine.key(), class, n);
            }
        }
        if !self.ray_classes.is_empty() {
            s.push_str("\nrays by class (each pair's two fuzzer rays):\n");
            for ((engine, class), n) in &self.ray_classes {
                let _ = writeln!(s, "{:<10} {:<72} {:>8}", engine.key(), class, n);
            }
        }
        s
    }

    /// Cases where the engine was off (engine wrong or both wrong) or stopped.
    pub fn engine_disagreements(&self) -> impl Iterator<Item = &PeerCase> {
        self.cases.iter().filter(|c| {
            matches!(
                c.verdict,
                Verdict::EngineWrong | Verdict::BothWrong | Verdict::EngineStopped
            )
        })
    }
}
