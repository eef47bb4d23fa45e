//! Our chain-segment manifold (`core::chain`) against Box2D v3's
//! (`b2CollideChainSegmentAndCircle` / `…AndCapsule` / `…AndPolygon`, live through
//! boxdd-sys) on the fuzzer's chain family (`verify::chain_case`: open chains under
//! either convention and loops; collinear runs, turns within the convexity tolerance,
//! sharp convex and concave corners, very short segments; circles, capsules, bare
//! segments, sharp and rounded polygons and boxes placed in front, near an end,
//! resting, across a seam or from anywhere): the same keep/drop decision, the same
//! point count, normals within 1e-4; points, separations and Box2D's feature ids are
//! compared too.
//!
//! Measured: 15,000 of 15,000 agree, points and ids included (the issue asks for
//! 99.5 % of at least 5,000 on the count, normal and keep/drop). The fuzzer's
//! 2,000,000-case run (`collidescope fuzz --family chain`) finds 16 normal
//! disagreements, all of one class (README, Chains).

use collidescope::core::chain::ChainManifold;
use collidescope::trace::peer_answer::PeerManifold;
use collidescope::verify::chain_case;
use collidescope::verify::peers_chain::judge_chain_case;
use glam::Vec2;
use std::collections::BTreeMap;

const SEED: u64 = 0x0C4A_15E6;
const CASES: u64 = 15_000;

/// Every point of Box2D's is one of ours: both surface points, the separation and
/// the feature id.
fn points_agree(ours: &ChainManifold, theirs: &PeerManifold, tol: f32) -> bool {
    theirs.points.iter().all(|tp| {
        ours.points().iter().any(|op| {
            (Vec2::from(tp.point_a) - op.point_a).length() <= tol
                && (Vec2::from(tp.point_b) - op.point_b).length() <= tol
                && (tp.separation - op.separation).abs() <= tol
                && tp.id == Some(u32::from(op.key))
        })
    })
}

#[test]
fn chain_segments_match_box2d_on_99_5_percent_of_cases() {
    let (mut compared, mut agreed, mut points) = (0u64, 0u64, 0u64);
    let mut outcomes: BTreeMap<&'static str, u64> = BTreeMap::new();
    let mut examples = Vec::new();
    for i in 0..CASES {
        let case = chain_case(SEED, i);
        let j = judge_chain_case(&case);
        *outcomes.entry(j.ours.termination.as_str()).or_default() += 1;
        let Ok(theirs) = &j.theirs else {
            continue;
        };
        compared += 1;
        if j.failed() {
            if examples.len() < 12 {
                examples.push(format!("case {i}: {}", j.detail()));
            }
            continue;
        }
        agreed += 1;
        let (xa, xb) = (case.transform_chain(), case.transform_shape());
        let tol = 1.0e-4 + 1.0e-6 * (xa.p.length() + xb.p.length());
        if points_agree(&j.ours, theirs, tol) {
            points += 1;
        } else if examples.len() < 12 {
            examples.push(format!("case {i}: points differ: {}", j.detail()));
        }
    }
    for e in &examples {
        println!("  {e}");
    }
    println!("our outcomes: {outcomes:?}");
    let rate = agreed as f64 / compared as f64;
    println!(
        "{agreed} of {compared} agree ({:.3} %); points, separations and ids too: {points}",
        100.0 * rate
    );
    assert!(compared >= 14_000, "only {compared} cases compared");
    for needed in [
        "contact",
        "behind",
        "separated",
        "skipped",
        "neighbour_region",
        "neighbour_incident",
        "neighbour_axis",
    ] {
        assert!(
            outcomes.contains_key(needed),
            "no case ended {needed}: {outcomes:?}"
        );
    }
    assert!(rate >= 0.995, "{:.3} % agree with Box2D v3", 100.0 * rate);
    assert!(
        points as f64 >= 0.995 * agreed as f64,
        "points agree on {points} of {agreed}"
    );
}
