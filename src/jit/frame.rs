//! What a compiled kernel reads and writes: one `#[repr(C)]` frame per call (the position's code,
//! the steps it may take, and the buffers it fills) and the status it returns.

/// The frame a kernel is called with (the addresses are of buffers that belong to `Buffers`, which
/// holds the frame too, so that the caller reads back only the fields it needs); the kernel checks
/// every write against the capacities given here and asks for more room rather than write past
/// them.
#[repr(C)]
#[derive(Default)]
pub struct Frame {
    /// The position to expand.
    pub code: u64,
    /// The most steps the expansion may take; past them the kernel gives up (the interpreter
    /// then reports `too_many_steps` at the exact step).
    pub budget: u64,
    /// `slots` words: the decoded position, which moves change in place and restore.
    pub slots: u64,
    /// `kid_cap` records of `stride` words: each child's code, `digits << 32 | family << 1 |
    /// kept` (`digits`: the change of the digits' sum, as 32 bits), then the move's parameters.
    pub kids: u64,
    pub kid_cap: u64,
    /// `undo_cap` pairs of words (slot, old value): the writes of a move with a loop in its body.
    pub undo: u64,
    pub undo_cap: u64,
    /// Out: the steps taken, the children written, and for an end, its rule and outcome.
    pub steps: u64,
    pub kids_len: u64,
    pub rule: u64,
    pub rel: u64,
    /// A sweep's solution table (16-bit entries) and its length, for the finding and valuing
    /// kernels; bit 0 of `flags`: Grundy values are computed; bit 1: the sweep goes down.
    pub table: u64,
    pub table_len: u64,
    pub flags: u64,
    /// Out, valuing: the position's entry. A kernel over a range: the positions marked.
    pub entry: u64,
    /// A kernel over a range: its first and last codes (`code` says where it stopped).
    pub from: u64,
    pub to: u64,
    /// A sweep on two threads: the bitset of positions found (64 a word) and its length in words.
    pub bits: u64,
    pub bits_len: u64,
}

/// Byte offsets of the frame's fields, for the generated code.
pub(super) mod at {
    pub const CODE: i32 = 0;
    pub const BUDGET: i32 = 8;
    pub const SLOTS: i32 = 16;
    pub const KIDS: i32 = 24;
    pub const KID_CAP: i32 = 32;
    pub const UNDO: i32 = 40;
    pub const UNDO_CAP: i32 = 48;
    pub const STEPS: i32 = 56;
    pub const KIDS_LEN: i32 = 64;
    pub const RULE: i32 = 72;
    pub const REL: i32 = 80;
    pub const TABLE: i32 = 88;
    pub const TABLE_LEN: i32 = 96;
    pub const FLAGS: i32 = 104;
    pub const ENTRY: i32 = 112;
    pub const FROM: i32 = 120;
    pub const TO: i32 = 128;
    pub const BITS: i32 = 136;
    pub const BITS_LEN: i32 = 144;
}

/// What a kernel returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The position's moves are in the buffer.
    Moves,
    /// An end rule holds (`rule`, `rel`); the moves generated on the way (by a `no moves` rule
    /// that did not hold) are in the buffer.
    End,
    /// Something the kernel does not decide: a fault, a limit, or too many steps. The interpreter
    /// expands the position instead, and reports exactly what happened.
    Bail,
    /// A buffer was too small: grow it and call again.
    Room,
    /// Finding: a move does not go the sweep's way.
    Broken,
    /// A kernel over a range: every code of it is done.
    Done,
}

pub(super) const MOVES: i64 = 0;
pub(super) const END: i64 = 1;
pub(super) const BAIL: i64 = 2;
pub(super) const ROOM: i64 = 3;
pub(super) const BROKEN: i64 = 4;
pub(super) const DONE: i64 = 5;

impl Status {
    pub(super) fn from_raw(r: u32) -> Status {
        match r as i64 {
            MOVES => Status::Moves,
            END => Status::End,
            ROOM => Status::Room,
            BROKEN => Status::Broken,
            DONE => Status::Done,
            _ => Status::Bail,
        }
    }
}

