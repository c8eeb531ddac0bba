//! One module per sequential-game subcommand, each thin glue over the library, and `common`:
//! what they all share (loading a file, diagnostics, exit codes, writing output).

pub mod check;
pub mod common;
pub mod explore;
pub mod fraction;
pub mod graph;
pub mod io;
pub mod play;
pub mod solve;
pub mod tree;
