//! The studies' shared behaviour: step counts, step parts, narration and drawing of
//! every algorithm on the library's pairs.

use super::epa::EpaPhase;
use super::*;
use crate::core::gjk::SimplexCache;
use crate::core::manifold::ManifoldSource;
use crate::scene::{parse_scene, DEFAULT_SCENE};
use crate::trace::scene_results::SceneResults;
use crate::view::draw::config::support_interval;
use crate::view::draw::{bounds, outline_at, DrawList, Highlight, LayerId, Prim, Space};
use crate::view::text::tidy_zeros;
use glam::Vec2;

/// The draw list of `algorithm` at `step`, as the app draws it (no engines).
pub(crate) fn draw(
    scene: &Scene,
    studies: Option<&Studies>,
    algorithm: Algorithm,
    step: usize,
    hl: &Highlight,
) -> DrawList {
    let results = SceneResults::compute(scene);
    let frame = draw::Frame {
        scene,
        studies,
        results: &results,
        peers: &[],
        algorithm,
        step,
    };
    draw::draw_list(&frame, hl)
}

#[test]
fn names_round_trip() {
    for a in Algorithm::ALL {
        assert_eq!(Algorithm::from_name(a.name()), Some(a));
    }
    assert_eq!(Algorithm::from_name("box-box"), Some(Algorithm::BoxBox));
    assert!(Algorithm::try_from("nope".to_string())
        .unwrap_err()
        .contains("gjk, epa"));
}

#[test]
fn epa_steps_follow_gjk_steps() {
    let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
    let mut cache = SimplexCache::default();
    let an = Studies::compute(&scene, 0, 1, &mut cache);
    assert!(
        an.basics.penetration.is_some(),
        "A and B overlap in the default scene"
    );
    let g = an.epa.gjk_trace.steps.len();
    assert_eq!(an.step_count(Algorithm::Epa), g + an.epa.trace.steps.len());
    assert_eq!(an.epa.phase(g), EpaPhase::Epa(0));
    assert_eq!(an.epa.phase(0), EpaPhase::Gjk(0));
}

#[test]
fn epa_steps_name_their_phase_and_count_within_it() {
    let scene = parse_scene(DEFAULT_SCENE, "default").unwrap();
    let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
    let g = an.epa.gjk_trace.steps.len();
    let e = an.epa.trace.steps.len();
    assert!(g > 0 && e > 0);
    let src = ManifoldSource::Epa;
    assert_eq!(
        an.step_part(&scene, Algorithm::Epa, 0, src),
        format!("GJK step 1 of {g}")
    );
    assert_eq!(
        an.step_part(&scene, Algorithm::Epa, g, src),
        format!("EPA step 1 of {e}")
    );
    assert_eq!(
        an.step_part(&scene, Algorithm::Epa, g + e - 1, src),
        format!("EPA step {e} of {e}")
    );
    // Every step of every algorithm has a name; none panics past the end.
    for algorithm in Algorithm::ALL {
        for k in 0..an.step_count(algorithm) + 2 {
            assert!(!an.step_part(&scene, algorithm, k, src).is_empty());
        }
    }
}

#[test]
fn every_contact_step_is_narrated_and_drawn() {
    let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
    // A hexagon against a box: every contact algorithm but box–box applies.
    let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
    for algo in [
        Algorithm::Sat,
        Algorithm::Manifold,
        Algorithm::Clip,
        Algorithm::BoxBox,
    ] {
        for via_sat in [false, true] {
            let source = if via_sat {
                ManifoldSource::Sat
            } else {
                ManifoldSource::Epa
            };
            for k in 0..an.step_count(algo) {
                let text = an.narrate(&scene, algo, k, source);
                assert!(text.len() > 40, "{algo:?} step {k}: {text}");
                let hl = Highlight {
                    manifold_via_sat: via_sat,
                    ..Default::default()
                };
                let list = draw(&scene, Some(&an), algo, k, &hl);
                assert!(!list.layers.is_empty());
            }
        }
    }
    assert!(an
        .narrate(&scene, Algorithm::BoxBox, 0, ManifoldSource::Epa)
        .contains("needs two boxes"));
    let last = an.step_count(Algorithm::Manifold) - 1;
    let text = an.narrate(&scene, Algorithm::Manifold, last, ManifoldSource::Epa);
    assert!(text.contains("contact point"), "{text}");
}

