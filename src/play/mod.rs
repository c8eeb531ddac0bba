//! The player loop for sequential games, over any `BufRead` input and `Write` output so tests can
//! script whole games in-process as well as through the binary with piped stdin.
//!
//! The loop tracks the absolute player to move itself: when the rules never depend on the turn the
//! engine's positions do not record it. The turn passes after every move unless the move said
//! `again`; after `setup by player K` the first mover is the branch's. The moves made so far are
//! a `Line`, which a human's `u` shortens and which the review reads when the game stops, however
//! it stops.

mod computer;
mod input;
mod line;
pub mod many;
mod many_table;
mod prompt;
mod puzzle;
mod rated;
mod review;
pub mod rolling;
mod stage;
mod text;
pub mod throw;

pub use rated::{best_moves, rated_moves, slower_wins, winning_moves};
pub use text::{
    end_rule_texts, position_board, position_words, value_name, value_text, value_words, wrap,
};

use crate::engine::{Branch, Code, Engine, Expand, Rel};
use crate::solve::maxn::MaxN;
use crate::solve::Solution;
use line::{Line, Ply};
use many::Many;
use prompt::Asked;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{self, BufRead, Write};

/// Who chooses a player's moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Computer,
}

pub struct Options {
    /// Each player's seat, player 1's first (a puzzle's player is the first).
    pub seats: Vec<Seat>,
    /// Probability that the computer plays a random legal move instead of a best one.
    pub blunder: f64,
    pub seed: u64,
    /// Say the seed after the introduction, so the game can be replayed (when it was not given).
    pub show_seed: bool,
    /// Show each move's value before a human moves (until the human types `h`).
    pub hints: bool,
    /// Write what the human typed back to the output (for piped input, which is not echoed).
    pub echo: bool,
}

/// A solved game ready to play.
pub struct Game<'a> {
    pub engine: &'a Engine<'a>,
    pub solution: &'a Solution,
    /// Where play may begin: the setup's rolls with their probabilities, or one position.
    pub starts: &'a [Branch],
    /// Each end rule as written, to say why the game ended.
    pub end_rules: Vec<String>,
    /// For three or more players: every player's view (`engine` and `solution` are player 1's).
    pub many: Option<Many<'a, 'a>>,
}

/// How a game stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won(u8),
    Tie,
    /// A position occurred for the third time (with the same player to move).
    Repetition,
    /// A human typed `q`.
    Abandoned,
    /// Input ended before the game did.
    NoInput,
}

/// The occurrence of a position (with the same player to move) that ends the game as a draw. It
/// holds for every seating: a computer that keeps the turn (`again`) in a drawn position would
/// otherwise move forever without waiting for anyone.
pub const REPETITIONS: u32 = 3;

struct Table<'a, 'g, R, W> {
    game: &'a Game<'g>,
    opts: &'a Options,
    rng: ChaCha8Rng,
    /// Whether hints are shown now (`h` turns them on and off).
    hints: bool,
    /// For three or more players: the max^n outcomes valued so far.
    maxn: Option<MaxN<'g, 'g>>,
    input: &'a mut R,
    out: &'a mut W,
}

/// Plays one game from the start (rolling the setup, if any) to its end, then reviews it.
pub fn play<R: BufRead, W: Write>(
    game: &Game,
    opts: &Options,
    input: &mut R,
    out: &mut W,
) -> io::Result<Ending> {
    let mut t = Table {
        game,
        opts,
        rng: ChaCha8Rng::seed_from_u64(opts.seed),
        hints: opts.hints,
        maxn: game.many.map(|m| m.maxn()),
        input,
        out,
    };
    t.intro()?;
    let Some(start) = computer::roll(game.starts, &mut t.rng) else {
        return Err(io::Error::other("the game has no starting position"));
    };
    t.announce_roll(start)?;
    let mover = game.many.map_or(start.mover, |m| m.to_move(start.code));
    let mut line = Line::new(start.code, mover);
    let ending = t.moves(&mut line)?;
    writeln!(t.out)?;
    let review = match (game.engine.rules.players, game.many) {
        (_, Some(m)) => many_table::review(&m, line.plies()),
        (1, _) => puzzle::review(game.solution, line.plies()),
        _ => review::review(game.solution, line.plies()),
    };
    for l in review {
        writeln!(t.out, "{l}")?;
    }
    Ok(ending)
}

