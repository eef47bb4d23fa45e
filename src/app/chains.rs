//! The chains in the app: a segment or point selected on the canvas (a view state,
//! not undoable), and the edits of a chain's points (each one undo step, a drag
//! included): move a point, insert a point into a segment, delete a point. An edit
//! the chain refuses (a point onto its neighbour, fewer points than the convention
//! needs, a coordinate beyond the limits) leaves it as it was and says why.

use super::*;
use crate::core::consts::MAX_COORDINATE;

/// What is selected on a chain: a segment (for inserting), a point (for moving and
/// deleting), or both (a point of the segment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChainSelection {
    pub chain: usize,
    pub segment: Option<usize>,
    pub point: Option<usize>,
}

impl AppState {
    /// The selection, when its chain, segment and point still exist (an undo may
    /// have removed them).
    pub fn chain_selection(&self) -> Option<ChainSelection> {
        let s = self.chain_selection?;
        let c = self.scene.chains.get(s.chain)?;
        let ok = s.segment.is_none_or(|i| i < c.segments().len())
            && s.point.is_none_or(|i| i < c.points.len());
        ok.then_some(s)
    }

    /// Selects a chain segment or point (None: nothing); a shape selection ends.
    pub fn select_chain(&mut self, selection: Option<ChainSelection>) {
        if selection.is_some() {
            self.selected = None;
        }
        if self.chain_selection != selection {
            self.chain_selection = selection;
            self.revision += 1;
        }
    }

    /// Moves point `i` of chain `c` to `world` (the chain's pose undone). Refused when
    /// the chain would be invalid or a coordinate is beyond the scene's limit.
    pub fn move_chain_point(&mut self, c: usize, i: usize, world: Vec2) -> Result<(), String> {
        let chain = self.scene.chains.get(c).ok_or("no such chain")?;
        if i >= chain.points.len() {
            return Err(format!("chain \"{}\" has no point {i}", chain.name));
        }
        let local = chain.pose.transform().apply_inv(world);
        if !local.is_finite() || local.abs().max_element() > MAX_COORDINATE {
            return Err(format!("a chain point must lie within ±{MAX_COORDINATE}"));
        }
        if chain.points[i] == local {
            return Ok(());
        }
        let mut points = chain.points.clone();
        points[i] = local;
        self.replace_chain(c, points)
    }

    /// Inserts a point into segment `s` of chain `c` at `world` (projected onto the
    /// segment, inside it). Returns the new point's index; it becomes the selection.
    pub fn insert_chain_point(&mut self, c: usize, s: usize, world: Vec2) -> Result<usize, String> {
        let chain = self.scene.chains.get(c).ok_or("no such chain")?;
        let (a, b) = chain
            .segment_points(s)
            .ok_or_else(|| format!("chain \"{}\" has no segment {s}", chain.name))?;
        let (pa, pb) = (chain.points[a], chain.points[b]);
        let local = chain.pose.transform().apply_inv(world);
        let ab = pb - pa;
        let t = ((local - pa).dot(ab) / ab.length_squared().max(f32::MIN_POSITIVE)).clamp(0.1, 0.9);
        let mut points = chain.points.clone();
        let at = a + 1;
        points.insert(at, pa + ab * t);
        self.replace_chain(c, points)?;
        self.select_chain(Some(ChainSelection {
            chain: c,
            segment: Some(s),
            point: Some(at),
        }));
        Ok(at)
    }

    /// Deletes point `i` of chain `c` (refused below the convention's fewest points).
    pub fn delete_chain_point(&mut self, c: usize, i: usize) -> Result<(), String> {
        let chain = self.scene.chains.get(c).ok_or("no such chain")?;
        if i >= chain.points.len() {
            return Err(format!("chain \"{}\" has no point {i}", chain.name));
        }
        let mut points = chain.points.clone();
        points.remove(i);
        self.replace_chain(c, points)?;
        self.select_chain(None);
        Ok(())
    }

    /// Chain `c` with `points`, one undo step, or the chain's refusal.
    fn replace_chain(&mut self, c: usize, points: Vec<Vec2>) -> Result<(), String> {
        let chain = self.scene.chains.get(c).ok_or("no such chain")?;
        let new = chain.with_points(points)?;
        self.begin_edit();
        self.scene.chains[c] = new;
        self.changed();
        Ok(())
    }
}
