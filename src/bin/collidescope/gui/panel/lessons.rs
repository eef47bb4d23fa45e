//! The "Lessons" section (the library's lessons with the learner's progress) and the
//! panel in lesson mode: the page's text, its question with the ways to answer it,
//! the hint or the answer, and the narration once the question is settled. With the
//! presenter setting (presenter mode) the same page is drawn in a strip under the
//! views, larger, instead of the panel (`strip.rs`).

use super::widgets::Tip;
use super::widgets::Tone;
use super::widgets::{mark, mark_rect};
use super::{Panel, PanelOutput};
use crate::gui::lesson::LessonMode;
use collidescope::app::AppState;
use collidescope::lesson::library;
use egui_macroquad::egui::{self, RichText};
pub use markup::show_markup;
use question::{ui_question, Asked};
use strip::{strip_fit, strip_scroll, ui_page_text, Placed};

mod engines;
mod markup;
mod question;
mod strip;
pub use strip::presenter_strip;

/// Text sizes of the panel and of presenter mode (24 pixels: the presenter setting
/// zooms the panel too).
const TEXT: f32 = 14.5;
const PRESENTER_TEXT: f32 = 24.0 / collidescope::view::prefs::PRESENTER_PANEL_ZOOM;

/// Names of the marked widgets of lesson mode (see `widgets::MARKED`).
pub const CHOICE_MARKS: [&str; 7] = [
    "lesson_choice_0",
    "lesson_choice_1",
    "lesson_choice_2",
    "lesson_choice_3",
    "lesson_choice_4",
    "lesson_choice_5",
    "lesson_choice_6",
];
pub const LIST_MARKS: [&str; 6] = [
    "lesson_gjk",
    "lesson_epa",
    "lesson_sat-clipping",
    "lesson_toi",
    "lesson_chains",
    "lesson_engines",
];

impl Panel {
    /// The "Lessons" section: each lesson of the library with its progress.
    pub(super) fn ui_lesson_list(&mut self, ui: &mut egui::Ui, app: &mut AppState) {
        ui.label(
            RichText::new("Guided tours that ask you to predict each step before you see it.")
                .color(Tone::Quiet.color(ui)),
        );
        for id in library::ids() {
            let Ok(lesson) = library::lesson(id) else {
                continue;
            };
            let summary = self.progress.summary(id, lesson.pages.len());
            ui.horizontal_wrapped(|ui| {
                let r = ui
                    .button(RichText::new(&lesson.title).strong())
                    .tip(&lesson.goal);
                if let Some(name) = LIST_MARKS.iter().find(|m| m[7..] == *id) {
                    mark(ui, name, &r);
                }
                if r.clicked() {
                    self.start_lesson(id, None, app);
                }
                ui.label(RichText::new(summary).color(Tone::Quiet.color(ui)));
            });
        }
    }

    /// Starts lesson `id` (on `page`, else where the learner left it).
    pub fn start_lesson(&mut self, id: &str, page: Option<usize>, app: &mut AppState) {
        match LessonMode::open(id, page, app) {
            Ok(mode) => self.lesson = Some(mode),
            Err(e) => app.error(e),
        }
    }

    /// Ends lesson mode, giving the window back its scene.
    pub fn end_lesson(&mut self, app: &mut AppState) {
        if let Some(mode) = self.lesson.take() {
            self.progress = mode.progress.clone();
            mode.leave(app);
        }
    }

    /// The panel in lesson mode.
    pub(super) fn ui_lesson(
        &mut self,
        ui: &mut egui::Ui,
        app: &mut AppState,
        out: &mut PanelOutput,
    ) {
        let mut leave = false;
        if let Some(mode) = self.lesson.as_mut() {
            leave = ui_page(ui, mode, &mut self.prefs.presenter, app, TEXT, out);
        }
        if leave {
            self.end_lesson(app);
            return;
        }
        let Some(mode) = self.lesson.as_ref() else {
            return;
        };
        let (settled, page) = (
            mode.page().question.is_none() || mode.tutor.stage.settled(),
            mode.page().clone(),
        );
        // The s(t) plot is part of the picture a time-of-impact question is read from,
        // once it does not answer the question still open.
        if collidescope::lesson::shows_plot(&page, settled) {
            egui::CollapsingHeader::new("s(t): separation over the step")
                .default_open(true)
                .show(ui, |ui| self.ui_plot(ui, app));
        }
        if page.peers {
            egui::CollapsingHeader::new(super::PEERS_HEADING)
                .default_open(true)
                .show(ui, |ui| self.ui_peers(ui, app));
        }
        // The engines' overlays show with their table, as outside lessons.
        self.engines_shown = page.peers;
        if settled && !app.scene.chains.is_empty() {
            egui::CollapsingHeader::new("Chains: slide sweep")
                .default_open(false)
                .show(ui, |ui| self.ui_slide(ui, app));
        }
        if settled || page.numbers {
            egui::CollapsingHeader::new("Numbers")
                .default_open(page.numbers)
                .show(ui, |ui| self.ui_numbers(ui, app));
        }
        let _ = out;
    }
}

