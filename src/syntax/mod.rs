//! Syntax: the pest grammar, and turning its parse tree into the typed AST of `ast`.

pub mod ast;
mod breaks;
mod ends;
mod errors;
mod expr;
pub mod format;
pub mod label;
mod limits;
pub mod lossless;
mod parse;
mod spans;
mod stmts;
mod throws;
mod tokens;

pub use limits::MAX_SOURCE_BYTES;
pub use parse::parse;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/game.pest"]
pub(crate) struct GameParser;
