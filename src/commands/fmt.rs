//! `gamec fmt [--check] FILE...`: rewrites game files in the canonical layout
//! (`syntax::format`), keeping every comment and blank line. With `--check` nothing is written:
//! what would change is printed as a unified diff and the exit code is 1. `-` reads standard
//! input and writes the result to standard output. A file that does not parse is reported and
//! left as it is.

use super::common::{file_name, is_stdin, print_diags, read_source, usage, CliResult, Exit};
use super::io::{error_line, out};
use crate::diag::{Diagnostics, RenderStyle};
use std::path::PathBuf;

pub fn run(files: &[PathBuf], check: bool, style: RenderStyle) -> CliResult {
    if files.iter().filter(|f| is_stdin(f)).count() > 1 {
        return Err(usage(
            "`-` (standard input) can be formatted only once in a command",
        ));
    }
    let mut worst = 0u8;
    for f in files {
        let path = file_name(f);
        let source = match read_source(f) {
            Ok(Ok(s)) => s,
            Ok(Err(diags)) => {
                print_diags(&diags, &path, "", style);
                worst = worst.max(1);
                continue;
            }
            Err(Exit(c)) => {
                worst = worst.max(c);
                continue;
            }
        };
        let code = one(f, &path, &source, check, style);
        worst = worst.max(code);
    }
    match worst {
        0 => Ok(()),
        c => Err(Exit(c)),
    }
}

/// Formats one file; its exit code.
fn one(f: &std::path::Path, path: &str, source: &str, check: bool, style: RenderStyle) -> u8 {
    if let Err(d) = crate::syntax::parse(source) {
        let mut diags = Diagnostics::default();
        diags.push(d);
        print_diags(&diags, path, source, style);
        return 1;
    }
    let Some(formatted) = crate::syntax::format::format(source) else {
        error_line(&format!(
            "{path}: its layout could not be made without changing a token, so it is left as it is (a fault in gamec fmt: please report it)"
        ));
        return 1;
    };
    if formatted == source {
        if is_stdin(f) && !check {
            out(&formatted);
        }
        return 0;
    }
    if check {
        out(&diff(path, source, &formatted));
        return 1;
    }
    if is_stdin(f) {
        out(&formatted);
        return 0;
    }
    match std::fs::write(f, &formatted) {
        Ok(()) => 0,
        Err(e) => {
            error_line(&format!("cannot write {path}: {e}"));
            2
        }
    }
}

/// What formatting changes, as a unified diff with three lines of context, and a note when line
/// endings change (such lines look the same on both sides of the diff).
pub fn diff(path: &str, old: &str, new: &str) -> String {
    let mut text = similar::TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(path, &format!("{path} (formatted)"))
        .to_string();
    // Which line endings a text has: CRLF, and LF alone.
    let endings = |s: &str| {
        let crlf = s.matches("\r\n").count();
        (crlf > 0, s.matches('\n').count() > crlf)
    };
    if endings(old) != endings(new) {
        let ending = if new.contains("\r\n") { "CRLF" } else { "LF" };
        text.push_str(&format!(
            "note: the line endings become {ending} throughout, as the first line's; a line above may differ only in its ending\n"
        ));
    }
    text
}
