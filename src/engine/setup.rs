//! The start: the initial values, then the `setup` block, whose rolls branch into several starting
//! positions, each with its exact probability.

use super::{Code, Engine, Fault, Pos};
use crate::rules::{CStmt, Ctx, RtError, RtKind};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

/// One starting position after the chance setup.
#[derive(Clone, Debug)]
pub struct Branch {
    pub code: Code,
    pub pos: Pos,
    pub prob: BigRational,
    /// Who moves first after the setup (1 or 2), whether or not positions record the turn.
    pub mover: u8,
    /// What was rolled, as `(target, value)`, in order.
    pub rolls: Vec<(String, i64)>,
}

impl Engine<'_> {
    /// The starting positions: one without a setup, one per combination of rolls with one.
    pub fn starts(&self) -> Result<Vec<Branch>, Fault> {
        let init = Pos {
            slots: self.rules.init.clone(),
            mover: 1,
            last_mover: 2,
        };
        let Some(setup) = &self.rules.setup else {
            return Ok(vec![Branch {
                code: self.encode(&init),
                pos: init,
                prob: BigRational::one(),
                mover: 1,
                rolls: Vec::new(),
            }]);
        };
        // `setup by player K` is player K's move: K is the mover while it runs.
        let init = match setup.by_player {
            Some(k) => Pos {
                mover: k,
                last_mover: 3 - k,
                ..init
            },
            None => init,
        };
        let mut branches = vec![Branch {
            code: 0,
            pos: init,
            prob: BigRational::one(),
            mover: 1,
            rolls: Vec::new(),
        }];
        let mut locals = vec![0i64; self.rules.locals as usize + 1];
        for stmt in &setup.body {
            let mut next = Vec::new();
            for b in branches {
                let mut slots = b.pos.slots.clone();
                let mut undo = Vec::new();
                let mut ctx = Ctx {
                    vars: &self.rules.vars,
                    ranges: &self.rules.slot_ranges,
                    slots: &mut slots,
                    locals: &mut locals,
                    mover: b.pos.mover as i64,
                    last_mover: b.pos.last_mover as i64,
                    undo: &mut undo,
                    again: false,
                };
                match stmt {
                    CStmt::Roll {
                        target,
                        domain,
                        weights,
                        span,
                    } => {
                        let lo = ctx.eval(&domain.lo)?;
                        let hi = ctx.eval(&domain.hi)?;
                        crate::rules::check_range(lo, hi, domain.span)?;
                        // In 128 bits: an empty range between the ends of 64 bits overflows.
                        let n = (hi as i128 - lo as i128 + 1).max(0) as i64;
                        let ws: Vec<i64> = match weights {
                            Some(ws) => ws.iter().map(|w| ctx.eval(w)).collect::<Result<_, _>>()?,
                            None => vec![1; n as usize],
                        };
                        if ws.len() as i64 != n
                            || ws.iter().any(|w| *w < 0)
                            || ws.iter().all(|w| *w == 0)
                        {
                            return Err(Fault::from(RtError::new(
                                RtKind::OutOfRange,
                                *span,
                                format!(
                                    "the roll has {n} outcomes but {} weights (weights must be one non-negative number per outcome, not all 0)",
                                    ws.len()
                                ),
                            )));
                        }
                        // Exact: weights near 2^63 may total more than 64 bits hold.
                        let total: BigInt = ws.iter().map(|w| BigInt::from(*w)).sum();
                        let name = roll_name(self, target, &mut ctx)?;
                        for (k, w) in ws.iter().enumerate() {
                            if *w == 0 {
                                continue;
                            }
                            let v = lo + k as i64;
                            let slot = ctx.target_slot(target)?;
                            let mark = ctx.undo.len();
                            ctx.write(slot, v, *span)?;
                            let mut rolls = b.rolls.clone();
                            rolls.push((name.clone(), v));
                            next.push(Branch {
                                code: 0,
                                pos: Pos {
                                    slots: ctx.slots.to_vec(),
                                    ..b.pos.clone()
                                },
                                prob: &b.prob * BigRational::new(BigInt::from(*w), total.clone()),
                                mover: b.mover,
                                rolls,
                            });
                            ctx.rollback(mark);
                        }
                    }
                    other => {
                        ctx.exec(std::slice::from_ref(other))?;
                        next.push(Branch {
                            pos: Pos {
                                slots: ctx.slots.to_vec(),
                                ..b.pos.clone()
                            },
                            ..b
                        });
                    }
                }
            }
            branches = next;
        }
        for b in &mut branches {
            if let Some(k) = setup.by_player {
                b.pos.last_mover = k;
                b.pos.mover = 3 - k;
                b.mover = 3 - k;
            }
            if !self.turn_matters() {
                b.pos.mover = 1;
                b.pos.last_mover = 2;
            }
            b.code = self.encode(&b.pos);
        }
        branches.retain(|b| !b.prob.is_zero());
        Ok(branches)
    }
}

fn roll_name(
    e: &Engine,
    target: &crate::rules::CTarget,
    ctx: &mut Ctx,
) -> Result<String, Box<RtError>> {
    let v = &e.rules.vars[target.var as usize];
    Ok(match &target.index {
        None => v.name.clone(),
        Some(ix) => format!("{}[{}]", v.name, ctx.eval(ix)?),
    })
}
