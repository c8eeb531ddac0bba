//! The highlight query compiles against the grammar, gives the expected capture to each token
//! of a small game, and over every shipped game captures each identifier exactly once (so that
//! editors that let the first pattern win and those that let the last one win agree).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use tree_sitter::{Parser, Query, QueryCursor, StreamingIterator};

fn query() -> Query {
    Query::new(
        &tree_sitter_gamec::LANGUAGE.into(),
        tree_sitter_gamec::HIGHLIGHTS_QUERY,
    )
    .unwrap_or_else(|e| panic!("queries/highlights.scm: {e}"))
}

/// Every capture of the query in `source`: each captured node's byte range, kind and text, with
/// the capture names given to it, in the order of the text.
fn captures(source: &str) -> BTreeMap<(usize, usize, String), Vec<String>> {
    let mut parser = Parser::new();
    parser
        .set_language(&tree_sitter_gamec::LANGUAGE.into())
        .expect("the grammar's ABI is supported by the tree-sitter crate");
    let tree = parser
        .parse(source, None)
        .expect("parsing is not cancelled");
    let query = query();
    let names = query.capture_names();
    let mut cursor = QueryCursor::new();
    let mut found: BTreeMap<(usize, usize, String), Vec<String>> = BTreeMap::new();
    let mut matches = cursor.captures(&query, tree.root_node(), source.as_bytes());
    while let Some((m, index)) = matches.next() {
        let capture = m.captures[*index];
        let node = capture.node;
        found
            .entry((node.start_byte(), node.end_byte(), node.kind().to_string()))
            .or_default()
            .push(names[capture.index as usize].to_string());
    }
    found
}

/// The captures of `source` as (text, capture) pairs, in order.
fn tokens(source: &str) -> Vec<(String, String)> {
    captures(source)
        .into_iter()
        .map(|((start, end, _), names)| (source[start..end].to_string(), names.join("+")))
        .collect()
}

#[test]
fn the_query_compiles_with_the_documented_capture_names() {
    let query = query();
    let mut names: Vec<&str> = query.capture_names().to_vec();
    names.sort_unstable();
    names.dedup();
    assert_eq!(
        names,
        [
            "boolean",
            "comment",
            "constant",
            "function",
            "function.builtin",
            "keyword",
            "keyword.operator",
            "number",
            "operator",
            "punctuation.bracket",
            "punctuation.delimiter",
            "string",
            "string.escape",
            "type.builtin",
            "variable",
            "variable.builtin",
            "variable.parameter",
        ]
    );
}

#[test]
fn each_token_of_a_small_game_gets_its_capture() {
    let source = r#"game "Take" { // x
  option goal: 1..=9 = 7
  state { pile: bool }
  def left(p) = goal - p
  move take(n in 1..=3) if not pile and left(n) > 0 as "take {n}" { pile = true }
  end if sum([goal]) == 0: last mover wins
}"#;
    let expected: Vec<(&str, &str)> = vec![
        ("game", "keyword"),
        ("\"Take\"", "string"),
        ("{", "punctuation.bracket"),
        ("// x", "comment"),
        ("option", "keyword"),
        ("goal", "constant"),
        (":", "punctuation.delimiter"),
        ("1", "number"),
        ("..=", "operator"),
        ("9", "number"),
        ("=", "operator"),
        ("7", "number"),
        ("state", "keyword"),
        ("{", "punctuation.bracket"),
        ("pile", "variable"),
        (":", "punctuation.delimiter"),
        ("bool", "type.builtin"),
        ("}", "punctuation.bracket"),
        ("def", "keyword"),
        ("left", "function"),
        ("(", "punctuation.bracket"),
        ("p", "variable.parameter"),
        (")", "punctuation.bracket"),
        ("=", "operator"),
        ("goal", "variable"),
        ("-", "operator"),
        ("p", "variable"),
        ("move", "keyword"),
        ("take", "function"),
        ("(", "punctuation.bracket"),
        ("n", "variable.parameter"),
        ("in", "keyword"),
        ("1", "number"),
        ("..=", "operator"),
        ("3", "number"),
        (")", "punctuation.bracket"),
        ("if", "keyword"),
        ("not", "keyword.operator"),
        ("pile", "variable"),
        ("and", "keyword.operator"),
        ("left", "function"),
        ("(", "punctuation.bracket"),
        ("n", "variable"),
        (")", "punctuation.bracket"),
        (">", "operator"),
        ("0", "number"),
        ("as", "keyword"),
        ("\"take {n}\"", "string"),
        ("{", "punctuation.bracket"),
        ("n", "variable"),
        ("}", "punctuation.bracket"),
        ("{", "punctuation.bracket"),
        ("pile", "variable"),
        ("=", "operator"),
        ("true", "boolean"),
        ("}", "punctuation.bracket"),
        ("end", "keyword"),
        ("if", "keyword"),
        ("sum", "function.builtin"),
        ("(", "punctuation.bracket"),
        ("[", "punctuation.bracket"),
        ("goal", "variable"),
        ("]", "punctuation.bracket"),
        (")", "punctuation.bracket"),
        ("==", "operator"),
        ("0", "number"),
        (":", "punctuation.delimiter"),
        ("last", "keyword"),
        ("mover", "keyword"),
        ("wins", "keyword"),
        ("}", "punctuation.bracket"),
    ];
    let expected: Vec<(String, String)> = expected
        .into_iter()
        .map(|(text, capture)| (text.to_string(), capture.to_string()))
        .collect();
    assert_eq!(tokens(source), expected);
}

