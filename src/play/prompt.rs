//! A human's turn at the prompt: the list of moves (with hints when they are on), reading entries
//! until one makes a move or asks to quit or undo, and answering `h` and `?` on the spot.

use super::input::{needs_escape, parse_entry, read_entry, Typed, COMMANDS, LISTED};
use super::rated::move_value;
use super::{value_words, Table};
use crate::engine::Child;
use std::io::{self, BufRead, Write};

/// What a human's turn came to.
pub enum Asked {
    Move(usize),
    Quit,
    Undo,
    NoInput,
}

/// The line under a list of moves that names the moves typed with `=`, if any.
fn escape_note(moves: &[(String, Child)]) -> Option<String> {
    let escaped: Vec<String> = moves
        .iter()
        .filter(|(l, _)| needs_escape(l))
        .map(|(l, _)| format!("={}", l.trim()))
        .collect();
    let shown = match escaped.len() {
        0 => return None,
        1..=3 => escaped.join(", "),
        _ => format!("{} and so on", escaped[..3].join(", ")),
    };
    Some(format!(
        "(A move named like a number or a command is typed with = first: {shown}.)"
    ))
}

impl<R: BufRead, W: Write> Table<'_, '_, R, W> {
    /// Lists the moves and reads until an entry makes a move, quits or undoes (`can_undo`: the
    /// player has a move to take back); `h` and `?` are answered here.
    pub(super) fn ask(
        &mut self,
        to_move: u8,
        moves: &[(String, Child)],
        can_undo: bool,
    ) -> io::Result<Asked> {
        self.list_moves(to_move, moves, false)?;
        let labels: Vec<String> = moves.iter().map(|(l, _)| l.clone()).collect();
        loop {
            match self.game.engine.rules.players {
                1 => write!(self.out, "Your move: ")?,
                _ => write!(self.out, "Player {to_move}, your move: ")?,
            }
            self.out.flush()?;
            let Some(entry) = read_entry(self.input)? else {
                writeln!(self.out)?;
                return Ok(Asked::NoInput);
            };
            if self.opts.echo {
                writeln!(self.out, "{entry}")?;
            }
            match parse_entry(&entry, &labels) {
                Ok(Typed::Move(k)) => return Ok(Asked::Move(k)),
                Ok(Typed::Quit) => return Ok(Asked::Quit),
                Ok(Typed::Undo) if can_undo => return Ok(Asked::Undo),
                Ok(Typed::Undo) => writeln!(
                    self.out,
                    "Nothing to undo: player {to_move} has not moved in this game yet."
                )?,
                Ok(Typed::Hints) => {
                    self.hints = !self.hints;
                    let now = if self.hints { "on" } else { "off" };
                    writeln!(self.out, "Hints {now}.")?;
                    self.list_moves(to_move, moves, false)?;
                }
                Ok(Typed::Moves) => self.list_moves(to_move, moves, true)?,
                Ok(Typed::Help) => self.help()?,
                Err(why) => writeln!(self.out, "{why}")?,
            }
        }
    }

    fn help(&mut self) -> io::Result<()> {
        writeln!(
            self.out,
            "Type a move's number, or its name as listed (case and spaces do not matter), or a \
             command:"
        )?;
        for (short, long, what) in COMMANDS {
            let words = format!("{short}, {long}");
            writeln!(self.out, "  {words:<9} {what}")?;
        }
        writeln!(
            self.out,
            "Digits alone are always a move number; a move named like a number or a command is \
             typed\nwith = first (=3, =q)."
        )
    }

    /// Lists the moves: all of them when `all` or when there are at most [`LISTED`] (a
    /// few more would not be worth a line of their own), else the first [`LISTED`] and a line
    /// saying how many more there are and how to see or type them.
    pub(super) fn list_moves(
        &mut self,
        to_move: u8,
        moves: &[(String, Child)],
        all: bool,
    ) -> io::Result<()> {
        let hints = self.hints;
        let head = match (hints, &self.game.many) {
            (true, Some(m)) => super::many_table::hints_heading(m),
            (true, None) => {
                "Moves, with your result after each (in N: moves until the end, counting this one):"
                    .to_string()
            }
            (false, _) => "Moves:".to_string(),
        };
        writeln!(self.out, "{head}")?;
        let shown = if all || moves.len() <= LISTED + LISTED / 4 {
            moves.len()
        } else {
            LISTED
        };
        let width = moves[..shown]
            .iter()
            .map(|(l, _)| l.len())
            .max()
            .unwrap_or(0);
        let num = moves.len().to_string().len();
        for (k, (label, child)) in moves[..shown].iter().enumerate() {
            let hint = match move_value(self.game.solution, *child) {
                _ if hints && self.game.many.is_some() => {
                    format!("  {}", self.many_hint(to_move, *child)?)
                }
                Some(seen) if hints => format!("  {}", value_words(self.game.engine.rules, &seen)),
                _ => String::new(),
            };
            let line = format!("  {:>num$}  {label:<width$}{hint}", k + 1);
            writeln!(self.out, "{}", line.trim_end())?;
        }
        if shown < moves.len() {
            writeln!(
                self.out,
                "  … and {} more, numbered {} to {} (m lists them all; a move's number or name \
                 works either way)",
                moves.len() - shown,
                shown + 1,
                moves.len()
            )?;
        }
        if let Some(note) = escape_note(moves) {
            writeln!(self.out, "{note}")?;
        }
        Ok(())
    }
}
