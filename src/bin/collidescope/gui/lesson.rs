//! Lesson mode in the window: the lesson taken (its page, the question's tutor, the
//! progress kept), the canvas as the answer surface (a click in the world or in
//! configuration space answers a click question), the hint's layer lit up, and the
//! learner's click and the answer marked. The panel side is `panel/lessons.rs`; the
//! answers and their checking are the library's (`collidescope::lesson`).

use super::canvas::Canvas;
use collidescope::app::AppState;
use collidescope::lesson::check::drag_solution;
use collidescope::lesson::progress::Progress;
use collidescope::lesson::tutor::{Response, Stage, Tutor};
use collidescope::lesson::{library, page_scene, Answer, Form, Ground, Lesson, Page, Solved};
use collidescope::scene::Scene;
use collidescope::view::draw::{LayerId, Prim, Space};
use macroquad::prelude::{
    is_key_pressed, is_mouse_button_pressed, is_mouse_button_released, mouse_position, KeyCode,
    MouseButton,
};
use std::path::PathBuf;

/// The lesson being taken.
pub struct LessonMode {
    pub id: String,
    pub lesson: Lesson,
    /// The page shown, from 0.
    pub page: usize,
    pub tutor: Tutor,
    /// The number being typed for a number question.
    pub number_text: String,
    /// The answer on the scene as it is (recomputed when the scene changes).
    solved: Option<(u64, Result<Solved, String>)>,
    /// What the window showed before the lesson, given back when it ends.
    before: Option<(Scene, Option<PathBuf>, bool)>,
    pub progress: Progress,
    /// Why the page's scene did not open, when it did not.
    pub page_error: Option<String>,
    /// The choices the panel shows for a pick question (for the scripted tests).
    pub shown_choices: Vec<String>,
}

impl LessonMode {
    /// Starts lesson `name` on `page` (its saved page when None): the library's lesson
    /// of that id, or a lesson file at that path ([`library::open`]).
    pub fn open(name: &str, page: Option<usize>, app: &mut AppState) -> Result<LessonMode, String> {
        let (id, lesson) = library::open(name).map_err(|e| e.to_string())?;
        let progress = load_progress();
        let saved = progress.lessons.get(&id).map_or(0, |p| p.page);
        let mut mode = LessonMode {
            id,
            lesson,
            page: 0,
            tutor: Tutor::default(),
            number_text: String::new(),
            solved: None,
            before: Some((app.scene_for_save(), app.path.clone(), app.dirty)),
            progress,
            page_error: None,
            shown_choices: Vec::new(),
        };
        let last = mode.lesson.pages.len() - 1;
        mode.go(page.unwrap_or(saved).min(last), app);
        Ok(mode)
    }

    /// Shows page `k` (clamped): its scene, algorithm, step and layers.
    pub fn go(&mut self, k: usize, app: &mut AppState) {
        self.page = k.min(self.lesson.pages.len() - 1);
        self.tutor = Tutor::default();
        self.number_text.clear();
        self.solved = None;
        self.shown_choices.clear();
        match page_scene(self.page()) {
            Ok(scene) => {
                app.open_scene(scene, None);
                self.page_error = None;
            }
            Err(e) => self.page_error = Some(e),
        }
        app.message = None;
        // A narration hovered on the last page named its features: a new page starts
        // with none highlighted (its own narration may be hidden until answered).
        app.set_named(&[]);
        let p = self.progress.of(&self.id);
        p.page = self.page;
        p.seen.insert(self.page);
        save_progress(&self.progress);
    }

    /// Gives the window back what it showed before the lesson.
    pub fn leave(mut self, app: &mut AppState) {
        if let Some((scene, path, dirty)) = self.before.take() {
            app.open_scene(scene, path);
            app.dirty = dirty;
        }
    }

    pub fn page(&self) -> &Page {
        &self.lesson.pages[self.page]
    }

    /// The page's answer on the scene as it is now, or why there is none.
    pub fn solved(&mut self, app: &mut AppState) -> Option<Result<Solved, String>> {
        let question = self.page().question.clone()?;
        let rev = app.revision();
        if self.solved.as_ref().is_none_or(|(r, _)| *r != rev) {
            let (algorithm, step) = (self.page().algorithm, self.page().step);
            let source = app.manifold_source();
            let answer = match app.studies().cloned() {
                Some(studies) => question.solve(&Ground {
                    scene: &app.scene,
                    studies: &studies,
                    algorithm,
                    step,
                    source,
                }),
                None => Err("the scene needs two shapes".into()),
            };
            self.solved = Some((rev, answer));
        }
        self.solved.as_ref().map(|(_, s)| s.clone())
    }

    /// Takes an answer: the tutor decides, and a settled question shows its step.
    pub fn answer(&mut self, app: &mut AppState, response: Response) {
        let Some(q) = self.page().question.clone() else {
            return;
        };
        let Some(Ok(solved)) = self.solved(app) else {
            return;
        };
        let right = self.tutor.answer(&q, &solved, response);
        if right {
            self.progress.of(&self.id).right.insert(self.page);
            save_progress(&self.progress);
        }
        self.after_answer(app, &solved);
    }

