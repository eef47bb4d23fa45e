//! The scene's chains (world space, every algorithm): each polyline with its points,
//! each segment's one-sided normal (the side shapes collide from) at its middle and its
//! index; then, for every shape, the contacts of each segment within reach in the
//! scene's chain mode — smooth (ghost vertices) or naive (two-sided segments). A naive
//! normal tilted away from its segment's normal is the ghost bump: drawn red and said.

use super::inset::inset;
use super::prims::{dot, ring, seg, size_of_scene};
use super::{LayerId, Prim};
use crate::core::chain::ChainConvention;
use crate::core::settings::ChainMode;
use crate::scene::{Scene, SceneChain};
use crate::trace::chain_report::ChainSegmentJson;
use crate::trace::scene_results::ChainShape;
use crate::view::palette::{ERROR, KEPT};
use glam::Vec2;

/// A normal tilted more than this from its segment's normal is called a bump (rad).
const BUMP_ANGLE: f32 = 0.1;
/// A contact normal within 30° of its segment's line (|cos| to the segment's normal
/// under this) runs along the chain: it is drawn from above the line.
const ALONG_COS: f32 = 0.5;
/// How far above the line such a normal starts, in its own lengths.
const LIFT: f32 = 0.3;
/// The opacity of a ghost-only edge and its end point (of 255).
const GHOST_ALPHA: u8 = 130;
/// The shortest a segment's one-sided normal is drawn, pixels: at the zoom a whole floor
/// is seen at, its length in the world (a fraction of the scene's size) was a few
/// pixels, too short to tell which way it points on a projector.
pub const NORMAL_PX: f32 = 24.0;

/// Every chain of the scene and its contacts with every shape (`reach`: every chain
/// against every shape, as computed for the scene).
pub fn chains_layer(scene: &Scene, reach: &[ChainShape]) -> Vec<Prim> {
    let c = LayerId::Chains.color();
    let len = 0.08 * size_of_scene(scene);
    let mut p = Vec::new();
    for (k, chain) in scene.chains.iter().enumerate() {
        let xf = chain.pose.transform();
        let world: Vec<Vec2> = chain.points.iter().map(|q| xf.apply(*q)).collect();
        polyline_prims(&world, chain.closed, ghost_ends(chain), &mut p);
        let mut normals = Vec::new();
        for (i, s) in chain.segments().iter().enumerate() {
            let (a, b) = (xf.apply(s.a), xf.apply(s.b));
            // Box2D's chain normal: the right perpendicular of a → b.
            let n = Vec2::new(b.y - a.y, a.x - b.x).normalize_or_zero();
            let mid = 0.5 * (a + b);
            let arrow = Prim::Arrow {
                from: mid,
                to: mid + n * len,
                width: 1.2,
                color: c.with_alpha(170),
            };
            p.push(inset(mid, len, NORMAL_PX, vec![arrow]));
            p.push(Prim::Label {
                at: mid,
                offset: Vec2::new(-4.0, 16.0),
                text: format!("{i}"),
                color: c.with_alpha(200),
                size: 12.0,
                of: None,
            });
            normals.push(n);
        }
        p.push(Prim::Label {
            at: world.first().copied().unwrap_or(xf.p),
            offset: Vec2::new(6.0, 18.0),
            text: format!("{} ({})", chain.name, scene.settings.chain_mode.as_str()),
            color: c,
            size: 14.0,
            of: None,
        });
        for cs in reach.iter().filter(|cs| cs.chain == k) {
            // Contact normals as long as the shape is big, so they show beside it.
            let len = 0.6 * scene.shapes[cs.shape].shape.bounding_radius();
            for e in &cs.entries {
                contact_prims(e, normals.get(e.segment).copied(), scene, len, &mut p);
            }
        }
    }
    p
}

/// The Gauss maps of the scene's chains (`reach` as for [`chains_layer`]): one per
/// chain and shape, on the segment its smooth contact was classified on; maps of
/// several shapes on one segment side by side along it. A shape whose query classified
/// no normal there (a circle) draws no map and keeps no place.
pub fn gauss_layer(scene: &Scene, reach: &[ChainShape]) -> Vec<Prim> {
    let mut p = Vec::new();
    for k in 0..scene.chains.len() {
        let mut maps: Vec<usize> = Vec::new();
        let typical = super::gauss::typical_length(&scene.chains[k]);
        for cs in reach.iter().filter(|cs| cs.chain == k) {
            if let (Some(shown), Some(g)) = (cs.shown, &cs.gauss) {
                let slot = maps.iter().filter(|&&m| m == shown).count();
                maps.push(shown);
                let name = &scene.shapes[cs.shape].name;
                super::gauss::gauss_prims(g, name, slot, typical, &mut p);
            }
        }
    }
    p
}

