//! A pair that does not move: what the time-of-impact studies (swept SAT, the shape cast,
//! the turning time of impact) say about it. Each steps through its method on a pair
//! that keeps its pose all step; its narration of every step ends by saying so, what
//! the answer is and what to do to see a time of impact.

use super::StudyCx;
use crate::core::sutherland_hodgman::clip_polygon;
use crate::view::draw::{dot, label, shape_outline, LayerId, Prim};
use glam::Vec2;

/// Whether each shape's turn counts: the turning time of impact's does, the swept ones
/// move their shapes without turning them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    Sliding,
    Turning,
}

/// Whether shape `i` of the scene moves in `motion`'s sense.
fn moves(cx: &StudyCx, i: usize, motion: Motion) -> bool {
    let s = &cx.scene.shapes[i];
    s.velocity != Vec2::ZERO || (motion == Motion::Turning && s.angular_velocity != 0.0)
}

/// Whether B moves relative to A (its velocity differs from A's, or, turning, either
/// shape turns).
pub fn relative_motion(cx: &StudyCx, motion: Motion) -> bool {
    let b = cx.basics();
    let (sa, sb) = (&cx.scene.shapes[b.a], &cx.scene.shapes[b.b]);
    sa.velocity != sb.velocity
        || (motion == Motion::Turning && (sa.angular_velocity != 0.0 || sb.angular_velocity != 0.0))
}

/// The words for a pair that does not move relative to each other, or `None` when it
/// does: what the answer is (t = 0 for a pair that overlaps now, no impact for one
/// apart) and how to get a pair that moves — B's velocity in the panel's *Shapes*
/// section, or another pair with a shape of the scene that moves.
pub fn still_pair_note(cx: &StudyCx, motion: Motion) -> Option<String> {
    if relative_motion(cx, motion) {
        return None;
    }
    let b = cx.basics();
    let now = if b.distance.distance <= 0.0 {
        "they overlap now and all step, so the answer is t = 0"
    } else {
        "they stay apart all step, so nothing hits"
    };
    let what = match motion {
        Motion::Sliding => "a velocity",
        Motion::Turning => "a velocity or a turn",
    };
    let mut s = format!(
        "B does not move relative to A: {now}. To see a time of impact, give B {what} (select B in the panel's Shapes section)"
    );
    let others: Vec<&str> = (0..cx.scene.shapes.len())
        .filter(|&i| i != b.a && i != b.b && moves(cx, i, motion))
        .map(|i| cx.scene.shapes[i].name.as_str())
        .collect();
    match others[..] {
        [] => {}
        [one] => s += &format!(", or pick a pair with {one}, which moves"),
        _ => {
            s += &format!(
                ", or pick a pair with one of {}, which move",
                others.join(", ")
            )
        }
    }
    Some(s + ".")
}

/// A still pair's answer drawn where its words put it (world space), or nothing when B
/// moves relative to A: both shapes stay where they are at t = 0, so the picture
/// fills their overlap and says "overlap now: t = 0" in it, or says "apart all step:
/// no impact" midway between the closest points.
pub fn still_pair_prims(cx: &StudyCx, motion: Motion) -> Vec<Prim> {
    if relative_motion(cx, motion) {
        return Vec::new();
    }
    let b = cx.basics();
    let c = LayerId::Toi.color();
    if b.distance.distance > 0.0 {
        let at = 0.5 * (b.distance.point_a + b.distance.point_b);
        return vec![dot(at, 4.0, c), label(at, "apart all step: no impact", c)];
    }
    let (a, o) = (shape_outline(cx.scene, b.a), shape_outline(cx.scene, b.b));
    let overlap = clip_polygon(&a, &o, None).polygon;
    let mut prims = Vec::new();
    // Its middle (the corners' mean lies inside a convex polygon); where the overlap
    // has no area (touching), the closest points, which then meet.
    let at = if overlap.len() >= 3 {
        let mid = overlap.iter().sum::<Vec2>() / overlap.len() as f32;
        prims.push(Prim::Fill {
            points: overlap,
            color: c.with_alpha(110),
        });
        mid
    } else {
        b.distance.point_a
    };
    if at.is_finite() {
        prims.push(label(at, "overlap now: t = 0", c));
    }
    prims
}

#[cfg(test)]
mod tests {
    use crate::scene::{load_scene, Scene};
    use crate::study::tests::draw;
    use crate::study::{Algorithm, Studies};
    use crate::view::draw::{point_in_polygon, shape_outline, Highlight, LayerId, Prim, Space};
    use glam::Vec2;
    use std::path::Path;

    fn narration(scene: &crate::scene::Scene, a: usize, b: usize, alg: Algorithm) -> String {
        let studies = Studies::compute(scene, a, b, &mut Default::default());
        let cx = studies.cx(scene, crate::core::manifold::ManifoldSource::Epa);
        studies.get(alg).narrate(&cx, 0)
    }

