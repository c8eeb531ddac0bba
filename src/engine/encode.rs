//! Position ⇄ integer: each slot is a digit of base (hi − lo + 1), then the turn, then the
//! "last move kept the turn" flag. Decoding is a division per digit; encoding a multiply-add.

use super::{Code, Engine};
use crate::rules::view::{MOVED_LAST, TO_MOVE};

/// A decoded position: every slot's value, who is to move, and who moved last.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pos {
    pub slots: Vec<i64>,
    /// 1 or 2. When the turn does not matter to the rules this is always 1.
    pub mover: u8,
    /// 1 or 2; at the start, the player before the first mover.
    pub last_mover: u8,
}

impl Engine<'_> {
    pub fn encode(&self, p: &Pos) -> Code {
        let mut code = 0u64;
        for (k, v) in p.slots.iter().enumerate() {
            code += (v - self.rules.slot_ranges[k].0) as u64 * self.radix[k];
        }
        if self.turn_radix != 0 {
            code += (p.mover as u64 - 1) * self.turn_radix;
        }
        if self.again_radix != 0 && p.last_mover == p.mover {
            code += self.again_radix;
        }
        code
    }

    /// Decodes into `slots` (reused to avoid allocation); returns (mover, last mover).
    pub fn decode_into(&self, code: Code, slots: &mut Vec<i64>) -> (u8, u8) {
        slots.clear();
        for (k, (lo, hi)) in self.rules.slot_ranges.iter().enumerate() {
            let size = (hi - lo + 1) as u64;
            slots.push(lo + ((code / self.radix[k]) % size) as i64);
        }
        let mover = code.checked_div(self.turn_radix).map_or(1, |q| {
            // Two players (every game the engine expands): no division.
            let k = if self.turns == 2 {
                q & 1
            } else {
                q % self.turns
            };
            k as u8 + 1
        });
        let kept = code
            .checked_div(self.again_radix)
            .is_some_and(|q| q % 2 == 1);
        let last = if kept { mover } else { 3 - mover };
        (mover, last)
    }

    /// The numbering's digits: each slot's place value and number of values, lowest first; and
    /// the place values of the two-valued digits after them (whose turn it is, whether the last
    /// move kept the turn), where positions record them.
    pub fn digits(&self) -> (Vec<(u64, u64)>, Vec<u64>) {
        let slots = self
            .rules
            .slot_ranges
            .iter()
            .zip(&self.radix)
            .map(|((lo, hi), &r)| (r, hi.abs_diff(*lo).saturating_add(1)))
            .collect();
        let free = [self.turn_radix, self.again_radix]
            .into_iter()
            .filter(|&r| r != 0)
            .collect();
        (slots, free)
    }

    /// Two measures of a position's slots: how many are not at their lowest value (the pieces on
    /// a board whose empty cell is the lowest value) and the sum of how far each is above it.
    pub fn measures(&self, code: Code) -> (u64, u64) {
        let (mut pieces, mut sum) = (0, 0);
        for (k, (lo, hi)) in self.rules.slot_ranges.iter().enumerate() {
            let digit = (code / self.radix[k]) % (hi - lo + 1) as u64;
            pieces += (digit != 0) as u64;
            sum += digit;
        }
        (pieces, sum)
    }

    /// The largest values `measures` can take: every slot, and the sum of their ranges' widths.
    pub fn max_measures(&self) -> (u64, u64) {
        let sum = self
            .rules
            .slot_ranges
            .iter()
            .fold(0u64, |s, (lo, hi)| s.saturating_add(hi.abs_diff(*lo)));
        (self.rules.slot_ranges.len() as u64, sum)
    }

    pub fn decode(&self, code: Code) -> Pos {
        let mut slots = Vec::new();
        let (mover, last_mover) = self.decode_into(code, &mut slots);
        Pos {
            slots,
            mover,
            last_mover,
        }
    }

    /// The code change when `slot` goes from `old` to `new`.
    #[inline]
    pub(super) fn slot_delta(&self, slot: usize, old: i64, new: i64) -> i64 {
        (new - old) * self.radix[slot] as i64
    }

    /// The code of the position after a move from `code` (slots already applied): the turn passes
    /// unless the move kept it.
    #[inline]
    pub(super) fn after_move(&self, code_with_slots: Code, kept: bool) -> Code {
        let mut c = code_with_slots;
        if self.turn_radix != 0 && !kept {
            let turn = (c / self.turn_radix) % 2;
            c = if turn == 0 {
                c + self.turn_radix
            } else {
                c - self.turn_radix
            };
        }
        if let Some(q) = c.checked_div(self.again_radix) {
            let flag = q % 2 == 1;
            if flag && !kept {
                c -= self.again_radix;
            } else if !flag && kept {
                c += self.again_radix;
            }
        }
        c
    }

    /// The code after a chance turn: the turn passed on unless `kept`, and the flag "the last
    /// move kept the turn" set to `last_is_mover` (who moved last is who moved before the turn).
    pub(super) fn after_chance(
        &self,
        code_with_slots: Code,
        kept: bool,
        last_is_mover: bool,
    ) -> Code {
        let c = self.after_move(code_with_slots, kept);
        let Some(q) = c.checked_div(self.again_radix) else {
            return c;
        };
        match (q % 2 == 1, last_is_mover) {
            (true, false) => c - self.again_radix,
            (false, true) => c + self.again_radix,
            _ => c,
        }
    }

    /// The key of whose turn it is in a position's text: `turn`, or `mover` (a reserved word)
    /// where a state variable is named `turn`.
    pub fn turn_key(&self) -> &'static str {
        match self.rules.vars.iter().any(|v| v.name == "turn") {
            true => "mover",
            false => "turn",
        }
    }

    /// Whose turn it is in a position's text: `turn=2` (or `mover=2`, see `turn_key`).
    pub fn turn_part(&self, k: impl std::fmt::Display) -> String {
        format!("{}={k}", self.turn_key())
    }

    /// The position in the file's own terms: `pile=7, turn=2` or `heap=[3, 4, 5]`.
    /// A view of an N-player game (`rules::view`) shows the game's own turn, 1 to N.
    pub fn describe(&self, p: &Pos) -> String {
        let mut parts = Vec::new();
        for v in self.shown_vars() {
            let vals = &p.slots[v.base as usize..(v.base + v.len) as usize];
            parts.push(format!(
                "{}={}",
                v.name,
                super::board_text::one_line(v, vals)
            ));
        }
        if self.turn_matters() {
            parts.push(self.turn_part(self.player_to_move(p)));
        }
        parts.join(", ")
    }

    /// The state variables a file declares (a view's hidden ones left out).
    pub fn shown_vars(&self) -> impl Iterator<Item = &crate::rules::VarInfo> {
        let hidden = self.rules.view.is_some();
        self.rules
            .vars
            .iter()
            .filter(move |v| !(hidden && [TO_MOVE, MOVED_LAST].contains(&v.name.as_str())))
    }

    /// Who is to move: the turn, or in a view of an N-player game the player it holds.
    pub fn player_to_move(&self, p: &Pos) -> u8 {
        let hidden = self.rules.view.and_then(|_| {
            let v = self.rules.vars.iter().find(|v| v.name == TO_MOVE)?;
            p.slots.get(v.base as usize).map(|&k| k as u8)
        });
        hidden.unwrap_or(p.mover)
    }
}
