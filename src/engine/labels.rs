//! Moves' labels: an `as "..."` template worked out in the position before the move (with the
//! one evaluator), or `name arg arg`; and, where labels may fail or repeat, every legal move's
//! label checked while exploring, since labels are what players type.

use super::{Code, Engine, Fault};
use crate::rules::{Ctx, RtError, RtKind};
use rustc_hash::FxHashMap;

impl Engine<'_> {
    /// A move's label in position `code`: its template filled in, or `name arg arg` (also when
    /// the template fails there, as it may for a move that is not legal).
    pub fn move_label(&self, code: Code, family: usize, args: &[i64]) -> String {
        self.try_move_label(code, family, args)
            .unwrap_or_else(|_| self.plain_label(family, args))
    }

    /// `name arg arg`: how a move without a template is named.
    pub fn plain_label(&self, family: usize, args: &[i64]) -> String {
        let m = &self.rules.moves[family];
        std::iter::once(m.name.clone())
            .chain(args.iter().map(|a| a.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
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
        };
        self.label_in(&mut ctx, family, args)
    }

    /// A move's label in the position `ctx` holds.
    fn label_in(&self, ctx: &mut Ctx, family: usize, args: &[i64]) -> Result<String, Box<RtError>> {
        let Some(parts) = &self.rules.moves[family].label else {
            return Ok(self.plain_label(family, args));
        };
        let n = args.len().min(ctx.locals.len());
        ctx.locals[..n].copy_from_slice(&args[..n]);
        let mut out = String::new();
        ctx.render_label(parts, &mut out)?;
        Ok(out)
    }

    /// Every legal move's label (`moves`, in order) in the position `ctx` holds: a label that
    /// fails is a fault of that move; two moves with the same label are `duplicate_label`.
    pub(super) fn check_labels(
        &self,
        ctx: &mut Ctx,
        moves: &[(usize, Vec<i64>)],
    ) -> Result<(), Fault> {
        let mut seen: FxHashMap<String, usize> = FxHashMap::default();
        for (k, (f, args)) in moves.iter().enumerate() {
            let label = self.label_in(ctx, *f, args).map_err(|error| Fault {
                error,
                during: Some((*f, args.clone())),
            })?;
            if let Some(&j) = seen.get(&label) {
                let (g, first) = &moves[j];
                let span = self.rules.moves[*f].label_span;
                return Err(Fault::from(RtError::new(
                    RtKind::DuplicateLabel,
                    span,
                    format!(
                        "two moves here are both labelled `{label}`: `{}` and `{}`",
                        self.plain_label(*g, first),
                        self.plain_label(*f, args)
                    ),
                )));
            }
            seen.insert(label, k);
        }
        Ok(())
    }
}
