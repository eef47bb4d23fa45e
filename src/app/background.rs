//! Work that takes longer than a frame (a sweep of 10,000 steps, shrinking a pair),
//! done without holding up the window: on the desktop on a thread of its own, on the
//! web page (no threads) a slice per frame. Either way the app polls it once a frame
//! ([`Background::poll`]) for its progress and, at the end, its output.

#[cfg(not(target_arch = "wasm32"))]
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
#[cfg(not(target_arch = "wasm32"))]
use std::sync::{Arc, Mutex};

/// A job done a slice at a time.
pub trait Job: Send + 'static {
    type Output: Send + 'static;
    /// Does up to `n` more units of work; true when done.
    fn advance(&mut self, n: usize) -> bool;
    /// Units done and in all (an estimate when the total is not known).
    fn progress(&self) -> (usize, usize);
    fn finish(self) -> Self::Output;
}

/// How a background job stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Units done and in all.
    Running(usize, usize),
    Done,
}

/// Units per slice: small enough that the web page's frame stays short.
const SLICE: usize = 64;

/// A job under way.
pub struct Background<J: Job> {
    #[cfg(not(target_arch = "wasm32"))]
    shared: Arc<Shared<J::Output>>,
    #[cfg(target_arch = "wasm32")]
    job: Option<J>,
    #[cfg(target_arch = "wasm32")]
    output: Option<J::Output>,
    total: usize,
}

#[cfg(not(target_arch = "wasm32"))]
struct Shared<O> {
    done: AtomicUsize,
    total: AtomicUsize,
    cancel: AtomicBool,
    output: Mutex<Option<O>>,
}

impl<J: Job> Background<J> {
    /// Starts `job`.
    pub fn start(job: J) -> Background<J> {
        let total = job.progress().1;
        #[cfg(not(target_arch = "wasm32"))]
        {
            let shared = Arc::new(Shared {
                done: AtomicUsize::new(0),
                total: AtomicUsize::new(total),
                cancel: AtomicBool::new(false),
                output: Mutex::new(None),
            });
            let s = Arc::clone(&shared);
            std::thread::spawn(move || {
                let mut job = job;
                loop {
                    if s.cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    let finished = job.advance(SLICE);
                    let (done, total) = job.progress();
                    s.done.store(done, Ordering::Relaxed);
                    s.total.store(total, Ordering::Relaxed);
                    if finished {
                        break;
                    }
                }
                let out = job.finish();
                if let Ok(mut slot) = s.output.lock() {
                    *slot = Some(out);
                }
            });
            Background { shared, total }
        }
        #[cfg(target_arch = "wasm32")]
        Background {
            job: Some(job),
            output: None,
            total,
        }
    }

    /// Where the job stands (on the web page this does the next slice).
    pub fn poll(&mut self) -> Status {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let finished = self
                .shared
                .output
                .lock()
                .map(|o| o.is_some())
                .unwrap_or(true);
            if finished {
                return Status::Done;
            }
            self.total = self.shared.total.load(Ordering::Relaxed);
            Status::Running(self.shared.done.load(Ordering::Relaxed), self.total)
        }
        #[cfg(target_arch = "wasm32")]
        {
            let Some(job) = self.job.as_mut() else {
                return Status::Done;
            };
            if job.advance(SLICE) {
                self.output = self.job.take().map(Job::finish);
                return Status::Done;
            }
            let (done, total) = job.progress();
            self.total = total;
            Status::Running(done, total)
        }
    }

    /// The output, once [`Background::poll`] said done.
    pub fn take(&mut self) -> Option<J::Output> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            self.shared.output.lock().ok().and_then(|mut o| o.take())
        }
        #[cfg(target_arch = "wasm32")]
        {
            self.output.take()
        }
    }
}

/// Dropping a job under way stops it (the thread ends at its next slice).
impl<J: Job> Drop for Background<J> {
    fn drop(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        self.shared.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Count(usize, usize);

    impl Job for Count {
        type Output = usize;
        fn advance(&mut self, n: usize) -> bool {
            self.0 = (self.0 + n).min(self.1);
            self.0 == self.1
        }
        fn progress(&self) -> (usize, usize) {
            (self.0, self.1)
        }
        fn finish(self) -> usize {
            self.0
        }
    }

    #[test]
    fn a_job_runs_to_its_end_and_hands_its_output_once() {
        let mut b = Background::start(Count(0, 10_000));
        let mut polls = 0;
        while b.poll() != Status::Done {
            polls += 1;
            assert!(polls < 100_000, "never done");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        assert_eq!(b.take(), Some(10_000));
        assert_eq!(b.take(), None);
    }
}
