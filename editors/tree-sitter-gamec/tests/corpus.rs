//! Runs every case of `test/corpus/*.txt` as `tree-sitter test` does: parses the case's input
//! and compares the tree's S-expression with the expected one, whitespace normalised. Field
//! names are compared when the expected tree has any, and left out otherwise.

use std::fs;
use std::path::Path;

/// One case of a corpus file: its name, input and expected S-expression.
struct Case {
    name: String,
    input: String,
    expected: String,
}

/// A line of at least three `c` and nothing else (a corpus file's delimiters).
fn is_rule(line: &str, c: char) -> bool {
    let line = line.trim_end();
    line.len() >= 3 && line.chars().all(|ch| ch == c)
}

/// The cases of one corpus file, in order.
fn cases(text: &str) -> Vec<Case> {
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_rule(lines[i], '=') {
            i += 1;
            continue;
        }
        let mut name = Vec::new();
        i += 1;
        while i < lines.len() && !is_rule(lines[i], '=') {
            name.push(lines[i].trim());
            i += 1;
        }
        i += 1;
        let start = i;
        while i < lines.len() && !is_rule(lines[i], '-') {
            i += 1;
        }
        let input = lines[start..i].join("\n");
        i += 1;
        let start = i;
        while i < lines.len() && !is_rule(lines[i], '=') {
            i += 1;
        }
        let expected = lines[start..i].join("\n");
        cases.push(Case {
            name: name.join(" "),
            input: input.trim_matches('\n').to_string(),
            expected,
        });
    }
    cases
}

/// An S-expression with `;` comments left out, runs of whitespace as one space and no space
/// before a closing parenthesis.
fn normalise(sexp: &str) -> String {
    let mut words = Vec::new();
    for line in sexp.lines() {
        let line = line.split(';').next().unwrap_or("");
        words.extend(line.split_whitespace());
    }
    words.join(" ").replace(" )", ")")
}

/// The S-expression without field names (`name: (identifier)` becomes `(identifier)`).
fn strip_fields(sexp: &str) -> String {
    sexp.split(' ')
        .filter(|word| !word.ends_with(':'))
        .collect::<Vec<_>>()
        .join(" ")
}

fn parse(source: &str) -> tree_sitter::Tree {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_gamec::LANGUAGE.into())
        .expect("the grammar's ABI is supported by the tree-sitter crate");
    parser
        .parse(source, None)
        .expect("parsing is not cancelled")
}

#[test]
fn every_corpus_case_parses_to_its_expected_tree() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("test/corpus");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .expect("test/corpus exists")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "txt"))
        .collect();
    paths.sort();
    let mut failures = Vec::new();
    let mut count = 0;
    for path in &paths {
        let text = fs::read_to_string(path).expect("a readable corpus file");
        for case in cases(&text) {
            count += 1;
            let expected = normalise(&case.expected);
            let mut actual = normalise(&parse(&case.input).root_node().to_sexp());
            if !expected.contains(':') {
                actual = strip_fields(&actual);
            }
            if actual != expected {
                failures.push(format!(
                    "{}: {}\n  expected: {expected}\n  actual:   {actual}",
                    path.display(),
                    case.name
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The corpus as committed: 9 files, 28 cases (a file the reader missed would change these).
    assert_eq!((paths.len(), count), (9, 28));
}

#[test]
fn the_reader_splits_a_corpus_file_into_cases() {
    let text = "===\nOne\n===\n\ngame \"a\" {}\n\n---\n\n(source_file\n  (game\n    name: (string)))\n\n=====\nTwo\n=====\nx\n-----\n(ERROR)\n";
    let found = cases(text);
    let got: Vec<(&str, &str, String)> = found
        .iter()
        .map(|c| (c.name.as_str(), c.input.as_str(), normalise(&c.expected)))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                "One",
                "game \"a\" {}",
                "(source_file (game name: (string)))".to_string()
            ),
            ("Two", "x", "(ERROR)".to_string()),
        ]
    );
    assert_eq!(
        strip_fields("(source_file (game name: (string)))"),
        "(source_file (game (string)))"
    );
}

#[test]
fn a_wrong_tree_is_told_apart() {
    let actual = normalise(&parse("game \"a\" { players 2 }").root_node().to_sexp());
    assert_eq!(
        actual,
        "(source_file (game name: (string) (players (integer))))"
    );
    assert_ne!(
        actual,
        "(source_file (game name: (string) (players (players_range (integer)))))"
    );
}
