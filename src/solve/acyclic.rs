//! Depth-first solving without an explicit graph: children are generated from the rules on
//! demand, and a position is valued once all its children are. Finding a cycle hands over to the
//! loopy solver.

use super::store::{pack, tag, unpack, Store, BUSY, UNSEEN};
use super::{rel_value, Solution, SolveError, Value};
use crate::engine::{Child, Code, Engine, Expand, Rel, Scratch};
use std::io::IsTerminal;

struct Frame {
    code: Code,
    start: usize,
    next: usize,
}

/// `Ok(None)` when the game turns out to be loopy.
pub fn solve(
    engine: &Engine,
    roots: &[Code],
    limit: u64,
    impartial: bool,
) -> Result<Option<Solution>, SolveError> {
    let mut store = Store::for_space(engine.space);
    let mut s = Solution {
        store: Store::Dense(Vec::new()),
        positions: 0,
        counts: [0; 4],
        loopy: false,
        grundy: impartial,
    };
    let mut frames: Vec<Frame> = Vec::new();
    let mut kids: Vec<Child> = Vec::new();
    let mut scratch = Scratch::default();
    let progress = Progress::new();
    for &root in roots {
        if store.get(root) != UNSEEN {
            continue;
        }
        open(
            engine,
            root,
            &mut store,
            &mut s,
            &mut frames,
            &mut kids,
            &mut scratch,
            limit,
            impartial,
        )?;
        while let Some(top) = frames.last_mut() {
            if top.next < kids.len() {
                let c = kids[top.next].code;
                top.next += 1;
                match store.get(c) {
                    UNSEEN => {
                        open(
                            engine,
                            c,
                            &mut store,
                            &mut s,
                            &mut frames,
                            &mut kids,
                            &mut scratch,
                            limit,
                            impartial,
                        )?;
                        progress.tick(s.positions);
                    }
                    e if tag(e) == BUSY => return Ok(None),
                    _ => {}
                }
                continue;
            }
            let (code, start) = (top.code, top.start);
            let entry = value_of(&kids[start..], &store, impartial);
            s.counts[unpack(entry).map_or(0, |e| e.value as usize)] += 1;
            store.set(code, entry);
            kids.truncate(start);
            frames.pop();
        }
    }
    progress.finish();
    s.store = store;
    Ok(Some(s))
}

/// Expands a newly seen position: an end is valued at once; otherwise it becomes a frame.
#[allow(clippy::too_many_arguments)]
fn open(
    engine: &Engine,
    code: Code,
    store: &mut Store,
    s: &mut Solution,
    frames: &mut Vec<Frame>,
    kids: &mut Vec<Child>,
    scratch: &mut Scratch,
    limit: u64,
    impartial: bool,
) -> Result<(), SolveError> {
    s.positions += 1;
    if s.positions > limit {
        return Err(SolveError::Limit(limit));
    }
    let start = kids.len();
    let r = engine
        .expand(code, scratch, |_, _, c| kids.push(c))
        .map_err(|f| SolveError::Fault(f, code))?;
    match r {
        Expand::End { rel, .. } => {
            kids.truncate(start);
            if impartial && rel != Rel::Lose {
                s.grundy = false;
            }
            let v = rel_value(rel);
            s.counts[v as usize] += 1;
            store.set(code, pack(v, 0, 0));
        }
        Expand::Moves => {
            store.set(code, BUSY << 61);
            frames.push(Frame {
                code,
                start,
                next: start,
            });
        }
    }
    Ok(())
}

/// A position's entry from its children's: win if some move leaves the opponent lost (fastest),
/// else tie if some move ties (fastest), else lose (slowest). Grundy: the mex of the children's.
fn value_of(kids: &[Child], store: &Store, impartial: bool) -> u64 {
    let (mut win, mut tie, mut lose): (Option<u32>, Option<u32>, u32) = (None, None, 0);
    let mut seen: u128 = 0;
    let mut big: Vec<u32> = Vec::new();
    for c in kids {
        let Some(e) = unpack(store.get(c.code)) else {
            continue;
        };
        let r = e.remoteness.unwrap_or(0);
        let v = if c.kept { e.value } else { e.value.flip() };
        match v {
            Value::Win => win = Some(win.map_or(r, |w| w.min(r))),
            Value::Tie => tie = Some(tie.map_or(r, |t| t.min(r))),
            _ => lose = lose.max(r),
        }
        if impartial {
            if e.grundy < 128 {
                seen |= 1 << e.grundy;
            } else {
                big.push(e.grundy);
            }
        }
    }
    let grundy = if impartial { mex(seen, &mut big) } else { 0 };
    match (win, tie) {
        (Some(r), _) => pack(Value::Win, r + 1, grundy),
        (None, Some(r)) => pack(Value::Tie, r + 1, grundy),
        _ => pack(Value::Lose, lose + 1, grundy),
    }
}

fn mex(seen: u128, big: &mut [u32]) -> u32 {
    let small = (!seen).trailing_zeros();
    if small < 128 {
        return small;
    }
    big.sort_unstable();
    let mut m = 128;
    for &g in big.iter() {
        if g == m {
            m += 1;
        } else if g > m {
            break;
        }
    }
    m
}

/// A spinner on stderr for long solves, only when stderr is a terminal.
struct Progress(Option<indicatif::ProgressBar>);

impl Progress {
    fn new() -> Progress {
        if !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let pb = indicatif::ProgressBar::new_spinner();
        pb.set_draw_target(indicatif::ProgressDrawTarget::stderr_with_hz(4));
        Progress(Some(pb))
    }
    #[inline]
    fn tick(&self, n: u64) {
        if n & 0xFFFFF == 0 {
            if let Some(pb) = &self.0 {
                pb.set_message(format!("solving: {n} positions"));
                pb.tick();
            }
        }
    }
    fn finish(&self) {
        if let Some(pb) = &self.0 {
            pb.finish_and_clear();
        }
    }
}
