//! What a page shows once its question is settled, and what a hint lights: the
//! picture says what the answer and its words say.

use super::*;

/// A ghost-bump question asks of one chain mode on a page that may draw the other.
/// Before it is settled the page draws no Gauss map (a smooth floor's snapped
/// candidate is the naive answer). Once settled, the window shows the floor collided
/// the way asked, so that the picture says what the answer says: the chains layer
/// labels the segment's ghost bump exactly when the answer is yes, and no Gauss map
/// speaks of another shape than the one asked about. No page shows the Gauss map
/// (open or settled) before the page that explains it.
#[test]
fn a_settled_ghost_bump_page_shows_the_mode_its_answer_speaks_of() {
    let lesson = library::lesson("chains").unwrap();
    let explained = lesson
        .pages
        .iter()
        .position(|p| p.title == "What the ghosts decide")
        .expect("the page that explains the Gauss map");
    let mut checked = [0usize; 2];
    for (k, page) in lesson.pages.iter().enumerate() {
        let Some(q) = &page.question else {
            continue;
        };
        let mut app = AppState::new(page_scene(page).unwrap(), None);
        let before = layer_labels(&mut app, LayerId::GaussMap);
        collidescope::lesson::show_settled(&mut app, q);
        let after = layer_labels(&mut app, LayerId::GaussMap);
        if k < explained {
            assert!(
                before.is_empty() && after.is_empty(),
                "page {}: a Gauss map before its page: {before:?} {after:?}",
                k + 1
            );
        }
        let Ask::GhostBump {
            shape,
            segment,
            mode: Some(mode),
            ..
        } = &q.ask
        else {
            continue;
        };
        assert!(
            before.iter().all(|t| !t.ends_with("snapped")),
            "page {}: the open page draws a snapped candidate: {before:?}",
            k + 1
        );
        assert_eq!(app.scene.settings.chain_mode, *mode, "page {}", k + 1);
        let others: Vec<&String> = after
            .iter()
            .filter(|t| !t.starts_with(&format!("{shape}:")))
            .collect();
        assert!(others.is_empty(), "page {}: {others:?}", k + 1);
        let study = PageStudy::of(page).unwrap();
        let Answer::Choice { right, .. } = q.solve(&study.ground()).unwrap().answer else {
            panic!("page {}: not a yes/no", k + 1)
        };
        let yes = right == 0;
        let bump = layer_labels(&mut app, LayerId::Chains)
            .iter()
            .any(|t| t.starts_with(&format!("segment {segment}:")) && t.ends_with("(ghost bump)"));
        assert_eq!(
            bump,
            yes,
            "page {}: the settled picture's ghost bump label against the answer",
            k + 1
        );
        checked[usize::from(yes)] += 1;
    }
    // The seam page (yes), the one-sided page and the corner page (no).
    assert!(checked[0] >= 2 && checked[1] >= 1, "{checked:?}");
}

/// A wrong answer's hint ends "Lit up on the canvas: <layer>", whatever its words: so
/// every question's lit layer draws something at the page's step, in a view the page
/// shows (a configuration-space layer on a page that shows the world view alone
/// lights nothing one can see).
#[test]
fn a_hint_that_lights_a_layer_lights_one_the_page_draws() {
    let mut checked = 0;
    let mut said = 0;
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let Some(q) = &page.question else {
                continue;
            };
            let lit = q.hint_layer();
            let mut app = AppState::new(page_scene(page).unwrap(), None);
            if app.hidden_layers.contains(&lit) {
                app.toggle_layer(lit);
            }
            let picture = app_picture(&mut app);
            let config_shown = picture.split < 1.0;
            let drawn: usize = picture
                .list
                .layers
                .iter()
                .filter(|l| l.id == lit && (l.space == Space::World || config_shown))
                .map(|l| l.prims.len())
                .sum();
            assert!(
                drawn > 0,
                "{id} page {}: the hint lights {lit:?}, which draws nothing in the views shown",
                k + 1
            );
            checked += 1;
            said += usize::from(collidescope::lesson::tutor::hint(q).contains("lit up"));
        }
    }
    assert!(checked >= 40, "only {checked} questions");
    assert!(said >= 10, "only {said} hints say what they light");
}

