//! What any library page shows and says: a settled question's numbers, marks named by
//! role not colour, no question asked in a page without one.

use super::*;

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

/// Every lesson names the marks on the canvas by their labels or roles, never by a
/// colour: the colours differ between the dark and the light theme (the closest point
/// and EPA's arrow are near-white on dark and near-black on light; the points "so far"
/// light blue on dark and blue on light; the chains' "snapped" yellow on dark and dark
/// olive on light). Their words, questions, hints (given or default) and explanations
/// have no colour word. (The engines lesson may say "red", the engines table's colour
/// for a value off the exact one, red in both themes and named so by the table's own
/// legend.)
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
    for id in ["gjk", "sat-clipping", "epa", "toi", "engines", "chains"] {
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
    assert!(read >= 60, "{read}");
}

/// Once settled, a distance, overlap or closest-point question says why in the page's
/// own numbers (not only the narration of a step that may speak of something else):
/// the why of a distance names the distance, of a closest point names the point, and of
/// an overlap between rounded shapes compares the cores' distance with the radii.
#[test]
fn a_settled_distance_overlap_or_witness_question_says_why_in_its_numbers() {
    let mut seen = [0usize; 3];
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let Some(q) = page.question.as_ref() else {
                continue;
            };
            let kind = match q.ask {
                Ask::Distance => 0,
                Ask::WitnessOnA => 1,
                Ask::Overlap => 2,
                _ => continue,
            };
            let study = PageStudy::of(page).unwrap();
            let solved = q.solve(&study.ground()).unwrap();
            let why = solved.why.clone().unwrap_or_default();
            let d = study.studies.basics.distance;
            let want = match kind {
                0 => format!("The distance is {:.4}", d.distance),
                1 => format!(
                    "A's closest point is ({:.3}, {:.3})",
                    d.point_a.x, d.point_a.y
                ),
                _ if d.core_distance > 0.0 && why.contains("cores") => {
                    format!("The cores are {:.4} apart", d.core_distance)
                }
                _ => "B − A".to_string(),
            };
            assert!(
                why.contains(&want),
                "{id} page {}: {why:?} lacks {want:?}",
                k + 1
            );
            seen[kind] += 1;
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "questions of each kind: {seen:?}"
    );
}

/// A page without a question does not end by asking one: the learner would look for a
/// way to answer it. (A question is asked with `question:`, which takes an answer; an
/// opening page may name what the lesson will answer.)
#[test]
fn a_page_without_a_question_asks_none_in_its_text() {
    let mut read = 0;
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            if page.question.is_some() {
                continue;
            }
            let plain = collidescope::lesson::markup::parse(&page.text)
                .map(|b| collidescope::lesson::markup::plain_text(&b))
                .unwrap();
            let last = plain.trim_end().rsplit("\n\n").next().unwrap_or_default();
            assert!(
                !last.trim_end().ends_with('?'),
                "{id} page {} ends asking, but has no question: {last}",
                k + 1
            );
            read += 1;
        }
    }
    assert!(read >= 15, "{read}");
}
