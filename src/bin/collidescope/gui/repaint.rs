//! Repaint on change: when the window's loop may sleep, and what wakes it.

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
use super::{wake, WINDOW_TITLE};

/// Repaint on change. The window's event loop blocks until input; a frame that
/// answered input is followed by [`Repaint::SETTLE`] more (egui settles hover and
/// layout a frame late), and anything moving — playing, a drag, an egui animation —
/// keeps frames coming. Idle, no frame runs and the process sleeps.
#[derive(Default)]
pub struct Repaint {
    /// Frames still to run after the last input.
    settle: u32,
    /// This frame was asked for by us (not by input).
    ours: bool,
    /// The window's close button is held back (there were unsaved changes).
    pub guarding: bool,
    /// The slow tick runs.
    ticking: bool,
}

impl Repaint {
    const SETTLE: u32 = 2;
    /// The idle wake-up once the close button is held back (or for a scripted run): a
    /// frame a second. Before the first change nothing wakes the idle loop.
    #[cfg(not(target_arch = "wasm32"))]
    const IDLE_TICK: std::time::Duration = std::time::Duration::from_secs(1);

    pub fn end_frame(&mut self, busy: bool) {
        if !self.ours {
            self.settle = Repaint::SETTLE;
        }
        self.ours = busy || self.settle > 0;
        self.settle = self.settle.saturating_sub(1);
        if self.ours {
            macroquad::miniquad::window::schedule_update();
        }
    }

    /// Starts the slow tick (once): a thread queues a frame request every
    /// [`Repaint::IDLE_TICK`] (miniquad allows `schedule_update` from another thread).
    /// A queued request does not wake a loop asleep in X's event wait; the close
    /// button's own event does, and the frame it then runs asks about unsaved changes.
    /// The web has no threads and no close button to answer: no tick there.
    pub fn start_tick(&mut self) {
        if self.ticking {
            return;
        }
        self.ticking = true;
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(|| loop {
            std::thread::sleep(Repaint::IDLE_TICK);
            macroquad::miniquad::window::schedule_update();
        });
    }

    /// `--quit-after`: from `seconds` on, wakes the loop every [`Repaint::IDLE_TICK`]
    /// — with an X event (`wake.rs`), which a queued request alone is not — so a
    /// scripted run ends on time with no input, and idles at no cost until then.
    pub fn wake_at(seconds: f64) {
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(move || {
            #[cfg(target_os = "linux")]
            let waker = wake::Waker::open();
            std::thread::sleep(std::time::Duration::from_secs_f64(
                seconds.clamp(0.0, 1.0e7),
            ));
            loop {
                macroquad::miniquad::window::schedule_update();
                #[cfg(target_os = "linux")]
                if let Some(w) = &waker {
                    w.wake(WINDOW_TITLE);
                }
                std::thread::sleep(Repaint::IDLE_TICK);
            }
        });
        #[cfg(target_arch = "wasm32")]
        let _ = seconds;
    }
}
