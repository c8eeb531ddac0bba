//! A symmetric variable's digits read out of a position code with few divisions. The plain way
//! divides twice per digit (place value, then base), and canonical forms are taken of every
//! child a solver sees, so with symmetries declared it was most of the time spent (a 4 x 4
//! board: 32 divisions a child). When the variable's digits are adjacent in the numbering (each
//! place value the one before times the base, as a grid's or an array's are), the variable's
//! part of the code is one number of `n` base-`size` digits: it is cut into chunks of several
//! digits by one division each, and a table gives each chunk's digits. Once read, the digits
//! are compared image against image (`less`) or arranged in every order (`next_permutation`).

use super::Code;
use strength_reduce::StrengthReducedU64;

/// The largest chunk's number of values (its table holds that many entries of `per` digits).
const CHUNK_VALUES: u64 = 4096;

#[derive(Clone, Debug)]
pub(super) struct Chunks {
    /// The place value of the first digit.
    base: u64,
    /// `size` to the power of the digit count: the variable's part is `(code / base) % total`.
    total: u64,
    /// How many digits.
    n: usize,
    /// How many values one chunk has (`size` to the power `per`), and its digits.
    chunk: u64,
    per: usize,
    /// Each chunk value's `per` digits, lowest first.
    table: Vec<u8>,
}

impl Chunks {
    /// The chunked reader of digits with place values `radix`, each of base `size`; `None` when
    /// they are not adjacent, a digit does not fit a byte, or the part passes 64 bits.
    pub(super) fn new(radix: &[u64], size: u64) -> Option<Chunks> {
        let base = *radix.first()?;
        let adjacent = radix
            .windows(2)
            .all(|w| w[0].checked_mul(size) == Some(w[1]));
        if !adjacent || !(2..=256).contains(&size) {
            return None;
        }
        let total = (0..radix.len()).try_fold(1u64, |t, _| t.checked_mul(size))?;
        let (mut per, mut chunk) = (1usize, size);
        while per < radix.len() && chunk * size <= CHUNK_VALUES {
            per += 1;
            chunk *= size;
        }
        let mut table = Vec::with_capacity(chunk as usize * per);
        for v in 0..chunk {
            let mut x = v;
            for _ in 0..per {
                table.push((x % size) as u8);
                x /= size;
            }
        }
        Some(Chunks {
            base,
            total,
            n: radix.len(),
            chunk,
            per,
            table,
        })
    }

    /// The digits of `code` into `digits`, first to last; returns `code` without them.
    #[inline]
    pub(super) fn split(&self, code: Code, digits: &mut Vec<u64>) -> Code {
        digits.clear();
        let mut v = (code / self.base) % self.total;
        let rest = code - v * self.base;
        while digits.len() < self.n {
            let at = (v % self.chunk) as usize * self.per;
            v /= self.chunk;
            let take = (self.n - digits.len()).min(self.per);
            digits.extend(self.table[at..at + take].iter().map(|&d| u64::from(d)));
        }
        rest
    }
}

/// Whether the image `src` of `digits` is less than the image `than` (the identity when `None`),
/// comparing from the most significant digit.
pub(super) fn less(digits: &[u64], src: &[u32], than: Option<&[u32]>) -> bool {
    for k in (0..digits.len()).rev() {
        let a = digits[src[k] as usize];
        let b = than.map_or(digits[k], |t| digits[t[k] as usize]);
        if a != b {
            return a < b;
        }
    }
    false
}

