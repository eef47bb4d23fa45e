//! The pieces of the algorithms' pictures in configuration space, on the Minkowski
//! difference B − A (layer [`LayerId::ConfigPicture`]; each study puts its own together):
//!
//! - **SAT, box–box**: an axis `n` is a line through the origin; B − A's support interval
//!   `[lo, hi]` along it is where the shapes' projections overlap when it holds 0. The
//!   shapes are apart on that axis exactly when 0 is outside: `lo > 0` (a gap of `lo`) or
//!   `hi < 0`.
//! - **Manifold**: the normal `n` (A → B) and the depth as the minimum translation: B − A
//!   moved by `t·n` no longer holds the origin once `t ≥ −lo`, so the arrow from the origin
//!   to `lo·n` (the boundary of B − A behind the origin) is the MTV reversed, `−lo` the depth
//!   (a gap of `lo` when positive).
//! - **TOI, cast**: with relative velocity `v = v_B − v_A`, B − A at time t is
//!   `(B − A) + t·v`; it reaches the origin when `−t·v` enters B − A: a ray from the origin
//!   along `−v`, hit at the time of impact. The cast's conservative advancement walks that
//!   ray: each pose at `−t·v`, the current one with the disc of its distance to B − A.
//!   Both draw the GJK ray cast on B − A too ([`crate::trace::cast_ray`]): each
//!   iteration's point `x_k` on the ray, its support point `p_k` of B − A and support
//!   line (radii included), the simplex it ended with and the time it reached.
//! - **Sutherland–Hodgman**: A and B overlap — the clipped region is not empty — exactly
//!   when the origin is inside B − A.
//! - **Turning shapes** (the rotating time of impact): B − A changes shape with time; each
//!   step draws it at its own time, with the core distance at an outer iteration.

use super::{dot, label, line, plane, seg, simplex_outline, LayerId, Prim, Rgba};
use crate::core::minkowski::MinkowskiOutline;
use crate::trace::cast_ray::{CastRay, CastRayRefusal};
use crate::view::text::Len;
use glam::Vec2;

