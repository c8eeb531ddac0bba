//! The limits on one position's moves: at most `rules::MAX_CANDIDATES` candidates (one per complete set
//! of parameter values) and `rules::MAX_MOVES` legal moves, each past it a `too_wide` fault. The
//! compiled rules (`jit/lower/moves.rs`) and the reference count the same way.

use super::Fault;
use crate::rules::{CMove, Ctx, RtError, RtKind, MAX_CANDIDATES, MAX_MOVES};
use crate::syntax::ast::Span;

/// Counts `n` more candidate moves; more than `MAX_CANDIDATES` in one position is `too_wide`.
#[inline]
pub(super) fn leaves(candidates: &mut u64, n: u64, span: Span) -> Result<(), Fault> {
    *candidates += n;
    if *candidates > MAX_CANDIDATES {
        return Err(too_many_candidates(span));
    }
    Ok(())
}

#[cold]
#[inline(never)]
fn too_many_candidates(span: Span) -> Fault {
    Fault::from(RtError::new(
        RtKind::TooWide,
        span,
        format!("this position has more than {MAX_CANDIDATES} candidate moves to try"),
    ))
}

/// Counts one more legal move of family `f`; the one after `MAX_MOVES` is `too_wide`, reported
/// as the move's fault.
#[inline]
pub(super) fn one_more(count: &mut usize, f: usize, m: &CMove, ctx: &Ctx) -> Result<(), Fault> {
    if *count >= MAX_MOVES {
        return Err(too_many_moves(f, m, ctx));
    }
    *count += 1;
    Ok(())
}

#[cold]
#[inline(never)]
fn too_many_moves(f: usize, m: &CMove, ctx: &Ctx) -> Fault {
    Fault {
        error: RtError::new(
            RtKind::TooWide,
            m.span,
            format!("this position has more than {MAX_MOVES} legal moves"),
        ),
        during: Some((f, ctx.locals[..m.domains.len()].to_vec())),
    }
}
