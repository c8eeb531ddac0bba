//! One differential case of a game of three or more players: what `gamec solve --json` prints
//! for the start (every player's security value, whether some player can force a win, and the
//! max^n outcome, best move and each move's outcome under every tie-break), or the run-time error
//! it stops with, against the reference interpreter's own values (`gamec::reference::many`);
//! and every position's security values, as each player's view of the game (`rules::view`)
//! numbers and solves it.

use crate::compare::{Case, LIMIT};
use gamec::check::SetArg;
use gamec::engine::{Engine, Pos};
use gamec::reference::many::{self, TieBreak};
use gamec::reference::{self as rf, FaultKind};
use gamec::rules::view::{self, MOVED_LAST, TO_MOVE};
use gamec::rules::Rules;
use gamec::solve::{self, seen_by_mover};
use serde_json::{json, Value as Json};
use std::collections::BTreeMap;
use std::io::Write;
use std::process::{Command, Stdio};

/// The code `gamec` reports a run-time error of this kind with.
fn code(k: FaultKind) -> &'static str {
    match k {
        FaultKind::OutOfRange => "gamec::out_of_range",
        FaultKind::DivisionByZero => "gamec::division_by_zero",
        FaultKind::Overflow => "gamec::overflow",
        FaultKind::IndexOutOfBounds => "gamec::index_out_of_bounds",
        FaultKind::NoWinner => "gamec::no_winner",
        FaultKind::AmbiguousWinner => "gamec::ambiguous_winner",
        FaultKind::NoMoves => "gamec::no_moves",
        FaultKind::BadPlayer => "gamec::bad_player",
        FaultKind::TooWide => "gamec::too_wide",
        FaultKind::EmptyRoll => "gamec::bad_range",
        FaultKind::BadWeights => "gamec::bad_weights",
        FaultKind::NoValue => "gamec::no_value",
        FaultKind::BrokenSymmetry => "gamec::broken_symmetry",
        FaultKind::DuplicateLabel => "gamec::duplicate_label",
        FaultKind::MixedStage => "gamec::mixed_stage",
        FaultKind::ChoicesDepend => "gamec::choices_depend",
        FaultKind::Invalid => "(invalid)",
    }
}

