//! Compiled rules: a game's end rules, moves, guards and bodies turned into native code with
//! Cranelift, so that expanding a position runs no interpreter. The kernel computes exactly what
//! `Engine::expand` computes (the same children in the same order, the same outcome, the same
//! steps), or gives up on the position (`Status::Bail`) wherever a rule could fail or a limit be
//! reached, and the interpreter then expands it and reports what happened: one semantics, the
//! interpreter's, with the kernel a fast path that tests check against it. The same rules compile
//! to the kernels of a sweep through the position numbers too (`Mode::Find`, `Mode::Value`), which
//! work on the solution table itself.

mod frame;
mod lower;

pub use frame::{Buffers, Frame, Kid, Status};
pub use lower::{Mode, NotCompiled, Numbering};

use crate::rules::Rules;
use cranelift_codegen::ir::{types, AbiParam};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};
use std::sync::atomic::{AtomicU16, AtomicU64};

/// The most children a buffer starts with room for, and undo entries.
const FIRST_KIDS: usize = 64;
const FIRST_UNDO: usize = 64;

/// A game's rules compiled to native code.
pub struct Kernel {
    /// Owns the code; freed when the kernel is dropped.
    module: Option<JITModule>,
    func: unsafe extern "C" fn(*mut Frame) -> u32,
    /// Words per child record, and each family's parameter count.
    stride: usize,
    params: Vec<usize>,
    slots: usize,
    /// The tables the code reads by address.
    _keep: lower::Keep,
}

// SAFETY: after `finalize_definitions` the module's code and data are never written again, and
// the kernel's function reads only the frame it is given and the tables it keeps (immutable): it
// can be called from several threads at once, each with its own frame and buffers.
unsafe impl Send for Kernel {}
unsafe impl Sync for Kernel {}

impl Drop for Kernel {
    fn drop(&mut self) {
        if let Some(m) = self.module.take() {
            // SAFETY: the function pointer dies with `self`; nothing can call the code after this.
            unsafe { m.free_memory() };
        }
    }
}

/// How a kernel is compiled.
#[derive(Clone, Copy, Debug, Default)]
pub struct Tuning {
    /// Cranelift checks the code it is given before compiling it. The tests and the fuzz
    /// harness, which compare every compiled expansion with the interpreter's, check it; a
    /// solve otherwise spends some 3% of Connect Four 4 x 4 on the check.
    pub check_ir: bool,
    /// Cranelift compiles without optimising: tic-tac-toe's rules in 7.3M instructions rather
    /// than 15.8M, for a kernel 7% slower, which runs on few positions (`engine::compiled`).
    pub quick: bool,
}

impl Kernel {
    /// Compiles the rules for the numbering the engine uses, doing `mode` with each child.
    /// `GAMEC_JIT_DUMP=1` prints the machine code to stderr.
    pub fn compile(
        rules: &Rules,
        num: &Numbering,
        mode: Mode,
        tuning: Tuning,
    ) -> Result<Kernel, NotCompiled> {
        Kernel::build(rules, num, mode, false, tuning)
    }

    /// As `compile`, a finding or valuing kernel that runs through a range of codes in one call
    /// (`sweep_range`).
    pub fn compile_range(
        rules: &Rules,
        num: &Numbering,
        mode: Mode,
        tuning: Tuning,
    ) -> Result<Kernel, NotCompiled> {
        Kernel::build(rules, num, mode, true, tuning)
    }

    fn build(
        rules: &Rules,
        num: &Numbering,
        mode: Mode,
        range: bool,
        tuning: Tuning,
    ) -> Result<Kernel, NotCompiled> {
        let fail = |what: &str, e: &dyn std::fmt::Display| NotCompiled(format!("{what}: {e}"));
        if rules.scored {
            return Err(NotCompiled("scores are left to the interpreter".into()));
        }
        if rules.moves.iter().any(|m| m.together) {
            return Err(NotCompiled(
                "simultaneous moves are left to the interpreter".into(),
            ));
        }
        if rules.moves.iter().any(|m| m.chance) {
            return Err(NotCompiled(
                "chance turns are left to the interpreter".into(),
            ));
        }
        let mut flags = settings::builder();
        let set = |f: &mut settings::Builder, k: &str, v: &str| {
            f.set(k, v).map_err(|e| fail("cranelift settings", &e))
        };
        set(
            &mut flags,
            "opt_level",
            if tuning.quick { "none" } else { "speed" },
        )?;
        set(&mut flags, "use_colocated_libcalls", "false")?;
        set(&mut flags, "is_pic", "false")?;
        let check = if tuning.check_ir { "true" } else { "false" };
        set(&mut flags, "enable_verifier", check)?;
        let isa = cranelift_native::builder()
            .map_err(|e| fail("this machine", &e))?
            .finish(settings::Flags::new(flags))
            .map_err(|e| fail("this machine", &e))?;
        let mut module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
        let mut ctx = module.make_context();
        let ptr = module.target_config().pointer_type();
        ctx.func.signature.params.push(AbiParam::new(ptr));
        ctx.func.signature.returns.push(AbiParam::new(types::I32));
        let built = lower::build(&mut ctx.func, rules, num, mode, range)?;
        let id = module
            .declare_function(mode.name(), Linkage::Local, &ctx.func.signature)
            .map_err(|e| fail("declaring the kernel", &e))?;
        let dump = std::env::var_os("GAMEC_JIT_DUMP").is_some();
        ctx.set_disasm(dump);
        module
            .define_function(id, &mut ctx)
            .map_err(|e| fail("compiling the kernel", &e))?;
        if let (true, Some(code)) = (dump, ctx.compiled_code()) {
            use std::io::Write;
            let text = code.vcode.as_deref().unwrap_or("");
            // A closed stderr loses the listing, nothing more.
            let _ = writeln!(
                std::io::stderr(),
                "{mode:?} kernel of `{}`:\n{text}",
                rules.name
            );
        }
        module.clear_context(&mut ctx);
        module
            .finalize_definitions()
            .map_err(|e| fail("finishing the kernel", &e))?;
        let code = module.get_finalized_function(id);
        // SAFETY: the function was declared with this signature (pointer → i32) and the C calling
        // convention of the host, which `extern "C"` is.
        let func = unsafe {
            std::mem::transmute::<*const u8, unsafe extern "C" fn(*mut Frame) -> u32>(code)
        };
        Ok(Kernel {
            module: Some(module),
            func,
            stride: built.stride,
            params: rules.moves.iter().map(|m| m.domains.len()).collect(),
            slots: rules.slot_ranges.len(),
            _keep: built.keep,
        })
    }

