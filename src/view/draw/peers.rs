//! The engines' overlay layers: each engine's answer drawn over ours in its colour
//! (Box2D v3 white, parry2d lime; near black and dark green in the light theme), as
//! rings of a fixed size on screen (parry's wider, so two engines agreeing on a point
//! show both), so that our filled dots stay visible under them, each labelled with the
//! engine's name — so a disagreement is seen on the
//! canvas, not only read in the table. What is drawn follows the algorithm shown:
//! witness points for GJK, the penetration for EPA, contact points and normal for the
//! contact algorithms (or "no manifold" / "no contact points" where the engine gave
//! none), the impact point and normal for time of impact. The tags sit left of their
//! point, ours right of theirs (`Tagger`).

use super::prims::{line, ring};
use super::{bounds, DrawList, LayerId, Prim, Rgba, Space};
use crate::scene::Scene;
use crate::trace::peer_answer::{Engine, EngineAnswer};
use crate::view::text::Len;
use glam::Vec2;

/// An engine's ring radius on screen, pixels: larger than our dots (4–6 px), parry's
/// larger than Box2D's.
fn ring_radius(engine: Engine) -> f32 {
    match engine {
        Engine::Box2d => 8.0,
        Engine::Parry => 11.0,
    }
}

/// The engines' tags' nominal size; the canvas draws labels at 0.85 of it
/// (`render::LABEL_SCALE`), rounded, in Hack.
const TAG_SIZE: f32 = 14.0;

/// A tag's width on the canvas, pixels: Hack is monospaced, 0.602 em a character.
fn tag_width(text: &str) -> f32 {
    text.chars().count() as f32 * 0.602 * (TAG_SIZE * 0.85).round()
}

/// Places the engines' tags: to the left of their point, ending just before it, since
/// our own labels sit to the right of theirs (so the two never cover each other), and
/// the tag stays inside a view fitted to the content when the point is near its right
/// edge. A point in the leftmost quarter of its view's content keeps the tag on its
/// right instead, clear of the view's left edge. Box2D's tag goes above the point,
/// parry's below, so the two never sit on each other when the engines agree.
struct Tagger {
    /// Per space (world, configuration): tags of points left of this x go right.
    right_of: [f32; 2],
}

impl Tagger {
    /// From the layers drawn so far (ours).
    fn new(list: &DrawList) -> Tagger {
        let quarter = |space| {
            bounds(list, space).map_or(f32::NEG_INFINITY, |(lo, hi)| lo.x + 0.25 * (hi.x - lo.x))
        };
        Tagger {
            right_of: [quarter(Space::World), quarter(Space::Config)],
        }
    }

    fn tag(&self, engine: Engine, space: Space, at: Vec2, text: String, color: Rgba) -> Prim {
        let text = crate::view::text::tidy_zeros(&text);
        let limit = match space {
            Space::World => self.right_of[0],
            Space::Config => self.right_of[1],
        };
        let dx = if at.x < limit {
            8.0
        } else {
            -(10.0 + tag_width(&text))
        };
        let dy = match engine {
            Engine::Box2d => -10.0,
            Engine::Parry => 20.0,
        };
        Prim::Label {
            at,
            offset: Vec2::new(dx, dy),
            text,
            color,
            size: TAG_SIZE,
            of: None,
        }
    }
}

fn arrow(from: Vec2, to: Vec2, color: Rgba) -> Prim {
    Prim::Arrow {
        from,
        to,
        width: 2.0,
        color,
    }
}

/// Which of an engine's answers is drawn beside an algorithm (its study says).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineView {
    /// The witness points and the distance (`simplex`: and Box2D's own GJK simplex at the
    /// same iteration, in configuration space).
    Distance { simplex: bool },
    /// The penetration: deepest points, normal, depth.
    Penetration,
    /// The contact manifold: points and normal (or "no manifold").
    Contact,
    /// The time of impact: the point and normal at the hit.
    Impact,
    /// Nothing (one shape, or drawn by the algorithm's own layer).
    Nothing,
}

/// The overlay of every engine on the pair `(a, b)` of `scene`: [`peer_layers`] sized
/// by the pair (the sum of the shapes' bounding radii). The app's canvas and the
/// exported pictures both draw it through here.
pub fn pair_peer_layers(
    scene: &Scene,
    (a, b): (usize, usize),
    answers: &[(Engine, EngineAnswer)],
    view: EngineView,
    step: usize,
    out: &mut DrawList,
) {
    let size = scene.shapes[a].shape.bounding_radius() + scene.shapes[b].shape.bounding_radius();
    peer_layers(answers, view, step, size, out);
}

