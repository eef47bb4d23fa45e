//! The label placements made last, remembered by what they depend on
//! ([`placement_key`]): the window places a view's labels two or three times a frame
//! (counting the hidden ones, then painting), and again on frames where only the panel
//! changed; each is the same work, done once. A stale placement would be a bug, so the
//! key takes in every input, down to the last bit of every float.

use super::*;

use crate::view::camera::{Camera, Viewport};
use crate::view::draw::{DrawList, Layer, Prim, Rgba};
use glam::Vec2;
use std::cell::RefCell;
use std::collections::VecDeque;

/// What a placement depends on, hashed: the view, its layers, the window's own marks
/// and the reserved boxes, every field (floats by their bits, so a change in the last
/// bit is a new placement). Each type is taken apart field by field, without `..`: a
/// field added to any of them does not compile until it is hashed here too.
pub(super) fn placement_key(
    view: &ViewFrame,
    list: &DrawList,
    extra: &[Prim],
    reserved: &[Viewport],
) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let ViewFrame {
        space,
        viewport,
        camera,
        scale,
    } = view;
    let Camera { center, zoom } = camera;
    space.hash(&mut h);
    key::boxed(&mut h, viewport);
    key::point(&mut h, *center);
    key::num(&mut h, *zoom);
    key::num(&mut h, *scale);
    h.write_usize(reserved.len());
    for r in reserved {
        key::boxed(&mut h, r);
    }
    key::prims(&mut h, extra);
    for layer in list.layers.iter().filter(|l| l.space == view.space) {
        let Layer { id, space, prims } = layer;
        id.hash(&mut h);
        space.hash(&mut h);
        key::prims(&mut h, prims);
    }
    h.finish()
}

/// The parts of [`placement_key`].
mod key {
    use super::*;
    use std::hash::{Hash, Hasher};

    pub(super) fn num(h: &mut impl Hasher, x: f32) {
        h.write_u32(x.to_bits());
    }

    pub(super) fn point(h: &mut impl Hasher, p: Vec2) {
        num(h, p.x);
        num(h, p.y);
    }

    pub(super) fn points(h: &mut impl Hasher, ps: &[Vec2]) {
        h.write_usize(ps.len());
        for p in ps {
            point(h, *p);
        }
    }

    pub(super) fn boxed(h: &mut impl Hasher, b: &Viewport) {
        let Viewport { x, y, w, h: high } = *b;
        for v in [x, y, w, high] {
            num(h, v);
        }
    }

    fn color(h: &mut impl Hasher, c: &Rgba) {
        let Rgba(r, g, b, a) = *c;
        h.write(&[r, g, b, a]);
    }

    pub(super) fn prims(h: &mut impl Hasher, list: &[Prim]) {
        h.write_usize(list.len());
        for p in list {
            prim(h, p);
        }
    }

    /// One primitive: its tag, then every field. The marks at a point are hashed by
    /// [`point_mark`].
    fn prim(h: &mut impl Hasher, prim: &Prim) {
        match prim {
            Prim::Polyline {
                points: ps,
                closed,
                width,
                color: c,
                dashed,
            } => {
                h.write_u8(0);
                points(h, ps);
                closed.hash(h);
                num(h, *width);
                color(h, c);
                dashed.hash(h);
            }
            Prim::Fill {
                points: ps,
                color: c,
            } => {
                h.write_u8(1);
                points(h, ps);
                color(h, c);
            }
            Prim::Arrow {
                from,
                to,
                width,
                color: c,
            } => {
                h.write_u8(3);
                point(h, *from);
                point(h, *to);
                num(h, *width);
                color(h, c);
            }
            Prim::Inset {
                anchor,
                size,
                min_px,
                prims: inner,
            } => {
                h.write_u8(7);
                point(h, *anchor);
                num(h, *size);
                num(h, *min_px);
                prims(h, inner);
            }
            Prim::Dot { .. } | Prim::Label { .. } | Prim::Cross { .. } | Prim::Ring { .. } => {
                point_mark(h, prim)
            }
        }
    }

    /// A mark at a point: a dot, a label, a cross or a ring.
    fn point_mark(h: &mut impl Hasher, prim: &Prim) {
        match prim {
            Prim::Dot {
                at,
                radius,
                color: c,
            } => {
                h.write_u8(2);
                point(h, *at);
                num(h, *radius);
                color(h, c);
            }
            Prim::Label {
                at,
                offset,
                text,
                color: c,
                size,
                of,
            } => {
                h.write_u8(4);
                point(h, *at);
                point(h, *offset);
                text.hash(h);
                color(h, c);
                num(h, *size);
                of.hash(h);
            }
            Prim::Cross { at, size, color: c } => {
                h.write_u8(5);
                point(h, *at);
                num(h, *size);
                color(h, c);
            }
            Prim::Ring {
                at,
                radius,
                width,
                color: c,
            } => {
                h.write_u8(6);
                point(h, *at);
                num(h, *radius);
                num(h, *width);
                color(h, c);
            }
            Prim::Polyline { .. } | Prim::Fill { .. } | Prim::Arrow { .. } | Prim::Inset { .. } => {
                unreachable!("hashed by prim")
            }
        }
    }
}

