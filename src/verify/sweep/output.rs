//! A sweep as CSV (one row per step, one column per source and quantity) or JSON
//! (the spec, the samples with each source's answers, and the jumps).

use super::{ids_text, Quantity, Source, Sweep};
use serde_json::{json, Map, Value};
use std::fmt::Write as _;

/// One row per sample: `x`, then `SOURCE_QUANTITY` for each quantity asked and each
/// source that answered (ids as hexadecimal numbers separated by spaces; empty: no
/// answer), then `error` when a value made no valid pair.
pub fn write_csv(sweep: &Sweep) -> String {
    let mut out = String::from("x");
    // A source's column only when it answers that quantity somewhere (the exact
    // reference has no ids, an engine may have no depth query).
    let columns: Vec<(Quantity, Source)> = sweep
        .spec
        .what
        .0
        .iter()
        .flat_map(|&q| sweep.sources.iter().map(move |&s| (q, s)))
        .filter(|&(q, s)| {
            sweep.samples.iter().any(|x| {
                x.answer(s).is_some_and(|a| {
                    a.number(q).is_some() || (q == Quantity::Ids && a.ids.is_some())
                })
            })
        })
        .collect();
    for (q, s) in &columns {
        let _ = write!(out, ",{}_{}", s.key(), q.name());
    }
    let errors = sweep.samples.iter().any(|s| s.error.is_some());
    if errors {
        out.push_str(",error");
    }
    out.push('\n');
    for sample in &sweep.samples {
        let _ = write!(out, "{}", sample.x);
        for &(q, s) in &columns {
            let a = sample.answer(s);
            out.push(',');
            if q == Quantity::Ids {
                if let Some(ids) = a.and_then(|a| a.ids.as_deref()) {
                    out.push_str(&ids_text(Some(ids)));
                }
            } else if let Some(v) = a.and_then(|a| a.number(q)) {
                let _ = write!(out, "{v}");
            }
        }
        if errors {
            out.push(',');
            if let Some(e) = &sample.error {
                out.push('"');
                out.push_str(&e.replace('"', "'"));
                out.push('"');
            }
        }
        out.push('\n');
    }
    out
}

/// `{ "algorithm", "param", "from", "to", "steps", "what", "sources", "samples":
/// [{ "x", "ours": {...}, "box2d": {...}, ... }], "jumps": [...] }`.
pub fn write_json(sweep: &Sweep) -> String {
    let spec = &sweep.spec;
    let samples: Vec<Value> = sweep
        .samples
        .iter()
        .map(|s| {
            let mut m = Map::new();
            m.insert("x".into(), json!(s.x));
            for &src in &sweep.sources {
                if let Some(a) = s.answer(src) {
                    m.insert(src.key().into(), json!(a));
                }
            }
            if let Some(e) = &s.error {
                m.insert("error".into(), json!(e));
            }
            Value::Object(m)
        })
        .collect();
    let doc = json!({
        "algorithm": spec.algorithm.name(),
        "param": spec.param,
        "axis": spec.param.axis_label(),
        "from": spec.from,
        "to": spec.to,
        "steps": spec.steps,
        "log_scale": spec.param.log_scale(),
        "what": spec.what.0,
        "sources": sweep.sources,
        "samples": samples,
        "jumps": sweep.jumps,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}
