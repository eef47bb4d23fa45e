//! A view's grid: lines every 1, 2 or 5 × 10^k world units (about [`GRID_PX`] apart),
//! the axes brighter, and their numbers — the x values along the bottom edge, the y
//! values down the left one.
//!
//! The numbers are placed before the view's labels, as obstacles: each lies wholly inside
//! its view (never cut at the edge or written across the next view), off the view's
//! title and scale bar and off every other number — thinned to every second, fifth,
//! tenth… line when neighbours would touch — and the label placer keeps every label of
//! the view off them ([`reserved_boxes`]).

use super::*;

use crate::view::camera::Viewport;
use crate::view::palette::{AXES, BACKGROUND, GRID, GRID_LABEL};
use glam::Vec2;

/// Pixels between a y number's plate and its grid line (before the presenter scale):
/// half of the widest line drawn along an axis (a chain's, 3 pixels) and a gap.
const LINE_CLEAR: f32 = 3.0;

/// A grid value with `decimals` decimals, without a "-0".
pub(super) fn grid_value(v: f32, step: f32, decimals: usize) -> String {
    let v = if v.abs() < step * 1.0e-3 { 0.0 } else { v };
    format!("{v:.decimals$}")
}

/// One number of a view's grid, placed: its text's baseline start and its box.
#[derive(Clone, Debug, PartialEq)]
pub struct GridNumber {
    pub at: Vec2,
    pub text: String,
    /// Pixels.
    pub size: f32,
    pub back: Viewport,
}

/// The grid lines of a view: their spacing (world units), the decimals their values
/// need, and each vertical line's (value, screen x) and horizontal line's (value,
/// screen y).
struct GridLines {
    step: f32,
    decimals: usize,
    xs: Vec<(f32, f32)>,
    ys: Vec<(f32, f32)>,
}

fn grid_lines(view: &ViewFrame) -> Option<GridLines> {
    let (cam, vp) = (&view.camera, &view.viewport);
    let step = cam.grid_step(GRID_PX * view.scale);
    if !(step.is_finite() && step > 0.0) {
        return None;
    }
    let lo = cam.to_world(Vec2::new(vp.x, vp.y + vp.h), vp);
    let hi = cam.to_world(Vec2::new(vp.x + vp.w, vp.y), vp);
    let values = |lo: f32, hi: f32| {
        let first = (lo / step).floor();
        (0..MAX_GRID_LINES)
            .map(move |k| (first + k as f32) * step)
            .take_while(move |v| *v <= hi)
    };
    let xs = values(lo.x, hi.x)
        .map(|x| (x, cam.to_screen(Vec2::new(x, 0.0), vp).x))
        .collect();
    let ys = values(lo.y, hi.y)
        .map(|y| (y, cam.to_screen(Vec2::new(0.0, y), vp).y))
        .collect();
    Some(GridLines {
        step,
        decimals: (-step.log10().floor()).clamp(0.0, 9.0) as usize,
        xs,
        ys,
    })
}

/// The grid's numbers of `view` (titled `title`), placed as the module says: the x
/// values first, then the y values that keep off them.
pub fn grid_numbers(view: &ViewFrame, title: &str) -> Vec<GridNumber> {
    let Some(g) = grid_lines(view) else {
        return Vec::new();
    };
    let vp = view.viewport;
    let size = (GRID_LABEL_SIZE * view.scale).round();
    let number = |v: f32, at: Vec2| {
        let text = grid_value(v, g.step, g.decimals);
        let at = at.round();
        let back = label_box(at, &text, size);
        (
            (v / g.step).round() as i64,
            GridNumber {
                at,
                text,
                size,
                back,
            },
        )
    };
    let mut blocked = chrome_boxes(view, title);
    let xs =
        g.xs.iter()
            .map(|(x, sx)| number(*x, Vec2::new(sx + 2.0, vp.y + vp.h - 4.0)));
    let mut out = thinned(xs.collect(), &blocked, &vp);
    // A y number is kept a text height off every x number: the corner's "-3" over the
    // x axis's "-3" read as one pair ("-3 -3").
    blocked.extend(out.iter().map(|n| Viewport {
        x: n.back.x - size,
        y: n.back.y - size,
        w: n.back.w + 2.0 * size,
        h: n.back.h + 2.0 * size,
    }));
    // Each y number wholly above its line, its plate clear of a line drawn along it (a
    // chain on the x axis, 3 pixels wide): the plate's bottom LINE_CLEAR above.
    let clear = LINE_CLEAR * view.scale;
    let ys = g.ys.iter().map(|(y, sy)| {
        let below = text_extent(&grid_value(*y, g.step, g.decimals), size).1;
        number(*y, Vec2::new(vp.x + 3.0, sy - below - 2.0 - clear))
    });
    out.extend(thinned(ys.collect(), &blocked, &vp));
    out
}

