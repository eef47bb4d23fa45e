//! The window's sweeps of the pair: the panel's choice (what moves, its range and
//! steps, the quantities, the engines), the sweep computed in the background
//! ([`super::background`]), and a click on a curve setting the parameter (an edit of
//! the scene, undone as one step).

use super::background::{Background, Job, Status};
use super::AppState;
use crate::core::manifold::ManifoldSource;
use crate::scene::Scene;
use crate::study::Algorithm;
use crate::verify::sweep::{sweeps, Param, Quantity, Side, Sweep, SweepJob, SweepSpec, What};
use glam::Vec2;

/// The default steps of the window's sweeps.
pub const DEFAULT_STEPS: usize = 1000;

/// What the panel asks to sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepChoice {
    /// The parameter's kind: an index in [`crate::verify::sweep::PARAM_KINDS`].
    pub kind: usize,
    pub side: Side,
    /// An offset's or a vertex's direction, degrees from +x.
    pub direction_deg: f32,
    pub vertex: usize,
    pub from: f64,
    pub to: f64,
    pub steps: usize,
    pub what: Vec<Quantity>,
    pub peers: bool,
    /// The kind, pair and algorithm the range and quantities were set for (a new one
    /// resets them to its defaults).
    pub defaults_for: Option<(usize, (usize, usize), Algorithm)>,
}

impl Default for SweepChoice {
    fn default() -> Self {
        SweepChoice {
            kind: 0,
            side: Side::B,
            direction_deg: 0.0,
            vertex: 0,
            from: 0.0,
            to: 1.0,
            steps: DEFAULT_STEPS,
            what: Vec::new(),
            peers: cfg!(feature = "peers"),
            defaults_for: None,
        }
    }
}

impl SweepChoice {
    /// The parameter chosen.
    pub fn param(&self) -> Param {
        let r = self.direction_deg.to_radians();
        let direction = Vec2::new(r.cos(), r.sin());
        let shape = self.side;
        match self.kind {
            1 => Param::Offset { shape, direction },
            2 => Param::Radius { shape },
            3 => Param::Scale { shape },
            4 => Param::Origin,
            5 => Param::Vertex {
                shape,
                index: self.vertex,
                direction,
            },
            6 => Param::Speculative,
            7 => Param::Time,
            _ => Param::Angle { shape },
        }
    }
}

/// A sweep job with the pair it was made for.
struct SweepRun {
    job: SweepJob,
    pair: (usize, usize),
}

impl Job for SweepRun {
    type Output = Sweep;
    fn advance(&mut self, n: usize) -> bool {
        self.job.advance(n)
    }
    fn progress(&self) -> (usize, usize) {
        self.job.progress()
    }
    fn finish(self) -> Sweep {
        self.job.finish(self.pair.0, self.pair.1)
    }
}

/// The pair's sweep: the choice, the one under way, the last one.
#[derive(Default)]
pub struct PairSweep {
    pub choice: SweepChoice,
    running: Option<Background<SweepRun>>,
    /// Samples done and in all, while one runs.
    pub progress: Option<(usize, usize)>,
    /// The last sweep.
    pub last: Option<Sweep>,
    /// Where a click on a curve put the parameter, and the scene it made.
    pub clicked: Option<(f64, Scene)>,
    /// The scene the sweep started from: a click sets the parameter on it.
    base: Option<Scene>,
}

impl AppState {
    /// The algorithm a sweep of the current view runs (the manifold's when the view's
    /// does not answer on a pair).
    pub fn sweep_algorithm(&self) -> Algorithm {
        if sweeps(self.algorithm) {
            self.algorithm
        } else {
            Algorithm::Manifold
        }
    }

    /// Sets the range and quantities to the defaults of the chosen kind, pair and
    /// algorithm when one of them changed (or `force`).
    pub fn sweep_defaults(&mut self, force: bool) {
        let Some((a, b)) = self.pair else { return };
        let algorithm = self.sweep_algorithm();
        let key = (self.sweep.choice.kind, (a, b), algorithm);
        if !force && self.sweep.choice.defaults_for == Some(key) {
            return;
        }
        let c = &mut self.sweep.choice;
        let (sa, sb) = (&self.scene.shapes[a], &self.scene.shapes[b]);
        let (from, to) = c.param().default_range(sa, sb, &self.scene.settings);
        c.from = from;
        c.to = to;
        if c.defaults_for.map(|k| k.2) != Some(algorithm) || c.what.is_empty() {
            c.what = Quantity::defaults(algorithm);
        }
        c.defaults_for = Some(key);
    }

    /// The spec of the panel's choice on the current pair.
    pub fn sweep_spec(&self) -> Result<SweepSpec, String> {
        let (a, b) = self.pair.ok_or("a sweep needs two shapes")?;
        let c = &self.sweep.choice;
        let spec = SweepSpec {
            a,
            b,
            algorithm: self.sweep_algorithm(),
            source: ManifoldSource::via_sat(self.manifold_via_sat),
            param: c.param(),
            from: c.from,
            to: c.to,
            steps: c.steps,
            what: What(c.what.clone()),
            peers: c.peers && cfg!(feature = "peers"),
            exact: true,
        };
        spec.check(&self.scene)?;
        Ok(spec)
    }

