//! What particular library pages show and say: the numbers asked for, the planes, the
//! arrows and layers each page draws, and words true of them.

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

/// The bias page's pair shows the bias at work: B's best face separates more than A's,
/// by more than a hair, yet by less than Box2D-Lite's margin, so the manifold keeps
/// A's face as the reference, where the larger separation alone (Box2D v3's rule
/// between polygons) takes B's. Every number the page prints is the trace's.
#[test]
fn the_bias_page_keeps_a_face_although_b_separates_more() {
    use collidescope::core::manifold::ManifoldSource;
    use collidescope::core::sat::{Owner, SatBias};
    let sat = library::lesson("sat-clipping").unwrap();
    let page = &sat.pages[page_titled(&sat, "Keeping the choice steady")];
    let study = PageStudy::of(page).unwrap();
    assert_eq!(study.scene.settings.sat_bias, SatBias::Box2dLite);
    let t = &study.studies.sat.trace;
    let (a, b) = (t.best_a.unwrap().separation, t.best_b.unwrap().separation);
    let bar = t.bias_threshold.expect("the bias decided");
    assert!(b - a > 0.005, "B's face is not clearly better: {a} vs {b}");
    assert!(
        bar - b > 0.001,
        "B's {b} is not clearly short of the bar {bar}"
    );
    let (m, _) = study.studies.manifold.get(ManifoldSource::Sat);
    assert_eq!(m.reference, Some(Owner::A), "{m:?}");
    let mut v3 = study.scene.clone();
    v3.settings.sat_bias = SatBias::Box2dV3;
    let v3 = PageStudy::of_scene(v3).unwrap();
    let (m, _) = v3.studies.manifold.get(ManifoldSource::Sat);
    assert_eq!(m.reference, Some(Owner::B), "Box2D v3's rule: {m:?}");
    let q = page.question.as_ref().unwrap();
    let words = format!("{} {} {}", page.text, q.hint, q.explain);
    let printed = |x: f32| format!("{x:.4}").replace('-', "\u{2212}");
    for (what, x) in [
        ("A's separation", a),
        ("B's separation", b),
        ("B's lead", b - a),
        ("the bar", bar),
        ("the margin", bar - a),
    ] {
        assert!(
            words.contains(&printed(x)),
            "the page does not print {what}, {}",
            printed(x)
        );
    }
}

/// The contact-id page names the ids as its points' labels write them: every id its
/// words quote (an emphasised feature pair, `… × …`) starts a label of the manifold
/// layer at the page's step.
#[test]
fn the_contact_id_page_quotes_the_ids_its_labels_write() {
    let sat = library::lesson("sat-clipping").unwrap();
    let page = &sat.pages[page_titled(&sat, "Contact points and their ids")];
    let labels = page_labels(page, LayerId::Manifold);
    // Strong marks out, the emphasised spans are every other piece between stars.
    let text = page.text.replace("**", "");
    let quoted: Vec<&str> = text
        .split('*')
        .skip(1)
        .step_by(2)
        .filter(|s| s.contains(" \u{d7} "))
        .collect();
    assert!(quoted.len() >= 2, "the page quotes no ids: {quoted:?}");
    for id in quoted {
        assert!(
            labels.iter().any(|l| l.starts_with(id)),
            "the page quotes \"{id}\", the labels are {labels:?}"
        );
    }
}

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

/// The s(t) plot beside the push-back page names its axis as the page and the canvas
/// do ("A's face"), not by the trace's key ("face a").
#[test]
fn the_push_back_plot_names_its_axis_as_the_canvas_does() {
    use collidescope::study::rotating::separation_plot;
    let toi = library::lesson("toi").unwrap();
    let page = &toi.pages[page_titled(&toi, "Push-backs: looking ahead")];
    let study = PageStudy::of(page).unwrap();
    let pair = collidescope::lesson::view_pair(&study.scene).unwrap();
    let curves = study
        .studies
        .rotating
        .curves(&study.scene, pair, page.step, false);
    let caption = separation_plot(&curves).caption;
    assert!(caption.contains("(A's face)"), "{caption}");
    assert!(!caption.contains("face a"), "{caption}");
}

