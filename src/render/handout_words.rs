//! A lesson's words on paper. The lesson is written for the window: "Press → to go
//! on", "Drag B and watch", "click the support point". On a printed sheet a sentence
//! that goes on to the next page is left out (the reader turns the sheet), one that
//! asks for the window (press a key, drag a shape) is set apart as "In the debugger:",
//! a click becomes a mark on the picture and "the canvas" the picture.

use super::handout::blocks_html;
use crate::lesson::markup;

/// How a sentence of a lesson's text is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnPaper {
    /// As written (its "the canvas" read as the picture).
    Printed,
    /// Set apart as what to do in the debugger.
    Debugger,
    /// Left out: it only moves the window to the next page.
    Dropped,
}

/// How `sentence` is printed.
pub fn on_paper(sentence: &str) -> OnPaper {
    let s = sentence.trim_start();
    if s.starts_with("Press ") && s.contains("to go on") {
        return OnPaper::Dropped;
    }
    const WINDOW: [&str; 7] = [
        "Press ",
        "Drag ",
        "Now drag ",
        "Type ",
        "Click ",
        "Select ",
        "Then, after the question, select ",
    ];
    let asks_window = WINDOW.iter().any(|w| s.starts_with(w))
        || s.contains("as you drag")
        || s.contains(" press Home")
        || s.contains("on the canvas")
        || s.contains("once you answer")
        || s.starts_with("With the section open");
    if asks_window {
        OnPaper::Debugger
    } else {
        OnPaper::Printed
    }
}

/// The sentences of a paragraph: split after ".", "?" or "!" and a space, before a
/// capital, a mark or a digit.
pub fn sentences(paragraph: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = paragraph.char_indices().collect();
    for w in chars.windows(3) {
        let [(_, end), (space_at, space), (_, next)] = [w[0], w[1], w[2]];
        let boundary = matches!(end, '.' | '?' | '!')
            && space.is_whitespace()
            && (next.is_uppercase() || matches!(next, '*' | '`'));
        if boundary {
            out.push(&paragraph[start..space_at]);
            start = space_at + space.len_utf8();
        }
    }
    out.push(&paragraph[start..]);
    out.into_iter()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// A page's text on paper, as HTML: each paragraph's printed sentences, then what it
/// asks of the debugger set apart; lists as written.
pub fn page_text_html(text: &str) -> Result<String, String> {
    let mut html = String::new();
    for para in paragraphs(text) {
        let para = para.as_str();
        let is_list = para.lines().any(|l| {
            let l = l.trim_start();
            l.starts_with("- ")
                || l.split_once(". ")
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        });
        if is_list {
            html.push_str(&markup_html(para)?);
            continue;
        }
        let joined = para.split_whitespace().collect::<Vec<_>>().join(" ");
        let (mut printed, mut debugger) = (Vec::new(), Vec::new());
        for s in sentences(&joined) {
            match on_paper(s) {
                OnPaper::Printed => printed.push(paper_words(s)),
                OnPaper::Debugger => debugger.push(s.to_string()),
                OnPaper::Dropped => {}
            }
        }
        if !printed.is_empty() {
            html.push_str(&markup_html(&printed.join(" "))?);
        }
        if !debugger.is_empty() {
            let inner = markup_html(&debugger.join(" "))?;
            let inner = inner.trim_end().trim_start_matches("<p>");
            html.push_str(&format!(
                "<p class=\"debugger\"><em>In the debugger:</em> {inner}\n"
            ));
        }
    }
    Ok(html)
}

/// The text's paragraphs and lists: its lines split at blank lines.
fn paragraphs(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    for line in text.lines().chain([""]) {
        if line.trim().is_empty() {
            if !current.is_empty() {
                out.push(current.join("\n"));
                current.clear();
            }
        } else {
            current.push(line);
        }
    }
    out
}

/// A sentence's window words for paper: the canvas is the picture.
fn paper_words(sentence: &str) -> String {
    sentence
        .replace("The canvas ", "The picture ")
        .replace(" the canvas ", " the picture ")
}

/// A click question's prompt on paper: a point is marked on the picture.
pub fn click_prompt_on_paper(prompt: &str) -> String {
    prompt.replace("Click ", "Mark ").replace("click ", "mark ")
}

fn markup_html(text: &str) -> Result<String, String> {
    let blocks = markup::parse(text).map_err(|e| e.message)?;
    Ok(blocks_html(&blocks))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_split_after_a_full_stop_before_a_capital_and_not_in_numbers() {
        assert_eq!(
            sentences("`A[2]` is vertex 2 of A. Press → (or *Next*) to go on."),
            vec!["`A[2]` is vertex 2 of A.", "Press → (or *Next*) to go on."]
        );
        assert_eq!(
            sentences("The point (0.5, 1.5) is it. it stays."),
            vec!["The point (0.5, 1.5) is it. it stays."]
        );
    }

    #[test]
    fn window_sentences_are_set_apart_or_left_out() {
        assert_eq!(on_paper("Press → (or *Next*) to go on."), OnPaper::Dropped);
        // The picture on paper never changes with an answer.
        assert_eq!(
            on_paper(
                "The picture opens on the naive floor; once you answer, it shows the smooth way."
            ),
            OnPaper::Debugger
        );
        assert_eq!(
            on_paper("Drag B a little and watch the labels."),
            OnPaper::Debugger
        );
        assert_eq!(
            on_paper("Press Space to play the steps."),
            OnPaper::Debugger
        );
        assert_eq!(on_paper("GJK stops here."), OnPaper::Printed);
        let html = page_text_html("GJK starts. Press → (or *Next*) to go on.\n\nIt ends. Drag B and watch.\n\n- one\n- two").unwrap();
        assert!(!html.contains("go on"), "{html}");
        assert!(html.contains("<p>GJK starts.</p>"), "{html}");
        assert!(
            html.contains("<p class=\"debugger\"><em>In the debugger:</em> Drag B and watch.</p>"),
            "{html}"
        );
        assert!(html.contains("<li>two</li>"), "{html}");
    }
}
