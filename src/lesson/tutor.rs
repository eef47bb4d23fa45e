//! Checking an answer and what follows it: a right answer goes on; the first wrong
//! one gets a hint that lights up the layer showing it; the next wrong one (or
//! "show me") gets the answer with the narration of the step that explains it. The
//! window, the web page and the tests all go through [`Tutor`].

use super::answer::{Answer, Solved};
use super::format::{Ask, Question};
use crate::view::draw::{LayerId, Space};
use glam::Vec2;

/// What the learner answered.
#[derive(Clone, Debug, PartialEq)]
pub enum Response {
    /// A click at `at` in `space` (world units), with the view's pixels per unit.
    Click {
        space: Space,
        at: Vec2,
        pixels_per_unit: f32,
    },
    /// The index of a choice.
    Pick(usize),
    /// A number typed in.
    Number(f32),
    /// "Done" after a drag: check the condition on the scene as it is now.
    Done,
}

/// Where the learner stands on a page's question.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Not answered yet.
    Open,
    /// Answered wrong once: the hint is shown and its layer lit.
    Hinted { hint: String, layer: LayerId },
    /// The answer was shown (after two wrong answers, or asked for).
    Shown { answer: String },
    /// Answered right.
    Right,
}

impl Stage {
    /// The question is settled: the page may go on and the answer may be seen.
    pub fn settled(&self) -> bool {
        matches!(self, Stage::Shown { .. } | Stage::Right)
    }
}

/// The default click tolerance, pixels.
pub const CLICK_PIXELS: f32 = 14.0;

/// Is `response` right for `question` with answer `solved`?
pub fn is_right(question: &Question, solved: &Solved, response: &Response) -> bool {
    match (&solved.answer, response) {
        (
            Answer::Point { space, at },
            Response::Click {
                space: s,
                at: p,
                pixels_per_unit,
            },
        ) => {
            let px = question.pixels.unwrap_or(CLICK_PIXELS);
            let world = question.within.unwrap_or(0.0);
            space == s
                && at.iter().any(|q| {
                    let d = q.distance(*p);
                    d * pixels_per_unit.max(0.0) <= px || d <= world
                })
        }
        (Answer::Choice { right, .. }, Response::Pick(k)) => right == k,
        (Answer::Number { value, tolerance }, Response::Number(x)) => {
            let tol = question.within.unwrap_or(*tolerance);
            x.is_finite() && (x - value).abs() <= tol
        }
        (Answer::Condition { holds, .. }, Response::Done) => *holds,
        _ => false,
    }
}

/// The answer in words, as shown after two wrong tries (the question's subject is
/// shown with the question itself).
pub fn answer_words(solved: &Solved) -> String {
    let body = match &solved.answer {
        Answer::Point { space, at } => {
            let view = match space {
                Space::World => "in the world view",
                Space::Config => "in configuration space",
            };
            let p = at.first().copied().unwrap_or_default();
            format!(
                "the point ({:.3}, {:.3}) {view}, marked on the canvas",
                p.x, p.y
            )
        }
        Answer::Choice { options, right } => options.get(*right).cloned().unwrap_or_default(),
        Answer::Number { value, .. } => format!("{value:.4}"),
        Answer::Condition { now, .. } => format!("now {now}"),
    };
    format!("The answer: {body}.")
}

/// One page's question and the learner's way through it.
#[derive(Clone, Debug, PartialEq)]
pub struct Tutor {
    pub stage: Stage,
    /// Answers given so far.
    pub tries: u32,
    /// The last click (drawn on the canvas).
    pub last_click: Option<(Space, Vec2)>,
}

impl Default for Tutor {
    fn default() -> Self {
        Tutor {
            stage: Stage::Open,
            tries: 0,
            last_click: None,
        }
    }
}

impl Tutor {
    /// Takes an answer; returns whether it was right. A settled question takes none.
    pub fn answer(&mut self, question: &Question, solved: &Solved, response: Response) -> bool {
        if self.stage.settled() {
            return false;
        }
        if let Response::Click { space, at, .. } = &response {
            self.last_click = Some((*space, *at));
        }
        self.tries += 1;
        if is_right(question, solved, &response) {
            self.stage = Stage::Right;
            return true;
        }
        self.stage = match self.stage {
            Stage::Open => Stage::Hinted {
                hint: hint(question),
                layer: question.hint_layer(),
            },
            _ => Stage::Shown {
                answer: answer_words(solved),
            },
        };
        false
    }