/// Two views, each with and without a hidden-label note, and a spare.
const KEPT: usize = 6;

thread_local! {
    static LAST: RefCell<VecDeque<(u64, Vec<Option<PlacedLabel>>)>> =
        const { RefCell::new(VecDeque::new()) };
}

/// The placement remembered for `key`, if one.
pub(super) fn get(key: u64) -> Option<Vec<Option<PlacedLabel>>> {
    LAST.with(|m| {
        m.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
    })
}

/// Remembers `placed` for `key`, forgetting the oldest past [`KEPT`].
pub(super) fn put(key: u64, placed: &[Option<PlacedLabel>]) {
    LAST.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= KEPT {
            m.pop_front();
        }
        m.push_back((key, placed.to_vec()));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::draw::{label, line, Layer, LayerId, Owner, Space};

    #[test]
    fn the_key_changes_with_any_input_of_the_view_and_only_those() {
        let view = ViewFrame {
            space: Space::Config,
            viewport: Viewport {
                x: 0.0,
                y: 0.0,
                w: 400.0,
                h: 300.0,
            },
            camera: Camera {
                center: Vec2::ZERO,
                zoom: 100.0,
            },
            scale: 1.0,
        };
        let layer = |space: Space| Layer {
            id: LayerId::GjkSimplex,
            space,
            prims: vec![
                label(Vec2::new(0.5, 0.25), "w1", Rgba::WHITE),
                line(Vec2::ZERO, Vec2::new(1.0, 0.5), 2.0, Rgba::WHITE),
                Prim::Fill {
                    points: vec![Vec2::ZERO, Vec2::X, Vec2::Y],
                    color: Rgba::WHITE,
                },
            ],
        };
        let list = DrawList {
            layers: vec![layer(Space::Config), layer(Space::World)],
        };
        let reserved = [Viewport {
            x: 10.0,
            y: 10.0,
            w: 80.0,
            h: 16.0,
        }];
        let key = |v: &ViewFrame, l: &DrawList, extra: &[Prim], r: &[Viewport]| {
            placement_key(v, l, extra, r)
        };
        let k0 = key(&view, &list, &[], &reserved);
        assert_eq!(k0, key(&view, &list.clone(), &[], &reserved));
        let changed = |edit: &dyn Fn(&mut DrawList)| {
            let mut l = list.clone();
            edit(&mut l);
            key(&view, &l, &[], &reserved)
        };
        let text = |l: &mut DrawList| {
            if let Prim::Label { text, .. } = &mut l.layers[0].prims[0] {
                *text = "w2".into();
            }
        };
        let at = |l: &mut DrawList| {
            if let Prim::Label { at, .. } = &mut l.layers[0].prims[0] {
                at.x += 1e-3;
            }
        };
        let of =
            |l: &mut DrawList| l.layers[0].prims[0] = l.layers[0].prims[0].clone().of(Owner::B);
        let point = |l: &mut DrawList| {
            if let Prim::Polyline { points, .. } = &mut l.layers[0].prims[1] {
                points[1].y += 1e-3;
            }
        };
        let width = |l: &mut DrawList| {
            if let Prim::Polyline { width, .. } = &mut l.layers[0].prims[1] {
                *width = 3.0;
            }
        };
        let fill = |l: &mut DrawList| {
            if let Prim::Fill { color, .. } = &mut l.layers[0].prims[2] {
                *color = color.with_alpha(254);
            }
        };
        let order = |l: &mut DrawList| l.layers[0].prims.swap(1, 2);
        let id = |l: &mut DrawList| l.layers[0].id = LayerId::GjkDirection;
        for (what, edit) in [
            ("a label's text", &text as &dyn Fn(&mut DrawList)),
            ("a label's point by 1e-3", &at),
            ("a label's shape", &of),
            ("a line's point by 1e-3", &point),
            ("a line's width", &width),
            ("a fill's colour", &fill),
            ("the order of two primitives", &order),
            ("a layer", &id),
        ] {
            assert_ne!(changed(edit), k0, "{what} changed, the same key");
        }
        // The other view's layers are no input of this view's placement.
        let other = |l: &mut DrawList| {
            if let Prim::Label { text, .. } = &mut l.layers[1].prims[0] {
                *text = "w2".into();
            }
        };
        assert_eq!(changed(&other), k0);
        // The view, the reserved boxes and the window's own marks are.
        let mut v = view;
        v.scale = 1.4;
        assert_ne!(key(&v, &list, &[], &reserved), k0);
        let mut v = view;
        v.camera.center.x += 1e-3;
        assert_ne!(key(&v, &list, &[], &reserved), k0);
        let mut v = view;
        v.viewport.h -= 1.0;
        assert_ne!(key(&v, &list, &[], &reserved), k0);
        let mut r = reserved;
        r[0].w += 1.0;
        assert_ne!(key(&view, &list, &[], &r), k0);
        let extra = [label(Vec2::ZERO, "spin", Rgba::WHITE)];
        assert_ne!(key(&view, &list, &extra, &reserved), k0);
    }
}
