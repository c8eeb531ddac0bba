//! The command line: clap definitions and the thin glue from subcommands to the library.
//! Exit codes: 0 success, 1 the game has problems, 2 usage or I/O error.

use crate::check::{parse_set, SetArg};
use crate::diag::{self, Diagnostics, RenderStyle};
use crate::syntax;
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "gamec",
    version,
    about = "Describe a game's rules in a text file; check, solve and play it."
)]
pub struct Cli {
    /// When to colour output: auto (on a terminal), always, never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    Human,
    Computer,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    Dot,
    Json,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ComputerStyle {
    Optimal,
    Adaptive,
}

/// Limits shared by everything that explores a sequential game.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The .game file.
    pub file: PathBuf,
    /// Override an option: --set goal=25, --set piles=7,7,7 (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = parse_set)]
    pub sets: Vec<SetArg>,
    /// Stop with an error rather than explore more than this many positions.
    #[arg(long, value_name = "N", default_value_t = crate::engine::DEFAULT_MAX_POSITIONS)]
    pub max_positions: u64,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check game files and report every problem.
    Check {
        /// The .game files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(long = "set", value_name = "NAME=VALUE", value_parser = parse_set)]
        sets: Vec<SetArg>,
        #[arg(long, value_name = "N", default_value_t = crate::engine::DEFAULT_MAX_POSITIONS)]
        max_positions: u64,
    },
    /// Solve a game: who wins every position, and how.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Evaluate one position, like "pile=7, turn=2" or "heap=[1,2,3]".
        #[arg(long, value_name = "POSITION")]
        at: Option<String>,
        /// For throw games with `players 2..`: the number of players.
        #[arg(long, value_name = "N")]
        players: Option<u32>,
    },
    /// Play a game in the terminal.
    Play {
        #[command(flatten)]
        game: GameArgs,
        /// Sequential games: who plays first [default: human].
        #[arg(long, value_enum)]
        player1: Option<Side>,
        /// Sequential games: who plays second [default: computer].
        #[arg(long, value_enum)]
        player2: Option<Side>,
        /// Sequential games: probability that the computer picks a random legal move instead of
        /// the best one [default: 0.1].
        #[arg(long, value_name = "P")]
        blunder: Option<f64>,
        /// Seed for the computer's random choices (reproducible games).
        #[arg(long, value_name = "N")]
        seed: Option<u64>,
        /// Sequential games: show the value of every move before a human moves.
        #[arg(long)]
        hints: bool,
        /// Throw games: how many rounds (best of N) [default: 5].
        #[arg(long, value_name = "N")]
        rounds: Option<u32>,
        /// Throw games: the computer's style [default: optimal].
        #[arg(long, value_enum)]
        computer: Option<ComputerStyle>,
    },
    /// Print the full game tree from the start.
    Tree {
        #[command(flatten)]
        game: GameArgs,
        /// Print only this many moves deep.
        #[arg(long, value_name = "N")]
        depth: Option<u32>,
    },
    /// Print the solved state graph (or a throw game's beats-graph).
    Graph {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, value_enum, default_value_t = GraphFormat::Dot)]
        format: GraphFormat,
    },
    /// Run the fixed-strategy elimination game of a throw game.
    Run {
        /// The .game file.
        file: PathBuf,
        /// The players' names, comma-separated: --players alice,bob,charlie.
        #[arg(long, value_name = "NAMES", required = true)]
        players: String,
        /// Each player's throws, players separated by commas: "r p, r r, s p".
        #[arg(long, value_name = "THROWS", conflicts_with = "throws_file")]
        throws: Option<String>,
        /// A file with one player's throws per line.
        #[arg(long, value_name = "FILE")]
        throws_file: Option<PathBuf>,
    },
}

/// A failure already explained to the user, carrying the exit code.
#[derive(Debug)]
pub struct Exit(pub u8);

pub type CliResult = Result<(), Exit>;

/// What every command starts from: the file's text, its AST, and the compiled game.
pub struct Loaded {
    pub path: String,
    pub source: String,
    pub ast: syntax::ast::GameFile,
    pub game: Compiled,
    pub style: RenderStyle,
}

pub use crate::Compiled;

/// The `--color` choice, kept for commands that colour stdout (see `stdout_color`).
static COLOR_CHOICE: std::sync::OnceLock<ColorChoice> = std::sync::OnceLock::new();

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

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let _ = COLOR_CHOICE.set(cli.color);
    let color = match cli.color {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
        }
    };
    let style = RenderStyle { color, width: 100 };
    match run(cli.command, style) {
        Ok(()) => ExitCode::SUCCESS,
        Err(Exit(code)) => ExitCode::from(code),
    }
}

