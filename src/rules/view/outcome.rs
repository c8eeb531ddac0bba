//! An outcome as it is for one player against the others together, in that player's view.

use super::parts::{eq, int, side, Fresh, Hidden};
use crate::rules::{CDomain, CExpr, COutcome, CmpOp, Fold};
use crate::syntax::ast::Span;

/// An outcome as it is for `p` (the view's player 1) against the others (player 2).
pub(super) fn outcome(
    o: COutcome,
    p: u8,
    n: u8,
    turn: &Hidden,
    last: Option<&Hidden>,
    f: Fresh,
) -> COutcome {
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
