//! The one colour palette: every role (a layer, a shape, the grid, a clip verdict, the
//! picture's chrome) mapped to one colour, used by the window, the SVG and the PNG
//! alike. A colour changes here and nowhere else.
//!
//! Two themes. The draw list carries the dark theme's colours, which name the roles; the
//! light theme (slides, print) is applied by the painter ([`Theme::apply`]), which swaps
//! each role colour for its light counterpart ([`LIGHT_ROLES`]) and the chrome (background,
//! bands, grid, text) for dark-on-light.
//!
//! How the role colours were chosen: roles drawn in the same picture (see
//! `tests/palette.rs` for the groups — a GJK/EPA step shows A, B, the Minkowski
//! difference, the simplex, the support point, the witnesses, the polytope and both
//! engines) stay at least ΔE*76 = 20 apart in CIELAB for normal vision *and* under
//! simulated deuteranopia and protanopia (Machado et al. 2009, full severity), and far
//! from the theme's background — found by a small search starting from Okabe–Ito-like
//! hues (A blue, B orange, contacts green, cuts red, supports yellow) and kept near them.
//! Every role also writes labels in its colour, so each reads as text on its theme's
//! background (WCAG contrast at least 4.5:1): the light theme's counterparts are darker
//! versions of the dark roles (B a dark orange, the supports an olive, the engines near
//! black and a dark green), searched under the same distance rules.

use crate::scene::view_state::LayerId;
use serde::{Deserialize, Serialize};

/// An sRGB colour with alpha.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rgba(pub u8, pub u8, pub u8, pub u8);

impl Rgba {
    pub const WHITE: Rgba = Rgba(235, 235, 240, 255);
    pub fn with_alpha(self, a: u8) -> Rgba {
        Rgba(self.0, self.1, self.2, a)
    }
    /// `#rrggbb` for SVG.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// The layer's colour (also its legend swatch): the dark theme's role colour.
pub const fn layer_color(id: LayerId) -> Rgba {
    match id {
        LayerId::Shapes => Rgba(200, 200, 210, 255),
        // Drawn in A's and B's colours; the swatch is the shapes'.
        LayerId::VertexIndices => Rgba(200, 200, 210, 255),
        LayerId::Minkowski => Rgba(194, 106, 177, 255),
        LayerId::GjkSimplex => Rgba(30, 175, 85, 255),
        LayerId::GjkDirection => Rgba(248, 242, 24, 255),
        LayerId::Witness => Rgba(171, 227, 251, 255),
        LayerId::EpaPolytope => Rgba(244, 141, 157, 255),
        LayerId::Sat => Rgba(36, 154, 174, 255),
        LayerId::Manifold => Rgba(243, 34, 171, 255),
        LayerId::Clip => Rgba(212, 106, 188, 255),
        LayerId::Toi => Rgba(161, 138, 208, 255),
        // The engines: near-white rings for Box2D, lime rings for parry, each labelled.
        LayerId::PeerBox2d => Rgba(255, 255, 233, 255),
        LayerId::PeerParry => Rgba(173, 255, 122, 255),
        LayerId::PeerBox2dSimplex => Rgba(255, 255, 233, 255),
        LayerId::Hull => Rgba(219, 121, 193, 255),
        LayerId::Rays => Rgba(112, 126, 180, 255),
        LayerId::RayCast => Rgba(154, 217, 235, 255),
        LayerId::Chains | LayerId::GaussMap => Rgba(255, 255, 236, 255),
        // Drawn in the algorithm's own colour; the swatch is SAT's.
        LayerId::ConfigPicture => Rgba(36, 154, 174, 255),
    }
}

/// The fill colour of shape A, of B, and of the other shapes.
pub const SHAPE_A: Rgba = Rgba(0, 137, 255, 255);
pub const SHAPE_B: Rgba = Rgba(231, 144, 15, 255);
pub const SHAPE_OTHER: Rgba = Rgba(150, 150, 160, 255);

/// A point or edge the algorithm rejected (an error state in the draw list).
pub const ERROR: Rgba = Rgba(255, 60, 60, 255);

/// Sutherland–Hodgman verdicts: a vertex kept, cut, or added on the clip edge.
pub const KEPT: Rgba = Rgba(11, 211, 148, 255);
pub const CUT: Rgba = Rgba(255, 94, 93, 255);
pub const ADDED: Rgba = Rgba(255, 244, 15, 255);

/// The colour theme of the views and exports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Theme {
    /// Light lines on a near-black background (the window's default).
    #[default]
    Dark,
    /// Dark lines on white: for slides and print.
    Light,
}

