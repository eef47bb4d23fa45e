//! Presenter mode's strip: the lesson's page under the views, large, its buttons fixed
//! at the strip's top and the page scrolling under them; where it scrolls when a page
//! opens and when an answer comes, and how tall it is.

use super::{show_markup, ui_page_body, ui_page_header, Asked, PRESENTER_TEXT};
use crate::gui::lesson::LessonMode;
use crate::gui::panel::widgets::mark_rect;
use crate::gui::panel::PanelOutput;
use collidescope::app::AppState;
use egui_macroquad::egui::{self, RichText};

/// Presenter mode's strip: its first and its largest share of the window's height.
const STRIP_DEFAULT: f32 = 0.34;
const STRIP_MOST: f32 = 0.4;

/// The page's words in presenter mode's strip, open on every page it comes to (the
/// teacher may fold them away for the page at hand); answers where its heading ends.
pub(super) fn ui_page_text(
    ui: &mut egui::Ui,
    page: &(String, usize),
    text: &str,
    size: f32,
) -> f32 {
    let turned = turned_to(ui, "presenter_text_page", page);
    egui::CollapsingHeader::new(RichText::new("The page's text").size(size * 0.8))
        .id_salt("presenter_text")
        .open(turned.then_some(true))
        .show(ui, |ui| show_markup(ui, text, size))
        .header_response
        .rect
        .bottom()
}

/// True on the first frame `page` is drawn since another page was (`key` names the
/// place that remembers it).
fn turned_to(ui: &egui::Ui, key: &str, page: &(String, usize)) -> bool {
    let id = egui::Id::new(key);
    let last = ui.ctx().data(|d| d.get_temp::<(String, usize)>(id));
    if last.as_ref() == Some(page) {
        return false;
    }
    ui.ctx().data_mut(|d| d.insert_temp(id, page.clone()));
    true
}

/// Where a page's parts are in the strip (egui's coordinates, this frame).
pub(super) struct Placed {
    /// The page's top.
    pub origin: f32,
    /// The page's end.
    pub end: f32,
    /// Where the question's parts are.
    pub asked: Option<Asked>,
    /// The question is still open (a hint is the feedback).
    pub open: bool,
}

/// Where presenter mode's strip scrolls: set for the next frame (read by
/// [`presenter_strip`]), in the page's own coordinates (0 is its top).
const STRIP_SCROLL: &str = "lesson_strip_scroll";

/// The strip's height a page asks for: when a page opens with its choices (or "Show
/// me the answer") below the fold, or with too little room for a wrong answer's hint
/// under the ways to answer (`answers_end`, the larger of the two, margins included),
/// the strip grows, up to its largest share of the window, so that they are in sight
/// with the title and a hint will not grow it later (read by [`presenter_strip`]). In
/// a page's first frames only: its layout settles a frame or two late.
pub(super) fn strip_fit(ui: &mut egui::Ui, page: &(String, usize), answers_end: f32) {
    let id = egui::Id::new("lesson_strip_fitted");
    let tries = ui.ctx().data(|d| d.get_temp::<((String, usize), u8)>(id));
    let tries = match tries {
        Some((p, n)) if p == *page => n,
        _ => 0,
    };
    if tries >= 4 {
        return;
    }
    ui.ctx()
        .data_mut(|d| d.insert_temp(id, (page.clone(), tries + 1)));
    grow_by(ui, answers_end - ui.clip_rect().height());
}

/// Asks the strip to be `short` points taller from the next frame (when positive).
fn grow_by(ui: &egui::Ui, short: f32) {
    if short > 0.5 {
        ui.ctx()
            .data_mut(|d| d.insert_temp(egui::Id::new(STRIP_GROW), short));
        ui.ctx().request_repaint();
    }
}

/// How much taller the strip should be, for the next frame (see [`strip_fit`]).
const STRIP_GROW: &str = "lesson_strip_grow";

/// The strip's largest height in the window (egui points): its largest share of the
/// window's height, measured on the window itself (see [`presenter_strip`]).
fn strip_most(ctx: &egui::Context) -> f32 {
    let window =
        macroquad::window::screen_height() / crate::gui::panel::widgets::canvas_px_per_point(ctx);
    (window * STRIP_MOST).max(1.0)
}

/// How much taller the strip can still grow (points).
fn strip_room(ctx: &egui::Context) -> f32 {
    let now = egui::containers::panel::PanelState::load(ctx, egui::Id::new("presenter"));
    now.map_or(0.0, |p| (strip_most(ctx) - p.rect.height()).max(0.0))
}

