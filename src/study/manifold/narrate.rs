//! The clipping manifold's steps in words: features, reference and incident edges,
//! each clip, the points kept. With the `Box2dV3` preset's SAT source the words follow
//! Box2D's function (named, with its order of the shapes), and every exact tie says
//! which rule broke it.

use super::{manifold_phase, ManifoldPhase, ManifoldStudy};
use crate::core::manifold::{
    Box2dCall, Box2dFunction, ClipPlane, ClipStep, FeatureRecord, ManifoldCase, ManifoldOutput,
    ManifoldSource, ManifoldTermination, ManifoldTie, ManifoldTrace, NormalSource, TieChoice,
};
use crate::core::sat::Owner;
use crate::view::text::{describe_contact_id, p, Len};

/// Manifold step `k` with `source`'s normal.
pub fn manifold_step(study: &ManifoldStudy, source: ManifoldSource, k: usize) -> String {
    let (out, tr) = study.get(source);
    match manifold_phase(tr, k) {
        ManifoldPhase::Features => features_text(tr),
        ManifoldPhase::ReferenceIncident => reference_incident_text(tr),
        ManifoldPhase::Clip(j) => clip_text(tr, j),
        ManifoldPhase::Points => points_text(out, tr.box2d.is_some()),
    }
}

/// A feature in words: "edge 2–3" or "vertex 1".
fn feature_words(f: &FeatureRecord) -> String {
    if f.is_point {
        format!("vertex {}", f.index_a)
    } else {
        format!("edge {}–{}", f.index_a, f.index_b)
    }
}

/// Which Box2D function made the manifold, and in which order it took the shapes.
fn box2d_intro(call: &Box2dCall) -> String {
    let what = match call.function {
        Box2dFunction::Polygons
        | Box2dFunction::PolygonAndCapsule
        | Box2dFunction::SegmentAndPolygon => {
            "SAT over both shapes' faces (b2FindMaxSeparation), in the first shape's frame with its first vertex as origin, gives the reference face: the first shape's unless the second's separates more"
        }
        Box2dFunction::Capsules
        | Box2dFunction::SegmentAndCapsule
        | Box2dFunction::SegmentAndSegment => {
            "the closest points of the two segments (in the first one's frame, its first end as origin) decide: one point between them, or the two segments clipped"
        }
        Box2dFunction::PolygonAndCircle => {
            "the polygon's face farthest from the circle's centre, then the centre's region of that face, give the normal"
        }
        Box2dFunction::Circles
        | Box2dFunction::CapsuleAndCircle
        | Box2dFunction::SegmentAndCircle => {
            "the closest points of the cores give the normal"
        }
    };
    let order = if call.swapped {
        " Box2D collides these kinds in the other order: B is its first shape, and the normal is turned back to run from A to B."
    } else {
        ""
    };
    format!("Box2D v3's {}: {what}.{order} ", call.function.as_str())
}

/// The shape that is a Box2D function's first (A, or B when it took the pair swapped).
fn first_of(call: Option<&Box2dCall>) -> Owner {
    match call {
        Some(c) if c.swapped => Owner::B,
        _ => Owner::A,
    }
}

/// A list of indices in words: "0 and 2", "0, 1 and 3".
fn list(ks: &[usize]) -> String {
    let words: Vec<String> = ks.iter().map(|k| k.to_string()).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => words.join(""),
    }
}

/// One tie in words: what tied, on what value, and the rule that broke it.
pub fn tie_sentence(tie: &ManifoldTie, call: Option<&Box2dCall>) -> String {
    let v = tie.value + 0.0;
    match tie.choice {
        TieChoice::MaxSeparationFace(o) => format!(
            "Faces {} of {} separate equally ({v:.4}): a tie, which b2FindMaxSeparation breaks by keeping the first it finds, face {}.",
            list(&tie.tied),
            o.as_str(),
            tie.taken
        ),
        TieChoice::ReferenceOwner => {
            let first = first_of(call);
            format!(
                "{}'s best face {} and {}'s best face {} separate equally ({v:.4}): a tie, which Box2D breaks for its first shape, {} (separationA >= separationB).",
                first.as_str(),
                tie.tied.first().copied().unwrap_or(0),
                first.other().as_str(),
                tie.tied.get(1).copied().unwrap_or(0),
                first.as_str()
            )
        }
        TieChoice::IncidentEdge(o) => format!(
            "Edges {} of {} are equally anti-parallel to the reference normal: a tie, which Box2D breaks by keeping the first it finds, edge {}, as the incident edge.",
            list(&tie.tied),
            o.as_str(),
            tie.taken
        ),
        TieChoice::CircleFace(o) => format!(
            "Faces {} of {} are equally far from the circle's centre ({v:.4}): a tie, which b2CollidePolygonAndCircle breaks by keeping the first it finds, face {}.",
            list(&tie.tied),
            o.as_str(),
            tie.taken
        ),
        TieChoice::SegmentSide(o) => format!(
            "Both sides of {}'s segment separate equally ({v:.4}): a tie, which b2CollideCapsules breaks by taking the segment's right side (its edge 0).",
            o.as_str()
        ),
    }
}

