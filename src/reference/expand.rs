//! One position's expansion, as docs/language.md defines it: the end rules are tried in order
//! before any move (`end if no moves` holds when there is no legal move); the first that holds
//! ends the game with its outcome. Otherwise every move family, in order, with every combination
//! of parameter values (a parameter's range may use the earlier ones), whose guard holds and
//! whose body runs; a position with no move and no `no moves` rule is an error.

use super::eval::{invalid, Ctx, Val};
use super::rolls::Picks;
use super::{Fault, FaultKind, Game, Position, MAX_CANDIDATES, MAX_MOVES, R};
use crate::syntax::ast::{
    Domain, EndCond, EndRule, Expr, Ident, MoveDecl, Outcome, OutcomeKind, Param,
};
use num_rational::BigRational;

/// How an ended game came out for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rel {
    Win,
    Lose,
    Tie,
}

/// A legal move: its family (index into the file's moves), its arguments, where it leads, and
/// whether the mover keeps the turn (`again`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub family: usize,
    pub args: Vec<i64>,
    pub child: Position,
    pub kept: bool,
    /// Its label, as `solve` shows it and a player types it.
    pub label: String,
    /// Every outcome of its rolls (one, with probability 1, for a move that does not roll): the
    /// probability, the child and whether the mover keeps the turn. `child` and `kept` are the
    /// first's.
    pub outcomes: Vec<(BigRational, Position, bool)>,
}

/// What a position is: ended (by this end rule), or open with these moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    /// In a scored game, `margin` is the mover's score less the best of the others'.
    End {
        rel: Rel,
        rule: usize,
        margin: Option<i64>,
    },
    Moves(Vec<Move>),
}

/// Expands a position.
pub fn expand(game: &Game, pos: &Position) -> R<Node> {
    let mut moves: Option<Vec<Move>> = None;
    for (k, rule) in game.ends.iter().enumerate() {
        let holds = match &rule.cond {
            EndCond::NoMoves(_) => {
                if moves.is_none() {
                    moves = Some(legal_moves(game, pos)?);
                }
                moves.as_ref().is_some_and(|m| m.is_empty())
            }
            EndCond::Expr(e) => Ctx::new(game, pos.clone()).truth(e)?,
        };
        if holds {
            let (rel, margin) = outcome(game, pos, rule)?;
            return Ok(Node::End {
                rel,
                rule: k,
                margin,
            });
        }
    }
    let moves = match moves {
        Some(m) => m,
        None => legal_moves(game, pos)?,
    };
    if moves.is_empty() {
        return Err(Fault::new(
            FaultKind::NoMoves,
            "no legal move, and no end rule says what that means",
        ));
    }
    Ok(Node::Moves(moves))
}

/// The outcome of an end rule that holds, for the player to move, with its margin when it
/// gives scores.
fn outcome(game: &Game, pos: &Position, rule: &EndRule) -> R<(Rel, Option<i64>)> {
    let mut cx = Ctx::new(game, pos.clone());
    let mover = i64::from(pos.mover);
    Ok(match decided(&mut cx, pos, &rule.outcome)? {
        Decided::Winner(w) if w == mover => (Rel::Win, None),
        Decided::Winner(_) => (Rel::Lose, None),
        Decided::Loser(l) if l == mover => (Rel::Lose, None),
        Decided::Loser(_) => (Rel::Win, None),
        Decided::Tie => (Rel::Tie, None),
        Decided::Margins(m) => {
            let m = m[pos.mover as usize - 1];
            let rel = match m.signum() {
                1 => Rel::Win,
                -1 => Rel::Lose,
                _ => Rel::Tie,
            };
            (rel, Some(m))
        }
    })
}

/// Every player's result (from player 1) at a position ended by end rule `rule`: 1 for the
/// winner and -1 for everyone else, 0 for all in a tie; in a scored game each player's margin,
/// their score less the best of the others'.
pub fn results(game: &Game, pos: &Position, rule: usize) -> R<Vec<i64>> {
    let rule = game
        .ends
        .get(rule)
        .ok_or_else(|| invalid(format!("no end rule {rule}")))?;
    let mut cx = Ctx::new(game, pos.clone());
    let n = i64::from(game.players.max(2));
    Ok(match decided(&mut cx, pos, &rule.outcome)? {
        Decided::Winner(w) => (1..=n).map(|q| if q == w { 1 } else { -1 }).collect(),
        Decided::Loser(l) => (1..=n).map(|q| if q == l { -1 } else { 1 }).collect(),
        Decided::Tie => vec![0; n as usize],
        Decided::Margins(m) => m,
    })
}

