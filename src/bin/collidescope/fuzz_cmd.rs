//! `collidescope fuzz`: the run with its progress and table, the scenes it writes, and
//! `--peers` (the engines on the same pairs). The summary is returned as text for the
//! caller to write (standard output through the one output writer).

use crate::cli::FuzzArgs;
use crate::fuzz_shrink::{shrink_written, Written};
use collidescope::verify::shrink::Keep;
use std::fmt::Write as _;

/// The fuzzer's progress on stderr: on a terminal one line rewritten at most every
/// second; otherwise a line per 2 %, at most one a second; nothing on runs under a
/// second.
struct ProgressLine {
    count: u64,
    began: std::time::Instant,
    terminal: bool,
    last_print: std::time::Instant,
    last_done: u64,
    printed: bool,
}

impl ProgressLine {
    fn new(count: u64, began: std::time::Instant) -> Self {
        use std::io::IsTerminal;
        ProgressLine {
            count,
            began,
            terminal: std::io::stderr().is_terminal(),
            last_print: began,
            last_done: 0,
            printed: false,
        }
    }

    fn update(&mut self, done: u64, failures: u64) {
        use std::io::Write;
        use std::time::{Duration, Instant};
        let now = Instant::now();
        let elapsed = now - self.began;
        let total = self.count.max(1);
        let step = if self.terminal { 0 } else { total / 50 };
        // The last count is always shown once a line was: it must not end at 97.9 %.
        let last = done >= total && self.printed && self.last_done < done;
        if !last
            && (elapsed < Duration::from_secs(1)
                || now - self.last_print < Duration::from_secs(1)
                || (done < total && done - self.last_done < step.max(1)))
        {
            return;
        }
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        let eta = (total.saturating_sub(done)) as f64 / rate.max(1e-9);
        let line = format!(
            "fuzz: {done}/{} pairs ({:.1} %), {failures} disagreements, {:.0} pairs/s, ~{:.0} s left",
            self.count,
            100.0 * done as f64 / total as f64,
            rate,
            eta
        );
        let mut err = std::io::stderr();
        if self.terminal {
            let _ = write!(err, "\r{line}   ");
        } else {
            let _ = writeln!(err, "{line}");
        }
        let _ = err.flush();
        self.printed = true;
        self.last_print = now;
        self.last_done = done;
    }

    /// Ends the rewritten line on a terminal.
    fn end(&self) {
        if self.printed && self.terminal {
            eprintln!();
        }
    }
}

/// The `--family` that runs chain cases instead of pairs.
const CHAIN_FAMILY: &str = "chain";

/// The `--family` that runs the degenerate cases against Box2D v3 instead of pairs.
const DEGENERATE_FAMILY: &str = "degenerate";

/// The `--family` of a fuzz run, checked.
fn fuzz_family(args: &FuzzArgs) -> Result<Option<collidescope::verify::Family>, String> {
    use collidescope::verify::Family;
    match &args.family {
        None => Ok(None),
        Some(name) => Family::from_name(name).map(Some).ok_or_else(|| {
            let mut names: Vec<&str> = Family::ALL.iter().map(|f| f.name()).collect();
            names.push(CHAIN_FAMILY);
            names.push(DEGENERATE_FAMILY);
            format!("unknown family {name:?}; one of: {}", names.join(", "))
        }),
    }
}

/// The scenes shrunk (unless `--no-shrink`), in words for the summary line: ", 12
/// shrunk" or nothing.
fn shrink_scenes(
    args: &FuzzArgs,
    written: impl Iterator<Item = Written>,
    threads: usize,
) -> String {
    if args.no_shrink {
        return String::new();
    }
    match shrink_written(written.collect(), threads) {
        0 => String::new(),
        n => format!(", {n} shrunk"),
    }
}

/// "1 scene", "2 scenes": a count and its noun.
fn counted(n: usize, noun: &str) -> String {
    match n {
        1 => format!("1 {noun}"),
        n => format!("{n} {noun}s"),
    }
}

/// The machine's cores (the workers' default).
#[cfg(feature = "peers")]
fn num_cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// `--threads`, at most one per core (a larger number is said and capped).
fn threads(asked: Option<usize>, default: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        None => default,
        Some(t) if t > cores => {
            eprintln!("note: --threads {t} is more than the {cores} cores here; using {cores}");
            cores
        }
        Some(t) => t.max(1),
    }
}

