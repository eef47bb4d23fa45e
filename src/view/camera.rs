//! A 2D camera for one view: world units to screen pixels (y up in the world, y down
//! on screen), pan, zoom at the cursor, fit to content.

use glam::Vec2;

/// The room kept between B − A (and the origin) and the configuration view's edges when
/// it is fitted, pixels before the presenter scale: the origin's label, the grid's
/// numbers, the title. Pixels, not a share of the view, so that a tall narrow view
/// (the panel open at the default window size) is filled across its width. The
/// window and the exported pictures fit with it ([`Camera::fit_margin`]).
pub const CONFIG_MARGIN: f32 = 48.0;

/// A rectangle of the screen, in pixels (y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Viewport {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Viewport {
    pub fn center(&self) -> Vec2 {
        Vec2::new(self.x + 0.5 * self.w, self.y + 0.5 * self.h)
    }
    pub fn contains(&self, p: Vec2) -> bool {
        p.x >= self.x && p.x < self.x + self.w && p.y >= self.y && p.y < self.y + self.h
    }
}

pub use crate::scene::view_state::Camera;

/// Zoom limits, pixels per world unit.
pub const MIN_ZOOM: f32 = 1.0e-4;
pub const MAX_ZOOM: f32 = 1.0e7;

impl Camera {
    pub fn to_screen(&self, p: Vec2, vp: &Viewport) -> Vec2 {
        let d = (p - self.center) * self.zoom;
        vp.center() + Vec2::new(d.x, -d.y)
    }

    pub fn to_world(&self, s: Vec2, vp: &Viewport) -> Vec2 {
        let d = s - vp.center();
        self.center + Vec2::new(d.x, -d.y) / self.zoom.max(MIN_ZOOM)
    }

    /// Zooms by `factor` keeping the world point under `screen` fixed.
    pub fn zoom_at(&mut self, screen: Vec2, factor: f32, vp: &Viewport) {
        let before = self.to_world(screen, vp);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let after = self.to_world(screen, vp);
        self.center += before - after;
    }

    /// Moves the view with the mouse: `delta` in pixels.
    pub fn pan(&mut self, delta: Vec2) {
        self.center -= Vec2::new(delta.x, -delta.y) / self.zoom.max(MIN_ZOOM);
    }

    /// Fits the box `lo`–`hi` into the viewport with a margin.
    pub fn fit(&mut self, lo: Vec2, hi: Vec2, vp: &Viewport) {
        let size = (hi - lo).max(Vec2::splat(1.0e-3));
        self.center = 0.5 * (lo + hi);
        let zx = vp.w / size.x;
        let zy = vp.h / size.y;
        self.zoom = (0.75 * zx.min(zy)).clamp(MIN_ZOOM, MAX_ZOOM);
    }

    /// Fits the box `lo`–`hi` into the viewport with `margin` pixels on each side (at
    /// most a fifth of the view's width, or height, there). The margin is pixels, not a
    /// share of the view: a tall narrow view is filled across its width as a wide one
    /// is across its height, and both keep the same room for labels at the edges.
    pub fn fit_margin(&mut self, lo: Vec2, hi: Vec2, margin: f32, vp: &Viewport) {
        let size = (hi - lo).max(Vec2::splat(1.0e-3));
        self.center = 0.5 * (lo + hi);
        let room = |len: f32| (len - 2.0 * margin.min(0.2 * len)).max(1.0);
        self.zoom = (room(vp.w) / size.x)
            .min(room(vp.h) / size.y)
            .clamp(MIN_ZOOM, MAX_ZOOM);
    }

    /// Fits the box `lo`–`hi`, made at least `min_size` wide and high about its centre
    /// (and never below what f32 resolves at its coordinates), into the viewport.
    pub fn fit_at_least(&mut self, lo: Vec2, hi: Vec2, min_size: f32, vp: &Viewport) {
        let c = 0.5 * (lo + hi);
        let resolvable = 256.0 * f32::EPSILON * c.abs().max_element().max(1.0e-3);
        let size = (hi - lo).max(Vec2::splat(min_size.max(resolvable)));
        self.center = c;
        self.zoom = (0.75 * (vp.w / size.x).min(vp.h / size.y)).clamp(MIN_ZOOM, MAX_ZOOM);
    }

