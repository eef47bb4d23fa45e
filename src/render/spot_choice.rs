//! The choice of one label's spot ([`place_one`]): the candidates around its anchor
//! ([`super::spots`]) scored against what the view's labels keep off — lines first, then
//! costs in pixels of distance ([`super::spot_cost`]) — and the leader line a moved label
//! gets.
//! The placement of a whole view, and its method, are in [`super::labels`].

use super::leaders::LEADER_MIN;
use super::spot_cost::{lines_beside, weight, Scorer};
use super::spots::{
    candidates, close_candidates, far_candidates, nearest_on_box, side_of, wide_room,
};
use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::Owner;
use glam::Vec2;

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
    /// For a shape's name, its shape's outline on screen: the name reads as the
    /// shape's anywhere inside it or right beside it, so it needs no leader there and
    /// reads as no other point's ([`Pending::own_distance`]).
    pub(super) outline: Option<&'a [Vec2]>,
}

impl Pending<'_> {
    /// How far box `b` is from what the label names: from its point, or, for a shape's
    /// name, from its shape's outline (0 inside it) where that is nearer.
    pub(super) fn own_distance(&self, b: &Viewport) -> f32 {
        let d = box_distance(b, self.anchor);
        self.outline.map_or(d, |o| d.min(box_to_outline(b, o)))
    }
}

/// What a view's labels keep off besides one another.
pub(super) struct Obstacles<'a> {
    pub(super) dots: &'a [DotObstacle],
    pub(super) lines: &'a LineIndex,
    /// The view's arrows (as pieces among `lines` too): a shape's name keeps a few
    /// pixels off them ([`super::spot_cost`]'s `TOUCH`).
    pub(super) arrows: &'a [LineObstacle],
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
    pub(super) reach: f32,
    /// A bare number (a vertex's, a segment's, a grid's): beside words it reads as one
    /// of them from farther ([`reads_as_one_phrase_of`]).
    pub(super) number: bool,
    /// For a vertex number, the shape it numbers.
    pub(super) number_of: Option<Owner>,
}

impl Text {
    pub(super) fn new(back: Viewport, size: f32) -> Text {
        Text {
            back,
            size,
            reach: phrase_reach(size),
            number: false,
            number_of: None,
        }
    }

    /// The text of a label placed at `back`: a bare `number` or words; a vertex number
    /// of shape `number_of`, or (`None`) any other label.
    pub(super) fn placed(
        back: Viewport,
        size: f32,
        number: bool,
        number_of: Option<Owner>,
    ) -> Text {
        Text {
            number,
            number_of,
            ..Text::new(back, size)
        }
    }
}

/// The best free spot of one label, or `None` when every candidate is refused: on one
/// line, or, when no spot is clear of lines for it on one line, wrapped at word
/// boundaries onto two (then [`MAX_LINES`]) lines where that finds a spot crossed by
/// fewer that weighs less ([`weight`]).
pub(super) fn place_one(
    p: &Pending,
    vp: &Viewport,
    taken: &[Viewport],
    obstacles: &Obstacles,
) -> Option<PlacedLabel> {
    let mut found = best_spot(p, vec![p.text.to_string()], vp, taken, obstacles);
    for n in 2..=MAX_LINES {
        if found
            .as_ref()
            .is_some_and(|((crossed, _), _)| *crossed == 0)
        {
            break;
        }
        let Some(lines) = wrap_words(p.text, n) else {
            break;
        };
        if let Some((c, placed)) = best_spot(p, lines, vp, taken, obstacles) {
            if found
                .as_ref()
                .is_none_or(|(f, _)| c.0 < f.0 && weight(c) < weight(*f))
            {
                found = Some((c, placed));
            }
        }
    }
    found.map(|(_, placed)| placed)
}

