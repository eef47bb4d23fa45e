//! `collidescope lesson check`: proves a lesson can be taken. Every page's scene loads
//! and has its pair, every step exists, the text's marks close, and every question is
//! answerable from the trace: its answer computes on the page, a drag's condition
//! does not hold at the start and some position of the shape makes it hold, the
//! page does not already draw the answer it asks for, and a page that hides its step's
//! narration explains its answer (the question's `explain`).

use super::answer::{Answer, Ground};
use super::format::{Ask, Form, Lesson, Page};
use super::{markup, page_lines, view_pair, LessonError, PageStudy};
use crate::core::gjk::SimplexCache;
use crate::scene::spans::{locate, Step::Field, Step::Index};
use crate::scene::Scene;
use crate::study::Studies;
use glam::Vec2;

/// What the check found on one page (for the command's summary).
#[derive(Clone, Debug, PartialEq)]
pub struct PageReport {
    pub title: String,
    /// The question's kind and its answer in words, when the page asks one.
    pub question: Option<String>,
}

/// Checks every page of `lesson`, read from `text` (for line numbers) at `path`.
pub fn check_lesson(
    lesson: &Lesson,
    text: &str,
    path: &str,
) -> Result<Vec<PageReport>, LessonError> {
    let lines = page_lines(text);
    let mut reports = Vec::new();
    for (i, page) in lesson.pages.iter().enumerate() {
        let line = lines.get(i).copied();
        let err = |column: Option<usize>, line: Option<usize>, message: String| LessonError {
            path: path.to_string(),
            line,
            column,
            message: format!("page {} (\"{}\"): {message}", i + 1, page.title),
        };
        if let Err(e) = markup::parse(&page.text) {
            let (l, c) = text_place(text, line, &page.text, e.line, e.column);
            return Err(err(c, l.or(line), e.message));
        }
        let report = check_page(page).map_err(|m| {
            let field = [Field("pages"), Index(i), Field(page_field(&m))];
            match locate(text, &field) {
                Some((l, c)) => err(Some(c), Some(l), m),
                None => err(None, line, m),
            }
        })?;
        reports.push(report);
    }
    let given = super::giveaway::giveaways(lesson).map_err(|m| LessonError {
        path: path.to_string(),
        line: None,
        column: None,
        message: m,
    })?;
    if let Some(g) = given.first() {
        let page = &lesson.pages[g.page];
        return Err(LessonError {
            path: path.to_string(),
            line: lines.get(g.page).copied(),
            column: None,
            message: format!(
                "page {} (\"{}\"): page {} already gives its answer away: it shows \"{}\" (in its text, its question, its answer's why or its step's narration)",
                g.page + 1,
                page.title,
                g.earlier + 1,
                g.printed
            ),
        });
    }
    Ok(reports)
}

/// The page field a [`check_page`] message is about, by how the message starts; ""
/// (the page itself) when it is about the page as a whole (its scene or pair).
fn page_field(message: &str) -> &'static str {
    const STARTS: [(&str, &str); 5] = [
        ("step:", "step"),
        ("the scene library", "scene"),
        ("the page shows the layer", "show"),
        ("the title names", "title"),
        ("the scene", ""),
    ];
    match STARTS.iter().find(|(start, _)| message.starts_with(start)) {
        Some((_, field)) => field,
        None => "question",
    }
}

/// The file's line and column of line `l`, column `c` of a page's text, found after
/// the page's first line.
fn text_place(
    file: &str,
    page_line: Option<usize>,
    page_text: &str,
    l: usize,
    c: usize,
) -> (Option<usize>, Option<usize>) {
    let Some(first) = page_text.lines().nth(l - 1).map(str::trim) else {
        return (None, None);
    };
    let from = page_line.unwrap_or(1).saturating_sub(1);
    for (n, line) in file.lines().enumerate().skip(from) {
        if let Some(at) = line.find(first) {
            let col = line[..at].chars().count() + c;
            return (Some(n + 1), Some(col));
        }
    }
    (None, None)
}

