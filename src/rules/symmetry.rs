//! Symmetry declarations as the engine uses them, and the proof that rules treat every order of an
//! array alike (`any order`), read off the compiled rules: when it holds, the engine need not
//! check the declaration position by position.

use super::bounds::Ranges;
use super::*;
pub use crate::syntax::ast::SymmetryKind;

/// `symmetry VAR: KIND, ...`, checked against the variable's shape.
#[derive(Clone, Debug)]
pub struct CSymmetry {
    pub var: u32,
    pub kinds: Vec<SymmetryKind>,
    /// The declaration as written (`board: rotations, reflections`), for messages.
    pub text: String,
    pub span: Span,
    /// Whether the rules are proven to treat every order of the array alike (`any order` only).
    pub proven: bool,
    /// The permutations listed (`permutation [...]`), each as where element (or cell) k goes.
    pub perms: Vec<Vec<u32>>,
    /// `swap A B`: the two values (as the variable holds them) exchanged in every element,
    /// together with the players.
    pub swap: Option<(i64, i64)>,
    /// Whether the rules are proven to treat the file's swaps alike (`swap_proof`): set on every
    /// declaration with a `swap`, as they are one transformation.
    pub swap_proven: bool,
}

/// Whether every rule treats the elements of array `var` alike, so that any permutation of them
/// maps each position's moves, ends and faults to those of the permuted position. It holds when
/// the array is read only through `sum`, `min`, `max`, `count`/`any`/`all` over its indices and
/// `A[i]` where `i` ranges over exactly its indices and serves as nothing but an index of `A`.
/// Whether a rule fails must not depend on the order either: `any` and `all` stop at the first
/// element that decides them, so their condition must be one that cannot fail (`bounds`), and
/// `sum(A)` must not overflow in any order. Labels worked out while exploring (`labels_checked`:
/// they may fail or repeat) must read the array as the rules do. The setup is not asked: it
/// only chooses the start.
pub fn proves_any_order(rules: &Rules, var: &VarInfo) -> bool {
    let a = Array {
        var: var_index(rules, var),
        base: var.base,
        len: var.len,
        slots: &rules.slot_ranges,
        labels: rules.labels_checked,
    };
    let ends = rules.ends.iter().all(|e| {
        let none = Bound::default();
        e.cond.as_ref().is_none_or(|c| a.expr(c, &none)) && a.outcome(&e.outcome, &none)
    });
    ends && rules.moves.iter().all(|m| a.family(m))
}

fn var_index(rules: &Rules, var: &VarInfo) -> u32 {
    rules
        .vars
        .iter()
        .position(|v| v.base == var.base)
        .unwrap_or(0) as u32
}

/// Locals that hold an index of the array and may be used only as one.
#[derive(Clone, Default)]
struct Bound(Vec<u16>);

impl Bound {
    fn has(&self, l: u16) -> bool {
        self.0.contains(&l)
    }
    fn with(&self, l: u16) -> Bound {
        let mut b = self.clone();
        b.0.push(l);
        b
    }
    fn without(&self, l: u16) -> Bound {
        Bound(self.0.iter().copied().filter(|x| *x != l).collect())
    }
}

struct Array<'a> {
    var: u32,
    base: u32,
    len: u32,
    /// Every slot's range, for whether a condition can fail.
    slots: &'a [(i64, i64)],
    /// Whether labels are worked out while exploring (they may fail or repeat).
    labels: bool,
}

