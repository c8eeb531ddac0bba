//! Compiled rules: a game's end rules, moves, guards and bodies turned into native code with
//! Cranelift, so that expanding a position runs no interpreter. The kernel computes exactly what
//! `Engine::expand` computes (the same children in the same order, the same outcome, the same
//! steps), or gives up on the position (`Status::Bail`) wherever a rule could fail or a limit be
//! reached, and the interpreter then expands it and reports what happened: one semantics, the
//! interpreter's, with the kernel a fast path that tests check against it.

mod frame;
mod lower;

pub use frame::{Buffers, Frame, Kid, Status};
pub use lower::{NotCompiled, Numbering};

use crate::rules::Rules;
use cranelift_codegen::ir::{types, AbiParam};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{default_libcall_names, Linkage, Module};

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

impl Kernel {
    /// Compiles the rules for the numbering the engine uses.
    pub fn compile(rules: &Rules, num: &Numbering) -> Result<Kernel, NotCompiled> {
        let fail = |what: &str, e: &dyn std::fmt::Display| NotCompiled(format!("{what}: {e}"));
        let mut flags = settings::builder();
        let set = |f: &mut settings::Builder, k: &str, v: &str| {
            f.set(k, v).map_err(|e| fail("cranelift settings", &e))
        };
        set(&mut flags, "opt_level", "speed")?;
        set(&mut flags, "use_colocated_libcalls", "false")?;
        set(&mut flags, "is_pic", "false")?;
        let isa = cranelift_native::builder()
            .map_err(|e| fail("this machine", &e))?
            .finish(settings::Flags::new(flags))
            .map_err(|e| fail("this machine", &e))?;
        let mut module = JITModule::new(JITBuilder::with_isa(isa, default_libcall_names()));
        let mut ctx = module.make_context();
        let ptr = module.target_config().pointer_type();
        ctx.func.signature.params.push(AbiParam::new(ptr));
        ctx.func.signature.returns.push(AbiParam::new(types::I32));
        let built = lower::build(&mut ctx.func, rules, num)?;
        let id = module
            .declare_function("expand", Linkage::Local, &ctx.func.signature)
            .map_err(|e| fail("declaring the kernel", &e))?;
        module
            .define_function(id, &mut ctx)
            .map_err(|e| fail("compiling the kernel", &e))?;
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
    /// the children (`kid`) and the frame the steps taken and the end's rule and outcome.
    pub fn run(&self, code: u64, budget: u64, buf: &mut Buffers) -> (Status, Frame) {
        if buf.slots.len() != self.slots {
            buf.slots.resize(self.slots, 0);
        }
        if buf.kids.is_empty() {
            buf.kids.resize(FIRST_KIDS * self.stride, 0);
            buf.undo.resize(FIRST_UNDO * 2, 0);
        }
        loop {
            let mut frame = Frame {
                code,
                budget,
                slots: buf.slots.as_mut_ptr(),
                kids: buf.kids.as_mut_ptr(),
                kid_cap: (buf.kids.len() / self.stride) as u64,
                undo: buf.undo.as_mut_ptr(),
                undo_cap: (buf.undo.len() / 2) as u64,
                steps: 0,
                kids_len: 0,
                rule: 0,
                rel: 0,
            };
            // SAFETY: the frame's buffers are live, exclusively borrowed and as large as it says
            // (`slots` holds every slot); the generated code checks every index it computes
            // against these sizes or against the rules' own tables, which `_keep` holds.
            let status = Status::from_raw(unsafe { (self.func)(&mut frame) });
            if status != Status::Room {
                return (status, frame);
            }
            // Grow both buffers (bounded: a position has at most 10,000,000 candidate moves).
            let kids = buf.kids.len() * 2;
            let undo = buf.undo.len() * 2;
            buf.kids.resize(kids, 0);
            buf.undo.resize(undo, 0);
        }
    }

    /// Child `k` of the last `run` into `buf`.
    #[inline]
    pub fn kid<'b>(&self, buf: &'b Buffers, k: usize) -> Kid<'b> {
        buf.kid(k, self.stride, &self.params)
    }
}
