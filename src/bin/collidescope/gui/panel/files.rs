//! The "Files" section: save, save as, open by path, import a pair pasted from an
//! engine, and the scene library (`scenes/*.ron`, grouped in teaching order). In the
//! web page: save is a download, open is the browser's file picker, and the library
//! is the copy compiled in (`collidescope::scene::library`).

use super::widgets::Tip;
use super::widgets::Tone;
use super::{Panel, Pending};
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};
#[cfg(not(target_arch = "wasm32"))]
use std::path::Path;
use std::path::PathBuf;

/// A scene of the library: compiled in (`text`), or a file of `scenes/` beside the
/// working directory (a library file there is read from disk, so edits show).
pub struct SceneEntry {
    pub path: PathBuf,
    pub title: String,
    pub group: String,
    /// The copy compiled in, for a library scene (the page opens library scenes by
    /// name instead).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub text: Option<&'static str>,
}

/// The scenes folder: `scenes/` beside the working directory.
#[cfg(not(target_arch = "wasm32"))]
pub fn scenes_dir() -> PathBuf {
    Path::new("scenes").to_path_buf()
}

/// Groups in teaching order, then any others alphabetically; inside a group, by file
/// name (the library names its files in teaching order).
fn sort_entries(entries: &mut [SceneEntry]) {
    const ORDER: [&str; 10] = collidescope::scene::library::GROUPS;
    let rank = |g: &str| ORDER.iter().position(|o| *o == g).unwrap_or(ORDER.len());
    entries.sort_by(|a, b| {
        (rank(&a.group), &a.group, &a.path).cmp(&(rank(&b.group), &b.group, &b.path))
    });
}

/// Title and group of a scene that loaded; a file that did not is listed by name
/// (opening it shows the error).
fn entry_label(
    loaded: Result<collidescope::scene::Scene, collidescope::scene::SceneError>,
    file: String,
) -> (String, String) {
    match loaded {
        Ok(s) => (if s.title.is_empty() { file } else { s.title }, s.group),
        Err(_) => (file, "Files with errors".to_string()),
    }
}

impl Panel {
    /// Lists the library compiled in, then the other `scenes/*.ron` files beside the
    /// working directory, by title (files that fail to load are listed by name with
    /// their error shown when opened). A library file found on disk is read from there.
    pub fn rescan(&mut self) {
        let mut entries: Vec<SceneEntry> = collidescope::scene::library::FILES
            .iter()
            .map(|(name, text)| {
                let loaded = collidescope::scene::parse_scene(text, name);
                let (title, group) = entry_label(loaded, name.to_string());
                let path = PathBuf::from("scenes").join(name);
                SceneEntry {
                    path,
                    title,
                    group,
                    text: Some(text),
                }
            })
            .collect();
        #[cfg(not(target_arch = "wasm32"))]
        self.scan_disk(&mut entries);
        sort_entries(&mut entries);
        self.scenes = entries;
    }

    /// Adds the `.ron` files of the scenes folder: a library file's entry is read from
    /// disk (its edited title shows), any other file joins the list.
    #[cfg(not(target_arch = "wasm32"))]
    fn scan_disk(&self, entries: &mut Vec<SceneEntry>) {
        let Ok(dir) = std::fs::read_dir(&self.scenes_dir) else {
            return;
        };
        for e in dir.flatten() {
            let path = e.path();
            if path.extension().and_then(|x| x.to_str()) != Some("ron") {
                continue;
            }
            let file = path
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            let (title, group) = entry_label(collidescope::scene::load_scene(&path), file.clone());
            match entries
                .iter_mut()
                .find(|x| x.text.is_some() && x.path.file_name() == path.file_name())
            {
                Some(x) => {
                    x.path = path;
                    x.title = title;
                    x.group = group;
                }
                None => entries.push(SceneEntry {
                    path,
                    title,
                    group,
                    text: None,
                }),
            }
        }
    }

    /// Opens a scene of the library list: its file when there is one, else the copy
    /// compiled in.
    pub(super) fn open_entry(&mut self, app: &mut AppState, path: &std::path::Path) {
        // A typed path is always a file; only the library's own names fall back.
        #[cfg(not(target_arch = "wasm32"))]
        if path.exists() || path.parent() != Some(std::path::Path::new("scenes")) {
            let _ = app.open(path);
            return;
        }
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        match collidescope::scene::library::text(name) {
            Some(text) => {
                let _ = app.open_text(text, path);
            }
            None => app.error(format!(
                "{}: no such file, and not in the scene library built in",
                path.display()
            )),
        }
    }

