//! Why a scene could not be loaded or saved ([`SceneError`]), and RON's messages
//! reworded where they name internal types.

use std::fmt;

/// What kind of problem a scene file has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SceneErrorKind {
    /// The file could not be read (missing, a directory, no permission) or written.
    Io,
    /// The file is empty.
    Empty,
    /// RON syntax, a missing or unknown field, a wrong type, an unknown version, an
    /// invalid shape or setting: anything found while parsing.
    Invalid,
    /// Two shapes share a name.
    DuplicateName,
}

/// A scene that could not be loaded or saved.
#[derive(Clone, Debug, PartialEq)]
pub struct SceneError {
    pub path: String,
    /// 1-based line and column, where known.
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub kind: SceneErrorKind,
    pub message: String,
}

impl fmt::Display for SceneError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, "{}:{l}:{c}: {}", self.path, self.message),
            (Some(l), None) => write!(f, "{}:{l}: {}", self.path, self.message),
            _ => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

impl std::error::Error for SceneError {}

/// Turns RON's wording into ours where it names internal types.
pub(super) fn friendly(code: &ron::Error) -> String {
    use ron::Error as E;
    match code {
        E::Message(m) => m.clone(),
        E::MissingStructField { field, outer } => match outer {
            Some(o) => format!("missing field `{field}` in {}", describe(o)),
            None => format!("missing field `{field}`"),
        },
        E::NoSuchStructField {
            found: field,
            expected,
            outer,
        } => format!(
            "unknown field `{field}` in {}; expected one of: {}",
            outer
                .as_deref()
                .map(describe)
                .unwrap_or_else(|| "a struct".into()),
            expected.join(", ")
        ),
        E::NoSuchEnumVariant {
            found, expected, ..
        } => format!(
            "unknown shape kind `{found}`; expected one of: {}",
            expected.join(", ")
        ),
        E::Eof => "the file ends too early (an unclosed bracket?)".to_string(),
        other => other.to_string(),
    }
}

fn describe(outer: &str) -> String {
    match outer {
        "Scene" => "the scene".to_string(),
        "Shape" => "a shape".to_string(),
        "Settings" => "settings".to_string(),
        other => format!("`{other}`"),
    }
}
