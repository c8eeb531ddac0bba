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

use super::map;
use super::{ArithOp, CDomain, CExpr, CMove, COp, COutcome, CStmt, CTarget, CmpOp, Fold};
use super::{Rules, VarInfo, VarKind};
use crate::syntax::ast::Span;

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
        e.outcome = outcome(o, p, n, &turn, last.as_ref(), fresh);
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
        .map(|s| s.proven && super::proves_any_order(&v, &v.vars[s.var as usize]))
        .collect();
    for (s, proven) in v.symmetries.iter_mut().zip(proofs) {
        s.proven = proven;
    }
    v
}

/// The locals the rewrite adds after the file's: the mover and last mover as a move began, one
/// for a player named by an outcome, and one per player's score.
#[derive(Clone, Copy)]
struct Fresh {
    old: u16,
    old_last: u16,
    tmp: u16,
    scores: u16,
}

/// A hidden variable: its number among the variables and its slot.
struct Hidden {
    var: u32,
    slot: u32,
}

impl Hidden {
    fn read(&self) -> CExpr {
        CExpr::Slot(self.slot)
    }

    fn set(&self, value: CExpr) -> CStmt {
        CStmt::Assign {
            target: CTarget {
                var: self.var,
                base: self.slot,
                len: 1,
                offset: 0,
                index: None,
                span: Span::default(),
            },
            op: COp::Set,
            value,
            span: Span::default(),
        }
    }
}

/// Adds a hidden variable of `1..=n` starting at `init`.
fn hidden(v: &mut Rules, name: &str, n: u8, init: u8) -> Hidden {
    let slot = v.slot_ranges.len() as u32;
    let var = v.vars.len() as u32;
    v.slot_ranges.push((1, i64::from(n)));
    v.init.push(i64::from(init));
    v.vars.push(VarInfo {
        name: name.to_string(),
        kind: VarKind::Scalar,
        is_bool: false,
        enum_id: None,
        names: None,
        shown: None,
        base: slot,
        len: 1,
        cols: 0,
        lo: 1,
        hi: i64::from(n),
        span: Span::default(),
    });
    Hidden { var, slot }
}

/// Whether some rule reads who moved last.
fn reads_last_mover(v: &mut Rules) -> bool {
    let found = std::cell::Cell::new(false);
    let look = |e: &CExpr| {
        if matches!(e, CExpr::LastMover) {
            found.set(true);
        }
        None
    };
    for m in &mut v.moves {
        map::move_head(m, &look);
        map::block(&mut m.body, &look);
    }
    for e in &mut v.ends {
        if let Some(c) = &mut e.cond {
            map::expr(c, &look);
        }
        map::outcome(&mut e.outcome, &look);
        found.set(found.get() || outcome_names_last(&e.outcome));
    }
    found.get()
}

fn outcome_names_last(o: &COutcome) -> bool {
    match o {
        COutcome::LastMover { .. } => true,
        COutcome::If {
            then, otherwise, ..
        } => outcome_names_last(&then.0) || outcome_names_last(&otherwise.0),
        _ => false,
    }
}

fn int(k: impl Into<i64>) -> Box<CExpr> {
    Box::new(CExpr::Const(k.into()))
}

fn eq(a: CExpr, b: CExpr) -> CExpr {
    CExpr::Cmp(CmpOp::Eq, Box::new(a), Box::new(b))
}

/// The view's player for player `x`: 1 for `p`, 2 for anyone else.
fn side(x: CExpr, p: u8) -> CExpr {
    CExpr::Cond(Box::new(eq(x, CExpr::Const(p.into()))), int(1), int(2))
}

/// A move's body: note the mover (and last mover), pass the turn to the next player, run the
/// file's body (its `again` gives the turn back), then keep the view's turn when the next mover
/// is on the mover's side.
fn body(m: &mut CMove, p: u8, n: u8, turn: &Hidden, last: Option<&Hidden>, f: Fresh) {
    let mut b = vec![CStmt::Let {
        local: f.old,
        value: turn.read(),
    }];
    if let Some(last) = last {
        b.push(CStmt::Let {
            local: f.old_last,
            value: last.read(),
        });
        b.push(last.set(CExpr::Local(f.old)));
    }
    let next = CExpr::Cond(
        Box::new(eq(CExpr::Local(f.old), CExpr::Const(n.into()))),
        int(1),
        Box::new(CExpr::Arith(
            ArithOp::Add,
            Box::new(CExpr::Local(f.old)),
            int(1),
            Span::default(),
        )),
    );
    b.push(turn.set(next));
    let mut rest = std::mem::take(&mut m.body);
    let named = give_back(&mut rest, turn, f);
    b.extend(rest);
    let mine = |x: CExpr| eq(x, CExpr::Const(p.into()));
    // A `next mover` checked above set the view's turn as if it were two players': set it again.
    let otherwise = match named {
        true => vec![CStmt::NextMover {
            value: CExpr::Opponent,
            players: 2,
            span: Span::default(),
        }],
        false => Vec::new(),
    };
    b.push(CStmt::If {
        cond: eq(mine(turn.read()), mine(CExpr::Local(f.old))),
        then: vec![CStmt::Again],
        otherwise,
    });
    m.body = b;
    m.simple = None;
}

