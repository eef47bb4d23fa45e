//! What one spot of a label costs ([`Scorer`]): the line pieces crossing it first, then
//! the costs below in pixels of distance — dots covered, points it could be taken for,
//! bars it does not name, the other shape, the side of a near outline, leaders along a
//! line, and reading as one phrase with a text beside it. The search over spots is in
//! [`super::spot_choice`].

use super::leaders::{leaders_near, runs_along};
use super::spot_choice::{leader_of, Obstacles, Pending};
use super::spots::{inside, nearest_on_box, side_of, FAR_REACH};
use super::*;

use crate::view::camera::Viewport;
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
/// An arrow that comes within this many pixels of a shape's name's box without
/// crossing it (past its ink and [`stroke_reach`]'s pixel and a half) touches the
/// name's plate to the eye: the velocity arrow right under TOI's "B", the normal
/// arrow's head beside "Capsule (A)".
const TOUCH: f32 = 6.0;
/// The cost of a shape's name's spot that an arrow touches ([`TOUCH`]), in pixels of
/// distance: a name sooner sits a few pixels farther in the open.
const TOUCH_COST: f32 = 8.0;
/// What one line piece crossing a label's spot weighs against the spot's other costs,
/// in pixels of distance ([`weight`]): about a spot on the rings' last ring (160 px)
/// nearer another label's point ([`MISREAD_COST`]), so a spot a line crosses loses to
/// a clear one on the rings round its point, but not to a clear spot across the view
/// tied to it by a leader that long — a label an arrow or a thin edge touches beside
/// its point reads as that point's, one 400 px off does not.
pub(super) const CROSSING_COST: f32 = 300.0;

/// What a spot `distance` pixels from its point costs for that distance: the distance,
/// and past the rings' reach ([`FAR_REACH`]) every pixel more again — a leader that
/// long, across the view, reads as a line of the picture as much as a tie to its
/// point, so a far clear spot loses to a near one that a line touches (the GJK
/// lesson's "new support" 300 px off across B − A, with a leader, against the spot
/// beside its point that the search arrow touches).
fn far_distance(distance: f32) -> f32 {
    distance + (distance - FAR_REACH).max(0.0)
}

/// The weight of a spot's (line pieces crossing it, other costs) in pixels of distance:
/// the lower wins.
pub(super) fn weight((crossed, cost): (usize, f32)) -> f32 {
    cost + CROSSING_COST * crossed as f32
}

/// A line this near a label's point (pixels) is one the label keeps on the point's side
/// of ([`Scorer::across`]); nearer than [`SAME_POINT`], the point sits on it.
const BESIDE_LINE: f32 = 30.0;

/// One label's spots scored in one view.
pub(super) struct Scorer<'a> {
    pub(super) p: &'a Pending<'a>,
    /// The label's box at its own offset.
    pub(super) first: Viewport,
    /// The room the label may take (the view, less its edge).
    pub(super) vp: Viewport,
    /// For a vertex number, the side of its corner its own offset puts it on, else 0.
    pub(super) own_side: f32,
    pub(super) taken: &'a [Viewport],
    pub(super) obstacles: &'a Obstacles<'a>,
    /// The labelled points other than its own ([`other_points`]).
    pub(super) others: Vec<Vec2>,
    /// [`phrase_reach`] at its size.
    pub(super) reach: f32,
    /// The dots' centres: a dot between two labels joins them ([`reads_as_one_phrase_with`]).
    pub(super) dots: Vec<Vec2>,
    /// The lines near its point that do not run through it ([`lines_beside`]).
    pub(super) beside: Vec<(Vec2, Vec2)>,
}

