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
//!    [`FAR_REACH`]; a label that found no clear spot at its own offset also tries
//!    every spot within [`CLOSE_REACH`] between the rings' directions
//!    ([`close_candidates`]: a small label fits between lines there), and last
//!    anywhere in the view ([`far_candidates`]).
//! 3. A candidate is refused when it leaves the view or comes within [`EDGE`] pixels of
//!    its edge, touches a label already placed
//!    (with a [`GAP`] px gap), a view title, the scale bar or a grid number, or covers a
//!    *contact point* (a dot of the contact,
//!    witness, chain or engine layers, or a handle). Among the others, the one that
//!    weighs least wins: every line piece crossing it weighs 300 px of distance
//!    (`CROSSING_COST`) — every line, arrow, cross and ring of the view with the ink
//!    of its width ([`line_obstacles`]), the leader line of every label placed
//!    before, and a label placed before that its own leader would run over — so a
//!    label takes any clear spot on the rings round its point before one a line
//!    crosses, but not a clear spot across the view, whose leader (past the rings,
//!    every pixel of it weighs twice) reads as a line of the picture more than as a
//!    tie to its point. Besides, spots cost: covering other dots (simplex vertices,
//!    supports), the distance, a spot nearer another label's point than the
//!    label's own, where it would read as that point's label
//!    ([`reads_as_other_point`]), taken only when nothing near its own is free; a
//!    spot over a *bar* the label does not name (a thick edge or interval of the step,
//!    [`Bar`]: another shape's incident edge, the ends of a projection interval) costs
//!    more still, and so does a spot of a label of A or B (the shape its `of` names:
//!    a feature of B, "A so far") inside the other shape ([`in_other_shape`]; as much,
//!    without the leader, where its own point lies in that shape too); a vertex
//!    number's spot across its corner from where the corner points costs too
//!    (`SIDE_COST`), and so does a spot across a line that passes near the label's
//!    point without running through it (`ACROSS_COST`: the origin's label stays on the
//!    origin's side of the edge it lies just inside). A spot where the label reads as
//!    one phrase with a text already placed ([`reads_as_one_phrase_of`]: on one line
//!    a space and a half apart, or three and a half with a dot between or for a bare
//!    number beside words) counts as a line crossed. The choice of one label's spot is in `spot_choice`.
//! 4. A label moved away from its anchor (a shape's name, away from its outline: it
//!    reads as the shape's anywhere in it or right beside it), left nearer another
//!    label's point, over a bar it does not name or inside the other shape, gets a
//!    leader line from the anchor to its box;
//!    a label no spot of which on one line is clear of lines, or free at all, is
//!    wrapped at word boundaries onto two lines, then three ([`wrap_words`]), and
//!    placed so when that finds a spot crossed by fewer that weighs less;
//!    a label with no free candidate is dropped (the SVG keeps it hidden, so its text
//!    can still be searched).
//!
//! The painter draws the labels after every other primitive of the view, each on its
//! plate ([`LABEL_BACK`](crate::view::palette::LABEL_BACK)): a line that could not be
//! avoided runs under the plate, never over the text.

use super::spot_choice::{place_one, Obstacles, Pending, Text};
use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::{DrawList, LayerId, Prim};
use glam::Vec2;

/// No text on a view is drawn smaller than this, pixels.
pub const MIN_TEXT: f32 = 12.0;

/// Pixels kept free between two label boxes.
pub const GAP: f32 = 1.0;
/// Two points closer than this (pixels) are one point to a reader.
pub const SAME_POINT: f32 = 3.0;
/// A label reads as its own point's only when every other labelled point is at least
/// this much farther from its box than its own anchor, pixels: at about the same
/// distance, a reader takes it for the other point's as readily.
pub(super) const OWN_SLACK: f32 = 3.0;
/// The size a label of nominal `size` is drawn at in a view of `scale` (the presenter
/// setting): [`LABEL_SCALE`] of it, rounded, never under [`MIN_TEXT`].
pub fn label_size(size: f32, scale: f32) -> f32 {
    (size * LABEL_SCALE * scale).round().max(MIN_TEXT)
}

