//! `gamec run`: the fixed-strategy elimination game, each player's throws given in advance.

use super::{checked_players, rule_text, usage};
use crate::commands::common::{read_bytes, CliResult, Exit, Loaded};
use crate::commands::io::out;
use crate::diag::did_you_mean;
use crate::syntax::MAX_SOURCE_BYTES;
use crate::throw::elimination::{self, RoundLog, RunLog, Stop};
use crate::throw::ThrowGame;
use std::path::PathBuf;

pub fn run(
    _l: &Loaded,
    t: &ThrowGame,
    players: &str,
    throws: Option<String>,
    file: Option<PathBuf>,
) -> CliResult {
    let names = player_names(players)?;
    let text = match (throws, file) {
        (Some(s), _) => lists_option(&s)?,
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
    out(&run_text(t, &names, &log));
    Ok(())
}

/// `--players alice,bob,charlie`: names that are not empty and all different.
fn player_names(players: &str) -> Result<Vec<String>, Exit> {
    if players.trim().is_empty() {
        return Err(usage(
            "--players is empty; name the players, separated by commas, like alice,bob,charlie",
        ));
    }
    let names: Vec<String> = players.split(',').map(|s| s.trim().to_string()).collect();
    if let Some(i) = names.iter().position(String::is_empty) {
        return Err(usage(&format!(
            "--players has an empty name (the {}); name the players, separated by commas, like alice,bob,charlie",
            ordinal(i + 1)
        )));
    }
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(usage(&format!(
                "--players names `{name}` twice; give every player a different name"
            )));
        }
    }
    Ok(names)
}

/// `--throws "r p, r r, s p"`: one list per player, separated by commas.
fn lists_option(throws: &str) -> Result<Vec<String>, Exit> {
    if throws.trim().is_empty() {
        return Err(usage(
            "--throws is empty; give each player's throws, players separated by commas and rounds by spaces, like --throws \"r p, r r, s p\"",
        ));
    }
    Ok(throws.split(',').map(str::to_string).collect())
}

/// `1st`, `2nd`, `3rd`, `4th`, ..., `11th`, `21st`.
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// One player's throws per line; `#` starts a comment (on a line of its own or after the throws),
/// and lines with nothing else are skipped.
fn read_lists(path: &std::path::Path) -> Result<Vec<String>, Exit> {
    let bytes =
        read_bytes(path).map_err(|e| usage(&format!("cannot read {}: {e}", path.display())))?;
    if bytes.len() > MAX_SOURCE_BYTES {
        return Err(usage(&format!(
            "{} is larger than {MAX_SOURCE_BYTES} bytes, the most a throws file may have",
            path.display()
        )));
    }
    let text = String::from_utf8(bytes)
        .map_err(|_| usage(&format!("cannot read {}: not UTF-8 text", path.display())))?;
    let lists: Vec<String> = text
        .lines()
        .map(|l| l.split_once('#').map_or(l, |(before, _)| before).trim())
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    if lists.is_empty() {
        return Err(usage(&format!(
            "{} has no throw lists; write one player's throws per line, rounds separated by spaces",
            path.display()
        )));
    }
    Ok(lists)
}

fn parse_list(t: &ThrowGame, line: &str, who: &str) -> Result<Vec<usize>, Exit> {
    if line.trim().is_empty() {
        return Err(usage(&format!(
            "{who} has no throws; give every player at least one (players are separated by commas, rounds by spaces)"
        )));
    }
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

/// The round-by-round log of a fixed-strategy game, then the survivors.
pub fn run_text(g: &ThrowGame, names: &[String], log: &RunLog) -> String {
    let mut s = String::new();
    for (r, round) in log.rounds.iter().enumerate() {
        let shown: Vec<String> = round
            .throws
            .iter()
            .map(|&(p, t)| format!("{} {}", names[p], g.throws[t].display))
            .collect();
        s += &format!("round {}: {}\n", r + 1, shown.join(", "));
        s += &format!("  {}\n", verdict_text(g, names, round));
    }
    match &log.stop {
        Stop::OneLeft => {}
        Stop::UsedUp(ps) => {
            let who: Vec<&str> = ps.iter().map(|&p| names[p].as_str()).collect();
            let n = log.rounds.len() + 1;
            s += &format!(
                "stopped: no throw left for round {n} ({})\n",
                who.join(", ")
            );
        }
    }
    let who: Vec<&str> = log.survivors.iter().map(|&p| names[p].as_str()).collect();
    s += &format!("survivors: {}\n", who.join(", "));
    s
}

fn verdict_text(g: &ThrowGame, names: &[String], round: &RoundLog) -> String {
    let v = &round.verdict;
    let rule = rule_text(g, v.when, v.action);
    if v.out.is_empty() {
        let mut shown: Vec<usize> = round.throws.iter().map(|&(_, t)| t).collect();
        shown.sort_unstable();
        shown.dedup();
        let what: Vec<&str> = shown
            .iter()
            .map(|&t| g.throws[t].display.as_str())
            .collect();
        return match what[..] {
            [one] => format!("stalemate: everyone threw {one} ({rule})"),
            _ => format!("stalemate: {} ({rule})", what.join(", ")),
        };
    }
    let shown: Vec<usize> = round.throws.iter().map(|&(_, t)| t).collect();
    let why: Vec<String> = v
        .out
        .iter()
        .map(|&j| {
            let winner = shown
                .iter()
                .copied()
                .filter(|&i| g.beat(i, j).is_some())
                .min_by_key(|i| v.out.contains(i));
            winner.map_or(String::new(), |i| g.sentence(i, j))
        })
        .collect();
    let who: Vec<&str> = round.out.iter().map(|&p| names[p].as_str()).collect();
    let verb = if who.len() == 1 { "is" } else { "are" };
    format!(
        "{}: {} {verb} out ({rule})",
        why.join("; "),
        who.join(" and ")
    )
}
