//! Writing output. Every byte gamec prints goes through `out` or `err`, so no write can panic: a
//! closed stdout (`gamec solve ... | head -1`) ends the program quietly with success, and a closed
//! stderr is ignored, so the exit code still tells whether the game had problems.

use std::io::Write;

/// Writes to stdout; a closed pipe quietly ends the program with exit code 0.
pub fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout
        .write_all(text.as_bytes())
        .and_then(|_| stdout.flush())
    {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
    }
}

/// Writes to stderr; if it cannot be written (a closed pipe), the text is dropped.
pub fn err(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = stderr
        .write_all(text.as_bytes())
        .and_then(|_| stderr.flush());
}

/// Writes `warning: MESSAGE` and a line break to stderr.
pub fn warning(message: &str) {
    err(&format!("warning: {message}\n"));
}

/// Writes `error: MESSAGE` and a line break to stderr.
pub fn error_line(message: &str) {
    err(&format!("error: {message}\n"));
}
