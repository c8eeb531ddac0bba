//! Helpers shared by the integration tests: compile a shipped game, run the binary (with or
//! without piped stdin).
#![allow(dead_code)]

pub mod many;

use gamec::check::SetArg;
use gamec::rules::Rules;
use std::io::Write;
use std::process::{Command, Output, Stdio};

/// The codes of the positions play starts from.
pub fn roots(engine: &gamec::engine::Engine) -> Vec<u64> {
    engine
        .starts()
        .expect("setup runs")
        .iter()
        .map(|b| b.code)
        .collect()
}

pub fn game_path(name: &str) -> String {
    format!("{}/games/{name}", env!("CARGO_MANIFEST_DIR"))
}

pub fn sets(pairs: &[(&str, &str)]) -> Vec<SetArg> {
    pairs
        .iter()
        .map(|(n, v)| SetArg {
            name: n.to_string(),
            value: v.to_string(),
        })
        .collect()
}

/// Compiles a sequential game from source, panicking with the diagnostics if it does not check.
pub fn rules_of(source: &str, set: &[(&str, &str)]) -> Rules {
    match gamec::compile(source, &sets(set)) {
        (Some((_, gamec::Compiled::Sequential(r))), _) => r,
        (_, d) => panic!("does not compile: {:?}", d.0),
    }
}

pub fn shipped(name: &str, set: &[(&str, &str)]) -> Rules {
    let src = std::fs::read_to_string(game_path(name)).expect("shipped game readable");
    rules_of(&src, set)
}

/// Runs `gamec ARGS` from the repository root with colour off.
pub fn gamec(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("--color")
        .arg("never")
        .args(args)
        .output()
        .expect("gamec runs")
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

// ---------------------------------------------------------------- runs with stdin

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `gamec --color never ARGS` in the crate root with `stdin` piped in.
pub fn gamec_in(args: &[&str], stdin: &str) -> Run {
    gamec_colored(&["--color", "never"], args, stdin)
}

pub fn gamec_colored(color: &[&str], args: &[&str], stdin: &str) -> Run {
    gamec_with_env(color, args, stdin, &[])
}

/// `gamec_colored` with environment variables set.
pub fn gamec_with_env(color: &[&str], args: &[&str], stdin: &str, env: &[(&str, &str)]) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(color)
        .args(args)
        .env_remove("NO_COLOR")
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamec starts");
    if let Some(mut input) = child.stdin.take() {
        // The game may end before reading everything; a closed pipe is fine.
        let _ = input.write_all(stdin.as_bytes());
    }
    let out = child.wait_with_output().expect("gamec finishes");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// Asserts that a run failed with exit code 1 and that its diagnostics begin with `start`.
#[allow(dead_code)]
pub fn assert_fails_with(r: &Run, start: &str) {
    assert_eq!(r.code, 1, "{}{}", r.stdout, r.stderr);
    assert!(r.stderr.starts_with(start), "{}", r.stderr);
}

/// `gamec --color never check [EXTRA...] FIXTURE` run in the fixture's folder, with the
/// arguments (`// args: ...`) and environment (`// env: NAME=VALUE`) its leading comment lines
/// ask for.
pub fn check_fixture(path: &std::path::Path, extra: &[&str]) -> Output {
    let source = std::fs::read_to_string(path).expect("fixture readable");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gamec"));
    cmd.current_dir(path.parent().expect("has a folder"));
    cmd.args(["--color", "never", "check"]);
    for line in source.lines().take_while(|l| l.starts_with("// ")) {
        if let Some(args) = line.strip_prefix("// args: ") {
            cmd.args(args.split_whitespace());
        }
        if let Some((k, v)) = line
            .strip_prefix("// env: ")
            .and_then(|e| e.split_once('='))
        {
            cmd.env(k, v);
        }
    }
    cmd.args(extra);
    cmd.arg(path.file_name().expect("file name"));
    cmd.output().expect("gamec runs")
}

/// `gamec solve - ARGS` on `source`.
pub fn solve_source(source: &str, args: &[&str]) -> Run {
    let mut all = vec!["solve", "-"];
    all.extend_from_slice(args);
    gamec_in(&all, source)
}

/// `solve`'s output without the lines a symmetry declaration may change: the counts (of
/// positions, and of classes by value), the symmetry line, and the order the classes were solved
/// in.
pub fn without_counts(text: &str) -> String {
    let kept = |l: &&str| {
        !["positions", "symmetry", "by value", "order"]
            .iter()
            .any(|w| l.starts_with(w))
    };
    text.lines()
        .filter(kept)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A fraction as `--json` writes it (`"3/7"`, `"-1"`).
pub fn fraction(j: &serde_json::Value) -> num_rational::BigRational {
    let s = j.as_str().expect("a fraction as a string");
    match s.split_once('/') {
        Some((n, d)) => {
            num_rational::BigRational::new(n.parse().expect("n"), d.parse().expect("d"))
        }
        None => num_rational::BigRational::from_integer(s.parse().expect("integer")),
    }
}