/// One page in the panel: header and page buttons, then the page itself
/// ([`ui_page_body`]). `presenter` is the presenter setting, which the page's button
/// turns on and off. True when the learner leaves the lesson.
pub fn ui_page(
    ui: &mut egui::Ui,
    mode: &mut LessonMode,
    presenter: &mut bool,
    app: &mut AppState,
    size: f32,
    out: &mut PanelOutput,
) -> bool {
    ui.label(
        RichText::new(&mode.lesson.title)
            .size(size * 0.85)
            .color(Tone::Quiet.color(ui)),
    );
    let leave = ui_page_header(ui, mode, presenter, app, size, out, false);
    ui_page_body(ui, mode, app, size, true);
    leave
}

/// The page buttons: Previous, "page k of n", Next, presenter mode, leave, and the
/// lesson's title after them when `titled`. True when the learner leaves the lesson.
fn ui_page_header(
    ui: &mut egui::Ui,
    mode: &mut LessonMode,
    presenter: &mut bool,
    app: &mut AppState,
    size: f32,
    out: &mut PanelOutput,
    titled: bool,
) -> bool {
    let mut leave = false;
    let n = mode.lesson.pages.len();
    ui.horizontal_wrapped(|ui| {
        let prev = ui.add_enabled(
            mode.page > 0,
            egui::Button::new(RichText::new("← Previous").size(size * 0.9)),
        );
        mark(ui, "lesson_prev", &prev);
        if prev.clicked() {
            mode.go(mode.page - 1, app);
        }
        ui.label(RichText::new(format!("page {} of {n}", mode.page + 1)).size(size * 0.9));
        let next = ui.add_enabled(
            mode.page + 1 < n,
            egui::Button::new(RichText::new("Next →").size(size * 0.9)),
        );
        mark(ui, "lesson_next", &next);
        if next.clicked() {
            mode.go(mode.page + 1, app);
        }
        let present = ui
            .button(RichText::new(if *presenter { "Leave presenter" } else { "Presenter" }).size(size * 0.9))
            .tip("For a projector: the panel hidden, the page and its question under the views, in large type, the views' text and lines larger (Esc leaves; the same setting as Layers' presenter)");
        mark(ui, "lesson_presenter", &present);
        if present.clicked() {
            *presenter = !*presenter;
            out.prefs_changed = true;
        }
        let r = ui.button(RichText::new("Leave lesson").size(size * 0.9));
        mark(ui, "lesson_leave", &r);
        leave = r.clicked();
        if titled {
            ui.label(
                RichText::new(&mode.lesson.title)
                    .size(size * 0.8)
                    .color(Tone::Quiet.color(ui)),
            );
        }
    });
    leave
}

/// The page under its buttons: title, text, question, feedback, narration. `full`:
/// the panel (with the stepping row); else presenter mode's strip, which scrolls it
/// under its fixed buttons (see [`strip_scroll`] for where it scrolls).
fn ui_page_body(
    ui: &mut egui::Ui,
    mode: &mut LessonMode,
    app: &mut AppState,
    size: f32,
    full: bool,
) {
    // The page's top, where its scroll offset counts from (in the strip).
    let origin = ui.cursor().top();
    ui_page_title(ui, mode, size);
    let text = mode.page().text.clone();
    let page = (mode.id.clone(), mode.page);
    // Presenter mode hides the panel and its Peers table: the strip says the
    // engines' answers itself.
    if !full && mode.page().peers {
        engines::ui_engines(ui, app, size);
        ui.add_space(4.0);
    }
    if full {
        show_markup(ui, &text, size);
        ui.add_space(6.0);
    }
    // For a projector the question comes first, then what an answer brought, then
    // the page's words.
    let mut asked = None;
    let mut feedback = ui_question(ui, mode, app, size, &mut asked);
    let asks = mode.page().question.is_some();
    // A page without a question is its text first, then the step's narration.
    if !full && !asks {
        ui_page_text(ui, &page, &text, size);
    }
    let settled = !asks || mode.tutor.stage.settled();
    if settled && mode.page().narration {
        if let Some(said) = ui_step_narration(ui, app, size, full) {
            // The step's narration is the explanation of a settled answer.
            feedback = feedback.map(|f| f.union(said));
        }
    }
    let heading_end = (!full && asks).then(|| ui_page_text(ui, &page, &text, size));
    if let Some(f) = feedback {
        // Where the explanation starts and ends, for the scripted test.
        mark_rect(
            ui,
            "lesson_feedback_top",
            egui::Rect::from_min_max(f.min, f.right_top()),
        );
        mark_rect(
            ui,
            "lesson_feedback_end",
            egui::Rect::from_min_max(f.left_bottom(), f.max),
        );
    }
    let stage = format!("{:?}", mode.tutor.stage);
    if full {
        // The side panel: what an answer brought, in sight once per answer.
        if let Some(f) = feedback {
            reveal(ui, egui::Id::new((&page, stage)), f);
        }
    } else {
        let placed = Placed {
            origin,
            end: room_to_scroll(ui, feedback),
            asked,
            open: !mode.tutor.stage.settled(),
        };
        strip_scroll(ui, &page, &stage, &placed, feedback);
        if let Some(a) = asked {
            fit_strip_to_question(ui, &page, &a, origin, heading_end);
        }
    }
}

