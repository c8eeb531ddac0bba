//! Symmetry declarations: on random games (whose rules rarely have the symmetry, so the engine and
//! the reference must both refuse them alike), and whole games built to have one, now and then
//! with one rule that breaks it.

use super::scope::{Gen, Shape};
use rand::Rng;

impl<R: Rng> Gen<'_, R> {
    /// A `symmetry` line for one of the arrays or grids declared, or nothing.
    pub(super) fn symmetry(&mut self) -> String {
        let shaped: Vec<(String, Shape)> = self
            .vars
            .iter()
            .filter(|v| matches!(v.shape, Shape::Array(_) | Shape::Grid { .. }))
            .map(|v| (v.name.clone(), v.shape.clone()))
            .collect();
        let Some((name, shape)) = self.pick(&shaped).cloned() else {
            return String::new();
        };
        let kinds: &[&str] = match shape {
            Shape::Grid { cols, rows } if cols == rows => &[
                "rotations",
                "reflections",
                "mirror",
                "flip",
                "rotations, reflections",
            ],
            Shape::Grid { .. } => &["reflections", "mirror", "flip", "mirror, flip"],
            _ => &[
                "any order",
                "mirror",
                "mirror, any order",
                "rotations",
                "rotations, mirror",
            ],
        };
        let mut kind = self.pick(kinds).copied().unwrap_or("mirror").to_string();
        let len = match &shape {
            Shape::Array(n) => n.parse::<usize>().ok(),
            _ => None,
        };
        if let (Some(n), true) = (len, self.chance(0.3)) {
            // A listed permutation: a random arrangement of the places, which random rules
            // rarely respect.
            let mut places: Vec<usize> = (0..n).collect();
            for i in (1..places.len()).rev() {
                let j = self.int_in(0, i as i64) as usize;
                places.swap(i, j);
            }
            let listed: Vec<String> = places.iter().map(|p| p.to_string()).collect();
            kind = format!("permutation [{}]", listed.join(", "));
        }
        // Now and then two of the values swapped with the players (the variable's own
        // declaration, or one of a single value's).
        let swappable: Vec<super::scope::Var> = self
            .vars
            .iter()
            .filter(|v| !v.is_bool && v.hi_v > v.lo_v)
            .filter(|v| {
                matches!(
                    v.shape,
                    Shape::Scalar | Shape::Array(_) | Shape::Grid { .. }
                )
            })
            .cloned()
            .collect();
        let mut extra = String::new();
        let odds = if self.many() { 0.01 } else { 0.25 };
        if let (true, Some(v)) = (self.chance(odds), self.pick(&swappable).cloned()) {
            let (var, shape, lo, hi, names) = (v.name, v.shape, v.lo_v, v.hi_v, v.values);
            let a = self.int_in(lo, hi);
            let b = if a == hi { lo } else { self.int_in(a + 1, hi) };
            let word = |x: i64| match &names {
                Some(n) => n.get((x - lo) as usize).cloned().unwrap_or_default(),
                None => x.to_string(),
            };
            let (a, b) = (word(a), word(b));
            if var == name {
                kind = format!("{kind}, swap {a} {b}");
            } else if !matches!(shape, Shape::Scalar) || self.chance(0.5) {
                extra = format!("  symmetry {var}: swap {a} {b}\n");
            }
        }
        format!("  symmetry {name}: {kind}\n{extra}")
    }
}

/// A game built to have a symmetry: take-away on a row of heaps in any order, knocking down
/// pins of a row read from either end, or marking the cells of a small board under its turns
/// and reflections (and now and then with the two players' marks swapped). With probability 1/4
/// one rule singles out a place, so the declaration no longer holds.
pub(super) fn symmetric_game(rng: &mut impl Rng) -> String {
    let broken = rng.gen_bool(0.25);
    match rng.gen_range(0..4) {
        0 => heaps(rng, broken),
        1 => pins(rng, broken),
        2 => ring(rng, broken),
        _ => board(rng, broken),
    }
}

/// A game `symmetric_game` built, for `n` players: the marks are the players' numbers 1 to `n`,
/// and no marks are swapped. (An outcome naming only the loser means everyone else wins.)
pub(super) fn for_many_players(src: &str, n: u8) -> String {
    src.replacen('{', &format!("{{\n  players {n}"), 1)
        .replace(", swap 1 2", "")
        .replace("of 0..=2", &format!("of 0..={n}"))
}

