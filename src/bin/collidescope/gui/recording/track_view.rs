//! A pair track in the window (`collidescope TRACK.ron`): the pair at a frame in the
//! debugger, exactly as the file poses it, and the track's contact timeline (the
//! engine's rows from the file, or Box2D's when it has none, beside ours), computed in
//! the background; a click on a lane, or Page Up / Page Down, opens the pair at that
//! frame.

use super::timeline::Timeline;
use collidescope::app::AppState;
use collidescope::scene::track::{load_track, Track};
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub struct TrackView {
    path: PathBuf,
    track: Arc<Track>,
    timeline: Timeline,
    /// The frame whose pair the debugger shows.
    pub frame: u32,
}

impl TrackView {
    /// Loads the track, opens its first frame's pair and starts the timeline; the
    /// error (file, line, column) otherwise.
    pub fn open(path: &Path, app: &mut AppState) -> Result<TrackView, String> {
        let track = Arc::new(load_track(path).map_err(|e| e.to_string())?);
        let labels = (track.a.name.clone(), track.b.name.clone());
        let timeline = Timeline::from_track(path.to_path_buf(), Arc::clone(&track), labels);
        let mut view = TrackView {
            path: path.to_path_buf(),
            track,
            timeline,
            frame: 0,
        };
        view.open_frame(0, app);
        Ok(view)
    }

    fn open_frame(&mut self, k: u32, app: &mut AppState) {
        let label = collidescope::scene::library::shown_path(&self.path);
        match self.track.scene_at(k as usize, &label) {
            Some(scene) => {
                self.frame = k;
                app.open_scene(scene, None);
            }
            None => app.error(format!(
                "{label}: frame {k} does not make a pair (the track has {} frames)",
                self.track.frames.len()
            )),
        }
    }

    /// The timeline window; a click on a lane opens that frame's pair.
    pub fn ui(&mut self, ctx: &egui_macroquad::egui::Context, app: &mut AppState) {
        if let Some(k) = self.timeline.ui(ctx, self.frame) {
            let last = self.track.frames.len().saturating_sub(1) as u32;
            self.open_frame(k.min(last), app);
        }
    }

    /// T shows the timeline again; Page Up / Page Down open the frame before / after.
    pub fn keys(&mut self, app: &mut AppState) {
        use macroquad::prelude::{is_key_pressed, KeyCode};
        if is_key_pressed(KeyCode::T) {
            self.timeline.open = true;
        }
        let last = self.track.frames.len().saturating_sub(1) as u32;
        if is_key_pressed(KeyCode::PageDown) && self.frame < last {
            self.open_frame(self.frame + 1, app);
        }
        if is_key_pressed(KeyCode::PageUp) && self.frame > 0 {
            self.open_frame(self.frame - 1, app);
        }
    }

    pub fn busy(&self) -> bool {
        self.timeline.busy()
    }

    /// The track's state for the scripted tests' layout file (JSON).
    pub fn layout_json(&self) -> String {
        let (rows, markers) = self.timeline.counts();
        format!(
            "{{\"track\": true, \"frame\": {}, \"frames\": {}, \"timeline\": {{\"open\": {}, \
             \"busy\": {}, \"rows\": {rows}, \"markers\": {markers}}}}}",
            self.frame,
            self.track.frames.len(),
            self.timeline.open,
            self.timeline.busy()
        )
    }
}
