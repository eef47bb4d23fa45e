//! Plain-words explanations of the contact algorithms' steps: SAT, the clipping
//! manifold, Sutherland–Hodgman and Box2D-Lite's box–box.

use crate::core::box_box::FeaturePair;
use crate::core::manifold::{
    ClipPlane, IdKind, ManifoldCase, ManifoldOutcome, ManifoldSource, NormalSource,
};
use crate::core::sat::{SatChoice, SatOutcome};
use crate::core::sutherland_hodgman::{ClipOutcome, VertexCase};
use crate::trace::analysis::{manifold_phase, Analysis, ManifoldPhase};
use glam::Vec2;

fn p(v: Vec2) -> String {
    // `+ 0.0` turns −0 into 0.
    format!("({:.4}, {:.4})", v.x + 0.0, v.y + 0.0)
}

/// SAT step `k`: one axis, then the choice.
pub fn sat_step(an: &Analysis, k: usize) -> String {
    let tr = &an.sat_trace;
    if let Some(r) = tr.axes.get(k) {
        let mut s = format!(
            "Axis {} of {}: the outward normal {} of {}'s edge {}. Projected on it, A covers [{:.4}, {:.4}] and B covers [{:.4}, {:.4}] (radii included), ",
            k + 1,
            tr.axes.len(),
            p(r.axis),
            r.owner.as_str(),
            r.edge,
            r.interval_a[0],
            r.interval_a[1],
            r.interval_b[0],
            r.interval_b[1]
        );
        s += &if r.separation > 0.0 {
            format!(
                "so a gap of {:.4} separates them: this axis alone proves the shapes apart.",
                r.separation
            )
        } else {
            format!("so they overlap by {:.4} on this axis.", -r.separation)
        };
        let b = &r.best_so_far;
        s += &format!(
            " Best so far: {}'s edge {} (separation {:.4}).",
            b.owner.as_str(),
            b.edge,
            b.separation
        );
        return s;
    }
    let o = &an.sat;
    let mut s = match o.outcome {
        SatOutcome::Separated => format!(
            "The largest separation is {:.4} along {}'s edge {} normal {}: a separating axis, the shapes are apart.",
            o.separation,
            o.axis_owner.as_str(),
            o.edge,
            p(o.normal)
        ),
        SatOutcome::Overlap => format!(
            "Every axis overlaps. The chosen face is {}'s edge {} with penetration {:.4} (normal A to B {}).",
            o.axis_owner.as_str(),
            o.edge,
            -o.separation,
            p(o.normal)
        ),
    };
    if let (Some(a), Some(b), Some(t)) = (&tr.best_a, &tr.best_b, tr.bias_threshold) {
        s += &format!(
            " A's best face (edge {}) separates by {:.4}, B's (edge {}) by {:.4}; B had to exceed {:.4}.",
            a.edge, a.separation, b.edge, b.separation, t
        );
    }
    s += match o.choice {
        SatChoice::BiasKeptA => {
            " B's best face penetrates less, but not by the bias margin (B must beat 0.95 × A's separation + 0.01 × B's size), so A's face is kept: the choice does not flip between nearly equal faces from frame to frame."
        }
        SatChoice::BBeyondBias => " B's best face beat A's by more than the bias margin, so B's face is the reference.",
        SatChoice::OnlyA => " Only A has faces here (B is round).",
        SatChoice::OnlyB => " Only B has faces here (A is round).",
        SatChoice::LargestSeparation => "",
    };
    s
}

