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

/// A length, distance or separation as labels and narration print it: four decimals,
/// except a value that is not zero but would print as 0.0000, which keeps two
/// significant digits ("-0.000040"): an overlap of 4e-5 (a contact in a recorded world)
/// must not read as touching.
#[derive(Clone, Copy, Debug)]
pub struct Len(pub f32);

impl std::fmt::Display for Len {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let x = self.0 + 0.0; // −0 → 0
        let four = format!("{x:.4}");
        if x != 0.0 && x.is_finite() && four.trim_start_matches('-') == "0.0000" {
            // Two significant digits: the first one is at −floor(log10 |x|).
            let first = (-x.abs().log10()).ceil() as usize;
            write!(f, "{x:.prec$}", prec = (first + 1).min(12))
        } else {
            f.write_str(&four)
        }
    }
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
    fn a_small_length_keeps_two_significant_digits() {
        assert_eq!(Len(-0.000_040).to_string(), "-0.000040");
        assert_eq!(Len(0.000_023).to_string(), "0.000023");
        assert_eq!(Len(0.000_06).to_string(), "0.0001");
        assert_eq!(Len(0.000_049).to_string(), "0.000049");
        assert_eq!(Len(1.234_56).to_string(), "1.2346");
        assert_eq!(Len(0.0).to_string(), "0.0000");
        assert_eq!(Len(-0.0).to_string(), "0.0000");
        assert_eq!(Len(1.0e-9).to_string(), "0.0000000010");
        // A printed small value keeps its sign through `tidy_zeros`.
        assert_eq!(tidy_zeros(&Len(-0.000_040).to_string()), "-0.000040");
    }

    #[test]
    fn a_negative_zero_loses_its_sign_and_nothing_else_does() {
        assert_eq!(tidy_zeros("(-0.0000, -1.5000)"), "(0.0000, -1.5000)");
        assert_eq!(tidy_zeros("x-0.0"), "x-0.0");
        assert_eq!(tidy_zeros("-0.0001"), "-0.0001");
    }
}

/// A contact feature id in words, as the narration names features: "A edge 2 × B
/// vertex 0" (an incident vertex kept by clipping), "A edge 2 side 1 × B edge 3" (the
/// incident edge cut by a side plane), "A vertex 1 × B vertex 0" (a point contact),
/// "support fallback". The packed value is for files and reports; this is for people.
pub fn describe_contact_id(id: u32) -> String {
    use crate::core::manifold::{ContactId, IdKind};
    use crate::core::sat::Owner;
    let Some(c) = ContactId::unpack(id) else {
        return format!("unknown id {id}");
    };
    let (r, i) = match c.reference {
        Owner::A => ("A", "B"),
        Owner::B => ("B", "A"),
    };
    let (ri, ii) = (c.reference_index, c.incident_index);
    match c.kind {
        IdKind::IncidentVertex => format!("{r} edge {ri} × {i} vertex {ii}"),
        IdKind::SidePlane1 => format!("{r} edge {ri} side 1 × {i} edge {ii}"),
        IdKind::SidePlane2 => format!("{r} edge {ri} side 2 × {i} edge {ii}"),
        IdKind::Point => format!("{r} vertex {ri} × {i} vertex {ii}"),
        IdKind::Fallback => "support fallback".to_string(),
    }
}

#[cfg(test)]
mod contact_id_tests {
    use super::*;
    use crate::core::manifold::{ContactId, IdKind};
    use crate::core::sat::Owner;

    #[test]
    fn ids_in_words() {
        let id = |reference, ri, ii, kind| {
            ContactId {
                reference,
                reference_index: ri,
                incident_index: ii,
                kind,
            }
            .pack()
        };
        assert_eq!(
            describe_contact_id(id(Owner::A, 2, 0, IdKind::IncidentVertex)),
            "A edge 2 × B vertex 0"
        );
        assert_eq!(
            describe_contact_id(id(Owner::B, 1, 3, IdKind::SidePlane2)),
            "B edge 1 side 2 × A edge 3"
        );
        assert_eq!(
            describe_contact_id(id(Owner::B, 0, 4, IdKind::Point)),
            "B vertex 0 × A vertex 4"
        );
        assert_eq!(describe_contact_id(7 << 16), "unknown id 458752");
    }
}
