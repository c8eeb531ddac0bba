//! `gamec lsp`: a language server for `.game` files over standard input and output, on
//! rust-analyzer's `lsp-server` (the message loop is ours, synchronous) and `lsp-types`.
//! Diagnostics are `gamec check`'s (`diagnostics`); hover, go to definition and completion are
//! pure functions of a file's text and a byte offset (`hover`, `completion`) over an index of
//! its names built from the syntax tree (`index`, `walk`), or over a tolerant scan of its words
//! when it does not parse (`scan`); after `symmetry VAR:` they are the kinds (`kinds`). Formatting is `gamec fmt`'s layout as one edit
//! (`formatting`). Positions are UTF-16 columns (`position`).

pub mod completion;
mod declare;
pub mod diagnostics;
pub mod formatting;
pub mod hover;
pub mod index;
pub mod kinds;
pub mod position;
pub mod scan;
pub mod server;
pub mod transport;
mod walk;
pub mod words;

/// Serves one client over stdin and stdout until it says `exit`; the exit code (0 after
/// `shutdown`). `log` writes a line for a message skipped or a failure.
pub fn run(log: fn(&str)) -> u8 {
    let (conn, writer) = match transport::stdio(log) {
        Ok(x) => x,
        Err(e) => {
            log(&format!("gamec lsp: cannot start: {e}\n"));
            return 2;
        }
    };
    let code = server::serve(&conn, log);
    // Every reply is written before the process ends.
    drop(conn);
    let _ = writer.join();
    code
}