/// Manifold step `k` with `source`'s normal.
pub fn manifold_step(an: &Analysis, source: ManifoldSource, k: usize) -> String {
    let (out, tr) = an.manifold(source);
    match manifold_phase(tr, k) {
        ManifoldPhase::Features => {
            let src = match tr.normal_source {
                Some(NormalSource::Epa) => "EPA's penetration normal",
                Some(NormalSource::Sat) => "SAT's axis of least penetration",
                Some(NormalSource::ClosestPoints) => "the direction between the closest points (the shapes are apart)",
                None => "no normal",
            };
            let mut s = format!(
                "The normal {} comes from {src}, with separation {:.4}. ",
                tr.normal.map(p).unwrap_or_default(),
                tr.separation.unwrap_or(0.0)
            );
            if let (Some(fa), Some(fb)) = (&tr.feature_a, &tr.feature_b) {
                let kind = |f: &crate::core::manifold::FeatureRecord| {
                    if f.is_point {
                        format!("a point (vertex {})", f.index_a)
                    } else {
                        format!("edge {}–{}", f.index_a, f.index_b)
                    }
                };
                s += &format!(
                    "The farthest feature of A along the normal is {}; of B against it, {}. ",
                    kind(fa),
                    kind(fb)
                );
            }
            s += match tr.case {
                Some(ManifoldCase::PointPoint) => "Two points: one contact between them.",
                Some(ManifoldCase::PointSegment) => "A point against an edge: the point is the contact if it projects inside the edge, else the edge's nearest end.",
                Some(ManifoldCase::SegmentSegment) => "Two edges: one becomes the reference, the other is clipped against it.",
                Some(ManifoldCase::VertexVertex) => "The closest features are two vertices: one contact.",
                None => "",
            };
            s
        }
        ManifoldPhase::ReferenceIncident => match (&tr.reference, &tr.incident) {
            (Some(r), Some(i)) => format!(
                "The reference edge is {}'s edge {}–{}, the one more perpendicular to the normal; the incident edge is {}'s edge {}–{}. The incident edge will be clipped by the two side planes through the reference edge's ends, then by the reference face.",
                r.owner.as_str(),
                r.index_a,
                r.index_b,
                i.owner.as_str(),
                i.index_a,
                i.index_b
            ),
            _ => String::new(),
        },
        ManifoldPhase::Clip(j) => {
            let Some(c) = tr.clips.get(j) else {
                return String::new();
            };
            let plane = match c.plane {
                ClipPlane::Side1 => "the side plane through the reference edge's first end",
                ClipPlane::Side2 => "the side plane through the reference edge's second end",
                ClipPlane::ReferenceFace => "the reference face (moved out by the radii and the speculative distance)",
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
                s += &format!(", and the crossing point {} added where the edge meets the plane", p(x));
            }
            s + "."
        }
        ManifoldPhase::Points => {
            if out.outcome == ManifoldOutcome::Separated {
                return "The shapes are farther apart than the speculative distance: no manifold.".to_string();
            }
            let mut s = format!("{} contact point{} with normal {}", out.points().len(), if out.points().len() == 1 { "" } else { "s" }, p(out.normal));
            s += if out.outcome == ManifoldOutcome::SupportFallback {
                " (clipping kept nothing, so the deepest incident vertex is used)"
            } else {
                ""
            };
            s += ":";
            for pt in out.points() {
                let how = crate::core::manifold::ContactId::unpack(pt.id)
                    .map(|id| match id.kind {
                        IdKind::IncidentVertex => format!("incident vertex {}", id.incident_index),
                        IdKind::SidePlane1 | IdKind::SidePlane2 => format!("incident edge {} cut by a side plane", id.incident_index),
                        IdKind::Point => "a point contact".to_string(),
                        IdKind::Fallback => "the fallback".to_string(),
                    })
                    .unwrap_or_default();
                s += &format!(" separation {:.4} (id {}, {how});", pt.separation, pt.id);
            }
            s.pop();
            s + ". Negative separation is penetration; the id stays the same while the features stay the same."
        }
    }
}

