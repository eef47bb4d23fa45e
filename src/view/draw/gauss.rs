//! The Gauss map of a chain segment's normal classification (Box2D's
//! `b2ClassifyNormal`), drawn as a small unit circle under the segment (on its solid
//! side, where nothing else is drawn): the segment's normal, its neighbours'
//! normals, the arc of normals the segment may produce (towards a convex end, up to
//! that neighbour's normal), and the candidate normal of this contact coloured by the
//! decision — admitted (green), snapped to the segment's normal (yellow), skipped
//! because a neighbour owns it (red).

use super::inset::inset;
use super::prims::seg;
use super::{LayerId, Prim, Rgba};
use crate::core::chain::{NormalClass, NormalDecision};
use crate::scene::SceneChain;
use crate::trace::scene_results::GaussMap;
use crate::view::palette::{ADDED, ERROR, KEPT};
use glam::Vec2;

/// The Gauss map `g` of shape `shape` (its name), the `slot`-th map of that segment
/// (placed beside the earlier ones). `typical`: the chain's typical segment length
/// ([`typical_length`]): a short segment's map is as large as a typical one's, so that
/// it reads at the scale the chain is seen at (the slopes of a small bump between long
/// flats drew a map of a few pixels); and never less than [`MAP_RADIUS_PX`] on screen
/// (an inset anchored at the segment's middle).
pub(super) fn gauss_prims(g: &GaussMap, shape: &str, slot: usize, typical: f32, p: &mut Vec<Prim>) {
    let (a, b) = g.ends;
    let k = g.class;
    let r = 0.18 * (b - a).length().max(typical);
    let n1 = k.normals.normal1;
    let along = k.normals.edge1 * (2.6 * r * slot as f32);
    let mid = 0.5 * (a + b);
    let centre = mid - n1 * (1.8 * r) + along;
    let mut map = Vec::new();
    draw_map(centre, r, &k, shape, &mut map);
    // Magnified about the segment's middle when small on screen: the map moves down
    // as it grows and stays clear of the segment and its number.
    p.push(inset(mid, r, MAP_RADIUS_PX, map));
}

/// The smallest radius a map is drawn with, pixels: at the default window a map of the
/// chain's scale was about 26 pixels across, its arcs and arrows unreadable.
pub const MAP_RADIUS_PX: f32 = 30.0;

fn draw_map(centre: Vec2, r: f32, k: &NormalClass, shape: &str, p: &mut Vec<Prim>) {
    let c = LayerId::GaussMap.color();
    let circle: Vec<Vec2> = (0..64)
        .map(|j| {
            let t = j as f32 / 64.0 * std::f32::consts::TAU;
            centre + r * Vec2::new(t.cos(), t.sin())
        })
        .collect();
    p.push(Prim::Polyline {
        points: circle,
        closed: true,
        width: 1.0,
        color: c.with_alpha(120),
        dashed: false,
    });
    let nm = &k.normals;
    // The arc the segment may produce: from its normal towards each convex end's
    // neighbour normal (a concave or flat end adds nothing: normals there snap).
    for (convex, n) in [(nm.convex1, nm.normal0), (nm.convex2, nm.normal2)] {
        if convex && n != Vec2::ZERO {
            p.push(Prim::Polyline {
                points: arc(centre, r, nm.normal1, n),
                closed: false,
                width: 4.0,
                color: KEPT.with_alpha(160),
                dashed: false,
            });
        }
    }
    for n in [nm.normal0, nm.normal2] {
        if n != Vec2::ZERO {
            p.push(seg(centre, centre + n * r, 1.0, c.with_alpha(140), true));
        }
    }
    p.push(seg(centre, centre + nm.normal1 * r, 2.0, c, false));
    let (color, word) = match k.decision {
        NormalDecision::Admit => (KEPT, "admitted"),
        NormalDecision::Snap => (ADDED, "snapped"),
        NormalDecision::Skip => (ERROR, "skipped"),
    };
    p.push(Prim::Arrow {
        from: centre,
        to: centre + k.candidate * (1.25 * r),
        width: 2.0,
        color,
    });
    // Inside the circle, under its centre (the candidate and the normals point up
    // and sideways from it).
    // Names are checked printable on load; long ones are cut here.
    let name: String = shape.chars().take(20).collect();
    p.push(label(centre, format!("{name}: {word}"), color));
}

/// A chain's typical segment length: the median of its segments' lengths (the upper
/// one of an even count), ghost edges left out.
pub(super) fn typical_length(chain: &SceneChain) -> f32 {
    let mut lengths: Vec<f32> = chain
        .segments()
        .iter()
        .map(|s| (s.b - s.a).length())
        .collect();
    lengths.sort_by(f32::total_cmp);
    lengths.get(lengths.len() / 2).copied().unwrap_or(0.0)
}

/// Points on the circle from direction `from` to `to` the short way round.
fn arc(centre: Vec2, r: f32, from: Vec2, to: Vec2) -> Vec<Vec2> {
    let a0 = from.y.atan2(from.x);
    let turn = from.perp_dot(to).atan2(from.dot(to));
    (0..=16)
        .map(|j| {
            let t = a0 + turn * j as f32 / 16.0;
            centre + r * Vec2::new(t.cos(), t.sin())
        })
        .collect()
}

fn label(at: Vec2, text: String, color: Rgba) -> Prim {
    Prim::Label {
        at,
        offset: Vec2::new(-44.0, 18.0),
        text,
        color,
        size: 13.0,
        of: None,
    }
}