    /// The welcome scene's A and B do not move: every motion algorithm says so, that
    /// they overlap (t = 0), and names C, the shape that moves; A–C moves and gets no
    /// such words.
    #[test]
    fn a_still_pair_says_so_and_what_to_do() {
        let scene = load_scene(Path::new("scenes/welcome.ron")).expect("scene");
        for alg in [Algorithm::Toi, Algorithm::Cast, Algorithm::Rotating] {
            let s = narration(&scene, 0, 1, alg);
            assert!(
                s.contains("B does not move relative to A: they overlap now"),
                "{alg:?}: {s}"
            );
            assert!(
                s.contains("Shapes section") && s.contains("with C, which moves"),
                "{s}"
            );
            let moving = narration(&scene, 0, 2, alg);
            assert!(!moving.contains("does not move"), "{alg:?}: {moving}");
        }
        // A and D are apart and still: nothing hits.
        let s = narration(&scene, 0, 3, Algorithm::Cast);
        assert!(
            s.contains("they stay apart all step, so nothing hits"),
            "{s}"
        );
    }

    /// Where the time-of-impact layer of `alg` on pair (a, b) says `words`, at every step.
    fn said_at(scene: &Scene, (a, b): (usize, usize), alg: Algorithm, words: &str) -> Vec<Vec2> {
        let studies = Studies::compute(scene, a, b, &mut Default::default());
        let hl = Highlight::default();
        (0..studies.get(alg).step_count())
            .filter_map(|step| {
                let list = draw(scene, Some(&studies), alg, step, &hl);
                list.layers
                    .iter()
                    .filter(|l| l.id == LayerId::Toi)
                    .flat_map(|l| &l.prims)
                    .find_map(|p| match p {
                        Prim::Label { at, text, .. } if text == words => Some(*at),
                        _ => None,
                    })
            })
            .collect()
    }

    /// The turning study's picture says what its words say of a still pair (its sweep
    /// draws nothing apart from the shapes), at every step: A–B "overlap now: t = 0" at
    /// a point inside both shapes, their overlap filled; A–D "apart all step: no impact"
    /// outside both; A–C moves and says neither; its B − A says it is the same at every t. Swept SAT
    /// and the shape cast draw their own answer at t = 0 (the impact point, "t = 0"),
    /// and B − A staying put.
    #[test]
    fn a_still_pair_is_drawn_as_it_is_said() {
        let scene = load_scene(Path::new("scenes/welcome.ron")).expect("scene");
        let inside = |i: usize, p: Vec2| point_in_polygon(p, &shape_outline(&scene, i));
        let alg = Algorithm::Rotating;
        let steps = Studies::compute(&scene, 0, 1, &mut Default::default())
            .get(alg)
            .step_count();
        let at = said_at(&scene, (0, 1), alg, "overlap now: t = 0");
        assert_eq!(at.len(), steps, "{at:?}");
        assert!(at.iter().all(|p| inside(0, *p) && inside(1, *p)), "{at:?}");
        let apart = said_at(&scene, (0, 3), alg, "apart all step: no impact");
        assert!(!apart.is_empty());
        assert!(
            apart.iter().all(|p| !inside(0, *p) && !inside(3, *p)),
            "{apart:?}"
        );
        for words in ["overlap now: t = 0", "apart all step: no impact"] {
            assert!(said_at(&scene, (0, 2), alg, words).is_empty());
        }
        let studies = Studies::compute(&scene, 0, 1, &mut Default::default());
        // The overlap filled, the words at its middle.
        let list = draw(
            &scene,
            Some(&studies),
            Algorithm::Rotating,
            0,
            &Highlight::default(),
        );
        let toi: Vec<&Prim> = list
            .layers
            .iter()
            .filter(|l| l.id == LayerId::Toi)
            .flat_map(|l| &l.prims)
            .collect();
        let fill = toi.iter().find_map(|p| match p {
            Prim::Fill { points, .. } if points.len() >= 3 => Some(points.clone()),
            _ => None,
        });
        let fill = fill.expect("the overlap filled");
        let mid = fill.iter().sum::<Vec2>() / fill.len() as f32;
        let said = said_at(&scene, (0, 1), Algorithm::Rotating, "overlap now: t = 0");
        assert!((said[0] - mid).length() < 1e-5, "{said:?} {mid}");
        let cx = studies.cx(&scene, crate::core::manifold::ManifoldSource::Epa);
        let config = studies.get(Algorithm::Rotating).config(&cx, 0);
        assert!(config.iter().any(|p| matches!(p,
            Prim::Label { text, .. } if text == "B − A at every t: no relative motion or turn")));
        for alg in [Algorithm::Toi, Algorithm::Cast] {
            let last = studies.get(alg).step_count() - 1;
            let list = draw(&scene, Some(&studies), alg, last, &Highlight::default());
            let says = |space, words: &str| {
                list.layers.iter().filter(|l| l.space == space).any(|l| {
                    l.prims
                        .iter()
                        .any(|p| matches!(p, Prim::Label { text, .. } if text.starts_with(words)))
                })
            };
            assert!(says(Space::World, "normal, A to B"), "{alg:?}");
            assert!(
                says(Space::Config, "no relative motion: B − A stays put"),
                "{alg:?}"
            );
        }
    }
}
