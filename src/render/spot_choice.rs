//! The choice of one label's spot ([`place_one`]): the candidates around its anchor
//! ([`super::spots`]) scored against what the view's labels keep off — lines first, then
//! the costs below in pixels of distance — and the leader line a moved label gets.
//! The placement of a whole view, and its method, are in [`super::labels`].

use super::leaders::{leaders_near, runs_along, LEADER_MIN};
use super::spots::{
    candidates, close_candidates, far_candidates, inside, nearest_on_box, side_of, wide_room,
};
use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::Owner;
use glam::Vec2;

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
/// The cost of a spot where the label reads as one phrase with a text already on the view
/// ([`reads_as_one_phrase`]: "A so far" right beside or under the name "A"), in pixels
/// of distance: as a spot nearer another label's point, taken only when every spot
/// near its own point is refused.
const PHRASE_COST: f32 = 150.0;
/// The cost of a spot across a line from the label's point ([`Scorer::across`]: the
/// origin's label on the far side of the edge the origin lies just inside), in pixels
/// of distance: a label sooner goes round its point than over the line beside it.
const ACROSS_COST: f32 = 60.0;
/// A vertex number of one shape whose box comes within this part of its text's size
/// of a vertex number of the other shape reads as one of that shape's numbers ("4 0 5"
/// with B's 0 among A's 4 and 5): it costs as a spot nearer another label's point.
const NUMBER_REACH: f32 = 1.0;
/// A line this near a label's point (pixels) is one the label keeps on the point's side
/// of ([`Scorer::across`]); nearer than [`SAME_POINT`], the point sits on it.
const BESIDE_LINE: f32 = 30.0;

/// One label of the view waiting for a place.
pub(super) struct Pending<'a> {
    /// Index in the view's label walk order.
    pub(super) index: usize,
    pub(super) rank: u8,
    pub(super) anchor: Vec2,
    pub(super) preferred: Vec2,
    pub(super) text: &'a str,
    pub(super) size: f32,
    /// The pair shape it speaks of: it keeps out of the other's outline.
    pub(super) of: Option<Owner>,
    /// A vertex number: it keeps the side of its corner its own offset puts it on.
    pub(super) keeps_side: bool,
}

/// What a view's labels keep off besides one another.
pub(super) struct Obstacles<'a> {
    pub(super) dots: &'a [DotObstacle],
    pub(super) lines: &'a LineIndex,
    /// Points a label must not be taken for ([`label_points`]).
    pub(super) points: &'a [Vec2],
    /// Edges and intervals a label keeps off unless it names them.
    pub(super) bars: &'a [Bar],
    /// Shapes A and B: a label of one keeps out of the other.
    pub(super) regions: &'a [ShapeRegion],
    /// The leader lines of the labels placed so far: a later label keeps off them (a
    /// vertex number beside a leader reads as struck through), as off any line.
    pub(super) leaders: Vec<LineObstacle>,
    /// The texts on the view so far: the labels placed, the grid numbers and the title
    /// (their boxes' heights for sizes). A label keeps from reading as one phrase with
    /// any ([`reads_as_one_phrase`]).
    pub(super) texts: Vec<Text>,
    /// The view's axis lines (the x axis, the y axis) where they are on it: a leader
    /// keeps from running along them as along any line ([`runs_along`]).
    pub(super) axes: Vec<(Vec2, Vec2)>,
}

/// A text on the view a label keeps from reading as one phrase with.
pub(super) struct Text {
    pub(super) back: Viewport,
    pub(super) size: f32,
    /// [`phrase_reach`] at its size.
    reach: f32,
    /// For a vertex number, the shape it numbers.
    number_of: Option<Owner>,
}

impl Text {
    pub(super) fn new(back: Viewport, size: f32) -> Text {
        Text {
            back,
            size,
            reach: phrase_reach(size),
            number_of: None,
        }
    }

    /// The text of a label placed at `back`: a vertex number of shape `number_of`, or
    /// (`None`) any other label.
    pub(super) fn placed(back: Viewport, size: f32, number_of: Option<Owner>) -> Text {
        Text {
            number_of,
            ..Text::new(back, size)
        }
    }
}

