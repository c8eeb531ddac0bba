//! `gamec play` for sequential games: solve, then hand the terminal to the player loop, from the
//! start (rolling the setup) or from an `--at` position (rolling nothing).

use super::at;
use super::common::{usage, CliResult, Loaded};
use super::explore::solve_or_exit;
use crate::engine::{Branch, Code, Engine, Limits};
use crate::play::many::Many;
use crate::play::rolling::Values;
use crate::play::{end_rule_texts, play, Game, Options, Seat};
use crate::rules::Rules;
use crate::solve::maxn::TieBreak;
use num_rational::BigRational;
use num_traits::One;
use std::io::IsTerminal;

pub struct PlayArgs {
    /// Each player's seat, player 1's first.
    pub seats: Vec<Seat>,
    /// Games of three or more players: how max^n breaks ties.
    pub tie: TieBreak,
    pub blunder: f64,
    pub seed: Option<u64>,
    pub hints: bool,
    /// The position to start from, as `solve --at` takes it.
    pub at: Option<String>,
}

/// Plays one game on stdin/stdout. Exit 0 when the game ends, also when input runs out first or
/// the human quits.
pub fn run(loaded: &Loaded, rules: &Rules, limits: Limits, args: PlayArgs) -> CliResult {
    if rules.staged().is_some() {
        return run_rolling(loaded, rules, limits, args);
    }
    if rules.players > 2 {
        return run_many(loaded, rules, limits, args);
    }
    let engine = limits.engine(rules);
    let at_code = args
        .at
        .as_deref()
        .map(|text| at::parse(&engine, text))
        .transpose()?;
    let (mut starts, solution) = solve_or_exit(loaded, &engine, limits.positions)?;
    let mut below = None;
    if let (Some(text), Some(code)) = (args.at.as_deref(), at_code) {
        below = at::solve_unreached(loaded, &engine, text, code, &solution, limits.positions)?;
        starts = vec![start_at(&engine, code)];
    }
    let g = Game {
        engine: &engine,
        solution: below.as_ref().unwrap_or(&solution),
        starts: &starts,
        end_rules: end_rule_texts(rules, &loaded.source),
        many: None,
    };
    table(&g, args)
}

/// `run` for three or more players: every player's view solved, positions in player 1's.
fn run_many(loaded: &Loaded, rules: &Rules, limits: Limits, args: PlayArgs) -> CliResult {
    let views = super::views::views(rules);
    let engines: Vec<Engine> = views.iter().map(|v| limits.engine(v)).collect();
    let at_code = args
        .at
        .as_deref()
        .map(|text| at::parse(&engines[0], text))
        .transpose()?;
    let (mut starts, mut solutions) = super::views::solve_all(loaded, &engines, limits.positions)?;
    if let (Some(text), Some(code)) = (args.at.as_deref(), at_code) {
        let probe = Many {
            engines: &engines,
            solutions: &solutions,
            tie: args.tie,
            limit: limits.positions,
        };
        let codes: Vec<Code> = (1..=rules.players)
            .map(|q| probe.in_view(q, code))
            .collect();
        if let Some(below) = at::solve_unreached(
            loaded,
            &engines[0],
            text,
            code,
            &solutions[0],
            limits.positions,
        )? {
            solutions[0] = below;
            for (q, c) in codes.iter().enumerate().skip(1) {
                solutions[q] = super::explore::solve_below(&engines[q], *c, limits.positions)
                    .map_err(|d| super::explore::report(loaded, d))?;
            }
        }
        starts = vec![start_at(&engines[0], code)];
    }
    let many = Many {
        engines: &engines,
        solutions: &solutions,
        tie: args.tie,
        limit: limits.positions,
    };
    let g = Game {
        engine: &engines[0],
        solution: &solutions[0],
        starts: &starts,
        end_rules: end_rule_texts(rules, &loaded.source),
        many: Some(many),
    };
    table(&g, args)
}