/// The light theme's counterpart of every dark role colour, by RGB (alpha is kept).
pub const LIGHT_ROLES: &[([u8; 3], [u8; 3])] = &[
    ([0, 137, 255], [9, 102, 252]),     // shape A
    ([231, 144, 15], [160, 100, 0]),    // shape B
    ([150, 150, 160], [112, 112, 123]), // other shapes
    ([200, 200, 210], [80, 80, 92]),    // Shapes layer (names, outlines)
    ([194, 106, 177], [102, 46, 122]),  // Minkowski difference
    ([30, 175, 85], [36, 73, 5]),       // GJK simplex
    ([248, 242, 24], [0, 0, 144]), // search direction, support point (navy: an olive read as the simplex's green)
    ([171, 227, 251], [0, 118, 186]), // witnesses, distance, depth
    ([244, 141, 157], [175, 60, 115]), // EPA polytope
    ([36, 154, 174], [41, 126, 113]), // SAT axes
    ([243, 34, 171], [152, 0, 135]), // manifold: normal, clip planes
    ([212, 106, 188], [73, 38, 181]), // Sutherland–Hodgman
    ([161, 138, 208], [164, 0, 122]), // time of impact
    ([255, 255, 233], [7, 28, 34]), // Box2D v3
    ([173, 255, 122], [0, 71, 48]), // parry2d
    ([219, 121, 193], [206, 15, 173]), // hull builder
    ([112, 126, 180], [129, 40, 6]), // rays
    ([154, 217, 235], [79, 76, 151]), // ray cast, stepped
    ([255, 255, 236], [76, 72, 16]), // chains
    ([11, 211, 148], [0, 127, 119]), // kept, contacts
    ([255, 94, 93], [187, 1, 86]), // cut
    ([255, 244, 15], [112, 60, 0]), // added
    ([255, 60, 60], [200, 0, 0]),  // error
    ([255, 217, 51], [240, 128, 0]), // glow (its alpha kept: a pale yellow vanished on white)
    ([19, 20, 26], [250, 250, 247]), // background
    ([28, 29, 36], [232, 232, 228]), // bands
    ([235, 235, 240], [25, 25, 30]), // text
    ([255, 255, 255], [0, 0, 0]),  // grid, axes, titles, handles (by alpha)
];

impl Theme {
    /// The colour `c` (a dark-theme role colour) in this theme.
    pub fn apply(self, c: Rgba) -> Rgba {
        match self {
            Theme::Dark => c,
            Theme::Light if c == LABEL_BACK => Rgba(255, 255, 255, 240),
            Theme::Light => LIGHT_ROLES
                .iter()
                .find(|(dark, _)| *dark == [c.0, c.1, c.2])
                .map(|(_, [r, g, b])| Rgba(*r, *g, *b, c.3))
                .unwrap_or(c),
        }
    }

    /// The theme's name in files and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Theme::Dark => "dark",
            Theme::Light => "light",
        }
    }

    pub fn from_name(name: &str) -> Option<Theme> {
        match name.to_ascii_lowercase().as_str() {
            "dark" => Some(Theme::Dark),
            "light" => Some(Theme::Light),
            _ => None,
        }
    }
}

/// The views' background: the canvas colour (0.075, 0.08, 0.10).
pub const BACKGROUND: Rgba = Rgba(19, 20, 26, 255);
/// The header and legend bands of an exported picture.
pub const BAND: Rgba = Rgba(28, 29, 36, 255);
/// Grid lines, the axes, grid labels, view titles: white at low alphas. The grid's
/// numbers and the plots' captions are text: their alpha keeps them at 4.5:1 on both
/// backgrounds (`tests/palette.rs`).
pub const GRID: Rgba = Rgba(255, 255, 255, 15);
pub const AXES: Rgba = Rgba(255, 255, 255, 56);
pub const GRID_LABEL: Rgba = Rgba(255, 255, 255, 140);
pub const VIEW_TITLE: Rgba = Rgba(255, 255, 255, 153);
/// A moved label's leader line: the label's colour, faint.
pub fn leader(c: Rgba) -> Rgba {
    c.with_alpha(150)
}
/// The plate behind a label: nearly opaque, since labels are drawn over the lines and
/// the shapes' fills (white in the light theme).
pub const LABEL_BACK: Rgba = Rgba(0, 0, 0, 225);
/// The fills drawn under labels are at most this opaque (a selected shape's).
pub const MAX_FILL_ALPHA: u8 = 90;

/// The WCAG contrast a label's text keeps against its plate: well above AA's 4.5:1, so
/// thin anti-aliased strokes on a projector still read, and so it stays above 4.5:1
/// whatever fill shows through the plate.
pub const LABEL_TEXT_CONTRAST: f64 = 7.0;

