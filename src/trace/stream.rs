//! The report written pair by pair: memory stays flat however many shapes the scene
//! has (a 10,000-shape scene has fifty million pairs), the JSON is the same as the
//! whole report's, and a broad phase (`near`) keeps only the pairs whose bounding
//! circles, grown by their motion, come within a distance.

use super::report::{find_pair, pair_report, PairReport};
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

/// The pairs of `selection`, in file order.
pub fn selected_pairs(
    scene: &Scene,
    label: &str,
    selection: PairSelection,
) -> Result<PairList, String> {
    match selection {
        PairSelection::One(a, b) => {
            find_pair(scene, label, a, b).map(|p| PairList::Listed(vec![p]))
        }
        PairSelection::All => Ok(PairList::Every(scene.shapes.len())),
        PairSelection::Near(d) => Ok(PairList::Listed(near_pairs(scene, d))),
    }
}

/// Sweep and prune on x over the grown bounding circles: O(n log n + pairs).
fn near_pairs(scene: &Scene, d: f32) -> Vec<(usize, usize)> {
    let circles: Vec<(glam::Vec2, f32)> = scene
        .shapes
        .iter()
        .map(|s| {
            // The shape turns about its position: its bounding circle covers every
            // angle; the motion grows it by the velocity (the whole step).
            let r = s.shape.bounding_radius() + s.velocity.length();
            (s.pose.position + 0.5 * s.velocity, r)
        })
        .collect();
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
/// report serialised at once), each pair computed as it is written. `decorate` may add
/// to a pair (the engines' answers); `progress(done, total)` is called after each pair.
pub fn write_report<W: Write>(
    scene: &Scene,
    label: &str,
    pairs: &PairList,
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
    pairs: &'a PairList,
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
        for (k, (i, j)) in l.pairs.iter().enumerate() {
            let shapes = &l.scene.shapes;
            let mut p = pair_report(l.scene, &shapes[i], &shapes[j], l.with_trace);
            (l.decorate)(i, j, &mut p);
            seq.serialize_element(&p)?;
            if let Ok(mut f) = l.progress.try_borrow_mut() {
                (*f)(k + 1, total);
            }
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
        assert!(near.iter().all(|(i, j)| j == i + 1));
        let wider = selected_pairs(&scene, "row.ron", PairSelection::Near(1.3)).unwrap();
        assert_eq!(wider.len(), 49 + 48);
    }
}
