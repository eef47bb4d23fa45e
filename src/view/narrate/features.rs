//! What a narration names, read back from its text so the canvas can light it while the
//! user hovers the narration: features of A and B ("vertex 3 of A", "B's edge 2",
//! "B[2]", "A edge 1 × B vertex 0", "vertex 0 of each shape"), points of GJK's simplex
//! ("w1", the segment "w1–w2", the triangle "w1 w2 w3") and vertices and edges of EPA's
//! polytope ("edge 3 (from vertex 3 to vertex 4)": no shape named). Shapes are named by
//! their role in the pair (A, B), as every narration does.

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

/// One thing a narration names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mention {
    /// A vertex or an edge of A or B (the shapes layer lights it).
    Shape(NamedFeature),
    /// Points of GJK's simplex as the step began, bit `i` for w(i + 1): one point, a
    /// segment ("w1–w2") or the triangle ("w1 w2 w3").
    Simplex(u8),
    /// A vertex or an edge of EPA's polytope, numbered as its layer numbers them.
    Polytope(FeatureKind, usize),
    /// The point the step inserts (EPA: "the new point is vertex 5", the number it
    /// gets once inserted): its support point.
    NewPoint,
}

/// At most this many things are lit at once (a narration names a few).
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

/// The simplex points a word names: "w2" (bit 1), "w1–w2" (bits 0 and 1).
fn simplex_points(word: &str) -> Option<u8> {
    let mut mask = 0u8;
    for part in word.split(['–', '-']) {
        let i = match part {
            "w1" => 0,
            "w2" => 1,
            "w3" => 2,
            _ => return None,
        };
        mask |= 1 << i;
    }
    Some(mask)
}

/// The things `text` names, in order, without repeats, at most [`MAX_NAMED`]: a run
/// of simplex points ("w1 w2 w3") is one.
pub fn mentions(text: &str) -> Vec<Mention> {
    let raw: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '=' || c == '(' || c == ')')
        .filter(|w| !w.is_empty())
        .collect();
    let words: Vec<&str> = raw
        .iter()
        .map(|w| w.trim_end_matches([',', '.', ':', ';']))
        .collect();
    let mut out: Vec<Mention> = Vec::new();
    let mut push = |m: Mention| {
        if !out.contains(&m) && out.len() < MAX_NAMED {
            out.push(m);
        }
    };
    let mut run = 0u8;
    for (i, w) in words.iter().enumerate() {
        let at = |k: usize| words.get(i + k).copied().unwrap_or("");
        // A run of points ends at a word that is not one, or at punctuation ("vertex
        // w2: w1 is dropped" names two things).
        match simplex_points(w) {
            Some(m) => run |= m,
            None if run != 0 => {
                push(Mention::Simplex(run));
                run = 0;
            }
            None => {}
        }
        if run != 0 && raw[i].len() != w.len() {
            push(Mention::Simplex(run));
            run = 0;
        }
        if let Some(f) = bracketed(w) {
            push(Mention::Shape(f));
        }
        let shape = |shape, kind, index| Mention::Shape(NamedFeature { shape, kind, index });
        // "A's edge 2", "B vertex 0", "A edge 2–3".
        if let (Some(o), Some(k), Some(n)) = (owner(w), kind(at(1)), number(at(2))) {
            push(shape(o, k, n));
        }
        let (Some(k), Some(n)) = (kind(w), number(at(1))) else {
            continue;
        };
        match (at(2), owner(at(3)), at(3), at(4)) {
            // "vertex 3 of A", "edge 1 of B".
            ("of", Some(o), ..) => push(shape(o, k, n)),
            // "vertex 0 of each shape".
            ("of", None, "each", "shape") => {
                push(shape(Owner::A, k, n));
                push(shape(Owner::B, k, n));
            }
            // "edge 3", "vertex 4": no shape named, so the polytope's ("A's edge 2"
            // is A's, above).
            ("of", ..) => {}
            _ if i >= 3 && words[i - 3..i] == ["new", "point", "is"] => push(Mention::NewPoint),
            _ if i == 0 || owner(words[i - 1]).is_none() => push(Mention::Polytope(k, n)),
            _ => {}
        }
    }
    if run != 0 {
        push(Mention::Simplex(run));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(shape: Owner, kind: FeatureKind, index: usize) -> NamedFeature {
        NamedFeature { shape, kind, index }
    }

    fn shape(shape: Owner, kind: FeatureKind, index: usize) -> Mention {
        Mention::Shape(f(shape, kind, index))
    }

    #[test]
    fn the_ways_narrations_name_features() {
        use FeatureKind::*;
        let t = "Along it, the support point of B – A is B[2] – A[4] = (2.5, 2.2). \
                 The reference edge is A's edge 2–3; the incident edge is B's edge 0–1. \
                 A edge 1 × B vertex 0, and vertex 3 of A.";
        assert_eq!(
            mentions(t),
            vec![
                shape(Owner::B, Vertex, 2),
                shape(Owner::A, Vertex, 4),
                shape(Owner::A, Edge, 2),
                shape(Owner::B, Edge, 0),
                shape(Owner::A, Edge, 1),
                shape(Owner::B, Vertex, 0),
                shape(Owner::A, Vertex, 3),
            ]
        );
        // Words that only look like features name nothing.
        assert!(mentions("A and B overlap; the edge of the polytope; Box[2]").is_empty());
    }

    /// GJK's simplex points: alone, as a segment, as the triangle (one mention); and
    /// "each shape"'s vertex is A's and B's.
    #[test]
    fn the_ways_narrations_name_simplex_points() {
        use FeatureKind::*;
        assert_eq!(
            mentions("GJK starts cold from vertex 0 of each shape. The simplex is the single point w1 = (1, 2)."),
            vec![
                shape(Owner::A, Vertex, 0),
                shape(Owner::B, Vertex, 0),
                Mention::Simplex(0b001)
            ]
        );
        assert_eq!(
            mentions("The origin lies inside the triangle w1 w2 w3. The origin is enclosed."),
            vec![Mention::Simplex(0b111)]
        );
        assert_eq!(
            mentions("beyond the w2 end of segment w1–w2, in the Voronoi region of vertex w2: w1 is dropped"),
            vec![
                Mention::Simplex(0b010),
                Mention::Simplex(0b011),
                Mention::Simplex(0b001)
            ]
        );
    }

    /// EPA's polytope: an edge and vertices named without a shape; the point it inserts,
    /// named by the number it will get.
    #[test]
    fn the_ways_narrations_name_polytope_features() {
        use FeatureKind::*;
        assert_eq!(
            mentions("Its edge closest to the origin is edge 3 (from vertex 3 to vertex 4), at distance 0.1. The polytope grows: the new point is vertex 4."),
            vec![
                Mention::Polytope(Edge, 3),
                Mention::Polytope(Vertex, 3),
                Mention::Polytope(Vertex, 4),
                Mention::NewPoint
            ]
        );
    }
}