fn outcome(rng: &mut impl Rng) -> &'static str {
    ["last mover wins", "last mover loses", "mover loses", "tie"][rng.gen_range(0..4)]
}

fn heaps(rng: &mut impl Rng, broken: bool) -> String {
    let n = rng.gen_range(2..=4);
    let top = rng.gen_range(1..=3);
    let start: Vec<String> = (0..n).map(|_| rng.gen_range(0..=top).to_string()).collect();
    let most = rng.gen_range(1..=top);
    let guard = if broken { " and i != 0" } else { "" };
    let extra = match rng.gen_range(0..3) {
        0 => format!(
            "  move split(i in indices(h), j in indices(h)) if h[i] >= 2 and h[j] < {top}{guard} {{ h[i] -= 2; h[j] += 1 }}\n"
        ),
        1 => "  move pass if count(i in indices(h) where h[i] == 1) == 1 and sum(h) > 1 { again }\n"
            .to_string(),
        _ => String::new(),
    };
    let kind = ["any order", "any order", "mirror, any order"][rng.gen_range(0..3)];
    let (label, early) = risky(rng, top);
    // Now and then a guard that divides by zero at an empty heap, in every order alike.
    let pre = ["6 / h[i] >= 0 and ", ""][usize::from(rng.gen_range(0..8) != 0)];
    format!(
        "game \"Heaps\" {{
  state {{ h: [0..={top}; {n}] = [{}] }}
  move take(i in indices(h), k in 1..={most}) if {pre}k <= h[i]{guard}{label} {{ h[i] -= k }}
{extra}{early}  end if sum(h) == 0: {}
  end if no moves: mover loses
  symmetry h: {kind}
}}
",
        start.join(", "),
        outcome(rng)
    )
}

/// Now and then, rules whose faults could depend on the order of the heaps, which the `any order`
/// proof must see (or a check catch): a label that reads the heap's index as a number (and may
/// repeat in one order only) or shows it plainly, and an end rule whose `any`/`all` stops early,
/// over a condition that may divide by zero or cannot.
fn risky(rng: &mut impl Rng, top: i64) -> (String, String) {
    let label = match rng.gen_range(0..6) {
        0 => " as \"{k - i}\"",
        1 => " as \"{k + i}\"",
        2 => " as \"take {k} from {i}\"",
        _ => "",
    };
    let fold = ["any", "all"][rng.gen_range(0..2)];
    let v = rng.gen_range(0..=top);
    let early = match rng.gen_range(0..6) {
        0 => format!("  end if {fold}(i in indices(h) where h[i] == {v} or 6 / h[i] > 2): last mover wins\n"),
        1 => format!("  end if {fold}(i in indices(h) where h[i] != {v} and 6 / (h[i] + 1) > 1): last mover loses\n"),
        2 => format!("  end if count(i in indices(h) where 6 / h[i] > {v}) == 1: tie\n"),
        _ => String::new(),
    };
    (label.to_string(), early)
}

fn pins(rng: &mut impl Rng, broken: bool) -> String {
    let n = rng.gen_range(2..=6);
    // Knocking one pin, or two neighbours: the same read from either end.
    let edge = if broken { "i > 0 and " } else { "" };
    format!(
        "game \"Pins\" {{
  state {{ row: [bool; {n}] = true }}
  move one(i in indices(row)) if {edge}row[i] {{ row[i] = false }}
  move two(i in 0..{}) if row[i] and row[i + 1] {{ row[i] = false; row[i + 1] = false }}
  end if no moves: {}
  symmetry row: mirror
}}
",
        n - 1,
        outcome(rng)
    )
}

/// Pins in a ring (two neighbours may be the last and the first): alike turned round the ring,
/// and read either way.
fn ring(rng: &mut impl Rng, broken: bool) -> String {
    let n = rng.gen_range(2..=6);
    let edge = if broken { "i > 0 and " } else { "" };
    // The turn and the mirror also as listed permutations (where each pin goes).
    let turn: Vec<String> = (0..n).map(|k| ((k + 1) % n).to_string()).collect();
    let back: Vec<String> = (0..n).rev().map(|k| k.to_string()).collect();
    let listed = format!(
        "permutation [{}], permutation [{}]",
        turn.join(", "),
        back.join(", ")
    );
    let kind = [
        "rotations",
        "rotations, mirror",
        "mirror, rotations",
        &listed,
    ][rng.gen_range(0..4)];
    format!(
        "game \"Ring\" {{
  state {{ row: [bool; {n}] = true }}
  move one(i in indices(row)) if {edge}row[i] {{ row[i] = false }}
  move two(i in indices(row)) if row[i] and row[(i + 1) % {n}] {{ row[i] = false; row[(i + 1) % {n}] = false }}
  end if no moves: {}
  symmetry row: {kind}
}}
",
        outcome(rng)
    )
}

