//! Lowering compiled rules to Cranelift IR: the state of one function being built (its
//! variables, the blocks every check jumps to) and the values it works with, each carrying the
//! interval it is known to lie in, so that a check that cannot fail is not emitted.

mod arith;
mod bits;
mod cost;
mod decode;
mod expand;
mod expr;
mod flat;
mod folds;
mod fused;
mod lines;
mod moves;
mod plain;
mod range;
mod runs;
mod stmts;
mod tiered;
mod undo;

pub(super) use expand::build;
pub use fused::Mode;

use super::frame::{at, BAIL};
use crate::rules::Rules;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::I64;
use cranelift_codegen::ir::{Block, InstBuilder, MemFlags, Value};
use cranelift_frontend::{FunctionBuilder, Variable};
use std::sync::Arc;

/// A value during lowering: a constant, or a run-time value known to lie in `lo..=hi`.
#[derive(Clone, Copy, Debug)]
pub(super) enum E {
    K(i64),
    D { v: Value, lo: i64, hi: i64 },
}

impl E {
    pub(super) fn range(self) -> (i64, i64) {
        match self {
            E::K(k) => (k, k),
            E::D { lo, hi, .. } => (lo, hi),
        }
    }
}

/// The position numbering the kernel decodes and encodes: as `engine::Engine` lays it out.
pub struct Numbering<'a> {
    pub radix: &'a [u64],
    pub turn_radix: u64,
    pub again_radix: u64,
}

/// Why a game is expanded by the interpreter only.
#[derive(Debug)]
pub struct NotCompiled(pub String);

/// Tables the generated code reads by address; the kernel keeps them alive.
#[derive(Default)]
pub(super) struct Keep {
    pub lists: Vec<Arc<[i64]>>,
    pub runs: Vec<Arc<crate::rules::RunTable>>,
    pub words: Vec<Box<[i64]>>,
}

/// One function being built.
pub(super) struct Lower<'a, 'f> {
    pub b: FunctionBuilder<'f>,
    pub rules: &'a Rules,
    pub num: &'a Numbering<'a>,
    pub keep: Keep,
    /// The frame pointer and what the entry block loads from it.
    pub frame: Value,
    pub slots: Value,
    pub mover: Value,
    pub last: Value,
    /// The position's code, what passing the turn adds to it, and the parent's "kept the turn"
    /// digit (0 when positions do not record it).
    pub code: Value,
    pub turn_step: Value,
    pub parent_flag: Value,
    /// The children's buffer, its capacity in records, and a record's width in words.
    pub kids: Value,
    pub kid_cap: Value,
    pub stride: usize,
    /// One variable per local, the interval of its latest definition, and its value where it is
    /// a known constant (a loop unrolled).
    pub locals: Vec<Variable>,
    pub local_range: Vec<(i64, i64)>,
    pub known: Vec<Option<i64>>,
    /// Steps taken, candidate moves counted, the sizes of the ranges being iterated around the
    /// code now built (as `Ctx::scale`), children written, and the `again` flag of a move.
    pub steps: Variable,
    pub candidates: Variable,
    pub scale: Variable,
    /// The scale's value where it is known when compiling (every range around is constant).
    pub scale_known: Option<u64>,
    pub nkids: Variable,
    pub again: Variable,
    /// Every check that fails jumps here; the function then returns `BAIL`.
    pub bail: Block,
    /// A full buffer jumps here; the function then returns `ROOM`.
    pub room: Block,
    /// The nodes lowered so far, against `MAX_NODES`.
    pub nodes: u64,
    /// How the body being lowered records its writes, and the undo buffer with its length.
    pub undo: undo::Undo,
    pub undo_len: Variable,
    pub undo_ptr: Value,
    pub undo_cap: Value,
    /// The address of the table of slots' place values (kept in `keep.words`).
    pub radix_table: i64,
    /// What each child is for; finding: the positions marked, the highest child (`broken`) and
    /// the lowest (`agg[0]`); valuing: the best score (`agg[0]`) and Grundy values seen (`agg[3]`).
    pub mode: Mode,
    pub nnew: Variable,
    pub broken: Variable,
    pub agg: [Variable; 4],
    /// Finding and valuing: the table's address and length, and the sweep's flags.
    pub table: (Value, Value),
    pub sweep_flags: Value,
    /// A sweep on two threads: the bitset's address and length in words.
    pub bits: (Value, Value),
    /// Slots read by a move's parameter range, whose values are reused while memory holds them
    /// (`cache_on`: not while a body has written memory and not taken the writes back), and
    /// facts `a <= b` about values (a parameter and the end of its range).
    pub cache: Vec<(u32, Value)>,
    pub cache_on: bool,
    pub cache_held: bool,
    pub facts: Vec<(Value, Value)>,
    /// A kernel over a range of codes: the loop's state.
    pub range: Option<range::Range>,
    /// Pure code being lowered (`flat`), and whether it emitted a check or took steps.
    pub pure_depth: u32,
    pub spoiled: bool,
}

