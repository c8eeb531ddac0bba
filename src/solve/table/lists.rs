//! The moves into every position, kept by position number with no index: each number's length in
//! bytes (one byte, wider lengths aside), the start of each block of 16 numbers, and the lists
//! themselves in one array, in the order of the numbers.

use super::steps::Steps;
use crate::engine::alloc::zeroed;
use crate::engine::Code;
use crate::solve::SolveError;
use rustc_hash::FxHashMap;

/// Numbers per block: a block's lengths are read as two 8-byte words.
const BLOCK: usize = 16;
const ONES: u64 = 0x0101_0101_0101_0101;

/// One length per position number: a byte, or 255 and the length in a map beside.
pub(super) struct Lens {
    small: Vec<u8>,
    big: FxHashMap<Code, u64>,
}

impl Lens {
    /// All zero (the pages of numbers never reached are never written); `Err` if the memory is
    /// refused.
    pub(super) fn new(space: u64) -> Result<Lens, SolveError> {
        let n = (space as usize).div_ceil(BLOCK) * BLOCK;
        Ok(Lens {
            small: zeroed(n).ok_or(SolveError::Refused(n as u64))?,
            big: FxHashMap::default(),
        })
    }

    #[inline]
    pub(super) fn get(&self, c: Code) -> u64 {
        match self.small[c as usize] {
            255 => self.big.get(&c).copied().unwrap_or(0),
            n => u64::from(n),
        }
    }

    #[inline]
    pub(super) fn add(&mut self, c: Code, n: u64) {
        let s = &mut self.small[c as usize];
        if *s == 255 {
            *self.big.entry(c).or_default() += n;
        } else if u64::from(*s) + n >= 255 {
            self.big.insert(c, u64::from(*s) + n);
            *s = 255;
        } else {
            *s += n as u8;
        }
    }

    /// Bytes held beside the array, as the map may come to.
    pub(super) fn extra_bytes(&self) -> u64 {
        self.big.capacity() as u64 * 32
    }
}

pub(super) struct Lists {
    lens: Lens,
    /// The start of each block's lists in `bytes` (set only for blocks with a reached number).
    base: Vec<u64>,
    bytes: Vec<u8>,
}

/// The sum of the 8 bytes of `x`.
#[inline]
fn byte_sum(x: u64) -> u64 {
    let pairs = (x & 0x00FF_00FF_00FF_00FF) + ((x >> 8) & 0x00FF_00FF_00FF_00FF);
    pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48
}

/// Whether a byte of `x` is 255.
#[inline]
fn has_255(x: u64) -> bool {
    let y = !x;
    y.wrapping_sub(ONES) & !y & (ONES << 7) != 0
}

/// The low `k` bytes (k at most 8).
#[inline]
fn low_bytes(k: usize) -> u64 {
    if k >= 8 {
        u64::MAX
    } else {
        (1u64 << (8 * k)) - 1
    }
}

impl Lists {
    /// Room for lists of `lens` bytes, laid out block by block; `reached` has a bit for every
    /// number reached (only those can have a list). `Err` if the memory is refused.
    pub(super) fn lay_out(lens: Lens, reached: &[u64]) -> Result<Lists, SolveError> {
        let blocks = lens.small.len() / BLOCK + 1;
        let mut base: Vec<u64> = zeroed(blocks).ok_or(SolveError::Refused(blocks as u64 * 8))?;
        let mut at = 0;
        // A word of `reached` covers 64 numbers: 4 blocks.
        for (w, _) in reached.iter().enumerate().filter(|(_, &x)| x != 0) {
            for b in w * 4..(w * 4 + 4).min(base.len() - 1) {
                base[b] = at;
                at += (b * BLOCK..(b + 1) * BLOCK)
                    .map(|c| lens.get(c as Code))
                    .sum::<u64>();
            }
        }
        Ok(Lists {
            lens,
            base,
            bytes: zeroed(at as usize).ok_or(SolveError::Refused(at))?,
        })
    }

    /// Where the list of `c` starts in `bytes`.
    #[inline]
    fn start(&self, c: Code) -> u64 {
        let b = c as usize / BLOCK;
        let i = c as usize % BLOCK;
        let at = b * BLOCK;
        let word = |k: usize| {
            let mut w = [0u8; 8];
            w.copy_from_slice(&self.lens.small[at + k..at + k + 8]);
            u64::from_le_bytes(w)
        };
        let (x, y) = match i <= 8 {
            true => (word(0) & low_bytes(i), 0),
            false => (word(0), word(8) & low_bytes(i - 8)),
        };
        if has_255(x) || has_255(y) {
            let before: u64 = (at..at + i).map(|k| self.lens.get(k as Code)).sum();
            return self.base[b] + before;
        }
        self.base[b] + byte_sum(x) + byte_sum(y)
    }

    /// The moves into `c`.
    #[inline]
    pub(super) fn list(&self, c: Code) -> &[u8] {
        let n = self.lens.get(c);
        if n == 0 {
            return &[];
        }
        let s = self.start(c) as usize;
        &self.bytes[s..s + n as usize]
    }

    /// Writes the move from `parent` into `child`, after the `filled` bytes already written there.
    #[inline]
    pub(super) fn write(
        &mut self,
        steps: &mut Steps,
        filled: &mut Lens,
        parent: Code,
        child: Code,
        kept: bool,
    ) {
        let at = (self.start(child) + filled.get(child)) as usize;
        let n = steps.write(parent, child, kept, &mut self.bytes[at..]);
        filled.add(child, n as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_start_where_the_lengths_before_them_end() {
        // Lengths 0..40 over 40 numbers, one of them 300 (wider than a byte).
        let space = 40u64;
        let mut lens = Lens::new(space).unwrap();
        let mut want = Vec::new();
        for c in 0..space {
            let n = if c == 17 { 300 } else { c % 7 };
            lens.add(c, n);
            want.push(n);
        }
        let reached = vec![u64::MAX];
        let lists = Lists::lay_out(lens, &reached).unwrap();
        let mut at = 0;
        for c in 0..space {
            assert_eq!(lists.start(c), at, "{c}");
            assert_eq!(lists.list(c).len() as u64, want[c as usize]);
            at += want[c as usize];
        }
        assert_eq!(lists.bytes.len() as u64, at);
    }
}
