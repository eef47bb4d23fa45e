//! What the time-of-impact lesson's pages show and say: the closing advances, the
//! push-back's dots, plot and target, the conservative advancement's question.

use super::*;

/// The cast page says the closing speed drops near the contact and each advance is
/// shorter than the one before: true of the shape cast's trace on its pair.
#[test]
fn the_closing_in_page_shows_advances_that_shrink() {
    let toi = library::lesson("toi").unwrap();
    let page = &toi.pages[page_titled(&toi, "Closing in")];
    assert!(page
        .text
        .contains("each advance is shorter than the one before"));
    let study = PageStudy::of(page).unwrap();
    let steps = &study.studies.cast.trace.steps;
    let advances: Vec<f32> = steps.iter().filter_map(|s| s.advance).collect();
    let speeds: Vec<f32> = steps.iter().filter_map(|s| s.closing_speed).collect();
    assert!(advances.len() >= 4, "only {} advances", advances.len());
    assert!(
        advances.windows(2).all(|w| w[1] < w[0]),
        "the advances do not shrink: {advances:?}"
    );
    assert!(
        speeds.windows(2).all(|w| w[1] <= w[0] + 1e-4)
            && speeds[0] > 2.0 * speeds[speeds.len() - 1],
        "the closing speed does not drop: {speeds:?}"
    );
}

/// The push-back page says how many vertex dots it draws: one, the bullet's centre
/// (its axis is the wall's face), not a dot on each shape.
#[test]
fn the_push_back_page_draws_the_dots_it_speaks_of() {
    let toi = library::lesson("toi").unwrap();
    let page = &toi.pages[page_titled(&toi, "Push-backs: looking ahead")];
    assert!(page
        .text
        .contains("a dot on each vertex of the pair (one here"));
    let scene = PageStudy::of(page).unwrap().scene;
    let mut app = AppState::new(scene, None);
    app.set_step(page.step);
    let picture = app_picture(&mut app);
    let dots = picture
        .list
        .layer(LayerId::Toi)
        .into_iter()
        .flat_map(|l| &l.prims)
        .filter(|p| matches!(p, Prim::Dot { .. }))
        .count();
    assert_eq!(dots, 1, "the push-back draws {dots} dots");
}

/// The time-of-impact lesson's page titled `title`, its study and its step's s(t)
/// curves over the interval searched.
fn page_curves(
    title: &str,
) -> (
    collidescope::lesson::Page,
    PageStudy,
    collidescope::study::rotating::SeparationCurves,
) {
    let toi = library::lesson("toi").unwrap();
    let page = toi.pages[page_titled(&toi, title)].clone();
    let study = PageStudy::of(&page).unwrap();
    let pair = collidescope::lesson::view_pair(&study.scene).unwrap();
    let curves = study
        .studies
        .rotating
        .curves(&study.scene, pair, page.step, false);
    (page, study, curves)
}

/// The s(t) plot beside the push-back page names its axis as the page and the canvas
/// do ("A's face"), not by the trace's key ("face a").
#[test]
fn the_push_back_plot_names_its_axis_as_the_canvas_does() {
    use collidescope::study::rotating::separation_plot;
    let (_, _, curves) = page_curves("Push-backs: looking ahead");
    let caption = separation_plot(&curves).caption;
    assert!(caption.contains("(A's face)"), "{caption}");
    assert!(!caption.contains("face a"), "{caption}");
}

/// The answer page's plot has no separation function (the last iteration found the
/// cores within the band): its caption says so with the numbers the narration gives,
/// not that "the answer came from the distance alone".
#[test]
fn the_answer_pages_plot_says_why_it_has_no_separation_function() {
    use collidescope::study::rotating::separation_plot;
    let (page, study, curves) = page_curves("The answer");
    assert!(curves.separation.is_empty());
    let caption = separation_plot(&curves).caption;
    let t1 = format!("t1 = {:.4}", curves.t1);
    assert!(
        caption.contains(&t1)
            && caption.contains("within the band")
            && caption.contains("t1 is the time of impact"),
        "{caption}"
    );
    assert!(!caption.contains("distance alone"), "{caption}");
    // The narration's hit time is that t1.
    let narration = study.studies.narrate(
        &study.scene,
        page.algorithm,
        page.step,
        study.ground().source,
    );
    assert!(
        narration.contains(&format!("Hit at t = {:.4}", curves.t1)),
        "{narration}"
    );
}

