//! Hexadecimal floating-point numbers, as C's `printf("%a")` writes them
//! (`0x1.8p+1`, `-0x1.99999ap-4`, `0x0p+0`): the one way to move an engine's input
//! into a scene, and a regression test back out, bit for bit.
//!
//! Reading is exact (the value is the mantissa times a power of two, rounded once to
//! the target precision); writing gives the shortest `%a` form of an f32, which reads
//! back to the same bits. Scene files, the import box and the command line accept hex
//! floats wherever they accept a number: [`replace_in_ron`] turns each hex literal of a
//! RON text into the decimal that RON reads to the same f32.

/// Parses a hex float (`[+-]0x<hex>[.<hex>][p[+-]<dec>]`, case-insensitive; the
/// exponent is optional) to the nearest f64. `None` when `s` is not one, or its
/// exponent is out of every range.
pub fn parse_f64(s: &str) -> Option<f64> {
    let (negative, rest) = match s.as_bytes().first()? {
        b'-' => (true, &s[1..]),
        b'+' => (false, &s[1..]),
        _ => (false, s),
    };
    let rest = rest
        .strip_prefix("0x")
        .or_else(|| rest.strip_prefix("0X"))?;
    let (mantissa, exponent) = match rest.find(['p', 'P']) {
        Some(i) => (&rest[..i], rest[i + 1..].parse::<i32>().ok()?),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    // Accumulate up to 60 significant bits exactly; further digits only round.
    let mut bits: u64 = 0;
    let mut scale: i32 = 0; // binary exponent of the accumulated integer
    let mut sticky = false;
    for (k, c) in int.chars().chain(frac.chars()).enumerate() {
        let d = c.to_digit(16)? as u64;
        if k >= int.len() {
            scale -= 4;
        }
        if bits >> 56 == 0 {
            bits = bits << 4 | d;
        } else {
            sticky |= d != 0;
            scale += 4;
        }
    }
    if sticky {
        bits |= 1; // a set last bit keeps round-to-nearest honest below f64's 53 bits
    }
    let value = bits as f64 * 2f64.powi(scale.saturating_add(exponent).clamp(-1100, 1100));
    // `bits as f64` rounds once (≤ 60 bits to 53); the power of two is exact unless the
    // result is subnormal, where hex input this precise does not occur in practice.
    if !value.is_finite() {
        return None;
    }
    Some(if negative { -value } else { value })
}

/// Parses a hex float to the nearest f32 (through the exact f64 for inputs of f32's
/// precision, which is every `%a` an f32 engine prints).
pub fn parse_f32(s: &str) -> Option<f32> {
    let v = parse_f64(s)?;
    let f = v as f32;
    f.is_finite().then_some(f)
}

/// The shortest `%a` form of an f32: `0x1.8p+1`, `-0x1.99999ap-4`, `0x0p+0`,
/// subnormals as `0x0.000002p-126`. Infinity and NaN as `inf`, `-inf`, `nan`.
pub fn format_f32(v: f32) -> String {
    let bits = v.to_bits();
    // 23 fraction bits, shifted left by 1 to fill 6 hex digits.
    let parts = Parts {
        negative: v.is_sign_negative(),
        exponent: ((bits >> 23) & 0xff) as i32,
        fraction: u64::from(bits & 0x7f_ffff) << 1,
        digits: 6,
        bias: 127,
    };
    if v.is_finite() {
        parts.format()
    } else {
        non_finite(v.is_nan(), parts.negative)
    }
}

/// The same for an f64 (expected values in generated C tests).
pub fn format_f64(v: f64) -> String {
    let bits = v.to_bits();
    let parts = Parts {
        negative: v.is_sign_negative(),
        exponent: ((bits >> 52) & 0x7ff) as i32,
        fraction: bits & 0xf_ffff_ffff_ffff,
        digits: 13,
        bias: 1023,
    };
    if v.is_finite() {
        parts.format()
    } else {
        non_finite(v.is_nan(), parts.negative)
    }
}

fn non_finite(nan: bool, negative: bool) -> String {
    match (nan, negative) {
        (true, _) => "nan".into(),
        (false, true) => "-inf".into(),
        (false, false) => "inf".into(),
    }
}

/// A finite float's fields: biased exponent, fraction as `digits` hex digits.
struct Parts {
    negative: bool,
    exponent: i32,
    fraction: u64,
    digits: usize,
    bias: i32,
}

impl Parts {
    fn format(&self) -> String {
        let sign = if self.negative { "-" } else { "" };
        if self.exponent == 0 && self.fraction == 0 {
            return format!("{sign}0x0p+0");
        }
        // Subnormals: leading 0 and the smallest normal exponent.
        let (lead, e) = if self.exponent == 0 {
            (0, 1 - self.bias)
        } else {
            (1, self.exponent - self.bias)
        };
        let mut digits = format!("{:0w$x}", self.fraction, w = self.digits);
        while digits.ends_with('0') {
            digits.pop();
        }
        let frac = if digits.is_empty() {
            String::new()
        } else {
            format!(".{digits}")
        };
        format!("{sign}0x{lead}{frac}p{e:+}")
    }
}

/// Where a hex literal starts at byte `i` of `text` (not inside a word), its length.
pub fn literal_at(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    let prev_ok =
        i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_' || b[i - 1] == b'.');
    if !prev_ok {
        return None;
    }
    let mut j = i;
    if j < b.len() && (b[j] == b'-' || b[j] == b'+') {
        j += 1;
    }
    if !(j + 2 < b.len() && b[j] == b'0' && (b[j + 1] == b'x' || b[j + 1] == b'X')) {
        return None;
    }
    j += 2;
    let start = j;
    while j < b.len() && (b[j].is_ascii_hexdigit() || b[j] == b'.') {
        j += 1;
    }
    if j == start {
        return None;
    }
    if j < b.len() && (b[j] == b'p' || b[j] == b'P') {
        let mut k = j + 1;
        if k < b.len() && (b[k] == b'+' || b[k] == b'-') {
            k += 1;
        }
        let digits = k;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        if k == digits {
            return None;
        }
        j = k;
    }
    let len = j - i;
    parse_f64(&text[i..j]).map(|_| len)
}

/// One replacement made by [`replace_in_ron`]: on 1-based `line`, the literal that
/// started at 1-based column `column` and was `old_len` characters long is now
/// `new_len` long. Used to map a parser's column back to the user's text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Replacement {
    pub line: usize,
    pub column: usize,
    pub old_len: usize,
    pub new_len: usize,
}

