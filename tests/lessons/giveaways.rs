//! No lesson page's answer is printed before it is asked: not by an earlier page, a
//! number near it, nor an explanation.

use super::*;
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
            && e.message.contains("\"1.5615\""),
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
