//! A pair's timeline rows, frame after frame of a replay: Box2D's state of the pair,
//! its markers and our manifold at the same poses. The window's contact timeline and
//! `replay --pair … --plot` build them alike.

use super::pair::{our_shape, ours, pair_state};
use super::read::ShapeCache;
use crate::core::settings::Settings;
use crate::core::shape::Shape;
use crate::trace::series::{MarkerFinder, TimelineRow};
use crate::trace::world_frame::FrameState;

/// Builds the rows of the pair of shapes `a`, `b` (Box2D's shape ids).
pub struct TimelineBuilder {
    a: u32,
    b: u32,
    finder: MarkerFinder,
    /// Our shapes of the pair, made once when both exist and are convex.
    shapes: Option<(Shape, Shape)>,
    settings: Settings,
}

impl TimelineBuilder {
    pub fn new(a: u32, b: u32) -> TimelineBuilder {
        TimelineBuilder {
            a,
            b,
            finder: MarkerFinder::default(),
            shapes: None,
            // Box2D's speculative distance (4 × its linear slop), as in the world.
            settings: Settings {
                speculative_distance: 0.02,
                ..Settings::default()
            },
        }
    }

    /// The row of the frame `now` (the step from `before`), when the pair exists then.
    pub fn row(
        &mut self,
        shapes: &ShapeCache,
        before: &FrameState,
        now: &FrameState,
    ) -> Option<TimelineRow> {
        if self.shapes.is_none() {
            let geometry = |id| shapes.get(id).and_then(|s| our_shape(&s.geometry));
            self.shapes = geometry(self.a).zip(geometry(self.b));
        }
        let state = pair_state(shapes, before, now, self.a, self.b)?;
        let markers = self.finder.next(&state);
        let body = |id: u32| shapes.get(id).and_then(|s| before.body(s.body));
        let ours = match (&self.shapes, body(self.a), body(self.b)) {
            (Some((sa, sb)), Some(ba), Some(bb)) => Some(ours((sa, sb), (ba, bb), &self.settings)),
            _ => None,
        };
        Some(TimelineRow {
            state,
            markers,
            ours,
        })
    }
}
