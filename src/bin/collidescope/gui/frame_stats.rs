//! `--frame-stats FILE`: each frame's times, written when the window closes — to tell
//! the work done on the CPU (input, the panel, the draw list, label placement, the
//! shapes' and egui's meshes handed to OpenGL) from the whole frame (with the OpenGL
//! rasterising and the buffer swap). Under Xvfb the rasteriser is software on the same
//! cores, so the whole frame says little about a real GPU; the CPU part does not depend
//! on it. Only frames run back to back count (playing, dragging, animating): a frame
//! after an idle wait has the wait in it.

use macroquad::time::get_time;
use std::path::PathBuf;

/// A frame that follows an idle wait longer than this is not timed (seconds).
const BACK_TO_BACK: f64 = 0.25;

#[derive(Default)]
pub struct FrameStats {
    path: Option<PathBuf>,
    /// When the current frame began, and when its CPU part ended.
    begun: Option<f64>,
    cpu_end: Option<f64>,
    /// (CPU part, whole frame) in seconds.
    frames: Vec<(f64, f64)>,
}

impl FrameStats {
    pub fn new(path: Option<PathBuf>) -> FrameStats {
        FrameStats {
            path,
            ..FrameStats::default()
        }
    }

    /// At the top of the loop: closes the previous frame, opens this one.
    pub fn begin(&mut self) {
        if self.path.is_none() {
            return;
        }
        let now = get_time();
        if let (Some(b), Some(c)) = (self.begun, self.cpu_end) {
            let whole = now - b;
            // After an idle wait, the frame is the wait: not timed.
            if whole < BACK_TO_BACK && self.frames.len() < 1_000_000 {
                self.frames.push((c - b, whole));
            }
        }
        self.begun = Some(now);
        self.cpu_end = None;
    }

    /// Just before the frame is handed to OpenGL to present.
    pub fn cpu_done(&mut self) {
        if self.path.is_some() {
            self.cpu_end = Some(get_time());
        }
    }

    /// Writes the frames (milliseconds, one line each) and a summary line; the summary
    /// goes to stderr too. Written through the one output writer (a file replaced
    /// atomically, a device such as /dev/stdout written through).
    pub fn write(&self) {
        let Some(path) = &self.path else {
            return;
        };
        let summary = self.summary();
        eprintln!("frame stats: {summary}");
        let mut text = format!("# {summary}\ncpu_ms,frame_ms\n");
        for (c, w) in &self.frames {
            text += &format!("{:.3},{:.3}\n", c * 1e3, w * 1e3);
        }
        if let Err(e) = collidescope::scene::fs::write_output(path, text.as_bytes()) {
            eprintln!("frame stats: could not write {}: {e}", path.display());
        }
    }

    fn summary(&self) -> String {
        let n = self.frames.len();
        if n == 0 {
            return "no frames ran back to back (play or drag to time some)".into();
        }
        let median = |mut v: Vec<f64>| {
            v.sort_by(f64::total_cmp);
            (v[v.len() / 2], v[(v.len() * 95 / 100).min(v.len() - 1)])
        };
        let (cpu, cpu95) = median(self.frames.iter().map(|f| f.0).collect());
        let (whole, whole95) = median(self.frames.iter().map(|f| f.1).collect());
        format!(
            "{n} frames back to back: CPU part median {:.2} ms (95 % {:.2}), whole frame median {:.2} ms (95 % {:.2}, {:.0} fps)",
            cpu * 1e3,
            cpu95 * 1e3,
            whole * 1e3,
            whole95 * 1e3,
            1.0 / whole
        )
    }
}
