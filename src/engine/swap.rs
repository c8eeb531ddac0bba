//! The colour swap (`swap A B` in a symmetry declaration) as a transformation of position codes:
//! two values exchanged in every variable that declares one, and the players exchanged (the turn
//! digit and each `per player` variable's two slots). It commutes with the declarations' other
//! transformations, so `Symmetry` takes the lesser of a code's and its swap's canonical forms.

use super::Code;
use crate::rules::{Rules, VarKind};
use strength_reduce::StrengthReducedU64;

/// `swap A B` on every variable that declares one, with the players exchanged: whose turn it is
/// and each `per player` variable's two values. Always checked, never proven.
#[derive(Clone, Debug)]
pub(super) struct Swap {
    /// The first declaration with a swap (in `rules.symmetries`), for messages.
    pub(super) decl: usize,
    /// Every relabelled slot not in `runs`: its place value, its digit base and the two digits
    /// exchanged.
    digits: Vec<(u64, u64, u64, u64)>,
    /// The declaring variables whose digits are adjacent in the numbering, relabelled a group
    /// of digits at a time.
    runs: Vec<Run>,
    /// The `per player` variables' slot pairs exchanged: the two place values and the base.
    pairs: Vec<(u64, u64, u64)>,
    /// The turn digit's place value (0 when positions do not record the turn).
    turn: u64,
    /// Division by `turn` as a multiplication (by 1 when there is none).
    turn_div: StrengthReducedU64,
    /// How the image is described.
    pub(super) how: String,
}

impl Swap {
    pub(super) fn new(rules: &Rules, radix: &[u64], turn: u64) -> Option<Swap> {
        let (mut digits, mut runs) = (Vec::new(), Vec::new());
        let mut words = Vec::new();
        let mut decl = None;
        for (k, s) in rules.symmetries.iter().enumerate() {
            let Some((a, b)) = s.swap else { continue };
            decl.get_or_insert(k);
            let v = &rules.vars[s.var as usize];
            let size = (v.hi - v.lo + 1) as u64;
            let (a, b) = ((a - v.lo) as u64, (b - v.lo) as u64);
            let slots = v.base as usize..(v.base + v.len) as usize;
            match Run::new(&radix[slots.clone()], size, a, b) {
                Some(run) => runs.push(run),
                None => digits.extend(slots.map(|slot| (radix[slot], size, a, b))),
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
            runs,
            pairs,
            turn,
            turn_div: StrengthReducedU64::new(turn.max(1)),
            how: format!("with {} swapped, and players 1 and 2", words.join(", ")),
        })
    }

    /// Whether the swap relabels the digits of one variable only, the part of the code
    /// `(code / first) % total`, beside exchanging the players.
    pub(super) fn relabels_only(&self, first: u64, total: u64) -> bool {
        self.digits.is_empty()
            && matches!(&self.runs[..], [r] if r.first == first && r.total == total)
    }

    /// The image of `code`.
    pub(super) fn apply(&self, code: Code) -> Code {
        let mut out = code;
        for run in &self.runs {
            out = run.apply(out);
        }
        for &(r, size, a, b) in &self.digits {
            let d = (code / r) % size;
            out = out - d * r + exchange(d, a, b) * r;
        }
        self.apply_players(out)
    }

    /// `code` with the players exchanged (the turn digit and the `per player` pairs), its
    /// relabelled variables as they are.
    #[inline]
    pub(super) fn apply_players(&self, code: Code) -> Code {
        let mut out = code;
        for &(r1, r2, size) in &self.pairs {
            let (d1, d2) = ((code / r1) % size, (code / r2) % size);
            out = out - d1 * r1 - d2 * r2 + d2 * r1 + d1 * r2;
        }
        if self.turn != 0 {
            let t = (code / self.turn_div) % 2;
            out = out - t * self.turn + (1 - t) * self.turn;
        }
        out
    }
}

/// Digit `d` with the digits `a` and `b` exchanged.
#[inline]
fn exchange(d: u64, a: u64, b: u64) -> u64 {
    match d {
        _ if d == a => b,
        _ if d == b => a,
        _ => d,
    }
}

