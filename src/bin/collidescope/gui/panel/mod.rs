//! The egui side panel: the panel's own state and the order of its sections, one
//! `ui_<section>` method per section, each in its own file (as the egui demo does it).
//! The sections read and edit the app state; results are never computed here: the
//! panel shows the stored analysis.

mod algorithm;
mod chain_edit;
mod copy_as;
mod dialog;
mod files;
mod header;
mod help;
mod layers;
mod lessons;
mod numbers;
mod peers;
pub(crate) mod plot;
mod rays;
mod sections;
mod settings;
mod shapes;
mod shrink;
mod slide;
mod sweep;
mod widgets;

pub use dialog::Pending;
#[cfg(not(target_arch = "wasm32"))]
pub use files::scenes_dir;
pub use files::SceneEntry;
pub(crate) use layers::set_visuals;
pub use sections::{PanelFor, WorldPanel};
pub use widgets::{canvas_px_per_point, forget_marks, marks_json};

use collidescope::app::{AppState, ShapeKind};
use collidescope::scene::Scene;
use collidescope::view::prefs::Preferences;
use egui_macroquad::egui;
use glam::Vec2;
use std::path::PathBuf;
#[cfg(target_arch = "wasm32")]
use widgets::Tip;

/// Said instead of the engines' rows when they are not built in.
pub(super) const NO_ENGINES: &str = "Built without the engines (cargo feature \"peers\").";

/// The peers section's heading.
const PEERS_HEADING: &str = if cfg!(feature = "peers") {
    "Peers: Box2D v3, parry2d, exact"
} else {
    "Peers: exact (built without the engines)"
};

/// The smallest text of the panel, points (egui's small text is raised to it).
pub const MIN_PANEL_TEXT: f32 = 12.0;

/// What the panel asks the main loop to do.
#[derive(Default)]
pub struct PanelOutput {
    pub quit: bool,
    /// A preference changed (theme, presenter): apply and save them.
    pub prefs_changed: bool,
    pub fit: bool,
    /// Zoom both views to the step's points (contacts, witnesses, simplex).
    pub zoom_action: bool,
    /// Zoom the world view to the selected shape.
    pub zoom_selection: bool,
    pub screenshot: bool,
    /// Another scene was opened: a recording or live world open is closed (with the
    /// pair opened from it).
    pub leave_world: bool,
    /// "Copy link" (the web page): write the hash now and copy the address.
    #[cfg(target_arch = "wasm32")]
    pub copy_link: bool,
}

