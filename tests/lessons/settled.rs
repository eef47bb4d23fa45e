//! What a page shows once its question is settled, and what a hint lights: the
//! picture says what the answer and its words say.

use super::*;

/// The labels layer `layer` writes in the window's picture as it stands.
fn layer_labels(app: &mut AppState, layer: LayerId) -> Vec<String> {
    let picture = app_picture(app);
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

/// A hint that points at something "lit up" lights a layer the page draws at its
/// step: a lit layer that draws nothing there points at nothing.
#[test]
fn a_hint_that_lights_a_layer_lights_one_the_page_draws() {
    let mut checked = 0;
    for id in library::ids() {
        let lesson = library::lesson(id).unwrap();
        for (k, page) in lesson.pages.iter().enumerate() {
            let Some(q) = &page.question else {
                continue;
            };
            let hint = if q.hint.trim().is_empty() {
                q.ask.default_hint()
            } else {
                q.hint.as_str()
            };
            if !hint.contains("lit up") {
                continue;
            }
            let lit = q.hint_layer();
            let mut app = AppState::new(page_scene(page).unwrap(), None);
            if app.hidden_layers.contains(&lit) {
                app.toggle_layer(lit);
            }
            let picture = app_picture(&mut app);
            let drawn = picture.list.layer(lit).map_or(0, |l| l.prims.len());
            assert!(
                drawn > 0,
                "{id} page {}: the hint lights {lit:?}, which draws nothing there",
                k + 1
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} hints light something");
}
