//! Reading a position as a person writes it: `pile=7, kept=[0, 2], turn=2`, `heap=[1, 2, 3]`, or
//! a grid by rows, `board=[X, ., O / ., X, . / ., ., O]` (or all its cells in one list).
//! Every state variable must be given once, and `turn=` exactly when positions record the turn:
//! nothing is filled in silently. A bad position is explained in one sentence.

use super::{Code, Engine, Pos};
use crate::diag::did_you_mean;
use crate::rules::{VarInfo, VarKind};
use std::num::IntErrorKind;

/// Splits on commas outside brackets; brackets must balance and may not nest.
fn split_top(text: &str) -> Result<Vec<&str>, String> {
    let (mut open, mut start, mut parts) = (None::<usize>, 0usize, Vec::new());
    for (i, ch) in text.char_indices() {
        match ch {
            '[' if open.is_some() => {
                return Err("brackets do not nest in a position: one `[` per array".to_string())
            }
            '[' => open = Some(i),
            ']' if open.is_none() => {
                return Err(format!(
                    "the brackets do not balance: the `]` after `{}` closes no `[`",
                    text[..i].trim()
                ))
            }
            ']' => open = None,
            ',' if open.is_none() => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if let Some(i) = open {
        return Err(format!(
            "the brackets do not balance: the `[` of `{}` is never closed",
            text[i..].trim()
        ));
    }
    parts.push(&text[start..]);
    Ok(parts.into_iter().map(str::trim).collect())
}

/// One value of `v` as written: a whole number in its range, or `true`/`false` for a bool.
fn parse_scalar(text: &str, v: &VarInfo) -> Result<i64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!("a value of `{}` is missing", v.name));
    }
    if let (Some(names), Some(shown)) = (&v.names, &v.shown) {
        // A value's name, or else its display text.
        let at = names.iter().position(|n| n == t);
        let at = at.or_else(|| shown.iter().position(|s| s == t));
        return at.map(|k| k as i64).ok_or_else(|| {
            format!(
                "`{t}` is not a value of `{}` (its values are {})",
                v.name,
                names.join(", ")
            )
        });
    }
    let x = match (v.is_bool, t) {
        (true, "true") => 1,
        (true, "false") => 0,
        (true, _) => return Err(format!("`{t}` is not true or false (`{}`)", v.name)),
        (false, _) => match t.parse::<i64>() {
            Ok(x) => x,
            Err(e)
                if matches!(
                    e.kind(),
                    IntErrorKind::PosOverflow | IntErrorKind::NegOverflow
                ) =>
            {
                return Err(out_of_range(t, v))
            }
            Err(_) => return Err(format!("`{t}` is not a whole number (`{}`)", v.name)),
        },
    };
    if x < v.lo || x > v.hi {
        return Err(out_of_range(t, v));
    }
    Ok(x)
}

fn out_of_range(t: &str, v: &VarInfo) -> String {
    format!(
        "{t} is outside the range of `{}` ({}..={})",
        v.name, v.lo, v.hi
    )
}

/// The values of one variable: a single value, or `[a, b, ...]` with one per element.
fn parse_values(value: &str, v: &VarInfo) -> Result<Vec<i64>, String> {
    if v.kind == VarKind::Scalar {
        if value.contains('[') {
            return Err(format!(
                "`{}` is a single value, written without brackets",
                v.name
            ));
        }
        return Ok(vec![parse_scalar(value, v)?]);
    }
    let inner = value
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or_else(|| {
            format!(
                "`{}` has {} values, written in brackets: `{}=[…]`",
                v.name, v.len, v.name
            )
        })?;
    let cells = match v.kind {
        VarKind::Grid => super::board_text::grid_cells(inner, v)?,
        _ => inner.split(',').collect(),
    };
    let values = cells
        .into_iter()
        .map(|x| parse_scalar(x, v))
        .collect::<Result<Vec<_>, _>>()?;
    if values.len() != v.len as usize {
        return Err(format!(
            "`{}` has {} values, not {}",
            v.name,
            v.len,
            values.len()
        ));
    }
    Ok(values)
}

