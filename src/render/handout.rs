//! A lesson as a handout: one HTML file that prints well, each page's text and
//! picture (the SVG export of its step, light theme) on a sheet of its own, the
//! questions with their choices, and every answer — computed from the trace, as the
//! window computes it — on a last sheet, each with the narration of the step that
//! shows it.

use super::handout_pictures::{answer_picture_html, page_pictures_html};
use super::handout_words::{click_prompt_on_paper, page_text_html};
use super::xml_escape;
use crate::lesson::answer::{Answer, Solved};
use crate::lesson::check::drag_solution;
use crate::lesson::markup::{self, Block, Span, Style};
use crate::lesson::tutor::answer_words;
use crate::lesson::{Form, Lesson, Page, PageStudy, Question};
use crate::view::draw::Space;

const STYLE: &str = "body{font-family:Georgia,serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#111;line-height:1.45}\
h1{font-size:1.9rem;margin-bottom:.2rem}h2{font-size:1.35rem;margin:.2rem 0 .6rem}\
.sheet{page-break-after:always;break-after:page;margin-bottom:3rem}\
.sheet:last-child{page-break-after:auto;break-after:auto}\
.picture svg{width:100%;height:auto;border:1px solid #ccc}\
.question{border-left:4px solid #444;padding:.3rem .8rem;margin:.8rem 0;background:#f4f4f4}\
.answers li{margin-bottom:.6rem}code{font-family:'DejaVu Sans Mono',monospace;font-size:.92em}\
.where{color:#555;font-size:.9rem}\
@page{margin:1.2cm}\
@media print{body{margin:0;max-width:none;font-size:10.5pt;line-height:1.35}.question{margin:.5rem 0}.picture svg{border:none;max-height:9.5cm;width:auto;max-width:100%}\
.picture,.question,.question ol,li,h2{break-inside:avoid;page-break-inside:avoid}h2{break-after:avoid;page-break-after:avoid}}\
.why{color:#333;font-size:.92rem}\
p.debugger{color:#444;font-size:.92rem;border-left:2px solid #bbb;padding-left:.6rem}";

/// The handout of `lesson` (id `id`) as one HTML document.
pub fn handout_html(lesson: &Lesson, id: &str) -> Result<String, String> {
    let mut html = cover_html(lesson, id);
    let mut answers = Vec::new();
    for (i, page) in lesson.pages.iter().enumerate() {
        let n = i + 1;
        let study = PageStudy::of(page).map_err(|e| format!("page {n}: {e}"))?;
        html.push_str(&format!(
            "<section class=\"sheet\" id=\"page-{n}\">\n<h2>{n}. {}</h2>\n",
            xml_escape(&page.title)
        ));
        html.push_str(&page_text_html(&page.text).map_err(|e| format!("page {n}: {e}"))?);
        html.push_str(&page_pictures_html(page, &study).map_err(|e| format!("page {n}: {e}"))?);
        if let Some(q) = &page.question {
            let solved = q
                .solve(&study.ground())
                .map_err(|e| format!("page {n}: the question cannot be answered: {e}"))?;
            html.push_str(&question_html(q, &solved));
            answers.push(
                AnswerEntry::of(n, page, q, &solved, &study)
                    .map_err(|e| format!("page {n}: {e}"))?,
            );
        }
        html.push_str("</section>\n");
    }
    html.push_str(&answers_html(&answers));
    Ok(html)
}

/// The document's head and the cover sheet: the lesson's title and goal, where to
/// open it.
fn cover_html(lesson: &Lesson, id: &str) -> String {
    let mut html = String::new();
    html.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    html.push_str(&format!("<title>{}</title>\n", xml_escape(&lesson.title)));
    html.push_str(&format!("<style>{STYLE}</style>\n</head>\n<body>\n"));
    html.push_str(&format!(
        "<section class=\"sheet\" id=\"cover\">\n<h1>{}</h1>\n<p><em>After this lesson:</em> {}</p>\n<p class=\"where\">Collidescope lesson <code>{}</code>, {} pages. Open it in the debugger's Lessons section, or on the web page at <code>#lesson={}</code>.</p>\n</section>\n",
        xml_escape(&lesson.title),
        xml_escape(&lesson.goal),
        xml_escape(id),
        lesson.pages.len(),
        xml_escape(id)
    ));
    html
}

