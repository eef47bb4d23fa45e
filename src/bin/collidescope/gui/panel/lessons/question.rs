//! A lesson page's question in the panel and in presenter mode's strip: the prompt,
//! the ways to answer it (per kind of answer: the choices, the number box, "Done"
//! after a drag), "Show me the answer", and what the tutor says once answered (the
//! hint, the answer shown or "Right.", and why).

use super::CHOICE_MARKS;
use crate::gui::lesson::LessonMode;
use crate::gui::panel::widgets::{mark, mark_rect, Tone};
use collidescope::app::AppState;
use collidescope::lesson::tutor::{hint, how_to_answer, Response, Stage};
use collidescope::lesson::{Answer, Form, Solved};
use egui_macroquad::egui::{self, RichText};

/// Where a question's parts are (egui's coordinates, this frame).
#[derive(Clone, Copy)]
pub(super) struct Asked {
    /// The prompt's top.
    pub prompt: f32,
    /// The top of the ways to answer (the choices, the number box, "Done").
    pub ways: f32,
    /// The end of the ways to answer ("Show me the answer" while the question is open).
    pub end: f32,
    /// The bottom of a hint's last line (the question still open).
    pub hint_end: Option<f32>,
    /// Where a wrong answer's hint ends (its last line's bottom): laid out ahead
    /// while the question is open, as drawn once hinted. Presenter mode's strip keeps
    /// room for the ways to answer and the hint from the page's first frame, so that
    /// a hint does not make the strip taller and move the picture.
    pub hint_room: f32,
}

/// The question, the ways to answer it, and what the tutor says: where what an answer
/// brought (the feedback and why) was drawn, once there is an answer. `asked` gets
/// where the question's parts are.
pub(super) fn ui_question(
    ui: &mut egui::Ui,
    mode: &mut LessonMode,
    app: &mut AppState,
    size: f32,
    asked: &mut Option<Asked>,
) -> Option<egui::Rect> {
    let q = mode.page().question.clone()?;
    let solved = match mode.solved(app) {
        Some(Ok(s)) => s,
        Some(Err(e)) => {
            ui.colored_label(
                Tone::Alarm.color(ui),
                format!("This question cannot be answered here: {e}"),
            );
            return None;
        }
        None => return None,
    };
    let frame = egui::Frame::group(ui.style()).inner_margin(8.0);
    let framed = frame.show(ui, |ui| {
        ui_prompt(ui, &q.prompt, &q.ask, &solved, size);
        // Settled before this frame's answer: the button that gives an answer stays
        // in the frame that takes it.
        let settled = mode.tutor.stage.settled();
        let ways = ui.cursor().top();
        ui_ways(ui, mode, app, &solved.answer, q.ask.form(), size);
        if !settled {
            let show = ui.button(RichText::new("Show me the answer").size(size * 0.85));
            mark(ui, "lesson_show", &show);
            if show.clicked() {
                mode.show_answer(app);
            }
        }
        let end = ui.min_rect().bottom();
        let mut parts = Asked {
            prompt: ui.min_rect().top(),
            ways,
            end,
            hint_end: None,
            hint_room: end + hint_height(ui, &hint(&q), q.hint_layer(), size),
        };
        // An answer taken above settles the question in this very frame.
        let mut feedback = ui_feedback(ui, &mode.tutor.stage, size, &mut parts.hint_end);
        if let Some(drawn) = parts.hint_end {
            parts.hint_room = drawn;
        }
        // Why, from this page's own facts (a page without the step's narration).
        if let (true, Some(why)) = (mode.tutor.stage.settled(), &solved.why) {
            let r = ui.label(RichText::new(why).size(size));
            feedback = feedback.map(|f| f.union(r.rect));
        }
        *asked = Some(parts);
        feedback
    });
    framed.inner
}

/// The prompt, what it is about, and how to answer it.
fn ui_prompt(
    ui: &mut egui::Ui,
    prompt: &str,
    ask: &collidescope::lesson::Ask,
    solved: &Solved,
    size: f32,
) {
    ui.label(RichText::new(prompt).size(size * 1.05).strong());
    if let Some(about) = &solved.subject {
        ui.label(RichText::new(format!("About: {about}")).size(size));
    }
    ui.label(
        RichText::new(how_to_answer(ask))
            .size(size * 0.85)
            .color(Tone::Quiet.color(ui)),
    );
}

