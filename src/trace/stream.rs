//! The report written pair by pair: memory stays flat however many shapes the scene
//! has (a 10,000-shape scene has fifty million pairs), the JSON is the same as the
//! whole report's, and a broad phase (`near`) keeps only the pairs whose bounding
//! circles, grown by their motion, come within a distance.

use super::chain_report::chain_pair_report;
use super::report::{find_named_pair, pair_report, NamedPair, PairReport};
use crate::scene::Scene;
use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};
use std::cell::RefCell;
use std::io::Write;

/// What to report: one named pair, every pair, or the pairs within a distance.
#[derive(Clone, Copy, Debug)]
pub enum PairSelection<'a> {
    One(&'a str, &'a str),
    All,
    /// Pairs whose bounding circles (each grown by its velocity's length) are at most
    /// this far apart.
    Near(f32),
}

/// The pairs to report: listed, or every pair of `n` shapes (not stored: fifty
/// million pairs of a 10,000-shape scene would take 800 MB as a list).
#[derive(Clone, Debug, PartialEq)]
pub enum PairList {
    Listed(Vec<(usize, usize)>),
    Every(usize),
}

impl PairList {
    pub fn len(&self) -> usize {
        match self {
            PairList::Listed(v) => v.len(),
            PairList::Every(n) => n * n.saturating_sub(1) / 2,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The pairs `(i, j)`, `i < j`, in file order (by `i`, then `j`).
    pub fn iter(&self) -> Box<dyn Iterator<Item = (usize, usize)> + '_> {
        match self {
            PairList::Listed(v) => Box::new(v.iter().copied()),
            PairList::Every(n) => {
                let n = *n;
                Box::new((0..n).flat_map(move |i| (i + 1..n).map(move |j| (i, j))))
            }
        }
    }
}

/// The pairs a report covers: pairs of shapes, then chain pairs `(chain, shape)`
/// (chain against chain is not collided).
#[derive(Clone, Debug, PartialEq)]
pub struct Selection {
    pub shapes: PairList,
    /// `(chain index, shape index)`, by chain then shape.
    pub chains: Vec<(usize, usize)>,
}

impl Selection {
    /// Pairs of shapes and chain pairs together.
    pub fn len(&self) -> usize {
        self.shapes.len() + self.chains.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The pairs of `selection`, in file order; `One` may name a chain and a shape.
pub fn selected_pairs(
    scene: &Scene,
    label: &str,
    selection: PairSelection,
) -> Result<Selection, String> {
    let listed = |shapes, chains| Selection {
        shapes: PairList::Listed(shapes),
        chains,
    };
    match selection {
        PairSelection::One(a, b) => Ok(match find_named_pair(scene, label, a, b)? {
            NamedPair::Shapes(i, j) => listed(vec![(i, j)], Vec::new()),
            NamedPair::Chain(c, s) => listed(Vec::new(), vec![(c, s)]),
        }),
        PairSelection::All => Ok(Selection {
            shapes: PairList::Every(scene.shapes.len()),
            chains: (0..scene.chains.len())
                .flat_map(|c| (0..scene.shapes.len()).map(move |s| (c, s)))
                .collect(),
        }),
        PairSelection::Near(d) => Ok(listed(near_pairs(scene, d), near_chain_pairs(scene, d))),
    }
}

/// The shapes' bounding circles, grown by their motion: the shape turns about its
/// position, so its circle covers every angle; the motion grows it by the velocity
/// (the whole step).
fn grown_circles(scene: &Scene) -> Vec<(glam::Vec2, f32)> {
    scene
        .shapes
        .iter()
        .map(|s| {
            let r = s.shape.bounding_radius() + s.velocity.length();
            (s.pose.position + 0.5 * s.velocity, r)
        })
        .collect()
}

/// Chain pairs whose bounding circles (a chain's about its position, covering its
/// points) come within `d`: every chain against every shape, chains being few.
fn near_chain_pairs(scene: &Scene, d: f32) -> Vec<(usize, usize)> {
    let circles = grown_circles(scene);
    let mut pairs = Vec::new();
    for (c, chain) in scene.chains.iter().enumerate() {
        let (cc, rc) = (chain.pose.position, chain.bounding_radius());
        for (s, &(cs, rs)) in circles.iter().enumerate() {
            if cc.distance(cs) - rc - rs <= d {
                pairs.push((c, s));
            }
        }
    }
    pairs
}

/// Sweep and prune on x over the grown bounding circles: O(n log n + pairs).
fn near_pairs(scene: &Scene, d: f32) -> Vec<(usize, usize)> {
    let circles = grown_circles(scene);
    let mut order: Vec<usize> = (0..circles.len()).collect();
    order.sort_by(|&a, &b| {
        let (ca, ra) = circles[a];
        let (cb, rb) = circles[b];
        (ca.x - ra).total_cmp(&(cb.x - rb))
    });
    let mut pairs = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        let (ci, ri) = circles[i];
        for &j in &order[k + 1..] {
            let (cj, rj) = circles[j];
            if cj.x - rj > ci.x + ri + d {
                break;
            }
            if ci.distance(cj) - ri - rj <= d {
                pairs.push((i.min(j), i.max(j)));
            }
        }
    }
    pairs.sort_unstable();
    pairs
}

/// Writes the report of `pairs` to `out` as pretty JSON (the same text as the whole
/// report serialised at once), each pair computed as it is written: the pairs of
/// shapes, then the chain pairs. `decorate` may add to a pair of shapes (the engines'
/// answers); `progress(done, total)` is called after each pair.
pub fn write_report<W: Write>(
    scene: &Scene,
    label: &str,
    pairs: &Selection,
    with_trace: bool,
    decorate: &dyn Fn(usize, usize, &mut PairReport),
    progress: &mut dyn FnMut(usize, usize),
    out: W,
) -> Result<(), String> {
    let lazy = Lazy {
        scene,
        label,
        pairs,
        with_trace,
        decorate,
        progress: RefCell::new(progress),
    };
    let mut ser = serde_json::Serializer::pretty(out);
    lazy.serialize(&mut ser)
        .map_err(|e| format!("cannot write the report: {e}"))
}

struct Lazy<'a, 'p> {
    scene: &'a Scene,
    label: &'a str,
    pairs: &'a Selection,
    with_trace: bool,
    decorate: &'a dyn Fn(usize, usize, &mut PairReport),
    progress: RefCell<&'p mut dyn FnMut(usize, usize)>,
}

/// The pairs, computed one at a time while the sequence is written.
struct Pairs<'l, 'a, 'p>(&'l Lazy<'a, 'p>);

impl Serialize for Lazy<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let rays = super::report::rays_report(self.scene);
        let mut st = s.serialize_struct("Report", 2 + usize::from(!rays.is_empty()))?;
        st.serialize_field("scene", self.label)?;
        st.serialize_field("pairs", &Pairs(self))?;
        if !rays.is_empty() {
            st.serialize_field("rays", &rays)?;
        }
        st.end()
    }
}

