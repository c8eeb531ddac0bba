//! The pieces of a view's rewrite (`view`): the hidden variables, the locals it adds, the
//! expressions it builds, and a move's body with the turn passed on.

use crate::rules::map;
use crate::rules::{ArithOp, CExpr, CMove, COp, COutcome, CStmt, CTarget, CmpOp};
use crate::rules::{Rules, VarInfo, VarKind};
use crate::syntax::ast::Span;

/// The locals the rewrite adds after the file's: the mover and last mover as a move began, one
/// for a player named by an outcome, and one per player's score.
#[derive(Clone, Copy)]
pub(super) struct Fresh {
    pub(super) old: u16,
    pub(super) old_last: u16,
    pub(super) tmp: u16,
    pub(super) scores: u16,
}

/// A hidden variable: its number among the variables and its slot.
pub(super) struct Hidden {
    var: u32,
    slot: u32,
}

impl Hidden {
    pub(super) fn read(&self) -> CExpr {
        CExpr::Slot(self.slot)
    }

    pub(super) fn set(&self, value: CExpr) -> CStmt {
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
pub(super) fn hidden(v: &mut Rules, name: &str, n: u8, init: u8) -> Hidden {
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
pub(super) fn reads_last_mover(v: &mut Rules) -> bool {
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

pub(super) fn int(k: impl Into<i64>) -> Box<CExpr> {
    Box::new(CExpr::Const(k.into()))
}

pub(super) fn eq(a: CExpr, b: CExpr) -> CExpr {
    CExpr::Cmp(CmpOp::Eq, Box::new(a), Box::new(b))
}

/// The view's player for player `x`: 1 for `p`, 2 for anyone else.
pub(super) fn side(x: CExpr, p: u8) -> CExpr {
    CExpr::Cond(Box::new(eq(x, CExpr::Const(p.into()))), int(1), int(2))
}

/// A move's body: note the mover (and last mover), pass the turn to the next player, run the
/// file's body (its `again` gives the turn back), then keep the view's turn when the next mover
/// is on the mover's side.
pub(super) fn body(m: &mut CMove, p: u8, n: u8, turn: &Hidden, last: Option<&Hidden>, f: Fresh) {
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
