//! The user's preferences, kept between sessions (not with a scene): the colour theme and
//! the presenter setting — larger text and lines on the views, a larger panel text and a
//! narrower panel, for a projector. Stored as a small RON file, e.g.
//! `(theme: Light, presenter: true)`; a field left out takes its default.

use super::palette::Theme;
use serde::{Deserialize, Serialize};

/// How many times larger the views' text and lines are with the presenter setting.
pub const PRESENTER_VIEW_SCALE: f32 = 1.4;
/// How many times larger the panel is drawn with the presenter setting (egui's zoom).
pub const PRESENTER_PANEL_ZOOM: f32 = 1.25;

#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Preferences {
    pub theme: Theme,
    /// Larger text and lines, a narrower panel: for a projector.
    pub presenter: bool,
}

impl Preferences {
    /// Reads the preferences file's text; `source` names it in the error ("FILE: line
    /// L, column C: what is wrong").
    pub fn parse(text: &str, source: &str) -> Result<Preferences, String> {
        ron::from_str(text).map_err(|e| {
            format!(
                "{source}: line {}, column {}: {}",
                e.position.line, e.position.col, e.code
            )
        })
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        // Two plain fields: the serializer cannot fail on them.
        ron::to_string(self).unwrap_or_default() + "\n"
    }

    /// The views' text and line scale.
    pub fn view_scale(&self) -> f32 {
        if self.presenter {
            PRESENTER_VIEW_SCALE
        } else {
            1.0
        }
    }

    /// The panel's zoom.
    pub fn panel_zoom(&self) -> f32 {
        if self.presenter {
            PRESENTER_PANEL_ZOOM
        } else {
            1.0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_round_trip_default_missing_fields_and_name_bad_lines() {
        let p = Preferences {
            theme: Theme::Light,
            presenter: true,
        };
        assert_eq!(Preferences::parse(&p.to_text(), "prefs").unwrap(), p);
        assert_eq!(
            Preferences::parse("(presenter: true)", "prefs").unwrap(),
            Preferences {
                theme: Theme::Dark,
                presenter: true
            }
        );
        assert_eq!(
            Preferences::parse("()", "p").unwrap(),
            Preferences::default()
        );
        let e = Preferences::parse("(\n theme: Purple,\n)", "prefs.ron").unwrap_err();
        assert!(e.starts_with("prefs.ron: line 2, column"), "{e}");
        assert!(e.contains("Purple"), "{e}");
        assert_eq!(p.view_scale(), PRESENTER_VIEW_SCALE);
        assert_eq!(Preferences::default().panel_zoom(), 1.0);
    }
}
