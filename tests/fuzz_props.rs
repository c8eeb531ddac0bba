//! Bad input never crashes: random edits of every shipped game go through parsing, checking and
//! (for small sequential games) solving without a panic, and each failure is a diagnostic.

use gamec::engine::Engine;
use proptest::prelude::*;

fn shipped_sources() -> Vec<String> {
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("games/")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().extension().is_some_and(|x| x == "game"))
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .collect();
    v.sort();
    v
}

/// Tokens that make edits likely to stay near-valid, so the checker (not just the parser) is hit.
const PIECES: &[&str] = &[
    "0",
    "1",
    "-1",
    "99999999999",
    "pile",
    "heap",
    "n",
    "i",
    "mover",
    "+",
    "-",
    "*",
    "/",
    "%",
    "==",
    "<=",
    "and",
    "not",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ":",
    ";",
    ",",
    "..=",
    "..",
    "=",
    "+=",
    "if",
    "again",
    "roll x in 1..=2",
    "end if true: tie",
    "players 3",
    "\"",
    "sum(",
    "count(p in players where ",
    "beats",
    "throws",
    "rock",
    "\n",
];

fn edit(src: &str, pos: usize, del: usize, piece: usize) -> String {
    let chars: Vec<char> = src.chars().collect();
    let pos = pos % (chars.len() + 1);
    let end = (pos + del % 8).min(chars.len());
    let mut out: String = chars[..pos].iter().collect();
    out.push_str(PIECES[piece % PIECES.len()]);
    out.extend(chars[end..].iter());
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn edited_games_never_panic(which in 0usize..64, edits in proptest::collection::vec((0usize..4000, 0usize..8, 0usize..64), 1..4)) {
        let sources = shipped_sources();
        let mut src = sources[which % sources.len()].clone();
        for (pos, del, piece) in edits {
            src = edit(&src, pos, del, piece);
        }
        let (compiled, diags) = gamec::compile(&src, &[]);
        match compiled {
            None => prop_assert!(diags.has_errors(), "no game and no error for:\n{src}"),
            Some((_, gamec::Compiled::Sequential(rules))) => {
                let engine = Engine::new(&rules);
                if let Ok(starts) = engine.starts() {
                    let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
                    // Any outcome is fine (a rule error is a diagnostic); a panic is not.
                    let _ = gamec::solve::solve(&engine, &roots, 20_000);
                }
            }
            Some(_) => {}
        }
        for d in &diags.0 {
            let text = gamec::diag::render(d, "fuzz.game", &src, gamec::diag::RenderStyle::plain());
            prop_assert!(text.contains(d.code));
        }
    }
}