/// B − A's support interval along unit `n`: (min, max) of `n·p` over its outline.
pub fn support_interval(m: &MinkowskiOutline, n: Vec2) -> Option<(f32, f32)> {
    let pts = &m.points;
    let lo = pts.iter().map(|p| p.dot(n)).fold(f32::INFINITY, f32::min);
    let hi = pts
        .iter()
        .map(|p| p.dot(n))
        .fold(f32::NEG_INFINITY, f32::max);
    (lo <= hi && lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// An axis through the origin with B − A's interval on it, and what the interval says.
pub fn axis_interval(m: &MinkowskiOutline, n: Vec2, name: &str, c: Rgba, prims: &mut Vec<Prim>) {
    let Some((lo, hi)) = support_interval(m, n) else {
        return;
    };
    let pad = 0.15 * (hi - lo).max(1.0e-6);
    let (a, b) = (lo.min(0.0) - pad, hi.max(0.0) + pad);
    prims.push(seg(n * a, n * b, 1.0, c.with_alpha(140), true));
    prims.push(line(n * lo, n * hi, 5.0, c.with_alpha(200)));
    prims.push(dot(n * lo, 3.5, c));
    prims.push(dot(n * hi, 3.5, c));
    let verdict = if lo > 0.0 {
        format!("gap {}", Len(lo))
    } else if hi < 0.0 {
        format!("gap {}", Len(-hi))
    } else {
        "holds 0".to_string()
    };
    prims.push(label(
        n * (0.5 * (lo + hi)),
        format!("{name}: [{lo:.3}, {hi:.3}], {verdict}"),
        c,
    ));
}

/// The normal and the depth (or gap) as B − A's boundary behind the origin.
pub fn mtv(m: &MinkowskiOutline, n: Vec2, c: Rgba, prims: &mut Vec<Prim>) {
    let Some((lo, _)) = support_interval(m, n) else {
        return;
    };
    if n.length_squared() < 0.5 {
        return; // no normal (a failed query): nothing to draw
    }
    prims.push(Prim::Arrow {
        from: Vec2::ZERO,
        to: n * lo,
        width: 2.5,
        color: c,
    });
    let text = if lo < 0.0 {
        format!("depth {} along −n", Len(-lo))
    } else {
        format!("gap {} along n", Len(lo))
    };
    prims.push(label(n * lo, text, c));
}

/// The ray from the origin along −v, and where it meets B − A (the time of impact).
/// `v` is B's velocity relative to A's.
pub fn sweep_ray(v: Vec2, hit: Option<f32>, c: Rgba, prims: &mut Vec<Prim>) {
    if v.length_squared() == 0.0 || !v.is_finite() {
        prims.push(label(Vec2::ZERO, "no relative motion: B − A stays put", c));
        return;
    }
    prims.push(seg(Vec2::ZERO, -v, 2.0, c.with_alpha(170), true));
    prims.push(Prim::Arrow {
        from: -v * 0.9,
        to: -v,
        width: 2.0,
        color: c.with_alpha(170),
    });
    // Below the tip: beside it the text would run over the arrowhead and the ray.
    prims.push(Prim::Label {
        at: -v,
        offset: Vec2::new(6.0, 16.0),
        text: "−v: t = 1".into(),
        color: c,
        size: 15.0,
        of: None,
    });
    if let Some(t) = hit {
        prims.push(dot(-v * t, 5.0, c));
        prims.push(label(-v * t, format!("hit at t = {t:.4}"), c));
    }
}

/// The GJK ray cast on B − A: every iteration of its march along the ray from the origin
/// at once (the march is short: a face is reached in one advance), the final simplex, and
/// the time it reached beside the algorithm's own.
pub fn gjk_cast_ray(cast_ray: &Result<CastRay, CastRayRefusal>, prims: &mut Vec<Prim>) {
    use crate::core::raycast::GjkMarch;
    let c = LayerId::ConfigPicture.color();
    let study = match cast_ray {
        Ok(s) => s,
        Err(why) => {
            if *why != CastRayRefusal::NoRelativeMotion {
                prims.push(label(
                    Vec2::ZERO,
                    format!("GJK ray cast: {}", why.words()),
                    c,
                ));
            }
            return;
        }
    };
    let steps: Vec<_> = study
        .trace
        .gjk
        .iter()
        .filter(|s| s.march == GjkMarch::Forward)
        .collect();
    let half = 0.12 * study.velocity.length().max(1.0e-3);
    let mut named: Vec<(Vec2, String)> = Vec::new();
    for (k, s) in steps.iter().enumerate() {
        if !s.point.is_finite() {
            continue;
        }
        prims.push(dot(s.point, 3.5, c));
        if let (Some(d), Some(w)) = (s.direction, s.support) {
            // The support line of B − A along d (radii included): all of B − A is behind it.
            let on = w + d * study.radius;
            prims.push(plane(on, d, half, c.with_alpha(150)));
            prims.push(dot(w, 3.0, c.with_alpha(200)));
            // A support point found again (the march converging on it) joins its label.
            match named.iter_mut().find(|(p, _)| *p == w) {
                Some((_, text)) => *text += &format!(" = p{}", k + 1),
                None => named.push((w, format!("p{}", k + 1))),
            }
        }
    }
    for (w, text) in named {
        prims.push(label(w, text, c));
    }
    if let Some(last) = steps.last() {
        prims.extend(simplex_outline(&last.simplex, c));
    }
    let o = &study.output;
    let n = steps.len();
    let text = if o.hit {
        format!("GJK ray t = {:.5} ({n} iter.)", o.fraction)
    } else if o.inside {
        "GJK ray: origin in B − A".to_string()
    } else {
        format!("GJK ray: no hit ({n} iter.)")
    };
    prims.push(label(o.point, text, c));
}