/// The panel's own state (text being typed, dialogs). The web page has no paths to
/// type: its file fields stay unused there.
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
pub struct Panel {
    pub open_path: String,
    /// A Box2D recording the Files section asked to open (the window opens it).
    pub open_recording: Option<PathBuf>,
    pub save_as_path: String,
    /// A "Save as" path that exists, waiting for "Replace" or "Cancel".
    overwrite: Option<PathBuf>,
    pub paste_text: String,
    /// Where "Export this step" writes (.png or .svg).
    pub export_path: String,
    export_suggested: String,
    /// A failing pair pasted from an engine (see `import.rs`).
    pub import_text: String,
    /// Points of a pasted polygon that was refused (offered to "make convex").
    paste_refused: Option<Vec<Vec2>>,
    /// The name being typed: (shape index, the name it had when editing began, text).
    /// Keyed by both, so a buffer never outlives its shape (delete, undo, reorder).
    rename_buffer: Option<(usize, String, String)>,
    pub pending: Option<Pending>,
    pub scenes: Vec<SceneEntry>,
    /// Where the library is read from: `scenes/` on the desktop; the web page lists
    /// the copy compiled in.
    #[cfg(not(target_arch = "wasm32"))]
    scenes_dir: PathBuf,
    /// The link last copied (the web page), shown to select by hand.
    #[cfg(target_arch = "wasm32")]
    pub link: Option<String>,
    /// Open the Peers section and scroll it into sight once (the web page opened from a
    /// link made to show what the engines answered: `report --link`, `fuzz --link`).
    pub reveal_peers: bool,
    /// Until when (egui time, s) the Peers table is kept in sight after a reveal: its
    /// header opens with an animation, so the table's final place comes frames later.
    reveal_until: f64,
    /// A scene clicked in the library list, kept under the pointer while it opens.
    library_anchor: Option<files::LibraryAnchor>,
    /// The lesson page (lesson id, page) the panel last showed: a new page opens with
    /// the panel scrolled to its top, where its buttons and title are.
    page_shown: Option<(String, usize)>,
    /// The web page's panel put away (a drawer on a tablet): the views take the page.
    #[cfg(target_arch = "wasm32")]
    drawer_closed: bool,
    add_kind: ShapeKind,
    pub default_scene: Scene,
    /// The peers table's red cells this frame ("engine/column") and their centres in
    /// pixels; empty while the table is not shown.
    pub peers_off: Vec<(String, [f32; 2])>,
    /// The s(t) plot shows all of `[t1, 1]` (else the interval searched).
    whole_step: bool,
    /// The selected chain segment's decisions against each shape, in words, with the
    /// revision and segment they were told for (recomputed only on a change).
    chain_story: Option<chain_edit::ChainStory>,
    /// The scene notes shown unfolded (the notes' text; None: folded).
    notes_open: Option<String>,
    /// The Peers section is open: the engines' overlays are drawn (a teaching view
    /// starts without them).
    pub engines_shown: bool,
    /// The name of the Peers table row whose tooltip showed last frame (for the
    /// scripted tests).
    tooltip: Option<String>,
    /// The export box had the keyboard last frame (its text is not rewritten then).
    export_typing: bool,
    /// The algorithm the export name was last suggested or typed for.
    export_for: Option<collidescope::study::Algorithm>,
    /// The user's preferences (the theme is also the app's `theme`). The presenter
    /// setting is also lesson mode's presenter mode.
    pub prefs: Preferences,
    /// The presenter setting the side panel's width was chosen for.
    panel_presenter: bool,
    /// The lesson being taken (lesson mode), if any.
    pub lesson: Option<crate::gui::lesson::LessonMode>,
    /// The learner's progress, for the Lessons list.
    progress: collidescope::lesson::progress::Progress,
    /// The last sweep's plots as drawn (thinned to the panel's width), built once.
    sweep_plots: sweep::PlotCache,
    /// The step whose narration this frame's panel shows, if it shows one (the
    /// scripted tests compare it with the app's step once playback stopped).
    narrated: Option<usize>,
    /// The sections shown this frame, top to bottom (for the scripted tests).
    shown_sections: Vec<sections::Section>,
}

impl Panel {
    pub fn new(default_scene: Scene, prefs: Preferences) -> Panel {
        let mut p = Panel {
            open_path: String::new(),
            open_recording: None,
            save_as_path: String::new(),
            overwrite: None,
            paste_text: String::new(),
            export_path: String::new(),
            export_suggested: String::new(),
            import_text: String::new(),
            paste_refused: None,
            rename_buffer: None,
            pending: None,
            scenes: Vec::new(),
            #[cfg(not(target_arch = "wasm32"))]
            scenes_dir: scenes_dir(),
            #[cfg(target_arch = "wasm32")]
            link: None,
            reveal_peers: false,
            reveal_until: 0.0,
            library_anchor: None,
            page_shown: None,
            #[cfg(target_arch = "wasm32")]
            drawer_closed: false,
            add_kind: ShapeKind::Polygon,
            default_scene,
            peers_off: Vec::new(),
            whole_step: false,
            chain_story: None,
            notes_open: None,
            engines_shown: false,
            tooltip: None,
            export_typing: false,
            export_for: None,
            panel_presenter: prefs.presenter,
            prefs,
            lesson: None,
            progress: crate::gui::lesson::load_progress(),
            sweep_plots: sweep::PlotCache::default(),
            narrated: None,
            shown_sections: Vec::new(),
        };
        p.rescan();
        p
    }

    /// The panel's own state the scripted tests read, as JSON members.
    pub fn state_json(&self, app: &AppState) -> String {
        format!(
            "\"export_path\": {}, \"notes_open\": {}, \"engines_shown\": {}, \"library\": {}, \"presenter\": {}, \"theme\": \"{}\", \"tooltip\": {}, \"playing\": {}, \"narrated\": {}, \"sections\": [{}], {}",
            crate::gui::json_string(&self.export_path),
            self.notes_open.is_some(),
            self.engines_shown,
            self.scenes.len(),
            self.prefs.presenter,
            self.prefs.theme.name(),
            crate::gui::json_string(self.tooltip.as_deref().unwrap_or("")),
            app.playing,
            self.narrated.map_or("null".to_string(), |k| k.to_string()),
            self.shown_sections
                .iter()
                .map(|s| format!("\"{}\"", s.name()))
                .collect::<Vec<_>>()
                .join(", "),
            crate::gui::lesson::state_json(self.lesson.as_ref(), self.prefs.presenter, app)
        )
    }