/// The next arrangement in lexicographic order; `false` after the last.
pub(super) fn next_permutation(v: &mut [u64]) -> bool {
    let Some(i) = (1..v.len()).rev().find(|&i| v[i - 1] < v[i]) else {
        return false;
    };
    let j = (i..v.len()).rev().find(|&j| v[j] > v[i - 1]).unwrap_or(i);
    v.swap(i - 1, j);
    v[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plain reading: two divisions a digit.
    fn plain(radix: &[u64], size: u64, code: Code) -> (Code, Vec<u64>) {
        let mut rest = code;
        let digits = radix
            .iter()
            .map(|&r| {
                let d = (code / r) % size;
                rest -= d * r;
                d
            })
            .collect();
        (rest, digits)
    }

    #[test]
    fn chunks_read_what_the_plain_reading_reads() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 1
        };
        for (below, size, n) in [
            (1u64, 3u64, 9usize),
            (6, 3, 16),
            (2, 3, 20),
            (5, 2, 30),
            (7, 5, 9),
            (1, 256, 4),
            (3, 7, 1),
        ] {
            let radix: Vec<u64> = (0..n as u32).map(|k| below * size.pow(k)).collect();
            let above = below * size.pow(n as u32);
            let chunks = Chunks::new(&radix, size).expect("adjacent digits");
            let mut digits = Vec::new();
            for _ in 0..2000 {
                let code = next() % above.saturating_mul(3);
                let rest = chunks.split(code, &mut digits);
                assert_eq!((rest, digits.clone()), plain(&radix, size, code), "{code}");
            }
        }
        // Digits that are not adjacent (another variable between) are left to the plain way.
        assert!(Chunks::new(&[1, 3, 27], 3).is_none());
        assert!(Chunks::new(&[1, 300], 300).is_none());
    }
}

/// A permutation group's images of a variable's part of the code, as numbers, by tables: the
/// digits are taken `per` at a time, and for each permutation and group of digits a table gives
/// what those digits add to the image (digit `i` moves to the place `k` with `src[k] == i`, of
/// value `size^k` within the part). An image is then a few lookups and additions, and the least
/// image (the canonical form) the least of those sums: with place values growing by at least
/// the base from digit to digit, the least number is the least from the top digit down.
#[derive(Clone, Debug)]
pub(super) struct Images {
    /// How many values the part has.
    total: u64,
    /// How many values a group of digits has (the base to the power of its digits), and how many
    /// groups there are.
    values: usize,
    groups: usize,
    perms: usize,
    /// `[perm][group][value]`: what that group's digits holding that value add.
    table: Vec<u64>,
    /// Division by `values` and by `total` as a multiplication (one per group and per code: a
    /// hardware division took most of a canonical form's time).
    values_div: StrengthReducedU64,
    total_div: StrengthReducedU64,
    /// With a colour swap declared on the variable: `[group][value]`, the value that group's
    /// digits have with the two swapped digits exchanged (empty without one).
    relabel: Vec<u16>,
    /// Each group's place value within the part (`values` to the power of its index).
    place: [u64; MAX_GROUPS],
}

/// The most entries the tables of one variable may hold (8 bytes each).
const MAX_IMAGE_ENTRIES: usize = 1 << 20;

/// The most groups of digits (64 cells of at most 4 values; a larger board is left to the plain
/// way).
const MAX_GROUPS: usize = 16;

