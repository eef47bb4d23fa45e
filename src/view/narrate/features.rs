//! The features a narration names ("vertex 3 of A", "B's edge 2", "B[2]", "A edge 1 ×
//! B vertex 0"), read back from its text so the canvas can highlight them while the
//! user hovers the narration. Shapes are named by their role in the pair (A, B), as
//! every narration does.

use crate::core::sat::Owner;

/// A vertex or an edge (edge `i` runs from vertex `i` to `i + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FeatureKind {
    Vertex,
    Edge,
}

/// A feature of A or B named in a narration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct NamedFeature {
    pub shape: Owner,
    pub kind: FeatureKind,
    pub index: usize,
}

/// At most this many features are highlighted at once (a narration names a few).
pub const MAX_NAMED: usize = 8;

fn owner(word: &str) -> Option<Owner> {
    match word.trim_end_matches("'s") {
        "A" => Some(Owner::A),
        "B" => Some(Owner::B),
        _ => None,
    }
}

fn kind(word: &str) -> Option<FeatureKind> {
    match word {
        "vertex" => Some(FeatureKind::Vertex),
        "edge" => Some(FeatureKind::Edge),
        _ => None,
    }
}

/// The leading digits of a word ("2–3," → 2), if any.
fn number(word: &str) -> Option<usize> {
    let digits: String = word.chars().take_while(|c| c.is_ascii_digit()).collect();
    digits.parse().ok()
}

/// `A[2]` or `B[10]` (a Minkowski support's vertex), with punctuation around.
fn bracketed(word: &str) -> Option<NamedFeature> {
    let w = word.trim_start_matches(|c: char| !c.is_ascii_alphabetic());
    let shape = owner(w.get(..1)?)?;
    let rest = w.get(1..)?.strip_prefix('[')?;
    Some(NamedFeature {
        shape,
        kind: FeatureKind::Vertex,
        index: number(rest)?,
    })
}

/// The features `text` names, in order, without repeats, at most [`MAX_NAMED`].
pub fn named_features(text: &str) -> Vec<NamedFeature> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '=' || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .map(|w| w.trim_end_matches([',', '.', ':', ';']))
        .collect();
    let mut out: Vec<NamedFeature> = Vec::new();
    let mut push = |f: NamedFeature| {
        if !out.contains(&f) && out.len() < MAX_NAMED {
            out.push(f);
        }
    };
    for (i, w) in words.iter().enumerate() {
        let at = |k: usize| words.get(i + k).copied().unwrap_or("");
        if let Some(f) = bracketed(w) {
            push(f);
        }
        // "A's edge 2", "B vertex 0", "A edge 2–3".
        if let (Some(shape), Some(kind), Some(index)) = (owner(w), kind(at(1)), number(at(2))) {
            push(NamedFeature { shape, kind, index });
        }
        // "vertex 3 of A", "edge 1 of B".
        if let (Some(kind), Some(index), "of", Some(shape)) =
            (kind(w), number(at(1)), at(2), owner(at(3)))
        {
            push(NamedFeature { shape, kind, index });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: Owner, kind: FeatureKind, index: usize) -> NamedFeature {
        NamedFeature { shape, kind, index }
    }

    #[test]
    fn the_ways_narrations_name_features() {
        use FeatureKind::*;
        let t = "Along it, the support point of B – A is B[2] – A[4] = (2.5, 2.2). \
                 The reference edge is A's edge 2–3; the incident edge is B's edge 0–1. \
                 A edge 1 × B vertex 0, and vertex 3 of A.";
        assert_eq!(
            named_features(t),
            vec![
                f(Owner::B, Vertex, 2),
                f(Owner::A, Vertex, 4),
                f(Owner::A, Edge, 2),
                f(Owner::B, Edge, 0),
                f(Owner::A, Edge, 1),
                f(Owner::B, Vertex, 0),
                f(Owner::A, Vertex, 3),
            ]
        );
        // Words that only look like features name nothing.
        assert!(named_features("A and B overlap; the edge of the polytope; Box[2]").is_empty());
    }
}