/// `collidescope fuzz`: runs, prints progress on stderr (long runs only, at most every
/// second and every 2 %), writes the scenes, and returns the summary table with
/// `true` when no disagreement was found.
pub fn run_fuzz(args: &FuzzArgs) -> Result<(bool, String), String> {
    use collidescope::verify::run;
    use std::time::Instant;
    let mut config = fuzz_config(args)?;
    if args.profile {
        if args.family.as_deref() == Some(CHAIN_FAMILY) {
            return Err("--profile runs pairs, not the chain family".into());
        }
        return crate::profile_cmd::run_profile(args, fuzz_family(args)?);
    }
    if args.family.as_deref() == Some(CHAIN_FAMILY) {
        return run_fuzz_chains(args, &config);
    }
    if args.family.as_deref() == Some(DEGENERATE_FAMILY) {
        return run_fuzz_degenerate(args, &config);
    }
    config.family = fuzz_family(args)?;
    let began = Instant::now();
    let mut line = ProgressLine::new(args.count, began);
    let mut progress = |done: u64, failures: u64| line.update(done, failures);
    let report = run(&config, &mut progress);
    line.end();
    let seconds = began.elapsed().as_secs_f64();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "collidescope fuzz: seed {}, pairs {}..{}, {} threads, our checks in {:.1} s",
        args.seed,
        args.start,
        args.start + report.count,
        config.threads,
        seconds
    );
    out.push_str(&report.table());
    if args.peers {
        run_fuzz_peers(args, &mut out)?;
    }
    if report.is_clean() {
        out.push_str(if args.peers {
            // The engines' disagreements are listed above: this line is ours alone.
            "ours: no disagreements, our answers agree with the exact ones on every check (the engines' disagreements are above)\n"
        } else {
            "no disagreements: our answers agree with the exact ones on every check\n"
        });
        return Ok((true, out));
    }
    list_disagreements(args, &report, config.threads, out)
}

/// The run's configuration, once the arguments pass the checks that need no run: the
/// pair range ends before the last pair index, the `--link` base is one.
fn fuzz_config(args: &FuzzArgs) -> Result<collidescope::verify::FuzzConfig, String> {
    // Pair indices are u64: the run must not wrap past the last one.
    if args.start.checked_add(args.count).is_none() {
        return Err(format!(
            "--start {} plus --count {} passes the last pair index ({}); lower one of them",
            args.start,
            args.count,
            u64::MAX
        ));
    }
    if let Some(base) = &args.link {
        crate::page_link::check_base(base)?;
    }
    let mut config = collidescope::verify::FuzzConfig::new(args.seed, args.count);
    config.start = args.start;
    config.keep = args.max_scenes.max(1);
    config.threads = threads(args.threads, config.threads);
    Ok(config)
}

/// A run with disagreements: their scenes written and shrunk, then listed after `out`
/// (the run's table).
fn list_disagreements(
    args: &FuzzArgs,
    report: &collidescope::verify::FuzzReport,
    threads: usize,
    mut out: String,
) -> Result<(bool, String), String> {
    let written = collidescope::verify::write_scenes(report, &args.out, args.max_scenes)?;
    let shrunk = shrink_scenes(
        args,
        written
            .iter()
            .zip(&report.disagreements)
            .map(|(p, d)| Written {
                path: p.clone(),
                keep: Keep::Check(d.check),
            }),
        threads,
    );
    let headline = format!(
        "{}; {} in {}{shrunk}",
        counted(report.disagreement_count as usize, "disagreement"),
        counted(written.len(), "scene file"),
        args.out.display()
    );
    let details = report.disagreements.iter().take(20).map(|d| {
        format!(
            "pair {} ({}): {}: {}",
            d.index,
            d.family.name(),
            d.check.name(),
            d.detail
        )
    });
    list_written(args, &mut out, &headline, &written, details)?;
    Ok((false, out))
}

/// The scenes a run wrote: the headline (how many, where, how they shrank), each
/// scene's link with `--link`, then the first disagreements, one per line.
fn list_written(
    args: &FuzzArgs,
    out: &mut String,
    headline: &str,
    written: &[std::path::PathBuf],
    details: impl Iterator<Item = String>,
) -> Result<(), String> {
    let _ = writeln!(out, "{headline} (open one with: collidescope FILE)");
    print_links(args, written)?;
    for line in details {
        let _ = writeln!(out, "  {line}");
    }
    Ok(())
}

