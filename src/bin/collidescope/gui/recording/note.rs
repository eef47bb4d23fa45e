//! What the panel's head and the status bar say while a recording or a live world is
//! shown: what is shown, what the panel below holds and what to do next, the keys.

use super::live::LiveRun;
use super::{OpenPair, Phase, Player, Recording};
use crate::gui::recording_note::WorldNote;

/// The keys of a recording's world view.
const WORLD_KEYS: &str = "←/→ frame · Space play · Home/End first/last · ↑/↓ contact · \
                          Enter open the pair · T its contact timeline · click two shapes: their pair · \
                          wheel zoom · right drag pan · F fit";

impl Recording {
    /// What the panel's head and status bar say about the view shown.
    pub(super) fn note(&self) -> Option<WorldNote> {
        let note = match (&self.phase, &self.open_pair) {
            (Phase::Failed(_), _) => return None,
            (_, Some(open)) => self.pair_note(open),
            (Phase::Live(run), _) => live_note(self, run),
            (Phase::Ready(p), None) => self.frame_note(p),
            _ => WorldNote {
                shown: format!("Opening the recording {}…", self.label()),
                below: self.own_sections(),
                keys: "preparing the recording: the keys work once it is open".into(),
            },
        };
        Some(note)
    }

    /// What the panel holds in a recording's world: only its own sections until a
    /// pair is opened, and how to open one.
    fn own_sections(&self) -> String {
        match &self.last_pair {
            Some(p) => format!(
                "The panel shows this recording's own sections; the pair last opened \
                 was {p}. Open this pair (Enter) debugs the one picked."
            ),
            None => "The panel shows this recording's own sections: pick a contact and \
                     Open this pair (Enter) to debug it."
                .to_string(),
        }
    }

    /// A pair opened in the debugger, from a recording or a live world.
    fn pair_note(&self, open: &OpenPair) -> WorldNote {
        WorldNote {
            shown: format!(
                "Pair {} against {} at {} of {}",
                open.labels.0,
                open.labels.1,
                self.moment(open.frame),
                self.label()
            ),
            below: format!(
                "The sections below are this pair's: {} / {} at {}. Escape goes back \
                 to the world at this {}.",
                open.labels.0,
                open.labels.1,
                self.moment(open.frame),
                self.moment_word()
            ),
            keys: format!(
                "Esc back to the world · {}1–9, 0, R algorithm · F fit · wheel zoom · \
                 right drag pan",
                // A live world has no time axis to plot: record it for a timeline.
                if matches!(self.phase, Phase::Live(_)) {
                    ""
                } else {
                    "T this pair's contact timeline · "
                }
            ),
        }
    }

    /// A recording's world at its frame: the frame, its touching contacts, and what
    /// leads to a pair when it has none.
    fn frame_note(&self, p: &Player) -> WorldNote {
        // The frame drawn last is cached; the list's rows are a frame late here.
        let touching = self.cache.get(&self.frame).map_or(self.rows.len(), |s| {
            s.contacts.iter().filter(|c| !c.points.is_empty()).count()
        });
        // No contact to pick at this frame: say so, and what does lead to a pair.
        let below = match (touching, &self.last_pair) {
            (0, None) => format!(
                "The panel shows this recording's own sections. Frame {} has no \
                 touching contacts: play or step (→) to a frame with some, or click \
                 a shape, then another, to debug their pair.",
                self.frame
            ),
            _ => self.own_sections(),
        };
        WorldNote {
            shown: format!(
                "Recording {}: frame {} of {}, {touching} touching contacts{}",
                self.label(),
                self.frame,
                p.info().frames,
                if self.damaged.is_some() {
                    " (damaged or truncated file)"
                } else {
                    ""
                }
            ),
            below,
            keys: WORLD_KEYS.into(),
        }
    }
}

/// A world file running live: its step, bodies and touching contacts.
fn live_note(rec: &Recording, run: &LiveRun) -> WorldNote {
    WorldNote {
        shown: format!(
            "Live world {}: step {}, {} bodies, {} touching contacts",
            collidescope::scene::library::shown_path(&rec.path),
            run.live.steps(),
            run.state.bodies.len(),
            run.state
                .contacts
                .iter()
                .filter(|c| !c.points.is_empty())
                .count()
        ),
        below: "The panel shows this live world's own sections: Shift+click two \
                shapes to debug their pair; record it (R) for Box2D's own contacts."
            .into(),
        keys: "Space play · → one step · Home rebuild from the file · R record / stop \
               and open · drag a dynamic body with the mouse · Shift+click two shapes: \
               their pair · wheel zoom · right drag pan · F fit"
            .into(),
    }
}
