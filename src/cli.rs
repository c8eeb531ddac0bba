//! The command line: clap's definitions and the dispatch from each subcommand to `commands`.
//! Exit codes: 0 success, 1 the game has problems, 2 usage or I/O error.

use crate::check::{parse_set, SetArg};
use crate::commands::args::{not_for, tie_for};
pub use crate::commands::args::{GameArgs, Side};
use crate::commands::common::{
    choose_color, load, usage, CheckFormat, CliResult, ColorChoice, Compiled, Exit, GraphFormat,
};
use crate::commands::{check, graph, solve, tree};
use crate::diag::RenderStyle;
use crate::engine::Limits;
use clap::{CommandFactory, Parser, Subcommand};
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

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check game files and report every problem.
    Check {
        /// The .game files (`-`: read one from standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[arg(long = "set", value_name = "NAME=VALUE", value_parser = parse_set)]
        sets: Vec<SetArg>,
        #[arg(long, value_name = "N", default_value_t = crate::engine::DEFAULT_MAX_POSITIONS)]
        max_positions: u64,
        #[arg(long, value_name = "N")]
        max_steps: Option<u64>,
        /// Explore every position as it is, leaving out the file's `symmetry` declarations.
        #[arg(long)]
        no_symmetry: bool,
        /// text: rendered for a person (stderr); json: one object a problem, a line each
        /// (stdout), with code, severity, message, spans, help and trace.
        #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
        format: CheckFormat,
    },
    /// Solve a game: who wins every position, and how.
    Solve {
        #[command(flatten)]
        game: GameArgs,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
        /// Evaluate one position, naming every state variable (and the turn, where positions
        /// record it): "pile=7, kept=[0,2], turn=2" or "heap=[1,2,3]".
        #[arg(long, value_name = "POSITION")]
        at: Option<String>,
        /// For throw games with `players 2..`: the number of players.
        #[arg(long, value_name = "N")]
        players: Option<u32>,
        /// For games of three or more players: how a player picks among moves equally good for
        /// them in the max^n outcome (fastest: the soonest end; delay: a win soonest, a loss
        /// latest; paranoid: the worst for the others) [default: fastest].
        #[arg(long, value_enum, value_name = "RULE")]
        tie_break: Option<crate::solve::maxn::TieBreak>,
        /// For games that roll during play and can return to a position: how many seconds the
        /// value's bounds are tightened for at most [default: 60].
        #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(0..=86400))]
        bounds_time: Option<u64>,
    },
    /// Play a game in the terminal.
    Play(crate::commands::play_cmd::PlayCmd),
    /// Print the full game tree from the start.
    Tree {
        #[command(flatten)]
        game: GameArgs,
        /// Print only this many moves deep.
        #[arg(long, value_name = "N")]
        depth: Option<u32>,
        /// For games of three or more players: the tie-break of the max^n outcomes shown, as
        /// in `solve` [default: fastest].
        #[arg(long, value_enum, value_name = "RULE")]
        tie_break: Option<crate::solve::maxn::TieBreak>,
    },
    /// Print the solved state graph (or a throw game's beats-graph).
    Graph {
        #[command(flatten)]
        game: GameArgs,
        #[arg(long, value_enum, default_value_t = GraphFormat::Dot)]
        format: GraphFormat,
        /// For games of three or more players: the tie-break of the max^n outcomes shown, as
        /// in `solve` [default: fastest].
        #[arg(long, value_enum, value_name = "RULE")]
        tie_break: Option<crate::solve::maxn::TieBreak>,
    },
    /// Run the fixed-strategy elimination game of a throw game.
    Run {
        /// The .game file (`-`: read it from standard input).
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
    /// Rewrite game files in the canonical layout, keeping every comment.
    Fmt {
        /// The .game files (`-`: read one from standard input, write it to standard output).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write nothing: print what would change as a diff, and exit 1 if anything would.
        #[arg(long)]
        check: bool,
    },
    /// Run the language server for editors, speaking LSP over stdin and stdout.
    Lsp,
    /// Print a shell's completion script: gamec completions bash > ~/.local/share/bash-completion/completions/gamec
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: crate::commands::shell::Shell,
    },
    /// Print the manual page (roff): gamec man | man -l -   (gamec man solve: the page of one command)
    Man {
        /// A subcommand whose page to print instead of gamec's own.
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
}

pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let style = choose_color(cli.color);
    if let Err(why) = crate::engine::memory::override_bytes() {
        return ExitCode::from(usage(&why).0);
    }
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
            max_steps,
            no_symmetry,
            format,
        } => check::run(
            &files,
            &sets,
            Limits::new(max_positions, max_steps).with_symmetry(!no_symmetry),
            style,
            format,
        ),
        Command::Solve {
            game,
            json,
            at,
            players,
            tie_break,
            bounds_time,
        } => run_solve(
            &game,
            json,
            at.as_deref(),
            (players, tie_break),
            bounds_time,
            style,
        ),
        Command::Play(p) => crate::commands::play_cmd::run(p, style),
        Command::Tree {
            game,
            depth,
            tie_break,
        } => {
            let loaded = load(&game.file, &game.sets, style)?;
            match &loaded.game {
                Compiled::Sequential(rules) => {
                    let tie = tie_for(rules, tie_break)?;
                    tree::run(&loaded, rules, game.limits(), depth, tie)
                }
                Compiled::Throw(_) => Err(usage(
                    "`gamec tree` is for sequential games; a throw game has no game tree (try `gamec graph`)",
                )),
            }
        }
        Command::Graph {
            game,
            format,
            tie_break,
        } => {
            let loaded = load(&game.file, &game.sets, style)?;
            match &loaded.game {
                Compiled::Sequential(rules) => {
                    let tie = tie_for(rules, tie_break)?;
                    graph::run(&loaded, rules, game.limits(), format, tie)
                }
                Compiled::Throw(t) => {
                    not_for(tie_break.is_some(), "--tie-break", "sequential games")?;
                    crate::commands::throw::graph::run(&loaded, t, format)
                }
            }
        }
        Command::Fmt { files, check } => crate::commands::fmt::run(&files, check, style),
        Command::Lsp => crate::commands::lsp::run(),
        Command::Completions { shell } => {
            crate::commands::shell::completions(Cli::command(), shell)
        }
        Command::Man { command } => crate::commands::shell::man(Cli::command(), command.as_deref()),
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
                Compiled::Sequential(_) => Err(usage(
                    "`gamec run` is for throw games (with `throws` and `beats`); this is a sequential game",
                )),
            }
        }
    }
}

/// `players`: `--players` and `--tie-break`.
fn run_solve(
    game: &GameArgs,
    json: bool,
    at: Option<&str>,
    players: (Option<u32>, Option<crate::solve::maxn::TieBreak>),
    bounds_time: Option<u64>,
    style: RenderStyle,
) -> CliResult {
    let (players, tie_break) = players;
    let loaded = load(&game.file, &game.sets, style)?;
    match &loaded.game {
        Compiled::Sequential(rules) if rules.staged().is_some() => {
            not_for(players.is_some(), "--players", "throw games")?;
            if tie_break.is_some() {
                return Err(usage(
                    "--tie-break is for games of three or more players, and this one rolls during play or has simultaneous moves",
                ));
            }
            let time = bounds_time.map_or(
                crate::commands::rolling::BOUNDS_TIME,
                std::time::Duration::from_secs,
            );
            crate::commands::rolling::run(&loaded, rules, game.limits(), json, (time, at))
        }
        _ if bounds_time.is_some() => Err(usage(
            "--bounds-time is for games that roll during play (a `roll` in a move's body)",
        )),
        Compiled::Sequential(rules) if rules.players > 2 => {
            not_for(players.is_some(), "--players", "throw games")?;
            let tie = tie_break.unwrap_or(crate::solve::maxn::TieBreak::Fastest);
            crate::commands::many::run(&loaded, rules, game.limits(), json, at, tie)
        }
        Compiled::Sequential(rules) => {
            not_for(players.is_some(), "--players", "throw games")?;
            if tie_break.is_some() {
                return Err(usage(&format!(
                    "--tie-break is for games of three or more players, and this one has {}",
                    rules.players
                )));
            }
            solve::run(&loaded, rules, game.limits(), json, at)
        }
        Compiled::Throw(t) => {
            not_for(at.is_some(), "--at", "sequential games")?;
            not_for(tie_break.is_some(), "--tie-break", "sequential games")?;
            crate::commands::throw::solve::run(&loaded, t, json, players)
        }
    }
}
