//! The colour swap (`swap A B` in a symmetry declaration) as a transformation of position codes:
//! two values exchanged in every variable that declares one, and the players exchanged (the turn
//! digit and each `per player` variable's two slots). It commutes with the declarations' other
//! transformations, so `Symmetry` takes the lesser of a code's and its swap's canonical forms.

use super::Code;
use crate::rules::{Rules, VarKind};

/// `swap A B` on every variable that declares one, with the players exchanged: whose turn it is
/// and each `per player` variable's two values. Always checked, never proven.
#[derive(Clone, Debug)]
pub(super) struct Swap {
    /// The first declaration with a swap (in `rules.symmetries`), for messages.
    pub(super) decl: usize,
    /// Every relabelled slot: its place value, its digit base and the two digits exchanged.
    digits: Vec<(u64, u64, u64, u64)>,
    /// The `per player` variables' slot pairs exchanged: the two place values and the base.
    pairs: Vec<(u64, u64, u64)>,
    /// The turn digit's place value (0 when positions do not record the turn).
    turn: u64,
    /// How the image is described.
    pub(super) how: String,
}

impl Swap {
    pub(super) fn new(rules: &Rules, radix: &[u64], turn: u64) -> Option<Swap> {
        let mut digits = Vec::new();
        let mut words = Vec::new();
        let mut decl = None;
        for (k, s) in rules.symmetries.iter().enumerate() {
            let Some((a, b)) = s.swap else { continue };
            decl.get_or_insert(k);
            let v = &rules.vars[s.var as usize];
            let size = (v.hi - v.lo + 1) as u64;
            let (a, b) = ((a - v.lo) as u64, (b - v.lo) as u64);
            for slot in v.base..v.base + v.len {
                digits.push((radix[slot as usize], size, a, b));
            }
            let name = |d: u64| match &v.names {
                Some(n) => n[d as usize].clone(),
                None => (d as i64 + v.lo).to_string(),
            };
            words.push(format!("{} and {}", name(a), name(b)));
        }
        let pairs = rules
            .vars
            .iter()
            .filter(|v| v.kind == VarKind::PerPlayer && v.len == 2)
            .map(|v| {
                let size = (v.hi - v.lo + 1) as u64;
                (radix[v.base as usize], radix[v.base as usize + 1], size)
            })
            .collect();
        Some(Swap {
            decl: decl?,
            digits,
            pairs,
            turn,
            how: format!("with {} swapped, and players 1 and 2", words.join(", ")),
        })
    }

    /// The image of `code`.
    pub(super) fn apply(&self, code: Code) -> Code {
        let mut out = code;
        for &(r, size, a, b) in &self.digits {
            let d = (code / r) % size;
            let e = if d == a {
                b
            } else if d == b {
                a
            } else {
                d
            };
            out = out - d * r + e * r;
        }
        for &(r1, r2, size) in &self.pairs {
            let (d1, d2) = ((code / r1) % size, (code / r2) % size);
            out = out - d1 * r1 - d2 * r2 + d2 * r1 + d1 * r2;
        }
        if let Some(t) = code.checked_div(self.turn).map(|t| t % 2) {
            out = out - t * self.turn + (1 - t) * self.turn;
        }
        out
    }
}
