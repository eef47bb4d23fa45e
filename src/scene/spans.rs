//! Where a value is in a scene's RON text: a small reader of RON's structure (structs,
//! tuples, lists, maps, strings, comments) that follows a path such as `view.split`,
//! `rays[2]` or `expect.terminations{"gjk"}` to the line and column of that field's
//! name (a list element's start, a map entry's key). The checks made after parsing
//! name their line and column through it, never by searching the text for a word.

/// One step of a path into the scene.
#[derive(Clone, Copy, Debug)]
pub enum Step<'a> {
    /// A struct's field: the field's name is located.
    Field(&'a str),
    /// A list's (or tuple's) element, counted from 0.
    Index(usize),
    /// A map's entry by its string key: the key is located.
    Key(&'a str),
}

/// The 1-based line and column of the value `path` leads to in `text`, or of the
/// deepest step found when a later one is absent (a field left to its default);
/// `None` when not even the first is there.
pub fn locate(text: &str, path: &[Step]) -> Option<(usize, usize)> {
    let mut c = Cursor {
        b: text.as_bytes(),
        i: 0,
    };
    c.ws();
    let mut found = None;
    for step in path {
        let Some(at) = c.step(*step) else { break };
        found = Some(at);
    }
    found.map(|at| line_column(text, at))
}

/// The index of the entry of the list at `list` whose text holds the 1-based `line`
/// and `column` (in characters), or ends just before it (a parser reports an entry's
/// error where the entry closes). None when the list is not found or the place lies
/// outside its entries.
pub fn entry_at(text: &str, list: &[Step], line: usize, column: usize) -> Option<usize> {
    let at = byte_of(text, line, column)?;
    let mut c = Cursor {
        b: text.as_bytes(),
        i: 0,
    };
    c.ws();
    for step in list {
        c.step(*step)?;
    }
    if !c.open(b"[") {
        return None;
    }
    let mut k = 0;
    while c.next_entry() {
        let start = c.i;
        c.skip_value();
        if start <= at && at <= c.i + 1 {
            return Some(k);
        }
        if c.i <= start {
            return None; // no progress: not a list this cursor reads
        }
        k += 1;
    }
    None
}

/// The byte offset of a 1-based line and column (in characters); None past the text.
fn byte_of(text: &str, line: usize, column: usize) -> Option<usize> {
    let start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2)?.0 + 1
    };
    let rest = &text[start..];
    let within = rest
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(rest.len(), |(i, _)| i);
    Some(start + within)
}

/// 1-based line and column (in characters) of byte `at`.
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |k| k + 1);
    (line, before[start..].chars().count() + 1)
}

