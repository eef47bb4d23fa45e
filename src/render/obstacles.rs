//! What labels keep off, in screen pixels: dots (contact points never covered, the rest
//! avoided) and lines (every polyline, arrow, cross and ring of the view: a label crossed
//! by fewer of them is preferred), with the box tests the placer ([`place_labels`]) and
//! `tests/labels/` share.

use super::*;

use crate::view::camera::Viewport;
use crate::view::draw::{DrawList, LayerId, Prim};
use glam::Vec2;

/// The part of a dot's radius a label must leave free.
const DOT_CORE: f32 = 0.6;
/// The side of the cells lines are sorted into for the crossing test, pixels.
const CELL: f32 = 32.0;

/// The middle of a dot the labels must not cover (contact points, the origin's cross) or
/// should avoid (the rest).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DotObstacle {
    pub at: Vec2,
    pub radius: f32,
    /// A contact, witness or engine point: a label never covers it.
    pub hard: bool,
}

/// Whether a layer's dots are contact points that labels never cover.
pub(super) fn hard_dots(id: LayerId) -> bool {
    matches!(
        id,
        LayerId::Witness
            | LayerId::Manifold
            | LayerId::Chains
            | LayerId::GaussMap
            | LayerId::PeerBox2d
            | LayerId::PeerParry
    )
}

/// Whether two boxes overlap, with `gap` pixels kept between them.
pub fn boxes_overlap(a: &Viewport, b: &Viewport, gap: f32) -> bool {
    a.x < b.x + b.w + gap && b.x < a.x + a.w + gap && a.y < b.y + b.h + gap && b.y < a.y + a.h + gap
}

/// Whether a box touches a dot (a disc).
pub fn box_covers_dot(b: &Viewport, at: Vec2, radius: f32) -> bool {
    let nearest = Vec2::new(at.x.clamp(b.x, b.x + b.w), at.y.clamp(b.y, b.y + b.h));
    nearest.distance_squared(at) < radius * radius
}

/// The dots of a view's layers (and of `extra`, the window's handles: never covered) as
/// obstacles, in screen pixels.
pub fn dot_obstacles(view: &ViewFrame, list: &DrawList, extra: &[Prim]) -> Vec<DotObstacle> {
    let mut out = Vec::new();
    let layers = list.layers.iter().filter(|l| l.space == view.space);
    let prims = layers
        .flat_map(|l| l.prims.iter().map(move |p| (p, hard_dots(l.id))))
        .chain(extra.iter().map(|p| (p, true)));
    for (prim, hard) in prims {
        // A dot counts as covered when its middle is (a box may graze its rim); a
        // cross (the origin) is never covered.
        let (at, radius, hard) = match prim {
            Prim::Dot { at, radius, .. } => (at, radius * view.scale * DOT_CORE, hard),
            Prim::Cross { at, size, .. } => (at, size * view.scale * 0.75, true),
            _ => continue,
        };
        let p = view.to_screen(*at);
        if p.is_finite() {
            out.push(DotObstacle {
                at: p,
                radius,
                hard,
            });
        }
    }
    out
}

/// A line a label should keep off, in screen pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LineObstacle {
    /// A straight stroke: its ends and how far a label keeps from the line through them
    /// ([`stroke_reach`]), pixels. A label's box touching the ink is crossed, though the
    /// line's middle passes beside it.
    Segment(Vec2, Vec2, f32),
    /// A ring: the circle's outline.
    Circle(Vec2, f32),
}

impl LineObstacle {
    /// Its bounding box: (min, max).
    fn bounds(&self) -> (Vec2, Vec2) {
        match *self {
            LineObstacle::Segment(a, b, half) => {
                (a.min(b) - Vec2::splat(half), a.max(b) + Vec2::splat(half))
            }
            LineObstacle::Circle(c, r) => (c - Vec2::splat(r), c + Vec2::splat(r)),
        }
    }
}

/// How far a label keeps from the middle of a stroke `width` pixels wide: half its
/// width, the pixel its edge is blended into and one of air (a plate flush against a
/// line reads as sitting on it).
pub fn stroke_reach(width: f32) -> f32 {
    0.5 * width + 1.5
}