/// The ties of the features step (all but the incident edge's).
fn feature_ties(tr: &ManifoldTrace) -> String {
    tr.ties
        .iter()
        .filter(|t| !matches!(t.choice, TieChoice::IncidentEdge(_)))
        .map(|t| format!(" {}", tie_sentence(t, tr.box2d.as_ref())))
        .collect()
}

/// The normal, where it comes from, the features along it and the case they make.
fn features_text(tr: &ManifoldTrace) -> String {
    let src = match tr.normal_source {
        Some(NormalSource::Epa) => "EPA's penetration normal",
        Some(NormalSource::Sat) => "SAT's axis of least penetration",
        Some(NormalSource::ClosestPoints) => {
            "the direction between the closest points (the shapes are apart)"
        }
        None => "no normal",
    };
    let mut s = tr.box2d.as_ref().map(box2d_intro).unwrap_or_default();
    s += &format!(
        "The normal {} comes from {src}, with separation {}. ",
        tr.normal.map(p).unwrap_or_default(),
        Len(tr.separation.unwrap_or(0.0))
    );
    if let (Some(fa), Some(fb)) = (&tr.feature_a, &tr.feature_b) {
        s += &format!(
            "The feature of A is {}; of B, {}. ",
            feature_words(fa),
            feature_words(fb)
        );
    }
    s += match tr.case {
        Some(ManifoldCase::PointPoint) => "Two points: one contact between them.",
        Some(ManifoldCase::PointSegment) => "A point against an edge: the point is the contact if it projects inside the edge, else the edge's nearest end.",
        Some(ManifoldCase::SegmentSegment) => "Two edges: one becomes the reference, the other is clipped against it.",
        Some(ManifoldCase::VertexVertex) => "The closest features are two vertices: one contact.",
        None => "",
    };
    s + &feature_ties(tr)
}

/// The reference and incident features.
fn reference_incident_text(tr: &ManifoldTrace) -> String {
    let (Some(r), Some(i)) = (&tr.reference, &tr.incident) else {
        return String::new();
    };
    let ties: String = tr
        .ties
        .iter()
        .filter(|t| matches!(t.choice, TieChoice::IncidentEdge(_)))
        .map(|t| format!(" {}", tie_sentence(t, tr.box2d.as_ref())))
        .collect();
    if r.is_point || i.is_point {
        return format!(
            "From {}'s {} to {}'s {}: one contact point, midway between the two surfaces.{ties}",
            r.owner.as_str(),
            feature_words(r),
            i.owner.as_str(),
            feature_words(i)
        );
    }
    let capsule_rule = tr.clips.last().map(|c| c.plane) == Some(ClipPlane::ClosestDistance);
    // The last plane is the reference face moved out (`clip_reference_face`): by the
    // speculative distance, plus the radii of rounded shapes.
    let moved_out = if r.radius + i.radius > 0.0 {
        "by the reference face moved out by the radii and the speculative distance"
    } else {
        "by the reference face moved out by the speculative distance"
    };
    let (why, then) = match (&tr.box2d, capsule_rule) {
        (_, true) => (
            "the side that separates them most",
            "kept only if a clipped point lies within slop of the closest distance (Box2D's capsule rule)",
        ),
        (Some(_), false) => (
            "the face SAT chose",
            "both clipped points are kept, whatever their separation, even where they coincide",
        ),
        // The other presets' reference edge, as `reference_is_b` picks it: SAT's
        // face when SAT gave the normal, the face whose plane separates the cores
        // more when they are apart, else the edge more perpendicular to the normal.
        (None, false) => match tr.normal_source {
            Some(NormalSource::Sat) => ("the face SAT chose", moved_out),
            Some(NormalSource::ClosestPoints) => {
                ("the face whose plane separates the cores more", moved_out)
            }
            _ => ("the one more perpendicular to the normal", moved_out),
        },
    };
    format!(
        "The reference edge is {}'s {}, {why}; the incident edge is {}'s {}{}. The incident edge will be clipped by the two side planes through the reference edge's ends, then {then}.{ties}",
        r.owner.as_str(),
        feature_words(r),
        i.owner.as_str(),
        feature_words(i),
        if tr.box2d.is_some() && !capsule_rule {
            ", its normal the most anti-parallel to the reference normal"
        } else {
            ""
        },
    )
}

