//! One module per sequential-game subcommand, and `throw` for the throw family's; each is thin glue
//! over the library, and everything a command prints is written here.

pub mod check;
pub mod explore;
pub mod graph;
pub mod play;
pub mod solve;
pub mod throw;
pub mod tree;
