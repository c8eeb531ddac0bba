//! The kernel's function, as `Engine::expand` runs: decode the position (`decode`), the end
//! rules in order (`no moves` generating the moves once), the outcome of the rule that holds,
//! else the moves; then the steps taken checked against the budget.

use super::fused::Mode;
use super::undo::Undo;
use super::{at, flags, Keep, Lower, NotCompiled, Numbering, E};
use crate::jit::frame::{BROKEN, END, MOVES};
use crate::rules::{COutcome, Rules};
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::types::{I32, I64};
use cranelift_codegen::ir::{Function, InstBuilder, Value};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};

type R<T> = Result<T, NotCompiled>;

/// What a built kernel needs beside its code: the tables it reads and its records' width.
pub(in crate::jit) struct Built {
    pub keep: Keep,
    pub stride: usize,
}

/// Builds the kernel's function into `func` (signature: frame pointer → status).
pub(in crate::jit) fn build(
    func: &mut Function,
    rules: &Rules,
    num: &Numbering,
    mode: Mode,
    range: bool,
) -> R<Built> {
    let mut fbc = FunctionBuilderContext::new();
    let mut b = FunctionBuilder::new(func, &mut fbc);
    let entry = b.create_block();
    b.append_block_params_for_function_params(entry);
    b.switch_to_block(entry);
    let frame = b.block_params(entry)[0];
    let load = |b: &mut FunctionBuilder, off: i32| b.ins().load(I64, flags(), frame, off);
    let code = load(&mut b, at::CODE);
    let slots = load(&mut b, at::SLOTS);
    let kids = load(&mut b, at::KIDS);
    let kid_cap = load(&mut b, at::KID_CAP);
    let undo_ptr = load(&mut b, at::UNDO);
    let undo_cap = load(&mut b, at::UNDO_CAP);
    let stride = 2 + rules
        .moves
        .iter()
        .map(|m| m.domains.len())
        .max()
        .unwrap_or(0);
    let nlocals = rules.locals as usize + 1;
    let locals = (0..nlocals).map(|_| b.declare_var(I64)).collect();
    let vars: Vec<_> = (0..12).map(|_| b.declare_var(I64)).collect();
    let mut keep = Keep::default();
    let radix: Box<[i64]> = num.radix.iter().map(|&r| r as i64).collect();
    let radix_table = radix.as_ptr() as i64;
    keep.words.push(radix);
    let (bail, room) = (b.create_block(), b.create_block());
    b.set_cold_block(bail);
    b.set_cold_block(room);
    let zero = b.ins().iconst(I64, 0);
    let one = b.ins().iconst(I64, 1);
    for v in &vars {
        b.def_var(*v, zero);
    }
    b.def_var(vars[2], one);
    let mut me = Lower {
        b,
        rules,
        num,
        keep,
        frame,
        slots,
        mover: zero,
        last: zero,
        code,
        turn_step: zero,
        parent_flag: zero,
        kids,
        kid_cap,
        stride,
        locals,
        local_range: vec![(0, 0); nlocals],
        known: vec![None; nlocals],
        steps: vars[0],
        candidates: vars[1],
        scale: vars[2],
        scale_known: Some(1),
        nkids: vars[3],
        again: vars[4],
        bail,
        room,
        nodes: 0,
        undo: Undo::Log,
        undo_len: vars[5],
        undo_ptr,
        undo_cap,
        radix_table,
        mode,
        nnew: vars[6],
        broken: vars[7],
        agg: [vars[8], vars[9], vars[10], vars[11]],
        table: (zero, zero),
        sweep_flags: zero,
        bits: (zero, zero),
        cache: Vec::new(),
        cache_on: true,
        cache_held: true,
        facts: Vec::new(),
        range: None,
        pure_depth: 0,
        spoiled: false,
    };
    if mode != Mode::Expand {
        me.load_table();
    }
    match range {
        // The loop decodes its first code, then counts the digits on from code to code.
        true => me.range_start(),
        false => me.decode(),
    }
    match mode {
        Mode::Value => me.start_value(),
        Mode::Find | Mode::FindBits => me.start_find(),
        Mode::FindTiers => me.start_tiered(),
        Mode::Expand => {}
    }
    me.ends()?;
    me.range_end();
    me.finish_exits();
    me.b.seal_all_blocks();
    let keep = std::mem::take(&mut me.keep);
    me.b.finalize();
    Ok(Built { keep, stride })
}