    /// Expands `code` with at most `budget` steps into `buf`. On `Moves` or `End`, `buf` holds
    /// the children (`kid`), the steps taken and the end's rule and outcome.
    pub fn run(&self, code: u64, budget: u64, buf: &mut Buffers) -> Status {
        loop {
            let r = self.call(code, budget, buf, &[], 0);
            if r != Status::Room {
                return r;
            }
            buf.grow();
        }
    }

    /// A finding or valuing kernel's call on `code`, with the sweep's table and flags (bit 0:
    /// Grundy values; bit 1: the sweep goes down). Threads may share the table while each values
    /// positions of its own whose children no thread is writing (a tier's); finding writes marks,
    /// and runs on one thread. Finding: `buf.kids_len()` positions were
    /// marked (`Buffers::marked`), whatever the status; on `Room`, take them back, `grow` the
    /// buffers and call again.
    pub fn sweep(
        &self,
        code: u64,
        budget: u64,
        buf: &mut Buffers,
        table: &[AtomicU16],
        flags: u64,
    ) -> Status {
        self.call(code, budget, buf, table, flags)
    }

    /// A range kernel's call on the codes `from..=to` (down when flag bit 3 is set), each marked
    /// one expanded (finding into `bits`: those whose bit is set; valuing with flag bit 4: those
    /// whose bit is set, with flag bit 5: every code): `Done` when every code is done; otherwise it stopped at `buf.stopped().0`,
    /// whose marks are `buf.kids_len()` (finding): take them back, do that position otherwise
    /// (or, on `Room`, grow the buffers), and call again from the next code. The steps and
    /// positions marked (`stopped`) count the positions done before the stop.
    #[allow(clippy::too_many_arguments)]
    pub fn sweep_range(
        &self,
        (from, to): (u64, u64),
        budget: u64,
        buf: &mut Buffers,
        table: &[AtomicU16],
        bits: &[AtomicU64],
        flags: u64,
    ) -> Status {
        buf.frame.from = from;
        buf.frame.to = to;
        // Written by one thread (finding) while another reads it (valuing): atomics.
        buf.frame.bits = bits.as_ptr() as u64;
        buf.frame.bits_len = bits.len() as u64;
        self.call(from, budget, buf, table, flags)
    }

    fn call(
        &self,
        code: u64,
        budget: u64,
        buf: &mut Buffers,
        table: &[AtomicU16],
        flags: u64,
    ) -> Status {
        if buf.slots.len() != self.slots {
            buf.slots.resize(self.slots, 0);
        }
        if buf.kids.is_empty() {
            buf.kids.resize(FIRST_KIDS * self.stride, 0);
            buf.undo.resize(FIRST_UNDO * 2, 0);
        }
        let f = &mut buf.frame;
        f.code = code;
        f.budget = budget;
        f.slots = buf.slots.as_mut_ptr() as u64;
        f.kids = buf.kids.as_mut_ptr() as u64;
        f.kid_cap = (buf.kids.len() / self.stride) as u64;
        f.undo = buf.undo.as_mut_ptr() as u64;
        f.undo_cap = (buf.undo.len() / 2) as u64;
        f.steps = 0;
        f.kids_len = 0;
        // The kernel writes entries through this address; the table is atomics (interior
        // mutability), and the caller sees to it that no two threads write one entry.
        f.table = table.as_ptr() as u64;
        f.table_len = table.len() as u64;
        f.flags = flags;
        // SAFETY: the frame's buffers are live, exclusively borrowed and as large as it says
        // (`slots` holds every slot, `table` has `table_len` entries); the generated code checks
        // every index it computes against these sizes or against the rules' own tables, which
        // `_keep` holds.
        Status::from_raw(unsafe { (self.func)(f) })
    }

    /// Words per child record (finding: the marked codes are every `stride`-th word).
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// Child `k` of the last `run` into `buf`.
    #[inline]
    pub fn kid<'b>(&self, buf: &'b Buffers, k: usize) -> Kid<'b> {
        buf.kid(k, self.stride, &self.params)
    }

    /// The first `n` children of the last `run` into `buf` as a solver keeps them, in order:
    /// code, whether the move kept the turn, and the change of the digits' sum.
    #[inline]
    pub fn children<'b>(
        &'b self,
        buf: &'b Buffers,
        n: usize,
    ) -> impl Iterator<Item = (u64, bool, i32)> + 'b {
        buf.children_of(n, self.stride)
    }

    /// The first `n` children of the last `run` into `buf`, in order, as `kid` reads them (the
    /// records sliced once, and taken a stride at a time: no division per call, as
    /// `chunks_exact` makes).
    #[inline]
    pub fn kids<'b>(&'b self, buf: &'b Buffers, n: usize) -> impl Iterator<Item = Kid<'b>> + 'b {
        buf.kids_of(n, self.stride, &self.params)
    }
}
