//! Where a label may go: its preferred box, then boxes on rings round its anchor
//! ([`candidates`]), and, for a label every spot of which near its anchor a line
//! crosses, boxes anywhere in the view ([`far_candidates`]); all of them clear of the
//! view's edges ([`inside`]). The placer ([`place_labels`]) picks among them.

use super::*;

use crate::view::camera::Viewport;
use glam::Vec2;

/// Pixels kept free between a label's box and its view's edges: a plate flush with the
/// edge reads as cut off there (the window draws the line between the views over it).
pub const EDGE: f32 = 4.0;
/// Distances from the anchor (pixels) of the candidate rings, nearest first. The last
/// three are for a label every nearer spot of which a line crosses: it sooner sits out
/// there, tied to its point by a leader, than under a line.
const RINGS: [f32; 9] = [4.0, 10.0, 18.0, 30.0, 46.0, 66.0, 92.0, 124.0, 160.0];
/// The farthest a label is placed from its anchor on the rings, pixels (the last ring):
/// beyond it only when no spot on them is clear of lines ([`far_candidates`]), and
/// then with a leader line.
pub const FAR_REACH: f32 = RINGS[RINGS.len() - 1];
/// The rows of the spots anywhere in a view ([`far_candidates`]) are this far apart,
/// pixels.
const FAR_STEP: f32 = 6.0;
/// A label straight above or below its anchor reaches this far past it (pixels) when
/// it ends or starts at the anchor rather than centred on it.
const SPAN_REACH: f32 = 8.0;

/// The preferred box, then boxes on rings around the anchor in view `vp`, each with its
/// distance from the anchor (pixels), nearest first.
pub(super) fn candidates(
    anchor: Vec2,
    first: Viewport,
    w: f32,
    h: f32,
    vp: &Viewport,
) -> Vec<(f32, Viewport)> {
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
    // Straight above or below, a box spans the anchor: centred on it, else ending just
    // right of it, else starting just left of it (a long label clear of a line on one
    // side), slid sideways into the view when it would leave it (still over the anchor).
    let into_view = |x: f32| x.clamp(vp.x + EDGE, (vp.x + vp.w - EDGE - w).max(vp.x + EDGE));
    let spans = [
        into_view(anchor.x - w * 0.5),
        into_view(anchor.x + SPAN_REACH - w),
        into_view(anchor.x - SPAN_REACH),
    ];
    let mut order = 0;
    for r in RINGS {
        for (dx, dy) in dirs {
            // The box's near side at `r` pixels from the anchor in direction (dx, dy).
            let xs = match dx.partial_cmp(&0.0) {
                Some(std::cmp::Ordering::Greater) => vec![anchor.x + dx * r],
                Some(std::cmp::Ordering::Less) => vec![anchor.x + dx * r - w],
                _ => spans.to_vec(),
            };
            let y = match dy.partial_cmp(&0.0) {
                Some(std::cmp::Ordering::Greater) => anchor.y + dy * r,
                Some(std::cmp::Ordering::Less) => anchor.y + dy * r - h,
                _ => anchor.y - h * 0.5,
            };
            let mut last = None;
            for x in xs {
                let x = x.round();
                // A short label's three spans are one box.
                if last == Some(x) {
                    continue;
                }
                last = Some(x);
                let b = Viewport {
                    x,
                    y: y.round(),
                    w,
                    h,
                };
                // Nearer rings first; within a ring, the reading order above.
                out.push((r + 0.001 * order as f32, b));
                order += 1;
            }
        }
    }
    out
}

/// Pixels between neighbouring spots of the close search ([`close_candidates`]).
const CLOSE_STEP: f32 = 4.0;
/// The farthest the close search looks from the anchor, pixels.
pub const CLOSE_REACH: f32 = 66.0;

