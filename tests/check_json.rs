//! `gamec check --format json`: one JSON object a problem on stdout, with the code, severity,
//! message, spans (bytes, and lines and columns from 1), help and trace, for every problem the
//! rendered report shows, and the same exit code.

use crate::common;
use common::*;
use serde_json::{json, Value};
use std::path::Path;

fn json_lines(text: &str) -> Vec<Value> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn a_problem_is_one_object_with_its_spans_and_help() {
    let o = gamec(&[
        "check",
        "--format",
        "json",
        "tests/ui/err/unknown_name.game",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let place =
        json!({"start": 111, "end": 115, "line": 4, "column": 39, "end_line": 4, "end_column": 43});
    let mut label = place.clone();
    label["text"] = json!("not an option, state variable or parameter in scope");
    assert_eq!(
        json_lines(&stdout(&o)),
        vec![json!({
            "file": "tests/ui/err/unknown_name.game",
            "code": "gamec::unknown_name",
            "severity": "error",
            "message": "unknown name `gaol`",
            "span": place,
            "labels": [label],
            "help": "Did you mean `goal`?",
            "trace": null,
        })]
    );
    // The summary stays on stderr, for a person.
    assert_eq!(stderr(&o), "tests/ui/err/unknown_name.game: 1 error\n");
}

#[test]
fn a_problem_found_while_exploring_carries_its_trace() {
    let o = gamec(&[
        "check",
        "--format",
        "json",
        "tests/ui/err/division_by_zero.game",
    ]);
    let v = json_lines(&stdout(&o));
    assert_eq!(v.len(), 1);
    assert_eq!(v[0]["code"], "gamec::division_by_zero");
    assert_eq!(
        v[0]["trace"],
        "Moves from the start: none (the start is pile=10); then take 0."
    );
    assert!(v[0]["help"]
        .as_str()
        .is_some_and(|h| h.starts_with("Moves from the start: none")));
}

#[test]
fn a_clean_file_prints_nothing_and_a_warning_is_a_warning() {
    let o = gamec(&["check", "--format", "json", "games/nim.game"]);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), String::new()));
    let r = gamec_in(
        &["check", "--format", "json", "-"],
        "game \"w\" {\n  state {\n    pile: 0..=3 = 3\n    spare: 0..=1 = 0\n  }\n  move take if pile > 0 { pile -= 1 }\n  end if pile == 0: last mover wins\n}\n",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = json_lines(&r.stdout);
    assert!(!v.is_empty(), "{}", r.stdout);
    assert!(
        v.iter()
            .all(|d| d["severity"] == "warning" && d["file"] == "<stdin>"),
        "{v:?}"
    );
}

/// The `gamec::...` codes a rendered report names, in order.
fn rendered_codes(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("gamec::") && !l.contains(' '))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_fixture_gives_the_same_problems_and_exit_code_as_text() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/err");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).expect("fixtures") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|e| e != "game") {
            continue;
        }
        let (text, json) = (
            check_fixture(&path, &[]),
            check_fixture(&path, &["--format", "json"]),
        );
        let name = path.display();
        assert_eq!(text.status.code(), json.status.code(), "{name}");
        let codes: Vec<String> = json_lines(&String::from_utf8_lossy(&json.stdout))
            .iter()
            .map(|d| d["code"].as_str().unwrap_or_default().to_string())
            .collect();
        assert_eq!(
            codes,
            rendered_codes(&String::from_utf8_lossy(&text.stderr)),
            "{name}"
        );
        checked += 1;
    }
    assert!(checked >= 45, "{checked}");
}