/// What an outcome decides: who wins (everyone else loses), who loses (with three or more
/// players, everyone else wins), a tie, or every player's margin.
enum Decided {
    Winner(i64),
    Loser(i64),
    Tie,
    Margins(Vec<i64>),
}

/// What an outcome naming only the loser `k` decides: in a game of two (or one, whose "other"
/// player loses) the other player wins; with three or more, everyone but `k` wins.
fn lost(game: &Game, k: i64) -> Decided {
    match game.players {
        1 | 2 => Decided::Winner(3 - k),
        _ => Decided::Loser(k),
    }
}

fn decided(cx: &mut Ctx, pos: &Position, o: &Outcome) -> R<Decided> {
    let mover = i64::from(pos.mover);
    let last = i64::from(pos.last_mover);
    let n = i64::from(cx.game.players.max(2));
    let winner = match &o.kind {
        OutcomeKind::If {
            cond,
            then,
            otherwise,
        } => {
            let branch = if cx.truth(cond)? { then } else { otherwise };
            return decided(cx, pos, branch);
        }
        OutcomeKind::Tie => return Ok(Decided::Tie),
        OutcomeKind::Score { var, expr } => {
            return score_margins(cx, var, expr, n).map(Decided::Margins)
        }
        OutcomeKind::Mover { wins: true } => mover,
        OutcomeKind::Mover { wins: false } => return Ok(lost(cx.game, mover)),
        OutcomeKind::LastMover { wins: true } => last,
        OutcomeKind::LastMover { wins: false } => return Ok(lost(cx.game, last)),
        OutcomeKind::Player { player, wins } => {
            let p = cx.int(player)?;
            if !(1..=n).contains(&p) {
                return Err(Fault::new(
                    FaultKind::BadPlayer,
                    format!("there is no player {p}"),
                ));
            }
            if !*wins {
                return Ok(lost(cx.game, p));
            }
            p
        }
        OutcomeKind::Each { var, cond } => {
            let mut winners = Vec::new();
            for p in 1..=n {
                cx.locals.push((var.name.clone(), Val::Int(p)));
                let holds = cx.truth(cond);
                cx.locals.pop();
                if holds? {
                    winners.push(p);
                }
            }
            match winners[..] {
                [one] => one,
                [] => return Err(Fault::new(FaultKind::NoWinner, "nobody wins")),
                _ => return Err(Fault::new(FaultKind::AmbiguousWinner, "several win")),
            }
        }
    };
    Ok(Decided::Winner(winner))
}

/// Every player's score (players 1 to `n`, in order), then each one's margin: their score less
/// the best of the others', in 128 bits and then checked against 64 (its negation, the others'
/// margin over them, must fit as well).
fn score_margins(cx: &mut Ctx, var: &Ident, expr: &Expr, n: i64) -> R<Vec<i64>> {
    let mut score = Vec::new();
    for p in 1..=n {
        cx.locals.push((var.name.clone(), Val::Int(p)));
        let s = cx.int(expr);
        cx.locals.pop();
        score.push(i128::from(s?));
    }
    let mut margins = Vec::new();
    for (q, s) in score.iter().enumerate() {
        let best_other = (score.iter().enumerate())
            .filter(|(r, _)| *r != q)
            .map(|(_, x)| *x)
            .max()
            .unwrap_or(0);
        let m = s - best_other;
        match i64::try_from(m) {
            Ok(m) if m != i64::MIN => margins.push(m),
            _ => {
                return Err(Fault::new(
                    FaultKind::Overflow,
                    format!("the margin {m} does not fit 64 bits"),
                ))
            }
        }
    }
    Ok(margins)
}

/// Every legal move, family by family, parameters varying fastest on the right; then their
/// labels, in order.
fn legal_moves(game: &Game, pos: &Position) -> R<Vec<Move>> {
    let mut out = Vec::new();
    let mut tried = 0u64;
    // A chance turn whose condition holds is the only move: the first in the file's order.
    for (family, m) in game.moves.iter().enumerate() {
        if m.chance.is_none() {
            continue;
        }
        let mut cx = Ctx::new(game, pos.clone());
        let holds = match &m.guard {
            Some(g) => cx.truth(g)?,
            None => true,
        };
        if holds {
            try_move(&mut cx, family, m, &mut out)?;
            out[0].label = "chance".to_string();
            return Ok(out);
        }
    }
    for (family, m) in game.moves.iter().enumerate() {
        if m.chance.is_some() {
            continue;
        }
        let mut cx = Ctx::new(game, pos.clone());
        try_params(&mut cx, family, m, &mut out, &mut tried)?;
    }
    let which: Vec<(usize, &[i64])> = out.iter().map(|m| (m.family, &m.args[..])).collect();
    let labels = super::label::labels(game, pos, &which)?;
    for (m, l) in out.iter_mut().zip(labels) {
        m.label = l;
    }
    Ok(out)
}