/// Every line of the view's layers and of `extra` as pieces a label can be crossed by,
/// each as wide as it is drawn: the segments of polylines (dashed ones too), arrows (the
/// shaft and the sides of the head), the strokes of crosses and rings. Fills and dots
/// are not lines.
pub fn line_obstacles(view: &ViewFrame, list: &DrawList, extra: &[Prim]) -> Vec<LineObstacle> {
    let mut out = Vec::new();
    let layers = list.layers.iter().filter(|l| l.space == view.space);
    let prims = layers.flat_map(|l| l.prims.iter()).chain(extra);
    let s = |p: Vec2| view.to_screen(p);
    let k = view.scale;
    let seg = |out: &mut Vec<LineObstacle>, a: Vec2, b: Vec2, width: f32| {
        if a.is_finite() && b.is_finite() {
            out.push(LineObstacle::Segment(a, b, stroke_reach(width)));
        }
    };
    for prim in prims {
        match prim {
            Prim::Polyline {
                points,
                closed,
                width,
                ..
            } => {
                let pts: Vec<Vec2> = points.iter().map(|p| s(*p)).collect();
                for w in pts.windows(2) {
                    seg(&mut out, w[0], w[1], width * k);
                }
                if *closed && pts.len() > 2 {
                    seg(&mut out, pts[pts.len() - 1], pts[0], width * k);
                }
            }
            Prim::Arrow {
                from, to, width, ..
            } => arrow_pieces(&mut out, s(*from), s(*to), width * k, k),
            Prim::Cross { at, size, .. } => {
                let (c, d) = (s(*at), size * k);
                seg(
                    &mut out,
                    c - Vec2::new(d, 0.0),
                    c + Vec2::new(d, 0.0),
                    2.0 * k,
                );
                seg(
                    &mut out,
                    c - Vec2::new(0.0, d),
                    c + Vec2::new(0.0, d),
                    2.0 * k,
                );
            }
            Prim::Ring {
                at, radius, width, ..
            } => {
                // The stroke's two edges (and a pixel beyond): a label off the centre
                // line can still touch a thick ring.
                let c = s(*at);
                let half = 0.5 * width * view.scale + 1.0;
                if c.is_finite() {
                    out.push(LineObstacle::Circle(c, radius * view.scale + half));
                    out.push(LineObstacle::Circle(
                        c,
                        (radius * view.scale - half).max(0.0),
                    ));
                }
            }
            Prim::Fill { .. } | Prim::Dot { .. } | Prim::Label { .. } => {}
            // A view expands its insets before it places labels (`ViewFrame::expanded`).
            Prim::Inset { .. } => {}
        }
    }
    out
}

/// The pieces of an arrow from `a` to `b` on screen, its shaft `width` pixels wide, at
/// text scale `k`: the shaft and the three sides of its head (the head is filled: a box
/// inside it meets the shaft).
fn arrow_pieces(out: &mut Vec<LineObstacle>, a: Vec2, b: Vec2, width: f32, k: f32) {
    if !(a.is_finite() && b.is_finite()) {
        return;
    }
    out.push(LineObstacle::Segment(a, b, stroke_reach(width)));
    if let Some([tip, l, r]) = arrow_head(a, b, k) {
        for (u, v) in [(tip, l), (l, r), (r, tip)] {
            if u.is_finite() && v.is_finite() {
                out.push(LineObstacle::Segment(u, v, stroke_reach(1.0)));
            }
        }
    }
}

/// The arrows of the view's layers and of `extra` as line pieces ([`arrow_pieces`]): a
/// shape's name keeps a few pixels off them, as off no other line.
pub fn arrow_obstacles(view: &ViewFrame, list: &DrawList, extra: &[Prim]) -> Vec<LineObstacle> {
    let layers = list.layers.iter().filter(|l| l.space == view.space);
    let mut out = Vec::new();
    for prim in layers.flat_map(|l| l.prims.iter()).chain(extra) {
        if let Prim::Arrow {
            from, to, width, ..
        } = prim
        {
            let (a, b) = (view.to_screen(*from), view.to_screen(*to));
            arrow_pieces(&mut out, a, b, width * view.scale, view.scale);
        }
    }
    out
}

