//! Arguments checked before anything runs: numbers (NaN, negative, huge) refused by
//! the option's name through clap's value parsers, a mistyped command suggested, and
//! clap's own output (help, errors) written through the one output writer.

use collidescope::scene::user_text::shown;
use std::ffi::OsString;
use std::process::ExitCode;

/// The commands, for the "did you mean" of a mistyped one.
pub const COMMANDS: [&str; 11] = [
    "report", "export", "import", "fuzz", "hull", "sweep", "shrink", "record", "replay", "lesson",
    "help",
];

/// `--quit-after SECONDS`: a finite number of seconds, above 0, at most a million.
pub fn seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| "expected a number of seconds, such as 2.5".to_string())?;
    if !(v.is_finite() && v > 0.0 && v <= 1.0e6) {
        return Err("expected a number of seconds above 0 and at most 1000000".into());
    }
    Ok(v)
}

/// A distance in scene units: finite, ≥ 0, within the coordinate limit.
pub fn distance(s: &str) -> Result<f32, String> {
    let limit = collidescope::core::consts::MAX_COORDINATE;
    let v: f32 = s
        .trim()
        .parse()
        .map_err(|_| "expected a distance, such as 0.5".to_string())?;
    if !(v.is_finite() && (0.0..=limit).contains(&v)) {
        return Err(format!("expected a distance from 0 to {limit:e}"));
    }
    Ok(v)
}

/// Box2D's linear slop for `hull --slop`: finite, above 0, at most 1.
pub fn slop(s: &str) -> Result<f32, String> {
    let v: f32 = s
        .trim()
        .parse()
        .map_err(|_| "expected a length, such as 0.005".to_string())?;
    if !(v.is_finite() && v > 0.0 && v <= 1.0) {
        return Err("expected a length above 0 and at most 1".into());
    }
    Ok(v)
}

/// A whole number from `min` to `max`, said in words when it is not.
fn whole(s: &str, min: u64, max: u64) -> Result<u64, String> {
    let range = if max == u64::MAX {
        format!("a whole number from {min} up")
    } else {
        format!("a whole number from {min} to {max}")
    };
    match s.trim().parse::<u64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("expected {range}")),
    }
}

/// `fuzz --count`: at least one pair.
pub fn count(s: &str) -> Result<u64, String> {
    whole(s, 1, u64::MAX)
}

/// Any pair index or seed.
pub fn index(s: &str) -> Result<u64, String> {
    whole(s, 0, u64::MAX)
}

/// `fuzz --threads`: at least one (capped at the cores when run).
pub fn threads(s: &str) -> Result<usize, String> {
    whole(s, 1, u64::MAX).map(|v| usize::try_from(v).unwrap_or(usize::MAX))
}

/// `fuzz --max-scenes`: 0 writes none.
pub fn scenes(s: &str) -> Result<usize, String> {
    whole(s, 0, 1_000_000).map(|v| v as usize)
}

/// `--msaa`: the samples a window's OpenGL takes: 1 (off), 2, 4, 8 or 16.
pub fn msaa(s: &str) -> Result<i32, String> {
    match whole(s, 1, 16) {
        Ok(v) if v.is_power_of_two() => Ok(v as i32),
        _ => Err("expected 1 (off), 2, 4, 8 or 16".into()),
    }
}

/// `export --step`: a step number, counted from 1 as the window counts (0 is read, and
/// refused once the algorithm's steps are known, with their range).
pub fn step(s: &str) -> Result<usize, String> {
    whole(s, 0, u32::MAX as u64).map(|v| v as usize)
}

/// The edit distance between two short words (a typo is one or two edits away).
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            let next = (row[j + 1] + 1).min(row[j] + 1).min(prev + cost);
            prev = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// Options of the window that take a value (their value is not a command).
const WINDOW_OPTIONS_WITH_VALUES: [&str; 6] = [
    "--quit-after",
    "--screenshot-dir",
    "--window",
    "--frame-stats",
    "--msaa",
    "--max-input-mb",
];

