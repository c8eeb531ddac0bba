//! Who plays: a player's number fixed before play (`setup by player K`, `first mover K`) and who
//! makes the first move.

use super::expr::Cx;
use crate::diag::{catalog, Diag, Diagnostics};
use crate::rules::CSetup;
use crate::syntax::ast::{Expr, FirstMover, GameFile};

/// A player's number fixed before play (`setup by player K`, `first mover K`): 1 or 2.
pub(super) fn const_player(e: &Expr, cx: &mut Cx, d: &mut Diagnostics) -> Option<u8> {
    match cx.const_int(e, d)? {
        p if super::solo::is_player(cx, p) => Some(p as u8),
        p => {
            let help = match cx.players {
                1 => "This game has one player, player 1.".to_string(),
                2 => "Players are numbered 1 and 2.".to_string(),
                n => format!("Players are numbered 1 to {n}."),
            };
            d.push(
                Diag::error("gamec::bad_player", format!("there is no player {p}"))
                    .label(e.span, "not a player")
                    .help(help),
            );
            None
        }
    }
}

/// Who makes the first move: `first mover K`, the player after `setup by player K`, or 1. Said
/// both ways (or `first mover` twice), it is `gamec::duplicate_declaration`.
pub(super) fn first_mover(
    file: &GameFile,
    setup: Option<&CSetup>,
    cx: &mut Cx,
    d: &mut Diagnostics,
) -> u8 {
    let said: Vec<&FirstMover> = file.first_movers.iter().collect();
    if let [first, again, ..] = said[..] {
        d.push(catalog::duplicate_declaration(
            again.span,
            first.span,
            "first mover",
        ));
    }
    let by = file.setups.first().and_then(|s| s.by_player.as_ref());
    if let (Some(f), Some(by)) = (said.first(), by) {
        d.push(catalog::first_mover_twice(f.span, by.span));
    }
    let declared = said.first().and_then(|f| const_player(&f.player, cx, d));
    match (setup.and_then(|s| s.by_player), declared) {
        (Some(k), _) => 3 - k,
        (None, Some(p)) => p,
        (None, None) => 1,
    }
}