/// Whether the chain's first and last points are ghosts only (Box2D's convention for
/// an open chain: its first and last edges make no segment).
fn ghost_ends(chain: &SceneChain) -> bool {
    !chain.closed && chain.convention == ChainConvention::Box2d && chain.points.len() >= 4
}

/// The polyline and its points: solid where it makes segments; with `ghost_ends`, its
/// first and last edges dashed and faded and its end points hollow rings: ghosts,
/// which tell the neighbouring segment how the chain turns and collide with nothing.
fn polyline_prims(world: &[Vec2], closed: bool, ghost_ends: bool, p: &mut Vec<Prim>) {
    let c = LayerId::Chains.color();
    let n = world.len();
    let solid = if ghost_ends { &world[1..n - 1] } else { world };
    p.push(Prim::Polyline {
        points: solid.to_vec(),
        closed,
        width: 3.0,
        color: c,
        dashed: false,
    });
    let ghost = c.with_alpha(GHOST_ALPHA);
    if ghost_ends {
        p.push(seg(world[0], world[1], 1.5, ghost, true));
        p.push(seg(world[n - 2], world[n - 1], 1.5, ghost, true));
    }
    for (i, q) in world.iter().enumerate() {
        if ghost_ends && (i == 0 || i == n - 1) {
            p.push(ring(*q, 4.0, ghost));
        } else {
            p.push(dot(*q, 3.0, c));
        }
    }
}