/// A first word that is neither a command nor an existing file but one or two edits
/// from a command: the error that suggests it (`reprot` → "did you mean 'report'?").
pub fn mistyped_command(argv: &[OsString]) -> Option<String> {
    let mut words = argv.iter().skip(1);
    let word = loop {
        let w = words.next()?.to_string_lossy().to_string();
        if WINDOW_OPTIONS_WITH_VALUES.contains(&w.as_str()) {
            words.next();
            continue;
        }
        if w == "--" {
            return None;
        }
        if !w.starts_with('-') {
            break w;
        }
    };
    if COMMANDS.contains(&word.as_str())
        || std::path::Path::new(&word).exists()
        || word.contains(['.', '/'])
    {
        return None;
    }
    let lower = word.to_lowercase();
    let best = COMMANDS
        .iter()
        .map(|c| (edits(&lower, c), *c))
        .min()
        .filter(|(d, c)| *d <= 2 && *d < c.len());
    let (_, command) = best?;
    Some(format!(
        "'{}' is not a command; did you mean '{command}'? (commands: {}; a scene to open must be an existing file)",
        shown(&word),
        COMMANDS[..COMMANDS.len() - 1].join(", ")
    ))
}

/// clap's help, version or error, written as clap would but through the output
/// writer: help on a full disk or a closed standard output is an error too.
pub fn clap_exit(e: clap::Error) -> ExitCode {
    let text = e.render().to_string();
    if e.use_stderr() {
        eprint!("{text}");
        return ExitCode::from(e.exit_code().clamp(1, 255) as u8);
    }
    match collidescope::scene::fs::write_stdout(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::FAILURE
        }
    }
}

/// The sample recordings' paths as the README writes them (`recordings/box_stack.ron`,
/// `recordings/tiled_floor.b2rec`) open from any folder: where there is no such file,
/// the copy built into the binary is written to the temporary folder and opened in its
/// place, with a note (once: a replay's child process runs the same arguments again).
pub fn with_built_in_recordings(mut cli: crate::cli::Cli) -> Result<crate::cli::Cli, String> {
    #[cfg(feature = "peers")]
    use crate::cli::Command;
    let path = match &mut cli.command {
        None => cli.scene.as_mut(),
        #[cfg(feature = "peers")]
        Some(Command::Record(r)) => Some(&mut r.world),
        #[cfg(feature = "peers")]
        Some(Command::Replay(r)) => Some(&mut r.file),
        Some(_) => None,
    };
    let Some(path) = path else {
        return Ok(cli);
    };
    if let Some(copy) = collidescope::scene::library::built_in_recording(path) {
        let copy = copy?;
        #[cfg(feature = "peers")]
        let child = crate::replay_child::in_child();
        #[cfg(not(feature = "peers"))]
        let child = false;
        if !child {
            eprintln!(
                "note: {}: not in this folder; using the copy built into collidescope",
                path.display()
            );
        }
        *path = copy;
    }
    Ok(cli)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<OsString> {
        std::iter::once("collidescope")
            .chain(words.iter().copied())
            .map(OsString::from)
            .collect()
    }

    #[test]
    fn a_mistyped_command_is_suggested() {
        let e = mistyped_command(&argv(&["reprot", "S"])).unwrap();
        assert!(
            e.starts_with("'reprot' is not a command; did you mean 'report'?"),
            "{e}"
        );
        let e = mistyped_command(&argv(&["--msaa", "1", "exprot"])).unwrap();
        assert!(e.contains("'export'"), "{e}");
        assert!(mistyped_command(&argv(&["report", "S"])).is_none());
        assert!(mistyped_command(&argv(&["scenes/welcome.ron"])).is_none());
        assert!(mistyped_command(&argv(&["zzzzzzzz"])).is_none());
        assert!(mistyped_command(&argv(&[])).is_none());
    }

    #[test]
    fn numbers_are_refused_in_words() {
        assert!(seconds("NaN").is_err());
        assert!(seconds("-1").is_err());
        assert!(seconds("1e300").is_err());
        assert_eq!(seconds("2.5"), Ok(2.5));
        assert_eq!(
            count("-1").unwrap_err(),
            "expected a whole number from 1 up"
        );
        assert!(count("0").is_err());
        assert!(msaa("3").is_err());
        assert_eq!(msaa("4"), Ok(4));
        assert!(distance("inf").is_err());
        assert!(slop("0").is_err());
    }
}
