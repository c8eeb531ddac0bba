//! The engine: positions as integers, move generation from compiled rules, exploration limits.

/// Default for `--max-positions`.
pub const DEFAULT_MAX_POSITIONS: u64 = 50_000_000;
