//! The lesson library and the lesson contract: every library lesson passes `lesson
//! check` and has the shape the library promises; answers come from the trace (move a
//! shape and the answer follows it); bad lesson files are one error with its place;
//! the handout and the command line do what they say.

use collidescope::app::AppState;
use collidescope::lesson::check::{
    check_lesson, check_page, check_text, drag_holds, drag_solution, title_gives_away,
};
use collidescope::lesson::giveaway::giveaways;
use collidescope::lesson::tutor::{is_right, Response, Stage, Tutor};
use collidescope::lesson::{library, page_scene, parse_lesson, Answer, Ask, Form, PageStudy};
use collidescope::render::app_picture;
use collidescope::view::draw::{bounds, LayerId, Prim, Space};
use std::collections::HashSet;
use std::process::Command;

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_collidescope"))
}

/// A fresh folder of this test process.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!(
        "collidescope-lessons-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn every_library_lesson_passes_the_check_and_has_the_promised_shape() {
    let ids = library::ids();
    assert_eq!(ids.len(), 6, "{ids:?}");
    let mut forms = HashSet::new();
    for id in ids {
        let text = library::text(id).unwrap();
        let (lesson, reports) =
            check_text(text, &format!("lessons/{id}.ron")).unwrap_or_else(|e| panic!("{e}"));
        let n = lesson.pages.len();
        assert!((8..=15).contains(&n), "{id}: {n} pages");
        let questions = reports.iter().filter(|r| r.question.is_some()).count();
        assert!(questions >= 4, "{id}: only {questions} questions");
        assert!(lesson.goal.len() > 40, "{id}: the goal says too little");
        for p in &lesson.pages {
            assert!(
                p.text.trim().len() > 80,
                "{id}: \"{}\" says too little",
                p.title
            );
            if let Some(q) = &p.question {
                forms.insert(format!("{:?}", q.ask.form()));
            }
        }
    }
    // The library uses every way of answering.
    for f in [Form::Click, Form::Pick, Form::Number, Form::Drag] {
        assert!(forms.contains(&format!("{f:?}")), "no {f:?} question");
    }
}

/// The GJK lesson's first support-point question.
fn support_page() -> collidescope::lesson::Page {
    let lesson = library::lesson("gjk").unwrap();
    lesson
        .pages
        .into_iter()
        .find(|p| {
            p.question
                .as_ref()
                .is_some_and(|q| q.ask == Ask::NextSupport)
        })
        .unwrap()
}

#[test]
fn the_answer_is_read_from_the_trace_and_follows_the_scene() {
    let page = support_page();
    let study = PageStudy::of(&page).unwrap();
    let solved = Ask::NextSupport.solve(&study.ground()).unwrap();
    let trace_support = study.studies.gjk.trace.steps[page.step].support.unwrap().w;
    assert_eq!(
        solved.answer,
        Answer::Point {
            space: Space::Config,
            at: vec![trace_support]
        }
    );
    // Move B: the same question now has the moved scene's answer, B's shift away.
    let mut scene = page_scene(&page).unwrap();
    let b = scene.shape_index("B").unwrap();
    let shift = glam::Vec2::new(0.7, 0.4);
    scene.shapes[b].pose.position += shift;
    let moved = PageStudy::of_scene(scene).unwrap();
    let again = Ask::NextSupport.solve(&moved.ground()).unwrap();
    let Answer::Point { at, .. } = &again.answer else {
        panic!("{again:?}")
    };
    let moved_support = moved.studies.gjk.trace.steps[page.step].support.unwrap().w;
    assert_eq!(at[0], moved_support);
    assert!((at[0] - trace_support - shift).length() < 1e-4, "{at:?}");
}

