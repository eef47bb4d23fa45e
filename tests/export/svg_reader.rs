//! A small SVG reader (the writer puts one primitive per line).

use super::*;

/// The value of attribute `name` in the element text `el`.
pub(crate) fn attr(el: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let i = el.find(&key)? + key.len();
    let j = el[i..].find('"')?;
    Some(el[i..i + j].to_string())
}

pub(crate) fn attr_f32(el: &str, name: &str) -> f32 {
    attr(el, name)
        .unwrap_or_else(|| panic!("no {name} in {el}"))
        .parse()
        .unwrap()
}

pub(crate) fn points(el: &str) -> Vec<Vec2> {
    attr(el, "points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            Vec2::new(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

pub(crate) fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// Every `<g id="layer-...">` group: its id and its child lines, in document order.
pub(crate) fn svg_layers(svg: &str) -> Vec<(String, Vec<String>)> {
    let lines: Vec<&str> = svg.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.trim_start().starts_with("<g id=\"layer-") {
            continue;
        }
        let id = attr(line, "id").unwrap();
        let depth = indent(line);
        let mut children = Vec::new();
        let mut closed = false;
        for l in &lines[i + 1..] {
            if indent(l) == depth && l.trim() == "</g>" {
                closed = true;
                break;
            }
            assert_eq!(indent(l), depth + 2, "{id}: a nested line: {l}");
            children.push(l.trim().to_string());
        }
        assert!(closed, "{id} is not closed");
        out.push((id, children));
    }
    out
}

/// Tags balance, entities are known, nothing but `<?xml ...?>` outside the root.
pub(crate) fn assert_well_formed(svg: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = svg;
    let mut roots = 0;
    while let Some(i) = rest.find('<') {
        let j = rest[i..]
            .find('>')
            .unwrap_or_else(|| panic!("unclosed tag at {}", &rest[i..]));
        let tag = &rest[i + 1..i + j];
        assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
        if tag.starts_with('?') {
            assert!(tag.ends_with('?'));
        } else if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(name), "mismatched </{name}>");
        } else {
            let name = tag
                .split(|c: char| c.is_whitespace() || c == '/')
                .next()
                .unwrap();
            if stack.is_empty() {
                roots += 1;
            }
            if !tag.ends_with('/') {
                stack.push(name.to_string());
            }
        }
        rest = &rest[i + j + 1..];
    }
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert_eq!(roots, 1, "one root element");
    for (k, _) in svg.match_indices('&') {
        let ent = &svg[k..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| ent.starts_with(e)),
            "bare & at {}",
            &svg[k..(k + 12).min(svg.len())]
        );
    }
}

/// What element(s) a primitive must become in its layer group.
pub(crate) fn expected_tag(p: &Prim) -> &'static str {
    match p {
        Prim::Polyline { closed: false, .. } => "<polyline class=\"line\"",
        Prim::Polyline { closed: true, .. } => "<polygon class=\"outline\"",
        Prim::Fill { .. } => "<polygon class=\"fill\"",
        Prim::Dot { .. } => "<circle class=\"dot\"",
        Prim::Arrow { .. } => "<g class=\"arrow\">",
        Prim::Label { .. } => "<g class=\"label\"",
        Prim::Cross { .. } => "<path class=\"cross\"",
        Prim::Ring { .. } => "<circle class=\"ring\"",
        Prim::Inset { .. } => {
            unreachable!("the default scene has no chain, whose layers alone draw insets")
        }
    }
}

pub(crate) fn near(a: Vec2, b: Vec2, tol: f32) -> bool {
    (a - b).abs().max_element() <= tol
}

/// The child lines of the group `id`.
pub(crate) fn group_children(svg: &str, id: &str) -> Vec<String> {
    let lines: Vec<&str> = svg.lines().collect();
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with(&format!("<g id=\"{id}\"")))
        .unwrap_or_else(|| panic!("no group {id}"));
    let depth = indent(lines[start]);
    lines[start + 1..]
        .iter()
        .take_while(|l| !(indent(l) == depth && l.trim() == "</g>"))
        .map(|l| l.trim().to_string())
        .collect()
}

/// Text as the SVG writes it.
pub(crate) fn xml_text(s: &str) -> String {
    collidescope::render::xml_escape(s)
}