/// The straight lines within [`BESIDE_LINE`] pixels of a label's point `anchor` that do
/// not run through it (farther than [`SAME_POINT`]): an edge beside the point, not the
/// point's own edges, its cross or an arrow from it.
pub(super) fn lines_beside(anchor: Vec2, lines: &LineIndex) -> Vec<(Vec2, Vec2)> {
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
#[cfg_attr(test, derive(Debug))]
pub(super) struct Misread {
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
    pub(super) fn any(&self) -> bool {
        self.other_point || self.foreign_bars > 0 || self.other_shape || self.other_numbers
    }
}

/// What the ways a spot could be misread cost, in pixels of distance.
fn misread_cost(m: &Misread) -> f32 {
    let flag = |on: bool, cost: f32| if on { cost } else { 0.0 };
    flag(m.other_point, MISREAD_COST)
        + flag(m.other_numbers, MISREAD_COST)
        + BAR_COST * m.foreign_bars as f32
        + flag(m.other_shape, BAR_COST)
        + flag(m.one_phrase, PHRASE_COST)
}

impl Scorer<'_> {
    pub(super) fn misread(&self, b: &Viewport) -> Misread {
        self.misread_with(b, self.one_phrase(b))
    }

    /// [`Scorer::misread`] with whether `b` reads as one phrase already known.
    fn misread_with(&self, b: &Viewport, one_phrase: bool) -> Misread {
        let (p, o) = (self.p, self.obstacles);
        Misread {
            other_point: reads_as_point_of(b, p.own_distance(b), &self.others),
            foreign_bars: foreign_bars(b, p.anchor, o.bars),
            other_shape: in_other_shape(b, p.anchor, p.of, o.regions),
            one_phrase,
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

    /// Whether an arrow touches box `b` of a shape's name ([`TOUCH`]): a piece of it
    /// meets the box grown by that much and not the box. Not for a point's label: the
    /// point's own arrows start at its anchor, beside it.
    fn touched(&self, b: &Viewport) -> bool {
        if self.p.outline.is_none() {
            return false;
        }
        let grown = Viewport {
            x: b.x - TOUCH,
            y: b.y - TOUCH,
            w: b.w + 2.0 * TOUCH,
            h: b.h + 2.0 * TOUCH,
        };
        self.obstacles
            .arrows
            .iter()
            .any(|a| box_crossed_by(&grown, a) && !box_crossed_by(b, a))
    }

    /// Whether box `b` reads as one phrase with a text on the view.
    fn one_phrase(&self, b: &Viewport) -> bool {
        self.obstacles.texts.iter().any(|t| {
            boxes_overlap(b, &t.back, self.reach.max(t.reach))
                && reads_as_one_phrase_of(
                    (b, self.p.keeps_side),
                    (&t.back, t.number),
                    self.p.size.max(t.size),
                    &self.dots,
                )
        })
    }

    /// The cost of spot `b` at `distance` from the anchor as (line pieces crossing it,
    /// its other costs), or `None` when it is refused or cannot beat `best`.
    ///
    /// Cheapest first: a spot refused, or crossed by more lines than `best` or as many
    /// and no nearer, is given up before the misreadings are looked for (every cost
    /// only adds, in the same order, so the answer is the one the whole sum gives).
    pub(super) fn score(
        &self,
        distance: f32,
        b: &Viewport,
        best: Option<(usize, f32)>,
    ) -> Option<(usize, f32)> {
        let beaten =
            |crossed: usize, cost: f32| best.is_some_and(|c| weight(c) <= weight((crossed, cost)));
        let dots = self.dots_covered(b)?;
        let (crossed, one_phrase) = self.crossings(distance, b, best)?;
        let misread = self.misread_with(b, one_phrase);
        let cost = far_distance(distance) + misread_cost(&misread) + self.place_cost(b, dots);
        if beaten(crossed, cost) {
            return None;
        }
        let cost = cost + if self.across(b) { ACROSS_COST } else { 0.0 };
        if beaten(crossed, cost) {
            return None;
        }
        let cost = cost + if self.touched(b) { TOUCH_COST } else { 0.0 };
        if beaten(crossed, cost) {
            return None;
        }
        let crossed =
            crossed + self.leader_crossings(b, misread.any(), |n| beaten(crossed + n, cost))?;
        best.is_none_or(|c| weight((crossed, cost)) < weight(c))
            .then_some((crossed, cost))
    }

    /// A spot's costs spelled out, for the tests' traces ([`super::label_trace`]).
    #[cfg(test)]
    pub(super) fn explain(&self, b: &Viewport) -> String {
        let dots = self.dots_covered(b);
        let lines = self.obstacles.lines.crossings(b);
        let leaders = leaders_near(b, &self.obstacles.leaders);
        format!(
            "dots {dots:?} lines {lines} leaders {leaders} across {} touched {} place {:.0} {:?}",
            self.across(b),
            self.touched(b),
            self.place_cost(b, dots.unwrap_or(0)),
            self.misread(b)
        )
    }

    /// The soft dots box `b` covers, or `None` when it is refused: out of the room,
    /// touching a label placed before, or over a contact point.
    fn dots_covered(&self, b: &Viewport) -> Option<usize> {
        if !inside(b, &self.vp) || self.taken.iter().any(|t| boxes_overlap(b, t, GAP)) {
            return None;
        }
        let mut dots = 0;
        for d in self.obstacles.dots.iter() {
            if box_covers_dot(b, d.at, d.radius) {
                if d.hard {
                    return None;
                }
                dots += 1;
            }
        }
        Some(dots)
    }

    /// The line pieces crossing spot `b` at `distance` — the view's lines, the leaders
    /// placed before, and a text it reads as one phrase with — and whether it reads so;
    /// `None` once they alone outweigh `best`.
    ///
    /// Every line keeps off the text before all else: a line crossing a spot weighs
    /// more than any misreading ([`CROSSING_COST`]); so does a text the spot would read
    /// as one phrase with (as much a misreading as a struck word).
    fn crossings(
        &self,
        distance: f32,
        b: &Viewport,
        best: Option<(usize, f32)>,
    ) -> Option<(usize, bool)> {
        let o = self.obstacles;
        let beaten =
            |crossed: usize| best.is_some_and(|c| weight(c) <= weight((crossed, distance)));
        let cap = match best {
            None => usize::MAX,
            Some(c) if weight(c) <= distance => return None,
            Some(c) => ((weight(c) - distance) / CROSSING_COST).floor() as usize + 1,
        };
        let mut crossed = o.lines.crossings_up_to(b, cap);
        if crossed >= cap {
            return None;
        }
        crossed += leaders_near(b, &o.leaders);
        if beaten(crossed) {
            return None;
        }
        let one_phrase = self.one_phrase(b);
        crossed += usize::from(one_phrase);
        (!beaten(crossed)).then_some((crossed, one_phrase))
    }

    /// The costs of where spot `b` sits other than what it could be misread as: across
    /// its corner for a vertex number, over soft `dots`, inside the other shape where
    /// its own point lies in it too.
    fn place_cost(&self, b: &Viewport, dots: usize) -> f32 {
        let p = self.p;
        let mut cost = DOT_COST * dots as f32;
        if self.own_side != 0.0 && side_of(b, p.anchor) == -self.own_side {
            cost += SIDE_COST;
        }
        // Its point inside the other shape ([`in_other_shape`] lets it be): a spot in
        // that shape still reads as the shape's, so it costs as one whose point is
        // outside, without the leader (its point is in there). Not for a vertex
        // number (its corner lies in there: its number goes with it) nor a shape's
        // name (written inside the other only when no point of its own is outside).
        let words = !p.keeps_side && p.outline.is_none();
        if words
            && !in_other_shape(b, p.anchor, p.of, self.obstacles.regions)
            && inside_other_shape(b, p.of, self.obstacles.regions)
        {
            cost += BAR_COST;
        }
        cost
    }

    /// The labels placed before that the leader spot `b` would need crosses, counted
    /// as lines, and one more when the leader runs along a line or an axis; `None`
    /// once `beaten` by that count.
    fn leader_crossings(
        &self,
        b: &Viewport,
        misread: bool,
        beaten: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let (p, o) = (self.p, self.obstacles);
        let Some(l) = leader_of(p, b, &self.first, misread) else {
            return Some(0);
        };
        let mut crossed = 0;
        if runs_along(l, p.size, o.lines, &o.axes) {
            crossed += 1;
            if beaten(crossed) {
                return None;
            }
        }
        let line = LineObstacle::Segment(l[0], l[1], stroke_reach(1.0));
        crossed += self
            .taken
            .iter()
            .filter(|t| box_crossed_by(t, &line))
            .count();
        Some(crossed)
    }
}
