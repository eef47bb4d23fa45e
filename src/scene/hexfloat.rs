//! Hexadecimal floating-point numbers, as C's `printf("%a")` writes them
//! (`0x1.8p+1`, `-0x1.99999ap-4`, `0x0p+0`): the one way to move an engine's input
//! into a scene, and a regression test back out, bit for bit.
//!
//! Reading is exact (the value is the mantissa times a power of two, rounded once to
//! the target precision); writing gives the shortest `%a` form of an f32, which reads
//! back to the same bits. Scene files, the import box and the command line accept hex
//! floats wherever they accept a number: [`replace_in_ron`] turns each hex literal of a
//! RON text into the decimal that RON reads to the same f32.

/// A binary floating-point format the reader rounds to: significand bits (hidden bit
/// included) and the exponents of its largest finite and smallest normal values.
#[derive(Clone, Copy)]
struct Binary {
    bits: u32,
    max_exponent: i64,
    min_exponent: i64,
    name: &'static str,
    largest: &'static str,
    smallest: &'static str,
}

const F32: Binary = Binary {
    bits: 24,
    max_exponent: 127,
    min_exponent: -126,
    name: "f32",
    largest: "0x1.fffffep+127",
    smallest: "0x1p-149",
};

const F64: Binary = Binary {
    bits: 53,
    max_exponent: 1023,
    min_exponent: -1022,
    name: "f64",
    largest: "0x1.fffffffffffffp+1023",
    smallest: "0x1p-1074",
};

/// A hex literal read: its sign, up to 60 significant bits (`digits`, the rest folded
/// into `sticky`) and the power of two they are multiplied by.
struct Literal {
    negative: bool,
    digits: u64,
    sticky: bool,
    scale: i64,
}

/// Reads `[+-]0x<hex>[.<hex>][p[+-]<dec>]` (case-insensitive, the exponent optional)
/// exactly, or says what is wrong with it.
fn read_literal(s: &str) -> Result<Literal, String> {
    let (negative, rest) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let rest = rest
        .strip_prefix("0x")
        .or_else(|| rest.strip_prefix("0X"))
        .ok_or_else(|| format!("`{s}` is not a hex float (it must start with 0x)"))?;
    let (mantissa, exponent) = match rest.find(['p', 'P']) {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    if int.is_empty() && frac.is_empty() {
        return Err(format!("`{s}` has no hex digits after 0x"));
    }
    let exponent: i64 = match exponent {
        None => 0,
        Some(e) => {
            let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!(
                    "`{s}`: the exponent after p is missing or not a whole number (write it as p+3, p-2 or p0)"
                ));
            }
            // Beyond ±10⁹ nothing changes but the verdict (infinite or zero).
            let significant = digits.trim_start_matches('0');
            let magnitude = if significant.len() > 10 {
                1_000_000_000
            } else {
                significant.parse::<i64>().unwrap_or(0).min(1_000_000_000)
            };
            if e.starts_with('-') {
                -magnitude
            } else {
                magnitude
            }
        }
    };
    let mut digits: u64 = 0;
    let mut sticky = false;
    // Binary exponent of `digits`, before the literal's own exponent.
    let mut scale: i64 = 0;
    let int_digits = int.len();
    for (k, c) in int.chars().chain(frac.chars()).enumerate() {
        let d = c
            .to_digit(16)
            .ok_or_else(|| format!("`{s}`: `{c}` is not a hex digit"))? as u64;
        if k >= int_digits {
            scale -= 4;
        }
        if digits >> 56 == 0 {
            digits = digits << 4 | d;
        } else {
            sticky |= d != 0;
            scale += 4;
        }
    }
    Ok(Literal {
        negative,
        digits,
        sticky,
        scale: scale + exponent,
    })
}