    /// Starts the sweep of the panel's choice (one under way is dropped).
    pub fn start_sweep(&mut self) -> Result<(), String> {
        let spec = self.sweep_spec()?;
        let pair = (spec.a, spec.b);
        let job = SweepJob::new(&self.scene, spec)?;
        self.sweep.progress = Some(job.progress());
        self.sweep.running = Some(Background::start(SweepRun { job, pair }));
        self.sweep.clicked = None;
        self.sweep.base = Some(self.scene.clone());
        Ok(())
    }

    /// Stops the sweep under way.
    pub fn cancel_sweep(&mut self) {
        self.sweep.running = None;
        self.sweep.progress = None;
    }

    /// Polls the background work (sweeps, shrinking); true while any runs (the window
    /// keeps drawing frames then).
    pub fn poll_jobs(&mut self) -> bool {
        let mut busy = false;
        if let Some(run) = self.sweep.running.as_mut() {
            match run.poll() {
                Status::Running(done, total) => {
                    self.sweep.progress = Some((done, total));
                    busy = true;
                }
                Status::Done => {
                    let out = run.take();
                    self.sweep.running = None;
                    self.sweep.progress = None;
                    if out.is_some() {
                        self.sweep.last = out;
                    }
                }
            }
        }
        busy | self.poll_shrink()
    }

    /// The last sweep, and whether the scene changed since (other than by a click on
    /// its curve).
    pub fn last_sweep(&self) -> Option<(&Sweep, bool)> {
        let s = self.sweep.last.as_ref()?;
        Some((s, self.sweep_stale()))
    }

    /// The scene is neither the one the sweep started from nor the last click's.
    fn sweep_stale(&self) -> bool {
        let clicked = self.sweep.clicked.as_ref().map(|c| &c.1);
        self.sweep.base.as_ref() != Some(&self.scene) && clicked != Some(&self.scene)
    }

    /// Sets the last sweep's parameter to `value` on the scene it was computed for
    /// (the click on a curve): one undoable edit. Refused once the scene was changed
    /// otherwise (the values are relative to where the sweep started).
    pub fn set_sweep_value(&mut self, value: f64) -> Result<(), String> {
        if self.sweep_stale() {
            return Err("the scene changed since the sweep: run it again".into());
        }
        let sweep = self.sweep.last.as_ref().ok_or("no sweep yet")?;
        let base = self.sweep.base.as_ref().ok_or("no sweep yet")?;
        let scene = sweep.spec.scene_at(base, value)?;
        self.begin_edit();
        self.scene = scene.clone();
        self.changed();
        self.sweep.clicked = Some((value, scene));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::AppState;

    fn app() -> AppState {
        let text = r#"(version: 1, title: "boxes", shapes: [
            (name: "A", geometry: Box(half_extents: (0.25, 0.25), radius: 0.0), position: (0.0, 0.0), angle: 0.0),
            (name: "B", geometry: Box(half_extents: (1.0, 1.0), radius: 0.0), position: (0.0, 1.2), angle: 0.0),
        ], view: (a: "A", b: "B", algorithm: "manifold"))"#;
        AppState::new(crate::scene::parse_scene(text, "boxes").unwrap(), None)
    }

    fn finish(app: &mut AppState) {
        for _ in 0..20_000 {
            if !app.poll_jobs() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        panic!("the background work did not end");
    }

    /// The sweep runs in the background; a click sets B's angle (one undo step), a
    /// second click starts from the same scene, and undo brings the scene back.
    #[test]
    fn a_click_on_the_sweep_sets_the_parameter_as_one_undoable_edit() {
        let mut app = app();
        app.sweep_defaults(true);
        assert_eq!(
            app.sweep.choice.what,
            Quantity::defaults(Algorithm::Manifold)
        );
        app.sweep.choice.from = 0.1;
        app.sweep.choice.to = 1.4;
        app.sweep.choice.steps = 200;
        app.sweep.choice.peers = false;
        app.start_sweep().unwrap();
        finish(&mut app);
        let (sweep, stale) = app.last_sweep().unwrap();
        assert!(!stale);
        assert_eq!(sweep.samples.len(), 201);
        assert!(sweep.jumps.iter().any(|j| j.kind == "jump"));
        app.set_sweep_value(0.7).unwrap();
        assert_eq!(app.scene.shapes[1].pose.angle, 0.7);
        app.set_sweep_value(0.9).unwrap();
        assert_eq!(app.scene.shapes[1].pose.angle, 0.9);
        assert!(
            !app.last_sweep().unwrap().1,
            "a click keeps the sweep current"
        );
        app.undo();
        app.undo();
        assert_eq!(app.scene.shapes[1].pose.angle, 0.0);
        // Another edit: the values no longer apply.
        app.move_shape(0, Vec2::new(0.1, 0.0));
        assert!(app.set_sweep_value(0.5).is_err());
        assert!(app.last_sweep().unwrap().1);
    }
}
