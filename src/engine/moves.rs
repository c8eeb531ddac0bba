//! Expanding a position: end rules in order, then every legal move of every family, each applied in
//! place through the undo log and taken back, so generating a child costs no allocation.

use super::move_limits::{leaves, one_more};
use super::{margin, Child, Code, Engine, Expand, Fault, Rel, Scratch};
use crate::rules::{
    check_range, range_size, CMove, COutcome, Ctx, RtError, RtKind, MAX_CANDIDATES,
};
use crate::syntax::ast::Span;

impl Engine<'_> {
    /// Expands `code`: if an end rule holds, its outcome; otherwise every move, in order, passed to
    /// `sink(family, args, child)`. A position with no move and no `no moves` rule is a fault.
    pub fn expand<F: FnMut(usize, &[i64], Child)>(
        &self,
        code: Code,
        scratch: &mut Scratch,
        mut sink: F,
    ) -> Result<Expand, Fault> {
        if let Some(kernel) = self.warm_kernel() {
            if let Some(r) = self.expand_compiled(kernel, code, scratch, &mut sink) {
                return r;
            }
        }
        if !self.warming() {
            return self.expand_interpreted(code, scratch, sink);
        }
        let before = scratch.steps;
        let r = self.expand_interpreted(code, scratch, sink);
        self.warmed(scratch.steps.saturating_sub(before));
        r
    }

    /// The interpreter's view of position `code`, in `scratch`'s buffers.
    #[inline(always)]
    pub(super) fn context<'s>(&'s self, code: Code, scratch: &'s mut Scratch) -> Ctx<'s> {
        let (mover, last) = self.decode_into(code, &mut scratch.slots);
        scratch.locals.clear();
        scratch.locals.resize(self.rules.locals as usize + 1, 0);
        Ctx {
            vars: &self.rules.vars,
            ranges: &self.rules.slot_ranges,
            slots: &mut scratch.slots,
            locals: &mut scratch.locals,
            mover: mover as i64,
            last_mover: last as i64,
            undo: &mut scratch.undo,
            again: false,
            scale: 1,
            budget: self.max_steps.saturating_sub(scratch.steps),
            chance: scratch.chance.as_deref_mut(),
        }
    }

    /// `expand` by the interpreter.
    pub(super) fn expand_interpreted<F: FnMut(usize, &[i64], Child)>(
        &self,
        code: Code,
        scratch: &mut Scratch,
        mut sink: F,
    ) -> Result<Expand, Fault> {
        let labels = self.rules.labels_checked && !scratch.no_labels;
        let mut ctx = self.context(code, scratch);
        let r = self.expand_in(code, &mut ctx, &mut sink, labels);
        let left = ctx.budget;
        scratch.steps = self.max_steps - left;
        r
    }

    fn expand_in<F: FnMut(usize, &[i64], Child)>(
        &self,
        code: Code,
        ctx: &mut Ctx,
        mut sink: F,
        labels: bool,
    ) -> Result<Expand, Fault> {
        let mut generated: Option<usize> = None;
        for (k, end) in self.rules.ends.iter().enumerate() {
            let holds = match &end.cond {
                Some(c) => ctx.eval(c)? != 0,
                None => {
                    let n = match generated {
                        Some(n) => n,
                        None => self.generate(code, ctx, &mut sink, labels)?,
                    };
                    generated = Some(n);
                    n == 0
                }
            };
            if holds {
                let players = self.rules.view.map_or(2, |v| v.players);
                let (rel, margin) = outcome(&end.outcome, end.outcome_span, ctx, players)?;
                return Ok(Expand::End {
                    rel,
                    rule: k,
                    margin,
                });
            }
        }
        let n = match generated {
            Some(n) => n,
            None => self.generate(code, ctx, &mut sink, labels)?,
        };
        if n == 0 {
            let span = self.rules.moves.first().map(|m| m.span).unwrap_or_default();
            return Err(Fault::from(RtError::new(
                RtKind::NoMoves,
                span,
                "this position has no legal move, and no end rule says what that means",
            )));
        }
        Ok(Expand::Moves)
    }

    /// Generates every legal move; returns how many there were. With `labels` (when labels may
    /// fail or repeat, `Rules::labels_checked`), each legal move's label is then worked out, in
    /// order.
    fn generate<F: FnMut(usize, &[i64], Child)>(
        &self,
        code: Code,
        ctx: &mut Ctx,
        sink: &mut F,
        labels: bool,
    ) -> Result<usize, Fault> {
        let (mut count, mut candidates) = (0, 0u64);
        if let Some(f) = self.chance_turn(ctx)? {
            let m = &self.rules.moves[f];
            self.apply(f, m, code, ctx, sink, &mut count)?;
            return Ok(count);
        }
        if !labels {
            for (f, m) in self.rules.moves.iter().enumerate() {
                if !m.chance {
                    self.params(f, m, 0, code, ctx, sink, &mut count, &mut candidates)?;
                }
            }
            return Ok(count);
        }
        // Each legal move's family and where its arguments start in `args`.
        let (mut made, mut args): (Vec<(usize, usize)>, Vec<i64>) = (Vec::new(), Vec::new());
        let mut record = |f: usize, these: &[i64], c: Child| {
            made.push((f, args.len()));
            args.extend_from_slice(these);
            sink(f, these, c)
        };
        for (f, m) in self.rules.moves.iter().enumerate() {
            if !m.chance {
                self.params(f, m, 0, code, ctx, &mut record, &mut count, &mut candidates)?;
            }
        }
        self.check_labels(ctx, &made, &args)?;
        Ok(count)
    }

    #[allow(clippy::too_many_arguments)]
    fn params<F: FnMut(usize, &[i64], Child)>(
        &self,
        f: usize,
        m: &CMove,
        k: usize,
        code: Code,
        ctx: &mut Ctx,
        sink: &mut F,
        count: &mut usize,
        candidates: &mut u64,
    ) -> Result<(), Fault> {
        if m.domains.is_empty() {
            leaves(candidates, 1, m.span)?;
            ctx.charge(1, m.span)?;
            return self.apply(f, m, code, ctx, sink, count);
        }
        let lo = ctx.eval(&m.domains[k].lo)?;
        let hi = ctx.eval(&m.domains[k].hi)?;
        check_range(lo, hi, m.domains[k].span)?;
        let size = range_size(lo, hi);
        let last = k + 1 == m.domains.len();
        // Candidates are counted as the reference counts them, one per complete set of
        // parameters: the innermost loop tries as many as the limit leaves, then fails.
        let tried = if last {
            size.min(MAX_CANDIDATES.saturating_sub(*candidates))
        } else {
            size
        };
        if last {
            ctx.charge(tried, m.span)?;
        }
        // After an error the context is dropped with the expansion: no need to restore it.
        let outer = ctx.scale;
        ctx.scale = outer.saturating_mul(size);
        if last {
            if let Some(one) = self.counting_step(m, k) {
                self.last_by_step(f, m, one, (lo, tried), code, ctx, sink, count)?;
                ctx.scale = outer;
                return leaves(candidates, size, m.span);
            }
        }
        for j in 0..tried {
            ctx.locals[k] = lo + j as i64;
            // The innermost parameter applies the move directly: no call per candidate move.
            if last {
                self.apply(f, m, code, ctx, sink, count)?;
            } else {
                self.params(f, m, k + 1, code, ctx, sink, count, candidates)?;
            }
        }
        ctx.scale = outer;
        if last {
            leaves(candidates, size, m.span)?;
        }
        Ok(())
    }

    #[inline]
    pub(super) fn apply<F: FnMut(usize, &[i64], Child)>(
        &self,
        f: usize,
        m: &CMove,
        code: Code,
        ctx: &mut Ctx,
        sink: &mut F,
        count: &mut usize,
    ) -> Result<(), Fault> {
        let args_of = |ctx: &Ctx| ctx.locals[..m.domains.len()].to_vec();
        if let Some(g) = &m.guard {
            match ctx.eval(g) {
                Ok(0) => return Ok(()),
                Ok(_) => {}
                Err(error) => {
                    return Err(Fault {
                        error,
                        during: Some((f, args_of(ctx))),
                    })
                }
            }
        }
        if ctx.chance.is_some() {
            return self.apply_chance(f, m, code, ctx, sink, count);
        }
        if m.together {
            return Err(Fault {
                error: together_outside(m),
                during: Some((f, args_of(ctx))),
            });
        }
        if let Some(simple) = &m.simple {
            if let Some((child, digits)) = self.apply_simple(simple, code, ctx) {
                one_more(count, f, m, ctx)?;
                sink(
                    f,
                    &ctx.locals[..m.domains.len()],
                    Child {
                        code: child,
                        kept: false,
                        digits,
                    },
                );
                return Ok(());
            }
            // A check failed: the general path below reports it exactly.
        }
        ctx.again = m.chance;
        let mark = ctx.undo.len();
        if let Err(error) = ctx.exec(&m.body) {
            let during = Some((f, args_of(ctx)));
            ctx.rollback(mark);
            return Err(Fault { error, during });
        }
        let (child, kept, digits) = self.child_of(code, ctx, mark, m.chance);
        ctx.rollback(mark);
        one_more(count, f, m, ctx)?;
        sink(
            f,
            &ctx.locals[..m.domains.len()],
            Child {
                code: child,
                kept,
                digits,
            },
        );
        Ok(())
    }

    /// The child a move's body made (its writes are in `ctx.undo` from `mark`), whether the mover
    /// keeps the turn, and the change to the sum of the digits. After a chance turn (`chance`),
    /// who moved last is as before it.
    #[inline]
    pub(super) fn child_of(
        &self,
        code: Code,
        ctx: &Ctx,
        mark: usize,
        chance: bool,
    ) -> (Code, bool, i32) {
        let (mut delta, mut digits): (i64, i32) = (0, 0);
        for (i, &(slot, old)) in ctx.undo[mark..].iter().enumerate() {
            // Only the first write to a slot knows its value before the move.
            if ctx.undo[mark..mark + i].iter().all(|(s, _)| *s != slot) {
                let new = ctx.slots[slot as usize];
                delta += self.slot_delta(slot as usize, old, new);
                digits = digits.wrapping_add(new.wrapping_sub(old) as i32);
            }
        }
        let kept = ctx.again;
        let slots = (code as i64 + delta) as u64;
        let child = if chance {
            let mover = if kept { ctx.mover } else { 3 - ctx.mover };
            self.after_chance(slots, kept, ctx.last_mover == mover)
        } else {
            self.after_move(slots, kept)
        };
        (child, kept, digits)
    }

    /// Every legal move from a position with its label, or the end outcome.
    pub fn moves_of(&self, code: Code) -> Result<(Expand, Vec<(String, Child)>), Fault> {
        let mut out = Vec::new();
        let mut scratch = Scratch::default();
        let e = self.expand(code, &mut scratch, |f, args, c| {
            out.push((self.move_label(code, f, args), c))
        })?;
        if matches!(e, Expand::End { .. }) {
            out.clear();
        }
        Ok((e, out))
    }
}

