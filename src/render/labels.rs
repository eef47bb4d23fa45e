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
//!    (8 directions × growing radii, [`candidates`]), nearest first: the near rings,
//!    then, for a label every near spot of which a line crosses, far ones out to
//!    [`FAR_REACH`], and last anywhere in the view ([`far_candidates`]).
//! 3. A candidate is refused when it leaves the view or comes within [`EDGE`] pixels of
//!    its edge, touches a label already placed
//!    (with a [`GAP`] px gap), a view title, the scale bar or a grid number, or covers a
//!    *contact point* (a dot of the contact,
//!    witness, chain or engine layers, or a handle). Among the others, the one crossed
//!    by the fewest line pieces wins — every line, arrow, cross and ring of the view
//!    with the ink of its width ([`line_obstacles`]), the leader line of every label
//!    placed before, and a label placed before that its own leader would run over —
//!    so a label takes any spot no line crosses before one a line does. Between
//!    spots crossed alike, the rest only cost: covering other dots (simplex vertices,
//!    supports), the distance, a spot nearer another label's point than the
//!    label's own, where it would read as that point's label
//!    ([`reads_as_other_point`]), taken only when nothing near its own is free; a
//!    spot over a *bar* the label does not name (a thick edge or interval of the step,
//!    [`Bar`]: another shape's incident edge, the ends of a projection interval) costs
//!    more still, and so does a spot of a label of A or B (in its colour, or named
//!    first: "A so far") inside the other shape ([`in_other_shape`]); a vertex
//!    number's spot across its corner from where the corner points costs too
//!    ([`SIDE_COST`]).
//! 4. A label moved away from its anchor, left nearer another label's point, over a
//!    bar it does not name or inside the other shape, gets a leader line from the
//!    anchor to its box;
//!    a label with no free candidate is dropped (the SVG keeps it hidden, so its text
//!    can still be searched).
//!
//! The painter draws the labels after every other primitive of the view, each on its
//! plate ([`LABEL_BACK`](crate::view::palette::LABEL_BACK)): a line that could not be
//! avoided runs under the plate, never over the text.

use super::spots::{candidates, far_candidates, inside, nearest_on_box, side_of, wide_room};
use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::{DrawList, LayerId, Prim, Rgba};
use glam::Vec2;

/// No text on a view is drawn smaller than this, pixels.
pub const MIN_TEXT: f32 = 12.0;

/// Pixels kept free between two label boxes.
pub const GAP: f32 = 1.0;
/// A moved label further than this from its anchor (pixels) gets a leader line.
const LEADER_MIN: f32 = 9.0;
/// The cost of covering one non-contact dot, in pixels of distance.
const DOT_COST: f32 = 120.0;
/// The cost of a spot nearer another label's point than the label's own, in pixels of
/// distance: taken only when every spot near its own point is refused, and then with a
/// leader line.
const MISREAD_COST: f32 = 150.0;
/// The cost of a label's box crossing a bar it does not name ([`Bar`]: another edge or
/// interval the step is about), in pixels of distance: more than a misread spot, so a
/// label sooner moves out and takes a leader line than covers another feature.
const BAR_COST: f32 = 240.0;
/// The cost of a vertex number's spot across its corner from where the corner points
/// (above it for a corner pointing down), in pixels of distance: a number slides along
/// its own side before it crosses to the other, where it reads as the other corner's.
const SIDE_COST: f32 = 60.0;
/// Two points closer than this (pixels) are one point to a reader.
pub const SAME_POINT: f32 = 3.0;
/// A label reads as its own point's only when every other labelled point is at least
/// this much farther from its box than its own anchor, pixels: at about the same
/// distance, a reader takes it for the other point's as readily.
const OWN_SLACK: f32 = 3.0;
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
        LayerId::Witness | LayerId::Manifold | LayerId::Chains | LayerId::GaussMap => 0,
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

