//! Label placement: every label of a view gets a box that overlaps no other label, no
//! contact or witness point and no view title, and is crossed by as few lines as it can
//! be, or it is dropped.
//!
//! Labels are anchored at world points (a simplex vertex, a contact point, the origin) and
//! drawn at a pixel offset from the anchor, so where they collide depends on the zoom: the
//! placement runs per painted view, on screen coordinates, in the one painter — the
//! window, the SVG and the PNG place them identically. Every text the canvas draws on a
//! view is a label placed here: the draw list's and the window's own (the selected
//! shape's spin handle, `extra` below).
//!
//! The method, greedy by importance:
//! 1. Labels are ranked by their layer ([`label_rank`]): the answer (contacts, depth,
//!    distance) first, then the shape names (and the window's handles), then the
//!    algorithm's working labels, then the engines' labels; the draw-list order breaks
//!    ties.
//! 2. Each label tries its own offset first, then boxes on rings around the anchor
//!    (8 directions × growing radii, [`RINGS`]), nearest first.
//! 3. A candidate is refused when it leaves the view, touches a label already placed
//!    (with a [`GAP`] px gap), a view title, or a *contact point* (a dot of the contact,
//!    witness, chain or engine layers, or a handle). Other dots (simplex vertices,
//!    supports) and every line, arrow, cross and ring of the view only cost: among the
//!    free candidates the one covering fewest dots and crossed by the fewest line
//!    pieces, then the nearest, wins.
//! 4. A label moved away from its anchor gets a leader line from the anchor to its box;
//!    a label with no free candidate is dropped (the SVG keeps it hidden, so its text
//!    can still be searched).
//!
//! The painter draws the labels after every other primitive of the view, each on its
//! plate ([`LABEL_BACK`](crate::view::palette::LABEL_BACK)): a line that could not be
//! avoided runs under the plate, never over the text.

use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::{DrawList, LayerId, Prim};
use glam::Vec2;

/// No text on a view is drawn smaller than this, pixels.
pub const MIN_TEXT: f32 = 12.0;

/// Pixels kept free between two label boxes.
pub const GAP: f32 = 1.0;
/// Distances from the anchor (pixels) of the candidate rings, nearest first.
const RINGS: [f32; 6] = [4.0, 10.0, 18.0, 30.0, 46.0, 66.0];
/// A moved label further than this from its anchor (pixels) gets a leader line.
const LEADER_MIN: f32 = 9.0;
/// The cost of covering one non-contact dot, in pixels of distance.
const DOT_COST: f32 = 120.0;
/// The cost of one line piece (a segment of a polyline, an arrow, a stroke of a cross, a
/// ring) crossing a label's box, in pixels of distance: a label moves up to two rings
/// out to get clear of a line.
const LINE_COST: f32 = 40.0;
/// The size a label of nominal `size` is drawn at in a view of `scale` (the presenter
/// setting): [`LABEL_SCALE`] of it, rounded, never under [`MIN_TEXT`].
pub fn label_size(size: f32, scale: f32) -> f32 {
    (size * LABEL_SCALE * scale).round().max(MIN_TEXT)
}

/// Where a label is drawn: its baseline start, its dark box, and an optional leader
/// line from its anchor to the box.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedLabel {
    pub at: Vec2,
    pub back: Viewport,
    pub leader: Option<[Vec2; 2]>,
}

/// The order labels are placed in: lower first (it keeps its preferred spot).
pub fn label_rank(id: LayerId) -> u8 {
    match id {
        LayerId::Witness | LayerId::Manifold | LayerId::Chains => 0,
        LayerId::Shapes => 1,
        LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex => 3,
        // Vertex numbers give way to everything else.
        LayerId::VertexIndices => 4,
        _ => 2,
    }
}

/// The rank of the window's own labels (the spin handle's): with the shapes' names.
pub const EXTRA_RANK: u8 = 1;

/// The box of a label whose baseline starts at `at` (as the painters draw it).
pub fn label_box(at: Vec2, text: &str, size: f32) -> Viewport {
    let (above, below) = text_extent(text, size);
    Viewport {
        x: at.x - 2.0,
        y: at.y - above - 1.0,
        w: text_width(text, size) + 4.0,
        h: above + below + 3.0,
    }
}

/// One label of the view waiting for a place.
struct Pending<'a> {
    /// Index in the view's label walk order.
    index: usize,
    rank: u8,
    anchor: Vec2,
    preferred: Vec2,
    text: &'a str,
    size: f32,
}

