//! Box2D's hull builder, drawn (world space, on shape A's pose): every input point, the
//! ones dropped so far, and what the current step does — a weld, the two extreme
//! points and their line, the points near it, one recursion (its edge, the points
//! right of it, the farthest and its distance), a collinear merge — then the hull.

use super::HullStudy;
use crate::core::math::{cross, Transform};
use crate::core::quickhull::HullStep;
use crate::view::draw::{dot, line, seg, text, LayerId, Prim};
use crate::view::palette::{ADDED, CUT, KEPT};
use glam::Vec2;

/// Hull step `k` (the last step shows the hull).
pub fn hull_layer(study: &HullStudy, k: usize) -> Vec<Prim> {
    let c = LayerId::Hull.color();
    let xf = study.pose;
    let w = |p: Vec2| xf.apply(p);
    let mut prims = Vec::new();
    let steps = &study.output.steps;
    // Points dropped by the steps before this one, in red; the rest in the layer colour.
    // A hull vertex is never dropped: rounding can hand a new vertex to its own child
    // recursion (a cross product of 1e-8 instead of 0), which then finds it "inside".
    let dropped: Vec<Vec2> = steps.iter().take(k).flat_map(dropped_by).collect();
    let vertex = |p: &Vec2| study.output.hull.as_ref().is_ok_and(|h| h.contains(p));
    for p in &study.input {
        let gone = dropped.contains(p) && !vertex(p);
        prims.push(dot(w(*p), 3.5, if gone { CUT } else { c }));
    }
    match steps.get(k) {
        Some(step) => step_prims(step, &xf, &mut prims),
        None => result_prims(study, &xf, &mut prims),
    }
    prims
}

/// The input points a step removes.
fn dropped_by(step: &HullStep) -> Vec<Vec2> {
    match step {
        HullStep::Weld { point, .. } => vec![*point],
        HullStep::NearLine { points } => points.clone(),
        HullStep::Recurse {
            p1,
            p2,
            points,
            best,
            accepted,
            ..
        } => match best {
            // A new vertex: the points right of neither new edge are inside the
            // triangle and go (the others recurse).
            Some(b) if *accepted => {
                let right = |from: Vec2, to: Vec2, p: Vec2| {
                    cross(p - from, (to - from).normalize_or_zero()) > 0.0
                };
                points
                    .iter()
                    .copied()
                    .filter(|p| *p != *b && !right(*p1, *b, *p) && !right(*b, *p2, *p))
                    .collect()
            }
            // No vertex: every point passed in lies within 2·slop of the edge.
            _ => points.clone(),
        },
        HullStep::MergeCollinear { point, .. } => vec![*point],
        HullStep::Extremes { .. } => Vec::new(),
    }
}

/// What one step draws.
fn step_prims(step: &HullStep, xf: &Transform, prims: &mut Vec<Prim>) {
    let c = LayerId::Hull.color();
    let w = |p: Vec2| xf.apply(p);
    match step {
        HullStep::Weld { point, onto } => {
            prims.push(line(w(*point), w(*onto), 2.0, CUT));
            prims.push(dot(w(*onto), 5.0, KEPT));
            prims.push(dot(w(*point), 5.0, CUT));
            prims.push(text(w(*point), "welded", CUT));
        }
        HullStep::Extremes { p1, p2 } => {
            prims.push(line(w(*p1), w(*p2), 2.0, c));
            prims.push(dot(w(*p1), 6.0, KEPT));
            prims.push(dot(w(*p2), 6.0, KEPT));
            prims.push(text(w(*p1), "p1", KEPT));
            prims.push(text(w(*p2), "p2", KEPT));
        }
        HullStep::NearLine { points } => {
            for p in points {
                prims.push(dot(w(*p), 5.5, CUT));
            }
            if let Some(p) = points.first() {
                prims.push(text(w(*p), "within 2·slop of the line", CUT));
            }
        }
        HullStep::Recurse {
            p1,
            p2,
            points,
            best,
            distance,
            accepted,
        } => recurse_prims(*p1, *p2, points, *best, *distance, *accepted, xf, prims),
        HullStep::MergeCollinear { point, distance } => {
            prims.push(dot(w(*point), 6.0, CUT));
            prims.push(text(
                w(*point),
                format!("merged: {distance:.2e} off the line"),
                CUT,
            ));
        }
    }
}