/// WCAG 2 relative luminance of an sRGB colour (alpha ignored).
pub fn luminance(c: Rgba) -> f64 {
    let linear = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
}

/// WCAG 2 contrast ratio of two opaque colours (1 to 21).
pub fn contrast(a: Rgba, b: Rgba) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// `c` drawn with its alpha over `back` (opaque), as the painters blend it.
pub fn over(c: Rgba, back: Rgba) -> Rgba {
    let a = c.3 as f64 / 255.0;
    let mix = |f: u8, b: u8| (f as f64 * a + b as f64 * (1.0 - a)).round() as u8;
    Rgba(mix(c.0, back.0), mix(c.1, back.1), mix(c.2, back.2), 255)
}

/// The colour a label of role colour `c` (a dark-theme colour) writes its text in, in
/// `theme`: the role's colour in that theme, darkened (light theme) or lightened (dark)
/// just enough to reach [`LABEL_TEXT_CONTRAST`] on the label's plate over the view's
/// background. Lines and dots keep the role's own colour.
pub fn label_text(theme: Theme, c: Rgba) -> Rgba {
    let role = theme.apply(c);
    let plate = over(theme.apply(LABEL_BACK), theme.apply(BACKGROUND));
    let toward = match theme {
        Theme::Dark => Rgba(255, 255, 255, 255),
        Theme::Light => Rgba(0, 0, 0, 255),
    };
    (0..=20)
        .map(|k| {
            let t = k as f64 / 20.0;
            let mix = |a: u8, b: u8| (a as f64 * (1.0 - t) + b as f64 * t).round() as u8;
            Rgba(
                mix(role.0, toward.0),
                mix(role.1, toward.1),
                mix(role.2, toward.2),
                255,
            )
        })
        .find(|m| contrast(*m, plate) >= LABEL_TEXT_CONTRAST)
        .unwrap_or(toward)
}
/// The line between the two views.
pub const SEPARATOR: Rgba = Rgba(255, 255, 255, 64);
/// The selected shape's rotate handle: a white ring (unlike the yellow support points)
/// and its dashed tether.
pub const HANDLE: Rgba = Rgba(255, 255, 255, 242);
/// The glow under what is being pointed at: a lesson hint's layer, the features a
/// hovered narration names. A translucent yellow; amber on the light theme
/// ([`LIGHT_ROLES`]), where the yellow was faint.
pub const GLOW: Rgba = Rgba(255, 217, 51, 82);
pub const HANDLE_TETHER: Rgba = Rgba(255, 255, 255, 102);

/// The side panel's background in the dark and the light theme (egui's panel fill).
pub const PANEL_BACK: (Rgba, Rgba) = (Rgba(27, 27, 27, 255), Rgba(248, 248, 248, 255));
/// The panel's text colours beyond egui's own, (dark theme, light theme): each at least
/// 4.5:1 on the panel (egui's "weak" text is about 2.3:1, too pale for a projector).
/// Secondary text: a file's path, hints, a lesson's summary.
pub const PANEL_QUIET: (Rgba, Rgba) = (Rgba(160, 160, 160, 255), Rgba(85, 85, 85, 255));
/// An error, a value off the exact answer.
pub const PANEL_ALARM: (Rgba, Rgba) = (Rgba(255, 110, 110, 255), Rgba(190, 20, 20, 255));
/// Done as asked; a lesson's "Right." and its answer. In the light theme dark enough
/// that the anti-aliased glyphs (their cores reach about 87 % of the colour) still
/// read at 4.5:1 on the panel.
pub const PANEL_SUCCESS: (Rgba, Rgba) = (Rgba(60, 170, 90, 255), Rgba(0, 105, 45, 255));
/// A question before something is overwritten; a lesson's "Not quite." and its hint
/// (as dark as success, for the same reason).
pub const PANEL_WARNING: (Rgba, Rgba) = (Rgba(255, 200, 90, 255), Rgba(135, 68, 0, 255));
/// The item the canvas is stepping (the stepped ray).
pub const PANEL_CURRENT: (Rgba, Rgba) = (Rgba(150, 235, 255, 255), Rgba(0, 90, 140, 255));
/// The "this frame" rule across a pair's contact timeline, (dark theme, light theme):
/// a violet no lane or marker uses (Box2D's lane is near-white, near-black in the
/// light theme, as the panel's strong text was), at least 4.5:1 on the plots' and the
/// panel's backgrounds (`tests/palette.rs`).
pub const TIMELINE_NOW: (Rgba, Rgba) = (Rgba(190, 110, 255, 255), Rgba(120, 0, 230, 255));
