//! The facts a step states — two projection intervals, a face's separation, the rule
//! that chose the reference face, a count of the run — named once and formatted here
//! for the narration, the numbers panel and the canvas labels alike, so the three
//! cannot disagree. A study builds its facts from its trace ([`super::Study::facts`]);
//! the words are these functions' output, never a number re-derived beside them.

use crate::core::sat::{Owner, SatBias, SatChoice};

/// One claim of a step, as read from the trace.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fact {
    /// Both shapes' projection intervals `[lo, hi]` on one axis, radii included.
    Intervals { a: [f32; 2], b: [f32; 2] },
    /// A face's one-sided separation: how far the other shape's nearest point lies in
    /// front of `owner`'s edge `edge`, along its outward normal (radii subtracted).
    /// Positive: a gap that proves the shapes apart; zero or negative: this face does
    /// not separate them.
    FaceSeparation {
        owner: Owner,
        edge: usize,
        separation: f32,
    },
    /// The reference-face rule that chose between A's best face (separation `a`) and
    /// B's (`b`), and what it chose.
    Rule {
        bias: SatBias,
        choice: SatChoice,
        a: f32,
        b: f32,
        /// What B's separation had to beat (Box2D-Lite's `0.95·s_A + 0.01·h_B`, or
        /// A's separation under Box2D v3's rule).
        threshold: Option<f32>,
    },
    /// A count of the run, from its trace.
    Count { what: Counted, n: usize },
}

/// What a [`Fact::Count`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Passes of GJK's loop (steps of the stepper, one per simplex solved).
    GjkIterations,
    /// Support points GJK computed (the last pass of an overlap computes none).
    GjkSupports,
    /// Passes of a GJK ray cast's loop.
    RayIterations,
    /// Conservative-advancement steps of the shape cast.
    CastSteps,
}

impl Counted {
    /// The counted thing, singular and plural.
    fn nouns(self) -> (&'static str, &'static str) {
        match self {
            Counted::GjkIterations | Counted::RayIterations => ("iteration", "iterations"),
            Counted::GjkSupports => ("support point", "support points"),
            Counted::CastSteps => ("step", "steps"),
        }
    }
}

/// `n` and its noun, singular for one: "1 step", "3 steps".
pub fn count(n: usize, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == 1 { singular } else { plural })
}

/// How far two intervals overlap on their axis: the shorter of the two pushes that
/// would part them (B past A's upper end, or past its lower end); negative, the gap
/// between them.
pub fn overlap(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[1] - b[0]).min(b[1] - a[0])
}

/// How much of the axis the two intervals share: the length of their intersection
/// (negative, the gap between them). Equal to [`overlap`] unless one interval lies
/// inside the other: then the push that parts them is longer than what they share.
pub fn shared(a: [f32; 2], b: [f32; 2]) -> f32 {
    a[1].min(b[1]) - a[0].max(b[0])
}

/// Whether the push that parts the intervals is longer than what they share (one
/// lies inside the other), beyond rounding.
fn nested(a: [f32; 2], b: [f32; 2]) -> bool {
    let scale = a[0]
        .abs()
        .max(a[1].abs())
        .max(b[0].abs())
        .max(b[1].abs())
        .max(1.0);
    overlap(a, b) - shared(a, b) > 1e-5 * scale
}

/// "they overlap by 0.3000", "a gap of 0.2000 lies between them", or, one inside the
/// other, "they overlap by 1.0000 (B's lies inside A's): parting them takes a push of
/// 1.4609".
pub fn overlap_words(a: [f32; 2], b: [f32; 2]) -> String {
    let o = shared(a, b);
    if o < 0.0 {
        return format!("a gap of {:.4} lies between them", -o);
    }
    if nested(a, b) {
        let (inner, outer) = if b[1] - b[0] <= a[1] - a[0] {
            ("B", "A")
        } else {
            ("A", "B")
        };
        return format!(
            "they overlap by {o:.4} ({inner}'s lies inside {outer}'s): parting them along this \
             axis takes a push of {:.4}",
            overlap(a, b)
        );
    }
    format!("they overlap by {o:.4}")
}

/// Short form for a label: "overlap 0.3000", "gap 0.2000", or, one inside the
/// other, "nested, push 1.4609" (the narration gives what they share).
pub fn overlap_short(a: [f32; 2], b: [f32; 2]) -> String {
    let o = shared(a, b);
    if o < 0.0 {
        format!("gap {:.4}", -o)
    } else if nested(a, b) {
        format!("nested, push {:.4}", overlap(a, b))
    } else {
        format!("overlap {o:.4}")
    }
}

/// `[lo, hi]` with four decimals.
pub fn interval(i: [f32; 2]) -> String {
    format!("[{:.4}, {:.4}]", i[0], i[1])
}

impl Fact {
    /// The fact as the narration says it (one sentence or a clause).
    pub fn words(&self) -> String {
        match *self {
            Fact::Intervals { a, b } => format!(
                "Projected on it, A covers {} and B covers {} (radii included): {}.",
                interval(a),
                interval(b),
                overlap_words(a, b)
            ),
            Fact::FaceSeparation {
                owner,
                edge,
                separation,
            } => face_separation_words(owner, edge, separation),
            Fact::Rule {
                bias,
                choice,
                a,
                b,
                threshold,
            } => rule_words(bias, choice, a, b, threshold),
            Fact::Count { what, n } => {
                let (one, many) = what.nouns();
                count(n, one, many)
            }
        }
    }

