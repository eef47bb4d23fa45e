//! Jumps found from a curve itself: a change between two neighbouring samples that is
//! larger than the step can explain.
//!
//! A continuous quantity (distance, depth, normal angle, time of impact) jumps between
//! samples `k − 1` and `k` when `|Δ_k|` exceeds [`JUMP_FACTOR`] times the typical
//! change of its neighbourhood — the median `|Δ|` of up to [`WINDOW`] steps either
//! side, the step itself left out — and a floor below which changes are f32 noise
//! (the caller's: a length tolerance, a tenth of a degree). On a smooth curve
//! neighbouring changes are alike (their ratio tends to 1 as the steps shrink); at a
//! kink they differ by the ratio of the slopes, which the median halves at most; at a
//! discontinuity the change stays as the steps shrink while its neighbours' vanish. A
//! gap (no answer) breaks the curve: nothing is compared across it. Normal angles are
//! compared modulo 360°.
//!
//! A discrete quantity (point count, feature ids) *changes*: every change is listed.
//! [`list_jumps`] applies both to every curve of a sweep.

use super::{Quantity, Source, Sweep};
use serde::Serialize;

/// A change this many times its neighbourhood's is a jump.
pub const JUMP_FACTOR: f64 = 8.0;
/// Steps each side whose changes make the neighbourhood.
pub const WINDOW: usize = 3;

/// `y − x`, modulo `wrap` into (−wrap/2, wrap/2] when given.
pub fn difference(x: f64, y: f64, wrap: Option<f64>) -> f64 {
    let d = y - x;
    match wrap {
        Some(w) => d - w * (d / w).round(),
        None => d,
    }
}

/// The indices `k` (between samples `k − 1` and `k`) where `values` jumps.
pub fn find_jumps(values: &[Option<f64>], wrap: Option<f64>, floor: f64) -> Vec<usize> {
    let n = values.len();
    // Δ_k for k in 1..n, None across a gap.
    let deltas: Vec<Option<f64>> = (0..n)
        .map(
            |k| match (k.checked_sub(1).and_then(|j| values[j]), values[k]) {
                (Some(x), Some(y)) if k > 0 => Some(difference(x, y, wrap).abs()),
                _ => None,
            },
        )
        .collect();
    let mut out = Vec::new();
    let mut near = Vec::with_capacity(2 * WINDOW);
    for k in 1..n {
        let Some(d) = deltas[k] else { continue };
        // NaN never jumps (it is not above the floor).
        if d.is_nan() || d <= floor {
            continue;
        }
        near.clear();
        let lo = k.saturating_sub(WINDOW).max(1);
        let hi = (k + WINDOW).min(n - 1);
        near.extend((lo..=hi).filter(|&j| j != k).filter_map(|j| deltas[j]));
        if near.is_empty() {
            // A lone pair of samples: nothing says how fast the curve moves.
            continue;
        }
        near.sort_by(f64::total_cmp);
        let typical = near[near.len() / 2];
        if d > JUMP_FACTOR * typical {
            out.push(k);
        }
    }
    out
}

/// The indices `k` where a discrete value differs from sample `k − 1` (both present).
pub fn find_changes<T: PartialEq>(values: &[Option<T>]) -> Vec<usize> {
    (1..values.len())
        .filter(|&k| matches!((&values[k - 1], &values[k]), (Some(x), Some(y)) if x != y))
        .collect()
}

/// A jump or a change of one source's curve of one quantity.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Jump {
    pub quantity: Quantity,
    pub source: Source,
    /// Between samples `index − 1` and `index`.
    pub index: usize,
    /// The parameter's values at the two samples.
    pub x_before: f64,
    pub x: f64,
    /// The values (for ids: the ids in words).
    pub before: String,
    pub after: String,
    /// |Δ| for numbers (modulo 360° for angles); 0 for ids.
    pub size: f64,
    /// `jump` (a continuous quantity changing more than the step explains) or
    /// `change` (a point count or the ids changing).
    pub kind: &'static str,
}

