//! One module per sequential-game subcommand; each is thin glue over the library.

pub mod check;
pub mod explore;
pub mod graph;
pub mod play;
pub mod solve;
pub mod tree;
