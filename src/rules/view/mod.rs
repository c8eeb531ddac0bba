//! A game of three or more players seen by one of them, `p`, against all the others together: a
//! two-player game whose solution is `p`'s security value (the best result `p` can force whatever
//! the others do, as one side). Every solver, compiled or interpreted, then serves N players.
//!
//! The rewrite: who is to move becomes a hidden variable (`T`, 1 to N) and, when a rule reads
//! it, so does who moved last (`L`). The two sides are `p` (the view's player 1) and everyone
//! else (player 2): the view's turn is `p`'s side or the others', and a move keeps the view's
//! turn (`again`) when the next mover is on the same side as this one. Each move's body first
//! notes the mover and passes the turn on (1, 2, ..., N, 1, ...); the file's `again` gives it
//! back, and its `next mover = K` gives it to K. An outcome becomes what it means for `p`: a win for `p` is the view's player 1
//! winning; anyone else's is player 2's; a score is `p`'s score against the best of the others'.

mod outcome;
mod parts;

use super::map;
use super::{CExpr, COutcome, Rules};
use parts::{body, hidden, reads_last_mover, Fresh, Hidden};

/// Which view of an N-player game a set of rules is: player `player` of `players` against the
/// rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub player: u8,
    pub players: u8,
}

/// The name of the hidden variable holding who is to move (no file can declare it: it has spaces).
pub const TO_MOVE: &str = "player to move";
/// The name of the hidden variable holding who moved last.
pub const MOVED_LAST: &str = "player who moved last";

/// The player before `k` in turn order (the last mover before the first move).
pub fn before(k: u8, n: u8) -> u8 {
    if k == 1 {
        n
    } else {
        k - 1
    }
}

/// The rules of an N-player game (`rules.players` at least 3) as player `p` against the others.
pub fn coalition(rules: &Rules, p: u8) -> Rules {
    let n = rules.players;
    let mut v = rules.clone();
    let reads_last = reads_last_mover(&mut v);
    let first = rules.first_mover;
    let turn = hidden(&mut v, TO_MOVE, n, first);
    let last = reads_last.then(|| hidden(&mut v, MOVED_LAST, n, before(first, n)));
    let base = v.locals;
    let fresh = Fresh {
        old: base,
        old_last: base + 1,
        tmp: base + 2,
        scores: base + 3,
    };
    v.locals = base + 3 + u16::from(n);
    let at_position = |e: &CExpr| match e {
        CExpr::Mover => Some(turn.read()),
        CExpr::LastMover => last.as_ref().map(Hidden::read),
        _ => None,
    };
    let in_body = |e: &CExpr| match e {
        CExpr::Mover => Some(CExpr::Local(fresh.old)),
        CExpr::LastMover => Some(CExpr::Local(fresh.old_last)),
        _ => None,
    };
    for m in &mut v.moves {
        map::move_head(m, &at_position);
        map::block(&mut m.body, &in_body);
        body(m, p, n, &turn, last.as_ref(), fresh);
    }
    for e in &mut v.ends {
        if let Some(c) = &mut e.cond {
            map::expr(c, &at_position);
        }
        map::outcome(&mut e.outcome, &at_position);
        let o = std::mem::replace(&mut e.outcome, COutcome::Tie);
        e.outcome = outcome::outcome(o, p, n, &turn, last.as_ref(), fresh);
    }
    v.first_mover = if first == p { 1 } else { 2 };
    v.turn_matters = true;
    // The view's last mover is never read (`L` is): positions need not record it.
    v.has_again = false;
    v.players = 2;
    v.view = Some(View {
        player: p,
        players: n,
    });
    // The bodies now read and write more than the file's: prove again what the symmetries need.
    let proofs: Vec<bool> = v
        .symmetries
        .iter()
        .map(|s| {
            s.proven
                && if s.kinds.contains(&super::SymmetryKind::AnyOrder) {
                    super::proves_any_order(&v, &v.vars[s.var as usize])
                } else {
                    super::proves_grid(&v, s)
                }
        })
        .collect();
    for (s, proven) in v.symmetries.iter_mut().zip(proofs) {
        s.proven = proven;
    }
    v
}
