//! Helpers shared by the integration tests: compile a shipped game, run the binary.
#![allow(dead_code)]

use gamec::check::SetArg;
use gamec::rules::Rules;
use std::process::{Command, Output};

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