/// The most expression nodes one kernel lowers (unrolled loops count once per copy): past this
/// the game is left to the interpreter rather than compiled for seconds.
pub(super) const MAX_NODES: u64 = 200_000;

pub(super) fn flags() -> MemFlags {
    MemFlags::trusted()
}

impl Lower<'_, '_> {
    pub(super) fn konst(&mut self, k: i64) -> Value {
        self.b.ins().iconst(I64, k)
    }

    /// The value of `e` as an IR value.
    pub(super) fn val(&mut self, e: E) -> Value {
        match e {
            E::K(k) => self.konst(k),
            E::D { v, .. } => v,
        }
    }

    /// A run-time value in `lo..=hi`. An empty interval (`lo > hi`) belongs to code no value
    /// reaches (a loop over a range that is always empty), where any interval is true; it is
    /// turned round so that the intervals computed from it stay well formed.
    pub(super) fn dynamic(&mut self, v: Value, lo: i64, hi: i64) -> E {
        E::D {
            v,
            lo: lo.min(hi),
            hi: hi.max(lo),
        }
    }

    /// Continues in a new block, after a jump that ends the current one.
    pub(super) fn fresh(&mut self) {
        let next = self.b.create_block();
        self.b.switch_to_block(next);
    }

    /// Jumps to `bail` if `cond` (an i8 truth value) holds.
    pub(super) fn bail_if(&mut self, cond: Value) {
        self.spoil();
        let next = self.b.create_block();
        self.b.ins().brif(cond, self.bail, &[], next, &[]);
        self.b.switch_to_block(next);
    }

    /// Jumps to `bail` for good: what follows is unreachable. Returns a placeholder value.
    pub(super) fn bail_now(&mut self) -> E {
        self.spoil();
        self.b.ins().jump(self.bail, &[]);
        self.fresh();
        E::K(0)
    }

    /// Notes a check or a step in pure code, which must have none (`flat`).
    fn spoil(&mut self) {
        if self.pure_depth > 0 {
            self.spoiled = true;
        }
    }

    /// Jumps to `room` if `cond` holds.
    pub(super) fn room_if(&mut self, cond: Value) {
        let next = self.b.create_block();
        self.b.ins().brif(cond, self.room, &[], next, &[]);
        self.b.switch_to_block(next);
    }

    /// `e` as an i8 truth value (non-zero).
    pub(super) fn truth(&mut self, e: E) -> Value {
        let v = self.val(e);
        self.b.ins().icmp_imm(IntCC::NotEqual, v, 0)
    }

    /// An i8 truth value as 0 or 1.
    pub(super) fn as_int(&mut self, t: Value) -> E {
        let v = self.b.ins().uextend(I64, t);
        E::D { v, lo: 0, hi: 1 }
    }

    /// Adds `n` steps.
    pub(super) fn charge(&mut self, n: Value) {
        self.spoil();
        let s = self.b.use_var(self.steps);
        let s = self.b.ins().iadd(s, n);
        self.b.def_var(self.steps, s);
    }

    pub(super) fn charge_const(&mut self, n: i64) {
        self.spoil();
        let s = self.b.use_var(self.steps);
        let s = self.b.ins().iadd_imm(s, n);
        self.b.def_var(self.steps, s);
    }

    /// Slot `s`'s value and the interval its range gives.
    pub(super) fn load_slot(&mut self, s: u32) -> E {
        let (lo, hi) = self.rules.slot_ranges[s as usize];
        if lo == hi {
            return E::K(lo);
        }
        if let Some(v) = self.pending(s) {
            return E::D { v, lo, hi };
        }
        if let Some(v) = self.cached(s) {
            return E::D { v, lo, hi };
        }
        let v = self.b.ins().load(I64, flags(), self.slots, (s as i32) * 8);
        E::D { v, lo, hi }
    }

