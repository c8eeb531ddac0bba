//! Plain assignments (`x op= v`, `a[p] op= v` with `p` a parameter): the bodies most moves have,
//! which the engine runs by a tight loop instead of the general interpreter.

use super::{CExpr, COp, CStmt};

/// A value read without evaluating an expression tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Const(i64),
    Local(u16),
    Slot(u32),
}

/// A plain assignment `x op= v` or `a[p] op= v` (p a parameter): what most move bodies consist
/// of, run by a tight loop instead of the general interpreter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Simple {
    pub base: u32,
    pub len: u32,
    pub offset: i64,
    /// The parameter indexing an array, if any.
    pub index: Option<u16>,
    pub op: COp,
    pub value: Operand,
}

/// The body as plain assignments, if it is nothing else (at most 8 of them).
pub fn simplify(body: &[CStmt]) -> Option<Vec<Simple>> {
    if body.len() > 8 {
        return None;
    }
    body.iter()
        .map(|s| match s {
            CStmt::Assign {
                target, op, value, ..
            } => {
                let index = match &target.index {
                    None => None,
                    Some(CExpr::Local(l)) => Some(*l),
                    Some(_) => return None,
                };
                let value = match value {
                    CExpr::Const(c) => Operand::Const(*c),
                    CExpr::Local(l) => Operand::Local(*l),
                    CExpr::Slot(s) => Operand::Slot(*s),
                    _ => return None,
                };
                Some(Simple {
                    base: target.base,
                    len: target.len,
                    offset: target.offset,
                    index,
                    op: *op,
                    value,
                })
            }
            _ => None,
        })
        .collect()
}