/// Binds the parameters after those already in `cx.locals`, one value at a time, and tries the
/// move once all are bound.
fn try_params(
    cx: &mut Ctx,
    family: usize,
    m: &MoveDecl,
    out: &mut Vec<Move>,
    tried: &mut u64,
) -> R<()> {
    let k = cx.locals.len();
    let Some(param) = m.params.get(k) else {
        *tried += 1;
        if *tried > MAX_CANDIDATES {
            return Err(Fault::new(FaultKind::TooWide, "too many candidate moves"));
        }
        return try_move(cx, family, m, out);
    };
    let (lo, hi) = cx.domain(&param.domain)?;
    let size = u64::try_from(i128::from(hi) - i128::from(lo) + 1).unwrap_or(0);
    let outer = cx.scale;
    for v in lo..=hi {
        cx.locals
            .push((param.name.name.clone(), param_value(param, v)));
        cx.scale = outer.saturating_mul(size);
        let r = try_params(cx, family, m, out, tried);
        cx.scale = outer;
        cx.locals.pop();
        r?;
    }
    Ok(())
}

/// With every parameter bound: if the guard holds, runs the body on a copy of the position, once
/// for every combination of the values its rolls take (once, without rolls).
fn try_move(cx: &mut Ctx, family: usize, m: &MoveDecl, out: &mut Vec<Move>) -> R<()> {
    if let Some(g) = &m.guard {
        if !cx.truth(g)? {
            return Ok(());
        }
    }
    let mover = cx.pos.mover;
    if !(1..=cx.game.players.max(2)).contains(&mover) {
        return Err(invalid("a position without a player to move"));
    }
    let mut outcomes: Vec<(BigRational, Position, bool)> = Vec::new();
    let mut picks = Picks::default();
    loop {
        let mut body = Ctx::new(cx.game, cx.pos.clone());
        body.locals = cx.locals.clone();
        body.scale = cx.scale;
        body.rolls = Some(picks.clone());
        body.run(&m.body)?;
        // One player moves again after every move; else the body's last `again` or `next mover`
        // says who moves next, or the turn passes in order. A chance turn is nobody's: the
        // player to move stays so (unless `next mover`), and who moved last too.
        let turn = m.chance.is_some();
        let next = match cx.game.players {
            1 => mover,
            _ if turn => body.next.unwrap_or(mover),
            _ => body.next.unwrap_or_else(|| cx.game.after(mover)),
        };
        let mut child = body.pos;
        if !turn {
            child.last_mover = mover;
        }
        child.mover = next;
        let ran = body.rolls.take().unwrap_or_default();
        let kept = next == mover;
        match outcomes
            .iter_mut()
            .find(|(_, c, k)| *c == child && *k == kept)
        {
            Some((p, _, _)) => *p += &ran.prob,
            None => outcomes.push((ran.prob.clone(), child, kept)),
        }
        match ran.next() {
            Some(p) => picks = p,
            None => break,
        }
    }
    let Some((_, child, kept)) = outcomes.first().cloned() else {
        return Err(invalid("a move without an outcome"));
    };
    if out.len() >= MAX_MOVES {
        return Err(Fault::new(FaultKind::TooWide, "too many legal moves"));
    }
    out.push(Move {
        family,
        args: (cx.locals.iter().zip(&m.params))
            .map(|((_, v), p)| match (v, &p.domain) {
                (Val::Int(v), _) => Ok(*v),
                (Val::Sym(s), Domain::Enum(values, _)) => (values.iter())
                    .position(|x| &x.name.name == s)
                    .map(|k| k as i64)
                    .ok_or_else(|| invalid(format!("`{s}` is not a value of `{}`", p.name.name))),
                (other, _) => Err(invalid(format!("a parameter holds {other:?}"))),
            })
            .collect::<R<_>>()?,
        child,
        kept,
        label: String::new(),
        outcomes,
    });
    Ok(())
}

/// The value a parameter takes at position `v` of its domain: the number, or for an enumeration
/// written in place (`how in {slide, jump}`) its `v`th value, by name.
pub(super) fn param_value(param: &Param, v: i64) -> Val {
    match &param.domain {
        Domain::Enum(values, _) => match values.get(v as usize) {
            Some(x) => Val::Sym(x.name.name.clone()),
            None => Val::Int(v),
        },
        _ => Val::Int(v),
    }
}
