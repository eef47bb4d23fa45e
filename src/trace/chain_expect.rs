//! A scene's expected chain outcomes ([`crate::scene::chain_expect`]) against what the
//! report computes ([`chain_pair_report`]): the segments in reach, each one's outcome,
//! point count and normal.

use super::chain_report::{chain_pair_report, ChainSegmentJson};
use crate::scene::chain_expect::{ChainExpect, SegmentExpect};
use crate::scene::Scene;
use glam::Vec2;

/// Every way the scene's chain pairs differ from its `expect.chains`, in words (empty
/// when all hold). Names the loader did not find are reported, not skipped.
pub fn chain_expectation_problems(scene: &Scene) -> Vec<String> {
    let mut problems = Vec::new();
    for e in &scene.expect.chains {
        let (Some(c), Some(s)) = (scene.chain_index(&e.chain), scene.shape_index(&e.shape)) else {
            problems.push(format!("{} × {}: no such chain or shape", e.chain, e.shape));
            continue;
        };
        let report = chain_pair_report(scene, c, s);
        pair_problems(e, &report.chain, &mut problems);
    }
    problems
}

/// The problems of one chain pair: the segment lists, then each segment.
fn pair_problems(e: &ChainExpect, got: &[ChainSegmentJson], problems: &mut Vec<String>) {
    let pair = format!("{} × {}", e.chain, e.shape);
    let want_ids: Vec<usize> = e.segments.iter().map(|s| s.segment).collect();
    let got_ids: Vec<usize> = got.iter().map(|s| s.segment).collect();
    if want_ids != got_ids {
        problems.push(format!(
            "{pair}: segments in reach {got_ids:?}, expected {want_ids:?}"
        ));
    }
    for want in &e.segments {
        if let Some(g) = got.iter().find(|g| g.segment == want.segment) {
            segment_problems(&pair, want, g, e.normal_tolerance, problems);
        }
    }
}

/// The problems of one segment: outcome, point count, normal.
fn segment_problems(
    pair: &str,
    want: &SegmentExpect,
    got: &ChainSegmentJson,
    tolerance: f32,
    problems: &mut Vec<String>,
) {
    let at = format!("{pair}: segment {}", want.segment);
    if !want.outcome.is_empty() && want.outcome != got.outcome {
        problems.push(format!(
            "{at}: outcome {}, expected {}",
            got.outcome, want.outcome
        ));
    }
    let points = got.manifold.as_ref().map_or(0, |m| m.points.len());
    if points != want.points {
        problems.push(format!("{at}: {points} points, expected {}", want.points));
    }
    let (Some(n), Some(m)) = (want.normal, got.manifold.as_ref()) else {
        if want.normal.is_some() {
            problems.push(format!(
                "{at}: no normal (no points), expected {:?}",
                want.normal
            ));
        }
        return;
    };
    let normal = Vec2::from(m.normal);
    if (normal - n).abs().max_element() > tolerance {
        problems.push(format!(
            "{at}: normal ({:.6}, {:.6}), expected ({}, {}) within {tolerance:e}",
            normal.x, normal.y, n.x, n.y
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;

    const FLOOR: &str = r#"(
    version: 1,
    title: "t",
    shapes: [
        (name: "Floor", geometry: Chain(points: [(4.0, 0.0), (2.0, 0.0), (0.0, 0.0), (-2.0, 0.0), (-4.0, 0.0)], loop: false),
         position: (0.0, 0.0), angle: 0.0),
        (name: "Box", geometry: Box(half_extents: (0.5, 0.25), radius: 0.0), position: (-0.495, 0.24), angle: 0.0),
        (name: "Far", geometry: Circle(radius: 0.5), position: (0.0, 5.0), angle: 0.0),
    ],
    expect: (chains: [(chain: "Floor", shape: "Box", segments: [
        (segment: 1, outcome: "contact", points: 2, normal: Some((0.0, 1.0))),
        (segment: 2, outcome: "contact", points: 2, normal: Some((0.0, 1.0))),
    ])]),
)"#;

    fn with(replace: &str, by: &str) -> Vec<String> {
        let text = FLOOR.replace(replace, by);
        let scene = parse_scene(&text, "t.ron").unwrap_or_else(|e| panic!("{e}"));
        chain_expectation_problems(&scene)
    }

    #[test]
    fn the_box_across_the_seam_holds_and_each_wrong_expectation_is_named() {
        assert_eq!(with("", ""), Vec::<String>::new());
        let p = with(
            "normal: Some((0.0, 1.0))),\n        (segment: 2",
            "normal: Some((0.0003, 1.0))),\n        (segment: 2",
        );
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("segment 1: normal"), "{p:?}");
        let p = with(
            "(segment: 2, outcome: \"contact\", points: 2",
            "(segment: 2, outcome: \"skipped\", points: 1",
        );
        assert_eq!(p.len(), 2, "{p:?}");
        assert!(p[0].contains("outcome contact, expected skipped"), "{p:?}");
        assert!(p[1].contains("2 points, expected 1"), "{p:?}");
        let p = with(
            "(segment: 1, outcome: \"contact\", points: 2, normal: Some((0.0, 1.0))),",
            "",
        );
        assert!(
            p[0].contains("segments in reach [1, 2], expected [2]"),
            "{p:?}"
        );
    }

    #[test]
    fn the_loader_refuses_bad_names_and_numbers() {
        for (from, to, says) in [
            (
                "chain: \"Floor\"",
                "chain: \"Flor\"",
                "names chain \"Flor\"",
            ),
            ("shape: \"Box\"", "shape: \"Bx\"", "names shape \"Bx\""),
            ("(segment: 2,", "(segment: 9,", "segment 9 is past"),
            ("(segment: 2,", "(segment: 1,", "in chain order"),
            (
                "points: 2, normal: Some((0.0, 1.0))),\n    ])",
                "points: 3),\n    ])",
                "cannot make 3 points",
            ),
        ] {
            let text = FLOOR.replace(from, to);
            let e = parse_scene(&text, "t.ron").expect_err(says);
            assert!(e.message.contains(says), "{e}");
        }
    }
}
