//! Exact fractions in text output: in full when they fit on a line, else abbreviated with their
//! digit counts and a decimal value. `--json` always gives them in full.

use num_rational::BigRational;
use num_traits::ToPrimitive;

/// The longest fraction shown in full: a line.
const LINE: usize = 80;
/// Digits kept at each end of an abbreviated number.
const KEEP: usize = 8;

/// `p` as `n/d`, or, when longer than a line, as `12345678…23456789 (412 digits)/… ≈ 0.416667`.
pub fn fraction_text(p: &BigRational) -> String {
    let full = p.to_string();
    if full.chars().count() <= LINE {
        return full;
    }
    let part = |n: String| {
        let digits = n.trim_start_matches('-');
        if digits.len() <= 2 * KEEP + 4 {
            return n;
        }
        let sign = if n.starts_with('-') { "-" } else { "" };
        format!(
            "{sign}{}…{} ({} digits)",
            &digits[..KEEP],
            &digits[digits.len() - KEEP..],
            digits.len()
        )
    };
    let shown = format!(
        "{}/{}",
        part(p.numer().to_string()),
        part(p.denom().to_string())
    );
    match p.to_f64() {
        // Tiny values keep their significant digits.
        Some(x) if x != 0.0 && x.abs() < 1e-4 => format!("{shown} ≈ {x:.6e}"),
        Some(x) if x.is_finite() && x.abs() >= 1e6 => format!("{shown} ≈ {x:.6e}"),
        Some(x) if x.is_finite() => format!("{shown} ≈ {x:.6}"),
        _ => shown,
    }
}

/// A value's bounds (lower, upper; equal when exact) in words: `expected 5/7`, or `expected
/// between 0.418848 and 0.418849` with `digits` digits, rounded outward; `unknown` without.
pub fn expected_words(v: Option<(BigRational, BigRational)>, digits: u32) -> String {
    use crate::solve::interval::decimal;
    match v {
        Some((l, h)) if l == h => format!("expected {}", fraction_text(&l)),
        Some((l, h)) => format!(
            "expected between {} and {}",
            decimal(&l, digits, false),
            decimal(&h, digits, true)
        ),
        None => "unknown".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::fraction_text;
    use num_bigint::BigInt;
    use num_rational::BigRational;

    fn frac(n: &str, d: &str) -> BigRational {
        BigRational::new(n.parse::<BigInt>().unwrap(), d.parse::<BigInt>().unwrap())
    }

    #[test]
    fn short_fractions_are_shown_in_full() {
        assert_eq!(fraction_text(&frac("1", "6")), "1/6");
        // 79 characters: a line.
        let (n, d) = (format!("1{}", "0".repeat(38)), "3".repeat(39));
        assert_eq!(fraction_text(&frac(&n, &d)), format!("{n}/{d}"));
    }

    #[test]
    fn fractions_longer_than_a_line_are_abbreviated() {
        let n = format!("1{}1", "0".repeat(48));
        let d = format!("3{}", "0".repeat(50));
        assert_eq!(
            fraction_text(&frac(&n, &d)),
            "10000000…00000001 (50 digits)/30000000…00000000 (51 digits) ≈ 0.033333"
        );
        assert_eq!(
            fraction_text(&frac(&format!("-{n}"), &d)),
            "-10000000…00000001 (50 digits)/30000000…00000000 (51 digits) ≈ -0.033333"
        );
        let tiny = format!("1{}", "0".repeat(60));
        assert_eq!(
            fraction_text(&frac(&n, &tiny)),
            "10000000…00000001 (50 digits)/10000000…00000000 (61 digits) ≈ 1.000000e-11"
        );
    }
}