    /// Saves the scene to its file. True when saved.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn save(&mut self, app: &mut AppState) -> bool {
        app.save().is_ok()
    }

    /// Saves the scene as a download of the scene file, named after the file it came
    /// from. True: the page offered it.
    #[cfg(target_arch = "wasm32")]
    pub fn save(&mut self, app: &mut AppState) -> bool {
        let name = app
            .path
            .as_ref()
            .and_then(|p| p.file_name())
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| "scene.ron".to_string());
        let text = app.save_text(std::path::Path::new(&name));
        crate::gui::web::download(&name, "text/plain", text.as_bytes());
        true
    }

    pub(super) fn ui_files(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        self.ui_save_and_open(ui, app);
        self.ui_import(ui, app);
        self.ui_scene_library(ui, app);
    }

    /// Download, open a file, built-in scene (the web page).
    #[cfg(target_arch = "wasm32")]
    fn ui_save_and_open(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal_wrapped(|ui| {
            if ui
                .button("Download scene (.ron)")
                .tip("Ctrl+S: the scene file, to open here or in the desktop app")
                .clicked()
            {
                self.save(app);
            }
            let open = ui
                .button("Open a file…")
                .tip("a .ron scene file from your computer");
            super::widgets::mark(ui, "open_file", &open);
            if open.clicked() {
                crate::gui::web::open_file_picker();
            }
            if ui.button("Built-in scene").clicked() {
                self.request(app, Pending::OpenDefault);
            }
        });
        ui.label(
            RichText::new(
                "In the browser, files come and go as downloads and through the file \
                 picker. The scene is always in the page's address: \"Copy link\" at the top.",
            )
            .small()
            .color(Tone::Quiet.color(ui)),
        );
    }

    /// Save, built-in scene, rescan; save as and open by a typed path.
    #[cfg(not(target_arch = "wasm32"))]
    fn ui_save_and_open(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal_wrapped(|ui| {
            if ui.button("Save").tip("Ctrl+S").clicked() {
                self.save(app);
            }
            if ui.button("Built-in scene").clicked() {
                self.request(app, Pending::OpenDefault);
            }
            if ui.button("Rescan scenes/").clicked() {
                self.rescan();
            }
        });
        self.ui_save_as(ui, app);
        ui.horizontal_wrapped(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.open_path)
                    .hint_text("a .ron or .b2rec file")
                    .desired_width(super::widgets::field_width_beside(ui, "Open", 200.0)),
            );
            super::widgets::mark(ui, "open_path", &field);
            // Enter in the box opens, as the button does.
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Open").clicked() || entered) && !self.open_path.trim().is_empty() {
                let p = PathBuf::from(self.open_path.trim());
                // A Box2D recording or a world file opens in the world view.
                if crate::gui::sources::opens_as_world(&p) {
                    self.open_recording = Some(p);
                } else {
                    self.request(app, Pending::Open(p));
                }
            }
        });
    }

    /// A failing pair pasted from an engine, opened as a new scene.
    fn ui_import(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.label(RichText::new("Import a pair (text or JSON, as an engine prints it)").strong());
        let import_box = ui.add(
            egui::TextEdit::multiline(&mut self.import_text)
                .desired_rows(3)
                .desired_width(f32::INFINITY)
                .hint_text("A: (0, 0), (2, 0), (1, 1.5)\nradius 0.1\nB: (1, 1), (3, 1), (2, 3)\nposition 0.5 0.2"),
        );
        super::widgets::mark(ui, "import_box", &import_box);
        let import = ui.button("Import as a new scene");
        super::widgets::mark(ui, "import", &import);
        if import.clicked() {
            match collidescope::scene::import::import(&self.import_text, "Imported pair") {
                Ok(scene) => {
                    self.request(app, Pending::OpenScene(Box::new(scene)));
                }
                Err(e) => {
                    app.message = Some(collidescope::app::Message {
                        text: format!("Import: {e}"),
                        is_error: true,
                    })
                }
            }
        }
    }

    /// The scenes of `scenes/`, under their group headings; a click opens one.
    fn ui_scene_library(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.label(RichText::new("The scene library:").strong());
        #[cfg(not(target_arch = "wasm32"))]
        ui.label(
            RichText::new(format!(
                "built in; .ron files in {} are listed too",
                self.scenes_dir.display()
            ))
            .color(Tone::Quiet.color(ui)),
        );
        let mut open = None;
        let mut group: Option<&str> = None;
        // The entry after the open scene's (the first when none is open), for tests.
        let mut next = !self
            .scenes
            .iter()
            .any(|e| app.path.as_deref() == Some(e.path.as_path()));
        for e in &self.scenes {
            if group != Some(e.group.as_str()) {
                group = Some(e.group.as_str());
                let heading = if e.group.is_empty() {
                    "Other"
                } else {
                    &e.group
                };
                ui.label(RichText::new(heading).italics());
            }
            let current = app.path.as_deref() == Some(e.path.as_path());
            let entry = ui
                .selectable_label(current, &e.title)
                .tip(e.path.display().to_string());
            if current {
                super::widgets::mark_rect(ui, "library_current", entry.rect);
            } else if next {
                super::widgets::mark_rect(ui, "library_next", entry.rect);
            }
            next = current;
            if entry.clicked() {
                open = Some((e.path.clone(), entry.rect));
            } else {
                keep_in_place(ui, &mut self.library_anchor, &e.path, entry.rect);
            }
        }
        if let Some((p, rect)) = open {
            self.library_anchor = Some(LibraryAnchor::new(ui, p.clone(), rect));
            self.request(app, Pending::Open(p));
        }
    }
}