impl Images {
    /// The tables for the permutations `srcs` (each: the image's digit `k` is digit `src[k]`) of
    /// `n` digits of base `size`, and for exchanging the digits `swap` (`swap A B` declared on
    /// the variable); `None` when the part passes 64 bits or the tables would be too large.
    pub(super) fn new<'a>(
        srcs: impl Iterator<Item = &'a [u32]> + Clone,
        n: usize,
        size: u64,
        swap: Option<(u64, u64)>,
    ) -> Option<Images> {
        if size < 2 || n == 0 {
            return None;
        }
        let place: Vec<u64> = (0..n as u32)
            .map(|k| size.checked_pow(k))
            .collect::<Option<_>>()?;
        let total = size.checked_pow(n as u32)?;
        let (mut per, mut values) = (1usize, size);
        while per < n && values * size <= 256 {
            per += 1;
            values *= size;
        }
        let (values, groups, perms) = (values as usize, n.div_ceil(per), srcs.clone().count());
        if groups > MAX_GROUPS
            || perms.saturating_mul(groups).saturating_mul(values) > MAX_IMAGE_ENTRIES
        {
            return None;
        }
        let mut table = Vec::with_capacity(perms * groups * values);
        for src in srcs {
            let mut to = vec![usize::MAX; n];
            for (k, &i) in src.iter().enumerate() {
                *to.get_mut(i as usize)? = k;
            }
            if to.contains(&usize::MAX) {
                return None;
            }
            for g in 0..groups {
                for v in 0..values as u64 {
                    let mut x = v;
                    let mut adds = 0u64;
                    for t in 0..per {
                        let d = x % size;
                        x /= size;
                        if let Some(&k) = to.get(g * per + t) {
                            adds += d * place[k];
                        }
                    }
                    table.push(adds);
                }
            }
        }
        let mut relabel = Vec::new();
        if let Some((a, b)) = swap {
            for g in 0..groups {
                // The last group may hold fewer digits: its missing high digits stay 0.
                let digits = per.min(n - g * per);
                relabel.extend(
                    (0..values as u64)
                        .map(|v| super::swap::relabel(v, digits, size, (a, b)) as u16),
                );
            }
        }
        let mut place = [0u64; MAX_GROUPS];
        let mut p = 1u64;
        for (g, slot) in place.iter_mut().enumerate().take(groups) {
            *slot = p;
            if g + 1 < groups {
                p = p.checked_mul(values as u64)?;
            }
        }
        Some(Images {
            total,
            values,
            groups,
            perms,
            table,
            values_div: StrengthReducedU64::new(values as u64),
            total_div: StrengthReducedU64::new(total),
            relabel,
            place,
        })
    }

    /// How many values the part has (`size` to the power of its digits).
    pub(super) fn total(&self) -> u64 {
        self.total
    }

    /// The part's number in `code` (whose first digit has place value `first`, divided by
    /// `first_div`).
    #[inline]
    pub(super) fn own(&self, code: Code, first: u64, first_div: &StrengthReducedU64) -> u64 {
        let above = if first == 1 { code } else { code / *first_div };
        above % self.total_div
    }

    /// `own`'s groups of digits, each as a number below `values`, first group first.
    #[inline]
    fn groups_of(&self, own: u64, at: &mut [usize; MAX_GROUPS]) {
        let mut v = own;
        for a in at.iter_mut().take(self.groups) {
            let (q, r) = StrengthReducedU64::div_rem(v, self.values_div);
            *a = r as usize;
            v = q;
        }
    }

    /// Permutation `p`'s image of the part whose groups are `at`.
    #[inline]
    fn image(&self, p: usize, at: &[usize; MAX_GROUPS]) -> u64 {
        let t = &self.table[p * self.groups * self.values..];
        at[..self.groups]
            .iter()
            .enumerate()
            .map(|(g, &v)| t[g * self.values + v])
            .sum()
    }

    /// The least of `own` (the part as it is, below `total`) and its images.
    #[inline]
    pub(super) fn least(&self, own: u64) -> u64 {
        let mut at = [0usize; MAX_GROUPS];
        self.groups_of(own, &mut at);
        (0..self.perms).fold(own, |best, p| best.min(self.image(p, &at)))
    }

    /// The least image of `own` and the least image of `own` with the swap's two digits
    /// exchanged (`None` without a swap): the groups read once for both.
    #[inline]
    pub(super) fn least_and_swapped(&self, own: u64) -> Option<(u64, u64)> {
        if self.relabel.is_empty() {
            return None;
        }
        let mut at = [0usize; MAX_GROUPS];
        self.groups_of(own, &mut at);
        let mut swapped = [0usize; MAX_GROUPS];
        let mut other = 0u64;
        for g in 0..self.groups {
            let r = self.relabel[g * self.values + at[g]];
            swapped[g] = r as usize;
            other += u64::from(r) * self.place[g];
        }
        let least = (0..self.perms).fold(own, |best, p| best.min(self.image(p, &at)));
        let least_other = (0..self.perms).fold(other, |best, p| best.min(self.image(p, &swapped)));
        Some((least, least_other))
    }

    /// Permutation `p`'s image of `own`.
    pub(super) fn image_of(&self, p: usize, own: u64) -> u64 {
        let mut at = [0usize; MAX_GROUPS];
        self.groups_of(own, &mut at);
        self.image(p, &at)
    }

    /// How many of the permutations leave `own` as it is.
    pub(super) fn fixing(&self, own: u64) -> u64 {
        let mut at = [0usize; MAX_GROUPS];
        self.groups_of(own, &mut at);
        (0..self.perms)
            .filter(|&p| self.image(p, &at) == own)
            .count() as u64
    }
}