/// Where a label is drawn: its baseline start, its dark box, an optional leader line
/// from its anchor to the box, and the lines of its text (one, or the label wrapped at
/// word boundaries when no spot was clear for it on one line: [`wrap_words`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedLabel {
    pub at: Vec2,
    pub back: Viewport,
    pub leader: Option<[Vec2; 2]>,
    /// The text as drawn, line by line, each baseline [`line_step`] below the one before.
    pub lines: Vec<String>,
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
    let others: Vec<Vec2> = other_points(anchor, points).collect();
    reads_as_point_of(b, box_distance(b, anchor), &others)
}

/// The points of `points` another label's than one at `anchor` (not the same point to a
/// reader, [`SAME_POINT`]).
pub(super) fn other_points(anchor: Vec2, points: &[Vec2]) -> impl Iterator<Item = Vec2> + '_ {
    points
        .iter()
        .copied()
        .filter(move |q| q.distance(anchor) > SAME_POINT)
}

/// [`reads_as_other_point`] with the other points picked out ([`other_points`]) and
/// the box's distance `own` from what it names (its point, or a shape's name's
/// outline): a placement tries many boxes for one label.
pub(super) fn reads_as_point_of(b: &Viewport, own: f32, others: &[Vec2]) -> bool {
    // A point farther than that from the box along either axis is farther in all; the
    // half pixel more keeps the shortcut clear of the exact test's rounding.
    let reach = own + OWN_SLACK + 0.5;
    others.iter().any(|q| {
        q.x > b.x - reach
            && q.x < b.x + b.w + reach
            && q.y > b.y - reach
            && q.y < b.y + b.h + reach
            && box_distance(b, *q) < own + OWN_SLACK
    })
}

/// The part of the lower of two label boxes their heights must share for the two to sit
/// on one line.
const ONE_LINE: f32 = 0.5;

/// Whether two label boxes read as one phrase: side by side on one line (their heights
/// sharing more than [`ONE_LINE`] of the lower box's) with less than [`PHRASE_SPACES`]
/// spaces of text of `size` pixels between them — "A so far" right beside B's name "B"
/// reads "A so far B", and so does "1 B so far" with a dot between the two — or one
/// right above the other, their widths mostly shared, with less than [`STACK_GAP`] of
/// `size` between them (two lines of one label).
pub fn reads_as_one_phrase(a: &Viewport, b: &Viewport, size: f32) -> bool {
    let shared = |a0: f32, a1: f32, b0: f32, b1: f32| a1.min(b1) - a0.max(b0);
    let gap = |a0: f32, a1: f32, b0: f32, b1: f32| (b0 - a1).max(a0 - b1);
    let high = shared(a.y, a.y + a.h, b.y, b.y + b.h);
    let wide = shared(a.x, a.x + a.w, b.x, b.x + b.w);
    let beside = high > ONE_LINE * a.h.min(b.h)
        && gap(a.x, a.x + a.w, b.x, b.x + b.w) < PHRASE_SPACES * text_width(" ", size);
    let stacked =
        wide > ONE_LINE * a.w.min(b.w) && gap(a.y, a.y + a.h, b.y, b.y + b.h) < STACK_GAP * size;
    beside || stacked
}

/// Two label boxes side by side on one line, with a dot between them (a point of the
/// picture's, not a word), read on as one phrase with less than this many spaces of
/// text between them: the dot reads as a bullet, "0 • B so far" as "0 B so far" and
/// "closest ◉ w1 = B[0]-A[0]" as "closest w1 = …".
pub const BRIDGED_SPACES: f32 = 3.5;

