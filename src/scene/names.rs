//! Names in scene files (shapes, chains, rays): the length and character rule every
//! entry checks. Messages print a name through [`super::user_text::shown`].

/// Longest shape or ray name, characters.
pub const MAX_NAME_CHARS: usize = 200;

/// A name is at most [`MAX_NAME_CHARS`] long and holds no control character.
pub(crate) fn check_name(name: &str, what: &str) -> Result<(), String> {
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(format!(
            "{what} name \"{}\" is {n} characters long; at most {MAX_NAME_CHARS} are allowed",
            super::user_text::shown(name)
        ));
    }
    if name.chars().any(char::is_control) {
        return Err(format!(
            "{what} name \"{}\" holds a control character (a line break, a tab or a terminal escape)",
            super::user_text::shown(name)
        ));
    }
    Ok(())
}
