//! Box2D-Lite box–box's steps in words.

use super::BoxBoxStudy;
use crate::core::box_box::FeaturePair;
use crate::core::sat::SatChoice;
use crate::view::text::p;

/// Box–box step `k`.
pub fn box_box_step(study: &BoxBoxStudy, k: usize) -> String {
    let tr = &study.trace;
    let out = match &study.output {
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