/// One segment's contacts: the points and the normal; red with the tilt when the
/// normal leaves the segment's by more than [`BUMP_ANGLE`] in the naive mode; the
/// smooth mode's refusals named at the segment's middle.
fn contact_prims(
    e: &ChainSegmentJson,
    segment_normal: Option<Vec2>,
    scene: &Scene,
    len: f32,
    p: &mut Vec<Prim>,
) {
    let Some(m) = &e.manifold else {
        return;
    };
    let n = Vec2::from(m.normal);
    let tilt = segment_normal.map_or(0.0, |s| s.perp_dot(n).atan2(s.dot(n)).abs());
    let bump = scene.settings.chain_mode == ChainMode::Naive && tilt > BUMP_ANGLE;
    let color = if bump { ERROR } else { KEPT };
    for q in &m.points {
        // On the chain; a point farther than the speculative distance (Box2D v3 keeps
        // both clipped points, the solver ignores it) faded, without its arrow.
        let at = Vec2::from(q.point_a);
        if q.separation > scene.settings.speculative_distance {
            p.push(dot(at, 3.0, color.with_alpha(110)));
            continue;
        }
        p.push(dot(at, 5.0, color));
        // A normal that runs along its segment drawn from the point would lie on the
        // chain's line, under it: drawn from above the line (on the segment's normal
        // side, where shapes collide from), joined to its point by a thin line.
        let from = match segment_normal {
            Some(s) if s.dot(n).abs() < ALONG_COS => {
                let tail = at + s * LIFT * len;
                p.push(seg(at, tail, 1.2, color.with_alpha(200), false));
                tail
            }
            _ => at,
        };
        p.push(Prim::Arrow {
            from,
            to: from + n * len,
            width: 2.0,
            color,
        });
    }
    // Said at a point drawn with its arrow (the first may lie beyond the speculative
    // distance, faded and far from it).
    let kept = m
        .points
        .iter()
        .find(|q| q.separation <= scene.settings.speculative_distance);
    if let (true, Some(q)) = (bump, kept.or(m.points.first())) {
        p.push(Prim::Label {
            at: Vec2::from(q.point_a),
            offset: Vec2::new(8.0, -10.0),
            text: format!(
                "segment {}: normal tilted {:.0}° (ghost bump)",
                e.segment,
                tilt.to_degrees()
            ),
            color: ERROR,
            size: 14.0,
            of: None,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::load_scene;
    use crate::view::palette::ADDED;
    use std::path::Path;

    /// `prims` with their insets at their world size (a zoom at which none is
    /// magnified).
    fn flat(prims: Vec<Prim>) -> Vec<Prim> {
        prims.iter().flat_map(|p| p.expanded(1.0e6)).collect()
    }

    fn bump_arrows(file: &str) -> usize {
        let scene = load_scene(Path::new(file)).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&scene).chains;
        chains_layer(&scene, &reach)
            .iter()
            .filter(|p| matches!(p, Prim::Arrow { color, .. } if *color == ERROR))
            .count()
    }

    /// The naive floor's seam: segment 2's sideways normal runs along the floor, so it
    /// is drawn from above the line (0.3 of its length up, on the segment's normal
    /// side), horizontal, joined to its point on the floor; segment 3's upright normal
    /// starts at its point.
    #[test]
    fn a_sideways_normal_is_drawn_above_its_segment() {
        let scene = load_scene(Path::new("scenes/chain_tiled_floor_naive.ron")).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&scene).chains;
        let prims = chains_layer(&scene, &reach);
        let b = scene
            .shapes
            .iter()
            .find(|s| s.name == "Box")
            .expect("the box");
        let len = 0.6 * b.shape.bounding_radius();
        let arrows = |c: crate::view::draw::Rgba| -> Vec<(Vec2, Vec2)> {
            prims
                .iter()
                .filter_map(|p| match p {
                    Prim::Arrow {
                        from, to, color, ..
                    } if *color == c => Some((*from, *to)),
                    _ => None,
                })
                .collect()
        };
        let sideways = arrows(ERROR);
        assert!(!sideways.is_empty());
        // Its words at its point (segment 2's first point, 2 units away past the
        // speculative distance, is drawn faded without an arrow).
        let said = prims.iter().find_map(|p| match p {
            Prim::Label { at, text, .. } if text.contains("ghost bump") => Some(*at),
            _ => None,
        });
        assert_eq!(said, Some(Vec2::ZERO), "{sideways:?}");
        for (from, to) in &sideways {
            assert!((from.y - LIFT * len).abs() < 1e-4, "{from} {to}");
            assert!(
                (*to - *from - Vec2::new(-len, 0.0)).length() < 1e-4,
                "{from} {to}"
            );
            // The thin line down to its point on the floor.
            let joined = prims.iter().any(|p| match p {
                Prim::Polyline { points, .. } => {
                    points.len() == 2 && points[1] == *from && points[0].y.abs() < 0.02
                }
                _ => false,
            });
            assert!(joined, "{from}");
        }
        let upright: Vec<_> = arrows(KEPT)
            .into_iter()
            .filter(|(from, _)| from.y.abs() < 0.02 && from.x > -1.2 && from.x < 0.2)
            .collect();
        assert!(!upright.is_empty());
        for (from, to) in upright {
            assert!(
                (to - from - Vec2::new(0.0, len)).length() < 1e-4,
                "{from} {to}"
            );
        }
    }

    #[test]
    fn the_ghost_bump_shows_in_the_naive_mode_only() {
        assert!(bump_arrows("scenes/chain_tiled_floor_naive.ron") >= 1);
        assert_eq!(bump_arrows("scenes/chain_tiled_floor.ron"), 0);
    }

    /// The Gauss map's candidate arrow is the normal the contact asked for: at the
    /// tiled floor's seam, the sideways normal segment 2 takes when collided naively
    /// (the box's face of least penetration), drawn snapped (yellow) — not another of
    /// the box's faces.
    #[test]
    fn the_gauss_maps_candidate_is_the_naive_normal_it_snaps() {
        let load = |f: &str| load_scene(Path::new(f)).expect("scene");
        let naive = load("scenes/chain_tiled_floor_naive.ron");
        let reach = crate::trace::scene_results::SceneResults::compute(&naive).chains;
        let wanted = reach
            .iter()
            .flat_map(|cs| &cs.entries)
            .find(|e| e.segment == 2)
            .and_then(|e| e.manifold.as_ref())
            .map(|m| Vec2::from(m.normal))
            .expect("segment 2 touches the box");
        assert!((wanted - Vec2::NEG_X).length() < 1e-4, "{wanted}");
        let smooth = load("scenes/chain_tiled_floor.ron");
        let reach = crate::trace::scene_results::SceneResults::compute(&smooth).chains;
        let shown: Vec<_> = reach.iter().filter_map(|cs| cs.gauss).collect();
        assert_eq!(shown.len(), 1, "one map, the box's");
        assert_eq!(shown[0].segment, 2);
        let arrows: Vec<Vec2> = flat(gauss_layer(&smooth, &reach))
            .iter()
            .filter_map(|p| match p {
                Prim::Arrow {
                    from, to, color, ..
                } if *color == ADDED => Some((*to - *from).normalize()),
                _ => None,
            })
            .collect();
        assert_eq!(arrows.len(), 1, "{arrows:?}");
        assert!((arrows[0] - wanted).length() < 1e-4, "{arrows:?}");
    }

    /// Under Box2D's convention an open chain's first and last edges make no segment:
    /// drawn dashed and faded, their outer points as rings; the solid line runs from
    /// the second point to the last but one. A chain of our own convention is solid
    /// end to end.
    #[test]
    fn ghost_edges_are_drawn_as_ghosts() {
        let scene = load_scene(Path::new("scenes/chain_convex_bump.ron")).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&scene).chains;
        let prims = chains_layer(&scene, &reach);
        let pts = &scene.chains[0].points;
        let n = pts.len();
        let ghost = LayerId::Chains.color().with_alpha(GHOST_ALPHA);
        let dashed_edge = |a: Vec2, b: Vec2| {
            prims.iter().any(|p| {
                matches!(p, Prim::Polyline { points, dashed: true, color, .. }
                if *color == ghost && points[..] == [a, b])
            })
        };
        assert!(dashed_edge(pts[0], pts[1]) && dashed_edge(pts[n - 2], pts[n - 1]));
        let solid = prims
            .iter()
            .find_map(|p| match p {
                Prim::Polyline {
                    points,
                    dashed: false,
                    width,
                    ..
                } if *width == 3.0 => Some(points.clone()),
                _ => None,
            })
            .expect("the chain's line");
        assert_eq!(solid[..], pts[1..n - 1]);
        let rings = prims
            .iter()
            .filter(|p| matches!(p, Prim::Ring { at, .. } if *at == pts[0] || *at == pts[n - 1]))
            .count();
        assert_eq!(rings, 2);

        let floor = load_scene(Path::new("scenes/chain_tiled_floor.ron")).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&floor).chains;
        let prims = chains_layer(&floor, &reach);
        assert!(!prims.iter().any(|p| matches!(p, Prim::Ring { .. })));
        assert!(prims
            .iter()
            .any(|p| matches!(p, Prim::Polyline { points, width, .. }
            if *width == 3.0 && points[..] == floor.chains[0].points[..])));
    }

    /// A map sits under the middle of its segment unless another shape's map is drawn
    /// there: in the concave corner the ball (a circle, no classification) draws none on
    /// the floor, so the crate's map is centred under the floor, not pushed aside.
    #[test]
    fn a_gauss_map_makes_room_only_for_maps_that_are_drawn() {
        let scene = load_scene(Path::new("scenes/chain_concave_corner.ron")).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&scene).chains;
        let floor = reach
            .iter()
            .find(|cs| scene.shapes[cs.shape].name == "Crate")
            .and_then(|cs| cs.gauss)
            .expect("the crate's map");
        let mid = 0.5 * (floor.ends.0 + floor.ends.1);
        let circle = flat(gauss_layer(&scene, &reach))
            .into_iter()
            .find_map(|p| match p {
                Prim::Polyline {
                    points,
                    closed: true,
                    ..
                } if points.len() == 64 => Some(points),
                _ => None,
            })
            .expect("one map's circle");
        let centre = circle.iter().sum::<Vec2>() / circle.len() as f32;
        assert!((centre.x - mid.x).abs() < 1e-3, "{centre} under {mid}");
        assert!(centre.y < mid.y, "{centre} under {mid}");
    }

    /// The radius of each map's circle drawn in `scene`.
    fn map_radii(scene: &Scene) -> Vec<f32> {
        let reach = crate::trace::scene_results::SceneResults::compute(scene).chains;
        flat(gauss_layer(scene, &reach))
            .into_iter()
            .filter_map(|p| match p {
                Prim::Polyline {
                    points,
                    closed: true,
                    ..
                } if points.len() == 64 => {
                    let centre = points.iter().sum::<Vec2>() / points.len() as f32;
                    Some(points[0].distance(centre))
                }
                _ => None,
            })
            .collect()
    }

    /// A map on a short segment is as large as one on the chain's typical segment: the
    /// bump's slopes (1.12 long between flats 3 long) draw the flats' size, 0.18 × 3,
    /// not a map of a few pixels; a segment of the typical length keeps its own size.
    #[test]
    fn a_short_segment_draws_a_map_of_the_chains_typical_size() {
        let bump = load_scene(Path::new("scenes/chain_convex_bump.ron")).expect("scene");
        let radii = map_radii(&bump);
        assert!(!radii.is_empty());
        for r in radii {
            assert!((r - 0.18 * 3.0).abs() < 1e-3, "bump map radius {r}");
        }
        let floor = load_scene(Path::new("scenes/chain_tiled_floor.ron")).expect("scene");
        for r in map_radii(&floor) {
            assert!((r - 0.18 * 2.0).abs() < 1e-3, "floor map radius {r}");
        }
    }

    /// Each segment's one-sided normal on the tiled floor (0.08 of the scene's size
    /// long) is drawn 24 px long at 40 px a unit, the default window's zoom on it, and
    /// points up from its segment's middle.
    #[test]
    fn a_segment_normal_is_never_shorter_than_its_floor_on_screen() {
        let floor = load_scene(Path::new("scenes/chain_tiled_floor.ron")).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&floor).chains;
        let zoom = 40.0;
        let world = 0.08 * size_of_scene(&floor) * zoom;
        assert!(world < 0.5 * NORMAL_PX, "{world} px at its world length");
        let normals: Vec<(Vec2, Vec2)> = chains_layer(&floor, &reach)
            .iter()
            .filter(|p| matches!(p, Prim::Inset { .. }))
            .flat_map(|p| p.expanded(zoom))
            .filter_map(|p| match p {
                Prim::Arrow { from, to, .. } => Some((from, to)),
                _ => None,
            })
            .collect();
        assert_eq!(normals.len(), floor.chains[0].segments().len());
        for (from, to) in normals {
            let d = (to - from) * zoom;
            assert!((d - Vec2::new(0.0, NORMAL_PX)).length() < 1e-3, "{d}");
        }
    }

    /// Seen whole at 40 px a unit (the default window's zoom on the bump), a map of
    /// world radius 0.54 would be 22 px: it is drawn 30 px in radius, moved down with
    /// its growth so that its top stays 24 px (0.8 radius) under its segment's middle,
    /// below the segment's number (its baseline 16 px under that middle); nearer in,
    /// at 100 px a unit, it keeps its own size.
    #[test]
    fn a_gauss_map_is_never_smaller_than_its_floor_on_screen() {
        let bump = load_scene(Path::new("scenes/chain_convex_bump.ron")).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&bump).chains;
        let g = reach.iter().find_map(|cs| cs.gauss).expect("a map");
        let mid = 0.5 * (g.ends.0 + g.ends.1);
        let n = g.class.normals.normal1;
        for (zoom, radius_px) in [(40.0, super::super::gauss::MAP_RADIUS_PX), (100.0, 54.0)] {
            let prims: Vec<Prim> = gauss_layer(&bump, &reach)
                .iter()
                .flat_map(|p| p.expanded(zoom))
                .collect();
            let circle = prims
                .iter()
                .find_map(|p| match p {
                    Prim::Polyline {
                        points,
                        closed: true,
                        ..
                    } if points.len() == 64 => Some(points.clone()),
                    _ => None,
                })
                .expect("the map's circle");
            let centre = circle.iter().sum::<Vec2>() / 64.0;
            let r = circle[0].distance(centre) * zoom;
            assert!((r - radius_px).abs() < 0.05, "zoom {zoom}: radius {r} px");
            let top_gap = ((mid - centre).dot(n) * zoom) - r;
            assert!(
                (top_gap - 0.8 * r).abs() < 0.05,
                "zoom {zoom}: {top_gap} px"
            );
        }
    }

    #[test]
    fn the_gauss_map_says_why_the_seam_normal_snaps() {
        let scene = load_scene(Path::new("scenes/chain_tiled_floor.ron")).expect("scene");
        let reach = crate::trace::scene_results::SceneResults::compute(&scene).chains;
        let labels: Vec<String> = flat(gauss_layer(&scene, &reach))
            .into_iter()
            .filter_map(|p| match p {
                Prim::Label { text, .. } => Some(text),
                _ => None,
            })
            .collect();
        assert!(labels.iter().any(|t| t == "Box: snapped"), "{labels:?}");
    }
}
