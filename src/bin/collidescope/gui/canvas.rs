//! The canvas: two views (world, configuration space) that paint the draw list through
//! the one painter (`render::paint_view`, drawn by [`WindowPainter`]), the canvas' state
//! and its cached draw list. Mouse input is in `canvas_input.rs`, the cameras' fitting
//! in `camera_fit.rs`.

use super::glow::paint_lit_view;
use super::painter::{GlyphWarmer, WindowPainter};
use collidescope::app::AppState;
use collidescope::render::{hidden_labels, title_with_hidden, Painter, Themed, ViewFrame};
use collidescope::view::camera::{Camera, Viewport};
use collidescope::view::draw::handles::handle_prims;
use collidescope::view::draw::{DrawList, LayerId, Prim, Space};
use collidescope::view::palette;
use macroquad::prelude::{load_ttf_font_from_bytes, Color, Font};

/// The canvas background in `theme`: the palette's, so pictures match the app.
pub fn background(theme: palette::Theme) -> Color {
    let c = theme.apply(palette::BACKGROUND);
    Color::from_rgba(c.0, c.1, c.2, 255)
}

/// What the left mouse button is doing on the canvas.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Drag {
    None,
    /// Moving shape `i`; `grab` = shape position − cursor (world).
    Move {
        i: usize,
        grab: glam::Vec2,
    },
    /// Rotating shape `i` about its position; angle offset to the cursor direction.
    Rotate {
        i: usize,
        offset: f32,
    },
    /// Setting shape `i`'s turn per step by winding the spin handle around it;
    /// `last` the cursor's direction angle at the previous frame (turns accumulate).
    Spin {
        i: usize,
        last: f32,
    },
    /// Moving vertex `k` of shape `i`.
    Vertex {
        i: usize,
        k: usize,
    },
    /// Moving B by dragging in configuration space (B − A moves with B).
    ConfigMoveB {
        b: usize,
        last: glam::Vec2,
    },
    /// Moving ray `r`'s tip (`tip`) or its origin.
    RayEnd {
        r: usize,
        tip: bool,
    },
    /// Moving point `i` of chain `c`.
    ChainPoint {
        c: usize,
        i: usize,
    },
    /// Panning view `space`.
    Pan {
        space: Space,
        last: glam::Vec2,
    },
}

/// The canvas' own state: view rectangles, the drag, the cached draw list.
pub struct Canvas {
    pub world_vp: Viewport,
    pub config_vp: Viewport,
    pub drag: Drag,
    pub(super) list: DrawList,
    list_revision: Option<u64>,
    /// How many times the list was built (a new list may write new glyphs).
    list_builds: u64,
    /// What the glyphs were last cached for (see `GlyphWarmer`): the list, the
    /// presenter scale, the selected shape, the lesson's marks.
    warmed_for: Option<(u64, u32, Option<usize>, usize)>,
    /// The text sizes whose printable ASCII is in the font's atlas.
    warmed_sizes: std::collections::HashSet<u16>,
    /// Hack (the monospace font egui ships): crisp at small sizes, unlike the
    /// default bitmap font, which drops thin glyphs at fractional positions.
    font: Option<Font>,
    /// Refit the configuration view when its content leaves it.
    pub follow_config: bool,
    /// Draw the engines' overlays (the Peers section is open).
    pub show_engines: bool,
    /// Text sizes and line widths on the views (1; larger with the presenter setting).
    pub scale: f32,
    /// The presenter setting the views were laid out for.
    pub presenter: bool,
    /// The cameras before and after the last switch of the presenter setting.
    pub(super) switched: Option<[[Camera; 2]; 2]>,
    /// `show_engines` when the list was built.
    list_engines: bool,
    /// Layers whose labels are left out (a lesson's question not yet answered: the
    /// labels that write its answer), and these when the list was built.
    pub hidden_labels: Vec<LayerId>,
    list_hidden_labels: Vec<LayerId>,
    /// Marks drawn with a view's layers and placed around by its labels (a lesson's
    /// answer rings).
    pub marks: Vec<(Space, Prim)>,
    /// The layer a lesson's hint lights up, and what of it: its glow is painted under
    /// the views' strokes and labels (`glow.rs`), so that it hides no text.
    pub lit: Option<(LayerId, collidescope::lesson::LitPart)>,
    /// The last click on the world view with nothing else under it (time, pixels):
    /// a second one there soon after is a double click (`chain_handles.rs`).
    pub last_click: Option<(f64, glam::Vec2)>,
}

/// The engines' overlay layers.
fn is_engine_layer(id: LayerId) -> bool {
    matches!(
        id,
        LayerId::PeerBox2d | LayerId::PeerParry | LayerId::PeerBox2dSimplex
    )
}

impl Canvas {
    pub fn new() -> Canvas {
        let vp = Viewport {
            x: 0.0,
            y: 0.0,
            w: 1.0,
            h: 1.0,
        };
        Canvas {
            world_vp: vp,
            config_vp: vp,
            drag: Drag::None,
            list: DrawList::default(),
            list_revision: None,
            list_builds: 0,
            warmed_for: None,
            warmed_sizes: Default::default(),
            font: load_ttf_font_from_bytes(epaint_default_fonts::HACK_REGULAR).ok(),
            follow_config: true,
            show_engines: false,
            scale: 1.0,
            presenter: false,
            switched: None,
            list_engines: false,
            hidden_labels: Vec::new(),
            list_hidden_labels: Vec::new(),
            marks: Vec::new(),
            lit: None,
            last_click: None,
        }
    }