/// The overlay of every engine (`view`: what to draw), after our layers in `out` (their
/// extent places the tags). `size` is the pair's size (world units), for arrow lengths.
pub fn peer_layers(
    answers: &[(Engine, EngineAnswer)],
    view: EngineView,
    step: usize,
    size: f32,
    out: &mut DrawList,
) {
    let tagger = Tagger::new(out);
    for (engine, answer) in answers {
        let id = match engine {
            Engine::Box2d => LayerId::PeerBox2d,
            Engine::Parry => LayerId::PeerParry,
        };
        let mut o = Overlay {
            engine: *engine,
            color: id.color(),
            size,
            tagger: &tagger,
            prims: Vec::new(),
        };
        o.answer(answer, view);
        o.faults(answer, out);
        out.push(id, o.prims);
        if view == (EngineView::Distance { simplex: true }) && !answer.simplexes.is_empty() {
            out.push(
                LayerId::PeerBox2dSimplex,
                simplex_prims(&answer.simplexes, step, &tagger),
            );
        }
    }
}

/// Box2D's recorded simplex `step` (its last when it recorded fewer), dashed, with its
/// vertices as rings and the record named: stepped beside ours.
fn simplex_prims(simplexes: &[Vec<Vec2>], step: usize, tagger: &Tagger) -> Vec<Prim> {
    let c = LayerId::PeerBox2dSimplex.color();
    let k = step.min(simplexes.len() - 1);
    let s = &simplexes[k];
    let mut prims = Vec::new();
    if s.len() >= 2 {
        prims.push(Prim::Polyline {
            points: s.clone(),
            closed: s.len() == 3,
            width: 1.5,
            color: c,
            dashed: true,
        });
    }
    for p in s {
        prims.push(ring(*p, ring_radius(Engine::Box2d), c));
    }
    // At the rightmost vertex: the tag, to its left, then lies over the simplex.
    if let Some(p) = s
        .iter()
        .copied()
        .reduce(|p, q| if q.x > p.x { q } else { p })
    {
        // Box2D records its simplex at the start, after each solve and at the end:
        // these records, not its iterations (its support evaluations), are counted.
        let text = format!("Box2D simplex {} of {}", k + 1, simplexes.len());
        prims.push(tagger.tag(Engine::Box2d, Space::Config, p, text, c));
    }
    prims
}

/// One engine's layer being built.
struct Overlay<'a> {
    engine: Engine,
    color: Rgba,
    /// The pair's size, world units.
    size: f32,
    tagger: &'a Tagger,
    prims: Vec<Prim>,
}

