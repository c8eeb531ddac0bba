//! `play` for a game that rolls during play: each turn shows the position and the moves (with
//! `--hints`, each move's expected count for the mover: exact, or certified bounds where play
//! can return to a position); after a move its rolls are drawn with their exact probabilities
//! from the seeded generator and announced (`Player 1 plays roll: die=4.`). The computer plays
//! the move of the highest expected count (the lower bound, with bounds), or with probability
//! `--blunder` a random one. There is no undo and no review yet. A position coming back is no
//! draw (chance brings it back); a game stops as a draw after `MAX_PLIES` moves.

use super::computer;
use super::input::{parse_entry, read_entry, Typed};
use super::text::{position_board, wrap};
use super::{Ending, Options, Seat};
use crate::engine::{merge_runs, Branch, Code, Engine, Outcome, Rel, Scratch};
use crate::solve::expect::ChanceSolution;
use crate::solve::interval::{decimal, Bounds};
use num_rational::BigRational;
use num_traits::ToPrimitive;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, Write};

/// The most moves one game is played for.
pub const MAX_PLIES: u32 = 10_000;

/// The values `play` reads: exact, or certified bounds.
pub enum Values<'a> {
    Exact(&'a ChanceSolution),
    Bounds(&'a Bounds),
}

impl Values<'_> {
    /// A move's expected count for its mover: (lower, upper) (equal when exact).
    fn of(&self, outcomes: &[Outcome]) -> Option<(BigRational, BigRational)> {
        match self {
            Values::Exact(s) => s
                .move_value(outcomes)
                .map(|v| (v.expected.clone(), v.expected)),
            Values::Bounds(b) => b.move_bounds(outcomes),
        }
    }

    fn words(&self, outcomes: &[Outcome]) -> String {
        match (self, self.of(outcomes)) {
            (_, None) => "unknown".to_string(),
            (Values::Exact(_), Some((v, _))) => format!("expected {v}"),
            (Values::Bounds(b), Some((v, _))) if b.exact.is_ok() => format!("expected {v}"),
            (Values::Bounds(_), Some((l, h))) => format!(
                "expected between {} and {}",
                decimal(&l, 6, false),
                decimal(&h, 6, true)
            ),
        }
    }
}

/// Plays one game from a start drawn from the setup's, to its end (or a quit, or the input's
/// end); a position seen a third time with the same player to move is a draw.
pub fn play<R: BufRead, W: Write>(
    engine: &Engine,
    values: &Values,
    starts: &[Branch],
    opts: &Options,
    input: &mut R,
    out: &mut W,
) -> io::Result<Ending> {
    let rules = engine.rules;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    writeln!(out, "{}", rules.name)?;
    if let Some(about) = &rules.about {
        writeln!(out, "{}", wrap(about, 78))?;
    }
    let seat = |p: u8| {
        opts.seats
            .get(usize::from(p.max(1)) - 1)
            .copied()
            .unwrap_or(Seat::Computer)
    };
    let name = |s: Seat| {
        if s == Seat::Human {
            "human"
        } else {
            "computer"
        }
    };
    let seats: Vec<String> = (1..=rules.players.max(1))
        .map(|p| format!("Player {p}: {}.", name(seat(p))))
        .collect();
    writeln!(out, "{}", seats.join(" "))?;
    if opts.show_seed {
        writeln!(out, "Seed {0} (replay with --seed {0}).", opts.seed)?;
    }
    writeln!(
        out,
        "Type a move's number or name, or a command: q quit, h hints on/off, ? help. Rolls are drawn with their exact probabilities."
    )?;
    let Some(start) = computer::roll(starts, &mut rng) else {
        return Err(io::Error::other("the game has no starting position"));
    };
    let (mut code, mut to_move): (Code, u8) = (start.code, start.mover);
    let mut hints = opts.hints;
    let mut plies = 0u32;
    let mut scratch = Scratch::default();
    loop {
        writeln!(out, "\n{}", position_board(engine, code, to_move))?;
        // Positions recur by chance here (Pig's 1s), so a repetition is no draw; a game no one
        // ends (every move a draw) stops after `MAX_PLIES` moves.
        plies += 1;
        if plies > MAX_PLIES {
            writeln!(
                out,
                "{MAX_PLIES} moves made and the game has not ended: it stops here as a draw."
            )?;
            return Ok(Ending::Repetition);
        }
        let runs = engine
            .runs_of(code, &mut scratch)
            .map_err(|f| io::Error::other(f.error.message))?;
        let Some(moves) = runs else {
            let e = engine
                .expand_chance(code, &mut scratch)
                .map_err(|f| io::Error::other(f.error.message))?;
            return over(engine, e, to_move, seat, out);
        };
        let labels: Vec<String> = moves
            .iter()
            .map(|(f, args, _)| engine.move_label(code, *f, args))
            .collect();
        let merged: Vec<Vec<Outcome>> = (moves.iter())
            .map(|(_, _, runs)| merge_runs(runs).into_iter().map(|(o, _)| o).collect())
            .collect();
        // The solve found each simultaneous choice and its strategies (its moves in the order
        // `runs_of` lists them); games that loop have none.
        let (stage, mixed) = match values {
            Values::Exact(s) => (s.stages.get(&code), s.mixed.get(&code)),
            Values::Bounds(_) => (None, None),
        };
        // A chance turn is nobody's: it is taken at once, by the seeded draw below.
        let turn = matches!(&moves[..], [(f, _, _)] if rules.moves[*f].chance);
        let pick = if turn {
            0
        } else if let (Some(stage), Some(mixed)) = (stage, mixed) {
            let c = super::stage::Choosing {
                engine,
                stage,
                mixed,
                to_move,
                hints,
                echo: opts.echo,
            };
            match super::stage::choose(&c, seat, &mut rng, input, out)? {
                Ok(k) => k,
                Err(ending) => return Ok(ending),
            }
        } else {
            match seat(to_move) {
                Seat::Computer => {
                    if rng.gen::<f64>() < opts.blunder {
                        rng.gen_range(0..moves.len().max(1))
                    } else {
                        best(values, &merged)
                    }
                }
                Seat::Human => loop {
                    if hints {
                        writeln!(
                            out,
                            "Moves, with each one's expected count for you (a win 1, a loss -1):"
                        )?;
                    } else {
                        writeln!(out, "Moves:")?;
                    }
                    for (k, l) in labels.iter().enumerate() {
                        match hints {
                            true => {
                                writeln!(out, "  {}  {l}  {}", k + 1, values.words(&merged[k]))?
                            }
                            false => writeln!(out, "  {}  {l}", k + 1)?,
                        }
                    }
                    write!(out, "Player {to_move}, your move: ")?;
                    out.flush()?;
                    let Some(entry) = read_entry(input)? else {
                        writeln!(out, "\nNo more input: the game stops here.")?;
                        return Ok(Ending::NoInput);
                    };
                    if opts.echo {
                        writeln!(out, "{}", entry.trim_end())?;
                    }
                    match parse_entry(&entry, &labels) {
                    Ok(Typed::Move(k)) => break k,
                    Ok(Typed::Quit) => {
                        writeln!(out, "Player {to_move} quits: the game is abandoned.")?;
                        return Ok(Ending::Abandoned);
                    }
                    Ok(Typed::Hints) => hints = !hints,
                    Ok(Typed::Undo) => writeln!(out, "Undo is not available in a game that rolls during play.")?,
                    Ok(Typed::Help | Typed::Moves) => writeln!(out, "Type a move's number or its name as listed; q quits, h turns hints on or off.")?,
                    Err(why) => writeln!(out, "{why}")?,
                }
                },
            }
        };
        let (Some((_, _, runs)), Some(label)) = (moves.get(pick), labels.get(pick)) else {
            return Err(io::Error::other("a position that is not over has no move"));
        };
        let Some((next, rolled)) = draw(runs, &mut rng) else {
            return Err(io::Error::other("a move without an outcome"));
        };
        match (turn, rolled.is_empty()) {
            (true, true) => writeln!(out, "A chance turn: nothing rolled.")?,
            (true, false) => writeln!(out, "A chance turn: rolled {rolled}.")?,
            (false, true) => writeln!(out, "Player {to_move} plays {label}.")?,
            (false, false) => writeln!(out, "Player {to_move} plays {label}: rolled {rolled}.")?,
        }
        code = next.code;
        if !next.kept {
            to_move = if rules.players <= 1 {
                to_move
            } else {
                3 - to_move
            };
        }
    }
}

