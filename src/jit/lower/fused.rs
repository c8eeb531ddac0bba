//! The kernels of a sweep through the position numbers, fused with the solution table (16-bit
//! entries, `solve::store`'s layout: tag in bits 13..16, remoteness in 5..13, Grundy in 0..5).
//! Finding: each child is checked to go the sweep's way and marked in the table if unseen (the
//! codes marked are written to the buffer, so that the caller can take the marks back if the
//! position ends or the kernel gives up). Valuing: each child's entry is folded as `solve::agg`
//! folds it, and the position's entry written. The caller compares both with the general path
//! when verifying.

use super::{at, flags, Lower};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::{I16, I64};
use cranelift_codegen::ir::{InstBuilder, MemFlags, Value};

/// The mark of a position found and not yet valued (`store::BUSY` in 16 bits).
const MARK16: i64 = 1 << 13;

/// A child's score by its 16-bit entry, for the player moving into it: 65,536 scores when the
/// turn passes, then 65,536 when the move keeps it. An entry that is not a win, loss or tie (a
/// mark, or a draw, which no sweep meets) scores `UNVALUED`, above every score.
static SCORES: std::sync::LazyLock<Box<[u16]>> = std::sync::LazyLock::new(|| {
    let mut t = vec![0u16; 2 << 16];
    for (i, s) in t.iter_mut().enumerate() {
        *s = score((i & 0xFFFF) as u16, i >> 16 == 1);
    }
    t.into_boxed_slice()
});

/// A score at or above this means some child was not valued.
const UNVALUED: u16 = 0x8000;

/// The score of a child with entry `e`: `class << 9 | r'` (class 2: a win for the mover, r' =
/// 255 - remoteness; 1: a tie, likewise; 0: a loss, r' = remoteness), so that the best move is
/// the highest score: the fastest win, else the fastest tie, else the slowest loss, as
/// `solve::agg` chooses. `kept`: the mover moves again from the child.
fn score(e: u16, kept: bool) -> u16 {
    let r = (e >> 5) & 0xFF;
    match (e >> 13, kept) {
        // The child is won for whoever moves there.
        (2, false) | (3, true) => r,
        (3, false) | (2, true) => (2 << 9) | (0xFF ^ r),
        (4, _) => (1 << 9) | (0xFF ^ r),
        _ => UNVALUED,
    }
}

impl Mode {
    /// The kernel's function name (profilers show it).
    pub fn name(self) -> &'static str {
        match self {
            Mode::Expand => "gamec_expand",
            Mode::Find => "gamec_find",
            Mode::FindBits => "gamec_find_bits",
            Mode::FindTiers => "gamec_find_tiers",
            Mode::Value => "gamec_value",
        }
    }
}

/// What a kernel does with each child.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Write its record (code, family, kept, parameters).
    Expand,
    /// Check its direction and mark it in the table (a sweep's finding pass).
    Find,
    /// Check its direction and mark it in a bitset of reachability (a sweep's finding pass on two
    /// threads, the other valuing in the table meanwhile).
    FindBits,
    /// Record it with its change of the digits' sum, and mark the unseen ones with their tier
    /// when the position has moves (finding in tier order, threads sharing the table).
    FindTiers,
    /// Fold its entry, and write the position's (a sweep's valuing pass).
    Value,
}

fn table_flags() -> MemFlags {
    // The table is an ordinary array of the caller's; entries are 2-byte aligned.
    MemFlags::trusted()
}