/// The best free spot of one label, or `None` when every candidate is refused: on one
/// line, or, when no spot is clear of lines for it on one line, wrapped at word
/// boundaries onto two (then [`MAX_LINES`]) lines where that finds a spot crossed by
/// fewer.
pub(super) fn place_one(
    p: &Pending,
    vp: &Viewport,
    taken: &[Viewport],
    obstacles: &Obstacles,
) -> Option<PlacedLabel> {
    let mut found = best_spot(p, vec![p.text.to_string()], vp, taken, obstacles);
    for n in 2..=MAX_LINES {
        if found.as_ref().is_some_and(|(crossed, _)| *crossed == 0) {
            break;
        }
        let Some(lines) = wrap_words(p.text, n) else {
            break;
        };
        if let Some((crossed, placed)) = best_spot(p, lines, vp, taken, obstacles) {
            if found.as_ref().is_none_or(|(c, _)| crossed < *c) {
                found = Some((crossed, placed));
            }
        }
    }
    found.map(|(_, placed)| placed)
}

/// The best free spot of one label drawn as `lines`, with the line pieces crossing it,
/// or `None` when every candidate is refused.
fn best_spot(
    p: &Pending,
    lines: Vec<String>,
    vp: &Viewport,
    taken: &[Viewport],
    obstacles: &Obstacles,
) -> Option<(usize, PlacedLabel)> {
    // A wrapped label set left of its point by its own offset ends where the line
    // would have: it keeps its place beside the point, nearer by what it lost.
    let one = label_box(p.preferred, p.text, p.size);
    let mut preferred = p.preferred;
    let mut first = lines_box(preferred, &lines, p.size);
    if one.x + one.w <= p.anchor.x {
        preferred.x += one.w - first.w;
        first.x += one.w - first.w;
    }
    let (w, h) = (first.w, first.h);
    let scorer = Scorer {
        p,
        first,
        // A label too wide for the view with [`EDGE`] kept free either side (a long
        // SAT line in a narrow view) may come to a pixel of its sides rather than be
        // hidden.
        vp: wide_room(vp, w),
        own_side: if p.keeps_side {
            side_of(&first, p.anchor)
        } else {
            0.0
        },
        taken,
        obstacles,
        others: other_points(p.anchor, obstacles.points).collect(),
        dots: obstacles.dots.iter().map(|d| d.at).collect(),
        reach: phrase_reach(p.size),
        beside: lines_beside(p.anchor, obstacles.lines),
    };
    // (line pieces crossing the spot, its other costs), compared in that order.
    let mut best: Option<((usize, f32), Viewport)> = None;
    let consider = |spots: Vec<(f32, Viewport)>, best: &mut Option<((usize, f32), Viewport)>| {
        for (distance, b) in spots {
            if best.is_some_and(|((n, c), _)| n == 0 && c <= distance) {
                break; // spots come nearest first: no later one can be cheaper
            }
            if let Some(c) = scorer.score(distance, &b, best.map(|(c, _)| c)) {
                *best = Some((c, b));
            }
        }
    };
    consider(candidates(p.anchor, first, w, h, &scorer.vp), &mut best);
    // Moved off its own spot: any nearer spot between the rings' directions, as near
    // as the one found.
    if best.is_none_or(|((n, c), b)| b != first && (n > 0 || c > LEADER_MIN)) {
        let reach = match best {
            Some(((0, c), _)) => c.min(CLOSE_REACH),
            _ => CLOSE_REACH,
        };
        consider(close_candidates(p.anchor, w, h, reach), &mut best);
    }
    // Every spot near the anchor crossed by a line: the nearest free one anywhere in the
    // view, tied to the anchor by a leader.
    if best.is_none_or(|((n, _), _)| n > 0) {
        consider(far_candidates(p.anchor, w, h, &scorer.vp), &mut best);
    }
    let ((crossed, _), b) = best?;
    // Baseline start from a box corner: the inverse of `lines_box`.
    let at = Vec2::new(b.x, b.y) + (preferred - Vec2::new(first.x, first.y));
    let leader = leader_of(p.anchor, &b, &first, scorer.misread(&b).any());
    Some((
        crossed,
        PlacedLabel {
            at,
            back: b,
            leader,
            lines,
        },
    ))
}

