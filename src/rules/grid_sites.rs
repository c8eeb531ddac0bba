//! The grid proof's second way to prove a move family (see `grid_proof`), for moves that read
//! and write cells at fixed offsets from their parameters (a domino's two cells at `[r, c]` and
//! `[r, c + 1]`): when every cell the family reads or writes is worked out from the parameters
//! alone, and nothing else of the state but whose turn it is, each instance of the family is a
//! function of the few cells it touches (its sites). A transformation of the grid is then proven
//! for these families by trying it on every instance: the instances whose sites are the
//! transformed sites are tried, and one must give the same outcome as the instance on every
//! value of the sites and either player to move (the same child as transformed, no move, or the
//! same kind of fault), by the one interpreter (`Ctx`); the instances so matched must be
//! distinct, so the transformation maps the moves one to one.

use super::*;

/// The most combinations of site values and players tried for one instance.
const MAX_TRIES: u64 = 1 << 12;

/// One instance of a family: its parameters and the cells it touches, sorted.
#[derive(Clone, Debug)]
pub(super) struct Instance {
    family: usize,
    params: Vec<i64>,
    sites: Vec<u32>,
}

/// Every instance of family `f`, if it touches grid `var` only at cells worked out from its
/// parameters and reads no other state but whose turn it is.
pub(super) fn instances(rules: &Rules, var: u32, f: usize) -> Option<Vec<Instance>> {
    let m = &rules.moves[f];
    let v = &rules.vars[var as usize];
    if m.chance || m.together || rules.labels_checked || m.domains.len() > 4 {
        return None;
    }
    let walk = Walk { var };
    let params: Vec<u16> = (0..m.domains.len() as u16).collect();
    let domains_pure = m
        .domains
        .iter()
        .enumerate()
        .all(|(k, d)| walk.pure(&d.lo, &params[..k]) && walk.pure(&d.hi, &params[..k]));
    let reads = m.guard.as_ref().is_none_or(|g| walk.expr(g, &params));
    if !(domains_pure && reads && walk.block(&m.body, &params)) {
        return None;
    }
    let mut slots = rules.init.clone();
    let mut locals = vec![0i64; usize::from(rules.locals).max(m.domains.len())];
    let mut undo = Vec::new();
    let mut ctx = context(rules, &mut slots, &mut locals, &mut undo, 1);
    let mut out = Vec::new();
    let mut params = Vec::new();
    if !each(&mut ctx, m, &mut params, &mut |ctx, params| {
        let mut sites = Vec::new();
        let ok = sites_of(ctx, &walk, m, v, &mut sites);
        sites.sort_unstable();
        sites.dedup();
        out.push(Instance {
            family: f,
            params: params.to_vec(),
            sites,
        });
        ok && out.len() <= 10_000
    }) {
        return None;
    }
    Some(out)
}

fn context<'a>(
    rules: &'a Rules,
    slots: &'a mut [i64],
    locals: &'a mut [i64],
    undo: &'a mut Vec<(u32, i64)>,
    mover: i64,
) -> Ctx<'a> {
    Ctx {
        vars: &rules.vars,
        ranges: &rules.slot_ranges,
        slots,
        locals,
        mover,
        last_mover: 3 - mover,
        undo,
        again: false,
        scale: 1,
        budget: u64::MAX / 4,
        chance: None,
    }
}

/// Calls `f` with every choice of `m`'s parameters (set in the context's locals); `false` if a
/// domain fails or `f` says to stop.
fn each(
    ctx: &mut Ctx,
    m: &CMove,
    params: &mut Vec<i64>,
    f: &mut dyn FnMut(&mut Ctx, &[i64]) -> bool,
) -> bool {
    let k = params.len();
    if k == m.domains.len() {
        return f(ctx, params);
    }
    let (Ok(lo), Ok(hi)) = (ctx.eval(&m.domains[k].lo), ctx.eval(&m.domains[k].hi)) else {
        return false;
    };
    if hi.saturating_sub(lo) > 1000 {
        return false;
    }
    for x in lo..=hi {
        ctx.locals[k] = x;
        params.push(x);
        let ok = each(ctx, m, params, f);
        params.pop();
        if !ok {
            return false;
        }
    }
    true
}

/// The cells of the grid that `m`'s guard and body name, in every branch and every turn of a
/// loop, with the parameters in the context; `false` if one is outside the grid.
fn sites_of(ctx: &mut Ctx, walk: &Walk, m: &CMove, v: &VarInfo, out: &mut Vec<u32>) -> bool {
    let mut s = Sites {
        walk,
        rows: i64::from(v.len / v.cols),
        cols: i64::from(v.cols),
        out,
    };
    m.guard.as_ref().is_none_or(|g| s.expr(ctx, g)) && s.block(ctx, &m.body)
}

struct Sites<'a> {
    walk: &'a Walk,
    rows: i64,
    cols: i64,
    out: &'a mut Vec<u32>,
}

impl Sites<'_> {
    fn cell(&mut self, ctx: &mut Ctx, index: &CExpr) -> bool {
        let CExpr::GridIndex { row, col, .. } = index else {
            return false;
        };
        match (ctx.eval(row), ctx.eval(col)) {
            (Ok(r), Ok(c)) if (0..self.rows).contains(&r) && (0..self.cols).contains(&c) => {
                self.out.push((r * self.cols + c) as u32);
                true
            }
            _ => false,
        }
    }

    fn expr(&mut self, ctx: &mut Ctx, e: &CExpr) -> bool {
        match e {
            CExpr::Elem { var, index, .. } if *var == self.walk.var => self.cell(ctx, index),
            // A definition's argument that a cell may be named by (the walk saw to that).
            CExpr::Let { local, value, body } => {
                if !self.expr(ctx, value) {
                    return false;
                }
                if self.walk.stateless(value) {
                    match ctx.eval(value) {
                        Ok(x) => ctx.locals[usize::from(*local)] = x,
                        Err(_) => return false,
                    }
                }
                self.expr(ctx, body)
            }
            _ => {
                let mut below = Vec::new();
                e.children(&mut below);
                below.into_iter().all(|b| self.expr(ctx, b))
            }
        }
    }

    fn block(&mut self, ctx: &mut Ctx, body: &[CStmt]) -> bool {
        body.iter().all(|s| match s {
            CStmt::Assign { target, value, .. } => {
                let at = target.var != self.walk.var
                    || target.index.as_ref().is_some_and(|i| self.cell(ctx, i));
                at && self.expr(ctx, value)
            }
            CStmt::If {
                cond,
                then,
                otherwise,
            } => self.expr(ctx, cond) && self.block(ctx, then) && self.block(ctx, otherwise),
            CStmt::NextMover { value, .. } | CStmt::Let { value, .. } => self.expr(ctx, value),
            CStmt::Again => true,
            CStmt::For {
                local,
                domain,
                cond,
                body,
                ..
            } => {
                let (Ok(lo), Ok(hi)) = (ctx.eval(&domain.lo), ctx.eval(&domain.hi)) else {
                    return false;
                };
                hi.saturating_sub(lo) <= 1000
                    && (lo..=hi).all(|k| {
                        ctx.locals[usize::from(*local)] = k;
                        self.expr(ctx, cond) && self.block(ctx, body)
                    })
            }
            CStmt::Roll { .. } => false,
        })
    }
}

#[path = "grid_sites_match.rs"]
mod matching;
pub(super) use matching::matched;

/// The syntactic half: what a site-local family may read and write.
struct Walk {
    var: u32,
}

#[path = "grid_sites_walk.rs"]
mod walk;
