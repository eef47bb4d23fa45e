//! Every algorithm's picture in configuration space, on the Minkowski difference B − A
//! (layer [`LayerId::ConfigPicture`]). GJK and EPA draw there already; this gives the
//! others theirs:
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

use super::*;
use crate::trace::analysis::ManifoldPhase;

/// B − A's support interval along unit `n`: (min, max) of `n·p` over its outline.
fn support_interval(an: &Analysis, n: Vec2) -> Option<(f32, f32)> {
    let pts = &an.minkowski.points;
    let lo = pts.iter().map(|p| p.dot(n)).fold(f32::INFINITY, f32::min);
    let hi = pts
        .iter()
        .map(|p| p.dot(n))
        .fold(f32::NEG_INFINITY, f32::max);
    (lo <= hi && lo.is_finite() && hi.is_finite()).then_some((lo, hi))
}

/// An axis through the origin with B − A's interval on it, and what the interval says.
fn axis_interval(an: &Analysis, n: Vec2, name: &str, c: Rgba, prims: &mut Vec<Prim>) {
    let Some((lo, hi)) = support_interval(an, n) else {
        return;
    };
    let pad = 0.15 * (hi - lo).max(1.0e-6);
    let (a, b) = (lo.min(0.0) - pad, hi.max(0.0) + pad);
    prims.push(seg(n * a, n * b, 1.0, c.with_alpha(140), true));
    prims.push(line(n * lo, n * hi, 5.0, c.with_alpha(200)));
    prims.push(dot(n * lo, 3.5, c));
    prims.push(dot(n * hi, 3.5, c));
    let verdict = if lo > 0.0 {
        format!("gap {lo:.4}")
    } else if hi < 0.0 {
        format!("gap {:.4}", -hi)
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
fn mtv(an: &Analysis, n: Vec2, c: Rgba, prims: &mut Vec<Prim>) {
    let Some((lo, _)) = support_interval(an, n) else {
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
        format!("depth {:.4} along −n", -lo)
    } else {
        format!("gap {lo:.4} along n")
    };
    prims.push(label(n * lo, text, c));
}

/// The ray from the origin along −v, and where it meets B − A (the time of impact).
fn sweep_ray(scene: &Scene, an: &Analysis, hit: Option<f32>, c: Rgba, prims: &mut Vec<Prim>) {
    let (Some(sa), Some(sb)) = (scene.shapes.get(an.a), scene.shapes.get(an.b)) else {
        return;
    };
    let v = sb.velocity - sa.velocity;
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
    prims.push(label(-v, "−v: t = 1", c));
    if let Some(t) = hit {
        prims.push(dot(-v * t, 5.0, c));
        prims.push(label(-v * t, format!("hit at t = {t:.4}"), c));
    }
}

/// The shape cast's conservative advancement on the ray: each pose so far at `−t·v`, and
/// around the current one the disc its distance to B − A clears — the ray can advance
/// through that disc without touching B − A, which is why the next `t` is safe.
fn advancement(scene: &Scene, an: &Analysis, step: usize, c: Rgba, prims: &mut Vec<Prim>) {
    let (Some(sa), Some(sb)) = (scene.shapes.get(an.a), scene.shapes.get(an.b)) else {
        return;
    };
    let v = sb.velocity - sa.velocity;
    let steps = &an.cast_trace.steps;
    for (k, s) in steps.iter().enumerate().take(step + 1) {
        let x = -v * s.t;
        if !x.is_finite() {
            continue;
        }
        prims.push(dot(x, 3.0, c.with_alpha(if k == step { 255 } else { 140 })));
        if k == step && s.distance > 0.0 && s.distance.is_finite() {
            let ring: Vec<Vec2> = (0..48)
                .map(|j| {
                    let a = j as f32 / 48.0 * std::f32::consts::TAU;
                    x + Vec2::new(a.cos(), a.sin()) * s.distance
                })
                .collect();
            prims.push(Prim::Polyline {
                points: ring,
                closed: true,
                width: 1.0,
                color: c.with_alpha(150),
                dashed: true,
            });
            prims.push(label(
                x,
                format!("t = {:.4}: {:.4} from B − A", s.t, s.distance),
                c,
            ));
        }
    }
}

/// The GJK ray cast on B − A: every iteration of its march along the ray from the origin
/// at once (the march is short: a face is reached in one advance), the final simplex, and
/// the time it reached beside the algorithm's own.
fn gjk_cast_ray(an: &Analysis, prims: &mut Vec<Prim>) {
    use crate::core::raycast::GjkMarch;
    let c = LayerId::ConfigPicture.color();
    let study = match &an.cast_ray {
        Ok(s) => s,
        Err(why) => {
            if *why != crate::trace::cast_ray::CastRayRefusal::NoRelativeMotion {
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

/// Turning shapes: B − A changes shape with time, so the step's time gets its own B − A
/// (dashed) — at an outer iteration `t1` with the closest point to the origin (the core
/// distance), at a push-back `t2`, at the end the time of impact, where it reaches the
/// origin.
fn turning(scene: &Scene, an: &Analysis, step: usize, prims: &mut Vec<Prim>) {
    use crate::trace::analysis::{minkowski_tolerance, rotating_steps};
    let (Some(sa), Some(sb)) = (scene.shapes.get(an.a), scene.shapes.get(an.b)) else {
        return;
    };
    let c = LayerId::Toi.color();
    let tr = &an.rotating_trace;
    let (t, closest) = match rotating_steps(tr).get(step) {
        Some(s) => match tr.iterations.get(s.iteration) {
            Some(it) => match s.push.and_then(|p| it.pushes.get(p)) {
                Some(p) => (p.t2, None),
                None => (it.t1, Some((it.point_b - it.point_a, it.distance))),
            },
            None => return,
        },
        None => (an.rotating.t, None),
    };
    let (swa, swb) = scene.pair(an.a, an.b).sweeps();
    let (xa, xb) = (
        super::rotating::pose(&swa, t).transform(),
        super::rotating::pose(&swb, t).transform(),
    );
    let tol = minkowski_tolerance(scene, an.a, an.b);
    let m = crate::core::minkowski::minkowski_difference(&sa.shape, &xa, &sb.shape, &xb, tol);
    if m.points.len() >= 2 {
        prims.push(Prim::Polyline {
            points: m.points.clone(),
            closed: true,
            width: 1.5,
            color: c,
            dashed: true,
        });
        let top = m
            .points
            .iter()
            .copied()
            .fold(m.points[0], |a, p| if p.y > a.y { p } else { a });
        prims.push(label(top, format!("B − A at t = {t:.4}"), c));
    }
    if let Some((p, d)) = closest.filter(|(p, _)| p.is_finite()) {
        prims.push(line(Vec2::ZERO, p, 1.5, c.with_alpha(200)));
        prims.push(dot(p, 3.5, c));
        prims.push(label(p, format!("core distance {d:.4}"), c));
    }
}

/// The layer: this algorithm's picture in configuration space at `step`.
pub(super) fn config_layer(
    scene: &Scene,
    an: &Analysis,
    algorithm: Algorithm,
    step: usize,
    source: crate::core::manifold::ManifoldSource,
) -> Vec<Prim> {
    let mut prims = Vec::new();
    match algorithm {
        Algorithm::Sat => {
            let c = LayerId::Sat.color();
            match an.sat_trace.axes.get(step) {
                Some(r) => {
                    let name = format!("{} edge {}", r.owner.as_str(), r.edge);
                    axis_interval(an, r.axis, &name, c, &mut prims);
                }
                None => axis_interval(an, an.sat.normal, "chosen axis", c, &mut prims),
            }
        }
        Algorithm::BoxBox => {
            let c = LayerId::Manifold.color();
            if step == 0 {
                for r in &an.box_box_trace.axes {
                    let name = format!("{} face {}", r.owner.as_str(), r.edge);
                    axis_interval(an, r.normal, &name, c, &mut prims);
                }
            } else if let Ok(o) = &an.box_box {
                mtv(an, o.normal, c, &mut prims);
            }
        }
        Algorithm::Manifold => {
            let (out, tr) = an.manifold(source);
            let n = match crate::trace::analysis::manifold_phase(tr, step) {
                ManifoldPhase::Points => out.normal,
                _ => tr.normal.unwrap_or(out.normal),
            };
            mtv(an, n, LayerId::Manifold.color(), &mut prims);
        }
        Algorithm::Toi | Algorithm::Cast => {
            let (hit, t) = match algorithm {
                Algorithm::Toi => (an.swept.hit, an.swept.t),
                _ => (an.cast.hit, an.cast.t),
            };
            // The hit is marked once the algorithm has found it: at its last step.
            let last = step + 1 >= an.step_count(algorithm);
            let hit = (hit && last).then_some(t);
            let c = LayerId::Toi.color();
            sweep_ray(scene, an, hit, c, &mut prims);
            gjk_cast_ray(an, &mut prims);
            if algorithm == Algorithm::Cast {
                advancement(scene, an, step, c, &mut prims);
            }
        }
        Algorithm::Clip => {
            let inside = an.penetration.is_some() || an.distance.distance <= 0.0;
            let text = if inside {
                "origin inside: overlap"
            } else {
                "origin outside: apart"
            };
            prims.push(label(Vec2::ZERO, text, LayerId::Clip.color()));
        }
        Algorithm::Rotating => turning(scene, an, step, &mut prims),
        // GJK and EPA draw their own layers here; the hull and a ray against A are not
        // about a pair's B − A.
        _ => {}
    }
    prims
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::gjk::SimplexCache;
    use crate::core::manifold::ManifoldSource;
    use crate::scene::{parse_scene, DEFAULT_SCENE};

    fn welcome() -> (Scene, Analysis) {
        let scene = parse_scene(DEFAULT_SCENE, "default").unwrap();
        let an = Analysis::compute(&scene, 0, 1, &mut SimplexCache::default());
        (scene, an)
    }

    #[test]
    fn the_axis_interval_and_the_depth_are_the_algorithms_own_numbers() {
        let (_, an) = welcome();
        // SAT's chosen axis: B − A's lowest point along the normal is the separation.
        let (lo, hi) = support_interval(&an, an.sat.normal).unwrap();
        assert!(
            (lo - an.sat.separation).abs() < 2e-3,
            "{lo} vs {}",
            an.sat.separation
        );
        assert!(hi > 0.0);
        // EPA's normal: the boundary behind the origin is the depth away.
        let pen = an.penetration.expect("the welcome pair overlaps");
        let (lo, _) = support_interval(&an, pen.normal).unwrap();
        assert!((-lo - pen.depth).abs() < 2e-3, "{lo} vs {}", pen.depth);
    }

    #[test]
    fn every_pair_algorithm_but_gjk_and_epa_draws_in_configuration_space() {
        let (scene, an) = welcome();
        for algorithm in [
            Algorithm::Sat,
            Algorithm::Manifold,
            Algorithm::Clip,
            Algorithm::Toi,
            Algorithm::Cast,
            Algorithm::Rotating,
        ] {
            for step in 0..an.step_count(algorithm) {
                let prims = config_layer(&scene, &an, algorithm, step, ManifoldSource::Epa);
                assert!(!prims.is_empty(), "{algorithm:?} step {step}");
            }
        }
    }

    #[test]
    fn the_gjk_ray_cast_on_b_minus_a_ends_at_every_moving_scenes_cast_time() {
        // Every scene of the library with a moving pair: the picture's ray-cast label
        // carries the GJK ray cast's time, which is the shape cast's to 1e-3.
        let mut seen = 0;
        for (name, text) in crate::scene::library::FILES {
            let Ok(scene) = parse_scene(text, name) else {
                continue;
            };
            let n = scene.shapes.len().min(8);
            for (a, b) in (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))) {
                if scene.shapes[a].velocity == scene.shapes[b].velocity {
                    continue;
                }
                let an = Analysis::compute(&scene, a, b, &mut SimplexCache::default());
                let (Ok(ray), true) = (&an.cast_ray, an.cast.hit) else {
                    continue;
                };
                assert!(
                    ray.output.hit,
                    "{name} {a}-{b}: the cast hits, the ray does not"
                );
                assert!(
                    (ray.output.fraction - an.cast.t).abs() <= 1.0e-3,
                    "{name} {a}-{b}: ray {} cast {}",
                    ray.output.fraction,
                    an.cast.t
                );
                let prims = config_layer(&scene, &an, Algorithm::Cast, 0, ManifoldSource::Epa);
                let want = format!("GJK ray t = {:.5}", ray.output.fraction);
                assert!(
                    prims
                        .iter()
                        .any(|p| matches!(p, Prim::Label { text, .. } if text.starts_with(&want))),
                    "{name}: no label {want}"
                );
                seen += 1;
            }
        }
        assert!(seen >= 5, "only {seen} moving pairs hit");
    }
}