/// The distance from a point to a box (0 inside it), pixels.
pub fn box_distance(b: &Viewport, p: Vec2) -> f32 {
    nearest_on_box(b, p).distance(p)
}

/// Whether a label box at `b` for `anchor` sits about as near, or nearer, another of
/// `points` (another label's anchor, on screen) as its own anchor: a reader could take
/// it for that point's label.
pub fn reads_as_other_point(b: &Viewport, anchor: Vec2, points: &[Vec2]) -> bool {
    let own = box_distance(b, anchor);
    points
        .iter()
        .any(|q| q.distance(anchor) > SAME_POINT && box_distance(b, *q) < own + OWN_SLACK)
}

/// The points a view's labels could be read as belonging to: every label's anchor, on
/// screen (an unlabelled dot names nothing, so a label beside one is not misread).
pub fn label_points(view: &ViewFrame, list: &DrawList, extra: &[Prim]) -> Vec<Vec2> {
    view_labels(view, list, extra)
        .filter_map(|(_, prim)| match prim {
            Prim::Label { at, .. } => Some(view.to_screen(*at)),
            _ => None,
        })
        .filter(|p| p.is_finite())
        .collect()
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
    color: Rgba,
    /// A vertex number: it keeps the side of its corner its own offset puts it on.
    keeps_side: bool,
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
            color,
        } = prim
        {
            let anchor = view.to_screen(*at);
            // A label anchored outside the view is not drawn (it would be clipped).
            if anchor.is_finite() && view.viewport.contains(anchor) {
                // Bare numbers (vertex numbers) give way to every other label.
                let number = text.chars().all(|c| c.is_ascii_digit());
                pending.push(Pending {
                    index: count,
                    rank: if number { rank.max(4) } else { rank },
                    anchor,
                    preferred: (anchor + *offset * view.scale).round(),
                    text,
                    size: label_size(*size, view.scale),
                    color: *color,
                    keeps_side: number,
                });
            }
            count += 1;
        }
    }
    pending.sort_by_key(|p| (p.rank, p.index));
    let dots = dot_obstacles(view, list, extra);
    let lines = LineIndex::new(line_obstacles(view, list, extra), &view.viewport);
    let points = label_points(view, list, extra);
    let bars = bar_obstacles(view, list);
    let regions = shape_regions(view, list);
    let mut taken: Vec<Viewport> = reserved.to_vec();
    let mut out = vec![None; count];
    let mut obstacles = Obstacles {
        dots: &dots,
        lines: &lines,
        points: &points,
        bars: &bars,
        regions: &regions,
        leaders: Vec::new(),
    };
    for p in &pending {
        if let Some(placed) = place_one(p, &view.viewport, &taken, &obstacles) {
            taken.push(placed.back);
            if let Some([a, b]) = placed.leader {
                obstacles
                    .leaders
                    .push(LineObstacle::Segment(a, b, stroke_reach(1.0)));
            }
            out[p.index] = Some(placed);
        }
    }
    out
}

/// How many labels of `view` anchored inside it find no room ([`place_labels`] with the
/// view's `title` reserved): labels the picture hides.
pub fn hidden_labels(view: &ViewFrame, list: &DrawList, extra: &[Prim], title: &str) -> usize {
    let spots = place_labels(view, list, extra, &reserved_boxes(view, title));
    view_labels(view, list, extra)
        .zip(spots)
        .filter(|((_, prim), spot)| {
            spot.is_none()
                && matches!(prim, Prim::Label { at, .. }
                    if view.viewport.contains(view.to_screen(*at)))
        })
        .count()
}

/// The window's title of a view that hides `n` labels for want of room: the title and,
/// on a line under it ([`view_title_lines`]), a note saying so and how to see them; the
/// labels keep off both.
pub fn title_with_hidden(title: &str, n: usize) -> String {
    match n {
        0 => title.to_string(),
        1 => format!("{title}\n1 label hidden (Z)"),
        n => format!("{title}\n{n} labels hidden (Z)"),
    }
}

