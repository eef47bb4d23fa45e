//! The shapes layer: every shape filled and outlined, A and B in their colours, the
//! selection's handles.

use super::*;
use crate::scene::Scene;
use crate::view::palette;
use glam::Vec2;

/// The shapes layer: every shape filled and outlined with its name; A and B in their
/// colours; the selection thicker; polygon vertices of the selection as handles.
pub fn shapes_layer(scene: &Scene, pair: Option<(usize, usize)>, hl: &Highlight) -> Vec<Prim> {
    let mut prims = Vec::new();
    for (i, s) in scene.shapes.iter().enumerate() {
        let color = match pair {
            Some((a, _)) if a == i => SHAPE_A,
            Some((_, b)) if b == i => SHAPE_B,
            _ => SHAPE_OTHER,
        };
        let outline = shape_outline(scene, i);
        let selected = hl.selected == Some(i);
        prims.push(Prim::Fill {
            points: outline.clone(),
            color: color.with_alpha(if selected { 90 } else { 60 }),
        });
        prims.push(Prim::Polyline {
            points: outline.clone(),
            closed: true,
            width: if selected { 3.0 } else { 1.5 },
            color,
            dashed: false,
        });
        if outline.len() < 2 {
            // A point (a polygon of one vertex, no radius): a dot in its colour.
            if let Some(p) = outline.first() {
                prims.push(Prim::Dot {
                    at: *p,
                    radius: if selected { 4.5 } else { 3.5 },
                    color,
                });
            }
        }
        let xf = s.pose.transform();
        if s.shape.radius() > 0.0 && s.shape.vertices().len() > 1 {
            let core: Vec<Vec2> = s.shape.vertices().iter().map(|v| xf.apply(*v)).collect();
            prims.push(Prim::Polyline {
                points: core,
                closed: s.shape.vertices().len() > 2,
                width: 1.0,
                color: color.with_alpha(140),
                dashed: true,
            });
        }
        let of = match pair {
            Some((a, _)) if a == i => Some(Owner::A),
            Some((_, b)) if b == i => Some(Owner::B),
            _ => None,
        };
        let role = match of {
            Some(o) if s.name != o.as_str() => format!(" ({})", o.as_str()),
            _ => String::new(),
        };
        prims.push(Prim::Label {
            at: name_anchor(scene, pair, i, &outline, xf.apply(s.shape.centroid())),
            offset: Vec2::new(-8.0, 5.0),
            text: format!("{}{role}", s.name),
            color: Rgba::WHITE,
            size: 16.0,
            of,
        });
        if selected {
            for (k, v) in s.shape.vertices().iter().enumerate() {
                let refused = hl.refused_vertex == Some((i, k));
                prims.push(Prim::Dot {
                    at: xf.apply(*v),
                    radius: if refused { 6.0 } else { 4.0 },
                    color: if refused { palette::ERROR } else { Rgba::WHITE },
                });
            }
        }
    }
    prims
}

/// Where shape `i`'s name is written: its centroid, unless that lies inside the other
/// shape of the pair (an overlapping pair: "A" written inside B reads as B's); then the
/// point of `i` nearest its centroid that lies outside it and clear of its outline,
/// among points pulled in from its corners and edge midpoints. The centroid when there is no such point.
fn name_anchor(
    scene: &Scene,
    pair: Option<(usize, usize)>,
    i: usize,
    outline: &[Vec2],
    centroid: Vec2,
) -> Vec2 {
    let other = match pair {
        Some((a, b)) if a == i => b,
        Some((a, b)) if b == i => a,
        _ => return centroid,
    };
    let other = shape_outline(scene, other);
    if outline.len() < 3 || !point_in_polygon(centroid, &other) {
        return centroid;
    }
    let n = outline.len();
    let edges = (0..n).map(|k| 0.5 * (outline[k] + outline[(k + 1) % n]));
    // Clear of the other's outline, not on it: a twentieth of the shape's reach.
    let reach = outline
        .iter()
        .map(|p| p.distance(centroid))
        .fold(0.0, f32::max);
    let m = other.len();
    let off_edge = |p: Vec2| {
        (0..m).all(|k| {
            let (a, b) = (other[k], other[(k + 1) % m]);
            let t = ((p - a).dot(b - a) / (b - a).length_squared().max(f32::MIN_POSITIVE))
                .clamp(0.0, 1.0);
            p.distance(a + t * (b - a)) >= 0.05 * reach
        })
    };
    outline
        .iter()
        .copied()
        .chain(edges)
        .flat_map(|p| [0.35, 0.55, 0.75].map(|t| centroid + t * (p - centroid)))
        .filter(|p| !point_in_polygon(*p, &other) && off_edge(*p))
        .min_by(|a, b| a.distance(centroid).total_cmp(&b.distance(centroid)))
        .unwrap_or(centroid)
}

/// Whether `p` lies inside the closed polygon `poly` (even–odd rule; any winding).
pub fn point_in_polygon(p: Vec2, poly: &[Vec2]) -> bool {
    if poly.len() < 3 {
        return false;
    }
    let mut inside = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[j]);
        if (a.y > p.y) != (b.y > p.y) && p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) {
            inside = !inside;
        }
        j = i;
    }
    inside
}