/// Sutherland–Hodgman step `k`.
pub fn clip_step(an: &Analysis, k: usize) -> String {
    let tr = &an.clip_trace;
    let Some(m) = &an.clip else {
        return "Sutherland–Hodgman clips one polygon by another: both A and B need at least three vertices (circles, capsules and segments have none to clip with).".to_string();
    };
    if let Some(e) = tr.edges.get(k) {
        let count = |c: VertexCase| e.vertices.iter().filter(|v| v.case == c).count();
        let closing = if e.edge + 1 == tr.edges.len() {
            " (the closing edge, last vertex to first)"
        } else {
            ""
        };
        return format!(
            "Clip A by B's edge {}{closing}: walking A's polygon, {} edge{} go inside→inside (keep the vertex), {} outside→inside (keep the crossing and the vertex), {} inside→outside (keep the crossing), {} outside→outside (keep nothing). {} vertices before, {} after.",
            e.edge,
            count(VertexCase::InToIn),
            if count(VertexCase::InToIn) == 1 { "" } else { "s" },
            count(VertexCase::OutToIn),
            count(VertexCase::InToOut),
            count(VertexCase::OutToOut),
            e.before.len(),
            e.after.len()
        );
    }
    match m.outcome {
        ClipOutcome::Overlap => format!(
            "The overlap region has {} vertices. As an alternative manifold, its vertices deepest inside A along {} give {} point{}.",
            m.polygon.len(),
            p(m.normal),
            m.points.len(),
            if m.points.len() == 1 { "" } else { "s" }
        ),
        ClipOutcome::Touching => "The polygons only touch: the intersection has no area.".to_string(),
        ClipOutcome::Disjoint => "Nothing is left: the polygons do not overlap.".to_string(),
        ClipOutcome::DegenerateInput => "A polygon has no area; nothing to clip.".to_string(),
    }
}

/// Box–box step `k`.
pub fn box_box_step(an: &Analysis, k: usize) -> String {
    let tr = &an.box_box_trace;
    let out = match &an.box_box {
        Ok(o) => o,
        Err(e) => {
            return format!("Box2D-Lite's box–box needs two boxes: {e}. Pick two Box shapes.")
        }
    };
    let clips = tr.clips.len();
    match k {
        0 => {
            let mut s = "SAT over the four face axes (A's x and y, B's x and y):".to_string();
            for r in &tr.axes {
                s += &format!(" {} {} separation {:.4};", r.owner.as_str(), r.axis, r.separation);
            }
            s.pop();
            s += match tr.choice {
                Some(SatChoice::BiasKeptA) => ". A's face is kept unless B's is better by the bias margin, and it was not.",
                Some(SatChoice::BBeyondBias) => ". B's face beats A's by more than the bias margin.",
                _ => ".",
            };
            s
        }
        1 => match &tr.reference {
            Some(r) => format!(
                "The reference face is {}'s edge {}, front normal {}. Its side planes are the planes of edges {} and {}: they will cut the incident face.",
                r.owner.as_str(),
                r.edge,
                p(r.front_normal),
                r.neg_edge,
                r.pos_edge
            ),
            None => "No reference face (separated).".to_string(),
        },
        2 => match &tr.incident {
            Some(i) => format!(
                "The normal in {}'s frame, negated, is {}: comparing |n.x| with |n.y| and their signs picks face {} ({}) as the incident face, the one most opposed to the normal. Its two vertices are tagged with the edges that meet there.",
                i.owner.as_str(),
                p(i.n_local),
                i.edge,
                i.case.as_str()
            ),
            None => "No incident face.".to_string(),
        },
        j if j < 3 + clips => {
            let r = &tr.clips[j - 3];
            format!(
                "Clip the incident face by the side plane of edge {}: {} point{} in, {} out. A point made by the cut takes the edge's tag, so the contact keeps an id naming the features that made it.",
                r.clip_edge,
                r.input.len(),
                if r.input.len() == 1 { "" } else { "s" },
                r.output.len()
            )
        }
        _ => {
            let mut s = format!("{} contact point{}", out.points().len(), if out.points().len() == 1 { "" } else { "s" });
            let dropped = tr.front.iter().filter(|f| !f.kept).count();
            if dropped > 0 {
                s += &format!(" ({dropped} dropped: above the reference face)");
            }
            s += ":";
            for pt in out.points() {
                let f = FeaturePair::unpack(pt.id);
                let tag = |e: u8| if e == crate::core::box_box::NO_EDGE { "-".to_string() } else { e.to_string() };
                s += &format!(
                    " separation {:.4}, feature pair A in {} out {}, B in {} out {};",
                    pt.separation,
                    tag(f.in_edge_a),
                    tag(f.out_edge_a),
                    tag(f.in_edge_b),
                    tag(f.out_edge_b)
                );
            }
            s.pop();
            s + ". The pair stays the same while a box slides along the other's face, which is what warm starting needs."
        }
    }
}
