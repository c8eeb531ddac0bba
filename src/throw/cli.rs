//! The throw-game side of each command: option handling and printing; the work is done elsewhere.

use super::elimination;
use super::play::{Match, Style};
use super::{matrix, report, ThrowGame};
use crate::commands::common::{CliResult, ComputerStyle, Exit, GraphFormat, Loaded};
use crate::commands::io::{error_line, out};
use crate::diag::did_you_mean;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::json;
use std::path::PathBuf;

/// The player counts shown when a file allows any number and `--players` is not given.
const SHOWN_COUNTS: std::ops::RangeInclusive<usize> = 3..=6;

/// A usage error: the message on stderr and exit code 2.
fn usage(message: &str) -> Exit {
    error_line(message);
    Exit(2)
}

fn checked_players(t: &ThrowGame, n: u32) -> Result<u32, Exit> {
    if t.players.allows(n) {
        Ok(n)
    } else {
        Err(usage(&format!(
            "`{}` is for {} players, not {n}",
            t.name,
            t.players.describe()
        )))
    }
}

pub fn solve(_l: &Loaded, t: &ThrowGame, json: bool, players: Option<u32>) -> CliResult {
    let fixed = (t.players.max == Some(t.players.min)).then_some(t.players.min);
    let asked = match players.or(fixed) {
        Some(n) => Some(checked_players(t, n)?),
        None => None,
    };
    let two = match asked {
        Some(n) => n == 2,
        None => t.two_player(),
    };
    let counts: Vec<usize> = match asked {
        Some(2) => Vec::new(),
        Some(n) => vec![n as usize],
        None => SHOWN_COUNTS
            .filter(|&n| t.players.allows(n as u32))
            .collect(),
    };
    let analysis = if two { matrix::analyse(t) } else { None };
    let chain = match counts.is_empty() {
        false => Some(elimination::chain(t, &counts).map_err(|e| usage(&e))?),
        true => None,
    };
    if json {
        let v = json!({
            "game": t.name,
            "throws": t.throws.iter().map(|x| x.name.clone()).collect::<Vec<_>>(),
            "two_players": analysis.as_ref().map(|a| report::two_player_json(t, a)),
            "elimination": chain.as_ref().map(|c| report::chain_json(c)),
        });
        out(&format!("{v:#}\n"));
        return Ok(());
    }
    let mut s = format!(
        "{}: a throw game with {} throws, for {} players\n",
        t.name,
        t.len(),
        t.players.describe()
    );
    if let Some(a) = &analysis {
        s += &report::two_player_text(t, a);
    }
    if let Some(c) = &chain {
        s += &report::chain_text(t, c);
    }
    out(&s);
    Ok(())
}

pub fn play(
    _l: &Loaded,
    t: &ThrowGame,
    rounds: u32,
    c: ComputerStyle,
    seed: Option<u64>,
) -> CliResult {
    checked_players(t, 2)?;
    if rounds == 0 {
        return Err(usage("--rounds must be at least 1"));
    }
    let Some(analysis) = matrix::analyse(t) else {
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
        matrix: analysis.matrix,
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

pub fn graph(_l: &Loaded, t: &ThrowGame, f: GraphFormat) -> CliResult {
    match f {
        GraphFormat::Dot => out(&report::dot(t)),
        GraphFormat::Json => out(&format!("{:#}\n", report::graph_json(t))),
    }
    Ok(())
}

pub fn run(
    _l: &Loaded,
    t: &ThrowGame,
    players: &str,
    throws: Option<String>,
    file: Option<PathBuf>,
) -> CliResult {
    let names: Vec<String> = players.split(',').map(|s| s.trim().to_string()).collect();
    if names.iter().any(String::is_empty) {
        return Err(usage(
            "--players needs names separated by commas, like alice,bob,charlie",
        ));
    }
    let text = match (throws, file) {
        (Some(s), _) => s.split(',').map(str::to_string).collect::<Vec<_>>(),
        (None, Some(p)) => read_lists(&p)?,
        (None, None) => {
            return Err(usage(
                "give each player's throws with --throws \"r p, r r, s p\" or --throws-file",
            ))
        }
    };
    if text.len() != names.len() {
        return Err(usage(&format!(
            "{} players are named but {} throw lists are given; give one list per player",
            names.len(),
            text.len()
        )));
    }
    checked_players(t, names.len() as u32)?;
    let lists = text
        .iter()
        .zip(&names)
        .map(|(line, who)| parse_list(t, line, who))
        .collect::<Result<Vec<_>, _>>()?;
    let log = elimination::run(t, &lists);
    out(&report::run_text(t, &names, &log));
    Ok(())
}

/// One player's throws per line; blank lines and `#` comments are skipped.
fn read_lists(path: &PathBuf) -> Result<Vec<String>, Exit> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| usage(&format!("cannot read {}: {e}", path.display())))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect())
}

fn parse_list(t: &ThrowGame, line: &str, who: &str) -> Result<Vec<usize>, Exit> {
    line.split_whitespace()
        .map(|w| {
            t.find(w).ok_or_else(|| {
                let names = t.throws.iter().map(|x| x.name.as_str());
                let hint = did_you_mean(w, names)
                    .map_or(String::new(), |s| format!("; did you mean `{s}`?"));
                let all: Vec<&str> = t.throws.iter().map(|x| x.name.as_str()).collect();
                usage(&format!(
                    "{who}'s throw `{w}` is not a throw of this game{hint} (throws: {})",
                    all.join(", ")
                ))
            })
        })
        .collect()
}