/// The labels of a view in the order the painter walks them: the layers of the view's
/// space in draw-list order, their primitives in order, then `extra`'s. Each with its
/// rank ([`label_rank`], [`EXTRA_RANK`]).
pub fn view_labels<'a>(
    view: &ViewFrame,
    list: &'a DrawList,
    extra: &'a [Prim],
) -> impl Iterator<Item = (u8, &'a Prim)> + 'a {
    let space = view.space;
    list.layers
        .iter()
        .filter(move |l| l.space == space)
        .flat_map(|l| l.prims.iter().map(move |p| (label_rank(l.id), p)))
        .chain(extra.iter().map(|p| (EXTRA_RANK, p)))
        .filter(|(_, p)| matches!(p, Prim::Label { .. }))
}

/// Places the labels of `view` and of `extra` (the window's own, in the view's space),
/// in the order [`view_labels`] walks them: `None` for a label not drawn (its anchor
/// outside the view or not finite, or no room). `reserved` are boxes no label may touch
/// (the view's title, the scale bar).
pub fn place_labels(
    view: &ViewFrame,
    list: &DrawList,
    extra: &[Prim],
    reserved: &[Viewport],
) -> Vec<Option<PlacedLabel>> {
    let mut pending = Vec::new();
    let mut count = 0;
    for (rank, prim) in view_labels(view, list, extra) {
        if let Prim::Label {
            at,
            offset,
            text,
            size,
            ..
        } = prim
        {
            let anchor = view.to_screen(*at);
            // A label anchored outside the view is not drawn (it would be clipped).
            if anchor.is_finite() && view.viewport.contains(anchor) {
                pending.push(Pending {
                    index: count,
                    rank,
                    anchor,
                    preferred: (anchor + *offset * view.scale).round(),
                    text,
                    size: label_size(*size, view.scale),
                });
            }
            count += 1;
        }
    }
    pending.sort_by_key(|p| (p.rank, p.index));
    let dots = dot_obstacles(view, list, extra);
    let lines = LineIndex::new(line_obstacles(view, list, extra), &view.viewport);
    let mut taken: Vec<Viewport> = reserved.to_vec();
    let mut out = vec![None; count];
    for p in &pending {
        if let Some(placed) = place_one(p, &view.viewport, &taken, &dots, &lines) {
            taken.push(placed.back);
            out[p.index] = Some(placed);
        }
    }
    out
}

/// The best free spot of one label, or `None` when every candidate is refused.
fn place_one(
    p: &Pending,
    vp: &Viewport,
    taken: &[Viewport],
    dots: &[DotObstacle],
    lines: &LineIndex,
) -> Option<PlacedLabel> {
    let first = label_box(p.preferred, p.text, p.size);
    let (w, h) = (first.w, first.h);
    // Baseline start from a box corner: the inverse of `label_box`.
    let lift = p.preferred - Vec2::new(first.x, first.y);
    let mut best: Option<(f32, Viewport)> = None;
    for (distance, b) in candidates(p.anchor, first, w, h) {
        if best.is_some_and(|(c, _)| c <= distance) {
            break; // candidates come nearest first: no later one can be cheaper
        }
        if !inside(&b, vp) || taken.iter().any(|t| boxes_overlap(&b, t, GAP)) {
            continue;
        }
        let mut cost = distance;
        let mut refused = false;
        for d in dots.iter().filter(|d| box_covers_dot(&b, d.at, d.radius)) {
            if d.hard {
                refused = true;
                break;
            }
            cost += DOT_COST;
        }
        if refused || best.is_some_and(|(c, _)| c <= cost) {
            continue;
        }
        cost += LINE_COST * lines.crossings(&b) as f32;
        if best.is_none_or(|(c, _)| cost < c) {
            best = Some((cost, b));
        }
    }
    let (_, b) = best?;
    let at = Vec2::new(b.x, b.y) + lift;
    let leader = (b != first)
        .then(|| nearest_on_box(&b, p.anchor))
        .filter(|q| q.distance(p.anchor) > LEADER_MIN)
        .map(|q| [p.anchor, q]);
    Some(PlacedLabel {
        at,
        back: b,
        leader,
    })
}

/// The preferred box, then boxes on rings around the anchor, each with its distance from
/// the anchor (pixels), nearest first.
fn candidates(anchor: Vec2, first: Viewport, w: f32, h: f32) -> Vec<(f32, Viewport)> {
    let mut out = vec![(0.0, first)];
    // Box corners relative to the anchor for the 8 directions: right, above right, above,
    // above left, left, below left, below, below right (right first, as labels read).
    let dirs: [(f32, f32); 8] = [
        (1.0, 0.0),
        (0.7, -0.7),
        (0.0, -1.0),
        (-0.7, -0.7),
        (-1.0, 0.0),
        (-0.7, 0.7),
        (0.0, 1.0),
        (0.7, 0.7),
    ];
    for (ring, r) in RINGS.iter().enumerate() {
        for (k, (dx, dy)) in dirs.iter().enumerate() {
            // The box's near side at `r` pixels from the anchor in direction (dx, dy).
            let x = match dx.partial_cmp(&0.0) {
                Some(std::cmp::Ordering::Greater) => anchor.x + dx * r,
                Some(std::cmp::Ordering::Less) => anchor.x + dx * r - w,
                _ => anchor.x - w * 0.5,
            };
            let y = match dy.partial_cmp(&0.0) {
                Some(std::cmp::Ordering::Greater) => anchor.y + dy * r,
                Some(std::cmp::Ordering::Less) => anchor.y + dy * r - h,
                _ => anchor.y - h * 0.5,
            };
            let b = Viewport {
                x: x.round(),
                y: y.round(),
                w,
                h,
            };
            // Nearer rings first; within a ring, the reading order above.
            out.push((r + 0.01 * (ring * 8 + k) as f32, b));
        }
    }
    out
}

fn inside(b: &Viewport, vp: &Viewport) -> bool {
    b.x >= vp.x + 1.0
        && b.y >= vp.y + 1.0
        && b.x + b.w <= vp.x + vp.w - 1.0
        && b.y + b.h <= vp.y + vp.h - 1.0
}

fn nearest_on_box(b: &Viewport, p: Vec2) -> Vec2 {
    Vec2::new(p.x.clamp(b.x, b.x + b.w), p.y.clamp(b.y, b.y + b.h))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vp() -> Viewport {
        Viewport {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 300.0,
        }
    }

    fn no_lines() -> LineIndex {
        LineIndex::new(Vec::new(), &vp())
    }

    fn pending(index: usize, anchor: Vec2, text: &str) -> Pending<'_> {
        Pending {
            index,
            rank: 2,
            anchor,
            preferred: anchor + Vec2::new(6.0, -6.0),
            text,
            size: 13.0,
        }
    }

    #[test]
    fn a_free_label_keeps_its_own_offset() {
        let p = pending(0, Vec2::new(100.0, 100.0), "w1");
        let placed = place_one(&p, &vp(), &[], &[], &no_lines()).unwrap();
        assert_eq!(placed.at, Vec2::new(106.0, 94.0));
        assert_eq!(placed.leader, None);
    }

    #[test]
    fn a_second_label_at_the_same_anchor_moves_off_the_first() {
        let a = Vec2::new(100.0, 100.0);
        let first = place_one(&pending(0, a, "closest"), &vp(), &[], &[], &no_lines()).unwrap();
        let second = place_one(
            &pending(1, a, "origin"),
            &vp(),
            &[first.back],
            &[],
            &no_lines(),
        )
        .unwrap();
        assert!(!boxes_overlap(&first.back, &second.back, GAP));
        // Still near its anchor: on one of the first rings.
        let q = nearest_on_box(&second.back, a);
        assert!(q.distance(a) <= 30.0, "{q:?}");
    }

    #[test]
    fn contact_points_are_never_covered_other_dots_only_cost() {
        let a = Vec2::new(100.0, 100.0);
        let p = pending(0, a, "depth 0.1058");
        let box0 = label_box(p.preferred, p.text, p.size);
        let contact = DotObstacle {
            at: Vec2::new(box0.x + 10.0, box0.y + 5.0),
            radius: 4.0,
            hard: true,
        };
        let placed = place_one(&p, &vp(), &[], &[contact], &no_lines()).unwrap();
        assert!(!box_covers_dot(&placed.back, contact.at, contact.radius));
        let soft = DotObstacle {
            hard: false,
            ..contact
        };
        let moved = place_one(&p, &vp(), &[], &[soft], &no_lines()).unwrap();
        assert!(!box_covers_dot(&moved.back, soft.at, soft.radius));
    }

    #[test]
    fn no_room_drops_the_label_and_boxes_stay_in_the_view() {
        let a = Vec2::new(20.0, 20.0);
        let wall = Viewport {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 300.0,
        };
        assert_eq!(
            place_one(&pending(0, a, "x"), &vp(), &[wall], &[], &no_lines()),
            None
        );
        // At the view's corner the label goes where it fits, inside.
        let corner = place_one(
            &pending(0, Vec2::new(398.0, 2.0), "long label"),
            &vp(),
            &[],
            &[],
            &no_lines(),
        )
        .unwrap();
        assert!(inside(&corner.back, &vp()));
        assert!(corner.leader.is_none() || corner.leader.unwrap()[0] == Vec2::new(398.0, 2.0));
    }

    #[test]
    fn a_label_moves_off_a_line_through_its_own_spot() {
        let a = Vec2::new(100.0, 100.0);
        let p = pending(0, a, "origin");
        let own = label_box(p.preferred, p.text, p.size);
        // A horizontal line through the middle of the preferred box.
        let y = own.y + 0.5 * own.h;
        let line = LineObstacle::Segment(Vec2::new(0.0, y), Vec2::new(400.0, y));
        let lines = LineIndex::new(vec![line], &vp());
        assert_eq!(lines.crossings(&own), 1);
        let placed = place_one(&p, &vp(), &[], &[], &lines).unwrap();
        assert!(!box_crossed_by(&placed.back, &line), "{:?}", placed.back);
        // Near its anchor still: the next ring below or above the line.
        assert!(nearest_on_box(&placed.back, a).distance(a) <= 18.0);
    }

    #[test]
    fn labels_are_never_drawn_under_twelve_pixels() {
        assert_eq!(label_size(9.0, 1.0), MIN_TEXT);
        assert_eq!(label_size(13.0, 1.0), MIN_TEXT);
        assert_eq!(label_size(15.0, 1.0), 13.0);
        assert_eq!(label_size(15.0, 1.5), 19.0);
    }
}