/// The push-back page names the target as the sum of the radii: the number it prints
/// is the scene's sum, and it gives the reason the radii have (the bullet is round),
/// not the slop the study falls back on for two sharp shapes.
#[test]
fn the_push_back_page_says_what_its_target_is_made_of() {
    let toi = library::lesson("toi").unwrap();
    let page = &toi.pages[page_titled(&toi, "Push-backs: looking ahead")];
    let scene = PageStudy::of(page).unwrap().scene;
    let radii: Vec<f32> = scene.shapes.iter().map(|s| s.shape.radius()).collect();
    let sum: f32 = radii.iter().sum();
    assert!((sum - 0.1).abs() < 1e-6, "{radii:?}");
    assert!(page.text.contains(&format!("the sum of the radii, {sum}")));
    let sharp = radii.iter().all(|r| *r == 0.0);
    assert_eq!(page.text.contains("sharp shapes"), sharp, "{radii:?}");
    assert!(page.text.contains("the bullet's radius"));
}

/// The conservative-advancement page asks whether B touches A: the picture alone
/// cannot tell (B's centre passes a few pixels wide of the sum of the radii), so the
/// page gives the radii and the hint the closest approach of B's centre, both true of
/// the scene, and the answer follows from them.
#[test]
fn the_conservative_advancement_question_can_be_worked_out() {
    let toi = library::lesson("toi").unwrap();
    let page = &toi.pages[page_titled(&toi, "Shapes without faces: conservative advancement")];
    let q = page.question.as_ref().unwrap();
    let study = PageStudy::of(page).unwrap();
    let (a, b) = (&study.scene.shapes[0], &study.scene.shapes[1]);
    assert_eq!((a.name.as_str(), b.name.as_str()), ("A", "B"));
    let (ra, rb) = (a.shape.radius(), b.shape.radius());
    // B's centre relative to A's over the step: a line; its distance from A's centre.
    let from = b.pose.position - a.pose.position;
    let along = (b.velocity - a.velocity).normalize();
    let closest = (from - along * from.dot(along)).length();
    let text = |x: f32| format!("{x:.1}");
    assert!(
        page.text.contains(&format!(
            "A of radius {} and B of radius {}",
            text(ra),
            text(rb)
        )),
        "{}",
        page.text
    );
    // The page gives what the prediction needs: the path and how near it passes.
    let (start, end) = (b.pose.position, b.pose.position + b.velocity);
    let tenth = |x: f32| (x * 10.0).round() / 10.0;
    assert!(
        page.text.contains(&format!(
            "from (−{}, {}) to ({}, {})",
            -tenth(start.x),
            tenth(start.y),
            tenth(end.x),
            tenth(end.y)
        )) && page
            .text
            .contains(&format!("passes {closest:.2} from A's centre")),
        "{}",
        page.text
    );
    let hint = collidescope::lesson::tutor::hint(q);
    assert!(
        hint.contains(&format!("{} + {} = {}", text(ra), text(rb), text(ra + rb))),
        "{hint}"
    );
    assert!(
        hint.contains(&format!("passes {closest:.2} from A's centre")),
        "{closest} {hint}"
    );
    // Two decimals decide it, and the answer agrees.
    assert!((closest - (ra + rb)).abs() > 0.01, "{closest}");
    let Answer::Choice { options, right } = q.solve(&study.ground()).unwrap().answer else {
        panic!("a pick");
    };
    assert_eq!(
        options[right] == "yes",
        closest < ra + rb,
        "{options:?} {right}"
    );
}