/// The file's `again`: the mover moves next; its `next mover = K`: K does, once K is checked to
/// be a player (as the engine checks it). Whether there was a `next mover`.
fn give_back(stmts: &mut [CStmt], turn: &Hidden, f: Fresh) -> bool {
    let mut named = false;
    for s in stmts {
        match s {
            CStmt::Again => *s = turn.set(CExpr::Local(f.old)),
            CStmt::NextMover {
                value,
                players,
                span,
            } => {
                let k = std::mem::replace(value, CExpr::Const(0));
                *s = CStmt::If {
                    cond: CExpr::Const(1),
                    then: vec![
                        CStmt::Let {
                            local: f.tmp,
                            value: k,
                        },
                        CStmt::NextMover {
                            value: CExpr::Local(f.tmp),
                            players: *players,
                            span: *span,
                        },
                        turn.set(CExpr::Local(f.tmp)),
                    ],
                    otherwise: Vec::new(),
                };
                named = true;
            }
            CStmt::If {
                then, otherwise, ..
            } => {
                named |= give_back(then, turn, f);
                named |= give_back(otherwise, turn, f);
            }
            CStmt::For { body, .. } => named |= give_back(body, turn, f),
            _ => {}
        }
    }
    named
}

/// An outcome as it is for `p` (the view's player 1) against the others (player 2).
fn outcome(o: COutcome, p: u8, n: u8, turn: &Hidden, last: Option<&Hidden>, f: Fresh) -> COutcome {
    let players = |local: u16, body: CExpr| CExpr::Fold {
        fold: Fold::Count,
        local,
        domain: Box::new(CDomain {
            lo: CExpr::Const(1),
            hi: CExpr::Const(n.into()),
            span: Span::default(),
        }),
        cond: Box::new(body),
        span: Span::default(),
    };
    match o {
        COutcome::Mover { wins } => COutcome::Player {
            player: side(turn.read(), p),
            wins,
        },
        COutcome::LastMover { wins } => COutcome::Player {
            // `reads_last_mover` saw this outcome, so `last` is there.
            player: side(last.map_or(CExpr::Const(0), Hidden::read), p),
            wins,
        },
        // A number naming no player stays as it is, for the engine to report.
        COutcome::Player { player, wins } => {
            let x = || Box::new(CExpr::Local(f.tmp));
            let named = CExpr::And(
                Box::new(CExpr::Cmp(CmpOp::Ge, x(), int(1))),
                Box::new(CExpr::Cmp(CmpOp::Le, x(), int(n))),
            );
            COutcome::Player {
                player: CExpr::Let {
                    local: f.tmp,
                    value: Box::new(player),
                    body: Box::new(CExpr::Cond(
                        Box::new(named),
                        Box::new(side(CExpr::Local(f.tmp), p)),
                        x(),
                    )),
                },
                wins,
            }
        }
        // Exactly one player must meet the condition: every player's is worked out, in order
        // (so a failing one fails as it would), and then `p`'s side wins if it is `p`, the
        // others' if it is another; with none, or more than one, neither or both do, and the
        // engine reports it as it would.
        COutcome::Each { local, cond } => {
            let count = players(local, cond.clone());
            let total = || Box::new(CExpr::Local(f.tmp));
            let p_meets = || {
                Box::new(CExpr::Let {
                    local,
                    value: int(p),
                    body: Box::new(cond.clone()),
                })
            };
            let one = || Box::new(CExpr::Cmp(CmpOp::Eq, total(), int(1)));
            let many = || Box::new(CExpr::Cmp(CmpOp::Ge, total(), int(2)));
            let mine = CExpr::Or(many(), Box::new(CExpr::And(one(), p_meets())));
            let theirs = CExpr::Or(
                many(),
                Box::new(CExpr::And(one(), Box::new(CExpr::Not(p_meets())))),
            );
            COutcome::Each {
                local,
                cond: CExpr::Cond(
                    Box::new(eq(CExpr::Local(local), CExpr::Const(1))),
                    Box::new(CExpr::Let {
                        local: f.tmp,
                        value: Box::new(count.clone()),
                        body: Box::new(mine),
                    }),
                    Box::new(CExpr::Let {
                        local: f.tmp,
                        value: Box::new(count),
                        body: Box::new(theirs),
                    }),
                ),
            }
        }
        COutcome::Tie => COutcome::Tie,
        // Every player's score, in order, into a local of its own; then `p`'s, or the best of
        // the others'.
        COutcome::Score { local, expr } => {
            let score = |q: u8| CExpr::Local(f.scores + u16::from(q) - 1);
            let others: Vec<CExpr> = (1..=n).filter(|&q| q != p).map(score).collect();
            let mut e = CExpr::Cond(
                Box::new(eq(CExpr::Local(f.tmp), CExpr::Const(1))),
                Box::new(score(p)),
                Box::new(CExpr::Max(others)),
            );
            for q in (1..=n).rev() {
                e = CExpr::Let {
                    local: f.scores + u16::from(q) - 1,
                    value: Box::new(CExpr::Let {
                        local,
                        value: int(q),
                        body: Box::new(expr.clone()),
                    }),
                    body: Box::new(e),
                };
            }
            COutcome::Score {
                local,
                expr: CExpr::Let {
                    local: f.tmp,
                    value: Box::new(CExpr::Local(local)),
                    body: Box::new(e),
                },
            }
        }
        COutcome::If {
            cond,
            then,
            otherwise,
        } => {
            let (t, ts) = *then;
            let (o, os) = *otherwise;
            COutcome::If {
                cond,
                then: Box::new((outcome(t, p, n, turn, last, f), ts)),
                otherwise: Box::new((outcome(o, p, n, turn, last, f), os)),
            }
        }
    }
}