/// One label's spots scored in one view.
struct Scorer<'a> {
    p: &'a Pending<'a>,
    /// The label's box at its own offset.
    first: Viewport,
    /// The room the label may take (the view, less its edge).
    vp: Viewport,
    /// For a vertex number, the side of its corner its own offset puts it on, else 0.
    own_side: f32,
    taken: &'a [Viewport],
    obstacles: &'a Obstacles<'a>,
    /// The labelled points other than its own ([`other_points`]).
    others: Vec<Vec2>,
    /// [`phrase_reach`] at its size.
    reach: f32,
    /// The dots' centres: a dot between two labels joins them ([`reads_as_one_phrase_with`]).
    dots: Vec<Vec2>,
    /// The lines near its point that do not run through it ([`lines_beside`]).
    beside: Vec<(Vec2, Vec2)>,
}

/// The straight lines within [`BESIDE_LINE`] pixels of a label's point `anchor` that do
/// not run through it (farther than [`SAME_POINT`]): an edge beside the point, not the
/// point's own edges, its cross or an arrow from it.
fn lines_beside(anchor: Vec2, lines: &LineIndex) -> Vec<(Vec2, Vec2)> {
    lines
        .segments_near(anchor, BESIDE_LINE)
        .into_iter()
        .filter(|&(a, b)| {
            let d = crate::core::math::point_segment_distance(anchor, a, b);
            d > SAME_POINT && d <= BESIDE_LINE
        })
        .collect()
}

/// How a spot could be read as another feature's label.
struct Misread {
    /// Nearer another label's point than its own.
    other_point: bool,
    /// The bars it lies over that it does not name.
    foreign_bars: usize,
    /// A label of A or B inside the other shape.
    other_shape: bool,
    /// Read as one phrase with a text placed before (a label, a grid number, the
    /// view's title): a leader line would not part them, so it is no reason for one.
    one_phrase: bool,
    /// A vertex number among the other shape's numbers ([`NUMBER_REACH`]).
    other_numbers: bool,
}

impl Misread {
    /// Whether it could be read as another feature's label: it then gets a leader.
    fn any(&self) -> bool {
        self.other_point || self.foreign_bars > 0 || self.other_shape || self.other_numbers
    }
}

