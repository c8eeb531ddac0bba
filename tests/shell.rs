//! `gamec completions SHELL` and `gamec man`: the bash script completes subcommands and options
//! when bash runs it, and the manual pages name every option of the command they describe.

use crate::common;
use common::*;

/// What bash's completion offers for `words` with the cursor on the last one, using the script
/// gamec prints (None where bash is not installed).
fn bash_completes(words: &[&str]) -> Option<String> {
    let script = stdout(&gamec(&["completions", "bash"]));
    let n = words.len() - 1;
    let prev = if n > 0 { words[n - 1] } else { "" };
    let program = format!(
        "{script}\nCOMP_WORDS=({}); COMP_CWORD={n}; _gamec gamec '{}' '{prev}'; echo \"${{COMPREPLY[@]}}\"",
        words.join(" "),
        words[n]
    );
    let out = std::process::Command::new("bash")
        .arg("-c")
        .arg(program)
        .output()
        .ok()?;
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

#[test]
fn the_bash_script_completes_subcommands_and_their_options() {
    let Some(sub) = bash_completes(&["gamec", "so"]) else {
        eprintln!("bash is not installed: skipped");
        return;
    };
    assert_eq!(sub, "solve");
    assert_eq!(
        bash_completes(&["gamec", "solve", "--no"]).as_deref(),
        Some("--no-symmetry")
    );
    assert_eq!(
        bash_completes(&["gamec", "play", "--hi"]).as_deref(),
        Some("--hints")
    );
}

#[test]
fn every_shell_has_a_script_and_an_unknown_one_is_a_usage_error() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = gamec(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0), "{shell}");
        assert!(stdout(&o).contains("no-symmetry"), "{shell}");
    }
    let o = gamec(&["completions", "tcsh"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("[possible values: bash, elvish, fish, powershell, zsh]"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_manual_has_a_page_for_gamec_and_for_each_command() {
    let main = stdout(&gamec(&["man"]));
    assert!(main.contains(".TH gamec 1"), "{main}");
    assert!(
        main.contains("gamec \\- Describe a game\\*(Aqs rules in a text file"),
        "{main}"
    );
    for sub in [
        "check",
        "solve",
        "play",
        "tree",
        "graph",
        "run",
        "completions",
    ] {
        assert!(main.contains(&format!("gamec\\-{sub}(1)")), "{sub}\n{main}");
    }
    let solve = stdout(&gamec(&["man", "solve"]));
    assert!(solve.contains(".TH gamec-solve 1"), "{solve}");
    for option in [
        "\\-\\-set",
        "\\-\\-max\\-steps",
        "\\-\\-no\\-symmetry",
        "\\-\\-at",
        "\\-\\-json",
    ] {
        assert!(solve.contains(option), "{option}\n{solve}");
    }
    let o = gamec(&["man", "slove"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "error: no subcommand `slove`; the manual has pages for check, solve, play, tree, graph, run, fmt, lsp, completions, man\n"
    );
}
