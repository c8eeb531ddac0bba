//! A closed pipe never makes gamec panic: with stdout closed (`gamec solve ... | head -c1`) a
//! command ends quietly with success, and with stderr closed it ends with the exit code it would
//! have had, for every command of both families.

use std::process::{Command, Stdio};

/// A pipe whose reading end is already closed: every write to it fails with a broken pipe.
fn closed_pipe() -> std::io::PipeWriter {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    writer
}

#[derive(Clone, Copy, Debug)]
enum Closed {
    Stdout,
    Stderr,
    Both,
}

/// Runs `gamec --color never ARGS` with `closed` streams closed, stdin empty; the exit code.
fn exit_code(args: &[&str], closed: Closed) -> Option<i32> {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gamec"));
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--color", "never"])
        .args(args)
        .stdin(Stdio::null());
    let (out, err) = match closed {
        Closed::Stdout => (Stdio::from(closed_pipe()), Stdio::null()),
        Closed::Stderr => (Stdio::null(), Stdio::from(closed_pipe())),
        Closed::Both => (Stdio::from(closed_pipe()), Stdio::from(closed_pipe())),
    };
    cmd.stdout(out).stderr(err);
    cmd.status().expect("gamec runs").code()
}

const RUN: &[&str] = &[
    "run",
    "games/multiplayer_rps.game",
    "--players",
    "a,b,c",
    "--throws",
    "r p, r r, s p",
];
const SEQ_PLAY: &[&str] = &[
    "play",
    "games/nim.game",
    "--player1",
    "computer",
    "--seed",
    "1",
];

#[test]
fn a_closed_stdout_ends_every_command_quietly() {
    for args in [
        &["solve", "games/nim.game"][..],
        &["solve", "games/nim.game", "--json"],
        &["solve", "games/rpsls.game"],
        &["solve", "games/rpsls.game", "--json"],
        &["tree", "games/one_two_ten.game"],
        &["graph", "games/one_two_ten.game"],
        &["graph", "games/rpsls.game", "--format", "json"],
        RUN,
        SEQ_PLAY,
        &["play", "games/rps.game", "--seed", "1"],
        &["--help"],
        &["solve", "--help"],
    ] {
        assert_eq!(exit_code(args, Closed::Stdout), Some(0), "{args:?}");
        assert_eq!(exit_code(args, Closed::Both), Some(0), "{args:?}");
    }
}

#[test]
fn a_closed_stderr_keeps_the_exit_code() {
    for (args, code) in [
        (&["check", "games/nim.game"][..], 0),
        (&["check", "tests/ui/err/unknown_name.game"], 1),
        (&["check", "tests/ui/err/out_of_range.game"], 1),
        (&["check", "games/no_such.game"], 2),
        (&["solve", "tests/ui/err/unknown_name.game"], 1),
        (&["solve", "games/nim.game", "--set", "gaol=1"], 2),
        (&["solve", "games/nim.game", "--at", "heap=[9]"], 2),
        (&["solve", "games/rps.game", "--players", "3"], 2),
        (&["tree", "games/nim.game"], 2),
        (&["tree", "games/rps.game"], 2),
        (
            &[
                "run",
                "games/nim.game",
                "--players",
                "a,b",
                "--throws",
                "r, p",
            ],
            2,
        ),
        (&["play", "games/nim.game", "--blunder", "2"], 2),
        (&["--no-such-flag"], 2),
    ] {
        assert_eq!(exit_code(args, Closed::Stderr), Some(code), "{args:?}");
        assert_eq!(exit_code(args, Closed::Both), Some(code), "{args:?}");
    }
}

/// Every `.rs` file under `dir`, recursively.
fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable folder") {
        let p = entry.expect("entry").path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn nothing_prints_except_through_the_writing_helper() {
    let mut files = Vec::new();
    sources(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("source readable");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let bytes = code.as_bytes();
            for m in ["println!", "print!", "eprintln!", "eprint!"] {
                let hit = code.match_indices(m).any(|(k, _)| {
                    k == 0 || !(bytes[k - 1].is_ascii_alphanumeric() || bytes[k - 1] == b'_')
                });
                if hit {
                    found.push(format!("{}:{}: {}", f.display(), n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "print macros panic on a closed pipe:\n{}",
        found.join("\n")
    );
}
