//! Exact numbers for throw games: big rationals, and how they are written as fractions and decimals.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

pub type Q = BigRational;

pub fn int(n: i64) -> Q {
    Q::from_integer(BigInt::from(n))
}

/// `1/3`, `0`, `-2`: the fraction in lowest terms, without a denominator of 1.
pub fn fraction(q: &Q) -> String {
    if q.denom().is_one() {
        q.numer().to_string()
    } else {
        format!("{}/{}", q.numer(), q.denom())
    }
}

/// The value rounded to `places` decimal places (half away from zero), trailing zeros dropped.
pub fn decimal(q: &Q, places: usize) -> String {
    let scale = BigInt::from(10u32).pow(places as u32);
    let scaled = q.abs() * Q::from_integer(scale.clone());
    let rounded = (scaled + Q::new(BigInt::one(), BigInt::from(2)))
        .floor()
        .to_integer();
    let (whole, frac) = rounded.div_rem(&scale);
    let sign = if q.is_negative() && !rounded.is_zero() {
        "-"
    } else {
        ""
    };
    let mut frac = format!("{frac:0>places$}");
    while frac.ends_with('0') {
        frac.pop();
    }
    if frac.is_empty() {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac}")
    }
}

/// For people: six decimal places, or six significant digits in scientific notation (`2.5e-62`)
/// when the value is too small or too large for that to say anything.
pub fn approx(q: &Q) -> String {
    if q.is_zero() {
        return "0".to_string();
    }
    let a = q.abs();
    let digits = |x: &BigInt| x.to_string().len() as i64;
    let mut e = digits(a.numer()) - digits(a.denom());
    let mut m = a / power_of_ten(e);
    if m < int(1) {
        m *= int(10);
        e -= 1;
    }
    if m >= int(10) {
        m /= int(10);
        e += 1;
    }
    if (-3..=15).contains(&e) {
        return decimal(q, 6);
    }
    let mut mantissa = decimal(&m, 5);
    if mantissa == "10" {
        mantissa = "1".to_string();
        e += 1;
    }
    let sign = if q.is_negative() { "-" } else { "" };
    format!("{sign}{mantissa}e{e}")
}

fn power_of_ten(e: i64) -> Q {
    let p = BigInt::from(10u32).pow(e.unsigned_abs() as u32);
    if e >= 0 {
        Q::from_integer(p)
    } else {
        Q::new(BigInt::one(), p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_and_decimals() {
        let q = Q::new(BigInt::from(9), BigInt::from(4));
        assert_eq!(fraction(&q), "9/4");
        assert_eq!(decimal(&q, 6), "2.25");
        let q = Q::new(BigInt::from(-2), BigInt::from(3));
        assert_eq!(decimal(&q, 6), "-0.666667");
        assert_eq!(fraction(&int(0)), "0");
        assert_eq!(decimal(&int(3), 6), "3");
        assert_eq!(
            approx(&Q::new(BigInt::from(1), BigInt::from(300))),
            "0.003333"
        );
        assert_eq!(
            approx(&Q::new(BigInt::from(1), BigInt::from(30000))),
            "3.33333e-5"
        );
        assert_eq!(
            approx(&Q::new(BigInt::from(-2), BigInt::from(3))),
            "-0.666667"
        );
        assert_eq!(
            approx(&Q::from_integer(BigInt::from(10u32).pow(20u32))),
            "1e20"
        );
    }
}
