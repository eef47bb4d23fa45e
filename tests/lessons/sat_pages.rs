//! What the SAT and clipping pages show and say: the clip planes, the bias between
//! reference faces, the contact ids, the face moved out, the incident edge's start.

use super::*;

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
