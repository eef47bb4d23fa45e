//! The algorithm `ray`: one scene ray against shape A, one record of the cast per
//! step (world space).
//! - Polygon clip: the edge planes met so far (faded), this step's plane with its
//!   outward normal and the crossing, and the interval `[lower, upper]` left on the
//!   ray — green while it is not empty, red when this plane empties it.
//! - Circle: the circle, the line's closest approach to its centre, the entry and
//!   exit points.
//! - Flat piece: the piece with its normal and where the line crosses its line,
//!   green when the crossing counts.
//! - GJK: the simplex on the shape's core, the point `x(λ)` on the ray, the closest
//!   point, the search direction, the support point and its support plane (radius
//!   included), and where λ advances to.
//! - The answer: the hit with its normal, the exit of a ray that starts inside, or
//!   the miss.

use super::{RayStep, SteppedRay};
use crate::core::raycast::{CircleRecord, ClipStep, FlatRecord, GjkRayStep, RayInput};
use crate::scene::Scene;
use crate::view::draw::{
    dot, hit_prims, seg, simplex_outline, size_of_scene, tag, tag_away, LayerId, Prim, Rgba,
};
use crate::view::palette::{ERROR, KEPT};
use glam::Vec2;

/// The stepped layer of `study` at `step`.
pub fn ray_layer(scene: &Scene, study: &SteppedRay, step: usize) -> Vec<Prim> {
    let c = LayerId::RayCast.color();
    let ray = &study.input;
    let len = 0.15 * size_of_scene(scene);
    let mut p = Vec::new();
    // The ray itself: the origin, the segment to its tip (dashed), f = 0 and f = 1.
    p.push(seg(ray.at(0.0), ray.at(1.0), 1.2, c.with_alpha(150), true));
    p.push(dot(ray.at(0.0), 4.5, c));
    p.push(Prim::Arrow {
        from: ray.at(0.96),
        to: ray.at(1.0),
        width: 1.5,
        color: c.with_alpha(180),
    });
    let name = scene.rays.get(study.ray).map_or("", |r| r.name.as_str());
    p.push(tag(
        ray.at(0.0),
        Vec2::new(-14.0, 18.0),
        format!("{name} f=0"),
        c,
    ));
    let t = &study.trace;
    match study.step(step) {
        RayStep::Clip(k) => {
            for done in &t.clip[..k] {
                p.push(plane_line(done, len * 3.0, c.with_alpha(60)));
            }
            clip_prims(ray, &t.clip[k], len, c, &mut p);
        }
        RayStep::Circle(k) => circle_prims(ray, &t.circles[k], c, &mut p),
        RayStep::Flat(k) => flat_prims(ray, &t.flats[k], len, c, &mut p),
        RayStep::Gjk(k) => {
            let radius = scene.shapes[study.shape].shape.radius();
            gjk_prims(ray, &t.gjk[k], radius, len, c, &mut p);
        }
        RayStep::Answer => answer_prims(study, len, c, &mut p),
    }
    p
}

/// An edge plane: the line through the edge's first vertex across its normal.
fn plane_line(s: &ClipStep, half: f32, color: Rgba) -> Prim {
    let t = Vec2::new(-s.normal.y, s.normal.x);
    seg(s.vertex - t * half, s.vertex + t * half, 1.2, color, true)
}

/// The ray's points at `lo..hi` clamped to `[0, end]` (None when empty).
fn on_ray(ray: &RayInput, lo: f32, hi: f32, end: f32) -> Option<(Vec2, Vec2)> {
    let (a, b) = (lo.max(0.0), hi.min(end));
    (a <= b && a.is_finite() && b.is_finite()).then(|| (ray.at(a), ray.at(b)))
}

fn clip_prims(ray: &RayInput, s: &ClipStep, len: f32, c: Rgba, p: &mut Vec<Prim>) {
    p.push(plane_line(s, len * 3.0, c));
    p.push(Prim::Arrow {
        from: s.vertex,
        to: s.vertex + s.normal * len,
        width: 1.5,
        color: c,
    });
    p.push(tag(
        s.vertex,
        Vec2::new(6.0, -8.0),
        format!("edge {}", s.edge),
        c,
    ));
    if let Some(f) = s.crossing.filter(|f| f.is_finite() && f.abs() < 1.0e3) {
        p.push(dot(ray.at(f), 4.0, c));
    }
    let color = if s.emptied { ERROR } else { KEPT };
    match on_ray(ray, s.lower, s.upper, ray.max_fraction) {
        Some((a, b)) if !s.emptied => {
            p.push(seg(a, b, 5.0, color.with_alpha(200), false));
            p.push(tag(
                a,
                Vec2::new(-10.0, -12.0),
                format!("lower {:.4}", s.lower),
                color,
            ));
            let upper = if s.upper.is_finite() {
                format!("upper {:.4}", s.upper)
            } else {
                "upper ∞".to_string()
            };
            p.push(tag(b, Vec2::new(-10.0, 22.0), upper, color));
        }
        _ => p.push(tag(
            ray.at(0.5),
            Vec2::new(6.0, 22.0),
            format!("empty: lower {:.4} > upper {:.4}", s.lower, s.upper),
            ERROR,
        )),
    }
}

