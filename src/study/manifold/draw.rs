//! The clipping manifold's layer: features, reference and incident edges, the clip
//! planes, each clip and the points kept.

use super::narrate::toward_words;
use super::{manifold_phase, ManifoldPhase, ManifoldStudy};
use crate::core::manifold::{ClipPlane, ClipStep, FeatureRecord, ManifoldOutput, ManifoldTrace};
use crate::study::StudyCx;
use crate::view::draw::{
    dot, owner_color, plane, seg, text, LayerId, Prim, Rgba, SHAPE_A, SHAPE_B,
};

use crate::view::palette::{ADDED, CUT, KEPT};

pub fn feature(f: &FeatureRecord, width: f32, color: Rgba, name: &str, prims: &mut Vec<Prim>) {
    if f.is_point {
        let p = f.a + f.normal * f.radius;
        prims.push(dot(p, width + 2.0, color));
        prims.push(text(p, name, color).of(f.owner));
    } else {
        prims.push(seg(f.a, f.b, width, color, false));
        prims.push(text(0.5 * (f.a + f.b), name, color).of(f.owner));
    }
}

pub fn clip_step(step: &ClipStep, len: f32, prims: &mut Vec<Prim>) {
    let c = LayerId::Manifold.color();
    prims.push(plane(step.plane_point, step.plane_normal, 0.8 * len, c));
    prims.push(Prim::Arrow {
        from: step.plane_point,
        to: step.plane_point + step.plane_normal * 0.2 * len,
        width: 1.5,
        color: CUT,
    });
    if step.input.len() == 2 {
        prims.push(seg(
            step.input[0],
            step.input[1],
            1.5,
            c.with_alpha(140),
            true,
        ));
    }
    if step.output.len() == 2 {
        prims.push(seg(step.output[0], step.output[1], 3.0, c, false));
    }
    for p in &step.kept {
        prims.push(dot(*p, 4.5, KEPT));
    }
    for p in &step.cut {
        prims.push(dot(*p, 4.5, CUT));
        prims.push(text(*p, "cut", CUT));
    }
    if let Some(p) = step.added {
        prims.push(dot(p, 5.0, ADDED));
        prims.push(text(p, "crossing", ADDED));
    }
}

/// Manifold step `k` with `source`'s normal.
pub fn manifold_layer(cx: &StudyCx, study: &ManifoldStudy, k: usize) -> Vec<Prim> {
    let (out, tr) = study.get(cx.source);
    let len = cx.basics().size(cx.scene);
    let mut prims = Vec::new();
    match manifold_phase(tr, k) {
        ManifoldPhase::Features => features(tr, len, &mut prims),
        ManifoldPhase::ReferenceIncident => reference_incident(tr, len, &mut prims),
        ManifoldPhase::Clip(j) => {
            if let Some(r) = &tr.reference {
                prims.push(seg(r.a, r.b, 3.0, owner_color(r.owner), false));
            }
            if let Some(step) = tr.clips.get(j) {
                clip_step(step, len, &mut prims);
            }
        }
        ManifoldPhase::Points => points(out, len, &mut prims),
    }
    prims
}

/// The features of A and B along the normal (each shape's farthest toward the other),
/// and the normal between them.
/// `len`: the pair's size.
fn features(tr: &ManifoldTrace, len: f32, prims: &mut Vec<Prim>) {
    let c = LayerId::Manifold.color();
    if let (Some(fa), Some(fb)) = (&tr.feature_a, &tr.feature_b) {
        // Named as the narration names them: "A's edge 0–1" (each shape's feature
        // toward the other along the normal).
        for (f, color) in [(fa, SHAPE_A), (fb, SHAPE_B)] {
            feature(f, 4.0, color, &toward_words(f), prims);
        }
        if let Some(n) = tr.normal {
            let from = 0.25 * (fa.a + fa.b + fb.a + fb.b);
            prims.push(Prim::Arrow {
                from,
                to: from + n * 0.4 * len,
                width: 2.5,
                color: c,
            });
            prims.push(text(from + n * 0.4 * len, "normal", c));
        }
    }
}

