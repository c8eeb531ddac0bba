//! Running the `gamec` binary from tests: arguments, piped stdin, and what came back.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `gamec --color never ARGS` in the crate root with `stdin` piped in.
pub fn gamec(args: &[&str], stdin: &str) -> Run {
    gamec_colored(&["--color", "never"], args, stdin)
}

pub fn gamec_colored(color: &[&str], args: &[&str], stdin: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamec"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(color)
        .args(args)
        .env_remove("NO_COLOR")
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