    /// The fact as rows of the numbers panel.
    pub fn rows(&self) -> Vec<(String, String)> {
        match *self {
            Fact::Intervals { a, b } => vec![
                ("A's interval".into(), interval(a)),
                ("B's interval".into(), interval(b)),
                ("intervals".into(), overlap_short(a, b)),
            ],
            Fact::FaceSeparation {
                owner,
                edge,
                separation,
            } => vec![(
                format!("{} edge {edge} face separation", owner.as_str()),
                format!("{separation:.4}"),
            )],
            Fact::Rule { bias, .. } => vec![("reference-face rule".into(), rule_name(bias).into())],
            Fact::Count { what, n } => {
                let (_, many) = what.nouns();
                vec![(many.to_string(), n.to_string())]
            }
        }
    }
}

/// The rule's name as the words cite it.
pub fn rule_name(bias: SatBias) -> &'static str {
    match bias {
        SatBias::Box2dV3 => "Box2D v3's rule",
        SatBias::Box2dLite => "Box2D-Lite's rule",
    }
}

fn face_separation_words(owner: Owner, edge: usize, s: f32) -> String {
    let (o, other) = (owner.as_str(), owner.other().as_str());
    if s > 0.0 {
        format!(
            "All of {other} lies in front of {o}'s edge {edge}: even {other}'s point deepest against the outward normal is {s:.4} in front of the edge's line (face separation {s:.4}), so this axis alone proves the shapes apart."
        )
    } else {
        format!(
            "{other}'s point deepest against the outward normal lies {:.4} behind the line of {o}'s edge {edge} (face separation {s:.4}), so this face does not separate them.",
            -s
        )
    }
}

/// The choice between A's best face and B's, under the scene's rule.
fn rule_words(bias: SatBias, choice: SatChoice, a: f32, b: f32, threshold: Option<f32>) -> String {
    let name = rule_name(bias);
    match (bias, choice) {
        (_, SatChoice::OnlyA) => "Only A has faces here (B is round), so A's face is the reference.".into(),
        (_, SatChoice::OnlyB) => "Only B has faces here (A is round), so B's face is the reference.".into(),
        (SatBias::Box2dV3, c) => {
            let kept = c != SatChoice::BBeyondBias;
            format!(
                "{name}: B's face is the reference only when its separation is larger than A's (A's on a tie). B's ({b:.4}) {} A's ({a:.4}), so {}'s face is the reference.",
                if kept { "is not larger than" } else { "is larger than" },
                if kept { "A" } else { "B" }
            )
        }
        (SatBias::Box2dLite, SatChoice::LargestSeparation) => format!(
            "{name}: the shapes are apart, so the larger separation wins (A's on a tie): A's {a:.4}, B's {b:.4}."
        ),
        (SatBias::Box2dLite, c) => {
            let th = threshold.map_or(String::new(), |t| format!(" = {t:.4}"));
            let kept = c != SatChoice::BBeyondBias;
            let verdict = if !kept {
                "it does, so B's face is the reference".to_string()
            } else if b > a {
                "B's face penetrates less, but not by that margin, so A's face is kept: the choice does not flip between nearly equal faces from frame to frame".to_string()
            } else {
                "it does not, so A's face is kept".to_string()
            };
            format!(
                "{name}: both faces penetrate, and B's face wins only when its separation ({b:.4}) beats 0.95 × A's ({a:.4}) + 0.01 × B's size{th}; {verdict}."
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlap_and_gap_follow_the_intervals() {
        assert_eq!(
            overlap_words([-0.5, 0.5], [1.2, 2.3]),
            "a gap of 0.7000 lies between them"
        );
        assert_eq!(
            overlap_words([-1.2, 0.6], [-0.4, 1.0]),
            "they overlap by 1.0000"
        );
        // One inside the other: what they share, and the longer push that parts them.
        assert_eq!(
            overlap_words([-1.2, 1.2], [-0.4, 1.0]),
            "they overlap by 1.4000 (B's lies inside A's): parting them along this axis \
             takes a push of 1.6000"
        );
        assert_eq!(
            overlap_short([-1.2, 1.2], [-0.4, 1.0]),
            "nested, push 1.6000"
        );
        assert_eq!(count(1, "step", "steps"), "1 step");
        assert_eq!(count(2, "step", "steps"), "2 steps");
    }

    #[test]
    fn the_rule_named_is_the_preset() {
        let v3 = Fact::Rule {
            bias: SatBias::Box2dV3,
            choice: SatChoice::BiasKeptA,
            a: 0.7,
            b: -0.38,
            threshold: Some(0.7),
        }
        .words();
        assert!(
            v3.contains("Box2D v3's rule") && !v3.contains("0.95"),
            "{v3}"
        );
        assert!(!v3.contains("penetrates less"), "{v3}");
        let lite = Fact::Rule {
            bias: SatBias::Box2dLite,
            choice: SatChoice::BiasKeptA,
            a: -0.2,
            b: -0.19,
            threshold: Some(-0.18),
        }
        .words();
        assert!(
            lite.contains("0.95") && lite.contains("penetrates less"),
            "{lite}"
        );
    }
}
