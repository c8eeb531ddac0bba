//! The engine: positions numbered as integers (mixed radix over the declared ranges), move
//! generation from the compiled rules, end rules, the chance setup, and traces for errors.

pub mod alloc;
mod board_text;
mod chance;
mod classes;
mod compiled;
mod digits;
mod encode;
mod expansion;
pub mod graph;
mod labels;
pub mod memory;
mod move_limits;
mod moves;
mod os_memory;
mod position_text;
mod scores;
mod setup;
mod simple_moves;
mod swap;
pub mod symmetry;
mod together;
mod trace;

pub use chance::{merge_runs, ChanceExpand, ChanceMove, Outcome, MAX_OUTCOMES};
pub use compiled::{set_verify, verifying, SweepKernels};
pub use encode::Pos;
pub use expansion::{margin, Child, Expand, Fault, Rel, Scratch};
pub use setup::Branch;
pub use together::Stage;
pub use trace::{route, route_to_class, trace_to, Route};

use crate::rules::Rules;

/// Default for `--max-positions`.
pub const DEFAULT_MAX_POSITIONS: u64 = 50_000_000;

/// How far one command may explore: positions (`--max-positions`) and steps (`--max-steps`), and
/// whether declared symmetries reduce the positions (not with `--no-symmetry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub positions: u64,
    pub steps: u64,
    pub symmetry: bool,
    /// Threads a solve may use (`--threads`).
    pub threads: usize,
    /// The order a solve takes positions in (`--order`).
    pub order: SolveOrder,
    /// Whether the rules run compiled to native code (not with `--interpreted`).
    pub compiled: bool,
}

/// The order a solve takes positions in (`--order`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum SolveOrder {
    /// The order of the position numbers when every move lowers them or every move raises them
    /// (and the table is an array; with symmetries, over the canonical codes); otherwise
    /// depth-first.
    #[default]
    Auto,
    /// Depth-first from the start, on one thread (retrograde analysis if the game loops).
    DepthFirst,
    /// Tier by tier on `--threads` threads, when every move changes a measure one way (pieces on
    /// the board, or the sum of the state); otherwise depth-first.
    Tiers,
}

/// The steps (candidate moves, `count`/`any`/`all` values) the default `--max-steps` allows for
/// each position `--max-positions` allows: 5,000,000,000 at the default 50,000,000 positions.
/// Twenty, as it was, stopped games that fit easily (Order and Chaos on 4 x 4, 42.6 million
/// positions, takes between 10^9 and 5 * 10^9 steps and 12 s); a game with millions of candidate
/// moves a position still stops in seconds (10^9 of its steps take about 1 s).
pub const STEPS_PER_POSITION: u64 = 100;

/// The steps the default `--max-steps` allows for each position when `--max-positions` is raised
/// above its default: whoever raises it is ready to wait for the positions it allows, and a step
/// limit should not stop the positions they need (Quixo 4 x 4, 82 million positions of some 250
/// steps each, was stopped at 2 * 10^10 steps with `--max-positions 200000000`; issue 24).
pub const STEPS_PER_RAISED_POSITION: u64 = 1_000;

impl Limits {
    /// The limits for `--max-positions` and `--max-steps` as given; without `--max-steps`,
    /// `DEFAULT_MAX_STEPS` or `STEPS_PER_POSITION` for each position allowed, whichever is more
    /// (`STEPS_PER_RAISED_POSITION` above the default positions).
    pub fn new(positions: u64, steps: Option<u64>) -> Limits {
        let per = match positions > DEFAULT_MAX_POSITIONS {
            true => STEPS_PER_RAISED_POSITION,
            false => STEPS_PER_POSITION,
        };
        let per_position = positions.saturating_mul(per);
        let steps = steps.unwrap_or(crate::rules::DEFAULT_MAX_STEPS.max(per_position));
        Limits {
            positions,
            steps,
            symmetry: true,
            threads: 1,
            order: SolveOrder::Auto,
            compiled: true,
        }
    }

    /// The same limits with the rules compiled to native code, or interpreted.
    pub fn with_compiled(self, compiled: bool) -> Limits {
        Limits { compiled, ..self }
    }

    /// The same limits with positions taken in `order`.
    pub fn with_order(self, order: SolveOrder) -> Limits {
        Limits { order, ..self }
    }

    /// The same limits with `threads` threads for solving (at least 1).
    pub fn with_threads(self, threads: usize) -> Limits {
        Limits {
            threads: threads.max(1),
            ..self
        }
    }

    /// The same limits, with declared symmetries used or not.
    pub fn with_symmetry(self, symmetry: bool) -> Limits {
        Limits { symmetry, ..self }
    }

    /// An engine for `rules` within these limits.
    pub fn engine<'r>(&self, rules: &'r Rules) -> Engine<'r> {
        Engine::new(rules)
            .with_max_steps(self.steps)
            .with_symmetry(self.symmetry)
            .with_threads(self.threads)
            .with_order(self.order)
            .with_compiled(self.compiled)
    }
}

/// A position's number: a mixed-radix encoding of every slot, the turn and the last-mover flag.
pub type Code = u64;