/// Lines at least this wide (draw-list pixels) outside the shapes' layer are bars: an
/// edge or an interval the step is about (a reference or incident edge, a projection
/// interval, a clipped edge). A label keeps off every bar but its own.
pub const BAR_WIDTH: f32 = 3.0;
/// A bar within this many pixels of a label's anchor is the label's own (it names it).
pub const OWN_BAR: f32 = 3.0;

/// A bar of a view ([`BAR_WIDTH`]), one segment, in screen pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bar {
    pub a: Vec2,
    pub b: Vec2,
}

impl Bar {
    /// Whether the bar runs through (or ends at) `anchor`: a label anchored there names it.
    pub fn names(&self, anchor: Vec2) -> bool {
        let d = self.b - self.a;
        let t = if d.length_squared() > 0.0 {
            ((anchor - self.a).dot(d) / d.length_squared()).clamp(0.0, 1.0)
        } else {
            0.0
        };
        (self.a + t * d).distance(anchor) <= OWN_BAR
    }

    /// Whether the bar crosses (or runs inside) box `b`.
    pub fn crosses(&self, b: &Viewport) -> bool {
        segment_meets_box(self.a, self.b, b)
    }
}

/// The bars of a view's layers ([`BAR_WIDTH`]; the shapes' outlines and the window's
/// handles are not bars), in screen pixels.
pub fn bar_obstacles(view: &ViewFrame, list: &DrawList) -> Vec<Bar> {
    let mut out = Vec::new();
    let layers = list
        .layers
        .iter()
        .filter(|l| l.space == view.space && l.id != LayerId::Shapes);
    for prim in layers.flat_map(|l| l.prims.iter()) {
        let Prim::Polyline {
            points,
            closed,
            width,
            ..
        } = prim
        else {
            continue;
        };
        if *width < BAR_WIDTH {
            continue;
        }
        let pts: Vec<Vec2> = points.iter().map(|p| view.to_screen(*p)).collect();
        let mut push = |a: Vec2, b: Vec2| {
            if a.is_finite() && b.is_finite() {
                out.push(Bar { a, b });
            }
        };
        for w in pts.windows(2) {
            push(w[0], w[1]);
        }
        if *closed && pts.len() > 2 {
            push(pts[pts.len() - 1], pts[0]);
        }
    }
    out
}

/// How many bars other than its own (those not through `anchor`) box `b` crosses.
pub fn foreign_bars(b: &Viewport, anchor: Vec2, bars: &[Bar]) -> usize {
    bars.iter()
        .filter(|bar| !bar.names(anchor) && bar.crosses(b))
        .count()
}

/// Pixels by which a line's bounding box must miss a box before [`box_crossed_by`] says
/// "not crossed" without the exact test: far more than the rounding of either test, so
/// the shortcut never answers otherwise than the exact test would.
const CLEAR_BY: f32 = 0.01;

/// Whether a line piece crosses (or runs inside) a box.
#[inline]
pub fn box_crossed_by(b: &Viewport, line: &LineObstacle) -> bool {
    // Most lines of a view are nowhere near a given box: their bounding boxes tell.
    !clear_of(b, line.bounds()) && meets_box(b, line)
}

/// Whether bounds (min, max) miss box `b` by more than [`CLEAR_BY`].
#[inline]
fn clear_of(b: &Viewport, (lo, hi): (Vec2, Vec2)) -> bool {
    hi.x < b.x - CLEAR_BY
        || hi.y < b.y - CLEAR_BY
        || lo.x > b.x + b.w + CLEAR_BY
        || lo.y > b.y + b.h + CLEAR_BY
}

