//! The selected shape's handles, as the window draws them: the rotation handle (a white
//! ring on a dashed tether) and the spin handle (an arc from the shape's angle through
//! its turn per step, a ring in the time-of-impact colour, and the turn written beside
//! it). They sit a fixed number of pixels outside the shape, so they follow the camera;
//! the window hands them to the one painter with the view's layers
//! (`render::paint_view`'s `extra`), so the spin label is placed like every other label.

use super::{LayerId, Prim};
use crate::scene::Scene;
use crate::view::camera::{Camera, Viewport};
use crate::view::palette::{BACKGROUND, HANDLE, HANDLE_TETHER};
use glam::Vec2;

/// The rotation handle's distance outside the shape's bounding circle, pixels.
pub const ROTATE_HANDLE_OFFSET: f32 = 28.0;
/// The spin handle sits this much farther out than the rotation handle, pixels.
pub const SPIN_HANDLE_EXTRA: f32 = 22.0;
/// The spin label's nominal size (drawn at 13 px).
const SPIN_LABEL_SIZE: f32 = 15.0;

/// Where shape `i`'s handles are on screen, pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandlePlaces {
    /// The shape's position (the tether's start, the spin arc's centre).
    pub center: Vec2,
    pub rotate: Vec2,
    /// In the direction the shape faces at the end of the step.
    pub spin: Vec2,
}

/// The handles of shape `i` seen through `cam` in `vp`; `None` for no such shape.
pub fn handle_places(scene: &Scene, i: usize, cam: &Camera, vp: &Viewport) -> Option<HandlePlaces> {
    let s = scene.shapes.get(i)?;
    let center = cam.to_screen(s.pose.position, vp);
    let reach = s.shape.bounding_radius() * cam.zoom + ROTATE_HANDLE_OFFSET;
    let at = |angle: f32, reach: f32| center + Vec2::new(angle.cos(), -angle.sin()) * reach;
    Some(HandlePlaces {
        center,
        rotate: at(s.pose.angle, reach),
        spin: at(s.pose.angle + s.angular_velocity, reach + SPIN_HANDLE_EXTRA),
    })
}

/// Shape `i`'s handles as primitives of the world view (world coordinates, through
/// `cam` in `vp`): the tether, the rotation ring, the spin arc, the spin ring and the
/// spin label ("spin +0.25 turns/step", or "spin" while the shape does not turn), right
/// of its ring or, in the view's right half, left of it.
pub fn handle_prims(scene: &Scene, i: usize, cam: &Camera, vp: &Viewport) -> Vec<Prim> {
    let Some(h) = handle_places(scene, i, cam, vp) else {
        return Vec::new();
    };
    let s = &scene.shapes[i];
    let w = |p: Vec2| cam.to_world(p, vp);
    let ring = |at: Vec2, color| {
        [
            super::dot(w(at), 7.0, color),
            super::dot(w(at), 4.0, BACKGROUND),
        ]
    };
    let mut prims = vec![super::seg(
        w(h.center),
        w(h.rotate),
        1.0,
        HANDLE_TETHER,
        true,
    )];
    prims.extend(ring(h.rotate, HANDLE));
    let color = LayerId::Toi.color();
    let spin = s.angular_velocity;
    if spin != 0.0 {
        let sweep = spin.clamp(-std::f32::consts::TAU, std::f32::consts::TAU);
        let n = ((sweep.abs() / 0.1).ceil() as usize).clamp(2, 64);
        let reach = h.center.distance(h.spin);
        let arc = (0..=n)
            .map(|k| {
                let a = s.pose.angle + sweep * k as f32 / n as f32;
                w(h.center + Vec2::new(a.cos(), -a.sin()) * reach)
            })
            .collect();
        prims.push(Prim::Polyline {
            points: arc,
            closed: false,
            width: 1.5,
            color,
            dashed: false,
        });
    }
    prims.extend(ring(h.spin, color));
    // Unturned, one word (the ring says where to drag); turning, the turn per step.
    let text = if spin == 0.0 {
        "spin".to_string()
    } else {
        format!("spin {:+.2} turns/step", spin / std::f32::consts::TAU)
    };
    // Hack's advance is 0.602 em; the label is drawn at 13 px.
    let width = 0.602 * 13.0 * text.chars().count() as f32;
    let dx = if h.spin.x > vp.x + 0.5 * vp.w {
        -9.0 - width
    } else {
        9.0
    };
    prims.push(Prim::Label {
        at: w(h.spin),
        offset: Vec2::new(dx, -9.0),
        text,
        color,
        size: SPIN_LABEL_SIZE,
        of: None,
    });
    prims
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scene::parse_scene;

    #[test]
    fn the_spin_handle_is_beyond_the_rotation_handle_and_labelled() {
        let mut scene = parse_scene(crate::scene::DEFAULT_SCENE, "default").unwrap();
        scene.shapes[1].angular_velocity = 0.5 * std::f32::consts::PI;
        let cam = Camera {
            center: Vec2::ZERO,
            zoom: 100.0,
        };
        let vp = Viewport {
            x: 0.0,
            y: 0.0,
            w: 800.0,
            h: 600.0,
        };
        let h = handle_places(&scene, 1, &cam, &vp).unwrap();
        let r = scene.shapes[1].shape.bounding_radius() * cam.zoom;
        assert!((h.center.distance(h.rotate) - r - ROTATE_HANDLE_OFFSET).abs() < 1e-3);
        let spin_reach = r + ROTATE_HANDLE_OFFSET + SPIN_HANDLE_EXTRA;
        assert!((h.center.distance(h.spin) - spin_reach).abs() < 1e-3);
        let prims = handle_prims(&scene, 1, &cam, &vp);
        let labels: Vec<&str> = prims
            .iter()
            .filter_map(|p| match p {
                Prim::Label { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(labels, ["spin +0.25 turns/step"]);
        scene.shapes[1].angular_velocity = 0.0;
        let still = handle_prims(&scene, 1, &cam, &vp);
        assert!(still
            .iter()
            .any(|p| matches!(p, Prim::Label { text, .. } if text == "spin")));
        // The rings are where the places say, through the camera.
        assert!(prims.iter().any(|p| matches!(p,
            Prim::Dot { at, radius, .. } if *radius == 7.0 && cam.to_screen(*at, &vp).distance(h.spin) < 1e-2)));
        assert!(handle_places(&scene, 9, &cam, &vp).is_none());
    }
}
