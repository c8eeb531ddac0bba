//! `gamec completions SHELL` and `gamec man`: a shell's completion script and the manual page,
//! generated from the command line's own definition (clap_complete, clap_mangen), so they list
//! exactly the subcommands and options the program takes. The definition is passed in, since
//! `cli` (which holds it) calls into this module.

use super::common::{usage, CliResult};
use super::io::out;
pub use clap_complete::Shell;

/// Prints the completion script for `shell`.
pub fn completions(mut cmd: clap::Command, shell: Shell) -> CliResult {
    let mut buf = Vec::new();
    clap_complete::generate(shell, &mut cmd, "gamec", &mut buf);
    out(&String::from_utf8_lossy(&buf));
    Ok(())
}

/// Prints a manual page (roff, for `man -l -`): gamec's own (which lists the subcommands), or
/// with `sub` the page of that subcommand (`gamec-solve(1)`, with all its options).
pub fn man(cmd: clap::Command, sub: Option<&str>) -> CliResult {
    let page = match sub {
        None => cmd,
        Some(name) => {
            let names: Vec<&str> = cmd
                .get_subcommands()
                .map(|s| s.get_name())
                .filter(|n| *n != "help")
                .collect();
            let Some(s) = cmd.find_subcommand(name).filter(|_| name != "help") else {
                return Err(usage(&format!(
                    "no subcommand `{name}`; the manual has pages for {}",
                    names.join(", ")
                )));
            };
            let full = format!("gamec-{name}");
            s.clone()
                .name(full.clone())
                .bin_name(format!("gamec {name}"))
                .display_name(full)
                .version(env!("CARGO_PKG_VERSION"))
        }
    };
    let mut buf = Vec::new();
    match clap_mangen::Man::new(page).render(&mut buf) {
        Ok(()) => {
            out(&String::from_utf8_lossy(&buf));
            Ok(())
        }
        Err(e) => Err(usage(&format!("cannot write the manual page: {e}"))),
    }
}
