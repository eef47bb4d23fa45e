//! Every text on a view is a placed label, readable over the picture: for every scene in
//! `scenes/`, every algorithm and every step, in the window's own draw list (the app's
//! state with shape B selected, so its handles and spin label are drawn too; the
//! engines' overlays as when the Peers section is open), the labels the one painter
//! places (window, SVG and PNG alike) have pairwise disjoint boxes, cover no contact
//! point and no origin cross, stay inside their view and off its title, are drawn after
//! every line and dot of their view on a nearly opaque plate, and are crossed by as few
//! lines as the placer could manage — at the default picture size and at a small one,
//! where crowding is worst, and with the presenter setting. Each label sits by its own
//! point: within `REACH` pixels of its anchor, and nearer it than any other label's
//! point unless a leader line ties it to its own (farther too), and over no edge or interval of the
//! step it does not name (another shape's incident edge, a projection interval's end)
//! unless a leader ties it to its own point; no two labels read as one phrase (side by
//! side on one line, or one right under the other, with less than a space between). The grid's
//! numbers lie wholly inside their view, apart from one another, from the title and
//! the scale bar, and no label covers them. In the window's own geometry (cameras
//! fitted when the scene opened, a narrower world view) every SAT step's interval
//! labels are drawn, and on a projector's pictures of the first scenes no line, arrow
//! or outline the painter draws touches a label (`projector.rs`).

mod check;
mod chrome;
mod lessons;
mod projector;
mod readings;
mod window;

use check::{walk, Tally};

#[test]
fn labels_are_placed_apart_and_readable_in_every_scene_algorithm_and_step() {
    // The window's default size, a small one, and a projector's with the presenter
    // setting (text and lines 1.4 times larger).
    let tally = walk(
        false,
        &[((1280, 800), 1.0), ((640, 400), 1.0), ((1280, 720), 1.4)],
    );
    report("without the engines", &tally);
    assert!(tally.pictures > 1000, "{} pictures", tally.pictures);
    lines_keep_off(&tally);
    no_label_reads_on_into_another(&tally);
    // Dropping is the last resort: at the default size nearly every label finds a place.
    assert!(
        tally.drops.len() * 1000 <= tally.pictures,
        "{} of {} pictures at 1280×800 dropped a label: {:#?}",
        tally.drops.len(),
        tally.pictures,
        tally.drops
    );
}

/// Lines keep off the labels: few labels are crossed at all (placed ignoring the lines,
/// 40 % of them were), and at the default size never the words that name the answer's
/// points.
fn lines_keep_off(t: &Tally) {
    // Edges and intervals the step is about stay visible: a label lies over one it
    // does not name in under 1 % of the labels (each of those with a leader).
    assert!(
        t.over_bars.len() * 100 <= t.placed,
        "{} of {} labels over an edge or interval they do not name: {:#?}",
        t.over_bars.len(),
        t.placed,
        &t.over_bars[..t.over_bars.len().min(40)]
    );
    assert!(
        t.crossed * 100 <= t.placed * 5,
        "{} of {} labels crossed by a line",
        t.crossed,
        t.placed
    );
    let answer = ["origin", "closest", "on A", "on B", "A so far", "B so far"];
    let hit: Vec<_> = t
        .crossings
        .iter()
        .filter(|(w, text)| w.ends_with("(1280, 800)") && answer.contains(&text.as_str()))
        .collect();
    assert!(hit.is_empty(), "a line across the answer's words: {hit:#?}");
}

/// Two labels read as one phrase ("A so far" right under the name "A" reads "A A so
/// far") only where crowding leaves nothing else: at the default size and with the
/// presenter setting under 1 in 10,000 labels (none without the engines' labels; one of
/// 37,697 with them: a vertex number beside the name of a chain's box), under 1 in
/// 1,000 at 640×400 (placed without minding it, 3,207 pairs of 104,528 labels did, 696
/// of them at 1280×800).
fn no_label_reads_on_into_another(t: &Tally) {
    let roomy: Vec<_> = t
        .phrases
        .iter()
        .filter(|(w, _)| !w.contains("(640, 400)"))
        .collect();
    assert!(
        roomy.len() * 10_000 <= t.placed,
        "labels read as one phrase: {roomy:#?}"
    );
    assert!(
        t.phrases.len() * 1000 <= t.placed,
        "{} of {} labels read as one phrase with another: {:#?}",
        t.phrases.len(),
        t.placed,
        &t.phrases[..t.phrases.len().min(40)]
    );
}

fn report(what: &str, t: &Tally) {
    eprintln!(
        "{what}: {} pictures: {} labels placed, {} dropped ({} pictures at 1280×800 dropped one); {} labels crossed by a line ({:.1} %)",
        t.pictures,
        t.placed,
        t.dropped,
        t.drops.len(),
        t.crossed,
        100.0 * t.crossed as f64 / t.placed.max(1) as f64
    );
    eprintln!(
        "{what}: {} labels over an edge or interval they do not name; {} pairs read as one phrase",
        t.over_bars.len(),
        t.phrases.len()
    );
    if std::env::var_os("LABELS_VERBOSE").is_some() {
        for (w, text) in &t.crossings {
            eprintln!("  crossed: {w}: {text:?}");
        }
        for (w, text) in &t.over_bars {
            eprintln!("  over a bar: {w}: {text:?}");
        }
        for (w, texts) in &t.phrases {
            eprintln!("  one phrase: {w}: {texts}");
        }
    }
}

#[cfg(feature = "peers")]
#[test]
fn engine_labels_join_without_overlap() {
    // The engines' overlays add their own labels (Box2D, parry) on the same points.
    let tally = walk(true, &[((1280, 800), 1.0)]);
    report("with the engines", &tally);
    lines_keep_off(&tally);
    no_label_reads_on_into_another(&tally);
}
