//! The engines' overlay layers: each engine's answer drawn over ours in its colour
//! (Box2D v3 white, parry2d lime), as rings so that our filled dots stay visible under
//! them, each labelled with the engine's name — so a disagreement is seen on the
//! canvas, not only read in the table. What is drawn follows the algorithm shown:
//! witness points for GJK, the penetration for EPA, contact points and normal for the
//! contact algorithms, the impact point and normal for time of impact.

use super::prims::line;
use super::{DrawList, LayerId, Prim, Rgba};
use crate::scene::Scene;
use crate::trace::analysis::Algorithm;
use crate::trace::peer_answer::{Engine, EngineAnswer};
use glam::Vec2;

/// A ring of `radius` world units around `at`: a closed polyline of 16 segments.
fn ring(at: Vec2, radius: f32, color: Rgba) -> Prim {
    let points = (0..16)
        .map(|k| {
            let t = k as f32 * std::f32::consts::TAU / 16.0;
            at + radius * Vec2::new(t.cos(), t.sin())
        })
        .collect();
    Prim::Polyline {
        points,
        closed: true,
        width: 2.0,
        color,
        dashed: false,
    }
}

/// The engine's label at `at`: Box2D's above-right of the point, parry's below-right,
/// so the two never sit on each other when the engines agree.
fn tag(engine: Engine, at: Vec2, text: String, color: Rgba) -> Prim {
    let offset = match engine {
        Engine::Box2d => Vec2::new(8.0, -10.0),
        Engine::Parry => Vec2::new(8.0, 20.0),
    };
    Prim::Label {
        at,
        offset,
        text: crate::view::text::tidy_zeros(&text),
        color,
        size: 14.0,
    }
}

fn arrow(from: Vec2, to: Vec2, color: Rgba) -> Prim {
    Prim::Arrow {
        from,
        to,
        width: 2.0,
        color,
    }
}

/// The overlay of every engine on the pair `(a, b)` of `scene`: [`peer_layers`] sized
/// by the pair (the sum of the shapes' bounding radii). The app's canvas and the
/// exported pictures both draw it through here.
pub fn pair_peer_layers(
    scene: &Scene,
    (a, b): (usize, usize),
    answers: &[(Engine, EngineAnswer)],
    algorithm: Algorithm,
    step: usize,
    out: &mut DrawList,
) {
    let size = scene.shapes[a].shape.bounding_radius() + scene.shapes[b].shape.bounding_radius();
    peer_layers(answers, algorithm, step, size, out);
}

/// The overlay of every engine for `algorithm`. `size` is the pair's size (world
/// units), for ring radii and arrow lengths.
pub fn peer_layers(
    answers: &[(Engine, EngineAnswer)],
    algorithm: Algorithm,
    step: usize,
    size: f32,
    out: &mut DrawList,
) {
    for (engine, answer) in answers {
        let id = match engine {
            Engine::Box2d => LayerId::PeerBox2d,
            Engine::Parry => LayerId::PeerParry,
        };
        let prims = engine_prims(*engine, answer, algorithm, size, id.color());
        out.push(id, prims);
        if algorithm == Algorithm::Gjk && !answer.simplexes.is_empty() {
            out.push(
                LayerId::PeerBox2dSimplex,
                simplex_prims(&answer.simplexes, step, size),
            );
        }
    }
}

/// Box2D's simplex after iteration `step` (its last when it took fewer), dashed, with
/// its vertices as rings and the iteration named: stepped beside ours.
fn simplex_prims(simplexes: &[Vec<Vec2>], step: usize, size: f32) -> Vec<Prim> {
    let c = LayerId::PeerBox2dSimplex.color();
    let k = step.min(simplexes.len() - 1);
    let s = &simplexes[k];
    let mut prims = Vec::new();
    if s.len() >= 2 {
        prims.push(Prim::Polyline {
            points: s.clone(),
            closed: s.len() == 3,
            width: 1.5,
            color: c,
            dashed: true,
        });
    }
    for p in s {
        prims.push(ring(*p, 0.015 * size, c));
    }
    if let Some(p) = s.first() {
        prims.push(tag(
            Engine::Box2d,
            *p,
            format!("Box2D simplex, iteration {} of {}", k + 1, simplexes.len()),
            c,
        ));
    }
    prims
}

fn engine_prims(
    engine: Engine,
    a: &EngineAnswer,
    algorithm: Algorithm,
    size: f32,
    c: Rgba,
) -> Vec<Prim> {
    let r = 0.02 * size;
    let arrow_len = 0.25 * size;
    let name = engine.label();
    let mut prims = Vec::new();
    let v = |p: [f32; 2]| Vec2::from(p);
    match algorithm {
        Algorithm::Gjk => {
            if let Some(d) = &a.distance {
                let (pa, pb) = (v(d.point_a), v(d.point_b));
                if pa.is_finite() && pb.is_finite() {
                    prims.push(line(pa, pb, 1.5, c));
                    prims.push(ring(pa, r, c));
                    prims.push(ring(pb, r, c));
                    prims.push(tag(engine, pb, format!("{name}: d = {:.4}", d.distance), c));
                }
            }
        }
        Algorithm::Epa => {
            if let Some(p) = &a.penetration {
                let (pa, pb) = (v(p.point_a), v(p.point_b));
                prims.push(ring(pa, r, c));
                prims.push(ring(pb, r, c));
                prims.push(arrow(pb, pb + v(p.normal) * arrow_len, c));
                prims.push(tag(engine, pa, format!("{name}: depth {:.4}", p.depth), c));
            } else if let Some(d) = &a.distance {
                prims.push(tag(
                    engine,
                    v(d.point_b),
                    format!("{name}: d = {:.4}", d.distance),
                    c,
                ));
            }
        }
        Algorithm::Toi | Algorithm::Cast => {
            if let Some(t) = &a.toi {
                let p = v(t.point);
                if t.hit && p.is_finite() {
                    prims.push(ring(p, r, c));
                    prims.push(arrow(p, p + v(t.normal) * arrow_len, c));
                    prims.push(tag(engine, p, format!("{name}: t = {:.4}", t.t), c));
                }
            }
        }
        Algorithm::Sat | Algorithm::Manifold | Algorithm::Clip | Algorithm::BoxBox => {
            if let Some(m) = &a.manifold {
                for p in &m.points {
                    prims.push(ring(v(p.point_a), r, c));
                    prims.push(ring(v(p.point_b), 0.6 * r, c));
                }
                if let Some(first) = m.points.first() {
                    let at = v(first.point_b);
                    prims.push(arrow(at, at + v(m.normal) * arrow_len, c));
                    prims.push(tag(
                        engine,
                        at,
                        format!("{name}: {} point(s)", m.points.len()),
                        c,
                    ));
                }
            }
        }
    }
    prims
}
