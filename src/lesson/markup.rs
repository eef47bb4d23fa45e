//! The small Markdown subset of a lesson's text: paragraphs (split by a blank line),
//! lists (lines starting "- " or "1. "), `*emphasis*`, `**strong**` and `` `code` ``.
//! Math is written inline as plain symbols (B − A, v·d, ‖w‖): nothing to parse. The
//! window, the web page and the handout all draw these blocks.
//!
//! A passage that only the window can do (press a key, drag a shape) is marked
//! `{window: Drag B and watch.}`: the window shows its words, the printed handout
//! sets them apart as what to do in the debugger ([`passages`]), or prints its
//! paper wording in their place, `{window: Press → to go on. | paper: }` (an empty
//! one leaves the passage out of the sheet).

/// Opens a window-only passage; `}` closes it.
pub const WINDOW_MARK: &str = "{window:";
/// Inside a window-only passage, starts its paper wording.
pub const PAPER_MARK: &str = "| paper:";

/// How a run of text is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    Plain,
    Emphasis,
    Strong,
    Code,
}

/// A run of text in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    pub text: String,
    pub style: Style,
}

/// A paragraph or a list of items, each item a line of spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    Paragraph(Vec<Span>),
    List {
        ordered: bool,
        items: Vec<Vec<Span>>,
    },
}

/// A markup mistake: the line (from 1, within the text), the column (from 1) and
/// what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkupError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// The text as blocks, or the first unclosed mark.
pub fn parse(text: &str) -> Result<Vec<Block>, MarkupError> {
    let mut blocks = Vec::new();
    // The paragraph's lines: (line number, column of its first character, text).
    let mut para: Vec<(usize, usize, String)> = Vec::new();
    let mut list: Option<(bool, Vec<Vec<Span>>)> = None;
    let flush_para = |para: &mut Vec<(usize, usize, String)>, blocks: &mut Vec<Block>| {
        if para.is_empty() {
            return Ok(());
        }
        let mut all: Vec<Span> = Vec::new();
        let mut open = Open::Shared;
        for (k, (line, col, text)) in para.drain(..).enumerate() {
            if k > 0 && !matches!(open, Open::Paper { .. }) {
                all.push(Span {
                    text: " ".into(),
                    style: Style::Plain,
                });
            }
            all.extend(spans(&text, line, col, &mut open)?);
        }
        open.closed()?;
        blocks.push(Block::Paragraph(merge(all)));
        Ok(())
    };
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let item = list_item(line);
        if line.is_empty() || item.is_some() {
            flush_para(&mut para, &mut blocks)?;
        }
        if let Some((ordered, rest)) = item {
            let col = raw.len() - raw.trim_start().len() + (line.len() - rest.len()) + 1;
            let mut open = Open::Shared;
            let s = spans(rest, n + 1, col, &mut open)?;
            open.closed()?;
            match &mut list {
                Some((o, items)) if *o == ordered => items.push(s),
                _ => {
                    if let Some((o, items)) = list.take() {
                        blocks.push(Block::List { ordered: o, items });
                    }
                    list = Some((ordered, vec![s]));
                }
            }
            continue;
        }
        if line.is_empty() {
            if let Some((o, items)) = list.take() {
                blocks.push(Block::List { ordered: o, items });
            }
            continue;
        }
        if let Some((o, items)) = list.take() {
            blocks.push(Block::List { ordered: o, items });
        }
        para.push((
            n + 1,
            raw.len() - raw.trim_start().len() + 1,
            line.to_string(),
        ));
    }
    flush_para(&mut para, &mut blocks)?;
    if let Some((o, items)) = list.take() {
        blocks.push(Block::List { ordered: o, items });
    }
    Ok(blocks)
}

/// Neighbouring spans of one style as one.
fn merge(spans: Vec<Span>) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    for s in spans {
        match out.last_mut() {
            Some(last) if last.style == s.style => last.text.push_str(&s.text),
            _ => out.push(s),
        }
    }
    out
}

/// "- item" or "3. item": (ordered, the item's text).
fn list_item(line: &str) -> Option<(bool, &str)> {
    if let Some(rest) = line.strip_prefix("- ") {
        return Some((false, rest));
    }
    let digits = line.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0 {
        if let Some(rest) = line[digits..].strip_prefix(". ") {
            return Some((true, rest));
        }
    }
    None
}