/// The narration of the step that picks the reference face says what the last plane
/// is as the canvas draws it: the reference face moved out by the speculative
/// distance (the dashed "face moved out"), not the face itself.
#[test]
fn the_reference_step_names_the_face_moved_out_as_drawn() {
    use collidescope::core::manifold::ManifoldSource;
    use collidescope::study::manifold::manifold_step;
    let sat = library::lesson("sat-clipping").unwrap();
    let page = &sat.pages[page_titled(&sat, "The last plane")];
    assert!(page_labels(page, LayerId::Manifold)
        .iter()
        .any(|l| l == "face moved out"));
    let study = PageStudy::of(page).unwrap();
    let words = manifold_step(&study.studies.manifold, ManifoldSource::Sat, page.step);
    assert!(
        words.contains("then by the reference face moved out by the speculative distance."),
        "{words}"
    );
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

/// The engines lesson's last page shows a stress case of the library under EPA: its
/// words say what the canvas shows, with the scene's own numbers (B's length and
/// thickness, its tip's depth, the depth EPA reports at the page's step).
#[test]
fn the_looking_for_more_page_says_what_its_canvas_shows() {
    let lesson = library::lesson("engines").unwrap();
    let page = &lesson.pages[page_titled(&lesson, "Looking for more")];
    let study = PageStudy::of(page).unwrap();
    let b = study.scene.shapes.iter().find(|s| s.name == "B").unwrap();
    let collidescope::core::shape::Geometry::Polygon { points, .. } = b.shape.geometry() else {
        panic!("B is not a polygon: {:?}", b.shape.geometry());
    };
    let span = |f: fn(&glam::Vec2) -> f32| {
        let v: Vec<f32> = points.iter().map(f).collect();
        v.iter().cloned().fold(f32::MIN, f32::max) - v.iter().cloned().fold(f32::MAX, f32::min)
    };
    let (long, thick) = (span(|p| p.x), span(|p| p.y));
    assert!(
        (long - 4.0).abs() < 1e-6 && (thick - 0.002).abs() < 1e-6,
        "{long} {thick}"
    );
    assert!(
        page.text.contains("4 units long and 0.002 thick"),
        "{}",
        page.text
    );
    let narration = study.studies.narrate(
        &study.scene,
        page.algorithm,
        page.step,
        study.ground().source,
    );
    assert!(narration.contains("The depth is 0.1000 "), "{narration}");
    assert!(
        page.text.contains("EPA finds the depth 0.1"),
        "{}",
        page.text
    );
}

/// A question about where the incident edge starts does not show that edge marked
/// while it is open: no layer but the shapes' own draws a line from the vertex asked
/// for (the manifold's first step marks B's edge as "feature of B").
#[test]
fn the_incident_start_page_does_not_mark_the_edge_it_asks_about() {
    let mut asked = 0;
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let Some(q) = page
                .question
                .as_ref()
                .filter(|q| q.ask == Ask::IncidentStart)
            else {
                continue;
            };
            asked += 1;
            let study = PageStudy::of(page).unwrap();
            let Answer::Point { at, .. } = q.solve(&study.ground()).unwrap().answer else {
                panic!("a point");
            };
            let mut app = AppState::new(study.scene.clone(), None);
            let picture = app_picture(&mut app);
            for layer in &picture.list.layers {
                if matches!(layer.id, LayerId::Shapes | LayerId::VertexIndices) {
                    continue;
                }
                for p in &layer.prims {
                    if let Prim::Polyline { points, .. } = p {
                        let marks = points.iter().any(|p| p.distance(at[0]) < 1e-4);
                        assert!(
                            !marks,
                            "{id} page {}: {:?} draws a line from the vertex asked for",
                            k + 1,
                            layer.id
                        );
                    }
                }
            }
        }
    }
    assert!(asked >= 1);
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
