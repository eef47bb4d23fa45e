//! Undo and redo: snapshots of the scene and selection, at most `UNDO_LIMIT` deep.

use super::*;

impl AppState {
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    pub fn undo(&mut self) {
        if let Some(s) = self.undo.pop() {
            self.redo.push(self.snapshot());
            self.restore(s);
        }
    }

    pub fn redo(&mut self) {
        if let Some(s) = self.redo.pop() {
            self.undo.push(self.snapshot());
            self.restore(s);
        }
    }

    pub(super) fn restore(&mut self, s: Snapshot) {
        self.scene = s.scene;
        self.pair = s.pair;
        self.selected = s.selected.filter(|&i| i < self.scene.shapes.len());
        self.refused_vertex = None;
        self.dragging = false;
        self.drag_start = None;
        self.changed();
        // Back at the scene as opened or saved: nothing unsaved.
        self.dirty = self.clean.as_ref() != Some(&self.scene);
    }
}