fn circle_prims(ray: &RayInput, r: &CircleRecord, c: Rgba, p: &mut Vec<Prim>) {
    let n = 64;
    let ring: Vec<Vec2> = (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * std::f32::consts::TAU;
            r.center + r.radius * Vec2::new(a.cos(), a.sin())
        })
        .collect();
    p.push(Prim::Polyline {
        points: ring,
        closed: true,
        width: 1.5,
        color: c,
        dashed: true,
    });
    p.push(dot(r.center, 3.0, c));
    p.push(seg(
        r.center,
        r.closest_point,
        1.2,
        c.with_alpha(170),
        false,
    ));
    p.push(dot(r.closest_point, 3.5, c.with_alpha(170)));
    // The closest-approach label just outside the circle, on the side of the
    // closest point (glam's normalize_or_zero keeps a line through the centre
    // from dividing by zero).
    let out = (r.closest_point - r.center).normalize_or_zero();
    let out = if out == Vec2::ZERO { Vec2::Y } else { out };
    p.push(tag_away(
        r.center + out * r.radius,
        r.center,
        format!("{}: closest {:.4}", r.feature.label(), r.closest_distance),
        c,
    ));
    for (f, color, before) in [(r.enter, KEPT, true), (r.exit, ERROR, false)] {
        if let Some(f) = f {
            let at = ray.at(f);
            p.push(dot(at, 5.0, color));
            // The entry's label before the crossing along the ray, the exit's after.
            let from = if before {
                at + ray.translation
            } else {
                at - ray.translation
            };
            let word = if before { "in" } else { "out" };
            p.push(tag_away(at, from, format!("{word} {f:.4}"), color));
        }
    }
}

fn flat_prims(ray: &RayInput, r: &FlatRecord, len: f32, c: Rgba, p: &mut Vec<Prim>) {
    p.push(seg(r.a, r.b, 4.0, c, false));
    let mid = 0.5 * (r.a + r.b);
    p.push(Prim::Arrow {
        from: mid,
        to: mid + r.normal * len,
        width: 1.5,
        color: c,
    });
    p.push(tag(mid, Vec2::new(6.0, 18.0), r.feature.label(), c));
    if let Some(f) = r.fraction.filter(|f| f.is_finite() && f.abs() < 1.0e3) {
        let color = if r.counts { KEPT } else { c.with_alpha(150) };
        p.push(dot(ray.at(f), 5.0, color));
        let along = r.along.map_or(String::new(), |a| format!(", along {a:.3}"));
        p.push(tag(
            ray.at(f),
            Vec2::new(6.0, -8.0),
            format!("f {f:.4}{along}"),
            color,
        ));
    }
}

fn gjk_prims(ray: &RayInput, s: &GjkRayStep, radius: f32, len: f32, c: Rgba, p: &mut Vec<Prim>) {
    p.extend(simplex_outline(&s.simplex, c));
    for v in &s.simplex {
        p.push(dot(*v, 4.0, c));
    }
    p.push(dot(s.point, 5.0, Rgba::WHITE));
    p.push(tag(
        s.point,
        Vec2::new(6.0, -8.0),
        format!("x, λ {:.4}", s.lambda),
        Rgba::WHITE,
    ));
    p.push(seg(s.point, s.closest, 1.2, c.with_alpha(170), true));
    if let (Some(d), Some(w)) = (s.direction, s.support) {
        p.push(Prim::Arrow {
            from: s.point,
            to: s.point - d * len,
            width: 1.5,
            color: c.with_alpha(200),
        });
        p.push(dot(w, 5.0, KEPT));
        // The support plane of the rounded shape along d: through w + r·d.
        let on = w + d * radius;
        let t = Vec2::new(-d.y, d.x);
        p.push(seg(on - t * len * 2.0, on + t * len * 2.0, 1.2, KEPT, true));
    }
    if let Some(f) = s.advanced_to.filter(|f| f.is_finite()) {
        p.push(Prim::Arrow {
            from: s.point,
            to: ray.at(f),
            width: 2.0,
            color: KEPT,
        });
    }
}

fn answer_prims(study: &SteppedRay, len: f32, c: Rgba, p: &mut Vec<Prim>) {
    let (ray, o) = (&study.input, &study.output);
    if o.hit {
        let words = format!("hit f {:.4}, {}", o.fraction, o.feature.label());
        hit_prims(ray.at(0.0), o.point, o.normal, len, words, (c, KEPT), p);
    } else if o.inside {
        match o.exit_fraction {
            Some(f) => {
                p.push(seg(ray.at(0.0), ray.at(f), 3.0, ERROR, false));
                p.push(dot(ray.at(f), 5.0, ERROR));
                p.push(tag(
                    ray.at(f),
                    Vec2::new(8.0, -10.0),
                    format!("inside, exit {f:.4}"),
                    ERROR,
                ));
            }
            None => p.push(tag(
                ray.at(0.5),
                Vec2::new(8.0, -10.0),
                "inside all along".into(),
                ERROR,
            )),
        }
    } else {
        p.push(tag(
            ray.at(1.0),
            Vec2::new(8.0, -10.0),
            o.termination.as_str().replace('_', " "),
            ERROR,
        ));
    }
}