impl Lower<'_, '_> {
    /// The slots into the buffer, digit by digit; then the turn, and who moved last.
    fn decode(&mut self) {
        let (t, f) = self.decode_apart(self.code);
        self.turn(t, f);
    }

    /// Who moves, who moved last, what passing the turn adds to the code, from the turn digit `t`
    /// and the "kept the turn" digit `f`.
    pub(super) fn turn(&mut self, t: Value, f: Value) {
        self.mover = if self.num.turn_radix != 0 {
            self.b.ins().iadd_imm(t, 1)
        } else {
            self.konst(1)
        };
        let three = self.konst(3);
        let other = self.b.ins().isub(three, self.mover);
        self.last = if self.num.again_radix != 0 {
            self.parent_flag = f;
            self.b.ins().select(f, self.mover, other)
        } else {
            other
        };
        if self.num.turn_radix != 0 {
            // Passing the turn adds the turn digit's place value for player 1, takes it for 2.
            let t = self.num.turn_radix as i64;
            let is_one = self.b.ins().icmp_imm(IntCC::Equal, self.mover, 1);
            let (up, down) = (self.konst(t), self.konst(t.wrapping_neg()));
            self.turn_step = self.b.ins().select(is_one, up, down);
        }
    }

    /// The end rules in order, then the moves.
    fn ends(&mut self) -> R<()> {
        let mut generated = false;
        for (k, end) in self.rules.ends.iter().enumerate() {
            let holds = match &end.cond {
                Some(c) => {
                    let x = self.expr(c)?;
                    self.truth_of(x)
                }
                None => {
                    if !generated {
                        self.generate()?;
                        generated = true;
                    }
                    let n = self.b.use_var(self.nkids);
                    super::folds::Truth::T(self.b.ins().icmp_imm(IntCC::Equal, n, 0))
                }
            };
            match holds {
                super::folds::Truth::K(false) => continue,
                super::folds::Truth::K(true) => {
                    // Every later rule is unreachable.
                    return self.end_with(k, &end.outcome);
                }
                super::folds::Truth::T(t) => {
                    let (yes, no) = (self.b.create_block(), self.b.create_block());
                    self.b.ins().brif(t, yes, &[], no, &[]);
                    self.b.switch_to_block(yes);
                    self.end_with(k, &end.outcome)?;
                    self.b.switch_to_block(no);
                }
            }
        }
        if !generated {
            self.generate()?;
        }
        // No move and no rule for it: `no_moves`, which the interpreter reports.
        let n = self.b.use_var(self.nkids);
        let none = self.b.ins().icmp_imm(IntCC::Equal, n, 0);
        self.bail_if(none);
        match self.mode {
            Mode::Expand => {}
            Mode::Find | Mode::FindBits | Mode::FindTiers => {
                let broken = match self.mode {
                    Mode::FindTiers => self.against_tiers(),
                    _ => self.against_sweep(),
                };
                let (yes, no) = (self.b.create_block(), self.b.create_block());
                self.b.ins().brif(broken, yes, &[], no, &[]);
                self.b.switch_to_block(yes);
                self.finish(BROKEN, None);
                self.b.ins().jump(no, &[]);
                self.b.switch_to_block(no);
            }
            Mode::Value => self.value_entry(),
        }
        self.finish(MOVES, None);
        Ok(())
    }

    /// Rule `k` holds: its outcome into the frame, and the function returns `END`.
    fn end_with(&mut self, k: usize, o: &COutcome) -> R<()> {
        let rel = self.outcome(o)?;
        let rule = self.konst(k as i64);
        self.b.ins().store(flags(), rule, self.frame, at::RULE);
        let rv = self.val(rel);
        self.b.ins().store(flags(), rv, self.frame, at::REL);
        self.finish(END, Some(rv));
        Ok(())
    }

