//! Fitting the canvas' cameras: `F` (fit both views), `Z` (zoom to the step's points
//! or the selection), keeping B − A and the origin in the configuration view while
//! shapes move, and keeping the picture when the views change size. A view too small
//! to show anything keeps its camera (the tiny-view guard, [`usable`]).

use super::canvas::{Canvas, Drag};
use collidescope::app::AppState;
use collidescope::view::camera::{Camera, Viewport, CONFIG_MARGIN, MAX_ZOOM, MIN_ZOOM};
use collidescope::view::draw::{action_bounds, bounds, shape_outline, DrawList, LayerId, Space};

impl Canvas {
    /// Keeps B − A and the origin in the configuration view while shapes move
    /// (not while the user drags in that view, where it would fight the mouse).
    pub(super) fn follow(&mut self, app: &mut AppState) {
        let vp = self.config_vp;
        if !self.follow_config
            || vp.w < 1.0
            || matches!(self.drag, Drag::ConfigMoveB { .. } | Drag::Pan { .. })
        {
            return;
        }
        // B − A and the origin only: a step's own picture (an axis, an interval) must
        // not re-zoom the view from one step to the next.
        let mut shape = DrawList::default();
        shape.layers.extend(
            self.list
                .layers
                .iter()
                .filter(|l| l.id == LayerId::Minkowski)
                .cloned(),
        );
        let source = if shape.layers.is_empty() {
            &self.list
        } else {
            &shape
        };
        let Some((lo, hi)) = bounds(source, Space::Config) else {
            return;
        };
        let (lo, hi) = (lo.min(glam::Vec2::ZERO), hi.max(glam::Vec2::ZERO));
        let cam = &app.config_camera;
        let a = cam.to_screen(lo, &vp);
        let b = cam.to_screen(hi, &vp);
        let inside =
            |p: glam::Vec2| p.x >= vp.x && p.x <= vp.x + vp.w && p.y >= vp.y && p.y <= vp.y + vp.h;
        if cam.zoom > 0.0 && !(inside(a) && inside(b)) {
            self.fit_config(app, lo, hi);
        }
    }

    /// Fits the configuration view to B − A and the origin (`lo`–`hi`), with
    /// [`CONFIG_MARGIN`] pixels on each side for the labels at its edges.
    fn fit_config(&self, app: &mut AppState, lo: glam::Vec2, hi: glam::Vec2) {
        let margin = CONFIG_MARGIN * self.scale;
        app.config_camera
            .fit_margin(lo, hi, margin, &self.config_vp);
    }

    /// Fits each view to its content (the `F` key; also on first show or when a
    /// camera has no zoom yet).
    ///
    /// A view too small to show anything (no width, or no height while a panel takes
    /// the window for a frame) keeps its camera: a fit on it would zoom out to the
    /// smallest zoom, and the shapes would be a speck once the view has its size again.
    /// A camera without zoom is fitted once its view has a size.
    pub fn fit(&mut self, app: &mut AppState, force: bool) {
        let (wvp, cvp) = (self.world_vp, self.config_vp);
        let list = self.list(app).clone();
        if usable(&wvp) && (force || app.world_camera.zoom <= 0.0) {
            if let Some((lo, hi)) = bounds(&list, Space::World) {
                app.world_camera.fit(lo, hi, &wvp);
            } else {
                app.world_camera = Camera {
                    center: glam::Vec2::ZERO,
                    zoom: 50.0,
                };
            }
        }
        if usable(&cvp) && (force || app.config_camera.zoom <= 0.0) {
            match bounds(&list, Space::Config) {
                Some((lo, hi)) => {
                    // Keep the origin in view: it is what configuration space is about.
                    self.fit_config(app, lo.min(glam::Vec2::ZERO), hi.max(glam::Vec2::ZERO));
                }
                None => {
                    app.config_camera = Camera {
                        center: glam::Vec2::ZERO,
                        zoom: 50.0,
                    }
                }
            }
        }
    }

    /// Zooms both views to the points this step is about ([`action_bounds`]); a view with
    /// no such point keeps its camera. The box may be 1e-4 wide: the scale bar tells.
    pub fn zoom_to_action(&mut self, app: &mut AppState) -> bool {
        let list = self.list(app).clone();
        let mut any = false;
        if let Some((lo, hi)) = action_bounds(&list, Space::World) {
            app.world_camera.fit_at_least(lo, hi, 0.0, &self.world_vp);
            any = true;
        }
        if let Some((lo, hi)) = action_bounds(&list, Space::Config) {
            app.config_camera.fit_at_least(lo, hi, 0.0, &self.config_vp);
            any = true;
        }
        any
    }

    /// Zooms the world view to the selected shape; false with no selection.
    pub fn zoom_to_selection(&mut self, app: &mut AppState) -> bool {
        let Some(i) = app.selected.filter(|i| *i < app.scene.shapes.len()) else {
            return false;
        };
        let outline = shape_outline(&app.scene, i);
        let lo = outline.iter().fold(glam::Vec2::INFINITY, |m, p| m.min(*p));
        let hi = outline
            .iter()
            .fold(glam::Vec2::NEG_INFINITY, |m, p| m.max(*p));
        if !(lo.is_finite() && hi.is_finite()) {
            return false;
        }
        app.world_camera.fit_at_least(lo, hi, 0.0, &self.world_vp);
        true
    }

    /// After the views changed size (the presenter setting moved the panel or put the
    /// lesson's strip under them): each camera keeps showing what the view showed in
    /// `old` (world, configuration), about the same centre. Switching back with the
    /// cameras untouched gives the cameras from before the switch back.
    pub fn keep_visible(&mut self, app: &mut AppState, old: (Viewport, Viewport)) {
        let now = [app.world_camera, app.config_camera];
        if let Some([before, after]) = self.switched.take() {
            if after == now {
                [app.world_camera, app.config_camera] = before;
                return;
            }
        }
        for (camera, was, now) in [
            (&mut app.world_camera, old.0, self.world_vp),
            (&mut app.config_camera, old.1, self.config_vp),
        ] {
            if camera.zoom > 0.0 && usable(&was) && usable(&now) {
                let k = (now.w / was.w).min(now.h / was.h);
                camera.zoom = (camera.zoom * k).clamp(MIN_ZOOM, MAX_ZOOM);
            }
        }
        self.switched = Some([now, [app.world_camera, app.config_camera]]);
    }

    /// Fits a camera that has no zoom yet (a new scene, a view section without one).
    pub fn ensure_fitted(&mut self, app: &mut AppState) {
        if (app.world_camera.zoom <= 0.0 && usable(&self.world_vp))
            || (app.config_camera.zoom <= 0.0 && usable(&self.config_vp))
        {
            self.fit(app, false);
        }
    }
}

/// A view large enough to fit a camera to (a few pixels each way).
fn usable(vp: &Viewport) -> bool {
    vp.w >= MIN_VIEW_PX && vp.h >= MIN_VIEW_PX
}

/// The smallest view, pixels, a camera is fitted or rescaled to.
const MIN_VIEW_PX: f32 = 16.0;