/// [`reads_as_one_phrase`], or side by side on one line with a dot of `dots` (centres)
/// in the gap between them and less than [`BRIDGED_SPACES`] spaces of text of `size`
/// pixels apart.
pub fn reads_as_one_phrase_with(a: &Viewport, b: &Viewport, size: f32, dots: &[Vec2]) -> bool {
    if reads_as_one_phrase(a, b, size) {
        return true;
    }
    let (left, right) = if a.x <= b.x { (a, b) } else { (b, a) };
    let (x0, x1) = (left.x + left.w, right.x);
    let (y0, y1) = (a.y.max(b.y), (a.y + a.h).min(b.y + b.h));
    // The dot's centre in the gap, or above or below it by up to a line's height.
    let h = a.h.min(b.h);
    y1 - y0 > ONE_LINE * h
        && x1 > x0
        && x1 - x0 < BRIDGED_SPACES * text_width(" ", size)
        && dots
            .iter()
            .any(|d| d.x > x0 && d.x < x1 && d.y > y0 - h && d.y < y1 + h)
}

/// Whether a label's text is a bare number (a vertex's, a segment's): beside words it
/// reads as their first or last word from farther ([`reads_as_one_phrase_of`]).
pub fn is_number(text: &str) -> bool {
    !text.is_empty() && text.chars().all(|c| c.is_ascii_digit())
}

/// [`reads_as_one_phrase_with`], or, for a bare number beside words (`a_number` and
/// `b_number` differ: a segment's "2" and the caption "segment 2: normal tilted 90°"),
/// side by side, sharing half as much of their heights as [`ONE_LINE`] asks, less than
/// [`BRIDGED_SPACES`] spaces of text of `size` pixels apart: a number that near a
/// caption's start or end reads as a word of it ("2 segment 2: … 1"), though it sits
/// nearly half a line lower.
pub fn reads_as_one_phrase_of(
    (a, a_number): (&Viewport, bool),
    (b, b_number): (&Viewport, bool),
    size: f32,
    dots: &[Vec2],
) -> bool {
    if reads_as_one_phrase_with(a, b, size, dots) {
        return true;
    }
    let high = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
    let gap = (b.x - (a.x + a.w)).max(a.x - (b.x + b.w));
    a_number != b_number
        && high > 0.5 * ONE_LINE * a.h.min(b.h)
        && gap < BRIDGED_SPACES * text_width(" ", size)
}

/// The farthest apart (pixels, along either axis) two label boxes can be and still read
/// as one phrase ([`reads_as_one_phrase`]) at text `size`, with a pixel to spare: boxes
/// farther apart are not tested.
pub fn phrase_reach(size: f32) -> f32 {
    (BRIDGED_SPACES * text_width(" ", size)).max(STACK_GAP * size) + 1.0
}

/// Two label boxes side by side with less than this many spaces of text between them
/// read on as one phrase: a space and a half, since a small dot between two words a
/// space apart (a witness point between a vertex number and "B so far") does not part
/// them.
pub const PHRASE_SPACES: f32 = 1.5;

/// Two label boxes one above the other with less than this part of their text's size
/// between them read as two lines of one label: half the size ("origin" 5 px above
/// "d = 0.1250" in 18 px text reads as one block, as a line's spacing would set them).
pub const STACK_GAP: f32 = 0.5;

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
    let key = label_memo::placement_key(view, list, extra, reserved);
    if let Some(hit) = label_memo::get(key) {
        return hit;
    }
    let out = place_labels_now(view, list, extra, reserved);
    label_memo::put(key, &out);
    out
}

