//! The world at a frame, drawn into the views' rectangle: every shape at its body's
//! pose (static grey, kinematic blue, dynamic orange; asleep dimmed), the selected or
//! hovered pair in yellow, each contact point with its normal.

use super::{Phase, Recording};
use collidescope::core::math::{Rot, Transform};
use collidescope::scene::world::{BodyType, WorldGeometry};
use collidescope::view::camera::Viewport;
use glam::Vec2;
use macroquad::prelude::{draw_circle, draw_circle_lines, draw_line, Color};

/// Draws the recording's world at its frame into `area` (pixels).
pub fn draw_world(rec: &mut Recording, area: Viewport) {
    let Some(state) = rec.state(rec.frame) else {
        return;
    };
    let Phase::Ready(player) = &rec.phase else {
        return;
    };
    let info = player.info();
    let (lo, hi) = (Vec2::from(info.bounds[0]), Vec2::from(info.bounds[1]));
    let size = (hi - lo).max(Vec2::splat(1e-3));
    let scale = ((area.w - 40.0) / size.x)
        .min((area.h - 40.0) / size.y)
        .max(1e-6);
    let center = (lo + hi) * 0.5;
    let screen_center = Vec2::new(area.x + area.w * 0.5, area.y + area.h * 0.5);
    let to_screen = |p: Vec2| {
        let d = (p - center) * scale;
        Vec2::new(screen_center.x + d.x, screen_center.y - d.y)
    };
    let highlight = rec.hovered.or(rec.selected);
    for body in &state.bodies {
        let xf = Transform {
            p: Vec2::from(body.position),
            q: Rot {
                c: body.rotation[0],
                s: body.rotation[1],
            },
        };
        let (r, g, b) = match body.body_type {
            BodyType::Static => (0.62, 0.62, 0.62),
            BodyType::Kinematic => (0.45, 0.65, 1.0),
            BodyType::Dynamic => (1.0, 0.62, 0.25),
        };
        let alpha = if body.awake || body.body_type == BodyType::Static {
            1.0
        } else {
            0.4
        };
        for id in &body.shapes {
            let Some(shape) = player.shapes().get(*id) else {
                continue;
            };
            let lit = highlight.is_some_and(|(a, b)| a == *id || b == *id);
            let color = if lit {
                Color::new(1.0, 0.95, 0.2, 1.0)
            } else {
                Color::new(r, g, b, alpha)
            };
            let width = if lit { 3.0 } else { 1.5 };
            draw_shape(&shape.geometry, &xf, scale, &to_screen, color, width);
        }
    }
    let point = Color::new(1.0, 0.3, 0.3, 1.0);
    for c in &state.contacts {
        let n = Vec2::from(c.normal);
        for p in &c.points {
            let s = to_screen(Vec2::from(p.point));
            draw_circle(s.x, s.y, 3.0, point);
            let tip = s + Vec2::new(n.x, -n.y) * 18.0;
            draw_line(s.x, s.y, tip.x, tip.y, 1.5, point);
        }
    }
}

fn draw_shape(
    g: &WorldGeometry,
    xf: &Transform,
    scale: f32,
    to_screen: &impl Fn(Vec2) -> Vec2,
    color: Color,
    width: f32,
) {
    let line = |a: Vec2, b: Vec2| {
        let (a, b) = (to_screen(xf.apply(a)), to_screen(xf.apply(b)));
        draw_line(a.x, a.y, b.x, b.y, width, color);
    };
    let circle = |c: Vec2, r: f32| {
        let c = to_screen(xf.apply(c));
        draw_circle_lines(c.x, c.y, (r * scale).max(1.0), width, color);
    };
    match g {
        WorldGeometry::Circle { center, radius } => circle(*center, *radius),
        WorldGeometry::Capsule { a, b, radius } => {
            circle(*a, *radius);
            circle(*b, *radius);
            let n = (*b - *a).perp().normalize_or_zero() * *radius;
            line(*a + n, *b + n);
            line(*a - n, *b - n);
        }
        WorldGeometry::Segment { a, b } => line(*a, *b),
        WorldGeometry::Chain { points, .. } if points.len() == 4 => line(points[1], points[2]),
        WorldGeometry::Chain { points, .. } => {
            for w in points.windows(2) {
                line(w[0], w[1]);
            }
        }
        WorldGeometry::Polygon { points, radius } => {
            for i in 0..points.len() {
                line(points[i], points[(i + 1) % points.len()]);
            }
            if *radius > 0.0 {
                for p in points {
                    circle(*p, *radius);
                }
            }
        }
        WorldGeometry::Box { .. } => {}
    }
}
