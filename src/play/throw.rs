//! Playing a throw game against the computer, best of N rounds, over any `BufRead` + `Write` so that
//! tests can script a whole session.

use crate::diag::did_you_mean;
use crate::throw::exact::Q;
use crate::throw::ThrowGame;
use num_traits::ToPrimitive;
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, Write};

/// How the computer chooses.
#[derive(Clone, Debug)]
pub enum Style {
    /// Draws from this optimal mixed strategy every round.
    Optimal(Vec<Q>),
    /// Hedge (multiplicative weights) on the human's history: it exploits a predictable human, and
    /// no sequence of human throws can push its average below the game's value in the long run.
    Adaptive,
}

pub struct Match<'a> {
    pub game: &'a ThrowGame,
    /// The payoff matrix, approximately: only the adaptive computer's weights use it.
    pub matrix: Vec<Vec<f64>>,
    pub style: Style,
    pub rounds: u32,
    pub rng: ChaCha8Rng,
    /// Write what the human typed back to the output (for piped input, which is not echoed).
    pub echo: bool,
}

/// How a match ended: rounds won by the human and by the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Summary {
    pub human: u32,
    pub computer: u32,
    pub finished: bool,
}

impl Match<'_> {
    /// Plays until one side has won a majority of `rounds`, or the human quits or input ends.
    pub fn play(&mut self, input: &mut impl BufRead, out: &mut impl Write) -> io::Result<Summary> {
        let target = self.rounds / 2 + 1;
        let names: Vec<&str> = self.game.throws.iter().map(|t| t.name.as_str()).collect();
        writeln!(
            out,
            "{} — best of {} against the computer.",
            self.game.name, self.rounds
        )?;
        writeln!(
            out,
            "Throws: {}. Type one (or q to quit).",
            names.join(", ")
        )?;
        let mut s = Summary {
            human: 0,
            computer: 0,
            finished: false,
        };
        let mut history = vec![0u64; self.game.len()];
        let mut round = 1;
        while s.human < target && s.computer < target {
            let Some(h) = self.ask(round, input, out)? else {
                writeln!(
                    out,
                    "Match stopped. Score: you {}, computer {}.",
                    s.human, s.computer
                )?;
                return Ok(s);
            };
            let c = self.choose(&history);
            history[h] += 1;
            self.report(h, c, &mut s, out)?;
            round += 1;
        }
        s.finished = true;
        let verdict = if s.human > s.computer {
            "You win"
        } else {
            "The computer wins"
        };
        writeln!(
            out,
            "{verdict} the match {}–{}.",
            s.human.max(s.computer),
            s.human.min(s.computer)
        )?;
        Ok(s)
    }

    /// Prompts until a throw is named; `None` when the human quits or input ends.
    fn ask(
        &self,
        round: u32,
        input: &mut impl BufRead,
        out: &mut impl Write,
    ) -> io::Result<Option<usize>> {
        loop {
            write!(out, "Round {round}. Your throw: ")?;
            out.flush()?;
            let mut bytes = Vec::new();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                writeln!(out)?;
                writeln!(out, "No more input: the match stops here.")?;
                return Ok(None);
            }
            // Bytes that are not UTF-8 become replacement characters: a bad entry, not an error.
            let line = String::from_utf8_lossy(&bytes);
            let word = line.trim();
            if self.echo {
                writeln!(out, "{word}")?;
            }
            match word.to_lowercase().as_str() {
                "" => {
                    writeln!(out, "Nothing typed: type a throw as listed, or q to quit.")?;
                    continue;
                }
                "q" | "quit" | "exit" => return Ok(None),
                _ => {}
            }
            match parse_throw(self.game, word) {
                Ok(t) => return Ok(Some(t)),
                Err(msg) => writeln!(out, "{msg}")?,
            }
        }
    }

    fn choose(&mut self, history: &[u64]) -> usize {
        let weights: Vec<f64> = match &self.style {
            Style::Optimal(p) => p.iter().map(|q| q.to_f64().unwrap_or(0.0)).collect(),
            Style::Adaptive => hedge(&self.matrix, history),
        };
        sample(&weights, &mut self.rng)
    }

    fn report(&self, h: usize, c: usize, s: &mut Summary, out: &mut impl Write) -> io::Result<()> {
        let g = self.game;
        let (hn, cn) = (&g.throws[h].display, &g.throws[c].display);
        let line = if h == c {
            format!("Both throw {hn} — a tie.")
        } else if g.beat(h, c).is_some() {
            s.human += 1;
            format!(
                "You throw {hn}, the computer throws {cn}. {} — you win.",
                g.sentence(h, c)
            )
        } else if g.beat(c, h).is_some() {
            s.computer += 1;
            format!(
                "You throw {hn}, the computer throws {cn}. {} — you lose.",
                g.sentence(c, h)
            )
        } else {
            format!("You throw {hn}, the computer throws {cn}. Nothing decides this pair — a tie.")
        };
        writeln!(
            out,
            "{line} Score: you {}, computer {}.",
            s.human, s.computer
        )
    }
}

/// A throw by short name, display name or unique start of either (any case), or a message saying why not.
pub fn parse_throw(g: &ThrowGame, word: &str) -> Result<usize, String> {
    if let Some(i) = g.find(word) {
        return Ok(i);
    }
    let lower = word.to_lowercase();
    let starts: Vec<usize> = (0..g.len())
        .filter(|&i| {
            let t = &g.throws[i];
            t.name.to_lowercase().starts_with(&lower)
                || t.display.to_lowercase().starts_with(&lower)
        })
        .collect();
    if let [one] = starts[..] {
        return Ok(one);
    }
    let names: Vec<&str> = g.throws.iter().map(|t| t.name.as_str()).collect();
    let hint = match did_you_mean(word, names.iter().copied()) {
        Some(s) if starts.is_empty() => format!(" Did you mean `{s}`?"),
        _ if starts.len() > 1 => " That could be more than one throw.".to_string(),
        _ => String::new(),
    };
    Err(format!(
        "`{word}` is not a throw of this game.{hint} Throws: {}.",
        names.join(", ")
    ))
}

/// The payoff matrix in floating point, for the adaptive computer's weights (0 if out of range).
pub fn approximate(matrix: &[Vec<Q>]) -> Vec<Vec<f64>> {
    matrix
        .iter()
        .map(|row| row.iter().map(|q| q.to_f64().unwrap_or(0.0)).collect())
        .collect()
}

/// Hedge weights: exp(η · gain of each throw against the human's history so far).
fn hedge(matrix: &[Vec<f64>], history: &[u64]) -> Vec<f64> {
    let t: u64 = history.iter().sum();
    let k = matrix.len().max(2) as f64;
    let range = 2.0
        * matrix
            .iter()
            .flatten()
            .map(|x| x.abs())
            .fold(0.0, f64::max)
            .max(f64::MIN_POSITIVE);
    let eta = (8.0 * k.ln() / (t + 1) as f64).sqrt() / range;
    let gains: Vec<f64> = matrix
        .iter()
        .map(|row| row.iter().zip(history).map(|(a, &n)| a * n as f64).sum())
        .collect();
    let top = gains.iter().copied().fold(f64::MIN, f64::max);
    gains.iter().map(|g| (eta * (g - top)).exp()).collect()
}

fn sample(weights: &[f64], rng: &mut impl Rng) -> usize {
    let total: f64 = weights.iter().sum();
    let mut x = rng.gen::<f64>() * total;
    for (i, w) in weights.iter().enumerate() {
        if x < *w {
            return i;
        }
        x -= w;
    }
    weights.iter().rposition(|w| *w > 0.0).unwrap_or(0)
}
