//! `gamec play` for throw games: solve the matrix game, then hand the terminal to the play loop.

use super::{checked_players, usage};
use crate::commands::common::{CliResult, ComputerStyle, Loaded};
use crate::play::throw::{approximate, Match, Style};
use crate::throw::ThrowGame;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub fn run(
    l: &Loaded,
    t: &ThrowGame,
    rounds: u32,
    c: ComputerStyle,
    seed: Option<u64>,
) -> CliResult {
    checked_players(t, 2)?;
    if rounds == 0 {
        return Err(usage("--rounds must be at least 1"));
    }
    let Some(analysis) = super::analysed(l, t)? else {
        return Err(usage("this game has no throws to play"));
    };
    let style = match c {
        ComputerStyle::Optimal => Style::Optimal(analysis.strategy.clone()),
        ComputerStyle::Adaptive => Style::Adaptive,
    };
    let rng = match seed {
        Some(s) => ChaCha8Rng::seed_from_u64(s),
        None => ChaCha8Rng::from_entropy(),
    };
    let mut m = Match {
        game: t,
        matrix: approximate(&analysis.matrix),
        style,
        rounds,
        rng,
        echo: !std::io::IsTerminal::is_terminal(&std::io::stdin()),
    };
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut output = std::io::stdout().lock();
    match m.play(&mut input, &mut output) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(usage(&format!("cannot read or write the terminal: {e}"))),
    }
}
