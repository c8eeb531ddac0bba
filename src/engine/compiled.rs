//! Expanding a position with the compiled rules (`jit::Kernel`), compiled the first time a
//! position is expanded; a position the kernel gives up on, and every game it cannot compile,
//! is expanded by the interpreter. With verification on, every compiled expansion is compared
//! with the interpreter's, and a difference stops the program: tests and the fuzz harness run so.

use super::{Child, Code, Engine, Expand, Fault, Rel, Scratch};
use crate::jit::{Kernel, Mode, Numbering, Status, Tuning};
use std::sync::atomic::{AtomicBool, Ordering};

/// The range kernels of a sweep a solve uses: valuing, and finding in the table (one thread)
/// or into a bitset (two threads, `find` then being `FindBits`).
#[derive(Clone, Copy)]
pub struct SweepKernels<'e> {
    pub find: &'e Kernel,
    pub value: &'e Kernel,
}

/// Which range kernel of a sweep.
#[derive(Clone, Copy)]
enum RangeKernel {
    Find = 0,
    Value = 1,
    FindBits = 2,
}

/// The rules of a game numbered within `WARM_UP_SPACE` codes are compiled once the interpreter
/// has taken `WARM_UP` steps expanding its positions, each expansion counting `EXPANSION_STEPS`
/// more: compiling takes some milliseconds (1-4 for the games in `games/`), which a small game
/// would spend for nothing, and a game the interpreter is slow on would save many times over.
/// Waiting about as long as compiling takes (30,000 steps are 1-7 ms of the interpreter here;
/// compiling tic-tac-toe's rules costs about what 40,000 of its steps do), a game takes at most
/// about twice the time of the better choice made in hindsight (the ski-rental rule). Steps, not
/// time, so that whether and when the rules are compiled does not depend on the machine or its
/// load. With verification on, the rules are compiled at once.
pub const WARM_UP: u64 = 30_000;
/// What an expansion costs the warm-up beside its steps (decoding the position and making its
/// children).
pub const EXPANSION_STEPS: u64 = 4;

/// Games numbered past this many codes are compiled at once (Connect Four 5 x 4: 3^20 x 2).
pub const WARM_UP_SPACE: u64 = 1 << 20;

/// Whether compiled expansions are compared with the interpreter's (`set_verify`, or the
/// environment variable `GAMEC_VERIFY_KERNEL=1`).
static VERIFY: AtomicBool = AtomicBool::new(false);

/// Turns verification of compiled expansions on or off for the whole process.
pub fn set_verify(on: bool) {
    VERIFY.store(on, Ordering::Relaxed);
}

/// Whether compiled expansions are compared with the interpreter's.
pub fn verifying() -> bool {
    static FROM_ENV: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    VERIFY.load(Ordering::Relaxed)
        || *FROM_ENV
            .get_or_init(|| std::env::var_os("GAMEC_VERIFY_KERNEL").is_some_and(|v| v == "1"))
}

/// Games numbered within this many codes have their expanding kernel compiled without
/// optimising (`Tuning::quick`): at most 65,536 positions, on which the slower code can cost a
/// few million instructions (some 10% of 500 a position), where optimising costs more to compile
/// (tic-tac-toe: 15.8M instructions with it, 7.3M without; its kernel then ran 1.58M against
/// 1.47M, callgrind). Measured (`perf stat -r 15`, core 1): tic-tac-toe
/// `--no-symmetry` 5.41 ms to 4.37, Kayles 6.22 to 5.30, Quixo 3 x 3 22.8 to 19.2 (`--no-symmetry`
/// 37.9 to 35.8); Othello 4 x 4 (3^16 codes) took 57.2 ms to 63.4 without optimising.
pub const QUICK_SPACE: u64 = 1 << 16;

/// How kernels are compiled: Cranelift checks its input where the kernels are verified too
/// (tests, the fuzz harness) and in debug builds; `quick` for the expanding kernel of a game
/// numbered within `QUICK_SPACE` codes.
fn tuning() -> Tuning {
    Tuning {
        check_ir: verifying() || cfg!(debug_assertions),
        quick: false,
    }
}