/// The numbers of one axis that fit: wholly inside `vp` and off `blocked`, then every
/// `stride`-th line's (counted from the line through 0, so 0 stays when it fits), with
/// the smallest stride whose numbers do not touch one another.
fn thinned(
    numbers: Vec<(i64, GridNumber)>,
    blocked: &[Viewport],
    vp: &Viewport,
) -> Vec<GridNumber> {
    let fits: Vec<(i64, GridNumber)> = numbers
        .into_iter()
        .filter(|(_, n)| {
            let b = &n.back;
            b.x >= vp.x
                && b.y >= vp.y
                && b.x + b.w <= vp.x + vp.w
                && b.y + b.h <= vp.y + vp.h
                && !blocked.iter().any(|r| boxes_overlap(b, r, GAP))
        })
        .collect();
    for stride in [1, 2, 5, 10, 20, 50, 100] {
        let pick: Vec<&GridNumber> = fits
            .iter()
            .filter(|(k, _)| k.rem_euclid(stride) == 0)
            .map(|(_, n)| n)
            .collect();
        let apart = pick.iter().enumerate().all(|(i, a)| {
            pick[i + 1..]
                .iter()
                .all(|b| !boxes_overlap(&a.back, &b.back, GAP))
        });
        if apart {
            return pick.into_iter().cloned().collect();
        }
    }
    Vec::new()
}

/// The grid lines of `view`; its numbers come after the layers ([`paint_grid_numbers`]).
pub fn paint_grid(view: &ViewFrame, out: &mut impl Painter) {
    let Some(g) = grid_lines(view) else {
        return;
    };
    let vp = &view.viewport;
    let axis = |v: f32| if v.abs() < g.step * 1e-3 { AXES } else { GRID };
    for (x, sx) in &g.xs {
        let line = [Vec2::new(*sx, vp.y), Vec2::new(*sx, vp.y + vp.h)];
        out.polyline(&line, false, 1.0, axis(*x), false);
    }
    for (y, sy) in &g.ys {
        let line = [Vec2::new(vp.x, *sy), Vec2::new(vp.x + vp.w, *sy)];
        out.polyline(&line, false, 1.0, axis(*y), false);
    }
}

/// The grid's numbers of `view` ([`grid_numbers`]), painted after the layers, each on
/// a plate of the view's background: a number over a shape's fill stays as readable
/// as over the empty view (under the fill it lost most of its contrast).
pub fn paint_grid_numbers(view: &ViewFrame, title: &str, out: &mut impl Painter) {
    for n in grid_numbers(view, title) {
        out.rect(&n.back, BACKGROUND);
        out.text(n.at, &n.text, n.size, GRID_LABEL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::camera::Camera;
    use crate::view::draw::Space;

    /// A y number's plate ends LINE_CLEAR × scale above its grid line: a chain drawn
    /// along the x axis (3 pixels wide) is not cut by the "0" written on it.
    #[test]
    fn a_y_number_sits_clear_above_its_line() {
        for scale in [1.0, 1.5] {
            let view = ViewFrame {
                space: Space::World,
                viewport: Viewport {
                    x: 0.0,
                    y: 0.0,
                    w: 900.0,
                    h: 500.0,
                },
                camera: Camera {
                    center: Vec2::new(0.0, 0.3),
                    zoom: 120.0,
                },
                scale,
            };
            let g = grid_lines(&view).expect("a grid");
            let numbers = grid_numbers(&view, "world");
            let mut seen = 0;
            for (y, sy) in &g.ys {
                let text = grid_value(*y, g.step, g.decimals);
                // A y number starts at the left edge (an x number at its line).
                let Some(n) = numbers.iter().find(|n| n.text == text && n.at.x < 10.0) else {
                    continue;
                };
                seen += 1;
                let bottom = n.back.y + n.back.h;
                let want = sy - LINE_CLEAR * scale;
                assert!(
                    bottom <= want + 0.5,
                    "{text}: plate ends at {bottom}, line at {sy}"
                );
                assert!(bottom >= want - 1.5, "{text}: plate far above its line");
            }
            assert!(seen >= 3, "{seen} y numbers");
            assert!(numbers.iter().any(|n| n.text == "0.0" || n.text == "0"));
        }
    }

    /// The corner: no y number stands a text height or less from an x number (they
    /// read as one pair, "-3 -3").
    #[test]
    fn no_y_number_reads_with_an_x_number_at_the_corner() {
        for (zoom, center) in [
            (60.0, Vec2::new(0.3, 0.2)),
            (47.0, Vec2::ZERO),
            (120.0, Vec2::new(-0.1, 0.4)),
        ] {
            let view = ViewFrame {
                space: Space::World,
                viewport: Viewport {
                    x: 0.0,
                    y: 0.0,
                    w: 700.0,
                    h: 480.0,
                },
                camera: Camera { center, zoom },
                scale: 1.0,
            };
            let numbers = grid_numbers(&view, "world");
            let xs: Vec<&GridNumber> = numbers.iter().filter(|n| n.at.y > 470.0).collect();
            let ys: Vec<&GridNumber> = numbers.iter().filter(|n| n.at.y <= 470.0).collect();
            assert!(!xs.is_empty() && ys.len() >= 3, "{numbers:?}");
            for y in &ys {
                for x in &xs {
                    let gap_x =
                        (x.back.x - (y.back.x + y.back.w)).max(y.back.x - (x.back.x + x.back.w));
                    let gap_y = x.back.y - (y.back.y + y.back.h);
                    assert!(
                        gap_x > y.size || gap_y > y.size,
                        "y {:?} and x {:?} read as one (gaps {gap_x}, {gap_y})",
                        y.text,
                        x.text
                    );
                }
            }
        }
    }
}