impl Scorer<'_> {
    fn misread(&self, b: &Viewport) -> Misread {
        let (p, o) = (self.p, self.obstacles);
        Misread {
            other_point: reads_as_point_of(b, p.anchor, &self.others),
            foreign_bars: foreign_bars(b, p.anchor, o.bars),
            other_shape: in_other_shape(b, p.anchor, p.of, o.regions),
            one_phrase: self.one_phrase(b),
            other_numbers: self.among_other_numbers(b),
        }
    }

    /// Whether box `b` of a vertex number lies among the other shape's vertex numbers
    /// (within [`NUMBER_REACH`] of its text's size of one): it reads as theirs.
    fn among_other_numbers(&self, b: &Viewport) -> bool {
        let (p, own) = (self.p, self.p.of);
        p.keeps_side
            && own.is_some()
            && self.obstacles.texts.iter().any(|t| {
                t.number_of.is_some_and(|o| Some(o) != own)
                    && boxes_overlap(b, &t.back, NUMBER_REACH * p.size.max(t.size))
            })
    }

    /// Whether box `b` lies across a line beside the label's point from the point: the
    /// way from the point to the box's nearest point crosses it (a leader would), so
    /// the label reads as saying something of what lies on the line's other side.
    fn across(&self, b: &Viewport) -> bool {
        let (a, q) = (self.p.anchor, nearest_on_box(b, self.p.anchor));
        self.beside.iter().any(|&(u, v)| segments_cross(a, q, u, v))
    }

    /// Whether box `b` reads as one phrase with a text on the view.
    fn one_phrase(&self, b: &Viewport) -> bool {
        self.obstacles.texts.iter().any(|t| {
            boxes_overlap(b, &t.back, self.reach.max(t.reach))
                && reads_as_one_phrase_with(b, &t.back, self.p.size.max(t.size), &self.dots)
        })
    }

    /// The cost of spot `b` at `distance` from the anchor as (line pieces crossing it,
    /// its other costs), or `None` when it is refused or cannot beat `best`.
    ///
    /// Cheapest first: a spot refused, or crossed by more lines than `best` or as many
    /// and no nearer, is given up before the misreadings are looked for (every cost
    /// only adds, in the same order, so the answer is the one the whole sum gives).
    fn score(
        &self,
        distance: f32,
        b: &Viewport,
        best: Option<(usize, f32)>,
    ) -> Option<(usize, f32)> {
        let (p, o) = (self.p, self.obstacles);
        let beaten = |crossed: usize, cost: f32| best.is_some_and(|c| c <= (crossed, cost));
        if !inside(b, &self.vp) || self.taken.iter().any(|t| boxes_overlap(b, t, GAP)) {
            return None;
        }
        let covered = o.dots.iter().filter(|d| box_covers_dot(b, d.at, d.radius));
        let mut dots = 0;
        for d in covered {
            if d.hard {
                return None;
            }
            dots += 1;
        }
        // Every line keeps off the text before all else: a spot no line crosses wins
        // over any spot one does, however near; and a spot whose leader line would run
        // over a label placed before counts that label as a line crossed; so does a
        // text it would read as one phrase with (as much a misreading as a struck word).
        // Crossed by more lines than `best`, a spot is beaten whatever else it costs.
        let cap = best.map_or(usize::MAX, |(n, _)| n + 1);
        let mut crossed = o.lines.crossings_up_to(b, cap);
        if crossed >= cap {
            return None;
        }
        crossed += leaders_near(b, &o.leaders);
        if beaten(crossed, distance) {
            return None;
        }
        let one_phrase = self.one_phrase(b);
        crossed += usize::from(one_phrase);
        if beaten(crossed, distance) {
            return None;
        }
        let misread = Misread {
            other_point: reads_as_point_of(b, p.anchor, &self.others),
            foreign_bars: foreign_bars(b, p.anchor, o.bars),
            other_shape: in_other_shape(b, p.anchor, p.of, o.regions),
            one_phrase,
            other_numbers: self.among_other_numbers(b),
        };
        let mut cost = distance;
        if misread.other_point {
            cost += MISREAD_COST;
        }
        if misread.other_numbers {
            cost += MISREAD_COST;
        }
        cost += BAR_COST * misread.foreign_bars as f32;
        if misread.other_shape {
            cost += BAR_COST;
        }
        if misread.one_phrase {
            cost += PHRASE_COST;
        }
        if self.own_side != 0.0 && side_of(b, p.anchor) == -self.own_side {
            cost += SIDE_COST;
        }
        for _ in 0..dots {
            cost += DOT_COST;
        }
        if beaten(crossed, cost) {
            return None;
        }
        if self.across(b) {
            cost += ACROSS_COST;
            if beaten(crossed, cost) {
                return None;
            }
        }
        if let Some(l) = leader_of(p.anchor, b, &self.first, misread.any()) {
            if runs_along(l, p.size, o.lines, &o.axes) {
                crossed += 1;
                if beaten(crossed, cost) {
                    return None;
                }
            }
            let line = LineObstacle::Segment(l[0], l[1], stroke_reach(1.0));
            crossed += self
                .taken
                .iter()
                .filter(|t| box_crossed_by(t, &line))
                .count();
        }
        best.is_none_or(|c| (crossed, cost) < c)
            .then_some((crossed, cost))
    }
}

/// The leader line from `anchor` to a label's box `b` (its preferred box `first`), if
/// it needs one: a label moved far, or left nearer another label's point than its own
/// or over an edge it does not name (`misread`), is tied to its point by a leader line.
fn leader_of(anchor: Vec2, b: &Viewport, first: &Viewport, misread: bool) -> Option<[Vec2; 2]> {
    let q = nearest_on_box(b, anchor);
    (misread || (b != first && q.distance(anchor) > LEADER_MIN)).then_some([anchor, q])
}

#[cfg(test)]
mod tests {
    use super::super::labels::OWN_SLACK;
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
            texts: Vec::new(),
            axes: Vec::new(),
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
            of: None,
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
            texts: Vec::new(),
            axes: Vec::new(),
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
            texts: Vec::new(),
            axes: Vec::new(),
        };
        let placed = place_one(&p, &vp(), &[], &obstacles).unwrap();
        assert!(!reads_as_other_point(&placed.back, a, &[other]));
        assert!(box_distance(&placed.back, a) + OWN_SLACK <= box_distance(&placed.back, other));
    }
}
