//! A game ready to play: the options' values, every state variable's range, length and initial
//! values, and the rules themselves as written (the checked syntax tree).

use super::eval::{Ctx, Val};
use super::{options, turn, Error, Fault, FaultKind, OptVal, Position};
use crate::check::SetArg;
use crate::syntax::ast::{
    DefDecl, Domain, ElemType, EndRule, EnumValue, Expr, ExprKind, GameFile, MoveDecl, RangeKind,
    Setup, SymmetryDecl, VarDecl, VarType,
};
use std::collections::BTreeMap;

/// The shape of a state variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    Scalar,
    Array,
    /// One value per player, indexed 1 to the number of players (1 and 2 in a puzzle).
    PerPlayer,
    /// Rows of `cols` values, row 0 first.
    Grid {
        cols: usize,
    },
}

/// A state variable: its values lie in `lo..=hi` (0..=1 for booleans).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Var {
    pub name: String,
    pub shape: Shape,
    pub is_bool: bool,
    /// An enumeration's value names, in order: the variable holds a value's position.
    pub values: Option<Vec<String>>,
    pub lo: i64,
    pub hi: i64,
    pub init: Vec<i64>,
}

/// A sequential game as the reference interpreter plays it.
#[derive(Clone, Debug)]
pub struct Game {
    pub options: Vec<(String, OptVal)>,
    pub vars: Vec<Var>,
    pub setup: Option<Setup>,
    pub moves: Vec<MoveDecl>,
    pub ends: Vec<EndRule>,
    /// The definitions (`def`), called by name.
    pub defs: Vec<DefDecl>,
    /// Every value name of the state's enumerations (known before any initial value is read).
    pub enum_values: Vec<String>,
    /// Whether some rule mentions whose turn it is (docs: "Semantics the solver relies on").
    pub turn_matters: bool,
    /// Whether some move says `again`.
    pub has_again: bool,
    /// The `symmetry` declarations.
    pub symmetries: Vec<SymmetryDecl>,
    /// The players: 2, or 1 for a puzzle, whose every move keeps the turn (player 1's), or 3 to
    /// 8, who move in turn 1, 2, ..., N, 1, ... (`many`).
    pub players: u8,
    /// Who makes the first move (`first mover K`; 1 without it). A setup `by player K` then
    /// makes 3 − K move first instead (`setup::starts`; two players only).
    pub first_mover: u8,
    /// Each move family's label template, as parts, if it has one.
    pub labels: Vec<Option<Vec<super::label::Piece>>>,
    /// Every enumeration value's display text (its name when none is given), by name.
    pub shown: Vec<(String, String)>,
}

/// Every value of every enumeration of the file: the state variables', then the move
/// parameters' (`how in {slide, jump}`).
fn all_enum_values(file: &GameFile) -> impl Iterator<Item = EnumValue> + '_ {
    let of_state = (file.state.iter().flat_map(|s| &s.vars)).flat_map(|v| match &v.ty {
        VarType::Scalar(ElemType::Enum(vs, _))
        | VarType::PerPlayer(ElemType::Enum(vs, _), _)
        | VarType::Array(ElemType::Enum(vs, _), _, _)
        | VarType::Grid(ElemType::Enum(vs, _), _, _, _) => vs.clone(),
        _ => Vec::new(),
    });
    let of_params = (file.moves.iter().flat_map(|m| &m.params)).flat_map(|p| match &p.domain {
        Domain::Enum(vs, _) => vs.clone(),
        _ => Vec::new(),
    });
    of_state.chain(of_params)
}

