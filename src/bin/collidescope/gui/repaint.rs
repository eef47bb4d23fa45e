//! Repaint on change: when the window's loop may sleep, and what wakes it.

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
use super::{wake, WINDOW_TITLE};
use collidescope::app::AppState;

/// Playback's part of a frame, run after the panel was drawn: advances `app` by `dt`
/// seconds and says whether playback needs another frame. The panel drawn this frame
/// narrates the step before this tick, so a frame that played — even the one that
/// reached the last step and stopped — is followed by one that narrates (and numbers)
/// the step playback stopped on.
pub fn play(app: &mut AppState, dt: f32) -> bool {
    let played = app.playing;
    app.tick(dt);
    played || app.playing
}

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

#[cfg(test)]
mod tests {
    use super::play;
    use collidescope::app::AppState;
    use collidescope::scene::{parse_scene, DEFAULT_SCENE};

    /// The window's frames while playing, as the main loop runs them: the panel
    /// narrates the app's step, then playback ticks; frames stop when playback asks
    /// for none. Returns the step the last frame's panel narrated.
    fn frames_until_idle(app: &mut AppState, dt: f32) -> usize {
        let mut narrated;
        let mut frames = 0;
        loop {
            narrated = app.step;
            frames += 1;
            assert!(frames < 10_000, "playback never let the window idle");
            if !play(app, dt) {
                return narrated;
            }
        }
    }

    #[test]
    fn the_last_frame_after_playback_narrates_the_step_it_stopped_on() {
        let scene = parse_scene(DEFAULT_SCENE, "default").unwrap();
        let mut app = AppState::new(scene, None);
        let last = app.step_count() - 1;
        assert!(last >= 2, "the default scene's GJK has {} steps", last + 1);
        // Whole steps a frame, and several frames a step (a fast machine).
        for dt in [0.5, 0.1, 0.013] {
            app.step_first();
            app.toggle_play();
            assert!(app.playing);
            let narrated = frames_until_idle(&mut app, dt);
            assert!(!app.playing, "playback stopped at the last step");
            assert_eq!(app.step, last, "playback ran to the last step (dt {dt})");
            assert_eq!(
                narrated, last,
                "the panel's last frame narrates step {narrated}, playback stopped on {last} (dt {dt})"
            );
        }
        // Paused before the next step: no more frames, the step stays.
        app.step_first();
        app.toggle_play();
        assert!(play(&mut app, 0.1));
        app.toggle_play();
        assert!(!play(&mut app, 0.1), "paused: no frame asked for");
        assert_eq!(app.step, 0);
    }
}
