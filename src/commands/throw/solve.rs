//! `gamec solve` for throw games: the 2-player matrix game and the elimination chain, as text or JSON.

use super::{chain_text, checked_players, two_player_text, usage};
use crate::commands::common::{CliResult, Loaded};
use crate::commands::io::out;
use crate::throw::{elimination, ThrowGame};
use serde_json::json;

/// The player counts shown when a file allows several and `--players` is not given.
const SHOWN_COUNTS: std::ops::RangeInclusive<usize> = 2..=6;

pub fn run(l: &Loaded, t: &ThrowGame, json: bool, players: Option<u32>) -> CliResult {
    let fixed = (t.players.max == Some(t.players.min)).then_some(t.players.min);
    let asked = match players.or(fixed) {
        Some(n) => Some(checked_players(t, n)?),
        None => None,
    };
    let two = match asked {
        Some(n) => n == 2,
        None => t.two_player(),
    };
    // A game for exactly 2 players is a matrix game only; one for more is an elimination game,
    // which 2 players can play too.
    let elimination = t.players.max != Some(2);
    let counts: Vec<usize> = match asked {
        _ if !elimination => Vec::new(),
        Some(n) => vec![n as usize],
        None => SHOWN_COUNTS
            .filter(|&n| t.players.allows(n as u32))
            .collect(),
    };
    let analysis = if two { super::analysed(l, t)? } else { None };
    let chain = match counts.is_empty() {
        false => Some(elimination::chain(t, &counts).map_err(|e| usage(&e))?),
        true => None,
    };
    if json {
        let v = json!({
            "game": t.name,
            "throws": t.throws.iter().map(|x| x.name.clone()).collect::<Vec<_>>(),
            "two_players": analysis.as_ref().map(|a| two_player_text::json(t, a)),
            "elimination": chain.as_ref().map(|c| chain_text::json(c)),
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
        s += &two_player_text::text(t, a);
    }
    if let Some(c) = &chain {
        s += &chain_text::text(t, c);
    }
    out(&s);
    Ok(())
}
