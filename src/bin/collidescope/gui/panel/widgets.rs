//! Small widget helpers shared by the sections: numeric drags that are one undo step,
//! and where the widgets the scripted tests press were drawn.

use collidescope::app::AppState;
use egui_macroquad::egui;

/// Makes a numeric drag one undo step (begin on drag start, end on release).
pub(super) fn track(app: &mut AppState, r: &egui::Response) {
    if r.drag_started() {
        app.begin_drag();
    }
    if r.drag_stopped() {
        app.end_drag();
    }
}

/// A number dragged at `speed` (five decimals), tracked as one undo step.
/// True when it changed.
pub(super) fn drag(ui: &mut egui::Ui, app: &mut AppState, v: &mut f32, speed: f64) -> bool {
    let r = ui.add(egui::DragValue::new(v).speed(speed).max_decimals(5));
    track(app, &r);
    r.changed()
}

/// The widgets the scripted tests press, by name: where each was drawn in the last
/// frame is part of the layout the app reports (`COLLIDESCOPE_LAYOUT_FILE` on the
/// desktop, `window.collidescope.layout` in the web page).
pub const MARKED: [&str; 57] = [
    "copy_link",
    "files",
    "library_current",
    "library_next",
    "notes",
    "make_convex",
    "layers",
    "peers",
    "peer_name",
    "peer_engine",
    "presenter",
    "save_as",
    "open_path",
    "next_step",
    "export",
    "export_path",
    "open_file",
    "import_box",
    "import",
    "download_box2d_c",
    "download_parry_rust",
    "download_hex_scene",
    "drawer",
    "lessons",
    "lesson_gjk",
    "lesson_epa",
    "lesson_sat-clipping",
    "lesson_toi",
    "lesson_chains",
    "lesson_engines",
    "lesson_prev",
    "lesson_next",
    "lesson_presenter",
    "lesson_leave",
    "lesson_number",
    "lesson_check",
    "lesson_done",
    "lesson_show",
    "lesson_choice_0",
    "lesson_choice_1",
    "lesson_choice_2",
    "lesson_choice_3",
    "lesson_choice_4",
    "lesson_choice_5",
    "lesson_choice_6",
    "lesson_strip_top",
    "lesson_strip_bottom",
    "lesson_feedback_top",
    "lesson_feedback_end",
    "lesson_page_title",
    "lesson_hint",
    "lesson_hint_end",
    "lesson_engines_summary",
    "status_bar",
    "sweep",
    "run_sweep",
    "shrink_pair",
];

fn mark_id(name: &str) -> egui::Id {
    egui::Id::new(("collidescope-mark", name))
}

/// Remembers where the widget `name` (one of [`MARKED`]) was drawn this frame.
pub(super) fn mark(ui: &egui::Ui, name: &'static str, r: &egui::Response) {
    ui.ctx().data_mut(|d| d.insert_temp(mark_id(name), r.rect));
}

/// Remembers `rect` as where `name` (one of [`MARKED`]) is this frame: a place that
/// is no widget (the top and bottom of a scrolled page, the end of a text).
pub(super) fn mark_rect(ui: &egui::Ui, name: &'static str, rect: egui::Rect) {
    ui.ctx().data_mut(|d| d.insert_temp(mark_id(name), rect));
}

/// Forgets last frame's places (a widget not drawn this frame has none).
pub fn forget_marks(ctx: &egui::Context) {
    ctx.data_mut(|d| {
        for name in MARKED {
            d.remove::<egui::Rect>(mark_id(name));
        }
    });
}

/// The canvas's pixels (macroquad's logical pixels: CSS pixels on the page, however
/// dense the screen) per egui point.
pub fn canvas_px_per_point(ctx: &egui::Context) -> f32 {
    ctx.pixels_per_point() / macroquad::window::screen_dpi_scale()
}

/// The centre of each marked widget drawn this frame, in canvas pixels, as JSON
/// members (`"next_step": [1025, 207]`).
pub fn marks_json(ctx: &egui::Context) -> String {
    let ppp = canvas_px_per_point(ctx);
    MARKED
        .iter()
        .filter_map(|name| {
            let r = ctx.data(|d| d.get_temp::<egui::Rect>(mark_id(name)))?;
            let c = r.center();
            Some(format!("\"{name}\": [{}, {}]", c.x * ppp, c.y * ppp))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The panel's text colours beyond egui's own (`view::palette::PANEL_*`), each at
/// least 4.5:1 on the panel in both themes (`tests/palette.rs`).
#[derive(Clone, Copy)]
pub(super) enum Tone {
    /// Secondary text: a file's path, hints.
    Quiet,
    /// An error, a value off the exact answer.
    Alarm,
    /// Done as asked.
    Success,
    /// A question before something is overwritten.
    Warning,
    /// The item the canvas is stepping (the stepped ray).
    Current,
}

impl Tone {
    pub(super) fn color(self, ui: &egui::Ui) -> egui::Color32 {
        use collidescope::view::palette as p;
        let (dark, light) = match self {
            Tone::Quiet => p::PANEL_QUIET,
            Tone::Alarm => p::PANEL_ALARM,
            Tone::Success => p::PANEL_SUCCESS,
            Tone::Warning => p::PANEL_WARNING,
            Tone::Current => p::PANEL_CURRENT,
        };
        let c = if ui.visuals().dark_mode { dark } else { light };
        egui::Color32::from_rgb(c.0, c.1, c.2)
    }
}

/// Hover text that shows whenever the pointer rests on the widget and no button is
/// down. egui's own (`on_hover_text`) also waits until the pointer has moved since the
/// last click, which it judges by the pointer's speed over several frames: a window
/// that draws only on input has too few frames for that, so after the first click no
/// tooltip showed again.
pub trait Tip {
    fn tip(self, text: impl Into<egui::WidgetText>) -> Self;
}

impl Tip for egui::Response {
    fn tip(self, text: impl Into<egui::WidgetText>) -> Self {
        if self.hovered() && !self.ctx.input(|i| i.pointer.any_down()) {
            self.show_tooltip_text(text);
        }
        self
    }
}

/// The width of a text box followed on its row by a button reading `button`: at most
/// `widest`, leaving room for the button and for the panel's scroll bar, which floats
/// over the panel's right edge (a box of a fixed width pushed "Save as" under it in the
/// presenter's narrow panel).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))] // the desktop's file boxes
pub(super) fn field_width_beside(ui: &egui::Ui, button: &str, widest: f32) -> f32 {
    const SCROLL_BAR: f32 = 14.0;
    let font = egui::TextStyle::Button.resolve(ui.style());
    let text = ui.fonts(|f| f.layout_no_wrap(button.to_string(), font, egui::Color32::WHITE));
    let button_w = text.size().x + 2.0 * ui.spacing().button_padding.x;
    (ui.available_width() - button_w - ui.spacing().item_spacing.x - SCROLL_BAR).clamp(80.0, widest)
}