/// The literal rounded once to `format` (to nearest, ties to even, subnormals
/// included): the value's bits as `format` stores them, sign apart. A value that
/// rounds beyond the largest finite value, or a non-zero one that rounds to zero, is
/// refused.
fn round_to(lit: &Literal, s: &str, format: Binary) -> Result<u64, String> {
    if lit.digits == 0 {
        return Ok(0);
    }
    let p = i64::from(format.bits);
    let length = 64 - i64::from(lit.digits.leading_zeros());
    // The value lies in [2^top, 2^(top+1)).
    let top = lit.scale + length - 1;
    let overflow = || {
        format!(
            "`{s}` is beyond the largest {} ({}): it would be infinite",
            format.name, format.largest
        )
    };
    if top > format.max_exponent {
        return Err(overflow());
    }
    // The exponent of the last bit kept: p bits for a normal value, fewer below.
    let quantum = (top - (p - 1)).max(format.min_exponent - (p - 1));
    let shift = quantum - lit.scale;
    let (mut m, mut q) = if shift <= 0 {
        // Exact: at most p bits (`sticky` needs more than 56 bits, so it is false).
        (lit.digits << (-shift), quantum)
    } else if shift >= 64 {
        // Below half the smallest step (2^63 · 2^scale ≤ 2^(quantum−1)), or exactly
        // half of it with the sticky bits deciding.
        let half = shift == 64 && lit.digits == 1 << 63 && lit.sticky;
        let above_half = shift == 64 && lit.digits > 1 << 63;
        (u64::from(half || above_half), quantum)
    } else {
        let kept = lit.digits >> shift;
        let rest = lit.digits & ((1u64 << shift) - 1);
        let half = 1u64 << (shift - 1);
        let up = rest > half || (rest == half && (lit.sticky || kept & 1 == 1));
        (kept + u64::from(up), quantum)
    };
    if m == 0 {
        return Err(format!(
            "`{s}` is below the smallest {} ({}): it would read as 0",
            format.name, format.smallest
        ));
    }
    if m >> p != 0 {
        // Rounding carried into a new bit: 2^p, one binade up.
        m >>= 1;
        q += 1;
    }
    if q + p - 1 > format.max_exponent {
        return Err(overflow());
    }
    let fraction_bits = p - 1;
    if m >> fraction_bits == 0 {
        // Subnormal: the biased exponent is 0.
        return Ok(m);
    }
    let biased = (q + fraction_bits - format.min_exponent + 1) as u64;
    Ok(biased << fraction_bits | (m & ((1u64 << fraction_bits) - 1)))
}

/// Reads a hex float (`[+-]0x<hex>[.<hex>][p[+-]<dec>]`, case-insensitive; the exponent
/// optional) as the nearest f32, rounded once as C's `strtof` rounds (to nearest, ties
/// to even, subnormals included). Refused, in words: not a hex float, a missing
/// exponent (`0x1p`), a value beyond the largest f32 (`0x1.ffffffp+127`, `0x1p+99999`)
/// or a non-zero one below the smallest (it would read as 0).
pub fn parse_f32(s: &str) -> Result<f32, String> {
    let lit = read_literal(s)?;
    let bits = round_to(&lit, s, F32)? as u32;
    let v = f32::from_bits(bits);
    Ok(if lit.negative { -v } else { v })
}

