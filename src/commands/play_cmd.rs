//! `gamec play`'s arguments and their checks, for either family: the seats, the computer's
//! settings and where to start for sequential games; rounds and style for throw games.

use super::args::{not_for, tie_for, GameArgs, Side};
use super::common::{is_stdin, load, usage, CliResult, Compiled, ComputerStyle};
use super::play;
use crate::diag::RenderStyle;
use crate::play::Seat;

/// `gamec play`'s arguments, for either family.
#[derive(clap::Args, Debug)]
pub struct PlayCmd {
    #[command(flatten)]
    game: GameArgs,
    /// Sequential games: who plays first [default: human].
    #[arg(long, value_enum)]
    player1: Option<Side>,
    /// Sequential games: who plays second [default: computer]. Players 3 and on are the
    /// computer; --seats seats everyone.
    #[arg(long, value_enum)]
    player2: Option<Side>,
    /// Sequential games: every player's seat, human or computer, in turn order: --seats
    /// human,computer,human for three players [default: player 1 human, the others computer].
    #[arg(long, value_name = "SEATS", conflicts_with_all = ["player1", "player2"])]
    seats: Option<String>,
    /// Games of three or more players: how the computer picks among moves equally good for it
    /// in its max^n move (fastest: the soonest end; delay: a win soonest, a loss latest;
    /// paranoid: the worst for the others) [default: fastest].
    #[arg(long, value_enum, value_name = "RULE")]
    tie_break: Option<crate::solve::maxn::TieBreak>,
    /// Sequential games: probability that the computer picks a random legal move instead of
    /// the best one [default: 0.1].
    #[arg(long, value_name = "P")]
    blunder: Option<f64>,
    /// Seed for the computer's random choices (reproducible games).
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// Sequential games: show the value of every move before a human moves (`h` at the prompt
    /// turns hints on and off); with three or more players, each move's max^n outcome and what
    /// the mover can force after it against all the others together.
    #[arg(long)]
    hints: bool,
    /// Sequential games: start from this position, written as `solve --at` takes it (no setup
    /// is rolled).
    #[arg(long, value_name = "POSITION")]
    at: Option<String>,
    /// Throw games: how many rounds (best of N) [default: 5].
    #[arg(long, value_name = "N")]
    rounds: Option<u32>,
    /// Throw games: the computer's style [default: optimal].
    #[arg(long, value_enum)]
    computer: Option<ComputerStyle>,
}

/// Runs `gamec play`.
pub fn run(p: PlayCmd, style: RenderStyle) -> CliResult {
    if is_stdin(&p.game.file) {
        return Err(usage(
            "`gamec play` reads the moves from standard input, so the game cannot come from it \
             too (`-`); give the game as a file",
        ));
    }
    if let Some(b) = p.blunder.filter(|b| !(0.0..=1.0).contains(b)) {
        return Err(usage(&format!(
            "--blunder must be a probability from 0 to 1, got {b}"
        )));
    }
    let loaded = load(&p.game.file, &p.game.sets, style)?;
    match &loaded.game {
        Compiled::Sequential(rules) => {
            not_for(p.rounds.is_some(), "--rounds", "throw games")?;
            not_for(p.computer.is_some(), "--computer", "throw games")?;
            let tie = tie_for(rules, p.tie_break)?;
            let seat = |s: Side| match s {
                Side::Human => Seat::Human,
                Side::Computer => Seat::Computer,
            };
            let seats = play::seats(
                rules,
                p.player1.map(seat),
                p.player2.map(seat),
                p.seats.as_deref(),
            )?;
            let args = play::PlayArgs {
                seats,
                tie,
                blunder: p.blunder.unwrap_or(0.1),
                seed: p.seed,
                hints: p.hints,
                at: p.at,
            };
            play::run(&loaded, rules, p.game.limits(), args)
        }
        Compiled::Throw(t) => {
            not_for(p.player1.is_some(), "--player1", "sequential games")?;
            not_for(p.player2.is_some(), "--player2", "sequential games")?;
            not_for(p.seats.is_some(), "--seats", "sequential games")?;
            not_for(p.tie_break.is_some(), "--tie-break", "sequential games")?;
            not_for(p.blunder.is_some(), "--blunder", "sequential games")?;
            not_for(p.hints, "--hints", "sequential games")?;
            not_for(p.at.is_some(), "--at", "sequential games")?;
            let computer = p.computer.unwrap_or(ComputerStyle::Optimal);
            crate::commands::throw::play::run(&loaded, t, p.rounds.unwrap_or(5), computer, p.seed)
        }
    }
}
