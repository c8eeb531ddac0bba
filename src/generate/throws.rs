//! A random throw game: throws with display names, a beats-graph listed edge by edge (verbs,
//! scores as whole numbers, decimals and fractions; lines ended by a new line or `;`) or generated
//! by `beats odd-steps ahead`, `ties allowed`, players and round rules.

use super::Config;
use rand::Rng;

const VERBS: &[&str] = &["beats", "crushes", "covers", "cuts", ">", "eats", "outruns"];

pub(super) fn game(rng: &mut impl Rng, cfg: &Config) -> String {
    let max = if cfg.extreme { 120 } else { 9 };
    let n: usize = rng.gen_range(2..=max);
    let names: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    let mut out = format!("game \"Throws {}\" {{\n", rng.gen_range(1..=9999));
    let decls: Vec<String> = names
        .iter()
        .map(|t| {
            if rng.gen_bool(0.3) {
                format!("{t} \"Throw {}\"", t.to_uppercase())
            } else {
                t.clone()
            }
        })
        .collect();
    out.push_str(&format!("  throws {}\n", decls.join(", ")));
    let odd = n % 2 == 1 && rng.gen_bool(0.5);
    let ties = !odd && rng.gen_bool(0.5);
    if odd {
        out.push_str("  beats odd-steps ahead\n");
    }
    let lines = lines(rng, cfg, &names, odd, ties);
    if !lines.is_empty() || !odd {
        out.push_str(&format!("  beats {{\n{}\n  }}\n", join_lines(rng, &lines)));
    }
    if ties {
        out.push_str("  ties allowed\n");
    }
    out.push_str(&players(rng, cfg));
    if rng.gen_bool(0.4) {
        out.push_str(&round(rng, n));
    }
    out.push_str("}\n");
    out
}

/// The listed beats lines. With the generated rule a listed line only names the verb or the
/// score, so it must agree with the rule; without it, every pair is decided unless ties are
/// allowed.
fn lines(rng: &mut impl Rng, cfg: &Config, names: &[String], odd: bool, ties: bool) -> Vec<String> {
    let n = names.len();
    let mut lines = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let (w, l) = if odd {
                if (i + n - j) % n % 2 == 1 {
                    (i, j)
                } else {
                    (j, i)
                }
            } else if rng.gen_bool(0.5) {
                (i, j)
            } else {
                (j, i)
            };
            let listed = if odd {
                rng.gen_bool(0.2)
            } else {
                !ties || rng.gen_bool(0.6)
            };
            if listed {
                lines.push(edge(rng, cfg, &names[w], &names[l]));
            }
        }
    }
    if rng.gen_bool(if cfg.extreme { 0.3 } else { 0.03 }) {
        // A mistake now and then: a contradiction, a repeat or a self-beat.
        let (a, b) = (rng.gen_range(0..n), rng.gen_range(0..n));
        lines.push(edge(rng, cfg, &names[a], &names[b]));
    }
    lines
}

/// The lines of a `beats` block, one to a line or now and then two on a line with `;` between
/// (a line may also end with a `;` of its own).
fn join_lines(rng: &mut impl Rng, lines: &[String]) -> String {
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push_str(if rng.gen_bool(0.15) { "; " } else { "\n    " });
        } else {
            out.push_str("    ");
        }
        out.push_str(line);
    }
    if rng.gen_bool(0.1) {
        out.push(';');
    }
    out
}

fn edge(rng: &mut impl Rng, cfg: &Config, winner: &str, loser: &str) -> String {
    let verb = VERBS[rng.gen_range(0..VERBS.len())];
    let score = if rng.gen_bool(0.3) {
        format!(" scores {}", score(rng, cfg))
    } else {
        String::new()
    };
    format!("{winner} {verb} {loser}{score}")
}

/// An exact score above 0: a whole number, a decimal or a fraction (of whole numbers or
/// decimals); extreme games use numbers near 2^63.
fn score(rng: &mut impl Rng, cfg: &Config) -> String {
    if cfg.extreme && rng.gen_bool(0.3) {
        let (a, b) = (
            i64::MAX - rng.gen_range(0..256),
            i64::MAX - rng.gen_range(0..256),
        );
        return match rng.gen_range(0..3) {
            0 => a.to_string(),
            1 => format!("{a}/{b}"),
            _ => format!("1/{b}"),
        };
    }
    match rng.gen_range(0..5) {
        0 | 1 => rng.gen_range(1..=3).to_string(),
        2 => ["0.5", "0.25", "1.5", "2.75"][rng.gen_range(0..4)].to_string(),
        3 => format!("{}/{}", rng.gen_range(1..=5), rng.gen_range(1..=4)),
        _ => ["1/0.5", "0.3 / 2"][rng.gen_range(0..2)].to_string(),
    }
}

fn players(rng: &mut impl Rng, cfg: &Config) -> String {
    let top = if cfg.extreme { 300 } else { 5 };
    match rng.gen_range(0..5) {
        0 => String::new(),
        1 => "  players 2\n".into(),
        2 => "  players 2..\n".into(),
        3 => format!("  players {}\n", rng.gen_range(2..=top)),
        _ => {
            let lo = rng.gen_range(2..=4);
            format!("  players {lo}..={}\n", rng.gen_range(lo..=top.max(lo)))
        }
    }
}

fn round(rng: &mut impl Rng, n: usize) -> String {
    let actions = [
        "eliminate losers",
        "eliminate beaten unless all beaten",
        "rethrow",
    ];
    let mut clauses = Vec::new();
    let mut counts: Vec<usize> = (1..=n).collect();
    for _ in 0..rng.gen_range(0..=2) {
        if counts.is_empty() {
            break;
        }
        let k = counts.remove(rng.gen_range(0..counts.len()));
        let a = actions[rng.gen_range(0..actions.len())];
        clauses.push(format!("if exactly {k} throws: {a}"));
    }
    let a = actions[rng.gen_range(0..actions.len())];
    if clauses.is_empty() || rng.gen_bool(0.7) {
        clauses.push(format!("otherwise: {a}"));
    }
    format!("  round {{\n    {}\n  }}\n", clauses.join("\n    "))
}