/// The best free spot of one label drawn as `lines`, with its cost (the line pieces
/// crossing it, its other costs), or `None` when every candidate is refused.
fn best_spot(
    p: &Pending,
    lines: Vec<String>,
    vp: &Viewport,
    taken: &[Viewport],
    obstacles: &Obstacles,
) -> Option<((usize, f32), PlacedLabel)> {
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
    #[cfg(test)]
    super::label_trace::dump(&scorer, &lines, vp);
    // (line pieces crossing the spot, its other costs), compared by their [`weight`].
    let mut best: Option<((usize, f32), Viewport)> = None;
    let consider = |spots: Vec<(f32, Viewport)>, best: &mut Option<((usize, f32), Viewport)>| {
        for (distance, b) in spots {
            if best.is_some_and(|(c, _)| weight(c) <= distance) {
                break; // spots come nearest first: no later one can be cheaper
            }
            if let Some(c) = scorer.score(distance, &b, best.map(|(c, _)| c)) {
                *best = Some((c, b));
            }
        }
    };
    consider(candidates(p.anchor, first, w, h, &scorer.vp), &mut best);
    // Moved off its own spot, or left on it crossed: any nearer spot between the rings'
    // directions, as near as the one found.
    if best.is_none_or(|((n, c), b)| n > 0 || (b != first && c > LEADER_MIN)) {
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
    let (cost, b) = best?;
    // Baseline start from a box corner: the inverse of `lines_box`.
    let at = Vec2::new(b.x, b.y) + (preferred - Vec2::new(first.x, first.y));
    let leader = leader_of(p, &b, &first, scorer.misread(&b).any());
    Some((
        cost,
        PlacedLabel {
            at,
            back: b,
            leader,
            lines,
        },
    ))
}

/// The leader line from label `p`'s point to its box `b` (its preferred box `first`),
/// if it needs one: a label moved far from what it names ([`Pending::own_distance`]: a
/// shape's name right beside its shape's outline needs none), or left nearer another
/// label's point than its own or over an edge it does not name (`misread`), is tied to
/// its point by a leader line.
pub(super) fn leader_of(
    p: &Pending,
    b: &Viewport,
    first: &Viewport,
    misread: bool,
) -> Option<[Vec2; 2]> {
    let q = nearest_on_box(b, p.anchor);
    (misread || (b != first && p.own_distance(b) > LEADER_MIN)).then_some([p.anchor, q])
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
            arrows: &[],
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
            outline: None,
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
            arrows: &[],
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
            arrows: &[],
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

    #[test]
    fn a_shapes_name_keeps_a_few_pixels_off_an_arrow_a_points_label_need_not() {
        // An arrow running up right beside the name's own spot, 2 px past the line's
        // reach: it crosses nothing, but touches the plate to the eye.
        let a = Vec2::new(100.0, 100.0);
        let outline = [
            Vec2::new(60.0, 60.0),
            Vec2::new(140.0, 60.0),
            Vec2::new(140.0, 140.0),
            Vec2::new(60.0, 140.0),
        ];
        let mut p = pending(0, a, "B");
        let own = label_box(p.preferred, p.text, p.size);
        let reach = stroke_reach(2.0);
        let x = own.x + own.w + reach + 2.0;
        let arrow = LineObstacle::Segment(Vec2::new(x, 130.0), Vec2::new(x, 70.0), reach);
        let lines = LineIndex::new(vec![arrow], &vp());
        assert_eq!(lines.crossings(&own), 0);
        let arrows = [arrow];
        let obstacles = Obstacles {
            dots: &[],
            lines: &lines,
            arrows: &arrows,
            points: &[],
            bars: &[],
            regions: &[],
            leaders: Vec::new(),
            texts: Vec::new(),
            axes: Vec::new(),
        };
        // A point's label keeps its own spot.
        let placed = place_one(&p, &vp(), &[], &obstacles).unwrap();
        assert_eq!(placed.back, own);
        // A shape's name moves a few pixels, clear of the arrow by 6 px past its reach.
        p.outline = Some(&outline);
        let placed = place_one(&p, &vp(), &[], &obstacles).unwrap();
        assert_ne!(placed.back, own);
        let grown = Viewport {
            x: placed.back.x - 6.0,
            y: placed.back.y - 6.0,
            w: placed.back.w + 12.0,
            h: placed.back.h + 12.0,
        };
        assert!(!box_crossed_by(&grown, &arrow), "{:?}", placed.back);
        assert!(box_distance(&placed.back, a) <= 18.0, "{:?}", placed.back);
        assert_eq!(placed.leader, None);
    }
}
