//! The checker's types, with no behaviour that needs the checker: the kinds of values, the
//! enumerations and the table of definitions. (Kept apart so that `expr`, which holds them in its
//! context, imports nothing that imports it.)

use crate::diag::{catalog, Diagnostics};
use crate::rules::VarInfo;
use crate::syntax::ast::{DefDecl, Span};

#[derive(Clone, Debug, PartialEq)]
pub enum Ty {
    Int,
    Bool,
    /// A value of the file's enumeration number `.0` (held as its position in the list).
    Enum(u32),
    Array(u32),
    List(Vec<i64>),
    /// A run of a grid's cells (a line, all cells, a neighbourhood): the checker's run kind
    /// number `.0` (`Cx::runs`), held as the run's number in its table.
    Run(u32),
}

impl Ty {
    pub(super) fn describe(&self) -> &'static str {
        match self {
            Ty::Int => "a number",
            Ty::Bool => "a condition (true or false)",
            Ty::Enum(_) => "a value of an enumeration",
            Ty::Array(_) => "a whole array",
            Ty::List(_) => "a list",
            Ty::Run(_) => "a run of cells",
        }
    }
}

/// One kind of run of one grid (`lines(board, 3)`, `cells(board)`, ...): its table of slots, and
/// the grid (by index into the state's variables), whose cells' kind its values have.
pub struct RunInfo {
    pub table: std::sync::Arc<crate::rules::RunTable>,
    pub var: u32,
    /// What made it, to tell one kind from another: 0 lines, 1 cells, 2 neighbours, 3
    /// orthogonal; and the lines' length.
    pub key: (u8, i64),
}

/// An enumeration: its values' names, display texts and where each is declared.
pub struct EnumInfo {
    pub names: Vec<String>,
    pub shown: Vec<String>,
    pub spans: Vec<Span>,
}

/// The kind of value one element of a state variable holds.
pub fn elem_ty(info: &VarInfo) -> Ty {
    match (info.enum_id, info.is_bool) {
        (Some(e), _) => Ty::Enum(e),
        (None, true) => Ty::Bool,
        (None, false) => Ty::Int,
    }
}

/// The most syntax-tree nodes the definitions of one file may expand into, counting every call
/// of every definition (each call compiles the body again): `def d2(x) = d1(x) + d1(x)` and so on
/// would otherwise double the work at each level.
pub const MAX_EXPANDED_NODES: u64 = 1_000_000;

/// The definitions of a file, and what has become of them while checking.
#[derive(Default)]
pub struct Defs {
    pub decls: Vec<DefDecl>,
    pub by_name: rustc_hash::FxHashMap<String, usize>,
    /// Whether some rule calls each definition.
    pub used: Vec<bool>,
    /// Whether a call of each has already reported problems in its body (reported once).
    pub failed: Vec<bool>,
    /// The definitions being compiled, innermost last (a call of one of them is recursion).
    pub stack: Vec<usize>,
    /// Nodes that expanding definitions may still produce (`MAX_EXPANDED_NODES`).
    pub nodes_left: u64,
    /// Whether running out of `nodes_left` has been reported.
    pub too_large_reported: bool,
    /// Definitions refused for taking a built-in's name (reported once, not at every call).
    pub refused: Vec<String>,
}

impl Defs {
    /// Registers the file's definitions, reporting names given twice or taken by a built-in.
    pub fn new(decls: &[DefDecl], builtins: &[&str], d: &mut Diagnostics) -> Defs {
        let mut defs = Defs {
            nodes_left: MAX_EXPANDED_NODES,
            ..Defs::default()
        };
        for def in decls {
            if builtins.contains(&def.name.name.as_str()) {
                d.push(catalog::builtin_name(def.name.span, &def.name.name));
                defs.refused.push(def.name.name.clone());
                continue;
            }
            if let Some(&first) = defs.by_name.get(&def.name.name) {
                let first = defs.decls[first].name.span;
                d.push(catalog::duplicate_name(
                    def.name.span,
                    first,
                    &def.name.name,
                ));
                continue;
            }
            for (k, p) in def.params.iter().enumerate() {
                if let Some(q) = def.params[..k].iter().find(|q| q.name == p.name) {
                    d.push(catalog::duplicate_name(p.span, q.span, &p.name));
                }
            }
            defs.by_name.insert(def.name.name.clone(), defs.decls.len());
            defs.decls.push(def.clone());
        }
        defs.used = vec![false; defs.decls.len()];
        defs.failed = vec![false; defs.decls.len()];
        defs
    }
}
