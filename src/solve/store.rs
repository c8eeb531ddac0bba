//! The solution table: one `u64` per position — value, remoteness and Grundy value packed — held
//! in a flat array indexed by position number when the numbering is small, else in a hash map.

use crate::engine::Code;
use rustc_hash::FxHashMap;

/// Dense tables up to this many codes (lazily zeroed pages: untouched codes cost no memory).
const DENSE_LIMIT: u64 = 1 << 26;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    Win,
    Lose,
    Tie,
    Draw,
}

impl Value {
    pub fn name(self) -> &'static str {
        match self {
            Value::Win => "win",
            Value::Lose => "lose",
            Value::Tie => "tie",
            Value::Draw => "draw",
        }
    }
    /// The value seen from the other player's side.
    pub fn flip(self) -> Value {
        match self {
            Value::Win => Value::Lose,
            Value::Lose => Value::Win,
            v => v,
        }
    }
}

/// Tags in the top bits of an entry.
pub(crate) const UNSEEN: u64 = 0;
pub(crate) const BUSY: u64 = 1;
const TAG_SHIFT: u32 = 61;
const REM_MASK: u64 = (1 << 29) - 1;

pub(crate) fn pack(v: Value, remoteness: u32, grundy: u32) -> u64 {
    let tag = match v {
        Value::Win => 2,
        Value::Lose => 3,
        Value::Tie => 4,
        Value::Draw => 5,
    };
    (tag << TAG_SHIFT) | ((remoteness as u64 & REM_MASK) << 32) | grundy as u64
}

pub(crate) fn tag(e: u64) -> u64 {
    e >> TAG_SHIFT
}

/// One position's solution, as read back from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub value: Value,
    /// Moves to the end under best play; `None` for a draw.
    pub remoteness: Option<u32>,
    pub grundy: u32,
}

pub(crate) fn unpack(e: u64) -> Option<Entry> {
    let value = match tag(e) {
        2 => Value::Win,
        3 => Value::Lose,
        4 => Value::Tie,
        5 => Value::Draw,
        _ => return None,
    };
    Some(Entry {
        value,
        remoteness: (value != Value::Draw).then_some(((e >> 32) & REM_MASK) as u32),
        grundy: e as u32,
    })
}

pub enum Store {
    Dense(Vec<u64>),
    Sparse(FxHashMap<Code, u64>),
}

impl Store {
    pub fn for_space(space: u64) -> Store {
        if space <= DENSE_LIMIT {
            Store::Dense(vec![0u64; space as usize])
        } else {
            Store::Sparse(FxHashMap::default())
        }
    }
    #[inline]
    pub fn get(&self, c: Code) -> u64 {
        match self {
            Store::Dense(v) => v[c as usize],
            Store::Sparse(m) => m.get(&c).copied().unwrap_or(UNSEEN),
        }
    }
    #[inline]
    pub fn set(&mut self, c: Code, e: u64) {
        match self {
            Store::Dense(v) => v[c as usize] = e,
            Store::Sparse(m) => {
                m.insert(c, e);
            }
        }
    }
}