    /// Slot `s`'s value read earlier, where memory still holds it.
    pub(super) fn cached(&self, s: u32) -> Option<Value> {
        match self.cache_on {
            true => self.cache.iter().rev().find(|c| c.0 == s).map(|c| c.1),
            false => None,
        }
    }

    /// The value a plain body wrote to slot `s` and has not stored yet.
    pub(super) fn pending(&self, s: u32) -> Option<Value> {
        match &self.undo {
            undo::Undo::Plain(p) => p.get(s),
            _ => None,
        }
    }

    /// The value of the slot numbered by `slot` (an i64 value already checked to be one of
    /// `base..base + len`).
    pub(super) fn load_slot_at(&mut self, slot: Value, base: u32, len: u32) -> E {
        let addr = self.slot_addr(slot);
        let v = self.b.ins().load(I64, flags(), addr, 0);
        let (lo, hi) = self.union_range(base, len);
        E::D { v, lo, hi }
    }

    pub(super) fn slot_addr(&mut self, slot: Value) -> Value {
        let off = self.b.ins().ishl_imm(slot, 3);
        self.b.ins().iadd(self.slots, off)
    }

    /// The smallest interval holding the ranges of slots `base..base + len`.
    pub(super) fn union_range(&self, base: u32, len: u32) -> (i64, i64) {
        let r = &self.rules.slot_ranges[base as usize..(base + len) as usize];
        let lo = r.iter().map(|x| x.0).min().unwrap_or(0);
        let hi = r.iter().map(|x| x.1).max().unwrap_or(0);
        (lo, hi)
    }

    /// A local's value: a known constant, or its variable with its interval.
    pub(super) fn local(&mut self, l: u16) -> E {
        if let Some(k) = self.known[l as usize] {
            return E::K(k);
        }
        let v = self.b.use_var(self.locals[l as usize]);
        let (lo, hi) = self.local_range[l as usize];
        E::D { v, lo, hi }
    }

    /// Sets a local (a constant becomes known, and is also stored for code that reads it later).
    pub(super) fn set_local(&mut self, l: u16, e: E) {
        let v = self.val(e);
        self.b.def_var(self.locals[l as usize], v);
        let (lo, hi) = e.range();
        self.local_range[l as usize] = (lo.min(hi), hi.max(lo));
        self.known[l as usize] = match e {
            E::K(k) => Some(k),
            E::D { .. } => None,
        };
    }

    /// A table of words the generated code reads, kept alive with the kernel; its address.
    pub(super) fn words(&mut self, w: Vec<i64>) -> Value {
        let boxed: Box<[i64]> = w.into_boxed_slice();
        let ptr = boxed.as_ptr() as i64;
        self.keep.words.push(boxed);
        self.konst(ptr)
    }

    /// Counts a node against `MAX_NODES`.
    pub(super) fn node(&mut self) -> Result<(), NotCompiled> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(NotCompiled(format!(
                "the rules come to more than {MAX_NODES} compiled expressions"
            )));
        }
        Ok(())
    }

    /// Finding: how many positions were marked, for the caller to take the marks back.
    pub(super) fn store_marked(&mut self) {
        if matches!(self.mode, Mode::Find | Mode::FindBits) {
            let n = self.b.use_var(self.nnew);
            self.b.ins().store(flags(), n, self.frame, at::KIDS_LEN);
        }
    }

    /// Loads a field of the frame.
    pub(super) fn field(&mut self, offset: i32) -> Value {
        self.b.ins().load(I64, flags(), self.frame, offset)
    }

    /// Returns `BAIL` from the bail block and `ROOM` from the room block.
    pub(super) fn finish_exits(&mut self) {
        self.b.switch_to_block(self.bail);
        self.store_marked();
        if let Some(r) = self.range {
            self.store_range(r);
        }
        let r = self.b.ins().iconst(cranelift_codegen::ir::types::I32, BAIL);
        self.b.ins().return_(&[r]);
        self.b.switch_to_block(self.room);
        self.store_marked();
        if let Some(r) = self.range {
            self.store_range(r);
        }
        let r = self
            .b
            .ins()
            .iconst(cranelift_codegen::ir::types::I32, super::frame::ROOM);
        self.b.ins().return_(&[r]);
    }
}
