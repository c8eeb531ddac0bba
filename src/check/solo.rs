//! One-player games (`players 1`, puzzles): how many players a game has, and what the rules mean
//! with one. Every move keeps the turn, as if it ended with `again`, so the solvers' remoteness to
//! a win is the length of the shortest solution; `mover` and `last mover` are player 1, and a
//! construct that needs a second player is refused (`gamec::one_player`).

use super::expr::Cx;
use crate::diag::{catalog, puzzle, Diagnostics};
use crate::rules::{CExpr, CMove, COutcome, CStmt};
use crate::syntax::ast::{GameFile, Span};

/// The number of players a sequential game declares: 2 without `players`, 1 to `MAX_PLAYERS` as
/// declared; any other count is `gamec::unsupported_players` (and the game is checked as for 2).
pub(super) fn players_of(file: &GameFile, d: &mut Diagnostics) -> u8 {
    if let [first, second, ..] = &file.players[..] {
        d.push(catalog::duplicate_declaration(
            second.span,
            first.span,
            "players",
        ));
    }
    let Some(p) = file.players.first() else {
        return 2;
    };
    match (p.min, p.max) {
        (n, Some(m)) if n == m && (1..=i64::from(crate::rules::MAX_PLAYERS)).contains(&n) => {
            n as u8
        }
        (min, max) => {
            let n = match max {
                Some(m) if m == min => m.to_string(),
                Some(m) => format!("{min}..={m}"),
                None => format!("{min}.."),
            };
            d.push(catalog::unsupported_players(p.span, &n));
            2
        }
    }
}

/// One player moves again after every move: each body ends with `again` (and so is no plain list
/// of assignments, whose fast path passes the turn).
pub(super) fn keep_turn(moves: &mut [CMove]) {
    for m in moves {
        m.body.push(CStmt::Again);
        m.simple = None;
    }
}

/// `mover`, `opponent` or `last mover` (`opponent`: `is_opponent`) in a one-player game.
pub(super) fn turn_expr(span: Span, is_opponent: bool, d: &mut Diagnostics) -> Option<CExpr> {
    if is_opponent {
        d.push(puzzle::opponent(span));
        return None;
    }
    Some(CExpr::Const(1))
}

/// Refuses every setup of a one-player game.
pub(super) fn refuse_setups(file: &GameFile, d: &mut Diagnostics) {
    for s in &file.setups {
        d.push(puzzle::setup(s.span));
    }
}

/// An outcome in a one-player game, compiled: `last mover` is the mover; `player 1` (written as a
/// constant, or as `mover`) is too; `tie`, `winner is each`, `score each` and any other player
/// are refused.
pub(super) fn outcome(o: COutcome, span: Span, cx: &Cx, d: &mut Diagnostics) -> Option<COutcome> {
    match o {
        COutcome::LastMover { wins } => Some(COutcome::Mover { wins }),
        COutcome::Tie => {
            d.push(puzzle::tie(span));
            None
        }
        COutcome::Each { .. } => {
            d.push(puzzle::winner_is_each(span));
            None
        }
        COutcome::Score { .. } => {
            d.push(puzzle::score(span));
            None
        }
        COutcome::Player { player, wins } => {
            let one = player.is_constant() && cx.eval_const(&player, span, d) == Some(1);
            if !one {
                d.push(puzzle::other_player(span));
                return None;
            }
            Some(COutcome::Mover { wins })
        }
        COutcome::Mover { .. } | COutcome::If { .. } => Some(o),
    }
}

/// `players` as a number (and the top of the `players` domain).
pub(super) fn players_const(cx: &Cx) -> CExpr {
    CExpr::Const(i64::from(cx.players))
}

/// Whether a rule may name this player (`first mover K`, `setup by player K`).
pub(super) fn is_player(cx: &Cx, p: i64) -> bool {
    (1..=i64::from(cx.players)).contains(&p)
}