/// With `--link`: each scene written, read back as the file holds it, as the web
/// page's link (`file: link`), opened on the pair at the answer's step.
fn print_links(args: &FuzzArgs, written: &[std::path::PathBuf]) -> Result<(), String> {
    let Some(base) = &args.link else {
        return Ok(());
    };
    for path in written {
        let scene = collidescope::scene::load_scene(path).map_err(|e| e.to_string())?;
        let url = crate::page_link::answer_link(base, &scene);
        println!("  {}: {url}", path.display());
    }
    Ok(())
}

/// `fuzz --peers`: the engines on the same pairs, their answers classified.
#[cfg(feature = "peers")]
fn run_fuzz_peers(args: &FuzzArgs, out: &mut String) -> Result<(), String> {
    use collidescope::verify::peers::{run_peers, write_peer_scenes};
    let family = fuzz_family(args)?;
    let began = std::time::Instant::now();
    let report = run_peers(
        args.seed,
        args.start,
        args.count,
        family,
        args.max_scenes.max(1),
    );
    let _ = writeln!(
        out,
        "\nengines against the exact reference (tolerance 1e-4 of the pair's size), in {:.1} s:",
        began.elapsed().as_secs_f64()
    );
    out.push_str(&report.table());
    let written = write_peer_scenes(&report, &args.out, args.max_scenes)?;
    let shrunk = shrink_scenes(
        args,
        written.iter().map(|(path, case)| Written {
            path: path.clone(),
            keep: Keep::Engine(case.engine, case.query),
        }),
        threads(args.threads, num_cores()),
    );
    let written: Vec<std::path::PathBuf> = written.into_iter().map(|(p, _)| p).collect();
    let headline = format!(
        "{} in {}{shrunk}",
        counted(written.len(), "engine disagreement scene"),
        args.out.display()
    );
    let details = report.engine_disagreements().take(10).map(|case| {
        // The detail opens with the query's name when its check wrote it: said once.
        let prefix = format!("{}: ", case.query);
        let detail = case.detail.strip_prefix(&prefix).unwrap_or(&case.detail);
        format!(
            "pair {}: {} {}: {detail}",
            case.index,
            case.engine.label(),
            case.query,
        )
    });
    if written.is_empty() {
        // No scene to open: the table above says it all; the details still list.
        for line in details {
            let _ = writeln!(out, "  {line}");
        }
    } else {
        list_written(args, out, &headline, &written, details)?;
    }
    if family.is_none() {
        // The default mix: the degenerate cases too, one per four pairs.
        let mut config = collidescope::verify::FuzzConfig::new(args.seed, args.count / 4);
        config.start = args.start / 4;
        config.keep = args.max_scenes.max(1);
        config.threads = threads(args.threads, config.threads);
        let _ = writeln!(
            out,
            "\ndegenerate cases {}..{} against Box2D v3 (fuzz --family degenerate):",
            config.start,
            config.start + config.count
        );
        degenerate_table(args, &config, out)?;
    }
    Ok(())
}

/// Runs the degenerate cases of `config`, writes their table and disagreements into
/// `out` and their scenes into `--out`; `Ok(true)` when every case agreed with Box2D.
#[cfg(feature = "peers")]
fn degenerate_table(
    args: &FuzzArgs,
    config: &collidescope::verify::FuzzConfig,
    out: &mut String,
) -> Result<bool, String> {
    use collidescope::verify::peers_degenerate::{run_degenerate, write_degenerate_scenes};
    let began = std::time::Instant::now();
    let mut line = ProgressLine::new(config.count, began);
    let mut progress = |done: u64, failures: u64| line.update(done, failures);
    let report = run_degenerate(config, None, &mut progress);
    line.end();
    out.push_str(&report.table());
    if report.is_clean() {
        out.push_str("every degenerate case agrees with Box2D v3\n");
        return Ok(true);
    }
    let written = write_degenerate_scenes(&report, &args.out, args.max_scenes)?;
    let headline = format!(
        "{} from Box2D v3; {} in {}",
        match report.disagreement_count {
            1 => "1 degenerate case differs".to_string(),
            n => format!("{n} degenerate cases differ"),
        },
        counted(written.len(), "scene file"),
        args.out.display()
    );
    let details = report.disagreements.iter().take(20).map(|d| {
        format!(
            "case {} ({}, {}): {}",
            d.index,
            d.family.name(),
            d.variant,
            d.detail
        )
    });
    list_written(args, out, &headline, &written, details)?;
    Ok(false)
}