/// The reference edge (solid) and the incident edge (dashed), the reference's side
/// planes, and the reference face moved out when the rule clips by it too.
fn reference_incident(tr: &ManifoldTrace, len: f32, prims: &mut Vec<Prim>) {
    let c = LayerId::Manifold.color();
    let (Some(r), Some(i)) = (&tr.reference, &tr.incident) else {
        return;
    };
    // Each edge named at its middle, as its owner's ("reference (A)").
    let named = |e: &FeatureRecord, word: &str| {
        text(
            0.5 * (e.a + e.b),
            format!("{word} ({})", e.owner.as_str()),
            c,
        )
        .of(e.owner)
    };
    prims.push(seg(r.a, r.b, 5.0, owner_color(r.owner), false));
    prims.push(named(r, "reference"));
    prims.push(seg(i.a, i.b, 3.0, owner_color(i.owner), true));
    prims.push(named(i, "incident"));
    let t = (r.b - r.a).normalize_or_zero();
    prims.push(plane(r.a, -t, 0.6 * len, c.with_alpha(160)));
    prims.push(plane(r.b, t, 0.6 * len, c.with_alpha(160)));
    // Named as the narration and the lessons number them: side plane 1 stands on the
    // face's first vertex. Written out past the face (the face's outward normal is the
    // right perpendicular of a → b).
    let out = glam::Vec2::new(t.y, -t.x) * (0.45 * len);
    prims.push(text(r.a + out, "side plane 1", c));
    prims.push(text(r.b + out, "side plane 2", c));
    // A rule that also clips by the reference face (moved out) shows that
    // plane with the side planes, so each plane can be checked before it cuts.
    for step in tr
        .clips
        .iter()
        .filter(|s| s.plane == ClipPlane::ReferenceFace)
    {
        prims.push(plane(
            step.plane_point,
            step.plane_normal,
            0.8 * len,
            c.with_alpha(160),
        ));
        prims.push(text(step.plane_point, "face moved out", c));
    }
}

/// The manifold's points, each pair joined and labelled with its features and
/// separation, and the normal from the first.
fn points(out: &ManifoldOutput, len: f32, prims: &mut Vec<Prim>) {
    let c = LayerId::Manifold.color();
    for p in out.points() {
        prims.push(seg(p.point_a, p.point_b, 2.0, c, false));
        prims.push(dot(p.point_a, 4.5, SHAPE_A));
        prims.push(dot(p.point_b, 4.5, SHAPE_B));
        prims.push(text(
            p.point_b,
            format!(
                "{}  sep {:.4}",
                crate::view::text::describe_contact_id(p.features),
                p.separation
            ),
            c,
        ));
    }
    if let Some(p) = out.points().first() {
        prims.push(normal_arrow(p.point_a, out.normal, len, c));
    }
}

/// The contact normal, drawn from the first point on A, 0.35 of the view's size `len`
/// long (the manifold's and box–box's pictures).
pub fn normal_arrow(from: glam::Vec2, normal: glam::Vec2, len: f32, color: Rgba) -> Prim {
    Prim::Arrow {
        from,
        to: from + normal * 0.35 * len,
        width: 2.5,
        color,
    }
}

#[cfg(test)]
mod tests {
    use crate::core::manifold::ManifoldSource;
    use crate::scene::load_scene;
    use crate::study::{Algorithm, Studies};
    use crate::view::draw::{DrawList, LayerId, Prim};
    use std::path::Path;

    /// The features step names each feature by its owner, its kind and number ("A's
    /// edge 0–1"), and the narration of that step names the same features in the same
    /// words, as each shape's feature toward the other.
    #[test]
    fn the_features_are_named_as_the_narration_names_them() {
        let scene = load_scene(Path::new("scenes/welcome.ron")).expect("scene");
        let studies = Studies::compute(&scene, 0, 1, &mut Default::default());
        let cx = studies.cx(&scene, ManifoldSource::Epa);
        let study = studies.get(Algorithm::Manifold);
        let mut list = DrawList::default();
        study.draw(&cx, 0, &mut list);
        let words = study.narrate(&cx, 0);
        let labels: Vec<String> = list
            .layer(LayerId::Manifold)
            .expect("the manifold's layer")
            .prims
            .iter()
            .filter_map(|p| match p {
                Prim::Label { text, .. } => Some(text.clone()),
                _ => None,
            })
            .filter(|t| t.starts_with("A's ") || t.starts_with("B's "))
            .collect();
        assert_eq!(labels.len(), 2, "{labels:?}");
        assert!(labels[0].starts_with("A's ") && labels[1].starts_with("B's "));
        assert!(
            words.contains("each shape's feature toward the other"),
            "{words}"
        );
        for feature in &labels {
            assert!(
                words.contains(feature.as_str()),
                "{feature:?} not in {words:?}"
            );
        }
    }
}