/// Clip `j`: the plane, the points in, kept, cut and added.
fn clip_text(tr: &ManifoldTrace, j: usize) -> String {
    let Some(c) = tr.clips.get(j) else {
        return String::new();
    };
    match c.plane {
        ClipPlane::ClosestDistance => return slop_rule_text(c),
        ClipPlane::VertexVertex => return vertex_rule_text(c),
        _ => {}
    }
    let plane = match c.plane {
        ClipPlane::Side1 => "the side plane through the reference edge's first end",
        ClipPlane::Side2 => "the side plane through the reference edge's second end",
        _ => "the reference face (moved out by the radii and the speculative distance)",
    };
    let mut s = format!(
        "Clip {} by {plane}: {} point{} in, {} kept",
        j + 1,
        c.input.len(),
        if c.input.len() == 1 { "" } else { "s" },
        c.kept.len()
    );
    if !c.cut.is_empty() {
        s += &format!(", {} cut (beyond the plane)", c.cut.len());
    }
    if let Some(x) = c.added {
        s += &format!(
            ", and the crossing point {} added where the edge meets the plane",
            p(x)
        );
    }
    if c.output.is_empty() && tr.box2d.is_some() {
        s += ". The incident edge lies wholly beside the reference edge: Box2D makes no point";
    }
    s + "."
}

/// Two segment cores (Box2D v3's `b2CollideCapsules`): both clipped points or none.
fn slop_rule_text(c: &ClipStep) -> String {
    let verdict = if c.kept.is_empty() {
        "Neither clipped point is within linear slop (0.005) of the closest distance, so both go: a far clipped point would be a speculative contact that only misleads the solver. One point is made between the closest points instead."
    } else {
        "One of them lies within linear slop (0.005) of the closest distance, so both are kept, however far the other one is."
    };
    format!(
        "Box2D's rule for two segments (capsules): the plane drawn is the closest distance between the cores plus linear slop. {} clipped point{} in. {verdict}",
        c.input.len(),
        if c.input.len() == 1 { "" } else { "s" },
    )
}

/// Two polygons apart (Box2D v3's `b2CollidePolygons`): the vertex–vertex rule.
fn vertex_rule_text(c: &ClipStep) -> String {
    let verdict = if c.added.is_some() {
        "Every clipped point lies beyond it and the closest features are two vertices, so one point between those vertices replaces the clipped ones."
    } else {
        "A clipped point lies within it, or the closest features are not two vertices: the clipped points stay."
    };
    format!(
        "Box2D's vertex–vertex rule (the shapes are apart by more than 0.1 × linear slop): the plane drawn lies at the two edges' closest distance plus 0.1 × linear slop from the reference face. {verdict}"
    )
}

/// The contact points, each with its separation, id and features.
fn points_text(out: &ManifoldOutput, box2d: bool) -> String {
    match out.termination {
        ManifoldTermination::Separated => {
            return "The shapes are farther apart than the speculative distance: no manifold."
                .to_string()
        }
        ManifoldTermination::NoOverlap => {
            return "The incident edge lies beside the reference face, not over it: Box2D's clip keeps nothing, so there is no contact point although the shapes are within the speculative distance.".to_string()
        }
        _ => {}
    }
    let mut s = format!(
        "{} contact point{} with normal {}",
        out.points().len(),
        if out.points().len() == 1 { "" } else { "s" },
        p(out.normal)
    );
    s += if out.termination == ManifoldTermination::SupportFallback {
        " (clipping kept nothing, so the deepest incident vertex is used)"
    } else {
        ""
    };
    s += ":";
    for pt in out.points() {
        let features = describe_contact_id(pt.features);
        if box2d {
            s += &format!(
                " separation {} (id {:#06x}, Box2D's B2_MAKE_ID({}, {}); {features});",
                Len(pt.separation),
                pt.id,
                pt.id >> 8,
                pt.id & 0xff
            );
        } else {
            // Not Box2D's function: no Box2D id to give, our feature pair is the key.
            s += &format!(
                " separation {} ({features}, feature key {:#x});",
                Len(pt.separation),
                pt.features
            );
        }
    }
    s.pop();
    let coincide = out.points().len() == 2
        && out.points()[0].point_a == out.points()[1].point_a
        && out.points()[0].point_b == out.points()[1].point_b;
    if coincide {
        s += ". The two points lie at the same place: Box2D keeps both, each with its own id";
    }
    let key = if box2d { "id" } else { "feature key" };
    s + &format!(
        ". Negative separation is penetration; the {key} stays the same while the features stay the same."
    )
}