/// What a view's labels keep off besides one another.
struct Obstacles<'a> {
    dots: &'a [DotObstacle],
    lines: &'a LineIndex,
    /// Points a label must not be taken for ([`label_points`]).
    points: &'a [Vec2],
    /// Edges and intervals a label keeps off unless it names them.
    bars: &'a [Bar],
    /// Shapes A and B: a label in one's colour keeps out of the other.
    regions: &'a [ShapeRegion],
    /// The leader lines of the labels placed so far: a later label keeps off them (a
    /// vertex number beside a leader reads as struck through), as off any line.
    leaders: Vec<LineObstacle>,
}

/// The best free spot of one label, or `None` when every candidate is refused.
fn place_one(
    p: &Pending,
    vp: &Viewport,
    taken: &[Viewport],
    obstacles: &Obstacles,
) -> Option<PlacedLabel> {
    let Obstacles {
        dots,
        lines,
        points,
        bars,
        regions,
        ref leaders,
    } = *obstacles;
    let first = label_box(p.preferred, p.text, p.size);
    let (w, h) = (first.w, first.h);
    // A label too wide for the view with [`EDGE`] kept free either side (a long SAT
    // line in a narrow view) may come to a pixel of its sides rather than be hidden.
    let vp = &wide_room(vp, w);
    // Baseline start from a box corner: the inverse of `label_box`.
    let lift = p.preferred - Vec2::new(first.x, first.y);
    let own_side = if p.keeps_side {
        side_of(&first, p.anchor)
    } else {
        0.0
    };
    // The cost of spot `b` at `distance` from the anchor, or `None` when it is refused
    // or cannot beat `best`.
    let score = |distance: f32, b: &Viewport, best: Option<(usize, f32)>| {
        if !inside(b, vp) || taken.iter().any(|t| boxes_overlap(b, t, GAP)) {
            return None;
        }
        let mut cost = distance;
        let misread = reads_as_other_point(b, p.anchor, points);
        if misread {
            cost += MISREAD_COST;
        }
        let foreign = foreign_bars(b, p.anchor, bars);
        cost += BAR_COST * foreign as f32;
        let other_shape = in_other_shape(b, p.anchor, p.text, p.color, regions);
        if other_shape {
            cost += BAR_COST;
        }
        if own_side != 0.0 && side_of(b, p.anchor) == -own_side {
            cost += SIDE_COST;
        }
        for d in dots.iter().filter(|d| box_covers_dot(b, d.at, d.radius)) {
            if d.hard {
                return None;
            }
            cost += DOT_COST;
        }
        // Every line keeps off the text before all else: a spot no line crosses wins
        // over any spot one does, however near; and a spot whose leader line would run
        // over a label placed before counts that label as a line crossed.
        let mut crossed = lines.crossings(b) + leaders_near(b, leaders);
        if best.is_some_and(|c| c <= (crossed, cost)) {
            return None;
        }
        if let Some(l) = leader_of(p.anchor, b, &first, misread || foreign > 0 || other_shape) {
            let line = LineObstacle::Segment(l[0], l[1], stroke_reach(1.0));
            crossed += taken.iter().filter(|t| box_crossed_by(t, &line)).count();
        }
        best.is_none_or(|c| (crossed, cost) < c)
            .then_some((crossed, cost))
    };
    // (line pieces crossing the spot, its other costs), compared in that order.
    let mut best: Option<((usize, f32), Viewport)> = None;
    let consider = |spots: Vec<(f32, Viewport)>, best: &mut Option<((usize, f32), Viewport)>| {
        for (distance, b) in spots {
            if best.is_some_and(|((n, c), _)| n == 0 && c <= distance) {
                break; // spots come nearest first: no later one can be cheaper
            }
            if let Some(c) = score(distance, &b, best.map(|(c, _)| c)) {
                *best = Some((c, b));
            }
        }
    };
    consider(candidates(p.anchor, first, w, h, vp), &mut best);
    // Every spot near the anchor crossed by a line: the nearest free one anywhere in the
    // view, tied to the anchor by a leader.
    if best.is_none_or(|((n, _), _)| n > 0) {
        consider(far_candidates(p.anchor, w, h, vp), &mut best);
    }
    let (_, b) = best?;
    let at = Vec2::new(b.x, b.y) + lift;
    let misread = reads_as_other_point(&b, p.anchor, points)
        || foreign_bars(&b, p.anchor, bars) > 0
        || in_other_shape(&b, p.anchor, p.text, p.color, regions);
    let leader = leader_of(p.anchor, &b, &first, misread);
    Some(PlacedLabel {
        at,
        back: b,
        leader,
    })
}

