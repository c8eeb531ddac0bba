//! What `play`, `tree` and `graph` share for games of three or more players: every player's view
//! of the game (`rules::view`) solved, and a position's words: the player to move, each player's
//! security value and the max^n outcome.

use super::common::{Exit, Loaded};
use super::explore::{fault_diag, report, solve_or_exit};
use crate::engine::{Branch, Code, Engine};
use crate::play::many::{payoff_words, Many};
use crate::play::value_text;
use crate::rules::{view, Rules};
use crate::solve::maxn::{MaxN, MaxnError};
use crate::solve::{Entry, Solution, SolveError};

/// Every player's view of an N-player game, player 1's first.
pub fn views(rules: &Rules) -> Vec<Rules> {
    (1..=rules.players)
        .map(|p| view::coalition(rules, p))
        .collect()
}

/// Every view solved (a failing rule reported as `solve` reports it), with player 1's starts.
pub fn solve_all(
    loaded: &Loaded,
    engines: &[Engine],
    limit: u64,
) -> Result<(Vec<Branch>, Vec<Solution>), Exit> {
    let mut starts = Vec::new();
    let mut solutions = Vec::new();
    for (k, e) in engines.iter().enumerate() {
        let (s, solution) = solve_or_exit(loaded, e, limit)?;
        if k == 0 {
            starts = s;
        }
        solutions.push(solution);
    }
    Ok((starts, solutions))
}

/// Why a max^n search stopped, as `solve` reports it: a failing rule, the position limit, memory.
pub fn maxn_diag(engine: &Engine, e: SolveError, limit: u64) -> crate::diag::Diag {
    match e {
        SolveError::Fault(f, c) => fault_diag(engine, &f, Some(c), limit),
        SolveError::Limit(l) => crate::diag::catalog::too_many_positions(l),
        SolveError::Memory(l) => crate::diag::catalog::out_of_memory(l),
        _ => crate::diag::catalog::out_of_memory(limit),
    }
}

/// The max^n outcome of everything below `roots`, or `None` when play can return to a position
/// (a failing rule or the position limit reported as `solve` reports them).
pub fn maxn_below<'a, 'r>(
    loaded: &Loaded,
    many: &Many<'a, 'r>,
    roots: &[Code],
) -> Result<Option<MaxN<'a, 'r>>, Exit> {
    let mut m = many.maxn();
    for &root in roots {
        match m.solve(root) {
            Ok(_) => {}
            Err(MaxnError::Loopy) => return Ok(None),
            Err(MaxnError::Solve(e)) => {
                return Err(report(loaded, maxn_diag(&many.engines[0], e, many.limit)))
            }
        }
    }
    Ok(Some(m))
}

/// What a position of an N-player game is worth: the mover's security value (what colours it),
/// and in words the max^n outcome (when there is one) and each player's security value:
/// `max^n player 1 wins in 4; security 1 lose in 5, 2 lose in 4, 3 lose in 4`.
pub fn worth(many: &Many, maxn: Option<&mut MaxN>, code: Code) -> (Option<Entry>, String) {
    let mover = many.to_move(code);
    let each: Vec<String> = (1..=many.players())
        .map(|q| {
            let v = many
                .security(q, code)
                .map_or("?".to_string(), |e| value_text(&e));
            format!("{q} {v}")
        })
        .collect();
    let security = format!("security {}", each.join(", "));
    let words = match maxn.and_then(|m| m.solve(code).ok()) {
        Some(p) => format!("max^n {}; {security}", payoff_words(&p, many.scored())),
        None => security,
    };
    (many.security(mover, code), words)
}

/// The lines under a tree or in a graph's comment that say what the values of an N-player game
/// are.
pub fn legend(many: &Many, maxn: bool) -> String {
    let mut t = String::new();
    if maxn {
        t += &format!(
            "{:<12}the outcome if every player picks the move best for them (tie-break {})\n",
            "max^n",
            many.tie.name()
        );
    } else {
        t += &format!(
            "{:<12}not given: play can return to a position, and max^n backs values up from the ends\n",
            "max^n"
        );
    }
    t + &format!(
        "{:<12}what each player can force against all the others together\n",
        "security"
    )
}