/// Spots for a label `w` × `h` whose box comes within `reach` pixels of `anchor`, every
/// [`CLOSE_STEP`] pixels down and across (an eighth of a long label's width), each with its distance from the anchor (the
/// box's nearest point), nearest first: the gaps between the rings' eight directions,
/// where a small label finds room between lines that cross every spot on the rings.
pub(super) fn close_candidates(anchor: Vec2, w: f32, h: f32, reach: f32) -> Vec<(f32, Viewport)> {
    let mut out = Vec::new();
    let (x0, y0) = (
        (anchor.x - w - reach).round(),
        (anchor.y - h - reach).round(),
    );
    let step_x = CLOSE_STEP.max((w / 8.0).round());
    let (nx, ny) = (
        ((w + 2.0 * reach) / step_x) as usize,
        ((h + 2.0 * reach) / CLOSE_STEP) as usize,
    );
    for j in 0..=ny {
        for i in 0..=nx {
            let b = Viewport {
                x: x0 + step_x * i as f32,
                y: y0 + CLOSE_STEP * j as f32,
                w,
                h,
            };
            let d = box_distance(&b, anchor);
            if d <= reach {
                out.push((d, b));
            }
        }
    }
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out
}

/// Spots for a label `w` × `h` anywhere in view `vp` (every [`FAR_STEP`] pixels down,
/// at the view's left and right edges and centred on, ending at or starting at the
/// anchor), each with its distance from `anchor`, nearest first.
pub(super) fn far_candidates(anchor: Vec2, w: f32, h: f32, vp: &Viewport) -> Vec<(f32, Viewport)> {
    let (left, right) = (vp.x + EDGE, (vp.x + vp.w - EDGE - w).max(vp.x + EDGE));
    let xs = [
        left,
        right,
        anchor.x - 0.5 * w,
        anchor.x + SPAN_REACH - w,
        anchor.x - SPAN_REACH,
    ]
    .map(|x| x.clamp(left, right).round());
    let mut out = Vec::new();
    let mut y = vp.y + EDGE;
    while y + h <= vp.y + vp.h - EDGE {
        for (k, x) in xs.iter().enumerate() {
            if xs[..k].contains(x) {
                continue;
            }
            let b = Viewport {
                x: *x,
                y: y.round(),
                w,
                h,
            };
            out.push((box_distance(&b, anchor), b));
        }
        y += FAR_STEP;
    }
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out
}

/// The room of view `vp` for a label `w` pixels wide: the view itself, or, when the
/// label is too wide for it with [`EDGE`] pixels free either side, the view widened so
/// that a pixel is kept free at its sides (as [`inside`] and the spots count from it).
pub(super) fn wide_room(vp: &Viewport, w: f32) -> Viewport {
    if w + 2.0 * EDGE <= vp.w {
        *vp
    } else {
        let grow = EDGE - 1.0;
        Viewport {
            x: vp.x - grow,
            w: vp.w + 2.0 * grow,
            ..*vp
        }
    }
}

/// Whether box `b` lies in view `vp`, [`EDGE`] pixels clear of its edges.
pub(super) fn inside(b: &Viewport, vp: &Viewport) -> bool {
    b.x >= vp.x + EDGE
        && b.y >= vp.y + EDGE
        && b.x + b.w <= vp.x + vp.w - EDGE
        && b.y + b.h <= vp.y + vp.h - EDGE
}

/// The point of box `b` nearest `p`.
pub(super) fn nearest_on_box(b: &Viewport, p: Vec2) -> Vec2 {
    Vec2::new(p.x.clamp(b.x, b.x + b.w), p.y.clamp(b.y, b.y + b.h))
}

/// A label's box reaching this far (pixels) past its anchor's height still lies on one
/// side of it ([`side_of`]).
const SIDE_SLACK: f32 = 2.0;

/// Which side of `anchor` box `b` lies on: 1.0 wholly below it (screen y down), -1.0
/// wholly above, 0.0 across it (beside it, or centred on it).
pub(super) fn side_of(b: &Viewport, anchor: Vec2) -> f32 {
    if b.y >= anchor.y - SIDE_SLACK {
        1.0
    } else if b.y + b.h <= anchor.y + SIDE_SLACK {
        -1.0
    } else {
        0.0
    }
}
