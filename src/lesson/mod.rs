//! Lessons: guided tours of the algorithms that ask the learner to predict the next
//! step before they see it.
//!
//! A lesson file (`lessons/*.ron`, RON like a scene, versioned, errors with line and
//! column) has a title, what the learner will know after it, and pages. A page is a
//! text in a small Markdown subset ([`markup`]), a scene (a library file or inline),
//! an algorithm, a step, the layers shown and optionally a question ([`Ask`]). The
//! answer is never written in the file: [`Ask::solve`] reads it from the algorithm's
//! trace when the page is shown, so a lesson stays right when its scene changes.
//!
//! ```ron
//! (
//!     version: 1,
//!     title: "GJK distance",
//!     goal: "You can run GJK by hand on two polygons.",
//!     pages: [
//!         (
//!             title: "The first support point",
//!             text: "GJK looks for the point of *B − A* nearest the origin.",
//!             scene: Library("gjk_vertex_edge.ron"),
//!             algorithm: "gjk",
//!             step: 0,
//!             show: [Shapes, Minkowski, GjkSimplex],
//!             question: Some((ask: NextSupport, prompt: "Where is the next support point?")),
//!         ),
//!     ],
//! )
//! ```
//!
//! Here: the file types ([`format`]), reading them ([`parse_lesson`]), the library
//! compiled in ([`library`]), a page's scene and the ground its answers stand on
//! ([`page_scene`], [`PageStudy`]), the answers ([`answer`]) and what the picture shows
//! of a question (`hints`), checking an answer
//! ([`tutor`]), `lesson check` ([`check`]), and the learner's progress ([`progress`]).
//! The window, the web page, the handout and the command line share all of it.

pub mod answer;
pub mod check;
mod format;
pub mod giveaway;
mod hints;
pub mod library;
pub mod markup;
pub mod progress;
pub mod tutor;
mod why;

pub use answer::{Answer, Ground, Solved};
pub use format::{Ask, Form, Lesson, Page, Question, SceneRef, LESSON_VERSION};
pub use hints::{
    answer_marks, lit_prims, show_settled, shows_plot, LitPart, ANSWER_RING_RADIUS,
    ANSWER_RING_WIDTH,
};

use crate::core::gjk::SimplexCache;
use crate::scene::view_state::LayerId;
use crate::scene::{parse_scene, scene_to_string, Scene};
use crate::study::Studies;
use crate::view::draw::Space;
use std::fmt;

/// A lesson that could not be read or checked: the file, the line and column where
/// known, and what is wrong.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonError {
    pub path: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{l}:{c}: {}", self.path, self.message),
            (Some(l), None) => write!(f, "{}:{l}: {}", self.path, self.message),
            _ => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

impl std::error::Error for LessonError {}

/// Reads a lesson from text; `path` only labels errors. Checks what the types
/// cannot (at least one page, titles), not the questions: that is [`check`].
pub fn parse_lesson(text: &str, path: &str) -> Result<Lesson, LessonError> {
    let err = |line, column, message: String| LessonError {
        path: path.to_string(),
        line,
        column,
        message,
    };
    if text.trim().is_empty() {
        return Err(err(None, None, "the file is empty".into()));
    }
    let lesson: Lesson = ron::from_str(text).map_err(|e| {
        err(
            Some(e.position.line),
            Some(e.position.col),
            // RON runs a name into the next word ("`NextSuport`in enum").
            e.code.to_string().replace("`in ", "` in "),
        )
    })?;
    if lesson.title.trim().is_empty() {
        return Err(err(
            line_of(text, "title"),
            None,
            "the lesson has no title".into(),
        ));
    }
    if lesson.pages.is_empty() {
        return Err(err(
            line_of(text, "pages"),
            None,
            "the lesson has no pages".into(),
        ));
    }
    for (i, p) in lesson.pages.iter().enumerate() {
        if p.title.trim().is_empty() {
            return Err(err(
                page_lines(text).get(i).copied(),
                None,
                format!("page {} has no title", i + 1),
            ));
        }
    }
    Ok(lesson)
}

