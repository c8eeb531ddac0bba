//! Every ```console example in README.md is re-run and must print exactly what the README shows
//! (stdout, then stderr), so the README cannot drift from the program.

mod common;
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

#[test]
fn readme_examples_print_what_the_readme_says() {
    let readme = std::fs::read_to_string(format!("{}/README.md", env!("CARGO_MANIFEST_DIR")))
        .expect("README.md");
    let mut checked = 0;
    let mut failures = Vec::new();
    for block in readme.split("```console\n").skip(1) {
        let body = block.split("\n```").next().unwrap_or_default();
        let (cmd, expected) = body.split_once('\n').unwrap_or((body, ""));
        let cmd = cmd
            .strip_prefix("$ gamec ")
            .expect("a console block starts with `$ gamec`");
        let args = words(cmd);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = gamec(&args);
        let actual = format!("{}{}", stdout(&o), stderr(&o));
        if actual.trim_end() != expected.trim_end() {
            failures.push(format!(
                "$ gamec {cmd}\n--- README\n{expected}\n--- actual\n{actual}"
            ));
        }
        checked += 1;
    }
    assert!(checked >= 8, "only {checked} console examples found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