struct Cursor<'a> {
    b: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Skips white space and comments (`//` to the line's end, `/* */`).
    fn ws(&mut self) {
        loop {
            while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
                self.i += 1;
            }
            if self.b[self.i..].starts_with(b"//") {
                while self.peek().is_some_and(|c| c != b'\n') {
                    self.i += 1;
                }
            } else if self.b[self.i..].starts_with(b"/*") {
                self.i += 2;
                while self.i < self.b.len() && !self.b[self.i..].starts_with(b"*/") {
                    self.i += 1;
                }
                self.i = (self.i + 2).min(self.b.len());
            } else {
                return;
            }
        }
    }

    fn is_word(c: u8) -> bool {
        c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'+' | b'-') || c >= 0x80
    }

    /// A word (an identifier, a number, `true`): its text.
    fn word(&mut self) -> &[u8] {
        let start = self.i;
        while self.peek().is_some_and(Self::is_word) {
            self.i += 1;
        }
        &self.b[start..self.i]
    }

    /// A string or char literal starting at the quote: its content, escapes kept.
    fn quoted(&mut self) -> &[u8] {
        let quote = self.b[self.i];
        self.i += 1;
        let start = self.i;
        while let Some(c) = self.peek() {
            if c == b'\\' {
                self.i += 2;
                continue;
            }
            if c == quote {
                break;
            }
            self.i += 1;
        }
        let end = self.i.min(self.b.len());
        self.i = (self.i + 1).min(self.b.len());
        &self.b[start..end]
    }

    /// Skips one value: an optional name then a bracketed body, a string, or a word.
    fn skip_value(&mut self) {
        self.ws();
        match self.peek() {
            Some(b'"') | Some(b'\'') => {
                self.quoted();
            }
            Some(b'(') | Some(b'[') | Some(b'{') => self.skip_brackets(),
            Some(_) => {
                self.word();
                self.ws();
                if self.peek() == Some(b'(') {
                    self.skip_brackets();
                }
            }
            None => {}
        }
    }

    /// Skips a bracketed body and its nested brackets, strings and comments.
    fn skip_brackets(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.peek() {
            match c {
                b'"' | b'\'' => {
                    self.quoted();
                    continue;
                }
                b'/' if self.b[self.i..].starts_with(b"//")
                    || self.b[self.i..].starts_with(b"/*") =>
                {
                    self.ws();
                    continue;
                }
                b'(' | b'[' | b'{' => depth += 1,
                b')' | b']' | b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.i += 1;
                        return;
                    }
                }
                _ => {}
            }
            self.i += 1;
        }
    }

    /// Enters the value at the cursor (past an optional name) up to its opening
    /// bracket, which must be `open`.
    fn open(&mut self, open: &[u8]) -> bool {
        self.ws();
        if self.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
            self.word();
            self.ws();
        }
        if self.peek().is_some_and(|c| open.contains(&c)) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    /// Past a `,` between entries; false at the closing bracket or the end.
    fn next_entry(&mut self) -> bool {
        self.ws();
        if self.peek() == Some(b',') {
            self.i += 1;
            self.ws();
        }
        !matches!(self.peek(), None | Some(b')') | Some(b']') | Some(b'}'))
    }

    /// Follows one step from the value at the cursor; the cursor ends on the step's
    /// value, and the byte offset located is returned.
    fn step(&mut self, step: Step) -> Option<usize> {
        match step {
            Step::Field(name) => {
                if !self.open(b"(") {
                    return None;
                }
                loop {
                    self.ws();
                    if !self.next_entry() {
                        return None;
                    }
                    let at = self.i;
                    let word = self.word().to_vec();
                    self.ws();
                    if self.peek() != Some(b':') {
                        return None; // a tuple, not a struct
                    }
                    self.i += 1;
                    if word == name.as_bytes() {
                        self.ws();
                        return Some(at);
                    }
                    self.skip_value();
                }
            }
            Step::Index(k) => {
                if !self.open(b"[(") {
                    return None;
                }
                let mut n = 0;
                loop {
                    if !self.next_entry() {
                        return None;
                    }
                    if n == k {
                        return Some(self.i);
                    }
                    self.skip_value();
                    n += 1;
                }
            }
            Step::Key(key) => {
                if !self.open(b"{") {
                    return None;
                }
                loop {
                    if !self.next_entry() {
                        return None;
                    }
                    let at = self.i;
                    let found = match self.peek() {
                        Some(b'"') => self.quoted() == key.as_bytes(),
                        _ => {
                            self.skip_value();
                            false
                        }
                    };
                    self.ws();
                    if self.peek() == Some(b':') {
                        self.i += 1;
                    }
                    self.ws();
                    if found {
                        return Some(at);
                    }
                    self.skip_value();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Step::*;
    use super::*;

    const TEXT: &str = r#"(
    version: 1,
    title: "view rays (and a paren",
    notes: "split: view: rays:", // rays: in a comment
    shapes: [
        (name: "A", geometry: Circle(radius: 1.0), position: (0.0, 0.0), angle: 0.0),
        /* a (comment] */ (name: "B", geometry: Polygon(points: [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)], radius: 0.0),
         position: (2.0, 0.0), angle: 0.0),
    ],
    rays: [(name: "R", origin: (0.0, 0.0), translation: (1.0, 0.0)),
           (name: "S", origin: (0.0, 1.0), translation: (1.0, 0.0))],
    view: (a: "A",
           split: 2.0),
    expect: (terminations: {"gjk": "converged", "epa": "x"}, overlap: "maybe"),
)"#;

    #[test]
    fn paths_lead_to_their_field_not_to_the_first_word_alike() {
        assert_eq!(
            locate(TEXT, &[Field("view"), Field("split")]),
            Some((13, 12))
        );
        assert_eq!(locate(TEXT, &[Field("rays"), Index(1)]), Some((11, 12)));
        assert_eq!(
            locate(TEXT, &[Field("shapes"), Index(1), Field("name")]),
            Some((7, 28))
        );
        assert_eq!(
            locate(TEXT, &[Field("expect"), Field("terminations"), Key("epa")]),
            Some((14, 49))
        );
        assert_eq!(
            locate(TEXT, &[Field("expect"), Field("overlap")]),
            Some((14, 62))
        );
    }

    #[test]
    fn a_place_in_a_list_names_its_entry() {
        // Line 6 is shape A; B opens on line 7, its `)` is line 8, column 42.
        assert_eq!(entry_at(TEXT, &[Field("shapes")], 6, 30), Some(0));
        assert_eq!(entry_at(TEXT, &[Field("shapes")], 8, 43), Some(1));
        assert_eq!(entry_at(TEXT, &[Field("shapes")], 8, 44), Some(1));
        assert_eq!(entry_at(TEXT, &[Field("shapes")], 2, 5), None);
        assert_eq!(entry_at(TEXT, &[Field("settings")], 6, 30), None);
        assert_eq!(entry_at(TEXT, &[Field("shapes")], 400, 1), None);
    }

    #[test]
    fn an_absent_field_gives_its_deepest_parent() {
        assert_eq!(locate(TEXT, &[Field("view"), Field("b")]), Some((12, 5)));
        assert_eq!(locate(TEXT, &[Field("settings")]), None);
        assert_eq!(locate("", &[Field("view")]), None);
        assert_eq!(
            locate("(view: (", &[Field("view"), Field("split")]),
            Some((1, 2))
        );
    }
}
