//! The grammar against gamec's own parser, on the random games of `gamec::generate` (which use
//! every construct of the language): each generated game that `gamec::syntax::parse` accepts
//! must have a tree with no ERROR or MISSING node. A construct added to the pest grammar and the
//! generator but not here fails this test.

use gamec::generate::{sequential_game, throw_game, Config};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The first ERROR or MISSING node of the tree of `source`: its kind and byte offset.
fn first_problem(parser: &mut tree_sitter::Parser, source: &str) -> Option<(String, usize)> {
    let tree = parser
        .parse(source, None)
        .expect("parsing is not cancelled");
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        if node.is_error() || node.is_missing() {
            return Some((node.to_sexp(), node.start_byte()));
        }
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return None;
            }
        }
    }
}

#[test]
fn every_generated_game_gamec_parses_has_a_tree_without_errors() {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_gamec::LANGUAGE.into())
        .expect("the grammar's ABI is supported by the tree-sitter crate");
    let mut accepted = 0;
    let mut failures = Vec::new();
    for (seed, cfg) in (0..300u64)
        .map(|s| (s, Config::small()))
        .chain((0..100).map(|s| (s, Config::extreme())))
    {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for text in [sequential_game(&mut rng, &cfg), throw_game(&mut rng, &cfg)] {
            if gamec::syntax::parse(&text).is_err() {
                continue;
            }
            accepted += 1;
            if let Some((node, offset)) = first_problem(&mut parser, &text) {
                let line = text[..offset].lines().count();
                failures.push(format!(
                    "seed {seed}, line {line}, byte {offset}: {node}\n{text}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures; the first:\n{}",
        failures.len(),
        failures[0]
    );
    // The generator's games are meant to parse: nearly all of the 800 are accepted.
    assert!(
        accepted > 700,
        "only {accepted} of 800 generated games parsed"
    );
}
