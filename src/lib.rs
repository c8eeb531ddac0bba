//! gamec: describe a game's rules in a `.game` file, check them, solve the game and play it.
//!
//! The pipeline is one call per stage: `syntax::parse` → `check` → `engine` → `solve`.

pub mod check;
pub mod cli;
pub mod commands;
pub mod diag;
pub mod engine;
pub mod play;
pub mod rules;
pub mod solve;
pub mod syntax;
pub mod throw;
