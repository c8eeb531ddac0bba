//! gamec: describe a game's rules in a `.game` file, check them, solve the game and play it.
//!
//! The pipeline is one call per stage: `syntax::parse` → `check` → `engine` → `solve`.

pub mod check;
pub mod diag;
pub mod rules;
pub mod syntax;