/// The noise floor of a quantity's changes: lengths 1e-4 of the pair's size (the
/// engines' tolerance), a tenth of a degree, 1e-4 of the step.
pub fn jump_floor(q: Quantity, size: f64) -> f64 {
    match q {
        Quantity::Distance | Quantity::Depth => crate::verify::ENGINE_RELATIVE_TOLERANCE * size,
        Quantity::Normal => 0.1,
        Quantity::Toi => 1.0e-4,
        _ => 0.5,
    }
}

/// The jumps and changes of every curve of `sweep`.
pub fn list_jumps(sweep: &Sweep) -> Vec<Jump> {
    let mut out = Vec::new();
    let x = |k: usize| sweep.samples[k].x;
    for &q in &sweep.spec.what.0 {
        for &source in &sweep.sources {
            if q == Quantity::Ids {
                let ids = sweep.ids(source);
                for k in find_changes(&ids) {
                    out.push(Jump {
                        quantity: q,
                        source,
                        index: k,
                        x_before: x(k - 1),
                        x: x(k),
                        before: ids_text(ids[k - 1].as_deref()),
                        after: ids_text(ids[k].as_deref()),
                        size: 0.0,
                        kind: "change",
                    });
                }
                continue;
            }
            let curve = sweep.curve(source, q);
            let wrap = (q == Quantity::Normal).then_some(360.0);
            let ks = if q.continuous() {
                find_jumps(&curve, wrap, jump_floor(q, sweep.size))
            } else if q == Quantity::Points {
                find_changes(&curve)
            } else {
                Vec::new()
            };
            for k in ks {
                let (b, a) = (
                    curve[k - 1].unwrap_or(f64::NAN),
                    curve[k].unwrap_or(f64::NAN),
                );
                out.push(Jump {
                    quantity: q,
                    source,
                    index: k,
                    x_before: x(k - 1),
                    x: x(k),
                    before: format!("{b:.6}"),
                    after: format!("{a:.6}"),
                    size: difference(b, a, wrap).abs(),
                    kind: if q.continuous() { "jump" } else { "change" },
                });
            }
        }
    }
    out.sort_by(|p, q| p.index.cmp(&q.index).then(p.quantity.cmp(&q.quantity)));
    out
}

/// Ids as words: `[0x10002, 0x10003]` as `10002 10003` (hex), `none` when empty.
pub fn ids_text(ids: Option<&[u32]>) -> String {
    match ids {
        None => "—".into(),
        Some([]) => "none".into(),
        Some(ids) => ids
            .iter()
            .map(|i| format!("{i:x}"))
            .collect::<Vec<_>>()
            .join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn curve(n: usize, f: impl Fn(f64) -> f64) -> Vec<Option<f64>> {
        (0..=n).map(|k| Some(f(k as f64 / n as f64))).collect()
    }

    #[test]
    fn a_step_is_a_jump_a_kink_and_a_bend_are_not() {
        let step = curve(200, |x| if x < 0.5 { x } else { x + 1.0 });
        assert_eq!(find_jumps(&step, None, 1e-9), vec![100]);
        let kink = curve(200, |x| (x - 0.37).abs());
        assert!(find_jumps(&kink, None, 1e-9).is_empty());
        let bend = curve(200, |x| (6.0 * x).sin() + x * x);
        assert!(find_jumps(&bend, None, 1e-9).is_empty());
        // A flat curve's rounding is under the floor.
        let flat = curve(200, |x| 1.0 + if x > 0.5 { 1e-12 } else { 0.0 });
        assert!(find_jumps(&flat, None, 1e-9).is_empty());
    }

    #[test]
    fn angles_wrap_and_gaps_break_the_curve() {
        // A normal turning steadily through ±180° is smooth.
        let turning = curve(100, |x| {
            let a = 150.0 + 60.0 * x;
            a - 360.0 * ((a + 180.0) / 360.0).floor()
        });
        assert!(find_jumps(&turning, Some(360.0), 0.1).is_empty());
        let mut gap = curve(100, |x| if x < 0.5 { 0.0 } else { 90.0 });
        gap[50] = None;
        assert!(find_jumps(&gap, Some(360.0), 0.1).is_empty());
        assert_eq!(
            find_changes(&[Some(2), Some(2), None, Some(1), Some(2)]),
            vec![4]
        );
    }
}
