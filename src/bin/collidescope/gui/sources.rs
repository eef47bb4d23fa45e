//! What the window opens besides a scene: a Box2D recording or a pair track — with
//! the engines on the desktop; without them (and on the web page) stand-ins that say
//! once why the file does not open here.

#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
use {collidescope::app::AppState, egui_macroquad::egui, std::path::Path};

/// Whether `path` opens in the world view: a Box2D recording (`.b2rec`), or a world
/// file (`.ron` with `bodies`, not a scene) that runs live.
pub fn opens_as_world(path: &std::path::Path) -> bool {
    if path.extension().is_some_and(|e| e == "b2rec") {
        return true;
    }
    if path.extension().is_none_or(|e| e != "ron") {
        return false;
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        return false;
    };
    let label = path.display().to_string();
    collidescope::scene::world::parse_world(&text, &label).is_ok()
        || (text.contains("bodies") && collidescope::scene::parse_scene(&text, &label).is_err())
}

/// The debugger's scene as it was before a world was opened: the scene with its view,
/// its file and whether it had unsaved changes.
pub struct UserScene(collidescope::scene::Scene, Option<std::path::PathBuf>, bool);

impl UserScene {
    pub fn keep(app: &collidescope::app::AppState) -> UserScene {
        UserScene(app.scene_for_save(), app.path.clone(), app.dirty)
    }

    /// Gives the debugger its scene back, unsaved changes still unsaved.
    pub fn restore(self, app: &mut collidescope::app::AppState) {
        let UserScene(scene, path, dirty) = self;
        app.open_scene(scene, path);
        app.dirty = dirty;
    }
}

/// The recording open in the window, if any (desktop with the engines only).
#[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
pub type Rec = super::recording::Recording;
#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
pub type Rec = NoRecording;

/// The pair track open in the window, if any (desktop with the engines only).
#[cfg(all(feature = "peers", not(target_arch = "wasm32")))]
pub type TrackMode = super::recording::track_view::TrackView;
#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
pub type TrackMode = NoTrack;

/// Without the engines a track's timeline cannot be computed (Box2D's rows): its
/// first frame opens as a scene would not, so the window says so.
#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
pub struct NoTrack;

#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
impl NoTrack {
    pub fn open(_: &Path, _: &mut AppState) -> Result<NoTrack, String> {
        Err("pair tracks open in the desktop app built with the engines".into())
    }
    pub fn ui(&mut self, _: &egui::Context, _: &mut AppState) {}
    pub fn keys(&mut self, _: &mut AppState) {}
    pub fn busy(&self) -> bool {
        false
    }
    pub fn layout_json(&self) -> String {
        "null".into()
    }
}

/// Without the engines (and on the web page) there are no recordings: this stands in
/// for one and says so once.
#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
pub struct NoRecording {
    said: bool,
}

#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
impl NoRecording {
    pub fn open(_: &Path) -> NoRecording {
        NoRecording { said: false }
    }
    pub fn shows_world(&self) -> bool {
        false
    }
    pub fn busy(&self) -> bool {
        false
    }
    pub fn poll(&mut self) -> Option<String> {
        let said = std::mem::replace(&mut self.said, true);
        (!said).then(|| {
            "Box2D recordings and world files open in the desktop app (built with the \
             engines): Box2D's world and its player do not run here"
                .to_string()
        })
    }
    pub fn tick(&mut self, _: f32) {}
    pub fn keys(&mut self, _: &mut AppState) {}
    pub fn layout_json(&self) -> String {
        "null".into()
    }
    pub fn back_key(&mut self) {}
    pub fn ui(&mut self, _: &egui::Context, _: &mut AppState) {}
    pub fn put_note(&self, _: &egui::Context) {}
    pub fn close_asked(&mut self) -> bool {
        false
    }
    pub fn replaced_scene(&self) -> bool {
        false
    }
}

#[cfg(not(all(feature = "peers", not(target_arch = "wasm32"))))]
impl super::panel::WorldPanel for NoRecording {
    fn panel_for(&self) -> super::panel::PanelFor {
        super::panel::PanelFor::Scene
    }
    fn world_ui(&mut self, _: &mut egui::Ui, _: &mut AppState) {}
}

#[cfg(test)]
mod tests {
    use super::opens_as_world;
    use std::path::Path;

    #[test]
    fn world_files_and_recordings_open_in_the_world_view_scenes_do_not() {
        assert!(opens_as_world(Path::new("recordings/box_stack.ron")));
        assert!(opens_as_world(Path::new("recordings/box_stack.b2rec")));
        assert!(!opens_as_world(Path::new("scenes/welcome.ron")));
        assert!(!opens_as_world(Path::new("recordings/no_such_world.ron")));
        let dir = std::env::temp_dir().join(format!("cs-sources-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        // A world file with a mistake still opens as one (to say what is wrong).
        let broken = dir.join("broken.ron");
        std::fs::write(&broken, "(version: 1, bodies: [(name: \"a\", typo: 1)])").unwrap();
        assert!(opens_as_world(&broken));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