/// [`box_crossed_by`]'s exact test.
fn meets_box(b: &Viewport, line: &LineObstacle) -> bool {
    match *line {
        LineObstacle::Segment(p, q, half) => {
            let grown = Viewport {
                x: b.x - half,
                y: b.y - half,
                w: b.w + 2.0 * half,
                h: b.h + 2.0 * half,
            };
            segment_meets_box(p, q, &grown)
        }
        LineObstacle::Circle(c, r) => {
            // The outline meets the box when the box reaches inside the circle and
            // not all of it is inside.
            let near = Vec2::new(c.x.clamp(b.x, b.x + b.w), c.y.clamp(b.y, b.y + b.h));
            let far = Vec2::new(
                if c.x - b.x > b.x + b.w - c.x {
                    b.x
                } else {
                    b.x + b.w
                },
                if c.y - b.y > b.y + b.h - c.y {
                    b.y
                } else {
                    b.y + b.h
                },
            );
            near.distance_squared(c) <= r * r && far.distance_squared(c) >= r * r
        }
    }
}

/// Whether segments `p`–`q` and `a`–`b` cross (each one's ends strictly on either side
/// of the other's line).
pub fn segments_cross(p: Vec2, q: Vec2, a: Vec2, b: Vec2) -> bool {
    let side = |o: Vec2, u: Vec2, v: Vec2| (u - o).perp_dot(v - o);
    side(p, q, a) * side(p, q, b) < 0.0 && side(a, b, p) * side(a, b, q) < 0.0
}

/// Whether segment `p`–`q` has a point inside the box (Liang–Barsky clipping).
fn segment_meets_box(p: Vec2, q: Vec2, b: &Viewport) -> bool {
    let d = q - p;
    let (mut t0, mut t1) = (0.0f32, 1.0f32);
    for (den, num) in [
        (-d.x, p.x - b.x),
        (d.x, b.x + b.w - p.x),
        (-d.y, p.y - b.y),
        (d.y, b.y + b.h - p.y),
    ] {
        if den == 0.0 {
            if num < 0.0 {
                return false;
            }
        } else {
            let t = num / den;
            if den < 0.0 {
                t0 = t0.max(t);
            } else {
                t1 = t1.min(t);
            }
            if t0 > t1 {
                return false;
            }
        }
    }
    true
}

/// The view's lines sorted into [`CELL`]-pixel cells, so that a box is tested against
/// the lines near it only.
pub struct LineIndex {
    lines: Vec<LineObstacle>,
    /// Each line's bounds ([`LineObstacle::bounds`]).
    bounds: Vec<(Vec2, Vec2)>,
    /// Each line's first cell (column, row): of the cells a box and a line share, the
    /// box counts the line in the first only.
    first: Vec<(usize, usize)>,
    origin: Vec2,
    cols: usize,
    rows: usize,
    cells: Vec<Vec<u32>>,
}

impl LineIndex {
    /// The lines of `vp` (pieces wholly outside it are left out).
    pub fn new(lines: Vec<LineObstacle>, vp: &Viewport) -> LineIndex {
        let cols = ((vp.w / CELL).ceil() as usize).clamp(1, 1024);
        let rows = ((vp.h / CELL).ceil() as usize).clamp(1, 1024);
        let mut index = LineIndex {
            lines: Vec::new(),
            bounds: Vec::new(),
            first: Vec::new(),
            origin: Vec2::new(vp.x, vp.y),
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
        };
        for line in lines {
            let (lo, hi) = line.bounds();
            let (Some((c0, r0)), Some((c1, r1))) = (index.cell(lo), index.cell(hi)) else {
                continue;
            };
            if hi.x < vp.x || hi.y < vp.y || lo.x > vp.x + vp.w || lo.y > vp.y + vp.h {
                continue;
            }
            let k = index.lines.len() as u32;
            index.lines.push(line);
            index.bounds.push((lo, hi));
            index.first.push((c0, r0));
            for r in r0..=r1 {
                for c in c0..=c1 {
                    index.cells[r * cols + c].push(k);
                }
            }
        }
        index
    }

    /// The cell of a point, clamped to the grid (`None` when not finite).
    fn cell(&self, p: Vec2) -> Option<(usize, usize)> {
        let q = (p - self.origin) / CELL;
        q.is_finite().then(|| {
            (
                (q.x.max(0.0) as usize).min(self.cols - 1),
                (q.y.max(0.0) as usize).min(self.rows - 1),
            )
        })
    }

