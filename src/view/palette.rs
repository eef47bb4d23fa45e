//! The one colour palette: every role (a layer, a shape, the grid, a clip verdict, the
//! picture's chrome) mapped to one colour, used by the window, the SVG and the PNG
//! alike. A colour changes here and nowhere else.

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

/// The layer's colour (also its legend swatch).
pub fn layer_color(id: LayerId) -> Rgba {
    match id {
        LayerId::Shapes => Rgba(200, 200, 210, 255),
        LayerId::Minkowski => Rgba(170, 120, 255, 255),
        LayerId::GjkSimplex => Rgba(80, 220, 120, 255),
        LayerId::GjkDirection => Rgba(245, 215, 70, 255),
        LayerId::Witness => Rgba(70, 215, 235, 255),
        LayerId::EpaPolytope => Rgba(255, 90, 120, 255),
        LayerId::Sat => Rgba(90, 200, 180, 255),
        LayerId::Manifold => Rgba(255, 160, 60, 255),
        LayerId::Clip => Rgba(120, 170, 255, 255),
        LayerId::Toi => Rgba(220, 140, 220, 255),
        // The engines: white rings for Box2D, lime rings for parry, each labelled.
        LayerId::PeerBox2d => Rgba(250, 250, 250, 255),
        LayerId::PeerParry => Rgba(180, 255, 90, 255),
        LayerId::PeerBox2dSimplex => Rgba(250, 250, 250, 255),
        LayerId::Hull => Rgba(255, 105, 180, 255),
        LayerId::Rays => Rgba(255, 110, 70, 255),
        LayerId::RayCast => Rgba(150, 235, 255, 255),
        LayerId::Chains => Rgba(215, 195, 140, 255),
    }
}

/// The fill colour of shape A, of B, and of the other shapes.
pub const SHAPE_A: Rgba = Rgba(66, 135, 245, 255);
pub const SHAPE_B: Rgba = Rgba(245, 146, 66, 255);
pub const SHAPE_OTHER: Rgba = Rgba(150, 150, 160, 255);

/// A point or edge the algorithm rejected (an error state in the draw list).
pub const ERROR: Rgba = Rgba(255, 60, 60, 255);

/// Sutherland–Hodgman verdicts: a vertex kept, cut, or added on the clip edge.
pub const KEPT: Rgba = Rgba(110, 230, 120, 255);
pub const CUT: Rgba = Rgba(255, 80, 80, 255);
pub const ADDED: Rgba = Rgba(250, 220, 80, 255);

/// The views' background: the canvas colour (0.075, 0.08, 0.10).
pub const BACKGROUND: Rgba = Rgba(19, 20, 26, 255);
/// The header and legend bands of an exported picture.
pub const BAND: Rgba = Rgba(28, 29, 36, 255);
/// Grid lines, the axes, grid labels, view titles: white at low alphas.
pub const GRID: Rgba = Rgba(255, 255, 255, 15);
pub const AXES: Rgba = Rgba(255, 255, 255, 56);
pub const GRID_LABEL: Rgba = Rgba(255, 255, 255, 89);
pub const VIEW_TITLE: Rgba = Rgba(255, 255, 255, 153);
/// A moved label's leader line: the label's colour, faint.
pub fn leader(c: Rgba) -> Rgba {
    c.with_alpha(150)
}
/// The box behind a label.
pub const LABEL_BACK: Rgba = Rgba(0, 0, 0, 128);
/// The line between the two views.
pub const SEPARATOR: Rgba = Rgba(255, 255, 255, 64);
/// The selected shape's rotate handle: a white ring (unlike the yellow support points)
/// and its dashed tether.
pub const HANDLE: Rgba = Rgba(255, 255, 255, 242);
pub const HANDLE_TETHER: Rgba = Rgba(255, 255, 255, 102);
