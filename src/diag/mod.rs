//! Diagnostics as data: every problem gamec finds is a `Diag` with a stable code, labelled spans and
//! a help sentence; `render` turns them into miette's report text at the edge.

pub mod catalog;
pub mod chance;
pub mod label;
pub mod many;
pub mod names;
pub mod puzzle;
pub mod runtime;
pub mod scores;
pub mod set;
pub mod throw;
pub mod together;

/// The codes that are warnings, not errors.
pub fn warning_codes() -> Vec<&'static str> {
    catalog::WARNING_CODES
        .iter()
        .chain(throw::WARNING_CODES)
        .copied()
        .collect()
}

/// Every diagnostic code gamec can emit (each has a fixture in `tests/ui/err/`).
pub fn all_codes() -> Vec<&'static str> {
    let mut codes = catalog::CODES.to_vec();
    codes.extend_from_slice(throw::CODES);
    codes.extend_from_slice(puzzle::CODES);
    codes.extend_from_slice(many::CODES);
    codes.extend_from_slice(scores::CODES);
    codes.extend_from_slice(chance::CODES);
    codes.extend_from_slice(together::CODES);
    codes
}

use crate::syntax::ast::Span;
use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub text: String,
}

/// One problem in a game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    /// Stable code, e.g. `gamec::unknown_name`.
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
    /// For a problem found while exploring: the moves that lead to it (also the first line of
    /// `help`, where the rendering shows it), for `check --format json`.
    pub trace: Option<String>,
}

impl Diag {
    pub fn error(code: &'static str, message: impl Into<String>) -> Diag {
        Diag {
            code,
            severity: Severity::Error,
            message: message.into(),
            labels: Vec::new(),
            help: None,
            trace: None,
        }
    }
    pub fn warning(code: &'static str, message: impl Into<String>) -> Diag {
        Diag {
            severity: Severity::Warning,
            ..Diag::error(code, message)
        }
    }
    pub fn label(mut self, span: Span, text: impl Into<String>) -> Diag {
        self.labels.push(Label {
            span,
            text: text.into(),
        });
        self
    }
    pub fn help(mut self, text: impl Into<String>) -> Diag {
        self.help = Some(text.into());
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
    /// The first label's span, used to sort problems into file order.
    pub fn primary_span(&self) -> Span {
        self.labels.first().map(|l| l.span).unwrap_or_default()
    }
}

/// All problems found in one file, in file order.
#[derive(Clone, Debug, Default)]
pub struct Diagnostics(pub Vec<Diag>);

impl Diagnostics {
    pub fn push(&mut self, d: Diag) {
        self.0.push(d);
    }
    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diag::is_error)
    }
    pub fn error_count(&self) -> usize {
        self.0.iter().filter(|d| d.is_error()).count()
    }
    pub fn warning_count(&self) -> usize {
        self.0.len() - self.error_count()
    }
    pub fn extend(&mut self, other: Diagnostics) {
        self.0.extend(other.0);
    }
    pub fn sort(&mut self) {
        self.0
            .sort_by_key(|d| (d.primary_span().start, d.primary_span().end));
    }
}

/// A diagnostic paired with its source file, which is what miette renders.
struct Attached<'a> {
    diag: &'a Diag,
    source: &'a NamedSource<String>,
}

impl fmt::Debug for Attached<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.diag.fmt(f)
    }
}

impl fmt::Display for Attached<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.diag.message)
    }
}

impl std::error::Error for Attached<'_> {}

impl Diagnostic for Attached<'_> {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.diag.code))
    }
    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.diag.severity {
            Severity::Error => miette::Severity::Error,
            Severity::Warning => miette::Severity::Warning,
        })
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.diag
            .help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        if self.diag.labels.is_empty() {
            None
        } else {
            Some(self.source)
        }
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.diag.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.diag.labels.iter().map(|l| {
            LabeledSpan::new_with_span(Some(l.text.clone()), l.span)
        })))
    }
}

/// How reports are drawn: plain for tests and pipes, coloured for a terminal.
#[derive(Clone, Copy, Debug)]
pub struct RenderStyle {
    pub color: bool,
    pub width: usize,
}

impl RenderStyle {
    pub fn plain() -> RenderStyle {
        RenderStyle {
            color: false,
            width: 100,
        }
    }
}

/// Source lines longer than this are not drawn (miette cannot lay them out); labels on them are
/// given by line and column instead.
const MAX_DRAWN_LINE: usize = 1_000;

/// Line and column (1-based) of a byte offset, and the length of that line.
fn locate(source: &str, offset: usize) -> (usize, usize, usize) {
    let offset = offset.min(source.len());
    let before = &source[..offset];
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line_len = source[line_start..]
        .find('\n')
        .unwrap_or(source.len() - line_start);
    let col = source[line_start..offset].chars().count() + 1;
    (before.matches('\n').count() + 1, col, line_len)
}

/// A copy of `diag` whose labels on over-long lines are moved into the message as text.
fn drawable(diag: &Diag, file_name: &str, source: &str) -> Diag {
    let mut d = diag.clone();
    let (mut keep, mut notes) = (Vec::new(), Vec::new());
    for l in &diag.labels {
        let (line, col, len) = locate(source, l.span.start);
        if len > MAX_DRAWN_LINE || l.span.len() > 10 * MAX_DRAWN_LINE {
            notes.push(format!("{file_name}:{line}:{col}: {}", l.text));
        } else {
            keep.push(l.clone());
        }
    }
    if !notes.is_empty() {
        d.labels = keep;
        d.message = format!("{}\n  at {}", d.message, notes.join("\n  at "));
    }
    d
}

/// Renders one diagnostic against its file.
pub fn render(diag: &Diag, file_name: &str, source: &str, style: RenderStyle) -> String {
    let diag = &drawable(diag, file_name, source);
    let theme = if style.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme)
        .with_width(style.width)
        .with_links(false);
    let named = NamedSource::new(file_name, source.to_string());
    let attached = Attached {
        diag,
        source: &named,
    };
    // A layout bug in the renderer must not take the program down: fall back to plain text.
    let rendered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let mut out = String::new();
        handler.render_report(&mut out, &attached).map(|_| out)
    }));
    match rendered {
        Ok(Ok(out)) => out,
        _ => plain(diag),
    }
}

fn plain(diag: &Diag) -> String {
    let mut s = format!("{}: {}\n", diag.code, diag.message);
    if let Some(h) = &diag.help {
        s += &format!("  help: {h}\n");
    }
    s
}

/// Renders every diagnostic of a file, one after another.
pub fn render_all(
    diags: &Diagnostics,
    file_name: &str,
    source: &str,
    style: RenderStyle,
) -> String {
    diags
        .0
        .iter()
        .map(|d| render(d, file_name, source, style))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The closest candidate to a misspelt name, if one is close enough to be a likely intent: at most
/// one edit (insertion, deletion, substitution or transposition) per three letters. Names of one
/// or two letters get no guess: any other short name would be one edit away.
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let len = name.chars().count();
    if len < 3 {
        return None;
    }
    let allowed = (len / 3).max(1);
    candidates
        .into_iter()
        .map(|c| (strsim::damerau_levenshtein(name, c), c))
        .filter(|(d, c)| *d <= allowed && *c != name)
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| c.to_string())
}