/// `v`, a number of `n` base-`size` digits, with the digits `a` and `b` exchanged in each (its
/// digits past `n` dropped).
pub(super) fn relabel(v: u64, n: usize, size: u64, (a, b): (u64, u64)) -> u64 {
    let (mut x, mut place, mut out) = (v, 1u64, 0u64);
    for _ in 0..n {
        out += exchange(x % size, a, b) * place;
        (x, place) = (x / size, place * size);
    }
    out
}

/// A variable's adjacent digits (each place value the one before times the base), relabelled
/// by a table over groups of digits: one division per group instead of two per digit.
#[derive(Clone, Debug)]
struct Run {
    /// The first digit's place value, and how many values the variable's part has.
    first: u64,
    total: u64,
    /// How many values a group of digits has, how many groups there are, and how many values
    /// the last group has (it may have fewer digits).
    values: u64,
    groups: u32,
    last: u64,
    /// Each group value's image with the two digits exchanged.
    table: Vec<u64>,
}

/// The largest group of digits relabelled by one table entry.
const GROUP_VALUES: u64 = 4096;

impl Run {
    fn new(radix: &[u64], size: u64, a: u64, b: u64) -> Option<Run> {
        let first = *radix.first()?;
        let adjacent = radix
            .windows(2)
            .all(|w| w[0].checked_mul(size) == Some(w[1]));
        let total = size.checked_pow(u32::try_from(radix.len()).ok()?)?;
        if !adjacent || size < 2 || first.checked_mul(total).is_none() {
            return None;
        }
        let (mut per, mut values) = (1usize, size);
        while per < radix.len() && values * size <= GROUP_VALUES {
            per += 1;
            values *= size;
        }
        let table = (0..values).map(|v| relabel(v, per, size, (a, b))).collect();
        let groups = radix.len().div_ceil(per) as u32;
        let last = size.pow((radix.len() - per * (groups as usize - 1)) as u32);
        Some(Run {
            first,
            total,
            values,
            groups,
            last,
            table,
        })
    }

    /// `code` with this variable's digits relabelled. (A last group shorter than the others
    /// reads as a full one whose missing high digits are 0; they may relabel to another value,
    /// so its image is cut to its own digits.)
    #[inline]
    fn apply(&self, code: Code) -> Code {
        let own = (code / self.first) % self.total;
        let (mut v, mut place, mut image) = (own, 1u64, 0u64);
        for g in 1..=self.groups {
            let mut x = self.table[(v % self.values) as usize];
            if g == self.groups {
                x %= self.last;
            }
            image += x * place;
            v /= self.values;
            place = place.saturating_mul(self.values);
        }
        code - own * self.first + image * self.first
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The relabelling by groups is the one digit by digit, on parts of several lengths and
    /// bases, with digits below and above the part, whichever two values are exchanged.
    #[test]
    fn groups_relabel_as_digits_do() {
        let mut seed = 11u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed >> 1
        };
        for (n, size) in [(9u32, 3u64), (16, 3), (20, 3), (7, 5), (25, 2), (3, 9)] {
            let below = 6u64;
            let radix: Vec<u64> = (0..n).map(|k| below * size.pow(k)).collect();
            for (a, b) in [(0, 1), (1, 2), (0, size - 1)]
                .into_iter()
                .filter(|&(_, b)| b < size)
            {
                let run = Run::new(&radix, size, a, b).expect("adjacent digits");
                for _ in 0..500 {
                    let code = next() % (below * size.pow(n) * 4);
                    let mut plain = code;
                    for &r in &radix {
                        let d = (code / r) % size;
                        let e = if d == a {
                            b
                        } else if d == b {
                            a
                        } else {
                            d
                        };
                        plain = plain - d * r + e * r;
                    }
                    assert_eq!(
                        run.apply(code),
                        plain,
                        "{n} x base {size}, {a}<->{b}, {code}"
                    );
                }
            }
        }
        // Digits with another variable between them are left to the plain way.
        assert!(Run::new(&[1, 3, 27], 3, 0, 1).is_none());
    }
}