fn board(rng: &mut impl Rng, broken: bool) -> String {
    let (cols, rows) = [(2, 2), (3, 3), (3, 2), (2, 3)][rng.gen_range(0..4)];
    let kind = match (cols == rows, rng.gen_range(0..3)) {
        (true, 0) => "rotations",
        (true, 1) => "rotations, reflections",
        (_, 2) => "mirror",
        _ => "reflections",
    };
    // The marks exchanged with the players: every mark is the mover's, so the rules keep it,
    // unless an end rule counts the marks by their numbers.
    let swap = rng.gen_bool(0.4);
    let kind = if swap {
        format!("{kind}, swap 1 2")
    } else {
        kind.to_string()
    };
    let avoid = if broken {
        " and not (r == 0 and c == 0)"
    } else {
        ""
    };
    // Ends that every turn and reflection keeps: the marks in all, the corners.
    let (n, m) = (rows - 1, cols - 1);
    let ends = match rng.gen_range(0..if swap && !broken { 5 } else { 3 }) {
        0 => format!(
            "  end if sum(b) >= {}: last mover wins\n",
            rng.gen_range(2..=cols * rows)
        ),
        1 => format!(
            "  end if b[0, 0] + b[0, {m}] + b[{n}, 0] + b[{n}, {m}] == {}: tie\n",
            rng.gen_range(3..=6)
        ),
        _ => String::new(),
    };
    let outcome = outcome(rng);
    // Rules read through runs, which the grid proof reads as sets (lines, neighbourhoods), or,
    // when broken, by their cells' places along a line, which a reflection reverses.
    let (lines, near) = match rng.gen_range(0..4) {
        0 if broken => (
            "  end if any(l in lines(b, 2) where l[0] == last mover and l[1] == 0): tie\n",
            "",
        ),
        0 => (
            "  end if any(l in lines(b, 2) where all(v in l where v == last mover)): last mover wins\n",
            "",
        ),
        1 => ("", " and count(v in neighbours(b, r, c) where v == mover) < 2"),
        _ => ("", ""),
    };
    if rng.gen_bool(0.3) {
        return drops(cols, rows, broken, lines, outcome);
    }
    // Dominoes beside the marks, proven by the cells each touches; when broken, only across.
    let dominoes = if rng.gen_bool(0.3) {
        let across = format!(
            "  move across(r in rows(b), c in 0..{m}) if b[r, c] == 0 and b[r, c + 1] == 0 {{\n    b[r, c] = mover\n    b[r, c + 1] = mover\n  }}\n"
        );
        let down = format!(
            "  move down(r in 0..{n}, c in cols(b)) if b[r, c] == 0 and b[r + 1, c] == 0 {{\n    b[r, c] = mover\n    b[r + 1, c] = mover\n  }}\n"
        );
        if broken {
            across
        } else {
            across + &down
        }
    } else {
        String::new()
    };
    format!(
        "game \"Marks\" {{
  state {{ b: grid {cols} x {rows} of 0..=2 = 0 }}
  move mark(r in rows(b), c in cols(b)) if b[r, c] == 0{avoid}{near} {{ b[r, c] = mover }}
{dominoes}{lines}{ends}  end if no moves: {outcome}
  symmetry b: {kind}
}}
"
    )
}

/// Discs dropped down the columns of a board, mirrored left to right (which the grid proof
/// proves by columns); when broken, the leftmost column is special.
fn drops(cols: u32, rows: u32, broken: bool, lines: &str, outcome: &str) -> String {
    let avoid = if broken { " and c != 0" } else { "" };
    format!(
        "game \"Drops\" {{
  state {{ b: grid {cols} x {rows} of 0..=2 = 0 }}
  move drop(c in cols(b)) if b[0, c] == 0{avoid} {{
    b[last(r in rows(b) where b[r, c] == 0), c] = mover
  }}
{lines}  end if no moves: {outcome}
  symmetry b: mirror
}}
"
    )
}
