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

impl SceneError {
    /// A file that could not be read or written (no line: the whole file).
    pub fn io(path: &str, message: String) -> SceneError {
        SceneError {
            path: path.to_string(),
            line: None,
            column: None,
            kind: SceneErrorKind::Io,
            message,
        }
    }
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
            found,
            expected,
            outer,
        } => {
            let what = match outer.as_deref() {
                Some("Geometry") | None => "shape kind",
                Some("LayerId") => "layer",
                Some("SatBias") => "sat_bias",
                Some("ChainMode") => "chain_mode",
                Some("Convention") => "chain convention",
                Some("Precision") => "precision",
                Some(_) => "value",
            };
            format!(
                "unknown {what} `{found}`; expected one of: {}",
                expected.join(", ")
            )
        }
        E::Eof => "the file ends too early (an unclosed bracket?)".to_string(),
        other => other.to_string(),
    }
}

/// A clearer word for RON's "expected integer" / "expected comma" when the value at
/// the error is a number that is not a whole number (`version: 1.0`, `-1`,
/// `gjk_max_iterations: 20.5`): the field and the value. `line_text` is the line of
/// the error, `col` its 1-based column.
pub(super) fn not_whole(code: &ron::Error, line_text: &str, col: usize) -> Option<String> {
    if !matches!(
        code,
        ron::Error::ExpectedInteger | ron::Error::ExpectedComma
    ) {
        return None;
    }
    let chars: Vec<char> = line_text.chars().collect();
    let at = col.saturating_sub(1).min(chars.len());
    // The field: the last `name:` before the error.
    let before: String = chars[..at].iter().collect();
    let colon = before.rfind(':')?;
    let field = before[..colon]
        .trim_end()
        .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
        .next()?
        .to_string();
    let value: String = before[colon + 1..]
        .chars()
        .chain(chars[at..].iter().copied())
        .skip_while(|c| c.is_whitespace())
        .take_while(|c| !matches!(c, ',' | ')' | ']' | '}') && !c.is_whitespace())
        .collect();
    let is_number = value.parse::<f64>().is_ok();
    (is_number && !field.is_empty() && value.parse::<u64>().is_err()).then(|| {
        format!("field `{field}`: `{value}` is not a whole number (expected an integer from 0 up)")
    })
}

fn describe(outer: &str) -> String {
    match outer {
        "Scene" => "the scene".to_string(),
        "Shape" => "a shape".to_string(),
        "Settings" => "settings".to_string(),
        other => format!("`{other}`"),
    }
}