    /// The straight pieces (centre lines) with a point within `reach` pixels of `p` along
    /// either axis, each once.
    pub fn segments_near(&self, p: Vec2, reach: f32) -> Vec<(Vec2, Vec2)> {
        let around = Viewport {
            x: p.x - reach,
            y: p.y - reach,
            w: 2.0 * reach,
            h: 2.0 * reach,
        };
        let (Some((c0, r0)), Some((c1, r1))) = (
            self.cell(Vec2::new(around.x, around.y)),
            self.cell(Vec2::new(around.x + around.w, around.y + around.h)),
        ) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for r in r0..=r1 {
            for c in c0..=c1 {
                for &k in &self.cells[r * self.cols + c] {
                    let k = k as usize;
                    let (lc, lr) = self.first[k];
                    if (c, r) != (lc.max(c0), lr.max(r0)) {
                        continue;
                    }
                    if let LineObstacle::Segment(a, b, _) = self.lines[k] {
                        if segment_meets_box(a, b, &around) {
                            out.push((a, b));
                        }
                    }
                }
            }
        }
        out
    }

    /// How many line pieces cross the box `b`.
    pub fn crossings(&self, b: &Viewport) -> usize {
        self.crossings_up_to(b, usize::MAX)
    }

    /// How many line pieces cross the box `b`, counted up to `cap` (a spot crossed by
    /// that many is no better for more).
    pub fn crossings_up_to(&self, b: &Viewport, cap: usize) -> usize {
        let (Some((c0, r0)), Some((c1, r1))) = (
            self.cell(Vec2::new(b.x, b.y)),
            self.cell(Vec2::new(b.x + b.w, b.y + b.h)),
        ) else {
            return 0;
        };
        let mut n = 0;
        for r in r0..=r1 {
            for c in c0..=c1 {
                for &k in &self.cells[r * self.cols + c] {
                    // A line in several of the box's cells is tested in the first of
                    // them it shares with the box.
                    let k = k as usize;
                    let (lc, lr) = self.first[k];
                    if (c, r) == (lc.max(c0), lr.max(r0))
                        && !clear_of(b, self.bounds[k])
                        && meets_box(b, &self.lines[k])
                    {
                        n += 1;
                        if n >= cap {
                            return n;
                        }
                    }
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crossing_tests_for_segments_and_rings() {
        let b = Viewport {
            x: 10.0,
            y: 10.0,
            w: 20.0,
            h: 10.0,
        };
        let seg = |a: (f32, f32), c: (f32, f32)| {
            LineObstacle::Segment(Vec2::new(a.0, a.1), Vec2::new(c.0, c.1), 0.0)
        };
        assert!(box_crossed_by(&b, &seg((0.0, 15.0), (40.0, 15.0))));
        assert!(
            box_crossed_by(&b, &seg((12.0, 12.0), (14.0, 14.0))),
            "inside"
        );
        assert!(!box_crossed_by(&b, &seg((0.0, 0.0), (40.0, 5.0))), "above");
        assert!(!box_crossed_by(&b, &seg((0.0, 12.0), (8.0, 30.0))), "left");
        assert!(
            box_crossed_by(&b, &seg((0.0, 0.0), (40.0, 30.0))),
            "diagonal"
        );
        let ring = |x: f32, y: f32, r: f32| LineObstacle::Circle(Vec2::new(x, y), r);
        assert!(
            box_crossed_by(&b, &ring(20.0, 15.0, 8.0)),
            "through the box"
        );
        assert!(
            !box_crossed_by(&b, &ring(20.0, 15.0, 40.0)),
            "all around it"
        );
        assert!(box_crossed_by(&b, &ring(20.0, 15.0, 2.0)), "inside the box");
        assert!(!box_crossed_by(&b, &ring(60.0, 15.0, 10.0)), "beside it");
        // The index finds a line in a far cell and counts a piece once.
        let big = Viewport {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 300.0,
        };
        let index = LineIndex::new(vec![seg((0.0, 250.0), (400.0, 250.0))], &big);
        let low = Viewport {
            x: 300.0,
            y: 240.0,
            w: 80.0,
            h: 20.0,
        };
        assert_eq!(index.crossings(&low), 1);
        assert_eq!(index.crossings(&b), 0);
    }
}