/// Plays the game `g` at the terminal.
fn table(g: &Game, args: PlayArgs) -> CliResult {
    let opts = options(args);
    let mut input = std::io::stdin().lock();
    let mut output = std::io::stdout().lock();
    stopped(play(g, &opts, &mut input, &mut output))
}

fn options(args: PlayArgs) -> Options {
    Options {
        seats: args.seats,
        blunder: args.blunder,
        seed: args.seed.unwrap_or_else(rand::random),
        show_seed: args.seed.is_none(),
        hints: args.hints,
        echo: !std::io::stdin().is_terminal(),
    }
}

fn stopped<T>(r: std::io::Result<T>) -> CliResult {
    match r {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(usage(&format!("the game stopped: {e}"))),
    }
}

/// `run` for a game that rolls during play or has simultaneous moves: solved as `solve` solves
/// it (refusing what it refuses; from `--at` as `solve --at` does), then played with each roll
/// drawn and announced.
fn run_rolling(loaded: &Loaded, rules: &Rules, limits: Limits, args: PlayArgs) -> CliResult {
    let engine = limits.engine(rules);
    let time = super::rolling::BOUNDS_TIME;
    let (starts, solved) = super::rolling::solve_or_exit(
        loaded,
        rules,
        &engine,
        (limits.positions, time),
        args.at.as_deref(),
    )?;
    let values = match &solved {
        super::explore::Rolled::Exact(s) => Values::Exact(s),
        super::explore::Rolled::Bounds(_) if rules.together().is_some() => {
            return Err(super::explore::report(
                loaded,
                crate::diag::together::play_loopy(),
            ));
        }
        super::explore::Rolled::Bounds(b) => Values::Bounds(b),
    };
    let opts = options(args);
    let mut input = std::io::stdin().lock();
    let mut output = std::io::stdout().lock();
    stopped(crate::play::rolling::play(
        &engine,
        &values,
        &starts,
        &opts,
        &mut input,
        &mut output,
    ))
}

/// The one start of a game played from `code`: no roll; the player to move is the position's
/// `turn` where positions record it, and player 1 where they do not.
fn start_at(engine: &Engine, code: Code) -> Branch {
    let pos = engine.decode(code);
    let mover = if engine.turn_matters() { pos.mover } else { 1 };
    Branch {
        code,
        pos,
        prob: BigRational::one(),
        mover,
        rolls: Vec::new(),
    }
}

/// Every player's seat: `--seats` (one a player, in turn order), else `--player1` and
/// `--player2`, player 1 a human and everyone else the computer unless they say otherwise.
pub fn seats(
    rules: &Rules,
    player1: Option<Seat>,
    player2: Option<Seat>,
    list: Option<&str>,
) -> Result<Vec<Seat>, super::common::Exit> {
    let n = usize::from(rules.players.max(1));
    let example = {
        let mut words = vec!["human"; 1];
        words.resize(n, "computer");
        format!("--seats {}", words.join(","))
    };
    let Some(list) = list else {
        let mut s = vec![
            player1.unwrap_or(Seat::Human),
            player2.unwrap_or(Seat::Computer),
        ];
        s.resize(n.max(2), Seat::Computer);
        return Ok(s);
    };
    let mut s = Vec::new();
    for word in list.split(',') {
        s.push(match word.trim().to_lowercase().as_str() {
            "human" => Seat::Human,
            "computer" => Seat::Computer,
            other => {
                return Err(usage(&format!(
                    "--seats: `{other}` is not a seat; each is human or computer, one a player \
                     in turn order ({example})"
                )))
            }
        });
    }
    if s.len() != n {
        let count = |k: usize, one: &str| format!("{k} {one}{}", if k == 1 { "" } else { "s" });
        return Err(usage(&format!(
            "--seats gives {}, and this game ({}) has {}: give one a player, in turn order \
             ({example})",
            count(s.len(), "seat"),
            rules.name,
            count(n, "player")
        )));
    }
    // A puzzle's one player is seated first; the second seat is never asked for.
    if s.len() < 2 {
        s.push(Seat::Computer);
    }
    Ok(s)
}
