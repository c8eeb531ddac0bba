//! A random race of simultaneous choices whose play can return to a position: each pair of
//! choices moves one player's counter on, now and then by a roll, or changes nothing (a loop).
//! The first to its goal wins. The certified bounds (`solve::interval` with matrix games) are
//! what such a game exercises; the generic generator seldom writes a loop around a stage. Some
//! are the same race in turns (`loopy_turns`), for the exact values of loops with rolls.

use rand::Rng;

/// What one pair of choices does.
fn effect(rng: &mut impl Rng, goal: (u32, u32)) -> String {
    let up = |who: &str, goal: u32| format!("{who} = min({goal}, {who} + 1)");
    match rng.gen_range(0..5) {
        0 => String::new(),
        1 => up("a", goal.0),
        2 => up("b", goal.1),
        3 => {
            let sides = rng.gen_range(2..=4);
            let k = rng.gen_range(1..sides);
            format!(
                "roll r in 1..={sides}; if r <= {k} {{ {} }} else {{ {} }}; r = 0",
                up("a", goal.0),
                up("b", goal.1)
            )
        }
        _ => {
            // A roll that may change nothing: the loop is taken by chance.
            let sides = rng.gen_range(2..=3);
            format!(
                "roll r in 1..={sides}; if r == 1 {{ {} }}; r = 0",
                up("a", goal.0)
            )
        }
    }
}

pub(super) fn loopy_stage(rng: &mut impl Rng) -> String {
    let goal = (rng.gen_range(1..=3), rng.gen_range(1..=3));
    if rng.gen_bool(0.4) {
        return loopy_turns(rng, goal);
    }
    let (rows, cols) = (rng.gen_range(1..=3), rng.gen_range(1..=3));
    let mut body = String::new();
    for x in 0..rows {
        for y in 0..cols {
            let e = effect(rng, goal);
            if !e.is_empty() {
                body.push_str(&format!("    if x == {x} and y == {y} {{ {e} }}\n"));
            }
        }
    }
    if body.is_empty() {
        body.push_str(&format!("    a = min({}, a + 1)\n", goal.0));
    }
    if rng.gen_bool(0.5) {
        body.push_str("    again\n");
    }
    let head = format!(
        "together play(x in 0..={}, y in 0..={})",
        rows - 1,
        cols - 1
    );
    race("Stage loop", rng.gen_range(1..=999), goal, &head, &body)
}

/// The same race with turns instead of a stage: each player in turn picks a choice, whose
/// effect depends on the player (the exact values of `solve::exact_loop`, or its refusals).
fn loopy_turns(rng: &mut impl Rng, goal: (u32, u32)) -> String {
    let choices = rng.gen_range(1..=3);
    let mut body = String::new();
    for p in 1..=2 {
        for x in 0..choices {
            let e = effect(rng, goal);
            if !e.is_empty() {
                body.push_str(&format!("    if mover == {p} and x == {x} {{ {e} }}\n"));
            }
        }
    }
    if rng.gen_bool(0.3) {
        body.push_str("    if x == 0 { again }\n");
    }
    let head = format!("move play(x in 0..={})", choices - 1);
    race("Turn loop", rng.gen_range(1..=999), goal, &head, &body)
}

/// The race's file: counters `a` and `b` to their goals, the move (`head`) with its `body`.
fn race(kind: &str, n: u32, goal: (u32, u32), head: &str, body: &str) -> String {
    let (ga, gb) = goal;
    format!(
        "game \"{kind} {n}\" {{
  state {{ a: 0..={ga} = 0; b: 0..={gb} = 0; r: 0..=4 = 0 }}
  {head} {{
{body}  }}
  end if a == {ga}: player 1 wins
  end if b == {gb}: player 2 wins
}}
"
    )
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    #[test]
    fn it_writes_stages_that_check() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..50 {
            let src = super::loopy_stage(&mut rng);
            assert!(
                src.contains("together play(x in 0..=") || src.contains("move play(x in 0..="),
                "{src}"
            );
            let (game, diags) = crate::compile(&src, &[]);
            assert!(game.is_some(), "{src}\n{diags:?}");
        }
    }
}