    /// "Show me": the answer without another try.
    pub fn show(&mut self, solved: &Solved) {
        if !self.stage.settled() {
            self.stage = Stage::Shown {
                answer: answer_words(solved),
            };
        }
    }

    /// The layer lit on the canvas now.
    pub fn lit(&self) -> Option<LayerId> {
        match &self.stage {
            Stage::Hinted { layer, .. } => Some(*layer),
            _ => None,
        }
    }
}

/// The question's hint: the lesson's own, else the kind's.
pub fn hint(question: &Question) -> String {
    if question.hint.trim().is_empty() {
        question.ask.default_hint().to_string()
    } else {
        question.hint.clone()
    }
}

/// The instruction under a question, by its form.
pub fn how_to_answer(ask: &Ask) -> &'static str {
    match ask.form() {
        super::Form::Click => "Click the point on the canvas.",
        super::Form::Pick => "Pick one.",
        super::Form::Number => "Type the number and press Enter.",
        super::Form::Drag => {
            "Drag the shape on the canvas: letting go checks it (Done checks it too)."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(ask: Ask) -> Question {
        Question {
            ask,
            prompt: "?".into(),
            hint: String::new(),
            explain: String::new(),
            light: None,
            pixels: None,
            within: None,
        }
    }

    #[test]
    fn a_click_counts_within_the_pixels_or_the_world_tolerance() {
        let solved = Solved {
            answer: Answer::Point {
                space: Space::Config,
                at: vec![Vec2::new(1.0, 2.0)],
            },
            reveal_step: 0,
            subject: None,
            why: None,
        };
        let click = |x: f32, ppu: f32| Response::Click {
            space: Space::Config,
            at: Vec2::new(x, 2.0),
            pixels_per_unit: ppu,
        };
        let question = q(Ask::NextSupport);
        assert!(is_right(&question, &solved, &click(1.2, 50.0))); // 10 px
        assert!(!is_right(&question, &solved, &click(1.2, 100.0))); // 20 px
        let mut lenient = question.clone();
        lenient.within = Some(0.25);
        assert!(is_right(&lenient, &solved, &click(1.2, 100.0)));
        // The other view never counts.
        let world = Response::Click {
            space: Space::World,
            at: Vec2::new(1.0, 2.0),
            pixels_per_unit: 50.0,
        };
        assert!(!is_right(&question, &solved, &world));
    }

    #[test]
    fn wrong_then_wrong_shows_the_answer_and_right_goes_on() {
        let solved = Solved {
            answer: Answer::Choice {
                options: vec!["yes".into(), "no".into()],
                right: 1,
            },
            reveal_step: 3,
            subject: None,
            why: None,
        };
        let question = q(Ask::EpaStops);
        let mut t = Tutor::default();
        assert!(!t.answer(&question, &solved, Response::Pick(0)));
        assert_eq!(t.lit(), Some(LayerId::EpaPolytope));
        assert!(matches!(&t.stage, Stage::Hinted { hint, .. } if hint.contains("closest edge")));
        assert!(!t.answer(&question, &solved, Response::Pick(0)));
        assert_eq!(
            t.stage,
            Stage::Shown {
                answer: "The answer: no.".into()
            }
        );
        assert!(t.lit().is_none());
        // A lesson may light another layer than the kind's: its page draws that one.
        let own = Question {
            light: Some(LayerId::Toi),
            ..question.clone()
        };
        let mut t = Tutor::default();
        assert!(!t.answer(&own, &solved, Response::Pick(0)));
        assert_eq!(t.lit(), Some(LayerId::Toi));
        let mut t = Tutor::default();
        assert!(t.answer(&question, &solved, Response::Pick(1)));
        assert!(t.stage.settled());
        // Settled: no more answers count.
        assert!(!t.answer(&question, &solved, Response::Pick(0)));
        assert_eq!(t.tries, 1);
    }

    #[test]
    fn a_number_counts_within_its_tolerance() {
        let solved = Solved {
            answer: Answer::Number {
                value: 0.5,
                tolerance: 0.01,
            },
            reveal_step: 0,
            subject: None,
            why: None,
        };
        let question = q(Ask::Distance);
        assert!(is_right(&question, &solved, &Response::Number(0.505)));
        assert!(!is_right(&question, &solved, &Response::Number(0.52)));
        assert!(!is_right(&question, &solved, &Response::Number(f32::NAN)));
    }
}
