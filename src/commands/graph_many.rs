//! `gamec graph` for games of three or more players: each position with the player to move
//! (`turn=K`), coloured by that player's security value (what they can force against all the
//! others together), labelled with it and the max^n outcome; in JSON, every player's security
//! value and the max^n outcome too.

use crate::engine::Code;
use crate::play::many::{payoff_words, Many};
use crate::play::{value_name, value_text};
use crate::solve::maxn::{MaxN, Payoff};
use crate::solve::Entry;
use serde_json::{json, Value as Json};

/// What a node of an N-player game's graph shows.
pub struct Worth {
    pub to_move: u8,
    /// Every player's security value, player 1's first.
    pub security: Vec<Option<Entry>>,
    /// The max^n outcome (none where play can return to a position).
    pub maxn: Option<Payoff>,
    /// Whether results are margins.
    pub scored: bool,
}

impl Worth {
    pub fn of(many: &Many, maxn: Option<&mut MaxN>, code: Code) -> Worth {
        Worth {
            to_move: many.to_move(code),
            security: many.securities(code),
            maxn: maxn.and_then(|m| m.solve(code).ok()),
            scored: many.scored(),
        }
    }

    /// The security value of the player to move, which colours the node.
    pub fn mover(&self) -> Option<Entry> {
        self.security
            .get(usize::from(self.to_move) - 1)
            .copied()
            .flatten()
    }

    /// The lines under the position: `player 1 can force: lose in 5`, `max^n: player 1 wins in 4`.
    pub fn label(&self) -> String {
        let force = self.mover().map_or("?".to_string(), |e| value_text(&e));
        let mut t = format!("player {} can force: {force}", self.to_move);
        if let Some(p) = &self.maxn {
            t += &format!("\\nmax^n: {}", payoff_words(p, self.scored));
        }
        t
    }

    /// The node's JSON fields beyond the position: `to_move`, the mover's `value` and
    /// `remoteness` (and `margin` in a scored game), every player's `security`, and `maxn`.
    pub fn json(&self, rules: &crate::rules::Rules, scored: bool, j: &mut Json) {
        let mine = self.mover();
        j["to_move"] = json!(self.to_move);
        j["value"] = json!(mine.map(|e| value_name(rules, &e)));
        j["remoteness"] = json!(mine.and_then(|e| e.remoteness));
        if scored {
            j["margin"] = json!(mine.and_then(|e| e.margin));
        }
        j["security"] = self
            .security
            .iter()
            .zip(1..)
            .map(|(e, q): (&Option<Entry>, u8)| {
                let mut s = json!({
                    "player": q,
                    "value": e.map(|e| e.value.name()),
                    "remoteness": e.and_then(|e| e.remoteness),
                });
                if scored {
                    s["margin"] = json!(e.and_then(|e| e.margin));
                }
                s
            })
            .collect();
        j["maxn"] = self.maxn.as_ref().map_or(
            Json::Null,
            |p| json!({"winners": p.winners(), "results": p.results, "remoteness": p.remoteness}),
        );
    }
}

/// The DOT comment's second line and the JSON note.
pub fn note(many: &Many, maxn: bool) -> String {
    let m = if maxn {
        format!(
            " Under it, the max^n outcome: who wins if every player picks the move best for them \
             (tie-break {}).",
            many.tie.name()
        )
    } else {
        " Play can return to a position, so there is no max^n outcome.".to_string()
    };
    format!(
        "{} players; turn=K is player K to move. Colours are the security value of the player to \
         move (what they can force against all the others together): green win, red lose, yellow \
         tie, blue draw; end positions have a double border.{m}",
        many.players()
    )
}
