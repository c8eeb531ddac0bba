//! The error catalogue: every `tests/ui/err/<code>.game` is checked and its rendered diagnostics
//! must equal `<code>.stderr` exactly. Set `UPDATE_FIXTURES=1` to rewrite the expected files.
//! Leading lines `// args: ...` pass extra arguments (like `--set goal=0`) to `gamec check`, and
//! `// env: NAME=VALUE` sets an environment variable.

use crate::common;
use common::check_fixture;
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ui/err");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/ui/err exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "game"))
        .collect();
    v.sort();
    v
}

fn run_check(path: &Path) -> (String, i32) {
    let out = check_fixture(path, &[]);
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn every_fixture_renders_as_pinned() {
    let update = std::env::var_os("UPDATE_FIXTURES").is_some();
    let mut failures = Vec::new();
    for f in fixtures() {
        let (stderr, code) = run_check(&f);
        let stem = f
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        // A warning's fixture is a file that passes with the warning shown; everything else must fail.
        if gamec::diag::warning_codes().contains(&format!("gamec::{stem}").as_str()) {
            assert_eq!(
                code, 0,
                "{stem}: a warning alone should not fail `gamec check`"
            );
        } else {
            assert_ne!(code, 0, "{stem}: gamec check should fail on its fixture");
        }
        assert!(
            stderr.contains(&format!("gamec::{stem}")),
            "{stem}: output does not name the code gamec::{stem}:\n{stderr}"
        );
        let expected_path = f.with_extension("stderr");
        let actual = format!("exit code: {code}\n{stderr}");
        if update {
            std::fs::write(&expected_path, &actual).expect("write fixture");
            continue;
        }
        let expected = std::fs::read_to_string(&expected_path).unwrap_or_default();
        if expected != actual {
            failures.push(format!(
                "--- {stem}: expected\n{expected}\n--- actual\n{actual}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_code_has_a_fixture() {
    let have: Vec<String> = fixtures()
        .iter()
        .filter_map(|f| {
            f.file_stem()
                .and_then(|s| s.to_str())
                .map(|s| format!("gamec::{s}"))
        })
        .collect();
    let missing: Vec<&str> = gamec::diag::all_codes()
        .into_iter()
        .filter(|c| !have.iter().any(|h| h == c))
        .collect();
    assert!(
        missing.is_empty(),
        "codes without a fixture in tests/ui/err: {missing:?}"
    );
}