    /// The whole panel (`world`: a recording or a live world open). Returns what the
    /// main loop must do.
    pub fn show(
        &mut self,
        ctx: &egui::Context,
        app: &mut AppState,
        world: Option<&mut dyn WorldPanel>,
    ) -> PanelOutput {
        let mut out = PanelOutput::default();
        self.narrated = None;
        self.shown_sections.clear();
        let lesson_keys = self.lesson.as_ref().map(|_| self.prefs.presenter);
        egui::TopBottomPanel::bottom("status")
            .exact_height(header::STATUS_H)
            .show(ctx, |ui| header::ui_status(ui, app, lesson_keys));
        if self.prefs.presenter && self.lesson.is_some() {
            // A lesson with the presenter setting: no side panel; the page and its
            // question under the views.
            let leave = self.lesson.as_mut().is_some_and(|m| {
                lessons::presenter_strip(ctx, m, &mut self.prefs.presenter, app, &mut out)
            });
            // The strip has no Peers table, but a page about the engines still draws
            // their answers on the canvas, as the panel's page does.
            self.engines_shown = self.lesson.as_ref().is_some_and(|m| m.page().peers);
            if leave {
                self.end_lesson(app);
            }
            self.ui_unsaved_dialog(ctx, app, &mut out);
            return out;
        }
        #[cfg(target_arch = "wasm32")]
        if self.drawer_closed {
            self.ui_drawer_handle(ctx);
            self.ui_unsaved_dialog(ctx, app, &mut out);
            return out;
        }
        // A small window keeps most of its width for the views; the presenter setting
        // (larger text) keeps more of it. The window's width from the window itself:
        // egui's screen rectangle is a placeholder (10000 pixels wide) in the first
        // frames.
        let screen = macroquad::window::screen_width() / widgets::canvas_px_per_point(ctx);
        let (share, least, most, widest) = if self.prefs.presenter {
            (0.24, 260.0, 300.0, 0.38)
        } else {
            (0.32, 240.0, 400.0, 0.45)
        };
        let widest = (widest * screen).clamp(least, 560.0);
        let id = egui::Id::new("panel");
        if self.panel_presenter != self.prefs.presenter {
            // The setting changed: the panel starts again from its default width (one
            // panel, so its sections stay open or closed as they were).
            self.panel_presenter = self.prefs.presenter;
            ctx.data_mut(|d| d.remove::<egui::containers::panel::PanelState>(id));
        }
        egui::SidePanel::right(id)
            .resizable(true)
            .default_width((share * screen).clamp(least, most))
            .width_range(least..=widest)
            .show(ctx, |ui| {
                #[cfg(target_arch = "wasm32")]
                {
                    let hide = ui
                        .small_button("⇥ hide the panel")
                        .tip("the views take the whole page; ☰ brings the panel back");
                    widgets::mark(ui, "drawer", &hide);
                    if hide.clicked() {
                        self.drawer_closed = true;
                    }
                    // A line between the button and the scrolled sections, whose top
                    // line is cut where the scroll area begins.
                    ui.separator();
                }
                // The panel keeps the width the user gave it: long values wrap
                // instead of widening it (which would move the canvas under the mouse).
                let width = ui.available_width();
                self.scroll_area().show(ui, |ui| {
                    ui.set_max_width(width);
                    self.ui_sections(ui, app, &mut out, world);
                });
            });
        self.ui_unsaved_dialog(ctx, app, &mut out);
        out
    }

    /// The panel's scrolled sections: scrolled to the top when a new lesson page shows,
    /// where its buttons and title are.
    fn scroll_area(&mut self) -> egui::ScrollArea {
        let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]);
        let page = self.lesson.as_ref().map(|m| (m.id.clone(), m.page));
        if page != self.page_shown {
            if page.is_some() {
                area = area.vertical_scroll_offset(0.0);
            }
            self.page_shown = page;
        }
        area
    }

    /// The page with the panel put away (a drawer): the button that brings it back.
    #[cfg(target_arch = "wasm32")]
    fn ui_drawer_handle(&mut self, ctx: &egui::Context) {
        egui::Area::new(egui::Id::new("drawer"))
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .show(ctx, |ui| {
                let open = ui.button("☰ panel").tip("show the panel");
                widgets::mark(ui, "drawer", &open);
                if open.clicked() {
                    self.drawer_closed = false;
                }
            });
    }
}
