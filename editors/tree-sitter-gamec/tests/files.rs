//! Parses the repository's `.game` files that gamec itself parses, and requires a tree with no
//! ERROR or MISSING node: the shipped games, the test games, the benchmark games and the
//! diagnostic fixtures in `tests/ui/err` (each of those is a whole file gamec reads and then
//! rejects for a reason other than syntax, except the two left out below).

use std::fs;
use std::path::{Path, PathBuf};

/// The repository's root (this crate is `editors/tree-sitter-gamec`).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `.game` files of a folder of the repository, sorted.
fn games_in(dir: &str) -> Vec<PathBuf> {
    let mut paths: Vec<_> = fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "game"))
        .collect();
    paths.sort();
    paths
}

/// Where the tree of `source` has an ERROR or MISSING node: the node's kind and byte offset.
fn problems(source: &str) -> Vec<(String, usize)> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_gamec::LANGUAGE.into())
        .expect("the grammar's ABI is supported by the tree-sitter crate");
    let tree = parser
        .parse(source, None)
        .expect("parsing is not cancelled");
    let mut found = Vec::new();
    let mut cursor = tree.walk();
    loop {
        let node = cursor.node();
        if node.is_error() {
            found.push(("ERROR".to_string(), node.start_byte()));
        } else if node.is_missing() {
            found.push((format!("MISSING {}", node.kind()), node.start_byte()));
        }
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                return found;
            }
        }
    }
}

/// Every problem of every file, as `path: KIND at byte N`.
fn report(paths: &[PathBuf]) -> Vec<String> {
    let mut lines = Vec::new();
    for path in paths {
        let source = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for (kind, offset) in problems(&source) {
            lines.push(format!("{}: {kind} at byte {offset}", path.display()));
        }
    }
    lines
}

fn names(paths: &[PathBuf]) -> Vec<String> {
    paths
        .iter()
        .filter_map(|path| path.file_name())
        .map(|name| name.to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_shipped_test_and_benchmark_game_parses_without_errors() {
    let mut paths = games_in("games");
    assert!(names(&paths).contains(&"nim.game".to_string()));
    assert!(names(&paths).contains(&"rps101.game".to_string()));
    paths.extend(games_in("tests/games"));
    paths.extend(games_in("benches/games"));
    let problems = report(&paths);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_fixture_that_gamec_parses_has_a_tree_without_errors() {
    // Left out: `syntax.game` (gamec::syntax, a syntax error on purpose) and `bad_label.game`
    // (gamec::bad_label: braces in its labels that hold no expression, which this grammar parses
    // as gamec does, as expressions).
    let skipped = ["bad_label.game", "syntax.game"];
    let all = games_in("tests/ui/err");
    let (left_out, paths): (Vec<PathBuf>, Vec<PathBuf>) = all.into_iter().partition(|path| {
        path.file_name()
            .is_some_and(|name| skipped.contains(&name.to_string_lossy().as_ref()))
    });
    assert_eq!(names(&left_out), skipped);
    // Each fixture left out is rejected by gamec for its syntax or its labels' syntax, and no
    // fixture kept is.
    for path in &left_out {
        let stderr = fs::read_to_string(path.with_extension("stderr")).expect("its .stderr");
        assert!(
            stderr.contains("gamec::syntax") || stderr.contains("gamec::bad_label"),
            "{}",
            path.display()
        );
    }
    for path in &paths {
        let stderr = fs::read_to_string(path.with_extension("stderr")).expect("its .stderr");
        assert!(!stderr.contains("gamec::syntax"), "{}", path.display());
    }
    let problems = report(&paths);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_syntax_error_is_reported_with_its_offset() {
    assert_eq!(
        problems("game \"x\" { move }"),
        vec![("ERROR".to_string(), 11)]
    );
    assert_eq!(problems("game \"x\" { players 2 }"), vec![]);
}