impl Engine<'_> {
    /// The compiled rules, compiled on first use; `None` when they are not used (`--interpreted`,
    /// or a game the compiler leaves to the interpreter).
    pub fn kernel(&self) -> Option<&Kernel> {
        if !self.compiled {
            return None;
        }
        self.kernel
            .get_or_init(|| {
                let num = Numbering {
                    radix: &self.radix,
                    turn_radix: self.turn_radix,
                    again_radix: self.again_radix,
                };
                let tuning = Tuning {
                    quick: self.space <= QUICK_SPACE,
                    ..tuning()
                };
                Kernel::compile(self.rules, &num, Mode::Expand, tuning).ok()
            })
            .as_ref()
    }

    /// Whether the rules have been compiled for expanding positions (by `kernel`, or after the
    /// warm-up).
    pub fn compiled_yet(&self) -> bool {
        self.kernel.get().is_some_and(|k| k.is_some())
    }

    /// The compiled rules for an expansion: once the warm-up is over (`WARM_UP`), or at once
    /// when verifying.
    pub(super) fn warm_kernel(&self) -> Option<&Kernel> {
        if let Some(k) = self.kernel.get() {
            return k.as_ref();
        }
        if self.warming() {
            return None;
        }
        self.kernel()
    }

    /// Whether the interpreter is warming up: the rules are to be compiled, but not yet.
    pub(super) fn warming(&self) -> bool {
        // A game numbered past 2^20 codes is compiled at once: it is seldom small.
        self.compiled
            && self.kernel.get().is_none()
            && !verifying()
            && self.space <= WARM_UP_SPACE
            && self.warm_up.load(Ordering::Relaxed) < WARM_UP
    }

    /// Counts an expansion by the interpreter during the warm-up, which took `steps`.
    pub(super) fn warmed(&self, steps: u64) {
        let cost = steps.saturating_add(EXPANSION_STEPS);
        self.warm_up.fetch_add(cost, Ordering::Relaxed);
    }

    /// The kernels of a sweep through the position numbers on `threads` threads (valuing, and
    /// finding in the table or, on two, into a bitset; each over a range of codes a call),
    /// compiled on first use; `None` where the compiled rules are not used, or labels are
    /// checked as moves are generated (the finding kernels do not), or positions are reduced by
    /// symmetry.
    pub fn sweep_kernels(&self, threads: usize) -> Option<SweepKernels<'_>> {
        let find = match threads {
            1 => RangeKernel::Find,
            _ => RangeKernel::FindBits,
        };
        Some(SweepKernels {
            find: self.range_kernel(find)?,
            value: self.range_kernel(RangeKernel::Value)?,
        })
    }

    /// One range kernel of a sweep, compiled on first use.
    fn range_kernel(&self, which: RangeKernel) -> Option<&Kernel> {
        if !self.compiled || self.rules.labels_checked || self.symmetry.is_some() {
            return None;
        }
        self.sweep_kernels[which as usize]
            .get_or_init(|| {
                let num = Numbering {
                    radix: &self.radix,
                    turn_radix: self.turn_radix,
                    again_radix: self.again_radix,
                };
                let mode = match which {
                    RangeKernel::Find => Mode::Find,
                    RangeKernel::Value => Mode::Value,
                    RangeKernel::FindBits => Mode::FindBits,
                };
                Kernel::compile_range(self.rules, &num, mode, tuning()).ok()
            })
            .as_ref()
    }

    /// The kernels of a solve in tier order (finding by the digits' sum, valuing one position a
    /// call), compiled on first use; `None` where the sweep's kernels are not used either.
    pub fn tier_kernels(&self) -> Option<&(Kernel, Kernel)> {
        if !self.compiled || self.rules.labels_checked || self.symmetry.is_some() {
            return None;
        }
        self.tier_kernels
            .get_or_init(|| {
                let num = Numbering {
                    radix: &self.radix,
                    turn_radix: self.turn_radix,
                    again_radix: self.again_radix,
                };
                let find = Kernel::compile(self.rules, &num, Mode::FindTiers, tuning()).ok()?;
                let value = Kernel::compile(self.rules, &num, Mode::Value, tuning()).ok()?;
                Some((find, value))
            })
            .as_ref()
    }

    /// Expands `code` with the kernel, passing each child to `sink` as the interpreter would;
    /// `None` when the kernel gives up (nothing has been passed to `sink` then).
    pub(super) fn expand_compiled<F: FnMut(usize, &[i64], Child)>(
        &self,
        kernel: &Kernel,
        code: Code,
        scratch: &mut Scratch,
        sink: &mut F,
    ) -> Option<Result<Expand, Fault>> {
        let (expand, kids_len) = self.run_compiled(kernel, code, scratch)?;
        for kid in kernel.kids(&scratch.kernel, kids_len) {
            sink(
                kid.family,
                kid.args,
                Child {
                    code: kid.code,
                    kept: kid.kept,
                    digits: kid.digits,
                },
            );
        }
        Some(Ok(expand))
    }

    /// As `expand_classes` for a solver that needs no move's family and arguments: each child
    /// to `sink`. Rules compiled (after the warm-up) and positions not reduced by symmetry: the
    /// children straight from the kernel's buffer, or the interpreter's where the kernel gives
    /// up (as `expand` does then, without running the kernel again); otherwise `expand_classes`.
    #[inline]
    pub fn expand_children<F: FnMut(Child)>(
        &self,
        code: Code,
        scratch: &mut Scratch,
        mut sink: F,
    ) -> Result<Expand, Fault> {
        let (None, Some(Some(kernel))) = (&self.symmetry, self.kernel.get()) else {
            return self.expand_classes(code, scratch, |_, _, c| sink(c));
        };
        let Some((expand, kids_len)) = self.run_compiled(kernel, code, scratch) else {
            return self.expand_interpreted(code, scratch, |_, _, c| sink(c));
        };
        for (code, kept, digits) in kernel.children(&scratch.kernel, kids_len) {
            sink(Child { code, kept, digits });
        }
        Ok(expand)
    }

    /// `expand_compiled` but for passing the children on: the kernel's expansion, its labels
    /// checked, verified if asked, its steps counted, and how many children it left in
    /// `scratch.kernel`; `None` when the kernel gives up (no step counted then).
    #[inline]
    fn run_compiled(
        &self,
        kernel: &Kernel,
        code: Code,
        scratch: &mut Scratch,
    ) -> Option<(Expand, usize)> {
        let budget = self.max_steps.saturating_sub(scratch.steps);
        let status = kernel.run(code, budget, &mut scratch.kernel);
        let buf = &scratch.kernel;
        let (rule, rel, kids_len) = (buf.end().0, buf.end().1, buf.kids_len());
        let expand = match status {
            Status::Moves => Expand::Moves,
            Status::End => Expand::End {
                rel: match rel {
                    0 => Rel::Win,
                    1 => Rel::Lose,
                    _ => Rel::Tie,
                },
                rule: rule as usize,
                margin: None,
            },
            Status::Bail | Status::Room | Status::Broken | Status::Done => return None,
        };
        let mut steps = buf.steps();
        if self.rules.labels_checked && !scratch.no_labels && kids_len > 0 {
            steps += self.labels_of_kids(kernel, code, scratch, budget - steps, kids_len)?;
        }
        if verifying() {
            self.verify(kernel, code, scratch, expand, steps, kids_len);
        }
        scratch.steps += steps;
        Some((expand, kids_len as usize))
    }

    /// Where labels may fail or repeat, every legal move's label, worked out by the interpreter as
    /// `generate` does; returns the steps that took, or `None` if a label fails or the steps run
    /// out (the interpreter then expands the position and reports it).
    fn labels_of_kids(
        &self,
        kernel: &Kernel,
        code: Code,
        scratch: &mut Scratch,
        budget: u64,
        kids: u64,
    ) -> Option<u64> {
        let (mut made, mut args) = (Vec::with_capacity(kids as usize), Vec::new());
        for k in 0..kids as usize {
            let kid = kernel.kid(&scratch.kernel, k);
            made.push((kid.family, args.len()));
            args.extend_from_slice(kid.args);
        }
        let (mover, last) = self.decode_into(code, &mut scratch.slots);
        scratch.locals.clear();
        scratch.locals.resize(self.rules.locals as usize + 1, 0);
        let mut ctx = crate::rules::Ctx {
            vars: &self.rules.vars,
            ranges: &self.rules.slot_ranges,
            slots: &mut scratch.slots,
            locals: &mut scratch.locals,
            mover: mover as i64,
            last_mover: last as i64,
            undo: &mut scratch.undo,
            again: false,
            scale: 1,
            budget,
            chance: None,
        };
        self.check_labels(&mut ctx, &made, &args).ok()?;
        Some(budget - ctx.budget)
    }

    /// Expands `code` with the interpreter too and stops the program if anything differs.
    #[cold]
    fn verify(
        &self,
        kernel: &Kernel,
        code: Code,
        scratch: &Scratch,
        expand: Expand,
        steps: u64,
        kids: u64,
    ) {
        let mut s = Scratch {
            steps: scratch.steps,
            no_labels: scratch.no_labels,
            ..Scratch::default()
        };
        let mut seen: Vec<(usize, Vec<i64>, Child)> = Vec::new();
        let r = self.expand_interpreted(code, &mut s, |f, a, c| seen.push((f, a.to_vec(), c)));
        let compiled: Vec<(usize, Vec<i64>, Child)> = (0..kids as usize)
            .map(|k| {
                let kid = kernel.kid(&scratch.kernel, k);
                (
                    kid.family,
                    kid.args.to_vec(),
                    Child {
                        code: kid.code,
                        kept: kid.kept,
                        digits: kid.digits,
                    },
                )
            })
            .collect();
        let same = r.as_ref().ok() == Some(&expand)
            && seen == compiled
            && s.steps == scratch.steps + steps;
        if !same {
            panic!(
                "the compiled rules of `{}` differ from the interpreter at {}:\n\
                 compiled: {expand:?}, {steps} steps, moves {compiled:?}\n\
                 interpreted: {r:?}, {} steps, moves {seen:?}",
                self.rules.name,
                self.describe(&self.decode(code)),
                s.steps - scratch.steps,
            );
        }
    }
}
