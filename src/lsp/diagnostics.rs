//! The problems of an open file, as `gamec check` finds them, turned into LSP diagnostics: the
//! code, the severity, the message with the help appended, the range of the first label and
//! every label as related information.

use super::position::LineIndex;
use crate::commands::explore::solve_game;
use crate::diag::{Diag, Severity};
use crate::engine::Limits;
use crate::throw::matrix;
use crate::throw::simplex::MAX_WORK;
use crate::Compiled;
use lsp_types::{
    Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location,
    NumberOrString, Url,
};

/// At most this many positions are explored for run-time problems while a file is edited, so
/// that a large game answers at once; `gamec check` explores the whole game.
pub const EXPLORE_POSITIONS: u64 = 20_000;
/// At most this many steps (candidate moves, comprehension values) of that exploration.
pub const EXPLORE_STEPS: u64 = 1_000_000;

/// What `gamec check` reports for `text`, without `--set`: every static problem and, for a clean
/// sequential game, the first rule that fails while exploring it (within `EXPLORE_POSITIONS`
/// and `EXPLORE_STEPS`: a game larger than that is not reported as too large), and for a throw
/// game 2 may play, whether its exact solution is within gamec's limits. Spans are offsets
/// into `text` (a leading byte-order mark, which the checker does not see, is counted).
pub fn check(text: &str) -> Vec<Diag> {
    let (source, shift) = without_bom(text);
    let (compiled, mut diags) = crate::compile(source, &[]);
    match &compiled {
        Some((_, Compiled::Sequential(rules))) if !diags.has_errors() => {
            let limits = Limits::new(EXPLORE_POSITIONS, Some(EXPLORE_STEPS));
            if let Err(d) = solve_game(&limits.engine(&rules.expandable()), limits.positions) {
                if !is_budget(&d) {
                    diags.push(d);
                }
            }
        }
        Some((_, Compiled::Throw(t)))
            if !diags.has_errors() && t.players.allows(2) && matrix::analyse(t).is_err() =>
        {
            diags.push(crate::diag::throw::too_hard(t.len(), MAX_WORK));
        }
        _ => {}
    }
    let mut diags = diags.0;
    for d in &mut diags {
        for l in &mut d.labels {
            l.span.start += shift;
            l.span.end += shift;
        }
    }
    diags
}

/// The text the checker reads (without a leading byte-order mark) and how many bytes were cut.
pub fn without_bom(text: &str) -> (&str, usize) {
    match text.strip_prefix('\u{feff}') {
        Some(rest) => (rest, text.len() - rest.len()),
        None => (text, 0),
    }
}

/// Whether `d` says only that the editor's exploration budget ran out.
fn is_budget(d: &Diag) -> bool {
    matches!(
        d.code,
        "gamec::too_many_positions" | "gamec::too_many_steps" | "gamec::out_of_memory"
    )
}

/// One checker diagnostic of the file `uri` (whose lines are `lines`) as an LSP diagnostic.
pub fn to_lsp(d: &Diag, lines: &LineIndex, uri: &Url) -> Diagnostic {
    let range = d
        .labels
        .first()
        .map(|l| lines.range(l.span))
        .unwrap_or_default();
    let message = match &d.help {
        Some(help) => format!("{}\nhelp: {help}", d.message),
        None => d.message.clone(),
    };
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .filter(|l| !l.text.is_empty())
        .map(|l| DiagnosticRelatedInformation {
            location: Location::new(uri.clone(), lines.range(l.span)),
            message: l.text.clone(),
        })
        .collect();
    let unnecessary = matches!(d.code, "gamec::unused_variable" | "gamec::unused_def");
    Diagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("gamec".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: unnecessary.then(|| vec![DiagnosticTag::UNNECESSARY]),
        ..Diagnostic::default()
    }
}

/// Every problem of `text` as LSP diagnostics for `uri`.
pub fn diagnostics(text: &str, uri: &Url) -> Vec<Diagnostic> {
    let lines = LineIndex::new(text);
    check(text).iter().map(|d| to_lsp(d, &lines, uri)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Position;

    #[test]
    fn a_misspelt_name_after_a_non_ascii_comment_is_placed_in_utf16_units() {
        let text = "// é𝄞\ngame \"T\" {\n  state { pile: 0..=3 = 0 }\n  \
                    move add if pile < 3 { pile += 1 }\n  end if pile == tree: last mover wins\n}\n";
        let uri = Url::parse("file:///t.game").unwrap();
        let ds = diagnostics(text, &uri);
        assert_eq!(ds.len(), 1, "{ds:?}");
        let d = &ds[0];
        assert_eq!(
            d.code,
            Some(NumberOrString::String("gamec::unknown_name".into()))
        );
        assert_eq!(
            d.message,
            "unknown name `tree`\nhelp: Declare `tree` in `state { ... }` or as an `option`, \
             or as a parameter of this move."
        );
        // Line 4 (0-based): `  end if pile == tree: ...`; `tree` is at column 17.
        assert_eq!(
            d.range,
            lsp_types::Range::new(Position::new(4, 17), Position::new(4, 21))
        );
    }

    #[test]
    fn a_byte_order_mark_is_counted_in_the_spans() {
        let text = "\u{feff}game \"T\" {\n  state { pile: 0..=3 = 0 }\n  \
                    move add if pile < 3 { pile += 1 }\n  end if pile == gaol: last mover wins\n}\n";
        let ds = check(text);
        assert_eq!(ds.len(), 1, "{ds:?}");
        let at = text.find("gaol").unwrap();
        assert_eq!(
            (ds[0].labels[0].span.start, ds[0].labels[0].span.end),
            (at, at + 4)
        );
    }

    #[test]
    fn a_rule_failing_while_exploring_is_reported_with_its_trace() {
        let ds = check(include_str!("../../tests/ui/err/out_of_range.game"));
        let codes: Vec<&str> = ds.iter().map(|d| d.code).collect();
        assert_eq!(codes, vec!["gamec::out_of_range"]);
        assert!(ds[0].trace.is_some());
    }

    #[test]
    fn a_game_too_large_to_explore_while_editing_is_not_an_error() {
        let text = "game \"Big\" {\n  state { a: 0..=1000 = 0\n b: 0..=1000 = 0 }\n  \
                    move up(n in 1..=2) if a < 1000 { a += 1 }\n  move other if b < 1000 { b += 1 }\n  \
                    end if a + b == 2000: last mover wins\n}\n";
        assert_eq!(check(text), Vec::new());
    }
}