/// Where a paragraph's text is: shared by the window and paper, in a window-only
/// passage or in its paper wording (left out of the window), with where it opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Open {
    Shared,
    Window { line: usize, column: usize },
    Paper { line: usize, column: usize },
}

impl Open {
    /// At the start of `rest` (at `column` of `line`): the characters a passage's mark
    /// or its paper wording take, none shown in the window, and `self` moved on; none
    /// when the window shows the first character. A paper wording's start also drops
    /// the spaces before it from `plain`.
    fn step(
        &mut self,
        rest: &[char],
        line: usize,
        column: usize,
        plain: &mut String,
    ) -> Option<usize> {
        let at = |mark: &str| {
            rest.iter()
                .copied()
                .take(mark.chars().count())
                .eq(mark.chars())
        };
        match *self {
            Open::Paper { .. } => {
                if rest[0] == '}' {
                    *self = Open::Shared;
                }
                Some(1)
            }
            Open::Window { .. } if rest[0] == '}' => {
                *self = Open::Shared;
                Some(1)
            }
            Open::Window { line, column } if at(PAPER_MARK) => {
                plain.truncate(plain.trim_end().len());
                *self = Open::Paper { line, column };
                Some(PAPER_MARK.chars().count())
            }
            Open::Shared if at(WINDOW_MARK) => {
                *self = Open::Window { line, column };
                let n = WINDOW_MARK.chars().count();
                Some(n + usize::from(rest.get(n) == Some(&' ')))
            }
            _ => None,
        }
    }

    /// An error unless the paragraph closed its window-only passage.
    fn closed(self) -> Result<(), MarkupError> {
        match self {
            Open::Shared => Ok(()),
            Open::Window { line, column } | Open::Paper { line, column } => Err(MarkupError {
                line,
                column,
                message: format!(
                    "\"{WINDOW_MARK}\" opens a window-only passage that is not closed (\"}}\") in its paragraph"
                ),
            }),
        }
    }
}

/// One line's spans as the window shows them (a window-only passage's words, not
/// its paper wording). `line` and `column` (of the text's first character) only
/// label errors; `open` carries a passage from line to line of a paragraph.
fn spans(
    text: &str,
    line: usize,
    column: usize,
    open: &mut Open,
) -> Result<Vec<Span>, MarkupError> {
    let mut out = Vec::new();
    let mut plain = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let push = |out: &mut Vec<Span>, t: &mut String, style| {
        if !t.is_empty() {
            out.push(Span {
                text: std::mem::take(t),
                style,
            });
        }
    };
    while i < chars.len() {
        if let Some(skip) = open.step(&chars[i..], line, column + i, &mut plain) {
            i += skip;
            continue;
        }
        let (mark, style): (&[char], Style) = match chars[i] {
            '`' => (&['`'], Style::Code),
            '*' if chars.get(i + 1) == Some(&'*') => (&['*', '*'], Style::Strong),
            '*' if chars.get(i + 1).is_some_and(|c| !c.is_whitespace()) => {
                (&['*'], Style::Emphasis)
            }
            c => {
                plain.push(c);
                i += 1;
                continue;
            }
        };
        let start = i + mark.len();
        let close = (start..chars.len()).find(|&k| chars[k..].starts_with(mark));
        let Some(end) = close else {
            return Err(MarkupError {
                line,
                column: column + i,
                message: format!(
                    "\"{}\" opens {} that is not closed on this line",
                    mark.iter().collect::<String>(),
                    match style {
                        Style::Code => "code",
                        Style::Strong => "strong text",
                        _ => "emphasis",
                    }
                ),
            });
        };
        push(&mut out, &mut plain, Style::Plain);
        out.push(Span {
            text: chars[start..end].iter().collect(),
            style,
        });
        i = end + mark.len();
    }
    push(&mut out, &mut plain, Style::Plain);
    Ok(out)
}

/// The blocks as plain text (emphasis dropped, list items on their own lines).
pub fn plain_text(blocks: &[Block]) -> String {
    let line = |s: &[Span]| s.iter().map(|x| x.text.as_str()).collect::<String>();
    let mut parts = Vec::new();
    for b in blocks {
        match b {
            Block::Paragraph(s) => parts.push(line(s)),
            Block::List { ordered, items } => parts.push(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, s)| {
                        if *ordered {
                            format!("{}. {}", i + 1, line(s))
                        } else {
                            format!("• {}", line(s))
                        }
                    })
                    .collect::<Vec<_>>()
                    .join("\n"),
            ),
        }
    }
    parts.join("\n\n")
}