impl Game {
    /// Evaluates the options (with `sets` overriding them) and the state declarations of a file
    /// that `gamec::compile` accepted with the same `sets`.
    pub fn new(file: &GameFile, sets: &[SetArg]) -> Result<Game, Error> {
        let mut game = Game {
            options: Vec::new(),
            vars: Vec::new(),
            setup: file.setups.first().cloned(),
            moves: file.moves.clone(),
            ends: file.ends.clone(),
            defs: file.defs.clone(),
            enum_values: all_enum_values(file).map(|v| v.name.name).collect(),
            turn_matters: false,
            has_again: false,
            symmetries: file.symmetries.clone(),
            players: match file.players.first() {
                Some(p) if p.max == Some(p.min) && (1..=8).contains(&p.min) => p.min as u8,
                _ => 2,
            },
            first_mover: 1,
            labels: Vec::new(),
            shown: all_enum_values(file)
                .map(|v| {
                    let text = v.display.map_or(v.name.name.clone(), |d| d.value);
                    (v.name.name, text)
                })
                .collect(),
        };
        for m in &file.moves {
            let pieces = m.label.as_ref().map(super::label::pieces).transpose();
            game.labels.push(pieces.map_err(Error::Declaration)?);
        }
        options::evaluate(&mut game, file, sets)?;
        if let Some(f) = file.first_movers.first() {
            let k = Ctx::new(&game, Position::default())
                .int(&f.player)
                .map_err(Error::Declaration)?;
            game.first_mover = match k {
                1 | 2 => k as u8,
                k if (3..=i64::from(game.players)).contains(&k) => k as u8,
                _ => return Err(Error::Declaration(invalid("first mover", "no such player"))),
            };
        }
        for decl in file.state.iter().flat_map(|s| &s.vars) {
            let var = declare(&game, decl).map_err(Error::Declaration)?;
            game.vars.push(var);
        }
        // With one player the turn is always player 1's, and so is the last move; with three or
        // more, whose turn it is always matters (who moves next depends on it), and the checker
        // records `again` for two players only (as the engine numbers positions).
        game.turn_matters = game.players > 2 || (game.players == 2 && turn::mentions_turn(&game));
        game.has_again = game.players == 2 && turn::has_again(&game);
        Ok(game)
    }