impl Lower<'_, '_> {
    /// The address of `child`'s entry, after checking it lies in the table.
    fn entry_addr(&mut self, child: Value) -> Value {
        let (table, len) = self.table;
        let out = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, child, len);
        self.bail_if(out);
        let off = self.b.ins().ishl_imm(child, 1);
        self.b.ins().iadd(table, off)
    }

    /// Loads the table's address and length, and the flags, once, at the start.
    pub(super) fn load_table(&mut self) {
        let table = self.field(at::TABLE);
        let len = self.field(at::TABLE_LEN);
        self.table = (table, len);
        self.sweep_flags = self.field(at::FLAGS);
        self.load_bits();
    }

    /// Finding: the child is marked if unseen; the highest and lowest children are kept, to
    /// check at the end that every move went the sweep's way.
    pub(super) fn emit_find(&mut self, child: Value) {
        self.keep_extremes(child);
        let addr = self.entry_addr(child);
        let e = self.b.ins().uload16(I64, table_flags(), addr, 0);
        let (fresh, after) = (self.b.create_block(), self.b.create_block());
        let unseen = self.b.ins().icmp_imm(IntCC::Equal, e, 0);
        self.b.ins().brif(unseen, fresh, &[], after, &[]);
        self.b.switch_to_block(fresh);
        self.record_fresh(child, |me| {
            let mark = me.b.ins().iconst(I16, MARK16);
            me.b.ins().store(table_flags(), mark, addr, 0);
        });
        self.b.ins().jump(after, &[]);
        self.b.switch_to_block(after);
    }

    /// Finding: the highest and the lowest child so far.
    pub(super) fn keep_extremes(&mut self, child: Value) {
        let high = self.b.use_var(self.broken);
        let high = self.b.ins().umax(high, child);
        self.b.def_var(self.broken, high);
        let low = self.b.use_var(self.agg[0]);
        let low = self.b.ins().umin(low, child);
        self.b.def_var(self.agg[0], low);
    }

    /// Finding, a child not seen before: once the buffer has room, `mark` marks it, and it is
    /// recorded in the buffer (so that the caller can take the mark back).
    pub(super) fn record_fresh(&mut self, child: Value, mark: impl FnOnce(&mut Self)) {
        let n = self.b.use_var(self.nnew);
        let full = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, n, self.kid_cap);
        self.room_if(full);
        mark(self);
        let at = self.b.ins().imul_imm(n, (self.stride * 8) as i64);
        let at = self.b.ins().iadd(self.kids, at);
        self.b.ins().store(flags(), child, at, 0);
        let n = self.b.ins().iadd_imm(n, 1);
        self.b.def_var(self.nnew, n);
    }

    /// Valuing: folds the child's entry into the aggregate: its score, read from `SCORES`
    /// (`score`), and its Grundy value. A child not valued (a win, loss or tie) scores above
    /// every score, and the kernel gives up on the position when it writes the entry.
    pub(super) fn emit_value(&mut self, child: Value, kept: Option<Value>) {
        let addr = self.entry_addr(child);
        let e = self.b.ins().uload16(I64, table_flags(), addr, 0);
        let passed = self.konst(SCORES.as_ptr() as i64);
        let scores = match kept {
            Some(kv) => {
                let same = self.b.ins().iadd_imm(passed, 2 << 16);
                self.b.ins().select(kv, same, passed)
            }
            None => passed,
        };
        let off = self.b.ins().ishl_imm(e, 1);
        let at = self.b.ins().iadd(scores, off);
        let score = self
            .b
            .ins()
            .uload16(I64, MemFlags::trusted().with_readonly(), at, 0);
        let best = self.b.use_var(self.agg[0]);
        let best = self.b.ins().umax(best, score);
        self.b.def_var(self.agg[0], best);
        let g = self.b.ins().band_imm(e, 31);
        let one = self.konst(1);
        let bit = self.b.ins().ishl(one, g);
        let seen = self.b.use_var(self.agg[3]);
        let seen = self.b.ins().bor(seen, bit);
        self.b.def_var(self.agg[3], seen);
    }

    /// Valuing, the position has moves: its entry from the best score, written to the table and
    /// the frame; an entry too wide for 16 bits gives up (the caller widens the table).
    pub(super) fn value_entry(&mut self) {
        let best = self.b.use_var(self.agg[0]);
        // Some child not a win, loss or tie: give up.
        let odd =
            self.b
                .ins()
                .icmp_imm(IntCC::UnsignedGreaterThanOrEqual, best, i64::from(UNVALUED));
        self.bail_if(odd);
        let seen = self.b.use_var(self.agg[3]);
        let free = self.b.ins().bnot(seen);
        let mex = self.b.ins().ctz(free);
        let impartial = self.b.ins().band_imm(self.sweep_flags, 1);
        let zero = self.konst(0);
        let g = self.b.ins().select(impartial, mex, zero);
        let wide = self
            .b
            .ins()
            .icmp_imm(IntCC::UnsignedGreaterThanOrEqual, g, 32);
        self.bail_if(wide);
        let class = self.b.ins().ushr_imm(best, 9);
        let low = self.b.ins().band_imm(best, 0xFF);
        let flipped = self.b.ins().bxor_imm(low, 0xFF);
        let r = self.b.ins().select(class, flipped, low);
        let r = self.b.ins().iadd_imm(r, 1);
        let long = self
            .b
            .ins()
            .icmp_imm(IntCC::UnsignedGreaterThanOrEqual, r, 256);
        self.bail_if(long);
        // Class 2: a win (tag 2); 1: a tie (tag 4); 0: a loss (tag 3).
        let tags = self.konst(0x2_4_3);
        let shift = self.b.ins().ishl_imm(class, 2);
        let tag = self.b.ins().ushr(tags, shift);
        let tag = self.b.ins().band_imm(tag, 0xF);
        let tag = self.b.ins().ishl_imm(tag, 13);
        let r = self.b.ins().ishl_imm(r, 5);
        let e = self.b.ins().bor(tag, r);
        let e = self.b.ins().bor(e, g);
        let addr = self.entry_addr(self.code);
        let e16 = self.b.ins().ireduce(I16, e);
        self.b.ins().store(table_flags(), e16, addr, 0);
        if self.range.is_none() {
            self.b.ins().store(flags(), e, self.frame, at::ENTRY);
        }
    }

    /// Finding, the position has moves: whether some move went against the sweep (down: a child
    /// not below the position; up: not above it), as an i8 truth value.
    pub(super) fn against_sweep(&mut self) -> Value {
        let high = self.b.use_var(self.broken);
        let low = self.b.use_var(self.agg[0]);
        let not_below = self
            .b
            .ins()
            .icmp(IntCC::UnsignedGreaterThanOrEqual, high, self.code);
        let not_above = self
            .b
            .ins()
            .icmp(IntCC::UnsignedLessThanOrEqual, low, self.code);
        let down = self.b.ins().band_imm(self.sweep_flags, 2);
        self.b.ins().select(down, not_below, not_above)
    }

    /// Finding: no child seen yet (the highest below all, the lowest above all).
    pub(super) fn start_find(&mut self) {
        let zero = self.konst(0);
        let all = self.konst(-1);
        self.b.def_var(self.broken, zero);
        self.b.def_var(self.agg[0], all);
    }

    /// The aggregate's starting values, before the moves are generated.
    pub(super) fn start_value(&mut self) {
        let zero = self.konst(0);
        for v in self.agg {
            self.b.def_var(v, zero);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{score, SCORES, UNVALUED};

    /// An entry: tag (2 win, 3 lose, 4 tie), remoteness, Grundy value.
    fn entry(tag: u16, r: u16, g: u16) -> u16 {
        tag << 13 | r << 5 | g
    }

    #[test]
    fn scores_rank_the_fastest_win_then_the_fastest_tie_then_the_slowest_loss() {
        // Passing the turn into a position lost for its mover is a win for ours.
        let win_in = |r| score(entry(3, r, 0), false);
        let tie_in = |r| score(entry(4, r, 0), false);
        let lose_in = |r| score(entry(2, r, 0), false);
        assert!(win_in(1) > win_in(3) && win_in(3) > tie_in(0));
        assert!(tie_in(2) > tie_in(9) && tie_in(9) > lose_in(200));
        assert!(lose_in(200) > lose_in(4));
        assert_eq!(
            (win_in(3), tie_in(3), lose_in(3)),
            (0x400 | 252, 0x200 | 252, 3)
        );
        // Keeping the turn: the child's value is the mover's own; the Grundy value is ignored.
        assert_eq!(score(entry(2, 5, 7), true), 0x400 | 250);
        assert_eq!(score(entry(3, 5, 7), true), 5);
        // A mark (tag 1), a draw (tag 5) or nothing (0) is not valued.
        for tag in [0, 1, 5, 6, 7] {
            assert_eq!(score(entry(tag, 5, 0), false), UNVALUED);
        }
        assert_eq!(SCORES[usize::from(entry(3, 3, 0))], win_in(3));
        assert_eq!(SCORES[(1 << 16) + usize::from(entry(3, 3, 0))], 3);
    }
}
