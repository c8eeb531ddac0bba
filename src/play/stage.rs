//! `play` at a simultaneous choice (`together`): each player chooses without seeing the other's
//! choice. The computer draws its choice from its optimal mixed strategy (the one `solve`
//! prints) with the seeded generator; a human types a choice by number or as listed. Then both
//! choices are shown and the pair is played. (Two humans at one screen see the list the first
//! typed into; gamec does not hide it.)

use super::input::{parse_entry, read_entry, Typed};
use super::{Ending, Seat};
use crate::engine::{Engine, Stage};
use crate::solve::stage::Mixed;
use num_rational::BigRational;
use num_traits::ToPrimitive;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, Write};

/// Where the choosing happens: the stage, both strategies, who sits where, and whether hints
/// (each choice's optimal probability) are shown.
pub struct Choosing<'a> {
    pub engine: &'a Engine<'a>,
    pub stage: &'a Stage,
    pub mixed: &'a Mixed,
    pub to_move: u8,
    pub hints: bool,
    pub echo: bool,
}

/// The index among the position's moves of the pair chosen, or how the game ended (a quit, the
/// input's end).
pub fn choose<R: BufRead, W: Write>(
    c: &Choosing,
    seat: impl Fn(u8) -> Seat,
    rng: &mut ChaCha8Rng,
    input: &mut R,
    out: &mut W,
) -> io::Result<Result<usize, Ending>> {
    let other = 3 - c.to_move;
    let sides = [
        (c.to_move, 0, &c.stage.rows, &c.mixed.rows),
        (other, 1, &c.stage.cols, &c.mixed.cols),
    ];
    let mut picked = [0usize; 2];
    let mut said = Vec::new();
    for (player, k, values, probs) in sides {
        let texts: Vec<String> = values
            .iter()
            .map(|&v| c.engine.rules.choice_text(c.stage.family, k, v))
            .collect();
        let i = match seat(player) {
            Seat::Computer => drawn(probs, rng),
            Seat::Human => match typed(c, player, &texts, probs, input, out)? {
                Ok(i) => i,
                Err(ending) => return Ok(Err(ending)),
            },
        };
        picked[k] = i;
        said.push(format!("player {player} chose {}", texts[i]));
    }
    writeln!(out, "At the same time, {}.", said.join(" and "))?;
    Ok(Ok(c.stage.cell(picked[0], picked[1])))
}

/// A choice drawn with the strategy's probabilities.
fn drawn(probs: &[BigRational], rng: &mut ChaCha8Rng) -> usize {
    let x: f64 = rng.gen();
    let mut acc = 0.0;
    for (i, p) in probs.iter().enumerate() {
        acc += p.to_f64().unwrap_or(0.0);
        if x < acc {
            return i;
        }
    }
    probs
        .iter()
        .rposition(|p| p.to_f64().unwrap_or(0.0) > 0.0)
        .unwrap_or(0)
}

/// A human's choice, typed.
fn typed<R: BufRead, W: Write>(
    c: &Choosing,
    player: u8,
    texts: &[String],
    probs: &[BigRational],
    input: &mut R,
    out: &mut W,
) -> io::Result<Result<usize, Ending>> {
    let mut hints = c.hints;
    loop {
        match hints {
            true => writeln!(
                out,
                "Your choices, each with the probability an optimal strategy gives it (the other player chooses at the same time):"
            )?,
            false => writeln!(
                out,
                "Your choices (the other player chooses at the same time):"
            )?,
        }
        for (k, t) in texts.iter().enumerate() {
            match hints {
                true => writeln!(out, "  {}  {t}  {}", k + 1, probs[k])?,
                false => writeln!(out, "  {}  {t}", k + 1)?,
            }
        }
        write!(out, "Player {player}, your choice: ")?;
        out.flush()?;
        let Some(entry) = read_entry(input)? else {
            writeln!(out, "\nNo more input: the game stops here.")?;
            return Ok(Err(Ending::NoInput));
        };
        if c.echo {
            writeln!(out, "{}", entry.trim_end())?;
        }
        match parse_entry(&entry, texts) {
            Ok(Typed::Move(k)) => return Ok(Ok(k)),
            Ok(Typed::Quit) => {
                writeln!(out, "Player {player} quits: the game is abandoned.")?;
                return Ok(Err(Ending::Abandoned));
            }
            Ok(Typed::Hints) => hints = !hints,
            Ok(Typed::Undo) => writeln!(out, "Undo is not available in this game.")?,
            Ok(Typed::Help | Typed::Moves) => writeln!(
                out,
                "Type a choice's number or its text as listed; q quits, h turns hints on or off."
            )?,
            Err(why) => writeln!(out, "{why}")?,
        }
    }
}