/// An error unless the page's step is in its algorithm's trace, said as the window
/// counts (from 1) beside the page's own `step` (from 0).
fn step_exists(page: &Page, study: &PageStudy) -> Result<(), String> {
    // With the page's own normal source: the manifold's steps depend on it.
    let count = study
        .studies
        .step_count_for(page.algorithm, study.scene.view.manifold());
    if page.step >= count {
        return Err(format!(
            "step: {} is the window's step {}, but {} has {count} step{} on this scene (1 to {count}; the page's `step` counts from 0: 0 to {})",
            page.step,
            page.step + 1,
            page.algorithm.name(),
            if count == 1 { "" } else { "s" },
            count - 1
        ));
    }
    Ok(())
}

/// One page: its scene, pair, step and question.
pub fn check_page(page: &Page) -> Result<PageReport, String> {
    let study = PageStudy::of(page)?;
    step_exists(page, &study)?;
    let Some(q) = &page.question else {
        return Ok(PageReport {
            title: page.title.clone(),
            question: None,
        });
    };
    if q.prompt.trim().is_empty() {
        return Err("the question has no prompt".into());
    }
    let algs = q.ask.algorithms();
    if !algs.is_empty() && !algs.contains(&page.algorithm) {
        let names: Vec<&str> = algs.iter().map(|a| a.name()).collect();
        return Err(format!(
            "{:?} reads the trace of {}, but the page steps {}",
            q.ask,
            names.join(" or "),
            page.algorithm.name()
        ));
    }
    let g = study.ground();
    let solved = q
        .solve(&g)
        .map_err(|m| format!("{:?} cannot be answered: {m}", q.ask))?;
    if !page.narration && q.ask.form() != Form::Drag && solved.why.is_none() {
        return Err(
            "the page hides its step's narration, so the question needs an `explain`: why the answer is right, shown once it is settled"
                .into(),
        );
    }
    let hidden = &study.scene.view.hidden_layers;
    if solved.reveal_step == page.step {
        if let Some(l) = q.ask.answer_layers().iter().find(|l| !hidden.contains(l)) {
            return Err(format!(
                "the page shows the layer {l:?}, which draws the answer to {:?}: leave it out of `show`",
                q.ask
            ));
        }
    }
    // The hint's last line names the layer it lights: it must be seen lit.
    let lit = q.hint_layer();
    if !lit_in_sight(&study.scene, page, lit) {
        return Err(format!(
            "a wrong answer lights {lit:?}, which draws nothing in the views the page shows: light another layer with `light: Some(…)`"
        ));
    }
    let words = match &solved.answer {
        Answer::Condition { holds: true, now } => {
            return Err(format!("the drag is done before it starts: {now}"))
        }
        Answer::Condition { .. } => {
            let (shape, at) = drag_solution(&q.ask, &study.scene)?;
            format!(
                "drag {} to ({:.2}, {:.2})",
                study.scene.shapes[shape].name, at.x, at.y
            )
        }
        _ => super::tutor::answer_words(&solved),
    };
    if q.ask.form() == Form::Pick {
        if let Answer::Choice { options, right } = &solved.answer {
            if options.len() < 2 {
                return Err("a pick needs two choices or more".into());
            }
            if let Some(name) = title_gives_away(&page.title, options, *right) {
                return Err(format!(
                    "the title names the answer (\"{name}\") before the question is asked"
                ));
            }
        }
    }
    Ok(PageReport {
        title: page.title.clone(),
        question: Some(format!("{:?}: {words}", q.ask)),
    })
}

/// The name of the right choice when `title` says it and no wrong choice shares it:
/// a choice's name is its words before a bracket or a colon ("the reference face (a
/// point beyond it is too far to touch)" is "the reference face"); yes and no are too
/// short to name.
pub fn title_gives_away(title: &str, options: &[String], right: usize) -> Option<String> {
    let name = |o: &str| {
        let cut = o.find(['(', ':']).unwrap_or(o.len());
        o[..cut].trim().to_lowercase()
    };
    let answer = name(options.get(right)?);
    let title = title.to_lowercase();
    let wrong_share = options
        .iter()
        .enumerate()
        .any(|(i, o)| i != right && name(o).contains(&answer));
    (answer.len() > 3 && title.contains(&answer) && !wrong_share).then_some(answer)
}