/// `gamec solve - --json` on `src` with the `--set`s: its exit code, stdout and stderr.
pub fn solve_json(src: &str, sets: &[SetArg]) -> (Option<i32>, String, String) {
    let mut args = vec!["solve".to_string(), "-".into(), "--json".into()];
    for s in sets {
        args.push("--set".into());
        args.push(format!("{}={}", s.name, s.value));
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_gamec"))
        .args(&args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gamec runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin
        .write_all(src.as_bytes())
        .expect("the source is written");
    drop(stdin);
    let out = child.wait_with_output().expect("gamec ends");
    let text = |b: Vec<u8>| String::from_utf8_lossy(&b).into_owned();
    (out.status.code(), text(out.stdout), text(out.stderr))
}

/// A game of `players` (3 or more) players, explored and valued by the reference, against
/// `gamec solve --json`.
pub fn compare_many(
    game: &rf::Game,
    rules: &Rules,
    src: &str,
    sets: &[SetArg],
) -> Result<Case, String> {
    let n = game.players;
    let graph = match rf::explore(game, LIMIT) {
        Err(rf::Error::TooManyPositions(_)) => return Ok(Case::Skipped("too many".into())),
        Err(e) => return Err(format!("reference: {e:?}")),
        Ok(g) => g,
    };
    let (status, stdout, stderr) = solve_json(src, sets);
    let faults = graph.faults();
    if !faults.is_empty() {
        let found = faults.iter().find(|(_, f)| stderr.contains(code(f.kind)));
        return match found {
            Some((_, f)) if status != Some(0) => {
                Ok(Case::BothFailed(format!("{:?}, {n} players", f.kind)))
            }
            _ => Err(format!(
                "the reference finds faults {faults:?}; gamec (exit {status:?}) says:\n{stderr}"
            )),
        };
    }
    let mut security = Vec::new();
    for p in 1..=n {
        match many::security(game, &graph, p) {
            Ok(s) => security.push(s),
            Err(rf::Error::ScoredLoopy) => {
                return match stderr.contains("gamec::scored_loopy") && status != Some(0) {
                    true => Ok(Case::BothFailed("scored and loopy".into())),
                    false => Err(format!(
                        "the reference finds a scored game that loops; gamec (exit {status:?}):\n{stderr}"
                    )),
                };
            }
            Err(e) => return Err(format!("reference security of player {p}: {e:?}")),
        }
    }
    if status != Some(0) {
        return Err(format!("gamec fails (exit {status:?}):\n{stderr}"));
    }
    every_position(rules, &graph, &security)?;
    let j: Json = serde_json::from_str(&stdout).map_err(|e| format!("JSON: {e}\n{stdout}"))?;
    let [(start, _)] = graph.starts[..] else {
        return Err(format!("starts: {:?}", graph.starts));
    };
    let at = &j["start"];
    let mut want_security = Vec::new();
    for p in 1..=n {
        let s = security[usize::from(p) - 1][start];
        let mut e = json!({
            "player": p,
            "value": crate::compare::value_of(s.value).name(),
            "remoteness": s.remoteness,
        });
        if let Some(m) = s.margin {
            e["margin"] = json!(m);
        }
        want_security.push(e);
    }
    let mismatch =
        |what: &str, want: &Json, got: &Json| format!("{what}: reference {want}, gamec {got}");
    let got = &at["security"];
    if *got != json!(want_security) {
        return Err(mismatch("security", &json!(want_security), got));
    }
    let wins = security.iter().any(|s| s[start].value == rf::Value::Win);
    if at["someone_can_force_a_win"] != json!(wins) {
        return Err(mismatch(
            "someone can force a win",
            &json!(wins),
            &at["someone_can_force_a_win"],
        ));
    }
    if at["to_move"] != json!(graph.positions[start].mover) {
        return Err(mismatch(
            "to move",
            &json!(graph.positions[start].mover),
            &at["to_move"],
        ));
    }
    let mut loopy = false;
    for tie in TieBreak::ALL {
        let want = maxn_json(game, &graph, start, tie)?;
        loopy |= want.is_null();
        let got = &at["maxn_by_tie_break"][tie.name()];
        if *got != want {
            return Err(mismatch(&format!("max^n, {}", tie.name()), &want, got));
        }
    }
    Ok(Case::Many {
        players: n,
        loopy,
        scored: security[0][start].margin.is_some(),
        symmetry: !game.symmetries.is_empty(),
    })
}

/// The max^n outcome at `start` under `tie` as `gamec solve --json` prints it, or null.
fn maxn_json(game: &rf::Game, g: &rf::Graph, start: usize, tie: TieBreak) -> Result<Json, String> {
    let Some(values) =
        many::maxn(game, g, tie).map_err(|e| format!("reference max^n ({tie:?}): {e:?}"))?
    else {
        return Ok(Json::Null);
    };
    let payoff = |p: &many::Payoff, extra: u32| {
        let winners: Vec<usize> = (1..)
            .zip(&p.results)
            .filter(|(_, r)| **r > 0)
            .map(|(q, _)| q)
            .collect();
        json!({
            "winners": winners,
            "results": p.results,
            "remoteness": p.remoteness + extra,
        })
    };
    let here = &values[start];
    let mut j = payoff(&here.payoff, 0);
    let moves = match &g.steps[start] {
        rf::Step::Moves(m) => m.clone(),
        _ => Vec::new(),
    };
    j["best_move"] = json!(here.chosen.map(|k| moves[k].4.clone()));
    j["moves"] = moves
        .iter()
        .map(|(_, _, c, _, label)| {
            let mut e = payoff(&values[*c].payoff, 1);
            e["move"] = json!(label);
            e
        })
        .collect();
    Ok(j)
}

/// Each player's view of the game (`rules::view`), solved from the start: every position of the
/// reference's graph, numbered as the view numbers it, has that player's security value there;
/// positions the view merges (alike by symmetry, or differing only in who moved last when no
/// rule asks) have equal values; the view counts as many positions as the reference's map to.
fn every_position(
    rules: &Rules,
    graph: &rf::Graph,
    security: &[Vec<many::Security>],
) -> Result<(), String> {
    for p in 1..=rules.players {
        let v = view::coalition(rules, p);
        let engine = Engine::new(&v);
        let starts = engine
            .starts()
            .map_err(|f| format!("view {p}: the start fails: {f:?}"))?;
        let roots: Vec<u64> = starts.iter().map(|b| b.code).collect();
        let solved = solve::solve(&engine, &roots, LIMIT as u64 + 1)
            .map_err(|e| format!("view {p}: {e:?}"))?;
        let mine = &security[usize::from(p) - 1];
        let mut seen: BTreeMap<u64, usize> = BTreeMap::new();
        for (i, pos) in graph.positions.iter().enumerate() {
            let ours = pos.mover == p;
            let code = view_code(&engine, &v, pos, ours)?;
            let want = mine[i];
            let class = engine.canonical(code);
            if let Some(&j) = seen.get(&class) {
                if mine[j] != want {
                    return Err(format!(
                        "view {p} merges {pos:?} ({want:?}) and {:?} ({:?})",
                        graph.positions[j], mine[j]
                    ));
                }
            }
            seen.insert(class, i);
            let e = solved
                .get(code)
                .ok_or_else(|| format!("view {p} has no value for {pos:?}"))?;
            let e = seen_by_mover(e, ours);
            let want_v = crate::compare::value_of(want.value);
            if (e.value, e.remoteness, e.margin) != (want_v, want.remoteness, want.margin) {
                return Err(format!(
                    "player {p}'s security value at {pos:?}: view {:?} {:?} {:?}, reference {want:?}",
                    e.value, e.remoteness, e.margin
                ));
            }
        }
        if solved.positions != seen.len() as u64 {
            return Err(format!(
                "view {p} counts {} positions; the reference's {} map to {}",
                solved.positions,
                graph.positions.len(),
                seen.len()
            ));
        }
    }
    Ok(())
}

/// The number view `v` gives a reference position: the file's variables, then who is to move
/// and (if the view records it) who moved last; the view's turn is the player's side's or the
/// others'.
fn view_code(engine: &Engine, v: &Rules, pos: &rf::Position, ours: bool) -> Result<u64, String> {
    let mut slots = vec![0i64; v.slot_ranges.len()];
    for var in &v.vars {
        let values = match var.name.as_str() {
            TO_MOVE => vec![i64::from(pos.mover)],
            MOVED_LAST => vec![i64::from(pos.last_mover)],
            name => pos.vars.get(name).cloned().ok_or(format!("no `{name}`"))?,
        };
        if values.len() != var.len as usize {
            return Err(format!("`{}` has {} values", var.name, values.len()));
        }
        for (k, x) in values.iter().enumerate() {
            slots[var.base as usize + k] = *x;
        }
    }
    Ok(engine.encode(&Pos {
        slots,
        mover: if ours { 1 } else { 2 },
        last_mover: if ours { 2 } else { 1 },
    }))
}