/// The vertex numbers of A and B ("vertex 3 of A" in the narration), each just outside
/// its vertex, away from the shape's centroid, in the shape's colour. A circle has no
/// vertex; a capsule's and a segment's ends are vertices 0 and 1.
pub fn vertex_indices_layer(scene: &Scene, (a, b): (usize, usize)) -> Vec<Prim> {
    let mut prims = Vec::new();
    for (i, owner) in [(a, Owner::A), (b, Owner::B)] {
        let color = owner_color(owner);
        let Some(s) = scene.shapes.get(i) else {
            continue;
        };
        let xf = s.pose.transform();
        let centre = xf.apply(s.shape.centroid());
        let vertices = s.shape.vertices();
        if vertices.len() < 2 {
            continue;
        }
        for (k, v) in vertices.iter().enumerate() {
            let at = xf.apply(*v);
            // Outward in pixels (screen y points down): along the corner's bisector, so
            // the corners of a thin sliver (a plank's end) point their numbers apart
            // and each keeps its side from step to step; else away from the centroid;
            // a vertex at the centroid (a degenerate shape) gets its label up and right.
            let out =
                xf.q.apply(corner_outward(vertices, k))
                    .try_normalize()
                    .or_else(|| (at - centre).try_normalize())
                    .unwrap_or(Vec2::new(0.7, 0.7));
            let offset = Vec2::new(out.x, -out.y) * 9.0 + Vec2::new(-4.0, 5.0);
            prims.push(Prim::Label {
                at,
                offset,
                text: k.to_string(),
                color,
                size: 13.0,
                of: Some(owner),
            });
        }
    }
    prims
}

/// The outward direction at vertex `k` of a counter-clockwise polygon (local frame, not
/// unit): the sum of its two edges' outward normals, each as long as its edge, so a
/// corner of a thin sliver points off its long side (a plank's end corners: one down,
/// one up) and a square's corner along its diagonal. Zero for fewer than three vertices
/// (a segment's two edges cancel) or where they cancel.
fn corner_outward(vertices: &[Vec2], k: usize) -> Vec2 {
    let n = vertices.len();
    if n < 3 {
        return Vec2::ZERO;
    }
    let outward = |p: Vec2, q: Vec2| {
        let e = q - p;
        Vec2::new(e.y, -e.x)
    };
    let (prev, v, next) = (
        vertices[(k + n - 1) % n],
        vertices[k],
        vertices[(k + 1) % n],
    );
    outward(prev, v) + outward(v, next)
}

/// The features of A and B the hovered narration names, highlighted: a glowing disc
/// under a vertex, a broad glowing band over an edge (the lesson hints' glow). What it
/// names of an algorithm's own marks is lit by its study (`Study::draw_named`).
pub fn named_features_prims(
    scene: &Scene,
    (a, b): (usize, usize),
    hl: &Highlight,
    prims: &mut Vec<Prim>,
) {
    use crate::core::sat::Owner;
    use crate::view::narrate::features::{FeatureKind, Mention};
    for f in hl.named.iter().flatten() {
        let Mention::Shape(f) = f else {
            continue;
        };
        let i = match f.shape {
            Owner::A => a,
            Owner::B => b,
        };
        let Some(s) = scene.shapes.get(i) else {
            continue;
        };
        let xf = s.pose.transform();
        let v = s.shape.vertices();
        let Some(p) = v.get(f.index).map(|p| xf.apply(*p)) else {
            continue;
        };
        match f.kind {
            FeatureKind::Vertex => prims.push(glow_point(p)),
            FeatureKind::Edge if v.len() >= 2 => {
                let q = xf.apply(v[(f.index + 1) % v.len()]);
                prims.push(glow_band(vec![p, q], false));
            }
            FeatureKind::Edge => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_whose_centroid_lies_in_the_other_shape_moves_out_of_it() {
        // A wide box whose centre B covers: "A" is written in A, outside B.
        let scene = crate::scene::parse_scene(
            "(version: 1, shapes: [\n (name: \"A\", geometry: Box(half_extents: (2.0, 0.5), radius: 0.0), position: (0.0, 0.0), angle: 0.0),\n (name: \"B\", geometry: Box(half_extents: (0.5, 1.0), radius: 0.0), position: (0.2, 0.0), angle: 0.0)])",
            "test",
        )
        .unwrap();
        let prims = shapes_layer(&scene, Some((0, 1)), &Highlight::default());
        let at = |name: &str| {
            prims
                .iter()
                .find_map(|p| match p {
                    Prim::Label { at, text, .. } if text == name => Some(*at),
                    _ => None,
                })
                .unwrap()
        };
        let (a, b) = (at("A"), at("B"));
        let (outline_a, outline_b) = (shape_outline(&scene, 0), shape_outline(&scene, 1));
        assert!(
            point_in_polygon(a, &outline_a) && !point_in_polygon(a, &outline_b),
            "{a}"
        );
        // Nearest such point to A's centre: just left of B (x < -0.3), not far out.
        assert!(a.x < -0.3 && a.x > -1.6 && a.y.abs() < 0.01, "{a}");
        // B's centre lies in A too: its name goes above or below A, still in B.
        assert!(
            point_in_polygon(b, &outline_b) && !point_in_polygon(b, &outline_a),
            "{b}"
        );
        assert!(b.y.abs() > 0.5 && b.y.abs() < 1.0, "{b}");
    }
}