/// The shape a drag question moves: the named one, else the pair's B.
pub fn dragged_shape(ask: &Ask, scene: &Scene) -> Result<usize, String> {
    match ask {
        Ask::DragGhostBump { shape, .. } => scene
            .shape_index(shape)
            .ok_or_else(|| format!("the scene has no shape named \"{shape}\"")),
        _ => view_pair(scene)
            .map(|(_, b)| b)
            .ok_or_else(|| "the scene needs two shapes".into()),
    }
}

/// Whether the drag's condition holds on `scene`.
pub fn drag_holds(ask: &Ask, scene: &Scene) -> Result<bool, String> {
    let (a, b) = view_pair(scene).ok_or("the scene needs two shapes")?;
    let studies = Studies::compute(scene, a, b, &mut SimplexCache::default());
    let g = Ground {
        scene,
        studies: &studies,
        algorithm: scene.view.algorithm,
        step: 0,
        source: crate::core::manifold::ManifoldSource::Epa,
    };
    match ask.solve(&g)?.answer {
        Answer::Condition { holds, .. } => Ok(holds),
        _ => Err(format!("{ask:?} is not a drag")),
    }
}

/// A position of the dragged shape that makes the drag's condition hold: searched
/// on rings around where it starts, nearest first (so "show me" moves it the least),
/// then carried along that direction to the middle of the stretch where it holds (so
/// a hand that lands a pixel off still makes it hold).
pub fn drag_solution(ask: &Ask, scene: &Scene) -> Result<(usize, Vec2), String> {
    let shape = dragged_shape(ask, scene)?;
    let start = scene.shapes[shape].pose.position;
    let reach = scene
        .shapes
        .iter()
        .map(|s| s.pose.position.distance(start) + s.shape.bounding_radius())
        .fold(1.0f32, f32::max);
    let mut trial = scene.clone();
    let mut holds_at = |at: Vec2| {
        trial.shapes[shape].pose.position = at;
        drag_holds(ask, &trial)
    };
    const RINGS: usize = 24;
    let ring = reach / RINGS as f32;
    for k in 1..=RINGS {
        let around = 8 * k;
        for j in 0..around {
            let dir = Vec2::from_angle(std::f32::consts::TAU * j as f32 / around as f32);
            if !holds_at(start + dir * ring * k as f32)? {
                continue;
            }
            // The stretch along `dir` where it holds, in tenths of a ring.
            let step = ring / 10.0;
            let (mut lo, mut hi) = (k as f32 * ring, k as f32 * ring);
            while lo - step > 0.0 && holds_at(start + dir * (lo - step))? {
                lo -= step;
            }
            while hi - lo < reach && holds_at(start + dir * (hi + step))? {
                hi += step;
            }
            return Ok((shape, start + dir * 0.5 * (lo + hi)));
        }
    }
    Err(format!(
        "{ask:?}: no position within {reach:.2} of where {} starts makes it hold",
        scene.shapes[shape].name
    ))
}

/// Checks a lesson file's text: read, then [`check_lesson`].
pub fn check_text(text: &str, path: &str) -> Result<(Lesson, Vec<PageReport>), LessonError> {
    let lesson = super::parse_lesson(text, path)?;
    let reports = check_lesson(&lesson, text, path)?;
    Ok((lesson, reports))
}

