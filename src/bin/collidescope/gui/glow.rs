//! The glow of the layer a lesson's hint lights up: the layer's lines drawn wide and
//! its points as discs, translucent, painted with the view before its grid, strokes
//! and labels, so that the glow marks the layer without hiding a label's text or the
//! layer's own points.

use collidescope::lesson::{lit_prims, LitPart};
use collidescope::render::{paint_prim, paint_view, Painter, ViewFrame};
use collidescope::view::draw::{DrawList, LayerId, Prim};
use glam::Vec2;

use collidescope::view::palette::GLOW;
/// The width of a glowing line and the radii of a glowing point and of a line's
/// corner, pixels at the view's scale.
const BAND: f32 = 9.0;
const POINT: f32 = 12.0;
const CORNER: f32 = 6.0;

/// One view as `paint_view` paints it, with the glow of layer `lit` (when it is in
/// this view; all of it or its part) under everything.
pub fn paint_lit_view(
    view: &ViewFrame,
    list: &DrawList,
    extra: &[Prim],
    lit: Option<(LayerId, LitPart)>,
    title: &str,
    out: &mut impl Painter,
) {
    let list = &*view.expanded(list);
    let part = lit.map_or(LitPart::Layer, |(_, p)| p);
    let layers = list
        .layers
        .iter()
        .filter(|l| lit.is_some_and(|(id, _)| id == l.id) && l.space == view.space);
    let glowing = layers.flat_map(|l| lit_prims(&l.prims, part));
    for prim in glowing.flat_map(glow_prims) {
        paint_prim(&prim, view, out);
    }
    paint_view(view, list, extra, title, out);
}

/// The glow of one primitive: its lines drawn wide, its points as discs; none for a
/// label.
fn glow_prims(prim: &Prim) -> Vec<Prim> {
    let band = |points: Vec<Vec2>, closed: bool| Prim::Polyline {
        points,
        closed,
        width: BAND,
        color: GLOW,
        dashed: false,
    };
    let disc = |at: Vec2, radius: f32| Prim::Dot {
        at,
        radius,
        color: GLOW,
    };
    match prim {
        Prim::Polyline { points, .. } | Prim::Fill { points, .. } => {
            let closed = matches!(
                prim,
                Prim::Fill { .. } | Prim::Polyline { closed: true, .. }
            );
            let mut out = vec![band(points.clone(), closed && points.len() > 2)];
            out.extend(points.iter().map(|p| disc(*p, CORNER)));
            out
        }
        Prim::Dot { at, .. } | Prim::Cross { at, .. } | Prim::Ring { at, .. } => {
            vec![disc(*at, POINT)]
        }
        Prim::Arrow { from, to, .. } => vec![band(vec![*from, *to], false)],
        Prim::Label { .. } => Vec::new(),
        // Expanded for the view's zoom before the glow (`paint_lit_view`).
        Prim::Inset { prims, .. } => prims.iter().flat_map(glow_prims).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use collidescope::render::LabelFrame;
    use collidescope::view::camera::{Camera, Viewport};
    use collidescope::view::draw::{Layer, Space};
    use collidescope::view::palette::Rgba;

    /// What was painted, in order: "glow" for a mark in the glow's colour, "label"
    /// for a label, "mark" for any other line, fill or point.
    #[derive(Default)]
    struct Order(Vec<&'static str>);

    impl Order {
        fn mark(&mut self, c: Rgba) {
            self.0.push(if c == GLOW { "glow" } else { "mark" });
        }
    }

    impl Painter for Order {
        fn polyline(&mut self, _: &[Vec2], _: bool, _: f32, c: Rgba, _: bool) {
            self.mark(c);
        }
        fn fill(&mut self, _: &[Vec2], c: Rgba) {
            self.mark(c);
        }
        fn dot(&mut self, _: Vec2, _: f32, c: Rgba) {
            self.mark(c);
        }
        fn arrow(&mut self, _: Vec2, _: Vec2, _: f32, _: Option<[Vec2; 3]>, c: Rgba) {
            self.mark(c);
        }
        fn label(&mut self, _: Vec2, _: &str, _: f32, _: Rgba, _: &LabelFrame) {
            self.0.push("label");
        }
        fn cross(&mut self, _: Vec2, _: f32, c: Rgba) {
            self.mark(c);
        }
        fn ring(&mut self, _: Vec2, _: f32, _: f32, c: Rgba) {
            self.mark(c);
        }
    }

    /// B − A's outline and a simplex (a segment, its two points, one labelled) in
    /// configuration space; the shapes in the world.
    fn list() -> DrawList {
        let white = Rgba(255, 255, 255, 255);
        let (p, q) = (Vec2::new(-1.0, 0.5), Vec2::new(1.0, 0.5));
        let simplex = vec![
            Prim::Polyline {
                points: vec![p, q],
                closed: false,
                width: 2.0,
                color: white,
                dashed: false,
            },
            Prim::Dot {
                at: p,
                radius: 4.0,
                color: white,
            },
            Prim::Dot {
                at: q,
                radius: 4.0,
                color: white,
            },
            Prim::Label {
                at: q,
                offset: Vec2::new(6.0, -6.0),
                text: "w1 = B[0]-A[0]".into(),
                color: white,
                size: 13.0,
                of: None,
            },
        ];
        let square = vec![
            Vec2::new(-2.0, -2.0),
            Vec2::new(2.0, -2.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(-2.0, 2.0),
        ];
        let outline = Prim::Polyline {
            points: square,
            closed: true,
            width: 2.0,
            color: white,
            dashed: false,
        };
        let layer = |id, space, prims| Layer { id, space, prims };
        DrawList {
            layers: vec![
                layer(LayerId::Shapes, Space::World, vec![outline.clone()]),
                layer(LayerId::Minkowski, Space::Config, vec![outline]),
                layer(LayerId::GjkSimplex, Space::Config, simplex),
            ],
        }
    }

    fn painted(space: Space, lit: Option<LayerId>) -> Vec<&'static str> {
        let view = ViewFrame {
            space,
            viewport: Viewport {
                x: 0.0,
                y: 0.0,
                w: 600.0,
                h: 400.0,
            },
            camera: Camera {
                center: Vec2::ZERO,
                zoom: 80.0,
            },
            scale: 1.4,
        };
        let mut out = Order::default();
        let lit = lit.map(|l| (l, LitPart::Layer));
        paint_lit_view(&view, &list(), &[], lit, "configuration space", &mut out);
        out.0
    }

    #[test]
    fn the_glow_is_painted_under_the_strokes_and_the_labels() {
        let order = painted(Space::Config, Some(LayerId::GjkSimplex));
        let glows = order.iter().filter(|k| **k == "glow").count();
        // The segment's band and its two corners, a disc for each of its two points;
        // the label none.
        assert_eq!(glows, 5, "{order:?}");
        let last_glow = order.iter().rposition(|k| *k == "glow").unwrap();
        let first_other = order.iter().position(|k| *k != "glow").unwrap();
        assert!(last_glow < first_other, "the glow comes first: {order:?}");
        assert!(order.contains(&"label"), "{order:?}");
    }

    #[test]
    fn only_the_lit_layer_of_this_view_glows() {
        for (space, lit) in [
            (Space::Config, None),
            (Space::World, Some(LayerId::GjkSimplex)),
            (Space::Config, Some(LayerId::Witness)),
        ] {
            let order = painted(space, lit);
            assert!(!order.contains(&"glow"), "{space:?} {lit:?}: {order:?}");
            assert!(order.contains(&"mark"), "{space:?} {lit:?}: {order:?}");
        }
    }
}
