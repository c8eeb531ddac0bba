//! What every command shares: loading a game file or standard input (`-`) with its diagnostics
//! printed, exit codes, the colour choice, and the small choices (formats, styles) commands take.
//! Writing is in `io`.

use super::io::{err, error_line};
use crate::check::SetArg;
use crate::diag::{self, Diagnostics, RenderStyle};
use crate::syntax;
use clap::ValueEnum;
use std::io::{IsTerminal, Read};
use std::path::Path;

pub use crate::Compiled;

/// A failure already explained to the user, carrying the exit code: 1 the game has problems,
/// 2 usage or I/O error.
#[derive(Debug)]
pub struct Exit(pub u8);

pub type CliResult = Result<(), Exit>;

/// When to colour output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

/// How `gamec graph` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    Dot,
    Json,
}

/// The most positions `graph` prints: beyond this a picture or listing is of no use to a person.
pub const MAX_DRAWN: u64 = 100_000;

/// How `gamec check` reports problems: rendered for a person, or one JSON object a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum CheckFormat {
    Text,
    Json,
}

/// How the computer plays a throw game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ComputerStyle {
    Optimal,
    Adaptive,
}

/// What every command starts from: the file's text, its AST, and the compiled game.
pub struct Loaded {
    pub path: String,
    pub source: String,
    pub ast: syntax::ast::GameFile,
    pub game: Compiled,
    pub style: RenderStyle,
}

/// The `--color` choice, kept for commands that colour stdout (see `stdout_color`).
static COLOR_CHOICE: std::sync::OnceLock<ColorChoice> = std::sync::OnceLock::new();

/// Records `--color` once, at startup, and returns how diagnostics (on stderr) are drawn.
pub fn choose_color(choice: ColorChoice) -> RenderStyle {
    let _ = COLOR_CHOICE.set(choice);
    let color = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    };
    RenderStyle { color, width: 100 }
}

/// Whether to colour stdout: `--color always`, or `auto` on a terminal with NO_COLOR unset.
pub fn stdout_color() -> bool {
    match COLOR_CHOICE.get().copied().unwrap_or(ColorChoice::Auto) {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    }
}

/// The path that means standard input.
pub const STDIN: &str = "-";

/// Whether `path` is `-`, standard input.
pub fn is_stdin(path: &Path) -> bool {
    path.as_os_str() == STDIN
}

/// How diagnostics name a file: its path, or `<stdin>` for `-`.
pub fn file_name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Reads, parses and checks one file (`-`: standard input), printing its diagnostics; errors end
/// the command.
pub fn load(path: &Path, sets: &[SetArg], style: RenderStyle) -> Result<Loaded, Exit> {
    let (loaded, diags) = compile_file(path, sets)?;
    print_diags(&diags, &file_name(path), &loaded.1, style);
    match loaded.0 {
        Some((ast, game)) if !diags.has_errors() => Ok(Loaded {
            path: file_name(path),
            source: loaded.1,
            ast,
            game,
            style,
        }),
        _ => Err(Exit(exit_code_for(&diags))),
    }
}

type CompiledFile = (Option<(syntax::ast::GameFile, Compiled)>, String);

/// The bytes of a file, or of standard input for `-`: at most one byte past the largest file
/// accepted, so that a huge file (or an endless stream) is refused without being read whole.
pub fn read_bytes(path: &Path) -> std::io::Result<Vec<u8>> {
    let cap = syntax::MAX_SOURCE_BYTES as u64 + 1;
    let mut bytes = Vec::new();
    if is_stdin(path) {
        std::io::stdin().lock().take(cap).read_to_end(&mut bytes)?;
    } else {
        std::fs::File::open(path)?
            .take(cap)
            .read_to_end(&mut bytes)?;
    }
    Ok(bytes)
}

/// Reads (`-`: standard input), parses and checks a file without printing; I/O errors are
/// reported and end the command.
pub fn compile_file(path: &Path, sets: &[SetArg]) -> Result<(CompiledFile, Diagnostics), Exit> {
    match read_source(path)? {
        Ok(source) => {
            let (compiled, diags) = crate::compile(&source, sets);
            Ok(((compiled, source), diags))
        }
        Err(diags) => Ok(((None, String::new()), diags)),
    }
}

/// A file's text (`-`: standard input), without a leading byte-order mark; a file too large is
/// a diagnostic (`Ok(Err)`), and an I/O error or text that is not UTF-8 is reported here and
/// ends the command.
pub fn read_source(path: &Path) -> Result<Result<String, Diagnostics>, Exit> {
    let bytes = match read_bytes(path) {
        Ok(b) => b,
        Err(e) => {
            error_line(&format!("cannot read {}: {e}", file_name(path)));
            return Err(Exit(2));
        }
    };
    if bytes.len() > syntax::MAX_SOURCE_BYTES {
        let mut diags = Diagnostics::default();
        diags.push(diag::catalog::file_too_large(syntax::MAX_SOURCE_BYTES));
        return Ok(Err(diags));
    }
    match String::from_utf8(bytes) {
        // A byte-order mark, as some editors write, is not part of the game.
        Ok(s) => Ok(Ok(s
            .strip_prefix('\u{feff}')
            .map(str::to_string)
            .unwrap_or(s))),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            error_line(&format!(
                "{} is not UTF-8 text (the byte at offset {at} is not valid UTF-8)",
                file_name(path)
            ));
            Err(Exit(2))
        }
    }
}

/// `--set` mistakes are usage errors (exit 2); other problems are the game's (exit 1).
pub fn exit_code_for(diags: &Diagnostics) -> u8 {
    if diags
        .0
        .iter()
        .any(|d| d.is_error() && d.code == "gamec::bad_set")
    {
        2
    } else {
        1
    }
}

pub fn print_diags(diags: &Diagnostics, path: &str, source: &str, style: RenderStyle) {
    if diags.0.is_empty() {
        return;
    }
    err(&diag::render_all(diags, path, source, style));
}

/// A usage error: the message on stderr after `error: `, and exit code 2.
pub fn usage(message: &str) -> Exit {
    error_line(message);
    Exit(2)
}

/// The most moves a line of text lists; `--json` lists them all.
const LISTED: usize = 50;

/// Moves joined by commas, the first `LISTED` of a longer list followed by how many more.
pub fn listed(moves: Vec<String>) -> String {
    if moves.len() <= LISTED {
        return moves.join(", ");
    }
    let more = moves.len() - LISTED;
    format!(
        "{}, … and {more} more (--json lists every one)",
        moves[..LISTED].join(", ")
    )
}
