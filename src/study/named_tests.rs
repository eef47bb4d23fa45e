//! Hovering a narration lights what it names: every mention in every GJK and EPA step
//! of the welcome scene's pair lights a mark the step draws, and only where one is.

use super::tests::draw;
use super::*;
use crate::core::gjk::SimplexCache;
use crate::scene::load_scene;
use crate::view::draw::{Highlight, Prim, Space};
use crate::view::narrate::features::{mentions, Mention, MAX_NAMED};
use crate::view::palette::GLOW;
use glam::Vec2;
use std::path::Path;

/// The glowing marks of a draw list, with their views.
fn glow(list: &DrawList) -> Vec<(Space, Prim)> {
    let mut out = Vec::new();
    for l in &list.layers {
        for p in &l.prims {
            let c = match p {
                Prim::Dot { color, .. }
                | Prim::Polyline { color, .. }
                | Prim::Fill { color, .. } => *color,
                _ => continue,
            };
            if c == GLOW {
                out.push((l.space, p.clone()));
            }
        }
    }
    out
}

/// The points a mark is drawn through: a dot's or ring's centre, a line's or fill's
/// corners.
fn points(p: &Prim) -> Vec<Vec2> {
    match p {
        Prim::Dot { at, .. } | Prim::Ring { at, .. } => vec![*at],
        Prim::Polyline { points, .. } | Prim::Fill { points, .. } => points.clone(),
        _ => Vec::new(),
    }
}

/// Every point a glowing mark is drawn through is a point of a mark of the same view
/// drawn without the glow (a vertex of a shape, a simplex point, a polytope vertex, a
/// support point): the glow lights what is there.
fn lies_on_marks(glow: &[(Space, Prim)], plain: &DrawList) -> Result<(), String> {
    for (space, g) in glow {
        for q in points(g) {
            let on = plain
                .layers
                .iter()
                .filter(|l| l.space == *space)
                .flat_map(|l| l.prims.iter().flat_map(points))
                .any(|m| m.distance(q) < 1e-4);
            if !on {
                return Err(format!("{q} of {g:?} is on no mark"));
            }
        }
    }
    Ok(())
}

fn welcome() -> (Scene, Studies) {
    let scene = load_scene(Path::new("scenes/welcome.ron")).expect("scene");
    let studies = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
    (scene, studies)
}

fn lit(m: Mention) -> Highlight {
    let mut hl = Highlight::default();
    hl.named[0] = Some(m);
    hl
}

/// Every step of GJK and of GJK + EPA on A–B names something, and each thing it names
/// (a vertex of A or B, simplex points, a polytope vertex or edge, the point EPA
/// inserts) lights at least one mark, lying on what the step draws.
#[test]
fn every_mention_of_gjk_and_epa_lights_a_drawn_mark() {
    let (scene, studies) = welcome();
    let cx = studies.cx(&scene, crate::core::manifold::ManifoldSource::Epa);
    for alg in [Algorithm::Gjk, Algorithm::Epa] {
        let study = studies.get(alg);
        for step in 0..study.step_count() {
            let text = study.narrate(&cx, step);
            let named = mentions(&text);
            assert!(
                !named.is_empty(),
                "{alg:?} step {step} names nothing: {text}"
            );
            assert!(named.len() < MAX_NAMED, "{alg:?} step {step}: {named:?}");
            let plain = draw(&scene, Some(&studies), alg, step, &Highlight::default());
            assert!(glow(&plain).is_empty());
            for m in named {
                let list = draw(&scene, Some(&studies), alg, step, &lit(m));
                let g = glow(&list);
                assert!(
                    !g.is_empty(),
                    "{alg:?} step {step}: {m:?} lights nothing: {text}"
                );
                if let Err(e) = lies_on_marks(&g, &plain) {
                    panic!("{alg:?} step {step}: {m:?}: {e}");
                }
            }
        }
    }
}

/// GJK's last step on A–B encloses the origin: "the triangle w1 w2 w3" lights the
/// simplex's triangle, inside and outline, through the three points the step began
/// with.
#[test]
fn the_triangle_phrase_lights_the_simplex_triangle() {
    let (scene, studies) = welcome();
    let cx = studies.cx(&scene, crate::core::manifold::ManifoldSource::Epa);
    let last = studies.gjk.trace.steps.len() - 1;
    let text = studies.get(Algorithm::Gjk).narrate(&cx, last);
    assert!(text.contains("triangle w1 w2 w3"), "{text}");
    assert!(mentions(&text).contains(&Mention::Simplex(0b111)), "{text}");
    let w: Vec<Vec2> = studies.gjk.trace.steps[last]
        .simplex_in
        .iter()
        .map(|v| v.w)
        .collect();
    assert_eq!(w.len(), 3);
    let list = draw(
        &scene,
        Some(&studies),
        Algorithm::Gjk,
        last,
        &lit(Mention::Simplex(0b111)),
    );
    let g = glow(&list);
    let fill = g.iter().find_map(|(s, p)| match p {
        Prim::Fill { points, .. } if *s == Space::Config => Some(points.clone()),
        _ => None,
    });
    assert_eq!(fill, Some(w.clone()));
    let outline = g.iter().any(|(s, p)| {
        matches!(p, Prim::Polyline { points, closed: true, .. } if *s == Space::Config && *points == w)
    });
    assert!(outline, "{g:?}");
}
