//! `collidescope lesson check FILE...` and `collidescope export --lesson ID --out DIR`.

use collidescope::lesson::check::check_text;
use collidescope::lesson::library;
use std::path::{Path, PathBuf};

/// `collidescope lesson ...`.
#[derive(clap::Subcommand, Debug)]
pub enum LessonCommand {
    /// Check lesson files: every scene loads, every step exists, every question can be
    /// answered from the algorithm's trace (a drag's condition can be reached), the
    /// text's marks close. A name without a folder or `.ron` (e.g. `gjk`) checks the
    /// library's lesson. Prints each page's answer; exits 1 on the first problem.
    #[command(after_help = "Examples:\n  \
        collidescope lesson check lessons/gjk.ron\n  \
        collidescope lesson check my_lesson.ron\n  \
        collidescope lesson check gjk epa")]
    Check {
        #[arg(required = true, num_args = 1..)]
        files: Vec<PathBuf>,
    },
    /// Print a lesson as the learner meets it, page by page: the text, the step shown
    /// and its narration, the question and its answer read from the trace, and the
    /// narration of the step that shows the answer (a teacher's proofreading view).
    Show {
        /// A lesson file, or the name of a library lesson.
        file: PathBuf,
    },
    /// List the library's lessons.
    List,
}

/// A lesson's text and label: a file, or the library's lesson of that id.
fn lesson_text(file: &Path) -> Result<(String, String), String> {
    let label = file.display().to_string();
    let is_id = file.components().count() == 1 && file.extension().is_none();
    if is_id && !file.exists() {
        if let Some(text) = library::text(&label) {
            return Ok((text.to_string(), format!("lessons/{label}.ron")));
        }
    }
    let text = collidescope::scene::fs::read_text(file).map_err(|e| format!("{label}: {e}"))?;
    Ok((text, label))
}

/// "1 page", "2 pages": a count and its noun.
fn counted(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// Runs a `lesson` command; its output or the first problem.
pub fn run_lesson(command: &LessonCommand) -> Result<String, String> {
    match command {
        LessonCommand::Check { files } => {
            let mut out = String::new();
            for file in files {
                let (text, label) = lesson_text(file)?;
                let (lesson, pages) = check_text(&text, &label).map_err(|e| e.to_string())?;
                out.push_str(&format!(
                    "{label}: \"{}\": {}, {}, all answerable\n",
                    lesson.title,
                    counted(pages.len(), "page"),
                    counted(
                        pages.iter().filter(|p| p.question.is_some()).count(),
                        "question"
                    )
                ));
                for (i, p) in pages.iter().enumerate() {
                    if let Some(q) = &p.question {
                        out.push_str(&format!("  page {}: {q}\n", i + 1));
                    }
                }
            }
            Ok(out)
        }
        LessonCommand::Show { file } => {
            let (text, label) = lesson_text(file)?;
            let lesson =
                collidescope::lesson::parse_lesson(&text, &label).map_err(|e| e.to_string())?;
            Ok(collidescope::lesson::check::proofread(&lesson))
        }
        LessonCommand::List => {
            let mut out = String::new();
            for id in library::ids() {
                match library::lesson(id) {
                    Ok(l) => out.push_str(&format!(
                        "{id:14} {} ({} pages): {}\n",
                        l.title,
                        l.pages.len(),
                        l.goal
                    )),
                    Err(e) => out.push_str(&format!("{id:14} {e}\n")),
                }
            }
            Ok(out)
        }
    }
}

/// `export --lesson ID --out DIR`: the handout, `DIR/ID.html`.
pub fn run_handout(lesson: &str, out: Option<&PathBuf>) -> Result<Vec<PathBuf>, String> {
    let dir = out.ok_or("--lesson needs --out DIR (the folder the handout is written to)")?;
    let (text, label) = lesson_text(Path::new(lesson))?;
    let parsed = collidescope::lesson::parse_lesson(&text, &label).map_err(|e| e.to_string())?;
    let id = Path::new(lesson)
        .file_stem()
        .map(|s| s.to_string_lossy().to_string())
        .unwrap_or_else(|| "lesson".into());
    let html =
        collidescope::render::handout_html(&parsed, &id).map_err(|e| format!("{label}: {e}"))?;
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("{}: cannot create the folder: {e}", dir.display()))?;
    let path = dir.join(format!("{id}.html"));
    collidescope::scene::fs::write_output(&path, html.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(vec![path])
}
