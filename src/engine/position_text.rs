//! Reading a position as a person writes it: `pile=7, turn=2` or `heap=[1, 2, 3]`. Variables not
//! named keep their initial values; the turn defaults to player 1.

use super::{Code, Engine, Pos};
use crate::diag::did_you_mean;
use crate::rules::VarKind;

/// Splits on commas that are not inside brackets.
fn split_top(text: &str) -> Vec<&str> {
    let (mut depth, mut start, mut parts) = (0i32, 0usize, Vec::new());
    for (i, ch) in text.char_indices() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
        .into_iter()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .collect()
}

fn parse_scalar(text: &str, is_bool: bool) -> Result<i64, String> {
    match (is_bool, text.trim()) {
        (true, "true") => Ok(1),
        (true, "false") => Ok(0),
        (true, t) => Err(format!("`{t}` is not true or false")),
        (false, t) => t
            .parse::<i64>()
            .map_err(|_| format!("`{t}` is not a whole number")),
    }
}

impl Engine<'_> {
    pub fn parse_position(&self, text: &str) -> Result<Code, String> {
        let mut pos = Pos {
            slots: self.rules.init.clone(),
            mover: 1,
            last_mover: 2,
        };
        for part in split_top(text) {
            let Some((name, value)) = part.split_once('=') else {
                return Err(format!("expected NAME=VALUE, found `{part}`"));
            };
            let (name, value) = (name.trim(), value.trim());
            if name == "turn" {
                pos.mover = match value {
                    "1" => 1,
                    "2" => 2,
                    _ => return Err(format!("turn must be 1 or 2, not `{value}`")),
                };
                pos.last_mover = 3 - pos.mover;
                continue;
            }
            let Some(v) = self.rules.vars.iter().find(|v| v.name == name) else {
                let names: Vec<&str> = self
                    .rules
                    .vars
                    .iter()
                    .map(|v| v.name.as_str())
                    .chain(["turn"])
                    .collect();
                let hint = match did_you_mean(name, names.iter().copied()) {
                    Some(s) => format!("; did you mean `{s}`?"),
                    None => format!("; the variables are {}", names.join(", ")),
                };
                return Err(format!("no state variable `{name}`{hint}"));
            };
            let values: Vec<i64> = if v.kind == VarKind::Scalar {
                vec![parse_scalar(value, v.is_bool)?]
            } else {
                let inner = value.trim_start_matches('[').trim_end_matches(']');
                inner
                    .split(',')
                    .map(|x| parse_scalar(x, v.is_bool))
                    .collect::<Result<_, _>>()?
            };
            if values.len() != v.len as usize {
                return Err(format!(
                    "`{name}` has {} values, not {}",
                    v.len,
                    values.len()
                ));
            }
            for (k, x) in values.iter().enumerate() {
                if *x < v.lo || *x > v.hi {
                    return Err(format!(
                        "{x} is outside the range of `{name}` ({}..={})",
                        v.lo, v.hi
                    ));
                }
                pos.slots[v.base as usize + k] = *x;
            }
        }
        if !self.turn_matters() {
            pos.mover = 1;
            pos.last_mover = 2;
        }
        Ok(self.encode(&pos))
    }
}