/// `fuzz --family degenerate`: the degenerate cases against Box2D v3 (manifold, ids,
/// distance iterations and cache), the table on stdout, a scene per disagreement.
#[cfg(feature = "peers")]
fn run_fuzz_degenerate(
    args: &FuzzArgs,
    config: &collidescope::verify::FuzzConfig,
) -> Result<(bool, String), String> {
    if args.peers {
        return Err("--peers runs pairs; the degenerate family already compares with Box2D".into());
    }
    let began = std::time::Instant::now();
    let mut body = String::new();
    let clean = degenerate_table(args, config, &mut body)?;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "collidescope fuzz --family degenerate: seed {}, cases {}..{}, {} threads, {:.1} s",
        args.seed,
        args.start,
        args.start + args.count,
        config.threads,
        began.elapsed().as_secs_f64()
    );
    out.push_str(&body);
    Ok((clean, out))
}

#[cfg(not(feature = "peers"))]
fn run_fuzz_degenerate(
    _args: &FuzzArgs,
    _config: &collidescope::verify::FuzzConfig,
) -> Result<(bool, String), String> {
    Err(crate::cli::NO_PEERS.into())
}

#[cfg(not(feature = "peers"))]
fn run_fuzz_peers(_args: &FuzzArgs, _out: &mut String) -> Result<(), String> {
    Err(crate::cli::NO_PEERS.into())
}

/// `fuzz --family chain`: chain cases against Box2D v3, the agreement table on
/// stdout, a scene per disagreement. `Ok(true)` when every case agreed.
#[cfg(feature = "peers")]
fn run_fuzz_chains(
    args: &FuzzArgs,
    config: &collidescope::verify::FuzzConfig,
) -> Result<(bool, String), String> {
    use collidescope::verify::peers_chain::{run_chains, write_chain_scenes};
    if args.peers {
        return Err("--peers runs pairs; the chain family already compares with Box2D".into());
    }
    let began = std::time::Instant::now();
    let mut line = ProgressLine::new(args.count, began);
    let mut progress = |done: u64, failures: u64| line.update(done, failures);
    let report = run_chains(config, &mut progress);
    line.end();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "collidescope fuzz --family chain: seed {}, cases {}..{}, {} threads, {:.1} s",
        args.seed,
        args.start,
        args.start + report.count,
        config.threads,
        began.elapsed().as_secs_f64()
    );
    out.push_str(&report.table());
    if report.is_clean() {
        out.push_str("no disagreements\n");
        return Ok((true, out));
    }
    let written = write_chain_scenes(&report, &args.out, args.max_scenes)?;
    let shrunk = shrink_scenes(
        args,
        written
            .iter()
            .zip(&report.disagreements)
            .filter_map(|(p, d)| {
                // The first check shrinking can keep (not the case's own ray, which its
                // scene does not hold).
                let check = d.checks.iter().find(|c| c.name() != "chain_ray")?;
                Some(Written {
                    path: p.clone(),
                    keep: Keep::Chain(*check),
                })
            }),
        config.threads,
    );
    let headline = format!(
        "{}; {} in {}{shrunk}",
        counted(report.disagreement_count as usize, "disagreeing case"),
        counted(written.len(), "scene file"),
        args.out.display()
    );
    let details = report.disagreements.iter().take(20).map(|d| {
        let checks: Vec<&str> = d.checks.iter().map(|c| c.name()).collect();
        format!("case {} ({}): {}", d.index, checks.join(", "), d.detail)
    });
    list_written(args, &mut out, &headline, &written, details)?;
    Ok((false, out))
}

#[cfg(not(feature = "peers"))]
fn run_fuzz_chains(
    _args: &FuzzArgs,
    _config: &collidescope::verify::FuzzConfig,
) -> Result<(bool, String), String> {
    Err(crate::cli::NO_PEERS.into())
}
