//! A pair that does not move: what the time-of-impact studies (swept SAT, the shape cast,
//! the turning time of impact) say about it. Each steps through its method on a pair
//! that keeps its pose all step; its narration of every step ends by saying so, what
//! the answer is and what to do to see a time of impact.

use super::StudyCx;
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
fn relative_motion(cx: &StudyCx, motion: Motion) -> bool {
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

#[cfg(test)]
mod tests {
    use crate::scene::load_scene;
    use crate::study::{Algorithm, Studies};
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
}
