//! Plain-words explanations of each recorded step, and the numbers behind them.
//! This is what makes the debugger a teaching tool: every sentence is built from
//! the trace record, never from a guess.

use crate::core::epa::EpaTermination;
use crate::core::gjk::SimplexVertex;
use crate::trace::analysis::{Algorithm, Analysis, EpaPhase};
use crate::view::text::p;
use crate::view::text::tidy_zeros;

pub mod chain;
mod contact;
mod epa;
pub mod features;
mod gjk;
mod hull;
mod numbers;
mod ray;
mod rotating;
mod toi;

pub use epa::*;
pub use gjk::*;
pub use numbers::numbers;
pub use toi::*;

fn w_name(i: usize) -> String {
    format!("w{}", i + 1)
}

fn vertex_pair(v: &SimplexVertex) -> String {
    format!("B[{}] − A[{}]", v.index_b, v.index_a)
}

/// The narration of `algorithm` at `step`.
pub fn narrate(
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    gjk_max_iterations: u32,
    manifold_source: crate::core::manifold::ManifoldSource,
) -> String {
    tidy_zeros(&narrate_raw(
        an,
        algorithm,
        step,
        gjk_max_iterations,
        manifold_source,
    ))
}

fn narrate_raw(
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    gjk_max_iterations: u32,
    manifold_source: crate::core::manifold::ManifoldSource,
) -> String {
    match algorithm {
        Algorithm::Gjk => gjk_step(&an.gjk_trace, step, gjk_max_iterations),
        Algorithm::Epa => match an.epa_phase(step) {
            EpaPhase::Gjk(k) => {
                let mut s = format!(
                    "Phase 1, GJK on the cores. {}",
                    gjk_step(&an.epa_gjk_trace, k, gjk_max_iterations)
                );
                if an.epa_trace.steps.is_empty() && k + 1 == an.epa_gjk_trace.steps.len() {
                    s += &match &an.penetration {
                        Some(pen) if pen.termination == EpaTermination::CoreSeparated => format!(
                            " The cores are apart, but closer than the sum of the radii: the shapes overlap through their rounded surfaces by {:.5}, along GJK's normal. No polytope is needed.",
                            pen.depth
                        ),
                        _ => " The shapes do not overlap, so there is no penetration to measure.".to_string(),
                    };
                }
                s
            }
            EpaPhase::Epa(k) => {
                let radii = an.minkowski.radius;
                format!("Phase 2, EPA. {}", epa_step(&an.epa_trace, k, radii))
            }
        },
        Algorithm::Toi => toi_step(an, step),
        Algorithm::Cast => cast_step(an, step),
        Algorithm::Sat => contact::sat_step(an, step),
        Algorithm::Manifold => contact::manifold_step(an, manifold_source, step),
        Algorithm::Clip => contact::clip_step(an, step),
        Algorithm::BoxBox => contact::box_box_step(an, step),
        Algorithm::Hull => hull::hull_step(an, step),
        Algorithm::Rotating => rotating::rotating_step(an, step),
        Algorithm::Ray => ray::ray_step(an, step),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gjk::SimplexCache;
    use crate::core::manifold::ManifoldSource;
    use crate::scene::parse_scene;
    use glam::Vec2;

    #[test]
    fn every_contact_step_is_narrated_and_drawn() {
        use crate::view::draw::{build_draw_list, Highlight};
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        // A hexagon against a box: every contact algorithm but box–box applies.
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
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
                    let text = narrate(&an, algo, k, 20, source);
                    assert!(text.len() > 40, "{algo:?} step {k}: {text}");
                    let hl = Highlight {
                        manifold_via_sat: via_sat,
                        ..Default::default()
                    };
                    let list = build_draw_list(&scene, Some(&an), algo, k, &hl);
                    assert!(!list.layers.is_empty());
                }
            }
        }
        assert!(
            narrate(&an, Algorithm::BoxBox, 0, 20, ManifoldSource::Epa).contains("needs two boxes")
        );
        let last = an.step_count(Algorithm::Manifold) - 1;
        let text = narrate(&an, Algorithm::Manifold, last, 20, ManifoldSource::Epa);
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
            let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
            for algo in [Algorithm::Gjk, Algorithm::Epa] {
                for k in 0..an.step_count(algo) {
                    let text = narrate(&an, algo, k, 20, ManifoldSource::Epa);
                    assert!(text.len() > 40, "{algo:?} step {k}: {text}");
                }
            }
            let last = an.gjk_trace.steps.len() - 1;
            let text = narrate(&an, Algorithm::Gjk, last, 20, ManifoldSource::Epa);
            assert!(text.contains("stops") || text.contains("touch"), "{text}");
        }
    }

    #[test]
    fn every_toi_and_cast_step_is_narrated() {
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        // A against the moving capsule C.
        let an = Analysis::compute(&scene, 0, 2, &mut SimplexCache::default());
        for algo in [Algorithm::Toi, Algorithm::Cast] {
            let n = an.step_count(algo);
            for k in 0..n {
                let text = narrate(&an, algo, k, 20, ManifoldSource::Epa);
                assert!(text.len() > 40, "{algo:?} step {k}: {text}");
            }
            let last = narrate(&an, algo, n - 1, 20, ManifoldSource::Epa);
            let t = if algo == Algorithm::Toi {
                an.swept.t
            } else {
                an.cast.t
            };
            if an.cast.hit {
                assert!(last.contains(&format!("{t:.4}")), "{last}");
            }
        }
    }

    #[test]
    fn epa_last_step_states_the_depth() {
        let scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
        let last = an.step_count(Algorithm::Epa) - 1;
        let text = narrate(&an, Algorithm::Epa, last, 20, ManifoldSource::Epa);
        let depth = an.penetration.unwrap().depth;
        assert!(text.contains(&format!("{depth:.5}")), "{text}");
        let rows = numbers(&an, Algorithm::Epa, last, ManifoldSource::Epa);
        assert!(rows
            .iter()
            .any(|(k, v)| k == "depth" && v == &format!("{depth:.6}")));
    }
}
