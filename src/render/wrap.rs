//! A label too long for any clear spot on one line is wrapped onto two or more, at word
//! boundaries ([`wrap_words`]); the placer ([`place_labels`]) says which lines it chose
//! ([`PlacedLabel::lines`]) and every painter draws those lines, [`line_step`] apart.

use super::*;

use crate::view::camera::Viewport;
use glam::Vec2;

/// The most lines a label is wrapped onto.
pub const MAX_LINES: usize = 3;

/// The distance between the baselines of a wrapped label's lines at text `size`, pixels.
pub fn line_step(size: f32) -> f32 {
    (size * 1.2).round()
}

/// The box of a label of `lines` whose first baseline starts at `at` (as the painters
/// draw it, each line [`line_step`] below the one before): [`label_box`] for one line.
pub fn lines_box(at: Vec2, lines: &[String], size: f32) -> Viewport {
    let all = lines.concat();
    let (above, below) = text_extent(&all, size);
    let w = lines
        .iter()
        .map(|l| text_width(l, size))
        .fold(0.0f32, f32::max);
    Viewport {
        x: at.x - 2.0,
        y: at.y - above - 1.0,
        w: w + 4.0,
        h: above + below + 3.0 + line_step(size) * lines.len().saturating_sub(1) as f32,
    }
}