    /// "Show me": the answer without another try (a drag's shape is moved there).
    pub fn show_answer(&mut self, app: &mut AppState) {
        let Some(q) = self.page().question.clone() else {
            return;
        };
        if q.ask.form() == Form::Drag {
            match drag_solution(&q.ask, &app.scene) {
                Ok((shape, at)) => {
                    app.move_shape(shape, at);
                    // The answer may lie outside the view fitted to the page: fit the
                    // world view again so the shape is seen where it went.
                    app.world_camera.zoom = 0.0;
                }
                Err(e) => app.error(e),
            }
        }
        let Some(Ok(solved)) = self.solved(app) else {
            return;
        };
        self.tutor.show(&solved);
        self.after_answer(app, &solved);
    }

    /// The lit layer shows; a settled question steps to the step that shows the
    /// answer and uncovers its layers.
    fn after_answer(&mut self, app: &mut AppState, solved: &Solved) {
        if let Some(layer) = self.tutor.lit() {
            if app.hidden_layers.contains(&layer) {
                app.toggle_layer(layer);
            }
        }
        if self.tutor.stage.settled() {
            if let Some(q) = self.page().question.clone() {
                collidescope::lesson::show_settled(app, &q);
            }
            if self.page().reveal {
                app.set_step(solved.reveal_step);
            }
        }
    }