fn run(cmd: Command, style: RenderStyle) -> CliResult {
    match cmd {
        Command::Check {
            files,
            sets,
            max_positions,
        } => crate::commands::check::run(&files, &sets, max_positions, style),
        Command::Solve {
            game,
            json,
            at,
            players,
        } => {
            let loaded = load(&game.file, &game.sets, style)?;
            match &loaded.game {
                Compiled::Sequential(rules) => {
                    not_for(players.is_some(), "--players", "throw games")?;
                    crate::commands::solve::run(&loaded, rules, &game, json, at.as_deref())
                }
                Compiled::Throw(t) => {
                    not_for(at.is_some(), "--at", "sequential games")?;
                    crate::commands::throw::solve::run(&loaded, t, json, players)
                }
            }
        }
        Command::Play {
            game,
            player1,
            player2,
            blunder,
            seed,
            hints,
            rounds,
            computer,
        } => {
            if let Some(b) = blunder.filter(|b| !(0.0..=1.0).contains(b)) {
                eprintln!("error: --blunder must be a probability from 0 to 1, got {b}");
                return Err(Exit(2));
            }
            let loaded = load(&game.file, &game.sets, style)?;
            match &loaded.game {
                Compiled::Sequential(rules) => {
                    not_for(rounds.is_some(), "--rounds", "throw games")?;
                    not_for(computer.is_some(), "--computer", "throw games")?;
                    crate::commands::play::run(
                        &loaded,
                        rules,
                        &game,
                        crate::commands::play::PlayArgs {
                            sides: [
                                player1.unwrap_or(Side::Human),
                                player2.unwrap_or(Side::Computer),
                            ],
                            blunder: blunder.unwrap_or(0.1),
                            seed,
                            hints,
                        },
                    )
                }
                Compiled::Throw(t) => {
                    not_for(player1.is_some(), "--player1", "sequential games")?;
                    not_for(player2.is_some(), "--player2", "sequential games")?;
                    not_for(blunder.is_some(), "--blunder", "sequential games")?;
                    not_for(hints, "--hints", "sequential games")?;
                    let computer = computer.unwrap_or(ComputerStyle::Optimal);
                    crate::commands::throw::play::run(
                        &loaded,
                        t,
                        rounds.unwrap_or(5),
                        computer,
                        seed,
                    )
                }
            }
        }
        Command::Tree { game, depth } => {
            let loaded = load(&game.file, &game.sets, style)?;
            match &loaded.game {
                Compiled::Sequential(rules) => {
                    crate::commands::tree::run(&loaded, rules, &game, depth)
                }
                Compiled::Throw(_) => {
                    eprintln!("error: `gamec tree` is for sequential games; a throw game has no game tree (try `gamec graph`)");
                    Err(Exit(2))
                }
            }
        }
        Command::Graph { game, format } => {
            let loaded = load(&game.file, &game.sets, style)?;
            match &loaded.game {
                Compiled::Sequential(rules) => {
                    crate::commands::graph::run(&loaded, rules, &game, format)
                }
                Compiled::Throw(t) => crate::commands::throw::graph::run(&loaded, t, format),
            }
        }
        Command::Run {
            file,
            players,
            throws,
            throws_file,
        } => {
            let loaded = load(&file, &[], style)?;
            match &loaded.game {
                Compiled::Throw(t) => {
                    crate::commands::throw::run::run(&loaded, t, &players, throws, throws_file)
                }
                Compiled::Sequential(_) => {
                    eprintln!("error: `gamec run` is for throw games (with `throws` and `beats`); this is a sequential game");
                    Err(Exit(2))
                }
            }
        }
    }
}

/// A usage error for a flag given to a game of the family it does not apply to.
fn not_for(given: bool, flag: &str, family: &str) -> CliResult {
    if given {
        let other = if family == "throw games" {
            "a sequential game"
        } else {
            "a throw game"
        };
        eprintln!("error: {flag} is for {family}, and this file is {other}");
        return Err(Exit(2));
    }
    Ok(())
}

/// Reads, parses and checks one file, printing its diagnostics; errors end the command.
pub fn load(path: &std::path::Path, sets: &[SetArg], style: RenderStyle) -> Result<Loaded, Exit> {
    let (loaded, diags) = compile_file(path, sets)?;
    print_diags(&diags, &path.display().to_string(), &loaded.1, style);
    match loaded.0 {
        Some((ast, game)) if !diags.has_errors() => Ok(Loaded {
            path: path.display().to_string(),
            source: loaded.1,
            ast,
            game,
            style,
        }),
        _ => Err(Exit(exit_code_for(&diags))),
    }
}

type Compiledfile = (Option<(syntax::ast::GameFile, Compiled)>, String);

/// Reads, parses and checks a file without printing; I/O errors are reported and end the command.
pub fn compile_file(
    path: &std::path::Path,
    sets: &[SetArg],
) -> Result<(Compiledfile, Diagnostics), Exit> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", path.display());
            return Err(Exit(2));
        }
    };
    let source = match String::from_utf8(bytes) {
        // A byte-order mark, as some editors write, is not part of the game.
        Ok(s) => s.strip_prefix('\u{feff}').map(str::to_string).unwrap_or(s),
        Err(e) => {
            let at = e.utf8_error().valid_up_to();
            eprintln!(
                "error: {} is not UTF-8 text (the byte at offset {at} is not valid UTF-8)",
                path.display()
            );
            return Err(Exit(2));
        }
    };
    let (compiled, diags) = crate::compile(&source, sets);
    Ok(((compiled, source), diags))
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
    eprint!("{}", diag::render_all(diags, path, source, style));
}

/// Writes to stdout; a closed pipe (`gamec ... | head`) quietly ends the program with success.
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
