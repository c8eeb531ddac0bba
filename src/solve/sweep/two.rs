//! The sweep on two threads (`pair.rs`): finding and valuing at once, started again without
//! finding's stopping early where that left valuing something out of the ordinary
//! (`pair_unfound.rs`).

use super::super::progress::Progress;
use super::super::store::Store;
use super::super::{Order, Solution, SolveError};
use super::{pair, Found};
use crate::engine::{Code, Engine, SweepKernels};

/// The sweep with finding and valuing on two threads at once (`pair.rs`).
pub(super) fn on_two_threads(
    engine: &Engine,
    kernels: SweepKernels,
    (roots, limit, impartial): (&[Code], u64, bool),
    mut store: Store,
    range: (Code, Code),
    down: bool,
) -> Result<Option<Solution>, SolveError> {
    // Valuing reads every number of the range once, and finishes last.
    let progress = Progress::new();
    progress.bar(range.1 - range.0 + 1, "solving", "position numbers");
    // Finding may stop early the first time; if that leaves something out of the ordinary to
    // valuing, the sweep starts again without.
    for may_skip in [true, false] {
        let pair = pair::Pair::new(engine, kernels, (down, impartial, limit), range, may_skip);
        let first = roots.iter().filter(|&&r| pair.set_bit(r)).count() as u64;
        let (found, aside) = std::thread::scope(|scope| {
            let finder = scope.spawn(|| pair.find(first));
            let aside = pair.value(&mut store, &progress);
            let found = finder
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p));
            (found, aside)
        });
        let positions = match found? {
            (Found::Broken, _) => return Ok(None),
            (Found::Done, n) => n,
        };
        let aside = aside?;
        if !pair.left_well() {
            store.clear(range.0, range.1)?;
            continue;
        }
        if pair.unfound.get().is_some() {
            super::unfound::stopped_early();
        }
        let (counts, open_end) = pair.settle(&mut store, &aside)?;
        return Ok(Some(Solution {
            store: store.into(),
            positions,
            counts,
            loopy: false,
            grundy: impartial && !open_end,
            in_all: positions,
            in_all_reachable: true,
            symmetry: None,
            order: Order::Sweep { down, threads: 2 },
            margins: None,
        }));
    }
    // Not met: the second sweep finds every position, and stops early nowhere.
    Ok(None)
}
