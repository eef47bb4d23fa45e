//! The plots beside the views, computed once per change and kept: the chain slide sweep
//! (the panel's choice of chain, shape and steps) and the rotating time of impact's s(t)
//! curves at the current step. The window draws them; an export writes the same.

use super::AppState;
use crate::study::rotating::SeparationCurves;
use crate::trace::chain_sweep::{slide_sweep, SlideSweep, DEFAULT_SWEEP_STEPS};

/// Which slide sweep the panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SweepChoice {
    pub chain: usize,
    /// The shape swept (None: the selected shape, else the first).
    pub shape: Option<usize>,
    pub steps: usize,
}

impl Default for SweepChoice {
    fn default() -> Self {
        SweepChoice {
            chain: 0,
            shape: None,
            steps: DEFAULT_SWEEP_STEPS,
        }
    }
}

/// The plots' caches, keyed by what they were computed for.
#[derive(Clone, Debug, Default)]
pub(super) struct PlotCache {
    sweep: Option<((u64, usize, usize, usize), SlideSweep)>,
    curves: Option<((u64, usize, bool), SeparationCurves)>,
}

impl AppState {
    /// The shape the slide sweep moves: the one picked, else the selected one, else the
    /// first (None without shapes).
    pub fn sweep_shape(&self) -> Option<usize> {
        let n = self.scene.shapes.len();
        (n > 0).then(|| self.sweep.shape.or(self.selected).unwrap_or(0).min(n - 1))
    }

    /// The slide sweep of the panel's choice (None without a chain or a shape);
    /// recomputed only when the scene, the choice or the step count changed.
    pub fn slide_sweep(&mut self) -> Option<&SlideSweep> {
        let shape = self.sweep_shape()?;
        if self.scene.chains.is_empty() {
            return None;
        }
        self.sweep.chain = self.sweep.chain.min(self.scene.chains.len() - 1);
        let key = (self.revision, self.sweep.chain, shape, self.sweep.steps);
        if self.plots.sweep.as_ref().map(|(k, _)| *k) != Some(key) {
            let sweep = slide_sweep(&self.scene, self.sweep.chain, shape, self.sweep.steps);
            self.plots.sweep = Some((key, sweep));
        }
        self.plots.sweep.as_ref().map(|(_, s)| s)
    }

    /// The s(t) curves of the rotating time of impact at the current step (over the
    /// interval searched, or all of `[t1, 1]` with `whole_step`); None without a pair.
    pub fn separation_curves(&mut self, whole_step: bool) -> Option<&SeparationCurves> {
        self.studies();
        let key = (self.revision, self.step, whole_step);
        if self.plots.curves.as_ref().map(|(k, _)| *k) != Some(key) {
            let studies = self.studies.as_ref()?;
            let curves =
                studies
                    .rotating
                    .curves(&self.scene, studies.pair(), self.step, whole_step);
            self.plots.curves = Some((key, curves));
        }
        self.plots.curves.as_ref().map(|(_, c)| c)
    }
}
