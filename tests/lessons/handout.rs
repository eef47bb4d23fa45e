//! The printed handout of every library lesson: a question's sheet does not print its
//! answer (the labels the window leaves out until the question is settled), the
//! words are for paper, and an answer that points at a picture has one.

use super::*;
use collidescope::lesson::markup;
use collidescope::render::{handout_html, question_hidden_labels};

/// Each sheet of a handout: its id (`page-3`, `answers`) and its HTML.
fn sheets(html: &str) -> Vec<(String, String)> {
    html.split("<section class=\"sheet\" id=\"")
        .skip(1)
        .map(|s| {
            let id = s[..s.find('"').unwrap()].to_string();
            let body = s[..s.find("</section>").unwrap()].to_string();
            (id, body)
        })
        .collect()
}

/// The text of every `<text>` element of `html` (its lines joined with a space),
/// with the HTML escapes undone.
fn svg_texts(html: &str) -> Vec<String> {
    html.split("<text")
        .skip(1)
        .map(|t| {
            let t = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            let mut out = String::new();
            let mut in_tag = false;
            for c in t.chars() {
                match c {
                    '<' => in_tag = true,
                    '>' => {
                        in_tag = false;
                        out.push(' ');
                    }
                    c if !in_tag => out.push(c),
                    _ => {}
                }
            }
            unescape(
                out.split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .as_str(),
            )
        })
        .collect()
}