    /// Stores the steps and children and returns `status`, unless the steps exceed the budget.
    fn finish(&mut self, status: i64, rel: Option<Value>) {
        if self.range.is_some() {
            return self.range_finish(status, rel);
        }
        let steps = self.b.use_var(self.steps);
        let budget = self.field(at::BUDGET);
        let over = self.b.ins().icmp(IntCC::UnsignedGreaterThan, steps, budget);
        self.bail_if(over);
        self.b.ins().store(flags(), steps, self.frame, at::STEPS);
        let n = match self.mode {
            Mode::Find | Mode::FindBits => self.b.use_var(self.nnew),
            // Marked only now that the position is known to have moves within its steps.
            Mode::FindTiers if status == MOVES => self.mark_found(),
            Mode::FindTiers => self.konst(0),
            _ => self.b.use_var(self.nkids),
        };
        self.b.ins().store(flags(), n, self.frame, at::KIDS_LEN);
        let r = self.b.ins().iconst(I32, status);
        self.b.ins().return_(&[r]);
        self.fresh();
    }

    /// An outcome for the player to move: 0 win, 1 lose, 2 tie (`engine::Rel`'s order).
    fn outcome(&mut self, o: &COutcome) -> R<E> {
        let winner = match o {
            COutcome::Tie => return Ok(E::K(2)),
            // A margin has no room in the kernel's outcome: scored games are interpreted.
            COutcome::Score { .. } => {
                return Err(NotCompiled("scores are left to the interpreter".into()))
            }
            COutcome::Mover { wins } => return Ok(E::K(if *wins { 0 } else { 1 })),
            COutcome::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.expr(cond)?;
                if let E::K(k) = c {
                    return self.outcome(if k != 0 { &then.0 } else { &otherwise.0 });
                }
                let t = self.truth(c);
                let (yes, no, join) = (
                    self.b.create_block(),
                    self.b.create_block(),
                    self.b.create_block(),
                );
                self.b.append_block_param(join, I64);
                self.b.ins().brif(t, yes, &[], no, &[]);
                self.b.switch_to_block(yes);
                let a = self.outcome(&then.0)?;
                let av = self.val(a);
                self.b.ins().jump(join, &[av.into()]);
                self.b.switch_to_block(no);
                let b = self.outcome(&otherwise.0)?;
                let bv = self.val(b);
                self.b.ins().jump(join, &[bv.into()]);
                self.b.switch_to_block(join);
                let v = self.b.block_params(join)[0];
                return Ok(self.dynamic(v, 0, 2));
            }
            COutcome::LastMover { wins } => self.winner(self.last, *wins),
            COutcome::Player { player, wins } => {
                let p = self.expr(player)?;
                let (lo, hi) = p.range();
                let pv = self.val(p);
                if lo < 1 || hi > 2 {
                    // `bad_player`, which the interpreter reports.
                    let k = self.b.ins().iadd_imm(pv, -1);
                    let out = self.b.ins().icmp_imm(IntCC::UnsignedGreaterThan, k, 1);
                    self.bail_if(out);
                }
                self.winner(pv, *wins)
            }
            COutcome::Each { local, cond } => {
                let mut holds = Vec::new();
                for p in 1..=2 {
                    self.set_local(*local, E::K(p));
                    let c = self.expr(cond)?;
                    holds.push(self.truth(c));
                }
                // Exactly one winner, else `no_winner` or `ambiguous_winner`.
                let same = self.b.ins().icmp(IntCC::Equal, holds[0], holds[1]);
                self.bail_if(same);
                let (one, two) = (self.konst(1), self.konst(2));
                self.b.ins().select(holds[0], one, two)
            }
        };
        let is_mover = self.b.ins().icmp(IntCC::Equal, winner, self.mover);
        let (win, lose) = (self.konst(0), self.konst(1));
        let v = self.b.ins().select(is_mover, win, lose);
        Ok(self.dynamic(v, 0, 1))
    }

    /// The winner when `player` (a value 1 or 2) wins, or loses (`wins` false).
    fn winner(&mut self, player: Value, wins: bool) -> Value {
        if wins {
            player
        } else {
            let three = self.konst(3);
            self.b.ins().isub(three, player)
        }
    }
}