/// The ways to answer, by the kind of answer: the choices of a pick, the box of a
/// number, "Done" after a drag (a click is answered on the canvas).
fn ui_ways(
    ui: &mut egui::Ui,
    mode: &mut LessonMode,
    app: &mut AppState,
    answer: &Answer,
    form: Form,
    size: f32,
) {
    match (answer, form) {
        (Answer::Choice { options, right }, _) => ui_choices(ui, mode, app, options, *right, size),
        (_, Form::Number) => ui_number(ui, mode, app, size),
        (Answer::Condition { now, .. }, _) => ui_done(ui, mode, app, now, size),
        _ => {}
    }
}

/// A pick's choices: side by side, except in a narrow panel where two of the widest do
/// not fit on a row: there a row each, so that two choices never read as one phrase. Once settled the right one
/// keeps its frame, outlined and at full contrast; the others fade.
fn ui_choices(
    ui: &mut egui::Ui,
    mode: &mut LessonMode,
    app: &mut AppState,
    options: &[String],
    right: usize,
    size: f32,
) {
    mode.shown_choices = options.to_vec();
    let settled = mode.tutor.stage.settled();
    let mut picked = None;
    let mut choice = |ui: &mut egui::Ui, i: usize, o: &str| {
        let text = RichText::new(o).size(size);
        let r = if settled && i == right {
            let success = Tone::Success.color(ui);
            let button = egui::Button::new(text.color(success).strong())
                .stroke(egui::Stroke::new(1.5, success))
                .wrap();
            ui.add(button)
        } else {
            ui.add_enabled(!settled, egui::Button::new(text).wrap())
        };
        if let Some(name) = CHOICE_MARKS.get(i) {
            mark(ui, name, &r);
        }
        if r.clicked() && !settled {
            picked = Some(i);
        }
    };
    // A row each in a narrow side panel when two of the widest do not fit on a row;
    // else side by side (the presenter's strip keeps every choice in its sight so).
    let widest = options
        .iter()
        .map(|o| {
            let font = egui::FontId::proportional(size);
            ui.fonts(|f| {
                f.layout_no_wrap(o.clone(), font, egui::Color32::WHITE)
                    .size()
                    .x
            })
        })
        .fold(0.0f32, f32::max);
    let pad = 2.0 * ui.spacing().button_padding.x + ui.spacing().item_spacing.x;
    let narrow = ui.available_width() < NARROW_PANEL;
    if !narrow || 2.0 * (widest + pad) <= ui.available_width() {
        ui.horizontal_wrapped(|ui| {
            for (i, o) in options.iter().enumerate() {
                choice(ui, i, o);
            }
        });
    } else {
        for (i, o) in options.iter().enumerate() {
            choice(ui, i, o);
        }
    }
    if let Some(i) = picked {
        mode.answer(app, Response::Pick(i));
    }
}

/// The widest a panel is, in points, whose long choices take a row each.
const NARROW_PANEL: f32 = 480.0;

/// A number's box and "Check" (Enter checks too).
fn ui_number(ui: &mut egui::Ui, mode: &mut LessonMode, app: &mut AppState, size: f32) {
    let settled = mode.tutor.stage.settled();
    ui.horizontal(|ui| {
        let edit = ui.add_enabled(
            !settled,
            egui::TextEdit::singleline(&mut mode.number_text)
                .desired_width(110.0)
                .font(egui::FontId::proportional(size)),
        );
        mark(ui, "lesson_number", &edit);
        let enter = edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        let check = ui.add_enabled(
            !settled,
            egui::Button::new(RichText::new("Check").size(size)),
        );
        mark(ui, "lesson_check", &check);
        if enter || check.clicked() {
            match mode.number_text.trim().replace(',', ".").parse::<f32>() {
                Ok(x) => {
                    // A number read: the last "is not a number" no longer stands.
                    if app.message.as_ref().is_some_and(|m| m.is_error) {
                        app.message = None;
                    }
                    mode.answer(app, Response::Number(x))
                }
                Err(_) => app.error(format!("\"{}\" is not a number", mode.number_text.trim())),
            }
            // Enter takes the focus away; after a wrong answer the learner types again
            // straight away, so the box keeps it.
            if enter && !mode.tutor.stage.settled() {
                edit.request_focus();
                // All of it selected: the next number typed replaces the last.
                if let Some(mut state) = egui::TextEdit::load_state(ui.ctx(), edit.id) {
                    let end = egui::text::CCursor::new(mode.number_text.chars().count());
                    let all =
                        egui::text_selection::CCursorRange::two(egui::text::CCursor::new(0), end);
                    state.cursor.set_char_range(Some(all));
                    state.store(ui.ctx(), edit.id);
                }
            }
        }
    });
}

