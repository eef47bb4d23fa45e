//! A pair that does not move: what the time-of-impact studies (swept SAT, the shape cast,
//! the turning time of impact) say about it. Each steps through its method on a pair
//! that keeps its pose all step; its narration of every step ends by saying so, what
//! the answer is and what to do to see a time of impact.

use super::StudyCx;
use crate::view::draw::{label, LayerId, Prim};
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
/// moves relative to A: both shapes stay where they are at t = 0, so the picture says
/// "overlap now: t = 0" in the overlap (midway between the deepest points) or "apart
/// all step: no impact" midway between the closest points.
pub fn still_pair_prims(cx: &StudyCx, motion: Motion) -> Vec<Prim> {
    if relative_motion(cx, motion) {
        return Vec::new();
    }
    let b = cx.basics();
    let c = LayerId::Toi.color();
    let (at, words) = match &b.penetration {
        Some(pen) if b.distance.distance <= 0.0 => {
            (0.5 * (pen.point_a + pen.point_b), "overlap now: t = 0")
        }
        _ if b.distance.distance <= 0.0 => (b.distance.point_a, "overlap now: t = 0"),
        _ => (
            0.5 * (b.distance.point_a + b.distance.point_b),
            "apart all step: no impact",
        ),
    };
    if !at.is_finite() {
        return Vec::new();
    }
    vec![
        Prim::Dot {
            at,
            radius: 4.0,
            color: c,
        },
        label(at, words, c),
    ]
}

#[cfg(test)]
mod tests {
    use crate::scene::{load_scene, Scene};
    use crate::study::tests::draw;
    use crate::study::{Algorithm, Studies};
    use crate::view::draw::{point_in_polygon, shape_outline, Highlight, LayerId, Prim};
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

    /// The picture says what the words say of a still pair, at every step of all three
    /// times of impact: A–B "overlap now: t = 0" at a point inside both shapes; A–D
    /// "apart all step: no impact" outside both; A–C moves and says neither. The turning
    /// study's B − A says it stays put.
    #[test]
    fn a_still_pair_is_drawn_as_it_is_said() {
        let scene = load_scene(Path::new("scenes/welcome.ron")).expect("scene");
        let inside = |i: usize, p: Vec2| point_in_polygon(p, &shape_outline(&scene, i));
        for alg in [Algorithm::Toi, Algorithm::Cast, Algorithm::Rotating] {
            let steps = Studies::compute(&scene, 0, 1, &mut Default::default())
                .get(alg)
                .step_count();
            let at = said_at(&scene, (0, 1), alg, "overlap now: t = 0");
            assert_eq!(at.len(), steps, "{alg:?}: {at:?}");
            assert!(
                at.iter().all(|p| inside(0, *p) && inside(1, *p)),
                "{alg:?}: {at:?}"
            );
            let apart = said_at(&scene, (0, 3), alg, "apart all step: no impact");
            assert!(!apart.is_empty(), "{alg:?}");
            assert!(
                apart.iter().all(|p| !inside(0, *p) && !inside(3, *p)),
                "{apart:?}"
            );
            for words in ["overlap now: t = 0", "apart all step: no impact"] {
                assert!(said_at(&scene, (0, 2), alg, words).is_empty(), "{alg:?}");
            }
        }
        let studies = Studies::compute(&scene, 0, 1, &mut Default::default());
        let cx = studies.cx(&scene, crate::core::manifold::ManifoldSource::Epa);
        let config = studies.get(Algorithm::Rotating).config(&cx, 0);
        assert!(config.iter().any(|p| matches!(p,
            Prim::Label { at, text, .. }
                if *at == Vec2::ZERO && text == "no relative motion or turn: B − A stays put")));
    }
}