impl Serialize for Pairs<'_, '_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let l = self.0;
        let mut seq = s.serialize_seq(Some(l.pairs.len()))?;
        let total = l.pairs.len();
        let done = |k: usize| {
            if let Ok(mut f) = l.progress.try_borrow_mut() {
                (*f)(k, total);
            }
        };
        for (k, (i, j)) in l.pairs.shapes.iter().enumerate() {
            let shapes = &l.scene.shapes;
            let mut p = pair_report(l.scene, &shapes[i], &shapes[j], l.with_trace);
            (l.decorate)(i, j, &mut p);
            seq.serialize_element(&p)?;
            done(k + 1);
        }
        let before = l.pairs.shapes.len();
        for (k, &(c, s)) in l.pairs.chains.iter().enumerate() {
            seq.serialize_element(&chain_pair_report(l.scene, c, s))?;
            done(before + k + 1);
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;
    use crate::trace::report::scene_report;

    fn row(n: usize, spacing: f32) -> Scene {
        let mut text = String::from("(version: 1, shapes: [");
        for i in 0..n {
            text += &format!(
                "(name: \"S{i}\", geometry: Circle(radius: 0.4), position: ({}, 0.0), angle: 0.0),",
                i as f32 * spacing
            );
        }
        text += "])";
        parse_scene(&text, "row.ron").unwrap()
    }

    #[test]
    fn the_stream_writes_the_same_json_as_the_whole_report() {
        let scene = row(6, 1.0);
        let whole =
            serde_json::to_string_pretty(&scene_report(&scene, "row.ron", None, false).unwrap())
                .unwrap();
        let pairs = selected_pairs(&scene, "row.ron", PairSelection::All).unwrap();
        let mut out = Vec::new();
        let mut calls = 0;
        write_report(
            &scene,
            "row.ron",
            &pairs,
            false,
            &|_, _, _| {},
            &mut |_, _| calls += 1,
            &mut out,
        )
        .unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), whole);
        assert_eq!(calls, 15);
    }

    #[test]
    fn near_pairs_are_the_pairs_within_the_distance() {
        // Circles of radius 0.4 every 1.0: neighbours are 0.2 apart, the next 1.2.
        let scene = row(50, 1.0);
        let near = selected_pairs(&scene, "row.ron", PairSelection::Near(0.5)).unwrap();
        assert_eq!(near.len(), 49);
        assert!(near.shapes.iter().all(|(i, j)| j == i + 1));
        let wider = selected_pairs(&scene, "row.ron", PairSelection::Near(1.3)).unwrap();
        assert_eq!(wider.len(), 49 + 48);
    }
}
