//! Names in scene files (shapes, chains, rays): the length and character rule every
//! entry checks, and the form messages print a name in.

/// Longest shape or ray name, characters.
pub const MAX_NAME_CHARS: usize = 200;

/// A name as messages print it: control characters (terminal escapes) escaped, at
/// most 40 characters then "…".
pub fn printable_name(name: &str) -> String {
    let mut out: String = name
        .chars()
        .take(40)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<char>>()
            } else {
                vec![c]
            }
        })
        .collect();
    if name.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// A name is at most [`MAX_NAME_CHARS`] long and holds no control character.
pub(crate) fn check_name(name: &str, what: &str) -> Result<(), String> {
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(format!(
            "{what} name \"{}\" is {n} characters long; at most {MAX_NAME_CHARS} are allowed",
            printable_name(name)
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(format!(
            "{what} name \"{}\" holds a control character (a line break, a tab or a terminal escape)",
            printable_name(name)
        ));
    }
    Ok(())
}
