//! Shrinking: a failing pair cut down to the smallest pair that still fails the same
//! check ([`Keep`]: a fuzzer check, a chain check against Box2D, an engine's
//! disagreement with the exact answer).
//!
//! The subject is the pair alone (A and B; a chain and its shape for a chain check;
//! the rays for a ray check). Each round runs the passes ([`passes::Pass`]: fewer
//! vertices, the pair towards the origin, a quarter turn, radii to 0, shorter
//! velocities, numbers rounded to fewer mantissa bits); a pass's candidate is kept
//! only when it is smaller ([`Size::smaller_than`]) and still fails in a way the
//! pair first failed ([`Keep::failures`]: a normal off stays a normal off, not another
//! condition of the same check), and the pass then starts again from it. Rounds repeat until one changes
//! nothing, at most [`MAX_ROUNDS`] rounds and [`MAX_EVALUATIONS`] checks in all, so it
//! always ends; the result is never larger than the input (every step made it
//! smaller: never more vertices nor farther from the origin), and it is proven at the end: written as a scene file, read back and
//! checked again ([`Shrunk::proven`]).
//!
//! A [`ShrinkJob`] works a few candidates at a time ([`ShrinkJob::advance`]), for the
//! window's background work; [`shrink`] runs one to the end.

mod keep;
mod numbers;
mod passes;

pub use keep::{failure_kind, Keep, ENGINE_QUERIES};
pub use numbers::{bits, round_bits, Size};

use crate::scene::{parse_scene, scene_to_string, Scene, View};
use passes::Pass;
use serde::Serialize;

/// Rounds at most.
pub const MAX_ROUNDS: usize = 12;
/// Checks at most.
pub const MAX_EVALUATIONS: usize = 6000;

/// What shrinking made.
#[derive(Clone, Debug, Serialize)]
pub struct Shrunk {
    #[serde(skip)]
    pub scene: Scene,
    pub keep: String,
    pub before: Size,
    pub after: Size,
    /// The steps kept, in order.
    pub steps: Vec<String>,
    /// Checks run.
    pub evaluations: usize,
    pub rounds: usize,
    /// The result, written as a scene file and read back, still fails the check.
    pub proven: bool,
}

impl Shrunk {
    /// "4 → 3 vertices, 312 → 9 bits, reach 71486 → 0".
    pub fn summary(&self) -> String {
        format!(
            "{} → {} vertices, {} → {} significant bits, reach {} → {}, in {} steps ({} checks)",
            self.before.vertices,
            self.after.vertices,
            self.before.bits,
            self.after.bits,
            self.before.reach,
            self.after.reach,
            self.steps.len(),
            self.evaluations
        )
    }
}

/// Shrinking under way.
#[derive(Clone, Debug)]
pub struct ShrinkJob {
    keep: Keep,
    current: Scene,
    before: Size,
    size: Size,
    steps: Vec<String>,
    evaluations: usize,
    round: usize,
    pass: usize,
    /// The current pass's candidates not yet checked (the next one last).
    queue: Vec<(String, Scene)>,
    changed_this_round: bool,
    done: bool,
    /// The names of the subject's shapes in the scene it came from.
    names: (String, String),
    /// How the pair failed at first ([`Keep::failures`]): a candidate must fail in one
    /// of these ways.
    kinds: Vec<String>,
}

impl ShrinkJob {
    /// A job on the pair `(a, b)` of `scene` (for a chain check: chain `a` and shape
    /// `b`). An error when the pair does not fail the check to begin with.
    pub fn new(scene: &Scene, (a, b): (usize, usize), keep: Keep) -> Result<ShrinkJob, String> {
        let (subject, names) = subject(scene, (a, b), keep)?;
        let kinds = keep.failures(&subject);
        if kinds.is_empty() {
            return Err(format!(
                "the pair {} and {} does not fail {}: nothing to shrink",
                names.0,
                names.1,
                keep.name()
            ));
        }
        let size = Size::of(&subject);
        let mut job = ShrinkJob {
            keep,
            current: subject,
            before: size,
            size,
            steps: Vec::new(),
            evaluations: 1,
            round: 0,
            pass: 0,
            queue: Vec::new(),
            changed_this_round: false,
            done: false,
            names,
            kinds,
        };
        job.fill();
        Ok(job)
    }

    /// Checks done and the most there can be.
    pub fn progress(&self) -> (usize, usize) {
        (self.evaluations, MAX_EVALUATIONS)
    }

    /// The steps kept so far.
    pub fn steps(&self) -> &[String] {
        &self.steps
    }

