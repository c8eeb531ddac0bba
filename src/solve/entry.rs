//! A position's entry in the solution table: value, remoteness and Grundy value packed in a
//! `u64`, the marks of positions found but not yet valued, and the narrower 32- and 16-bit forms
//! the tables hold when they fit.

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

#[inline]
pub(crate) fn tag(e: u64) -> u64 {
    e >> TAG_SHIFT
}

/// Whether a packed entry holds a value (win, lose, tie or draw), not a mark.
#[inline]
pub(crate) fn valued(e: u64) -> bool {
    (2..=5).contains(&tag(e))
}

/// The remoteness bits of a packed entry (meaningless for a draw).
#[inline]
pub(crate) fn remoteness_bits(e: u64) -> u32 {
    ((e >> 32) & REM_MASK) as u32
}

/// The largest tier a position being solved in tier order can be marked with (the mark fits a
/// 16-bit entry: the tier's high bits where the remoteness goes, its low 5 where the Grundy value does).
pub(crate) const MAX_TIER: u64 = (1 << 13) - 1;

/// A position found but not yet valued, marked with its tier (at most `MAX_TIER`).
pub(crate) fn busy(tier: u64) -> u64 {
    (BUSY << TAG_SHIFT) | ((tier >> 5) << 32) | (tier & 31)
}

/// The tier a `busy` mark holds.
pub(crate) fn tier_of(e: u64) -> u64 {
    (((e >> 32) & REM_MASK) << 5) | (e & 31)
}

/// One position's solution, as read back from the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub value: Value,
    /// Moves to the end under best play; `None` for a draw.
    pub remoteness: Option<u32>,
    pub grundy: u32,
    /// In a scored game, the margin the player to move can force: their score less the other's.
    pub margin: Option<i64>,
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
        margin: None,
    })
}

/// The 32-bit form of an entry, if it fits: tag in bits 29..32, remoteness in 16..29, Grundy in 0..16.
#[inline]
pub(super) fn narrow(e: u64) -> Option<u32> {
    let (t, rem, g) = (tag(e), (e >> 32) & REM_MASK, e & 0xFFFF_FFFF);
    (rem < 1 << 13 && g < 1 << 16).then_some(((t as u32) << 29) | ((rem as u32) << 16) | g as u32)
}

/// The 16-bit form: tag in bits 13..16, remoteness in 5..13, Grundy in 0..5.
#[inline]
pub(super) fn narrow16(e: u64) -> Option<u16> {
    let (t, rem, g) = (tag(e), (e >> 32) & REM_MASK, e & 0xFFFF_FFFF);
    (rem < 1 << 8 && g < 1 << 5).then_some(((t as u16) << 13) | ((rem as u16) << 5) | g as u16)
}

#[inline]
pub(super) fn widen16(x: u16) -> u64 {
    (((x >> 13) as u64) << TAG_SHIFT) | ((((x >> 5) & 0xFF) as u64) << 32) | (x & 0x1F) as u64
}

#[inline]
pub(super) fn widen(x: u32) -> u64 {
    (((x >> 29) as u64) << TAG_SHIFT) | ((((x >> 16) & 0x1FFF) as u64) << 32) | (x & 0xFFFF) as u64
}
