//! A tier's positions as keys: each code mixed by a bijection of the 64-bit integers, so that a
//! tier's keys spread evenly over their range whatever the numbering clusters (a board's codes
//! cluster by its empty rows), and a key's top bits can index a directory or a hash table.
//! Key 0 is never a position's, so a table of keys can use it for an empty slot.

use crate::engine::Code;

/// The multipliers of the mixing function (the finaliser of SplitMix64), and their inverses
/// modulo 2^64.
const M1: u64 = 0xbf58_476d_1ce4_e5b9;
const M2: u64 = 0x94d0_49bb_1331_11eb;
const M1_INV: u64 = inverse(M1);
const M2_INV: u64 = inverse(M2);

/// The inverse of an odd `a` modulo 2^64, by Newton's iteration (each step doubles the bits
/// that are right; `a` is its own inverse modulo 8).
const fn inverse(a: u64) -> u64 {
    let mut x = a;
    let mut i = 0;
    while i < 5 {
        x = x.wrapping_mul(2u64.wrapping_sub(a.wrapping_mul(x)));
        i += 1;
    }
    x
}

/// Undoes `x ^= x >> s`.
#[inline]
fn unshift(y: u64, s: u32) -> u64 {
    let mut x = y;
    for _ in 0..64u32.div_ceil(s) {
        x = y ^ (x >> s);
    }
    x
}

/// A code's key: never 0 (the mixing function maps only 0 to 0, and it mixes `code + 1`).
#[inline]
pub(super) fn key(code: Code) -> u64 {
    let mut x = code.wrapping_add(1);
    x ^= x >> 30;
    x = x.wrapping_mul(M1);
    x ^= x >> 27;
    x = x.wrapping_mul(M2);
    x ^ (x >> 31)
}

/// The code whose key is `key`.
#[inline]
pub(super) fn code(key: u64) -> Code {
    let mut x = unshift(key, 31);
    x = x.wrapping_mul(M2_INV);
    x = unshift(x, 27);
    x = x.wrapping_mul(M1_INV);
    unshift(x, 30).wrapping_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_codes_are_inverse_and_never_zero() {
        assert_eq!(M1.wrapping_mul(M1_INV), 1);
        assert_eq!(M2.wrapping_mul(M2_INV), 1);
        let mut c = 0u64;
        for k in 0..100_000u64 {
            for x in [k, u64::MAX - 1 - k, c] {
                assert_ne!(key(x), 0, "{x}");
                assert_eq!(code(key(x)), x, "{x}");
            }
            c = c
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
        }
        // Consecutive codes spread over the whole range of keys.
        let top: std::collections::HashSet<u64> = (0..4096).map(|c| key(c) >> 60).collect();
        assert_eq!(top.len(), 16);
    }
}
