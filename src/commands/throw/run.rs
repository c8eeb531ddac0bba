//! `gamec run`: the fixed-strategy elimination game, each player's throws given in advance.

use super::{checked_players, rule_text, usage};
use crate::cli::{out, CliResult, Exit, Loaded};
use crate::diag::did_you_mean;
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
    out(&run_text(t, &names, &log));
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
