//! `gamec check`: every problem in every file — static ones from the checker, then, for a clean
//! sequential game, the first rule that fails while exploring it (with the moves that lead there),
//! and for a throw game 2 may play, whether its exact solution is within gamec's limits.
//! `-` is standard input. With `--format json` each problem is one JSON object a line on stdout
//! (`check_json`); the summary stays on stderr.

use super::common::{
    compile_file, exit_code_for, file_name, is_stdin, print_diags, usage, CheckFormat, CliResult,
    Compiled, Exit,
};
use super::io::{err, out};
use crate::check::SetArg;
use crate::diag::{Diagnostics, RenderStyle};
use crate::engine::Limits;
use crate::throw::matrix;
use crate::throw::simplex::MAX_WORK;
use std::path::PathBuf;

pub fn run(
    files: &[PathBuf],
    sets: &[SetArg],
    limits: Limits,
    style: RenderStyle,
    format: CheckFormat,
) -> CliResult {
    if files.iter().filter(|f| is_stdin(f)).count() > 1 {
        return Err(usage(
            "`-` (standard input) can be checked only once in a command",
        ));
    }
    let mut worst = 0u8;
    for f in files {
        let path = file_name(f);
        let ((compiled, source), mut diags) = match compile_file(f, sets) {
            Ok(x) => x,
            Err(Exit(c)) => {
                worst = worst.max(c);
                continue;
            }
        };
        if let Some((_, Compiled::Sequential(rules))) = &compiled {
            if !diags.has_errors() && rules.staged().is_some() {
                let engine = limits.engine(rules);
                if rules.players > 2 {
                    let (span, turn) = rules.chance_in_play().unwrap_or_default();
                    diags.push(crate::diag::chance::players(span, rules.players, turn));
                } else if let Err(d) = super::explore::solve_chance(
                    &engine,
                    limits.positions,
                    std::time::Duration::ZERO,
                ) {
                    diags.push(d);
                }
            } else if !diags.has_errors() {
                let rules = rules.expandable();
                let engine = limits.engine(&rules);
                if let Err(d) = super::explore::solve_game(&engine, limits.positions) {
                    diags.push(d);
                }
            }
        }
        // As solving would: the exact 2-player analysis, where 2 may play.
        if let Some((_, Compiled::Throw(t))) = &compiled {
            if !diags.has_errors() && t.players.allows(2) && matrix::analyse(t).is_err() {
                diags.push(crate::diag::throw::too_hard(t.len(), MAX_WORK));
            }
        }
        match format {
            CheckFormat::Text => print_diags(&diags, &path, &source, style),
            CheckFormat::Json => {
                for d in &diags.0 {
                    out(&format!(
                        "{}\n",
                        super::check_json::diag_json(d, &path, &source)
                    ));
                }
            }
        }
        if diags.has_errors() || compiled.is_none() {
            worst = worst.max(exit_code_for(&diags));
        }
        summary(&path, &diags);
    }
    if worst == 0 {
        Ok(())
    } else {
        Err(Exit(worst))
    }
}

fn summary(path: &str, d: &Diagnostics) {
    let plural = |n: usize, w: &str| format!("{n} {w}{}", if n == 1 { "" } else { "s" });
    let line = match (d.error_count(), d.warning_count()) {
        (0, 0) => format!("{path}: ok"),
        (0, w) => format!("{path}: ok, {}", plural(w, "warning")),
        (e, 0) => format!("{path}: {}", plural(e, "error")),
        (e, w) => format!("{path}: {}, {}", plural(e, "error"), plural(w, "warning")),
    };
    err(&format!("{line}\n"));
}
