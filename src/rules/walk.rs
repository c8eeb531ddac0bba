//! Looking through a compiled expression: whether some node reads a local or takes steps, so the
//! checker can tell when a condition's part need not be evaluated again for every value.

use super::{CExpr, CmpOp};

impl CExpr {
    /// Whether `f` holds for this node or any node below it.
    pub fn any_node(&self, f: &dyn Fn(&CExpr) -> bool) -> bool {
        if f(self) {
            return true;
        }
        let mut below: Vec<&CExpr> = Vec::new();
        self.children(&mut below);
        below.into_iter().any(|e| e.any_node(f))
    }

    /// The expressions right below this one, into `below`.
    pub fn children<'a>(&'a self, below: &mut Vec<&'a CExpr>) {
        match self {
            CExpr::Const(_)
            | CExpr::Slot(_)
            | CExpr::Local(_)
            | CExpr::ElemLocal { .. }
            | CExpr::Mover
            | CExpr::Opponent
            | CExpr::LastMover
            | CExpr::Sum { .. }
            | CExpr::MinOf { .. }
            | CExpr::MaxOf { .. } => {}
            CExpr::Elem { index, .. } | CExpr::ListElem { index, .. } => below.push(index),
            CExpr::Neg(x, _) | CExpr::Not(x) | CExpr::Abs(x, _) => below.push(x),
            CExpr::Arith(_, a, b, _) | CExpr::Cmp(_, a, b) | CExpr::And(a, b) | CExpr::Or(a, b) => {
                below.extend([&**a, &**b])
            }
            CExpr::Min(xs) | CExpr::Max(xs) => below.extend(xs),
            CExpr::Fold { domain, cond, .. } => below.extend([&domain.lo, &domain.hi, &**cond]),
            CExpr::Cond(c, a, b) => below.extend([&**c, &**a, &**b]),
            CExpr::GridIndex { row, col, .. } => below.extend([&**row, &**col]),
            CExpr::Let { value, body, .. } => below.extend([&**value, &**body]),
            CExpr::RunFold { run, cond, .. } => below.extend([&**run, &**cond]),
            CExpr::RunElem { run, index, .. } => below.extend([&**run, &**index]),
            CExpr::RunLen { run, .. } => below.push(run),
        }
    }

    /// Whether this node reads local `l`.
    pub fn reads_local(&self, l: u16) -> bool {
        matches!(self, CExpr::Local(k) | CExpr::ElemLocal { local: k, .. } if *k == l)
    }

    /// Whether this node takes steps of `--max-steps` (a `count`/`any`/`all`/`first`/`last`).
    pub fn takes_steps(&self) -> bool {
        matches!(self, CExpr::Fold { .. } | CExpr::RunFold { .. })
    }
}

impl CmpOp {
    /// The comparison with its sides swapped: `a < b` is `b > a`.
    pub fn flipped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            other => other,
        }
    }
}
