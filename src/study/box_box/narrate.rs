//! Box2D-Lite box–box's steps in words.

use super::BoxBoxStudy;
use crate::core::box_box::{
    BoxBoxOutput, BoxBoxTrace, BoxClipRecord, BoxIncidentRecord, BoxReferenceRecord, FeaturePair,
};
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
        0 => axes_words(tr),
        1 => reference_words(tr.reference.as_ref()),
        2 => incident_words(tr.incident.as_ref()),
        j if j < 3 + clips => clip_words(&tr.clips[j - 3]),
        _ => points_words(tr, out),
    }
}

/// Step 1: SAT over the four face axes, the bias rule's choice and any exact tie.
fn axes_words(tr: &BoxBoxTrace) -> String {
    let mut s = "SAT over the four face axes (A's x and y, B's x and y):".to_string();
    for r in &tr.axes {
        s += &format!(
            " {} {} separation {:.4};",
            r.owner.as_str(),
            r.axis,
            r.separation
        );
    }
    s.pop();
    s += match tr.choice {
        Some(SatChoice::BiasKeptA) => {
            ". A's face is kept unless B's is better by the bias margin, and it was not."
        }
        Some(SatChoice::BBeyondBias) => ". B's face beats A's by more than the bias margin.",
        _ => ".",
    };
    // Exact ties: Box2D-Lite tests the axes in this order and moves on only to
    // one that beats the one kept by the bias margin, so the first stays.
    for (i, r) in tr.axes.iter().enumerate() {
        for q in &tr.axes[i + 1..] {
            if r.separation == q.separation {
                s += &format!(
                    " {} {} and {} {} separate equally ({:.4}): a tie, broken by Box2D-Lite's order (A x, A y, B x, B y): the first, {} {}, is not beaten.",
                    r.owner.as_str(),
                    r.axis,
                    q.owner.as_str(),
                    q.axis,
                    r.separation + 0.0,
                    r.owner.as_str(),
                    r.axis
                );
            }
        }
    }
    s
}

/// Step 2: the reference face and its side planes.
fn reference_words(reference: Option<&BoxReferenceRecord>) -> String {
    match reference {
        Some(r) => format!(
            "The reference face is {}'s edge {}, front normal {}. Its side planes are the planes of edges {} and {}: they will cut the incident face.",
            r.owner.as_str(),
            r.edge,
            p(r.front_normal),
            r.neg_edge,
            r.pos_edge
        ),
        None => "No reference face (separated).".to_string(),
    }
}

/// Step 3: the incident face, picked by the normal in the incident box's frame.
fn incident_words(incident: Option<&BoxIncidentRecord>) -> String {
    match incident {
        Some(i) => format!(
            "The normal in {}'s frame, negated, is {}: comparing |n.x| with |n.y| and their signs picks face {} ({}) as the incident face, the one most opposed to the normal. Its two vertices are tagged with the edges that meet there.",
            i.owner.as_str(),
            p(i.n_local),
            i.edge,
            i.case.as_str()
        ) + if i.n_local.x.abs() == i.n_local.y.abs() {
            " |n.x| and |n.y| are equal: a tie, which Box2D-Lite's test |n.x| > |n.y| breaks for the y faces."
        } else {
            ""
        },
        None => "No incident face.".to_string(),
    }
}

/// A clip of the incident face by one side plane.
fn clip_words(r: &BoxClipRecord) -> String {
    format!(
        "Clip the incident face by the side plane of edge {}: {} point{} in, {} out. A point made by the cut takes the edge's tag, so the contact keeps an id naming the features that made it.",
        r.clip_edge,
        r.input.len(),
        if r.input.len() == 1 { "" } else { "s" },
        r.output.len()
    )
}

/// The last step: the contact points, each with its separation and feature pair.
fn points_words(tr: &BoxBoxTrace, out: &BoxBoxOutput) -> String {
    let mut s = format!(
        "{} contact point{}",
        out.points().len(),
        if out.points().len() == 1 { "" } else { "s" }
    );
    let dropped = tr.front.iter().filter(|f| !f.kept).count();
    if dropped > 0 {
        s += &format!(" ({dropped} dropped: above the reference face)");
    }
    s += ":";
    for pt in out.points() {
        let f = FeaturePair::unpack(pt.id);
        let tag = |e: u8| {
            if e == crate::core::box_box::NO_EDGE {
                "-".to_string()
            } else {
                e.to_string()
            }
        };
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