    /// The layers whose labels the canvas leaves out: those that write the answer of a
    /// question not yet settled.
    pub fn hidden_labels(&self) -> Vec<LayerId> {
        match &self.page().question {
            Some(q) if !self.tutor.stage.settled() || !self.page().labels_after => {
                q.ask.answer_label_layers().to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// The question waits for a click on the canvas.
    pub fn wants_click(&self) -> bool {
        self.page()
            .question
            .as_ref()
            .is_some_and(|q| q.ask.form() == Form::Click)
            && !self.tutor.stage.settled()
    }

    /// A drag question is checked when the learner lets go of the shape: a pose passed
    /// through mid-drag does not count (it would say "Right." of a pose already left).
    /// A drag that moved something and ends where the condition does not hold is an
    /// answer too ("Not quite" and the hint, as "Done" gives); a press and release in
    /// place is not.
    pub fn check_drag(&mut self, app: &mut AppState) {
        let is_drag = self
            .page()
            .question
            .as_ref()
            .is_some_and(|q| q.ask.form() == Form::Drag);
        if !is_drag || self.tutor.stage.settled() {
            return;
        }
        let holds = matches!(
            self.solved(app),
            Some(Ok(Solved {
                answer: Answer::Condition { holds: true, .. },
                ..
            }))
        );
        if holds || app.drag_changed_scene() {
            self.answer(app, Response::Done);
        }
    }

    /// The address of this page on the web page: `lesson=ID&page=N` (N from 1).
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn fragment(&self) -> String {
        format!("lesson={}&page={}", self.id, self.page + 1)
    }
}

/// `lesson=ID&page=N` (N from 1, default 1): the lesson and page a link opens.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn parse_fragment(fragment: &str) -> Option<(String, usize)> {
    let mut id = None;
    let mut page = 1usize;
    for part in fragment.trim_start_matches('#').split('&') {
        match part.split_once('=') {
            Some(("lesson", v)) if !v.is_empty() => id = Some(v.to_string()),
            Some(("page", v)) => page = v.parse().unwrap_or(1),
            _ => {}
        }
    }
    id.map(|id| (id, page.max(1) - 1))
}

/// Mouse and keys in lesson mode, before the canvas' own: `←`/`→` turn pages, a
/// left click in a view answers a click question. True when the click was taken.
pub fn input(
    mode: &mut LessonMode,
    app: &mut AppState,
    canvas: &Canvas,
    over_ui: bool,
    typing: bool,
) -> bool {
    if !typing {
        let last = mode.lesson.pages.len() - 1;
        if is_key_pressed(KeyCode::Right) && mode.page < last {
            mode.go(mode.page + 1, app);
        }
        if is_key_pressed(KeyCode::Left) && mode.page > 0 {
            mode.go(mode.page - 1, app);
        }
    }
    if is_mouse_button_released(MouseButton::Left) && !over_ui {
        mode.check_drag(app);
    }
    if over_ui || !mode.wants_click() || !is_mouse_button_pressed(MouseButton::Left) {
        return false;
    }
    let (mx, my) = mouse_position();
    let mouse = glam::Vec2::new(mx, my);
    let (space, camera, vp) = if canvas.world_vp.w >= 1.0 && canvas.world_vp.contains(mouse) {
        (Space::World, app.world_camera, canvas.world_vp)
    } else if canvas.config_vp.w >= 1.0 && canvas.config_vp.contains(mouse) {
        (Space::Config, app.config_camera, canvas.config_vp)
    } else {
        return false;
    };
    let at = camera.to_world(mouse, &vp);
    mode.answer(
        app,
        Response::Click {
            space,
            at,
            pixels_per_unit: camera.zoom,
        },
    );
    true
}

/// The learner's click: a pink cross, the same in both themes.
const CLICK: collidescope::view::palette::Rgba =
    collidescope::view::palette::Rgba(255, 102, 230, 255);
/// The cross's half size and its lines' width, pixels at the view's scale.
const CLICK_HALF: f32 = 9.0;
const CLICK_WIDTH: f32 = 3.0;

/// The learner's click, a cross drawn by the canvas with the view's layers (as the
/// answer's rings are): under the labels, which are placed off it, and over the lit
/// layer's glow (`glow.rs`).
pub fn click_marks(mode: &LessonMode, app: &AppState, scale: f32) -> Vec<(Space, Prim)> {
    let Some((space, at)) = mode.tutor.last_click else {
        return Vec::new();
    };
    let camera = match space {
        Space::World => app.world_camera,
        Space::Config => app.config_camera,
    };
    // The cross's arms in world units: CLICK_HALF pixels at the view's scale.
    let h = CLICK_HALF * scale / camera.zoom.max(1e-9);
    let arm = |d: glam::Vec2| Prim::Polyline {
        points: vec![at - d, at + d],
        closed: false,
        width: CLICK_WIDTH,
        color: CLICK,
        dashed: false,
    };
    vec![
        (space, arm(glam::Vec2::new(h, h))),
        (space, arm(glam::Vec2::new(h, -h))),
    ]
}

/// The rings around a settled point answer, drawn by the canvas with the view's
/// layers so that the labels (the number of the vertex asked about) are placed off
/// them.
pub fn answer_marks(mode: &mut LessonMode, app: &mut AppState) -> Vec<(Space, Prim)> {
    if !matches!(mode.tutor.stage, Stage::Shown { .. } | Stage::Right) {
        return Vec::new();
    }
    match mode.solved(app) {
        Some(Ok(solved)) => collidescope::lesson::answer_marks(&solved.answer),
        _ => Vec::new(),
    }
}

/// The layer a question's hint lights, for the scripted tests' layout.
pub fn lit_name(mode: &LessonMode) -> String {
    mode.tutor
        .lit()
        .map(|l: LayerId| format!("{l:?}"))
        .unwrap_or_default()
}

/// The lesson's state for the scripted tests, as JSON members: the page, the
/// question's stage, presenter mode (the presenter setting), the choices shown, and
/// the views' cameras (to turn a point the test knows into pixels).
pub fn state_json(mode: Option<&LessonMode>, presenter: bool, app: &AppState) -> String {
    let Some(m) = mode else {
        return "\"lesson\": null".into();
    };
    let camera = |c: &collidescope::view::camera::Camera| {
        format!("[{}, {}, {}]", c.center.x, c.center.y, c.zoom)
    };
    let choices: Vec<String> = m
        .shown_choices
        .iter()
        .map(|c| super::json_string(c))
        .collect();
    let stage = match &m.tutor.stage {
        Stage::Open => "open",
        Stage::Hinted { .. } => "hinted",
        Stage::Shown { .. } => "shown",
        Stage::Right => "right",
    };
    format!(
        "\"lesson\": {{\"id\": {}, \"page\": {}, \"pages\": {}, \"stage\": \"{stage}\", \"tries\": {}, \"lit\": \"{}\", \"right\": {}, \"presenter\": {}, \"choices\": [{}], \"world_camera\": {}, \"config_camera\": {}}}",
        super::json_string(&m.id),
        m.page,
        m.lesson.pages.len(),
        m.tutor.tries,
        lit_name(m),
        m.progress.lessons.get(&m.id).map_or(0, |p| p.right.len()),
        presenter,
        choices.join(", "),
        camera(&app.world_camera),
        camera(&app.config_camera)
    )
}

#[cfg(not(target_arch = "wasm32"))]
pub fn load_progress() -> Progress {
    collidescope::lesson::progress::load()
}

#[cfg(not(target_arch = "wasm32"))]
fn save_progress(progress: &Progress) {
    // Progress is a convenience: a folder that cannot be written loses it quietly.
    let _ = collidescope::lesson::progress::save(progress);
}

#[cfg(target_arch = "wasm32")]
pub fn load_progress() -> Progress {
    Progress::from_json(&super::web::storage_get("collidescope-lessons"))
}

#[cfg(target_arch = "wasm32")]
fn save_progress(progress: &Progress) {
    super::web::storage_set("collidescope-lessons", &progress.to_json());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lesson_links_read_their_lesson_and_page() {
        assert_eq!(parse_fragment("lesson=gjk&page=3"), Some(("gjk".into(), 2)));
        assert_eq!(parse_fragment("#lesson=epa"), Some(("epa".into(), 0)));
        assert_eq!(parse_fragment("page=2&lesson=toi"), Some(("toi".into(), 1)));
        assert_eq!(parse_fragment("scene=abc"), None);
        assert_eq!(parse_fragment("lesson=gjk&page=0"), Some(("gjk".into(), 0)));
    }
}
