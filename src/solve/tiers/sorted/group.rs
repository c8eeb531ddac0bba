//! Valuing positions a group at a time, so that the cache misses of looking up their children
//! overlap instead of stalling one after another: the group's positions are expanded first, then
//! every child's bucket bounds are asked for, then its bucket's keys, then its entry, each round
//! reading what the round before asked the CPU to load.

use super::super::super::agg::{mex_of, Agg};
use super::super::super::rel_value;
use super::super::super::store::{pack, unpack};
use super::super::Measure;
use super::keys::key;
use super::table::Table;
use super::value::Value;
use crate::engine::alloc::prefetch;
use crate::engine::{Child, Code, Expand, Fault, Rel, Scratch};

/// Positions valued together.
pub(super) const GROUP: usize = 16;

/// A child being looked up: its tier, key and move, then its bucket, then where it is.
#[derive(Clone, Copy)]
struct Kid {
    tier: usize,
    key: u64,
    kept: bool,
    bounds: (u32, u32),
    at: usize,
}

/// A position of the group: an end's entry, or where its children are among the group's.
enum Span {
    End(u64),
    Moves(usize, usize),
}

/// A thread's buffers for valuing groups.
#[derive(Default)]
pub(super) struct Buffers {
    scratch: Scratch,
    children: Vec<Child>,
    kids: Vec<Kid>,
    spans: Vec<Span>,
}

impl Value<'_, '_, '_> {
    /// The entries of the group's positions (`codes`) into `entries`; `grundy` is cleared by an
    /// end other than a loss.
    pub(super) fn group(
        &self,
        codes: impl Iterator<Item = Code>,
        b: &mut Buffers,
        entries: &mut Vec<u64>,
        grundy: &mut bool,
    ) -> Result<(), (Fault, Code)> {
        b.kids.clear();
        b.spans.clear();
        for c in codes {
            b.children.clear();
            // Finding the positions took these steps already, within the limit.
            b.scratch.set_steps(0);
            let r = self
                .engine
                .expand_classes(c, &mut b.scratch, |_, _, ch| b.children.push(ch))
                .map_err(|f| (f, c))?;
            let span = match r {
                Expand::End { rel, .. } => {
                    *grundy &= rel == Rel::Lose;
                    Span::End(pack(rel_value(rel), 0, 0))
                }
                Expand::Moves => {
                    let start = b.kids.len();
                    for ch in &b.children {
                        let kid = Kid {
                            tier: self.child_tier(ch),
                            key: key(ch.code),
                            kept: ch.kept,
                            bounds: (0, 0),
                            at: 0,
                        };
                        self.table(kid.tier).prefetch(kid.key);
                        b.kids.push(kid);
                    }
                    Span::Moves(start, b.kids.len())
                }
            };
            b.spans.push(span);
        }
        for kid in b.kids.iter_mut() {
            let t = self.table(kid.tier);
            kid.bounds = t.bounds(kid.key);
            if let Some(k) = t.keys.get(kid.bounds.0 as usize) {
                prefetch(k);
            }
        }
        for kid in b.kids.iter_mut() {
            let t = self.table(kid.tier);
            kid.at = match t.find_in(kid.key, kid.bounds) {
                Some(at) => at,
                None => panic!(
                    "tier {}: a child in tier {} is not in its table",
                    self.tier, kid.tier
                ),
            };
            prefetch(&t.values[kid.at]);
        }
        entries.clear();
        for span in &b.spans {
            entries.push(match *span {
                Span::End(e) => e,
                Span::Moves(from, to) => self.fold(&b.kids[from..to]),
            });
        }
        Ok(())
    }

    /// A position's entry from its children's.
    fn fold(&self, kids: &[Kid]) -> u64 {
        let entry = |k: &Kid| self.table(k.tier).entry_at(k.at);
        let mut agg = Agg::default();
        for k in kids {
            agg.fold(entry(k), k.kept);
        }
        let grundy = self.impartial.then(|| match agg.small_mex() {
            m if m < 64 || !agg.big() => m,
            _ => mex_of(
                kids.iter()
                    .filter_map(|k| unpack(entry(k)).map(|e| e.grundy))
                    .filter(|g| *g >= 64)
                    .collect(),
            ),
        });
        agg.entry(grundy)
    }

    /// The tier of a child.
    #[inline]
    fn child_tier(&self, ch: &Child) -> usize {
        let t = match self.plan.measure {
            Measure::Sum => self.tier.wrapping_add_signed(i64::from(ch.digits)),
            Measure::Pieces => self.plan.tier(self.engine, ch.code),
        };
        t as usize
    }

    /// The table of tier `t`: every child's tier is held while its parents are valued.
    #[inline]
    fn table(&self, t: usize) -> &Table {
        match self.held.get(t).and_then(Option::as_ref) {
            Some(table) => table,
            None => panic!("tier {}: its children's tier {t} is not held", self.tier),
        }
    }
}