impl Overlay<'_> {
    /// A ring at `at`, `scale` of the engine's radius.
    fn ring(&mut self, at: Vec2, scale: f32) {
        let r = (ring_radius(self.engine) * scale).round();
        self.prims.push(ring(at, r, self.color));
    }

    /// An arrow along `normal`, a quarter of the pair's size long.
    fn arrow(&mut self, from: Vec2, normal: Vec2) {
        let to = from + normal * 0.25 * self.size;
        self.prims.push(arrow(from, to, self.color));
    }

    /// The engine's name and `what` at `at` (nothing at a non-finite point).
    fn tag(&mut self, at: Vec2, what: String) {
        if at.is_finite() {
            let text = format!("{}: {what}", self.engine.label());
            let t = self
                .tagger
                .tag(self.engine, Space::World, at, text, self.color);
            self.prims.push(t);
        }
    }

    /// Where the engine stopped instead of answering (an assertion, a panic): said at
    /// the top left of the world content, one line per stop, so a picture shows it.
    fn faults(&mut self, a: &EngineAnswer, ours: &DrawList) {
        let Some((lo, hi)) = bounds(ours, Space::World) else {
            return;
        };
        for (k, f) in a.faults.iter().enumerate() {
            let dy = 18.0 * k as f32
                + if self.engine == Engine::Box2d {
                    0.0
                } else {
                    40.0
                };
            self.prims.push(Prim::Label {
                at: Vec2::new(lo.x, hi.y),
                offset: Vec2::new(0.0, dy),
                text: format!("{}: {f}", f.query),
                color: self.color,
                size: TAG_SIZE,
                of: None,
            });
        }
    }

    /// What the engine answered, as `view` asks.
    fn answer(&mut self, a: &EngineAnswer, view: EngineView) {
        let v = |p: [f32; 2]| Vec2::from(p);
        let distance = a.distance.as_ref();
        match view {
            EngineView::Distance { .. } => {
                if let Some(d) = distance {
                    let (pa, pb) = (v(d.point_a), v(d.point_b));
                    if pa.is_finite() && pb.is_finite() {
                        self.prims.push(line(pa, pb, 1.5, self.color));
                        self.ring(pa, 1.0);
                        self.ring(pb, 1.0);
                        self.tag(pb, format!("d = {}", Len(d.distance)));
                    }
                }
            }
            EngineView::Penetration => match (&a.penetration, distance) {
                (Some(p), _) => {
                    let (pa, pb) = (v(p.point_a), v(p.point_b));
                    self.ring(pa, 1.0);
                    self.ring(pb, 1.0);
                    self.arrow(pb, v(p.normal));
                    self.tag(pa, format!("depth {}", Len(p.depth)));
                }
                (None, Some(d)) => self.tag(v(d.point_b), format!("d = {}", Len(d.distance))),
                (None, None) => {}
            },
            EngineView::Impact => {
                if let Some(t) = a.toi.as_ref().filter(|t| t.hit) {
                    let p = v(t.point);
                    if p.is_finite() {
                        self.ring(p, 1.0);
                        self.arrow(p, v(t.normal));
                        self.tag(p, format!("t = {:.4}", t.t));
                    }
                }
            }
            // One shape's hull: no engine answer to draw.
            EngineView::Nothing => {}
            EngineView::Contact => {
                match (&a.manifold, distance) {
                    (Some(m), _) if !m.points.is_empty() => {
                        for p in &m.points {
                            self.ring(v(p.point_a), 1.0);
                            self.ring(v(p.point_b), 0.7);
                        }
                        let at = v(m.points[0].point_b);
                        self.arrow(at, v(m.normal));
                        self.tag(at, format!("{} point(s)", m.points.len()));
                    }
                    // No contact, or no manifold at all (a shape the engine refuses):
                    // said where its distance query put the witness on B, so that a
                    // disagreement shows on the canvas too.
                    (m, Some(d)) => {
                        let what = if m.is_some() {
                            "no contact points"
                        } else {
                            "no manifold"
                        };
                        self.tag(v(d.point_b), what.to_string());
                    }
                    (_, None) => {}
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trace::peer_answer::{PeerContact, PeerDistance, PeerManifold};

    /// Our layers: the content spans x from 0 to 4 in the world.
    fn ours() -> DrawList {
        let mut list = DrawList::default();
        let shape = line(Vec2::ZERO, Vec2::new(4.0, 1.0), 1.0, Rgba::WHITE);
        list.push(LayerId::Shapes, vec![shape]);
        list
    }

    fn answer(point_b: Vec2, manifold: Option<PeerManifold>) -> EngineAnswer {
        let mut a = EngineAnswer::new("test".into());
        a.distance = Some(PeerDistance {
            distance: 0.5,
            point_a: [point_b.x - 0.5, point_b.y],
            point_b: point_b.into(),
            normal: Some([1.0, 0.0]),
            iterations: None,
            cache: None,
        });
        a.manifold = manifold;
        a
    }

    fn labels(list: &DrawList, id: LayerId) -> Vec<(Vec2, Vec2, String)> {
        let layer = list.layer(id).expect("the engine's layer");
        layer
            .prims
            .iter()
            .filter_map(|p| match p {
                Prim::Label {
                    at, offset, text, ..
                } => Some((*at, *offset, text.clone())),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn tags_sit_left_of_their_point_unless_near_the_left_edge() {
        let answers = [
            (Engine::Box2d, answer(Vec2::new(3.0, 0.5), None)),
            (Engine::Parry, answer(Vec2::new(0.5, 0.5), None)),
        ];
        let mut list = ours();
        peer_layers(
            &answers,
            EngineView::Distance { simplex: true },
            0,
            4.0,
            &mut list,
        );
        let b = labels(&list, LayerId::PeerBox2d);
        assert_eq!(b.len(), 1);
        let (at, offset, text) = &b[0];
        assert_eq!(*at, Vec2::new(3.0, 0.5));
        assert_eq!(text, "Box2D v3: d = 0.5000");
        // Ends 10 px before the point (its box 2 px more), above it.
        assert!((offset.x + 10.0 + tag_width(text)).abs() < 1e-3, "{offset}");
        assert!(offset.y < 0.0);
        // parry's point is in the leftmost quarter: its tag goes right, below.
        let p = labels(&list, LayerId::PeerParry);
        assert!(p[0].1.x > 0.0 && p[0].1.y > 0.0, "{:?}", p[0]);
    }

    #[test]
    fn a_missing_or_empty_manifold_is_said_at_the_distance_witness() {
        let contact = PeerContact {
            point_a: [3.0, 0.0],
            point_b: [3.0, 0.1],
            separation: -0.1,
            id: None,
        };
        let full = PeerManifold {
            normal: [0.0, 1.0],
            points: vec![contact],
        };
        let empty = PeerManifold {
            normal: [0.0, 1.0],
            points: Vec::new(),
        };
        let cases = [
            (None, "Box2D v3: no manifold"),
            (Some(empty), "Box2D v3: no contact points"),
            (Some(full), "Box2D v3: 1 point(s)"),
        ];
        for (manifold, want) in cases {
            let answers = [(Engine::Box2d, answer(Vec2::new(2.0, 1.0), manifold))];
            let mut list = ours();
            peer_layers(&answers, EngineView::Contact, 0, 4.0, &mut list);
            let tags = labels(&list, LayerId::PeerBox2d);
            assert_eq!(tags.len(), 1);
            assert_eq!(tags[0].2, want);
        }
    }

    #[test]
    fn no_answers_add_no_layer() {
        let mut list = ours();
        peer_layers(
            &[],
            EngineView::Distance { simplex: true },
            0,
            4.0,
            &mut list,
        );
        assert_eq!(list, ours());
    }
}
