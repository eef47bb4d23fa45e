//! `lesson check`'s look across pages: a page must not be answered by what an earlier
//! page already said. For a number or a point, no earlier page's words (its text, its
//! question, the explanation it shows once settled, the step narration it shows) may
//! print the answer; for a pick, the previous page's words may not name the right
//! choice. Two things are not giveaways: an earlier question's own answer (the learner
//! worked it out; a page may ask it again in another light), and a coordinate of a
//! printed point for a number answer (a coordinate is not a length or a time).

use super::answer::Answer;
use super::format::{Form, Lesson};
use super::{markup, PageStudy};
use glam::Vec2;

/// A page whose answer an earlier page gives away.
#[derive(Clone, Debug, PartialEq)]
pub struct Giveaway {
    /// The page that asks, counted from 0.
    pub page: usize,
    /// The earlier page that tells, counted from 0.
    pub earlier: usize,
    /// The answer as the earlier page prints it.
    pub printed: String,
}

/// Everything a learner reads on `page` once it is done, but the answer they gave: its
/// text, the question's prompt and hint, the answer's why, and the step narration the
/// page shows (for a question, the step that shows the answer unless the page stays
/// on its own step).
pub fn page_words(lesson: &Lesson, page: usize) -> Result<String, String> {
    let p = &lesson.pages[page];
    let mut words = markup::parse(&p.text)
        .map(|b| markup::plain_text(&b))
        .unwrap_or_else(|_| p.text.clone());
    let study = PageStudy::of(p)?;
    let g = study.ground();
    let mut step = Some(p.step);
    if let Some(q) = &p.question {
        let solved = q.solve(&g)?;
        for w in [
            q.prompt.clone(),
            super::tutor::hint(q),
            solved.why.clone().unwrap_or_default(),
        ] {
            words.push('\n');
            words.push_str(&w);
        }
        if p.reveal {
            step = Some(solved.reveal_step);
        }
    }
    if let (true, Some(s)) = (p.narration, step) {
        words.push('\n');
        words.push_str(
            &study
                .studies
                .narrate(&study.scene, p.algorithm, s, g.source),
        );
    }
    Ok(words)
}

/// The ways the trace's words print an answer: numbers with 4 or 5 decimals, points
/// as (x, y) with 3 or 4; a pick by its right choice's name (its words before a
/// bracket or a colon), when that name is longer than yes or no.
pub fn printed_forms(answer: &Answer) -> Vec<String> {
    let point = |p: Vec2| {
        [
            format!("({:.3}, {:.3})", p.x, p.y),
            format!("({:.4}, {:.4})", p.x, p.y),
        ]
    };
    match answer {
        Answer::Number { value, .. } => vec![format!("{value:.4}"), format!("{value:.5}")],
        Answer::Point { at, .. } => at.iter().flat_map(|p| point(*p)).collect(),
        Answer::Choice { options, right } => options
            .get(*right)
            .map(|o| {
                o[..o.find(['(', ':']).unwrap_or(o.len())]
                    .trim()
                    .to_string()
            })
            .filter(|n| n.len() > 3)
            .into_iter()
            .collect(),
        Answer::Condition { .. } => Vec::new(),
    }
}

/// The pages of `lesson` whose answer an earlier page prints (for a pick: the page
/// just before), each with the first page that does.
pub fn giveaways(lesson: &Lesson) -> Result<Vec<Giveaway>, String> {
    let words = (0..lesson.pages.len())
        .map(|i| page_words(lesson, i).map(|w| w.to_lowercase()))
        .collect::<Result<Vec<_>, _>>()?;
    let mut found = Vec::new();
    for (i, page) in lesson.pages.iter().enumerate() {
        let Some(q) = &page.question else { continue };
        let earlier = match q.ask.form() {
            Form::Number | Form::Click => 0..i,
            Form::Pick => i.saturating_sub(1)..i,
            Form::Drag => continue,
        };
        let study = PageStudy::of(page)?;
        let solved = q.solve(&study.ground())?;
        let forms = printed_forms(&solved.answer);
        let number = matches!(solved.answer, Answer::Number { .. });
        'pages: for e in earlier {
            let said = if number {
                without_points(&words[e])
            } else {
                words[e].clone()
            };
            for f in &forms {
                if said.contains(&f.to_lowercase()) {
                    found.push(Giveaway {
                        page: i,
                        earlier: e,
                        printed: f.clone(),
                    });
                    break 'pages;
                }
            }
        }
    }
    Ok(found)
}

/// `words` with every printed point "(x, y)" left out.
fn without_points(words: &str) -> String {
    let mut out = String::with_capacity(words.len());
    let mut rest = words;
    while let Some(open) = rest.find('(') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let Some(close) = after.find(')').map(|c| c + 1) else {
            out.push_str(after);
            return out;
        };
        let inner = &after[1..close - 1];
        let is_point = inner.contains(", ")
            && inner
                .chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | ',' | ' '));
        if !is_point {
            out.push_str(&after[..close]);
        }
        rest = &after[close..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_are_left_out_and_other_brackets_kept() {
        assert_eq!(
            without_points("at (-0.9000, 0.7000) and (the depth 0.7000)"),
            "at  and (the depth 0.7000)"
        );
        assert_eq!(without_points("open (1.0, 2"), "open (1.0, 2");
    }

    #[test]
    fn a_number_prints_with_four_and_five_decimals() {
        let n = Answer::Number {
            value: 1.561_46,
            tolerance: 0.05,
        };
        assert_eq!(printed_forms(&n), ["1.5615", "1.56146"]);
        let p = Answer::Point {
            space: crate::view::draw::Space::World,
            at: vec![Vec2::new(1.0, 0.473_9)],
        };
        assert_eq!(printed_forms(&p), ["(1.000, 0.474)", "(1.0000, 0.4739)"]);
    }
}
