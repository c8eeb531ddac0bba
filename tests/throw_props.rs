//! Property tests for throw games: generated tournaments, checker completeness, and the exact chain
//! against brute-force enumeration.

use gamec::diag::Diagnostics;
use gamec::throw::elimination::{chain, judge};
use gamec::throw::{check, matrix, ThrowGame};
use proptest::prelude::*;

fn compile(source: &str) -> (Option<ThrowGame>, Diagnostics) {
    let ast = gamec::syntax::parse(source).expect("parses");
    let mut diags = Diagnostics::default();
    let game = check(&ast, &[], &mut diags);
    (game, diags)
}

fn names(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("t{i}")).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Every odd-steps game is balanced and solves to the uniform strategy with value 0, uniquely.
    #[test]
    fn odd_steps_is_balanced_uniform_and_fair(half in 1usize..12) {
        let n = 2 * half + 1;
        let src = format!("game \"G\" {{ throws {} beats odd-steps ahead }}", names(n).join(", "));
        let (game, diags) = compile(&src);
        prop_assert!(diags.0.is_empty(), "{:?}", diags.0);
        let g = game.expect("checks");
        let a = matrix::analyse(&g).expect("within the limits").expect("solves");
        prop_assert!(a.balanced);
        prop_assert!(a.value == gamec::throw::exact::int(0));
        let uniform = gamec::throw::exact::Q::new(1.into(), (n as i64).into());
        prop_assert!(a.strategy.iter().all(|p| *p == uniform));
        prop_assert_eq!(a.uniqueness, matrix::Uniqueness::Unique);
    }

    /// A random complete tournament, listed edge by edge, passes the checks; deleting one edge
    /// leaves exactly one diagnostic, the undecided pair (a warning).
    #[test]
    fn a_complete_tournament_checks_and_a_missing_edge_is_one_warning(
        n in 3usize..8,
        bits in proptest::collection::vec(any::<bool>(), 28),
        drop in 0usize..28,
    ) {
        let t = names(n);
        let mut edges = Vec::new();
        let mut k = 0;
        for i in 0..n {
            for j in i + 1..n {
                let (w, l) = if bits[k] { (i, j) } else { (j, i) };
                edges.push(format!("{} beats {}", t[w], t[l]));
                k += 1;
            }
        }
        let src = |e: &[String]| format!("game \"G\" {{ throws {} beats {{ {} }} }}", t.join(", "), e.join("; "));
        let (game, diags) = compile(&src(&edges));
        prop_assert!(diags.0.is_empty() && game.is_some());
        edges.remove(drop % edges.len());
        let (game, diags) = compile(&src(&edges));
        prop_assert!(game.is_some());
        prop_assert_eq!(diags.0.len(), 1);
        prop_assert_eq!(diags.0[0].code, "gamec::undecided_pair");
        prop_assert!(!diags.0[0].is_error());
    }
}

/// The grouped, exact chain gives the same stalemate probability as enumerating every combination.
#[test]
fn chain_matches_brute_force_enumeration() {
    let sources = [
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/games/multiplayer_rps.game"
        ))
        .expect("read"),
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/games/rpsls.game"))
            .expect("read")
            .replace("players 2", "players 2.."),
    ];
    for src in sources {
        let (game, _) = compile(&src);
        let g = game.expect("checks");
        let k = g.len();
        let rows = chain(&g, &[2, 3, 4, 5]).expect("chain");
        for row in rows {
            let n = row.players;
            let mut stays = 0u64;
            for code in 0..(k as u64).pow(n as u32) {
                let mut shown: Vec<usize> = (0..n)
                    .map(|p| (code / (k as u64).pow(p as u32) % k as u64) as usize)
                    .collect();
                shown.sort_unstable();
                shown.dedup();
                stays += u64::from(judge(&g, &shown).out.is_empty());
            }
            let expected =
                gamec::throw::exact::Q::new(stays.into(), (k as u64).pow(n as u32).into());
            let exact = row.exact.as_ref().expect("small counts are exact");
            assert_eq!(exact.stay, expected, "{} with {n} players", g.name);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// The decimal chain, which leaves out the counts whose terms cannot matter, agrees with the
    /// exact chain, which computes every count, on random partial tournaments (some pairs
    /// undecided, so some rounds stall and some counts may never finish).
    #[test]
    fn the_pruned_decimal_chain_agrees_with_the_exact_one(
        n in 3usize..7,
        kinds in proptest::collection::vec(0u8..3, 21),
    ) {
        let t = names(n);
        let mut edges = Vec::new();
        let mut k = 0;
        for i in 0..n {
            for j in i + 1..n {
                match kinds[k] {
                    0 => edges.push(format!("{} beats {}", t[i], t[j])),
                    1 => edges.push(format!("{} beats {}", t[j], t[i])),
                    _ => {}
                }
                k += 1;
            }
        }
        prop_assume!(!edges.is_empty());
        let src = format!(
            "game \"G\" {{ throws {} beats {{ {} }} players 2.. }}",
            t.join(", "),
            edges.join("; ")
        );
        let (game, _) = compile(&src);
        let g = game.expect("checks");
        let counts: Vec<usize> = (2..=40).chain([90, 150]).collect();
        for row in chain(&g, &counts).expect("within the limits") {
            let exact = row.exact.as_ref().expect("exact");
            match (&exact.expected, row.expected_ln) {
                (None, None) => {}
                (Some(e), Some(ln)) => {
                    let x = num_traits::ToPrimitive::to_f64(e).expect("finite");
                    let rel = (ln - x.ln()).abs() / x.ln().abs().max(1.0);
                    prop_assert!(rel < 1e-11, "{} players: {} vs {}", row.players, ln.exp(), x);
                }
                (e, ln) => prop_assert!(false, "{} players: {:?} vs {:?}", row.players, e, ln),
            }
        }
    }
}