#[test]
fn players_as_values_throws_and_beats_lines() {
    let source = "game \"R\" {\n  throws rock, paper \"Paper\"\n  beats {\n    paper covers rock scores 2\n    rock > paper\n  }\n  option a = mover + last mover + last(v in 0..2 where v == opponent)\n}";
    let wanted = [
        ("rock", "constant"),
        ("\"Paper\"", "string"),
        ("covers", "keyword.operator"),
        ("scores", "keyword"),
        (">", "operator"),
        ("mover", "variable.builtin"),
        ("last mover", "variable.builtin"),
        ("last", "function.builtin"),
        ("opponent", "variable.builtin"),
    ];
    let got = tokens(source);
    for (text, capture) in wanted {
        assert!(
            got.contains(&(text.to_string(), capture.to_string())),
            "{text} @{capture} not in {got:?}"
        );
    }
    // `paper` is the winner of the first line and the loser of the second: a throw both times.
    let paper: Vec<&String> = got
        .iter()
        .filter(|(text, _)| text == "paper")
        .map(|(_, capture)| capture)
        .collect();
    assert_eq!(paper, ["constant", "constant", "constant"]);
}

#[test]
fn every_identifier_of_every_game_gets_exactly_one_capture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../games");
    let mut paths: Vec<_> = fs::read_dir(&dir)
        .expect("games/ exists")
        .map(|entry| entry.expect("a readable entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "game"))
        .collect();
    paths.sort();
    assert!(paths.len() >= 20, "{} games", paths.len());
    let mut faults = Vec::new();
    for path in &paths {
        let source = fs::read_to_string(path).expect("a readable game");
        let captured = captures(&source);
        for ((start, _, kind), names) in &captured {
            if names.len() != 1 {
                faults.push(format!(
                    "{}: {kind} at byte {start}: {names:?}",
                    path.display()
                ));
            }
        }
        let mut parser = Parser::new();
        parser
            .set_language(&tree_sitter_gamec::LANGUAGE.into())
            .expect("a supported ABI");
        let tree = parser
            .parse(&source, None)
            .expect("parsing is not cancelled");
        let mut cursor = tree.walk();
        'walk: loop {
            let node = cursor.node();
            if node.kind() == "identifier" {
                let key = (node.start_byte(), node.end_byte(), "identifier".to_string());
                if !captured.contains_key(&key) {
                    faults.push(format!(
                        "{}: identifier `{}` at byte {} has no capture (in {})",
                        path.display(),
                        &source[node.start_byte()..node.end_byte()],
                        node.start_byte(),
                        node.parent().map_or("", |p| p.kind())
                    ));
                }
            }
            if cursor.goto_first_child() {
                continue;
            }
            while !cursor.goto_next_sibling() {
                if !cursor.goto_parent() {
                    break 'walk;
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn every_kind_of_a_symmetry_line_is_a_keyword() {
    let source = "game \"S\" {\n  symmetry board: rotations, reflections, mirror, flip\n  \
                  symmetry heap: any order\n  symmetry ring: permutation [1, 2, 0]\n}";
    let got = tokens(source);
    let kinds: Vec<(&str, &str)> = got
        .iter()
        .filter(|(_, capture)| capture == "keyword")
        .map(|(text, capture)| (text.as_str(), capture.as_str()))
        .collect();
    let keyword = |w| (w, "keyword");
    assert_eq!(
        kinds,
        [
            "game",
            "symmetry",
            "rotations",
            "reflections",
            "mirror",
            "flip",
            "symmetry",
            "any",
            "order",
            "symmetry",
            "permutation",
        ]
        .map(keyword)
    );
    let places: Vec<(&str, &str)> = got
        .iter()
        .skip_while(|(text, _)| text != "permutation")
        .skip(1)
        .map(|(text, capture)| (text.as_str(), capture.as_str()))
        .collect();
    assert_eq!(
        places,
        [
            ("[", "punctuation.bracket"),
            ("1", "number"),
            (",", "punctuation.delimiter"),
            ("2", "number"),
            (",", "punctuation.delimiter"),
            ("0", "number"),
            ("]", "punctuation.bracket"),
            ("}", "punctuation.bracket"),
        ]
    );
}