    /// Lays the views out in the free rectangle left by the panel.
    pub fn layout(&mut self, area: Viewport, split: f32) {
        let w_world = (area.w * split.clamp(0.0, 1.0)).round();
        self.world_vp = Viewport { w: w_world, ..area };
        self.config_vp = Viewport {
            x: area.x + w_world,
            w: area.w - w_world,
            ..area
        };
    }

    /// The draw list, rebuilt only when the app state changed.
    pub fn list(&mut self, app: &mut AppState) -> &DrawList {
        if self.list_revision != Some(app.revision())
            || self.list_engines != self.show_engines
            || self.list_hidden_labels != self.hidden_labels
        {
            self.list = app.draw_list();
            if !self.show_engines {
                // A teaching view starts without the engines' overlays.
                self.list.layers.retain(|l| !is_engine_layer(l.id));
            }
            for l in self.list.layers.iter_mut() {
                if self.hidden_labels.contains(&l.id) {
                    l.prims.retain(|p| !matches!(p, Prim::Label { .. }));
                }
            }
            self.list_engines = self.show_engines;
            self.list_hidden_labels = self.hidden_labels.clone();
            self.list_revision = Some(app.revision());
            self.list_builds += 1;
            self.follow(app);
        }
        &self.list
    }

    pub(super) fn view_at(&self, p: glam::Vec2) -> Option<Space> {
        if self.world_vp.w >= 1.0 && self.world_vp.contains(p) {
            Some(Space::World)
        } else if self.config_vp.w >= 1.0 && self.config_vp.contains(p) {
            Some(Space::Config)
        } else {
            None
        }
    }

    /// Pixels per world unit of the world view (its camera, fitted or not yet).
    pub fn world_zoom(&self, app: &AppState) -> f32 {
        if app.world_camera.zoom > 0.0 {
            app.world_camera.zoom
        } else {
            50.0
        }
    }

    /// A drag is under way: keep frames coming until it ends.
    pub fn busy(&self) -> bool {
        !matches!(self.drag, Drag::None)
    }

    /// Draws both views with their grids and the layers of the list.
    pub fn draw(&mut self, app: &mut AppState) {
        self.list(app);
        // The rate from the last frame's time: a browser that reports no time between
        // frames (a headless one) gives 2^31 − 1; nothing believable is shown then.
        let fps = macroquad::time::get_fps();
        let world_title = if (1..=1000).contains(&fps) {
            format!("world   {fps} fps")
        } else {
            "world".to_string()
        };
        let views = [
            (
                Space::World,
                self.world_vp,
                app.world_camera,
                world_title.as_str(),
            ),
            (
                Space::Config,
                self.config_vp,
                app.config_camera,
                "configuration space: B - A",
            ),
        ];
        // Glyphs new to the font's atlas are cached before anything is drawn (see
        // `GlyphWarmer`): again whenever what the views write may have changed.
        let key = (
            self.list_builds,
            self.scale.to_bits(),
            app.selected,
            self.marks.len(),
        );
        if self.warmed_for != Some(key) {
            self.warmed_for = Some(key);
            let mut sizes = std::mem::take(&mut self.warmed_sizes);
            if let Some(font) = self.font.as_ref() {
                let mut warm = GlyphWarmer {
                    font,
                    sizes: &mut sizes,
                };
                self.paint_views(app, &views, &mut warm);
            }
            self.warmed_sizes = sizes;
        }
        let mut window = WindowPainter::new(self.font.as_ref());
        let mut out = Themed {
            theme: app.theme,
            inner: &mut window,
        };
        self.paint_views(app, &views, &mut out);
        if self.config_vp.w >= 1.0 && self.world_vp.w >= 1.0 {
            let (x, vp) = (self.config_vp.x, self.config_vp);
            let line = [glam::Vec2::new(x, vp.y), glam::Vec2::new(x, vp.y + vp.h)];
            out.polyline(&line, false, 2.0, palette::SEPARATOR, false);
        }
    }

    /// Paints both views (each with its title, grid and the layers of the list) into
    /// `out`.
    fn paint_views(
        &self,
        app: &AppState,
        views: &[(Space, Viewport, Camera, &str); 2],
        out: &mut impl Painter,
    ) {
        for &(space, viewport, camera, title) in views {
            if viewport.w < 1.0 || viewport.h < 1.0 {
                continue;
            }
            out.rect(&viewport, palette::BACKGROUND);
            let view = ViewFrame {
                space,
                viewport,
                camera,
                scale: self.scale,
            };
            // The selected shape's handles and the lesson's marks are drawn with the
            // view's layers, so the labels are placed around them (the spin label too).
            let mut extra = match (space, app.selected) {
                (Space::World, Some(i)) => handle_prims(&app.scene, i, &camera, &viewport),
                _ => Vec::new(),
            };
            extra.extend(
                self.marks
                    .iter()
                    .filter(|m| m.0 == space)
                    .map(|m| m.1.clone()),
            );
            // Labels with no room are hidden: a line under the title says how many,
            // and that `Z` (zoom to the step) brings them back. The note keeps labels
            // off it too: counted again with it.
            let list = view.expanded(&self.list);
            let mut hidden = hidden_labels(&view, &list, &extra, title);
            if hidden > 0 {
                let long = title_with_hidden(title, hidden);
                hidden = hidden_labels(&view, &list, &extra, &long);
            }
            let title = title_with_hidden(title, hidden);
            paint_lit_view(&view, &list, &extra, self.lit, &title, out);
            if space == Space::World {
                self.draw_chain_selection(app, &view, out);
            }
        }
    }
}
