//! The `gamec` binary: run the CLI and turn its outcome into an exit code.

use std::process::ExitCode;

/// Parsing and checking recurse over the syntax tree; a generous stack (reserved, not committed,
/// memory) lets deep but legal files through, and `syntax::limits` rejects absurd ones clearly.
/// Under an address-space limit (`ulimit -v`), which counts the reservation, it is smaller.
const STACK: usize = 512 << 20;
const LEAST_STACK: usize = 32 << 20;

fn main() -> ExitCode {
    match std::thread::Builder::new()
        .stack_size(gamec::engine::memory::stack_bytes(STACK, LEAST_STACK))
        .spawn(gamec::cli::main)
    {
        Ok(worker) => worker.join().unwrap_or(ExitCode::from(101)),
        Err(e) => {
            gamec::commands::io::error_line(&format!("cannot start: {e}"));
            ExitCode::from(2)
        }
    }
}
