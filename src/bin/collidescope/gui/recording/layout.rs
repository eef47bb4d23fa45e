//! The recording's state in the scripted tests' layout file (JSON): its phase, what
//! the panel says, where the views, bodies and buttons are, the timeline and a live
//! world's run.

use super::{Phase, Recording};
use crate::gui::layout_hook::json_string;

impl Recording {
    /// The recording's state for the scripted tests' layout file (JSON).
    pub fn layout_json(&self) -> String {
        let phase = match self.phase {
            Phase::Checking(..) => "checking",
            Phase::Preparing(..) => "preparing",
            Phase::Ready(_) => "ready",
            Phase::Failed(_) => "failed",
            Phase::Live(_) => "live",
        };
        let error = match &self.phase {
            Phase::Failed(e) if !e.is_empty() => json_string(e),
            _ => "null".to_string(),
        };
        let damaged = self.damaged.is_some();
        let (note, below) = self.note().map_or(("null".into(), "null".into()), |n| {
            (json_string(&n.shown), json_string(&n.below))
        });
        let v = self.view_px;
        let timeline = self.timeline_json();
        let places = |items: &mut dyn Iterator<Item = String>| items.collect::<Vec<_>>().join(", ");
        let bodies = places(&mut self.screen.iter().map(|b| {
            format!(
                "{}: [{}, {}, {}, {}]",
                json_string(&b.name),
                b.screen[0],
                b.screen[1],
                b.world[0],
                b.world[1]
            )
        }));
        let buttons = places(
            &mut self
                .buttons
                .iter()
                .map(|(n, p)| format!("\"{n}\": [{}, {}]", p[0], p[1])),
        );
        let pick = self
            .pick
            .and_then(|id| self.shapes()?.get(id))
            .map_or("null".to_string(), |s| json_string(&s.label));
        let live = self.live_json();
        format!(
            "{{\"phase\": \"{phase}\", \"error\": {error}, \"damaged\": {damaged}, \
             \"note\": {note}, \"below\": {below}, \"view\": [{}, {}, {}, {}], \"list_px\": {}, \
             \"frame\": {}, \"world\": {}, \"contacts\": {}, \
             \"timeline\": {timeline}, \"live\": {live}, \"from_live\": {}, \"pick\": {pick}, \
             \"zoom\": {}, \"bodies\": {{{bodies}}}, \"buttons\": {{{buttons}}}}}",
            v[0],
            v[1],
            v[2],
            v[3],
            self.list_px,
            self.frame,
            self.shows_world(),
            self.rows.len(),
            self.from_live.is_some(),
            self.zoom.zoom
        )
    }

    /// The contact timeline's state (`null` when there is none).
    fn timeline_json(&self) -> String {
        self.timeline.as_ref().map_or("null".to_string(), |t| {
            let (rows, markers) = t.counts();
            let placed = t.placed.map_or("null".to_string(), |(r, ids, x)| {
                format!(
                    "{{\"rect\": [{}, {}, {}, {}], \"ids_lane\": [{}, {}], \"frames\": [{}, {}]}}",
                    r[0], r[1], r[2], r[3], ids[0], ids[1], x[0], x[1]
                )
            });
            format!(
                "{{\"open\": {}, \"busy\": {}, \"rows\": {rows}, \"markers\": {markers}, \
                 \"placed\": {placed}}}",
                t.open,
                t.busy()
            )
        })
    }

    /// A live world's state (`null` for a recording).
    fn live_json(&self) -> String {
        match &self.phase {
            Phase::Live(run) => format!(
                "{{\"step\": {}, \"playing\": {}, \"recording\": {}, \"recorded\": {}, \
                 \"dragging\": {}}}",
                run.live.steps(),
                run.playing(),
                run.live.recording(),
                run.live.recorded_steps(),
                run.cursor.is_some()
            ),
            _ => "null".to_string(),
        }
    }
}
