//! Leader lines: when a label's leader runs along a line of the picture
//! ([`runs_along`]), and how many leaders pass by a label's box ([`leaders_near`]).

use super::*;

use crate::view::camera::Viewport;
use glam::Vec2;

/// A moved label further than this from its anchor (pixels) gets a leader line.
pub(super) const LEADER_MIN: f32 = 9.0;
/// A leader line whose far half runs within a text height (pixels, at least this) of a
/// line at about its own angle ([`ALONG_SINE`]) runs along it: it reads as that line
/// (an outline, an axis), its label as that line's (an axis number), not as tied to
/// its point; it counts as a line crossing the label.
const ALONG_LINE: f32 = 6.0;
/// The sine of the largest angle between a leader and a line it runs along.
const ALONG_SINE: f32 = 0.2;

/// Whether leader `l` (from its point to its label) runs along one of `lines` or
/// `axes`: its middle and its label's end both beside it (not past its ends), within `near` pixels (the label's text
/// height, at least [`ALONG_LINE`]) of a line at about its angle. A leader along an
/// outline or an axis reads as part of it.
pub(super) fn runs_along(
    l: [Vec2; 2],
    near: f32,
    lines: &LineIndex,
    axes: &[(Vec2, Vec2)],
) -> bool {
    let near = near.max(ALONG_LINE);
    let [a, q] = l;
    let d = q - a;
    let len = d.length();
    if len <= LEADER_MIN {
        return false;
    }
    let mid = a + 0.5 * d;
    // Beside the line, not past its ends (a leader going on from an edge's end does
    // not run along it), within `near` of it.
    let beside = |x: Vec2, u: Vec2, e: Vec2, el: f32| {
        let t = (x - u).dot(e) / (el * el);
        (0.0..=1.0).contains(&t) && (x - u).perp_dot(e).abs() / el <= near
    };
    let along = |&(u, v): &(Vec2, Vec2)| {
        let e = v - u;
        let el = e.length();
        el > 0.0
            && (d.perp_dot(e) / (len * el)).abs() <= ALONG_SINE
            && beside(mid, u, e, el)
            && beside(q, u, e, el)
    };
    axes.iter().any(along) || lines.segments_near(mid, 0.5 * len + near).iter().any(along)
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