/// Where the strip's page scrolls to, never cutting a line at the top of the strip:
/// a page opens at its top (its title in sight; the scroll bar, always drawn, says
/// whether a choice is below the fold); an answer scrolls the feedback's first line to
/// the strip's top, the explanation under it (from the feedback's top when the two
/// are taller than the strip). A hint (the question still open) keeps the question in
/// sight: the page stays at its top, else the prompt goes to the strip's top,
/// whichever first shows the hint and what it lights whole; else the page's top, the
/// prompt's or the choices', whichever first shows the hint to its last line with
/// every way to answer (the learner answers again without scrolling back); else the
/// strip grows (up to its largest share) and the first of those tops that then shows
/// the hint whole goes to the strip's top, or the hint's own top.
/// Should the page end too soon to scroll that far, the strip scrolls to the nearest
/// of those tops it can reach, never into a line. Again while the feedback moves or
/// grows (the layout settles a frame late).
pub(super) fn strip_scroll(
    ui: &mut egui::Ui,
    page: &(String, usize),
    stage: &str,
    placed: &Placed,
    feedback: Option<egui::Rect>,
) {
    let origin = placed.origin;
    let target = if turned_to(ui, "lesson_strip_page", page) {
        Some(0.0)
    } else if let Some(f) = feedback {
        // The feedback's top in the page, and its height: the first frame of an
        // answer still has the button that gave it above ("Show me the answer").
        let stamp = egui::Id::new((page, stage));
        let (top, height) = (f.top() - origin, f.height());
        let seen = egui::Id::new("lesson_strip_revealed");
        let before = ui.ctx().data(|d| d.get_temp::<(egui::Id, f32, f32)>(seen));
        let same = before
            .is_some_and(|(s, t, h)| s == stamp && (top - t).abs() <= 0.5 && height <= h + 0.5);
        ui.ctx()
            .data_mut(|d| d.insert_temp(seen, (stamp, top, height)));
        let sight = ui.clip_rect().height();
        let bottom = f.bottom() - origin;
        let asked = placed.asked.filter(|_| placed.open);
        let prompt = placed.asked.map(|a| a.prompt - origin);
        let ways = asked.map(|a| a.ways - origin);
        let anchors = [Some(0.0), prompt, ways].into_iter().flatten();
        let mut short = 0.0;
        let wanted = match asked {
            Some(a) => {
                let end = a.hint_end.map_or(bottom, |l| l - origin);
                let whole = anchors.clone().take(2).find(|&c| bottom - c <= sight);
                let hint = anchors.clone().find(|&c| end - c <= sight);
                whole.or(hint).unwrap_or_else(|| {
                    // Too short for the hint with the question: the strip grows (up
                    // to its largest share) with the page's top, the prompt or the
                    // choices at its top, the first that then shows the hint whole;
                    // else the hint's own top goes to the strip's top.
                    let room = strip_room(ui.ctx());
                    let c = anchors
                        .clone()
                        .chain([top])
                        .find(|&c| end - c <= sight + room)
                        .unwrap_or(top);
                    short = end - c - sight;
                    c
                })
            }
            None => top,
        };
        if !same {
            grow_by(ui, short);
        }
        // The farthest the page scrolls (egui stops there).
        let most = (placed.end - origin - sight).max(0.0);
        let y = if wanted <= most + 0.5 {
            wanted
        } else {
            anchors.filter(|&c| c <= most + 0.5).fold(0.0, f32::max)
        };
        (!same).then_some(y)
    } else {
        None
    };
    if let Some(y) = target {
        ui.ctx()
            .data_mut(|d| d.insert_temp(egui::Id::new(STRIP_SCROLL), y.max(0.0)));
        ui.ctx().request_repaint();
    }
}

/// Presenter mode: no side panel; the page in a strip across the bottom of the window,
/// large, the question first, the views above it. True when the learner leaves the
/// lesson.
pub fn presenter_strip(
    ctx: &egui::Context,
    mode: &mut LessonMode,
    presenter: &mut bool,
    app: &mut AppState,
    out: &mut PanelOutput,
) -> bool {
    let mut leave = false;
    // A bounded share of the window (the views keep the rest; the page scrolls inside),
    // measured on the window itself: egui's screen rectangle is a placeholder (10000
    // pixels high) in the first frames, and a strip sized on it would take the window.
    let window =
        macroquad::window::screen_height() / crate::gui::panel::widgets::canvas_px_per_point(ctx);
    let most = strip_most(ctx);
    let mut strip = egui::TopBottomPanel::bottom("presenter")
        .resizable(true)
        .height_range(most.min(120.0)..=most)
        .default_height(window * STRIP_DEFAULT);
    let grow = ctx.data_mut(|d| d.remove_temp::<f32>(egui::Id::new(STRIP_GROW)));
    let now = egui::containers::panel::PanelState::load(ctx, egui::Id::new("presenter"));
    if let (Some(grow), Some(now)) = (grow, now) {
        // Set once; the strip keeps that height (and stays resizable) after.
        strip = strip.exact_height((now.rect.height() + grow).min(most));
    }
    strip.show(ctx, |ui| {
        // The page buttons stay at the strip's top; the page scrolls under them,
        // its scroll bar always drawn so that a choice below the fold is seen to be
        // there.
        leave = ui_page_header(ui, mode, presenter, app, PRESENTER_TEXT, out, true);
        ui.separator();
        // A solid scroll bar: egui's floating one is invisible until hovered.
        ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
        let mut area = egui::ScrollArea::vertical().id_salt("presenter_page");
        let to = egui::Id::new(STRIP_SCROLL);
        if let Some(y) = ctx.data_mut(|d| d.remove_temp::<f32>(to)) {
            area = area.vertical_scroll_offset(y);
        }
        area.auto_shrink([false, false])
            .scroll_bar_visibility(egui::scroll_area::ScrollBarVisibility::AlwaysVisible)
            .show(ui, |ui| {
                // The strip's sight, for the scripted test.
                let seen = ui.clip_rect();
                mark_rect(
                    ui,
                    "lesson_strip_top",
                    egui::Rect::from_min_max(seen.min, seen.right_top()),
                );
                mark_rect(
                    ui,
                    "lesson_strip_bottom",
                    egui::Rect::from_min_max(seen.left_bottom(), seen.max),
                );
                ui_page_body(ui, mode, app, PRESENTER_TEXT, false);
            });
    });
    leave
}
