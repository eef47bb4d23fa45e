//! The plots beside the views, computed once per change and kept: the chain slide sweep
//! (the panel's choice of chain, shape and steps) and the rotating time of impact's s(t)
//! curves at the current step. The window draws them; an export writes the same.

use super::AppState;
use crate::study::rotating::SeparationCurves;
use crate::trace::chain_sweep::{nearest_shape, slide_sweep, SlideSweep, DEFAULT_SWEEP_STEPS};

/// Which chain slide sweep the panel shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlideChoice {
    pub chain: usize,
    /// The shape swept (None: the selected shape, else the one nearest the chain).
    pub shape: Option<usize>,
    pub steps: usize,
}

impl Default for SlideChoice {
    fn default() -> Self {
        SlideChoice {
            chain: 0,
            shape: None,
            steps: DEFAULT_SWEEP_STEPS,
        }
    }
}

/// The plots' caches, keyed by what they were computed for.
#[derive(Clone, Debug, Default)]
pub(super) struct PlotCache {
    slide: Option<((u64, usize, usize, usize), SlideSweep)>,
    curves: Option<((u64, usize, bool), SeparationCurves)>,
}

impl AppState {
    /// The shape the slide sweep moves: the one picked, else the selected one, else the
    /// one nearest the chain (None without shapes).
    pub fn slide_shape(&self) -> Option<usize> {
        let n = self.scene.shapes.len();
        let nearest = || nearest_shape(&self.scene, self.slide.chain);
        (n > 0).then(|| {
            self.slide
                .shape
                .or(self.selected)
                .or_else(nearest)
                .unwrap_or(0)
                .min(n - 1)
        })
    }

    /// The slide sweep of the panel's choice (None without a chain or a shape);
    /// recomputed only when the scene, the choice or the step count changed.
    pub fn slide_sweep(&mut self) -> Option<&SlideSweep> {
        let shape = self.slide_shape()?;
        if self.scene.chains.is_empty() {
            return None;
        }
        self.slide.chain = self.slide.chain.min(self.scene.chains.len() - 1);
        let key = (self.revision, self.slide.chain, shape, self.slide.steps);
        if self.plots.slide.as_ref().map(|(k, _)| *k) != Some(key) {
            let sweep = slide_sweep(&self.scene, self.slide.chain, shape, self.slide.steps);
            self.plots.slide = Some((key, sweep));
        }
        self.plots.slide.as_ref().map(|(_, s)| s)
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