    /// A grid spacing (world units) that gives lines about `px` pixels apart:
    /// 1, 2 or 5 times a power of ten.
    pub fn grid_step(&self, px: f32) -> f32 {
        let raw = px / self.zoom.max(MIN_ZOOM);
        let p = 10f32.powf(raw.log10().floor());
        for m in [1.0, 2.0, 5.0, 10.0] {
            if m * p >= raw {
                return m * p;
            }
        }
        10.0 * p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VP: Viewport = Viewport {
        x: 100.0,
        y: 0.0,
        w: 400.0,
        h: 300.0,
    };

    #[test]
    fn round_trip_and_y_up() {
        let c = Camera {
            center: Vec2::new(1.0, 2.0),
            zoom: 50.0,
        };
        let s = c.to_screen(Vec2::new(1.0, 3.0), &VP);
        assert_eq!(s, Vec2::new(300.0, 100.0)); // one unit up is 50 px up
        assert!((c.to_world(s, &VP) - Vec2::new(1.0, 3.0)).length() < 1e-5);
    }

    #[test]
    fn zoom_keeps_cursor_point() {
        let mut c = Camera {
            center: Vec2::ZERO,
            zoom: 40.0,
        };
        let cursor = Vec2::new(420.0, 60.0);
        let before = c.to_world(cursor, &VP);
        c.zoom_at(cursor, 1.25, &VP);
        assert!((c.to_world(cursor, &VP) - before).length() < 1e-4);
        assert_eq!(c.zoom, 50.0);
    }

    #[test]
    fn fit_at_least_zooms_into_tiny_boxes_but_not_past_f32() {
        let vp = Viewport {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 300.0,
        };
        let mut cam = Camera::default();
        // Two witnesses 1e-4 apart: the box fills 3/4 of the view.
        let (a, b) = (Vec2::new(1.0, 2.0), Vec2::new(1.0001, 2.0));
        cam.fit_at_least(a, b, 0.0, &vp);
        let span = cam.to_screen(b, &vp).x - cam.to_screen(a, &vp).x;
        assert!((span - 300.0).abs() < 3.0, "{span}");
        // One point: the floor keeps a pixel at least one f32 step (2 ulp(1) at y = 2).
        cam.fit_at_least(a, a, 0.0, &vp);
        let pixel = 1.0 / cam.zoom;
        assert!(pixel >= 2.0 * f32::EPSILON, "{pixel}");
        cam.fit_at_least(a, a, 0.5, &vp);
        assert!((cam.zoom - 0.75 * 300.0 / 0.5).abs() < 1e-3);
    }

    /// A box in a tall narrow view fills its width but the margins: 400 − 2 × 48 px
    /// across for 4 units, 76 px a unit (where `fit`'s fixed share gave 3/4 of the
    /// width); in a view too small for the margins, a fifth of it is left each side.
    #[test]
    fn fit_margin_fills_the_narrow_side_but_its_margins() {
        let tall = Viewport {
            x: 0.0,
            y: 0.0,
            w: 400.0,
            h: 700.0,
        };
        let (lo, hi) = (Vec2::new(-2.0, -1.0), Vec2::new(2.0, 2.0));
        let mut c = Camera::default();
        c.fit_margin(lo, hi, 48.0, &tall);
        assert!((c.zoom - 76.0).abs() < 1e-4, "{}", c.zoom);
        let (a, b) = (c.to_screen(lo, &tall), c.to_screen(hi, &tall));
        assert!(
            (a.x - 48.0).abs() < 1e-3 && (b.x - 352.0).abs() < 1e-3,
            "{a} {b}"
        );
        let mut fixed = Camera::default();
        fixed.fit(lo, hi, &tall);
        assert!(
            (fixed.zoom - 75.0).abs() < 1e-4,
            "fit: 3/4 of 400 px for 4 units"
        );
        let tiny = Viewport {
            w: 100.0,
            h: 100.0,
            ..tall
        };
        c.fit_margin(lo, hi, 48.0, &tiny);
        assert!((c.zoom - 60.0 / 4.0).abs() < 1e-4, "{}", c.zoom);
    }

    #[test]
    fn fit_and_grid() {
        let mut c = Camera::default();
        c.fit(Vec2::new(-2.0, -1.0), Vec2::new(2.0, 1.0), &VP);
        assert_eq!(c.center, Vec2::ZERO);
        assert!((c.zoom - 75.0).abs() < 1e-4);
        assert_eq!(c.grid_step(30.0), 0.5);
        assert_eq!(c.grid_step(40.0), 1.0);
        let mut p = Camera::default();
        p.pan(Vec2::ZERO);
        assert!(p.center.is_finite());
    }
}
