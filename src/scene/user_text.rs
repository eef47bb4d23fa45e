//! User text in messages: the one function every message shows a name, a title, a
//! `--pair` value or any other text the user typed through ([`shown`]), so that no
//! terminal escape reaches the terminal, no bidi override turns a line around and no
//! long text makes a long message.

/// The most characters [`shown`] gives (escapes counted as written), "…" included.
pub const SHOWN_CHARS: usize = 64;

/// `text` as a message shows it: control characters escaped (`\n`, `\t`, `\u{1b}` —
/// so an ESC sequence is shown, not run), and so are the invisible characters that
/// change how text reads: bidi controls (U+202E turns a line around), zero-width
/// characters, the byte-order mark, line and paragraph separators and the other
/// format characters; cut after [`SHOWN_CHARS`] characters with "…".
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    // Where each piece began (bytes of `out`, characters shown before it), to cut
    // between pieces: an escape is never cut in half.
    let mut starts: Vec<(usize, usize)> = Vec::new();
    let mut used = 0;
    for c in text.chars() {
        let piece = if c.is_control() || is_invisible(c) {
            c.escape_default().to_string()
        } else {
            c.to_string()
        };
        starts.push((out.len(), used));
        out.push_str(&piece);
        used += piece.chars().count();
        if used > SHOWN_CHARS {
            while used > SHOWN_CHARS - 1 {
                let Some((bytes, before)) = starts.pop() else {
                    break;
                };
                out.truncate(bytes);
                used = before;
            }
            out.push('…');
            return out;
        }
    }
    out
}

/// A character that is not shown but changes how the text around it reads: Unicode's
/// format characters (general category Cf: bidi controls, zero-width spaces and
/// joiners, the word joiner and invisible operators, the soft hyphen, tags), line and
/// paragraph separators, the Hangul fillers, the combining grapheme joiner and the
/// noncharacters U+FFFE and U+FFFF.
pub fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{0600}'..='\u{0605}'
            | '\u{061C}'
            | '\u{06DD}'
            | '\u{070F}'
            | '\u{0890}'..='\u{0891}'
            | '\u{08E2}'
            | '\u{115F}'..='\u{1160}'
            | '\u{180E}'
            | '\u{200B}'..='\u{200F}'
            | '\u{2028}'..='\u{202E}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF9}'..='\u{FFFB}'
            | '\u{FFFE}'..='\u{FFFF}'
            | '\u{110BD}'
            | '\u{110CD}'
            | '\u{13430}'..='\u{1343F}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0001}'
            | '\u{E0020}'..='\u{E007F}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_text_is_kept() {
        assert_eq!(shown("Box A"), "Box A");
        assert_eq!(shown("Würfel ∆"), "Würfel ∆");
        assert_eq!(shown(""), "");
    }

    #[test]
    fn escapes_and_invisible_characters_are_shown_as_escapes() {
        assert_eq!(shown("a\u{1b}]0;pwned\u{7}b"), "a\\u{1b}]0;pwned\\u{7}b");
        assert_eq!(shown("x\ny\tz"), "x\\ny\\tz");
        assert_eq!(shown("abc\u{202E}fed"), "abc\\u{202e}fed");
        assert_eq!(shown("a\u{200B}b\u{FEFF}"), "a\\u{200b}b\\u{feff}");
        assert_eq!(shown("\u{9b}31m"), "\\u{9b}31m", "C1 CSI");
        assert_eq!(shown("tag\u{E0041}"), "tag\\u{e0041}");
        for c in shown("\u{2066}\u{2067}\u{2068}\u{2069}\u{061C}").chars() {
            assert!(!is_invisible(c) && !c.is_control(), "{c:?}");
        }
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let long = "n".repeat(10_000);
        let s = shown(&long);
        assert_eq!(s.chars().count(), SHOWN_CHARS);
        assert!(s.ends_with('…'));
        // Exactly the limit: kept whole; one more: cut.
        let exact = "m".repeat(SHOWN_CHARS);
        assert_eq!(shown(&exact), exact);
        let over = "m".repeat(SHOWN_CHARS + 1);
        assert_eq!(shown(&over), format!("{}…", "m".repeat(SHOWN_CHARS - 1)));
        // Escapes count as written: an escape is never cut in half.
        let escapes = "\u{1b}".repeat(100);
        let s = shown(&escapes);
        assert!(s.chars().count() <= SHOWN_CHARS, "{s}");
        assert!(s.ends_with("}…"), "{s}");
    }
}
