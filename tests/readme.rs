//! Every ```console example in README.md and docs/*.md is re-run and must print exactly what the
//! document shows (stdout, then stderr), so the documentation cannot drift from the program.

use crate::common;
use common::*;

/// Splits a command line on spaces, keeping "double-quoted" words together.
fn words(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted) = (Vec::new(), String::new(), false);
    for ch in line.chars() {
        match ch {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            c => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Runs every console example of one document; returns how many and the failures.
fn check_examples(doc: &str) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(format!("{}/{doc}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{doc}: {e}"));
    let mut checked = 0;
    let mut failures = Vec::new();
    for block in text.split("```console\n").skip(1) {
        // A block inside a list item is indented: so is every line of it.
        let body = block.split("```").next().unwrap_or_default();
        let indent = body.len() - body.trim_start_matches(' ').len();
        let lines: Vec<&str> = body
            .lines()
            .map(|l| l.get(indent..).unwrap_or_else(|| l.trim_start()))
            .collect();
        let (cmd, expected) = match lines.split_first() {
            Some((cmd, rest)) => (*cmd, rest.join("\n")),
            None => ("", String::new()),
        };
        let cmd = cmd
            .strip_prefix("$ gamec ")
            .expect("a console block starts with `$ gamec`");
        let args = words(cmd);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = gamec(&args);
        let actual = format!("{}{}", stdout(&o), stderr(&o));
        if actual.trim_end() != expected.trim_end() {
            failures.push(format!(
                "{doc}: $ gamec {cmd}\n--- documented\n{expected}\n--- actual\n{actual}"
            ));
        }
        checked += 1;
    }
    (checked, failures)
}

#[test]
fn readme_examples_print_what_the_readme_says() {
    let (checked, failures) = check_examples("README.md");
    assert!(checked >= 8, "only {checked} console examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn language_reference_examples_print_what_it_says() {
    let (checked, failures) = check_examples("docs/language.md");
    assert!(checked >= 6, "only {checked} console examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn command_reference_examples_print_what_it_says() {
    let (checked, failures) = check_examples("docs/commands.md");
    assert!(checked >= 2, "only {checked} console examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