/// What an outcome (written at `at`) gives the player to move, with the margin of a scored one.
/// `players`: how many the game has (a view of an N-player game has two sides but N players).
fn outcome(
    o: &COutcome,
    at: Span,
    ctx: &mut Ctx,
    players: u8,
) -> Result<(Rel, Option<i64>), Fault> {
    let mover = ctx.mover;
    let winner = match o {
        COutcome::If {
            cond,
            then,
            otherwise,
        } => {
            let (o, at) = if ctx.eval(cond)? != 0 {
                &**then
            } else {
                &**otherwise
            };
            return outcome(o, *at, ctx, players);
        }

        COutcome::Tie => return Ok((Rel::Tie, None)),
        COutcome::Mover { wins } => return Ok((if *wins { Rel::Win } else { Rel::Lose }, None)),
        COutcome::Score { local, expr } => {
            let mut score = [0; 2];
            for (p, s) in (1..=2).zip(&mut score) {
                ctx.locals[*local as usize] = p;
                *s = ctx.eval(expr)?;
            }
            let m = margin(score, mover, at)?;
            return Ok((Rel::of_margin(m), Some(m)));
        }
        COutcome::LastMover { wins } => {
            if *wins {
                ctx.last_mover
            } else {
                3 - ctx.last_mover
            }
        }
        COutcome::Player { player, wins } => {
            let p = ctx.eval(player)?;
            if !(1..=2).contains(&p) {
                let players = match players {
                    2 => "1 and 2".to_string(),
                    n => format!("1 to {n}"),
                };
                return Err(Fault::from(RtError::new(
                    RtKind::BadPlayer,
                    at,
                    format!("the outcome names player {p}, but the players are {players}"),
                )));
            }
            if *wins {
                p
            } else {
                3 - p
            }
        }
        COutcome::Each { local, cond } => {
            let mut winners = Vec::new();
            for p in 1..=2 {
                ctx.locals[*local as usize] = p;
                if ctx.eval(cond)? != 0 {
                    winners.push(p);
                }
            }
            match winners[..] {
                [one] => one,
                [] => {
                    return Err(Fault::from(RtError::new(
                        RtKind::NoWinner,
                        at,
                        "the game ends here, but the outcome names no winner",
                    )))
                }
                _ => {
                    return Err(Fault::from(RtError::new(
                        RtKind::AmbiguousWinner,
                        at,
                        match players {
                            2 => "the game ends here, but the outcome names both players as winners",
                            _ => "the game ends here, but the outcome names more than one player as winner",
                        },
                    )))
                }
            }
        }
    };
    Ok((if winner == mover { Rel::Win } else { Rel::Lose }, None))
}

#[cold]
fn together_outside(m: &CMove) -> Box<RtError> {
    RtError::new(
        RtKind::TogetherOutside,
        m.span,
        "this command does not follow simultaneous moves (`together`)",
    )
}