#[test]
fn negative_zeros_are_tidied() {
    assert_eq!(
        tidy_zeros("d = -0.0000, x -0.50, y=-0, v(-0.000) e1-0.0 B − A"),
        "d = 0.0000, x -0.50, y=0, v(0.000) e1-0.0 B − A"
    );
    assert_eq!(tidy_zeros("-0.00001"), "-0.00001");
}

#[test]
fn every_gjk_and_epa_step_is_narrated() {
    let mut scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
    for pos in [Vec2::new(1.5, 0.6), Vec2::new(4.0, 1.0)] {
        scene.shapes[1].pose.position = pos;
        let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
        for algo in [Algorithm::Gjk, Algorithm::Epa] {
            for k in 0..an.step_count(algo) {
                let text = an.narrate(&scene, algo, k, ManifoldSource::Epa);
                assert!(text.len() > 40, "{algo:?} step {k}: {text}");
            }
        }
        let last = an.gjk.trace.steps.len() - 1;
        let text = an.narrate(&scene, Algorithm::Gjk, last, ManifoldSource::Epa);
        assert!(text.contains("stops") || text.contains("touch"), "{text}");
    }
}

#[test]
fn every_toi_and_cast_step_is_narrated() {
    let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
    // A against the moving capsule C.
    let an = Studies::compute(&scene, 0, 2, &mut SimplexCache::default());
    for algo in [Algorithm::Toi, Algorithm::Cast] {
        let n = an.step_count(algo);
        for k in 0..n {
            let text = an.narrate(&scene, algo, k, ManifoldSource::Epa);
            assert!(text.len() > 40, "{algo:?} step {k}: {text}");
        }
        let last = an.narrate(&scene, algo, n - 1, ManifoldSource::Epa);
        let t = if algo == Algorithm::Toi {
            an.swept.output.t
        } else {
            an.cast.output.t
        };
        if an.cast.output.hit {
            assert!(last.contains(&format!("{t:.4}")), "{last}");
        }
    }
}

#[test]
fn epa_last_step_states_the_depth() {
    let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
    let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
    let last = an.step_count(Algorithm::Epa) - 1;
    let text = an.narrate(&scene, Algorithm::Epa, last, ManifoldSource::Epa);
    let depth = an.basics.penetration.unwrap().depth;
    assert!(
        text.contains(&format!("The depth is {}", crate::view::text::Len(depth))),
        "{text}"
    );
    let rows = an.numbers(&scene, Algorithm::Epa, last, ManifoldSource::Epa);
    assert!(rows
        .iter()
        .any(|(k, v)| k == "depth" && v == &format!("{depth:.6}")));
}

fn default_scene() -> Scene {
    parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap()
}

#[test]
fn gjk_step_k_draws_the_simplex_of_trace_step_k() {
    let mut scene = default_scene();
    // Separate B from A so GJK takes several steps.
    scene.shapes[1].pose.position = Vec2::new(4.0, 1.0);
    let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
    assert!(an.gjk.trace.steps.len() >= 2);
    for k in 0..an.gjk.trace.steps.len() {
        let list = draw(&scene, Some(&an), Algorithm::Gjk, k, &Highlight::default());
        for id in [
            LayerId::Shapes,
            LayerId::Minkowski,
            LayerId::GjkSimplex,
            LayerId::Witness,
        ] {
            assert!(list.layer(id).is_some(), "step {k}: layer {id:?} missing");
        }
        let layer = list.layer(LayerId::GjkSimplex).unwrap();
        assert_eq!(layer.space, Space::Config);
        // Every vertex of trace step k is drawn as a dot at its coordinates.
        for v in &an.gjk.trace.steps[k].simplex_in {
            let found = layer
                .prims
                .iter()
                .any(|p| matches!(p, Prim::Dot { at, .. } if (*at - v.w).length() < 1e-6));
            assert!(found, "step {k}: vertex {} not drawn", v.w);
        }
    }
}