/// Line (from 1) of the first line containing `needle`.
fn line_of(text: &str, needle: &str) -> Option<usize> {
    text.lines().position(|l| l.contains(needle)).map(|i| i + 1)
}

/// The line where each page starts: each page's `title:` after `pages:`.
pub fn page_lines(text: &str) -> Vec<usize> {
    let start = line_of(text, "pages:").unwrap_or(1);
    text.lines()
        .enumerate()
        .skip(start)
        .filter(|(_, l)| l.trim_start().starts_with("title:"))
        .map(|(i, _)| i + 1)
        .collect()
}

/// A page's scene with the page's view: its pair, algorithm, step, manifold normal
/// and layers (every layer not in `show` hidden; the world view alone when none of
/// them is drawn in configuration space). An inline scene gets the checks a scene
/// file gets.
pub fn page_scene(page: &Page) -> Result<Scene, String> {
    let mut scene = match &page.scene {
        SceneRef::Library(name) => {
            let text = crate::scene::library::text(name)
                .ok_or_else(|| format!("the scene library has no file \"{name}\""))?;
            parse_scene(text, name).map_err(|e| e.to_string())?
        }
        SceneRef::Inline(scene) => {
            parse_scene(&scene_to_string(scene), "the inline scene").map_err(|e| e.message)?
        }
    };
    for name in [&page.a, &page.b] {
        if !name.is_empty() && scene.shape_index(name).is_none() {
            return Err(format!("the scene has no shape named \"{name}\""));
        }
    }
    let v = &mut scene.view;
    if !page.a.is_empty() {
        v.a = page.a.clone();
    }
    if !page.b.is_empty() {
        v.b = page.b.clone();
    }
    v.algorithm = page.algorithm;
    v.step = page.step;
    if !page.manifold_source.is_empty() {
        v.manifold_source = page.manifold_source.clone();
    }
    if !page.show.is_empty() {
        v.hidden_layers = LayerId::ALL
            .iter()
            .copied()
            .filter(|l| !page.show.contains(l))
            .collect();
        // Nothing shown in configuration space: the world view takes the width.
        if page.show.iter().all(|l| l.space() == Space::World) {
            v.split = 1.0;
        }
    }
    Ok(scene)
}

/// The pair a scene's view names (else its first two shapes), as the window picks it.
pub fn view_pair(scene: &Scene) -> Option<(usize, usize)> {
    let n = scene.shapes.len();
    let a = scene.shape_index(&scene.view.a).unwrap_or(0);
    let b = scene
        .shape_index(&scene.view.b)
        .unwrap_or(if a == 1 { 0 } else { 1 });
    (n >= 2 && a != b && a < n && b < n).then_some((a, b))
}

/// A page's scene studied once: what its answers stand on away from the window
/// (`lesson check`, the handout, tests).
pub struct PageStudy {
    pub scene: Scene,
    pub studies: Studies,
}

impl PageStudy {
    /// The page's scene and every algorithm run on its pair.
    pub fn of(page: &Page) -> Result<PageStudy, String> {
        let scene = page_scene(page)?;
        PageStudy::of_scene(scene)
    }

    /// Every algorithm run on the view pair of `scene`.
    pub fn of_scene(scene: Scene) -> Result<PageStudy, String> {
        let (a, b) = view_pair(&scene).ok_or("the scene needs two shapes")?;
        let studies = Studies::compute(&scene, a, b, &mut SimplexCache::default());
        Ok(PageStudy { scene, studies })
    }

    /// The ground of answers at the scene's view algorithm and step.
    pub fn ground(&self) -> Ground<'_> {
        Ground {
            scene: &self.scene,
            studies: &self.studies,
            algorithm: self.scene.view.algorithm,
            step: self.scene.view.step,
            source: self.scene.view.manifold(),
        }
    }
}
