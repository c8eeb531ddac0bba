//! The proof that the rules treat a grid's declared turns and reflections alike, read off the
//! compiled rules: when it holds, the engine need not check the declaration position by
//! position. A transformation `g` of the cells is proven when the rules read and write the grid
//! in one of three ways that no such transformation can tell apart:
//! - **cells**: only at `[r, c]` where `r` and `c` are a move's parameters over all the rows and
//!   all the columns, used as nothing else, so the move's instances are the cells and `g` maps
//!   one instance onto another (any permutation of the cells);
//! - **columns**: only at `[R, c]` where `c` is such a parameter over the columns, or the
//!   variable of a `count`/`any`/`all` over them, and `R` any expression without it (when `g`
//!   moves whole columns and keeps the rows: `mirror` on Connect Four);
//! - **rows**: the same with rows and columns exchanged;
//!
//! and, in each, through runs read as sets: every line in turn (`any(l in lines(board, k) ...)`),
//! one fixed run (`cells(board)`) or a cell's neighbourhood, each checked against `g` itself
//! (`grid_tables`). Folds that stop early (`any`, `all`) over such sets must have conditions
//! that cannot fail, since which element they stop at depends on the order. The transformations
//! proven must generate the whole declared group; then every element is proven, as rules that
//! commute with two transformations at every position commute with their product. A move
//! family that fits none of the three ways may still be proven by trying each transformation on
//! its instances, when it touches only cells its parameters name (`grid_sites`).

use super::grid_sites::{instances, matched, Instance};
use super::grid_tables::{generates, keeps, moves_columns, moves_rows, Use};
use super::group::group;
use super::*;
use std::cell::RefCell;
use std::sync::Arc;

/// Whether the rules are proven to treat every transformation `s` declares on a grid alike.
pub fn proves_grid(rules: &Rules, s: &CSymmetry) -> bool {
    let v = &rules.vars[s.var as usize];
    if v.kind != VarKind::Grid || s.kinds.contains(&SymmetryKind::AnyOrder) || v.cols == 0 {
        return false;
    }
    let Some(perms) = group(v.kind, v.len, v.cols, &s.kinds, &s.perms) else {
        return false;
    };
    // Each family's instances, worked out once for the three modes.
    let sited = RefCell::new(vec![None; rules.moves.len()]);
    let modes: Vec<(Mode, Vec<Use>, Vec<Instance>)> = [Mode::Cells, Mode::Cols, Mode::Rows]
        .into_iter()
        .filter_map(|m| analyse(rules, s.var, m, &sited).map(|(u, i)| (m, u, i)))
        .collect();
    let proven: Vec<&group::Perm> = perms
        .iter()
        .filter(|p| {
            modes.iter().any(|(m, uses, sited)| {
                let shape = match m {
                    Mode::Cells => true,
                    Mode::Cols => moves_columns(p, v.cols),
                    Mode::Rows => moves_rows(p, v.cols),
                };
                shape
                    && uses.iter().all(|u| keeps(u, p, v.base))
                    && (sited.is_empty() || matched(rules, s.var, sited, p))
            })
        })
        .collect();
    generates(&proven, perms.len() + 1, v.len)
}

/// The runs the rules read, if they read the grid in `mode`'s way only, and the instances of
/// the families that do not but touch the grid only at cells their parameters name (proven by
/// trying each transformation on them: `grid_sites`).
fn analyse(
    rules: &Rules,
    var: u32,
    mode: Mode,
    cache: &Sited,
) -> Option<(Vec<Use>, Vec<Instance>)> {
    let v = &rules.vars[var as usize];
    let g = Grid {
        var,
        base: v.base,
        len: v.len,
        rows: v.len / v.cols,
        cols: v.cols,
        mode,
        slots: &rules.slot_ranges,
        labels: rules.labels_checked,
        uses: RefCell::new(Vec::new()),
    };
    let none = Bound::default();
    let ends = rules
        .ends
        .iter()
        .all(|e| e.cond.as_ref().is_none_or(|c| g.expr(c, &none)) && g.outcome(&e.outcome, &none));
    if !ends {
        return None;
    }
    let mut sited = Vec::new();
    for (f, m) in rules.moves.iter().enumerate() {
        if !g.family(m) {
            let mut cache = cache.borrow_mut();
            let found = cache[f].get_or_insert_with(|| instances(rules, var, f));
            sited.extend(found.as_ref()?.iter().cloned());
        }
    }
    Some((g.uses.into_inner(), sited))
}

/// Each family's instances (`None` until worked out; then `None` inside if it has none that
/// `grid_sites` can try).
type Sited = RefCell<Vec<Option<Option<Vec<Instance>>>>>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Cells,
    Cols,
    Rows,
}

/// What a bound local holds: a row or a column of the grid (used only as one), or a run of a
/// table (its address), used only to read that run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Row,
    Col,
    Run(usize),
}

#[derive(Clone, Default)]
struct Bound(Vec<(u16, Role)>);