fn unescape(s: &str) -> String {
    s.replace("&apos;", "'")
        .replace("&quot;", "\"")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// The handout of every library lesson, by id.
fn handouts() -> Vec<(&'static str, collidescope::lesson::Lesson, String)> {
    library::ids()
        .into_iter()
        .map(|id| {
            let lesson = library::lesson(id).unwrap();
            let html = handout_html(&lesson, id).unwrap_or_else(|e| panic!("{id}: {e}"));
            (id, lesson, html)
        })
        .collect()
}

#[test]
fn no_question_sheet_prints_the_labels_that_write_its_answer() {
    let mut checked = 0;
    let mut found = Vec::new();
    for (id, lesson, html) in handouts() {
        let sheets = sheets(&html);
        for (i, page) in lesson.pages.iter().enumerate() {
            // The labels the window leaves out on this page until it is settled.
            // (A bare number, a vertex's, is also a tick of the grid: not looked for.)
            let hidden: HashSet<String> = question_hidden_labels(page)
                .into_iter()
                .flat_map(|l| page_labels(page, l))
                .filter(|t| t.parse::<f64>().is_err())
                .collect();
            let sheet = &sheets
                .iter()
                .find(|(s, _)| *s == format!("page-{}", i + 1))
                .unwrap()
                .1;
            for text in svg_texts(sheet) {
                if hidden.contains(&text) {
                    found.push(format!("{id} page {}: \"{text}\"", i + 1));
                }
            }
            checked += hidden.len();
        }
    }
    assert!(checked >= 10, "only {checked} labels to look for");
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_depth_and_the_separation_function_are_not_printed_with_their_questions() {
    let all = handouts();
    let html = |id: &str| &all.iter().find(|h| h.0 == id).unwrap().2;
    // EPA asks the penetration depth on a page whose picture wrote "d = 1.5615".
    let epa = library::lesson("epa").unwrap();
    let depth = epa
        .pages
        .iter()
        .position(|p| p.question.as_ref().is_some_and(|q| q.ask == Ask::Depth))
        .unwrap();
    let texts = svg_texts(&sheets(html("epa"))[depth + 1].1);
    assert!(!texts.iter().any(|t| t.starts_with("d = ")), "{texts:?}");
    assert!(!texts.iter().any(|t| t == "support"), "{texts:?}");
    // The time of impact asks which separation function: neither the picture's axis
    // label nor the s(t) plot's caption names it.
    let toi = library::lesson("toi").unwrap();
    let which = toi
        .pages
        .iter()
        .position(|p| {
            p.question
                .as_ref()
                .is_some_and(|q| q.ask == Ask::SeparationFunction)
        })
        .unwrap();
    let sheet = &sheets(html("toi"))[which + 1].1;
    let texts = svg_texts(sheet);
    assert!(
        sheet.matches("<svg").count() == 2,
        "the picture and the s(t) plot"
    );
    assert!(
        !texts
            .iter()
            .any(|t| t.contains("A's face") || t.contains("B's face") || t.contains("axis:")),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.contains("along the axis from")),
        "{texts:?}"
    );
    // The next page, with no question, names it.
    let next = svg_texts(&sheets(html("toi"))[which + 2].1).join(" ");
    assert!(next.contains("(A's face)"), "{next}");
}

#[test]
fn every_point_answer_has_its_picture_with_the_point_ringed() {
    let mut points = 0;
    for (id, lesson, html) in handouts() {
        let answers = &html[html.find("id=\"answers\"").unwrap()..];
        let entries: Vec<&str> = answers.split("<li value=").skip(1).collect();
        let asked: Vec<_> = lesson
            .pages
            .iter()
            .filter_map(|p| p.question.as_ref())
            .collect();
        assert_eq!(entries.len(), asked.len(), "{id}");
        for (entry, q) in entries.iter().zip(asked) {
            let point = q.ask.form() == Form::Click;
            let words = entry.contains("ringed in the picture below");
            assert_eq!(words, point, "{id}: {entry:.200}");
            if point {
                points += 1;
                assert_eq!(entry.matches("<svg").count(), 1, "{id}: {entry:.200}");
                assert!(
                    entry.contains("<circle class=\"ring\""),
                    "{id}: {entry:.200}"
                );
            } else {
                assert!(!entry.contains("<svg"), "{id}: {entry:.200}");
            }
            assert!(!entry.contains("canvas"), "{id}: {entry:.200}");
        }
    }
    assert!(points >= 5, "{points} point answers");
}

/// A handout's words outside its pictures and its "In the debugger:" notes.
fn paper_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    // Cut the pictures and the debugger's notes out.
    loop {
        let cut = [
            ("<svg", "</svg>"),
            ("<p class=\"debugger\">", "</p>"),
            ("<span class=\"debugger\">", "</span>"),
        ]
        .iter()
        .filter_map(|(open, close)| rest.find(open).map(|i| (i, *close)))
        .min_by_key(|(i, _)| *i);
        match cut {
            Some((i, close)) => {
                out.push_str(&rest[..i]);
                let end = i + rest[i..].find(close).unwrap() + close.len();
                rest = &rest[end..];
            }
            None => {
                out.push_str(rest);
                break;
            }
        }
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in out.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    unescape(&text)
}

#[test]
fn no_handout_asks_for_the_window_outside_its_debugger_notes() {
    const WINDOW: [&str; 10] = [
        "press Enter",
        "Type the number",
        "to go on",
        "(or Next)",
        "canvas",
        "Click ",
        "click ",
        "Press ",
        "Drag ",
        "drag the",
    ];
    let mut found = Vec::new();
    let mut notes = 0;
    for (id, _, html) in handouts() {
        notes += html
            .matches("class=\"debugger\"><em>In the debugger:</em>")
            .count();
        let text = paper_text(&html);
        for w in WINDOW {
            for (i, _) in text.match_indices(w) {
                let from = text[..i].char_indices().rev().nth(40).map_or(0, |(j, _)| j);
                found.push(format!(
                    "{id}: \"{w}\" in \"…{}…\"",
                    &text[from..(i + w.len())]
                ));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    assert!(notes >= 5, "{notes} notes for the debugger");
}

#[test]
fn no_two_pictures_of_a_handout_share_an_id() {
    // A clip named twice on one page clips every picture to the first one's.
    for (id, _, html) in handouts() {
        let mut seen = HashSet::new();
        for svg in html.split("<svg").skip(1) {
            let svg = &svg[..svg.find("</svg>").unwrap()];
            let ids: HashSet<&str> = svg
                .split(" id=\"")
                .skip(1)
                .map(|s| &s[..s.find('"').unwrap()])
                .collect();
            // An SVG printed twice (the same picture) may repeat its own ids.
            let first = ids.iter().next().copied();
            if first.is_some_and(|f| seen.contains(f)) && ids.iter().all(|i| seen.contains(*i)) {
                continue;
            }
            for i in ids {
                assert!(seen.insert(i.to_string()), "{id}: id \"{i}\" twice");
            }
        }
    }
}

/// Whether `text` counts steps or iterations: "… k of n".
fn counts(text: &str) -> bool {
    let words: Vec<&str> = text.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    words
        .windows(3)
        .any(|w| w[1] == "of" && w[0].parse::<usize>().is_ok() && w[2].parse::<usize>().is_ok())
}

/// A question's picture header says neither which step of how many it shows ("step 3
/// of 3" answers "does GJK stop at this step?") nor the scene's title (which may name
/// what happens); a page without a question keeps both.
#[test]
fn a_question_sheet_prints_no_step_counter_nor_the_scenes_title() {
    let mut asked = 0;
    let mut told = 0;
    let mut found = Vec::new();
    for (id, lesson, html) in handouts() {
        let sheets = sheets(&html);
        for (i, page) in lesson.pages.iter().enumerate() {
            let sheet = &sheets
                .iter()
                .find(|(s, _)| *s == format!("page-{}", i + 1))
                .unwrap()
                .1;
            let title = page_scene(page).unwrap().title;
            let texts = svg_texts(sheet);
            let counted = texts.iter().any(|t| counts(t));
            let titled = !title.trim().is_empty() && texts.iter().any(|t| t.contains(title.trim()));
            if page.question.is_some() {
                asked += 1;
                if counted || titled {
                    found.push(format!("{id} page {}: {texts:?}", i + 1));
                }
            } else if counted {
                told += 1;
            }
        }
    }
    assert!(asked >= 30, "{asked}");
    assert!(
        told >= 10,
        "only {told} pages without a question count steps"
    );
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The turning time of impact's s(t) plot draws the core distance over the step: on a
/// page that asks whether the shapes touch it would show the answer, so that sheet
/// leaves it out; a page asking something else keeps it.
#[test]
fn the_plot_that_answers_does_the_bar_touch_is_left_off_its_sheet() {
    let lesson = library::lesson("toi").unwrap();
    let html = handout_html(&lesson, "toi").unwrap();
    let sheets = sheets(&html);
    let sheet = |title: &str| {
        let k = page_titled(&lesson, title);
        sheets[k + 1].1.clone()
    };
    let plotted = |s: &str| {
        svg_texts(s)
            .iter()
            .any(|t| t.contains("core distance d(t)"))
    };
    let touch = sheet("Turning shapes: the ends of the step lie");
    assert!(touch.contains("Does the spinning bar touch"), "{touch}");
    assert!(!plotted(&touch));
    assert!(plotted(&sheet("Separation functions")));
    // The root finder's page asks the time of impact: the plot's iterates mark it.
    assert!(!plotted(&sheet("The root finder")));
    assert!(plotted(&sheet("The answer")));
    // The window asks the same: no plot until the question is settled.
    let k = page_titled(&lesson, "Turning shapes: the ends of the step lie");
    assert!(!collidescope::lesson::shows_plot(&lesson.pages[k], false));
    assert!(collidescope::lesson::shows_plot(&lesson.pages[k], true));
}

/// The number after `key` in `text`, up to `unit`.
fn number_after(text: &str, key: &str, unit: &str) -> f32 {
    let at = text
        .find(key)
        .unwrap_or_else(|| panic!("no {key} in {text}"))
        + key.len();
    let rest = &text[at..];
    rest[..rest.find(unit).unwrap()].trim().parse().unwrap()
}

/// On paper a page's question stays whole (its choices on one sheet) with its
/// picture, and the pictures' text prints at 7 points or more: each SVG printed at
/// the size the print style gives it (at most its own size, the width between an A4
/// sheet's margins, the pictures' height limit), its smallest font scaled to points.
#[test]
fn on_paper_questions_stay_whole_and_picture_text_is_seven_points_or_more() {
    let mut svgs = 0;
    for (id, _, html) in handouts() {
        let style = &html[html.find("<style>").unwrap()..html.find("</style>").unwrap()];
        let print = &style[style.find("@media print").unwrap()..];
        let avoid = &print[print
            .find("break-inside:avoid")
            .expect("nothing kept whole")
            - 40..];
        assert!(
            avoid.contains(".question") && avoid.contains(".picture"),
            "{print}"
        );
        let margin_cm = number_after(style, "@page{margin:", "cm");
        let max_height_cm = number_after(print, "max-height:", "cm");
        let px = |cm: f32| cm / 2.54 * 96.0;
        let (width_px, height_px) = (px(21.0 - 2.0 * margin_cm), px(max_height_cm));
        for svg in html.split("<svg ").skip(1) {
            let svg = &svg[..svg.find("</svg>").unwrap()];
            let w = number_after(svg, "width=\"", "\"");
            let h = number_after(svg, "height=\"", "\"");
            let scale = 1f32.min(width_px / w).min(height_px / h);
            let smallest = svg
                .split("font-size=\"")
                .skip(1)
                .map(|s| s[..s.find('"').unwrap()].parse::<f32>().unwrap())
                .fold(f32::MAX, f32::min);
            let points = smallest * scale * 0.75;
            assert!(
                points >= 7.0,
                "{id}: a {w}×{h} picture's {smallest}px text prints at {points:.1} pt"
            );
            svgs += 1;
        }
    }
    assert!(svgs >= 60, "{svgs}");
}

#[test]
fn a_marked_sentence_of_a_new_lesson_goes_to_the_debuggers_note_however_it_is_worded() {
    // Worded as no built-in lesson words it: only the mark sets it apart.
    let text = "GJK looks for the point of *B − A* nearest the origin. {window: Wiggle B \
                with the mouse until the simplex flips.} Its answer is a distance.\n\n\
                {window: Hit the right arrow. | paper:} {window: Key in the distance. | paper: \
                Write the distance in the margin.}";
    let lesson_text = GOOD.replace("Some *text*.", text);
    let lesson = parse_lesson(&lesson_text, "new.ron").unwrap();
    check_text(&lesson_text, "new.ron").unwrap();
    let html = handout_html(&lesson, "new").unwrap();
    let page = &sheets(&html)
        .into_iter()
        .find(|(id, _)| id == "page-1")
        .unwrap()
        .1;
    assert!(
        page.contains(
            "<p>GJK looks for the point of <em>B − A</em> nearest the origin. Its answer is a distance.</p>\n\
             <p class=\"debugger\"><em>In the debugger:</em> Wiggle B with the mouse until the simplex flips.</p>"
        ),
        "{page}"
    );
    // A page turn left out; a paper wording printed in its place.
    assert!(
        !page.contains("right arrow") && !page.contains("Key in"),
        "{page}"
    );
    assert!(
        page.contains("<p>Write the distance in the margin.</p>"),
        "{page}"
    );
    // The window shows the marked words, without the marks or the paper wording.
    let window = markup::plain_text(&markup::parse(&lesson.pages[0].text).unwrap());
    assert_eq!(
        window,
        "GJK looks for the point of B − A nearest the origin. Wiggle B with the mouse \
         until the simplex flips. Its answer is a distance.\n\nHit the right arrow. Key in \
         the distance."
    );
    // Unmarked, the same sentence is printed as written.
    let plain = GOOD.replace("Some *text*.", "It ends. Wiggle B with the mouse.");
    let html = handout_html(&parse_lesson(&plain, "plain.ron").unwrap(), "plain").unwrap();
    assert!(
        html.contains("<p>It ends. Wiggle B with the mouse.</p>")
            && !html.contains("In the debugger"),
        "{html:.400}"
    );
}

/// The words of a handout that ask for the window (a key, a click, a drag, the panel,
/// presenter mode, hovering, the window itself, the → of "press →"): each of them,
/// found as a word (any case) in the printed text outside the "In the debugger:" notes,
/// with what comes before it. A time window ("a window of time", swept SAT's) is not
/// the debugger's.
fn window_words(text: &str) -> Vec<String> {
    const WORDS: [&str; 9] = [
        "press",
        "key",
        "click",
        "drag",
        "panel",
        "presenter",
        "hover",
        "window",
        "→",
    ];
    let lower = text.to_lowercase();
    let mut found = Vec::new();
    for w in WORDS {
        for (i, _) in lower.match_indices(w) {
            let before = lower[..i].chars().next_back();
            if before.is_some_and(char::is_alphanumeric) && w != "→" {
                continue;
            }
            let rest = &lower[i + w.len()..];
            if w == "window" && (rest.starts_with(" of time") || rest.starts_with("s of time")) {
                continue;
            }
            let from = lower[..i]
                .char_indices()
                .rev()
                .nth(40)
                .map_or(0, |(j, _)| j);
            let to = i + w.len() + rest.char_indices().nth(20).map_or(rest.len(), |(j, _)| j);
            found.push(format!("\"{w}\" in \"…{}…\"", &text[from..to]));
        }
    }
    found
}

#[test]
fn no_handout_prints_a_window_word_outside_its_debugger_notes() {
    // The check itself: a word is found in any case and form, a time window is not.
    assert_eq!(
        window_words("Pressing Home, then a Key. Dragged B; the panel. Hover it.").len(),
        5
    );
    assert_eq!(
        window_words("Outside presenter mode, in the window →").len(),
        3
    );
    assert!(window_words("a window of time; two windows of time; a monkey expressed").is_empty());
    let mut found = Vec::new();
    for (id, _, html) in handouts() {
        found.extend(
            window_words(&paper_text(&html))
                .into_iter()
                .map(|f| format!("{id}: {f}")),
        );
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