/// The compiled rules together with the position numbering derived from their ranges.
pub struct Engine<'r> {
    pub rules: &'r Rules,
    /// Place value of each slot's digit.
    radix: Vec<u64>,
    /// Place value of the turn digit (0 when whose turn it is does not matter).
    turn_radix: u64,
    /// How many values the turn digit has: 2, or the players of a game of more.
    turns: u64,
    /// Place value of the "last move kept the turn" digit (0 when no move says `again`).
    again_radix: u64,
    /// Whether the rules have chance turns (`chance if C { ... }`), looked for before any move.
    chance_turns: bool,
    /// How many codes there are in all.
    pub space: u64,
    /// How many steps (candidate moves and `count`/`any`/`all` values) one `Scratch` may take in
    /// all, over every position it expands: `--max-steps`.
    pub max_steps: u64,
    /// The declared symmetries, unless they are switched off (`--no-symmetry`).
    pub symmetry: Option<std::sync::Arc<symmetry::Symmetry>>,
    /// Threads a solve may use (`--threads`).
    pub threads: usize,
    /// The order a solve takes positions in (`--order`).
    pub order: SolveOrder,
    /// Whether positions are expanded by the compiled rules where they can be.
    pub compiled: bool,
    /// Whether the solution table is a hash table however small the numbering (for tests: the
    /// table games too large for an array get).
    pub hashed: bool,
    /// The compiled rules, once compiled (`None` inside: left to the interpreter).
    kernel: std::sync::OnceLock<Option<crate::jit::Kernel>>,
    /// The steps the interpreter has taken before the rules are compiled (`compiled::WARM_UP`).
    warm_up: std::sync::atomic::AtomicU64,
    /// The range kernels of a sweep (finding in the table, valuing, finding into a bitset), each
    /// once compiled.
    sweep_kernels: [std::sync::OnceLock<Option<crate::jit::Kernel>>; 3],
    /// The finding and valuing kernels of a solve in tier order, once compiled.
    tier_kernels: std::sync::OnceLock<Option<(crate::jit::Kernel, crate::jit::Kernel)>>,
}

impl<'r> Engine<'r> {
    pub fn new(rules: &'r Rules) -> Engine<'r> {
        let mut place: u64 = 1;
        let mut radix = Vec::with_capacity(rules.slot_ranges.len());
        for (lo, hi) in &rules.slot_ranges {
            radix.push(place);
            // The checker guarantees the product fits (see check_encoding_fits).
            place = place.saturating_mul((hi - lo + 1) as u64);
        }
        let turn_radix = if rules.turn_matters { place } else { 0 };
        // The rules of three or more players are never expanded (their views are), but their
        // positions are read and written with the turn digit of every player.
        let turns = u64::from(rules.players.max(2));
        if rules.turn_matters {
            place = place.saturating_mul(turns);
        }
        let again_radix = if rules.has_again { place } else { 0 };
        if rules.has_again {
            place = place.saturating_mul(2);
        }
        Engine {
            rules,
            radix,
            turn_radix,
            turns,
            again_radix,
            chance_turns: rules.moves.iter().any(|m| m.chance),
            space: place,
            max_steps: crate::rules::DEFAULT_MAX_STEPS,
            symmetry: None,
            threads: 1,
            order: SolveOrder::Auto,
            compiled: true,
            hashed: false,
            kernel: std::sync::OnceLock::new(),
            warm_up: std::sync::atomic::AtomicU64::new(0),
            sweep_kernels: Default::default(),
            tier_kernels: std::sync::OnceLock::new(),
        }
        .with_symmetry(true)
    }

    /// The same engine with the declared symmetries used, or left out (`--no-symmetry`).
    pub fn with_symmetry(mut self, on: bool) -> Engine<'r> {
        self.symmetry = if on {
            symmetry::Symmetry::new(self.rules, &self.radix, self.turn_radix)
                .map(std::sync::Arc::new)
        } else {
            None
        };
        self
    }

    /// An engine with the same settings and the declared symmetries left out (`--no-symmetry`).
    pub fn without_symmetry(&self) -> Engine<'r> {
        Engine::new(self.rules)
            .with_symmetry(false)
            .with_max_steps(self.max_steps)
            .with_threads(self.threads)
            .with_order(self.order)
            .with_compiled(self.compiled)
            .with_hashed_table(self.hashed)
    }

    /// The same engine with another bound on total work (`--max-steps`).
    pub fn with_max_steps(mut self, steps: u64) -> Engine<'r> {
        self.max_steps = steps;
        self
    }

    /// The same engine solving with `threads` threads (at least 1).
    pub fn with_threads(mut self, threads: usize) -> Engine<'r> {
        self.threads = threads.max(1);
        self
    }

    /// The same engine with the rules compiled to native code where they can be, or interpreted.
    pub fn with_compiled(mut self, on: bool) -> Engine<'r> {
        self.compiled = on;
        self
    }

    /// The same engine keeping solutions in a hash table even where an array would fit.
    pub fn with_hashed_table(mut self, on: bool) -> Engine<'r> {
        self.hashed = on;
        self
    }

    /// The same engine taking positions in `order` when it solves.
    pub fn with_order(mut self, order: SolveOrder) -> Engine<'r> {
        self.order = order;
        self
    }

    /// Whether positions record whose turn it is (if not, values are the same for either player).
    pub fn turn_matters(&self) -> bool {
        self.turn_radix != 0
    }
}
