//! Numbers as the views print them (labels on the canvas, narration in the panel).

use glam::Vec2;

/// Removes the minus sign of numbers that print as zero ("-0.0000" → "0.0000"),
/// which f32 rounding produces and which reads as a (false) negative value.
pub fn tidy_zeros(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev: Option<char> = None;
    for (k, c) in s.char_indices() {
        if c == '-' && !prev.is_some_and(char::is_alphanumeric) {
            let rest = &s[k + 1..];
            let zeros = rest.chars().take_while(|c| *c == '0' || *c == '.').count();
            let next = rest.chars().nth(zeros);
            if zeros > 0 && !next.is_some_and(|n| n.is_ascii_digit()) {
                prev = Some(c);
                continue; // "-0.000": drop the sign
            }
        }
        out.push(c);
        prev = Some(c);
    }
    out
}

/// A vector as the narration prints it: four decimals, never "-0.0000".
pub fn p(v: Vec2) -> String {
    // `+ 0.0` turns −0 into 0.
    format!("({:.4}, {:.4})", v.x + 0.0, v.y + 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_zero_loses_its_sign_and_nothing_else_does() {
        assert_eq!(tidy_zeros("(-0.0000, -1.5000)"), "(0.0000, -1.5000)");
        assert_eq!(tidy_zeros("x-0.0"), "x-0.0");
        assert_eq!(tidy_zeros("-0.0001"), "-0.0001");
    }
}
