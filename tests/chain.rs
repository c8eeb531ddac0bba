//! The elimination chain for many players: exact fractions up to 500 players (their digits grow
//! with the square of the count; 1,000 players took 53 s), decimals computed in logarithms for
//! more (1,000 players in milliseconds), and a clear refusal where even those would take too long
//! (`--players 1000000000` allocated 12 GB).

mod common;
use common::{gamec, stderr, stdout};
use gamec::throw::elimination::chain;
use num_traits::ToPrimitive;

fn rps() -> gamec::throw::ThrowGame {
    let src = std::fs::read_to_string(common::game_path("multiplayer_rps.game")).expect("the game");
    match gamec::compile(&src, &[]).0 {
        Some((_, gamec::Compiled::Throw(t))) => t,
        _ => panic!("multiplayer_rps compiles as a throw game"),
    }
}

#[test]
fn the_decimal_chain_agrees_with_the_exact_one() {
    let counts: Vec<usize> = (2..=120).collect();
    for row in chain(&rps(), &counts).expect("chain") {
        let exact = row.exact.as_ref().expect("exact up to 500 players");
        let one = gamec::throw::exact::Q::from_integer(1.into());
        let decisive = (one - exact.stay.clone()).to_f64().expect("a probability");
        let expected = exact
            .expected
            .as_ref()
            .and_then(|e| e.to_f64())
            .expect("finite");
        let close = |ln: f64, x: f64| ((ln - x.ln()) / x.ln().abs().max(1.0)).abs() < 1e-12;
        assert!(close(row.decisive_ln, decisive), "{} players", row.players);
        let e = row.expected_ln.expect("play ends");
        assert!(
            close(e, expected),
            "{} players: {} vs {}",
            row.players,
            e.exp(),
            expected
        );
    }
}

#[test]
fn a_thousand_players_are_answered_in_decimals() {
    let o = gamec(&["solve", "games/multiplayer_rps.game", "--players", "1000"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).ends_with(
        "  1000 players: a round eliminates someone with probability ≈ 2.43143e-176 (not computed exactly above 500 players)
  1000 players: expected rounds until one is left: ≈ 4.11280e175 (not computed exactly above 500 players)
"
    ), "{}", stdout(&o));
    let o = gamec(&[
        "solve",
        "games/multiplayer_rps.game",
        "--players",
        "1000",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let row = &v["elimination"][0];
    assert_eq!(row["exact"], false);
    assert_eq!(row["decisive_round"], serde_json::Value::Null);
    assert_eq!(row["decisive_round_decimal"], "2.43143e-176");
    assert_eq!(row["expected_rounds"], serde_json::Value::Null);
    assert_eq!(row["expected_rounds_decimal"], "4.11280e175");
}

#[test]
fn long_exact_fractions_are_shortened_in_text_and_whole_in_json() {
    let o = gamec(&["solve", "games/multiplayer_rps.game", "--players", "300"]);
    let text = stdout(&o);
    assert!(
        text.contains("  300 players: expected rounds until one is left: 24825338…15823927 (8275 digits)/11082525…20290250 (8223 digits) ≈ 2.240044e52\n"),
        "{text}"
    );
    let o = gamec(&[
        "solve",
        "games/multiplayer_rps.game",
        "--players",
        "300",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let full = v["elimination"][0]["expected_rounds"]
        .as_str()
        .expect("exact");
    assert_eq!(full.len(), 8275 + 1 + 8223);
}

#[test]
fn too_many_players_is_a_usage_error_at_once() {
    let o = gamec(&[
        "solve",
        "games/multiplayer_rps.game",
        "--players",
        "1000000000",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert_eq!(
        stderr(&o),
        "error: the elimination chain is computed for at most 7071 players of this game (its cost grows with the square of the count), not 1000000000\n"
    );
}
