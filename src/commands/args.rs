//! Arguments shared by the subcommands (a sequential game's file, options and limits; a seat)
//! and the usage errors for flags given to a game they do not apply to.

use super::common::{usage, CliResult, Exit};
use crate::check::{parse_set, SetArg};
use crate::engine::{Limits, SolveOrder};
use clap::ValueEnum;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Side {
    Human,
    Computer,
}

/// Limits shared by everything that explores a sequential game.
#[derive(clap::Args, Debug, Clone)]
pub struct GameArgs {
    /// The .game file (`-`: read it from standard input).
    pub file: PathBuf,
    /// Override an option: --set goal=25, --set piles=7,7,7 (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", value_parser = parse_set)]
    pub sets: Vec<SetArg>,
    /// Stop with an error rather than explore more than this many positions.
    #[arg(long, value_name = "N", default_value_t = crate::engine::DEFAULT_MAX_POSITIONS)]
    pub max_positions: u64,
    /// Stop with an error rather than try more than this many candidate moves and values of
    /// count/any/all in all [default: 100 per position allowed (5000000000 for 50000000), at
    /// least 1000000000; 1000 per position when --max-positions is raised above its default].
    #[arg(long, value_name = "N")]
    pub max_steps: Option<u64>,
    /// Solve every position as it is, leaving out the file's `symmetry` declarations.
    #[arg(long)]
    pub no_symmetry: bool,
    /// The order to solve positions in: auto (by position number where every move lowers it or
    /// every move raises it, else depth-first), depth-first on one thread, or tier by tier on
    /// --threads threads when every move changes a measure one way (else depth-first).
    #[arg(long, value_enum, default_value_t = SolveOrder::Auto)]
    pub order: SolveOrder,
    /// Threads for solving: with --order auto, 2 or more find and value positions at once where
    /// positions are taken in the order of their numbers [default: 1]; with --order tiers, each
    /// tier's positions are shared among them [default: one a core].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Run the rules with the interpreter instead of compiling them to native code (slower; the
    /// answers are the same).
    #[arg(long)]
    pub interpreted: bool,
}

impl GameArgs {
    pub fn limits(&self) -> Limits {
        // Without --threads, the default order runs on one thread (its output, the `order` line
        // included, is then the same on every machine); tier order on every core.
        let threads = match (self.threads, self.order) {
            (Some(n), _) => usize::from(n),
            (None, SolveOrder::Tiers) => {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            }
            (None, _) => 1,
        };
        Limits::new(self.max_positions, self.max_steps)
            .with_symmetry(!self.no_symmetry)
            .with_threads(threads)
            .with_order(self.order)
            .with_compiled(!self.interpreted)
    }
}

/// The tie-break asked for (fastest by default), or a usage error in a game of one or two
/// players.
pub fn tie_for(
    rules: &crate::rules::Rules,
    tie: Option<crate::solve::maxn::TieBreak>,
) -> Result<crate::solve::maxn::TieBreak, Exit> {
    if tie.is_some() && rules.players <= 2 {
        return Err(usage(&format!(
            "--tie-break is for games of three or more players, and this one has {}",
            rules.players
        )));
    }
    Ok(tie.unwrap_or(crate::solve::maxn::TieBreak::Fastest))
}

/// A usage error for a flag given to a game of the family it does not apply to.
pub fn not_for(given: bool, flag: &str, family: &str) -> CliResult {
    if given {
        let other = if family == "throw games" {
            "a sequential game"
        } else {
            "a throw game"
        };
        return Err(usage(&format!(
            "{flag} is for {family}, and this file is {other}"
        )));
    }
    Ok(())
}