/// The leader line from `anchor` to a label's box `b` (its preferred box `first`), if
/// it needs one: a label moved far, or left nearer another label's point than its own
/// or over an edge it does not name (`misread`), is tied to its point by a leader line.
fn leader_of(anchor: Vec2, b: &Viewport, first: &Viewport, misread: bool) -> Option<[Vec2; 2]> {
    let q = nearest_on_box(b, anchor);
    (misread || (b != first && q.distance(anchor) > LEADER_MIN)).then_some([anchor, q])
}

/// How many of `leaders` cross box `b` or pass within [`GAP`] of it.
pub fn leaders_near(b: &Viewport, leaders: &[LineObstacle]) -> usize {
    let grown = Viewport {
        x: b.x - GAP,
        y: b.y - GAP,
        w: b.w + 2.0 * GAP,
        h: b.h + 2.0 * GAP,
    };
    leaders.iter().filter(|l| box_crossed_by(&grown, l)).count()
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

    /// Places `p` in [`vp`] with nothing else to be taken for.
    fn one(
        p: &Pending,
        taken: &[Viewport],
        dots: &[DotObstacle],
        lines: &LineIndex,
    ) -> Option<PlacedLabel> {
        let obstacles = Obstacles {
            dots,
            lines,
            points: &[],
            bars: &[],
            regions: &[],
            leaders: Vec::new(),
        };
        place_one(p, &vp(), taken, &obstacles)
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
            color: Rgba::WHITE,
            keeps_side: text.chars().all(|c| c.is_ascii_digit()),
        }
    }

    #[test]
    fn a_free_label_keeps_its_own_offset() {
        let p = pending(0, Vec2::new(100.0, 100.0), "w1");
        let placed = one(&p, &[], &[], &no_lines()).unwrap();
        assert_eq!(placed.at, Vec2::new(106.0, 94.0));
        assert_eq!(placed.leader, None);
    }

    #[test]
    fn a_second_label_at_the_same_anchor_moves_off_the_first() {
        let a = Vec2::new(100.0, 100.0);
        let first = one(&pending(0, a, "closest"), &[], &[], &no_lines()).unwrap();
        let second = one(&pending(1, a, "origin"), &[first.back], &[], &no_lines()).unwrap();
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
        let placed = one(&p, &[], &[contact], &no_lines()).unwrap();
        assert!(!box_covers_dot(&placed.back, contact.at, contact.radius));
        let soft = DotObstacle {
            hard: false,
            ..contact
        };
        let moved = one(&p, &[], &[soft], &no_lines()).unwrap();
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
        assert_eq!(one(&pending(0, a, "x"), &[wall], &[], &no_lines()), None);
        // At the view's corner the label goes where it fits, inside.
        let corner = one(
            &pending(0, Vec2::new(398.0, 2.0), "long label"),
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
        let line = LineObstacle::Segment(Vec2::new(0.0, y), Vec2::new(400.0, y), 0.0);
        let lines = LineIndex::new(vec![line], &vp());
        assert_eq!(lines.crossings(&own), 1);
        let placed = one(&p, &[], &[], &lines).unwrap();
        assert!(!box_crossed_by(&placed.back, &line), "{:?}", placed.back);
        // Near its anchor still: the next ring below or above the line.
        assert!(nearest_on_box(&placed.back, a).distance(a) <= 18.0);
    }

    #[test]
    fn a_label_crossed_everywhere_near_its_point_goes_to_a_clear_spot_with_a_leader() {
        // Lines every 12 px across the top 200 px of the view: every box near the anchor
        // is crossed (a label is 16 px high); below them the view is clear.
        let a = Vec2::new(100.0, 100.0);
        let lines: Vec<LineObstacle> = (0..17)
            .map(|k| {
                let y = 4.0 + 12.0 * k as f32;
                LineObstacle::Segment(Vec2::new(0.0, y), Vec2::new(400.0, y), 1.5)
            })
            .collect();
        let index = LineIndex::new(lines, &vp());
        let p = pending(0, a, "new support B[3]-A[5]");
        let placed = one(&p, &[], &[], &index).unwrap();
        assert_eq!(index.crossings(&placed.back), 0, "{:?}", placed.back);
        assert!(placed.back.y > 196.0, "{:?}", placed.back);
        assert!(inside(&placed.back, &vp()));
        let [from, to] = placed.leader.expect("a leader to its point");
        assert_eq!(from, a);
        assert_eq!(to, nearest_on_box(&placed.back, a));
    }

    #[test]
    fn a_label_keeps_off_the_leader_of_a_label_placed_before() {
        // A vertex number whose own spot (right, above) is struck by another label's
        // leader line, running up from a point below to a label far above.
        let a = Vec2::new(100.0, 100.0);
        let p = pending(0, a, "2");
        let own = label_box(p.preferred, p.text, p.size);
        let x = own.x + 0.5 * own.w;
        let leader = LineObstacle::Segment(Vec2::new(x, 140.0), Vec2::new(x, 20.0), 0.0);
        assert_eq!(leaders_near(&own, &[leader]), 1);
        let obstacles = Obstacles {
            dots: &[],
            lines: &no_lines(),
            points: &[],
            bars: &[],
            regions: &[],
            leaders: vec![leader],
        };
        let placed = place_one(&p, &vp(), &[], &obstacles).unwrap();
        assert_eq!(
            leaders_near(&placed.back, &[leader]),
            0,
            "{:?}",
            placed.back
        );
        assert!(nearest_on_box(&placed.back, a).distance(a) <= 18.0);
    }

    #[test]
    fn a_label_is_not_placed_nearer_another_point_than_its_own() {
        // The preferred spot (right, above) is next to another labelled point: the label
        // goes round its own anchor instead.
        let a = Vec2::new(100.0, 100.0);
        let p = pending(0, a, "origin");
        let own = label_box(p.preferred, p.text, p.size);
        let other = Vec2::new(own.x + own.w - 5.0, own.y + own.h + 1.0);
        assert!(reads_as_other_point(&own, a, &[other]));
        let obstacles = Obstacles {
            dots: &[],
            lines: &no_lines(),
            points: &[a, other],
            bars: &[],
            regions: &[],
            leaders: Vec::new(),
        };
        let placed = place_one(&p, &vp(), &[], &obstacles).unwrap();
        assert!(!reads_as_other_point(&placed.back, a, &[other]));
        assert!(box_distance(&placed.back, a) + OWN_SLACK <= box_distance(&placed.back, other));
    }

    #[test]
    fn labels_are_never_drawn_under_twelve_pixels() {
        assert_eq!(label_size(9.0, 1.0), MIN_TEXT);
        assert_eq!(label_size(13.0, 1.0), MIN_TEXT);
        assert_eq!(label_size(15.0, 1.0), 13.0);
        assert_eq!(label_size(15.0, 1.5), 19.0);
    }
}