/// A run drawn with its probability: its outcome and what it rolled.
/// (`None` for a move without runs, which the engine never gives.)
fn draw<'r>(runs: &'r [(Outcome, String)], rng: &mut ChaCha8Rng) -> Option<&'r (Outcome, String)> {
    let x: f64 = rng.gen();
    let mut acc = 0.0;
    for run in runs {
        acc += run.0.prob.to_f64().unwrap_or(0.0);
        if x < acc {
            return Some(run);
        }
    }
    runs.last()
}

/// The move of the highest expected count (of the highest lower bound), the first among equals.
fn best(values: &Values, moves: &[Vec<Outcome>]) -> usize {
    let mut top: Option<(usize, BigRational)> = None;
    for (k, m) in moves.iter().enumerate() {
        if let Some((lo, _)) = values.of(m) {
            if top.as_ref().is_none_or(|(_, t)| lo > *t) {
                top = Some((k, lo));
            }
        }
    }
    top.map_or(0, |(k, _)| k)
}

fn over<W: Write>(
    engine: &Engine,
    e: crate::engine::ChanceExpand,
    to_move: u8,
    seat: impl Fn(u8) -> Seat,
    out: &mut W,
) -> io::Result<Ending> {
    let crate::engine::ChanceExpand::End { rel, margin } = e else {
        return Err(io::Error::other("a position with moves has no end"));
    };
    let players = engine.rules.players;
    let other = if players <= 1 { 0 } else { 3 - to_move };
    let (ending, words) = match (rel, margin) {
        (Rel::Tie, _) => (Ending::Tie, "a tie".to_string()),
        (Rel::Win, m) => (
            Ending::Won(to_move),
            format!(
                "player {to_move} wins{}",
                m.map(|m| format!(" by {m}")).unwrap_or_default()
            ),
        ),
        (Rel::Lose, _) if players <= 1 => (Ending::Won(0), "the puzzle is lost".to_string()),
        (Rel::Lose, m) => (
            Ending::Won(other),
            format!(
                "player {other} wins{}",
                m.map(|m| format!(" by {}", -m)).unwrap_or_default()
            ),
        ),
    };
    writeln!(out, "Game over: {words}.")?;
    let humans: Vec<u8> = (1..=players.max(1))
        .filter(|&p| seat(p) == Seat::Human)
        .collect();
    if let ([h], Ending::Won(w)) = (&humans[..], ending) {
        writeln!(
            out,
            "{}",
            if *h == w {
                "You win!"
            } else {
                "The computer wins."
            }
        )?;
    }
    Ok(ending)
}
