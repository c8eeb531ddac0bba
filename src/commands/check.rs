//! `gamec check`: every problem in every file, then a summary line.
use crate::check::SetArg;
use crate::cli::{CliResult, Exit};
use crate::diag::RenderStyle;
use std::path::PathBuf;

pub fn run(files: &[PathBuf], sets: &[SetArg], _max: u64, style: RenderStyle) -> CliResult {
    let mut worst = 0u8;
    for f in files {
        let ((compiled, source), diags) = match crate::cli::compile_file(f, sets) {
            Ok(x) => x,
            Err(Exit(c)) => {
                worst = worst.max(c);
                continue;
            }
        };
        crate::cli::print_diags(&diags, &f.display().to_string(), &source, style);
        if diags.has_errors() || compiled.is_none() {
            worst = worst.max(crate::cli::exit_code_for(&diags));
        }
    }
    if worst == 0 { Ok(()) } else { Err(Exit(worst)) }
}