/// The question as asked on paper: its prompt, then its choices or how to answer it.
fn question_html(q: &Question, solved: &Solved) -> String {
    let prompt = match q.ask.form() {
        Form::Click => inline_html(&click_prompt_on_paper(&q.prompt)),
        // A drag is the debugger's: said so, and what to do on paper.
        Form::Drag => format!(
            "<span class=\"debugger\"><em>In the debugger:</em> {}</span>",
            inline_html(&q.prompt)
        ),
        _ => inline_html(&q.prompt),
    };
    let mut html = format!("<div class=\"question\"><p><strong>Question.</strong> {prompt}</p>\n");
    match (&solved.answer, q.ask.form()) {
        (Answer::Choice { options, .. }, _) => {
            html.push_str("<ol type=\"a\">\n");
            for o in options {
                html.push_str(&format!("<li>{}</li>\n", xml_escape(o)));
            }
            html.push_str("</ol>\n<p class=\"where\">Circle one.</p>\n");
        }
        (_, Form::Click) => {
            html.push_str("<p class=\"where\">Mark the point on the picture.</p>\n")
        }
        (_, Form::Number) => html.push_str("<p class=\"where\">Write the number.</p>\n"),
        (_, Form::Drag) => html.push_str(
            "<p class=\"where\">On paper: sketch the shape on the picture where it must be.</p>\n",
        ),
        (_, Form::Pick) => html.push_str("<p class=\"where\">Circle one.</p>\n"),
    }
    html.push_str("</div>\n");
    html
}

/// A page's entry on the answers sheet.
struct AnswerEntry {
    /// The page's number, from 1.
    page: usize,
    title: String,
    /// The answer in words.
    words: String,
    /// Why: the narration of the step that shows it, and the lesson's own explanation.
    why: String,
    /// A point answer's picture, the point ringed (as the window shows it once settled).
    picture: Option<String>,
}

impl AnswerEntry {
    fn of(
        n: usize,
        page: &Page,
        q: &Question,
        solved: &Solved,
        study: &PageStudy,
    ) -> Result<Self, String> {
        let words = match &solved.answer {
            Answer::Condition { .. } => match drag_solution(&q.ask, &study.scene) {
                Ok((shape, at)) => format!(
                    "For example, {} at ({:.2}, {:.2}).",
                    study.scene.shapes[shape].name, at.x, at.y
                ),
                Err(e) => e,
            },
            Answer::Point { space, at } => {
                let p = at.first().copied().unwrap_or_default();
                let view = match space {
                    Space::World => "in the world view",
                    Space::Config => "in configuration space",
                };
                format!(
                    "The answer: the point ({:.3}, {:.3}) {view}, ringed in the picture below.",
                    p.x, p.y
                )
            }
            _ => answer_words(solved),
        };
        let source = crate::core::manifold::ManifoldSource::via_sat(
            study.scene.view.manifold() == crate::core::manifold::ManifoldSource::Sat,
        );
        // The step that shows the answer, in the narration's words, and the
        // lesson's own explanation.
        let narrated = page.narration.then(|| {
            study
                .studies
                .narrate(&study.scene, page.algorithm, solved.reveal_step, source)
        });
        let why = narrated
            .into_iter()
            .chain(solved.why.clone())
            .collect::<Vec<_>>()
            .join(" ");
        Ok(AnswerEntry {
            page: n,
            title: page.title.clone(),
            words,
            why,
            picture: answer_picture_html(page, q, solved, study)?,
        })
    }
}

/// The last sheet: every question's answer and why, and the document's end.
fn answers_html(answers: &[AnswerEntry]) -> String {
    let mut html = String::from(
        "<section class=\"sheet\" id=\"answers\">\n<h2>Answers</h2>\n<ol class=\"answers\">\n",
    );
    for a in answers {
        html.push_str(&format!(
            "<li value=\"{}\"><strong>{}</strong>: {}<br><span class=\"why\">{}</span>\n{}</li>\n",
            a.page,
            xml_escape(&a.title),
            xml_escape(&a.words),
            xml_escape(&a.why),
            a.picture.as_deref().unwrap_or_default()
        ));
    }
    html.push_str("</ol>\n</section>\n</body>\n</html>\n");
    html
}

/// Blocks of the lesson markup as HTML.
pub fn blocks_html(blocks: &[Block]) -> String {
    let mut out = String::new();
    for b in blocks {
        match b {
            Block::Paragraph(spans) => out.push_str(&format!("<p>{}</p>\n", spans_html(spans))),
            Block::List { ordered, items } => {
                let tag = if *ordered { "ol" } else { "ul" };
                out.push_str(&format!("<{tag}>\n"));
                for it in items {
                    out.push_str(&format!("<li>{}</li>\n", spans_html(it)));
                }
                out.push_str(&format!("</{tag}>\n"));
            }
        }
    }
    out
}

fn spans_html(spans: &[Span]) -> String {
    spans
        .iter()
        .map(|s| {
            let t = xml_escape(&s.text);
            match s.style {
                Style::Plain => t,
                Style::Emphasis => format!("<em>{t}</em>"),
                Style::Strong => format!("<strong>{t}</strong>"),
                Style::Code => format!("<code>{t}</code>"),
            }
        })
        .collect()
}

/// One line of markup (a prompt) as HTML; unreadable marks are kept as written.
fn inline_html(text: &str) -> String {
    match markup::parse(text) {
        Ok(blocks) => blocks
            .iter()
            .map(|b| match b {
                Block::Paragraph(s) => spans_html(s),
                other => blocks_html(std::slice::from_ref(other)),
            })
            .collect(),
        Err(_) => xml_escape(text),
    }
}
