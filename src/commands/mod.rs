//! One module per sequential-game subcommand and `throw` for the throw family's, each thin glue
//! over the library (everything a command prints is written here), and `common`: what they all
//! share (loading a file, diagnostics, exit codes, writing output).

pub mod args;
pub mod at;
mod chance_turn;
pub mod check;
pub mod check_json;
pub mod common;
pub mod explore;
pub mod fmt;
pub mod fraction;
pub mod graph;
mod graph_chance;
mod graph_many;
pub mod io;
pub mod lsp;
pub mod many;
mod many_text;
pub mod order;
pub mod play;
pub mod play_cmd;
pub mod puzzle;
pub mod rolling;
mod rolling_report;
pub mod shell;
pub mod solve;
pub mod throw;
pub mod tree;
mod tree_chance;
mod tree_count;
pub mod views;
