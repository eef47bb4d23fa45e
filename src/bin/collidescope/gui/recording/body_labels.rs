//! The world view's body names: only the bodies that matter at the moment — the shape
//! under the pointer, the shape clicked first, the pair picked or hovered in the
//! contact list — each named as the panel's bodies list names it, on a plate above its
//! shape (below when there is no room above), and left out when it would cover
//! another name or leave the view: a few names, never a cloud of them.

use collidescope::view::camera::Viewport;
use collidescope::view::draw::LayerId;
use collidescope::view::palette::{label_text, layer_color, Theme, LABEL_BACK};
use glam::Vec2;
use macroquad::prelude::{draw_rectangle, draw_text, measure_text};

/// The names' text size, pixels.
pub(super) const TEXT: u16 = 22;

/// The size of `name` drawn at [`TEXT`].
pub(super) fn text_size(name: &str) -> Vec2 {
    let m = measure_text(name, None, TEXT, 1.0);
    Vec2::new(m.width, f32::from(TEXT))
}

/// Places the names wanted (see [`place`]) and draws them: the shapes' text colour on
/// a label's plate, as the debugger's views write names.
pub(super) fn draw(wanted: &[Wanted], area: Viewport, theme: Theme) {
    let color = |c| crate::gui::painter::color(c);
    let plate = color(theme.apply(LABEL_BACK));
    let text = color(label_text(theme, layer_color(LayerId::Shapes)));
    for p in place(wanted, area) {
        let v = p.plate;
        draw_rectangle(v.x, v.y, v.w, v.h, plate);
        draw_text(&p.name, p.text_at.x, p.text_at.y, f32::from(TEXT), text);
    }
}

/// The plate's padding around the text, pixels.
const PAD: f32 = 3.0;
/// The gap between a shape's box and its name.
const GAP: f32 = 4.0;

/// A name to place: its text's size and the screen box of its shape.
pub(super) struct Wanted {
    pub name: String,
    /// The text's width and height, pixels.
    pub size: Vec2,
    /// The shape's box on screen (min, max).
    pub shape: (Vec2, Vec2),
}

/// A name placed: its plate (x, y, w, h) and where its text's baseline starts.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Placed {
    pub name: String,
    pub plate: Viewport,
    pub text_at: Vec2,
}

fn overlaps(a: &Viewport, b: &Viewport) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

fn box_of((lo, hi): (Vec2, Vec2)) -> Viewport {
    Viewport {
        x: lo.x,
        y: lo.y,
        w: hi.x - lo.x,
        h: hi.y - lo.y,
    }
}

fn inside(a: &Viewport, area: &Viewport) -> bool {
    a.x >= area.x && a.y >= area.y && a.x + a.w <= area.x + area.w && a.y + a.h <= area.y + area.h
}

/// Places the names in order (the first wins a place): centred above the shape's box,
/// else below it, each plate inside `area` and clear of the plates placed before (and
/// of the other named shapes where it can be); a name with no such place is left out. The same name twice (two shapes of a body) is
/// placed once.
pub(super) fn place(wanted: &[Wanted], area: Viewport) -> Vec<Placed> {
    let mut out: Vec<Placed> = Vec::new();
    for w in wanted {
        if out.iter().any(|p| p.name == w.name) {
            continue;
        }
        let (lo, hi) = w.shape;
        let (pw, ph) = (w.size.x + 2.0 * PAD, w.size.y + 2.0 * PAD);
        let x = ((lo.x + hi.x) * 0.5 - pw * 0.5).clamp(area.x, (area.x + area.w - pw).max(area.x));
        let spots = [lo.y - GAP - ph, hi.y + GAP].map(|y| Viewport { x, y, w: pw, h: ph });
        let clear = |plate: &Viewport| {
            inside(plate, &area) && out.iter().all(|p| !overlaps(plate, &p.plate))
        };
        // Off the other named shapes if it can be (a floor's name not over the box on
        // it), else only off the other names.
        let off_shapes = |plate: &Viewport| {
            wanted
                .iter()
                .filter(|o| o.name != w.name)
                .all(|o| !overlaps(plate, &box_of(o.shape)))
        };
        let free = spots
            .iter()
            .find(|p| clear(p) && off_shapes(p))
            .or_else(|| spots.iter().find(|p| clear(p)))
            .copied();
        if let Some(plate) = free {
            out.push(Placed {
                name: w.name.clone(),
                text_at: Vec2::new(plate.x + PAD, plate.y + PAD + w.size.y * 0.8),
                plate,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: Viewport = Viewport {
        x: 0.0,
        y: 0.0,
        w: 400.0,
        h: 300.0,
    };

    fn wanted(name: &str, lo: (f32, f32), hi: (f32, f32)) -> Wanted {
        Wanted {
            name: name.into(),
            size: Vec2::new(40.0, 14.0),
            shape: (Vec2::new(lo.0, lo.1), Vec2::new(hi.0, hi.1)),
        }
    }

    #[test]
    fn a_name_sits_above_its_shape_else_below_inside_the_view() {
        let p = place(&[wanted("box", (100.0, 100.0), (140.0, 140.0))], AREA);
        assert_eq!(p.len(), 1);
        let plate = p[0].plate;
        assert!(plate.y + plate.h <= 100.0 - GAP + 0.01, "{plate:?}");
        assert!((plate.x + plate.w * 0.5 - 120.0).abs() < 0.01, "{plate:?}");
        // A shape at the view's top edge: its name goes under it.
        let p = place(&[wanted("top", (100.0, 2.0), (140.0, 30.0))], AREA);
        assert!(p[0].plate.y >= 30.0 + GAP - 0.01, "{:?}", p[0].plate);
        // At the right edge the plate is kept inside the view.
        let p = place(&[wanted("edge", (390.0, 100.0), (400.0, 120.0))], AREA);
        assert!(
            p[0].plate.x + p[0].plate.w <= 400.0 + 0.01,
            "{:?}",
            p[0].plate
        );
    }

    #[test]
    fn a_name_keeps_off_another_named_shape_where_it_can() {
        // A box resting on a floor tile: the tile's name goes under the tile, not
        // over the box.
        let p = place(
            &[
                wanted("box", (100.0, 60.0), (140.0, 100.0)),
                wanted("ground", (100.0, 100.0), (140.0, 140.0)),
            ],
            AREA,
        );
        assert_eq!(p.len(), 2);
        assert!(p[0].plate.y + p[0].plate.h <= 60.0, "{:?}", p[0].plate);
        assert!(p[1].plate.y >= 140.0, "{:?}", p[1].plate);
    }

    #[test]
    fn names_never_cover_one_another_and_one_without_room_is_left_out() {
        // Three shapes on top of one another: the first two names take above and
        // below; the third has no place left and is not drawn.
        let same = ((100.0, 100.0), (140.0, 140.0));
        let p = place(
            &[
                wanted("a", same.0, same.1),
                wanted("b", same.0, same.1),
                wanted("c", same.0, same.1),
            ],
            AREA,
        );
        let names: Vec<&str> = p.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, ["a", "b"]);
        assert!(!overlaps(&p[0].plate, &p[1].plate));
        // A body named twice (two of its shapes) is named once.
        let p = place(
            &[
                wanted("ground", (10.0, 200.0), (50.0, 210.0)),
                wanted("ground", (300.0, 200.0), (340.0, 210.0)),
            ],
            AREA,
        );
        assert_eq!(p.len(), 1);
    }
}