impl Engine<'_> {
    /// Reads a position; `Err` says what is wrong with it, in one sentence.
    pub fn parse_position(&self, text: &str) -> Result<Code, String> {
        let mut pos = Pos {
            slots: self.rules.init.clone(),
            mover: 1,
            last_mover: 2,
        };
        let mut given: Vec<&str> = Vec::new();
        for part in split_top(text)? {
            if part.is_empty() && text.trim().is_empty() {
                break;
            }
            let Some((name, value)) = part.split_once('=') else {
                return Err(if part.is_empty() {
                    "expected NAME=VALUE between commas, found nothing".to_string()
                } else {
                    format!("expected NAME=VALUE, found `{part}`")
                });
            };
            let (name, value) = (name.trim(), value.trim());
            if given.contains(&name) {
                return Err(format!("`{name}` is given twice"));
            }
            given.push(name);
            if name == self.turn_key() {
                pos.mover = self.parse_turn(value)?;
                pos.last_mover = 3 - pos.mover;
                if let Some(view) = self.rules.view {
                    self.view_turn(&mut pos, view);
                }
                continue;
            }
            let v = self.var_named(name)?;
            for (k, x) in parse_values(value, v)?.into_iter().enumerate() {
                pos.slots[v.base as usize + k] = x;
            }
        }
        self.all_given(&given)?;
        Ok(self.encode(&pos))
    }

    fn parse_turn(&self, value: &str) -> Result<u8, String> {
        let key = self.turn_key();
        if !self.turn_matters() {
            return Err(format!(
                "no rule of this game asks whose turn it is, so its positions do not record the \
                 turn: leave out `{key}=`"
            ));
        }
        let n = self.rules.view.map_or(self.turns as u8, |v| v.players);
        match value.parse::<u8>() {
            Ok(k) if (1..=n).contains(&k) && k.to_string() == value => Ok(k),
            _ if n == 2 => Err(format!("{key} must be 1 or 2, not `{value}`")),
            _ => Err(format!(
                "{key} must be a player from 1 to {n}, not `{value}`"
            )),
        }
    }

    /// In a view of an N-player game, `turn=K` is player K (of N) to move: the hidden variables
    /// hold K and the player before K, and the view's turn is K's side.
    fn view_turn(&self, pos: &mut Pos, view: crate::rules::view::View) {
        let k = pos.mover;
        for v in &self.rules.vars {
            let slot = v.base as usize;
            if v.name == crate::rules::view::TO_MOVE {
                pos.slots[slot] = i64::from(k);
            } else if v.name == crate::rules::view::MOVED_LAST {
                pos.slots[slot] = i64::from(crate::rules::view::before(k, view.players));
            }
        }
        pos.mover = if k == view.player { 1 } else { 2 };
        pos.last_mover = 3 - pos.mover;
    }

    fn var_named(&self, name: &str) -> Result<&VarInfo, String> {
        if let Some(v) = self.shown_vars().find(|v| v.name == name) {
            return Ok(v);
        }
        let mut names: Vec<&str> = self.shown_vars().map(|v| v.name.as_str()).collect();
        if self.turn_matters() {
            names.push(self.turn_key());
        }
        let hint = match did_you_mean(name, names.iter().copied()) {
            Some(s) => format!("; did you mean `{s}`?"),
            None => format!("; a position gives {}", names.join(", ")),
        };
        Err(format!("no state variable `{name}`{hint}"))
    }

    /// Every variable (and the turn, where recorded) must be named: none keeps a value silently.
    fn all_given(&self, given: &[&str]) -> Result<(), String> {
        let mut missing: Vec<String> = self
            .shown_vars()
            .filter(|v| !given.contains(&v.name.as_str()))
            .map(|v| format!("`{}`", v.name))
            .collect();
        if self.turn_matters() && !given.contains(&self.turn_key()) {
            missing.push(format!("`{}`", self.turn_key()));
        }
        if missing.is_empty() {
            return Ok(());
        }
        let start = Pos {
            slots: self.rules.init.clone(),
            mover: self.rules.first_mover,
            last_mover: 3 - self.rules.first_mover,
        };
        let verb = if missing.len() == 1 { "is" } else { "are" };
        let what = if self.turn_matters() {
            "every state variable and whose turn it is"
        } else {
            "every state variable"
        };
        Err(format!(
            "{} {verb} not given; a position gives {what}, like \"{}\"",
            missing.join(", "),
            self.describe(&start)
        ))
    }
}
