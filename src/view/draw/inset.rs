//! Insets: marks that must read at any zoom ([`Prim::Inset`]). A chain's one-sided
//! normals and its Gauss maps are a few world units' fraction long; at the zoom a whole
//! floor is seen at they were a few pixels. An inset keeps its world size when that is
//! large enough, and is magnified about its anchor when it is not: a floor in pixels,
//! as the rings and dots have a size in pixels.
//!
//! The draw list keeps insets whole (it does not know the zoom); a view expands them
//! once for its zoom ([`DrawList::at_zoom`]) and everything after it — the painter, the
//! label placer, the obstacles the labels keep off — sees plain marks.

use super::{DrawList, Prim};
use glam::Vec2;
use std::borrow::Cow;

/// Marks `prims` (world units) drawn at least `min_px` pixels for `size` world units,
/// magnified about `anchor`.
pub fn inset(anchor: Vec2, size: f32, min_px: f32, prims: Vec<Prim>) -> Prim {
    Prim::Inset {
        anchor,
        size,
        min_px,
        prims,
    }
}

/// How much an inset of `size` world units, `min_px` pixels at least, is magnified at
/// `px_per_unit` pixels (before the presenter setting's scale) a world unit: 1 when it
/// is large enough as it is.
pub fn magnification(size: f32, min_px: f32, px_per_unit: f32) -> f32 {
    let drawn = size * px_per_unit;
    if drawn > 0.0 && drawn.is_finite() && min_px > drawn {
        min_px / drawn
    } else {
        1.0
    }
}

impl DrawList {
    /// The list as a view at `px_per_unit` pixels a world unit (its zoom over its
    /// presenter scale) draws it: each inset replaced by its marks, magnified as
    /// [`magnification`] says. Borrowed when the list has no inset.
    pub fn at_zoom(&self, px_per_unit: f32) -> Cow<'_, DrawList> {
        let has_inset = |p: &Prim| matches!(p, Prim::Inset { .. });
        if !self.layers.iter().any(|l| l.prims.iter().any(has_inset)) {
            return Cow::Borrowed(self);
        }
        let mut out = self.clone();
        for layer in &mut out.layers {
            let mut prims = Vec::with_capacity(layer.prims.len());
            expand(std::mem::take(&mut layer.prims), px_per_unit, &mut prims);
            layer.prims = prims;
        }
        Cow::Owned(out)
    }
}

impl Prim {
    /// This mark as drawn at `px_per_unit` pixels a world unit: an inset's marks,
    /// magnified; any other mark, itself.
    pub fn expanded(&self, px_per_unit: f32) -> Vec<Prim> {
        let mut out = Vec::new();
        expand(vec![self.clone()], px_per_unit, &mut out);
        out
    }
}

/// `prims` with their insets expanded into `out` (an inset inside an inset is
/// magnified about its own anchor, after the outer one moved it).
fn expand(prims: Vec<Prim>, px_per_unit: f32, out: &mut Vec<Prim>) {
    for p in prims {
        match p {
            Prim::Inset {
                anchor,
                size,
                min_px,
                prims,
            } => {
                let k = magnification(size, min_px, px_per_unit);
                let inner: Vec<Prim> = prims.into_iter().map(|q| scaled(q, anchor, k)).collect();
                expand(inner, px_per_unit, out);
            }
            other => out.push(other),
        }
    }
}

/// Prim `p` with every world point moved away from `about` `k` times as far; its
/// pixel sizes unchanged.
fn scaled(p: Prim, about: Vec2, k: f32) -> Prim {
    let m = |q: Vec2| about + (q - about) * k;
    match p {
        Prim::Polyline {
            points,
            closed,
            width,
            color,
            dashed,
        } => Prim::Polyline {
            points: points.into_iter().map(m).collect(),
            closed,
            width,
            color,
            dashed,
        },
        Prim::Fill { points, color } => Prim::Fill {
            points: points.into_iter().map(m).collect(),
            color,
        },
        Prim::Dot { at, radius, color } => Prim::Dot {
            at: m(at),
            radius,
            color,
        },
        Prim::Arrow {
            from,
            to,
            width,
            color,
        } => Prim::Arrow {
            from: m(from),
            to: m(to),
            width,
            color,
        },
        Prim::Label {
            at,
            offset,
            text,
            color,
            size,
            of,
        } => Prim::Label {
            at: m(at),
            offset,
            text,
            color,
            size,
            of,
        },
        Prim::Cross { at, size, color } => Prim::Cross {
            at: m(at),
            size,
            color,
        },
        Prim::Ring {
            at,
            radius,
            width,
            color,
        } => Prim::Ring {
            at: m(at),
            radius,
            width,
            color,
        },
        Prim::Inset {
            anchor,
            size,
            min_px,
            prims,
        } => Prim::Inset {
            anchor: m(anchor),
            size: size * k,
            min_px,
            prims: prims.into_iter().map(|q| scaled(q, about, k)).collect(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::draw::{LayerId, Rgba};

    fn arrow(from: Vec2, to: Vec2) -> Prim {
        Prim::Arrow {
            from,
            to,
            width: 1.0,
            color: Rgba::WHITE,
        }
    }

    fn arrows(list: &DrawList) -> Vec<(Vec2, Vec2)> {
        list.layers
            .iter()
            .flat_map(|l| &l.prims)
            .filter_map(|p| match p {
                Prim::Arrow { from, to, .. } => Some((*from, *to)),
                _ => None,
            })
            .collect()
    }

    /// An arrow 0.1 long with a 30 px floor: 30 px at 100 px a unit (3 × its world
    /// length, from the same tail), 50 px at 500 (its own length, the floor met).
    #[test]
    fn an_inset_is_magnified_up_to_its_floor_and_no_further() {
        let tail = Vec2::new(2.0, 1.0);
        let mut list = DrawList::default();
        let a = arrow(tail, tail + Vec2::new(0.0, 0.1));
        list.push(
            LayerId::Chains,
            vec![inset(tail, 0.1, 30.0, vec![a.clone()])],
        );
        let near = list.at_zoom(100.0);
        let [(from, to)] = arrows(&near)[..] else {
            panic!("one arrow: {:?}", near)
        };
        assert_eq!(from, tail);
        assert!(((to - from).length() * 100.0 - 30.0).abs() < 1e-3, "{to}");
        let far = list.at_zoom(500.0);
        assert_eq!(arrows(&far), vec![(tail, tail + Vec2::new(0.0, 0.1))]);
        // No inset: the list itself.
        let mut plain = DrawList::default();
        plain.push(LayerId::Chains, vec![a]);
        assert!(matches!(plain.at_zoom(1.0), Cow::Borrowed(_)));
    }

    /// A label inside an inset moves with its marks; its offset stays in pixels.
    #[test]
    fn a_label_in_an_inset_moves_with_it() {
        let mut list = DrawList::default();
        let label = Prim::Label {
            at: Vec2::new(0.0, -0.2),
            offset: Vec2::new(-44.0, 18.0),
            text: "Box: snapped".into(),
            color: Rgba::WHITE,
            size: 13.0,
            of: None,
        };
        list.push(
            LayerId::GaussMap,
            vec![inset(Vec2::ZERO, 0.1, 40.0, vec![label])],
        );
        let out = list.at_zoom(100.0);
        let Prim::Label { at, offset, .. } = &out.layers[0].prims[0] else {
            panic!("{out:?}")
        };
        assert!((*at - Vec2::new(0.0, -0.8)).length() < 1e-5, "{at}");
        assert_eq!(*offset, Vec2::new(-44.0, 18.0));
    }
}