/// The page's title (marked for the scripted test) and, if its scene did not open,
/// why.
fn ui_page_title(ui: &mut egui::Ui, mode: &LessonMode, size: f32) {
    let title = ui.heading(RichText::new(&mode.page().title).size(size * 1.3).strong());
    // Where the title is, for the scripted test.
    mark_rect(
        ui,
        "lesson_page_title",
        egui::Rect::from_min_max(title.rect.min, title.rect.right_top()),
    );
    if let Some(e) = &mode.page_error {
        ui.colored_label(
            Tone::Alarm.color(ui),
            format!("This page's scene did not open: {e}"),
        );
    }
}

/// The step's narration under a rule (in the panel, under the stepping row), its
/// features named on the views while hovered. Its rect, if there is a narration.
fn ui_step_narration(
    ui: &mut egui::Ui,
    app: &mut AppState,
    size: f32,
    full: bool,
) -> Option<egui::Rect> {
    ui.separator();
    if full {
        ui_steps(ui, app);
    }
    let text = app.narration()?;
    let said = ui.label(RichText::new(&text).size(size));
    let named = if said.hovered() {
        collidescope::view::narrate::features::mentions(&text)
    } else {
        Vec::new()
    };
    app.set_named(&named);
    Some(said.rect)
}

/// Room under a short page in presenter mode's strip, so that its feedback can
/// scroll to the strip's top (egui stops scrolling at the page's end). The page's
/// end, after the room.
fn room_to_scroll(ui: &mut egui::Ui, feedback: Option<egui::Rect>) -> f32 {
    if let Some(f) = feedback {
        let short = f.top() + ui.clip_rect().height() - ui.min_rect().bottom();
        if short > 0.0 {
            ui.add_space(short);
        }
    }
    ui.min_rect().bottom()
}

/// Presenter mode's strip made tall enough for the question: its frame closes under
/// the choices (its margin and stroke); the page text's heading whole under it, so
/// that the strip does not end in the middle of a line. And room for a wrong
/// answer's hint under the page as it opens (title, prompt, ways to answer): a hint
/// then neither makes the strip taller and moves the picture, nor scrolls the page
/// and moves the buttons from under the pointer (a second click would land on
/// another choice). When the strip cannot be that tall, `strip_scroll` keeps the
/// ways to answer in sight above the hint.
fn fit_strip_to_question(
    ui: &mut egui::Ui,
    page: &(String, usize),
    asked: &Asked,
    origin: f32,
    heading_end: Option<f32>,
) {
    // The question's frame closes FRAME_END under its last line (inner margin 8 and
    // stroke); under a hint, the frame's end, a row's spacing and 3 points of slack.
    const FRAME_END: f32 = 10.0;
    let framed = asked.end + FRAME_END;
    let end = heading_end.map_or(framed, |h| framed.max(h + 2.0));
    let hinted = asked.hint_room + FRAME_END + ui.spacing().item_spacing.y + 3.0;
    strip_fit(ui, page, (end - origin).max(hinted - origin));
}

/// The stepping row of lesson mode: the learner may walk the algorithm once the
/// question is settled.
fn ui_steps(ui: &mut egui::Ui, app: &mut AppState) {
    let count = app.step_count();
    ui.horizontal_wrapped(|ui| {
        if ui.button("⏮").tip("first step").clicked() {
            app.step_first();
        }
        if ui.button("◀").tip("previous step").clicked() {
            app.step_back();
        }
        ui.label(format!("step {} of {count}", app.step + 1));
        if ui.button("▶").tip("next step").clicked() {
            app.step_next();
        }
        if ui.button("⏭").tip("last step").clicked() {
            app.step_last();
        }
        if let Some(part) = app.step_part() {
            ui.label(RichText::new(part).color(Tone::Quiet.color(ui)));
        }
    });
}

/// Scrolls the panel so that `rect` is in sight, once per `stamp` (an answer's
/// feedback when it comes) and again while the rect grows (text laid out a frame
/// late). A rect taller than the panel shows from its top.
fn reveal(ui: &mut egui::Ui, stamp: egui::Id, rect: egui::Rect) {
    let seen = egui::Id::new("lesson_revealed");
    let before = ui.ctx().data(|d| d.get_temp::<(egui::Id, f32)>(seen));
    let grew = before.is_some_and(|(s, h)| s == stamp && rect.height() > h + 0.5);
    if before.is_some_and(|(s, _)| s == stamp) && !grew {
        return;
    }
    ui.ctx()
        .data_mut(|d| d.insert_temp(seen, (stamp, rect.height())));
    let visible = ui.clip_rect().height();
    let align = (rect.height() > visible).then_some(egui::Align::TOP);
    ui.scroll_to_rect(rect, align);
}