impl Bound {
    fn role(&self, l: u16) -> Option<Role> {
        self.0.iter().find(|(x, _)| *x == l).map(|(_, r)| *r)
    }
    fn with(&self, l: u16, r: Role) -> Bound {
        let mut b = self.without(l);
        b.0.push((l, r));
        b
    }
    fn without(&self, l: u16) -> Bound {
        Bound(self.0.iter().copied().filter(|(x, _)| *x != l).collect())
    }
}

fn address(t: &Arc<RunTable>) -> usize {
    Arc::as_ptr(t) as usize
}

struct Grid<'a> {
    var: u32,
    base: u32,
    len: u32,
    rows: u32,
    cols: u32,
    mode: Mode,
    slots: &'a [(i64, i64)],
    labels: bool,
    uses: RefCell<Vec<Use>>,
}

impl Grid<'_> {
    fn owns(&self, slot: u32) -> bool {
        slot >= self.base && slot < self.base + self.len
    }

    fn domain_is(&self, d: &CDomain, n: u32) -> bool {
        matches!((&d.lo, &d.hi), (CExpr::Const(0), CExpr::Const(h)) if *h == i64::from(n) - 1)
    }

    /// Whether a table's runs are cells of this grid.
    fn reads(&self, t: &RunTable) -> bool {
        match t {
            RunTable::Straight { runs, .. } => runs.iter().any(|&(s, _)| self.owns(s)),
            RunTable::Listed { slots, .. } => slots.iter().any(|&s| self.owns(s)),
        }
    }

    /// Whether `e` is the local `l` bound to `role`.
    fn is(&self, e: &CExpr, role: Role, bound: &Bound) -> bool {
        matches!(e, CExpr::Local(l) if bound.role(*l) == Some(role))
    }

    /// Whether `index` names a cell of the grid as the mode allows.
    fn cell(&self, index: &CExpr, bound: &Bound) -> bool {
        let CExpr::GridIndex { var, row, col, .. } = index else {
            return false;
        };
        *var == self.var
            && match self.mode {
                Mode::Cells => self.is(row, Role::Row, bound) && self.is(col, Role::Col, bound),
                Mode::Cols => self.is(col, Role::Col, bound) && self.expr(row, bound),
                Mode::Rows => self.is(row, Role::Row, bound) && self.expr(col, bound),
            }
    }

    /// The role a move parameter or a fold's variable over `d` may take in this mode.
    fn role_over(&self, d: &CDomain) -> Option<Role> {
        match self.mode {
            Mode::Cols if self.domain_is(d, self.cols) => Some(Role::Col),
            Mode::Rows if self.domain_is(d, self.rows) => Some(Role::Row),
            _ => None,
        }
    }

    /// Tries `f`, forgetting the runs it recorded if it fails.
    fn attempt(&self, f: impl FnOnce() -> bool) -> bool {
        let mark = self.uses.borrow().len();
        let ok = f();
        if !ok {
            self.uses.borrow_mut().truncate(mark);
        }
        ok
    }

    /// One move family: with a choice of its parameters bound (a row and a column for cells, any
    /// of those over the columns or the rows otherwise), every part of it reads the grid so.
    fn family(&self, m: &CMove) -> bool {
        // Chance turns are not solved with symmetry; a simultaneous move's two parameters are
        // two players' choices, which a transformation of the cells would mix.
        if m.chance || m.together {
            return false;
        }
        let over = |n: u32| -> Vec<u16> {
            (0..m.domains.len())
                .filter(|&k| self.domain_is(&m.domains[k], n))
                .map(|k| k as u16)
                .take(4)
                .collect()
        };
        let mut choices: Vec<Bound> = Vec::new();
        match self.mode {
            Mode::Cells => {
                for &r in &over(self.rows) {
                    for &c in &over(self.cols) {
                        if r != c {
                            choices.push(Bound(vec![(r, Role::Row), (c, Role::Col)]));
                        }
                    }
                }
            }
            Mode::Cols | Mode::Rows => {
                let (n, role) = match self.mode {
                    Mode::Cols => (self.cols, Role::Col),
                    _ => (self.rows, Role::Row),
                };
                let ks = over(n);
                for mask in (1u32..1 << ks.len()).rev() {
                    let picked = ks.iter().enumerate().filter(|(j, _)| mask & (1 << j) != 0);
                    choices.push(Bound(picked.map(|(_, &l)| (l, role)).collect()));
                }
            }
        }
        choices.push(Bound::default());
        choices.into_iter().any(|bound| {
            self.attempt(|| {
                m.domains
                    .iter()
                    .all(|d| self.expr(&d.lo, &bound) && self.expr(&d.hi, &bound))
                    && m.guard.as_ref().is_none_or(|g| self.expr(g, &bound))
                    && self.block(&m.body, &bound)
                    && self.label(m.label.as_deref(), &bound)
            })
        })
    }

    /// Whether a label reads the grid only as the rules may (when labels are checked).
    fn label(&self, parts: Option<&[LabelPart]>, bound: &Bound) -> bool {
        !self.labels || super::label::label_exprs_all(parts, |e| self.expr(e, bound))
    }
}

#[path = "grid_proof_walk.rs"]
mod walk;
