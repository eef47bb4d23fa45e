//! The rotating time of impact, drawn (world space): the sweep (both shapes at eight
//! times along the step), then per step the poses at `t1` with the separation axis
//! (the closest points there and the segment between them are the witness layer's),
//! or the poses at `t2` with the deepest pair; last, the poses at the time of impact
//! with the contact point and normal.

use super::{rotating_steps, RotatingStudy};
use crate::core::shape::Pose;
use crate::core::toi::rotating::{SeparationKind, Sweep, ToiTermination};
use crate::scene::Scene;
use crate::study::motion::{relative_motion, still_pair_prims, Motion};
use crate::study::{Basics, StudyCx};
use crate::view::draw::ghost::ghost;
use crate::view::draw::{dot, line, text, LayerId, Prim, SHAPE_A, SHAPE_B};
use glam::Vec2;

/// Ghost poses of the sweep preview.
const PREVIEW_POSES: usize = 8;

/// A sweep's pose at time `t`: centre and angle interpolated linearly, as Box2D's.
pub fn pose(s: &Sweep, t: f32) -> Pose {
    Pose::new(s.c1 + t * (s.c2 - s.c1), s.a1 + t * (s.a2 - s.a1))
}

/// Both shapes' ghosts at time `t` of their sweeps.
fn both(
    scene: &Scene,
    an: &Basics,
    sweeps: (&Sweep, &Sweep),
    t: f32,
    alpha: u8,
    dashed: bool,
    prims: &mut Vec<Prim>,
) {
    ghost(
        scene,
        an.a,
        &pose(sweeps.0, t),
        SHAPE_A,
        alpha,
        dashed,
        prims,
    );
    ghost(
        scene,
        an.b,
        &pose(sweeps.1, t),
        SHAPE_B,
        alpha,
        dashed,
        prims,
    );
}

/// Step `k` of the rotating time of impact.
pub fn rotating_layer(cx: &StudyCx, study: &RotatingStudy, k: usize) -> Vec<Prim> {
    let (scene, an) = (cx.scene, cx.basics());
    let c = LayerId::Toi.color();
    let (sa, sb) = (study.sweeps.0, study.sweeps.1);
    let mut prims = Vec::new();
    // The sweep preview: faint ghosts along the motion.
    for i in 1..=PREVIEW_POSES {
        let t = i as f32 / PREVIEW_POSES as f32;
        both(scene, an, (&sa, &sb), t, 60, true, &mut prims);
    }
    // A still pair: its ghosts all lie on the shapes; the answer said where they are.
    prims.extend(still_pair_prims(cx, Motion::Turning));
    let tr = &study.trace;
    let steps = rotating_steps(tr);
    let Some(step) = steps.get(k) else {
        result_prims(cx, study, &mut prims);
        return prims;
    };
    let Some(it) = tr.iterations.get(step.iteration) else {
        return prims;
    };
    match step.push.and_then(|p| it.pushes.get(p)) {
        None => {
            both(scene, an, (&sa, &sb), it.t1, 220, false, &mut prims);
            // The closest points and the segment between them are the witness layer's
            // (`closest_points`): a lesson can light them without the sweep.
            // Below the distance line: the axis label sits above, at the arrow's tip.
            prims.push(Prim::Label {
                at: 0.5 * (it.point_a + it.point_b),
                offset: Vec2::new(6.0, 16.0),
                text: format!(
                    "t1 = {:.4}, d = {}",
                    it.t1,
                    crate::view::text::Len(it.distance)
                ),
                color: c,
                size: 14.0,
                of: None,
            });
            if let Some(f) = &it.function {
                // From the shape whose side the axis measures from: B's face points at
                // A, the others from A towards B.
                let axis = f.world_axis(&sa, &sb, it.t1);
                let from = match f.kind {
                    SeparationKind::FaceB => it.point_b,
                    _ => it.point_a,
                };
                let len = 0.25 * an.size(scene);
                prims.push(Prim::Arrow {
                    from,
                    to: from + axis * len,
                    width: 2.0,
                    color: c,
                });
                prims.push(text(
                    from + axis * len,
                    format!("axis: {}", kind_words(f.kind)),
                    c,
                ));
            }
        }
        Some(p) => {
            both(scene, an, (&sa, &sb), it.t1, 120, false, &mut prims);
            both(scene, an, (&sa, &sb), p.t2, 230, true, &mut prims);
            let (xa, xb) = (sa.transform(p.t2), sb.transform(p.t2));
            let va = p
                .index_a
                .and_then(|i| scene.shapes[an.a].shape.vertices().get(i));
            let vb = p
                .index_b
                .and_then(|i| scene.shapes[an.b].shape.vertices().get(i));
            let mut anchor = None;
            for v in [va.map(|v| xa.apply(*v)), vb.map(|v| xb.apply(*v))]
                .into_iter()
                .flatten()
            {
                prims.push(dot(v, 5.5, c));
                anchor = Some(v);
            }
            if let Some(at) = anchor {
                prims.push(text(at, format!("t2 = {:.4}, s = {:.4}", p.t2, p.s2), c));
            }
        }
    }
    prims
}

/// At an outer iteration's step, GJK's closest points of the poses at `t1` and the
/// segment between them (the witness layer); nothing at a push-back or the answer.
pub fn closest_points(study: &RotatingStudy, k: usize) -> Vec<Prim> {
    let c = LayerId::Witness.color();
    let tr = &study.trace;
    let steps = rotating_steps(tr);
    let it = steps
        .get(k)
        .filter(|s| s.push.is_none())
        .and_then(|s| tr.iterations.get(s.iteration));
    match it {
        Some(it) => vec![
            line(it.point_a, it.point_b, 2.0, c),
            dot(it.point_a, 4.0, c),
            dot(it.point_b, 4.0, c),
        ],
        None => Vec::new(),
    }
}

/// The answer: the poses at the time of impact, the point and normal (a hit), or the
/// poses at the end with how it ended (a still pair's is said by
/// [`still_pair_prims`]).
fn result_prims(cx: &StudyCx, study: &RotatingStudy, prims: &mut Vec<Prim>) {
    let (scene, an) = (cx.scene, cx.basics());
    let (sa, sb) = (&study.sweeps.0, &study.sweeps.1);
    let c = LayerId::Toi.color();
    let o = &study.output;
    both(scene, an, (sa, sb), o.t, 240, false, prims);
    if o.termination == ToiTermination::Hit {
        prims.push(dot(o.point, 6.0, c));
        let len = 0.25 * an.size(scene);
        prims.push(Prim::Arrow {
            from: o.point,
            to: o.point + o.normal * len,
            width: 2.0,
            color: c,
        });
        prims.push(text(o.point, format!("hit at t = {:.5}", o.t), c));
    } else if relative_motion(cx, Motion::Turning) {
        let at = pose(sb, o.t).position;
        prims.push(text(
            at + Vec2::ZERO,
            format!("{} (t = {:.4})", o.termination.as_str(), o.t),
            c,
        ));
    }
}

/// A separation function's kind as the lesson's choices name it.
pub fn kind_words(kind: SeparationKind) -> &'static str {
    match kind {
        SeparationKind::Points => "points",
        SeparationKind::FaceA => "A's face",
        SeparationKind::FaceB => "B's face",
    }
}