/// One recursion: the edge `p1 → p2`, the points right of it, the farthest one with
/// its distance, and the two new edges when it is a vertex.
#[allow(clippy::too_many_arguments)]
fn recurse_prims(
    p1: Vec2,
    p2: Vec2,
    points: &[Vec2],
    best: Option<Vec2>,
    distance: f32,
    accepted: bool,
    xf: &Transform,
    prims: &mut Vec<Prim>,
) {
    let c = LayerId::Hull.color();
    let w = |p: Vec2| xf.apply(p);
    prims.push(line(w(p1), w(p2), 2.5, c));
    for p in points {
        prims.push(dot(w(*p), 4.5, ADDED));
    }
    let Some(b) = best else {
        prims.push(text(w(0.5 * (p1 + p2)), "no point right of this edge", c));
        return;
    };
    // The perpendicular from the farthest point to the edge.
    let e = (p2 - p1).normalize_or_zero();
    let foot = p1 + e * (b - p1).dot(e);
    prims.push(seg(w(b), w(foot), 1.5, c, true));
    if accepted {
        prims.push(seg(w(p1), w(b), 1.5, KEPT, true));
        prims.push(seg(w(b), w(p2), 1.5, KEPT, true));
        prims.push(dot(w(b), 6.0, KEPT));
        prims.push(text(w(b), format!("vertex, {distance:.3} out"), KEPT));
    } else {
        prims.push(dot(w(b), 6.0, CUT));
        prims.push(text(w(b), format!("{distance:.2e} < 2·slop: inside"), CUT));
    }
}

/// The last step: the hull's outline and vertex numbers, or nothing when it failed.
fn result_prims(study: &HullStudy, xf: &Transform, prims: &mut Vec<Prim>) {
    let c = LayerId::Hull.color();
    let Ok(hull) = &study.output.hull else {
        return;
    };
    let world: Vec<Vec2> = hull.iter().map(|p| xf.apply(*p)).collect();
    prims.push(Prim::Polyline {
        points: world.clone(),
        closed: true,
        width: 2.5,
        color: c,
        dashed: false,
    });
    for (i, p) in world.iter().enumerate() {
        prims.push(dot(*p, 5.0, KEPT));
        prims.push(text(*p, i.to_string(), KEPT));
    }
}

#[cfg(test)]
mod tests {
    use crate::core::gjk::SimplexCache;
    use crate::core::manifold::ManifoldSource;
    use crate::scene::parse_scene;
    use crate::study::tests::draw;
    use crate::study::{Algorithm, Studies};
    use crate::view::draw::{Highlight, LayerId, Prim};
    use crate::view::palette::CUT;
    use glam::Vec2;

    const ISSUE_296: &str = "(version: 1, shapes: [(name: \"A\", geometry: Polygon(points: [(-1.70082211, -1.43221712), (0.5, -0.5), (0.104992867, 0.97400856), (-0.658002853, 0.926608086), (-0.994554818, 0.165337861)], radius: 0.0), position: (1.0, 2.0), angle: 0.0), (name: \"B\", geometry: Circle(radius: 0.4), position: (3.0, 0.0), angle: 0.0)])";

    #[test]
    fn an_engine_hull_is_stepped_from_its_raw_points_to_box2ds_hull() {
        // Loaded with Box2D's hull (4 vertices) and the five points kept as hull_of.
        let scene = parse_scene(ISSUE_296, "i296.ron").unwrap();
        assert_eq!(scene.shapes[0].hull_of.as_ref().map(Vec::len), Some(5));
        let an = Studies::compute(&scene, 0, 1, &mut SimplexCache::default());
        let n = an.step_count(Algorithm::Hull);
        assert_eq!(n, an.hull.output.steps.len() + 1);
        assert_eq!(
            an.termination(&scene, Algorithm::Hull, ManifoldSource::Sat),
            "hull"
        );
        let flat = Vec2::new(-0.994_554_8, 0.165_337_87) + Vec2::new(1.0, 2.0);
        for k in 0..n {
            let text = an.narrate(&scene, Algorithm::Hull, k, ManifoldSource::Sat);
            assert!(!text.is_empty(), "step {k}");
            let list = draw(&scene, Some(&an), Algorithm::Hull, k, &Highlight::default());
            let layer = list.layer(LayerId::Hull).expect("hull layer");
            if k + 1 == n {
                assert!(
                    text.contains("4 vertices") && text.contains("1 dropped"),
                    "{text}"
                );
                // The hull's outline, in world space (A's pose applied), and the
                // nearly collinear point drawn as dropped.
                let outline = layer.prims.iter().find_map(|p| match p {
                    Prim::Polyline {
                        points,
                        closed: true,
                        ..
                    } => Some(points.clone()),
                    _ => None,
                });
                let outline = outline.expect("the hull's outline");
                assert_eq!(outline.len(), 4);
                assert!(outline.contains(&(Vec2::new(0.5, -0.5) + Vec2::new(1.0, 2.0))));
                assert!(layer.prims.iter().any(|p| matches!(p,
                    Prim::Dot { at, color, .. } if (*at - flat).length() < 1e-5 && *color == CUT)));
            }
        }
    }

    #[test]
    fn too_few_points_say_so() {
        let text = ISSUE_296.replace(
            "geometry: Circle(radius: 0.4)",
            "geometry: Segment(a: (0.0, 0.0), b: (1.0, 0.0))",
        );
        let scene = parse_scene(&text, "s.ron").unwrap();
        let an = Studies::compute(&scene, 1, 0, &mut SimplexCache::default());
        assert_eq!(
            an.termination(&scene, Algorithm::Hull, ManifoldSource::Sat),
            "count"
        );
        let said = an.narrate(&scene, Algorithm::Hull, 0, ManifoldSource::Sat);
        assert!(said.starts_with("No hull: needs 3 to 64 points"), "{said}");
    }
}