/// A drag's "Now:" line (how the condition stands) and "Done".
fn ui_done(ui: &mut egui::Ui, mode: &mut LessonMode, app: &mut AppState, now: &str, size: f32) {
    let settled = mode.tutor.stage.settled();
    // Once settled the verdict stands for the pose that was checked; a live "Now:"
    // beside "Right." would contradict it after a further drag.
    if !settled {
        ui.label(RichText::new(format!("Now: {now}.")).size(size));
    }
    let done = ui.add_enabled(
        !settled,
        egui::Button::new(RichText::new("Done").size(size)),
    );
    mark(ui, "lesson_done", &done);
    if done.clicked() {
        mode.answer(app, Response::Done);
    }
}

/// What the tutor says of the answer: the hint and the layer it lights, the answer
/// shown, or "Right."; where it was drawn. `hint_end` gets the bottom of a hint's
/// last line.
fn ui_feedback(
    ui: &mut egui::Ui,
    stage: &Stage,
    size: f32,
    hint_end: &mut Option<f32>,
) -> Option<egui::Rect> {
    match stage {
        Stage::Open => None,
        Stage::Hinted { hint, layer } => {
            let said = RichText::new(not_quite(hint)).size(size);
            let r = ui.colored_label(Tone::Warning.color(ui), said);
            let lit = ui.label(
                RichText::new(lit_up(*layer))
                    .size(size * LIT_SIZE)
                    .color(Tone::Quiet.color(ui)),
            );
            // The hint ends with the line that names the lit layer.
            let whole = r.rect.union(lit.rect);
            mark_hint_lines(ui, r.rect, whole, size);
            *hint_end = Some(whole.bottom());
            Some(whole)
        }
        Stage::Shown { answer } => Some(
            ui.colored_label(Tone::Success.color(ui), RichText::new(answer).size(size))
                .rect,
        ),
        Stage::Right => Some(
            ui.colored_label(
                Tone::Success.color(ui),
                RichText::new("Right.").size(size).strong(),
            )
            .rect,
        ),
    }
}

/// A wrong answer's words.
fn not_quite(hint: &str) -> String {
    format!("Not quite. {hint}")
}

/// The hint's last line: the layer it lights, by its name alone. The layer's whole
/// description lists what it draws at any step ("reference/incident edges, clip
/// planes, contacts"), more than a page's step may show.
fn lit_up(layer: collidescope::view::draw::LayerId) -> String {
    let label = layer.label();
    let name = label.split([':', ',', '(']).next().unwrap_or(label).trim();
    format!("Lit up on the canvas: what the {name} layer draws at this step.")
}

/// The size of the lit layer's line, a share of the text size.
const LIT_SIZE: f32 = 0.85;

/// How tall a wrong answer's hint is, laid out as [`ui_feedback`] lays it out
/// (wrapped at the question's width, with the spacing before each part): its words
/// and the line naming the layer it lights. `hint` and `layer` are the question's
/// own: they do not depend on the answer given.
fn hint_height(
    ui: &egui::Ui,
    hint: &str,
    layer: collidescope::view::draw::LayerId,
    size: f32,
) -> f32 {
    let height = |text: String, size: f32| {
        let galley = ui.fonts(|f| {
            f.layout(
                text,
                egui::FontId::proportional(size),
                egui::Color32::WHITE,
                ui.available_width(),
            )
        });
        ui.spacing().item_spacing.y + galley.size().y
    };
    height(not_quite(hint), size) + height(lit_up(layer), size * LIT_SIZE)
}

/// The hint's first line and its last (the line naming the lit layer), marked for
/// the scripted test (the hint must show whole, to its last line, in the strip's
/// sight with the choices). `words`: the hint's words; `whole`: with the last line.
fn mark_hint_lines(ui: &egui::Ui, words: egui::Rect, whole: egui::Rect, size: f32) {
    let row = ui.fonts(|f| f.row_height(&egui::FontId::proportional(size)));
    let first = egui::Rect::from_min_max(
        words.min,
        egui::pos2(words.right(), (words.top() + row).min(words.bottom())),
    );
    mark_rect(ui, "lesson_hint", first);
    let lit_row = ui.fonts(|f| f.row_height(&egui::FontId::proportional(size * LIT_SIZE)));
    let last = egui::Rect::from_min_max(
        egui::pos2(whole.left(), (whole.bottom() - lit_row).max(whole.top())),
        whole.max,
    );
    mark_rect(ui, "lesson_hint_end", last);
}