/// What one turn came to.
enum Step {
    Over(Ending),
    Moved(Ply),
    Undo,
}

impl<R: BufRead, W: Write> Table<'_, '_, R, W> {
    fn seat(&self, player: u8) -> Seat {
        let k = usize::from(player.max(1)) - 1;
        self.opts.seats.get(k).copied().unwrap_or(Seat::Computer)
    }

    fn intro(&mut self) -> io::Result<()> {
        let rules = self.game.engine.rules;
        writeln!(self.out, "{}", rules.name)?;
        if let Some(about) = &rules.about {
            writeln!(self.out, "{}", wrap(about, 78))?;
        }
        let name = |s: Seat| match s {
            Seat::Human => "human",
            Seat::Computer => "computer",
        };
        if self.puzzle() {
            writeln!(
                self.out,
                "{}",
                puzzle::seat_line(self.seat(1) == Seat::Human)
            )?;
        } else {
            let seats: Vec<String> = (1..=self.players())
                .map(|p| format!("Player {p}: {}.", name(self.seat(p))))
                .collect();
            writeln!(self.out, "{}", seats.join(" "))?;
        }
        let players = self.players();
        if let Some(m) = &self.game.many {
            if (1..=players).any(|p| self.seat(p) == Seat::Computer) {
                writeln!(self.out, "{}", many_table::computer_line(m))?;
            }
        }
        if self.opts.show_seed {
            let seed = self.opts.seed;
            writeln!(self.out, "Seed {seed} (replay with --seed {seed}).")?;
        }
        if (1..=players).any(|p| self.seat(p) == Seat::Human) {
            writeln!(
                self.out,
                "Type a move's number or name, or a command: q quit, u undo, h hints on/off, ? help."
            )?;
        }
        Ok(())
    }

    /// Plays turns until the game ends, taking moves back when a human asks.
    fn moves(&mut self, line: &mut Line) -> io::Result<Ending> {
        loop {
            let (code, to_move) = line.now();
            // A person trying a puzzle may come back to a position as often as they like.
            let trying = self.puzzle() && self.seat(to_move) == Seat::Human;
            if line.occurrences() >= REPETITIONS && !trying {
                return self.repetition(code, to_move);
            }
            match self.turn(line)? {
                Step::Over(ending) => return Ok(ending),
                Step::Moved(ply) => {
                    if self.puzzle() {
                        let said = puzzle::after_move(self.game.solution, &ply, self.hints);
                        if let Some(said) = said {
                            writeln!(self.out, "{said}")?;
                        }
                    }
                    line.push(ply)
                }
                Step::Undo => {
                    let undone: Vec<String> = line
                        .undo(to_move)
                        .iter()
                        .map(|p| format!("{} by player {}", p.label, p.mover))
                        .collect();
                    writeln!(self.out, "Taken back: {}.", undone.join(", "))?;
                }
            }
        }
    }

    fn announce_roll(&mut self, b: &Branch) -> io::Result<()> {
        if b.rolls.is_empty() {
            return Ok(());
        }
        let rolled: Vec<String> = b.rolls.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let who = match self
            .game
            .engine
            .rules
            .setup
            .as_ref()
            .and_then(|s| s.by_player)
        {
            Some(k) => format!("Player {k}"),
            None => "The setup".to_string(),
        };
        writeln!(self.out, "\n{who} rolls {}.", rolled.join(", "))
    }

