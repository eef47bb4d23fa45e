//! A lesson's words on paper. The lesson is written for the window: "Press → to go
//! on", "Drag B and watch", "click the support point". What only the window can do
//! is marked in the lesson's text as a window-only passage (`{window: …}`, see
//! [`markup`]): on a printed sheet it is set apart as "In the debugger:", or its
//! paper wording printed in its place (none: left out, as "Press → to go on": the
//! reader turns the sheet). A click becomes a mark on the picture and "the canvas"
//! the picture.

use super::handout::blocks_html;
use crate::lesson::markup::{self, Passage};

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
/// asks of the debugger set apart; lists as written (as the window shows them).
pub fn page_text_html(text: &str) -> Result<String, String> {
    // The marks as the window reads them, so that paper and window agree.
    markup::parse(text).map_err(|e| e.message)?;
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
        for passage in markup::passages(&joined) {
            match passage {
                Passage::Shared(t) => printed.extend(sentences(&t).into_iter().map(paper_words)),
                Passage::Window { words, paper: None } => debugger.push(words),
                Passage::Window { paper: Some(p), .. } if !p.is_empty() => printed.push(p),
                Passage::Window { .. } => {}
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
    fn window_only_passages_are_set_apart_or_printed_in_their_paper_words() {
        let html = page_text_html(
            "GJK starts. {window: Press → (or *Next*) to go on. | paper:}\n\nIt ends. {window: Drag B and watch.} Then it stops.\n\nA {window: Type it. | paper: Write it down.} B.\n\n- one\n- two",
        )
        .unwrap();
        assert!(!html.contains("go on"), "{html}");
        assert!(html.contains("<p>GJK starts.</p>"), "{html}");
        assert!(html.contains("<p>It ends. Then it stops.</p>"), "{html}");
        assert!(
            html.contains("<p class=\"debugger\"><em>In the debugger:</em> Drag B and watch.</p>"),
            "{html}"
        );
        assert!(html.contains("<p>A Write it down. B.</p>"), "{html}");
        assert!(html.contains("<li>two</li>"), "{html}");
        // A sentence worded for the window but not marked is printed.
        let html = page_text_html("Press Space to play.").unwrap();
        assert_eq!(html.trim(), "<p>Press Space to play.</p>");
        assert!(page_text_html("{window: open").is_err());
    }
}
