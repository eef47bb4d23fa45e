//! View commands, not undoable (they do not change the scene): the pair, the
//! algorithm, the step, playback, layers.

use super::*;
use crate::core::gjk::SimplexCache;
use crate::study::Algorithm;
use crate::view::draw::LayerId;

impl AppState {
    pub fn set_pair(&mut self, a: usize, b: usize) {
        let n = self.scene.shapes.len();
        if a != b && a < n && b < n && self.pair != Some((a, b)) {
            self.pair = Some((a, b));
            self.cache = SimplexCache::default();
            self.stale = true;
            self.revision += 1;
        }
    }

    pub fn set_algorithm(&mut self, algorithm: Algorithm) {
        if self.algorithm != algorithm {
            self.algorithm = algorithm;
            self.step = 0;
            self.playing = false;
            self.revision += 1;
        }
    }

    /// Chooses the manifold's normal: SAT's (true) or EPA's.
    pub fn set_manifold_via_sat(&mut self, via_sat: bool) {
        if self.manifold_via_sat != via_sat {
            self.manifold_via_sat = via_sat;
            self.revision += 1;
            let n = self.step_count();
            self.step = self.step.min(n - 1);
        }
    }

    pub fn set_step(&mut self, step: usize) {
        let n = self.step_count();
        let step = step.min(n - 1);
        if step != self.step {
            self.step = step;
            self.revision += 1;
        }
    }
    pub fn step_first(&mut self) {
        self.set_step(0);
    }
    pub fn step_last(&mut self) {
        self.set_step(usize::MAX);
    }
    pub fn step_next(&mut self) {
        self.set_step(self.step.saturating_add(1));
    }
    pub fn step_back(&mut self) {
        self.set_step(self.step.saturating_sub(1));
    }

    pub fn toggle_play(&mut self) {
        self.playing = !self.playing;
        self.play_clock = 0.0;
        if self.playing && self.step + 1 >= self.step_count() {
            self.step = 0; // play again from the start
        }
    }

    /// Advances playback by `dt` seconds; stops at the last step. Returns true if
    /// the step changed.
    pub fn tick(&mut self, dt: f32) -> bool {
        if !self.playing {
            return false;
        }
        self.play_clock += dt * self.play_speed;
        let mut moved = false;
        while self.play_clock >= 1.0 {
            self.play_clock -= 1.0;
            let before = self.step;
            self.step_next();
            moved |= self.step != before;
            if self.step + 1 >= self.step_count() {
                self.playing = false;
                break;
            }
        }
        moved
    }

    pub fn toggle_layer(&mut self, id: LayerId) {
        if !self.hidden_layers.remove(&id) {
            self.hidden_layers.insert(id);
        }
        self.revision += 1;
    }
}
