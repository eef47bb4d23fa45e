//! Small builders of primitives shared by every layer: lines, dots, labels, a clip
//! plane, the owner's colour.

use super::{Prim, Rgba, SHAPE_A, SHAPE_B};
use crate::core::sat::Owner;
use crate::scene::Scene;
use glam::Vec2;

/// A solid line.
pub fn line(a: Vec2, b: Vec2, width: f32, color: Rgba) -> Prim {
    seg(a, b, width, color, false)
}

pub fn label(at: Vec2, text: impl Into<String>, color: Rgba) -> Prim {
    Prim::Label {
        at,
        offset: Vec2::new(6.0, -6.0),
        text: crate::view::text::tidy_zeros(&text.into()),
        color,
        size: 15.0,
        of: None,
    }
}

/// The colour of the shape that owns a feature.
pub fn owner_color(o: Owner) -> Rgba {
    match o {
        Owner::A => SHAPE_A,
        Owner::B => SHAPE_B,
    }
}

/// A line, solid or dashed.
pub fn seg(a: Vec2, b: Vec2, width: f32, color: Rgba, dashed: bool) -> Prim {
    Prim::Polyline {
        points: vec![a, b],
        closed: false,
        width,
        color,
        dashed,
    }
}

/// A filled dot, `radius` pixels.
pub fn dot(at: Vec2, radius: f32, color: Rgba) -> Prim {
    Prim::Dot { at, radius, color }
}

/// A ring of `radius` pixels around `at`, 2 px wide.
pub fn ring(at: Vec2, radius: f32, color: Rgba) -> Prim {
    Prim::Ring {
        at,
        radius,
        width: 2.0,
        color,
    }
}

/// A small label (the contact layers').
pub fn text(at: Vec2, s: impl Into<String>, color: Rgba) -> Prim {
    Prim::Label {
        at,
        offset: Vec2::new(6.0, -6.0),
        text: crate::view::text::tidy_zeros(&s.into()),
        color,
        size: 14.0,
        of: None,
    }
}

/// A size for the whole scene (the largest shape's bounding radius, twice), for
/// layers that are not about one pair.
pub fn size_of_scene(scene: &Scene) -> f32 {
    2.0 * scene
        .shapes
        .iter()
        .map(|s| s.shape.bounding_radius())
        .fold(1.0e-6, f32::max)
}

/// A label beside `at` on the side away from `from` (so a label about a point on a
/// circle sits outside the circle). Widths are estimated for the 14 px monospace
/// labels (8.5 px a character).
pub fn tag_away(at: Vec2, from: Vec2, text: String, color: Rgba) -> Prim {
    let d = at - from;
    let width = 8.5 * text.chars().count() as f32;
    let dx = if d.x >= 0.0 { 8.0 } else { -(width + 8.0) };
    // World y points up, screen y down: above the point is a negative offset.
    let dy = if d.y >= 0.0 { -8.0 } else { 18.0 };
    Prim::Label {
        at,
        offset: Vec2::new(dx, dy),
        text: crate::view::text::tidy_zeros(&text),
        color,
        size: 14.0,
        of: None,
    }
}

/// A line through `p` perpendicular to `normal`, `half` long each way.
pub fn plane(p: Vec2, normal: Vec2, half: f32, color: Rgba) -> Prim {
    let t = Vec2::new(-normal.y, normal.x);
    seg(p - t * half, p + t * half, 1.5, color, true)
}

/// A simplex of one to three points as its segment or triangle (nothing for a point).
pub fn simplex_outline(points: &[Vec2], color: Rgba) -> Option<Prim> {
    (points.len() > 1).then(|| Prim::Polyline {
        points: points.to_vec(),
        closed: points.len() > 2,
        width: 2.0,
        color,
        dashed: false,
    })
}

/// The glow under a point a hovered narration names: a translucent disc.
pub fn glow_point(at: Vec2) -> Prim {
    Prim::Dot {
        at,
        radius: 12.0,
        color: crate::view::palette::GLOW,
    }
}

/// The glow over a line a hovered narration names (an edge, a segment, a triangle's
/// outline when `closed`): a broad translucent band.
pub fn glow_band(points: Vec<Vec2>, closed: bool) -> Prim {
    Prim::Polyline {
        points,
        closed,
        width: 10.0,
        color: crate::view::palette::GLOW,
        dashed: false,
    }
}

/// A 14 px label `offset` pixels from `at` (zeros tidied).
pub fn tag(at: Vec2, offset: Vec2, text: String, color: Rgba) -> Prim {
    Prim::Label {
        at,
        offset,
        text: crate::view::text::tidy_zeros(&text),
        color,
        size: 14.0,
        of: None,
    }
}

/// A ray's answer: the ray drawn thick from `origin` to the hit `point`, the point, the
/// surface `normal` there (`len` long) and `words` beside it, in `hit` colour (`ray` the
/// ray's own colour).
pub fn hit_prims(
    origin: Vec2,
    point: Vec2,
    normal: Vec2,
    len: f32,
    words: String,
    (ray, hit): (Rgba, Rgba),
    p: &mut Vec<Prim>,
) {
    p.push(seg(origin, point, 3.0, ray, false));
    p.push(dot(point, 6.0, hit));
    p.push(Prim::Arrow {
        from: point,
        to: point + normal * len,
        width: 2.0,
        color: hit,
    });
    p.push(tag(point, Vec2::new(8.0, -10.0), words, hit));
}