/// `text` split at spaces into `n` lines, the longest as short as it can be, or `None`
/// when it has fewer than `n` places to break. A space inside brackets or parentheses
/// ("[-1.573, 0.086]") is no place to break: an interval reads as one word. Nor is a
/// space beside an `=`: "w1 =" over "B[0]-A[0]" reads as two labels, "d = 0.0050"
/// stays whole.
pub fn wrap_words(text: &str, n: usize) -> Option<Vec<String>> {
    if n < 2 {
        return None;
    }
    // Byte indices of the spaces a line may end at.
    let mut depth = 0i32;
    let mut breaks = Vec::new();
    let bytes = text.as_bytes();
    let by_equals =
        |i: usize| (i > 0 && bytes[i - 1] == b'=') || bytes.get(i + 1).is_some_and(|&c| c == b'=');
    for (i, c) in text.char_indices() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ' ' if depth <= 0 && !by_equals(i) => breaks.push(i),
            _ => {}
        }
    }
    let mut best: Option<(usize, Vec<String>)> = None;
    // Every choice of n − 1 breaks, in order (labels have a handful of words).
    let mut pick: Vec<usize> = (0..n - 1).collect();
    if breaks.len() < n - 1 {
        return None;
    }
    loop {
        let mut lines = Vec::with_capacity(n);
        let mut start = 0;
        for &k in &pick {
            lines.push(text[start..breaks[k]].trim().to_string());
            start = breaks[k] + 1;
        }
        lines.push(text[start..].trim().to_string());
        if lines.iter().all(|l| !l.is_empty()) {
            let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
            if best.as_ref().is_none_or(|(b, _)| longest < *b) {
                best = Some((longest, lines));
            }
        }
        // The next choice: the last index that can still move, moved, those after it
        // right behind it.
        let m = breaks.len();
        let Some(i) = (0..n - 1).rev().find(|&i| pick[i] < m - (n - 1 - i)) else {
            break;
        };
        pick[i] += 1;
        for j in i + 1..n - 1 {
            pick[j] = pick[j - 1] + 1;
        }
    }
    best.map(|(_, lines)| lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::view::camera::Camera;
    use crate::view::draw::{label, line, DrawList, Layer, LayerId, Rgba, Space};

    /// A 600 × 300 view, world origin at its centre, one pixel a unit; a label
    /// `text` at screen (110, 150) and, when `walls`, lines down the whole view at
    /// x = 100, 320 and 540 px: 220 px apart, too close for the label on one line.
    fn walled(text: &str, walls: bool) -> (ViewFrame, DrawList) {
        let view = ViewFrame {
            space: Space::World,
            viewport: Viewport {
                x: 0.0,
                y: 0.0,
                w: 600.0,
                h: 300.0,
            },
            camera: Camera {
                center: Vec2::ZERO,
                zoom: 1.0,
            },
            scale: 1.0,
        };
        let mut prims = vec![label(Vec2::new(-190.0, 0.0), text, Rgba::WHITE)];
        if walls {
            for x in [-200.0, 20.0, 240.0] {
                prims.push(line(
                    Vec2::new(x, -200.0),
                    Vec2::new(x, 200.0),
                    1.0,
                    Rgba::WHITE,
                ));
            }
        }
        let list = DrawList {
            layers: vec![Layer {
                id: LayerId::Sat,
                space: Space::World,
                prims,
            }],
        };
        (view, list)
    }

    /// The SVG of `view` alone.
    fn svg_of(view: &ViewFrame, list: &DrawList) -> String {
        svg_document(600, 300, "wrap", |svg| {
            paint_view(view, list, &[], "world", svg)
        })
    }

    #[test]
    fn a_label_with_no_clear_spot_on_one_line_is_wrapped_and_drawn_on_two() {
        let text = "B face 0: [-1.573, 0.086], holds 0";
        let (view, list) = walled(text, true);
        let size = label_size(15.0, 1.0);
        // On one line it is wider than the room between two walls.
        assert!(label_box(Vec2::ZERO, text, size).w > 220.0);
        let spots = place_labels(&view, &list, &[], &reserved_boxes(&view, "world"));
        let placed = spots[0].as_ref().expect("placed");
        assert_eq!(placed.lines, vec!["B face 0:", "[-1.573, 0.086], holds 0"]);
        // Between the first two walls, clear of both.
        let b = placed.back;
        assert!(b.x > 101.0 && b.x + b.w < 319.0, "{b:?}");
        assert_eq!(b, lines_box(placed.at, &placed.lines, size));
        // The SVG draws those two lines, one baseline step apart, in one <text>.
        let svg = svg_of(&view, &list);
        let x = num(placed.at.x);
        let (y0, y1) = (num(placed.at.y), num(placed.at.y + line_step(size)));
        let want = format!(
            r#"<tspan x="{x}" y="{y0}">B face 0:</tspan><tspan x="{x}" y="{y1}">[-1.573, 0.086], holds 0</tspan></text>"#
        );
        assert!(svg.contains(&want), "{svg}");
        assert_eq!(svg.matches("<tspan").count(), 2, "{svg}");
        // With nothing in its way, the same label stays on one line.
        let (view, list) = walled(text, false);
        let spots = place_labels(&view, &list, &[], &reserved_boxes(&view, "world"));
        assert_eq!(spots[0].as_ref().unwrap().lines, vec![text]);
        let svg = svg_of(&view, &list);
        assert!(!svg.contains("<tspan"), "{svg}");
        assert!(
            svg.contains(&format!(">{}</text>", xml_escape(text))),
            "{svg}"
        );
    }

    #[test]
    fn long_labels_wrap_at_spaces_outside_brackets_into_even_lines() {
        let text = "B face 0: [-1.573, 0.086], holds 0";
        assert_eq!(
            wrap_words(text, 2).unwrap(),
            vec!["B face 0:", "[-1.573, 0.086], holds 0"]
        );
        let three = wrap_words(text, 3).unwrap();
        assert_eq!(three, vec!["B face 0:", "[-1.573, 0.086],", "holds 0"]);
        // Nothing is lost or added but the breaks.
        assert_eq!(three.join(" "), text);
        assert_eq!(wrap_words("[-1.573, 0.086]", 2), None);
        assert_eq!(wrap_words("origin", 2), None);
        assert_eq!(wrap_words("a b", 3), None);
        assert_eq!(wrap_words("a b", 1), None);
        // Never beside an `=`.
        assert_eq!(wrap_words("w1 = B[0]-A[0]", 2), None);
        assert_eq!(
            wrap_words("parry2d: d = 0.0050", 2),
            Some(vec!["parry2d:".to_string(), "d = 0.0050".to_string()])
        );
        assert_eq!(wrap_words("parry2d: d = 0.0050", 3), None);
    }

    #[test]
    fn a_wrapped_box_holds_its_lines() {
        let size = 13.0;
        let at = Vec2::new(50.0, 40.0);
        let one = label_box(at, "B face 0:", size);
        let lines = vec!["B face 0:".to_string(), "holds 0".to_string()];
        let two = lines_box(at, &lines, size);
        assert_eq!((two.x, two.y, two.w), (one.x, one.y, one.w));
        assert!((two.h - (one.h + line_step(size))).abs() < 1e-3, "{two:?}");
        // Under the second line's glyphs, the margin under a single line's.
        let (_, below) = text_extent("B face 0:holds 0", size);
        let second = at.y + line_step(size);
        let margin = |b: &Viewport, baseline: f32| b.y + b.h - (baseline + below);
        assert!(
            (margin(&two, second) - margin(&one, at.y)).abs() < 1e-3,
            "{two:?}"
        );
        assert!(margin(&two, second) > 0.0, "{two:?}");
        assert_eq!(lines_box(at, &lines[..1], size), one);
    }
}
