//! The throw-game checker: the throws, the beats-graph (built in `beats`), players and round
//! rules; it collects every problem it finds, and says nothing more about what one problem implies.

use super::beats::{self, Graph};
use super::{Action, Players, RoundRule, Throw, ThrowGame, When};
use crate::check::SetArg;
use crate::diag::{catalog, throw as msg, Diagnostics};
use crate::syntax::ast::{BeatsDecl, GameFile, RoundAction, RoundCondition, Span, ThrowsDecl};

/// Checks a throw game, collecting every problem; `None` when there is an error.
/// The most throws a game may have: the beats-graph holds every pair (a million pairs here).
pub const MAX_THROWS: usize = 1000;

pub fn check(file: &GameFile, sets: &[SetArg], diags: &mut Diagnostics) -> Option<ThrowGame> {
    let errors_before = diags.error_count();
    crate::check::evaluate_options(file, sets, diags);
    duplicates(file, diags);
    let (throws, spans) = throws(file, diags);
    if throws.len() > MAX_THROWS {
        // The beats-graph is a table of every pair: refuse before building it.
        let span = file.throws.first().map_or(file.name.span, throws_span);
        diags.push(msg::too_many_throws(span, throws.len(), MAX_THROWS));
        return None;
    }
    let players = players(file, diags);
    let graph = beats::build(file, &throws, file.throws.first().map(throws_span), diags);
    let ties_allowed = !file.ties_allowed.is_empty();
    if !ties_allowed {
        undecided(&graph, &throws, &spans, diags);
    }
    let round = round(file, throws.len(), diags);
    if diags.error_count() > errors_before || throws.len() < 2 {
        return None;
    }
    let beats = graph
        .beats
        .into_iter()
        .map(|row| row.into_iter().map(|c| c.map(|(b, _)| b)).collect())
        .collect();
    Some(ThrowGame {
        name: file.name.value.clone(),
        about: file.about.first().map(|a| a.value.clone()),
        throws,
        beats,
        ties_allowed,
        players,
        round,
    })
}

fn duplicates(file: &GameFile, diags: &mut Diagnostics) {
    let mut once = |spans: Vec<Span>, what: &str| {
        if let [first, again, ..] = spans[..] {
            diags.push(catalog::duplicate_declaration(again, first, what));
        }
    };
    once(file.throws.iter().map(|t| t.span).collect(), "throws");
    once(file.players.iter().map(|p| p.span).collect(), "players");
    once(file.rounds.iter().map(|r| r.span).collect(), "round");
    let rules = file.beats.iter().filter_map(|b| match b {
        BeatsDecl::OddStepsAhead(s) => Some(*s),
        BeatsDecl::Edges { .. } => None,
    });
    once(rules.collect(), "beats odd-steps ahead");
}

fn throws(file: &GameFile, diags: &mut Diagnostics) -> (Vec<Throw>, Vec<Span>) {
    let Some(decl) = file.throws.first() else {
        diags.push(msg::no_throws(file.name.span, &named_in_beats(file)));
        return (Vec::new(), Vec::new());
    };
    let mut throws: Vec<Throw> = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    for t in &decl.throws {
        if let Some(i) = throws.iter().position(|x| x.name == t.name.name) {
            diags.push(msg::duplicate_throw(spans[i], t.name.span, &t.name.name));
            continue;
        }
        let display = t.display.as_ref().map_or(&t.name.name, |d| &d.value);
        throws.push(Throw {
            name: t.name.name.clone(),
            display: display.clone(),
        });
        spans.push(t.name.span);
    }
    if throws.len() < 2 {
        diags.push(msg::too_few_throws(throws_span(decl), throws.len()));
    }
    (throws, spans)
}

/// The winners and losers the lines of `beats` name, each once, in order: the throws a file
/// without `throws` most likely means.
fn named_in_beats(file: &GameFile) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    for b in &file.beats {
        let BeatsDecl::Edges { edges, .. } = b else {
            continue;
        };
        for e in edges.iter().filter(|e| e.words.len() == 3) {
            for w in [&e.words[0], &e.words[2]] {
                if !names.contains(&w.name.as_str()) {
                    names.push(&w.name);
                }
            }
        }
    }
    names
}

/// The `throws` line from its keyword to its last name (the grammar's span may run on past it).
fn throws_span(decl: &ThrowsDecl) -> Span {
    let end = decl
        .throws
        .last()
        .map(|t| t.display.as_ref().map_or(t.name.span, |d| d.span));
    let start = Span::new(decl.span.start, decl.span.start);
    end.map_or(decl.span, |e| start.join(e))
}

fn players(file: &GameFile, diags: &mut Diagnostics) -> Players {
    let Some(p) = file.players.first() else {
        return Players {
            min: 2,
            max: Some(2),
        };
    };
    let clamp = |n: i64| u32::try_from(n.max(0)).unwrap_or(u32::MAX);
    if p.min < 2 {
        diags.push(msg::bad_players(
            p.span,
            &format!("but this says {}", p.min),
        ));
    } else if p.max.is_some_and(|m| m < p.min) {
        diags.push(msg::bad_players(p.span, "but this range is empty"));
    }
    Players {
        min: clamp(p.min),
        max: p.max.map(clamp),
    }
}

/// Warns about each pair nothing decides, except pairs a broken line may have been meant for.
fn undecided(g: &Graph, throws: &[Throw], spans: &[Span], diags: &mut Diagnostics) {
    if g.all_unsure {
        return;
    }
    for i in 0..throws.len() {
        for j in i + 1..throws.len() {
            let doubt = g.unsure[i] || g.unsure[j];
            if !doubt && g.beats[i][j].is_none() && g.beats[j][i].is_none() {
                let (a, b) = (&throws[i].name, &throws[j].name);
                diags.push(msg::undecided_pair(spans[i], spans[j], a, b));
            }
        }
    }
}

fn round(file: &GameFile, throws: usize, diags: &mut Diagnostics) -> RoundRule {
    let Some(decl) = file.rounds.first() else {
        return RoundRule::default_rule();
    };
    let mut clauses: Vec<(When, Action)> = Vec::new();
    let mut seen: Vec<(When, Span)> = Vec::new();
    for c in &decl.clauses {
        let when = match c.condition {
            // With fewer than 2 throws (already an error) no count can be judged.
            RoundCondition::ExactlyThrows(k) if throws >= 2 && (k < 1 || k as usize > throws) => {
                diags.push(msg::round_count(c.span, k, throws));
                continue;
            }
            RoundCondition::ExactlyThrows(k) => When::Exactly(usize::try_from(k).unwrap_or(0)),
            RoundCondition::Otherwise | RoundCondition::Always => When::Always,
        };
        if let Some((_, earlier)) = seen.iter().find(|(w, _)| *w == When::Always || *w == when) {
            diags.push(msg::round_unreachable(c.span, *earlier));
            continue;
        }
        seen.push((when, c.span));
        let action = match c.action {
            RoundAction::EliminateLosers => Action::EliminateLosers,
            RoundAction::EliminateBeatenUnlessAllBeaten => Action::EliminateBeaten,
            RoundAction::Rethrow => Action::Rethrow,
        };
        clauses.push((when, action));
    }
    RoundRule { clauses }
}