/// The lesson as the learner meets it, as plain text: each page's text, the step
/// shown with its narration, the question, its answer and the narration of the step
/// that shows it. Problems are written in place, not returned: this is for reading.
pub fn proofread(lesson: &Lesson) -> String {
    use std::fmt::Write as _;
    let mut out = format!("{}\nAfter it: {}\n", lesson.title, lesson.goal);
    for (i, page) in lesson.pages.iter().enumerate() {
        let _ = write!(out, "\n== {}. {}\n", i + 1, page.title);
        match markup::parse(&page.text) {
            Ok(b) => out += &markup::plain_text(&b),
            Err(e) => out += &format!("[markup: {}]", e.message),
        }
        out.push('\n');
        let study = match PageStudy::of(page) {
            Ok(s) => s,
            Err(e) => {
                let _ = writeln!(out, "[scene: {e}]");
                continue;
            }
        };
        let g = study.ground();
        let narrate = |step: usize| {
            study
                .studies
                .narrate(&study.scene, page.algorithm, step, g.source)
        };
        let part = study
            .studies
            .step_part(&study.scene, page.algorithm, page.step, g.source);
        let _ = writeln!(
            out,
            "-- {} step {} ({part}):",
            page.algorithm.name(),
            page.step + 1
        );
        if page.question.is_none() && page.narration {
            let _ = writeln!(out, "   {}", narrate(page.step));
        }
        if let Some(q) = &page.question {
            let _ = writeln!(out, "?? {}", q.prompt);
            match q.solve(&g) {
                Ok(s) => {
                    if let Some(about) = &s.subject {
                        let _ = writeln!(out, "   about: {about}");
                    }
                    if let Answer::Choice { options, .. } = &s.answer {
                        for (k, o) in options.iter().enumerate() {
                            let _ = writeln!(out, "   ({}) {o}", k + 1);
                        }
                    }
                    let _ = writeln!(out, "   hint: {}", super::tutor::hint(q));
                    let words = match &s.answer {
                        Answer::Condition { now, .. } => {
                            match drag_solution(&q.ask, &study.scene) {
                                Ok((shape, at)) => format!(
                                    "now {now}; e.g. {} at ({:.2}, {:.2})",
                                    study.scene.shapes[shape].name, at.x, at.y
                                ),
                                Err(e) => e,
                            }
                        }
                        _ => super::tutor::answer_words(&s),
                    };
                    let _ = writeln!(out, "   {words}");
                    if let Some(why) = &s.why {
                        let _ = writeln!(out, "   why: {why}");
                    }
                    let _ = writeln!(
                        out,
                        "   then step {}: {}",
                        s.reveal_step + 1,
                        narrate(s.reveal_step)
                    );
                }
                Err(e) => {
                    let _ = writeln!(out, "   [cannot be answered: {e}]");
                }
            }
        }
    }
    out
}

/// Whether layer `lit`, shown, draws something at the page's step in a view the page
/// shows (a configuration-space layer on a page of the world view alone does not).
fn lit_in_sight(scene: &Scene, page: &Page, lit: crate::view::draw::LayerId) -> bool {
    use crate::study::draw::{draw_list, Frame};
    use crate::view::draw::{Highlight, Space};
    let Some((a, b)) = scene.view_pair() else {
        return true;
    };
    // The page's picture as the window draws it (every layer: `lit` is shown by the
    // hint whether the page hides it or not), from a cold simplex cache.
    let studies =
        crate::study::Studies::compute(scene, a, b, &mut crate::core::gjk::SimplexCache::default());
    let source = scene.view.manifold();
    if page.step >= studies.step_count_for(page.algorithm, source) {
        return true;
    }
    let results = crate::trace::scene_results::SceneResults::compute(scene);
    let frame = Frame {
        scene,
        studies: Some(&studies),
        results: &results,
        peers: &[],
        algorithm: page.algorithm,
        step: page.step,
    };
    let hl = Highlight {
        manifold_via_sat: source == crate::core::manifold::ManifoldSource::Sat,
        ..Highlight::default()
    };
    let config_shown = scene.view.split < 1.0;
    draw_list(&frame, &hl)
        .layers
        .iter()
        .any(|l| l.id == lit && !l.prims.is_empty() && (l.space == Space::World || config_shown))
}