#[test]
fn a_wrong_answer_gets_the_hint_then_the_answer_and_a_right_one_is_right() {
    let page = support_page();
    let q = page.question.clone().unwrap();
    let study = PageStudy::of(&page).unwrap();
    let solved = q.ask.solve(&study.ground()).unwrap();
    let Answer::Point { at, .. } = &solved.answer else {
        panic!()
    };
    let click = |p: glam::Vec2| Response::Click {
        space: Space::Config,
        at: p,
        pixels_per_unit: 60.0,
    };
    let mut t = Tutor::default();
    assert!(!t.answer(&q, &solved, click(at[0] + glam::Vec2::new(1.0, 0.0))));
    assert_eq!(t.lit(), Some(LayerId::Minkowski));
    assert!(!t.answer(&q, &solved, click(at[0] + glam::Vec2::new(0.0, 1.0))));
    assert!(matches!(&t.stage, Stage::Shown { answer } if answer.contains("-0.900, 0.700")));
    let mut t = Tutor::default();
    // 10 pixels off at 60 pixels a unit is within the 14-pixel tolerance.
    assert!(t.answer(
        &q,
        &solved,
        click(at[0] + glam::Vec2::new(10.0 / 60.0, 0.0))
    ));
    assert!(!is_right(
        &q,
        &solved,
        &click(at[0] + glam::Vec2::new(20.0 / 60.0, 0.0))
    ));
}

#[test]
fn a_drag_question_is_reachable_and_not_done_at_the_start() {
    for id in library::ids() {
        for page in library::lesson(id).unwrap().pages {
            let Some(q) = &page.question else { continue };
            if q.ask.form() != Form::Drag {
                continue;
            }
            let mut scene = page_scene(&page).unwrap();
            assert!(!drag_holds(&q.ask, &scene).unwrap(), "{id}: {}", page.title);
            let (shape, at) = drag_solution(&q.ask, &scene).unwrap();
            scene.shapes[shape].pose.position = at;
            assert!(drag_holds(&q.ask, &scene).unwrap(), "{id}: {}", page.title);
        }
    }
}

const GOOD: &str = r#"(
    version: 1,
    title: "A small lesson",
    goal: "Checks the checker.",
    pages: [
        (
            title: "One page",
            text: "Some *text*.",
            scene: Library("gjk_vertex_edge.ron"),
            algorithm: "gjk",
            step: 0,
            show: [Shapes, Minkowski, GjkSimplex],
            question: Some((ask: NextSupport, prompt: "Where?")),
        ),
    ],
)"#;

#[test]
fn a_bad_lesson_is_one_error_with_its_place() {
    check_text(GOOD, "good.ron").unwrap();
    // RON: an unknown question kind, with line and column.
    let e = parse_lesson(&GOOD.replace("NextSupport", "NextSuport"), "x.ron").unwrap_err();
    assert_eq!(e.line, Some(13), "{e}");
    assert!(
        e.column.is_some() && e.to_string().starts_with("x.ron:13:"),
        "{e}"
    );
    assert!(e.message.contains("`NextSuport` in enum `Ask`"), "{e}");
    // A version this build does not read.
    let e = parse_lesson(&GOOD.replace("version: 1", "version: 2"), "x.ron").unwrap_err();
    assert!(e.message.contains("version 2"), "{e}");
    // A step past the trace: the page and its line.
    let e = check_text(&GOOD.replace("step: 0", "step: 9"), "x.ron").unwrap_err();
    assert_eq!(e.line, Some(7), "{e}");
    assert!(e.message.contains("step 9 does not exist"), "{e}");
    // An unclosed mark: the file's line and column of the mark.
    let e = check_text(&GOOD.replace("Some *text*.", "Some `text."), "x.ron").unwrap_err();
    assert_eq!((e.line, e.column), (Some(8), Some(25)), "{e}");
    // A question the page's algorithm cannot answer.
    let e = check_text(&GOOD.replace("\"gjk\"", "\"sat\""), "x.ron").unwrap_err();
    assert!(e.message.contains("reads the trace of gjk or epa"), "{e}");
    // A page that shows the answer it asks for.
    let shows = GOOD.replace("GjkSimplex]", "GjkSimplex, GjkDirection]");
    let e = check_text(&shows, "x.ron").unwrap_err();
    assert!(e.message.contains("GjkDirection"), "{e}");
    // A scene the library does not have.
    let e = check_text(&GOOD.replace("gjk_vertex_edge", "no_such"), "x.ron").unwrap_err();
    assert!(e.message.contains("no file \"no_such.ron\""), "{e}");
    // A question the trace cannot answer: there is no step after GJK's last.
    let last = GOOD
        .replace("step: 0", "step: 2")
        .replace("NextSupport", "NextClosest");
    let e = check_text(&last, "x.ron").unwrap_err();
    assert!(e.message.contains("there is no step 3"), "{e}");
}