/// The time of impact's separation-function page: the hint names the segment
/// between the closest points (lit up), so the lit layer draws that segment and its
/// two points, not the sweep's ghost poses; the open page shows it.
#[test]
fn the_separation_function_hint_lights_the_closest_points_alone() {
    let lesson = library::lesson("toi").unwrap();
    let page = lesson
        .pages
        .iter()
        .find(|p| {
            p.question
                .as_ref()
                .is_some_and(|q| q.ask == Ask::SeparationFunction)
        })
        .unwrap();
    let q = page.question.as_ref().unwrap();
    assert!(q
        .hint
        .contains("segment between the closest points (lit up)"));
    let study = PageStudy::of(page).unwrap();
    let it = &study.studies.rotating.trace.iterations[0];
    let mut app = AppState::new(page_scene(page).unwrap(), None);
    let lit = q.hint_layer();
    assert!(!app.hidden_layers.contains(&lit), "the open page hides it");
    let picture = app_picture(&mut app);
    let prims = &picture.list.layer(lit).expect("the lit layer draws").prims;
    let near = |a: glam::Vec2, b: glam::Vec2| a.distance(b) < 1e-5;
    let segment = prims.iter().any(|p| match p {
        Prim::Polyline { points, .. } => {
            points.len() == 2 && near(points[0], it.point_a) && near(points[1], it.point_b)
        }
        _ => false,
    });
    assert!(segment, "no segment between the closest points: {prims:?}");
    for p in prims {
        match p {
            Prim::Polyline { points, .. } => assert_eq!(points.len(), 2, "{p:?}"),
            Prim::Dot { at, .. } => assert!(near(*at, it.point_a) || near(*at, it.point_b)),
            Prim::Label { .. } => {}
            other => panic!("the lit layer draws more than the closest points: {other:?}"),
        }
    }
    // The s(t) caption, like the canvas, leaves the axis's kind out until answered.
    let curves = app.separation_curves(false).unwrap().clone();
    use collidescope::study::rotating::separation_plot_naming;
    let open = separation_plot_naming(&curves, false).caption;
    let settled = separation_plot_naming(&curves, true).caption;
    assert!(!curves.kind.is_empty());
    assert!(!open.contains(&curves.kind), "{open}");
    assert!(settled.contains(&curves.kind), "{settled}");
}

/// The swept time of impact's miss page: its answer's words end on the axis that
/// keeps the shadows apart all step, and the settled page shows that axis (the
/// answer's own step draws only the path).
#[test]
fn a_settled_swept_miss_shows_the_axis_that_keeps_the_gap() {
    let lesson = library::lesson("toi").unwrap();
    let mut checked = 0;
    for (k, page) in lesson.pages.iter().enumerate() {
        let Some(q) = page.question.as_ref().filter(|q| q.ask == Ask::Hits) else {
            continue;
        };
        if page.algorithm != collidescope::study::Algorithm::Toi {
            continue;
        }
        let study = PageStudy::of(page).unwrap();
        let solved = q.solve(&study.ground()).unwrap();
        let tr = &study.studies.swept.trace;
        if study.studies.swept.output.hit || !tr.axes.iter().any(|a| a.separates.is_some()) {
            continue;
        }
        let axis = tr.axes.get(solved.reveal_step);
        assert!(
            axis.is_some_and(|a| a.separates.is_some()),
            "page {}: reveals step {} of {}",
            k + 1,
            solved.reveal_step,
            tr.axes.len()
        );
        let mut app = AppState::new(page_scene(page).unwrap(), None);
        collidescope::lesson::show_settled(&mut app, q);
        app.set_step(solved.reveal_step);
        let picture = app_picture(&mut app);
        let toi = picture
            .list
            .layer(LayerId::Toi)
            .map_or(0, |l| l.prims.len());
        assert!(toi > 0, "page {}: nothing drawn of the axis", k + 1);
        checked += 1;
    }
    assert_eq!(checked, 1, "the swept miss page");
}

/// The depth's hint points at "the closest edge of the polytope (lit up)": of EPA's
/// layer only that edge glows, the line at the depth from the origin, not the
/// polytope's every edge.
#[test]
fn the_depth_hint_lights_the_closest_edge_alone() {
    let lesson = library::lesson("epa").unwrap();
    let page = &lesson.pages[page_titled(&lesson, "Reading the depth")];
    let q = page.question.as_ref().unwrap();
    assert_eq!(q.ask, Ask::Depth);
    assert!(collidescope::lesson::tutor::hint(q).contains("closest edge of the polytope (lit up)"));
    let study = PageStudy::of(page).unwrap();
    let Answer::Number { value: depth, .. } = q.solve(&study.ground()).unwrap().answer else {
        panic!("the depth is a number");
    };
    let mut app = AppState::new(study.scene.clone(), None);
    let picture = app_picture(&mut app);
    let layer = picture.list.layer(q.hint_layer()).unwrap();
    let lit = collidescope::lesson::lit_prims(&layer.prims, q.lit_part());
    assert!(
        lit.len() < layer.prims.len() / 2,
        "{} of {}",
        lit.len(),
        layer.prims.len()
    );
    assert_eq!(lit.len(), 1, "{lit:?}");
    let Prim::Polyline { points, .. } = lit[0] else {
        panic!("{lit:?}");
    };
    assert_eq!(points.len(), 2);
    let (a, b) = (points[0], points[1]);
    let t = (-a).dot(b - a) / (b - a).length_squared();
    let foot = a + (b - a) * t.clamp(0.0, 1.0);
    assert!(
        (foot.length() - depth).abs() < 1e-3,
        "{} vs {depth}",
        foot.length()
    );
    // Every other question lights its whole layer.
    let gjk = library::lesson("gjk").unwrap();
    let q = gjk.pages.iter().find_map(|p| p.question.clone()).unwrap();
    assert_eq!(q.lit_part(), collidescope::lesson::LitPart::Layer);
}