/// A run of a paragraph's text for paper: shared with the window, or a window-only
/// passage with its paper wording if it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Passage {
    Shared(String),
    Window {
        words: String,
        paper: Option<String>,
    },
}

/// A paragraph's passages, in order (the marks as [`parse`] reads them: the first
/// `}` closes a window-only passage, its first `| paper:` starts the paper wording).
pub fn passages(paragraph: &str) -> Vec<Passage> {
    let mut out = Vec::new();
    let shared = |t: &str, out: &mut Vec<Passage>| {
        if !t.trim().is_empty() {
            out.push(Passage::Shared(t.trim().to_string()));
        }
    };
    let mut rest = paragraph;
    while let Some(i) = rest.find(WINDOW_MARK) {
        shared(&rest[..i], &mut out);
        let inner = &rest[i + WINDOW_MARK.len()..];
        let end = inner.find('}').unwrap_or(inner.len());
        let (words, paper) = match inner[..end].split_once(PAPER_MARK) {
            Some((w, p)) => (w, Some(p.trim().to_string())),
            None => (&inner[..end], None),
        };
        out.push(Passage::Window {
            words: words.trim().to_string(),
            paper,
        });
        rest = inner.get(end + 1..).unwrap_or("");
    }
    shared(rest, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_lists_and_marks() {
        let b = parse("A *support* point is `w = b − a`.\nStill the same paragraph.\n\n- one **two**\n- three\n\n1. first\n2. second").unwrap();
        assert_eq!(b.len(), 3);
        let Block::Paragraph(p) = &b[0] else { panic!() };
        assert_eq!(
            p[1],
            Span {
                text: "support".into(),
                style: Style::Emphasis
            }
        );
        assert_eq!(p[3].style, Style::Code);
        assert!(p
            .last()
            .unwrap()
            .text
            .ends_with("Still the same paragraph."));
        assert_eq!(
            b[1],
            Block::List {
                ordered: false,
                items: vec![
                    vec![
                        Span {
                            text: "one ".into(),
                            style: Style::Plain
                        },
                        Span {
                            text: "two".into(),
                            style: Style::Strong
                        }
                    ],
                    vec![Span {
                        text: "three".into(),
                        style: Style::Plain
                    }],
                ]
            }
        );
        assert!(matches!(&b[2], Block::List { ordered: true, items } if items.len() == 2));
        assert_eq!(plain_text(&b[2..]), "1. first\n2. second");
    }

    #[test]
    fn an_unclosed_mark_is_one_error_with_its_place() {
        let e = parse("fine\n\nthis `code is open").unwrap_err();
        assert_eq!((e.line, e.column), (3, 6));
        assert!(e.message.contains("code"), "{}", e.message);
        let e = parse("- a **b").unwrap_err();
        assert_eq!((e.line, e.column), (1, 5));
        // A lone star between spaces is a multiplication, not a mark.
        assert!(parse("a * b").is_ok());
    }

    #[test]
    fn a_window_only_passage_shows_its_words_in_the_window_and_not_its_paper_wording() {
        let text = "GJK stops. {window: Drag *B* and watch.} It ends.\n{window: Press → to go\non. | paper: Turn\nthe sheet.} Done.";
        let b = parse(text).unwrap();
        assert_eq!(
            plain_text(&b),
            "GJK stops. Drag B and watch. It ends. Press → to go on. Done."
        );
        assert_eq!(
            passages(&text.replace('\n', " ")),
            vec![
                Passage::Shared("GJK stops.".into()),
                Passage::Window {
                    words: "Drag *B* and watch.".into(),
                    paper: None
                },
                Passage::Shared("It ends.".into()),
                Passage::Window {
                    words: "Press → to go on.".into(),
                    paper: Some("Turn the sheet.".into())
                },
                Passage::Shared("Done.".into()),
            ]
        );
        // Not closed in its paragraph: the error names where it opened.
        let e = parse("fine\n\nSo. {window: Drag B.\n\nNext.}").unwrap_err();
        assert_eq!((e.line, e.column), (3, 5), "{}", e.message);
        assert!(e.message.contains("window-only"), "{}", e.message);
        // A mark inside a passage keeps its own place.
        let e = parse("  {window: a `b}").unwrap_err();
        assert_eq!((e.line, e.column), (1, 14), "{}", e.message);
    }
}