impl Array<'_> {
    /// Whether `cond` cannot fail for any state in range, with `bound` (and `local`) holding
    /// indices of the array.
    fn cannot_fail(&self, cond: &CExpr, bound: &Bound, local: u16) -> bool {
        let indices = bound
            .0
            .iter()
            .chain([&local])
            .map(|&l| (l, self.base, self.len))
            .collect();
        let ranges = Ranges {
            slots: self.slots,
            indices,
        };
        ranges.of(cond).is_some()
    }

    /// Whether a label reads the array only as the rules may (when labels are checked).
    fn label(&self, parts: Option<&[LabelPart]>, bound: &Bound) -> bool {
        !self.labels || super::label::label_exprs_all(parts, |e| self.expr(e, bound))
    }

    fn is_indices(&self, d: &CDomain) -> bool {
        matches!((&d.lo, &d.hi), (CExpr::Const(0), CExpr::Const(h)) if *h == i64::from(self.len) - 1)
    }

    fn owns(&self, slot: u32) -> bool {
        slot >= self.base && slot < self.base + self.len
    }

    /// Whether some run of the table has a cell of the array.
    fn reads(&self, runs: &RunTable) -> bool {
        match runs {
            RunTable::Straight { len, runs } => runs.iter().any(|&(start, step)| {
                (0..*len).any(|k| self.owns(start.wrapping_add(step.wrapping_mul(k))))
            }),
            RunTable::Listed { slots, .. } => slots.iter().any(|&s| self.owns(s)),
        }
    }

    /// One move family: some choice of its parameters over the array's indices as bound makes
    /// every part of it symmetric (at most 2^4 choices are tried).
    fn family(&self, m: &CMove) -> bool {
        // Chance turns are not solved with symmetry (as rolls are not).
        if m.chance {
            return false;
        }
        let candidates: Vec<u16> = (0..m.domains.len())
            .filter(|&k| self.is_indices(&m.domains[k]))
            .map(|k| k as u16)
            .take(4)
            .collect();
        (0u32..1 << candidates.len()).rev().any(|mask| {
            let bound = Bound(
                candidates
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| mask & (1 << j) != 0)
                    .map(|(_, l)| *l)
                    .collect(),
            );
            let domains_ok = m.domains.iter().enumerate().all(|(k, d)| {
                let before = Bound(bound.0.iter().copied().filter(|l| *l < k as u16).collect());
                self.expr(&d.lo, &before) && self.expr(&d.hi, &before)
            });
            domains_ok
                && m.guard.as_ref().is_none_or(|g| self.expr(g, &bound))
                && self.block(&m.body, &bound)
                && self.label(m.label.as_deref(), &bound)
        })
    }

    fn block(&self, body: &[CStmt], bound: &Bound) -> bool {
        let mut bound = bound.clone();
        for s in body {
            match s {
                CStmt::Assign { target, value, .. } => {
                    let index_ok = if target.var == self.var {
                        target.offset == 0
                            && matches!(&target.index, Some(CExpr::Local(l)) if bound.has(*l))
                    } else {
                        target.index.as_ref().is_none_or(|i| self.expr(i, &bound))
                    };
                    if !index_ok || !self.expr(value, &bound) {
                        return false;
                    }
                }
                CStmt::If {
                    cond,
                    then,
                    otherwise,
                } => {
                    if !(self.expr(cond, &bound)
                        && self.block(then, &bound)
                        && self.block(otherwise, &bound))
                    {
                        return false;
                    }
                }
                CStmt::Again => {}
                CStmt::NextMover { value, .. } => {
                    if !self.expr(value, &bound) {
                        return false;
                    }
                }
                CStmt::Let { local, value } => {
                    bound = match value {
                        CExpr::Local(l) if bound.has(*l) => bound.with(*local),
                        v if self.expr(v, &bound) => bound.without(*local),
                        _ => return false,
                    };
                }
                CStmt::For {
                    local,
                    domain,
                    cond,
                    body,
                    ..
                } => {
                    // The loop's variable is an ordinary number: its order does not touch the array.
                    let inner = bound.without(*local);
                    if !(self.expr(&domain.lo, &bound)
                        && self.expr(&domain.hi, &bound)
                        && self.expr(cond, &inner)
                        && self.block(body, &inner))
                    {
                        return false;
                    }
                }
                CStmt::Roll { .. } => return false,
            }
        }
        true
    }

    fn outcome(&self, o: &COutcome, bound: &Bound) -> bool {
        match o {
            COutcome::LastMover { .. } | COutcome::Mover { .. } | COutcome::Tie => true,
            COutcome::Player { player, .. } => self.expr(player, bound),
            COutcome::Each { local, cond } => self.expr(cond, &bound.without(*local)),
            COutcome::Score { local, expr } => self.expr(expr, &bound.without(*local)),
            COutcome::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(cond, bound)
                    && self.outcome(&then.0, bound)
                    && self.outcome(&otherwise.0, bound)
            }
        }
    }

    fn expr(&self, e: &CExpr, bound: &Bound) -> bool {
        let all = |xs: &[&CExpr]| xs.iter().all(|x| self.expr(x, bound));
        match e {
            CExpr::Const(_) | CExpr::Mover | CExpr::Opponent | CExpr::LastMover => true,
            CExpr::Slot(s) => !self.owns(*s),
            CExpr::Local(l) => !bound.has(*l),
            CExpr::Elem {
                var, offset, index, ..
            } => {
                if *var == self.var {
                    *offset == 0 && matches!(&**index, CExpr::Local(l) if bound.has(*l))
                } else {
                    self.expr(index, bound)
                }
            }
            CExpr::ElemLocal {
                var, offset, local, ..
            } => {
                if *var == self.var {
                    *offset == 0 && bound.has(*local)
                } else {
                    !bound.has(*local)
                }
            }
            CExpr::ListElem { index, .. } => self.expr(index, bound),
            CExpr::Neg(x, _) | CExpr::Not(x) | CExpr::Abs(x, _) => self.expr(x, bound),
            CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                all(&[a, b])
            }
            CExpr::Min(xs) | CExpr::Max(xs) => xs.iter().all(|x| self.expr(x, bound)),
            // Whole-array aggregates do not see the order, but a sum may overflow part way in
            // one order and not in another.
            CExpr::Sum { base, .. } if *base == self.base => Ranges {
                slots: self.slots,
                indices: Vec::new(),
            }
            .of(e)
            .is_some(),
            CExpr::Sum { .. } | CExpr::MinOf { .. } | CExpr::MaxOf { .. } => true,
            CExpr::Cond(c, a, b) => all(&[c, a, b]),
            CExpr::GridIndex { row, col, .. } => all(&[row, col]),
            CExpr::Fold {
                fold,
                local,
                domain,
                cond,
                ..
            } => {
                let domain_ok = self.expr(&domain.lo, bound) && self.expr(&domain.hi, bound);
                let plain = bound.without(*local);
                // count/any/all over the indices see a set; first/last see an order. `any` and
                // `all` stop early, so which elements they evaluate depends on the order: their
                // condition must not be able to fail.
                let stops_early = matches!(fold, Fold::Any | Fold::All);
                let over_indices = matches!(fold, Fold::Count | Fold::Any | Fold::All)
                    && self.is_indices(domain)
                    && self.expr(cond, &plain.with(*local))
                    && (!stops_early || self.cannot_fail(cond, &plain, *local));
                domain_ok && (over_indices || self.expr(cond, &plain))
            }
            // Runs are a grid's cells, never the array's; their cell variable is a plain value.
            CExpr::RunFold {
                local,
                runs,
                run,
                cond,
                ..
            } => {
                !self.reads(runs)
                    && self.expr(run, bound)
                    && self.expr(cond, &bound.without(*local))
            }
            CExpr::RunElem {
                runs, run, index, ..
            } => !self.reads(runs) && all(&[run, index]),
            CExpr::RunLen { runs, run, .. } => !self.reads(runs) && self.expr(run, bound),
            CExpr::Let { local, value, body } => match &**value {
                CExpr::Local(l) if bound.has(*l) => self.expr(body, &bound.with(*local)),
                v => self.expr(v, bound) && self.expr(body, &bound.without(*local)),
            },
        }
    }
}
