//! Moves' labels: an `as "..."` template worked out in the position before the move (with the
//! one evaluator), or `name arg arg`; and, where labels may fail or repeat, every legal move's
//! label checked while exploring, since labels are what players type. A position may have a
//! million moves, so the check writes every label into one buffer and looks for a repeat with
//! one hash map, as each is written: no allocation per move.

use super::{Code, Engine, Fault};
use crate::rules::{Ctx, RtError, RtKind};
use rustc_hash::FxHashSet;
use std::fmt::Write;

impl Engine<'_> {
    /// A move's label in position `code`: its template filled in, or `name arg arg` (also when
    /// the template fails there, as it may for a move that is not legal).
    pub fn move_label(&self, code: Code, family: usize, args: &[i64]) -> String {
        self.try_move_label(code, family, args)
            .unwrap_or_else(|_| self.plain_label(family, args))
    }

    /// `name arg arg`: how a move without a template is named.
    pub fn plain_label(&self, family: usize, args: &[i64]) -> String {
        let mut out = String::new();
        self.write_plain(family, args, &mut out);
        out
    }

    fn write_plain(&self, family: usize, args: &[i64], out: &mut String) {
        out.push_str(&self.rules.moves[family].name);
        for a in args {
            let _ = write!(out, " {a}");
        }
    }

    /// A move's label in position `code`, or why its template fails there.
    pub fn try_move_label(
        &self,
        code: Code,
        family: usize,
        args: &[i64],
    ) -> Result<String, Box<RtError>> {
        if self.rules.moves[family].label.is_none() {
            return Ok(self.plain_label(family, args));
        }
        let mut slots = Vec::new();
        let (mover, last) = self.decode_into(code, &mut slots);
        let mut locals = vec![0i64; self.rules.locals as usize + 1];
        let mut undo = Vec::new();
        let mut ctx = Ctx {
            vars: &self.rules.vars,
            ranges: &self.rules.slot_ranges,
            slots: &mut slots,
            locals: &mut locals,
            mover: mover as i64,
            last_mover: last as i64,
            undo: &mut undo,
            again: false,
            scale: 1,
            budget: self.max_steps,
            chance: None,
        };
        let mut out = String::new();
        self.write_label(&mut ctx, family, args, &mut out)?;
        Ok(out)
    }

    /// Writes a move's label, in the position `ctx` holds, to `out`.
    fn write_label(
        &self,
        ctx: &mut Ctx,
        family: usize,
        args: &[i64],
        out: &mut String,
    ) -> Result<(), Box<RtError>> {
        let Some(parts) = &self.rules.moves[family].label else {
            self.write_plain(family, args, out);
            return Ok(());
        };
        let n = args.len().min(ctx.locals.len());
        ctx.locals[..n].copy_from_slice(&args[..n]);
        ctx.render_label(parts, out)
    }

    /// Every legal move's label in the position `ctx` holds, in order (`made`: each move's
    /// family and where its arguments start in `args`): a label that fails is a fault of that
    /// move; two moves with the same label are `duplicate_label`.
    pub(super) fn check_labels(
        &self,
        ctx: &mut Ctx,
        made: &[(usize, usize)],
        args: &[i64],
    ) -> Result<(), Fault> {
        let args_of = |k: usize| {
            let (f, at) = made[k];
            &args[at..at + self.rules.moves[f].params.len()]
        };
        // Every label in order, up to the first that fails; then the first repeat among them
        // (the first move whose label an earlier move has), which comes before that failure.
        // Reported is whichever comes first: as if each label were checked as it is written,
        // which is how the reference finds them.
        let mut text = String::with_capacity(made.len().saturating_mul(16));
        let mut ends: Vec<usize> = Vec::with_capacity(made.len());
        let mut failed = None;
        for (k, &(f, _)) in made.iter().enumerate() {
            let these = args_of(k);
            if let Err(error) = self.write_label(ctx, f, these, &mut text) {
                failed = Some(Fault {
                    error,
                    during: Some((f, these.to_vec())),
                });
                break;
            }
            ends.push(text.len());
        }
        let label = |j: usize| &text[if j == 0 { 0 } else { ends[j - 1] }..ends[j]];
        let mut seen: FxHashSet<&str> = FxHashSet::default();
        seen.reserve(ends.len());
        for k in 0..ends.len() {
            if seen.insert(label(k)) {
                continue;
            }
            let earlier = (0..k).find(|&j| label(j) == label(k)).unwrap_or(k);
            let f = made[k].0;
            return Err(Fault::from(RtError::new(
                RtKind::DuplicateLabel,
                self.rules.moves[f].label_span,
                format!(
                    "two moves here are both labelled `{}`: `{}` and `{}`",
                    label(k),
                    self.plain_label(made[earlier].0, args_of(earlier)),
                    self.plain_label(f, args_of(k))
                ),
            )));
        }
        failed.map_or(Ok(()), Err)
    }
}
