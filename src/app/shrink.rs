//! "Shrink this pair": the checks the pair fails, shrinking it in the background
//! ([`super::background`]) and, at the end, the shrunk pair put in the scene in place
//! of the pair — one edit, undone as one step.

use super::background::{Background, Job, Status};
use super::AppState;
use crate::verify::shrink::{Keep, ShrinkJob, Shrunk};
use crate::verify::Check;

impl Job for ShrinkJob {
    type Output = Shrunk;
    fn advance(&mut self, n: usize) -> bool {
        ShrinkJob::advance(self, n)
    }
    fn progress(&self) -> (usize, usize) {
        ShrinkJob::progress(self)
    }
    fn finish(self) -> Shrunk {
        ShrinkJob::finish(self)
    }
}

/// Shrinking the pair: what it keeps failing, the job under way, the last result.
#[derive(Default)]
pub struct ShrinkRun {
    /// The checks the pair fails, and the revision they were found for.
    failing: Option<(Vec<Keep>, u64)>,
    /// The one chosen (an index in the failing ones).
    pub choice: usize,
    running: Option<(Background<ShrinkJob>, u64, (usize, usize))>,
    /// Checks done and the most there can be, while it runs.
    pub progress: Option<(usize, usize)>,
    /// The last result and whether it was put in the scene.
    pub last: Option<(Shrunk, bool)>,
}

/// Every check a pair can be shrunk on: the fuzzer's, then the engines' queries.
fn all_keeps() -> Vec<Keep> {
    let checks = Check::ALL.iter().map(|c| Keep::Check(*c));
    #[cfg(feature = "peers")]
    let checks = checks.chain(
        crate::trace::peer_answer::Engine::ALL
            .into_iter()
            .flat_map(|e| {
                crate::verify::shrink::ENGINE_QUERIES
                    .into_iter()
                    .map(move |q| Keep::Engine(e, q))
            }),
    );
    checks.collect()
}

impl AppState {
    /// The checks the current pair fails (recomputed once per change).
    pub fn failing_checks(&mut self) -> &[Keep] {
        let fresh = matches!(&self.shrink.failing, Some((_, rev)) if *rev == self.revision);
        if !fresh {
            let list = match self.pair {
                Some((a, b)) => {
                    let subject = crate::scene::Scene {
                        shapes: vec![self.scene.shapes[a].clone(), self.scene.shapes[b].clone()],
                        rays: self.scene.rays.clone(),
                        ..Default::default()
                    };
                    all_keeps()
                        .into_iter()
                        .filter(|k| !(k.uses_rays() && subject.rays.is_empty()))
                        .filter(|k| k.fails(&subject))
                        .collect()
                }
                None => Vec::new(),
            };
            self.shrink.failing = Some((list, self.revision));
        }
        self.shrink
            .failing
            .as_ref()
            .map_or(&[], |(l, _)| l.as_slice())
    }

    /// Starts shrinking the pair on the chosen failing check.
    pub fn start_shrink(&mut self) -> Result<(), String> {
        let pair = self.pair.ok_or("shrinking needs a pair")?;
        let choice = self.shrink.choice;
        let keep = *self
            .failing_checks()
            .get(choice)
            .ok_or("the pair fails no check: nothing to shrink")?;
        let job = ShrinkJob::new(&self.scene, pair, keep)?;
        self.shrink.progress = Some(job.progress());
        self.shrink.running = Some((Background::start(job), self.revision, pair));
        Ok(())
    }

    /// Whether shrinking runs.
    pub fn shrinking(&self) -> bool {
        self.shrink.running.is_some()
    }

    /// Stops shrinking.
    pub fn cancel_shrink(&mut self) {
        self.shrink.running = None;
        self.shrink.progress = None;
    }

    /// Polls the shrinking under way; at its end puts the result in the scene (when
    /// the scene did not change meanwhile). True while it runs.
    pub(super) fn poll_shrink(&mut self) -> bool {
        let Some((run, rev, pair)) = self.shrink.running.as_mut() else {
            return false;
        };
        match run.poll() {
            Status::Running(done, total) => {
                self.shrink.progress = Some((done, total));
                true
            }
            Status::Done => {
                let (out, rev, pair) = (run.take(), *rev, *pair);
                self.shrink.running = None;
                self.shrink.progress = None;
                if let Some(s) = out {
                    let applied = rev == self.revision && self.apply_shrunk(pair, &s);
                    if !applied {
                        self.error("The scene changed while shrinking: the result was not put in.");
                    } else {
                        self.info(format!("Shrunk on {}: {}", s.keep, s.summary()));
                    }
                    self.shrink.last = Some((s, applied));
                }
                self.revision += 1;
                false
            }
        }
    }

    /// The shrunk pair in place of the pair `(a, b)` (and the shrunk rays in place of
    /// the scene's, for a ray check): one undoable edit.
    fn apply_shrunk(&mut self, (a, b): (usize, usize), s: &Shrunk) -> bool {
        let [sa, sb] = match s.scene.shapes.as_slice() {
            [sa, sb] => [sa.clone(), sb.clone()],
            _ => return false,
        };
        if a >= self.scene.shapes.len() || b >= self.scene.shapes.len() {
            return false;
        }
        self.begin_edit();
        self.scene.shapes[a] = sa;
        self.scene.shapes[b] = sb;
        if !s.scene.rays.is_empty() {
            self.scene.rays = s.scene.rays.clone();
        }
        self.changed();
        true
    }
}

#[cfg(test)]
mod tests {
    use crate::app::AppState;

    /// Public case 5 fails Box2D's distance: shrinking it puts the shrunk pair in the
    /// scene as one edit, and one undo brings the pair back.
    #[cfg(feature = "peers")]
    #[test]
    fn shrinking_the_pair_is_one_undoable_edit() {
        let text = crate::scene::library::FILES
            .iter()
            .find(|(n, _)| n.ends_with("public_5_point_near_short_edge.ron"))
            .map(|(_, t)| *t)
            .unwrap();
        let scene = crate::scene::parse_scene(text, "public 5").unwrap();
        let mut app = AppState::new(scene.clone(), None);
        let names: Vec<String> = app.failing_checks().iter().map(|k| k.name()).collect();
        assert!(names.contains(&"box2d:distance".to_string()), "{names:?}");
        app.shrink.choice = names.iter().position(|n| n == "box2d:distance").unwrap();
        app.start_shrink().unwrap();
        for _ in 0..20_000 {
            if !app.poll_jobs() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        let (s, applied) = app.shrink.last.as_ref().unwrap();
        assert!(applied, "{}", s.summary());
        assert!(s.after.vertices < s.before.vertices);
        assert_ne!(app.scene.shapes, scene.shapes);
        app.undo();
        assert_eq!(app.scene.shapes, scene.shapes);
    }
}