    /// Shows the position; ends the game, makes one move, or asks to undo.
    fn turn(&mut self, line: &Line) -> io::Result<Step> {
        let engine = self.game.engine;
        let (code, to_move) = line.now();
        let (e, moves) = engine
            .moves_of(code)
            .map_err(|f| io::Error::other(f.error.message))?;
        writeln!(self.out, "\n{}", position_board(engine, code, to_move))?;
        if let Expand::End { rel, rule, margin } = e {
            return self.game_over(line, rel, rule, margin).map(Step::Over);
        }
        let seat = self.seat(to_move);
        let mut blundered = false;
        let pick = match seat {
            Seat::Computer if self.game.many.is_some() => {
                let (k, b) = self.many_choice(to_move, &moves)?;
                blundered = b;
                k
            }
            Seat::Computer => {
                computer::choose(self.game.solution, &moves, self.opts.blunder, &mut self.rng)
            }
            Seat::Human => match self.ask(to_move, &moves, line.can_undo(to_move))? {
                Asked::Move(k) => k,
                Asked::Undo => return Ok(Step::Undo),
                Asked::Quit => {
                    writeln!(self.out, "Player {to_move} quits: the game is abandoned.")?;
                    return Ok(Step::Over(Ending::Abandoned));
                }
                Asked::NoInput => {
                    writeln!(self.out, "No more input: the game stops here.")?;
                    return Ok(Step::Over(Ending::NoInput));
                }
            },
        };
        let Some((label, child)) = moves.get(pick).or(moves.last()) else {
            return Err(io::Error::other("a position that is not over has no move"));
        };
        writeln!(self.out, "Player {to_move} plays {label}.")?;
        let next = match &self.game.many {
            Some(m) => m.to_move(child.code),
            None if child.kept => to_move,
            None => 3 - to_move,
        };
        Ok(Step::Moved(Ply {
            mover: to_move,
            next,
            label: label.clone(),
            before: code,
            child: *child,
            by_computer: seat == Seat::Computer,
            blundered,
        }))
    }

    /// How many players (a view's engine has two: its player and the others).
    fn players(&self) -> u8 {
        self.game
            .many
            .map_or(self.game.engine.rules.players, |m| m.players())
    }

    /// Whether the game is a puzzle: one player, who makes every move.
    fn puzzle(&self) -> bool {
        self.game.engine.rules.players == 1
    }

    /// The game has ended at a position where `to_move` was to move; in a scored game `margin`
    /// is theirs (their score less the other's).
    fn game_over(
        &mut self,
        line: &Line,
        rel: Rel,
        rule: usize,
        margin: Option<i64>,
    ) -> io::Result<Ending> {
        let (code, to_move) = line.now();
        let why = self
            .game
            .end_rules
            .get(rule)
            .map_or("the end rule".to_string(), |r| format!("`{r}`"));
        if self.game.many.is_some() {
            return self.many_over(code, &why);
        }
        let ending = match rel {
            Rel::Win => Ending::Won(to_move),
            Rel::Lose => Ending::Won(3 - to_move),
            Rel::Tie => Ending::Tie,
        };
        if self.puzzle() {
            writeln!(
                self.out,
                "{}",
                puzzle::over_line(rel, &why, line.plies().len())
            )?;
            return Ok(ending);
        }
        let mut by = match margin {
            Some(m) if m != 0 => format!(" by {}", m.unsigned_abs()),
            _ => String::new(),
        };
        if let Some([one, two]) = self.game.engine.end_scores(code, rule) {
            by += &format!(" (player 1 scores {one}, player 2 scores {two})");
        }
        let result = match ending {
            Ending::Won(p) => format!("player {p} wins{by}"),
            _ => format!("a tie{by}"),
        };
        writeln!(self.out, "Game over: {result}, by the rule {why}.")?;
        if let Ending::Won(p) = ending {
            self.cheer(&[p])?;
        }
        Ok(ending)
    }

    /// With exactly one human at the table: `You win!` when they are among `winners`, else
    /// `The computer wins.`
    fn cheer(&mut self, winners: &[u8]) -> io::Result<()> {
        let humans: Vec<u8> = (1..=self.players().max(2))
            .filter(|&p| self.seat(p) == Seat::Human)
            .collect();
        if let ([human], false) = (&humans[..], winners.is_empty()) {
            let line = if winners.contains(human) {
                "You win!"
            } else if self.game.many.is_some() {
                "You lose."
            } else {
                "The computer wins."
            };
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    fn repetition(&mut self, code: Code, to_move: u8) -> io::Result<Ending> {
        let pos = position_board(self.game.engine, code, to_move);
        writeln!(
            self.out,
            "\n{pos}\nThis position has now occurred {REPETITIONS} times: the game is a draw by repetition."
        )?;
        Ok(Ending::Repetition)
    }
}