    /// The current pass's candidates, the next one last.
    fn fill(&mut self) {
        self.queue = Pass::ALL[self.pass].candidates(&self.current);
        self.queue
            .retain(|(_, c)| Size::of(c).smaller_than(&self.size));
        self.queue.reverse();
    }

    /// Moves to the next pass (and round) whose queue is not empty; false when done.
    fn next_pass(&mut self) -> bool {
        loop {
            self.pass += 1;
            if self.pass == Pass::ALL.len() {
                self.pass = 0;
                self.round += 1;
                if !self.changed_this_round || self.round >= MAX_ROUNDS {
                    return false;
                }
                self.changed_this_round = false;
            }
            self.fill();
            if !self.queue.is_empty() {
                return true;
            }
        }
    }

    /// Checks up to `n` more candidates; true when shrinking is over.
    pub fn advance(&mut self, n: usize) -> bool {
        for _ in 0..n {
            if self.done {
                break;
            }
            if self.evaluations >= MAX_EVALUATIONS {
                self.done = true;
                break;
            }
            let Some((what, candidate)) = self.queue.pop() else {
                if !self.next_pass() {
                    self.done = true;
                }
                continue;
            };
            self.evaluations += 1;
            if self.still_fails(&candidate) {
                self.size = Size::of(&candidate);
                self.current = candidate;
                self.steps.push(what);
                self.changed_this_round = true;
                self.fill();
            }
        }
        self.done
    }

    /// Whether `s` fails the check in a way the pair first did.
    fn still_fails(&self, s: &Scene) -> bool {
        self.keep.failures(s).iter().any(|k| self.kinds.contains(k))
    }

    /// The smallest scene found, proven (written, read back, checked again).
    pub fn finish(self) -> Shrunk {
        let mut scene = self.current.clone();
        scene.title = format!(
            "Shrunk: {} fails {}",
            pair_words(&self.names),
            self.keep.name()
        );
        scene.group = "Shrunk".into();
        // A chain and a shape have no pair for the configuration view.
        let pair = !self.keep.on_chain();
        let name = |i: usize| match scene.shapes.get(i) {
            Some(s) if pair => s.name.clone(),
            _ => String::new(),
        };
        scene.view = View {
            a: name(0),
            b: name(1),
            algorithm: self.keep.algorithm(),
            split: if self.keep.on_chain() { 1.0 } else { 0.0 },
            ..View::default()
        };
        let text = scene_to_string(&scene);
        let proven = parse_scene(&text, "shrunk").is_ok_and(|back| self.still_fails(&back));
        Shrunk {
            keep: self.keep.name(),
            before: self.before,
            after: self.size,
            steps: self.steps,
            evaluations: self.evaluations,
            rounds: self.round + 1,
            proven,
            scene,
        }
    }
}

fn pair_words(names: &(String, String)) -> String {
    format!("{} and {}", names.0, names.1)
}

/// The subject of shrinking: the pair alone (with the rays for a ray check), its
/// shapes' names.
fn subject(
    scene: &Scene,
    (a, b): (usize, usize),
    keep: Keep,
) -> Result<(Scene, (String, String)), String> {
    let mut out = Scene {
        notes: scene.notes.clone(),
        ..Scene::default()
    };
    if keep.on_chain() {
        let chain = scene.chains.get(a).ok_or("no such chain")?;
        let shape = scene.shapes.get(b).ok_or("no such shape")?;
        out.chains = vec![chain.clone()];
        out.shapes = vec![shape.clone()];
        return Ok((out, (chain.name.clone(), shape.name.clone())));
    }
    let (sa, sb) = (
        scene.shapes.get(a).ok_or("no such shape")?,
        scene.shapes.get(b).ok_or("no such shape")?,
    );
    if a == b {
        return Err("a pair needs two different shapes".into());
    }
    out.shapes = vec![sa.clone(), sb.clone()];
    if keep.uses_rays() {
        if scene.rays.is_empty() {
            return Err(format!(
                "{} needs the scene's rays, and it has none",
                keep.name()
            ));
        }
        out.rays = scene.rays.clone();
    }
    Ok((out, (sa.name.clone(), sb.name.clone())))
}

/// Shrinks the pair `(a, b)` of `scene` to the end.
pub fn shrink(scene: &Scene, pair: (usize, usize), keep: Keep) -> Result<Shrunk, String> {
    let mut job = ShrinkJob::new(scene, pair, keep)?;
    job.advance(usize::MAX);
    Ok(job.finish())
}

#[cfg(test)]
mod tests;