/// The same reader, rounding to an f64 (C's `strtod`).
pub fn parse_f64(s: &str) -> Result<f64, String> {
    let lit = read_literal(s)?;
    let v = f64::from_bits(round_to(&lit, s, F64)?);
    Ok(if lit.negative { -v } else { v })
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

/// Where a hex literal starts at byte `i` of `text` (not inside a word, `0x` or `0X`
/// after an optional sign), its length: hex digits and points, then `p`, an optional
/// sign and digits. Whether it reads is [`parse_f32`]'s to say.
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
    if !(j + 1 < b.len() && b[j] == b'0' && (b[j + 1] == b'x' || b[j + 1] == b'X')) {
        return None;
    }
    j += 2;
    while j < b.len() && (b[j].is_ascii_hexdigit() || b[j] == b'.') {
        j += 1;
    }
    if j < b.len() && (b[j] == b'p' || b[j] == b'P') {
        j += 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
    }
    Some(j - i)
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

/// A hex literal that does not read, where it is (1-based line and column).
#[derive(Clone, Debug, PartialEq)]
pub struct LiteralError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

/// `text` with every hex float outside strings and comments written as the decimal
/// of exactly the f32 it reads to ([`parse_f32`]; that decimal reads back to the same
/// f32 and f64, whichever a reader parses), and the replacements made; or the first
/// literal that does not read.
pub fn replace_in_ron(text: &str) -> Result<(String, Vec<Replacement>), LiteralError> {
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
            line += text[i..end].matches('\n').count();
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
                let column = text[line_start..i].chars().count() + 1;
                let value = parse_f32(&text[i..i + len]).map_err(|message| LiteralError {
                    line,
                    column,
                    message,
                })?;
                let decimal = format!("{:?}", f64::from(value));
                done.push(Replacement {
                    line,
                    column,
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
    Ok((out, done))
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

    fn f32_of(s: &str) -> u32 {
        parse_f32(s)
            .unwrap_or_else(|e| panic!("{s}: {e}"))
            .to_bits()
    }

    #[test]
    fn c_printf_forms_read_exactly() {
        assert_eq!(parse_f64("0x1.8p+1"), Ok(3.0));
        assert_eq!(parse_f64("-0x1p-1"), Ok(-0.5));
        assert_eq!(parse_f64("0x0p+0"), Ok(0.0));
        assert_eq!(parse_f64("0X1.Fp3"), Ok(15.5));
        assert_eq!(parse_f64("0x10"), Ok(16.0));
        assert_eq!(parse_f32("-0x1.99999ap-4"), Ok(-0.1f32));
        assert_eq!(parse_f32("0x1.fffffep+127"), Ok(f32::MAX));
        assert_eq!(
            parse_f32("-0x0p+0").map(f32::to_bits),
            Ok((-0.0f32).to_bits())
        );
        assert!(parse_f64("0x").is_err());
        assert!(parse_f64("1.5").is_err());
        assert!(parse_f64("0x1.g").is_err());
    }

    #[test]
    fn more_bits_than_f32_holds_round_once_to_nearest_even() {
        // Halfway between 1 and the next f32: ties to even (down).
        assert_eq!(f32_of("0x1.000001p+0"), 1.0f32.to_bits());
        // Just above halfway: up.
        assert_eq!(f32_of("0x1.0000011p+0"), 0x3f80_0001);
        // Halfway, the kept bit odd: up to even.
        assert_eq!(f32_of("0x1.000003p+0"), 0x3f80_0002);
        // A tie decided by a far digit (the sticky bits).
        assert_eq!(f32_of("0x1.00000100000000000000001p+0"), 0x3f80_0001);
        // 0x1.ffffffp-1 is halfway between 0x1.fffffep-1 and 1: even is 1.
        assert_eq!(f32_of("0x1.ffffffp-1"), 1.0f32.to_bits());
        // Subnormals: 1.5 × the smallest is a tie between 1 and 2 steps: 2 (even).
        assert_eq!(f32_of("0x1.8p-149"), 2);
        assert_eq!(f32_of("0x1p-149"), 1);
        assert_eq!(f32_of("0x1.fffffcp-127"), 0x007f_ffff);
        // Rounding a subnormal up into the smallest normal.
        assert_eq!(f32_of("0x1.fffffep-127"), 0x0080_0000);
        // Leading zeros and long fractions.
        assert_eq!(f32_of("0x0000000000000001.8p+1"), 3.0f32.to_bits());
        assert_eq!(
            f32_of("0x.0000000000000000000000018p+100"),
            f32_of("0x1.8p+4")
        );
    }

    #[test]
    fn overflow_and_bad_exponents_are_refused_in_words() {
        let e = parse_f32("0x1.ffffffp+127").unwrap_err();
        assert!(
            e.contains("beyond the largest f32") && e.contains("infinite"),
            "{e}"
        );
        let e = parse_f32("0x1p+99999").unwrap_err();
        assert!(e.contains("beyond the largest f32"), "{e}");
        let e = parse_f32("0x1p+99999999999999999999999").unwrap_err();
        assert!(e.contains("beyond the largest f32"), "{e}");
        let e = parse_f32("0x1p").unwrap_err();
        assert!(e.contains("exponent after p is missing"), "{e}");
        let e = parse_f32("0x1p+").unwrap_err();
        assert!(e.contains("exponent after p is missing"), "{e}");
        let e = parse_f32("0x1p-99999").unwrap_err();
        assert!(
            e.contains("below the smallest f32") && e.contains("read as 0"),
            "{e}"
        );
        assert!(
            parse_f32("0x1p-150").is_err(),
            "half the smallest: a tie to 0"
        );
        assert_eq!(
            parse_f32("0x0p+99999"),
            Ok(0.0),
            "zero is zero at any exponent"
        );
        assert!(parse_f64("0x1p+1024").is_err());
        assert_eq!(parse_f64("0x1p-1074"), Ok(f64::from_bits(1)));
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
                Ok(v.to_bits()),
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
        let (out, done) = replace_in_ron(text).unwrap();
        assert_eq!(out, "(a: 3.0, s: \"0x1p+0\", // 0x2p+0\n b: [-0.5, 1.0])");
        assert_eq!(done.len(), 3);
        // "]" is at column 15 of line 2 in the output, column 21 in the original.
        assert_eq!(original_column(&done, 2, 15), 21);
        assert_eq!(original_column(&done, 1, 1), 1);
        // Words that merely contain 0x are left alone.
        assert_eq!(replace_in_ron("b0x1p+0").unwrap().0, "b0x1p+0");
        // A literal that does not read is named where it is.
        let e = replace_in_ron("(a: 1.0,\n  b: 0x1p)").unwrap_err();
        assert_eq!((e.line, e.column), (2, 6), "{e:?}");
        assert!(e.message.contains("`0x1p`"), "{e:?}");
        // The decimal written is exactly the f32, whichever way it is read back.
        let (out, _) = replace_in_ron("0x1.000001p+0 0x1.8p-149").unwrap();
        let values: Vec<&str> = out.split(' ').collect();
        assert_eq!(values[0].parse::<f32>(), Ok(1.0));
        assert_eq!(
            values[1].parse::<f64>().map(|v| v as f32),
            Ok(f32::from_bits(2))
        );
        assert_eq!(values[1].parse::<f32>(), Ok(f32::from_bits(2)));
    }
}