/// [`place_labels`] without the memo.
pub(super) fn place_labels_now(
    view: &ViewFrame,
    list: &DrawList,
    extra: &[Prim],
    reserved: &[Viewport],
) -> Vec<Option<PlacedLabel>> {
    let mut pending = Vec::new();
    let mut count = 0;
    let outlines = name_outlines(view, list, extra);
    for (rank, prim) in view_labels(view, list, extra) {
        if let Prim::Label {
            at,
            offset,
            text,
            size,
            of,
            ..
        } = prim
        {
            let anchor = view.to_screen(*at);
            // A label anchored outside the view is not drawn (it would be clipped).
            if anchor.is_finite() && view.viewport.contains(anchor) {
                // Bare numbers (vertex numbers) give way to every other label.
                let number = is_number(text);
                pending.push(Pending {
                    index: count,
                    rank: if number { rank.max(4) } else { rank },
                    anchor,
                    preferred: (anchor + *offset * view.scale).round(),
                    text,
                    size: label_size(*size, view.scale),
                    of: *of,
                    keeps_side: number,
                    outline: outlines[count].as_deref(),
                });
            }
            count += 1;
        }
    }
    pending.sort_by_key(|p| (p.rank, p.index));
    let dots = dot_obstacles(view, list, extra);
    let lines = LineIndex::new(line_obstacles(view, list, extra), &view.viewport);
    let arrows = arrow_obstacles(view, list, extra);
    let points = label_points(view, list, extra);
    let bars = bar_obstacles(view, list);
    let regions = shape_regions(view, list);
    let mut taken: Vec<Viewport> = reserved.to_vec();
    let mut out = vec![None; count];
    let mut obstacles = Obstacles {
        dots: &dots,
        lines: &lines,
        arrows: &arrows,
        points: &points,
        bars: &bars,
        regions: &regions,
        leaders: Vec::new(),
        texts: reserved.iter().map(|r| Text::new(*r, r.h)).collect(),
        axes: view_axes(view),
    };
    for p in &pending {
        if let Some(placed) = place_one(p, &view.viewport, &taken, &obstacles) {
            taken.push(placed.back);
            let number_of = if p.keeps_side { p.of } else { None };
            obstacles
                .texts
                .push(Text::placed(placed.back, p.size, p.keeps_side, number_of));
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

/// The axis lines of `view` on screen (the grid draws them darker), each where it
/// crosses the view.
fn view_axes(view: &ViewFrame) -> Vec<(Vec2, Vec2)> {
    let (vp, o) = (&view.viewport, view.to_screen(Vec2::ZERO));
    let mut out = Vec::new();
    if o.y.is_finite() && o.y >= vp.y && o.y <= vp.y + vp.h {
        out.push((Vec2::new(vp.x, o.y), Vec2::new(vp.x + vp.w, o.y)));
    }
    if o.x.is_finite() && o.x >= vp.x && o.x <= vp.x + vp.w {
        out.push((Vec2::new(o.x, vp.y), Vec2::new(o.x, vp.y + vp.h)));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_beside_one_another_or_stacked_close_read_as_one_phrase() {
        let b = |x: f32, y: f32, w: f32| Viewport { x, y, w, h: 16.0 };
        let a = b(100.0, 100.0, 60.0);
        let space = text_width(" ", 13.0);
        assert!(space > 6.0 && space < 9.0, "{space}");
        // On one line: a gap under a space and a half reads on (a space and a bit,
        // room for a small dot between: "1 • B so far"), one over it does not.
        assert!(reads_as_one_phrase(
            &a,
            &b(160.0 + space - 1.0, 103.0, 20.0),
            13.0
        ));
        assert!(reads_as_one_phrase(
            &a,
            &b(160.0 + 1.4 * space, 100.0, 20.0),
            13.0
        ));
        assert!(
            reads_as_one_phrase(&b(70.0, 98.0, 25.0), &a, 13.0),
            "before it"
        );
        assert!(!reads_as_one_phrase(
            &a,
            &b(160.0 + 1.5 * space + 1.0, 100.0, 20.0),
            13.0
        ));
        // Half a line lower or more: two lines, not one.
        assert!(!reads_as_one_phrase(&a, &b(162.0, 108.0, 20.0), 13.0));
        // Right under it, the widths shared: a gap of a few pixels reads on (5 px in
        // 13 px text), one of half the text's size or more does not; nor does a box
        // beside the first's end.
        assert!(reads_as_one_phrase(&a, &b(110.0, 117.0, 40.0), 13.0));
        assert!(reads_as_one_phrase(&a, &b(110.0, 121.0, 40.0), 13.0));
        assert!(!reads_as_one_phrase(&a, &b(110.0, 123.0, 40.0), 13.0));
        assert!(!reads_as_one_phrase(&a, &b(150.0, 117.0, 40.0), 13.0));
        // A dot in the gap between two labels on one line joins them from farther: up
        // to three spaces and a half, not beyond; not a dot above or below the gap.
        let far = b(160.0 + 3.0 * space, 100.0, 20.0);
        let dot = Vec2::new(160.0 + 1.5 * space, 108.0);
        assert!(!reads_as_one_phrase(&a, &far, 13.0));
        assert!(reads_as_one_phrase_with(&a, &far, 13.0, &[dot]));
        assert!(
            reads_as_one_phrase_with(&far, &a, 13.0, &[dot]),
            "either order"
        );
        assert!(!reads_as_one_phrase_with(&a, &far, 13.0, &[]));
        let off = Vec2::new(dot.x, 150.0);
        assert!(!reads_as_one_phrase_with(&a, &far, 13.0, &[off]));
        let farther = b(160.0 + 3.5 * space + 1.0, 100.0, 20.0);
        assert!(!reads_as_one_phrase_with(&a, &farther, 13.0, &[dot]));
        // Every pair that reads as one phrase is within the reach the placer tests.
        let r = phrase_reach(13.0);
        assert!(r > 3.5 * space && r > STACK_GAP * 13.0, "{r}");
    }

    #[test]
    fn a_placement_remembered_is_the_placement_of_the_same_inputs_only() {
        use crate::scene::view_state::Camera;
        use crate::view::draw::{Layer, LayerId, Space};
        let label = |x: f32| Prim::Label {
            at: Vec2::new(x, 0.0),
            offset: Vec2::new(6.0, -6.0),
            text: "w1".into(),
            color: crate::view::draw::Rgba::WHITE,
            size: 13.0,
            of: None,
        };
        let list = DrawList {
            layers: vec![Layer {
                id: LayerId::GjkSimplex,
                space: Space::Config,
                prims: vec![label(0.0), label(0.05)],
            }],
        };
        let view = |cx: f32| ViewFrame {
            space: Space::Config,
            viewport: Viewport {
                x: 0.0,
                y: 0.0,
                w: 400.0,
                h: 300.0,
            },
            camera: Camera {
                center: Vec2::new(cx, 0.0),
                zoom: 100.0,
            },
            scale: 1.0,
        };
        let first = place_labels(&view(0.0), &list, &[], &[]);
        assert_eq!(first, place_labels_now(&view(0.0), &list, &[], &[]));
        // Remembered: the same again.
        assert_eq!(place_labels(&view(0.0), &list, &[], &[]), first);
        // The camera moved: placed anew, not the remembered boxes.
        let moved = place_labels(&view(1.0), &list, &[], &[]);
        assert_eq!(moved, place_labels_now(&view(1.0), &list, &[], &[]));
        assert_ne!(moved, first);
        // A label moved in the list: placed anew too.
        let mut other = list.clone();
        other.layers[0].prims[1] = label(0.5);
        let again = place_labels(&view(0.0), &other, &[], &[]);
        assert_eq!(again, place_labels_now(&view(0.0), &other, &[], &[]));
        assert_ne!(again, first);
    }

    #[test]
    fn labels_are_never_drawn_under_twelve_pixels() {
        assert_eq!(label_size(9.0, 1.0), MIN_TEXT);
        assert_eq!(label_size(13.0, 1.0), MIN_TEXT);
        assert_eq!(label_size(15.0, 1.0), 13.0);
        assert_eq!(label_size(15.0, 1.5), 19.0);
    }
}
