//! `gamec lsp`: runs the language server (`crate::lsp`) on stdin and stdout; its log lines go
//! to stderr.

use super::common::{CliResult, Exit};
use super::io::err;

pub fn run() -> CliResult {
    match crate::lsp::run(err) {
        0 => Ok(()),
        code => Err(Exit(code)),
    }
}