#[test]
fn epa_steps_draw_the_polytope() {
    let scene = default_scene();
    let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
    let first_epa = an.epa.gjk_trace.steps.len();
    let list = draw(
        &scene,
        Some(&an),
        Algorithm::Epa,
        first_epa,
        &Highlight::default(),
    );
    let layer = list.layer(LayerId::EpaPolytope).expect("EPA layer");
    let poly = &an.epa.trace.steps[0].polytope;
    assert!(layer
        .prims
        .iter()
        .any(|p| matches!(p, Prim::Polyline { points, .. } if points == poly)));
    assert!(list.layer(LayerId::GjkSimplex).is_none());
}

#[test]
fn cast_steps_draw_the_poses_of_trace_step_k() {
    let mut scene = default_scene();
    // C moves towards A with velocity (3, -1.5): the cast has several steps.
    let an = Studies::compute(&scene, 0, 2, &mut SimplexCache::default());
    assert!(an.cast.trace.steps.len() >= 2, "{:?}", an.cast);
    for k in 0..an.cast.trace.steps.len() {
        let list = draw(&scene, Some(&an), Algorithm::Cast, k, &Highlight::default());
        let layer = list.layer(LayerId::Toi).expect("toi layer");
        let expected = outline_at(&scene, 2, &an.cast.trace.steps[k].pose_b);
        assert!(layer.prims.iter().any(
            |p| matches!(p, Prim::Polyline { points, dashed: false, .. } if *points == expected)
        ));
    }
    scene.shapes[2].velocity = Vec2::ZERO;
    let an = Studies::compute(&scene, 0, 2, &mut SimplexCache::default());
    assert!(!an.swept.output.hit);
    let last = an.step_count(Algorithm::Toi) - 1;
    let list = draw(
        &scene,
        Some(&an),
        Algorithm::Toi,
        last,
        &Highlight::default(),
    );
    assert!(list.layer(LayerId::Shapes).is_some());
}

#[test]
fn bounds_cover_shapes() {
    let scene = default_scene();
    let list = draw(&scene, None, Algorithm::Gjk, 0, &Highlight::default());
    let (lo, hi) = bounds(&list, Space::World).unwrap();
    assert!(lo.x < -2.5 && hi.x > 2.0, "{lo} {hi}");
    assert!(bounds(&list, Space::Config).is_none());
}

fn welcome() -> (Scene, Studies) {
    let scene = parse_scene(DEFAULT_SCENE, "default").unwrap();
    let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
    (scene, an)
}

#[test]
fn the_axis_interval_and_the_depth_are_the_algorithms_own_numbers() {
    let (_, an) = welcome();
    // SAT's chosen axis: B − A's lowest point along the normal is the separation.
    let (lo, hi) = support_interval(&an.basics.minkowski, an.sat.output.normal).unwrap();
    assert!(
        (lo - an.sat.output.separation).abs() < 2e-3,
        "{lo} vs {}",
        an.sat.output.separation
    );
    assert!(hi > 0.0);
    // EPA's normal: the boundary behind the origin is the depth away.
    let pen = an.basics.penetration.expect("the welcome pair overlaps");
    let (lo, _) = support_interval(&an.basics.minkowski, pen.normal).unwrap();
    assert!((-lo - pen.depth).abs() < 2e-3, "{lo} vs {}", pen.depth);
}

