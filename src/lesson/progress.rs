//! The learner's progress: per lesson, the page reached and the pages whose question
//! was answered right. Kept as JSON, on the desktop in a small file next to the
//! user's configuration ([`progress_file`]), on the web page in local storage.

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// One lesson's progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    /// The page last shown (from 0).
    pub page: usize,
    /// Pages whose question was answered right (from 0).
    pub right: BTreeSet<usize>,
    /// Pages seen (from 0).
    pub seen: BTreeSet<usize>,
}

/// Every lesson's progress, by lesson id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Progress {
    pub lessons: BTreeMap<String, LessonProgress>,
}

impl Progress {
    /// Progress read from JSON; anything unreadable is a fresh start (progress is a
    /// convenience, never a reason to refuse to open a lesson).
    pub fn from_json(text: &str) -> Progress {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// Lesson `id`'s progress (made when missing).
    pub fn of(&mut self, id: &str) -> &mut LessonProgress {
        self.lessons.entry(id.to_string()).or_default()
    }

    /// "3 of 12 pages seen", for the list.
    pub fn summary(&self, id: &str, pages: usize) -> String {
        match self.lessons.get(id) {
            Some(p) if p.seen.len() >= pages => format!("done ({} answered right)", p.right.len()),
            Some(p) if !p.seen.is_empty() => format!("{} of {pages} pages seen", p.seen.len()),
            _ => format!("{pages} pages"),
        }
    }
}

/// Where the desktop keeps progress: `$COLLIDESCOPE_CONFIG_DIR/lessons.json`, else
/// `$XDG_CONFIG_HOME/collidescope/lessons.json`, else
/// `~/.config/collidescope/lessons.json`; None without any of them.
pub fn progress_file() -> Option<PathBuf> {
    let var = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = var("COLLIDESCOPE_CONFIG_DIR")
        .or_else(|| var("XDG_CONFIG_HOME").map(|d| d.join("collidescope")))
        .or_else(|| var("HOME").map(|d| d.join(".config").join("collidescope")))?;
    Some(dir.join("lessons.json"))
}

/// Reads the desktop's progress file (a fresh start when there is none).
pub fn load() -> Progress {
    progress_file()
        .and_then(|p| std::fs::read_to_string(p).ok())
        .map(|t| Progress::from_json(&t))
        .unwrap_or_default()
}

/// Writes the desktop's progress file through the one output writer (atomic).
pub fn save(progress: &Progress) -> Result<(), String> {
    let path = progress_file().ok_or("no configuration folder (HOME is not set)")?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    crate::scene::fs::write_output(&path, progress.to_json().as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_round_trips_and_bad_text_starts_fresh() {
        let mut p = Progress::default();
        p.of("gjk").page = 3;
        p.of("gjk").seen.extend([0, 1, 2, 3]);
        p.of("gjk").right.insert(2);
        let back = Progress::from_json(&p.to_json());
        assert_eq!(back, p);
        assert_eq!(back.summary("gjk", 10), "4 of 10 pages seen");
        assert_eq!(back.summary("epa", 9), "9 pages");
        assert_eq!(Progress::from_json("not json"), Progress::default());
    }
}
