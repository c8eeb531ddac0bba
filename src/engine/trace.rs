//! Traces: the shortest sequence of moves from the start (or from a given position) to a
//! position, for error reports.

use super::{Code, Engine, Expand, Scratch};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Upper estimate of the bytes one position costs while tracing (its parent and the move's
/// arguments, in a hash map).
const TRACE_BYTES_PER_POSITION: u64 = 128;

/// The way to a position: the moves there, or why there is none to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    Found(Vec<String>),
    /// Every position reachable was visited without meeting it.
    Unreached,
    /// The search stopped at the limit first.
    TooMany,
}

/// Breadth-first from the starts to `target`; the labels of the moves on the way (with the rolls
/// of the chance setup first). `None` if not reached within `limit` positions.
pub fn trace_to(engine: &Engine, target: Code, limit: u64) -> Option<Vec<String>> {
    match route(engine, None, target, limit) {
        Route::Found(moves) => Some(moves),
        _ => None,
    }
}

/// Breadth-first to `target` from `from`, or from the starts when `from` is `None`.
pub fn route(engine: &Engine, from: Option<Code>, target: Code, limit: u64) -> Route {
    route_by(engine, from, limit, |c| c == target).0
}

/// Breadth-first to the nearest position of the class of `target` (the positions the declared
/// symmetries make alike), and which position that is.
pub fn route_to_class(
    engine: &Engine,
    from: Option<Code>,
    target: Code,
    limit: u64,
) -> (Route, Code) {
    let class = engine.canonical(target);
    let (route, found) = route_by(engine, from, limit, |c| engine.canonical(c) == class);
    (route, found.unwrap_or(target))
}

fn route_by(
    engine: &Engine,
    from: Option<Code>,
    limit: u64,
    is_target: impl Fn(Code) -> bool,
) -> (Route, Option<Code>) {
    let (limit, _) = super::memory::position_budget(limit, TRACE_BYTES_PER_POSITION);
    let starts = match from {
        Some(code) => vec![(code, Vec::new())],
        None => match engine.starts() {
            Ok(bs) => bs.into_iter().map(|b| (b.code, b.rolls)).collect(),
            Err(_) => return (Route::Unreached, None),
        },
    };
    let mut parent: Parents = FxHashMap::default();
    let mut queue = VecDeque::new();
    let mut roll_of: FxHashMap<Code, String> = FxHashMap::default();
    for (code, rolls) in &starts {
        parent.entry(*code).or_insert(None);
        queue.push_back(*code);
        if !rolls.is_empty() {
            let rolled: Vec<String> = rolls.iter().map(|(n, v)| format!("{n}={v}")).collect();
            roll_of
                .entry(*code)
                .or_insert(format!("roll {}", rolled.join(", ")));
        }
    }
    let mut scratch = Scratch::default();
    let mut target = None;
    while let Some(code) = queue.pop_front() {
        if is_target(code) {
            target = Some(code);
            break;
        }
        if parent.len() as u64 > limit {
            return (Route::TooMany, None);
        }
        let mut kids = Vec::new();
        let r = engine.expand(code, &mut scratch, |f, args, c| {
            kids.push((f, args.to_vec(), c.code))
        });
        if !matches!(r, Ok(Expand::Moves)) {
            continue;
        }
        for (f, args, c) in kids {
            if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(c) {
                e.insert(Some((code, f, args)));
                queue.push_back(c);
            }
        }
    }
    match target {
        Some(t) => (Route::Found(path_to(engine, &parent, &roll_of, t)), Some(t)),
        None => (Route::Unreached, None),
    }
}

type Parents = FxHashMap<Code, Option<(Code, usize, Vec<i64>)>>;

/// The moves from a start to `target`, read back from the search's parents.
fn path_to(
    engine: &Engine,
    parent: &Parents,
    roll_of: &FxHashMap<Code, String>,
    target: Code,
) -> Vec<String> {
    let mut path = Vec::new();
    let mut at = target;
    while let Some(Some((p, f, args))) = parent.get(&at) {
        path.push(engine.move_label(*p, *f, args));
        at = *p;
    }
    if let Some(r) = roll_of.get(&at) {
        path.push(r.clone());
    }
    path.reverse();
    path
}