/// How long (s) after a click the library list keeps the clicked entry under the
/// pointer: long enough for the scene to open and the sections above to settle.
const KEEP_IN_PLACE_S: f64 = 1.0;

/// A scene clicked in the library list, kept under the pointer while it opens: opening
/// a scene changes the sections above the list (title, notes, narration), which would
/// move the list under the pointer, and the next click would open another scene.
pub struct LibraryAnchor {
    path: PathBuf,
    /// Where the entry was clicked (y, points).
    y: f32,
    /// Until when (egui time, s) the list is held.
    until: f64,
    /// The pass that last asked the panel to scroll: a scroll takes effect a pass later,
    /// so the pass after it still sees the entry where it was and must not ask again.
    scrolled_in: Option<u64>,
}

impl LibraryAnchor {
    fn new(ui: &egui::Ui, path: PathBuf, rect: egui::Rect) -> Self {
        LibraryAnchor {
            path,
            y: rect.top(),
            until: ui.input(|i| i.time) + KEEP_IN_PLACE_S,
            scrolled_in: None,
        }
    }
}

/// Scrolls the panel so the library entry `path` (drawn at `rect`) stays where it was
/// clicked while the scene opens and the sections above settle; ends after
/// [`KEEP_IN_PLACE_S`], or as soon as the user scrolls.
fn keep_in_place(
    ui: &egui::Ui,
    anchor: &mut Option<LibraryAnchor>,
    path: &std::path::Path,
    rect: egui::Rect,
) {
    let Some(a) = anchor.as_mut().filter(|a| a.path == path) else {
        return;
    };
    let (now, scrolled) = ui.input(|i| (i.time, i.raw_scroll_delta != egui::Vec2::ZERO));
    if now > a.until || scrolled {
        *anchor = None;
        return;
    }
    let pass = ui.ctx().cumulative_pass_nr();
    let moved = a.y - rect.top();
    if moved.abs() >= 0.5 && a.scrolled_in.is_none_or(|k| k + 1 < pass) {
        ui.scroll_with_delta_animation(
            egui::vec2(0.0, moved),
            egui::style::ScrollAnimation::none(),
        );
        a.scrolled_in = Some(pass);
    }
    ui.ctx().request_repaint();
}

#[cfg(not(target_arch = "wasm32"))]
impl Panel {
    /// "Save as": a path that exists (and is not the scene's own file) is overwritten
    /// only once the user says so; the box empties after a save.
    fn ui_save_as(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.horizontal_wrapped(|ui| {
            let field = ui.add(
                egui::TextEdit::singleline(&mut self.save_as_path)
                    .hint_text("path/to/scene.ron")
                    .desired_width(super::widgets::field_width_beside(ui, "Save as", 200.0)),
            );
            super::widgets::mark(ui, "save_as", &field);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if (ui.button("Save as").clicked() || entered) && !self.save_as_path.trim().is_empty() {
                let p = PathBuf::from(self.save_as_path.trim());
                if p.exists() && app.path.as_deref() != Some(p.as_path()) {
                    self.overwrite = Some(p);
                } else {
                    self.save_to(app, &p);
                }
            }
        });
        if let Some(p) = self.overwrite.clone() {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    RichText::new(format!("{} exists. Replace it?", p.display()))
                        .color(Tone::Warning.color(ui)),
                );
                if ui.button("Replace").clicked() {
                    self.overwrite = None;
                    self.save_to(app, &p);
                }
                if ui.button("Cancel").clicked() {
                    self.overwrite = None;
                }
            });
        }
    }

    fn save_to(&mut self, app: &mut AppState, p: &Path) {
        if app.save_as(p).is_ok() {
            self.save_as_path.clear();
            self.rescan();
        }
    }
}