/// The buffers a kernel fills, kept between calls so expanding allocates nothing.
#[derive(Default)]
pub struct Buffers {
    pub(super) slots: Vec<i64>,
    pub(super) kids: Vec<u64>,
    pub(super) undo: Vec<u64>,
    pub(super) frame: Frame,
}

/// One child as the kernel wrote it.
#[derive(Clone, Copy, Debug)]
pub struct Kid<'b> {
    pub code: u64,
    pub family: usize,
    pub kept: bool,
    /// The change of the sum of the digits (`engine::Child::digits`).
    pub digits: i32,
    pub args: &'b [i64],
}

impl Buffers {
    /// The last call's steps taken.
    pub fn steps(&self) -> u64 {
        self.frame.steps
    }
    /// The last call's children written (finding: positions marked).
    pub fn kids_len(&self) -> u64 {
        self.frame.kids_len
    }
    /// The last call's end rule and its outcome (0 win, 1 lose, 2 tie), for `Status::End`.
    pub fn end(&self) -> (u64, u64) {
        (self.frame.rule, self.frame.rel)
    }
    /// The last valuing call's entry.
    pub fn entry(&self) -> u64 {
        self.frame.entry
    }
    /// A kernel over a range: the code it stopped at, the positions it marked (finding), and
    /// whether it met an end other than a loss (valuing).
    pub fn stopped(&self) -> (u64, u64, bool) {
        (self.frame.code, self.frame.entry, self.frame.rel != 0)
    }

    /// Doubles the room for children and undo entries (a position has at most 10,000,000
    /// candidate moves, so this is bounded).
    pub fn grow(&mut self) {
        let (kids, undo) = (self.kids.len() * 2, self.undo.len() * 2);
        self.kids.resize(kids, 0);
        self.undo.resize(undo, 0);
    }

    /// Finding: the codes of the positions the last call marked (`n` of them).
    pub fn marked(&self, n: usize, stride: usize) -> impl Iterator<Item = u64> + '_ {
        self.kids.iter().step_by(stride).take(n).copied()
    }

    /// Child `k` of the last call, whose records are `stride` words; family `f` has
    /// `params[f]` arguments.
    #[inline]
    pub(super) fn kid(&self, k: usize, stride: usize, params: &[usize]) -> Kid<'_> {
        record(&self.kids[k * stride..k * stride + stride], params)
    }

    /// The first `n` children of the last call without their moves' families and arguments.
    #[inline]
    pub(super) fn children_of(
        &self,
        n: usize,
        stride: usize,
    ) -> impl Iterator<Item = (u64, bool, i32)> + '_ {
        let words = &self.kids[..n * stride];
        words
            .chunks(stride)
            .map(|r| (r[0], r[1] & 1 == 1, (r[1] >> 32) as u32 as i32))
    }

    /// The first `n` children of the last call, as `kid` reads them.
    #[inline]
    pub(super) fn kids_of<'b>(
        &'b self,
        n: usize,
        stride: usize,
        params: &'b [usize],
    ) -> impl Iterator<Item = Kid<'b>> + 'b {
        let words = &self.kids[..n * stride];
        words.chunks(stride).map(move |r| record(r, params))
    }
}

/// A child's record (`stride` words, at least 2); family `f` has `params[f]` arguments.
#[inline]
fn record<'b>(r: &'b [u64], params: &[usize]) -> Kid<'b> {
    let stride = r.len();
    let meta = r[1];
    let family = ((meta as u32) >> 1) as usize;
    let n = params.get(family).copied().unwrap_or(0).min(stride - 2);
    // The arguments are i64 values stored as their bits.
    let args: &[u64] = &r[2..2 + n];
    Kid {
        code: r[0],
        family,
        kept: meta & 1 == 1,
        digits: (meta >> 32) as u32 as i32,
        args: as_i64(args),
    }
}

/// The words of a record's arguments read as the signed values they are.
#[inline]
fn as_i64(words: &[u64]) -> &[i64] {
    // SAFETY: u64 and i64 have the same size, alignment and validity (every bit pattern is a
    // value of both), so a slice of one is a slice of the other.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast::<i64>(), words.len()) }
}
