//! How a move into a position is written in its list: as the step from the child's number to the
//! parent's (and whether the move kept the turn), one byte when the step is one of the first 254
//! the game makes (most games make a handful: a piece moves one square, a turn passes), else a
//! marker byte and the step as a variable-length number.

use crate::engine::Code;

/// Marker bytes for a step outside the dictionary: the move kept the turn, or not.
const ESC: u8 = 254;
const ESC_KEPT: u8 = 255;
/// Slots of the dictionary's hash table: a power of two, at least twice its 254 entries.
const SLOTS: usize = 512;

/// The steps known by index, and a hash table from step to index for writing them.
pub(super) struct Steps {
    by_index: Vec<(u64, bool)>,
    /// Each slot: a step, and its index + 1 (0: an empty slot).
    slots: Vec<(u64, bool, u16)>,
    /// Whether steps not yet known may still be given an index (during the first pass only).
    open: bool,
}

#[inline]
fn slot(step: u64, kept: bool) -> usize {
    ((step ^ u64::from(kept)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 55) as usize & (SLOTS - 1)
}

/// The step as an unsigned number that is small when the step is (zigzag).
#[inline]
fn zigzag(step: u64) -> u64 {
    (step << 1) ^ ((step as i64 >> 63) as u64)
}

#[inline]
fn unzigzag(z: u64) -> u64 {
    (z >> 1) ^ (z & 1).wrapping_neg()
}

impl Steps {
    pub(super) fn new() -> Steps {
        Steps {
            by_index: Vec::new(),
            slots: vec![(0, false, 0); SLOTS],
            open: true,
        }
    }

    /// No more steps are given an index: the lists' lengths were counted with these.
    pub(super) fn close(&mut self) {
        self.open = false;
    }

    /// The index of a step, giving it one if it is new and there is room.
    #[inline]
    fn index(&mut self, step: u64, kept: bool) -> Option<u8> {
        let mut i = slot(step, kept);
        loop {
            let (s, k, tag) = self.slots[i];
            if tag == 0 {
                break;
            }
            if s == step && k == kept {
                return Some((tag - 1) as u8);
            }
            i = (i + 1) & (SLOTS - 1);
        }
        if !self.open || self.by_index.len() >= usize::from(ESC) {
            return None;
        }
        self.by_index.push((step, kept));
        self.slots[i] = (step, kept, self.by_index.len() as u16);
        Some((self.by_index.len() - 1) as u8)
    }

    /// The bytes the move from `parent` into `child` takes in the child's list.
    #[inline]
    pub(super) fn len(&mut self, parent: Code, child: Code, kept: bool) -> u64 {
        let step = parent.wrapping_sub(child);
        match self.index(step, kept) {
            Some(_) => 1,
            None => 1 + varint_len(zigzag(step)),
        }
    }

    /// Writes the move from `parent` into `child` at the start of `out`; the bytes written.
    #[inline]
    pub(super) fn write(&mut self, parent: Code, child: Code, kept: bool, out: &mut [u8]) -> usize {
        let step = parent.wrapping_sub(child);
        if let Some(i) = self.index(step, kept) {
            out[0] = i;
            return 1;
        }
        out[0] = if kept { ESC_KEPT } else { ESC };
        let mut z = zigzag(step);
        let mut n = 1;
        loop {
            let low = (z & 0x7F) as u8;
            z >>= 7;
            if z == 0 {
                out[n] = low;
                return n + 1;
            }
            out[n] = low | 0x80;
            n += 1;
        }
    }

    /// Calls `f(parent, kept)` for each move in `list`, the moves into `child`.
    #[inline]
    pub(super) fn each(&self, child: Code, list: &[u8], mut f: impl FnMut(Code, bool)) {
        let mut i = 0;
        while i < list.len() {
            let b = list[i];
            i += 1;
            if b < ESC {
                let (step, kept) = self.by_index[usize::from(b)];
                f(child.wrapping_add(step), kept);
                continue;
            }
            let (mut z, mut shift) = (0u64, 0);
            while let Some(&x) = list.get(i) {
                i += 1;
                z |= u64::from(x & 0x7F) << shift;
                shift += 7;
                if x & 0x80 == 0 {
                    break;
                }
            }
            f(child.wrapping_add(unzigzag(z)), b == ESC_KEPT);
        }
    }
}

/// Bytes of `z` as a variable-length number (7 bits a byte).
fn varint_len(z: u64) -> u64 {
    u64::from((64 - (z | 1).leading_zeros()).div_ceil(7))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_reads_back_as_written() {
        let mut s = Steps::new();
        let child = 1_000_000u64;
        let mut moves: Vec<(Code, bool)> = Vec::new();
        // 300 different steps: the first 254 get an index, the rest are written out.
        for k in 0..300u64 {
            moves.push((child.wrapping_add(k * 977), k % 3 == 0));
            moves.push((child.wrapping_sub(k * 131_071), k % 2 == 0));
        }
        moves.push((u64::MAX, true));
        moves.push((0, false));
        let mut list = vec![0u8; 4096];
        let mut at = 0;
        let mut total = 0;
        for &(p, kept) in &moves {
            total += s.len(p, child, kept);
        }
        s.close();
        for &(p, kept) in &moves {
            at += s.write(p, child, kept, &mut list[at..]);
        }
        assert_eq!(at as u64, total);
        assert_eq!(s.by_index.len(), 254);
        let mut back = Vec::new();
        s.each(child, &list[..at], |p, k| back.push((p, k)));
        assert_eq!(back, moves);
    }
}