#[test]
fn every_pair_algorithm_but_gjk_and_epa_draws_in_configuration_space() {
    let (scene, an) = welcome();
    for algorithm in [
        Algorithm::Sat,
        Algorithm::Manifold,
        Algorithm::Clip,
        Algorithm::Toi,
        Algorithm::Cast,
        Algorithm::Rotating,
    ] {
        for step in 0..an.step_count(algorithm) {
            let prims = an
                .get(algorithm)
                .config(&an.cx(&scene, ManifoldSource::Epa), step);
            assert!(!prims.is_empty(), "{algorithm:?} step {step}");
        }
    }
}

#[test]
fn the_gjk_ray_cast_on_b_minus_a_ends_at_every_moving_scenes_cast_time() {
    // Every scene of the library with a moving pair: the picture's ray-cast label
    // carries the GJK ray cast's time, which is the shape cast's to 1e-3.
    let mut seen = 0;
    for (name, text) in crate::scene::library::FILES {
        let Ok(scene) = parse_scene(text, name) else {
            continue;
        };
        let n = scene.shapes.len().min(8);
        for (a, b) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
            if scene.shapes[a].velocity == scene.shapes[b].velocity {
                continue;
            }
            let an = Studies::compute(&scene, a, b, &mut SimplexCache::default());
            let (Ok(ray), true) = (&an.basics.cast_ray, an.cast.output.hit) else {
                continue;
            };
            assert!(
                ray.output.hit,
                "{name} {a}-{b}: the cast hits, the ray does not"
            );
            assert!(
                (ray.output.fraction - an.cast.output.t).abs() <= 1.0e-3,
                "{name} {a}-{b}: ray {} cast {}",
                ray.output.fraction,
                an.cast.output.t
            );
            // Beside the cast's own answer at its last step; not on the steps before,
            // where it would give that answer away.
            let study = an.get(Algorithm::Cast);
            let cx = an.cx(&scene, ManifoldSource::Epa);
            let last = study.step_count().max(1) - 1;
            let has = |step: usize, want: &str| {
                study
                    .config(&cx, step)
                    .iter()
                    .any(|p| matches!(p, Prim::Label { text, .. } if text.starts_with(want)))
            };
            let want = format!("GJK ray t = {:.5}", ray.output.fraction);
            assert!(has(last, &want), "{name}: no label {want}");
            if last > 0 {
                assert!(!has(0, "GJK ray") && !has(0, "hit at"), "{name}: step 1");
            }
            seen += 1;
        }
    }
    assert!(seen >= 5, "only {seen} moving pairs hit");
}

#[test]
fn the_search_direction_arrow_stops_short_of_the_origin() {
    // On every library pair's GJK steps: an arrow from the closest point towards the
    // origin ends before it (it would cover the origin's cross and overstate the step).
    let mut near = 0;
    for (name, text) in crate::scene::library::FILES {
        let Ok(scene) = parse_scene(text, name) else {
            continue;
        };
        let n = scene.shapes.len().min(6);
        for (a, b) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
            let an = Studies::compute(&scene, a, b, &mut SimplexCache::default());
            for (k, step) in an.gjk.trace.steps.iter().enumerate() {
                let Some(dir) = step.direction else { continue };
                let reach = dir.normalize_or_zero().dot(-step.closest);
                let list = draw(&scene, Some(&an), Algorithm::Gjk, k, &Highlight::default());
                let Some(layer) = list.layer(LayerId::GjkDirection) else {
                    continue;
                };
                for p in layer.prims.iter().cloned() {
                    let Prim::Arrow { from, to, .. } = p else {
                        continue;
                    };
                    if from != step.closest || reach <= 0.0 {
                        continue;
                    }
                    let along = (to - from).dot(dir.normalize_or_zero());
                    assert!(
                        along <= 0.8 * reach + 1e-5,
                        "{name} {a}-{b} step {k}: arrow {along} past {reach} to the origin"
                    );
                    // Stopped short: the case the rule is for.
                    near += usize::from((along - 0.8 * reach).abs() < 1e-4);
                }
            }
        }
    }
    assert!(near > 0, "no arrow stopped short of the origin");
}