#[test]
fn check_reports_every_page_of_a_lesson() {
    let lesson = parse_lesson(GOOD, "good.ron").unwrap();
    let reports = check_lesson(&lesson, GOOD, "good.ron").unwrap();
    assert_eq!(reports.len(), 1);
    let q = reports[0].question.as_deref().unwrap();
    assert!(
        q.starts_with("NextSupport: The answer: the point (-0.900, 0.700)"),
        "{q}"
    );
}

#[test]
fn lesson_check_on_the_command_line() {
    let dir = temp_dir("check");
    let good = dir.join("good.ron");
    std::fs::write(&good, GOOD).unwrap();
    let out = bin()
        .args(["lesson", "check"])
        .arg(&good)
        .arg("gjk")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("1 pages, 1 questions, all answerable"),
        "{text}"
    );
    assert!(text.contains("lessons/gjk.ron"), "{text}");
    let bad = dir.join("bad.ron");
    std::fs::write(&bad, GOOD.replace("step: 0", "step: 9")).unwrap();
    let out = bin().args(["lesson", "check"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("bad.ron:7:") && err.contains("step 9"),
        "{err}"
    );
}

#[test]
fn the_handout_has_every_page_its_picture_and_the_answers() {
    let dir = temp_dir("handout");
    let out = bin()
        .args(["export", "--lesson", "gjk", "--out"])
        .arg(&dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(dir.join("gjk.html")).unwrap();
    let lesson = library::lesson("gjk").unwrap();
    for (i, p) in lesson.pages.iter().enumerate() {
        let heading = format!("<h2>{}. ", i + 1);
        assert!(html.contains(&heading), "no page {}", i + 1);
        assert!(
            html.contains(&p.title.replace('\'', "&apos;")),
            "{}",
            p.title
        );
    }
    // One picture a page, inline, without the XML line of a file.
    assert_eq!(html.matches("<svg").count(), lesson.pages.len());
    assert!(!html.contains("<?xml"));
    // Each sheet breaks the printed page; the answers are on the last.
    assert!(html.contains("break-after:page"));
    let answers = &html[html.find("id=\"answers\"").unwrap()..];
    let questions = lesson.pages.iter().filter(|p| p.question.is_some()).count();
    assert_eq!(answers.matches("<li value=").count(), questions);
    assert!(
        answers.contains("(-0.900, 0.700)"),
        "the support point's answer"
    );
    // The answers are not on the question sheets.
    let before = &html[..html.find("id=\"answers\"").unwrap()];
    assert!(!before.contains("The answer:"));
}

/// A page's title must not name the answer of its question: `lesson check` refuses it
/// (the library passes the check, above). A clip-plane question under the title "The
/// reference face clips too" did.
#[test]
fn a_title_that_names_the_answer_is_refused() {
    let options: Vec<String> = [
        "side plane 1 (through the reference face's first vertex)",
        "side plane 2 (through its second vertex)",
        "the reference face (moved out by the speculative distance: a point beyond it is too far to touch)",
        "none: it stays a contact point",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(
        title_gives_away("The reference face clips too", &options, 2).as_deref(),
        Some("the reference face")
    );
    assert_eq!(title_gives_away("The last plane", &options, 2), None);
    assert_eq!(title_gives_away("Side planes", &options, 0), None);
    assert_eq!(
        title_gives_away("None left", &options, 3).as_deref(),
        Some("none")
    );
    let yes_no = ["yes".to_string(), "no".to_string()];
    assert_eq!(title_gives_away("Yes, they touch", &yes_no, 0), None);
}

#[test]
fn no_library_page_is_answered_by_an_earlier_page() {
    let mut found = Vec::new();
    for id in library::ids() {
        let lesson = parse_lesson(library::text(id).unwrap(), id).unwrap();
        for g in giveaways(&lesson).unwrap() {
            found.push(format!(
                "{id}: page {} answered by page {}: \"{}\"",
                g.page + 1,
                g.earlier + 1,
                g.printed
            ));
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

const TOLD: &str = r#"(
    version: 1,
    title: "A lesson that tells",
    goal: "Checks the look across pages.",
    pages: [
        (
            title: "EPA's last step",
            text: "EPA stops here.",
            scene: Library("epa_deep.ron"),
            algorithm: "epa",
            step: 8,
            show: [Shapes, Minkowski, EpaPolytope],
        ),
        (
            title: "The depth",
            text: "Read the depth.",
            scene: Library("epa_deep.ron"),
            algorithm: "epa",
            step: 8,
            show: [Shapes, Minkowski, EpaPolytope],
            question: Some((
                ask: Depth,
                prompt: "How deep?",
                explain: "The depth is the distance from the origin to the polytope's nearest edge.",
            )),
        ),
    ],
)"#;

#[test]
fn a_page_whose_answer_an_earlier_page_prints_is_refused() {
    // The first page's narration prints the depth the second page asks for.
    let e = check_text(TOLD, "told.ron").unwrap_err();
    assert!(
        e.message
            .contains("page 2 (\"The depth\"): page 1 already gives its answer away")
            && e.message.contains("\"1.56146\""),
        "{e}"
    );
    assert_eq!(e.line, Some(15), "{e}");
    // Without its narration the first page tells nothing.
    let quiet = TOLD.replace(
        "step: 8,\n            show",
        "step: 8,\n            narration: false,\n            show",
    );
    assert_eq!(quiet.matches("narration: false").count(), 2);
    check_text(&quiet, "quiet.ron").unwrap_or_else(|e| panic!("{e}"));
    // Its text printing the number is as bad.
    let said = quiet.replacen(
        "EPA stops here.",
        "EPA stops here, at a depth of 1.5615.",
        1,
    );
    let e = check_text(&said, "said.ron").unwrap_err();
    assert!(e.message.contains("\"1.5615\""), "{e}");
}

/// A number the page before prints within the question's tolerance of its answer is
/// a giveaway too: the time-of-impact lesson's push-back page prints a t2 within 0.02
/// of the time of impact the root-finder page asks for, so that page asks within a
/// tolerance the push-back does not meet.
#[test]
fn a_number_the_page_before_prints_near_the_answer_gives_it_away() {
    let mut toi = library::lesson("toi").unwrap();
    assert_eq!(giveaways(&toi).unwrap(), vec![]);
    let k = page_titled(&toi, "The root finder");
    toi.pages[k].question.as_mut().unwrap().within = Some(0.02);
    let found = giveaways(&toi).unwrap();
    assert!(
        found
            .iter()
            .any(|g| g.page == k && g.earlier == k - 1 && g.printed == "0.34263"),
        "{found:?}"
    );
}

/// The page of `lesson` titled `title`, counted from 0.
fn page_titled(lesson: &collidescope::lesson::Lesson, title: &str) -> usize {
    lesson
        .pages
        .iter()
        .position(|p| p.title == title)
        .unwrap_or_else(|| panic!("no page \"{title}\""))
}

/// A page that hides its step's narration says why its answer is right once it is
/// settled (more than "Right."), in words `lesson check` looks through for the next
/// page's answer: every such library page has an explanation and no library lesson
/// gives an answer away; a page without one is refused, and an explanation that
/// prints the next page's answer is found.
#[test]
fn a_page_without_narration_explains_its_answer_without_giving_the_next_away() {
    let mut explained = 0;
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let Some(q) = &page.question else { continue };
            if page.narration || q.ask.form() == Form::Drag {
                continue;
            }
            let study = PageStudy::of(page).unwrap();
            let why = q.solve(&study.ground()).unwrap().why.unwrap_or_default();
            assert!(
                why.split_whitespace().count() >= 15,
                "{id} page {}: the answer is explained by \"{why}\"",
                k + 1
            );
            explained += 1;
        }
        assert_eq!(giveaways(&lesson).unwrap(), vec![], "{id}");
    }
    assert!(explained >= 10, "only {explained} pages explained");

    let mut sat = library::lesson("sat-clipping").unwrap();
    let k = page_titled(&sat, "Keeping the choice steady");
    sat.pages[k].question.as_mut().unwrap().explain.clear();
    let e = check_page(&sat.pages[k]).unwrap_err();
    assert!(e.contains("`explain`"), "{e}");

    let mut gjk = library::lesson("gjk").unwrap();
    let k = page_titled(&gjk, "The simplex grows");
    let next = &gjk.pages[k + 1];
    let study = PageStudy::of(next).unwrap();
    let solved = next
        .question
        .as_ref()
        .unwrap()
        .solve(&study.ground())
        .unwrap();
    let Answer::Point { at, .. } = &solved.answer else {
        panic!("{:?}", solved.answer)
    };
    gjk.pages[k].question.as_mut().unwrap().explain = format!(
        "The next support point is ({:.4}, {:.4}).",
        at[0].x, at[0].y
    );
    let found = giveaways(&gjk).unwrap();
    assert!(
        found.iter().any(|g| g.page == k + 1 && g.earlier == k),
        "{found:?}"
    );
}

/// A depth question's picture, once settled, writes the number asked for, or the
/// explanation names both the number the picture writes (EPA's d of the cores) and
/// the answer (the rounded shapes' depth).
#[test]
fn a_settled_depth_page_shows_the_number_it_asked_for() {
    let mut checked = 0;
    let mut core_labels = 0;
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let Some(q) = page.question.as_ref().filter(|q| q.ask == Ask::Depth) else {
                continue;
            };
            let study = PageStudy::of(page).unwrap();
            let solved = q.solve(&study.ground()).unwrap();
            let Answer::Number { value, .. } = solved.answer else {
                panic!("{:?}", solved.answer)
            };
            let mut scene = study.scene.clone();
            let hint = q.ask.hint_layer();
            scene.view.hidden_layers.retain(|l| *l != hint);
            let mut app = AppState::new(scene, None);
            app.set_step(solved.reveal_step);
            let picture = app_picture(&mut app);
            let written: Vec<f32> = picture
                .list
                .layer(LayerId::EpaPolytope)
                .into_iter()
                .flat_map(|l| &l.prims)
                .filter_map(|p| match p {
                    Prim::Label { text, .. } => text.strip_prefix("d = ")?.parse().ok(),
                    _ => None,
                })
                .collect();
            assert!(!written.is_empty(), "{id} page {}: no d label", k + 1);
            let why = solved.why.clone().unwrap_or_default();
            for d in written {
                if (d - value).abs() < 5e-5 {
                    continue;
                }
                core_labels += 1;
                assert!(
                    why.contains(&format!("{d:.4}")) && why.contains(&format!("{value:.4}")),
                    "{id} page {}: the picture writes d = {d} but the answer is {value:.4}, and the explanation says \"{why}\"",
                    k + 1
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 2, "only {checked} depth pages");
    // The rounded shapes' page: the picture's d is the cores' depth, not the answer.
    assert!(core_labels >= 1, "no page's label differs from its answer");
}

/// The labels `layer` writes on `page`'s own step, with the page's layers.
fn page_labels(page: &collidescope::lesson::Page, layer: LayerId) -> Vec<String> {
    let scene = PageStudy::of(page).unwrap().scene;
    let mut app = AppState::new(scene, None);
    app.set_step(page.step);
    let picture = app_picture(&mut app);
    picture
        .list
        .layer(layer)
        .into_iter()
        .flat_map(|l| &l.prims)
        .filter_map(|p| match p {
            Prim::Label { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The SAT lesson's clip-plane questions draw every plane that can clip before the
/// answer: under Box2D-Lite's rule the reference face moved out is drawn with the
/// side planes; Box2D v3's rule does not clip by it and draws no such plane.
#[test]
fn the_clip_plane_pages_draw_the_planes_they_ask_about() {
    let sat = library::lesson("sat-clipping").unwrap();
    let lite = &sat.pages[page_titled(&sat, "The last plane")];
    let v3 = &sat.pages[page_titled(&sat, "Side planes")];
    let moved = |page| {
        page_labels(page, LayerId::Manifold)
            .iter()
            .filter(|t| t.as_str() == "face moved out")
            .count()
    };
    assert_eq!(moved(lite), 1, "{:?}", page_labels(lite, LayerId::Manifold));
    assert_eq!(moved(v3), 0, "{:?}", page_labels(v3, LayerId::Manifold));
}

/// The reference-face page under Box2D-Lite's bias hides the manifold layer until
/// the answer: its normal arrow is the chosen face's normal, and its tilt would say
/// which face won. Settled, the layer is shown (it is the question's hint layer).
#[test]
fn the_bias_page_hides_the_normal_until_the_answer() {
    let sat = library::lesson("sat-clipping").unwrap();
    let page = &sat.pages[page_titled(&sat, "Keeping the choice steady")];
    let q = page.question.as_ref().unwrap();
    assert_eq!(q.ask, Ask::ReferenceFace);
    let scene = PageStudy::of(page).unwrap().scene;
    let mut app = AppState::new(scene, None);
    app.set_step(page.step);
    let arrows = |app: &mut AppState| {
        app_picture(app)
            .list
            .layer(LayerId::Manifold)
            .into_iter()
            .flat_map(|l| &l.prims)
            .filter(|p| matches!(p, Prim::Arrow { .. }))
            .count()
    };
    assert_eq!(arrows(&mut app), 0, "the normal is drawn before the answer");
    assert_eq!(q.ask.hint_layer(), LayerId::Manifold);
    app.toggle_layer(LayerId::Manifold);
    assert_eq!(arrows(&mut app), 1, "the layer shows no normal once shown");
}

/// A page whose text points at EPA's arrow from the origin shows one long
/// enough to see at the lesson's zoom: at least 4 % of the configuration picture's
/// extent (about 15 pixels in a 1280×720 presenter window), unless the text says it
/// hides under the origin's cross. A page of a shallow overlap that points at the
/// arrow fails.
#[test]
fn a_page_that_points_at_the_arrow_from_the_origin_shows_it() {
    let arrow = |page: &collidescope::lesson::Page| -> (f32, f32) {
        let scene = PageStudy::of(page).unwrap().scene;
        let mut app = AppState::new(scene, None);
        app.set_step(page.step);
        let picture = app_picture(&mut app);
        let (lo, hi) = bounds(&picture.list, Space::Config).unwrap();
        let length = picture
            .list
            .layer(LayerId::EpaPolytope)
            .into_iter()
            .flat_map(|l| &l.prims)
            .filter_map(|p| match p {
                Prim::Arrow { from, to, .. } => Some(from.distance(*to)),
                _ => None,
            })
            .fold(0.0, f32::max);
        (length, (hi - lo).max_element())
    };
    let epa = library::lesson("epa").unwrap();
    let mut pointed = 0;
    for (k, page) in epa.pages.iter().enumerate() {
        // Page 1 speaks of the arrow before the polytope is drawn.
        let drawn = page.show.contains(&LayerId::EpaPolytope);
        if !drawn
            || !page.text.contains("arrow from the origin")
            || page.text.contains("hides under")
        {
            continue;
        }
        let (length, extent) = arrow(page);
        assert!(
            length >= 0.04 * extent,
            "epa page {}: the arrow from the origin is {length} long in a picture {extent} wide",
            k + 1
        );
        pointed += 1;
    }
    assert!(pointed >= 1, "no page points at the arrow from the origin");
    let shallow = &epa.pages[page_titled(&epa, "A shallow overlap")];
    let (length, extent) = arrow(shallow);
    assert!(length < 0.04 * extent, "{length} of {extent}");
}

/// The drag question's hint says every GJK iteration but the last adds its support
/// point to the simplex, and the last adds none. True of the trace wherever B is
/// dragged on that page (apart, touching or overlapping): each step but the last
/// asks for a support point and the next step's simplex has it; the last stops
/// with no support point or one its entering simplex already had.
#[test]
fn the_drag_hint_says_which_iterations_add_a_support_point() {
    let gjk = library::lesson("gjk").unwrap();
    let page = gjk
        .pages
        .iter()
        .find(|p| {
            matches!(
                p.question.as_ref().map(|q| &q.ask),
                Some(Ask::DragGjkIterations(_))
            )
        })
        .unwrap();
    let q = page.question.as_ref().unwrap();
    let hint = collidescope::lesson::tutor::hint(q);
    assert!(hint.contains("every one but the last adds"), "{hint}");
    assert!(!hint.contains("Each iteration adds"), "{hint}");
    let scene = page_scene(page).unwrap();
    let (_, b) = collidescope::lesson::view_pair(&scene).unwrap();
    let start = scene.shapes[b].pose.position;
    let (mut ended_on_repeat, mut ended_inside) = (0, 0);
    for i in -6..=6 {
        for j in -6..=6 {
            let mut moved = scene.clone();
            moved.shapes[b].pose.position = start + glam::Vec2::new(i as f32, j as f32) * 0.35;
            let study = PageStudy::of_scene(moved).unwrap();
            let steps = &study.studies.gjk.trace.steps;
            let (last, earlier) = steps.split_last().unwrap();
            for (k, s) in earlier.iter().enumerate() {
                let w = s
                    .support
                    .expect("a step before the last asks for a support point");
                let next = &steps[k + 1].simplex_in;
                assert!(
                    next.iter()
                        .any(|v| (v.index_a, v.index_b) == (w.index_a, w.index_b)),
                    "({i}, {j}) step {k}: the support point is not in the next simplex"
                );
                assert_eq!(next.len(), s.simplex.len() + 1, "({i}, {j}) step {k}");
            }
            assert!(last.stop.is_some(), "({i}, {j})");
            match last.support {
                Some(w) => {
                    let had = last
                        .simplex_in
                        .iter()
                        .any(|v| (v.index_a, v.index_b) == (w.index_a, w.index_b));
                    assert!(had, "({i}, {j}): the last step's support point is new");
                    ended_on_repeat += 1;
                }
                None => ended_inside += 1,
            }
        }
    }
    // The grid reaches both ways of stopping.
    assert!(
        ended_on_repeat > 0 && ended_inside > 0,
        "{ended_on_repeat} {ended_inside}"
    );
}

/// The SAT lesson says what the code does past the side planes: under Box2D-Lite's
/// rule the reference face is moved out by the scene's speculative distance, the
/// number the page prints (the plane drawn lies that far above the face); Box2D v3's
/// rule keeps both clipped points, one in front of the face too. No page says
/// Box2D-Lite itself has a speculative distance.
#[test]
fn the_clip_pages_say_how_far_the_reference_face_moves_out() {
    use collidescope::core::manifold::ClipPlane;
    let sat = library::lesson("sat-clipping").unwrap();
    let lite = &sat.pages[page_titled(&sat, "The last plane")];
    let study = PageStudy::of(lite).unwrap();
    let spec = study.scene.settings.speculative_distance;
    assert!(
        lite.text.contains(&format!(
            "moved out by the scene's speculative distance ({spec}"
        )),
        "{}",
        lite.text
    );
    assert!(lite
        .text
        .contains(&format!("it lies {spec} above the face")));
    let trace = &study.studies.manifold.sat_trace;
    let r = trace.reference.as_ref().unwrap();
    let plane = trace
        .clips
        .iter()
        .find(|c| c.plane == ClipPlane::ReferenceFace)
        .expect("Box2D-Lite's rule clips by the reference face");
    let above = (plane.plane_point - r.a).dot(r.normal);
    assert!(
        (above - spec).abs() < 1e-5,
        "the plane is {above} above the face, not {spec}"
    );

    let v3 = &sat.pages[page_titled(&sat, "Side planes")];
    let study = PageStudy::of(v3).unwrap();
    let trace = &study.studies.manifold.sat_trace;
    assert!(trace
        .clips
        .iter()
        .all(|c| c.plane != ClipPlane::ReferenceFace));
    assert_eq!(trace.points.len(), 2, "Box2D v3's rule keeps both points");
    for page in &sat.pages {
        for wrong in [
            "Box2D-Lite also clips by the reference face, moved out",
            "Box2D-Lite's speculative",
        ] {
            assert!(!page.text.contains(wrong), "{}: {wrong}", page.title);
        }
    }
}

/// The GJK, SAT, EPA, time-of-impact and engines lessons name the marks on the canvas
/// by their labels or roles, never by a colour: the colours differ between the dark and
/// the light theme (the closest point and EPA's arrow are near-white on dark and
/// near-black on light; the points "so far" light blue on dark and blue on light).
/// Their words, questions, hints (given or default) and explanations have no colour
/// word. (The chains lesson names its verdict colours beside the verdict's word; the
/// engines lesson may say "red", the engines table's colour for a value off the exact
/// one, red in both themes and named so by the table's own legend.)
#[test]
fn the_algorithm_lessons_name_marks_by_role_not_colour() {
    let colours = [
        "white",
        "black",
        "light blue",
        "blue",
        "yellow",
        "green",
        "red",
        "orange",
        "pink",
        "purple",
        "grey",
        "gray",
        "violet",
        "magenta",
        "cyan",
    ];
    let mut read = 0;
    for id in ["gjk", "sat-clipping", "epa", "toi", "engines"] {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let mut words = page.text.clone();
            if let Some(q) = &page.question {
                words.push('\n');
                words.push_str(&q.prompt);
                words.push('\n');
                words.push_str(&collidescope::lesson::tutor::hint(q));
                words.push('\n');
                words.push_str(&q.explain);
            }
            let lower = words.to_lowercase();
            for c in colours {
                if id == "engines" && c == "red" {
                    continue;
                }
                let named = lower.match_indices(c).any(|(i, _)| {
                    let before = lower[..i].chars().next_back();
                    let after = lower[i + c.len()..].chars().next();
                    !before.is_some_and(char::is_alphanumeric)
                        && !after.is_some_and(char::is_alphanumeric)
                });
                assert!(!named, "{id} page {}: names a colour, \"{c}\"", k + 1);
            }
            read += 1;
        }
    }
    assert!(read >= 50, "{read}");
}

/// When EPA does not run (the cores apart, the rounded shapes overlapping), its last
/// step is GJK's last: the world view shows the pair's answer there (the depth of the
/// rounded shapes), not the points "so far" of a GJK that has stopped.
#[test]
fn the_last_step_without_a_polytope_shows_the_answer_not_points_so_far() {
    let epa = library::lesson("epa").unwrap();
    let page = &epa.pages[page_titled(&epa, "No polytope needed")];
    let study = PageStudy::of(page).unwrap();
    assert!(study.studies.epa.trace.steps.is_empty(), "EPA ran");
    assert_eq!(page.step + 1, study.studies.epa.gjk_trace.steps.len());
    let labels = page_labels(page, LayerId::Witness);
    assert!(labels.iter().all(|l| !l.contains("so far")), "{labels:?}");
    let depth = study.studies.basics.penetration.as_ref().unwrap().depth;
    assert!(
        labels.contains(&format!("depth {depth:.4}")),
        "{labels:?}, depth {depth}"
    );
}

/// The chains lesson's seam page asks whether the naive way pushes the box sideways
/// while its picture shows the smooth way, whose Gauss map draws the naive normal as
/// the sideways candidate it snaps ("Box: snap"): the page hides the Gauss map until
/// the question is settled, and the settled page shows it.
#[test]
fn the_seam_page_hides_the_gauss_map_until_its_question_is_settled() {
    let lesson = library::lesson("chains").unwrap();
    let page = lesson.pages.iter().find(|p| p.title == "The seam").unwrap();
    let q = page.question.as_ref().unwrap();
    let snaps = |app: &mut AppState| {
        let picture = app_picture(app);
        picture
            .list
            .layers
            .iter()
            .flat_map(|l| &l.prims)
            .filter(|p| matches!(p, Prim::Label { text, .. } if text.ends_with("snap")))
            .count()
    };
    let mut app = AppState::new(page_scene(page).unwrap(), None);
    assert!(app.hidden_layers.contains(&LayerId::GaussMap));
    assert_eq!(
        snaps(&mut app),
        0,
        "the open page draws the snapped candidate"
    );
    // Settled: the window uncovers the question's answer layers and its lit layer.
    for l in q.ask.answer_layers().iter().chain([q.hint_layer()].iter()) {
        if app.hidden_layers.contains(l) {
            app.toggle_layer(*l);
        }
    }
    assert_eq!(snaps(&mut app), 1, "the settled page shows the Gauss map");
    // The lesson's pages that ask nothing of the naive mode keep their Gauss maps.
    let shown = lesson
        .pages
        .iter()
        .filter(|p| p.show.contains(&LayerId::GaussMap))
        .count();
    assert!(shown + 2 >= lesson.pages.len(), "{shown} pages show it");
}