/// `text` with every hex float outside strings and comments written as the decimal
/// that reads back to the same f32 (and f64), and the replacements made.
pub fn replace_in_ron(text: &str) -> (String, Vec<Replacement>) {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut done = Vec::new();
    let (mut i, mut line, mut line_start) = (0, 1, 0);
    while i < b.len() {
        let c = b[i];
        if c == b'"' {
            // A string: copy through its closing quote (escapes kept).
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            for ch in text[i..end].chars() {
                if ch == '\n' {
                    line += 1;
                }
            }
            if let Some(k) = text[i..end].rfind('\n') {
                line_start = i + k + 1;
            }
            out.push_str(&text[i..end]);
            i = end;
            continue;
        }
        if c == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
            let end = text[i..].find('\n').map_or(b.len(), |k| i + k);
            out.push_str(&text[i..end]);
            i = end;
            continue;
        }
        if c == b'\n' {
            line += 1;
            line_start = i + 1;
        }
        if c == b'0' || c == b'-' || c == b'+' {
            if let Some(len) = literal_at(text, i) {
                let value = parse_f64(&text[i..i + len]).unwrap_or(0.0);
                let decimal = format!("{value:?}");
                done.push(Replacement {
                    line,
                    column: text[line_start..i].chars().count() + 1,
                    old_len: len,
                    new_len: decimal.len(),
                });
                out.push_str(&decimal);
                i += len;
                continue;
            }
        }
        let ch_len = text[i..].chars().next().map_or(1, char::len_utf8);
        out.push_str(&text[i..i + ch_len]);
        i += ch_len;
    }
    (out, done)
}

/// Maps a 1-based column on `line` of the replaced text back to the original text.
pub fn original_column(done: &[Replacement], line: usize, column: usize) -> usize {
    let mut shift: isize = 0;
    for r in done.iter().filter(|r| r.line == line) {
        let new_start = (r.column as isize + shift) as usize;
        if column < new_start {
            break;
        }
        if column < new_start + r.new_len {
            return r.column; // inside the literal: its start
        }
        shift += r.new_len as isize - r.old_len as isize;
    }
    (column as isize - shift).max(1) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_printf_forms_read_exactly() {
        assert_eq!(parse_f64("0x1.8p+1"), Some(3.0));
        assert_eq!(parse_f64("-0x1p-1"), Some(-0.5));
        assert_eq!(parse_f64("0x0p+0"), Some(0.0));
        assert_eq!(parse_f64("0X1.Fp3"), Some(15.5));
        assert_eq!(parse_f64("0x10"), Some(16.0));
        assert_eq!(parse_f32("-0x1.99999ap-4"), Some(-0.1f32));
        assert_eq!(parse_f32("0x1.fffffep+127"), Some(f32::MAX));
        assert_eq!(parse_f64("0x1p"), None);
        assert_eq!(parse_f64("0x"), None);
        assert_eq!(parse_f64("1.5"), None);
        assert_eq!(parse_f64("0x1.g"), None);
    }

    #[test]
    fn every_f32_pattern_round_trips_through_its_printf_form() {
        let mut x: u32 = 0x9E37_79B9;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let v = f32::from_bits(x);
            if !v.is_finite() {
                continue;
            }
            let s = format_f32(v);
            assert_eq!(
                parse_f32(&s).map(f32::to_bits),
                Some(v.to_bits()),
                "{v:e} as {s}"
            );
        }
        assert_eq!(format_f32(3.0), "0x1.8p+1");
        assert_eq!(format_f32(-0.1), "-0x1.99999ap-4");
        assert_eq!(format_f32(0.0), "0x0p+0");
        assert_eq!(format_f32(1.0), "0x1p+0");
        assert_eq!(format_f64(0.1), "0x1.999999999999ap-4");
    }

    #[test]
    fn ron_text_keeps_strings_and_comments_and_maps_columns_back() {
        let text = "(a: 0x1.8p+1, s: \"0x1p+0\", // 0x2p+0\n b: [-0x1p-1, 0x1p+0])";
        let (out, done) = replace_in_ron(text);
        assert_eq!(out, "(a: 3.0, s: \"0x1p+0\", // 0x2p+0\n b: [-0.5, 1.0])");
        assert_eq!(done.len(), 3);
        // "]" is at column 15 of line 2 in the output, column 21 in the original.
        assert_eq!(original_column(&done, 2, 15), 21);
        assert_eq!(original_column(&done, 1, 1), 1);
        // Words that merely contain 0x are left alone.
        assert_eq!(replace_in_ron("b0x1p+0").0, "b0x1p+0");
    }
}