    pub fn option(&self, name: &str) -> Option<&OptVal> {
        self.options.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    pub fn def(&self, name: &str) -> Option<&DefDecl> {
        self.defs.iter().find(|d| d.name.name == name)
    }

    /// How an enumeration's value is shown: its display text, or its name.
    pub fn shown<'a>(&'a self, name: &'a str) -> &'a str {
        let found = self.shown.iter().find(|(n, _)| n == name);
        found.map_or(name, |(_, text)| text.as_str())
    }

    /// Whether `name` is a value of some variable's enumeration.
    pub fn is_enum_value(&self, name: &str) -> bool {
        self.enum_values.iter().any(|n| n == name)
    }

    /// The player who moves after `k` when nobody says `again`: 1, 2, ..., N, then 1 again (with
    /// one player, always player 1).
    pub fn after(&self, k: u8) -> u8 {
        match self.players {
            1 => 1,
            2 => 3 - k,
            n => k % n + 1,
        }
    }

    /// The player `k` moves after (so the last mover before player `k`'s first move).
    pub fn before(&self, k: u8) -> u8 {
        match self.players {
            1 => 1,
            2 => 3 - k,
            n => (k + n - 2) % n + 1,
        }
    }

    pub fn var(&self, name: &str) -> Option<&Var> {
        self.vars.iter().find(|v| v.name == name)
    }

    /// Every variable at its initial value; the first mover to move, the player before them in
    /// turn order the last to have moved.
    pub fn initial(&self) -> Position {
        Position {
            vars: self
                .vars
                .iter()
                .map(|v| (v.name.clone(), v.init.clone()))
                .collect::<BTreeMap<_, _>>(),
            mover: self.first_mover,
            last_mover: self.before(self.first_mover),
        }
    }
}

/// A variable's range, length and initial values, from constants.
fn declare(game: &Game, decl: &VarDecl) -> Result<Var, Fault> {
    let mut cx = Ctx::new(game, Position::default());
    let (elem, shape, len) = match &decl.ty {
        VarType::Scalar(t) => (t, Shape::Scalar, 1),
        VarType::PerPlayer(t, _) => (t, Shape::PerPlayer, i64::from(game.players.max(2))),
        VarType::Array(t, len, _) => (t, Shape::Array, cx.int(len)?),
        VarType::Grid(t, w, h, _) => {
            let (w, h) = (cx.int(w)?, cx.int(h)?);
            let cells = w
                .checked_mul(h)
                .filter(|_| w >= 1 && h >= 1)
                .ok_or_else(|| invalid(&decl.name.name, "a grid of no cells"))?;
            let cols = usize::try_from(w).map_err(|_| invalid(&decl.name.name, "a bad width"))?;
            (t, Shape::Grid { cols }, cells)
        }
    };
    let len = usize::try_from(len)
        .ok()
        .filter(|n| (1..=1000).contains(n))
        .ok_or_else(|| invalid(&decl.name.name, "an array length outside 1..=1000"))?;
    let mut values = None;
    let (lo, hi, is_bool) = match elem {
        ElemType::Bool(_) => (0, 1, true),
        ElemType::Enum(vs, _) => {
            values = Some(vs.iter().map(|v| v.name.name.clone()).collect::<Vec<_>>());
            (0, vs.len() as i64 - 1, false)
        }
        ElemType::Int(r) => {
            let lo = cx.int(&r.lo)?;
            let hi = cx.int(&r.hi)?;
            let hi = match r.kind {
                RangeKind::Inclusive => hi,
                RangeKind::Exclusive => hi
                    .checked_sub(1)
                    .ok_or_else(|| invalid(&decl.name.name, "a range ending below i64"))?,
            };
            (lo, hi, false)
        }
    };
    let init = match (&decl.init, &values) {
        (None, _) => vec![lo; len],
        (Some(e), Some(names)) => {
            let read = |v: Val| match v {
                Val::Sym(s) => names.iter().position(|n| *n == s).map(|k| k as i64),
                _ => None,
            };
            element_initial(&mut cx, e, shape, len, read)?
                .ok_or_else(|| invalid(&decl.name.name, "an initial value of the wrong kind"))?
        }
        // A bool array's list start is read element by element (a list value holds numbers).
        (Some(e), None) if is_bool && matches!(e.kind, ExprKind::List(_)) => {
            let read = |v: Val| match v {
                Val::Bool(b) => Some(i64::from(b)),
                _ => None,
            };
            element_initial(&mut cx, e, shape, len, read)?
                .ok_or_else(|| invalid(&decl.name.name, "an initial value of the wrong kind"))?
        }
        (Some(e), None) => initial(cx.value(e)?, is_bool, shape, len)
            .ok_or_else(|| invalid(&decl.name.name, "an initial value of the wrong kind"))?,
    };
    if lo > hi || init.iter().any(|v| *v < lo || *v > hi) {
        return Err(invalid(
            &decl.name.name,
            "an empty range or a start outside it",
        ));
    }
    Ok(Var {
        name: decl.name.name.clone(),
        shape,
        is_bool,
        values,
        lo,
        hi,
        init,
    })
}

/// An enumeration variable's (or a bool array's) initial values: one value for all, or (arrays) a
/// list literal of values, one per element, each read by `read`; `None` for anything else.
fn element_initial(
    cx: &mut Ctx,
    e: &Expr,
    shape: Shape,
    len: usize,
    read: impl Fn(Val) -> Option<i64>,
) -> Result<Option<Vec<i64>>, Fault> {
    let items: Vec<&Expr> = match &e.kind {
        ExprKind::List(items) if shape != Shape::Scalar && items.len() == len => {
            items.iter().collect()
        }
        ExprKind::List(_) => return Ok(None),
        _ => vec![e; len],
    };
    let mut out = Vec::new();
    for x in items {
        match read(cx.value(x)?) {
            Some(k) => out.push(k),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

/// Every element's initial value: one value for all, or (arrays) a list of the right length.
fn initial(v: Val, is_bool: bool, shape: Shape, len: usize) -> Option<Vec<i64>> {
    match (v, is_bool) {
        (Val::Int(v), false) => Some(vec![v; len]),
        (Val::Bool(b), true) => Some(vec![i64::from(b); len]),
        (Val::List(vs), false) if shape != Shape::Scalar && vs.len() == len => Some(vs),
        _ => None,
    }
}

fn invalid(name: &str, what: &str) -> Fault {
    Fault::new(FaultKind::Invalid, format!("`{name}` has {what}"))
}
