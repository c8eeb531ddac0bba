//! The elimination chain for many players: exact fractions up to 500 players (their digits grow
//! with the square of the count; 1,000 players took 53 s), decimals computed in logarithms for
//! more (a million players in a tenth of a second), and a clear refusal where even those would
//! take too long (`--players 1000000000` allocated 12 GB).

use crate::common;
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
fn a_million_players_are_answered_from_the_counts_that_matter() {
    // From n players of Rock-Paper-Scissors a round decides with probability 3(2^n - 2)/3^n, and
    // every earlier count adds at most (5/6)^n to the expectation: for a million players
    // E = 1/P to far more digits than are shown. Each chain step used to visit every earlier
    // count, so 7,071 players was the most computed.
    let o = gamec(&[
        "solve",
        "games/multiplayer_rps.game",
        "--players",
        "1000000",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // The closed form, to 40 digits (Python's decimal module): P = 1.652211244314040399895e-176091
    // and 1/P = 6.052494821357886913120e176090. Summing a million rounded logarithms instead
    // printed 1.65222e-176091 and 6.05246e176090.
    let n = 1e6f64;
    let log10_p = (3f64.ln() + n * 2f64.ln() - n * 3f64.ln()) / std::f64::consts::LN_10;
    let mantissa = |l: f64| 10f64.powf(l - l.floor());
    assert!((mantissa(log10_p) - 1.6522112443).abs() < 1e-8);
    assert!((mantissa(-log10_p) - 6.0524948213).abs() < 1e-8);
    assert!(stdout(&o).ends_with(
        "  1000000 players: a round eliminates someone with probability ≈ 1.65221e-176091 (not computed exactly above 500 players)
  1000000 players: expected rounds until one is left: ≈ 6.05249e176090 (not computed exactly above 500 players)
"
    ), "{}", stdout(&o));
}

#[test]
fn a_chain_whose_counts_all_matter_is_refused_past_its_budget() {
    // With a throw that beats every other, almost every round decides and leaves about a quarter
    // of the players, so each count needs a window of earlier ones: the work is bounded, and
    // past the bound the answer is a refusal that says so.
    let src = "game \"dynamite\" {
  throws r, p, s, d
  beats { p beats r; s beats p; r beats s; d beats r; d beats p; d beats s }
  players 2..
  round { otherwise: eliminate losers }
}";
    let g = match gamec::compile(src, &[]).0 {
        Some((_, gamec::Compiled::Throw(t))) => t,
        _ => panic!("compiles as a throw game"),
    };
    let classes = gamec::throw::chain::classes(&g);
    let within = gamec::throw::chain_decimal::chain_within(4, &classes, &[5000], 20_000_000)
        .expect("within the budget");
    assert_eq!(
        gamec::throw::chain_decimal::decimal_of_ln(within[&5000].expected.expect("ends")),
        "6.80935"
    );
    let e = gamec::throw::chain_decimal::chain_within(4, &classes, &[5000], 100_000)
        .expect_err("past the budget");
    assert!(
        e.starts_with("the elimination chain of this game is not computed for 5000 players: it needs more than 100000 steps (it reached "),
        "{e}"
    );
    // The same value agrees with the exact chain where both exist (100 players: 3.987634).
    let rows = chain(&g, &[100]).expect("chain");
    let exact = rows[0].exact.as_ref().expect("exact");
    let x = exact
        .expected
        .as_ref()
        .and_then(|e| e.to_f64())
        .expect("ends");
    assert!((x - 3.987634).abs() < 1e-6, "{x}");
    assert!((rows[0].expected_ln.expect("ends") - x.ln()).abs() < 1e-12);
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
        "error: the elimination chain is computed for at most 10000000 players, not 1000000000\n"
    );
}
